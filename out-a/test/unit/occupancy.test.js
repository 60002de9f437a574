"use strict";
// Occupancy and the slides' estimate on the GPU presets, and RT-CUDA's printed occupancy values
// (Khan 2014 Ch. 4: the rows reproducible from the stated inputs, and the tuner's filter on the
// cc 3.5 row).
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const gpus_1 = require("../../server/src/cost/gpus");
const occupancy_1 = require("../../server/src/cost/occupancy");
const settings_1 = require("../../shared/settings");
(0, node_test_1.test)('every preset the settings offer has its limits', () => {
    strict_1.default.deepEqual(Object.keys(gpus_1.GPUS).sort(), [...settings_1.GPU_PRESETS].sort());
    for (const g of Object.values(gpus_1.GPUS)) {
        strict_1.default.equal(g.maxWarpsPerSm * g.threadsPerWarp >= g.maxThreadsPerBlock, true, g.name);
        strict_1.default.ok(g.maxSharedBytesPerBlock <= g.sharedBytesPerSm, g.name);
    }
    strict_1.default.deepEqual((0, gpus_1.machineLimits)(gpus_1.GPUS['k20c']), { R_B: 255, Z_B: 12288, T_B: 1024 });
    strict_1.default.deepEqual((0, gpus_1.machineLimits)(gpus_1.GPUS['tesla-m2050']), { R_B: 63, Z_B: 12288, T_B: 1024 });
});
(0, node_test_1.test)('occupancy as the CUDA calculator counts it (worked by hand)', () => {
    const v100 = gpus_1.GPUS['v100'], h100 = gpus_1.GPUS['h100'];
    // 256 threads, 32 registers: 1024 registers a warp, 64 warps by registers: 8 blocks, full.
    strict_1.default.deepEqual((0, occupancy_1.occupancy)(v100, { threadsPerBlock: 256, registersPerThread: 32, sharedBytes: 0 }).activeBlocks, 8);
    strict_1.default.equal((0, occupancy_1.occupancy)(v100, { threadsPerBlock: 256, registersPerThread: 32, sharedBytes: 0 }).occupancy, 1);
    // 128 registers: 4096 a warp, 16 warps: 2 blocks of 8 warps, a quarter.
    const heavy = (0, occupancy_1.occupancy)(v100, { threadsPerBlock: 256, registersPerThread: 128, sharedBytes: 0 });
    strict_1.default.deepEqual([heavy.activeBlocks, heavy.limitedBy, heavy.occupancy], [2, 'registers', 0.25]);
    // 33 registers round up to 1280 a warp (unit 256): 51 warps, 6 blocks of 8.
    strict_1.default.equal((0, occupancy_1.occupancy)(v100, { threadsPerBlock: 256, registersPerThread: 33, sharedBytes: 0 }).activeBlocks, 6);
    // 100 KB of shared memory per block on H100: with the 1 KB reserved, 2 blocks in 228 KB.
    const big = (0, occupancy_1.occupancy)(h100, { threadsPerBlock: 128, registersPerThread: 32, sharedBytes: 100 * 1024 });
    strict_1.default.deepEqual([big.activeBlocks, big.limitedBy], [2, 'shared memory']);
    // 32 threads a block: the 32 resident blocks bind before the 64 warps.
    strict_1.default.deepEqual((0, occupancy_1.occupancy)(h100, { threadsPerBlock: 32, registersPerThread: 16, sharedBytes: 0 }).limitedBy, 'blocks');
    // Too much for one block: nothing runs.
    strict_1.default.equal((0, occupancy_1.occupancy)(v100, { threadsPerBlock: 128, registersPerThread: 32, sharedBytes: 97 * 1024 }).activeBlocks, 0);
    strict_1.default.equal((0, occupancy_1.occupancy)(gpus_1.GPUS['gtx-670'], { threadsPerBlock: 128, registersPerThread: 64, sharedBytes: 0 }).activeBlocks, 0);
});
(0, node_test_1.test)('the slides estimate: waves of active blocks over all SMs, one block time each', () => {
    const k20 = gpus_1.GPUS['k20c'];
    // 256 threads, 13 SMs × 8 active blocks = 104 blocks a wave: 1000 blocks take 10 waves.
    const launch = { threadsPerBlock: 256, registersPerThread: 16, sharedBytes: 0, blocks: 1000, blockCycles: 500 };
    strict_1.default.equal((0, occupancy_1.occupancy)(k20, launch).activeBlocks, 8);
    strict_1.default.equal((0, occupancy_1.estimateCycles)(k20, [launch]), 10 * 500);
    strict_1.default.equal((0, occupancy_1.estimateCycles)(k20, [launch, { ...launch, blocks: 104 }]), 11 * 500);
    strict_1.default.equal((0, occupancy_1.estimateCycles)(k20, [{ ...launch, sharedBytes: 64 * 1024 }]), Infinity);
});
// C2070 (Fermi): 14 SMs × 32 SPs, 48 warps and 8 blocks per SM, 48 KB of shared memory per SM.
const C2070 = { warpsPerSm: 48, threadsPerWarp: 32, sharedBytesPerSm: 49152, maxBlocksPerSm: 8, spsPerSm: 32, sms: 14 };
// "Quadro FX 7000" of the thesis's Table 3.1: 16 SMs of the same kind.
const QUADRO = { ...C2070, sms: 16 };
(0, node_test_1.test)("RT-CUDA Eq. 4.1-4.5: the thesis's worked example and the tables' reproducible rows", () => {
    // L1265-1279: 256 threads, tile 256, 4-byte elements, 2 per result; 32 warps, 16384 B, 8 blocks per SM.
    const worked = (0, occupancy_1.rtcudaModel)({ ...C2070, warpsPerSm: 32, sharedBytesPerSm: 16384 }, { threadsPerBlock: 256, boxSize: 256, elementBytes: 4, elementsPerResult: 2, resultElements: 256 });
    strict_1.default.deepEqual([worked.warpsPerBlock, worked.sharedPerBlock, worked.activeBlocks], [8, 2048, 4]);
    const mm = (threadsPerBlock, tileSize, elementsPerResult, device = C2070) => (0, occupancy_1.rtcudaModel)(device, { threadsPerBlock, boxSize: tileSize, elementBytes: 4, elementsPerResult, resultElements: 2048 * 2048 });
    const round4 = (x) => Math.round(x * 1e4) / 1e4;
    // Table 4.2, "Restructuring Algorithm" 512/2048 and "NVIDIA SDK" 256/256 (matrix multiplication: 2 elements a result).
    const restructured = mm(512, 2048, 2);
    strict_1.default.deepEqual([restructured.activeBlocks, restructured.totalKernelBlocks, restructured.sCycles, round4(restructured.akbpsm)], [3, 2048, 48, 146.2857]);
    const sdk = mm(256, 256, 2);
    strict_1.default.deepEqual([sdk.activeBlocks, sdk.totalKernelBlocks, sdk.sCycles, round4(sdk.akbpsm)], [6, 16384, 48, 1170.2857]);
    // Table 4.5, 512/4096 (one element a result).
    const t45 = mm(512, 4096, 1);
    strict_1.default.deepEqual([t45.activeBlocks, t45.totalKernelBlocks, t45.sCycles, round4(t45.akbpsm)], [3, 1024, 48, 73.1429]);
    // Table 4.6 row 1, 512/1024 on the 16-SM Quadro.
    const t46 = mm(512, 1024, 1, QUADRO);
    strict_1.default.deepEqual([t46.activeBlocks, t46.sCycles, t46.akbpsm], [3, 48, 256]);
    // Table 4.8: 64/256 and 16/256 (the table's own kernel-block count is not N²/TS; not checked).
    strict_1.default.deepEqual([mm(64, 256, 1, QUADRO).activeBlocks, mm(64, 256, 1, QUADRO).sCycles], [8, 16]);
    strict_1.default.deepEqual([mm(16, 256, 1, QUADRO).activeBlocks, mm(16, 256, 1, QUADRO).sCycles], [8, 4]);
});
(0, node_test_1.test)("RT-CUDA's tuner filter (Optimizer.java) on the cc 3.5 row", () => {
    const cc35 = { threadsPerWarp: 32, warpsPerSm: 64, maxSharedMemoryPerSm: 49152, registerFileSize: 65536, registerAllocationUnitSize: 256 };
    strict_1.default.deepEqual((0, occupancy_1.rtcudaLimits)(cc35, 256, 13, 1), { r: 14, registersPerBlock: 3584, warpsPerBlock: 8, byWarps: 8, byShared: 49152, byRegisters: 18 });
    const wide = (0, occupancy_1.rtcudaLimits)(cc35, 1024, 24, 1);
    strict_1.default.deepEqual([wide.registersPerBlock, wide.byWarps, wide.byRegisters], [24832, 2, 2]);
});
//# sourceMappingURL=occupancy.test.js.map