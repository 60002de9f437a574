// MetaFork -> OpenMP: a call spawn's arguments are evaluated by the parent at the spawn (thesis
// §3.6.4); those a task would read later (a global, an element, through a pointer, a call, a side
// effect) are evaluated before the task into temporaries typed as the callee's parameters, and
// the others stay as they are. Found by the fork-join fuzzer (test/fuzz/forkjoin.ts); the
// corpus fixture mf-spawn-arguments.mfc runs it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateText } from '../../server/src/translate/index';

test('arguments a task would read later are evaluated at the spawn, typed as the parameters', async () => {
  const program = [
    '#define N 4',
    'long g = 1;',
    'static void put(long *out, const long *p, unsigned char v) { *out = *p + v; }',
    'static long twice(long v) { return 2 * v + g; }',
    'void f(long *q, int i)',
    '{',
    '    long a, b, c;',
    '    meta_fork put(&a, q + i, g);',
    '    b = meta_fork twice(q[i]);',
    '    if (i > 0)',
    '        meta_fork put(&c, &q[1], i++ + N);',
    '    g = 5;',
    '    q[i] = 7;',
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
    'void f(long *q, int i)',
    '{',
    '    long a, b, c;',
    '    unsigned char mf_arg0 = g;',
    '    #pragma omp task shared(a)',
    '    put(&a, q + i, mf_arg0);',
    '    long mf_arg1 = q[i];',
    '    #pragma omp task shared(b)',
    '    b = twice(mf_arg1);',
    '    if (i > 0)',
    '        {',
    '            unsigned char mf_arg2 = i++ + N;',
    '            #pragma omp task shared(c)',
    '            put(&c, &q[1], mf_arg2);',
    '        }',
    '    g = 5;',
    '    q[i] = 7;',
    '    #pragma omp taskwait',
    '}',
    '',
  ].join('\n'));
});
