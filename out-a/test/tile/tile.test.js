"use strict";
// Tiling plain loops into parametric schedules: the project's loop-kernel corpus
// (test/fixtures/tile, README there) tiled at its marked kernel, generated to CUDA, built for the
// CPU emulation and run for sizes that are not multiples of the blocks, against the serial
// program built with gcc; the refusals with their reasons; the thesis's polynomial product.
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
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/tile/index");
const index_2 = require("../../server/src/cuda/index");
const build_1 = require("../cuda/emu/build");
const emulate_1 = require("./emulate");
const gcc_1 = require("../differential/gcc");
const run_1 = require("../cuda/emu/run");
const cli_1 = require("../../server/src/cli");
const corpus_1 = require("./corpus");
const DIR = (0, helpers_1.fixture)('tile');
const expected = JSON.parse(fs.readFileSync(path.join(DIR, 'expected.json'), 'utf8'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-tile-'));
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 && (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
const nvcc = (0, build_1.nvccAvailable)() ? false : 'nvcc not found';
/** The parallel loops of each kernel (README of the corpus): 2-D nests make 4-deep meta_for nests. */
const KERNELS = {
    'jacobi1d.c': 2, 'jacobi2d.c': 2, 'heat.c': 2, 'lu.c': 2, 'cholesky.c': 2, 'gramschmidt.c': 3, 'trisolv.c': 2, 'gemm.c': 2,
};
const serial = new Map();
function serialExe(file) {
    if (!serial.has(file)) {
        const exe = path.join(work, `${file.replace(/\W/g, '_')}.serial`);
        const r = (0, child_process_1.spawnSync)('gcc', ['-std=c99', ...gcc_1.OPTIMIZED, '-o', exe, path.join(DIR, file), '-lm'], { encoding: 'utf8' });
        strict_1.default.equal(r.status, 0, r.stderr);
        serial.set(file, exe);
    }
    return serial.get(file);
}
/** nvcc -c of each generated .cu, started once its emulation is built. */
const nvccCompiled = new Map();
/** Tiles the kernel of `file`, generates its CUDA and builds it for the emulation: the executable. */
async function tileAndBuild(file, options, memory, label) {
    const text = fs.readFileSync(path.join(DIR, file), 'utf8');
    const offset = text.indexOf('for', text.indexOf('/* kernel begin */'));
    const tiled = await (0, index_1.tileText)(text, { fileName: file, offset, ...options });
    strict_1.default.ok(tiled.text, tiled.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
    strict_1.default.deepEqual(tiled.nests.map(n => [n.tiled, n.kernels]), [[true, KERNELS[file] ?? 1]]);
    const cuda = await (0, index_2.generateCuda)(tiled.text, { fileName: file, memory });
    strict_1.default.ok(cuda.text, `${tiled.text}\n${cuda.diagnostics.map(d => d.message).join('\n')}`);
    const cu = path.join(work, `${file.replace(/\W/g, '_')}.${label}.cu`), exe = `${cu}.emu`;
    fs.writeFileSync(cu, cuda.text);
    await (0, build_1.buildEmulatedAsync)(cu, exe);
    // nvcc next in the lanes, beside this test's runs; the nvcc test awaits it.
    if (!nvcc) {
        const compiled = (0, build_1.nvccCompileAsync)(cu, cu.replace(/\.cu$/, '.o'));
        compiled.catch(() => undefined);
        nvccCompiled.set(cu, compiled);
    }
    return exe;
}
/** Runs a built configuration at the default size (against expected.json) and the second size (against gcc). */
function runLikeSerial(file, exe, label) {
    for (const args of [[], corpus_1.SIZES[file]]) {
        const want = args.length ? (0, child_process_1.spawnSync)(serialExe(file), args, { encoding: 'utf8' }).stdout : expected[file];
        const what = `${file} ${args.join(' ')} (${label})`;
        // The default sizes are hundreds per dimension (runLarge); the second sizes cross the same
        // full and partial blocks.
        strict_1.default.equal(args.length ? (0, run_1.runInEveryOrder)(exe, args, what) : (0, run_1.runLarge)(exe, args, what), want, what);
    }
}
/** The arrays each kernel reads, for the configuration that stages them (`--cache`). */
const CACHE = {
    'vadd.c': ['a', 'b'], 'matmul.c': ['A', 'B'], '2mm.c': ['tmp', 'C'], 'atax.c': ['A', 'tmp'], 'bicg.c': ['A', 'p'], 'mvt.c': ['A', 'y1'],
    'gesummv.c': ['A', 'B', 'x'], 'syrk.c': ['A'], 'covariance.c': ['data'], 'jacobi1d.c': ['A'], 'jacobi2d.c': ['A'], 'heat.c': ['in'],
    'conv2d.c': ['in', 'w'], 'transpose.c': ['in'], 'scale.c': ['a'], 'polyprod.c': ['a', 'b'],
    'reverse.c': ['a'],
    'gemvacc.c': ['A', 'x'],
    'lu.c': ['a'], 'cholesky.c': ['a'], 'gramschmidt.c': ['A', 'Q'], 'symm.c': ['A', 'B'], 'trisolv.c': ['L'],
    'prefix2d.c': ['a'], 'seidel2d.c': ['A'], 'editdist.c': ['s', 't'],
    'colsum.c': ['A', 'x'], 'trisym.c': ['a'], 'gemm.c': ['A', 'B'], 'doitgen.c': ['A', 'C4'], 'reduction.c': ['a'],
};
for (const file of Object.keys(corpus_1.SIZES)) {
    (0, node_test_1.test)(`${file}: tiled, generated, run in the emulation like the serial program (default blocks; odd blocks, s = 3, shared memory; RT-CUDA's merge, skew and staged tiles; collapsed)`, { skip: gcc }, async () => {
        const configurations = [
            [{}, 'global', 'default'],
            [{ block: [7, 5], granularity: 3 }, 'shared', 'odd'],
            [{ block: [5, 3], merge: 2, granularity: 2, cache: CACHE[file], strip: 4 }, 'shared', 'rtcuda'],
            [{ block: [7], collapse: true, merge: 3 }, 'global', 'collapsed'],
        ];
        // The four builds at once: g++ is most of this test's time, and CI has two cores.
        const exes = await Promise.all(configurations.map(([options, memory, label]) => tileAndBuild(file, options, memory, label)));
        configurations.forEach(([, , label], i) => runLikeSerial(file, exes[i], label));
    });
    (0, node_test_1.test)(`${file}: the four generated .cu files compile with nvcc -arch=sm_90`, { skip: gcc || nvcc }, async () => {
        const stem = path.join(work, file.replace(/\W/g, '_'));
        const cus = ['default', 'odd', 'rtcuda', 'collapsed'].map(label => `${stem}.${label}.cu`);
        strict_1.default.deepEqual(cus.filter(cu => !nvccCompiled.has(cu)), [], 'generated and built by the emulation test');
        await Promise.all(cus.map(cu => nvccCompiled.get(cu)));
    });
}
(0, node_test_1.test)('the corpus\'s refusals name the dependence that forbids each loop', async () => {
    const reasons = {
        'refuse/recurrence.c': /'a\[i\]' \(line \d+\) and 'a\[i - 1\]' \(line \d+\) touch the same element of 'a' at different iterations of 'i': distance 1 on 'i'/,
        'refuse/indirect.c': /'hist\[idx\[i\]\]' \(line \d+\) writes 'hist' at an index that is not affine in the loop indices \(an indirect write\)/,
        'refuse/lastacc.c': /every iteration of 'i' writes the scalar 'acc' at 'acc = 0' \(line \d+\)/,
        'refuse/durbin.c': /^this loop nest stays serial: the statements at lines 41-45 between the parallel loops of 'k' would run in a one-thread kernel, but 'beta' keeps the value they set from one iteration of 'k' to the next: a kernel returns results only through arrays$/,
    };
    for (const [file, reason] of Object.entries(reasons)) {
        const text = fs.readFileSync(path.join(DIR, file), 'utf8');
        const r = await (0, index_1.tileText)(text, { fileName: file, offset: text.indexOf('for', text.indexOf('/* kernel begin */')) });
        strict_1.default.equal(r.text, undefined, file);
        strict_1.default.deepEqual(r.diagnostics.map(d => d.code), ['MF702'], file);
        strict_1.default.match(r.diagnostics[0].message, reason, file);
    }
});
(0, node_test_1.test)("the thesis's polynomial product (Xie 2016 §5.2): the p loop strip-mined by B, grid by ceiling division, the guard p <= 2n", { skip: gcc }, async () => {
    const text = `#include <stdio.h>
#include <stdlib.h>
#define MAX(x, y) ((x) > (y) ? (x) : (y))
#define MIN(x, y) ((x) < (y) ? (x) : (y))
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  long a[n + 1], b[n + 1], c[2 * n + 1];
  for (int i = 0; i <= n; i++) { a[i] = i % 7 + 1; b[i] = i % 5 + 2; }
  for (int p = 0; p <= 2 * n; p++) {
    c[p] = 0;
    for (int t = MAX(0, n - p); t <= MIN(n, 2 * n - p); t++)
      c[p] += a[t + p - n] * b[n - t];
  }
  long sum = 0;
  for (int p = 0; p <= 2 * n; p++) sum += (p % 3 + 1) * c[p];
  printf("polyprod: n=%d checksum=%ld\\n", n, sum);
  return 0;
}
`;
    const r = await (0, index_1.tileText)(text, { fileName: 'polyprod.c', offset: text.indexOf('for (int p') });
    strict_1.default.ok(r.text, r.diagnostics.map(d => d.message).join('\n'));
    // b ∈ [0, 2n/B], u < B with p = bB + u <= 2n (the thesis's (5.3), with a ceiling for every n).
    strict_1.default.match(r.text, /int B = 256;\n\s+int dim = \(B \+ 2 \* n\) \/ B;/);
    // The thesis's inner loop t = max(0, n-p) .. min(n, 2n-p) has bounds the schedule rules refuse
    // (not affine): it runs over 0..n with the other bounds as a guard, which is the same set of t.
    strict_1.default.match(r.text, /meta_for \(int v = 0; v < dim; v\+\+\)\n\s+meta_for \(int u = 0; u < B; u\+\+\) \{\n\s+int p = v \* B \+ u;\n\s+if \(p <= 2 \* n\) \{\n\s+c\[p\] = 0;\n\s+for \(int t = 0; t <= n; t\+\+\)\n\s+if \(t >= n - p && t <= 2 \* n - p\) c\[p\] \+= a\[t \+ p - n\] \* b\[n - t\];/);
    await (0, emulate_1.sameAsGcc)(work, 'polyprod-thesis', text, r.text, ['100', '301', '1']);
});
(0, node_test_1.test)('OpenMP parallel for: the pragma and its loop become the schedule; a time loop stays a host loop', async () => {
    // x and y restrict: else one may be the other shifted, and the time loop stays serial.
    const text = `void f(int n, int T, float *restrict x, float *restrict y) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      y[i] = (x[i - 1] + x[i + 1]) / 2;
    for (int i = 1; i < n - 1; i++)
      x[i] = y[i];
  }
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}
`;
    const r = await (0, index_1.tileText)(text, { fileName: 'omp.c' });
    strict_1.default.ok(r.text);
    strict_1.default.deepEqual(r.nests.map(n => [n.line, n.tiled, n.kernels]), [[2, true, 2], [9, true, 1]]);
    strict_1.default.doesNotMatch(r.text, /#pragma omp/);
    strict_1.default.match(r.text, /meta_schedule \{\n\s+for \(int t = 0; t < T; t\+\+\) \{\n\s+meta_for \(int v = 0; v < dim; v\+\+\)/);
    strict_1.default.ok((await (0, index_2.generateCuda)(r.text, { fileName: 'omp.mfc' })).text);
});
(0, node_test_1.test)('OpenMP clauses: private scalars and indices declared before the loop become each thread\'s own; collapse(2); a dependence the test cannot rule out trusted to the pragma; reductions and races refused; the result run against gcc -fopenmp', { skip: gcc }, async () => {
    const text = `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40, m = n + 3;
  int i, j, k;
  float t;
  float (*a)[m] = malloc(sizeof(float[n][m])), (*b)[m] = malloc(sizeof(float[n][m]));
  float *c = malloc(sizeof(float) * n);
  float sq[n * n];
  for (i = 0; i < n; i++) for (j = 0; j < m; j++) b[i][j] = (i + 2 * j) % 9;
  #pragma omp parallel for collapse(2) private(t)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      t = b[i][j] * 2;
      a[i][j] = t + 1;
    }
  #pragma omp parallel for private(k, t)
  for (i = 0; i < n; i++) {
    t = 0;
    for (k = 0; k < m; k++)
      t += a[i][k];
    c[i] = t;
    sq[i * i] = t;
  }
  float s = 0;
  #pragma omp parallel for reduction(+:s)
  for (i = 0; i < n; i++)
    s += c[i];
  #pragma omp parallel for
  for (i = 1; i < n; i++)
    c[i] = c[i - 1] + 1;
  double sum = s;
  for (i = 0; i < n; i++) sum += (i % 5 + 1) * c[i] + sq[i * i];
  printf("n=%d checksum=%.1f\\n", n, sum);
  return 0;
}
`;
    const r = await (0, index_1.tileText)(text, { fileName: 'clauses.c' });
    strict_1.default.ok(r.text, r.diagnostics.map(d => d.message).join('\n'));
    strict_1.default.deepEqual(r.nests.map(n => [n.line, n.tiled]), [[10, true], [12, true], [18, true], [27, false], [30, false], [33, false]]);
    const notes = r.diagnostics.map(d => `${d.code} line ${text.slice(0, d.start).split('\n').length}: ${d.message}`);
    strict_1.default.match(notes.join('\n'), /MF701 line 18: tiled into a meta_schedule of 1 kernel; trusted the OpenMP pragma over a dependence the test cannot rule out: 'sq\[i \* i\]' \(line 23\) and 'sq\[i \* i\]' \(line 23\) touch the same element of 'sq' at different iterations of 'i'/);
    // Without the pragma the same loop stays serial: nothing proves i * i apart.
    const plain = await (0, index_1.tileText)(text.replace('#pragma omp parallel for private(k, t)', ''), { fileName: 'clauses.c' });
    strict_1.default.equal(plain.nests.find(n => n.line === 18)?.tiled, false);
    strict_1.default.match(notes.join('\n'), /MF702 line 27: this loop nest stays serial: its reduction\(\+:s\) combines the iterations' results/);
    strict_1.default.match(notes.join('\n'), /MF702 line 30: this loop nest stays serial: the loop races under the OpenMP pragma: 'c\[i\]' \(line 31\) and 'c\[i - 1\]' \(line 31\) touch the same element of 'c' at different iterations of 'i': distance 1 on 'i'/);
    // collapse(2): both loops in 2-D; the private t and the inner index k declared in each thread.
    strict_1.default.match(r.text, /int i = v0\w* \* B0\w* \+ u0\w*;\n\s+int j = v1\w* \* B1\w* \+ u1\w*;\n\s+float t;\n\s+if \(i < n && j < m\)/);
    strict_1.default.match(r.text, /int i = v\w* \* B\w* \+ u\w*;\n\s+int k;\n\s+float t;\n\s+if \(i < n\) \{\n\s+t = 0;\n\s+for \(k = 0; k < m; k\+\+\)/);
    // The tiled program computes what the OpenMP program computes (its loops that stayed keep their pragmas).
    // On one thread: the program races on purpose (c[i] = c[i - 1] + 1 under a pragma), so its
    // result with more threads is not defined.
    await (0, emulate_1.sameAsGcc)(work, 'clauses', text, r.text, ['40', '17'], { flags: ['-fopenmp'], threads: [1] });
    // An index declared before a loop and read after it keeps the nest serial, with the reason.
    const after = await (0, index_1.tileText)('void g(int n, int *a) {\n  int i;\n  for (i = 0; i < n; i++)\n    a[i] = i;\n  a[0] = i;\n}\n', {});
    strict_1.default.match(after.diagnostics[0].message, /'i' is read after the loop nest \(line 5\), where a tiled nest would not leave the value the loop ends with/);
});
(0, node_test_1.test)('early exits: break and return keep a loop serial; a continue of the parallel loop ends the thread\'s iteration before the barrier (shared memory)', { skip: gcc }, async () => {
    const exits = await (0, index_1.tileText)('int f(int n, int *a, int *b) {\n  for (int i = 0; i < n; i++) {\n    if (a[i] < 0) break;\n    b[i] = a[i];\n  }\n  for (int i = 0; i < n; i++)\n    if (a[i] < 0) return i;\n  return 0;\n}\n', {});
    strict_1.default.deepEqual(exits.diagnostics.map(d => d.message), [
        "this loop nest stays serial: 'break;' (line 3) ends the loop 'i' early: whether a later iteration runs depends on an earlier one",
        "this loop nest stays serial: 'return i;' (line 7) leaves the loop 'i' from inside an iteration",
    ]);
    const text = `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int *a = malloc(sizeof(int) * n), *b = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) { a[i] = (i * 7) % 13 - 3; b[i] = -1; }
  for (int i = 1; i < n - 1; i++) {
    if (a[i] < 0) continue;
    b[i] = a[i - 1] + a[i + 1];
  }
  long s = 0;
  for (int i = 0; i < n; i++) s += (i % 5 + 1) * b[i];
  printf("%ld\\n", s);
  return 0;
}
`;
    const r = await (0, index_1.tileText)(text, { offset: text.indexOf('for (int i = 1'), block: [32] });
    strict_1.default.ok(r.text, r.diagnostics.map(d => d.message).join('\n'));
    const cuda = await (0, emulate_1.sameAsGcc)(work, 'continue', text, r.text, ['1000', '77'], { memory: 'shared' });
    strict_1.default.match(cuda, /do \{\n\s+int i = 1 \+ v \* B \+ u;\n\s+if \(i < n - 1\) \{\n\s+if \(shared_a\[[^\]]+\] < 0\) continue;[^]*\} while \(0\);\n\s+\}\n\s+__syncthreads\(\);/);
});
(0, node_test_1.test)('a serial loop ending on k <= i && k <= j runs to the first bound with the rest as a guard; one that stops at a value stays as written', async () => {
    // c is restrict: else it may be a or b, and the nest stays serial.
    const bounds = await (0, index_1.tileText)('void f(int n, float a[n][n], float b[n][n], float c[restrict n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++) {\n      float s = 0;\n      for (int k = 0; k <= i && k <= j; k++)\n        s += a[i][k] * b[k][j];\n      c[i][j] = s;\n    }\n}\n', {});
    strict_1.default.ok(bounds.text, bounds.diagnostics.map(d => d.message).join('\n'));
    strict_1.default.match(bounds.text, /for \(int k = 0; k <= i; k\+\+\)\n\s+if \(k <= j\) s \+= a\[i\]\[k\] \* b\[k\]\[j\];/);
    const stops = await (0, index_1.tileText)('void f(int n, int m, float *a, float *restrict b) {\n  for (int i = 0; i < n; i++) {\n    float s = 0;\n    for (int k = 0; k < m && a[k] != 0; k++)\n      s += a[k];\n    b[i] = s;\n  }\n}\n', {});
    strict_1.default.equal(stops.text, undefined);
    strict_1.default.match(stops.diagnostics[0].message, /stays serial: the schedule it would become breaks a rule of the CUDA generator: serial loop in 'meta_schedule': the loop condition must compare 'k'.* \[MF505\]/);
});
(0, node_test_1.test)('metafork tile: the text, --json, the notes, and usage errors', async () => {
    const run = async (...args) => {
        let stdout = '', stderr = '';
        const code = await (0, cli_1.main)(args, { stdout: s => { stdout += s; }, stderr: s => { stderr += s; } });
        return { code, stdout, stderr };
    };
    const file = path.join(DIR, 'vadd.c');
    const text = await run('tile', file, '--block', '128', '--granularity', '2');
    strict_1.default.equal(text.code, 0, text.stderr);
    strict_1.default.match(text.stdout, /int B = 128;\n\s+int s = 2;/);
    strict_1.default.match(text.stderr, /vadd\.c:33:5: note: tiled into a meta_schedule of 1 kernel; each thread computes 2 results \[MF701\]/);
    strict_1.default.match(text.stderr, /note: this loop nest stays serial: .*\[MF702\]/); // the LCG initialisation
    const json = JSON.parse((await run('tile', file, '--json')).stdout);
    strict_1.default.ok(json.nests.some((n) => n.tiled));
    // Nothing to tile (the recurrence's nest, line 29): the text is not printed, the reasons are, exit 1.
    const refused = await run('tile', path.join(DIR, 'refuse', 'recurrence.c'), '--at', '29');
    strict_1.default.equal(refused.code, 1);
    strict_1.default.equal(refused.stdout, '');
    strict_1.default.match(refused.stderr, /distance 1 on 'i' \[MF702\]/);
    strict_1.default.equal((await run('tile', file, '--block', '64,32')).code, 2);
    strict_1.default.equal((await run('tile', file, '--block', 'x')).code, 2);
    strict_1.default.equal((await run('tile', file, '--granularity', '0')).code, 2);
    // --at LINE takes only the nest on that line (the kernel at line 33, not the LCG loop at 26).
    const at = await run('tile', file, '--at', '33', '--skew', '2', '--merge', '2', '--cache', 'a,b,zz', '--tile', '8');
    strict_1.default.equal(at.code, 0, at.stderr);
    strict_1.default.doesNotMatch(at.stderr, /MF702/);
    strict_1.default.match(at.stdout, /int M = 2;\n\s+int s = 2;\n[^]*meta_schedule cache\(a, b\) \{/);
    strict_1.default.match(at.stderr, /vadd\.c:33:5: warning: cache: 'zz' is not an array of the tiled loop nests, so nothing stages it \[MF704\]/);
    strict_1.default.match((await run('tile', file, '--at', '1')).stderr, /error: no loop nest here to tile \[MF703\]/);
    for (const bad of [['--at', '0'], ['--at', '100000'], ['--merge', '-1'], ['--cache', 'a[0]'], ['--tile', '8'], ['--collapse', '--block']]) {
        strict_1.default.equal((await run('tile', file, ...bad)).code, 2, bad.join(' '));
    }
});
(0, node_test_1.test)('the dependence test reads through a dereference: (*t)[r][s] is t[0][r][s], no dependence of t with itself', async () => {
    const text = [
        'void g(int n, double (*t)[100][100]) {',
        '  for (int r = 0; r < 100; r++)',
        '    for (int s = 0; s < 100; s++)',
        '      (*t)[r][s] = r + s;',
        '}',
        '',
    ].join('\n');
    const r = await (0, index_1.tileText)(text, { fileName: 'deref.c', offset: text.indexOf('for') });
    // What remains is the CUDA generator's own rule (it sizes transfers from 'name[row][column]').
    strict_1.default.deepEqual(r.diagnostics.map(d => [d.code, d.message]), [[
            'MF702',
            "this loop nest stays serial: the schedule it would become breaks a rule of the CUDA generator: the generator cannot tell how many elements of 't' to transfer: 't' points to rows and is used other than as 'name[row][column]'; declare it with its extents (e.g. 'double t[N]') or bound its index [MF509]",
        ]]);
});
//# sourceMappingURL=tile.test.js.map