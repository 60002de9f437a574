// Settings shared by the client and the server (the `metafork.*` configuration section).

export const SETTINGS_SECTION = 'metafork';

export interface MetaforkSettings {
  /** Run the server on C and C++ documents too (CilkPlus and OpenMP diagnostics). */
  enableForCAndCpp: boolean;
}

export const DEFAULT_SETTINGS: MetaforkSettings = { enableForCAndCpp: true };
