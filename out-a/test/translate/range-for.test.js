"use strict";
// OpenMP -> MetaFork: a loop directive over a C++ range-based for loop (valid OpenMP 5.x) is
// refused at the directive with its reason: meta_for takes a loop with a control variable.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const index_1 = require("../../server/src/translate/index");
(0, node_test_1.test)('a parallel for over a range-based for loop is refused at the directive', async () => {
    const program = [
        '#include <vector>',
        'int total(std::vector<int> &v) {',
        '  int s = 0;',
        '#pragma omp parallel for reduction(+: s)',
        '  for (int &x : v) s += x;',
        '  return s;',
        '}',
        '',
    ].join('\n');
    for (const to of ['metafork', 'cilkplus']) {
        const r = await (0, index_1.translateText)(program, to, { fileName: 'ranges.cpp' });
        strict_1.default.equal(r.text, undefined);
        strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, program.slice(d.start, d.end), d.message]), [[
                'MF601', 'parallel for',
                "'#pragma omp parallel for' over a C++ range-based for loop has no meta_for form (meta_for takes a loop with a control variable)",
            ]]);
    }
});
//# sourceMappingURL=range-for.test.js.map