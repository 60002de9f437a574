// MetaFork -> OpenMP: a call spawn's arguments are evaluated by the parent at the spawn (Chen 2017
// §3.6.4); those a task would read later (a global, an element, through a pointer, a call, a side
// effect) are evaluated before the task into temporaries typed as the callee's parameters, and
// the others stay as they are; the task shares no array only those arguments read. Found by the
// fork-join fuzzer (test/fuzz/forkjoin.ts); the corpus fixture mf-spawn-arguments.mfc runs it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateText } from '../../server/src/translate/index';

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
