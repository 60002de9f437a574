"use strict";
// MF509-MF513: what the CUDA generator refuses, each with its position. A refused generation
// prints nothing: `text` is undefined whenever an error is given. MF511 and MF512 say why an
// array stays in global memory; the program is generated all the same.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const index_1 = require("../../server/src/cuda/index");
const schedule = (decl, use) => `void f(int N, int B, ${decl}) {\n  int G = (N + B - 1) / B;\n  meta_schedule {\n    meta_for (int v = 0; v < G; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int p = v * B + u;\n        if (p < N) ${use}\n      }\n  }\n}\n`;
const cases = [
    {
        name: 'a pointer whose index the generator cannot bound',
        code: 'MF509', covers: 'a[p * p]', message: /cannot tell how many elements of 'a' to transfer: the index of 'a\[p \* p\]' is not affine in the loop indices/,
        program: schedule('int *a', 'a[p * p] = p;'),
    },
    {
        name: 'a pointer index that may be negative',
        code: 'MF509', covers: 'a[p - 1]', message: /the index of 'a\[p - 1\]' may be negative \(least value -1\)/,
        program: schedule('int *a', 'a[p - 1] = p;'),
    },
    {
        name: 'a pointer to pointers',
        code: 'MF509', covers: 'a', message: /'a' is a pointer used other than as 'name\[index\]' with one index/,
        program: schedule('int **a', 'a[p][0] = p;'),
    },
    {
        // A system header the tool has no table of may declare anything: the check says nothing, and
        // the generator refuses what it cannot see.
        name: 'an array declared in a system header the tool does not know',
        code: 'MF509', covers: 'g', message: /cannot tell how many elements of 'g' to transfer: its declaration is not visible \(in a header or behind a macro\)/,
        program: '#include <mylib.h>\n' + schedule('int x', 'g[p] = x;'),
    },
    {
        name: 'a kernel assigns a name a system header the tool does not know may declare',
        code: 'MF513', covers: 'total', message: /^'total' is declared nowhere in this file \(in a header or behind a macro\): the generator cannot tell what it is, and a kernel has only the variables it receives$/,
        program: '#include <mylib.h>\n' + schedule('int a[N]', '{ a[p] = p; total = p; }'),
    },
    {
        name: 'a file without a schedule',
        code: 'MF510', covers: 'i', message: /no 'meta_schedule' in this file/,
        program: 'int main(void) {\n  int s = 0;\n  meta_for (int i = 0; i < 8; i++)\n    s += i;\n  return 0;\n}\n',
    },
];
const cached = (clause, decl, use) => schedule(decl, use).replace('meta_schedule {', `meta_schedule ${clause} {`);
const notes = [
    {
        name: 'cache(...) names an array whose written tile threads would share',
        code: 'MF511', covers: 'a', message: /'a' stays in global memory in kernel0: 'a\[p\]' is written and 'a\[p \+ 1\]' touches a neighbouring element/,
        program: cached('cache(a)', 'int a[N]', '{ a[p] = a[p + 1]; }'),
    },
    {
        name: 'cache(...) names a variable no kernel uses as an array',
        code: 'MF511', covers: 'x', message: /'x' is not an array any kernel of this schedule uses/,
        program: cached('cache(x)', 'int a[N], int x', 'a[p] = p;'),
    },
    {
        name: 'shared mode keeps an array whose tile grows with the data in global memory',
        code: 'MF512', covers: 'meta_for (int v', memory: 'shared', message: /'a' stays in global memory in kernel0: the tile of 'a\[q\]' \(N elements\) grows with the data size N/,
        program: schedule('int a[N], int b[N]', '{ for (int q = 0; q < N; q++) b[p] += a[q]; }'),
    },
];
for (const c of notes) {
    (0, node_test_1.test)(`${c.code}: ${c.name}`, async () => {
        const r = await (0, index_1.generateCuda)(c.program, { fileName: 'case.mfc', memory: c.memory });
        const d = r.diagnostics.find(x => x.code === c.code);
        strict_1.default.ok(d, `no ${c.code}: ${JSON.stringify(r.diagnostics)}`);
        strict_1.default.match(d.message, c.message);
        strict_1.default.equal(c.program.slice(d.start, d.end).includes(c.covers), true, `range '${c.program.slice(d.start, d.end)}' should cover '${c.covers}'`);
        strict_1.default.notEqual(r.text, undefined, 'the program is generated all the same');
    });
}
for (const c of cases) {
    (0, node_test_1.test)(`${c.code}: ${c.name}`, async () => {
        const r = await (0, index_1.generateCuda)(c.program, { fileName: 'case.mfc' });
        const found = r.diagnostics.filter(d => d.code === c.code);
        strict_1.default.equal(found.length > 0, true, `no ${c.code}: ${JSON.stringify(r.diagnostics)}`);
        const d = found[0];
        strict_1.default.match(d.message, c.message);
        strict_1.default.equal(c.program.slice(d.start, d.end).includes(c.covers) || c.covers.includes(c.program.slice(d.start, d.end)), true, `range '${c.program.slice(d.start, d.end)}' should cover '${c.covers}'`);
        strict_1.default.equal(r.text, undefined, 'a refused generation prints nothing');
    });
}
(0, node_test_1.test)('a pointer (or an array parameter without extent) transfers the footprint its guard bounds', async () => {
    for (const decl of ['int *a', 'int a[]']) {
        const r = await (0, index_1.generateCuda)(schedule(decl, 'a[p] = p;'), { fileName: 'case.mfc' });
        strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
        // if (p < N): p <= N - 1, so N elements.
        strict_1.default.match(r.text, /cudaMalloc\(\(void \*\*\) &mf_dev_a, sizeof\(int\) \* N\)/);
    }
    // Two references: the larger count wins when they differ by a constant.
    const two = await (0, index_1.generateCuda)(schedule('int *a', '{ a[p] = a[p + 2]; }'), { fileName: 'case.mfc' });
    strict_1.default.match(two.text, /cudaMalloc\(\(void \*\*\) &mf_dev_a, sizeof\(int\) \* \(N \+ 2\)\)/);
});
(0, node_test_1.test)('a schedule with an array of known extent generates', async () => {
    const r = await (0, index_1.generateCuda)(schedule('int a[N]', 'a[p] = p;'), { fileName: 'case.mfc' });
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
    strict_1.default.deepEqual(r.kernels, ['kernel0']);
    strict_1.default.match(r.text, /__global__ void kernel0\(int \*a, int G, int B, int N\)/);
    strict_1.default.match(r.text, /cudaMemcpy\(mf_dev_a, a, sizeof\(int\) \* N, cudaMemcpyHostToDevice\)/);
});
//# sourceMappingURL=cuda.test.js.map