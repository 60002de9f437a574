// The translators proven by running what they produce (every corpus program
// in every other dialect). For each complete program of the corpus (examples/ and
// test/fixtures/programs/, with their expected output in expected.json):
// - to OpenMP: compiled with gcc -O2 -fopenmp -Wall, run with 1, 2 and 4 threads;
// - to MetaFork and to CilkPlus (no Cilk compiler here): the serial elision is compiled and run,
//   and the result is translated once more, to OpenMP, compiled and run with 1, 2 and 4 threads;
// - the OpenMP translation and the elisions are built again with the sanitizers (ASan, UBSan:
//   test/differential/gcc.ts) and run clean, with the same output;
// - round trips are stable: translating the result back and forth again changes nothing.
// Every output must equal the program's expected output (its serial elision's).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { checkSource, fixture, ROOT } from '../helpers';
import { Dialect, dialectsOf } from '../../server/src/translate/index';
import { run, runSanitized, THREADS } from '../differential/gcc';
import { build as buildIn, elision, translated, workDir } from './run';

const expected: Record<string, string> = JSON.parse(fs.readFileSync(fixture('programs', 'expected.json'), 'utf8'));
const gcc = spawnSync('gcc', ['--version']).status === 0;
const work = workDir('mf-translate-');

const build = (source: string, name: string, flags: string[], sanitized = false) =>
  buildIn(work, source, name, flags, sanitized);

const ext: Record<Dialect, string> = { metafork: '.mfc', openmp: '_omp.c', cilkplus: '_cilk.c' };

for (const [file, output] of Object.entries(expected)) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const base = path.basename(file).replace(/\W/g, '_');
  for (const to of ['metafork', 'openmp', 'cilkplus'] as const) {
    test(`${file} translated to ${to} computes what the program computes`, { skip: gcc ? false : 'gcc not found' }, async t => {
      const { model } = await checkSource(text, file);
      const source = dialectsOf(model);
      if (source.length === 1 && source[0] === to) return; // its own dialect: nothing to translate
      let out = await translated(text, to, file);
      const name = `${base}_to_${to}`;
      fs.writeFileSync(path.join(work, name + ext[to]), out);
      if (to === 'openmp') {
        const exe = build(out, name, ['-fopenmp']), sanitized = build(out, name, ['-fopenmp'], true);
        for (const threads of THREADS) {
          assert.equal(run(exe, threads), output, `OMP_NUM_THREADS=${threads}\n${out}`);
          assert.equal(runSanitized(sanitized, threads), output, `sanitized, OMP_NUM_THREADS=${threads}\n${out}`);
        }
      } else {
        const serial = await elision(out, file + ext[to]);
        assert.equal(run(build(serial, `${name}_serial`, []), 1), output, out);
        assert.equal(runSanitized(build(serial, `${name}_serial`, [], true)), output, `sanitized\n${out}`);
        const omp = await translated(out, 'openmp', name + ext[to]);
        const exe = build(omp, `${name}_then_omp`, ['-fopenmp']);
        for (const threads of THREADS) assert.equal(run(exe, threads), output, `OMP_NUM_THREADS=${threads}\n${omp}`);
      }
      // Stable: back through MetaFork and here again gives the same text.
      if (to !== 'metafork') {
        const roundTrip = async (program: string) => translated(await translated(program, 'metafork', name + ext[to]), to, name + ext[to]);
        let again = await roundTrip(out);
        // OpenMP -> MetaFork turns depend-ordered tasks into joins (it does not rebuild a meta_pipe),
        // and a file's own OpenMP, kept as written the first time, comes back in the shape MetaFork
        // gives it (a `parallel for` a team reaches, a taskloop): the first round trip changes the
        // text, and must compute the same.
        const reshaped = /\bmeta_pipe\b/.test(text) ? 'a meta_pipe comes back from OpenMP as tasks and joins'
          : source.length > 1 && source.includes('openmp') ? "the file's own OpenMP comes back in MetaFork's shape" : undefined;
        if (to === 'openmp' && reshaped) {
          const exe = build(again, `${name}_round_trip`, ['-fopenmp']);
          for (const threads of THREADS) assert.equal(run(exe, threads), output, `OMP_NUM_THREADS=${threads}\n${again}`);
          t.diagnostic(`${reshaped}: stability checked from the second round trip`);
          out = again;
          again = await roundTrip(out);
        }
        assert.equal(again, out, `round trip ${to} -> metafork -> ${to} is not stable`);
      }
    });
  }
}
