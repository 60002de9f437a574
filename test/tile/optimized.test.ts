// The loop-kernel corpus through `optimize`: each program tiled at its marked kernel, then
// optimized (its cases, each with its kernels, and the dispatcher choosing among them at run
// time), built for the race-checked emulation and run at the corpus's two sizes (no block size
// divides the second), unforced and with the dispatcher forced to each case in turn; every run
// must print what the serial program built with gcc prints.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixture } from '../helpers';
import { tileText } from '../../server/src/tile/index';
import { optimizeText } from '../../server/src/optimize/index';
import { closeSolver } from '../../server/src/optimize/solver';
import { buildEmulatedAsync } from '../cuda/emu/build';
import { racecheckEnv, soakCheckedEnv } from '../cuda/emu/run';
import { OPTIMIZED } from '../differential/gcc';
import { SIZES } from './corpus';

after(() => closeSolver());

const DIR = fixture('tile');
const expected: Record<string, string> = JSON.parse(fs.readFileSync(path.join(DIR, 'expected.json'), 'utf8'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-tile-optimized-'));
const gcc = spawnSync('gcc', ['--version']).status === 0 && spawnSync('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
/** Programs `optimize` refuses, with its reason (the cost model counts polynomials in the
 * program's values; a triangular loop's count depends on each thread's index). */
const REFUSED: Record<string, string> = {
  'trisym.c':
    "MF520 the cost model cannot count the iterations of this loop: they depend on 'i', which each thread computes (the counts are polynomials in the program's values)",
};
/** What the dispatcher prints when a forced case cannot run on the device it models. */
const NOT_A_CHOICE = /METAFORK_DISPATCH_FORCE="[^"]*": not a choice on this device/;

interface Prepared { r: Awaited<ReturnType<typeof optimizeText>>; stem: string; built?: Promise<void> }

/** Tiled and optimized, one file after another, each built for the emulation beside the tests (lanes). */
async function prepare(file: string): Promise<Prepared> {
  const text = fs.readFileSync(path.join(DIR, file), 'utf8');
  const offset = text.indexOf('for', text.indexOf('/* kernel begin */'));
  const tiled = await tileText(text, { fileName: file, offset });
  assert.ok(tiled.text, tiled.diagnostics.map(d => d.message).join('\n'));
  const r = await optimizeText(tiled.text, { fileName: file.replace(/\.c$/, '.mfc'), registers: 'estimate' });
  const stem = path.join(work, file.replace(/\W/g, '_'));
  if (!r.cuda) return { r, stem };
  fs.writeFileSync(`${stem}.cu`, r.cuda);
  const built = buildEmulatedAsync(`${stem}.cu`, `${stem}.emu`);
  built.catch(() => undefined);  // reported by the test that awaits it
  return { r, stem, built };
}
const prepared = new Map<string, Promise<Prepared>>();
let chain: Promise<unknown> = Promise.resolve();
for (const file of Object.keys(SIZES)) {
  const p = chain.then(() => prepare(file));
  p.catch(() => undefined);
  prepared.set(file, p);
  chain = p.catch(() => undefined);
}

for (const file of Object.keys(SIZES)) {
  test(`${file}: tiled, optimized into cases, every case run in the emulation like the serial program`, { skip: gcc }, async () => {
    const { r, stem, built } = await prepared.get(file)!;
    if (REFUSED[file]) {
      assert.equal(r.cuda, undefined);
      assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`), [REFUSED[file]]);
      return;
    }
    assert.ok(r.cuda, r.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
    await built;
    const serial = `${stem}.serial`;
    const compiled = spawnSync('gcc', ['-std=c99', ...OPTIMIZED, '-o', serial, path.join(DIR, file), '-lm'], { encoding: 'utf8' });
    assert.equal(compiled.status, 0, compiled.stderr);
    const cases = r.schedules.reduce((n, s) => Math.max(n, s.cases.length), 0);
    assert.ok(cases >= 1, `${file}: no case`);
    let ran = 0;
    for (const args of [[], SIZES[file]]) {
      const want = args.length ? spawnSync(serial, args, { encoding: 'utf8' }).stdout : expected[file];
      for (const forced of [undefined, ...Array.from({ length: cases }, (_, k) => `case=${k + 1}`)]) {
        // The default sizes are hundreds per dimension: race-checked at the second (soakCheckedEnv).
        const env = { ...(args.length ? racecheckEnv('shuffle:1') : soakCheckedEnv(racecheckEnv(), 'shuffle:1')), ...(forced ? { METAFORK_DISPATCH_FORCE: forced } : {}) };
        const got = spawnSync(`${stem}.emu`, args, { encoding: 'utf8', env, timeout: 120_000 });
        if (forced && got.status !== 0 && NOT_A_CHOICE.test(got.stderr)) continue;
        const what = `${file} ${args.join(' ')} ${forced ?? '(the dispatcher\'s choice)'}`;
        assert.equal(got.status, 0, `${what}: ${got.stderr}`);
        assert.equal(got.stdout, want, what);
        ran++;
      }
    }
    assert.ok(ran >= 2, `${file}: only ${ran} runs`);
  });
}
