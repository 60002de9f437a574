// Times translations of one text in a thread of its own, as the server runs them (lsp/worker): its
// heap is the translation's alone, not the bench's after everything measured before it.

import { parentPort, workerData } from 'worker_threads';
import { translateDocument, translateText, type Dialect } from '../../server/src/translate/index';
import { PreparedDocument } from '../../server/src/lsp/prepared';

/** `prepared`: from the version the server's worker keeps parsed and modelled (what a translation
 * made ahead of a request costs); otherwise from the text. */
export interface TranslationTiming { text: string; to: Dialect; checked: boolean; runs: number; prepared?: boolean; fileName?: string }

async function time({ text, to, checked, runs, prepared, fileName = 'big.mfc' }: TranslationTiming): Promise<number[]> {
  // Unchecked, as `metafork translate` runs it: the input checked first, and the output after. Made
  // ahead (prepared), the output is checked too, as the server's worker does.
  const options = { fileName, checked, verify: !checked || !!prepared };
  const version = prepared
    ? await new PreparedDocument().version({ uri: `file:///${fileName}`, fileName, flags: 'null' }, 0, text, options)
    : undefined;
  const translate = () => (version ? Promise.resolve(translateDocument(version, to, options)) : translateText(text, to, options));
  // One run first: the first of a size compiles what the others run. A refusal is no timing of a translation.
  const first = await translate();
  if (first.text === undefined) throw new Error(`${fileName} to ${to} is refused: ${first.diagnostics[0]?.message}`);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await translate();
    samples.push(performance.now() - t0);
  }
  return samples;
}

if (parentPort && workerData) void time(workerData as TranslationTiming).then(samples => parentPort!.postMessage(samples));
