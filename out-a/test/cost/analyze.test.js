"use strict";
// The cost model on generated kernels: counts read from the code against counts done by hand,
// the C evaluator the estimates use, and `metafork analyze` end to end.
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
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/checks/index");
const index_2 = require("../../server/src/cuda/index");
const counts_1 = require("../../server/src/cost/counts");
const warps_1 = require("../../server/src/cost/warps");
const gpus_1 = require("../../server/src/cost/gpus");
const index_3 = require("../../server/src/cost/index");
const evaluate_1 = require("../../server/src/symbolic/evaluate");
const cli_1 = require("../../server/src/cli");
async function counts(file, memory = 'global') {
    const text = fs.readFileSync(file, 'utf8');
    const a = await (0, index_1.checkText)(text, file);
    try {
        const { schedules, diagnostics } = (0, index_2.readScheduleKernels)(a.model, a.diagnostics, { memory });
        strict_1.default.deepEqual(diagnostics.filter(d => d.severity === 'error'), []);
        return schedules.flatMap(s => s.read.kernels.map((k, i) => {
            const c = (0, counts_1.countKernel)(s.model, k, s.boxes[i], s.read.schedule.region);
            return { name: c.name, threads: c.threads.toMath(), blocks: c.blocks.toMath(), launches: c.launches.toMath(), ops: c.ops.toMath(), reads: c.reads.toMath(), writes: c.writes.toMath(), tiles: `${c.boxLoads.toMath()} / ${c.boxStores.toMath()}`, uncoalesced: c.uncoalesced, scattered: c.scattered.toMath(), walked: c.walked.toMath(), walking: c.walking };
        }));
    }
    finally {
        a.syntax.dispose();
    }
}
(0, node_test_1.test)('counts from the code equal counts by hand: reversal, 1-D Jacobi, matrix-vector', async () => {
    // inoffset = v * B + u (2), inoffset < N (1), outoffset = N - 1 - inoffset (2); one word each way.
    strict_1.default.deepEqual(await counts((0, helpers_1.fixture)('cuda', 'thesis-reversal.mfc')), [
        { name: 'kernel0', threads: 'B', blocks: 'ub_v', launches: '1', ops: '5', reads: '1', writes: '1', tiles: '0 / 0', uncoalesced: [], scattered: '0', walked: '0', walking: [] },
    ]);
    // kernel0: p = v*B + u (2), p < N - 2 (2), three index sums, two additions, a division (6);
    // kernel1: w (2), the guard (2), two index sums (2). The time loop launches each T times.
    const jacobi = await counts((0, helpers_1.fixture)('cuda', 'thesis-jacobi1d.mfc'));
    strict_1.default.deepEqual(jacobi.map(k => [k.name, k.launches, k.ops, k.reads, k.writes]), [['kernel0', 'T', '10', '3', '1'], ['kernel1', 'T', '6', '1', '1']]);
    // Per j (16 of them per tile i): j < 16 and ++j (2), p (2), the guard's <, &&, *, +, < (5),
    // += (1), two index sums (4), the product (1): 15; c read and written, a and b read. The rows
    // a[p][...] of neighbouring threads are N words apart: not coalesced; each thread reads its row
    // a word after the other as j goes: those 16 words per tile are walked.
    const [mv] = await counts((0, helpers_1.fixture)('cuda', 'thesis-matvec.mfc'));
    strict_1.default.deepEqual([mv.ops, mv.reads, mv.writes, mv.uncoalesced, mv.scattered, mv.walked, mv.walking], ['240*((n + 15) / 16)', '48*((n + 15) / 16)', '16*((n + 15) / 16)', ['a[p][i*16+j]'], '16*((n + 15) / 16)', '16*((n + 15) / 16)', ['a[p][i*16+j]']]);
});
(0, node_test_1.test)('counts by hand: matrix multiplication (a serial tile loop) and transpose (a scattered write)', async () => {
    // Per tile k ((n + 3) / 4 of them): p and w (4); per z (4 of them): z < 4 and z++ (2), the guard
    // p < n && w < n && 4 * k + z < n (7), += (1), two 4*k+z (4), the product (1): 15. c read and
    // written, a and b read, each per z. Neighbouring threads (u) touch neighbouring w: coalesced.
    const [mm] = await counts((0, helpers_1.fixture)('cuda', 'thesis-matmul.mfc'));
    strict_1.default.deepEqual([mm.threads, mm.blocks, mm.ops, mm.reads, mm.writes, mm.uncoalesced], ['B0*B1', 'dim0*dim1', '64*((n + 3) / 4)', '12*((n + 3) / 4)', '4*((n + 3) / 4)', []]);
    // i and j (4), i < n && j < n (3); c[j][i] puts neighbouring threads (u1, in j) a row apart.
    // Of its two words, the write alone does not coalesce; no loop in a thread: nothing walked.
    const [tr] = await counts((0, helpers_1.fixture)('cuda', 'thesis-transpose.mfc'));
    strict_1.default.deepEqual([tr.ops, tr.reads, tr.writes, tr.uncoalesced, tr.scattered, tr.walked], ['7', '1', '1', ['c[j][i]'], '1', '0']);
});
(0, node_test_1.test)('MWP-CWP by hand: coalesced, uncoalesced and walked words, and their mix', () => {
    const h100 = gpus_1.GPUS.h100; // U 480, departure 4, 128 cores per SM, launch 3,960 cycles
    const one = (words, scattered, walked) => (0, warps_1.warpEstimate)(h100, { blocks: 1, threadsPerBlock: 32, activeBlocks: 1, ops: 0, words, scattered, walked });
    // One warp: every request waits its whole latency (MWP = CWP = N = 1); 8 words issue in 32·8/128 = 2 cycles.
    // Coalesced: 8 requests of 480 cycles.
    strict_1.default.equal(one(8, 0, 0).cycles, 8 * 480 + 2 + 3960);
    // Uncoalesced: 8 requests of 32 transactions 4 cycles apart: 480 + 31·4 = 604 each.
    strict_1.default.equal(one(8, 8, 0).cycles, 8 * 604 + 2 + 3960);
    // Walked: the thread's 8 consecutive words share one sector: one request of 604.
    strict_1.default.equal(one(8, 8, 8).cycles, 604 + 2 + 3960);
    // Half and half (transpose): latency 480 + 0.5·124 = 542 per request.
    strict_1.default.equal(one(8, 4, 0).cycles, 8 * 542 + 2 + 3960);
    // The bytes: 4 a coalesced or walked word, a 32-byte sector an uncoalesced one.
    const bytes = (w) => (w.bandwidthCycles / h100.clockMHz / 1e6) * h100.bandwidthGBs * 1e9;
    strict_1.default.deepEqual([one(8, 0, 0), one(8, 8, 0), one(8, 8, 8), one(8, 4, 0)].map(w => Math.round(bytes(w) / 32)), [32, 256, 32, 144]);
});
(0, node_test_1.test)('counts sum over loop ranges: a triangular loop', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cost-')), 'tri.mfc');
    fs.writeFileSync(file, `void tri(int n, int B, float a[n][n], float x[n]) {
  int G = (n + B - 1) / B;
  meta_schedule {
    meta_for (int v = 0; v < G; v++)
      meta_for (int u = 0; u < B; u++) {
        int p = v * B + u;
        if (p < n)
          for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++)
              x[p] += a[i][j];
      }
  }
}
`);
    // p (2) and p < n (1); per i: i < n, i++ (2) and i times j < i, j++, += (3):
    // 3 + Σ_{i<n} (2 + 3i) = 3n²/2 + n/2 + 3 operations; 2 reads and 1 write per (i, j): n(n-1) and n(n-1)/2.
    const [k] = await counts(file);
    strict_1.default.deepEqual([k.ops, k.reads, k.writes], ['3*n^2/2 + n/2 + 3', 'n^2 - n', 'n^2/2 - n/2']);
});
(0, node_test_1.test)('counts: coarsening multiplies by s, shared tiles count per block, a uniform branch counts one side', async () => {
    const [rev] = await counts((0, helpers_1.fixture)('optimize', 'reversal.mfc'));
    // x = (i*s + k)*B + j (4), y = N - 1 - x (2), x < N (1), k < s and ++k (2): 9 per k.
    strict_1.default.deepEqual([rev.ops, rev.reads, rev.writes], ['9*s', 's', 's']);
    const [tr] = await counts((0, helpers_1.fixture)('optimize', 'transpose.mfc'));
    strict_1.default.deepEqual(tr.uncoalesced, ['c[j * N + i]']);
    // 1-D Jacobi in shared memory: one row of B*s + 2 loaded per block (the other side of t % 2
    // loads as much and never in the same launch); the written row goes straight to global memory.
    const [j] = await counts((0, helpers_1.fixture)('optimize', 'jacobi1d.mfc'), 'shared');
    strict_1.default.deepEqual([j.tiles, j.reads, j.writes], ['B*s + 2 / 0', '0', 's']);
});
(0, node_test_1.test)('C expressions evaluate as C does: truncating division, the branch a ?: takes', () => {
    const v = (text, values = {}) => (0, evaluate_1.evaluateC)(text, n => (n in values ? BigInt(values[n]) : undefined));
    strict_1.default.equal(v('(N + s * B - 1) / (s * B)', { N: 1000, s: 2, B: 32 }), 16n);
    strict_1.default.equal(v('-7 / 2'), -3n);
    strict_1.default.equal(v('-7 % 2'), -1n);
    strict_1.default.equal(v('argc > 1 ? atoi(argv[1]) : 1000', { argc: 1 }), 1000n);
    strict_1.default.equal(v('argc > 1 ? atoi(argv[1]) : 1000', { argc: 2 }), undefined);
    strict_1.default.equal(v('a < b && b <= 3 || 0', { a: 1, b: 3 }), 1n);
    strict_1.default.equal(v('N / 0', { N: 1 }), undefined);
    strict_1.default.equal(v('x = 3'), undefined);
    strict_1.default.equal(v('M', {}), undefined);
});
(0, node_test_1.test)("analyze: the program's own defaults, occupancy, the estimate and the sweep", async () => {
    const text = fs.readFileSync((0, helpers_1.fixture)('optimize', 'matvec.mfc'), 'utf8');
    const r = await (0, index_3.estimateCost)(text, { gpu: 'k20c' });
    const [s] = r.schedules;
    // N = argc > 1 ? atoi(argv[1]) : 300 and so on: the program as run without arguments.
    strict_1.default.deepEqual([s.values.N, s.values.B, s.values.s, s.values.dim0, s.values.dim1], [300, 32, 2, 5, 10]);
    strict_1.default.deepEqual(s.assumed, []);
    const [k] = s.kernels;
    strict_1.default.equal(k.at.activeBlocks, 16); // 32 threads: the K20c's 16 resident blocks bind
    strict_1.default.equal(k.at.blocks, 5);
    // Span 13*B*dim1*s + 2*B*dim1 = 8960 at B = 32, dim1 = 10, s = 2; 4*B*dim1*s words per thread,
    // not coalesced: the MCM charges ℓ·U per word.
    strict_1.default.equal(k.at.blockCycles, 8960 + 32 * 500 * (4 * 32 * 10 * 2));
    // MWP-CWP: 5 blocks of one warp on 5 SMs, one warp each: nothing to overlap (MWP = CWP = N = 1).
    // Of the 2,560 words a thread moves, a[p][q]'s 640 do not coalesce (its threads read rows apart;
    // b[q] is one word for the warp, c[p] neighbours): Mem_L weighs the 32 transactions of those by
    // their share, 500 + 0.25·31·4 = 531 cycles; 2,560 requests, plus the issue of 8,960 + 2,560
    // instructions at 32/192 cycles each: 1,359,360 + 1,920; and the launch, 2 µs at the K20c's 706
    // MHz: 1,412.
    strict_1.default.deepEqual(k.uncoalesced, ['a[p][q]']);
    strict_1.default.deepEqual(k.walking, []);
    strict_1.default.deepEqual([k.at.warps, k.at.mwp, k.at.cwp, k.at.regime, k.at.rounds], [1, 1, 1, 'latency', 1]);
    strict_1.default.equal(k.at.cycles, 531 * 2560 + 1920 + 1412);
    strict_1.default.equal(s.cycles, k.at.cycles);
    strict_1.default.deepEqual(s.sweep.map(p => p.block.B), [32, 64, 128, 256, 512, 1024]);
    // Given values win over the program's; a 2-D schedule sweeps pairs within the block limit.
    const at = await (0, index_3.estimateCost)(text, { gpu: 'k20c', set: { N: 4096, B: 128 } });
    strict_1.default.deepEqual([at.schedules[0].values.N, at.schedules[0].values.dim0], [4096, 16]);
    const mm = await (0, index_3.estimateCost)(fs.readFileSync((0, helpers_1.fixture)('optimize', 'matmul.mfc'), 'utf8'), { gpu: 'h100' });
    strict_1.default.ok(mm.schedules[0].sweep.every(p => p.block.B0 * p.block.B1 <= 1024 && p.threads === p.block.B0 * p.block.B1));
});
(0, node_test_1.test)('metafork analyze: text, --json, errors and usage', async () => {
    const run = async (...args) => {
        let stdout = '', stderr = '';
        const code = await (0, cli_1.main)(args, { stdout: s => { stdout += s; }, stderr: s => { stderr += s; } });
        return { code, stdout, stderr };
    };
    const file = (0, helpers_1.fixture)('cuda', 'thesis-jacobi1d.mfc');
    const text = await run('analyze', file, '--gpu', 'k20c', '--set', 'N=65538');
    strict_1.default.equal(text.code, 0, text.stderr);
    strict_1.default.match(text.stdout, /meta_schedule on Tesla K20c \(13 SMs/);
    strict_1.default.match(text.stdout, /kernel0: ub_v blocks of B threads, launched T times/);
    strict_1.default.match(text.stdout, /per thread: 10 operations, 3 words read and 1 written in global memory/);
    strict_1.default.match(text.stdout, /by block size: 32: .*\(best\)/);
    // By hand, at N = 65538, B = 64 (1024 blocks), T = 10 steps of two kernels (10 and 6 operations,
    // 4 and 2 coalesced words a thread): W = 10·1024·64·16, S = 10·16, O = 10·1024·500·6.
    strict_1.default.match(text.stdout, /MCM of the schedule: work 10,485,760, span 160, overhead 30,720,000 \(U = 500\)/);
    strict_1.default.match(text.stdout, /N = 20,480 blocks, K = 208 at once, L = 20, C = 2,010 cycles/);
    const json = JSON.parse((await run('analyze', file, '--json')).stdout);
    strict_1.default.equal(json.gpu.name, 'H100 (SXM5)');
    strict_1.default.deepEqual(json.schedules[0].kernels.map((k) => k.name), ['kernel0', 'kernel1']);
    strict_1.default.equal((await run('analyze', file, '--gpu', 'gtx-9000')).code, 2);
    strict_1.default.equal((await run('analyze', file, '--set', 'N')).code, 2);
    const none = await run('analyze', (0, helpers_1.fixture)('e2e', 'clean.mfc'));
    strict_1.default.equal(none.code, 1);
    strict_1.default.match(none.stderr, /MF510/);
});
//# sourceMappingURL=analyze.test.js.map