"use strict";
// Names in the generated CUDA. A function is named from the tree,
// whatever comes before its declarator (attributes, static inline, a pointer result, K&R
// parameters), so the functions a kernel calls get __host__ __device__ and the .cu compiles and
// runs. A name declared nowhere is refused at its position (by the check, or by the generator when
// an unknown header may declare it): exit 1, nothing on stdout, through `cuda` and `optimize` alike.
// A macro is read expanded: the kernel receives the variables it names.
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
const elide_1 = require("../../server/src/model/elide");
const index_1 = require("../../server/src/cuda/index");
const index_2 = require("../../server/src/optimize/index");
const ast_1 = require("../../server/src/syntax/ast");
const cli_1 = require("../../server/src/cli");
const build_1 = require("./emu/build");
const run_1 = require("./emu/run");
const gcc_1 = require("../differential/gcc");
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-names-'));
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 && (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
const nvcc = (0, build_1.nvccAvailable)() ? false : 'nvcc not found';
async function cli(...args) {
    let stdout = '', stderr = '';
    const code = await (0, cli_1.main)(args, { stdout: s => { stdout += s; }, stderr: s => { stderr += s; } });
    return { code, stdout, stderr };
}
/** `file:line:col` of the `occurrence`-th `needle` in `text`, as the CLI prints it. */
function at(file, text, needle, occurrence = 1) {
    let i = -1;
    for (let k = 0; k < occurrence; k++)
        i = text.indexOf(needle, i + 1);
    strict_1.default.ok(i >= 0, needle);
    const before = text.slice(0, i).split('\n');
    return `${file}:${before.length}:${before[before.length - 1].length + 1}`;
}
const CALLED = `#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int sq(int x) { return x * x; }
static inline int twice(int x) { return 2 * x; }
static inline __attribute__((always_inline)) double half(double x) { return x / 2; }
int *pick(int *p, int k) { return p + k; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int *a = malloc(sizeof(int) * n);
  int *b = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) b[i] = i % 13;
  int B = 64;
  int dim = (n + B - 1) / B;
  meta_schedule {
    meta_for (int v = 0; v < dim; v++)
      meta_for (int u = 0; u < B; u++) {
        int i = v * B + u;
        if (i < n) {
          int t[2] = { b[i], i };
          a[i] = sq(b[i]) + twice(i) + (int) half(6.0) + *pick(t, 1);
        }
      }
  }
  long s = 0;
  for (int i = 0; i < n; i++) s += (i % 7 + 1) * (long) a[i];
  printf("n=%d s=%ld\\n", n, s);
  free(a); free(b);
  return 0;
}
`;
(0, node_test_1.test)('functionName reads the declarator: attributes, static inline, a pointer result, K&R, a function returning a function pointer', async () => {
    const text = `__attribute__((noinline)) static int sq(int x) { return x * x; }
static inline __attribute__((always_inline)) double half(double x) { return x / 2; }
int *pick(int *p, int k) { return p + k; }
int kr(x, y) int x; int y; { return x - y; }
int (*chooser(void))(int) { return 0; }
`;
    const { model } = await (0, helpers_1.checkSource)(text, 'names.c');
    const names = model.allItems().map(m => (0, ast_1.functionName)(m.item, text)).map(id => id && [id.name, text.slice(id.start, id.end)]);
    strict_1.default.deepEqual(names, [['sq', 'sq'], ['half', 'half'], ['pick', 'pick'], ['kr', 'kr'], ['chooser', 'chooser']]);
});
(0, node_test_1.test)('the functions a kernel calls, however declared, become __host__ __device__; the .cu runs like gcc -O2 in the emulation', { skip: gcc }, async () => {
    const r = await (0, index_1.generateCuda)(CALLED, { fileName: 'called.mfc' });
    strict_1.default.ok(r.text, r.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
    for (const line of ['__host__ __device__ __attribute__((noinline)) static int sq(int x)', '__host__ __device__ static inline int twice(int x)',
        '__host__ __device__ static inline __attribute__((always_inline)) double half(double x)', '__host__ __device__ int *pick(int *p, int k)']) {
        strict_1.default.ok(r.text.includes(line), line);
    }
    const { model } = await (0, helpers_1.checkSource)(CALLED, 'called.mfc');
    const src = path.join(work, 'called.c'), cu = path.join(work, 'called.cu');
    fs.writeFileSync(src, (0, elide_1.elide)(model));
    fs.writeFileSync(cu, r.text);
    const built = (0, child_process_1.spawnSync)('gcc', ['-O2', '-o', `${src}.gcc`, src], { encoding: 'utf8' });
    strict_1.default.equal(built.status, 0, built.stderr);
    (0, build_1.buildEmulated)(cu, `${cu}.emu`);
    for (const n of ['1000', '333']) {
        const want = (0, child_process_1.spawnSync)(`${src}.gcc`, [n], { encoding: 'utf8' }).stdout;
        const got = (0, child_process_1.spawnSync)(`${cu}.emu`, [n], { encoding: 'utf8', timeout: 60_000 });
        strict_1.default.equal(got.status, 0, got.stderr);
        strict_1.default.equal(got.stdout, want, `n = ${n}`);
    }
});
(0, node_test_1.test)('the .cu whose kernel calls attributed, inline and pointer-returning functions compiles with nvcc -arch=sm_90', { skip: nvcc }, async () => {
    const r = await (0, index_1.generateCuda)(CALLED, { fileName: 'called.mfc' });
    strict_1.default.ok(r.text, r.diagnostics.map(d => d.message).join('\n'));
    const cu = path.join(work, 'called-nvcc.cu');
    fs.writeFileSync(cu, r.text);
    (0, build_1.nvccCompile)(cu, `${cu}.o`);
});
const UNDECLARED = `void f(int n, int *a) {
  int s = 0;
  meta_schedule {
    meta_for (int v = 0; v < n; v++)
      meta_for (int u = 0; u < 4; u++) {
        total_out = s;
        a[v * 4 + u] = s;
      }
  }
}
`;
const MACRO_LOCAL = `#define LEN n
void f(int *a) {
  int n = 8;
  meta_schedule {
    meta_for (int v = 0; v < 4; v++)
      meta_for (int u = 0; u < 8; u++)
        a[v * LEN + u] = u;
  }
}
`;
const MACRO_BOUND = `#define LEN n
void f(int n, int *a) {
  meta_schedule {
    meta_for (int v = 0; v < LEN; v++)
      meta_for (int u = 0; u < 4; u++)
        a[v * 4 + u] = u;
  }
}
`;
const REFUSALS = [
    // The whole program in view, a name declared nowhere is what the compiler says it is.
    { name: 'an assignment to a name declared nowhere', text: UNDECLARED, needle: 'total_out', code: 'MF120',
        message: "error: 'total_out' undeclared (first use in this function) [MF120]" },
    // Behind a system header the tool has no table of, the name may be declared: the generator
    // cannot tell what it is.
    { name: 'an assignment to a name an unknown system header may declare', text: `#include <mylib.h>\n${UNDECLARED}`,
        needle: 'total_out', code: 'MF513',
        message: "error: 'total_out' is declared nowhere in this file (in a header or behind a macro): the generator cannot tell what it is, and a kernel has only the variables it receives [MF513]" },
];
for (const c of REFUSALS) {
    (0, node_test_1.test)(`cuda and optimize refuse ${c.name}: exit 1, the position, nothing on stdout`, async () => {
        const file = path.join(work, `${c.name.replace(/\W+/g, '-')}.mfc`);
        fs.writeFileSync(file, c.text);
        const line = `${at(file, c.text, c.needle)}: ${c.message}\n`;
        const cuda = await cli('cuda', file);
        strict_1.default.deepEqual(cuda, { code: 1, stdout: '', stderr: line });
        const optimize = await cli('optimize', file);
        strict_1.default.deepEqual(optimize, { code: 1, stdout: '', stderr: line });
        // The library calls the tests and the server use.
        const g = await (0, index_1.generateCuda)(c.text, { fileName: file });
        strict_1.default.equal(g.text, undefined);
        const start = c.text.indexOf(c.needle), name = c.needle.split(/\W/)[0];
        strict_1.default.deepEqual(g.diagnostics.map(d => [d.code, d.start, d.end]), [[c.code, start, start + name.length]]);
        const o = await (0, index_2.optimizeText)(c.text, { fileName: file, registers: 'estimate' });
        strict_1.default.equal(o.cuda, undefined);
        strict_1.default.deepEqual(o.diagnostics.map(d => [d.code, d.start, d.end, d.message]), g.diagnostics.map(d => [d.code, d.start, d.end, d.message]));
    });
}
(0, node_test_1.test)('a macro expanding to a variable of the host (a local, a parameter): the kernel receives the variable, keeps the macro, and nvcc compiles it', async () => {
    for (const [text, needle, signature] of [[MACRO_LOCAL, 'a[v * LEN + u] = u;', '__global__ void kernel0(int *a, int n)'],
        [MACRO_BOUND, 'for (int v = blockIdx.x; v < n; v += gridDim.x)', '__global__ void kernel0(int *a, int n)']]) {
        const r = await (0, index_1.generateCuda)(text, { fileName: path.join(work, 'macro.mfc') });
        strict_1.default.ok(r.text, r.diagnostics.map(d => d.message).join('\n'));
        strict_1.default.ok(r.text.includes(signature), r.text);
        strict_1.default.ok(r.text.includes(needle), r.text);
        if (!nvcc) {
            const cu = path.join(work, 'macro.cu');
            fs.writeFileSync(cu, r.text);
            (0, build_1.nvccCompile)(cu, `${cu}.o`);
        }
    }
});
(0, node_test_1.test)('a K&R definition the kernel calls is named from the tree too (its __host__ __device__ is placed; C++ compilers reject K&R itself)', async () => {
    const text = 'int kr(x, y)\n  int x;\n  int y;\n{ return x - y; }\nvoid f(int n, int *a) {\n  meta_schedule {\n    meta_for (int v = 0; v < n; v++)\n      meta_for (int u = 0; u < 4; u++)\n        a[v * 4 + u] = kr(u, v);\n  }\n}\n';
    const r = await (0, index_1.generateCuda)(text, { fileName: 'kr.mfc' });
    strict_1.default.ok(r.text, r.diagnostics.map(d => d.message).join('\n'));
    strict_1.default.ok(r.text.includes('__host__ __device__ int kr(x, y)'), r.text);
});
(0, node_test_1.test)('names the kernel can resolve stay accepted: a constant macro, an enumerator, a macro expanding to a variable the kernel receives, blockDim', async () => {
    const text = `#define W 4
#define WIDTH (W * 1)
#define LEN n
enum { H = 2 };
void f(int n, int *a) {
  meta_schedule {
    meta_for (int v = 0; v < n; v++)
      meta_for (int u = 0; u < WIDTH; u++)
        a[v * W + u] = u * H + n + LEN + (int) blockDim.x * 0;
  }
}
`;
    const r = await (0, index_1.generateCuda)(text, { fileName: 'ok.mfc' });
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => d.message), []);
    strict_1.default.ok(r.text);
});
(0, node_test_1.test)('an array declared in a header: a header not found is refused at its #include (MF110); found, its extents size the transfer and nvcc compiles the .cu', async () => {
    const text = `#include "g.h"
void f(int n) {
  meta_schedule {
    meta_for (int v = 0; v < n; v++)
      meta_for (int u = 0; u < 4; u++)
        g[v * 4 + u] = u;
  }
}
`;
    const dir = fs.mkdtempSync(path.join(work, 'header-'));
    const file = path.join(dir, 'g.mfc');
    const missing = await (0, index_1.generateCuda)(text, { fileName: file });
    strict_1.default.equal(missing.text, undefined);
    strict_1.default.deepEqual(missing.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), [['MF110', '#include "g.h"', `'g.h' file not found (searched ${dir})`]]);
    fs.writeFileSync(path.join(dir, 'g.h'), '#define G_LEN 1024\nextern int g[G_LEN];\n');
    const found = await (0, index_1.generateCuda)(text, { fileName: file });
    strict_1.default.ok(found.text, found.diagnostics.map(d => d.message).join('\n'));
    strict_1.default.ok(found.text.startsWith('#include "g.h"\n'), found.text);
    strict_1.default.ok(found.text.includes('sizeof(int) * G_LEN'), found.text);
    if (!nvcc) {
        const cu = path.join(dir, 'g.cu');
        fs.writeFileSync(cu, found.text);
        (0, build_1.nvccCompile)(cu, `${cu}.o`);
    }
});
(0, node_test_1.test)("C's restrict, which C++ lacks, becomes __restrict__ in the .cu (and leaves an array parameter's brackets): nvcc compiles it", { skip: nvcc }, async () => {
    const text = `void shift(int n, double *restrict a, const double *restrict b, double c[restrict 64]) {
  meta_schedule {
    meta_for (int v = 0; v < n; v++)
      meta_for (int u = 0; u < 4; u++)
        a[v * 4 + u] = b[v * 4 + u] + 1;
  }
}
`;
    const r = await (0, index_1.generateCuda)(text, { fileName: 'restrict.mfc' });
    strict_1.default.ok(r.text, r.diagnostics.map(d => d.message).join('\n'));
    strict_1.default.ok(r.text.includes('void shift(int n, double *__restrict__ a, const double *__restrict__ b, double c[64]) {'), r.text);
    const cu = path.join(work, 'restrict.cu');
    fs.writeFileSync(cu, r.text);
    (0, build_1.nvccCompile)(cu, `${cu}.o`);
});
// Names the kernel prints without its body naming them: a staged tile's copy
// loop bounds its elements by the array's extents, and `m[x][1]` is flattened with m's row length.
// Every variable those extents name is a kernel argument, so the .cu compiles and computes.
const EXTENTS = `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 97;
  int C = argc > 2 ? atoi(argv[2]) : 13;
  int B = 8;
  int out[N + 1];
  double m[N][C];
  for (int i = 0; i <= N; i++) out[i] = i;
  for (int i = 0; i < N; i++) for (int k = 0; k < C; k++) m[i][k] = i - k;
  int dim = N / B;
  meta_schedule cache(out) {
      meta_for (int i = 0; i < dim; i++)
          meta_for (int j = 0; j < B; j++) {
              int x = i * B + j;
              out[x] = out[x] + 3;
              m[x][1] = m[x][0] * 2;
          }
  }
  long s = 0; for (int i = 0; i <= N; i++) s += out[i] * (i + 1);
  double t = 0; for (int i = 0; i < N; i++) for (int k = 0; k < C; k++) t += m[i][k] * (k + 1);
  printf("%ld %.1f\\n", s, t);
  return 0;
}
`;
/** The .cu, compiled with nvcc when there is one, runs race-checked in the emulation (in every order) like the elided program built by gcc -O2. */
async function runsLikeGcc(name, program, cuText, runs) {
    const { model } = await (0, helpers_1.checkSource)(program, `${name}.mfc`);
    const src = path.join(work, `${name}.c`), cu = path.join(work, `${name}.cu`);
    fs.writeFileSync(src, (0, elide_1.elide)(model));
    fs.writeFileSync(cu, cuText);
    if (!nvcc)
        (0, build_1.nvccCompile)(cu, `${cu}.o`);
    const built = (0, child_process_1.spawnSync)('gcc', [...gcc_1.OPTIMIZED, '-o', `${src}.gcc`, src, '-lm'], { encoding: 'utf8' });
    strict_1.default.equal(built.status, 0, built.stderr);
    (0, build_1.buildEmulated)(cu, `${cu}.emu`);
    for (const args of runs) {
        const want = (0, child_process_1.spawnSync)(`${src}.gcc`, args, { encoding: 'utf8' });
        strict_1.default.equal(want.status, 0, want.stderr);
        strict_1.default.equal((0, run_1.runInEveryOrder)(`${cu}.emu`, args, `${name} ${args.join(' ')}`), want.stdout, `${name} ${args.join(' ')}`);
    }
}
(0, node_test_1.test)('variables named only by the extents of the arrays a kernel uses (tile copy bounds, flattened rows) become its arguments: cuda --memory shared and optimize -o compile and compute', { skip: gcc }, async () => {
    const r = await (0, index_1.generateCuda)(EXTENTS, { fileName: 'extents.mfc', memory: 'shared' });
    strict_1.default.ok(r.text, r.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
    strict_1.default.ok(r.text.includes('__global__ void kernel0(int *out, double *m, int dim, int B, int N, int C)'), r.text);
    const runs = [['97', '13'], ['61', '7'], ['8', '2']];
    await runsLikeGcc('extents', EXTENTS, r.text, runs);
    const o = await (0, index_2.optimizeText)(EXTENTS, { fileName: 'extents.mfc', registers: 'estimate' });
    strict_1.default.ok(o.cuda, o.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
    await runsLikeGcc('extents-optimized', EXTENTS, o.cuda, runs);
});
// A kernel calls what the device has: the functions this file defines (they get a device version)
// and CUDA's device functions. A function only declared (its body in another file or a library),
// or declared nowhere, has no device version: nvcc would reject the .cu.
const CALLS = (call, declaration) => `#include <stdio.h>
#include <math.h>
${declaration}
int main(void) {
  double a[100], b[100];
  for (int i = 0; i < 100; i++) b[i] = i;
  meta_schedule {
    meta_for (int i = 0; i < 10; i++)
      meta_for (int j = 0; j < 10; j++)
        a[i * 10 + j] = ${call}(b[i * 10 + j]);
  }
  double s = 0;
  for (int i = 0; i < 100; i++) s += a[i] * (i + 1);
  printf("%f\\n", s);
  return 0;
}
`;
// An extent whose variable changes after the declaration (`int a[n]; ... n = 8;`) no longer gives
// the array's size where the schedule runs: the transfers and the kernel would use the new value.
const STALE = `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 99;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i;
  int dim = n / 8;
  n = 8;
  meta_schedule {
    meta_for (int v = 0; v < dim; v++)
      meta_for (int u = 0; u < 8; u++)
        a[v * 8 + u] += 1;
  }
  long s = 0; for (int i = 0; i < dim * 8; i++) s += a[i];
  printf("%ld\\n", s);
  return 0;
}
`;
const KERNEL_REFUSALS = [
    { name: "an extent whose variable changes between the array's declaration and the schedule", text: STALE, needle: 'a[n]',
        message: "error: 'n' in the extent of 'a' may change between the declaration and the schedule: its value there is not the array's size [MF513]" },
    { name: 'a kernel calling a function declared without a body', text: CALLS('h', 'double h(double);'), needle: 'h(b',
        message: "error: 'h' is declared in this file but not defined here: a kernel can call only the functions this file defines (they get a __host__ __device__ version) and CUDA's device functions [MF513]" },
    { name: 'a kernel calling a function declared nowhere', text: CALLS('foo', ''), needle: 'foo(b',
        message: "error: 'foo' is declared nowhere in this file (in a header or behind a macro): a kernel can call only the functions this file defines (they get a __host__ __device__ version) and CUDA's device functions [MF513]" },
];
for (const c of KERNEL_REFUSALS) {
    (0, node_test_1.test)(`cuda and optimize refuse ${c.name}: exit 1, the position, nothing on stdout`, async () => {
        const file = path.join(work, `${c.name.replace(/\W+/g, '-')}.mfc`);
        fs.writeFileSync(file, c.text);
        const line = `${at(file, c.text, c.needle)}: ${c.message}\n`;
        strict_1.default.deepEqual(await cli('cuda', file), { code: 1, stdout: '', stderr: line });
        strict_1.default.deepEqual(await cli('cuda', '--memory', 'shared', file), { code: 1, stdout: '', stderr: line });
        const out = path.join(work, `${c.name.replace(/\W+/g, '-')}.cu`);
        strict_1.default.deepEqual(await cli('optimize', file, '-o', out), { code: 1, stdout: '', stderr: line });
        strict_1.default.equal(fs.existsSync(out), false);
    });
}
(0, node_test_1.test)("a kernel calling CUDA's device math functions and a function defined after its prototype is accepted: it compiles and computes", { skip: gcc }, async () => {
    const text = CALLS('h', `double h(double);
double g(double x) { return sqrt(x) + fabs(-x) + fmin(x, 3.0) + fmax(x, 1.0) + exp(-x) + pow(x, 2.0) + sin(x) + floor(x / 2); }`).replace(/return 0;\n}\n$/, 'return 0;\n}\ndouble h(double x) { return g(x) * 2; }\n');
    const r = await (0, index_1.generateCuda)(text, { fileName: 'device-calls.mfc' });
    strict_1.default.ok(r.text, r.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
    await runsLikeGcc('device-calls', text, r.text, [[]]);
});
//# sourceMappingURL=names.test.js.map