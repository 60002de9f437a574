// The worker for whole-file jobs: translations re-parse the text between stages, and the `.cu`
// of a whole file reads every function; on a large file either takes long enough to delay
// diagnostics, so the server runs them here, off its own thread. A cancelled or overdue job is
// stopped by terminating this worker. Jobs come with the document's compile flags (plain data);
// the worker reads headers from the disk. It keeps the document it last worked on parsed (prepared.ts).

import { parentPort } from 'worker_threads';
import { translateDocument, translateText, TranslateOptions, Translation } from '../translate';
import type { Dialect } from '../translate';
import { generateCuda, CudaOptions, CudaResult } from '../cuda';
import { optimizeText } from '../optimize/index';
import { OptimizeResult } from '../optimize/result';
import { estimateCost, CostOptions, CostEstimate } from '../cost/index';
import { plotData, PlotData, PlotOptions } from '../optimize/plot';
import { tileText, TileOptions, TileResult } from '../tile/index';
import type { Flags } from '../preprocess/index';
import { diskHeaders, HeaderCache } from '../preprocess/files';
import { PreparedDocument } from './prepared';

/** Work that crosses to the worker (options as plain data: the optimizer's registers by name; the
 * flags, never the server's header reader). */
type Plain<O> = Omit<O, 'files'>;
/** The open document a job reads, and which of the server's analyses of it (a new one: its headers
 * or flags changed): the worker keeps it parsed for the next job (prepared.ts). */
export interface DocumentVersion { uri: string; analysis: number }
export type Work =
  | { kind: 'translate'; text: string; to: Dialect; options: Plain<TranslateOptions>; document?: DocumentVersion }
  | { kind: 'prepare'; text: string; options: Plain<TranslateOptions>; document: DocumentVersion }
  | { kind: 'forget'; uri: string }
  | { kind: 'cuda'; text: string; options: Plain<CudaOptions> }
  | {
      kind: 'optimize';
      text: string;
      options: {
        fileName?: string; flags?: Flags; offset?: number; registers?: 'auto' | 'cached' | 'estimate' | { nvcc: string };
      };
    }
  | { kind: 'analyze'; text: string; options: Plain<CostOptions> }
  | { kind: 'plot'; text: string; options: Plain<PlotOptions> }
  | { kind: 'tile'; text: string; options: Plain<TileOptions> };
export type Result<W extends Work> = W extends { kind: 'translate' }
  ? Translation
  : W extends { kind: 'prepare' | 'forget' }
    ? null
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
  | { id: number; result: Translation | CudaResult | OptimizeResult | CostEstimate | PlotData | TileResult | null }
  | { id: number; error: string };

const prepared = new PreparedDocument();

export async function perform(
  work: Work,
): Promise<Translation | CudaResult | OptimizeResult | CostEstimate | PlotData | TileResult | null> {
  if (work.kind === 'forget') { prepared.forget(work.uri); return null; }
  if (work.kind === 'prepare' || (work.kind === 'translate' && work.document)) {
    const { uri, analysis } = work.document!;
    // The version held outlives this job and reads its headers again in later ones: from the disk.
    const options = { ...work.options, files: diskHeaders() };
    const key = { uri, fileName: options.fileName, flags: JSON.stringify(options.flags ?? null) };
    const version = await prepared.version(key, analysis, work.text, options);
    return work.kind === 'prepare' ? null : translateDocument(version, work.to, options);
  }
  // Anything else is made and let go in this job: each header read once.
  const files = new HeaderCache();
  if (work.kind === 'translate') return translateText(work.text, work.to, { ...work.options, files });
  if (work.kind === 'cuda') return generateCuda(work.text, { ...work.options, files });
  if (work.kind === 'analyze') return estimateCost(work.text, { ...work.options, files });
  if (work.kind === 'plot') return plotData(work.text, { ...work.options, files });
  if (work.kind === 'tile') return tileText(work.text, { ...work.options, files });
  return optimizeText(work.text, { ...work.options, files });
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
