"use strict";
// A canonical loop's range (server/src/model/loops): every relation, both sides, every step form.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const poly_1 = require("../../server/src/symbolic/poly");
const expression_1 = require("../../server/src/symbolic/expression");
const index_1 = require("../../server/src/checks/index");
const ast_1 = require("../../server/src/syntax/ast");
const parser_1 = require("../../server/src/syntax/parser");
const loops_1 = require("../../server/src/model/loops");
/** Each loop of `body` (inside a function) with its range, identifiers read as symbols, calls not read. */
async function ranges(body) {
    const doc = await (0, index_1.parseText)(`void f(int n, int a, int b, int s) {\n  int i;\n${body}}\n`, 'loops.c');
    try {
        const text = doc.text;
        const loops = [];
        (0, ast_1.walk)((0, parser_1.convert)(doc.tree.rootNode, doc.grammar), n => { if (n.type === 'for_statement')
            loops.push(n); return true; });
        const read = (e) => {
            const r = (0, expression_1.polynomialOf)(e, text, { identifier: n => poly_1.Poly.symbol(text.slice(n.start, n.end)) });
            return 'poly' in r ? r.poly : undefined;
        };
        return loops.map(loop => {
            const h = (0, loops_1.canonicalHeader)(loop, text).header;
            const r = (0, loops_1.loopRange)(h, read);
            if (!('lo' in r))
                return `no range at '${text.slice(r.at.start, r.at.end)}': ${r.why}`;
            const by = r.direction * Number(r.step);
            return `[${r.lo.toC()}, ${r.hi.toC()}] by ${by} from ${r.first.toC()}, ${r.trips.toC()} trips`;
        });
    }
    finally {
        doc.dispose();
    }
}
(0, node_test_1.test)('every relation going up and down: lower and upper bounds inclusive', async () => {
    strict_1.default.deepEqual(await ranges([
        'for (int i = 0; i < n; i++) ;',
        'for (i = a; i <= b; ++i) ;',
        'for (i = n; i > 0; i--) ;',
        'for (i = n; i >= a; --i) ;',
        'for (i = 0; i != n; i++) ;',
        'for (i = n; i != 0; i--) ;',
    ].join('\n')), [
        '[0, n - 1] by 1 from 0, n trips',
        '[a, b] by 1 from a, -a + b + 1 trips',
        '[1, n] by -1 from n, n trips',
        '[a, n] by -1 from n, -a + n + 1 trips',
        '[0, n - 1] by 1 from 0, n trips',
        '[1, n] by -1 from n, n trips',
    ]);
});
(0, node_test_1.test)('the variable on the right reads as on the left', async () => {
    strict_1.default.deepEqual(await ranges([
        'for (i = 0; n > i; i++) ;',
        'for (i = 0; n >= i; i++) ;',
        'for (i = n; 0 < i; i--) ;',
        'for (i = n; 0 <= i; i--) ;',
    ].join('\n')), [
        '[0, n - 1] by 1 from 0, n trips',
        '[0, n] by 1 from 0, n + 1 trips',
        '[1, n] by -1 from n, n trips',
        '[0, n] by -1 from n, n + 1 trips',
    ]);
});
(0, node_test_1.test)('every step form, constant steps of any size and sign', async () => {
    strict_1.default.deepEqual(await ranges([
        'for (i = 0; i < n; i += 4) ;',
        'for (i = n; i > 0; i -= 2) ;',
        'for (i = 0; i < n; i = i + 3) ;',
        'for (i = 0; i <= n; i = 2 + i) ;',
        'for (i = n; i >= 0; i = i - 1) ;',
        'for (i = n - 1; i >= 0; i += -(1)) ;',
        'for (i = 0; i < n; i -= -(1)) ;',
        'for (i = 0; i < n; i -= -1) ;',
        'for (i = 0; i < n; i += (2 * 4u)) ;',
    ].join('\n')), [
        '[0, n - 1] by 4 from 0, (n) / 4 trips',
        '[1, n] by -2 from n, (n) / 2 trips',
        '[0, n - 1] by 3 from 0, (n) / 3 trips',
        '[0, n] by 2 from 0, (n) / 2 + (1) / 2 trips',
        '[0, n] by -1 from n, n + 1 trips',
        '[0, n - 1] by -1 from n - 1, n trips',
        '[0, n - 1] by 1 from 0, n trips',
        // The parser reads `-1` as one literal, which polynomials do not read (they never did).
        "no range at 'i -= -1': the step of 'i' is not a nonzero integer constant",
        '[0, n - 1] by 8 from 0, (n) / 8 trips',
    ]);
});
(0, node_test_1.test)('what has no range says why, at the node that stops it', async () => {
    strict_1.default.deepEqual(await ranges([
        'for (i = 0; i < n; i += s) ;',
        'for (i = 0; i < n; i += 0) ;',
        'for (i = 0; i < n; i--) ;',
        'for (i = n; i >= 0; i++) ;',
        'for (i = 0; i < f(n); i++) ;',
        'for (i = f(a); i < n; i++) ;',
    ].join('\n')), [
        "no range at 'i += s': the step of 'i' is not a nonzero integer constant",
        "no range at 'i += 0': the step of 'i' is not a nonzero integer constant",
        "no range at 'i < n': the step of 'i' moves away from its bound",
        "no range at 'i >= 0': the step of 'i' moves away from its bound",
        "no range at 'f(n)': the bound of 'i' is not read",
        "no range at 'f(a)': the start value of 'i' is not read",
    ]);
});
(0, node_test_1.test)('the step is read once: its signed value, the relation with the variable on the left', async () => {
    const doc = await (0, index_1.parseText)('void f(int n) {\n  for (int i = n; 0 <= i; i -= 2) ;\n'
        + '  for (int k = (0); n > k; k = k + 1) ;\n  for (int k = 0; k <= n; k++) ;\n}\n', 'h.c');
    try {
        const loops = [];
        (0, ast_1.walk)((0, parser_1.convert)(doc.tree.rootNode, doc.grammar), n => { if (n.type === 'for_statement')
            loops.push(n); return true; });
        const [a, b, c] = loops.map(l => (0, loops_1.canonicalHeader)(l, doc.text).header);
        strict_1.default.deepEqual([a.operator, a.relation, a.variableOnLeft, a.step], ['<=', '>=', false, { text: '2', negative: true, value: -2n }]);
        strict_1.default.deepEqual([b.relation, b.step], ['<', { text: '1', negative: false, value: 1n }]);
        strict_1.default.deepEqual([a, b, c].map(h => (0, loops_1.countsFromZero)(h, doc.text)), [false, true, false]);
    }
    finally {
        doc.dispose();
    }
});
//# sourceMappingURL=loops.test.js.map