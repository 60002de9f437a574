// The custom requests of the MetaFork language server, shared by the server, the VS Code client
// and the tests. Every request names a document the client has opened; the server answers for
// the text it holds (the latest version it was sent) and says which version that was.

import type { Diagnostic, Position, Range, TextDocumentIdentifier } from 'vscode-languageserver-protocol';
import type { Dialect } from './dialects';

export type MemoryMode = 'global' | 'shared';

/** `metafork/translate`: the document, or the construct at `position`, in another dialect. */
export const TRANSLATE_REQUEST = 'metafork/translate';
export interface TranslateParams {
  textDocument: TextDocumentIdentifier;
  to: Dialect;
  /** Translate only the parallel construct under this position (its outermost enclosing construct). */
  position?: { line: number; character: number };
}
export interface TranslateResult {
  version: number;
  /** The whole translated document; absent when an error stops the translation. */
  text?: string;
  /** Findings on the source document: errors explain a refusal, notes say what was dropped. */
  diagnostics: Diagnostic[];
  from: Dialect[];
  to: Dialect;
  /** With `position`: the source range of the construct that was translated. */
  range?: Range;
}

/** `metafork/dialects`: the dialects whose constructs the document holds (the translation pick
 * leaves out a translation to a file's only dialect). */
export const DIALECTS_REQUEST = 'metafork/dialects';
export interface DialectsParams { textDocument: TextDocumentIdentifier }
export interface DialectsResult { version: number; dialects: Dialect[] }

/** `metafork/inactiveRegions` (server -> client, after each check): the lines of the document an
 * `#if` leaves out, to be shown inactive as clangd shows them. */
export const INACTIVE_REGIONS_NOTIFICATION = 'metafork/inactiveRegions';
export interface InactiveRegionsParams {
  uri: string;
  version: number;
  /** In the user's text, whole lines. */
  ranges: Range[];
}

/** `metafork/cuda`: the `.cu` file for the document's `meta_schedule`s. */
export const CUDA_REQUEST = 'metafork/cuda';
export interface CudaParams {
  textDocument: TextDocumentIdentifier;
  /** Defaults to the `metafork.cuda.memory` setting. */
  memory?: MemoryMode;
}
export interface CudaKernelInfo {
  name: string;
  /** The `__global__` function as printed in the `.cu`. */
  source: string;
  /** The host code that launches it (grid and block shapes). */
  launch: string;
  grid: string[];
  block: string[];
}
export interface CudaScheduleInfo {
  /** The `meta_schedule` in the source document. */
  range: Range;
  kernels: CudaKernelInfo[];
}
/** A kernel's shared-memory tile. */
export interface CudaTileInfo {
  kernel: string;
  /** `shared_a` */
  name: string;
  array: string;
  /** Elements per subscript, as C (`B + 2`). */
  extent: string[];
  /** The grid or serial loop index whose iterations load the tile; null: once per kernel. */
  level: string | null;
  /** Stored back to global memory. */
  stored: boolean;
}

/**
 * The results below are computed by the server's core with its own diagnostics and offsets in the
 * text (`D`, `S` for the schedules) and sent with LSP diagnostics and ranges: one shape, two
 * instances (the CLI prints the core's as JSON).
 */
export interface CudaOutput<D, S> {
  /** The `.cu` text; absent when an error stops the generation. */
  text?: string;
  diagnostics: D[];
  /** Kernels generated, in file order. */
  kernels: string[];
  /** The shared-memory tiles of every kernel, in kernel order. */
  tiles: CudaTileInfo[];
  /** Each `meta_schedule` of the input with its kernels (what hovers and lenses show). */
  schedules: S[];
}
export interface CudaResult extends CudaOutput<Diagnostic, CudaScheduleInfo> { version: number }

/** `metafork/optimize`: the comprehensive optimization of every schedule of the document, or of
 * the one at `position`: the case discussion as text (what `metafork optimize` prints), each
 * schedule's cases, and the `.cu` with the dispatcher. */
export const OPTIMIZE_REQUEST = 'metafork/optimize';
export interface OptimizeParams { textDocument: TextDocumentIdentifier; position?: Position }
/** The strategies of the comprehensive optimization (Xie 2016 Table 7.1) by their codes: the case
 * discussion prints them, the editor's case tree names them. */
export type Step = '1' | '2' | '3a' | '3b' | '4a' | '4b';
export const STEP_NAMES: Record<Step, string> = {
  '1': 'Accept register pressure',
  '2': 'CSE applied',
  '3a': 'No granularity reduction',
  '3b': 'Granularity set to 1',
  '4a': 'Accept caching',
  '4b': 'Refuse caching',
};

/** A case of a schedule's comprehensive optimization, as the editor shows it. */
export interface CaseInfo {
  /** 1-based, in order of preference (most resources used first). */
  index: number;
  /** What the strategies did, for people. */
  summary: string;
  registers: number;
  /** How the registers were counted, in words (`nvcc --resource-usage`, `estimated without nvcc`). */
  registersBy: string;
  sharedWords: string;
  /** The schedule as this case runs it (MetaFork). */
  metafork: string;
  /** The case's kernels (named `kernelK_caseN`). */
  kernels: string[];
}
export interface OptimizeOutput<D, S> {
  diagnostics: D[];
  schedules: S[];
  /** The `.cu` with every case and the dispatchers; absent when something stops it. */
  cuda?: string;
}
export interface OptimizeResult extends OptimizeOutput<Diagnostic, {
  range: Range;
  cases: (CaseInfo & { constraints: string[][]; strategies: string[][] })[];
  /** ∅ leaves: constraints under which no kernel is provided. */
  empty: string[][];
  milliseconds: number;
}> {
  version: number;
  /** The case discussion as text; absent when errors stop it. */
  text?: string;
}
/** `metafork/analyze`: the cost model of every schedule of the document, or of the one at
 * `position`, on a GPU preset (default: the `metafork.cuda.gpu` setting): per kernel the counts,
 * the many-core machine measures and the occupancy; the estimate; the estimate by block size. */
export const ANALYZE_REQUEST = 'metafork/analyze';
export interface AnalyzeParams {
  textDocument: TextDocumentIdentifier;
  position?: Position;
  gpu?: string;
  set?: Record<string, number>;
}
export type OccupancyLimit = 'warps' | 'blocks' | 'registers' | 'shared memory';
/** The cost model's estimate of one kernel. */
export interface KernelEstimate {
  name: string;
  /** The counts as formulas (per thread: ops, reads, writes; per block: tile words). */
  formulas: Record<'threads' | 'blocks' | 'launches' | 'ops' | 'reads' | 'writes' | 'tileLoads' | 'tileStores', string>;
  /** The MCM per block: work, span and parallelism overhead, as formulas in U. */
  mcm: { work: string; span: string; overhead: string };
  coalesced: boolean;
  uncoalesced: string[];
  /** Of the uncoalesced references, those each thread walks word by word (a sector serves several
   * of its accesses: the estimate charges one request per sector). */
  walking: string[];
  at: {
    threads: number; blocks: number; launches: number; registers: number; sharedBytes: number;
    activeBlocks: number; limitedBy: OccupancyLimit; occupancy: number;
    /** The MCM's span plus overhead of one block (cycles, every word at its whole latency). */
    blockCycles: number;
    /** The MWP-CWP estimate (cost/warps.ts): active warps per SM, memory and computation warp
     * parallelism, which bound the SM meets, rounds of active blocks, the cycles the launches'
     * bytes take at the card's bandwidth, and the launches' cycles. */
    warps: number; mwp: number; cwp: number; regime: 'memory' | 'compute' | 'latency'; rounds: number;
    bandwidthCycles: number; cycles: number;
  };
}
/** The cost model's estimate of one schedule at a point of the parameters, and by block size. */
export interface ScheduleCost {
  /** The parameters' values used, and those the analysis assumed (no value given or derivable). */
  values: Record<string, number>;
  assumed: string[];
  /** Values read from the program's calls of the schedule's function: where (`main's call, line 43`). */
  origins: Record<string, string>;
  /** The block-size parameters (swept) and the granularity, when the schedule has them. */
  blockParameters: string[];
  kernels: KernelEstimate[];
  /** The MCM of the schedule at the point: its work, span and overhead (cycles), and Graham–Brent
   * (Xie 2016 Corollary 4.2.2): N blocks, L kernels on the longest path, C the costliest block, K blocks at once. */
  bound: { work: number; span: number; overhead: number; N: number; L: number; C: number; K: number; cycles: number };
  cycles: number;
  microseconds: number;
  sweep: { block: Record<string, number>; threads: number; cycles: number; microseconds: number }[];
}
export interface CostOutput<D, S> { diagnostics: D[]; schedules: S[] }
export interface CostEstimateResult extends CostOutput<Diagnostic, ScheduleCost & { range: Range }> {
  version: number;
  /** What `metafork analyze` prints; absent when errors stop it. */
  text?: string;
  gpu: { name: string; sms: number; clockMHz: number };
}

/** `metafork/plot`: for the schedule at `position`, each case's estimated time against the block
 * size on a GPU preset (default: the setting), which points the case's constraints allow there,
 * and the fastest of those (the editor's plot). */
export const PLOT_REQUEST = 'metafork/plot';
export interface PlotParams { textDocument: TextDocumentIdentifier; position: Position; gpu?: string }
export interface PlotResult {
  version: number;
  gpu: string;
  /** The schedule plotted; absent when there is none at the position. */
  range?: Range;
  blockParameters: string[];
  values: Record<string, number>;
  /** Values no program text gave (defaults). */
  assumed: string[];
  /** `microseconds` null: a block of that size does not fit the GPU; `fits`: the case's constraints hold there. */
  cases: {
    index: number;
    summary: string;
    points: { block: Record<string, number>; threads: number; microseconds: number | null; fits: boolean }[];
  }[];
  chosen?: { case: number; block: Record<string, number>; threads: number; microseconds: number };
  diagnostics: Diagnostic[];
}

/** Client-side command identifiers (the code lens and the code actions name them). */
export const COMMANDS = {
  translateToMetafork: 'metafork.translateToMetafork',
  translateToOpenmp: 'metafork.translateToOpenmp',
  translateToCilkplus: 'metafork.translateToCilkplus',
  /** Argument: the source document's URI (string); without it, the active editor's. */
  showCuda: 'metafork.showCuda',
  /** Arguments: the source URI and the dialect; without them, the active editor and a pick. */
  showTranslation: 'metafork.showTranslation',
  /** Argument: the source URI; without it, the active editor's. The live case discussion. */
  showCases: 'metafork.showCases',
  /** Arguments: the source URI and the target file URI; without them, the active editor and a
   * save dialog. Writes the `.cu` with every case and the dispatcher. */
  saveOptimizedCuda: 'metafork.saveOptimizedCuda',
  /** The plot of estimated time against block size for the schedule under the cursor. */
  showPlot: 'metafork.showPlot',
  /** Stops the language server and starts it again (the views render again). */
  restartServer: 'metafork.restartServer',
  /** The MetaFork output channel: the server's log and every message the commands showed. */
  showOutput: 'metafork.showOutput',
  /** Arguments (optional): the source URI, a name, a value. Sets `metafork.cuda.values`. */
  setEstimateValue: 'metafork.setEstimateValue',
} as const;

/** Schemes of the live read-only views: `metafork-cuda:/<path>.cu?<source uri, encoded>` and
 * `metafork-translation:/<path>.<dialect>.c?<source uri, encoded>` (`.cpp` for a C++ source). */
export const CUDA_SCHEME = 'metafork-cuda';
/** `metafork-cases:/<path>.cases?<source uri, encoded>`: the case discussion of every schedule. */
export const CASES_SCHEME = 'metafork-cases';
export const TRANSLATION_SCHEME = 'metafork-translation';
