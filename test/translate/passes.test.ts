// How the translation to CilkPlus is staged (translate/index.ts): a stage models only the items
// holding what it reads, and an item goes on to CilkPlus in the first stage that leaves it nothing
// to wait for (the OpenMP stage, an outlining pass), so later stages re-model only what changed.
// The output must be what a stage at a time gives: the whole text, exactly.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import { translateText } from '../../server/src/translate/index';
import { fixture } from '../helpers';

const findings = (text: string, r: { diagnostics: { code: string; start: number; end: number; message: string }[] }) =>
  r.diagnostics.map(d => ({ code: d.code, text: text.slice(d.start, d.end), message: d.message }));

test('OpenMP and MetaFork to CilkPlus: reducers defined once before their first use, block spawns outlined in two passes, an unjoined spawn joined at its exit', async () => {
  // The program (test/fixtures/programs: the corpus runs its translations) has a MetaFork reduction
  // before an OpenMP one of the same type, a block spawn, a block spawn inside a block spawn, and a
  // spawn its function leaves unjoined, which the OpenMP stage's joins at exits close.
  const text = fs.readFileSync(fixture('programs', 'mixed-outlining.c'), 'utf8');
  const r = await translateText(text, 'cilkplus', { fileName: 'mixed-outlining.c' });
  assert.deepEqual(findings(text, r), []);
  assert.equal(r.text, fs.readFileSync(fixture('passes', 'mixed-outlining_cilk.c'), 'utf8'));
});

test('a worker count set in a function with no MetaFork construct is still translated to CilkPlus', async () => {
  // The item holds no keyword: the stage reads it for the call's name alone.
  const text = [
    'static void setup(void)',
    '{',
    '    meta_set_nworkers(4);',
    '}',
    '',
    'int main(void)',
    '{',
    '    int a[8];',
    '    setup();',
    '    meta_for (int i = 0; i < 8; i++)',
    '        a[i] = i;',
    '    return a[7];',
    '}',
    '',
  ].join('\n');
  const r = await translateText(text, 'cilkplus', { fileName: 'workers.mfc' });
  assert.deepEqual(findings(text, r), [
    {
      code: 'MF604',
      text: 'meta_set_nworkers(4)',
      message: "the worker count set here (4) has no CilkPlus call: dropped; set CILK_NWORKERS in the environment instead",
    },
  ]);
  assert.equal(
    r.text,
    [
      '#include <cilk/cilk.h>',
      'static void setup(void)',
      '{',
      '}',
      '',
      'int main(void)',
      '{',
      '    int a[8];',
      '    setup();',
      '    cilk_for (int i = 0; i < 8; i++)',
      '        a[i] = i;',
      '    return a[7];',
      '}',
      '',
    ].join('\n'),
  );
});
