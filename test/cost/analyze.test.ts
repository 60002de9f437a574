// The cost model on generated kernels: counts read from the code against counts done by hand,
// the C evaluator the estimates use, and `metafork analyze` end to end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixture } from '../helpers';
import { checkText } from '../../server/src/checks/index';
import { readScheduleKernels } from '../../server/src/cuda/index';
import { countKernel } from '../../server/src/cost/counts';
import { warpEstimate } from '../../server/src/cost/warps';
import { GPUS } from '../../server/src/cost/gpus';
import { estimateCost } from '../../server/src/cost/index';
import { evaluateC } from '../../server/src/symbolic/evaluate';
import { main } from '../../server/src/cli';

async function counts(file: string, memory: 'global' | 'shared' = 'global') {
  const text = fs.readFileSync(file, 'utf8');
  const a = await checkText(text, file);
  try {
    const { schedules, diagnostics } = readScheduleKernels(a.model, a.diagnostics, { memory });
    assert.deepEqual(diagnostics.filter(d => d.severity === 'error'), []);
    return schedules.flatMap(s => s.read.kernels.map((k, i) => {
      const c = countKernel(s.model, k, s.boxes[i], s.read.schedule.region!);
      return { name: c.name, threads: c.threads.toMath(), blocks: c.blocks.toMath(), launches: c.launches.toMath(), ops: c.ops.toMath(), reads: c.reads.toMath(), writes: c.writes.toMath(), tiles: `${c.boxLoads.toMath()} / ${c.boxStores.toMath()}`, uncoalesced: c.uncoalesced, scattered: c.scattered.toMath(), walked: c.walked.toMath(), walking: c.walking };
    }));
  } finally {
    a.syntax.dispose();
  }
}

test('counts from the code equal counts by hand: reversal, 1-D Jacobi, matrix-vector', async () => {
  // inoffset = v * B + u (2), inoffset < N (1), outoffset = N - 1 - inoffset (2); one word each way.
  assert.deepEqual(await counts(fixture('cuda', 'thesis-reversal.mfc')), [
    { name: 'kernel0', threads: 'B', blocks: 'ub_v', launches: '1', ops: '5', reads: '1', writes: '1', tiles: '0 / 0', uncoalesced: [], scattered: '0', walked: '0', walking: [] },
  ]);
  // kernel0: p = v*B + u (2), p < N - 2 (2), three index sums, two additions, a division (6);
  // kernel1: w (2), the guard (2), two index sums (2). The time loop launches each T times.
  const jacobi = await counts(fixture('cuda', 'thesis-jacobi1d.mfc'));
  assert.deepEqual(jacobi.map(k => [k.name, k.launches, k.ops, k.reads, k.writes]), [['kernel0', 'T', '10', '3', '1'], ['kernel1', 'T', '6', '1', '1']]);
  // Per j (16 of them per tile i): j < 16 and ++j (2), p (2), the guard's <, &&, *, +, < (5),
  // += (1), two index sums (4), the product (1): 15; c read and written, a and b read. The rows
  // a[p][...] of neighbouring threads are N words apart: not coalesced; each thread reads its row
  // a word after the other as j goes: those 16 words per tile are walked.
  const [mv] = await counts(fixture('cuda', 'thesis-matvec.mfc'));
  assert.deepEqual([mv.ops, mv.reads, mv.writes, mv.uncoalesced, mv.scattered, mv.walked, mv.walking],
    ['240*((n + 15) / 16)', '48*((n + 15) / 16)', '16*((n + 15) / 16)', ['a[p][i*16+j]'], '16*((n + 15) / 16)', '16*((n + 15) / 16)', ['a[p][i*16+j]']]);
});

test('counts by hand: matrix multiplication (a serial tile loop) and transpose (a scattered write)', async () => {
  // Per tile k ((n + 3) / 4 of them): p and w (4); per z (4 of them): z < 4 and z++ (2), the guard
  // p < n && w < n && 4 * k + z < n (7), += (1), two 4*k+z (4), the product (1): 15. c read and
  // written, a and b read, each per z. Neighbouring threads (u) touch neighbouring w: coalesced.
  const [mm] = await counts(fixture('cuda', 'thesis-matmul.mfc'));
  assert.deepEqual([mm.threads, mm.blocks, mm.ops, mm.reads, mm.writes, mm.uncoalesced], ['B0*B1', 'dim0*dim1', '64*((n + 3) / 4)', '12*((n + 3) / 4)', '4*((n + 3) / 4)', []]);
  // i and j (4), i < n && j < n (3); c[j][i] puts neighbouring threads (u1, in j) a row apart.
  // Of its two words, the write alone does not coalesce; no loop in a thread: nothing walked.
  const [tr] = await counts(fixture('cuda', 'thesis-transpose.mfc'));
  assert.deepEqual([tr.ops, tr.reads, tr.writes, tr.uncoalesced, tr.scattered, tr.walked], ['7', '1', '1', ['c[j][i]'], '1', '0']);
});

test('MWP-CWP by hand: coalesced, uncoalesced and walked words, and their mix', () => {
  const h100 = GPUS.h100; // U 480, departure 4, 128 cores per SM, launch 3,960 cycles
  const one = (words: number, scattered: number, walked: number) =>
    warpEstimate(h100, { blocks: 1, threadsPerBlock: 32, activeBlocks: 1, ops: 0, words, scattered, walked });
  // One warp: every request waits its whole latency (MWP = CWP = N = 1); 8 words issue in 32·8/128 = 2 cycles.
  // Coalesced: 8 requests of 480 cycles.
  assert.equal(one(8, 0, 0).cycles, 8 * 480 + 2 + 3960);
  // Uncoalesced: 8 requests of 32 transactions 4 cycles apart: 480 + 31·4 = 604 each.
  assert.equal(one(8, 8, 0).cycles, 8 * 604 + 2 + 3960);
  // Walked: the thread's 8 consecutive words share one sector: one request of 604.
  assert.equal(one(8, 8, 8).cycles, 604 + 2 + 3960);
  // Half and half (transpose): latency 480 + 0.5·124 = 542 per request.
  assert.equal(one(8, 4, 0).cycles, 8 * 542 + 2 + 3960);
  // The bytes: 4 a coalesced or walked word, a 32-byte sector an uncoalesced one.
  const bytes = (w: ReturnType<typeof one>) => (w.bandwidthCycles / h100.clockMHz / 1e6) * h100.bandwidthGBs * 1e9;
  assert.deepEqual([one(8, 0, 0), one(8, 8, 0), one(8, 8, 8), one(8, 4, 0)].map(w => Math.round(bytes(w) / 32)), [32, 256, 32, 144]);
});

test('counts sum over loop ranges: a triangular loop', async () => {
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
  assert.deepEqual([k.ops, k.reads, k.writes], ['3*n^2/2 + n/2 + 3', 'n^2 - n', 'n^2/2 - n/2']);
});

test('counts: coarsening multiplies by s, shared tiles count per block, a uniform branch counts one side', async () => {
  const [rev] = await counts(fixture('optimize', 'reversal.mfc'));
  // x = (i*s + k)*B + j (4), y = N - 1 - x (2), x < N (1), k < s and ++k (2): 9 per k.
  assert.deepEqual([rev.ops, rev.reads, rev.writes], ['9*s', 's', 's']);
  const [tr] = await counts(fixture('optimize', 'transpose.mfc'));
  assert.deepEqual(tr.uncoalesced, ['c[j * N + i]']);
  // 1-D Jacobi in shared memory: one row of B*s + 2 loaded per block (the other side of t % 2
  // loads as much and never in the same launch); the written row goes straight to global memory.
  const [j] = await counts(fixture('optimize', 'jacobi1d.mfc'), 'shared');
  assert.deepEqual([j.tiles, j.reads, j.writes], ['B*s + 2 / 0', '0', 's']);
});

test('C expressions evaluate as C does: truncating division, the branch a ?: takes', () => {
  const v = (text: string, values: Record<string, number> = {}) => evaluateC(text, n => (n in values ? BigInt(values[n]) : undefined));
  assert.equal(v('(N + s * B - 1) / (s * B)', { N: 1000, s: 2, B: 32 }), 16n);
  assert.equal(v('-7 / 2'), -3n);
  assert.equal(v('-7 % 2'), -1n);
  assert.equal(v('argc > 1 ? atoi(argv[1]) : 1000', { argc: 1 }), 1000n);
  assert.equal(v('argc > 1 ? atoi(argv[1]) : 1000', { argc: 2 }), undefined);
  assert.equal(v('a < b && b <= 3 || 0', { a: 1, b: 3 }), 1n);
  assert.equal(v('N / 0', { N: 1 }), undefined);
  assert.equal(v('x = 3'), undefined);
  assert.equal(v('M', {}), undefined);
});

test("analyze: the program's own defaults, occupancy, the estimate and the sweep", async () => {
  const text = fs.readFileSync(fixture('optimize', 'matvec.mfc'), 'utf8');
  const r = await estimateCost(text, { gpu: 'k20c' });
  const [s] = r.schedules;
  // N = argc > 1 ? atoi(argv[1]) : 300 and so on: the program as run without arguments.
  assert.deepEqual([s.values.N, s.values.B, s.values.s, s.values.dim0, s.values.dim1], [300, 32, 2, 5, 10]);
  assert.deepEqual(s.assumed, []);
  const [k] = s.kernels;
  assert.equal(k.at.activeBlocks, 16); // 32 threads: the K20c's 16 resident blocks bind
  assert.equal(k.at.blocks, 5);
  // Span 13*B*dim1*s + 2*B*dim1 = 8960 at B = 32, dim1 = 10, s = 2; 4*B*dim1*s words per thread,
  // not coalesced: the MCM charges ℓ·U per word.
  assert.equal(k.at.blockCycles, 8960 + 32 * 500 * (4 * 32 * 10 * 2));
  // MWP-CWP: 5 blocks of one warp on 5 SMs, one warp each: nothing to overlap (MWP = CWP = N = 1).
  // Of the 2,560 words a thread moves, a[p][q]'s 640 do not coalesce (its threads read rows apart;
  // b[q] is one word for the warp, c[p] neighbours): Mem_L weighs the 32 transactions of those by
  // their share, 500 + 0.25·31·4 = 531 cycles; 2,560 requests, plus the issue of 8,960 + 2,560
  // instructions at 32/192 cycles each: 1,359,360 + 1,920; and the launch, 2 µs at the K20c's 706
  // MHz: 1,412.
  assert.deepEqual(k.uncoalesced, ['a[p][q]']);
  assert.deepEqual(k.walking, []);
  assert.deepEqual([k.at.warps, k.at.mwp, k.at.cwp, k.at.regime, k.at.rounds], [1, 1, 1, 'latency', 1]);
  assert.equal(k.at.cycles, 531 * 2560 + 1920 + 1412);
  assert.equal(s.cycles, k.at.cycles);
  assert.deepEqual(s.sweep.map(p => p.block.B), [32, 64, 128, 256, 512, 1024]);
  // Given values win over the program's; a 2-D schedule sweeps pairs within the block limit.
  const at = await estimateCost(text, { gpu: 'k20c', set: { N: 4096, B: 128 } });
  assert.deepEqual([at.schedules[0].values.N, at.schedules[0].values.dim0], [4096, 16]);
  const mm = await estimateCost(fs.readFileSync(fixture('optimize', 'matmul.mfc'), 'utf8'), { gpu: 'h100' });
  assert.ok(mm.schedules[0].sweep.every(p => p.block.B0 * p.block.B1 <= 1024 && p.threads === p.block.B0 * p.block.B1));
});

test('metafork analyze: text, --json, errors and usage', async () => {
  const run = async (...args: string[]) => {
    let stdout = '', stderr = '';
    const code = await main(args, { stdout: s => { stdout += s; }, stderr: s => { stderr += s; } });
    return { code, stdout, stderr };
  };
  const file = fixture('cuda', 'thesis-jacobi1d.mfc');
  const text = await run('analyze', file, '--gpu', 'k20c', '--set', 'N=65538');
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /meta_schedule on Tesla K20c \(13 SMs/);
  assert.match(text.stdout, /kernel0: ub_v blocks of B threads, launched T times/);
  assert.match(text.stdout, /per thread: 10 operations, 3 words read and 1 written in global memory/);
  assert.match(text.stdout, /by block size: 32: .*\(best\)/);
  // By hand, at N = 65538, B = 64 (1024 blocks), T = 10 steps of two kernels (10 and 6 operations,
  // 4 and 2 coalesced words a thread): W = 10·1024·64·16, S = 10·16, O = 10·1024·500·6.
  assert.match(text.stdout, /MCM of the schedule: work 10,485,760, span 160, overhead 30,720,000 \(U = 500\)/);
  assert.match(text.stdout, /N = 20,480 blocks, K = 208 at once, L = 20, C = 2,010 cycles/);
  const json = JSON.parse((await run('analyze', file, '--json')).stdout);
  assert.equal(json.gpu.name, 'H100 (SXM5)');
  assert.deepEqual(json.schedules[0].kernels.map((k: { name: string }) => k.name), ['kernel0', 'kernel1']);
  assert.equal((await run('analyze', file, '--gpu', 'gtx-9000')).code, 2);
  assert.equal((await run('analyze', file, '--set', 'N')).code, 2);
  const none = await run('analyze', fixture('e2e', 'clean.mfc'));
  assert.equal(none.code, 1);
  assert.match(none.stderr, /MF510/);
});
