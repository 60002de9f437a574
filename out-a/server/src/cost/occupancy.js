"use strict";
// Occupancy: how many blocks of a kernel one SM keeps active, and the slides' running-time
// estimate built on it (seed 004: T = Σ over kernels of (blocks / active blocks) · W_B). Also
// RT-CUDA's two occupancy models as that thesis prints them (Khan 2014 Ch. 4, Eq. 4.1–4.5, and the
// filter its tuner implements), so its published numbers can be checked.
Object.defineProperty(exports, "__esModule", { value: true });
exports.occupancy = occupancy;
exports.estimateCycles = estimateCycles;
exports.rtcudaModel = rtcudaModel;
exports.rtcudaLimits = rtcudaLimits;
const roundUp = (x, unit) => Math.ceil(x / unit) * unit;
/** Active blocks per SM as NVIDIA's occupancy calculator counts them: warps, resident blocks,
 * registers (allocated per warp in units), shared memory (allocated per block in units). */
function occupancy(gpu, k) {
    const warpsPerBlock = Math.ceil(k.threadsPerBlock / gpu.threadsPerWarp);
    const registersPerWarp = roundUp(k.registersPerThread * gpu.threadsPerWarp, gpu.registerAllocationUnit);
    const sharedPerBlock = k.sharedBytes > 0 ? roundUp(k.sharedBytes + gpu.sharedReservedPerBlock, gpu.sharedAllocationUnit) : 0;
    const fits = k.threadsPerBlock <= gpu.maxThreadsPerBlock && k.registersPerThread <= gpu.maxRegistersPerThread
        && k.sharedBytes <= gpu.maxSharedBytesPerBlock;
    const limits = {
        warps: Math.floor(gpu.maxWarpsPerSm / warpsPerBlock),
        blocks: gpu.maxBlocksPerSm,
        registers: registersPerWarp > 0 ? Math.floor(Math.floor(gpu.registersPerSm / registersPerWarp) / warpsPerBlock) : Infinity,
        'shared memory': sharedPerBlock > 0 ? Math.floor(gpu.sharedBytesPerSm / sharedPerBlock) : Infinity,
    };
    const order = ['warps', 'blocks', 'registers', 'shared memory'];
    const limitedBy = order.reduce((a, b) => (limits[b] < limits[a] ? b : a));
    const activeBlocks = fits ? limits[limitedBy] : 0;
    return { activeBlocks, limitedBy, limits, occupancy: (activeBlocks * warpsPerBlock) / gpu.maxWarpsPerSm };
}
/**
 * The slides' estimate: each launch runs in waves of (active blocks × SMs) blocks, a wave taking
 * one block's cycles; launches follow one another. Infinity when a block does not fit.
 */
function estimateCycles(gpu, launches) {
    let cycles = 0;
    for (const l of launches) {
        const active = occupancy(gpu, l).activeBlocks;
        if (active === 0)
            return Infinity;
        cycles += Math.ceil(l.blocks / (active * gpu.sms)) * l.blockCycles;
    }
    return cycles;
}
function rtcudaModel(d, c) {
    const warpsPerBlock = c.threadsPerBlock / d.threadsPerWarp; // (4.2)
    const sharedPerBlock = c.boxSize * c.elementBytes * c.elementsPerResult; // (4.3)
    // (4.1) as printed, with ceilings (the tuner's floors give the same on whole quotients).
    const activeBlocks = Math.min(Math.min(Math.ceil(d.warpsPerSm / warpsPerBlock), d.maxBlocksPerSm), Math.min(Math.ceil(d.sharedBytesPerSm / sharedPerBlock), d.maxBlocksPerSm));
    const totalKernelBlocks = c.resultElements / c.boxSize;
    return {
        warpsPerBlock,
        sharedPerBlock,
        activeBlocks,
        totalKernelBlocks,
        akbpsm: totalKernelBlocks / d.sms, // (4.4)
        sCycles: (activeBlocks * c.threadsPerBlock) / d.spsPerSm, // (4.5)
    };
}
function rtcudaLimits(row, bs, registersPerThread, sharedBytes) {
    const r = Math.floor((registersPerThread * bs) / row.registerAllocationUnitSize) + 1;
    const registersPerBlock = r * row.registerAllocationUnitSize;
    const warpsPerBlock = Math.ceil(bs / row.threadsPerWarp);
    return {
        r, registersPerBlock, warpsPerBlock,
        byWarps: Math.floor(row.warpsPerSm / warpsPerBlock),
        byShared: Math.floor(row.maxSharedMemoryPerSm / sharedBytes),
        byRegisters: Math.floor(row.registerFileSize / registersPerBlock),
    };
}
//# sourceMappingURL=occupancy.js.map