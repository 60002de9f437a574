// What the tiling fuzzer (test/fuzz/tiling.ts) found, minimised into fixtures
// (test/fixtures/tile/fuzz): each program's marked nest is tiled, generated in the memory mode
// that showed the failure, built for the emulation and run against gcc -O2 at sizes where it
// failed (small n: loops that run no iteration).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixture } from '../helpers';
import { tileText, TileOptions } from '../../server/src/tile/index';
import { sameAsGcc } from './emulate';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-fuzzfound-'));
const gcc = spawnSync('gcc', ['--version']).status === 0 && spawnSync('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';

async function tiledRun(file: string, options: Omit<TileOptions, 'offset' | 'fileName'>, memory: 'global' | 'shared', sizes: string[]): Promise<string> {
  const text = fs.readFileSync(fixture('tile', 'fuzz', file), 'utf8');
  const offset = text.indexOf('for', text.indexOf('/* kernel begin */'));
  const tiled = await tileText(text, { fileName: file, offset, ...options });
  assert.ok(tiled.text, tiled.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
  assert.deepEqual(tiled.nests.map(n => n.tiled), [true]);
  return sameAsGcc(work, `${path.basename(file, '.c')}-${memory}`, text, tiled.text, sizes, { flags: ['-O2'], memory, what: `${file} (${memory})` });
}

test('a pointer\'s footprint over a loop that runs no iteration transfers 0 elements, not a negative count', { skip: gcc }, async () => {
  const cu = await tiledRun('empty-footprint.c', {}, 'global', ['1', '0', '3', '4', '37']);
  assert.match(cu, /cudaMalloc\(\(void \*\*\) &mf_dev_a, sizeof\(long\) \* \(\(n - 2\) > \(0\) \? \(n - 2\) : \(0\)\)\)\);/);
});

test('a kernel receives the sizes its arrays\' extents name, though its own text does not (row length, staged tile guard)', { skip: gcc }, async () => {
  const configs: [Omit<TileOptions, 'offset' | 'fileName'>, 'global' | 'shared'][] = [[{}, 'global'], [{ block: [5], cache: ['a'] }, 'shared']];
  for (const [options, memory] of configs) {
    const cu = await tiledRun('extent-scalar.c', options, memory, ['37', '1', '0']);
    assert.match(cu, /__global__ void kernel0\(long \*a, long \*b, int dim, int B, int n\)/);
  }
});

test('array parameters with extents naming a parameter (C99 VLA parameters) become C++ pointers in the .cu', { skip: gcc }, async () => {
  const cu = await tiledRun('vla-parameter.c', {}, 'global', ['37', '1', '0']);
  assert.match(cu, /static void kernels\(int n, long \(\*__restrict__ a\), void \*mf_b\)\n\{\n  long \(\*b\)\[n \+ 2\] = \(long \(\*\)\[n \+ 2\]\) mf_b;\n/);
});

test('a guarded index that a serial loop of the kernel starts from keeps its guard\'s range (the footprint of a[i] is n, not the grid\'s dim)', { skip: gcc }, async () => {
  const cu = await tiledRun('triangular-footprint.c', {}, 'global', ['37', '61', '1', '0']);
  assert.match(cu, /cudaMalloc\(\(void \*\*\) &mf_dev_a, sizeof\(double\) \* n\)\);/);
});
