// `#if` chains reading `_OPENMP`: the tool reads a file with `_OPENMP` defined, as an OpenMP compiler
// does, and translates the groups that makes active. A MetaFork or CilkPlus compiler does not define
// it, so out of OpenMP each such chain keeps the group that was read, without its #if lines (MF607
// says so); a chain inside an inactive group stays as written. Found on DataRaceBench: a version
// guard (`#if (_OPENMP < 201511) #error`) stopped every CilkPlus build.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import { spawnSync } from 'child_process';
import { translateText } from '../../server/src/translate/index';
import { fixture } from '../helpers';
import { run, THREADS } from '../differential/gcc';
import { build, elision, workDir } from './run';

const skip = spawnSync('gcc', ['--version']).status === 0 ? false : 'gcc not found';
const work = workDir('mf-conditionals-');
const read = (name: string) => fs.readFileSync(fixture('conditionals', name), 'utf8');
const note = (directive: string, kept: string) =>
  `'${directive}': a MetaFork or CilkPlus compiler does not define _OPENMP, so the translation keeps the group it read (${kept}) without its #if lines`;

async function translation(file: string, to: 'metafork' | 'cilkplus') {
  const text = read(file);
  const r = await translateText(text, to, { fileName: file });
  return { text: r.text, findings: r.diagnostics.map(d => ({ code: d.code, at: text.slice(d.start, d.end), message: d.message })) };
}

test('an optional <omp.h>, a version guard and a value per branch: the groups read are kept, in MetaFork and in CilkPlus', async () => {
  const notes = [
    { code: 'MF607', at: '#ifdef _OPENMP', message: note('#ifdef _OPENMP', "OpenMP's") },
    { code: 'MF607', at: '#if (_OPENMP < 201511)', message: note('#if (_OPENMP < 201511)', 'none') },
    { code: 'MF607', at: '#if defined(_OPENMP)', message: note('#if defined(_OPENMP)', "OpenMP's") },
  ];
  for (const [to, expected] of [['metafork', 'openmp-guards.mfc'], ['cilkplus', 'openmp-guards_cilk.c']] as const) {
    const r = await translation('openmp-guards.c', to);
    assert.deepEqual(r.findings, notes, to);
    assert.equal(r.text, read(expected), to);
  }
});

test('an #ifndef _OPENMP keeps its #else group; an _OPENMP test inside #if 0 stays as written', async () => {
  for (const [to, expected] of [['metafork', 'openmp-ifndef.mfc'], ['cilkplus', 'openmp-ifndef_cilk.c']] as const) {
    const r = await translation('openmp-ifndef.c', to);
    assert.deepEqual(r.findings.filter(f => f.code === 'MF607'), [
      { code: 'MF607', at: '#ifndef _OPENMP', message: note('#ifndef _OPENMP', "OpenMP's") },
    ], to);
    assert.equal(r.text, read(expected), to);
    assert.match(r.text!, /#if 0\n#ifdef _OPENMP\n#error "never read"\n#endif\n#endif\n/, to);
  }
});

test('the CilkPlus translations build without OpenMP and print what the OpenMP programs print (gcc -O2, 1, 2 and 4 threads)', { skip }, async () => {
  for (const name of ['openmp-guards', 'openmp-ifndef']) {
    const original = build(work, read(`${name}.c`), `${name}_omp`, ['-fopenmp']);
    const expected = run(original, 1);
    for (const threads of THREADS) assert.equal(run(original, threads), expected, `${name} at ${threads} threads`);
    const serial = await elision(read(`${name}_cilk.c`), `${name}_cilk.c`);
    assert.equal(run(build(work, serial, `${name}_cilk_serial`, [])), expected, name);
    assert.equal(run(build(work, serial, `${name}_cilk_sanitized`, [], true)), expected, `${name}, sanitized`);
  }
});
