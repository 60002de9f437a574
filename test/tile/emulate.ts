// One check the tiling tests share: a tiled program's CUDA, run in the emulation race-checked and
// in every block and thread order (test/cuda/emu/run.ts), prints what the original program built
// with gcc prints, for each size given as its first argument.

import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { generateCuda } from '../../server/src/cuda/index';
import { buildEmulated } from '../cuda/emu/build';
import { runInEveryOrder } from '../cuda/emu/run';

export interface Comparison {
  /** gcc flags for the original (`-fopenmp`); OpenMP programs run on one thread. */
  flags?: string[];
  memory?: 'global' | 'shared';
  /** What a failure message names besides the size. */
  what?: string;
}

/** The generated `.cu` text, once the emulation has printed what gcc's build printed for every size. */
export async function sameAsGcc(dir: string, name: string, original: string, tiled: string, sizes: string[], { flags = [], memory = 'global', what = name }: Comparison = {}): Promise<string> {
  const cuda = await generateCuda(tiled, { fileName: `${name}.mfc`, memory });
  assert.ok(cuda.text, `${tiled}\n${cuda.diagnostics.map(d => d.message).join('\n')}`);
  const src = path.join(dir, `${name}.c`), cu = path.join(dir, `${name}.cu`);
  fs.writeFileSync(src, original);
  fs.writeFileSync(cu, cuda.text);
  const built = spawnSync('gcc', ['-std=c99', '-O2', ...flags, '-o', `${src}.gcc`, src, '-lm'], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  buildEmulated(cu, `${cu}.emu`);
  for (const n of sizes) {
    const want = spawnSync(`${src}.gcc`, [n], { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: '1' } }).stdout;
    assert.equal(runInEveryOrder(`${cu}.emu`, [n], `${what}: n = ${n}`), want, `${what}: n = ${n}`);
  }
  return cuda.text;
}
