// The third fuzzer: random schedules through `optimize -o` with every choice of the
// dispatcher forced, against gcc -O2 (./schedules.ts). A bounded seed range here; the soak runs
// more (METAFORK_FUZZ_SEEDS=FROM-TO).

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import { fuzzSchedules } from './schedules';
import { fuzzSeeds } from './seeds';
import { closeSolver } from '../../server/src/optimize/solver';

after(() => closeSolver());
const tools = spawnSync('g++', ['--version']).status === 0 && spawnSync('gcc', ['--version']).status === 0 ? false : 'gcc/g++ not found';

const { from, to } = fuzzSeeds('0-19');

// About 5 s a program on one core (a g++ build of the emulation and some hundred runs).
test('random schedules: every choice the dispatcher may make computes what gcc -O2 computes', { skip: tools, timeout: 120_000 + (to - from + 1) * 60_000 }, async () => {
  const r = await fuzzSchedules(from, to, { log: line => console.log(line) });
  console.log(`schedules fuzzer: seeds ${from}-${to}: ${r.checked} programs checked (${r.runs} forced runs), ${r.refused} refused, ${r.wrong} wrong`);
  assert.deepEqual(r.failures.map(f => `seed ${f.seed}: ${f.description} [${f.forced}]: ${f.message}`), []);
  assert.ok(r.checked > 0, 'no program was checked');
});
