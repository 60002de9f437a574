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
import { build, elision, translated, workDir } from './run';

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

test("an _OPENMP guard inside a region (NPB's master reading the team size): its lines go before the stages, which then rewrite the region (it was MF114); MetaFork, CilkPlus and back print what the OpenMP program prints (gcc -O2, 1, 2 and 4 threads)", { skip }, async () => {
  const name = 'openmp-in-region';
  for (const [to, expected] of [['metafork', `${name}.mfc`], ['cilkplus', `${name}_cilk.c`]] as const) {
    const r = await translation(`${name}.c`, to);
    assert.deepEqual(r.findings, [{ code: 'MF607', at: '#if defined(_OPENMP)', message: note('#if defined(_OPENMP)', "OpenMP's") }], to);
    assert.equal(r.text, read(expected), to);
  }
  const original = build(work, read(`${name}.c`), `${name}_omp`, ['-fopenmp']);
  const expected = run(original, 1);
  for (const threads of THREADS) assert.equal(run(original, threads), expected, `the original at ${threads} threads`);
  // The MetaFork keeps omp_get_max_threads() (the region's team size): its elision links the runtime.
  const mfSerial = build(work, await elision(read(`${name}.mfc`), `${name}.mfc`), `${name}_mf_serial`, ['-fopenmp']);
  for (const threads of THREADS) assert.equal(run(mfSerial, threads), expected, `the MetaFork elision at ${threads} threads`);
  const back = build(work, await translated(read(`${name}.mfc`), 'openmp', `${name}.mfc`), `${name}_back`, ['-fopenmp']);
  for (const threads of THREADS) assert.equal(run(back, threads), expected, `back to OpenMP at ${threads} threads`);
});

// A group of another `#if` that the file's reading leaves out holds constructs no stage sees: the
// translation keeps them as written and says so (MF612), naming the flag that would make it read.
const FIB_GROUPS = `#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif
int fib(int n) {
  if (n < 2) return n;
  int x, y;
#if defined(USE_CILK)
  x = cilk_spawn fib(n - 1); /* cilk_sync in a comment */
  y = fib(n - 2);
  cilk_sync;
#elif SERIAL_ONLY
  x = fib(n - 1); y = fib(n - 2);
#else
  #pragma omp task shared(x)
  x = fib(n - 1);
  y = fib(n - 2);
  #pragma omp taskwait
#endif
  return x + y;
}
int main(void) {
  int r;
  #pragma omp parallel
  #pragma omp single
  r = fib(20);
  printf("%d\\n", r);
  return 0;
}
`;

test('constructs in a group the conditionals leave out: a warning at the first, naming the flag (MF612); with that flag the group is translated and runs (gcc -O2 -fopenmp, 1, 2 and 4 threads)', { skip }, async () => {
  const findings = async (to: 'metafork' | 'openmp' | 'cilkplus', defines: [string, undefined][] = []) => {
    const r = await translateText(FIB_GROUPS, to, { fileName: 'fib.c', flags: { includePaths: [], defines } });
    return { text: r.text!, findings: r.diagnostics.map(d => ({ code: d.code, at: FIB_GROUPS.slice(d.start, d.end), message: d.message })) };
  };
  const cilkGroup = {
    code: 'MF612', at: 'cilk_spawn',
    message: "not translated: '#if defined(USE_CILK)' leaves this group out as the file is read, so its CilkPlus constructs stay as written; with -D USE_CILK the group is read and translated",
  };
  assert.deepEqual((await findings('metafork')).findings, [
    { code: 'MF607', at: '#ifdef _OPENMP', message: note('#ifdef _OPENMP', "OpenMP's") }, cilkGroup,
  ]);
  assert.deepEqual((await findings('openmp')).findings, [cilkGroup]);
  // The group holds the target's constructs: nothing to say.
  assert.deepEqual((await findings('cilkplus')).findings.map(f => f.code), ['MF607']);
  // Read with -D USE_CILK, the Cilk group is translated; the OpenMP group, now left out, is the target's.
  const withCilk = await findings('openmp', [['USE_CILK', undefined]]);
  assert.deepEqual(withCilk.findings, []);
  assert.match(withCilk.text, /#if defined\(USE_CILK\)\n {2}#pragma omp task shared\(x\)\n {2}x = fib\(n - 1\);/, withCilk.text);
  const exe = build(work, withCilk.text, 'fib_groups_omp', ['-fopenmp', '-DUSE_CILK']);
  for (const threads of THREADS) assert.equal(run(exe, threads), '6765\n', `${threads} threads`);
});

// A conditional group inside a task body: outlined to CilkPlus, the body reads `a` through a pointer,
// and the group's inactive line, which no analysis read, would still write `a += 100` (pointer
// arithmetic once built with -D EXTRA). Refused (MF114) at the task, as the user must move it.
const GROUP_IN_TASK = `#include <stdio.h>
int main(void) {
  long a = 0, b = 0;
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp task shared(a)
    {
      a = 30;
#ifdef EXTRA
      a += 100;
#endif
      a += 1;
    }
    b = 20;
    #pragma omp taskwait
  }
  printf("%ld %ld\\n", a, b);
  return 0;
}
`;

test('a conditional group inside a task body that the outlining would move is refused to CilkPlus (MF114), not moved with its inactive lines unrewritten', async () => {
  const r = await translateText(GROUP_IN_TASK, 'cilkplus', { fileName: 'group.c' });
  assert.equal(r.text, undefined);
  assert.deepEqual(r.diagnostics.map(d => ({ code: d.code, at: GROUP_IN_TASK.slice(d.start, d.end).split('\n')[0] })), [
    { code: 'MF114', at: '#pragma omp task shared(a)' },
  ]);
});

// A group whose lines name nothing the outlining passes by pointer, or leaves behind, moves with the
// task body into the outlined function (BOTS's nqueens chooses its recursive call this way).
const CALL_IN_GROUP = `#include <stdio.h>
int count(int n, int k, int *out) {
  if (k == 0) { *out = n; return n; }
  return count(n + 1, k - 1, out);
}
int main(void) {
  int r[4] = {0}, n = 10;
  #pragma omp parallel
  #pragma omp single
  for (int i = 0; i < 4; i++) {
    #pragma omp task
    {
      int local = n + i, *slot = &r[i];
#ifndef TWICE
      count(local, i, slot);
#else
      count(2 * local, i, slot);
#endif
    }
  }
  printf("%d %d %d %d\\n", r[0], r[1], r[2], r[3]);
  return 0;
}
`;

test('a conditional group in a task body naming only what the body takes by value moves with it to CilkPlus; built with and without its macro, the elision prints what the OpenMP program does (gcc -O2, 1, 2 and 4 threads)', { skip }, async () => {
  const r = await translateText(CALL_IN_GROUP, 'cilkplus', { fileName: 'call.c' });
  assert.deepEqual(r.diagnostics.map(d => d.code), []);
  assert.match(r.text!, /\n {4}int local = \(\*n\) \+ i, \*slot = &\(\*r\)\[i\];\n {2}#ifndef TWICE\n {4}count\(local, i, slot\);\n {2}#else\n {4}count\(2 \* local, i, slot\);\n {2}#endif\n/, r.text);
  // Naming the array the body reads through a pointer, the group is not moved: refused at the task.
  const named = await translateText(CALL_IN_GROUP.replace('count(2 * local, i, slot)', 'count(2 * local, i, &r[i])'), 'cilkplus', { fileName: 'call.c' });
  assert.deepEqual([named.text, named.diagnostics.map(d => d.code)], [undefined, ['MF114']]);
  for (const [flags, printed] of [[[], '10 12 14 16\n'], [['-DTWICE'], '20 23 26 29\n']] as const) {
    const original = build(work, CALL_IN_GROUP, `call_group_omp${flags.length}`, ['-fopenmp', ...flags]);
    for (const threads of THREADS) assert.equal(run(original, threads), printed, `${flags} at ${threads} threads`);
    const serial = await elision(r.text!, 'call_group_cilk.c');
    assert.equal(run(build(work, serial, `call_group_cilk${flags.length}`, [...flags])), printed, `${flags}`);
  }
});
