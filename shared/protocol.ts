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
export interface CudaResult {
  version: number;
  /** Absent when an error stops the generation. */
  text?: string;
  diagnostics: Diagnostic[];
  kernels: string[];
  schedules: CudaScheduleInfo[];
  tiles: { kernel: string; name: string; array: string; extent: string[]; level: string | null; stored: boolean }[];
}

/** `metafork/optimize`: the comprehensive optimization of every schedule of the document, or of
 * the one at `position`: the case discussion as text (what `metafork optimize` prints), each
 * schedule's cases, and the `.cu` with the dispatcher. */
export const OPTIMIZE_REQUEST = 'metafork/optimize';
export interface OptimizeParams { textDocument: TextDocumentIdentifier; position?: Position }
export interface OptimizeResult {
  version: number;
  /** The case discussion as text; absent when errors stop it. */
  text?: string;
  /** The `.cu` with every case and the dispatcher. */
  cuda?: string;
  diagnostics: Diagnostic[];
  schedules: {
    range: Range;
    cases: { index: number; summary: string; constraints: string[][]; strategies: string[][]; registers: number; sharedWords: string; metafork: string; kernels: string[] }[];
    /** ∅ leaves: constraints under which no kernel is provided. */
    empty: string[][];
    milliseconds: number;
  }[];
}
/** `metafork/analyze`: the cost model of every schedule of the document, or of the one at
 * `position`, on a GPU preset (default: the `metafork.cuda.gpu` setting): per kernel the counts,
 * the many-core machine measures and the occupancy; the estimate; the estimate by block size. */
export const ANALYZE_REQUEST = 'metafork/analyze';
export interface AnalyzeParams { textDocument: TextDocumentIdentifier; position?: Position; gpu?: string; set?: Record<string, number> }
export interface AnalyzeResult {
  version: number;
  /** What `metafork analyze` prints; absent when errors stop it. */
  text?: string;
  gpu: { name: string; sms: number; clockMHz: number };
  diagnostics: Diagnostic[];
  schedules: {
    range: Range;
    values: Record<string, number>;
    assumed: string[];
    blockParameters: string[];
    kernels: { name: string; formulas: Record<string, string>; mcm: { work: string; span: string; overhead: string }; coalesced: boolean; at: Record<string, number | string> }[];
    cycles: number;
    microseconds: number;
    bound: { work: number; span: number; overhead: number; N: number; L: number; C: number; K: number; cycles: number };
    sweep: { block: Record<string, number>; threads: number; cycles: number; microseconds: number }[];
  }[];
}
export interface DocumentParams { textDocument: TextDocumentIdentifier }

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
  cases: { index: number; summary: string; points: { block: Record<string, number>; threads: number; microseconds: number | null; fits: boolean }[] }[];
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
} as const;

/** Schemes of the live read-only views: `metafork-cuda:/<path>.cu?<source uri, encoded>` and
 * `metafork-translation:/<path>.<dialect>.c?<source uri, encoded>` (`.cpp` for a C++ source). */
export const CUDA_SCHEME = 'metafork-cuda';
/** `metafork-cases:/<path>.cases?<source uri, encoded>`: the case discussion of every schedule. */
export const CASES_SCHEME = 'metafork-cases';
export const TRANSLATION_SCHEME = 'metafork-translation';
