"use strict";
// MF701-MF704: what `metafork tile` says about each loop nest, with its position (the header of
// the nest's outermost loop): tiled, staying serial with the dependence, or nothing to tile.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const index_1 = require("../../server/src/tile/index");
const cases = [
    {
        name: 'a parallel loop',
        code: 'MF701', covers: 'for (int i = 0; i < n; i++)', message: /tiled into a meta_schedule of 1 kernel/,
        program: 'void f(int n, int a[n]) {\n  for (int i = 0; i < n; i++)\n    a[i] = 2 * i;\n}\n',
    },
    {
        name: 'a recurrence',
        code: 'MF702', covers: 'for (int i = 1; i < n; i++)', message: /stays serial: 'a\[i\]' \(line 3\) and 'a\[i - 1\]' \(line 3\) touch the same element of 'a' at different iterations of 'i': distance 1 on 'i'/,
        program: 'void f(int n, int a[n]) {\n  for (int i = 1; i < n; i++)\n    a[i] = a[i - 1] + 1;\n}\n',
    },
    {
        name: 'a dependence without a constant distance: its direction',
        code: 'MF702', covers: 'for (int i = 0; i < n; i++)', message: /stays serial: 'a\[2 \* i\]' \(line 3\) and 'a\[i\]' \(line 3\) touch the same element of 'a' at different iterations of 'i': direction '<' on 'i' \(the second at a later iteration of 'i'\)/,
        program: 'void f(int n, int a[2 * n]) {\n  for (int i = 0; i < n; i++)\n    a[2 * i] = a[i] + 1;\n}\n',
    },
    {
        name: 'a file without loops',
        code: 'MF703', covers: 'v', message: /no loop nest in this file to tile/,
        program: 'void f(int *a) {\n  a[0] = 1;\n}\n',
    },
    {
        name: 'cache() of an array the nest does not use',
        code: 'MF704', covers: 'for (int i = 0; i < n; i++)', message: /cache: 'b' is not an array of the tiled loop nests, so nothing stages it/,
        program: 'void f(int n, int a[n], int b[n]) {\n  for (int i = 0; i < n; i++)\n    a[i] = 2 * i;\n  b[0] = 1;\n}\n',
        options: { cache: ['a', 'b'] },
    },
];
for (const c of cases) {
    (0, node_test_1.test)(`${c.code}: ${c.name}`, async () => {
        const r = await (0, index_1.tileText)(c.program, { fileName: 'case.c', ...c.options });
        const d = r.diagnostics.find(x => x.code === c.code);
        strict_1.default.ok(d, `no ${c.code}: ${r.diagnostics.map(x => `${x.code} ${x.message}`).join('; ')}`);
        strict_1.default.match(d.message, c.message);
        strict_1.default.equal(c.program.slice(d.start, d.end), c.covers);
    });
}
//# sourceMappingURL=tile.test.js.map