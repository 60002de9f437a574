// Times translations of one text in a thread of its own, as the server runs them (lsp/worker): its
// heap is the translation's alone, not the bench's after everything measured before it.

import { parentPort, workerData } from 'worker_threads';
import { translateText, type Dialect } from '../../server/src/translate/index';

export interface TranslationTiming { text: string; to: Dialect; checked: boolean; runs: number }

async function time({ text, to, checked, runs }: TranslationTiming): Promise<number[]> {
  // One run first: the first of a size compiles what the others run.
  await translateText(text, to, { fileName: 'big.mfc', checked });
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await translateText(text, to, { fileName: 'big.mfc', checked });
    samples.push(performance.now() - t0);
  }
  return samples;
}

if (parentPort && workerData) void time(workerData as TranslationTiming).then(samples => parentPort!.postMessage(samples));
