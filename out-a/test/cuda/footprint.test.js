"use strict";
// Shared-memory tiles chosen for the thesis's eight cases, reviewed against the kernels the
// thesis prints (Xie 2016 §5.3 and Ch. 5). Where ours
// differ, the comment says why. Plus the rules that keep an array in global memory.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const fs = __importStar(require("fs"));
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/cuda/index");
const shape = (t) => `${t.kernel} ${t.name}[${t.extent.join('][')}] @${t.level ?? 'kernel'}${t.stored ? ' stored' : ''}`;
async function tiles(file, memory = 'shared') {
    const r = await (0, index_1.generateCuda)(fs.readFileSync((0, helpers_1.fixture)('cuda', file), 'utf8'), { fileName: file, memory });
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
    return r.tiles.map(shape);
}
const thesis = [
    // Fig 5.6: shared_In[BLOCK_0]; Out (written once) stays global.
    ['thesis-reversal.mfc', ['kernel0 shared_In[B] @v'], ''],
    // Fig 5.4: shared_a[BLOCK_0+2] (halo), shared_b[BLOCK_0] from b[t0 + B*c1 + 1].
    ['thesis-jacobi1d.mfc', ['kernel0 shared_a[B + 2] @v', 'kernel1 shared_b[B] @v'], ''],
    // Fig 5.7 printed global-memory kernels (PPCG's choice); the shared policy stages the halo tiles.
    ['thesis-jacobi2d.mfc', ['kernel0 shared_a[B0 + 2][B1 + 2] @v1', 'kernel1 shared_b[B0][B1] @v1'], 'thesis: global memory'],
    // Fig 5.8: kernel0 shared_U_1[1][1] loaded once; kernel1 shared_U_1[BLOCK_0][1] per c1 and
    // shared_L[1][BLOCK_1] per c2. We also stage kernel0's row U[k][l] (read, so staged by policy).
    ['thesis-lu.mfc', ['kernel0 shared_U[1][B] @bx', 'kernel0 shared_U_1[1][1] @kernel', 'kernel1 shared_U[Sqrt_T][1] @bx', 'kernel1 shared_L[1][Sqrt_T] @by'], 'kernel0 also stages U[k][l]'],
    // Fig 5.9: shared_a[BLOCK_0][BLOCK_1]; c written once.
    ['thesis-transpose.mfc', ['kernel0 shared_a[B0][B1] @v1'], ''],
    // Fig 5.10 printed global memory; both operands are read, so the policy stages them.
    ['thesis-matadd.mfc', ['kernel0 shared_a[B0][B1] @v1', 'kernel0 shared_b[B0][B1] @v1'], 'thesis: global memory'],
    // Fig 5.11: shared_c[BLOCK_0] around the tile loop (copied back), shared_a[BLOCK_0][16] and shared_b[16] per tile.
    ['thesis-matvec.mfc', ['kernel0 shared_c[B] @v stored', 'kernel0 shared_a[B][16] @i', 'kernel0 shared_b[16] @i'], ''],
    // Fig 5.13: shared_c[BLOCK_0][BLOCK_1] (copied back), shared_a[BLOCK_0][4], shared_b[4][BLOCK_1] per k.
    ['thesis-matmul.mfc', ['kernel0 shared_c[B0][B1] @j stored', 'kernel0 shared_a[B0][4] @k', 'kernel0 shared_b[4][B1] @k'], ''],
];
for (const [file, expected, note] of thesis) {
    (0, node_test_1.test)(`${file}: shared tiles as the thesis's kernels${note ? ` (${note})` : ''}`, async () => {
        strict_1.default.deepEqual(await tiles(file), expected);
    });
    (0, node_test_1.test)(`${file}: no tile in global memory mode`, async () => {
        strict_1.default.deepEqual(await tiles(file, 'global'), []);
    });
}
(0, node_test_1.test)('granularity: a tile of s * B elements (thesis F2: "a range [1, s*B+1]")', async () => {
    strict_1.default.deepEqual(await tiles('own-vecadd-s.mfc'), ['kernel0 shared_a[B * s] @v', 'kernel0 shared_b[B * s] @v']);
    strict_1.default.deepEqual(await tiles('own-transpose-s.mfc'), ['kernel0 shared_a[B0][B1 * s] @v1']);
});
(0, node_test_1.test)('cache(...) stages exactly the listed arrays, in either mode', async () => {
    for (const memory of ['global', 'shared']) {
        strict_1.default.deepEqual(await tiles('own-cache-matvec.mfc', memory), ['kernel0 shared_b[TJ] @t']);
        strict_1.default.deepEqual(await tiles('own-cache-reversal.mfc', memory), ['kernel0 shared_Out[B] @v stored', 'kernel0 shared_In[B] @v']);
    }
});
const program = (body, decl = 'int a[N], int b[N]', clause = '') => `void f(int N, int B, int M, ${decl}) {\n  int G = (N + B - 1) / B;\n  meta_schedule${clause} {\n    meta_for (int v = 0; v < G; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int p = v * B + u;\n        ${body}\n      }\n  }\n}\n`;
async function staged(text, memory = 'shared') {
    const r = await (0, index_1.generateCuda)(text, { fileName: 'case.mfc', memory });
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
    strict_1.default.ok(r.text);
    return { cuda: r.text, tiles: r.tiles.map(shape), notes: r.diagnostics.filter(d => d.code === 'MF511' || d.code === 'MF512').map(d => `${d.code} ${d.message}`) };
}
(0, node_test_1.test)('a written array is staged only when each thread owns the elements it touches', async () => {
    // a[p] written and a[p + 1] read: a thread reads what its neighbour writes.
    const r = await staged(program('if (p + 1 < N) { b[p] = a[p] + a[p + 1]; a[p] = 0; }', 'int a[N], int b[N]', ' cache(a)'));
    strict_1.default.deepEqual(r.tiles, []);
    strict_1.default.match(r.notes.join('\n'), /MF511 'a' stays in global memory in kernel0: 'a\[p\]' is written and 'a\[p \+ 1\]' touches a neighbouring element/);
    // Every other element: the threads do not cover the tile.
    const g = await staged(program('if (2 * p < N) a[2 * p] = p;', 'int a[N], int b[N]', ' cache(a)'));
    strict_1.default.match(g.notes.join('\n'), /MF511 'a' stays in global memory in kernel0: 'a\[2 \* p\]' is written, and its threads do not cover its tile one element each/);
    // The same element for every block: blocks would store over each other.
    const w = await staged(program('if (p < N) a[u] += p;', 'int a[N], int b[N]', ' cache(a)'));
    strict_1.default.match(w.notes.join('\n'), /MF511 'a' stays in global memory in kernel0: 'a\[u\]' is written, and blocks along 'v' may share its elements/);
});
(0, node_test_1.test)('a read provably apart from every written element is staged', async () => {
    // Row 0 is read and row 1 written: the subscripts differ by one in the first dimension.
    const r = await staged(program('if (p < N) a[1][p] = a[0][p] * 2;', 'int a[2][N]'));
    strict_1.default.deepEqual(r.tiles, ['kernel0 shared_a[1][B] @v']);
    // Shifted by N in one flat array: apart because the guard keeps p below N.
    const g = await staged(program('if (p < N) a[p] = a[p + N] * 2;', 'int a[2 * N]'));
    strict_1.default.deepEqual(g.tiles, ['kernel0 shared_a[B] @v']);
    // Without the guard, not provably apart (G * B may exceed N), so global.
    const q = await staged(program('a[p] = a[p + N] * 2;', 'int a[2 * N]'));
    strict_1.default.deepEqual(q.tiles, []);
    strict_1.default.match(q.notes.join('\n'), /MF512 'a' stays in global memory in kernel0: 'a\[p \+ N\]' may read an element that 'a\[p\]' writes/);
    // A guard on another variable proves nothing.
    const h = await staged(program('if (v < N) a[p] = a[p + N] * 2;', 'int a[2 * N]'));
    strict_1.default.deepEqual(h.tiles, []);
});
(0, node_test_1.test)('a branch every thread takes alike: its two sides are apart, their tiles share their bytes and load on their side', async () => {
    // The thesis's 1-D Jacobi double buffer: row 0 read and row 1 written when t is even, and back.
    const body = 'if (p < N - 2) { if (t % 2) a[p + 1] = (a[N + p] + a[N + p + 1] + a[N + p + 2]) / 3; else a[N + p + 1] = (a[p] + a[p + 1] + a[p + 2]) / 3; }';
    const r = await staged(program(body, 'int a[2 * N], int t'));
    strict_1.default.deepEqual(r.tiles, ['kernel0 shared_a[B + 2] @v', 'kernel0 shared_a_1[B + 2] @v']);
    strict_1.default.match(r.cuda, /int \*const shared_a = \(int \*\) \(mf_shared\); \/\* used when t % 2 \*\//);
    strict_1.default.match(r.cuda, /int \*const shared_a_1 = \(int \*\) \(mf_shared\); \/\* used when !\(t % 2\) \*\//);
    strict_1.default.match(r.cuda, /if \(t % 2\) \{\n\s+for \(int mf_e = mf_tid; mf_e < mf_a_e0;/);
    // The launch asks for one side (the larger; here both are alike), not the sum.
    strict_1.default.match(r.cuda, /mf_shared_bytes = mfTileBytes\(sizeof\(int\), \(B \+ 2\)\);/);
    const uneven = await staged(program(body.replace('a[N + p + 2]', 'a[N + p + 3]'), 'int a[2 * N], int t'));
    strict_1.default.match(uneven.cuda, /mf_shared_bytes = \(mfTileBytes\(sizeof\(int\), \(B \+ 3\)\) > mfTileBytes\(sizeof\(int\), \(B \+ 2\)\) \? mfTileBytes\(sizeof\(int\), \(B \+ 3\)\) : mfTileBytes\(sizeof\(int\), \(B \+ 2\)\)\);/);
    // With cache(a) the written rows are staged too, on their side (each thread owns what it writes).
    const c = await staged(program(body, 'int a[2 * N], int t', ' cache(a)'));
    strict_1.default.deepEqual(c.tiles, ['kernel0 shared_a[B] @v stored', 'kernel0 shared_a_1[B + 2] @v', 'kernel0 shared_a_2[B] @v stored', 'kernel0 shared_a_3[B + 2] @v']);
    // A condition that changes from thread to thread splits nothing: the neighbours clash.
    const mixed = await staged(program(body.replace('t % 2', 'p % 2'), 'int a[2 * N], int t', ' cache(a)'));
    strict_1.default.match(mixed.notes.join('\n'), /MF511 'a' stays in global memory in kernel0: 'a\[p \+ 1\]' is written and 'a\[p\]' touches a neighbouring element/);
});
(0, node_test_1.test)('a flat array indexed by rows (c[i * N + j], 0 ≤ j < N by its guard): a box of rows × columns', async () => {
    const flat = (guard, index) => `void f(int N, int B0, int B1, int a[N][N], int c[N * N]) {
  int G0 = (N + B0 - 1) / B0, G1 = (N + B1 - 1) / B1;
  meta_schedule cache(c) {
    meta_for (int v0 = 0; v0 < G0; v0++)
      meta_for (int v1 = 0; v1 < G1; v1++)
        meta_for (int u0 = 0; u0 < B0; u0++)
          meta_for (int u1 = 0; u1 < B1; u1++) {
            int i = v0 * B0 + u0;
            int j = v1 * B1 + u1;
            if (${guard}) c[${index}] = a[i][j];
          }
  }
}
`;
    // Row-major and transposed: tiles B0 × B1 and B1 × B0 of N-long rows.
    const r = await staged(flat('i < N && j < N', 'i * N + j'));
    strict_1.default.deepEqual(r.tiles, ['kernel0 shared_c[B0][B1] @v1 stored']);
    strict_1.default.match(r.cuda, /shared_c\[\(\(i \* N \+ j\) \/ N - mf_c_o0\) \* mf_c_e1 \+ \(\(i \* N \+ j\) % N - mf_c_o1\)\] = a\[/);
    strict_1.default.match(r.cuda, /if \(mf_g0 >= 0 && mf_g1 >= 0 && mf_g1 < N && mf_g0 \* N \+ mf_g1 < \(N \* N\)\)\n\s+shared_c\[mf_e\] = c\[mf_g0 \* N \+ mf_g1\];/);
    strict_1.default.deepEqual((await staged(flat('i < N && j < N', 'j * N + i'))).tiles, ['kernel0 shared_c[B1][B0] @v1 stored']);
    // Without a guard that keeps the column below N, a row may run into the next: global.
    const loose = await staged(flat('i < N && j <= N', 'i * N + j'));
    strict_1.default.deepEqual(loose.tiles, []);
    strict_1.default.match(loose.notes.join('\n'), /MF51\d 'c' stays in global memory in kernel0: the tile of 'c\[i \* N \+ j\]' .* grows with the data size N/);
    strict_1.default.deepEqual((await staged(flat('i < N', 'i * N + j'))).tiles, []);
});
(0, node_test_1.test)('a pointer index bounded by guards on the index itself: k - i >= 0 && k - i < m', async () => {
    const program = (guard, body = 'c[p] += b[p - i];') => `void f(int N, int B, int m, int *b, int *c) {\n  int G = (N + B - 1) / B;\n  meta_schedule {\n    meta_for (int v = 0; v < G; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int p = v * B + u;\n        if (p < N)\n          for (int i = 0; i < 4; i++)\n            if (${guard}) ${body}\n      }\n  }\n}\n`;
    const r = await (0, index_1.generateCuda)(program('p - i >= 0 && p - i < m'), { fileName: 'case.mfc' });
    strict_1.default.ok(r.text, r.diagnostics.map(d => d.message).join('\n'));
    strict_1.default.match(r.text, /cudaMalloc\(\(void \*\*\) &mf_dev_b, sizeof\(int\) \* m\)/);
    // One side only, or a write to i in the branch: not bounded.
    strict_1.default.equal((await (0, index_1.generateCuda)(program('p - i < m'), { fileName: 'case.mfc' })).text, undefined);
    strict_1.default.equal((await (0, index_1.generateCuda)(program('p - i >= 0 && p - i < m', '{ i++; c[p] += b[p - i]; }'), { fileName: 'case.mfc' })).text, undefined);
});
(0, node_test_1.test)('written once: straight to global memory; written again and again: staged and stored', async () => {
    strict_1.default.deepEqual((await staged(program('if (p < N) b[p] = a[p] * 2 + b[p];'))).tiles, ['kernel0 shared_a[B] @v']);
    strict_1.default.deepEqual((await staged(program('if (p < N) for (int k = 0; k < 4; k++) b[p] += a[p] * k;'))).tiles, ['kernel0 shared_b[B] @v stored', 'kernel0 shared_a[B] @v']);
});
(0, node_test_1.test)('an index the generator cannot bound keeps the array global, with the reason', async () => {
    const r = await staged(program('if (p < N) b[p] = a[p * p];', 'int a[N * N], int b[N]'));
    strict_1.default.deepEqual(r.tiles, []);
    strict_1.default.match(r.notes.join('\n'), /MF512 'a' stays in global memory in kernel0: the index 'p \* p' of 'a' is not affine in the thread and loop indices/);
    const s = await staged(program('if (p < N) for (int j = 0; j < M; j++) b[p] += a[j];', 'int a[M], int b[N]'));
    strict_1.default.match(s.notes.join('\n'), /MF512 'a' stays in global memory in kernel0: the tile of 'a\[j\]' \(M elements\) grows with the data size M/);
    const t = await staged(program('if (p < N) for (int j = 0; j < p; j++) b[p] += a[j];', 'int a[N], int b[N]'));
    strict_1.default.match(t.notes.join('\n'), /MF512 'a' stays in global memory in kernel0: the index 'j' of 'a' uses a loop index whose range is not fixed by sizes/);
});
(0, node_test_1.test)('an array an atomic update reaches through an element\'s address stays global: a block\'s shared copy would keep the sums from the other blocks', async () => {
    const r = await staged(program('if (p < N) atomicAdd(&b[0], a[p]);', 'int a[N], int b[1]', ' cache(a, b)'));
    strict_1.default.deepEqual(r.tiles, ['kernel0 shared_a[B] @v']);
    strict_1.default.deepEqual(r.notes, ["MF511 'b' stays in global memory in kernel0: the address of 'b[0]' is taken (an atomic update or a call reaches it)"]);
});
//# sourceMappingURL=footprint.test.js.map