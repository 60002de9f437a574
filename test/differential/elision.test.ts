// Elision checked by running: every complete program (examples and test/fixtures/programs)
// prints the same thing as its serial elision compiled with plain gcc; OpenMP programs are
// also compiled with -fopenmp and run with 1, 2 and 4 threads.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { analyze, fixture, ROOT } from '../helpers';
import { elide } from '../../server/src/model/elide';

const expected: Record<string, string> = JSON.parse(fs.readFileSync(fixture('programs', 'expected.json'), 'utf8'));
const gcc = spawnSync('gcc', ['--version']).status === 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-elide-'));

function compileAndRun(source: string, name: string, flags: string[], threads?: number): string {
  const src = path.join(work, `${name}.c`);
  const exe = path.join(work, `${name}${threads ?? ''}.out`);
  fs.writeFileSync(src, source);
  execFileSync('gcc', ['-std=gnu11', '-O1', '-x', 'c', src, '-x', 'none', '-o', exe, '-lm', ...flags], { stdio: ['ignore', 'ignore', 'pipe'] });
  return execFileSync(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(threads ?? 1) }, timeout: 20000 });
}

for (const [file, output] of Object.entries(expected)) {
  test(`elision of ${file} runs like the program`, { skip: gcc ? false : 'gcc not found' }, async () => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const { model, diagnostics } = await analyze(text, file);
    assert.deepEqual(diagnostics.filter(d => d.severity === 'error'), []);
    const name = path.basename(file).replace(/\W/g, '_');
    const elision = elide(model);
    assert.equal(compileAndRun(elision, `${name}_serial`, ['-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable']), output);
    if (/#\s*pragma\s+omp/.test(text)) {
      for (const threads of [1, 2, 4]) {
        assert.equal(compileAndRun(text, `${name}_omp`, ['-fopenmp'], threads), output, `OMP_NUM_THREADS=${threads}`);
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
    const { model } = await analyze(text, entry.file);
    const name = entry.file.replace(/\W/g, '_');
    const cpp = entry.cpp;
    const src = path.join(work, `${name}.${cpp ? 'cpp' : 'c'}`);
    fs.writeFileSync(src, elide(model));
    const run = (source: string, flags: string[], threads = 1) => {
      fs.writeFileSync(src, source);
      const exe = path.join(work, `${name}.out`);
      const includes = cpp ? ['-include', 'cstdlib', '-include', 'ctime'] : ['-include', 'stdio.h', '-include', 'stdlib.h'];
      execFileSync(cpp ? 'g++' : 'gcc', ['-w', '-DN=64', '-DBASE=10', `-I${work}`, ...includes, src, '-o', exe, ...flags], { stdio: ['ignore', 'ignore', 'pipe'] });
      return execFileSync(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(threads) }, timeout: 20000 });
    };
    const serial = run(elide(model), []);
    if (/#\s*pragma\s+omp/.test(text)) for (const threads of [1, 2, 4]) assert.equal(run(text, ['-fopenmp'], threads), serial);
  });
}
