// The OpenMP acceptance corpus (test/fixtures/openmp/: small programs written by the team in the
// styles real OpenMP code is written, each printing results that a wrong translation changes).
// For each program of the manifest (expected.json):
// - the original, built with gcc -O2 -fopenmp, prints its recorded output at 1, 2 and 4 threads;
// - where the manifest says it translates: to MetaFork and to CilkPlus, the serial elisions print
//   it too, and both translated on to OpenMP print it at 1, 2 and 4 threads (and at 4 built at -O0,
//   where no register hides a race);
// - where it says it is refused: the refusal's code, construct and position (the text it covers)
//   are the manifest's, in both directions.
// The summary counts the programs that translate and compute the same; a `defect` names a known
// wrong translation (its test runs as a todo). MF_RECORD=1 writes what the translator does now
// into the manifest's `translates` instead of comparing (results are still checked); `target` is
// what the program should do once every construct MetaFork can express is translated.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import { fixture } from '../helpers';
import { translateText } from '../../server/src/translate/index';
import { run, THREADS, UNOPTIMIZED } from '../differential/gcc';
import { buildAsync as build, elision, translated, workDir } from './run';

/** What a refusal must say: its code, the construct it names, the text it covers, and why (for people). */
interface Refusal {
  code: string;
  construct: string;
  at: string;
  why: string;
}
interface Entry {
  output: string;
  translates: true | Refusal;
  target?: true | Omit<Refusal, 'at'>;
  /** A known wrong translation: the program's test runs as a todo, which says why. */
  defect?: string;
}

const MANIFEST = fixture('openmp', 'expected.json');
const manifest: Record<string, Entry> = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
const RECORD = process.env.MF_RECORD === '1';
const gcc = spawnSync('gcc', ['--version']).status === 0;
const work = workDir('mf-openmp-corpus-');
/** What each program did in this run: translated, or refused with this finding. */
const observed = new Map<string, true | Refusal>();
/** The programs whose translations computed the program's output in every build. */
const verified = new Set<string>();

/** Every output of a build at 1, 2 and 4 threads must be the program's. */
function runsAll(exe: string, output: string, what: string, source: string): void {
  for (const threads of THREADS)
    assert.equal(run(exe, threads), output, `${what}, OMP_NUM_THREADS=${threads}\n${source}`);
}

/** The translation of `text` to MetaFork, or the finding that refused it. */
async function attempt(text: string, file: string): Promise<true | Refusal> {
  const r = await translateText(text, 'metafork', { fileName: file });
  if (r.text !== undefined) return true;
  const e = r.diagnostics.find(d => d.severity === 'error');
  assert.ok(e, `${file}: refused without an error`);
  const data = e.data ?? {};
  const at = text.slice(e.start, e.end);
  // Findings of the syntax check name no construct: the text they cover does.
  const construct = String(data.construct ?? data.call ?? data.variable ?? at);
  const previous = manifest[file].translates;
  const same = typeof previous === 'object' && previous.code === e.code && previous.construct === construct;
  return { code: e.code, construct, at, why: same ? previous.why : e.message };
}

describe('the OpenMP corpus', { concurrency: os.availableParallelism() }, () => {
  for (const [file, entry] of Object.entries(manifest)) {
    test(file, { skip: gcc ? false : 'gcc not found', todo: entry.defect }, async () => {
      const text = fs.readFileSync(fixture('openmp', file), 'utf8');
      const name = file.replace(/\.c$/, '');
      runsAll(await build(work, text, name, ['-fopenmp']), entry.output, 'the original', '');

      const found = await attempt(text, file);
      observed.set(file, found);
      if (!RECORD) {
        if (found === true)
          assert.equal(entry.translates, true, `${file} now translates: the manifest still says refused (MF_RECORD=1)`);
        else assert.deepEqual(found, entry.translates, `${file} is refused other than as the manifest says`);
      }
      if (found !== true) {
        // Every direction goes through MetaFork: CilkPlus is refused at the same construct.
        const cilk = await translateText(text, 'cilkplus', { fileName: file });
        assert.equal(cilk.text, undefined, `${file} -> cilkplus translates though -> metafork is refused`);
        assert.ok(cilk.diagnostics.some(d => d.code === found.code && text.slice(d.start, d.end) === found.at));
        return;
      }
      for (const [to, ext] of [['metafork', '.mfc'], ['cilkplus', '_cilk.c']] as const) {
        const out = await translated(text, to, file);
        const serial = await elision(out, name + ext);
        // MetaFork keeps the OpenMP runtime's library calls (locks, omp_get_max_threads) as plain C, linked
        // with it; CilkPlus has them as POSIX and Cilk calls: its elision links without it.
        const exe = await build(work, serial, `${name}_${to}_serial`, to === 'cilkplus' ? [] : ['-lgomp']);
        assert.equal(run(exe, 1), entry.output, `${to} elision\n${out}`);
        const omp = await translated(out, 'openmp', name + ext);
        runsAll(await build(work, omp, `${name}_${to}_then_omp`, ['-fopenmp']), entry.output, `${to} -> openmp`, omp);
        const most = THREADS[THREADS.length - 1];
        const unoptimized = await build(work, omp, `${name}_${to}_then_omp_O0`, ['-fopenmp', UNOPTIMIZED]);
        assert.equal(run(unoptimized, most), entry.output, `${to} -> openmp at ${UNOPTIMIZED}, OMP_NUM_THREADS=${most}\n${omp}`);
      }
      verified.add(file);
    });
  }
});

test('every program of the folder is in the manifest', () => {
  const programs = fs.readdirSync(fixture('openmp')).filter(f => f.endsWith('.c'));
  assert.deepEqual(programs.sort(), Object.keys(manifest).sort());
});

test('the share of the corpus that translates', { skip: gcc ? false : 'gcc not found' }, t => {
  const total = Object.keys(manifest).length;
  const expected = Object.values(manifest).filter(e => e.translates === true && !e.defect).length;
  const translating = verified.size;
  const summary = `${translating} of ${total} translate (${((100 * translating) / total).toFixed(1)}%)`;
  t.diagnostic(summary);
  console.log(summary);
  if (!RECORD)
    assert.ok(translating >= expected, `${translating} of ${total} translate; the manifest says ${expected}`);
});

after(() => {
  if (!RECORD) return;
  for (const [file, found] of observed) {
    manifest[file].translates = found;
    if (found === true && manifest[file].target === true) delete manifest[file].target; // reached
  }
  fs.writeFileSync(MANIFEST, JSON.stringify(manifest, null, 2) + '\n');
  console.log(`recorded ${observed.size} programs in ${MANIFEST}`);
});
