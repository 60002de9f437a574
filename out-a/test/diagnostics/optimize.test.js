"use strict";
// MF520-MF521: what `metafork optimize` (and `analyze`, for MF520) says about a schedule, with its
// position: a kernel loop the cost model cannot count, and program parameters kept at the
// program's own values because the result depends on them.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const index_1 = require("../../server/src/optimize/index");
const solver_1 = require("../../server/src/optimize/solver");
(0, node_test_1.after)(() => (0, solver_1.closeSolver)());
const schedule = (grid, body) => `void f(int n, int B, double a[n], double b[n]) {\n  int dim = ${grid};\n  meta_schedule {\n    meta_for (int v = 0; v < dim; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int i = v * B + u;\n        ${body}\n      }\n  }\n}\n`;
const cases = [
    {
        name: 'a kernel loop whose trip count is a value of the thread',
        code: 'MF520', covers: 'for (int j = 0; j < i; j++)', message: /^the cost model cannot count the iterations of this loop: they depend on 'i', which each thread computes/,
        program: schedule('(n + B - 1) / B', 'if (i < n) { for (int j = 0; j < i; j++) b[i] += a[j]; }'),
    },
    {
        // A zero step gives the loop no range: once an internal error (a division by zero in the trip count).
        name: 'a kernel loop that steps by zero',
        code: 'MF520', covers: 'for (int j = 0; j < n; j += 0)', message: /^the cost model cannot count the iterations of this loop \(its header gives no trip count\)/,
        program: schedule('(n + B - 1) / B', 'if (i < n) { for (int j = 0; j < n; j += 0) b[i] += a[j]; }'),
    },
    {
        name: 'a floor grid: the elements computed depend on B',
        code: 'MF521', covers: 'dim', message: /^the program's own 'B' (is|are) kept, not chosen at run time/,
        program: schedule('n / B', 'b[i] = 2 * a[i];'),
    },
];
for (const c of cases) {
    (0, node_test_1.test)(`${c.code}: ${c.name}`, async () => {
        const r = await (0, index_1.optimizeText)(c.program, { fileName: 'case.mfc', registers: 'estimate' });
        const all = [...r.diagnostics, ...r.schedules.flatMap(s => s.notes)];
        const d = all.find(x => x.code === c.code);
        strict_1.default.ok(d, `no ${c.code}: ${all.map(x => `${x.code} ${x.message}`).join('; ')}`);
        strict_1.default.match(d.message, c.message);
        strict_1.default.equal(c.program.slice(d.start, d.end), c.covers);
    });
}
//# sourceMappingURL=optimize.test.js.map