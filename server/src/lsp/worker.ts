// The translation worker: translations re-parse the text between stages, which on a large file
// takes long enough to delay diagnostics, so the server runs them here, off its own thread.
// A cancelled or overdue translation is stopped by terminating this worker.

import { parentPort } from 'worker_threads';
import { translateText, TranslateOptions, Translation } from '../translate';
import type { Dialect } from '../translate';

export interface TranslationJob { id: number; text: string; to: Dialect; options: TranslateOptions }
export type TranslationReply = { id: number; result: Translation } | { id: number; error: string };

parentPort?.on('message', async (job: TranslationJob) => {
  let reply: TranslationReply;
  try {
    reply = { id: job.id, result: await translateText(job.text, job.to, job.options) };
  } catch (e) {
    reply = { id: job.id, error: (e as Error).stack ?? String(e) };
  }
  parentPort!.postMessage(reply);
});
