// The `metafork.*` settings, described once: their type, default and allowed values. The server
// reads its settings through `settingsFrom`, the client reads VS Code's configuration through it,
// the command line validates its --gpu and --memory with `settingProblem`, and a test checks
// package.json's `contributes.configuration` against `SETTINGS_SCHEMA`.

import type { MemoryMode } from './protocol';

export type { MemoryMode };

export const SETTINGS_SECTION = 'metafork';

/** GPU presets a user can target (their limits live with the cost model). */
export const GPU_PRESETS = ['tesla-m2050', 'gtx-670', 'k20c', 'v100', 'a100', 'h100', 'h200'] as const;
export type GpuPreset = typeof GPU_PRESETS[number];

const MEMORY_MODES: readonly MemoryMode[] = ['global', 'shared'];

export interface MetaforkSettings {
  /** Run the server on C and C++ documents too (CilkPlus and OpenMP diagnostics). */
  enableForCAndCpp: boolean;
  /** `-I` directories, after those of a compile_commands.json or compile_flags.txt (relative ones:
   * to the workspace folder). */
  includePaths: string[];
  /** `-D` definitions, `NAME` or `NAME=VALUE`, after those of the compile commands. */
  defines: string[];
  cuda: {
    /** Memory mode of generated kernels (hover, code lens, the CUDA view). */
    memory: MemoryMode;
    /** The GPU whose limits the estimates and the case discussion use. */
    gpu: GpuPreset;
    /** nvcc to run for register counts; empty: never run it. Never run in untrusted workspaces. */
    nvccPath: string;
    /** `NAME=VALUE`: values the estimates take for the program's parameters (hover, lens, plot),
     * before the program's own and the defaults. */
    values: string[];
  };
}

/** One setting: its JSON type, default and (for a string with a fixed set) allowed values; an
 * array's items are strings, each matching `pattern` where there is one. */
export interface SettingSchema {
  type: 'boolean' | 'string' | 'array';
  default: boolean | string | readonly string[];
  enum?: readonly string[];
  items?: { type: 'string'; pattern?: string; patternErrorMessage?: string };
  /** VS Code's scope, where it is not the default (`window`). */
  scope?: 'machine-overridable';
}

/** Every setting by its key below `metafork.` (dotted: `cuda.gpu`). */
export const SETTINGS_SCHEMA = {
  'enableForCAndCpp': { type: 'boolean', default: true },
  'includePaths': { type: 'array', items: { type: 'string' }, default: [] },
  'defines': {
    type: 'array', default: [],
    items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*(=.*)?$', patternErrorMessage: 'NAME or NAME=VALUE' },
  },
  'cuda.memory': { type: 'string', enum: MEMORY_MODES, default: 'global' },
  'cuda.gpu': { type: 'string', enum: GPU_PRESETS, default: 'h100' },
  'cuda.nvccPath': { type: 'string', default: '', scope: 'machine-overridable' },
  // Read by the editor's language client (`<id>.trace.server`), which turns the server's trace on.
  'trace.server': { type: 'string', enum: ['off', 'messages', 'verbose'], default: 'off' },
  'cuda.values': {
    type: 'array', default: [],
    items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*=-?[0-9]+$', patternErrorMessage: 'NAME=VALUE, VALUE an integer' },
  },
} as const satisfies Record<string, SettingSchema>;

export type SettingKey = keyof typeof SETTINGS_SCHEMA;

/** What is wrong with `value` for the setting `key`, in one sentence naming it as `name` (a
 * command-line flag, a request parameter); undefined when it is valid. */
export function settingProblem(
  key: SettingKey, value: unknown, name: string = `${SETTINGS_SECTION}.${key}`,
): string | undefined {
  const schema: SettingSchema = SETTINGS_SCHEMA[key];
  if (schema.items) {
    const { pattern, patternErrorMessage } = schema.items;
    const fits = (v: unknown) => typeof v === 'string' && (!pattern || new RegExp(pattern).test(v));
    if (Array.isArray(value) && value.every(fits)) return undefined;
    return `${name} must be an array of ${pattern ? `strings ${patternErrorMessage}` : 'strings'}`;
  }
  if (schema.enum) {
    return schema.enum.includes(value as string) ? undefined : `${name} must be one of ${schema.enum.join(', ')}`;
  }
  return typeof value === schema.type ? undefined : `${name} must be a ${schema.type}`;
}

/** The settings read through `get` (a key's value, or undefined where it is not set): a value
 * missing or invalid (a typo in settings.json) takes its default; `problems` hears why. */
export function settingsFrom(
  get: (key: SettingKey) => unknown, problems?: (message: string) => void,
): MetaforkSettings {
  const value = (key: SettingKey) => {
    const v = get(key);
    if (v === undefined || v === null) return SETTINGS_SCHEMA[key].default;
    const problem = settingProblem(key, v);
    if (problem) { problems?.(problem); return SETTINGS_SCHEMA[key].default; }
    return v;
  };
  return {
    enableForCAndCpp: value('enableForCAndCpp') as boolean,
    includePaths: [...value('includePaths') as readonly string[]],
    defines: [...value('defines') as readonly string[]],
    cuda: {
      memory: value('cuda.memory') as MemoryMode,
      gpu: value('cuda.gpu') as GpuPreset,
      nvccPath: value('cuda.nvccPath') as string,
      values: [...value('cuda.values') as readonly string[]],
    },
  };
}

/** `metafork.cuda.values` as the cost model's `set` (`N=4096` → `{ N: 4096 }`). */
export function estimateValues(settings: MetaforkSettings): Record<string, number> {
  return Object.fromEntries(settings.cuda.values.map(v => { const [k, x] = v.split('='); return [k, Number(x)]; }));
}

/** The value at a dotted key of a nested settings object (`cuda.gpu` of `{cuda: {gpu}}`). */
export function valueAt(settings: unknown, key: string): unknown {
  let value = settings;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object' || !(part in value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export const DEFAULT_SETTINGS: MetaforkSettings = settingsFrom(() => undefined);
