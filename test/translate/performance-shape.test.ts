// MetaFork -> OpenMP keeps the shape a person writes, so that translated code runs as fast as
// hand-written OpenMP: a parallel loop run by a team that already exists (main wrapped in
// parallel + single, code reached from a spawn or from another parallel loop) is a taskloop,
// never a nested parallel region; `parallel for` only where no team runs yet (scheduled
// dynamically when its iterations cost unevenly); no omp_set_max_active_levels unless the file
// opens parallel regions itself. The bench programs (test/bench/programs) keep these shapes; the
// bench times them against hand-written OpenMP. Translated programs run at 1, 2 and 4 threads.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { translateText } from '../../server/src/translate/index';
import { elide } from '../../server/src/model/elide';
import { checkSource, ROOT } from '../helpers';
import { gcc, OPTIMIZED, run, THREADS } from '../differential/gcc';
import { PROGRAMS, translation } from '../bench/translated';

async function toOpenmp(text: string, file: string): Promise<string> {
  const r = await translateText(text, 'openmp', { fileName: file });
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
  return r.text!;
}

/** The translation, built with gcc -O2 -fopenmp, prints at 1, 2 and 4 threads what the serial elision prints. */
async function runsAsElided(source: string, translated: string, name: string, file = `${name}.mfc`): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-shape-'));
  try {
    const { model } = await checkSource(source, file);
    fs.writeFileSync(path.join(dir, 'elided.c'), elide(model));
    fs.writeFileSync(path.join(dir, 'omp.c'), translated);
    gcc(path.join(dir, 'elided.c'), path.join(dir, 'elided'), OPTIMIZED);
    gcc(path.join(dir, 'omp.c'), path.join(dir, 'omp'), [...OPTIMIZED, '-fopenmp'], translated);
    const expected = run(path.join(dir, 'elided'));
    for (const threads of THREADS)
      assert.equal(run(path.join(dir, 'omp'), threads), expected, `${name} at ${threads} threads`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const SCAN = [
    '#include <stdio.h>',
    '',
    'static void scan(long *a, long n)',
    '{',
    '    if (n <= 64) {',
    '        for (long i = 1; i < n; i++)',
    '            a[i] += a[i - 1];',
    '        return;',
    '    }',
    '    long h = n / 2;',
    '    meta_fork scan(a, h);',
    '    scan(a + h, n - h);',
    '    meta_join;',
    '    long carry = a[h - 1];',
    '    meta_for (long i = h; i < n; i++)',
    '        a[i] += carry;',
    '}',
    '',
    'int main(void)',
    '{',
    '    long a[1000], last = 0, sum = 0;',
    '    int k;',
    '    meta_for (long i = 0; i < 1000; i++)',
    '        a[i] = i % 7;',
    '    scan(a, 1000);',
    '    meta_for (k = 0; k != 999; k += 3)',
    '        if (k == 501)',
    '            last = a[k];',
    '    #pragma meta grainsize = 100',
    '    meta_for reduction(+: sum) (long i = 0; i < 1000; i++)',
    '        sum += a[i];',
    '    printf("%ld %ld %d\\n", sum, last, k);',
    '    return 0;',
    '}',
  ].join('\n') + '\n';

test('a divide-and-conquer scan: taskloops of the one team (shared, lastprivate, reduction, grainsize)', async () => {
  const out = await toOpenmp(SCAN, 'scan.mfc');
  assert.equal(out, [
    '#include <stdio.h>',
    '',
    'static void scan(long *a, long n)',
    '{',
    '    if (n <= 64) {',
    '        for (long i = 1; i < n; i++)',
    '            a[i] += a[i - 1];',
    '        return;',
    '    }',
    '    long h = n / 2;',
    '    #pragma omp task',
    '    scan(a, h);',
    '    scan(a + h, n - h);',
    '    #pragma omp taskwait',
    '    long carry = a[h - 1];',
    '    #pragma omp taskloop',
    '    for (long i = h; i < n; i++)',
    '        a[i] += carry;',
    '}',
    '',
    'int main(void)',
    '{',
    '    long a[1000], last = 0, sum = 0;',
    '    int k;',
    '    /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
    '    #pragma omp parallel',
    '    #pragma omp single',
    '    {',
    '        #pragma omp taskloop shared(a)',
    '        for (long i = 0; i < 1000; i++)',
    '            a[i] = i % 7;',
    '        scan(a, 1000);',
    '        #pragma omp taskloop shared(last, a) lastprivate(k)',
    '        for (k = 0; k < 999; k += 3)',
    '            if (k == 501)',
    '                last = a[k];',
    '        #pragma omp taskloop shared(a) reduction(+: sum) grainsize(100)',
    '        for (long i = 0; i < 1000; i++)',
    '            sum += a[i];',
    '    }',
    '    printf("%ld %ld %d\\n", sum, last, k);',
    '    return 0;',
    '}',
  ].join('\n') + '\n');
  await runsAsElided(SCAN, out, 'scan');
});

const LOOPS = [
    '#include <stdio.h>',
    '',
    'static int collatz(int x)',
    '{',
    '    int s = 0;',
    '    while (x != 1) {',
    '        x = x % 2 ? 3 * x + 1 : x / 2;',
    '        s++;',
    '    }',
    '    return s;',
    '}',
    '',
    'int main(void)',
    '{',
    '    int m[8][8], steps[64];',
    '    meta_for (int i = 0; i < 8; i++)',
    '        meta_for (int j = 0; j < 8; j++)',
    '            m[i][j] = i * j;',
    '    meta_for (int i = 0; i < 64; i++) {',
    '        int x = i + 27, s = 0;',
    '        while (x != 1) {',
    '            x = x % 2 ? 3 * x + 1 : x / 2;',
    '            s++;',
    '        }',
    '        steps[i] = s;',
    '    }',
    '    long t = 0;',
    '    for (int i = 0; i < 64; i++)',
    '        t += steps[i] + m[i / 8][i % 8] + collatz(i + 1);',
    '    printf("%ld\\n", t);',
    '    return 0;',
    '}',
  ].join('\n') + '\n';

test('no spawns: parallel for where no team runs yet, taskloop inside it, schedule(dynamic) if uneven', async () => {
  const out = await toOpenmp(LOOPS, 'loops.mfc');
  assert.equal(out, [
    '#include <stdio.h>',
    '',
    'static int collatz(int x)',
    '{',
    '    int s = 0;',
    '    while (x != 1) {',
    '        x = x % 2 ? 3 * x + 1 : x / 2;',
    '        s++;',
    '    }',
    '    return s;',
    '}',
    '',
    'int main(void)',
    '{',
    '    int m[8][8], steps[64];',
    '    #pragma omp parallel for',
    '    for (int i = 0; i < 8; i++)',
    '        {',
    '            #pragma omp taskloop shared(m)',
    '            for (int j = 0; j < 8; j++)',
    '            m[i][j] = i * j;',
    '        }',
    '    #pragma omp parallel for schedule(dynamic)',
    '    for (int i = 0; i < 64; i++) {',
    '        int x = i + 27, s = 0;',
    '        while (x != 1) {',
    '            x = x % 2 ? 3 * x + 1 : x / 2;',
    '            s++;',
    '        }',
    '        steps[i] = s;',
    '    }',
    '    long t = 0;',
    '    for (int i = 0; i < 64; i++)',
    '        t += steps[i] + m[i / 8][i % 8] + collatz(i + 1);',
    '    printf("%ld\\n", t);',
    '    return 0;',
    '}',
  ].join('\n') + '\n');
  await runsAsElided(LOOPS, out, 'loops');
});

const CILK = [
    '#include <stdio.h>',
    '#include <cilk/cilk.h>',
    '',
    'static void fill(long *a, int n, int k)',
    '{',
    '    #pragma cilk grainsize = 128',
    '    cilk_for (int i = 0; i < n; i++)',
    '        a[i] = i * k;',
    '}',
    '',
    'int main(void)',
    '{',
    '    long a[1000], b[1000], t = 0;',
    '    cilk_spawn fill(a, 1000, 2);',
    '    fill(b, 1000, 3);',
    '    cilk_sync;',
    '    cilk_for (int i = 0; i < 1000; i++)',
    '        b[i] += a[i];',
    '    for (int i = 0; i < 1000; i++)',
    '        t += b[i];',
    '    printf("%ld\\n", t);',
    '    return 0;',
    '}',
  ].join('\n') + '\n';

test('CilkPlus: a cilk_for in spawned code or in the parallel region of main is a taskloop (grainsize kept)', async () => {
  const out = await toOpenmp(CILK, 'cilk.c');
  assert.equal(out, [
    '#include <stdio.h>',
    '',
    'static void fill(long *a, int n, int k)',
    '{',
    '    #pragma omp taskloop grainsize(128)',
    '    for (int i = 0; i < n; i++)',
    '        a[i] = i * k;',
    '}',
    '',
    'int main(void)',
    '{',
    '    long a[1000], b[1000], t = 0;',
    '    /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
    '    #pragma omp parallel',
    '    #pragma omp single',
    '    {',
    '        #pragma omp task shared(a)',
    '        fill(a, 1000, 2);',
    '        fill(b, 1000, 3);',
    '        #pragma omp taskwait',
    '        #pragma omp taskloop shared(b, a)',
    '        for (int i = 0; i < 1000; i++)',
    '            b[i] += a[i];',
    '    }',
    '    for (int i = 0; i < 1000; i++)',
    '        t += b[i];',
    '    printf("%ld\\n", t);',
    '    return 0;',
    '}',
  ].join('\n') + '\n');
  await runsAsElided(CILK, out, 'cilk', 'cilk.c');
});

test('a file without main: taskloops in the functions spawned code calls, a parallel for elsewhere', async () => {
  const out = await toOpenmp([
    'void fill(double *a, int n)',
    '{',
    '    meta_for (int i = 0; i < n; i++)',
    '        a[i] = 2.0 * i;',
    '}',
    '',
    'void halves(double *a, int n)',
    '{',
    '    meta_fork fill(a, n / 2);',
    '    fill(a + n / 2, n - n / 2);',
    '    meta_join;',
    '}',
    '',
    'void scale(double *a, int n, double s)',
    '{',
    '    meta_for (int i = 0; i < n; i++)',
    '        a[i] *= s;',
    '}',
  ].join('\n') + '\n', 'library.mfc');
  assert.equal(out, [
    'void fill(double *a, int n)',
    '{',
    '    #pragma omp taskloop',
    '    for (int i = 0; i < n; i++)',
    '        a[i] = 2.0 * i;',
    '}',
    '',
    'void halves(double *a, int n)',
    '{',
    '    #pragma omp task',
    '    fill(a, n / 2);',
    '    fill(a + n / 2, n - n / 2);',
    '    #pragma omp taskwait',
    '}',
    '',
    'void scale(double *a, int n, double s)',
    '{',
    '    #pragma omp parallel for',
    '    for (int i = 0; i < n; i++)',
    '        a[i] *= s;',
    '}',
  ].join('\n') + '\n');
});

test('a file that opens parallel regions itself keeps nested teams in the region around main\'s statements', async () => {
  const out = await toOpenmp([
    'void work(int *a, int n)',
    '{',
    '    #pragma omp parallel for',
    '    for (int i = 0; i < n; i++)',
    '        a[i] = i;',
    '}',
    'int main(void)',
    '{',
    '    int a[10], b[10];',
    '    meta_fork work(a, 10);',
    '    work(b, 10);',
    '    meta_join;',
    '    return a[3] + b[4];',
    '}',
  ].join('\n') + '\n', 'nested.mfc');
  assert.equal(out.slice(out.indexOf('int main(void)\n{')), [
    'int main(void)',
    '{',
    '    int a[10], b[10];',
    '    omp_set_max_active_levels(2); /* the team below, and the parallel regions its tasks open */',
    '    /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
    '    #pragma omp parallel',
    '    #pragma omp single',
    '    {',
    '        #pragma omp task shared(a)',
    '        work(a, 10);',
    '        work(b, 10);',
    '        #pragma omp taskwait',
    '    }',
    '    return a[3] + b[4];',
    '}',
    '',
  ].join('\n'));
});

/** The OpenMP directives of each bench program's translation, in order. */
const BENCH_SHAPES: Record<string, string[]> = {
  fib: ['#pragma omp task shared(x)', '#pragma omp taskwait', '#pragma omp parallel', '#pragma omp single'],
  scan: [
    '#pragma omp task', '#pragma omp taskwait', '#pragma omp taskloop', '#pragma omp parallel', '#pragma omp single',
    '#pragma omp taskloop',
  ],
  quicksort: ['#pragma omp task', '#pragma omp taskwait', '#pragma omp parallel', '#pragma omp single'],
  mergesort: [
    '#pragma omp task', '#pragma omp taskwait', '#pragma omp task', '#pragma omp taskwait', '#pragma omp taskloop',
    '#pragma omp parallel', '#pragma omp single',
  ],
  matmul: [
    '#pragma omp task', '#pragma omp task', '#pragma omp task', '#pragma omp taskwait', '#pragma omp task',
    '#pragma omp task', '#pragma omp task', '#pragma omp taskwait', '#pragma omp parallel', '#pragma omp single',
  ],
  mandelbrot: ['#pragma omp parallel for schedule(dynamic)'],
  fft: [
    '#pragma omp task', '#pragma omp taskwait', '#pragma omp taskloop', '#pragma omp parallel', '#pragma omp single',
  ],
  nqueens: ['#pragma omp task shared(counts)', '#pragma omp taskwait', '#pragma omp parallel', '#pragma omp single'],
  heat: ['#pragma omp parallel for'],
};

test('the bench programs translate to what a person writes: tasks, taskloops, no nested parallel regions', async () => {
  const dir = path.join(ROOT, 'test', 'bench', 'programs');
  assert.deepEqual(Object.keys(BENCH_SHAPES), PROGRAMS);
  for (const program of PROGRAMS) {
    const { text } = await translation(dir, program);
    assert.deepEqual(text.match(/#pragma omp[^\n]*|omp_set_max_active_levels/g), BENCH_SHAPES[program], program);
  }
});

const AROUND = [
    '#include <stdio.h>',
    '#include <stdlib.h>',
    '',
    'static long twice(long x) { return 2 * x; }',
    '',
    'int main(int argc, char **argv)',
    '{',
    '    long n = argc + 4, r = 0;',
    '    long *a = malloc(64 * sizeof *a);',
    '    meta_fork shared(r) {',
    '        r = twice(n);',
    '    }',
    '    n = 100;',
    '    meta_for (int i = 0; i < 64; i++)',
    '        a[i] = i * n;',
    '    meta_join;',
    '    printf("%ld %ld %ld\\n", r, n, a[63]);',
    '    free(a);',
    '    return 0;',
    '}',
  ].join('\n') + '\n';

test("main's statements that reach parallel code run in the region, the rest outside; its locals declared before are firstprivate in its tasks", async () => {
  const out = await toOpenmp(AROUND, 'around.mfc');
  assert.equal(out.slice(out.indexOf('int main(')), [
    'int main(int argc, char **argv)',
    '{',
    '    long n = argc + 4, r = 0;',
    '    long *a = malloc(64 * sizeof *a);',
    '    /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
    '    #pragma omp parallel',
    '    #pragma omp single',
    '    {',
    '        #pragma omp task shared(r) firstprivate(n)',
    '        {',
    '            r = twice(n);',
    '        }',
    '        n = 100;',
    '        #pragma omp taskloop',
    '        for (int i = 0; i < 64; i++)',
    '            a[i] = i * n;',
    '        #pragma omp taskwait',
    '    }',
    '    printf("%ld %ld %ld\\n", r, n, a[63]);',
    '    free(a);',
    '    return 0;',
    '}',
    '',
  ].join('\n'));
  await runsAsElided(AROUND, out, 'around');
  // And back: the region goes, the statements are main's again.
  const back = await translateText(out, 'metafork', { fileName: 'around.c' });
  assert.equal(back.text!.slice(back.text!.indexOf('int main(')), AROUND.slice(AROUND.indexOf('int main(')).replace(
    '    meta_fork shared(r) {\n', '    meta_fork shared(r)\n    {\n'));
});
