"use strict";
// Stack exhaustion is the only error the checks turn into MF100 ("nested too deeply"); a math error
// (a division by zero) has its own class and is never taken for it.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const stack_1 = require("../../server/src/base/stack");
const poly_1 = require("../../server/src/symbolic/poly");
const helpers_1 = require("../helpers");
const thrown = (f) => { try {
    f();
}
catch (e) {
    return e;
} strict_1.default.fail('nothing thrown'); };
(0, node_test_1.test)('only a real stack overflow counts as stack exhaustion', () => {
    const deep = (n) => deep(n + 1) + 1;
    strict_1.default.equal((0, stack_1.isStackExhausted)(thrown(() => deep(0))), true);
    strict_1.default.equal((0, stack_1.isStackExhausted)(thrown(() => 1n / 0n)), false);
    strict_1.default.equal((0, stack_1.isStackExhausted)(thrown(() => 'x'.repeat(-1))), false);
    strict_1.default.equal((0, stack_1.isStackExhausted)(thrown(() => (0, poly_1.rational)(1, 0))), false);
    strict_1.default.equal((0, stack_1.isStackExhausted)(new Error('Maximum call stack size exceeded')), false);
});
(0, node_test_1.test)('an exact division by zero or a missing value is an ArithmeticError, not a RangeError', () => {
    for (const e of [thrown(() => (0, poly_1.rational)(1n, 0n)), thrown(() => poly_1.Poly.symbol('N').evaluate(new Map()))]) {
        strict_1.default.ok(e instanceof poly_1.ArithmeticError);
        strict_1.default.ok(!(e instanceof RangeError));
    }
    strict_1.default.match(String(thrown(() => (0, poly_1.rational)(3, 0))), /ArithmeticError: division by zero/);
});
(0, node_test_1.test)('a division by zero in a constant expression reports no MF100', async () => {
    const source = 'void f(int n, int *a) {\n  int z = 1 / 0;\n'
        + '#pragma omp parallel for schedule(static, 4 / 0)\n  for (int i = 0; i < n; i += 2 / 0) a[i] = i % 0;\n'
        + '  meta_for (int j = 0; j < n / 0; j += 1 / (1 - 1)) a[j] = z;\n}\n';
    const { diagnostics } = await (0, helpers_1.checkSource)(source);
    strict_1.default.deepEqual(diagnostics.filter(d => d.code === 'MF100'), []);
});
//# sourceMappingURL=stack.test.js.map