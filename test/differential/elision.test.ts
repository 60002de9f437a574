// Elision checked by running: every complete program (examples and test/fixtures/programs)
// prints the same thing as its serial elision compiled with gcc -O2 -Wall, and again with the
// sanitizers (gcc.ts); OpenMP programs are also compiled with -fopenmp, at -O2 and sanitized, and
// run with 1, 2 and 4 threads.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'child_process';
import { gcc as compile, OPTIMIZED, run, runSanitized, SANITIZED, THREADS } from './gcc';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkSource, fixture, ROOT } from '../helpers';
import { elide } from '../../server/src/model/elide';
import { dialectsOf } from '../../server/src/translate/index';

const expected: Record<string, string> = JSON.parse(fs.readFileSync(fixture('programs', 'expected.json'), 'utf8'));
const gcc = spawnSync('gcc', ['--version']).status === 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-elide-'));

function build(source: string, name: string, flags: string[]): string {
  const src = path.join(work, `${name}.c`);
  const exe = path.join(work, `${name}.out`);
  fs.writeFileSync(src, source);
  compile(src, exe, ['-std=gnu11', ...flags], source);
  return exe;
}

const STRICT = ['-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable'];

for (const [file, output] of Object.entries(expected)) {
  test(`elision of ${file} runs like the program (-O2, and sanitized)`, { skip: gcc ? false : 'gcc not found' }, async () => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const { model, diagnostics } = await checkSource(text, file);
    assert.deepEqual(diagnostics.filter(d => d.severity === 'error'), []);
    const name = path.basename(file).replace(/\W/g, '_');
    const elision = elide(model);
    assert.equal(run(build(elision, `${name}_serial`, [...OPTIMIZED, ...STRICT])), output);
    assert.equal(runSanitized(build(elision, `${name}_serial_sanitized`, SANITIZED)), output, 'sanitized');
    // An OpenMP program (one with MetaFork or Cilk in it as well is no C for gcc) also runs as it is.
    const dialects = dialectsOf(model);
    if (dialects.length === 1 && dialects[0] === 'openmp') {
      const exe = build(text, `${name}_omp`, [...OPTIMIZED, '-fopenmp']);
      const sanitized = build(text, `${name}_omp_sanitized`, [...SANITIZED, '-fopenmp']);
      for (const threads of THREADS) {
        assert.equal(run(exe, threads), output, `OMP_NUM_THREADS=${threads}`);
        assert.equal(runSanitized(sanitized, threads), output, `sanitized, OMP_NUM_THREADS=${threads}`);
      }
    }
  });
}

// Complete programs printed in the seeds: their elision builds and runs; the OpenMP ones
// also run with 1, 2 and 4 threads and print what the elision prints. (The thesis's
// programs print nothing, so this is a build-and-run check more than an output check.)
interface SeedEntry { file: string; complete: boolean; cpp: boolean }
const seeds: SeedEntry[] = JSON.parse(fs.readFileSync(fixture('seeds', 'manifest.json'), 'utf8'));
fs.writeFileSync(path.join(work, 'a.h'), 'void test(int *a);\n'); // Figure 3.5's header

for (const entry of seeds.filter(e => e.complete)) {
  test(`elision of the seed program ${entry.file} builds and runs`, { skip: gcc ? false : 'gcc not found' }, async () => {
    const text = fs.readFileSync(fixture('seeds', entry.file), 'utf8');
    const { model } = await checkSource(text, entry.file);
    const name = entry.file.replace(/\W/g, '_');
    const cpp = entry.cpp;
    const src = path.join(work, `${name}.${cpp ? 'cpp' : 'c'}`);
    fs.writeFileSync(src, elide(model));
    const buildAndRun = (source: string, flags: string[], threads = 1) => {
      fs.writeFileSync(src, source);
      const exe = path.join(work, `${name}.out`);
      const includes = cpp ? ['-include', 'cstdlib', '-include', 'ctime'] : ['-include', 'stdio.h', '-include', 'stdlib.h'];
      execFileSync(cpp ? 'g++' : 'gcc', ['-w', ...OPTIMIZED, '-DN=64', '-DBASE=10', `-I${work}`, ...includes, src, '-o', exe, ...flags], { stdio: ['ignore', 'ignore', 'pipe'] });
      return execFileSync(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(threads) }, timeout: 20000 });
    };
    const serial = buildAndRun(elide(model), []);
    if (/#\s*pragma\s+omp/.test(text)) for (const threads of THREADS) assert.equal(buildAndRun(text, ['-fopenmp'], threads), serial);
  });
}
