// The tiling fuzzer (tiling.ts) over a bounded seed range: random affine loop nests through
// `tile` -> `cuda` (global and shared memory) -> the race-checked, shuffled emulation against
// gcc -O2, at sizes no block size divides. METAFORK_FUZZ_SEEDS=A-B runs another range (the soak:
// `npm run soak:tile`); each failure names its seed and the files written for replay.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkProgram, CONFIGS, fuzzTile } from './tiling';
import { seedRange } from './seeds';
import { generateProgram } from './affine';

const gcc = spawnSync('gcc', ['--version']).status === 0 && spawnSync('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
// The bounded range: each seed through the default configuration and one other in turn. A range
// given in the environment (the soak) takes every configuration.
const given = process.env.METAFORK_FUZZ_SEEDS;
const { from, to } = seedRange(given ?? '0-19');

test('the generator is deterministic and writes each kind of nest', () => {
  assert.equal(generateProgram(7).text, generateProgram(7).text);
  assert.notEqual(generateProgram(7).text, generateProgram(8).text);
  const kinds = new Set(Array.from({ length: 40 }, (_, s) => generateProgram(s).nests.map(n => n.kind)).flat());
  assert.deepEqual([...kinds].sort(), ['host', 'map', 'near', 'parallel', 'recurrence', 'reduction']);
  assert.ok(Array.from({ length: 40 }, (_, s) => generateProgram(s)).some(p => p.openmp));
});

test(`seeds ${from}-${to}: every tiling computes what gcc -O2 computes, races nowhere, and leaves every known recurrence serial`, { skip: gcc }, async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-fuzz-tile-'));
  const r = await fuzzTile(from, to, { work, concurrency: 2, rotate: !given });
  const report = r.failures.map(f => `seed ${f.seed} [${f.config}] ${f.kind}: ${f.message}\n  replay: ${f.files.join(' ')}`).join('\n');
  console.log(`tile fuzzer: ${r.checked} programs checked, ${r.tiled} nests tiled (${r.hostLoops} from a host loop, ${r.wavefronts} wavefronts), ${r.serial} serial (${r.parallelLeftSerial} known parallel), ${r.sharedRefusals} shared-memory refusals, ${r.wrong} wrong`);
  assert.equal(r.checked, to - from + 1);
  assert.equal(r.wrong, 0, report);
  // Something was tiled: a fuzzer whose programs all stay serial checks nothing.
  assert.ok(r.tiled > 0, 'no nest was tiled');
  fs.rmSync(work, { recursive: true, force: true });
});

test('the checker reports a loop it was told carries a dependence when the tiler makes it parallel', { skip: gcc }, async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-fuzz-tile-check-'));
  const text = `#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 37;
  long a[4 * n + 64];
  for (int i0 = 0; i0 < n; i0++)
    a[i0] = i0 % 1009;
  long long sum = 0;
  for (int q = 0; q < n; q++)
    sum += (q % 7 + 1) * a[q];
  printf("a: %lld\\n", sum);
  return 0;
}
`;
  const header = 'for (int i0 = 0; i0 < n; i0++)';
  const planted = { seed: 0, text, arrays: [], openmp: false, nests: [{ kind: 'recurrence' as const, carried: 'i0', carriedHeader: header, omp: false, line: 8, text: '' }] };
  const result = { checked: 0, tiled: 0, serial: 0, parallelLeftSerial: 0, hostLoops: 0, wavefronts: 0, sharedRefusals: 0, wrong: 0, failures: [] };
  const failures = await checkProgram(planted, { work, configs: [CONFIGS[0]], sizes: ['37'] }, result);
  assert.deepEqual(failures.map(f => [f.kind, f.message]), [['recurrence', "the loop 'i0' (line 8) carries a dependence but was made parallel"]]);
  fs.rmSync(work, { recursive: true, force: true });
});
