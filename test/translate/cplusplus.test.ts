// C++ through the translators: what a spawned call binds by reference is
// the parent's storage, so the OpenMP task shares it; the `.mfc` written for C++ input is read
// as C++ again. Each program is compiled with g++ -O2 -fopenmp and run with 1, 2 and 4 threads
// against its serial elision (or, for OpenMP input, against the program itself).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkSource } from '../helpers';
import { elide } from '../../server/src/model/elide';
import { gcc, OPTIMIZED, run } from '../differential/gcc';
import { translateText, Dialect } from '../../server/src/translate/index';
import { detectLanguage } from '../../server/src/syntax/parser';

const gxx = spawnSync('g++', ['--version']).status === 0;
const skip = gxx ? false : 'g++ not found';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cplusplus-'));

/** Builds C++ with g++ -O2 (and -fopenmp when asked) and runs it with each thread count. */
function runCpp(source: string, name: string, openmp: boolean, threads = [1]): string[] {
  const src = path.join(work, `${name}.cpp`), exe = path.join(work, `${name}.out`);
  fs.writeFileSync(src, source);
  gcc(src, exe, [...OPTIMIZED, '-Wall', '-Wno-unknown-pragmas', '-Wno-unused-variable', ...(openmp ? ['-fopenmp'] : [])], source, true);
  return threads.map(t => run(exe, t));
}

async function translated(text: string, to: Dialect, fileName: string): Promise<string> {
  const r = await translateText(text, to, { fileName });
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`), [], `${fileName} -> ${to} refused`);
  return r.text!;
}

async function serialOutput(text: string, fileName: string): Promise<string> {
  const { model } = await checkSource(text, fileName);
  return runCpp(elide(model), fileName.replace(/\W/g, '_') + '_serial', false)[0];
}

// A reference parameter, a member call (`this`), a by-value parameter whose argument the parent
// changes after the spawn, and a template (its declaration says nothing until instantiated).
const SPAWNS = `#include <stdio.h>
namespace ns {
struct box { long v; void bump(long k) { for (long i = 0; i < k; i++) v += 1; } };
}
void inc(ns::box &b, long k) { for (long i = 0; i < k; i++) b.v += 2; }
long twice(ns::box b) { return 2 * b.v; }
template <typename T> void add(T &x, long k) { x.v += k; }
int main() {
    ns::box b1 = {1}, b2 = {2}, b3 = {3}, b4 = {4};
    long r = 0;
    cilk_spawn inc(b1, 100000);
    cilk_spawn b2.bump(100000);
    r = cilk_spawn twice(b3);
    cilk_spawn add(b4, 7);
    b3.v = 10;
    cilk_sync;
    printf("%ld %ld %ld %ld %ld\\n", b1.v, b2.v, b3.v, b4.v, r);
    return 0;
}
`;

test('C++ spawns: what the callee binds by reference is shared by the OpenMP task (g++ -O2, 1/2/4 threads)', { skip }, async () => {
  const expected = await serialOutput(SPAWNS, 'spawns.cpp');
  const omp = await translated(SPAWNS, 'openmp', 'spawns.cpp');
  assert.deepEqual(runCpp(omp, 'spawns_omp', true, [1, 2, 4]), [expected, expected, expected], omp);
});

test('the .mfc written for C++ input with namespaces is read as C++: check accepts it, and it translates on', { skip }, async () => {
  const expected = await serialOutput(SPAWNS, 'spawns.cpp');
  const mfc = await translated(SPAWNS, 'metafork', 'spawns.cpp');
  const { diagnostics } = await checkSource(mfc, 'spawns.mfc');
  assert.deepEqual(diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`), []);
  const omp = await translated(mfc, 'openmp', 'spawns.mfc');
  assert.deepEqual(runCpp(omp, 'spawns_mfc_omp', true, [1, 2, 4]), [expected, expected, expected], omp);
});

test('C++ with nothing but a reference parameter: the .mfc starts with the C++ marker and is read as C++', { skip }, async () => {
  const program = '#include <stdio.h>\nstruct box { long v; };\nvoid inc(box &b) { b.v += 1; }\nint main() {\n    box b1 = {0};\n    cilk_spawn inc(b1);\n    cilk_sync;\n    printf("%ld\\n", b1.v);\n    return 0;\n}\n';
  const mfc = await translated(program, 'metafork', 'ref.cpp');
  assert.equal(mfc, '// metafork: C++\n' + program.replace('cilk_spawn', 'meta_fork').replace('cilk_sync', 'meta_join'));
  const { diagnostics } = await checkSource(mfc, 'ref.mfc');
  assert.deepEqual(diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`), []);
  const expected = await serialOutput(program, 'ref.cpp');
  assert.deepEqual(runCpp(await translated(mfc, 'openmp', 'ref.mfc'), 'ref_omp', true, [1, 2, 4]), [expected, expected, expected]);
});

// An orphaned task copies what it does not share: its call stays a block spawn in MetaFork
// (a call spawn would bind the parent's variable), and comes back computing the same.
const ORPHANED = `#include <stdio.h>
struct box { long v; };
void inc(box &b) { b.v += 1; }
long work() {
  box b1 = {0}, b2 = {0};
  #pragma omp task
  inc(b1);
  #pragma omp task shared(b2)
  inc(b2);
  #pragma omp taskwait
  return b1.v * 10 + b2.v;
}
int main() {
  long r = 0;
  #pragma omp parallel
  #pragma omp single
  r = work();
  printf("%ld\\n", r);
  return 0;
}
`;

test('OpenMP -> MetaFork -> OpenMP (C++): a task\'s copy bound to a reference parameter stays a copy', { skip }, async () => {
  const [expected] = runCpp(ORPHANED, 'orphaned', true);
  const mfc = await translated(ORPHANED, 'metafork', 'orphaned.cpp');
  assert.match(mfc, /meta_fork\n {2}\{ inc\(b1\); \}\n {2}meta_fork inc\(b2\);/);
  const omp = await translated(mfc, 'openmp', 'orphaned.mfc');
  assert.deepEqual(runCpp(omp, 'orphaned_back', true, [1, 2, 4]), [expected, expected, expected], omp);
});

// A task reading a reference parameter that the loop making it changes after it: firstprivate by
// OpenMP's default (and by a clause on the second task). The copy was the reference itself, so
// the forks read the later values (exit 0); it is now a copy of what the reference refers to.
const REFERENCES = `#include <cstdio>
long out[16];
void run(long &acc, long &base) {
  for (int i = 0; i < 8; i++) {
#pragma omp task shared(out)
    { out[i] = acc * 2; }
#pragma omp task firstprivate(base) shared(out)
    { out[8 + i] = base + i; }
    acc += 1;
    base += 10;
  }
#pragma omp taskwait
}
int main() {
  long a = 10, b = 100;
#pragma omp parallel num_threads(4)
#pragma omp single
  run(a, b);
  long s = 0;
  for (int i = 0; i < 16; i++) s = s * 31 + out[i];
  std::printf("%ld %ld %ld\\n", s, a, b);
  return 0;
}
`;

test('OpenMP -> MetaFork and CilkPlus -> OpenMP (C++): a task\'s firstprivate reference is a copy of what it refers to; one to an array is refused', { skip }, async () => {
  const [expected] = runCpp(REFERENCES, 'references', true);
  const mfc = await translated(REFERENCES, 'metafork', 'references.cpp');
  assert.ok(mfc.includes('    long _fip_acc = acc;\n    meta_fork\n    {\n      long acc = _fip_acc;\n      { out[i] = acc * 2; }\n    }\n'), mfc);
  assert.ok(mfc.includes('    long _fip_base = base;\n    meta_fork\n    {\n      long base = _fip_base;\n      { out[8 + i] = base + i; }\n    }\n'), mfc);
  for (const [text, name] of [[mfc, 'references.mfc'], [await translated(REFERENCES, 'cilkplus', 'references.cpp'), 'references_cilk.cpp']]) {
    const omp = await translated(text, 'openmp', name);
    assert.deepEqual(runCpp(omp, name.replace(/\W/g, '_') + '_omp', true, [1, 2, 4]), [expected, expected, expected], omp);
  }
  const array = 'long out[8];\nvoid run(long (&win)[2]) {\n  for (int i = 0; i < 8; i++) {\n#pragma omp task shared(out)\n    { out[i] = win[0]; }\n    win[0] += 3;\n  }\n#pragma omp taskwait\n}\n';
  const r = await translateText(array, 'metafork', { fileName: 'window.cpp' });
  assert.equal(r.text, undefined);
  assert.deepEqual(r.diagnostics.map(d => ({ code: d.code, text: array.slice(d.start, d.end), message: d.message })), [{
    code: 'MF601', text: 'task',
    message: "'win' refers to an array or a pointer, which this construct copies (firstprivate): MetaFork would share the copy with the fork",
  }]);
});

// Each cilk_for iteration syncs its spawns when it ends (it is a spawned function's body);
// meta_for joins only at the loop's end. Shared by reference, an iteration's local must not
// outlive its iteration: the translation joins at the body's end and before each continue.
test('CilkPlus -> MetaFork: a cilk_for iteration joins its spawns before it ends', async () => {
  const program = `struct box { long v; };
void inc(box &b) { b.v += 1; }
long out[64];
int main() {
    cilk_for (int i = 0; i < 64; i++) {
        box b = {i};
        cilk_spawn inc(b);
        if (i % 2) continue;
        out[i] = 1;
    }
    cilk_for (int i = 0; i < 64; i++) cilk_spawn inc(*(box *) &out[i]);
    return 0;
}
`;
  assert.equal(await translated(program, 'metafork', 'iterations.cpp'), `// metafork: C++
struct box { long v; };
void inc(box &b) { b.v += 1; }
long out[64];
int main() {
    meta_for (int i = 0; i < 64; i++) {
        box b = {i};
        meta_fork inc(b);
        if (i % 2) { meta_join; continue; }
        out[i] = 1;
        meta_join;
    }
    meta_for (int i = 0; i < 64; i++) { meta_fork inc(*(box *) &out[i]); meta_join; }
    return 0;
}
`);
});

test('an .mfc is read as C++ for namespaces, qualified names and the marker line; C23 attributes stay C', () => {
  const cases: [string, string][] = [
    ['namespace ns {\nstruct box { long v; };\n}\n', 'cpp'],
    ['void inc(ns::box &b);\n', 'cpp'],
    ['// metafork: C++\nvoid inc(box &b);\n', 'cpp'],
    ['[[gnu::hot, gnu::cold]] int f(void);\nint g(int x) { return x ? 1 : 2; }\n', 'c'],
    ['void inc(box &b);\n', 'c'],
  ];
  assert.deepEqual(cases.map(([text]) => detectLanguage('x.mfc', text)), cases.map(([, language]) => language));
});

// A parallel loop whose control variable is declared before it, with a reduction into a variable the
// function goes on changing (as Rodinia's streamcluster writes it): to CilkPlus each chunk of
// iterations declares its own control variable of the outer one's type, which in C++ is `decltype`
// (tree-sitter's C++ grammar and g++ read it; the translation was refused as invalid code).
const OUTER_CONTROL = `#include <stdio.h>
float work(long i) { return i * 0.5f; }
double gain(long k1, long k2) {
  int i;
  double cost = 0;
  #pragma omp parallel for reduction(+: cost)
  for ( i = k1; i < k2; i++ ) {
    float x = work(i);
    if (x > 10) cost += x;
  }
  if (cost > 5) cost = cost * 2;
  return cost;
}
int main() {
  printf("%.1f\\n", gain(0, 1000));
  return 0;
}
`;

test('C++: a loop control variable declared before the loop, to CilkPlus: each chunk declares it with decltype; its elision computes what the OpenMP program does (g++ -O2, 1/2/4 threads)', { skip }, async () => {
  const expected = runCpp(OUTER_CONTROL, 'outer_control_omp', true, [1, 2, 4]);
  const cilk = await translated(OUTER_CONTROL, 'cilkplus', 'outer_control.cpp');
  assert.match(cilk, /\n {8}decltype\(i\) i = k1 \+ mf_red1_k;\n/, cilk);
  const serial = await serialOutput(cilk, 'outer_control_cilk.cpp');
  // 0.5 (21 + ... + 999), doubled.
  assert.equal(serial, '499290.0\n');
  assert.deepEqual(expected, [serial, serial, serial]);
});

// A C++ file read with g++'s macros: its `#ifdef __cplusplus` group is the one translated, and
// GNU's `__typeof__` (which g++ takes and tree-sitter's C++ grammar does not) is read as `decltype`
// and written back as it was.
const CPLUSPLUS_GROUP = `#include <cstdio>
int main() {
  double a[1000];
  for (int i = 0; i < 1000; i++) a[i] = 0.5 * i;
  double s = 0;
#ifdef __cplusplus
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < 1000; i++) {
    __typeof__(a[i]) t = a[i];
    __typeof(t) u = t + 1;
    s += u;
  }
#else
  s = -1;
#endif
  printf("%.1f\\n", s);
  return 0;
}
`;

test('C++: the #ifdef __cplusplus group is translated, __typeof__ kept as written; the CilkPlus elision computes what the OpenMP program does (g++ -O2, 1/2/4 threads)', { skip }, async () => {
  const { diagnostics } = await checkSource(CPLUSPLUS_GROUP, 'group.cpp');
  assert.deepEqual(diagnostics.map(d => `${d.code} ${d.message}`), []);
  const expected = runCpp(CPLUSPLUS_GROUP, 'group_omp', true, [1, 2, 4]);
  // 0.5 (0 + ... + 999) + 1000.
  assert.deepEqual(expected, ['250750.0\n', '250750.0\n', '250750.0\n']);
  const cilk = await translated(CPLUSPLUS_GROUP, 'cilkplus', 'group.cpp');
  assert.match(cilk, /\n#ifdef __cplusplus\n {2}cilk_for \(int i = 0; i < 1000; i\+\+\) \{\n {4}__typeof__\(a\[i\]\) t = a\[i\];\n {4}__typeof\(t\) u = t \+ 1;\n/, cilk);
  assert.equal(await serialOutput(cilk, 'group_cilk.cpp'), '250750.0\n');
  const omp = await translated(await translated(CPLUSPLUS_GROUP, 'metafork', 'group.cpp'), 'openmp', 'group.mfc');
  assert.deepEqual(runCpp(omp, 'group_round', true, [1, 2, 4]), expected, omp);
});

// `new int*[n]` (Rodinia's pathfinder), which tree-sitter's C++ grammar rejects, is read with its
// `*` blanked; a task body holding it is outlined to CilkPlus as the user wrote it.
const NEW_POINTERS = `#include <cstdio>
long fill(int n) {
  int **w = new int*[n];
  long s = 0;
  for (int r = 0; r < n; r++) {
    w[r] = new int[n];
    for (int k = 0; k < n; k++) { w[r][k] = r + k; s += w[r][k]; }
    delete [] w[r];
  }
  delete [] w;
  return s;
}
int main() {
  long a = 0, b = 0;
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp task shared(a)
    {
      int **t = new int * [3];
      t[0] = new int[1];
      t[0][0] = 5;
      a = fill(10) + t[0][0];
      delete [] t[0];
      delete [] t;
    }
    b = fill(20);
    #pragma omp taskwait
  }
  printf("%ld %ld\\n", a, b);
  return 0;
}
`;

test('C++: new int*[n] is read (its * blanked for the grammar) and a task body holding it is outlined as written; the CilkPlus elision prints what the OpenMP program does (g++ -O2, 1/2/4 threads)', { skip }, async () => {
  const { diagnostics } = await checkSource(NEW_POINTERS, 'pointers.cpp');
  assert.deepEqual(diagnostics.map(d => `${d.code} ${d.message}`), []);
  const expected = runCpp(NEW_POINTERS, 'pointers_omp', true, [1, 2, 4]);
  assert.deepEqual(expected, ['905 7600\n', '905 7600\n', '905 7600\n']);
  const cilk = await translated(NEW_POINTERS, 'cilkplus', 'pointers.cpp');
  assert.match(cilk, /\nstatic void _taskFunc0\(long \(\*a\)\)\n\{\n {2}\{\n {4}int \*\*t = new int \* \[3\];\n/, cilk);
  assert.match(cilk, /\n {2}int \*\*w = new int\*\[n\];\n/, cilk);
  assert.equal(await serialOutput(cilk, 'pointers_cilk.cpp'), '905 7600\n');
});

test('C++: __typeof__ inside a macro\'s expansion is not read as decltype (written out expanded, decltype(v[2 * i]) would be a reference): the grammar\'s error stays, at the macro use', async () => {
  const program = '#define SWAP(a, b) do { __typeof__(a) t_ = (a); (a) = (b); (b) = t_; } while (0)\nint v[8];\nint main() {\n  #pragma omp parallel for\n  for (int i = 0; i < 4; i++) SWAP(v[2 * i], v[2 * i + 1]);\n  return v[0];\n}\n';
  const { diagnostics, model } = await checkSource(program, 'swap.cpp');
  const at = (d: { start: number; end: number }) => { const s = model.map.toSource(d); return program.slice(s.start, s.end); };
  assert.deepEqual(diagnostics.map(d => [d.code, d.message, at(d)]), [
    ['MF101', "syntax error: unexpected 't_'", 'SWAP(v[2 * i], v[2 * i + 1])'],
  ]);
});

// A method spawning its class's methods by their bare names (and through `this->`): C++ looks in the
// class first, so the class's declaration says how each argument is passed. Before, every member
// was unknown, and a recursive method whose argument changed while the child ran was refused (MF610).
const METHODS = `#include <stdio.h>
struct Tree {
    long nodes = 0;
    long sum(const long *a, int lo, int hi) {
        if (hi - lo < 8) { long s = 0; for (int i = lo; i < hi; i++) s += a[i]; return s; }
        int mid = (lo + hi) / 2;
        long x = cilk_spawn sum(a, lo, mid);
        mid = mid + 0 * x;
        long y = this->sum(a, mid, hi);
        cilk_sync;
        return x + y;
    }
    void count(long &into, int depth);
};
void Tree::count(long &into, int depth) {
    if (depth == 0) { into += 1; return; }
    long left = 0, right = 0;
    cilk_spawn count(left, depth - 1);
    count(right, depth - 1);
    cilk_sync;
    into += left + right;
}
int main() {
    static long a[1000];
    for (int i = 0; i < 1000; i++) a[i] = i % 7;
    Tree t;
    long c = 0;
    t.count(c, 10);
    printf("%ld %ld\\n", t.sum(a, 0, 1000), c);
    return 0;
}
`;

test('C++: methods spawning their class\'s methods by bare name and this->: the class\'s declarations say what is shared; OpenMP computes the elision\'s result (g++ -O2, 1/2/4 threads)', { skip }, async () => {
  const expected = await serialOutput(METHODS, 'methods.cpp');
  assert.equal(expected, '2997 1024\n');
  const omp = await translated(METHODS, 'openmp', 'methods.cpp');
  assert.match(omp, /#pragma omp task shared\(x\)\n        x = sum\(a, lo, mid\);/);
  assert.match(omp, /#pragma omp task shared\(left\)\n    count\(left, depth - 1\);/);
  assert.deepEqual(runCpp(omp, 'methods_omp', true, [1, 2, 4]), [expected, expected, expected], omp);
});

// Overloads told apart by their count of arguments: a class's constructors (a temporary built from a
// loop's variable as a spawned call's argument: OpenCilk's chess app), a namespace's functions. A
// default argument or '...' blurs the count: then every declaration of the name counts, as before.
const OVERLOADS = `#include <stdio.h>
struct Big {
    long v[16];
    Big() { for (int i = 0; i < 16; i++) v[i] = 0; }
    Big(const Big &o, int k, int sign) { for (int i = 0; i < 16; i++) v[i] = sign * o.v[i] * k + i; }
};
long total[8];
void use(const Big &b, int slot) { long s = 0; for (int i = 0; i < 16; i++) s += b.v[i]; total[slot] = s; }
namespace ns {
    void g(long x);
    void g(long &x, int k);
}
void ns::g(long x) { total[0] += x; }
void ns::g(long &x, int k) { x += k; }
int main() {
    Big base;
    for (int i = 0; i < 8; i++) {
        if (i % 2) cilk_spawn use(Big(base, i, 1), i);
        else use(Big(base, i, -1), i);
    }
    cilk_sync;
    long v = 1;
    cilk_spawn ns::g(v, 5);
    cilk_sync;
    long s = v;
    for (int i = 0; i < 8; i++) s += total[i];
    printf("%ld\\n", s);
    return 0;
}
`;

test('C++: overloads told apart by their count of arguments (constructors, a namespace\'s functions); a default argument blurs it (g++ -O2, 1/2/4 threads)', { skip }, async () => {
  const expected = await serialOutput(OVERLOADS, 'overloads.cpp');
  assert.equal(expected, '966\n');
  const omp = await translated(OVERLOADS, 'openmp', 'overloads.cpp');
  assert.match(omp, /#pragma omp task shared\(v\)\n    ns::g\(v, 5\);/);
  assert.deepEqual(runCpp(omp, 'overloads_omp', true, [1, 2, 4]), [expected, expected, expected], omp);
  const blurred = OVERLOADS.replace('    Big() {', '    Big(int fill = 0) {').replace('v[i] = 0; }', 'v[i] = fill; }');
  const r = await translateText(blurred, 'openmp', { fileName: 'overloads.cpp' });
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, blurred.slice(d.start, d.end)]), [['MF610', 'base'], ['MF610', 'i']]);
});

// Data members named in a method's clauses (OpenMP 5.2 §5.1 allows it): no declaration in the file
// declares them. They were "not a declared variable" (MF401, an error gcc does not give); a reduction
// into one translates (its text is written as it is, the partial results typed by decltype); a copy
// of one (private, firstprivate, lastprivate) would have to be declared, and is refused.
const MEMBERS = `#include <cstdio>
struct Acc {
    double data[1000];
    double total = 0;
    int tmp = 0;
    void fill() {
        for (int i = 0; i < 1000; i++) data[i] = i * 0.5;
    }
    void sum() {
        #pragma omp parallel for reduction(+: total)
        for (int i = 0; i < 1000; i++) total += data[i];
    }
};
int main() {
    Acc a;
    a.fill();
    a.sum();
    printf("%.1f\\n", a.total);
    return 0;
}
`;

test('C++: a data member in a method\'s reduction clause is no undeclared variable, and translates; one in a private clause is refused (g++ -O2, 1/2/4 threads)', { skip }, async () => {
  const { diagnostics } = await checkSource(MEMBERS, 'members.cpp');
  assert.deepEqual(diagnostics.map(d => `${d.code} ${d.message}`), []);
  const expected = runCpp(MEMBERS, 'members_omp', true, [1, 2, 4]);
  assert.deepEqual(expected, ['249750.0\n', '249750.0\n', '249750.0\n']);
  const metafork = await translated(MEMBERS, 'metafork', 'members.cpp');
  assert.match(metafork, /\n {8}meta_for reduction\(\+: total\) \(int i = 0; i < 1000; i\+\+\) total \+= data\[i\];\n/);
  const cilk = await translated(MEMBERS, 'cilkplus', 'members.cpp');
  assert.equal(await serialOutput(cilk, 'members_cilk.cpp'), '249750.0\n');
  assert.deepEqual(runCpp(await translated(metafork, 'openmp', 'members.mfc'), 'members_back', true, [1, 2, 4]), expected);
  const copied = MEMBERS.replace('reduction(+: total)', 'reduction(+: total) private(tmp)').replace('total += data[i];', '{ tmp = i; total += data[tmp]; }');
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(copied, to, { fileName: 'members.cpp' });
    assert.equal(r.text, undefined, to);
    assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, copied.slice(d.start, d.end), d.message]), [[
      'MF601', 'tmp',
      "'private(tmp)': 'tmp' is declared nowhere this file shows (a data member of the method's class?), so its copy cannot be made: copy it into a local variable and name that",
    ]], to);
  }
});

test('C++: a data member reduced by a work-sharing loop of a region every thread runs is refused at the clause, saying why (it was refused at an unrelated line, as "used before the barrier")', async () => {
  const program = `#include <omp.h>
struct S {
    double total = 0;
    int seen[64] = {0};
    double v[500];
    void go() {
        #pragma omp parallel
        {
            seen[omp_get_thread_num()] = 1;
            #pragma omp for reduction(+: total)
            for (int i = 0; i < 500; i++) total += v[i];
        }
    }
};
`;
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(program, to, { fileName: 'member_spmd.cpp' });
    assert.equal(r.text, undefined, to);
    assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, program.slice(d.start, d.end), d.message]), [[
      'MF602', 'total',
      "'total' is declared nowhere this file shows (a data member of the method's class?): its reduction inside a region every thread runs is not translated; reduce into a local variable instead",
    ]], to);
  }
});

// A block spawn in a function template: the outlined function is a template of the same parameters,
// called with them (B appears in no parameter's type, so it could not be deduced).
const TEMPLATE_SPAWN = `// C++
#include <cstdio>
#include <vector>
template <typename T, int B> T psum(const T *a, int n) {
  if (n < B) { T s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
  T l, r;
  meta_fork shared(l)
  {
    T half = psum<T, B>(a, n / 2);
    l = half;
  }
  r = psum<T, B>(a + n / 2, n - n / 2);
  meta_join;
  return l + r;
}
int main() {
  std::vector<long> v(5000);
  for (int i = 0; i < 5000; i++) v[i] = i % 17;
  std::printf("%ld %g\\n", psum<long, 64>(v.data(), 5000), psum<double, 100>(std::vector<double>(300, 0.5).data(), 300));
  return 0;
}
`;

test('C++: a block spawn in a function template outlines to a template of the same parameters, called with them; exact text, and the elision prints what the input\'s does (g++ -O2)', { skip }, async () => {
  const cilk = await translated(TEMPLATE_SPAWN, 'cilkplus', 'template.mfc');
  assert.equal(cilk, `// C++
#include <cstdio>
#include <vector>
#include <cilk/cilk.h>
template <typename T, int B> T psum(const T *a, int n);
template <typename T, int B> static void _taskFunc0(T (*l), int n, const T *(*a))
{
  {
    T half = psum<T, B>((*a), n / 2);
    (*l) = half;
  }
}

template <typename T, int B> T psum(const T *a, int n) {
  if (n < B) { T s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
  T l, r;
  cilk_spawn _taskFunc0<T, B>(&l, n, &a);
  r = psum<T, B>(a + n / 2, n - n / 2);
  cilk_sync;
  return l + r;
}
int main() {
  std::vector<long> v(5000);
  for (int i = 0; i < 5000; i++) v[i] = i % 17;
  std::printf("%ld %g\\n", psum<long, 64>(v.data(), 5000), psum<double, 100>(std::vector<double>(300, 0.5).data(), 300));
  return 0;
}
`);
  const expected = await serialOutput(TEMPLATE_SPAWN, 'template.mfc');
  assert.equal(expected, '39985 150\n');
  assert.equal(await serialOutput(cilk, 'template_cilk.cpp'), expected);
});

test('C++: a block spawn in a template with a parameter of no name is refused at the spawn, saying why', async () => {
  const input = `// C++
template <typename T, typename = int> T twice(T x) {
  T a;
  meta_fork shared(a)
  {
    a = x;
  }
  meta_join;
  return a + x;
}
`;
  const r = await translateText(input, 'cilkplus', { fileName: 'unnamed.mfc' });
  assert.equal(r.text, undefined);
  assert.deepEqual(r.diagnostics.map(d => [d.code, input.slice(d.start, d.end), d.message]), [
    ['MF605', 'meta_fork shared(a)', "'meta_fork' block in a template whose parameters cannot be restated: the outlined function cannot be made a template of the same parameters"],
  ]);
});
