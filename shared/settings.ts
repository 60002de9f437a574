// Settings shared by the client and the server (the `metafork.*` configuration section).

import type { MemoryMode } from './protocol';

export const SETTINGS_SECTION = 'metafork';

/** GPU presets a user can target (their limits live with the cost model). */
export const GPU_PRESETS = ['tesla-m2050', 'gtx-670', 'k20c', 'v100', 'a100', 'h100', 'h200'] as const;
export type GpuPreset = typeof GPU_PRESETS[number];
export const isGpuPreset = (x: unknown): x is GpuPreset => (GPU_PRESETS as readonly unknown[]).includes(x);

export interface MetaforkSettings {
  /** Run the server on C and C++ documents too (CilkPlus and OpenMP diagnostics). */
  enableForCAndCpp: boolean;
  cuda: {
    /** Memory mode of generated kernels (hover, code lens, the CUDA view). */
    memory: MemoryMode;
    /** The GPU whose limits the estimates and the case discussion use. */
    gpu: GpuPreset;
    /** nvcc to run for register counts; empty: never run it. Never run in untrusted workspaces. */
    nvccPath: string;
  };
}

export const DEFAULT_SETTINGS: MetaforkSettings = {
  enableForCAndCpp: true,
  cuda: { memory: 'global', gpu: 'h100', nvccPath: '' },
};
