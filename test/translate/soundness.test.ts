// Translations that once computed something else than their input, or crashed:
// each program is translated along a chain of dialects and every step is built like a user's
// build (gcc -O2 -Wall, strict aliasing) and run against the input's own output: OpenMP with
// -fopenmp at 1, 2 and 4 threads, MetaFork and CilkPlus through their serial elision (no Cilk
// compiler here), MetaFork also once more to OpenMP. Where the text matters, it is pinned.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkSource, summarize } from '../helpers';
import { elide } from '../../server/src/model/elide';
import { translateText, Dialect } from '../../server/src/translate/index';

const gcc = spawnSync('gcc', ['--version']).status === 0;
const skip = gcc ? false : 'gcc not found';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-soundness-'));
const FLAGS = ['-std=gnu11', '-O2', '-fstrict-aliasing', '-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-unknown-pragmas'];
const ext: Record<Dialect, string> = { metafork: '.mfc', openmp: '.c', cilkplus: '.c' };

function build(source: string, name: string, openmp: boolean): string {
  const src = path.join(work, `${name}.c`);
  const exe = path.join(work, `${name}.out`);
  fs.writeFileSync(src, source);
  const r = spawnSync('gcc', [...FLAGS, ...(openmp ? ['-fopenmp'] : []), '-x', 'c', src, '-x', 'none', '-o', exe, '-lm'], { encoding: 'utf8' });
  assert.equal(r.status, 0, `${name} does not compile:\n${r.stderr}\n--- source ---\n${source}`);
  return exe;
}

function run(exe: string, threads: number): string {
  return execFileSync(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(threads) }, timeout: 30000 });
}

/** What a program in `dialect` prints: OpenMP the same at 1, 2 and 4 threads; the others by their elision. */
async function outputOf(program: string, dialect: Dialect, name: string): Promise<string> {
  if (dialect === 'openmp') {
    const exe = build(program, name, true);
    const outputs = [1, 2, 4].map(n => run(exe, n));
    for (const [i, n] of [2, 4].entries()) assert.equal(outputs[i + 1], outputs[0], `${name}: OMP_NUM_THREADS=${n} differs from 1 thread\n${program}`);
    return outputs[0];
  }
  const { model, diagnostics } = await checkSource(program, name + ext[dialect]);
  assert.deepEqual(diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`), [], `${name} has errors:\n${program}`);
  return run(build(elide(model), `${name}_serial`, false), 1);
}

async function translated(program: string, from: Dialect, to: Dialect, name: string): Promise<string> {
  const r = await translateText(program, to, { fileName: name + ext[from] });
  assert.notEqual(r.text, undefined, `${name} -> ${to} refused:\n${r.diagnostics.map(d => `${d.code} ${d.message}`).join('\n')}`);
  return r.text!;
}

/**
 * Translates `program` (in `from`) along `chain`, checking that every step computes what the
 * program computes; returns the texts of the steps.
 */
async function sameAlongChain(program: string, from: Dialect, chain: Dialect[], name: string): Promise<string[]> {
  const truth = await outputOf(program, from, `${name}_input`);
  const texts: string[] = [];
  let text = program, dialect = from;
  for (const [i, to] of chain.entries()) {
    text = await translated(text, dialect, to, `${name}_${i}`);
    dialect = to;
    texts.push(text);
    assert.equal(await outputOf(text, to, `${name}_${i}_${to}`), truth, `step ${i + 1} (to ${to}) computes something else:\n${text}`);
    if (to === 'metafork') assert.equal(await outputOf(await translated(text, 'metafork', 'openmp', `${name}_${i}_omp`), 'openmp', `${name}_${i}_omp`), truth, `step ${i + 1} then to OpenMP`);
  }
  return texts;
}

// ---------------------------------------------------------------------------------------
// Defect 3: the outlined task and the spawn site used two struct types with one tag.

const blockSpawn = `#include <stdio.h>

long work(int n)
{
    long sum_a = 0, sum_b = 0;
    meta_fork shared(sum_a) {
        for (int i = 0; i < n; i++) sum_a += i * 3;
    }
    for (int j = 0; j < n; j++) sum_b += j;
    meta_join;
    return sum_a + sum_b;
}

int main(void)
{
    printf("%ld\\n", work(1000));
    return 0;
}
`;

test('a block spawn outlined to CilkPlus passes its environment as a call\'s arguments (gcc -O2)', { skip }, async () => {
  const [cilk] = await sameAlongChain(blockSpawn, 'metafork', ['cilkplus', 'metafork', 'cilkplus'], 'block_spawn');
  assert.equal(cilk, `#include <stdio.h>
#include <cilk/cilk.h>

long work(int n);
static void _taskFunc0(long (*sum_a), int n)
{
    {
        for (int i = 0; i < n; i++) (*sum_a) += i * 3;
    }
}

long work(int n)
{
    long sum_a = 0, sum_b = 0;
    cilk_spawn _taskFunc0(&sum_a, n);
    for (int j = 0; j < n; j++) sum_b += j;
    cilk_sync;
    return sum_a + sum_b;
}

int main(void)
{
    printf("%ld\\n", work(1000));
    return 0;
}
`);
});

test('OpenMP sections translated to CilkPlus compute what the sections compute (gcc -O2)', { skip }, async () => {
  await sameAlongChain(`#include <stdio.h>

int main(void)
{
    long a = 0, b = 0;
    int n = 1000;
#pragma omp parallel
#pragma omp sections
    {
#pragma omp section
        for (int i = 0; i < n; i++) a += i;
#pragma omp section
        for (int i = 0; i < n; i++) b += 2 * i;
    }
    printf("%ld %ld\\n", a, b);
    return 0;
}
`, 'openmp', ['cilkplus', 'metafork', 'openmp'], 'sections');
});

test('nested block spawns in two functions, arrays and array parameters: outlined and run (gcc -O2)', { skip }, async () => {
  await sameAlongChain(`#include <stdio.h>

typedef struct { int lo, hi; } range;

void scale(int n, double a[], double b[10])
{
    double t[4] = { 1, 2, 3, 4 };
    range r = { 0, n };
    meta_fork shared(a) {
        for (int i = r.lo; i < r.hi; i++) a[i] *= t[i % 4];
        meta_fork shared(b) {
            for (int i = 0; i < 10; i++) b[i] += t[i % 4];
        }
        meta_join;
    }
    meta_join;
}

double total(const double *a, int n)
{
    double s = 0, u = 0;
    meta_fork shared(s) {
        for (int i = 0; i < n / 2; i++) s += a[i];
    }
    for (int i = n / 2; i < n; i++) u += a[i];
    meta_join;
    return s + u;
}

int main(void)
{
    double a[100], b[10];
    for (int i = 0; i < 100; i++) a[i] = i;
    for (int i = 0; i < 10; i++) b[i] = i;
    scale(100, a, b);
    printf("%.1f %.1f\\n", total(a, 100), total(b, 10));
    return 0;
}
`, 'metafork', ['cilkplus', 'metafork', 'openmp'], 'nested');
});

test('a block spawn using a variable-length array is refused with its position', async () => {
  const program = `void fill(int n)
{
    int v[n];
    meta_fork shared(v) {
        for (int i = 0; i < n; i++) v[i] = i;
    }
    meta_join;
}
`;
  const r = await translateText(program, 'cilkplus', { fileName: 'vla.mfc' });
  assert.equal(r.text, undefined);
  assert.deepEqual(summarize(program, r.diagnostics), [{
    code: 'MF605', text: 'meta_fork shared(v)',
    message: "'meta_fork' block uses 'v', whose type's size reads a variable ('int v[n]'): the outlined function's environment cannot restate it (give the array a constant size or allocate it with malloc)",
  }]);
});

// A variable whose type is deduced from its initializer (GNU C's __auto_type) has no type to write
// in the outlined function's parameters: gcc rejected the output ("expected ';', ',' or ')' before
// '__auto_type'").
test('a block spawn using an __auto_type variable is refused with its position', async () => {
  const program = `long r[4];
void set(void)
{
    __auto_type p = &r[1];
    __auto_type n = 7L;
    meta_fork { *p = n * 2; }
    meta_join;
}
`;
  const r = await translateText(program, 'cilkplus', { fileName: 'auto.mfc' });
  assert.equal(r.text, undefined);
  assert.deepEqual(summarize(program, r.diagnostics), [{
    code: 'MF605', text: 'meta_fork',
    message: "'meta_fork' block uses 'n', whose type the outlined function's environment cannot restate (it is deduced from the initializer: declare 'n' with its type)",
  }]);
});

// ---------------------------------------------------------------------------------------
// Defect 13: the join before a depend task went inside the task's pragma line, which the call
// form removes ("overlapping edits").

test('a depend task whose body is a call, after a pending dependence, translates (indented pragmas)', { skip }, async () => {
  const [metafork] = await sameAlongChain(`#include <stdio.h>
void use(int v) { printf("%d\\n", v); }
int main(void)
{
    int x = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(out: x)
        x = 42;
        #pragma omp task depend(in: x)
        use(x);
    }
    return 0;
}
`, 'openmp', ['metafork', 'cilkplus'], 'depend_call');
  assert.equal(metafork, `#include <stdio.h>
void use(int v) { printf("%d\\n", v); }
int main(void)
{
    int x = 0;
    {
        meta_fork shared(x)
        x = 42;
        meta_join; /* depend(x) */
        meta_fork use(x);
    }
    meta_join;
    return 0;
}
`);
});

test('depend tasks as calls, assignments of calls, braced and unbraced bodies, taskwait right after', { skip }, async () => {
  await sameAlongChain(`#include <stdio.h>
int f(int v) { return v + 1; }
void use(int v) { printf("%d\\n", v); }
int main(void)
{
    int x = 0, y = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(out: x) shared(x)
        x = f(1);
        #pragma omp task depend(in: x) depend(out: y) shared(y)
        y = f(x);
        #pragma omp taskwait
        #pragma omp task depend(inout: x) shared(x)
        { x = x * 3; }
        #pragma omp task depend(in: x)
        { use(x); }
        #pragma omp taskwait
        #pragma omp task depend(inout: y) shared(y)
        y++;
        #pragma omp task depend(in: y)
        use(y);
        #pragma omp taskwait
    }
    printf("%d %d\\n", x, y);
    return 0;
}
`, 'openmp', ['metafork', 'cilkplus', 'metafork', 'openmp'], 'depend_shapes');
});

// ---------------------------------------------------------------------------------------
// Defect 4: dependence types other than in/out/inout were ignored (no join between the tasks).

const heavy = `static long heavy(long seed)
{
    long h = seed;
    for (long i = 0; i < 3000000; i++) h = (h * 7 + i) % 1000003;
    return h;
}
`;

test('depend(mutexinoutset) and iterator modifiers order the tasks like inout, after the round trip too', { skip }, async () => {
  const [metafork] = await sameAlongChain(`#include <stdio.h>
${heavy}
int main(void)
{
    long c = 0, d[4] = { 0 }, seen_c = 0, seen_d = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(mutexinoutset: c) shared(c)
        c += heavy(1);
        #pragma omp task depend(mutexinoutset: c) shared(c)
        c += heavy(2);
        #pragma omp task depend(in: c) shared(c, seen_c)
        seen_c = c;
        #pragma omp task depend(iterator(it = 0:4), out: d[it]) shared(d)
        d[3] = heavy(3);
        #pragma omp task depend(in: d[3]) shared(d, seen_d)
        seen_d = d[3];
    }
    printf("%ld %ld\\n", seen_c, seen_d);
    return 0;
}
`, 'openmp', ['metafork', 'openmp', 'metafork', 'cilkplus'], 'mutexinoutset');
  assert.equal(metafork.slice(metafork.indexOf('    {\n')), `    {
        meta_fork shared(c)
        c += heavy(1);
        meta_join; /* depend(c) */
        meta_fork shared(c)
        c += heavy(2);
        meta_join; /* depend(c) */
        meta_fork shared(seen_c, c)
        seen_c = c;
        d[3] = meta_fork heavy(3);
        meta_join; /* depend(d) */
        meta_fork shared(seen_d)
        seen_d = d[3];
    }
    meta_join;
    printf("%ld %ld\\n", seen_c, seen_d);
    return 0;
}
`);
});

test('a dependence through a pointer may be on any location: the task joins every pending dependence', { skip }, async () => {
  await sameAlongChain(`#include <stdio.h>
${heavy}
int main(void)
{
    long a[2] = { 0, 0 };
    long *p = &a[1];
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(out: a[1]) shared(a)
        a[1] = heavy(4);
        #pragma omp task depend(in: p[0])
        printf("%ld\\n", *p);
    }
    return 0;
}
`, 'openmp', ['metafork', 'openmp'], 'depend_pointer');
});

test('inoutset is ordered like inout, depobj (its dependences not visible) like inout on any location; doacross types are refused', async () => {
  const tasks = (type: string) => `void f(long *q)
{
    long c = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(out: c) shared(c)
        c = 1;
        #pragma omp task depend(${type}: c) shared(c)
        c += 2;
    }
}
`;
  const inoutset = await translateText(tasks('inoutset'), 'metafork', { fileName: 'inoutset.c' });
  assert.match(inoutset.text ?? '', /c = 1;\n {8}meta_join; \/\* depend\(c\) \*\/\n {8}meta_fork shared\(c\)\n {8}c \+= 2;/);
  const depobj = await translateText(tasks('depobj'), 'metafork', { fileName: 'depobj.c' });
  assert.match(depobj.text ?? '', /c = 1;\n {8}meta_join; \/\* depend\(c\) \*\/\n {8}meta_fork shared\(c\)\n {8}c \+= 2;/);
  const program = tasks('sink');
  const r = await translateText(program, 'metafork', { fileName: 'sink.c' });
  assert.equal(r.text, undefined);
  const why = "'sink' belongs to doacross loops ('ordered'), which have no MetaFork counterpart";
  assert.deepEqual(summarize(program, r.diagnostics.filter(d => d.code === 'MF601')), [
    { code: 'MF601', text: 'depend(sink: c)', message: `'depend(sink: ...)' cannot be translated: ${why}` },
  ]);
});

// ---------------------------------------------------------------------------------------
// Defect 5: `cilk_scope { ... }` became `{ ... meta_join; }`, and an exit from the block skipped
// the join. MetaFork's serial elision cannot tell (it runs the spawns in place): the MetaFork
// is also run as OpenMP, where a missing join leaves the spawned work unfinished.

const scopes = `#include <stdio.h>
${heavy}
long v[4];
void set(int i) { v[i] = heavy(i + 1); }

void go(void)
{
    cilk_scope {
        cilk_spawn set(0);
        set(1);
        return;
    }
}

long first(int n)
{
    long r = 0;
    for (int k = 0; k < n; k++) {
        cilk_scope {
            cilk_spawn set(2);
            if (k == 1) break;
            r += k;
        }
    }
    return r + v[2];
}

long twice(int c)
{
    long a = 0;
    cilk_scope {
        a = cilk_spawn heavy(7);
        if (c)
            return a + 1;
    }
    return 0;
}

int out(void)
{
    cilk_scope {
        cilk_spawn set(3);
        goto done;
    }
done:
    return (int) (v[3] % 10);
}

int main(void)
{
    go();
    long f = first(3);
    long t = twice(1);
    int o = out();
    printf("%ld %ld %ld %ld %d\\n", v[0], v[1], f, t, o);
    return 0;
}
`;

test('cilk_scope: its join runs before every exit from it (return, break, goto)', { skip }, async () => {
  const [metafork] = await sameAlongChain(scopes, 'cilkplus', ['metafork', 'cilkplus', 'openmp'], 'cilk_scope');
  const functions = metafork.slice(metafork.indexOf('void go(void)'), metafork.indexOf('int main(void)'));
  assert.equal(functions, `void go(void)
{
    {
        meta_fork set(0);
        set(1);
        meta_join;
        return;
        meta_join;
    }
}

long first(int n)
{
    long r = 0;
    for (int k = 0; k < n; k++) {
        {
            meta_fork set(2);
            if (k == 1) { meta_join; break; }
            r += k;
            meta_join;
        }
    }
    return r + v[2];
}

long twice(int c)
{
    long a = 0;
    {
        a = meta_fork heavy(7);
        if (c)
            { meta_join; return a + 1; }
        meta_join;
    }
    return 0;
}

int out(void)
{
    {
        meta_fork set(3);
        meta_join;
        goto done;
        meta_join;
    }
done:
    return (int) (v[3] % 10);
}

`);
});

test('depend tasks inside a braced parallel region translate (the join was inserted into the rendered region)', { skip }, async () => {
  await sameAlongChain(`#include <stdio.h>
int f(int v) { return v + 1; }
int main(void)
{
    int z = 0;
    #pragma omp parallel
    {
        #pragma omp single
        {
            #pragma omp task depend(out: z) shared(z)
            z = f(z);
            #pragma omp task depend(in: z) /* read */
            f(z);
            #pragma omp taskwait
        }
    }
    printf("%d\\n", z);
    return 0;
}
`, 'openmp', ['metafork', 'openmp', 'metafork', 'cilkplus'], 'depend_braced');
});

test('a taskwait inside another task waits only for its own children: the dependent sibling still joins', { skip }, async () => {
  const program = `#include <stdio.h>
${heavy}
int main(void)
{
    long x = 0, y = 0, seen = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(out: x) shared(x)
        x = heavy(1);
        #pragma omp task shared(y)
        {
            #pragma omp task shared(y)
            y = heavy(2);
            #pragma omp taskwait
        }
        #pragma omp task depend(in: x) shared(x, seen)
        seen = x;
    }
    printf("%ld %ld\\n", seen, y);
    return 0;
}
`;
  const [metafork] = await sameAlongChain(program, 'openmp', ['metafork', 'openmp', 'metafork', 'cilkplus'], 'nested_taskwait');
  assert.match(metafork, /            meta_join;\n        }\n        meta_join; \/\* depend\(x\) \*\/\n        meta_fork shared\(seen, x\)\n        seen = x;/);
});

test('a join or taskwait on one branch leaves the dependences pending on the others', { skip }, async () => {
  const [metafork] = await sameAlongChain(`#include <stdio.h>
${heavy}
int main(int argc, char **argv)
{
    int c = argc > 5;
    long x = 0, z = 0, seen_x = 0, other = 0, seen_z = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(out: x) shared(x)
        x = heavy(1);
        #pragma omp task depend(out: z) shared(z)
        z = heavy(3);
        if (c) {
            #pragma omp task depend(in: x) shared(x, other)
            other = x;
            #pragma omp taskwait
        } else {
            #pragma omp task depend(in: x) shared(x, seen_x)
            seen_x = x;
        }
        #pragma omp task depend(in: z) shared(z, seen_z)
        seen_z = z;
    }
    printf("%ld %ld %ld\\n", seen_x, other, seen_z);
    return 0;
}
`, 'openmp', ['metafork', 'openmp', 'metafork', 'cilkplus'], 'branches');
  assert.match(metafork, /\} else \{\n {12}meta_join; \/\* depend\(x\) \*\/\n {12}meta_fork shared\(seen_x, x\)\n {12}seen_x = x;\n {8}\}\n {8}meta_join; \/\* depend\(z\) \*\/\n/);
});

test('a forked region (master, task) whose tasks may be pending at its end joins them: the region\'s barrier waits for every descendant', { skip }, async () => {
  const [metafork] = await sameAlongChain(`#include <stdio.h>
${heavy}
int main(void)
{
    long x = 0, y = 0;
    #pragma omp parallel
    #pragma omp master
    {
        #pragma omp task shared(x)
        x = heavy(1);
        #pragma omp task shared(y)
        {
            #pragma omp task shared(y)
            y = heavy(2);
        }
    }
    printf("%ld %ld\\n", x, y);
    return 0;
}
`, 'openmp', ['metafork', 'openmp', 'metafork', 'cilkplus'], 'descendants');
  assert.equal(metafork.slice(metafork.indexOf('    meta_fork shared(x, y)')), `    meta_fork shared(x, y)
    {
        x = meta_fork heavy(1);
        meta_fork shared(y)
        {
            y = meta_fork heavy(2);
            meta_join;
        }
        meta_join;
    }
    meta_join;
    printf("%ld %ld\\n", x, y);
    return 0;
}
`);
});

test('task if(e) whose body creates tasks: both branches end with the join', { skip }, async () => {
  await sameAlongChain(`#include <stdio.h>
${heavy}
int main(int argc, char **argv)
{
    long x = 0, y = 0;
    int c = argc < 5;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task shared(x, y) if (c)
        {
            #pragma omp task shared(y)
            y = heavy(2);
            x = heavy(1);
        }
    }
    printf("%ld %ld\\n", x, y);
    return 0;
}
`, 'openmp', ['metafork', 'openmp', 'metafork', 'cilkplus'], 'task_if');
});

test('in C++ too, an array whose size reads a local constant is refused: the file-scope environment cannot see it', async () => {
  const program = `long sum(int m)
{
    const int n = 10;
    long a[n], s = 0;
    meta_fork shared(a) { for (int i = 0; i < n; i++) a[i] = i * m; }
    meta_join;
    for (int i = 0; i < n; i++) s += a[i];
    return s;
}
`;
  const r = await translateText(program, 'cilkplus', { fileName: 'sum.cpp' });
  assert.equal(r.text, undefined);
  assert.deepEqual(summarize(program, r.diagnostics), [{
    code: 'MF605', text: 'meta_fork shared(a)',
    message: "'meta_fork' block uses 'a', whose type's size reads a variable ('long a[n]'): the outlined function's environment cannot restate it (give the array a constant size or allocate it with malloc)",
  }]);
});

test('a trailing blank after an #include (a tree error the analysis does not count) does not make a translation fail without a word', async () => {
  const program = '#include <stdio.h> \nint main(void) { int x = 0;\n#pragma omp parallel\n#pragma omp single\n{\n#pragma omp task shared(x)\nx = 1;\n}\nreturn x; }\n';
  const r = await translateText(program, 'metafork', { fileName: 'blank.c' });
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.text, '#include <stdio.h> \nint main(void) { int x = 0;\n{\nmeta_fork shared(x)\nx = 1;\n}\nmeta_join;\nreturn x; }\n');
});

// A reduction loop inside a block spawn that shares its variable: the outlining passes the
// variable by pointer, and the chunked reduction once declared its partials as pointers.
test('a meta_for reduction inside a block spawn sharing its variable: each chunk reduces into its own partial (CilkPlus)', { skip }, async () => {
  const [cilk] = await sameAlongChain(`#include <stdio.h>

int main(void)
{
    long x = 5;
    double best = -1.0;
    int a[1000];
    for (int i = 0; i < 1000; i++) a[i] = (i * 37) % 101;
    meta_fork shared(x, best) {
        meta_for reduction(+: x) reduction(max: best) (int i = 0; i < 1000; i++) {
            x += a[i];
            if (a[i] * 0.5 > best) best = a[i] * 0.5;
        }
    }
    meta_join;
    printf("%ld %g\\n", x, best);
    return 0;
}
`, 'metafork', ['cilkplus', 'metafork', 'openmp'], 'outlined_reduction');
  assert.match(cilk, /\n {16}long mf_red1_x_v = 0;\n {16}long \(\*x\) = &mf_red1_x_v;\n/);
  assert.match(cilk, /\n {16}\(\*x\) \+= mf_red1_x\[mf_red1_c\];\n/);
});

// ---------------------------------------------------------------------------------------
// Found on DataRaceBench's race-free programs: `firstprivate` on `sections` gave each section its
// own copy, where OpenMP gives each thread one for all the sections it runs (one thread: the second
// section saw the first one's increment; the translation printed the same value twice).

test('a firstprivate copy of sections written in one section and used in another is refused at the write', async () => {
  const program = `#include <stdio.h>
#include <omp.h>
int main(void)
{
    int tally = 10;
    omp_set_num_threads(1);
#pragma omp parallel sections firstprivate(tally)
    {
#pragma omp section
        { tally += 5; printf("first %d\\n", tally); }
#pragma omp section
        { tally += 7; printf("second %d\\n", tally); }
    }
    return 0;
}
`;
  const diagnostics = await refusedToBoth(program, 'tally.c', [{
    code: 'MF602', text: 'tally',
    message: "'tally' is firstprivate on 'sections', written in one section and used in another: OpenMP gives each thread one copy for all the sections it runs (the second section sees the first one's write when one thread runs both), MetaFork gives each section its own",
  }]);
  assert.equal(diagnostics[0].start, program.indexOf('tally += 5'));
});

/** `program` refused, to MetaFork and to CilkPlus alike, with exactly `expected`; the findings. */
async function refusedToBoth(program: string, fileName: string, expected: ReturnType<typeof summarize>) {
  let diagnostics: Awaited<ReturnType<typeof translateText>>['diagnostics'] = [];
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(program, to, { fileName });
    assert.equal(r.text, undefined, to);
    assert.deepEqual(summarize(program, r.diagnostics), expected, to);
    diagnostics = r.diagnostics;
  }
  return diagnostics;
}

test('firstprivate copies of sections only read, or written in one section alone, still translate and compute the same', { skip }, async () => {
  await sameAlongChain(`#include <stdio.h>
int main(void)
{
    int base = 10, own = 1;
    int a = 0, b = 0;
#pragma omp parallel sections firstprivate(base, own) shared(a, b)
    {
#pragma omp section
        { own += base; a = own * 2; }
#pragma omp section
        { b = base + 3; }
    }
    printf("%d %d\\n", a, b);
    return 0;
}
`, 'openmp', ['metafork', 'openmp'], 'sections_firstprivate_read');
});

test('a section that puts its firstprivate copy back as it was (x += d ... x -= d, x++ ... x--) translates; one that does not is refused', { skip }, async () => {
  const program = (undo: string) => `#include <stdio.h>
int main(void)
{
    int t = 3, a = 0, b = 0;
#pragma omp parallel sections firstprivate(t) shared(a, b)
    {
#pragma omp section
        { t += 4; t++; a = t * 10; t--; ${undo} }
#pragma omp section
        { b = t + 1; }
    }
    printf("%d %d\\n", a, b);
    return 0;
}
`;
  await sameAlongChain(program('t -= 4;'), 'openmp', ['metafork', 'openmp'], 'sections_firstprivate_restored');
  const partly = program('t -= 3;');
  const r = await translateText(partly, 'metafork', { fileName: 'partly.c' });
  assert.equal(r.text, undefined);
  assert.deepEqual(r.diagnostics.map(d => [d.code, d.start]), [['MF602', partly.indexOf('t += 4')]]);
});

// ---------------------------------------------------------------------------------------
// Found on DataRaceBench's race-free programs: sections handing a value over through a flag became
// two tasks, and the waiting one spun for ever (libgomp need not run the other at the same time).

test('a section waiting for a flag another section sets is refused at its loop: the sections may run one after another', async () => {
  const program = `#include <stdio.h>
int main(void)
{
    int ready = 0, value = 0, got = 0;
#pragma omp parallel sections shared(ready, value, got) num_threads(2)
    {
#pragma omp section
        {
            value = 42;
#pragma omp critical
            ready = 1;
        }
#pragma omp section
        {
            int seen = 0;
            while (!seen) {
#pragma omp critical
                seen = ready;
            }
            got = value;
        }
    }
    printf("%d\\n", got);
    return 0;
}
`;
  await refusedToBoth(program, 'handover.c', [{
    code: 'MF602', text: 'while (!seen)',
    message: "this loop reads 'ready', which another section writes and the loop never changes: it may wait for that section, and MetaFork may run the sections one after another, so the wait could never end",
  }]);
});

// ---------------------------------------------------------------------------------------
// Found on DataRaceBench's race-free programs: threads of a region handing work to each other
// through a flag polled under `critical` in a called function, or through locks one thread sets
// and another releases, became loops over thread ids that hung at one thread.

const handshake = `#include <stdio.h>
#include <omp.h>
int flag, turns;
static void wait_raised(int *f)
{
    int done = 0;
    while (!done) {
#pragma omp critical
        if (*f == 1) { *f = 0; done = 1; }
    }
}
int main(void)
{
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
#pragma omp critical
            flag = 1;
        } else {
            wait_raised(&flag);
            turns++;
        }
    }
    printf("%d\\n", turns);
    return 0;
}
`;

test('a thread polling, in a function its region calls, for a flag another thread raises is refused at the loop', async () => {
  const diagnostics = await refusedToBoth(handshake, 'handshake.c', [{
    code: 'MF602', text: '(!done)',
    message: "this loop ends only once another thread has changed what it polls ('done' changes only in a critical or atomic section, when shared data allows): MetaFork may run the threads one after another, so the wait could never end (in 'wait_raised', which the '#pragma omp parallel' region calls)",
  }]);
  assert.equal(diagnostics[0].start, handshake.indexOf('(!done)'));
});

test('a lock one thread sets before a barrier and releases after it, or a lock released where it was not set, is refused', async () => {
  const handoff = `#include <stdio.h>
#include <omp.h>
omp_lock_t l;
int x = 1;
int main(void)
{
    omp_init_lock(&l);
#pragma omp parallel num_threads(2)
    {
        int tid = omp_get_thread_num();
        if (tid == 0)
            omp_set_lock(&l);
#pragma omp barrier
        if (tid == 0) {
            x = 0;
            omp_unset_lock(&l);
        } else {
            omp_set_lock(&l);
            x = 1;
            omp_unset_lock(&l);
        }
    }
    omp_destroy_lock(&l);
    printf("%d\\n", x);
    return 0;
}
`;
  const held = "the lock is still held after this block ends: another thread may wait for it or release it, and MetaFork may run the threads one after another (set and unset a lock in one block of one thread)";
  const diagnostics = await refusedToBoth(handoff, 'handoff.c', [{ code: 'MF602', text: 'omp_set_lock(&l)', message: held }]);
  assert.equal(diagnostics[0].start, handoff.indexOf('omp_set_lock(&l)'));
  const wrapped = `#include <omp.h>
omp_lock_t l;
int x;
static void release(void) { omp_unset_lock(&l); }
int main(void)
{
    omp_init_lock(&l);
#pragma omp parallel for
    for (int i = 0; i < 8; i++) {
        omp_set_lock(&l);
        x += i;
        release();
    }
    return x;
}
`;
  const stray = "this unsets a lock its block did not set: a lock another thread or another block holds, which MetaFork may run at another time or on another thread (set and unset a lock in one block of one thread) (in 'release', which the '#pragma omp parallel for' region calls)";
  await refusedToBoth(wrapped, 'wrapped.c', [
    { code: 'MF602', text: 'omp_set_lock(&l)', message: held },
    { code: 'MF602', text: 'omp_unset_lock(&l)', message: stray },
  ]);
  const unset = wrapped.replace('omp_set_lock(&l);\n        x += i;\n        release();', 'x += i;\n        release();');
  await refusedToBoth(unset, 'stray.c', [{ code: 'MF602', text: 'omp_unset_lock(&l)', message: stray }]);
});

test('producers and consumers of a parallel loop polling a shared count under critical are refused at the loop', async () => {
  const program = `#include <stdio.h>
int size = 0, cap = 3;
int main(void)
{
    int left = 20;
#pragma omp parallel for firstprivate(left) num_threads(4)
    for (int i = 0; i < 4; i++) {
        if (i < 2)
            while (left) {
#pragma omp critical
                if (size < cap) { size++; left--; }
            }
        else
            while (left) {
#pragma omp critical
                if (size > 0) { size--; left--; }
            }
    }
    printf("%d\\n", size);
    return 0;
}
`;
  // And each thread's firstprivate countdown goes from one of its iterations to the next (MF603).
  const diagnostics = await refusedToBoth(program, 'prodcons.c', [{
    code: 'MF602', text: '(left)',
    message: "this loop ends only once another thread has changed what it polls ('left' changes only in a critical or atomic section, when shared data allows): MetaFork may run the threads one after another, so the wait could never end",
  }, {
    code: 'MF603', text: 'left',
    message: "'left' is firstprivate to each thread of '#pragma omp parallel for' and accumulates across iterations; meta_for has no per-thread copies (thesis Figure 3.21): use reduction(...) instead",
  }]);
  assert.equal(diagnostics[0].start, program.indexOf('while (left)') + 'while '.length);
});

test('a work queue taken under critical still translates and computes the same', { skip }, async () => {
  await sameAlongChain(`#include <stdio.h>
long total;
int next;
int main(void)
{
#pragma omp parallel num_threads(3)
    {
        int done = 0;
        while (!done) {
            int i = -1;
#pragma omp critical
            if (next < 40) i = next++; else done = 1;
            if (i >= 0) {
#pragma omp critical
                total += i * i;
            }
        }
    }
    printf("%ld\\n", total);
    return 0;
}
`, 'openmp', ['metafork', 'cilkplus', 'openmp'], 'work_queue');
});

test('a spin on omp_test_lock, and a lock set and unset in one block of a called function, are no handoff: translated', async () => {
  const program = `#include <omp.h>
omp_lock_t guard;
long total, spun;
static void add(long v)
{
    omp_set_lock(&guard);
    total += v;
    omp_unset_lock(&guard);
}
int main(void)
{
    omp_init_lock(&guard);
#pragma omp parallel num_threads(3)
    {
        add(omp_get_thread_num());
        for (int k = 0; k < 5; k++) {
            while (!omp_test_lock(&guard)) {
            }
            spun += k;
            omp_unset_lock(&guard);
        }
        if (omp_test_lock(&guard)) {
            spun++;
            omp_unset_lock(&guard);
        }
    }
    omp_destroy_lock(&guard);
    return (int)(total + spun);
}
`;
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(program, to, { fileName: 'locks.c' });
    assert.deepEqual(summarize(program, r.diagnostics.filter(d => d.severity === 'error')), [], to);
    assert.notEqual(r.text, undefined, to);
  }
});

// ---------------------------------------------------------------------------------------
// A parallel loop nested in another, its control variable declared before both (what a collapse(2)
// of OpenMP becomes in MetaFork): the inner loop's lastprivate stored into one copy shared by all
// the outer loop's iterations, a race.

const triangle = `#include <stdio.h>

static double m[300][300];

int main(void)
{
    int i, j;
    meta_for (i = 0; i < 300; i++)
        meta_for (j = 0; j <= i; j++)
            m[i][j] = 0.5 * i + j;
    double sum = 0.0;
    for (int r = 0; r < 300; r++)
        for (int c = 0; c < 300; c++)
            sum += m[r][c];
    printf("%.1f %d %d\\n", sum, i, j);
    return 0;
}
`;

test('an inner parallel loop\'s control variable declared before the nest is private to the outer loop\'s iterations, and lastprivate', { skip }, async () => {
  const [omp] = await sameAlongChain(triangle, 'metafork', ['openmp', 'metafork', 'cilkplus'], 'triangle');
  assert.equal(omp.split('\n').slice(7, 14).join('\n'), `    #pragma omp parallel for lastprivate(i, j)
    for (i = 0; i < 300; i++)
        {
            #pragma omp taskloop lastprivate(j)
            for (j = 0; j <= i; j++)
            m[i][j] = 0.5 * i + j;
        }`);
});

// ---------------------------------------------------------------------------------------
// A variable both firstprivate and lastprivate (the one pair of data clauses OpenMP allows on one
// variable): each copy starts with the first value, and the last iteration's (or section's) copy is
// stored back. Translated, the loop declared the copy twice (gcc: redeclaration); a section that was
// not the last declared it again without its value and read it uninitialised, and the last section
// changed a copy, never stored (both exit 0, wrong).

const firstAndLast = `#include <stdio.h>

int main(void)
{
    int x = 7, a[100];
    #pragma omp parallel for firstprivate(x) lastprivate(x)
    for (int i = 0; i < 100; i++) {
        x = i + 1000;
        a[i] = x;
    }
    int v = 5, p = 0, q = 0;
    #pragma omp parallel sections firstprivate(v) lastprivate(v)
    {
        #pragma omp section
        p = v + 1;
        #pragma omp section
        q = v * 2;
    }
    int u = 5, w = 2, r = 0;
    #pragma omp parallel sections firstprivate(u) lastprivate(u, w)
    {
        #pragma omp section
        { r = 1; w = 100; }
        #pragma omp section
        { u = u * 3; w = 7; }
    }
    int first = 0;
    for (int i = 0; i < 100; i++)
        first += a[i] == 7;
    printf("%d %d %d %d %d %d %d %d\\n", x, first > 0, v, p, q, u, w, r);
    return 0;
}
`;

// default(private) and default(firstprivate) were read as shared (the model knew no default clause):
// the translations of these loops and tasks wrote the original variables (printed '103 30 31 ...'
// where the program prints '3 0 0 ...'), exit 0. Now they copy what the clause covers, as if listed.
test('default(private) and default(firstprivate) on loops, a taskloop and a task copy what they cover (gcc -O2, along OpenMP -> MetaFork -> CilkPlus)', { skip }, async () => {
  const program = `#include <stdio.h>
int main(void)
{
    int scale = 3, z = 0, t = 0;
    long out[64] = {0};
    #pragma omp parallel for default(firstprivate) shared(out)
    for (int i = 0; i < 64; i++) out[i] = i * scale;
    #pragma omp parallel for default(private) shared(out)
    for (int i = 0; i < 64; i++) { z = i * 2; t = z + 1; out[i] += t; }
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop default(firstprivate) shared(out)
        for (int i = 0; i < 64; i++) out[i] += scale;
        #pragma omp task default(firstprivate) shared(out)
        { scale += 100; out[0] += scale; }
    }
    long s = 0;
    for (int i = 0; i < 64; i++) s += out[i] * (i + 1);
    printf("%d %d %d %ld\\n", scale, z, t, s);
    return 0;
}
`;
  const [metafork] = await sameAlongChain(program, 'openmp', ['metafork', 'cilkplus'], 'default_copies');
  assert.equal(metafork.split('\n').slice(5, 15).join('\n'), `    int _fip_scale = scale;
    meta_for (int i = 0; i < 64; i++) {
        int scale = _fip_scale;
        out[i] = i * scale;
    }
    meta_for (int i = 0; i < 64; i++) {
        int z;
        int t;
        { z = i * 2; t = z + 1; out[i] += t; }
    }`);
});

// A loop whose firstprivate copy is read and then written carries, in each thread, what one of its
// iterations left to its next: meta_for has no per-thread copies (its translation gave every
// iteration the first value, and the program other numbers); refused, as a private one is.
test('a firstprivate copy a loop reads and then writes (per thread, it goes from one iteration to the next): refused at its first read; default(firstprivate) too', async () => {
  for (const clause of ['firstprivate(x) lastprivate(x)', 'default(firstprivate) shared(a)']) {
    const program = `int main(void)\n{\n    int x = 7, a[100];\n    #pragma omp parallel for ${clause}\n    for (int i = 0; i < 100; i++) {\n        a[i] = x;\n        x = i + 1000;\n    }\n    return a[50] + x;\n}\n`;
    const r = await translateText(program, 'metafork', { fileName: 'carried.c' });
    assert.equal(r.text, undefined);
    assert.deepEqual(summarize(program, r.diagnostics), [{
      code: 'MF603', text: 'x',
      message: "'x' is firstprivate to each thread of '#pragma omp parallel for' and accumulates across iterations; meta_for has no per-thread copies (thesis Figure 3.21): use reduction(...) instead",
    }]);
  }
});

test('firstprivate and lastprivate on one variable: of a loop and of sections, each copy starts with the first value (gcc -O2)', { skip }, async () => {
  const [metafork] = await sameAlongChain(firstAndLast, 'openmp', ['metafork', 'cilkplus'], 'first_and_last');
  assert.equal(metafork.split('\n').slice(5, 34).join('\n'), `    int _fip_x = x;
    int (*_lp_x) = &x;
    meta_for (int i = 0; i < 100; i++) {
        int x = _fip_x;
        {
            x = i + 1000;
            a[i] = x;
        }
        if (!((i + (1)) < 100)) *_lp_x = x; /* the last iteration's value (lastprivate) */
    }
    int v = 5, p = 0, q = 0;
    meta_fork shared(p)
    p = v + 1;
    meta_fork shared(q, v)
    q = v * 2;
    meta_join;
    int u = 5, w = 2, r = 0;
    meta_fork shared(r)
    {
        int w;
        { r = 1; w = 100; }
    }
    meta_fork shared(u, w)
    { u = u * 3; w = 7; }
    meta_join;
    int first = 0;
    for (int i = 0; i < 100; i++)
        first += a[i] == 7;
    printf("%d %d %d %d %d %d %d %d\\n", x, first > 0, v, p, q, u, w, r);`);
});

test('firstprivate and lastprivate on one variable of a work-sharing loop in a region every thread runs: refused (a strand could copy the first value after another stored the last)', async () => {
  const program = `#include <omp.h>
int main(void)
{
    int x = 7, a[100], seen[64] = {0};
    #pragma omp parallel
    {
        seen[omp_get_thread_num()] = 1;
        #pragma omp for firstprivate(x) lastprivate(x)
        for (int i = 0; i < 100; i++) { a[i] = x; x = i + 1000; }
        #pragma omp for
        for (int i = 0; i < 100; i++) a[i] += seen[0];
    }
    return x + a[0];
}
`;
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(program, to, { fileName: 'spmd_first_last.c' });
    assert.equal(r.text, undefined, to);
    assert.deepEqual(summarize(program, r.diagnostics.filter(d => d.severity === 'error')), [{
      code: 'MF601', text: 'lastprivate(x)',
      message: "'x' is both firstprivate and lastprivate on a work-sharing loop in a region every thread runs: not translated (a thread could copy its first value after another stored the last)",
    }], to);
  }
});
