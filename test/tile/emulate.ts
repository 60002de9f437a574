// One check the tiling tests share: a tiled program's CUDA, run in the emulation race-checked and
// in every block and thread order (runInEveryOrder; a large size once, runLarge), prints what the
// original program built with gcc -O2 prints (OpenMP programs at 1, 2 and 4 threads), for each
// size given as its first argument.

import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { generateCuda } from '../../server/src/cuda/index';
import { buildEmulatedAsync } from '../cuda/emu/build';
import { OPTIMIZED, THREADS } from '../differential/gcc';
import { runInEveryOrder, runLarge } from '../cuda/emu/run';

export interface Comparison {
  /** gcc flags for the original (`-fopenmp`: then run at 1, 2 and 4 threads). */
  flags?: string[];
  /** OMP_NUM_THREADS of the original's runs, when not 1, 2 and 4 (a program racing on purpose). */
  threads?: number[];
  memory?: 'global' | 'shared';
  /** What a failure message names besides the size. */
  what?: string;
  /** The sizes among `sizes` that are large: run once, race-checked only in the soak (runLarge). */
  large?: string[];
}

/** The generated `.cu` text, once the emulation has printed what gcc's build printed for every size. */
export async function sameAsGcc(dir: string, name: string, original: string, tiled: string, sizes: string[], { flags = [], memory = 'global', what = name, threads, large = [] }: Comparison = {}): Promise<string> {
  // Named in `dir`, where the headers it includes are.
  const cuda = await generateCuda(tiled, { fileName: path.join(dir, `${name}.mfc`), memory });
  assert.ok(cuda.text, `${tiled}\n${cuda.diagnostics.map(d => d.message).join('\n')}`);
  const src = path.join(dir, `${name}.c`), cu = path.join(dir, `${name}.cu`);
  fs.writeFileSync(src, original);
  fs.writeFileSync(cu, cuda.text);
  const built = spawnSync('gcc', ['-std=c99', ...OPTIMIZED, ...flags, '-o', `${src}.gcc`, src, '-lm'], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  await buildEmulatedAsync(cu, `${cu}.emu`);
  for (const n of sizes) {
    const got = (large.includes(n) ? runLarge : runInEveryOrder)(`${cu}.emu`, [n], `${what}: n = ${n}`);
    for (const t of threads ?? (flags.includes('-fopenmp') ? THREADS : [1])) {
      const want = spawnSync(`${src}.gcc`, [n], { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(t) } }).stdout;
      assert.equal(got, want, `${what}: n = ${n}, gcc's build on ${t} thread${t > 1 ? 's' : ''}`);
    }
  }
  return cuda.text;
}
