"use strict";
// The race checker of the CUDA emulation (MF_EMU_RACECHECK=1) and its orders (MF_EMU_ORDER), on
// planted races: each racy kernel is reported with its name, the kind of hazard, the memory and
// the two threads and lines; the same kernels with a barrier or an atomic report nothing; results
// that depend on the order of blocks or threads change with MF_EMU_ORDER.
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
const build_1 = require("./emu/build");
const rewrite_1 = require("./emu/rewrite");
const run_1 = require("./emu/run");
const gxx = (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'g++ not found';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-racecheck-'));
// One program, one kernel per mode (a race ends the program at the end of its launch).
const planted = `#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void sum_all(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[0] += in[i];  // SUM
}

__global__ void sum_atomic(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&out[0], in[i]);
}

__global__ void shift_left(int* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) a[i] = a[i + 1];  // SHIFT
}

__global__ void shift_copy(const int* a, int* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) b[i] = a[i + 1];
}

__global__ void rotate_static(int* out) {
  __shared__ int tile[32];
  int t = threadIdx.x;
  tile[t] = t * t;  // STATIC WRITE
  out[blockIdx.x * 32 + t] = tile[(t + 1) % 32];  // STATIC READ
}

__global__ void rotate_dynamic(int* out) {
  extern __shared__ int dtile[];
  int t = threadIdx.x;
  dtile[t] = t * t;  // DYNAMIC WRITE
  out[blockIdx.x * 32 + t] = dtile[(t + 1) % 32];  // DYNAMIC READ
}

// Rotates the tile in place: the second barrier is missing unless 'synced'.
__global__ void rotate_in_place(int* out, int synced) {
  __shared__ int tile[32];
  int t = threadIdx.x;
  tile[t] = t * t;
  __syncthreads();
  int v = tile[(t + 1) % 32];  // IN PLACE READ
  if (synced) __syncthreads();
  tile[t] = v;  // IN PLACE WRITE
  __syncthreads();
  out[blockIdx.x * 32 + t] = tile[t];
}

__global__ void last_thread(int* out) { out[0] = threadIdx.x; }  // LAST THREAD

__global__ void last_block(int* out) { out[1] = blockIdx.x; }  // LAST BLOCK

// The order threads start in and resume in after a barrier, and the order of blocks.
__global__ void log_order(int* log, int* count) {
  if (blockIdx.x == 0) log[atomicAdd(&count[0], 1)] = threadIdx.x;
  __syncthreads();
  if (blockIdx.x == 0) log[32 + atomicAdd(&count[1], 1)] = threadIdx.x;
  if (threadIdx.x == 0) log[64 + atomicAdd(&count[2], 1)] = blockIdx.x;
}

int main(int argc, char** argv) {
  const int n = 64;
  const char* mode = argc > 1 ? argv[1] : "";
  int host[n + 8];
  for (int i = 0; i < n; ++i) host[i] = i;
  int *in, *a, *b, *out, *counts;
  cudaMalloc(&counts, 3 * sizeof(int));
  cudaMemset(counts, 0, 3 * sizeof(int));
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&a, n * sizeof(int));
  cudaMalloc(&b, n * sizeof(int));
  cudaMalloc(&out, (n + 8) * sizeof(int));
  cudaMemcpy(in, host, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(a, host, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(out, 0, (n + 8) * sizeof(int));
  int* result = out;
  int count = 1;
  if (!strcmp(mode, "sum")) sum_all<<<2, 32>>>(in, out, n);
  else if (!strcmp(mode, "sum-atomic")) sum_atomic<<<2, 32>>>(in, out, n);
  else if (!strcmp(mode, "shift")) { shift_left<<<2, 32>>>(a, n); result = a; count = n; }
  else if (!strcmp(mode, "shift-copy")) { shift_copy<<<2, 32>>>(a, b, n - 1); result = b; count = n - 2; }
  else if (!strcmp(mode, "static")) { rotate_static<<<2, 32>>>(out); count = n; }
  else if (!strcmp(mode, "dynamic")) { rotate_dynamic<<<2, 32, 32 * sizeof(int)>>>(out); count = n; }
  else if (!strcmp(mode, "in-place")) { rotate_in_place<<<2, 32>>>(out, 0); count = n; }
  else if (!strcmp(mode, "in-place-synced")) { rotate_in_place<<<2, 32>>>(out, 1); count = n; }
  else if (!strcmp(mode, "last")) { last_thread<<<1, 32>>>(out); last_block<<<5, 1>>>(out); count = 2; }
  else if (!strcmp(mode, "last-block")) { last_block<<<5, 1>>>(out); count = 2; }
  else if (!strcmp(mode, "log")) { log_order<<<8, 32>>>(out, counts); count = 72; }
  else { printf("unknown mode %s\\n", mode); return 2; }
  cudaMemcpy(host, result, count * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < count; ++i) printf("%d%c", host[i], i + 1 < count ? ' ' : '\\n');
  return 0;
}
`;
const cu = path.join(work, 'planted.cu');
fs.writeFileSync(cu, planted);
const exe = path.join(work, 'planted');
const built = gxx ? Promise.resolve() : (0, build_1.buildEmulatedAsync)(cu, exe);
built.catch(() => undefined);
/** The line of planted.cu that holds a marker comment. */
function line(marker) {
    const i = planted.split('\n').findIndex(l => l.includes(`// ${marker}`));
    strict_1.default.ok(i >= 0, marker);
    return `planted.cu:${i + 1}`;
}
function run(mode, env) {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MF_EMU_')));
    const r = (0, child_process_1.spawnSync)(exe, [mode], { encoding: 'utf8', timeout: 60_000, env: { ...clean, ...env } });
    if (r.error)
        throw r.error;
    return r;
}
const checked = (mode, order = 'forward') => run(mode, (0, run_1.racecheckEnv)(order, {}));
/** Asserts a race-checked run exited with RACE_STATUS after exactly these report lines. */
function assertRaces(r, lines) {
    strict_1.default.equal(r.stderr, lines.map(l => `cuda_emu: race: ${l}\n`).join(''));
    strict_1.default.equal(r.status, run_1.RACE_STATUS);
}
const block = (b, t) => `block (${b},0,0) thread (${t},0,0)`;
(0, node_test_1.test)('a planted global-memory race (out[0] += in[i] from every thread) is reported: kernel, kind, memory, threads, line', { skip: gxx }, async () => {
    await built;
    const where = 'global memory (offset 0 of a 288-byte allocation)';
    assertRaces(checked('sum'), [
        `kernel sum_all: read-write hazard on ${where}: write by ${block(0, 0)} at ${line('SUM')}, read by ${block(0, 1)} at ${line('SUM')}`,
        `kernel sum_all: write-write hazard on ${where}: write by ${block(0, 0)} at ${line('SUM')}, write by ${block(0, 1)} at ${line('SUM')}`,
    ]);
});
(0, node_test_1.test)('the same sum with atomicAdd: no race, the right sum', { skip: gxx }, async () => {
    await built;
    const r = checked('sum-atomic');
    strict_1.default.equal(r.stderr, '');
    strict_1.default.equal(r.status, 0);
    strict_1.default.equal(r.stdout, `${(63 * 64) / 2}\n`);
});
(0, node_test_1.test)('a[i] = a[i + 1] across threads (and across blocks): a read-write race, in either order', { skip: gxx }, async () => {
    await built;
    const where = (offset) => `global memory (offset ${offset} of a 256-byte allocation)`;
    // Forward: thread 0 reads a[1] before thread 1 writes it.
    assertRaces(checked('shift'), [
        `kernel shift_left: read-write hazard on ${where(4)}: read by ${block(0, 0)} at ${line('SHIFT')}, write by ${block(0, 1)} at ${line('SHIFT')}`,
    ]);
    // Reversed (blocks and threads): thread 30 of block 1 writes a[62] before thread 29 reads it.
    assertRaces(checked('shift', 'reverse'), [
        `kernel shift_left: read-write hazard on ${where(248)}: write by ${block(1, 30)} at ${line('SHIFT')}, read by ${block(1, 29)} at ${line('SHIFT')}`,
    ]);
    // Into another array: no race.
    const copy = checked('shift-copy');
    strict_1.default.equal(copy.stderr, '');
    strict_1.default.equal(copy.status, 0);
    strict_1.default.equal(copy.stdout, `${Array.from({ length: 62 }, (_, i) => i + 1).join(' ')}\n`);
});
(0, node_test_1.test)('only blocks racing: every block writes out[1]; nothing orders the blocks of a launch', { skip: gxx }, async () => {
    await built;
    const where = 'global memory (offset 4 of a 288-byte allocation)';
    assertRaces(checked('last-block'), [
        `kernel last_block: write-write hazard on ${where}: write by ${block(0, 0)} at ${line('LAST BLOCK')}, write by ${block(1, 0)} at ${line('LAST BLOCK')}`,
    ]);
});
(0, node_test_1.test)('planted shared-memory races (static __shared__ and extern __shared__ tiles read by a neighbour without __syncthreads) are reported', { skip: gxx }, async () => {
    await built;
    assertRaces(checked('static'), [
        `kernel rotate_static: read-write hazard on shared memory (static __shared__ memory): read by ${block(0, 0)} at ${line('STATIC READ')}, write by ${block(0, 1)} at ${line('STATIC WRITE')}`,
        `kernel rotate_static: read-write hazard on shared memory (static __shared__ memory): write by ${block(0, 0)} at ${line('STATIC WRITE')}, read by ${block(0, 31)} at ${line('STATIC READ')}`,
    ]);
    assertRaces(checked('dynamic'), [
        `kernel rotate_dynamic: read-write hazard on shared memory (offset 4 of dynamic shared memory): read by ${block(0, 0)} at ${line('DYNAMIC READ')}, write by ${block(0, 1)} at ${line('DYNAMIC WRITE')}`,
        `kernel rotate_dynamic: read-write hazard on shared memory (offset 0 of dynamic shared memory): write by ${block(0, 0)} at ${line('DYNAMIC WRITE')}, read by ${block(0, 31)} at ${line('DYNAMIC READ')}`,
    ]);
});
(0, node_test_1.test)('barrier intervals: a race after a first barrier is reported; with the second barrier, none, in every order', { skip: gxx }, async () => {
    await built;
    assertRaces(checked('in-place'), [
        `kernel rotate_in_place: read-write hazard on shared memory (static __shared__ memory): read by ${block(0, 0)} at ${line('IN PLACE READ')}, write by ${block(0, 1)} at ${line('IN PLACE WRITE')}`,
        `kernel rotate_in_place: read-write hazard on shared memory (static __shared__ memory): write by ${block(0, 0)} at ${line('IN PLACE WRITE')}, read by ${block(0, 31)} at ${line('IN PLACE READ')}`,
    ]);
    const outputs = new Set();
    for (const order of ['forward', 'reverse', 'shuffle:3']) {
        const r = checked('in-place-synced', order);
        strict_1.default.equal(r.stderr, '', order);
        strict_1.default.equal(r.status, 0, order);
        outputs.add(r.stdout);
    }
    const rotated = Array.from({ length: 32 }, (_, t) => ((t + 1) % 32) ** 2).join(' ');
    strict_1.default.deepEqual([...outputs], [`${rotated} ${rotated}\n`]);
});
(0, node_test_1.test)('MF_EMU_ORDER: results that depend on the order of threads or blocks change with it', { skip: gxx }, async () => {
    await built;
    // Without race checking, the last writer wins: thread 31 and block 4 forward, 0 and 0 reversed.
    strict_1.default.equal(run('last', {}).stdout, '31 4\n');
    strict_1.default.equal(run('last', { MF_EMU_ORDER: 'forward' }).stdout, '31 4\n');
    strict_1.default.equal(run('last', { MF_EMU_ORDER: 'reverse' }).stdout, '0 0\n');
    // Race-checked, the first of the two launches is reported.
    assertRaces(checked('last'), [
        `kernel last_thread: write-write hazard on global memory (offset 0 of a 288-byte allocation): write by ${block(0, 0)} at ${line('LAST THREAD')}, write by ${block(0, 1)} at ${line('LAST THREAD')}`,
    ]);
});
(0, node_test_1.test)('MF_EMU_ORDER: the start order of threads, their resume order after a barrier and the order of blocks', { skip: gxx }, async () => {
    await built;
    const log = (order) => {
        const r = checked('log', order);
        strict_1.default.equal(r.stderr, '', order); // atomics and distinct elements: no race
        strict_1.default.equal(r.status, 0, order);
        const v = r.stdout.trim().split(' ').map(Number);
        return { start: v.slice(0, 32), resume: v.slice(32, 64), blocks: v.slice(64, 72) };
    };
    const up = (n) => Array.from({ length: n }, (_, i) => i);
    strict_1.default.deepEqual(log('forward'), { start: up(32), resume: up(32), blocks: up(8) });
    strict_1.default.deepEqual(log('reverse'), { start: up(32).reverse(), resume: up(32).reverse(), blocks: up(8).reverse() });
    // Shuffled: permutations, the same for the same seed, a fresh one after each barrier, other
    // seeds other orders.
    const sorted = (v) => [...v].sort((x, y) => x - y);
    const shuffles = [1, 2, 3].map(seed => log(`shuffle:${seed}`));
    for (const s of shuffles) {
        strict_1.default.deepEqual([sorted(s.start), sorted(s.resume), sorted(s.blocks)], [up(32), up(32), up(8)]);
        strict_1.default.notDeepEqual(s.start, up(32));
        strict_1.default.notDeepEqual(s.start, s.resume);
    }
    strict_1.default.deepEqual(log('shuffle:1'), shuffles[0]);
    strict_1.default.deepEqual(log('shuffle'), shuffles[0]); // the default seed is 1
    strict_1.default.equal(new Set(shuffles.map(s => JSON.stringify(s))).size, 3);
    strict_1.default.equal(new Set(shuffles.map(s => JSON.stringify(s.blocks))).size, 3);
});
(0, node_test_1.test)('a malformed MF_EMU_ORDER or MF_EMU_RACECHECK stops the program', { skip: gxx }, async () => {
    await built;
    for (const [env, message] of [
        [{ MF_EMU_ORDER: 'backwards' }, 'cuda_emu: MF_EMU_ORDER=backwards: expected forward, reverse, shuffle or shuffle:SEED\n'],
        [{ MF_EMU_ORDER: 'shuffle:x' }, 'cuda_emu: MF_EMU_ORDER=shuffle:x: expected forward, reverse, shuffle or shuffle:SEED\n'],
        [{ MF_EMU_RACECHECK: 'yes' }, 'cuda_emu: MF_EMU_RACECHECK=yes is not an integer\n'],
    ]) {
        const r = run('sum-atomic', env);
        strict_1.default.equal(r.status, 2, JSON.stringify(env));
        strict_1.default.equal(r.stderr, message);
    }
});
(0, node_test_1.test)('MF_EMU_RACECHECK=1 refuses to run a program built without the instrumentation, instead of checking nothing', { skip: gxx }, async () => {
    const cpp = path.join(work, 'plain.cpp'), plain = path.join(work, 'plain');
    fs.writeFileSync(cpp, (0, rewrite_1.emulate)(planted, cu));
    const b = (0, child_process_1.spawnSync)('g++', ['-std=c++20', '-O2', '-pthread', `-I${(0, build_1.emuIncludeDir)()}`, cpp, '-o', plain], { encoding: 'utf8' });
    strict_1.default.equal(b.status, 0, b.stderr);
    const r = (0, child_process_1.spawnSync)(plain, ['sum'], { encoding: 'utf8', env: (0, run_1.racecheckEnv)() });
    strict_1.default.equal(r.signal, 'SIGABRT');
    strict_1.default.equal(r.stderr, 'cuda_emu: MF_EMU_RACECHECK=1: this program was not compiled with -fsanitize=thread (build it with build.ts)\n');
});
//# sourceMappingURL=racecheck.test.js.map