// The README's main job (`npm run examples`) as a user runs it, after the build `npm test` does:
// every example checked, elided, compiled and run, and its parallel loops offloaded (tiled,
// generated to CUDA, run in the emulation) with the same output as the serial program.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as path from 'path';
import { ROOT } from '../helpers';

const gcc = spawnSync('gcc', ['--version']).status === 0 && spawnSync('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';

test('npm run examples: every example checked, elided, run; the offloaded loops print what the serial program prints', { skip: gcc }, () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'examples.mjs')], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /all examples checked, elided, compiled and run/);
  assert.doesNotMatch(r.stdout, /DIFFERENT|FAILED/);
  // The OpenMP, CilkPlus and MetaFork versions of both loop programs are offloaded.
  for (const name of ['jacobi1d_cilk.c', 'jacobi1d_omp.c', 'loop.mfc', 'loop_cilk.c', 'loop_omp.c']) {
    assert.match(r.stdout, new RegExp(`== examples/${name.replace('.', '\\.')}: check ok\\n(?:   .*\\n)*?   tiled \\(\\d nests?\\), CUDA emulated: .*\\(same as the elision\\)`), name);
  }
});
