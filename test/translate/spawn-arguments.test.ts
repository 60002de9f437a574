// MetaFork -> OpenMP: a call spawn's arguments are evaluated by the parent at the spawn (Chen 2017
// §3.6.4); those a task would read later (a global, an element, through a pointer, a call, a side
// effect) are evaluated before the task into temporaries typed as the callee's parameters, and
// the others stay as they are; the task shares no array only those arguments read. Found by the
// fork-join fuzzer (test/fuzz/forkjoin.ts); the corpus fixture mf-spawn-arguments.mfc runs it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import { translateText } from '../../server/src/translate/index';
import { checkText } from '../../server/src/checks/index';
import { run, THREADS } from '../differential/gcc';
import { build, elision, translated, workDir } from './run';

const gccSkip = spawnSync('gcc', ['--version']).status === 0 ? false : 'gcc not found';
const work = workDir('mf-spawn-arguments-');

test('arguments a task would read later are evaluated at the spawn, typed as the parameters', async () => {
  const program = [
    '#define N 4',
    'long g = 1;',
    'static void put(long *out, const long *p, unsigned char v) { *out = *p + v; }',
    'static long twice(long v) { return 2 * v + g; }',
    'static void first(long *out, const long v[]) { *out = v[0]; }',
    'long *gp;',
    'void f(long *q, int i)',
    '{',
    '    long a, b, c, d, e;',
    '    long w[2] = {1, 2};',
    '    meta_fork put(&a, q + 8, g);',
    '    meta_fork first(&d, gp);',
    '    b = meta_fork twice(q[i]);',
    '    if (i > 0)',
    '        meta_fork put(&c, &q[9], i++ + N);',
    '    e = meta_fork twice(w[1]);',
    '    g = 5;',
    '    gp = q;',
    '    q[0] = 7;',
    '    w[1] = 0;',
    '    meta_join;',
    '}',
    '',
  ].join('\n');
  const r = await translateText(program, 'openmp', { fileName: 'f.mfc' });
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
  assert.equal(r.text, [
    '#define N 4',
    'long g = 1;',
    'static void put(long *out, const long *p, unsigned char v) { *out = *p + v; }',
    'static long twice(long v) { return 2 * v + g; }',
    'static void first(long *out, const long v[]) { *out = v[0]; }',
    'long *gp;',
    'void f(long *q, int i)',
    '{',
    '    long a, b, c, d, e;',
    '    long w[2] = {1, 2};',
    '    unsigned char mf_arg0 = g;',
    '    #pragma omp task shared(a)',
    '    put(&a, q + 8, mf_arg0);',
    '    const long *mf_arg1 = gp;',
    '    #pragma omp task shared(d)',
    '    first(&d, mf_arg1);',
    '    long mf_arg2 = q[i];',
    '    #pragma omp task shared(b)',
    '    b = twice(mf_arg2);',
    '    if (i > 0)',
    '        {',
    '            unsigned char mf_arg3 = i++ + N;',
    '            #pragma omp task shared(c)',
    '            put(&c, &q[9], mf_arg3);',
    '        }',
    '    long mf_arg4 = w[1];',
    '    #pragma omp task shared(e)',
    '    e = twice(mf_arg4);',
    '    g = 5;',
    '    gp = q;',
    '    q[0] = 7;',
    '    w[1] = 0;',
    '    #pragma omp taskwait',
    '}',
    '',
  ].join('\n'));
});

test('an argument of a callee without a prototype (or variadic) is evaluated at the spawn into a variable of its own type', async () => {
  const program = 'void put();\nlong table[4];\nint main(void) {\n  long a = 0;\n  meta_fork put(&a, table[1]);\n  table[1] = 2;\n  meta_join;\n  return (int)a;\n}\n';
  const r = await translateText(program, 'openmp', { fileName: 'f.mfc' });
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.text, 'void put();\nlong table[4];\nint main(void) {\n  long a = 0;\n  /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */\n  #pragma omp parallel\n  #pragma omp single\n  {\n    __auto_type mf_arg0 = table[1];\n    #pragma omp task shared(a)\n    put(&a, mf_arg0);\n    table[1] = 2;\n    #pragma omp taskwait\n  }\n  return (int)a;\n}\n');
});

// A board handed to each spawned child and written by the parent in the next iteration (the OpenCilk
// tutorial's nqueens does this): the child reads the board when it starts. Serially, and usually
// under Cilk, that is before the next write; an OpenMP task starts later, so the translation read
// the last row written in every task ("no solution found" at 1, 2 and 4 threads, exit 0).
const queens = (board: 'shared' | 'copied') => `#include <stdio.h>
#include <string.h>
#include <alloca.h>
#include <cilk/cilk.h>

static int ok(int n, const char *a) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (a[i] == a[j] || a[i] - a[j] == j - i || a[j] - a[i] == j - i) return 0;
  return 1;
}

int queens(int n, int j, char *a) {
  if (n == j) return 1;
  int *count = alloca(n * sizeof(int));
  memset(count, 0, n * sizeof(int));
${board === 'shared' ? '  char *b = alloca(n);\n  memcpy(b, a, j);\n' : ''}  cilk_scope {
    for (int i = 0; i < n; i++) {
${board === 'shared' ? '      b[j] = i;\n' : '      char *b = alloca(n);\n      memcpy(b, a, j);\n      b[j] = i;\n'}      if (ok(j + 1, b))
        count[i] = cilk_spawn queens(n, j + 1, b);
    }
  }
  int solutions = 0;
  for (int i = 0; i < n; i++) solutions += count[i];
  return solutions;
}

int main(void) {
  char a[8];
  printf("%d\\n", queens(6, 0, a));
  return 0;
}
`;

test("a board written by the parent after its child's spawn: the check warns (MF406), OpenMP refuses (MF609); a board copied for each child translates and computes what the elision computes (gcc -O2, 1/2/4 threads)", { skip: gccSkip }, async () => {
  const racy = queens('shared');
  const write = { start: racy.indexOf('b[j] = i;'), end: racy.indexOf('b[j] = i;') + 'b[j]'.length };
  const checked = await checkText(racy, 'queens.c');
  assert.deepEqual(checked.diagnostics.map(d => ({ code: d.code, start: d.start, end: d.end })), [{ code: 'MF406', ...write }]);
  const refused = await translateText(racy, 'openmp', { fileName: 'queens.c' });
  assert.equal(refused.text, undefined);
  assert.deepEqual(refused.diagnostics.map(d => ({ code: d.code, start: d.start, end: d.end })), [{ code: 'MF609', ...write }]);
  // MetaFork keeps the program as it is, race and all (its elision still reads the old value).
  assert.equal(typeof (await translateText(racy, 'metafork', { fileName: 'queens.c' })).text, 'string');

  const copied = queens('copied');
  assert.deepEqual((await checkText(copied, 'queens.c')).diagnostics, []);
  const serial = run(build(work, await elision(copied, 'queens_cilk.c'), 'queens_serial', []));
  assert.equal(serial, '4\n');
  const openmp = await translated(copied, 'openmp', 'queens.c');
  const exe = build(work, openmp, 'queens_omp', ['-fopenmp']);
  for (const threads of THREADS) assert.equal(run(exe, threads), serial, `${threads} threads:\n${openmp}`);
});

// The receiver of a spawned call is evaluated at the spawn too (the Cilk compilers do: "when spawning
// an assignment, the LHS is also evaluated before the spawn"). A task stored into `r[gi]` reading gi
// when it ran, after the parent's `gi++`, and `*pr++ = ...` moved the task's copy of pr only: both
// printed other numbers than the elision at 1, 2 and 4 threads, exit 0.
test('a receiver whose place the task would find elsewhere is taken by address at the spawn; gcc -O2, 1/2/4 threads as the elision', { skip: gccSkip }, async () => {
  const program = [
    '#include <stdio.h>',
    '#include <cilk/cilk.h>',
    'long f(long x) { long s = 0; for (long i = 0; i < x * 20000; i++) s += i % 7; return s + x; }',
    'int gi;',
    'long r[8];',
    'int main(void) {',
    '  long own[4] = {0};',
    '  int i = 0;',
    '  r[gi] = cilk_spawn f(1);',
    '  gi++;',
    '  own[i] = cilk_spawn f(2);',
    '  i++;',
    '  long *pr = r + 3;',
    '  *pr++ = cilk_spawn f(3);',
    '  *pr = cilk_spawn f(4);',
    '  cilk_sync;',
    '  printf("%ld %ld %ld %ld %ld %d %d\\n", r[0], r[1], own[0], r[3], r[4], gi, i);',
    '  return 0;',
    '}',
    '',
  ].join('\n');
  const openmp = await translated(program, 'openmp', 'receivers.c');
  assert.equal(openmp.slice(openmp.indexOf('  long own')), [
    '  long own[4] = {0};',
    '  int i = 0;',
    '  /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
    '  #pragma omp parallel',
    '  #pragma omp single',
    '  {',
    '    __auto_type mf_arg0 = &(r[gi]);',
    '    #pragma omp task',
    '    *mf_arg0 = f(1);',
    '    gi++;',
    '    #pragma omp task shared(own)',
    '    own[i] = f(2);',
    '    i++;',
    '    long *pr = r + 3;',
    '    __auto_type mf_arg1 = &(*pr++);',
    '    #pragma omp task',
    '    *mf_arg1 = f(3);',
    '    #pragma omp task',
    '    *pr = f(4);',
    '    #pragma omp taskwait',
    '  }',
    '  printf("%ld %ld %ld %ld %ld %d %d\\n", r[0], r[1], own[0], r[3], r[4], gi, i);',
    '  return 0;',
    '}',
    '',
  ].join('\n'));
  const serial = run(build(work, await elision(program, 'receivers_cilk.c'), 'receivers_serial', []));
  assert.equal(serial, '59998 0 119997 179997 239998 1 1\n');
  const exe = build(work, openmp, 'receivers_omp', ['-fopenmp', '-Wall', '-Werror']);
  for (const threads of THREADS) assert.equal(run(exe, threads), serial, `${threads} threads:\n${openmp}`);
});

// The other way, a task storing a call's result into a place it finds as its creator would (through
// a pointer it copied, an element of an array it shares) is a call spawn with that receiver; so the
// round trip CilkPlus -> OpenMP -> CilkPlus of the receivers above is a call spawn again, where it was
// a block outlined with an `__auto_type` parameter, which gcc rejected. A place whose finding changes
// something stays a block.
test('OpenMP tasks storing a call into a place found as at their creation become call spawns; others stay blocks', async () => {
  const program = [
    'long f(long x);',
    'long r[8];',
    'void g(long *q)',
    '{',
    '    long a = 1, own[2];',
    '    __auto_type p = &r[2];',
    '    #pragma omp task',
    '    *p = f(a);',
    '    #pragma omp task',
    '    q[a] = f(a);',
    '    #pragma omp task',
    '    r[a] = f(a);',
    '    #pragma omp task shared(own)',
    '    own[1] = f(a);',
    '    #pragma omp task',
    '    r[a++] = f(a);',
    '    #pragma omp taskwait',
    '}',
    '',
  ].join('\n');
  const r = await translateText(program, 'metafork', { fileName: 'places.c' });
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.text, [
    'long f(long x);',
    'long r[8];',
    'void g(long *q)',
    '{',
    '    long a = 1, own[2];',
    '    __auto_type p = &r[2];',
    '    *p = meta_fork f(a);',
    '    q[a] = meta_fork f(a);',
    '    r[a] = meta_fork f(a);',
    '    own[1] = meta_fork f(a);',
    '    meta_fork',
    '    r[a++] = f(a);',
    '    meta_join;',
    '}',
    '',
  ].join('\n'));
});

// A task given an array it copies (firstprivate by OpenMP's rules: declared in the region) became a
// call spawn, `meta_fork use(&out[i], pa);`: the argument is the array's address, so the child read
// the parent's elements, which the next iteration overwrote. MetaFork -> OpenMP then refused its own
// translation (MF609), and CilkPlus would have raced. The copy stays: a block spawn.
test('a task given an array it copies stays a block spawn with the copy; back to OpenMP it prints the original\'s result (gcc -O2, 1/2/4 threads)', { skip: gccSkip }, async () => {
  const program = [
    '#include <stdio.h>',
    'static long out[8];',
    'static void use(long *o, const long *w) { *o = w[0] * 10 + w[1]; }',
    'int main(void) {',
    '  #pragma omp parallel',
    '  #pragma omp single',
    '  {',
    '    long pa[2];',
    '    for (int i = 0; i < 8; i++) {',
    '      pa[0] = i; pa[1] = i * 6;',
    '      #pragma omp task',
    '      use(&out[i], pa);',
    '    }',
    '  }',
    '  for (int i = 0; i < 8; i++) printf("%ld ", out[i]);',
    '  printf("\\n");',
    '  return 0;',
    '}',
    '',
  ].join('\n');
  const metafork = await translated(program, 'metafork', 'copies.c');
  assert.equal(metafork.slice(metafork.indexOf('    long pa[2];'), metafork.indexOf('  meta_join;')), [
    '    long pa[2];',
    '    for (int i = 0; i < 8; i++) {',
    '      pa[0] = i; pa[1] = i * 6;',
    '      uintptr_t _fip_pa = (uintptr_t) malloc(sizeof(pa)); /* pa as it is now */',
    '      memcpy((void *) _fip_pa, pa, sizeof(pa));',
    '      meta_fork',
    '      {',
    '        long pa[2];',
    '        memcpy(pa, (void *) _fip_pa, sizeof(pa));',
    '        free((void *) _fip_pa);',
    '        use(&out[i], pa);',
    '      }',
    '    }',
    '  }',
    '',
  ].join('\n'));
  const expected = '0 16 32 48 64 80 96 112 \n';
  const original = build(work, program, 'copies_omp', ['-fopenmp']);
  for (const threads of THREADS) assert.equal(run(original, threads), expected);
  const back = await translated(metafork, 'openmp', 'copies.mfc');
  const exe = build(work, back, 'copies_back', ['-fopenmp']);
  for (const threads of THREADS) assert.equal(run(exe, threads), expected, `${threads} threads:\n${back}`);
});
