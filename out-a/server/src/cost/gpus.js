"use strict";
// The GPU presets a user can target (setting `metafork.cuda.gpu`, `--gpu`): the limits the
// occupancy estimate and the case discussion's machine parameters read. The three GPUs of the
// seeds (Tesla M2050, GeForce GTX 670, Tesla K20c) take the per-compute-capability rows RT-CUDA
// uses (Khan 2014 App. B (GPU parameters)) with their own SM counts; the recent ones take NVIDIA's published
// limits for their compute capability (CUDA programming guide, "Technical Specifications per
// Compute Capability", and the product data sheets).
Object.defineProperty(exports, "__esModule", { value: true });
exports.GPUS = void 0;
exports.machineLimits = machineLimits;
/** The launch cost of a preset at its clock: `LAUNCH_MICROSECONDS` µs. */
const LAUNCH_MICROSECONDS = 2;
const launchAt = (clockMHz) => Math.round(LAUNCH_MICROSECONDS * clockMHz);
const KB = 1024;
const H100 = {
    name: 'H100 (SXM5)', computeCapability: '9.0', sms: 132, coresPerSm: 128, clockMHz: 1980,
    threadsPerWarp: 32, maxWarpsPerSm: 64, maxBlocksPerSm: 32, maxThreadsPerBlock: 1024,
    registersPerSm: 65536, maxRegistersPerThread: 255, registerAllocationUnit: 256,
    sharedBytesPerSm: 228 * KB, maxSharedBytesPerBlock: 227 * KB, sharedAllocationUnit: 128, sharedReservedPerBlock: KB,
    wordCycles: 480, bandwidthGBs: 3350, departureCycles: 4, launchCycles: launchAt(1980),
};
exports.GPUS = {
    'tesla-m2050': {
        name: 'Tesla M2050', computeCapability: '2.0', sms: 14, coresPerSm: 32, clockMHz: 1150,
        threadsPerWarp: 32, maxWarpsPerSm: 48, maxBlocksPerSm: 8, maxThreadsPerBlock: 1024,
        registersPerSm: 32768, maxRegistersPerThread: 63, registerAllocationUnit: 128,
        sharedBytesPerSm: 48 * KB, maxSharedBytesPerBlock: 48 * KB, sharedAllocationUnit: 128, sharedReservedPerBlock: 0,
        wordCycles: 600, bandwidthGBs: 148, departureCycles: 4, launchCycles: launchAt(1150),
    },
    'gtx-670': {
        name: 'GeForce GTX 670', computeCapability: '3.0', sms: 7, coresPerSm: 192, clockMHz: 915,
        threadsPerWarp: 32, maxWarpsPerSm: 64, maxBlocksPerSm: 16, maxThreadsPerBlock: 1024,
        registersPerSm: 65536, maxRegistersPerThread: 63, registerAllocationUnit: 256,
        sharedBytesPerSm: 48 * KB, maxSharedBytesPerBlock: 48 * KB, sharedAllocationUnit: 256, sharedReservedPerBlock: 0,
        wordCycles: 500, bandwidthGBs: 192, departureCycles: 4, launchCycles: launchAt(915),
    },
    'k20c': {
        name: 'Tesla K20c', computeCapability: '3.5', sms: 13, coresPerSm: 192, clockMHz: 706,
        threadsPerWarp: 32, maxWarpsPerSm: 64, maxBlocksPerSm: 16, maxThreadsPerBlock: 1024,
        registersPerSm: 65536, maxRegistersPerThread: 255, registerAllocationUnit: 256,
        sharedBytesPerSm: 48 * KB, maxSharedBytesPerBlock: 48 * KB, sharedAllocationUnit: 256, sharedReservedPerBlock: 0,
        wordCycles: 500, bandwidthGBs: 208, departureCycles: 4, launchCycles: launchAt(706),
    },
    'v100': {
        name: 'Tesla V100 (SXM2)', computeCapability: '7.0', sms: 80, coresPerSm: 64, clockMHz: 1530,
        threadsPerWarp: 32, maxWarpsPerSm: 64, maxBlocksPerSm: 32, maxThreadsPerBlock: 1024,
        registersPerSm: 65536, maxRegistersPerThread: 255, registerAllocationUnit: 256,
        sharedBytesPerSm: 96 * KB, maxSharedBytesPerBlock: 96 * KB, sharedAllocationUnit: 256, sharedReservedPerBlock: 0,
        wordCycles: 450, bandwidthGBs: 900, departureCycles: 4, launchCycles: launchAt(1530),
    },
    'a100': {
        name: 'A100 (SXM4)', computeCapability: '8.0', sms: 108, coresPerSm: 64, clockMHz: 1410,
        threadsPerWarp: 32, maxWarpsPerSm: 64, maxBlocksPerSm: 32, maxThreadsPerBlock: 1024,
        registersPerSm: 65536, maxRegistersPerThread: 255, registerAllocationUnit: 256,
        sharedBytesPerSm: 164 * KB, maxSharedBytesPerBlock: 163 * KB, sharedAllocationUnit: 128, sharedReservedPerBlock: KB,
        wordCycles: 470, bandwidthGBs: 1555, departureCycles: 4, launchCycles: launchAt(1410),
    },
    'h100': H100,
    // The same SM, limits and clocks as the H100; only its memory (HBM3e, 141 GB, 4.8 TB/s) differs.
    'h200': { ...H100, name: 'H200 (SXM)', bandwidthGBs: 4800 },
};
/** The case discussion's machine parameters for a preset: R_B, Z_B (4-byte words) and T_B. */
function machineLimits(gpu) {
    return {
        R_B: gpu.maxRegistersPerThread,
        Z_B: Math.floor(gpu.maxSharedBytesPerBlock / 4),
        T_B: gpu.maxThreadsPerBlock,
    };
}
//# sourceMappingURL=gpus.js.map