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
import { buildEmulated } from '../cuda/emu/build';
import { racecheckEnv } from '../cuda/emu/run';
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

for (const file of Object.keys(SIZES)) {
  test(`${file}: tiled, optimized into cases, every case run in the emulation like the serial program`, { skip: gcc }, async () => {
    const text = fs.readFileSync(path.join(DIR, file), 'utf8');
    const offset = text.indexOf('for', text.indexOf('/* kernel begin */'));
    const tiled = await tileText(text, { fileName: file, offset });
    assert.ok(tiled.text, tiled.diagnostics.map(d => d.message).join('\n'));
    const r = await optimizeText(tiled.text, { fileName: file.replace(/\.c$/, '.mfc'), registers: 'estimate' });
    if (REFUSED[file]) {
      assert.equal(r.cuda, undefined);
      assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`), [REFUSED[file]]);
      return;
    }
    assert.ok(r.cuda, r.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
    const stem = path.join(work, file.replace(/\W/g, '_'));
    fs.writeFileSync(`${stem}.cu`, r.cuda);
    buildEmulated(`${stem}.cu`, `${stem}.emu`);
    const serial = `${stem}.serial`;
    const built = spawnSync('gcc', ['-std=c99', ...OPTIMIZED, '-o', serial, path.join(DIR, file), '-lm'], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const cases = r.schedules.reduce((n, s) => Math.max(n, s.cases.length), 0);
    assert.ok(cases >= 1, `${file}: no case`);
    let ran = 0;
    for (const args of [[], SIZES[file]]) {
      const want = args.length ? spawnSync(serial, args, { encoding: 'utf8' }).stdout : expected[file];
      for (const forced of [undefined, ...Array.from({ length: cases }, (_, k) => `case=${k + 1}`)]) {
        const env = { ...racecheckEnv('shuffle:1'), ...(forced ? { METAFORK_DISPATCH_FORCE: forced } : {}) };
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
