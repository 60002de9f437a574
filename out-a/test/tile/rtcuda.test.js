"use strict";
// RT-CUDA's restructurings as `metafork tile` options (Khan 2014 Ch. 5 and App. B), one test
// each: the thesis's test cases T1-T8 written as valid C, tiled with the option, generated to CUDA
// and run in the emulation against gcc for sizes that are not multiples of the blocks, merge and
// skew levels (RT-CUDA itself needs N divisible by BLOCKSIZE·MERGE_LEVEL·SKEW_LEVEL).
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
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const index_1 = require("../../server/src/tile/index");
const index_2 = require("../../server/src/cuda/index");
const emulate_1 = require("./emulate");
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-rtcuda-'));
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 && (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
/** A program around `kernel` (between the markers): n from argv, arrays filled, a checksum printed. */
function program(declarations, kernel, checksum) {
    return `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64;
${declarations}
  /* kernel */
${kernel}
  double sum = 0;
${checksum}
  printf("n=%d checksum=%.3f\\n", n, sum);
  return 0;
}
`;
}
let serial = 0;
/** Tiles the nest after the marker, generates CUDA, runs the emulation for each n against gcc; the schedule's text. */
async function tileAndRun(source, options, sizes, memory = 'global') {
    const tiled = await (0, index_1.tileText)(source, { offset: source.indexOf('for', source.indexOf('/* kernel */')), ...options });
    strict_1.default.ok(tiled.text, tiled.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
    await (0, emulate_1.sameAsGcc)(work, `p${serial++}`, source, tiled.text, sizes, { memory, what: JSON.stringify(options) });
    return tiled.text;
}
const SCALE = program(`  float (*A)[n] = malloc(sizeof(float[n][n])), (*C)[n] = malloc(sizeof(float[n][n]));
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { A[i][j] = (i * 7 + j * 3) % 11; C[i][j] = -1; }`, `  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = 3 * A[i][j];`, `  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) sum += (i % 5 + j % 3 + 1) * C[i][j];`);
(0, node_test_1.test)('T1 matrix scaling: RT-CUDA\'s printed mapping (ij % N) * SKEW_LEVEL misses elements; the collapsed, merged and skewed schedule covers all', { skip: gcc }, async () => {
    // RT-CUDA (Listing 25) for N = 64, BLOCKSIZE = 32, SKEW_LEVEL = 2: the digest's count, by its own mapping.
    const N = 64, BS = 32, ML = 1, SL = 2;
    const writes = new Map();
    for (let bid = 0; bid < N * N / BS / ML / SL; bid++)
        for (let tid = 0; tid < BS; tid++) {
            const ij = bid * BS + tid, i = Math.floor(ij / N) * ML, j = (ij % N) * SL;
            // C[((i+m))*N+((j+n))]: a flat index, so a column past N lands in the next row.
            for (let m = 0; m < ML; m++)
                for (let k = 0; k < SL; k++)
                    writes.set((i + m) * N + j + k, (writes.get((i + m) * N + j + k) ?? 0) + 1);
        }
    const count = (c) => Array.from({ length: N * N }, (_, f) => writes.get(f) ?? 0).filter(c).length;
    strict_1.default.deepEqual([count(w => w === 1), count(w => w === 0), count(w => w > 1)], [128, 1984, 1984]);
    // Ours: every (merge, skew) level of the digest's grid, for n = 37 (no block, merge or skew divides it) and 64.
    for (const [merge, skew] of [[1, 1], [2, 1], [1, 2], [2, 2], [4, 8]]) {
        const text = await tileAndRun(SCALE, { block: [32], collapse: true, merge, granularity: skew }, ['37', '64']);
        if (merge === 4) {
            strict_1.default.match(text, /int ij = \(\(v \* M \+ m\) \* s \+ k\) \* B \+ u;\n\s+int i = ij \/ n;\n\s+int j = ij % n;\n\s+if \(i < n && j < n\)/);
            strict_1.default.match(text, /int dim = \(B \* M \* s \+ n \* n - 1\) \/ \(B \* M \* s\);/);
        }
    }
});
(0, node_test_1.test)('T2 matrix addition and T5 outer product: 2-D tiles, merged along y and skewed along x, a block apart', { skip: gcc }, async () => {
    const add = program(`  float (*A)[n] = malloc(sizeof(float[n][n])), (*B)[n] = malloc(sizeof(float[n][n])), (*C)[n] = malloc(sizeof(float[n][n]));
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { A[i][j] = i - j; B[i][j] = (i * j) % 7; }`, `  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = A[i][j] + B[i][j];`, `  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) sum += (i % 3 + 1) * C[i][j] - j * 0.5 * C[i][j];`);
    const text = await tileAndRun(add, { block: [8, 16], merge: 3, granularity: 2 }, ['61', '100']);
    strict_1.default.match(text, /int i = \(v0 \* M \+ m\) \* B0 \+ u0;\n\s+int j = \(v1 \* s \+ k\) \* B1 \+ u1;/);
    const vv = program(`  float *A = malloc(sizeof(float) * n), *B = malloc(sizeof(float) * n), (*C)[n] = malloc(sizeof(float[n][n]));
  for (int i = 0; i < n; i++) { A[i] = i % 9 - 4; B[i] = i % 4 + 1; }`, `  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = A[i] * B[j] * 5;`, `  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) sum += ((i + 2 * j) % 7 + 1) * C[i][j];`);
    // The thesis's tuned VV triple <256, 32, 1>, on a size that is no multiple of 32.
    await tileAndRun(vv, { block: [8, 32], merge: 32 }, ['75']);
});
(0, node_test_1.test)('T6 AXPY (1-D, merge only): each thread computes M elements B apart, coalesced, for any n', { skip: gcc }, async () => {
    const axpy = program(`  double *A = malloc(sizeof(double) * n), *C = malloc(sizeof(double) * n);
  double f = 3;
  for (int i = 0; i < n; i++) { A[i] = i % 13; C[i] = i % 5; }`, `  for (int i = 0; i < n; i++)
    C[i] = C[i] + 3.0 * A[i] * f;`, `  for (int i = 0; i < n; i++) sum += (i % 7 + 1) * C[i];`);
    const text = await tileAndRun(axpy, { block: [128], merge: 4 }, ['1001', '7']);
    strict_1.default.match(text, /int i = \(v \* M \+ m\) \* B \+ u;\n\s+if \(i < n\)/);
});
(0, node_test_1.test)('T3/T4 shared-memory tiling of a chosen array: the k loop in tiles between the grid and the block loops, the local sum accumulating in its element', { skip: gcc }, async () => {
    // T4's input never resets sum: it is a reduction across the rows, and the dependence test says so.
    const t4 = `void matrix_mv(int n, float *C, float A[n][n], float *B) {
  float sum = 0.0;
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < n; k++)
      sum += A[i][k] * B[k];
    C[i] = sum;
  }
}
`;
    const refused = await (0, index_1.tileText)(t4, {});
    strict_1.default.equal(refused.text, undefined);
    strict_1.default.match(refused.diagnostics[0].message, /'sum' accumulates across the iterations of 'i' at 'sum \+= A\[i\]\[k\] \* B\[k\]' \(line 5\): a reduction without a clause/);
    // The matrix-vector product written correctly, A staged: right where RT-CUDA's row tile is not (one row per thread).
    const mv = program(`  float (*A)[n] = malloc(sizeof(float[n][n])), *B = malloc(sizeof(float) * n), *C = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) { B[i] = i % 6 - 2; for (int k = 0; k < n; k++) A[i][k] = (i + 3 * k) % 7; }`, `  for (int i = 0; i < n; i++) {
    float sum = 0.0;
    for (int k = 0; k < n; k++)
      sum += A[i][k] * B[k];
    C[i] = sum;
  }`, `  for (int i = 0; i < n; i++) sum += (i % 4 + 1) * C[i];`);
    const text = await tileAndRun(mv, { block: [8], cache: ['A', 'B'], strip: 4 }, ['45', '64'], 'shared');
    // The program's B is an array: the block size is B_1.
    strict_1.default.match(text, /int B_1 = 8;\n\s+int T = 4;\n\s+int dim = \(B_1 \+ n - 1\) \/ B_1;\n\s+int tiles_k = n > 0 \? \(n \+ T - 1\) \/ T : 1;\n\s+meta_schedule cache\(A, B\) \{\n\s+meta_for \(int v = 0; v < dim; v\+\+\)\n\s+for \(int kt = 0; kt < tiles_k; kt\+\+\)\n\s+meta_for \(int u = 0; u < B_1; u\+\+\) \{/);
    strict_1.default.match(text, /if \(kt == 0\) \{\n\s+C\[i\] = 0\.0;\n\s+\}\n\s+for \(int kk = 0; kk < T; kk\+\+\) \{\n\s+int k = kt \* T \+ kk;\n\s+if \(k < n\) C\[i\] \+= A\[i\]\[k\] \* B\[k\];/);
    // The tiles are staged: the generated kernel loads them into shared memory between barriers.
    const cuda = await (0, index_2.generateCuda)(text, { memory: 'shared' });
    strict_1.default.match(cuda.text, /extern __shared__[^]*__syncthreads\(\);/);
    strict_1.default.deepEqual(cuda.diagnostics.filter(d => d.code === 'MF511'), []);
    // T3's matrix product, 2-D: both A and B staged in 16 × 16 tiles of k.
    const mm = program(`  float (*A)[n] = malloc(sizeof(float[n][n])), (*B)[n] = malloc(sizeof(float[n][n])), (*C)[n] = malloc(sizeof(float[n][n]));
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { A[i][j] = (i + j) % 5 - 2; B[i][j] = (2 * i + j) % 3; }`, `  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float sum = 0;
      for (int k = 0; k < n; k++)
        sum += 2 * A[i][k] * B[k][j];
      C[i][j] = sum;
    }`, `  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) sum += ((i * 3 + j) % 7 + 1) * C[i][j];`);
    const mmText = await tileAndRun(mm, { cache: ['A', 'B'] }, ['37', '64'], 'shared');
    strict_1.default.match(mmText, /for \(int kt = 0; kt < tiles_k; kt\+\+\)\n\s+meta_for \(int u0 = 0; u0 < B0; u0\+\+\)/);
    // The classic tiles: B0 × T of A and T × B1 of B. Without the loop in tiles, their tiles would
    // grow with n and the generator would leave both in global memory.
    const staged = await (0, index_2.generateCuda)(mmText, { memory: 'shared' });
    strict_1.default.deepEqual(staged.tiles.map(t => [t.array, t.extent.join(' x ')]), [['A', 'B0 x T'], ['B', 'T x B1']]);
    const plain = await (0, index_1.tileText)(mm, { offset: mm.indexOf('for', mm.indexOf('/* kernel */')) });
    const whole = await (0, index_2.generateCuda)(plain.text.replace('meta_schedule {', 'meta_schedule cache(A, B) {'), { memory: 'shared' });
    strict_1.default.deepEqual(whole.tiles, []);
    strict_1.default.match(whole.diagnostics.map(d => d.message).join('\n'), /'A' stays in global memory in kernel0: the tile of 'A\[i\]\[k\]' \([^)]*\) grows with the data size n/);
    // A local whose final value is not simply stored keeps the whole strip staged, and the note says why.
    const scaled = await (0, index_1.tileText)(mm.replace('C[i][j] = sum;', 'C[i][j] = C[i][j] / 2 + sum;'), { offset: mm.indexOf('for', mm.indexOf('/* kernel */')), cache: ['A'] });
    strict_1.default.match(scaled.diagnostics[0].message, /the whole range of the serial loop is staged at once \('sum' is a local of the loop body that the tiles cannot share: its value is used by 'C\[i\]\[j\] = C\[i\]\[j\] \/ 2 \+ sum;', not stored by a plain 'X = sum;'\)/);
    // So does a loop that can stop early: a break would end one tile, not the loop.
    const early = mm.replace('sum += 2 * A[i][k] * B[k][j];', '{ if (A[i][k] == 0) break; sum += 2 * A[i][k] * B[k][j]; }');
    const stopped = await (0, index_1.tileText)(early, { offset: early.indexOf('for', early.indexOf('/* kernel */')), cache: ['A'] });
    strict_1.default.match(stopped.diagnostics[0].message, /the whole range of the serial loop is staged at once \('k' has a 'break' of its own\)/);
    await tileAndRun(early, { cache: ['A'] }, ['37'], 'shared');
});
(0, node_test_1.test)('T7 demosaic: a non-primary bound and offset accesses, the grid from the real trip count n - 16', { skip: gcc }, async () => {
    const demosaic = program(`  float *G = malloc(sizeof(float) * n * n), *R = malloc(sizeof(float) * (n - 16) * (n - 16));
  for (int i = 0; i < n * n; i++) G[i] = i % 17;`, `  for (int i = 0; i < n - 16; ++i)
    for (int j = 0; j < n - 16; ++j)
      R[i * (n - 16) + j] = G[(i - 1 + 15) * n + j + 15] * 0.25f + G[(i + 15) * n + j - 1 + 15] * 0.25f + G[(i + 15) * n + j + 15]
        + G[(i + 15) * n + j + 1 + 15] * 0.25f + G[(i + 1 + 15) * n + j + 15] * 0.25f;`, `  for (int i = 0; i < (n - 16) * (n - 16); i++) sum += (i % 9 + 1) * R[i];`);
    // ++i is a unit step like i++; both the 2-D tiles and the collapsed form.
    const text = await tileAndRun(demosaic, { block: [8, 8] }, ['43', '64']);
    strict_1.default.match(text, /int dim0 = \(B0 \+ n - 17\) \/ B0;/);
    await tileAndRun(demosaic, { block: [128], collapse: true, merge: 8 }, ['43']);
});
(0, node_test_1.test)('T8 histogram: the indirect write RT-CUDA missed is refused with its reason', async () => {
    const hist = `void histogram(int n, int *histogram, int A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int b;
      b = A[i][j];
      histogram[b] = histogram[b] + 1;
    }
}
`;
    const r = await (0, index_1.tileText)(hist, {});
    strict_1.default.equal(r.text, undefined);
    strict_1.default.match(r.diagnostics[0].message, /'histogram\[b\]' \(line 6\) writes 'histogram' at an index that is not affine in the loop indices \(an indirect write\)/);
});
//# sourceMappingURL=rtcuda.test.js.map