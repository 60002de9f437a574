"use strict";
// The CUDA CPU emulation (test/cuda/emu/): CUDA programs built with g++ and cuda_emu.h run with
// CUDA's semantics (blocks, barriers, shared memory, launch checks, device limits).
// - Every sample in test/cuda/emu/samples/ computes a result, checks it against a host
//   reference and prints OK or MISMATCH lines; it must run and print only OK, also race-checked
//   and in every order (MF_EMU_RACECHECK, MF_EMU_ORDER; the planted races are racecheck.test.ts').
// - Device limits come from MF_EMU_* variables; launches beyond them fail as on a GPU.
// - The rewrite of launches and extern __shared__ is checked on tricky sources.
// - Every sample is valid CUDA: compiled with nvcc -arch=sm_90 where nvcc is installed.
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
const rewrite_1 = require("./emu/rewrite");
const build_1 = require("./emu/build");
const run_1 = require("./emu/run");
const SAMPLES = path.join((0, build_1.repoRoot)(), 'test', 'cuda', 'emu', 'samples');
const samples = fs.readdirSync(SAMPLES).filter(f => f.endsWith('.cu')).map(f => f.slice(0, -3)).sort();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cuda-emu-'));
const gxx = (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'g++ not found';
const nvcc = (0, build_1.nvccAvailable)() ? false : 'nvcc not found';
// Builds run in the background (buildEmulatedAsync's lanes, one per core) from the moment the
// file loads: each test waits for its own. A rejected build is marked handled here and fails the
// test that awaits it.
function inline(name, source) {
    const file = path.join(work, `${name}.cu`);
    fs.writeFileSync(file, source);
    return file;
}
const builds = new Map();
function built(name, cu = path.join(SAMPLES, `${name}.cu`)) {
    if (!builds.has(name)) {
        const exe = path.join(work, name);
        const b = (0, build_1.buildEmulatedAsync)(cu, exe).then(() => exe);
        b.catch(() => undefined);
        builds.set(name, b);
    }
    return builds.get(name);
}
/** Runs an emulated program with only the given MF_EMU_* settings. */
function run(exe, env = {}) {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MF_EMU_')));
    const start = Date.now();
    const r = (0, child_process_1.spawnSync)(exe, [], { env: { ...clean, ...env }, encoding: 'utf8', timeout: 30000 });
    if (r.error)
        throw r.error;
    return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - start };
}
function assertOk(r, name) {
    const out = `--- stdout ---\n${r.stdout}--- stderr ---\n${r.stderr}`;
    strict_1.default.equal(r.status, 0, `${name} exited with ${r.status ?? r.signal}\n${out}`);
    strict_1.default.doesNotMatch(r.stdout, /MISMATCH|CUDA error/, out);
    strict_1.default.match(r.stdout, new RegExp(`^OK ${name}\\b`, 'm'), out);
}
// Programs that only the emulator runs (they test its own checks), built with the samples.
const strictSource = `#include <cstdio>
#include <cuda_runtime.h>
// Threads 8..31 exit before the barrier that threads 0..7 wait at.
__global__ void early_exit(int* out) {
  if (threadIdx.x >= 8) return;
  out[threadIdx.x] = (int)threadIdx.x + 1;
  __syncthreads();
  int right = out[(threadIdx.x + 1) % 8];
  __syncthreads();
  out[threadIdx.x] += right;
}
int main() {
  int* d;
  cudaMalloc(&d, 8 * sizeof(int));
  early_exit<<<1, 32>>>(d);
  int h[8], sum = 0;
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 8; ++i) sum += h[i];
  printf("sum=%d\\n", sum);
  return 0;
}
`;
const hostApiSource = `#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
using namespace std;  // CUDA's min/max must still win in kernels, std's must still work

__shared__ int counter;  // file-scope shared variable: one per block

__global__ void count(int* out) {
  if (threadIdx.x == 0) counter = 0;
  __syncthreads();
  atomicAdd(&counter, 1);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = min(counter, 1000) + max(1, 2) + (int)max(0.5f, 0.25f);
}

__global__ void big_shared(int* out) {
  extern __shared__ int s[];
  s[threadIdx.x] = 1;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = s[blockDim.x - 1];
}

int main() {
  int* d;
  cudaMalloc(&d, 4 * sizeof(int));
  count<<<4, 64>>>(d);
  int h[4];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("counts=%d,%d,%d,%d\\n", h[0], h[1], h[2], h[3]);
  printf("host min=%d max=%.1f\\n", min(3, 4), max(2.5, 1.0));
  int host[4] = {0, 0, 0, 0};
  printf("copy to a host pointer as HostToDevice: %s\\n", cudaGetErrorString(cudaMemcpy(host, h, sizeof h, cudaMemcpyHostToDevice)));
  printf("free of a host pointer: %s\\n", cudaGetErrorString(cudaFree(host)));
  unsigned* fresh;
  cudaMalloc(&fresh, sizeof(unsigned));
  unsigned garbage = 0;
  cudaMemcpy(&garbage, fresh, sizeof garbage, cudaMemcpyDeviceToHost);
  printf("fresh device memory: %08x\\n", garbage);
  cudaGetLastError();
  big_shared<<<1, 1024, 100000>>>(d);
  printf("100000 bytes of shared memory: %s\\n", cudaGetErrorString(cudaGetLastError()));
  cudaFuncSetAttribute(big_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000);
  big_shared<<<1, 1024, 100000>>>(d);
  cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost);
  printf("after cudaFuncSetAttribute: %s, s[last]=%d\\n", cudaGetErrorString(cudaGetLastError()), h[0]);
  return 0;
}
`;
// A compile error on line 4 of the .cu file.
const brokenSource = `#include <cuda_runtime.h>
__global__ void k(int* p) {
  int ok = 1;
  p[threadIdx.x] = undeclared_name + ok;
}
int main() { k<<<1, 1>>>(nullptr); }
`;
const strictCu = inline('strict', strictSource);
const hostApiCu = inline('host_api', hostApiSource);
const brokenCu = inline('broken', brokenSource);
const brokenBuild = gxx ? Promise.resolve() : (0, build_1.buildEmulatedAsync)(brokenCu, path.join(work, 'broken'));
brokenBuild.catch(() => undefined);
if (!gxx) {
    for (const s of samples)
        void built(s);
    void built('strict', strictCu);
    void built('host_api', hostApiCu);
}
const nvccBuilds = new Map();
if (!nvcc) {
    for (const s of samples) {
        const b = (0, build_1.nvccCompileAsync)(path.join(SAMPLES, `${s}.cu`), path.join(work, `${s}.o`));
        b.catch(() => undefined);
        nvccBuilds.set(s, b);
    }
}
// ---- the samples ---------------------------------------------------------------------------------
(0, node_test_1.test)('there are samples of every kind', () => {
    for (const s of ['vecadd', 'reduce', 'stencil', 'matmul', 'badlaunch', 'props'])
        strict_1.default.ok(samples.includes(s), s);
});
for (const name of samples) {
    (0, node_test_1.test)(`${name}.cu runs on the CPU emulation and checks out`, { skip: gxx }, async (t) => {
        const r = run(await built(name));
        t.diagnostic(`${name}: ${r.ms} ms`);
        assertOk(r, name);
    });
}
(0, node_test_1.test)('the big launches are fast: 40,001 blocks of 16 threads, 2,000 blocks of 256 threads with 9 barriers each', { skip: gxx }, async (t) => {
    for (const name of ['stencil', 'reduce']) {
        const r = run(await built(name));
        assertOk(r, name);
        t.diagnostic(`${name}: ${r.ms} ms`);
        strict_1.default.ok(r.ms < 10000, `${name} took ${r.ms} ms`);
    }
});
(0, node_test_1.test)('badlaunch: an invalid configuration is reported by cudaGetLastError; kernel printf works', { skip: gxx }, async () => {
    const r = run(await built('badlaunch'));
    strict_1.default.match(r.stdout, /^2048 threads per block: invalid configuration argument$/m);
    strict_1.default.match(r.stdout, /^hello from block 1 thread 3: 42$/m);
    strict_1.default.equal(r.stdout.match(/^hello/gm)?.length, 1);
});
// ---- device properties from the environment -----------------------------------------------------
(0, node_test_1.test)('props: H100-like defaults', { skip: gxx }, async () => {
    const r = run(await built('props'));
    assertOk(r, 'props');
    for (const line of [
        'maxThreadsPerBlock=1024',
        'maxThreadsDim=1024,1024,64',
        'maxGridSize=2147483647,65535,65535',
        'sharedMemPerBlock=49152',
        'regsPerBlock=65536',
        'warpSize=32',
        'multiProcessorCount=132',
        'computeCapability=9.0',
        'launch512: no error ran=512',
    ]) {
        strict_1.default.match(r.stdout, new RegExp(`^${line}$`, 'm'));
    }
});
(0, node_test_1.test)('MF_EMU_MAX_THREADS_PER_BLOCK=256: the property changes and a 512-thread launch fails', { skip: gxx }, async () => {
    const r = run(await built('props'), { MF_EMU_MAX_THREADS_PER_BLOCK: '256' });
    assertOk(r, 'props');
    strict_1.default.match(r.stdout, /^maxThreadsPerBlock=256$/m);
    strict_1.default.match(r.stdout, /^maxThreadsDim=256,256,64$/m);
    strict_1.default.match(r.stdout, /^launch512: invalid configuration argument ran=0$/m);
});
(0, node_test_1.test)('the other MF_EMU_* properties', { skip: gxx }, async () => {
    const r = run(await built('props'), {
        MF_EMU_SHARED_MEM_PER_BLOCK: '64K',
        MF_EMU_MAX_GRID_X: '1000',
        MF_EMU_MAX_GRID_Y: '77',
        MF_EMU_REGS_PER_BLOCK: '32768',
        MF_EMU_SM_COUNT: '8',
        MF_EMU_CC_MAJOR: '8',
        MF_EMU_CC_MINOR: '6',
    });
    assertOk(r, 'props');
    for (const line of ['sharedMemPerBlock=65536', 'maxGridSize=1000,77,65535', 'regsPerBlock=32768', 'multiProcessorCount=8', 'computeCapability=8.6']) {
        strict_1.default.match(r.stdout, new RegExp(`^${line}$`, 'm'));
    }
});
(0, node_test_1.test)('launches beyond MF_EMU_MAX_GRID_X or MF_EMU_SHARED_MEM_PER_BLOCK fail with an invalid configuration', { skip: gxx }, async () => {
    const exe = await built('reduce');
    for (const env of [{ MF_EMU_MAX_GRID_X: '1000' }, { MF_EMU_SHARED_MEM_PER_BLOCK: '1K' }]) {
        const r = run(exe, env);
        strict_1.default.equal(r.status, 1, JSON.stringify(env));
        strict_1.default.match(r.stdout, /^CUDA error: invalid configuration argument at .*reduce\.cu:\d+$/m, JSON.stringify(env));
    }
});
(0, node_test_1.test)('MF_EMU_REGS_PER_THREAD: launches needing more registers than a block has fail', { skip: gxx }, async () => {
    const r = run(await built('props'), { MF_EMU_REGS_PER_THREAD: '255' });
    strict_1.default.match(r.stdout, /^launch512: too many resources requested for launch ran=0$/m);
});
(0, node_test_1.test)('a malformed MF_EMU_* value stops the program', { skip: gxx }, async () => {
    const r = run(await built('props'), { MF_EMU_MAX_THREADS_PER_BLOCK: 'lots' });
    strict_1.default.equal(r.status, 2);
    strict_1.default.match(r.stderr, /MF_EMU_MAX_THREADS_PER_BLOCK=lots is not an integer/);
});
// ---- execution modes -----------------------------------------------------------------------------
(0, node_test_1.test)('every sample runs race-checked (MF_EMU_RACECHECK=1) without a hazard, in every block and thread order', { skip: gxx }, async () => {
    for (const name of samples) {
        for (const order of run_1.ORDERS) {
            const r = run(await built(name), { MF_EMU_RACECHECK: '1', MF_EMU_ORDER: order });
            strict_1.default.equal(r.stderr, '', `${name} (${order})`);
            assertOk(r, name);
        }
    }
    // And the emulator's own test programs: a shared counter under atomicAdd, threads that exit.
    for (const [name, cu] of [['host_api', hostApiCu], ['strict', strictCu]]) {
        const exe = await built(name, cu);
        const r = run(exe, { MF_EMU_RACECHECK: '1' });
        strict_1.default.equal(r.stderr, '', name);
        strict_1.default.equal(r.status, 0, name);
        strict_1.default.equal(r.stdout, run(exe).stdout, name);
    }
});
(0, node_test_1.test)('several workers (MF_EMU_WORKERS=2) compute the same results', { skip: gxx }, async () => {
    for (const name of ['reduce', 'barriers', 'atomics', 'matmul'])
        assertOk(run(await built(name), { MF_EMU_WORKERS: '2' }), name);
});
(0, node_test_1.test)('ucontext fibers (MF_EMU_UCONTEXT=1) compute the same results', { skip: gxx }, async () => {
    for (const name of ['barriers', 'matmul'])
        assertOk(run(await built(name), { MF_EMU_UCONTEXT: '1' }), name);
});
(0, node_test_1.test)('threads that exit do not hold a barrier back; MF_EMU_STRICT_BARRIERS=1 makes that an error', { skip: gxx }, async () => {
    const exe = await built('strict', strictCu);
    const lenient = run(exe);
    strict_1.default.equal(lenient.status, 0, lenient.stderr);
    strict_1.default.match(lenient.stdout, /^sum=72$/m); // sum of (i+1) + (i+2 mod 8 ...) = 36 + 36
    const strict = run(exe, { MF_EMU_STRICT_BARRIERS: '1' });
    strict_1.default.equal(strict.signal, 'SIGABRT');
    strict_1.default.match(strict.stderr, /__syncthreads\(\) reached by 8 of 32 threads of block \(0,0,0\)/);
});
(0, node_test_1.test)('runtime API checks: pointers, fresh memory, opt-in shared memory, min/max beside std', { skip: gxx }, async () => {
    const r = run(await built('host_api', hostApiCu));
    strict_1.default.equal(r.status, 0, r.stderr);
    strict_1.default.equal(r.stdout, [
        'counts=66,66,66,66',
        'host min=3 max=2.5',
        'copy to a host pointer as HostToDevice: invalid argument',
        'free of a host pointer: invalid argument',
        'fresh device memory: ffffffff',
        '100000 bytes of shared memory: invalid configuration argument',
        'after cudaFuncSetAttribute: no error, s[last]=1',
        '',
    ].join('\n'));
});
(0, node_test_1.test)('compiler errors point at the line of the .cu file', { skip: gxx }, async () => {
    await strict_1.default.rejects(brokenBuild, (e) => {
        strict_1.default.match(e.message, /g\+\+ failed to build .*broken\.cu/);
        strict_1.default.match(e.message, /broken\.cu:4:\d+: error: .undeclared_name. was not declared/);
        return true;
    });
});
// ---- the rewrite ---------------------------------------------------------------------------------
const HEAD = '#include "cuda_emu.h"\n#line 1\n';
const launch = (name, config, args) => `mf_emu::launch("${name}", ${config}, [](auto... mf_emu_a) { return [=] { ${name}(mf_emu_a...); }; }(${args}))`;
(0, node_test_1.test)('rewrite: a plain launch; the runtime includes dropped; #line names the file', () => {
    strict_1.default.equal((0, rewrite_1.emulate)('#include <cuda_runtime.h>\n#include "cuda.h"\nk<<<g, b>>>(x, y);\n'), `${HEAD}\n\n${launch('k', 'dim3(g), dim3( b), (0), (nullptr)', 'x, y')};\n`);
    strict_1.default.ok((0, rewrite_1.emulate)('int x;\n', 'dir/a "b".cu').startsWith('#include "cuda_emu.h"\n#line 1 "dir/a \\"b\\".cu"\nint x;'));
});
(0, node_test_1.test)('rewrite: commas and parentheses, >> and ?: in the configuration, shared memory and stream', () => {
    strict_1.default.equal((0, rewrite_1.emulate)('ns::k<<<f(a, b), dim3(x, (y)), sizeof(T) * (n + 1), s>>>(g(1, 2), h[3], {1, 2});'), `${HEAD}${launch('ns::k', 'dim3(f(a, b)), dim3( dim3(x, (y))), ( sizeof(T) * (n + 1)), ( s)', 'g(1, 2), h[3], {1, 2}')};`);
    strict_1.default.equal((0, rewrite_1.emulate)('k<<<n > 64 ? n >> 5 : 1, 1\'024, 0>>>();'), `${HEAD}${launch('k', "dim3(n > 64 ? n >> 5 : 1), dim3( 1'024), ( 0), (nullptr)", '')};`);
    strict_1.default.equal((0, rewrite_1.emulate)('k<<<1, 1>>>([] { return 1; }(), c == \'>\');'), `${HEAD}${launch('k', 'dim3(1), dim3( 1), (0), (nullptr)', "[] { return 1; }(), c == '>'")};`);
});
(0, node_test_1.test)('rewrite: newlines and comments anywhere keep every line where it was', () => {
    const src = 'a();\nk\n  <<< g, /* grid */\n      b // block\n  >>>\n  (x,\n   y);\nz();\n';
    strict_1.default.equal((0, rewrite_1.emulate)(src), HEAD +
        'a();\n' +
        'mf_emu::launch("k", \n' +
        'dim3( g), dim3( /* grid */\n' +
        '      b // block\n' +
        '  ), (0), (nullptr),\n' +
        ' [](auto... mf_emu_a) { return [=] { k(mf_emu_a...); }; }(x,\n' +
        '   y));\n' +
        'z();\n');
    // In every sample, the kernels' heads and the checks after each launch stay at their line.
    for (const name of samples) {
        const cu = fs.readFileSync(path.join(SAMPLES, `${name}.cu`), 'utf8').split('\n');
        const cpp = (0, rewrite_1.emulate)(cu.join('\n')).split('\n').slice(2);
        strict_1.default.equal(cpp.length, cu.length, name);
        let checked = 0;
        cu.forEach((line, i) => {
            if (/__global__|CHECK\(|report\(|printf\(/.test(line) && !/<<<|>>>/.test(line)) {
                strict_1.default.equal(cpp[i], line, `${name}.cu:${i + 1}`);
                checked++;
            }
        });
        strict_1.default.ok(checked > 5, name);
    }
});
(0, node_test_1.test)('rewrite: launch syntax inside strings, comments and raw strings is left alone', () => {
    const src = [
        'const char* s = "k<<<1, 1>>>(x);";',
        "char c = '<';",
        '// k<<<1, 1>>>(x);',
        '/* k<<<1, 1>>>(x); */',
        'auto r = R"x(k<<<1, 1>>>(x); )" )x";',
        'auto u = u8R"(k<<<2, 2>>>())";',
    ].join('\n');
    strict_1.default.equal((0, rewrite_1.emulate)(src), HEAD + src);
});
(0, node_test_1.test)('rewrite: a launch in a macro keeps its line splices', () => {
    const src = '#define RUN(k, ...) \\\n  k<<<1, \\\n 32>>>(__VA_ARGS__)\nRUN(f, p);\n';
    strict_1.default.equal((0, rewrite_1.emulate)(src), `${HEAD}#define RUN(k, ...) \\\n  ${launch('k', 'dim3(1), dim3( \\\n 32), (0), (nullptr)', '__VA_ARGS__')}\nRUN(f, p);\n`);
});
(0, node_test_1.test)('rewrite: extern __shared__ becomes a pointer to the block\'s buffer', () => {
    strict_1.default.equal((0, rewrite_1.emulate)('__global__ void k() {\n  extern __shared__ float s[];\n  extern __shared__ __align__(16) unsigned char\n    raw[];\n}\n'), `${HEAD}__global__ void k() {\n  float *const s = mf_emu::dynamic_shared<float>();\n  unsigned char *const raw = mf_emu::dynamic_shared<unsigned char>();\n\n}\n`);
    // Inside namespaces and extern "C" blocks too, as long as it is inside the function.
    const nested = 'namespace a { extern "C" { __global__ void k(int n) const { if (n) { extern __shared__ int s[]; } } } }';
    strict_1.default.match((0, rewrite_1.emulate)(nested), /\{ int \*const s = mf_emu::dynamic_shared<int>\(\); \}/);
    // Static __shared__ is left to the header's macro.
    strict_1.default.equal((0, rewrite_1.emulate)('__global__ void k() { __shared__ float t[16][17]; }'), `${HEAD}__global__ void k() { __shared__ float t[16][17]; }`);
});
(0, node_test_1.test)('rewrite: what it cannot handle is refused with the line and a reason', () => {
    const refused = [
        ['\nk<int><<<1, 1>>>(x);', /: line 2: kernel launch: launches of template kernels/],
        ['k<<<1>>>(x);', /launch configuration has 2 to 4 expressions .* found 1/],
        ['k<<<1, 2, 3, 4, 5>>>(x);', /found 5/],
        ['k<<<1, >>>(x);', /empty expression/],
        ['k<<<1, 2>>>;', /expected '\(' and the kernel's arguments after '>>>'/],
        ['k<<<1, 2;\n', /unexpected ';' before the closing '>>>'/],
        ['k<<<1, 2>>>(x;', /no closing '\)'/],
        ['(*p)<<<1, 2>>>(x);', /expected a kernel name before '<<<'/],
        ['s.k<<<1, 2>>>(x);', /'k' is a member/],
        ['s->k<<<1, 2>>>(x);', /'k' is a member/],
        ['k<<<1, 1>>>(j<<<1, 1>>>());', /inside the arguments of another launch/],
        ['extern __shared__ float s[];', /outside a function is not supported: declare it inside the kernel/],
        ['void f() { extern __shared__ float a[], b[]; }', /unsupported extern __shared__ declaration/],
        ['void f() { extern __shared__ float a[32]; }', /unsupported extern __shared__ declaration/],
        ['#include <cuda_fp16.h>', /#include <cuda_fp16\.h>: this CUDA header is not supported/],
        ['#include <cooperative_groups.h>', /cooperative_groups\.h/],
    ];
    for (const [src, message] of refused)
        strict_1.default.throws(() => (0, rewrite_1.emulate)(src), message, src);
});
// ---- nvcc ----------------------------------------------------------------------------------------
for (const name of samples) {
    (0, node_test_1.test)(`${name}.cu compiles with nvcc -arch=sm_90`, { skip: nvcc }, async () => {
        await nvccBuilds.get(name);
    });
}
//# sourceMappingURL=emu.test.js.map