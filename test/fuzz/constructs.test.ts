// Per-construct translations, as the editor's quick fix makes them: every construct of the fork-join
// fuzzer's programs (forkjoin-generate.ts) translated alone into each other dialect. The file it
// leaves, the other constructs as they were, is carried whole to OpenMP, built with gcc -O2
// -fopenmp and run at 1, 2 and 4 threads: it must print what the program's serial elision prints.
// A refusal is fine where it is positioned. Soak: METAFORK_FUZZ_SEEDS=0-150 (3,222 translations,
// all computing the same, on 2026-11-29).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { checkText } from '../../server/src/checks/index';
import { elide } from '../../server/src/model/elide';
import { constructSpan } from '../../server/src/model/constructs';
import { translateText } from '../../server/src/translate/index';
import { DIALECTS, programOf } from './forkjoin-generate';
import { fuzzSeeds } from './seeds';
import { workDir } from '../translate/run';

const gcc = spawnSync('gcc', ['--version']).status === 0 ? false : 'gcc not found';
const SEEDS = fuzzSeeds('0-8');
const work = workDir('mf-fuzz-constructs-');

/** Builds and runs `source` at each thread count; the outputs, or the compiler's complaint. */
function outputs(source: string, name: string, threads: number[]): string[] | string {
  const src = path.join(work, `${name}.c`), exe = path.join(work, name);
  fs.writeFileSync(src, source);
  const b = spawnSync('gcc', ['-std=gnu11', '-O2', '-fopenmp', '-w', src, '-o', exe], { encoding: 'utf8' });
  if (b.status !== 0) return b.stderr;
  return threads.map(t =>
    execFileSync(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(t) }, timeout: 30000 }),
  );
}

test(`every construct of the fork-join programs, seeds ${SEEDS.from}-${SEEDS.to}, translated alone: the file computes what the program computes (gcc -O2, 1/2/4 threads)`, { skip: gcc, timeout: 3_600_000 }, async t => {
  const wrong: string[] = [];
  let translations = 0, refused = 0;
  for (let seed = SEEDS.from; seed <= SEEDS.to; seed++) {
    const program = programOf(seed);
    const input = await checkText(program.text, program.fileName);
    const serial = outputs(elide(input.model), `serial${seed}`, [1]);
    assert.ok(Array.isArray(serial), `seed ${seed}: the elision does not build:\n${serial}`);
    const heads = input.model.items.flatMap((_, i) => input.model.item(i).constructs.map(c => constructSpan(c).start));
    for (const at of [...new Set(heads)].sort((a, b) => a - b))
      for (const to of DIALECTS.filter(d => d !== program.dialect)) {
        const where = `seed ${seed}, the construct at ${at} ('${program.text.slice(at, at + 24).replace(/\s+/g, ' ')}') to ${to}`;
        translations++;
        const one = await translateText(program.text, to, { fileName: program.fileName, focus: at });
        if (one.text === undefined) {
          const errors = one.diagnostics.filter(d => d.severity === 'error');
          if (errors.length && errors.every(d => d.start >= 0 && d.end <= program.text.length)) refused++;
          else wrong.push(`${where}: refused without a position: ${JSON.stringify(one.diagnostics)}`);
          continue;
        }
        // The file as the quick fix leaves it, the rest of it carried to OpenMP to run in parallel.
        const whole = await translateText(one.text, 'openmp', { fileName: 'mixed.mfc' });
        if (whole.text === undefined) {
          wrong.push(`${where}: its output is refused onwards: ${whole.diagnostics.map(d => `${d.code} ${d.message}`).join('; ')}\n${one.text}`);
          continue;
        }
        const ran = outputs(whole.text, `construct${seed}_${at}_${to}`, [1, 2, 4]);
        if (!Array.isArray(ran)) wrong.push(`${where}: does not build:\n${ran}\n${whole.text}`);
        else if (ran.some(o => o !== serial[0])) wrong.push(`${where}: prints ${JSON.stringify(ran)}, the program ${JSON.stringify(serial[0])}\n${one.text}`);
      }
  }
  t.diagnostic(`${translations} translations of one construct, ${refused} refused`);
  assert.ok(translations >= 4 * (SEEDS.to - SEEDS.from + 1), `only ${translations} translations`);
  assert.deepEqual(wrong, []);
});
