// The fork-join differential fuzzer (forkjoin.ts) over a bounded seed range: every translation
// and round trip of every generated program computes what its serial elision computes, or is
// refused with a positioned diagnostic. Soak: METAFORK_FUZZ_SEEDS=0-999 (a range A-B or one seed);
// METAFORK_FUZZ_VERBOSE=1 prints one line per program; METAFORK_FUZZ_SANITIZE=1 builds everything
// with -fsanitize=address,undefined.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import { fuzzForkJoin, FuzzFailure, seedRange } from './forkjoin';

const gcc = spawnSync('gcc', ['--version']).status === 0 ? false : 'gcc not found';
const SEEDS = seedRange(process.env.METAFORK_FUZZ_SEEDS ?? '0-89');

const show = (f: FuzzFailure) => `seed ${f.seed}: ${f.kind} on ${f.path} (segments: ${f.kinds.join(', ')})\n${f.detail.slice(0, 2000)}\n--- smallest failing program ---\n${f.program}`;

test(`fork-join programs, seeds ${SEEDS.from}-${SEEDS.to}: every translation and round trip computes what the serial elision computes (gcc -O2, 1/2/4 threads)`, { skip: gcc, timeout: 3_600_000 }, async t => {
  const r = await fuzzForkJoin(SEEDS, { sanitize: !!process.env.METAFORK_FUZZ_SANITIZE, log: process.env.METAFORK_FUZZ_VERBOSE ? line => t.diagnostic(line) : undefined });
  t.diagnostic(`${r.checked} programs, ${r.translations} translations, ${r.refused} refused (${Object.entries(r.refusals).map(([c, n]) => `${c}: ${n}`).join(', ') || 'none'}), ${r.wrong} wrong`);
  for (const o of r.ownRefusals) t.diagnostic(`seed ${o.seed}: refuses its own translation on ${o.path}: ${o.codes.join('; ')}`);
  assert.equal(r.checked, SEEDS.to - SEEDS.from + 1);
  assert.ok(r.translations >= 4 * r.checked, `only ${r.translations} translations`);
  assert.equal(r.wrong, 0, r.failures.map(show).join('\n\n'));
});

test('the fuzzer reports a translation that loses its joins (a planted bug), minimised to the failing segment', { skip: gcc }, async () => {
  // Seed 12: MetaFork with value spawns; without taskwait, OpenMP's deferred tasks (1 thread) have not run when their results are read.
  const r = await fuzzForkJoin({ from: 12, to: 12 }, { mutate: (text, to) => to === 'openmp' ? text.replace(/^[ \t]*#pragma omp taskwait\n/gm, '') : text });
  assert.ok(r.wrong > 0, 'the planted bug went unnoticed');
  assert.ok(r.failures.every(f => f.kind === 'wrong output' && / -> openmp \(\d threads\)$/.test(f.path)), r.failures.map(f => `${f.kind} ${f.path}`).join('\n'));
  // Every segment of seed 12 joins spawns: one alone still fails.
  assert.deepEqual(r.failures.map(f => f.kinds.length), r.failures.map(() => 1), 'not minimised');
});
