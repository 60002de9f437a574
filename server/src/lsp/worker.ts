// The worker for whole-file jobs: translations re-parse the text between stages, and the `.cu`
// of a whole file reads every function; on a large file either takes long enough to delay
// diagnostics, so the server runs them here, off its own thread. A cancelled or overdue job is
// stopped by terminating this worker.

import { parentPort } from 'worker_threads';
import { translateText, TranslateOptions, Translation } from '../translate';
import type { Dialect } from '../translate';
import { generateCuda, CudaOptions, CudaResult } from '../cuda';
import { optimizeText } from '../optimize/index';
import { OptimizeResult } from '../optimize/result';
import { estimateCost, CostOptions, CostEstimate } from '../cost/index';
import { plotData, PlotData, PlotOptions } from '../optimize/plot';
import { tileText, TileOptions, TileResult } from '../tile/index';

/** Work that crosses to the worker (options as plain data: the optimizer's registers by name). */
export type Work =
  | { kind: 'translate'; text: string; to: Dialect; options: TranslateOptions }
  | { kind: 'cuda'; text: string; options: CudaOptions }
  | {
      kind: 'optimize';
      text: string;
      options: { fileName?: string; offset?: number; registers?: 'auto' | 'estimate' | { nvcc: string } };
    }
  | { kind: 'analyze'; text: string; options: CostOptions }
  | { kind: 'plot'; text: string; options: PlotOptions }
  | { kind: 'tile'; text: string; options: TileOptions };
export type Result<W extends Work> = W extends { kind: 'translate' }
  ? Translation
  : W extends { kind: 'cuda' }
    ? CudaResult
    : W extends { kind: 'analyze' }
      ? CostEstimate
      : W extends { kind: 'plot' }
        ? PlotData
        : W extends { kind: 'tile' }
          ? TileResult
          : OptimizeResult;
export interface Job { id: number; work: Work }
export type Reply =
  | { id: number; result: Translation | CudaResult | OptimizeResult | CostEstimate | PlotData | TileResult }
  | { id: number; error: string };

export function perform(
  work: Work,
): Promise<Translation | CudaResult | OptimizeResult | CostEstimate | PlotData | TileResult> {
  if (work.kind === 'translate') return translateText(work.text, work.to, work.options);
  if (work.kind === 'cuda') return generateCuda(work.text, work.options);
  if (work.kind === 'analyze') return estimateCost(work.text, work.options);
  if (work.kind === 'plot') return plotData(work.text, work.options);
  if (work.kind === 'tile') return tileText(work.text, work.options);
  return optimizeText(work.text, work.options);
}

parentPort?.on('message', async (job: Job) => {
  let reply: Reply;
  try {
    reply = { id: job.id, result: await perform(job.work) };
  } catch (e) {
    reply = { id: job.id, error: (e as Error).stack ?? String(e) };
  }
  parentPort!.postMessage(reply);
});
