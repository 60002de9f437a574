// Occupancy and the slides' estimate on the GPU presets, and RT-CUDA's printed occupancy values
// (Khan 2014 Ch. 4: the rows reproducible from the stated inputs, and the tuner's filter on the
// cc 3.5 row).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GPUS, machineLimits } from '../../server/src/cost/gpus';
import { estimateCycles, occupancy, rtcudaLimits, rtcudaModel } from '../../server/src/cost/occupancy';
import { GPU_PRESETS } from '../../shared/settings';

test('every preset the settings offer has its limits', () => {
  assert.deepEqual(Object.keys(GPUS).sort(), [...GPU_PRESETS].sort());
  for (const g of Object.values(GPUS)) {
    assert.equal(g.maxWarpsPerSm * g.threadsPerWarp >= g.maxThreadsPerBlock, true, g.name);
    assert.ok(g.maxSharedBytesPerBlock <= g.sharedBytesPerSm, g.name);
  }
  assert.deepEqual(machineLimits(GPUS['k20c']), { R_B: 255, Z_B: 12288, T_B: 1024 });
  assert.deepEqual(machineLimits(GPUS['tesla-m2050']), { R_B: 63, Z_B: 12288, T_B: 1024 });
});

test('occupancy as the CUDA calculator counts it (worked by hand)', () => {
  const v100 = GPUS['v100'], h100 = GPUS['h100'];
  // 256 threads, 32 registers: 1024 registers a warp, 64 warps by registers: 8 blocks, full.
  assert.deepEqual(occupancy(v100, { threadsPerBlock: 256, registersPerThread: 32, sharedBytes: 0 }).activeBlocks, 8);
  assert.equal(occupancy(v100, { threadsPerBlock: 256, registersPerThread: 32, sharedBytes: 0 }).occupancy, 1);
  // 128 registers: 4096 a warp, 16 warps: 2 blocks of 8 warps, a quarter.
  const heavy = occupancy(v100, { threadsPerBlock: 256, registersPerThread: 128, sharedBytes: 0 });
  assert.deepEqual([heavy.activeBlocks, heavy.limitedBy, heavy.occupancy], [2, 'registers', 0.25]);
  // 33 registers round up to 1280 a warp (unit 256): 51 warps, 6 blocks of 8.
  assert.equal(occupancy(v100, { threadsPerBlock: 256, registersPerThread: 33, sharedBytes: 0 }).activeBlocks, 6);
  // 100 KB of shared memory per block on H100: with the 1 KB reserved, 2 blocks in 228 KB.
  const big = occupancy(h100, { threadsPerBlock: 128, registersPerThread: 32, sharedBytes: 100 * 1024 });
  assert.deepEqual([big.activeBlocks, big.limitedBy], [2, 'shared memory']);
  // 32 threads a block: the 32 resident blocks bind before the 64 warps.
  assert.deepEqual(occupancy(h100, { threadsPerBlock: 32, registersPerThread: 16, sharedBytes: 0 }).limitedBy, 'blocks');
  // Too much for one block: nothing runs.
  assert.equal(occupancy(v100, { threadsPerBlock: 128, registersPerThread: 32, sharedBytes: 97 * 1024 }).activeBlocks, 0);
  assert.equal(occupancy(GPUS['gtx-670'], { threadsPerBlock: 128, registersPerThread: 64, sharedBytes: 0 }).activeBlocks, 0);
});

test('the slides estimate: waves of active blocks over all SMs, one block time each', () => {
  const k20 = GPUS['k20c'];
  // 256 threads, 13 SMs × 8 active blocks = 104 blocks a wave: 1000 blocks take 10 waves.
  const launch = { threadsPerBlock: 256, registersPerThread: 16, sharedBytes: 0, blocks: 1000, blockCycles: 500 };
  assert.equal(occupancy(k20, launch).activeBlocks, 8);
  assert.equal(estimateCycles(k20, [launch]), 10 * 500);
  assert.equal(estimateCycles(k20, [launch, { ...launch, blocks: 104 }]), 11 * 500);
  assert.equal(estimateCycles(k20, [{ ...launch, sharedBytes: 64 * 1024 }]), Infinity);
});

// C2070 (Fermi): 14 SMs × 32 SPs, 48 warps and 8 blocks per SM, 48 KB of shared memory per SM.
const C2070 = { warpsPerSm: 48, threadsPerWarp: 32, sharedBytesPerSm: 49152, maxBlocksPerSm: 8, spsPerSm: 32, sms: 14 };
// "Quadro FX 7000" of the thesis's Table 3.1: 16 SMs of the same kind.
const QUADRO = { ...C2070, sms: 16 };

test("RT-CUDA Eq. 4.1-4.5: the thesis's worked example and the tables' reproducible rows", () => {
  // L1265-1279: 256 threads, tile 256, 4-byte elements, 2 per result; 32 warps, 16384 B, 8 blocks per SM.
  const worked = rtcudaModel({ ...C2070, warpsPerSm: 32, sharedBytesPerSm: 16384 }, { threadsPerBlock: 256, boxSize: 256, elementBytes: 4, elementsPerResult: 2, resultElements: 256 });
  assert.deepEqual([worked.warpsPerBlock, worked.sharedPerBlock, worked.activeBlocks], [8, 2048, 4]);
  const mm = (threadsPerBlock: number, tileSize: number, elementsPerResult: number, device = C2070) =>
    rtcudaModel(device, { threadsPerBlock, boxSize: tileSize, elementBytes: 4, elementsPerResult, resultElements: 2048 * 2048 });
  const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
  // Table 4.2, "Restructuring Algorithm" 512/2048 and "NVIDIA SDK" 256/256 (matrix multiplication: 2 elements a result).
  const restructured = mm(512, 2048, 2);
  assert.deepEqual([restructured.activeBlocks, restructured.totalKernelBlocks, restructured.sCycles, round4(restructured.akbpsm)], [3, 2048, 48, 146.2857]);
  const sdk = mm(256, 256, 2);
  assert.deepEqual([sdk.activeBlocks, sdk.totalKernelBlocks, sdk.sCycles, round4(sdk.akbpsm)], [6, 16384, 48, 1170.2857]);
  // Table 4.5, 512/4096 (one element a result).
  const t45 = mm(512, 4096, 1);
  assert.deepEqual([t45.activeBlocks, t45.totalKernelBlocks, t45.sCycles, round4(t45.akbpsm)], [3, 1024, 48, 73.1429]);
  // Table 4.6 row 1, 512/1024 on the 16-SM Quadro.
  const t46 = mm(512, 1024, 1, QUADRO);
  assert.deepEqual([t46.activeBlocks, t46.sCycles, t46.akbpsm], [3, 48, 256]);
  // Table 4.8: 64/256 and 16/256 (the table's own kernel-block count is not N²/TS; not checked).
  assert.deepEqual([mm(64, 256, 1, QUADRO).activeBlocks, mm(64, 256, 1, QUADRO).sCycles], [8, 16]);
  assert.deepEqual([mm(16, 256, 1, QUADRO).activeBlocks, mm(16, 256, 1, QUADRO).sCycles], [8, 4]);
});

test("RT-CUDA's tuner filter (Optimizer.java) on the cc 3.5 row", () => {
  const cc35 = { threadsPerWarp: 32, warpsPerSm: 64, maxSharedMemoryPerSm: 49152, registerFileSize: 65536, registerAllocationUnitSize: 256 };
  assert.deepEqual(rtcudaLimits(cc35, 256, 13, 1), { r: 14, registersPerBlock: 3584, warpsPerBlock: 8, byWarps: 8, byShared: 49152, byRegisters: 18 });
  const wide = rtcudaLimits(cc35, 1024, 24, 1);
  assert.deepEqual([wide.registersPerBlock, wide.byWarps, wide.byRegisters], [24832, 2, 2]);
});
