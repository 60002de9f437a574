// Occupancy: how many blocks of a kernel one SM keeps active, and the slides' running-time
// estimate built on it (seed 004: T = Σ over kernels of (blocks / active blocks) · W_B). Also
// RT-CUDA's two occupancy models as that thesis prints them (Khan 2014 Ch. 4, Eq. 4.1–4.5, and the
// filter its tuner implements), so its published numbers can be checked.

import type { Gpu } from './gpus';
import type { OccupancyLimit } from '../../../shared/protocol';

export interface KernelResources {
  threadsPerBlock: number;
  registersPerThread: number;
  /** Shared memory per block, bytes (static and dynamic). */
  sharedBytes: number;
}

export interface Occupancy {
  /** Blocks active on one SM at a time; 0 when one block does not fit. */
  activeBlocks: number;
  limitedBy: OccupancyLimit;
  /** Per limit, the blocks it alone would allow. */
  limits: Record<OccupancyLimit, number>;
  /** Active warps over the SM's maximum. */
  occupancy: number;
}

const roundUp = (x: number, unit: number) => Math.ceil(x / unit) * unit;

/** Active blocks per SM as NVIDIA's occupancy calculator counts them: warps, resident blocks,
 * registers (allocated per warp in units), shared memory (allocated per block in units). */
export function occupancy(gpu: Gpu, k: KernelResources): Occupancy {
  const warpsPerBlock = Math.ceil(k.threadsPerBlock / gpu.threadsPerWarp);
  const registersPerWarp = roundUp(k.registersPerThread * gpu.threadsPerWarp, gpu.registerAllocationUnit);
  const sharedPerBlock =
    k.sharedBytes > 0 ? roundUp(k.sharedBytes + gpu.sharedReservedPerBlock, gpu.sharedAllocationUnit) : 0;
  const fits = k.threadsPerBlock <= gpu.maxThreadsPerBlock && k.registersPerThread <= gpu.maxRegistersPerThread
    && k.sharedBytes <= gpu.maxSharedBytesPerBlock;
  const limits: Record<OccupancyLimit, number> = {
    warps: Math.floor(gpu.maxWarpsPerSm / warpsPerBlock),
    blocks: gpu.maxBlocksPerSm,
    registers:
      registersPerWarp > 0 ? Math.floor(Math.floor(gpu.registersPerSm / registersPerWarp) / warpsPerBlock) : Infinity,
    'shared memory': sharedPerBlock > 0 ? Math.floor(gpu.sharedBytesPerSm / sharedPerBlock) : Infinity,
  };
  const order: OccupancyLimit[] = ['warps', 'blocks', 'registers', 'shared memory'];
  const limitedBy = order.reduce((a, b) => (limits[b] < limits[a] ? b : a));
  const activeBlocks = fits ? limits[limitedBy] : 0;
  return { activeBlocks, limitedBy, limits, occupancy: (activeBlocks * warpsPerBlock) / gpu.maxWarpsPerSm };
}

/** One launch for the estimate: its blocks, their resources, and the cycles one block takes
 * (the MCM's span plus overhead of a block, S(B) + O(B)). */
export interface Launch extends KernelResources { blocks: number; blockCycles: number }

/**
 * The slides' estimate: each launch runs in waves of (active blocks × SMs) blocks, a wave taking
 * one block's cycles; launches follow one another. Infinity when a block does not fit.
 */
export function estimateCycles(gpu: Gpu, launches: Launch[]): number {
  let cycles = 0;
  for (const l of launches) {
    const active = occupancy(gpu, l).activeBlocks;
    if (active === 0) return Infinity;
    cycles += Math.ceil(l.blocks / (active * gpu.sms)) * l.blockCycles;
  }
  return cycles;
}

/** RT-CUDA's Ch.4 model (Eq. 4.1–4.5) for a threads-per-block × tile-size choice. */
export interface RtCudaDevice {
  warpsPerSm: number;
  threadsPerWarp: number;
  sharedBytesPerSm: number;
  maxBlocksPerSm: number;
  spsPerSm: number;
  sms: number;
}
export function rtcudaModel(
  d: RtCudaDevice,
  c: {
    threadsPerBlock: number;
    boxSize: number;
    elementBytes: number;
    elementsPerResult: number;
    resultElements: number;
  },
) {
  const warpsPerBlock = c.threadsPerBlock / d.threadsPerWarp; // (4.2)
  const sharedPerBlock = c.boxSize * c.elementBytes * c.elementsPerResult; // (4.3)
  // (4.1) as printed, with ceilings (the tuner's floors give the same on whole quotients).
  const activeBlocks = Math.min(
    Math.min(Math.ceil(d.warpsPerSm / warpsPerBlock), d.maxBlocksPerSm),
    Math.min(Math.ceil(d.sharedBytesPerSm / sharedPerBlock), d.maxBlocksPerSm),
  );
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

/** The feasibility filter of RT-CUDA's tuner as its Optimizer.java computes it (the register
 * rounding always adds one unit; shared memory per SM, not per block). */
export interface RtCudaRow {
  threadsPerWarp: number;
  warpsPerSm: number;
  maxSharedMemoryPerSm: number;
  registerFileSize: number;
  registerAllocationUnitSize: number;
}
export function rtcudaLimits(row: RtCudaRow, bs: number, registersPerThread: number, sharedBytes: number) {
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
