// Cilk reducers through the translators: a reducer with a known operation
// becomes a reduction on its cilk_for loops, so OpenMP combines per-thread copies instead of
// racing on one variable. The truth is the input's serial elision, built against a serial
// stand-in of the reducer library (a view is the value; the elision erases OpenCilk's
// `cilk_reducer(I, R)` annotation, which is its serial meaning). Built with -O2 -fopenmp, run with 1, 2
// and 4 threads.

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

const compilers = spawnSync('g++', ['--version']).status === 0 && spawnSync('gcc', ['--version']).status === 0;
const skip = compilers ? false : 'gcc/g++ not found';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-reducers-'));

// The serial meaning of the CilkPlus and OpenCilk reducer classes the programs use.
const SERIAL_LIBRARY = `#pragma once
namespace cilk {
template <class T> struct op_add { typedef T value_type; static T identity() { return T(0); } };
template <class T> struct op_xor { typedef T value_type; static T identity() { return T(0); } };
template <class T> struct op_min { typedef T value_type; static T identity() { return T(0); } };
template <class T> struct op_max { typedef T value_type; static T identity() { return T(0); } };
template <class M> class reducer {
  typename M::value_type v;
public:
  typedef typename M::value_type value_type;
  reducer() : v(M::identity()) {}
  explicit reducer(value_type x) : v(x) {}
  value_type &operator*() { return v; }
  reducer &operator+=(value_type x) { v += x; return *this; }
  reducer &operator^=(value_type x) { v ^= x; return *this; }
  value_type get_value() const { return v; }
  void set_value(value_type x) { v = x; }
  reducer *operator->() { return this; }
  void calc_min(value_type x) { if (x < v) v = x; }
  void calc_max(value_type x) { if (x > v) v = x; }
};
template <class T> class reducer_opadd : public reducer< op_add<T> > {
public:
  reducer_opadd() {}
  explicit reducer_opadd(T x) : reducer< op_add<T> >(x) {}
};
template <class T> class reducer_opxor : public reducer< op_xor<T> > {};
template <class T> class reducer_max : public reducer< op_max<T> > {
public:
  explicit reducer_max(T x) : reducer< op_max<T> >(x) {}
};
template <class T> using opadd_reducer = T;
}
`;
fs.mkdirSync(path.join(work, 'cilk'));
for (const h of ['reducer.h', 'reducer_opadd.h', 'reducer_opxor.h', 'reducer_max.h', 'reducer_min.h', 'opadd_reducer.h']) fs.writeFileSync(path.join(work, 'cilk', h), SERIAL_LIBRARY);

function build(source: string, name: string, cpp: boolean, flags: string[], threads: number[]): string[] {
  const src = path.join(work, `${name}.${cpp ? 'cpp' : 'c'}`), exe = path.join(work, `${name}.out`);
  fs.writeFileSync(src, source);
  gcc(src, exe, [...OPTIMIZED, '-Wall', '-Wno-unknown-pragmas', '-I', work, ...flags], source, cpp);
  return threads.map(t => run(exe, t));
}

async function translated(text: string, to: Dialect, fileName: string): Promise<string> {
  const r = await translateText(text, to, { fileName });
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`), [], `${fileName} -> ${to} refused`);
  return r.text!;
}

async function serial(text: string, fileName: string, cpp: boolean): Promise<string> {
  const { model } = await checkSource(text, fileName);
  // The elision drops the Cilk headers: the stand-in library comes in with -include.
  return build(elide(model), fileName.replace(/\W/g, '_') + '_serial', cpp, cpp ? ['-include', 'cilk/reducer.h'] : [], [1])[0];
}

// OpenCilk in C: `cilk_reducer` with its identity and reduce functions, + and *, nested loops.
const OPENCILK = `#include <cilk/cilk.h>
#include <stdio.h>
void zero(void *v) { *(long *)v = 0; }
void plus(void *l, void *r) { *(long *)l += *(long *)r; }
static void one(void *v) { *(double *)v = 1.0; }
static void times(void *l, void *r) { *(double *)l = *(double *)l * *(double *)r; }
int main(void) {
    long cilk_reducer(zero, plus) sum = 5;
    double cilk_reducer(one, times) prod = 1.0;
    cilk_for (int i = 0; i < 400; i++) {
        cilk_for (int j = 0; j < 1000; j++)
            sum += (long) i * j % 7;
        prod *= (i % 2 == 0) ? 2.0 : 0.5;
    }
    sum -= 3;
    printf("%ld %g\\n", sum, prod);
    return 0;
}
`;

// CilkPlus in C++: the reducer classes, updates through the view, through the reducer and
// through calc_max/calc_min, set_value and get_value in serial code.
const CILKPLUS = `#include <cilk/cilk.h>
#include <cilk/reducer_opadd.h>
#include <cilk/reducer_opxor.h>
#include <cilk/opadd_reducer.h>
#include <cilk/reducer_max.h>
#include <cilk/reducer_min.h>
#include <stdio.h>
int main() {
    cilk::reducer_opadd<long> sum(10);
    cilk::reducer< cilk::op_add<long> > count;
    cilk::reducer_opxor<unsigned> bits;
    cilk::opadd_reducer<long> total = 0;
    cilk::reducer_max<long> best(-1);
    cilk::reducer< cilk::op_min<int> > low(1 << 30);
    low.set_value(1 << 29);
    cilk_for (int i = 0; i < 1000000; i++) {
        best.calc_max((i * 7919L) % 100003);
        low->calc_min((int) ((i * 104729L) % 99991) + 5);
        *sum += i % 13;
        count += 1;
        *bits ^= (unsigned) i * 2654435761u;
        total++;
    }
    long s = sum.get_value();
    printf("%ld %ld %u %ld %ld %d\\n", s, count.get_value(), *bits, total, best.get_value(), low.get_value());
    return 0;
}
`;

test('OpenCilk cilk_reducer(identity, reduce) -> OpenMP reductions compute the serial result (gcc -O2, 1/2/4 threads)', { skip }, async () => {
  const expected = await serial(OPENCILK, 'opencilk.c', false);
  const omp = await translated(OPENCILK, 'openmp', 'opencilk.c');
  assert.match(omp, /#pragma omp parallel for reduction\(\+: sum\) reduction\(\*: prod\)\n/);
  assert.deepEqual(build(omp, 'opencilk_omp', false, ['-fopenmp'], [1, 2, 4]), [expected, expected, expected], omp);
});

test('CilkPlus reducer classes -> OpenMP reductions compute the serial result (g++ -O2, 1/2/4 threads)', { skip }, async () => {
  const expected = await serial(CILKPLUS, 'cilkplus.cpp', true);
  const mfc = await translated(CILKPLUS, 'metafork', 'cilkplus.cpp');
  assert.doesNotMatch(mfc, /reducer|get_value/);
  const omp = await translated(mfc, 'openmp', 'cilkplus.mfc');
  assert.deepEqual(build(omp, 'cilkplus_omp', true, ['-fopenmp'], [1, 2, 4]), [expected, expected, expected], omp);
});

// OpenCilk in C++ as people write it: the reducer read through std::printf and passed by value to
// a function of the file, a spawn, and a main that ends without `return` (it returns 0).
const OPENCILK_CPP = `#include <cilk/cilk.h>
#include <cilk/opadd_reducer.h>
#include <cstdio>
#include <vector>
static long twice(long v) { return 2 * v; }
static void fill(std::vector<int> &v, int k) { for (auto &x : v) x = k; }
int main() {
    std::vector<int> v(100000);
    cilk::opadd_reducer<long> sum = 7;
    cilk_spawn fill(v, 3);
    cilk_sync;
    cilk_for (int i = 0; i < 100000; ++i) sum += v[i] * (i % 5);
    std::printf("%ld %ld\\n", sum, twice(sum));
}
`;

test('OpenCilk C++: a reducer read by std::printf and passed by value, main without return -> OpenMP computes the serial result', { skip }, async () => {
  const expected = await serial(OPENCILK_CPP, 'opencilk.cpp', true);
  assert.equal(expected, '600007 1200014\n');
  const omp = await translated(OPENCILK_CPP, 'openmp', 'opencilk.cpp');
  assert.deepEqual(build(omp, 'opencilk_cpp_omp', true, ['-fopenmp'], [1, 2, 4]), [expected, expected, expected], omp);
});

test('a reducer bound by reference to a function the file does not show is refused at the argument', async () => {
  const text = OPENCILK_CPP.replace('std::printf("%ld %ld\\n", sum, twice(sum));', 'record(sum);');
  const r = await translateText(text, 'openmp', { fileName: 'opencilk.cpp' });
  const at = text.indexOf('record(sum)') + 'record('.length;
  assert.deepEqual(
    r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, d.start, d.end]),
    [['MF611', at, at + 3]],
  );
});

// MetaFork reductions -> OpenCilk reducers, and back.
const REDUCTIONS = `#include <stdio.h>

int main(void)
{
    long sum = 0;
    double prod = 1.0;
    int low = 1 << 30;
    meta_for reduction(+: sum) (int i = 0; i < 100000; i++)
        sum += i % 7;
    meta_for reduction(*: prod) (int i = 1; i <= 40; i++)
        prod *= 1.0 + i / 1000.0;
    meta_for reduction(min: low) (int i = 0; i < 1000; i++)
        if ((i * 37) % 1001 < low) low = (i * 37) % 1001;
    printf("%ld %.6f %d\\n", sum, prod, low);
    return 0;
}
`;

test('MetaFork reductions -> OpenCilk reducers where the variable allows (else chunks), back exactly, and through OpenMP the serial result (gcc -O2, 1/2/4 threads)', { skip }, async () => {
  const cilk = await translated(REDUCTIONS, 'cilkplus', 'reductions.mfc');
  assert.equal(cilk.slice(0, cilk.indexOf('    { /*')), [
    '#include <stdio.h>',
    '#include <cilk/cilk.h>',
    '',
    'static inline void mf_identity_add_long(void *v) { *(long *)v = 0; }',
    'static inline void mf_reduce_add_long(void *l, void *r) { *(long *)l += *(long *)r; }',
    '',
    'static inline void mf_identity_mul_double(void *v) { *(double *)v = 1; }',
    'static inline void mf_reduce_mul_double(void *l, void *r) { *(double *)l *= *(double *)r; }',
    '',
    'int main(void)',
    '{',
    '    long cilk_reducer(mf_identity_add_long, mf_reduce_add_long) sum = 0;',
    '    double cilk_reducer(mf_identity_mul_double, mf_reduce_mul_double) prod = 1.0;',
    '    int low = 1 << 30;',
    '    cilk_for (int i = 0; i < 100000; i++)',
    '        sum += i % 7;',
    '    cilk_for (int i = 1; i <= 40; i++)',
    '        prod *= 1.0 + i / 1000.0;',
    '',
  ].join('\n'));
  // min has no literal identity for cilk_reducer: its loop is chunked.
  assert.match(cilk, /\n    \{ \/\* reduction\(min: low\): one partial result per chunk/);
  // Back: the reducers are reductions again and their functions go (the chunked loop stays chunks).
  const back = await translated(cilk, 'metafork', 'reductions.c');
  const upToMin = REDUCTIONS.indexOf('    meta_for reduction(min');
  assert.equal(back.slice(0, upToMin), REDUCTIONS.slice(0, upToMin));
  const expected = await serial(REDUCTIONS, 'reductions.mfc', false);
  const omp = await translated(cilk, 'openmp', 'reductions.c');
  assert.deepEqual(build(omp, 'reductions_omp', false, ['-fopenmp'], [1, 2, 4]), [expected, expected, expected], omp);
});

// MetaFork reductions over arrays -> CilkPlus: no reducer holds an array, so the loops are chunked,
// each chunk reducing its own copy element by element (a 2-D array read as its scalars).
const ARRAY_REDUCTIONS = `#include <stdio.h>

int main(void)
{
    int a[6] = {0}, b[2][2] = {{5, 5}, {5, 5}}, n = 6;
    meta_for reduction(+: a[0:n]) (int i = 0; i < 300; i++)
        a[i % 6] += i;
    meta_for reduction(max: b) (int i = 0; i < 300; i++) {
        int v = i * 7 % 50;
        if (v > b[i % 2][(i / 2) % 2]) b[i % 2][(i / 2) % 2] = v;
    }
    printf("%d %d %d %d %d %d %d %d %d %d\\n", a[0], a[1], a[2], a[3], a[4], a[5], b[0][0], b[0][1], b[1][0], b[1][1]);
    return 0;
}
`;

test('MetaFork reductions over a section and a whole 2-D array -> CilkPlus chunks element by element, exactly; its elision and its OpenMP translation (1/2/4 threads) compute what the MetaFork elision does (gcc -O2)', { skip }, async () => {
  const cilk = await translated(ARRAY_REDUCTIONS, 'cilkplus', 'arrays.mfc');
  assert.equal(cilk, `#include <stdio.h>
#include <cilk/cilk.h>
#include <stdlib.h>

int main(void)
{
    int a[6] = {0}, b[2][2] = {{5, 5}, {5, 5}}, n = 6;
    { /* reduction(+: a[0:n]): one partial result per chunk of iterations, combined in order */
        enum { mf_red1_chunks = 64 };
        const long long mf_red1_n = 0 < 300 ? 300 : 0;
        typedef __typeof__(a[0]) mf_red1_a_t;
        mf_red1_a_t *mf_red1_a = malloc(mf_red1_chunks * (n) * sizeof *mf_red1_a);
        cilk_for (int mf_red1_c = 0; mf_red1_c < mf_red1_chunks; mf_red1_c++) {
            mf_red1_a_t mf_red1_a_v[n];
            for (long long mf_red1_j = 0; mf_red1_j < (n); mf_red1_j++) mf_red1_a_v[mf_red1_j] = 0;
            mf_red1_a_t *a = mf_red1_a_v;
            for (long long mf_red1_k = mf_red1_n * mf_red1_c / mf_red1_chunks; mf_red1_k < mf_red1_n * (mf_red1_c + 1) / mf_red1_chunks; mf_red1_k++) {
                int i = mf_red1_k;
                a[i % 6] += i;
            }
            for (long long mf_red1_j = 0; mf_red1_j < (n); mf_red1_j++) mf_red1_a[mf_red1_c * (n) + mf_red1_j] = a[mf_red1_j];
        }
        for (int mf_red1_c = 0; mf_red1_c < mf_red1_chunks; mf_red1_c++) {
            for (long long mf_red1_j = 0; mf_red1_j < (n); mf_red1_j++) a[mf_red1_j] += mf_red1_a[mf_red1_c * (n) + mf_red1_j];
        }
        free(mf_red1_a);
    }
    { /* reduction(max: b): one partial result per chunk of iterations, combined in order */
        enum { mf_red2_chunks = 64 };
        const long long mf_red2_n = 0 < 300 ? 300 : 0;
        enum { mf_red2_b_n = sizeof b / sizeof b[0] };
        typedef __typeof__(b[0]) mf_red2_b_t;
        typedef __typeof__(b[0][0]) mf_red2_b_s;
        const long long mf_red2_b_w = (mf_red2_b_n) * (sizeof(mf_red2_b_t) / sizeof(mf_red2_b_s));
        mf_red2_b_s *mf_red2_b = malloc(mf_red2_chunks * mf_red2_b_w * sizeof *mf_red2_b);
        cilk_for (int mf_red2_c = 0; mf_red2_c < mf_red2_chunks; mf_red2_c++) {
            mf_red2_b_t mf_red2_b_v[mf_red2_b_n];
            for (long long mf_red2_j = 0; mf_red2_j < mf_red2_b_w; mf_red2_j++) ((mf_red2_b_s *)mf_red2_b_v)[mf_red2_j] = ((mf_red2_b_s *)b)[mf_red2_j];
            mf_red2_b_t *b = mf_red2_b_v;
            for (long long mf_red2_k = mf_red2_n * mf_red2_c / mf_red2_chunks; mf_red2_k < mf_red2_n * (mf_red2_c + 1) / mf_red2_chunks; mf_red2_k++) {
                int i = mf_red2_k;
                int v = i * 7 % 50;
                if (v > b[i % 2][(i / 2) % 2]) b[i % 2][(i / 2) % 2] = v;
            }
            for (long long mf_red2_j = 0; mf_red2_j < mf_red2_b_w; mf_red2_j++) mf_red2_b[mf_red2_c * mf_red2_b_w + mf_red2_j] = ((mf_red2_b_s *)b)[mf_red2_j];
        }
        for (int mf_red2_c = 0; mf_red2_c < mf_red2_chunks; mf_red2_c++) {
            for (long long mf_red2_j = 0; mf_red2_j < mf_red2_b_w; mf_red2_j++) if (mf_red2_b[mf_red2_c * mf_red2_b_w + mf_red2_j] > ((mf_red2_b_s *)b)[mf_red2_j]) ((mf_red2_b_s *)b)[mf_red2_j] = mf_red2_b[mf_red2_c * mf_red2_b_w + mf_red2_j];
        }
        free(mf_red2_b);
    }
    printf("%d %d %d %d %d %d %d %d %d %d\\n", a[0], a[1], a[2], a[3], a[4], a[5], b[0][0], b[0][1], b[1][0], b[1][1]);
    return 0;
}
`);
  const expected = await serial(ARRAY_REDUCTIONS, 'arrays.mfc', false);
  assert.equal(expected, '7350 7400 7450 7500 7550 7600 48 48 49 49\n');
  assert.equal(await serial(cilk, 'arrays_cilk.c', false), expected);
  const omp = await translated(cilk, 'openmp', 'arrays_cilk.c');
  assert.deepEqual(build(omp, 'arrays_omp', false, ['-fopenmp'], [1, 2, 4]), [expected, expected, expected], omp);
});

test('a MetaFork reduction over an array whose declaration hides its elements (a typedef of an array) -> CilkPlus: refused at the clause', async () => {
  const input = `typedef int vec3[3];
void f(int n, vec3 out) {
    vec3 v = {0, 0, 0};
    meta_for reduction(+: v) (int i = 0; i < n; i++)
        v[i % 3] += i;
    for (int k = 0; k < 3; k++) out[k] = v[k];
}
`;
  const r = await translateText(input, 'cilkplus', { fileName: 'vec.mfc' });
  assert.equal(r.text, undefined);
  assert.deepEqual(r.diagnostics.map(d => [d.code, input.slice(d.start, d.end), d.message]), [
    ['MF601', 'reduction(+: v)', "a reduction over 'v' is not translated: its declaration does not spell out an array of scalars (an array typedef, or pointers)"],
  ]);
});

test('a reduction variable written outside its loop, or read inside another parallel construct, stays chunked', async () => {
  const cilk = await translated(`void f(int n, const long *a, long *out) {
    long s = 0;
    meta_for reduction(+: s) (int i = 0; i < n; i++)
        s += a[i];
    out[0] = s;
    s = 0;
    meta_for reduction(+: s) (int i = 0; i < n; i++)
        s += 2 * a[i];
    out[1] = s;
}
`, 'cilkplus', 'reset.mfc');
  assert.equal(cilk.includes('cilk_reducer'), false, cilk);
  assert.equal(cilk.match(/one partial result per chunk/g)?.length, 2, cilk);
});

// A reducer the translation does not declare as a plain variable — a struct's or class's member, one
// made with 'new' behind 'auto', a type named through 'using' — became, before, a plain shared
// variable in the OpenMP loop: a data race, exit 0 (an OpenCilk application's reducer wrapper class,
// declared in its header, was translated so). Each is refused where it is named.
test('a reducer named outside a reducer variable\'s declaration is refused where it is named (struct and class members, auto/new, using, a header)', async () => {
  const refusals = async (text: string, fileName: string, files?: Record<string, string>) => {
    let includePaths: string[] = [];
    if (files) {
      const dir = fs.mkdtempSync(path.join(work, 'named-'));
      for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
      includePaths = [dir];
    }
    const flags = { includePaths, defines: [] };
    const out: [string, string, string][] = [];
    for (const to of ['openmp', 'metafork'] as Dialect[]) {
      const r = await translateText(text, to, { fileName, flags });
      assert.equal(r.text, undefined, `${fileName} -> ${to} translated`);
      for (const d of r.diagnostics.filter(d => d.severity === 'error'))
        out.push([to, `${d.code} ${text.slice(d.start, d.end)}`, d.message.replace(/ outside the declaration.*/, '')]);
    }
    return out;
  };
  const both = (named: string, message: string) => [['openmp', named, message], ['metafork', named, message]];
  const ANNOTATED = `#include <cilk/cilk.h>
static void zero(void *v) { *(long *)v = 0; }
static void plus(void *l, void *r) { *(long *)l += *(long *)r; }
`;
  assert.deepEqual(
    await refusals(`${ANNOTATED}struct acc { long cilk_reducer(zero, plus) total; int n; };
long f(void) {
  struct acc a = { 0, 3 };
  cilk_for (int i = 0; i < 1000; i++) a.total += i;
  return a.total;
}
`, 'member.c'),
    both('MF611 cilk_reducer(', "'cilk_reducer' names a Cilk reducer"),
  );
  const LIBRARY = '#include <cilk/cilk.h>\n#include <cilk/opadd_reducer.h>\n';
  assert.deepEqual(
    await refusals(`${LIBRARY}struct acc { cilk::opadd_reducer<long> total; };
long f() {
  acc a;
  cilk_for (int i = 0; i < 1000; i++) a.total += i;
  auto *b = new cilk::opadd_reducer<long>();
  cilk_for (int i = 0; i < 1000; i++) *b += i;
  return a.total + *b;
}
`, 'members.cpp'),
    [
      ['openmp', 'MF611 cilk::opadd_reducer', "'cilk::opadd_reducer' names a Cilk reducer"],
      ['openmp', 'MF611 cilk::opadd_reducer', "'cilk::opadd_reducer' names a Cilk reducer"],
      ['metafork', 'MF611 cilk::opadd_reducer', "'cilk::opadd_reducer' names a Cilk reducer"],
      ['metafork', 'MF611 cilk::opadd_reducer', "'cilk::opadd_reducer' names a Cilk reducer"],
    ],
  );
  const bare = `${LIBRARY}using namespace cilk;
long f() {
  opadd_reducer<long> sum;
  cilk_for (int i = 0; i < 1000; i++) sum += i;
  return sum;
}
`;
  assert.deepEqual(await refusals(bare, 'bare.cpp'), both('MF611 opadd_reducer', "'opadd_reducer' names a Cilk reducer"));
  const r = await translateText(bare, 'openmp', { fileName: 'bare.cpp' });
  assert.match(r.diagnostics[0].message, /; write its type 'cilk::opadd_reducer<\.\.\.>' in a variable's declaration$/);
  assert.deepEqual(
    await refusals(bare.replace('using namespace cilk;', 'using cilk::opadd_reducer;'), 'declared.cpp'),
    both('MF611 cilk::opadd_reducer', "'cilk::opadd_reducer' names a Cilk reducer"),
  );
  // In a header: at the #include that reads it, the header's line named.
  const wrapper = `#pragma once
template <typename View> struct wrapped {
  static void identity(void *v) { new (v) View(); }
  static void reduce(void *l, void *r) { static_cast<View *>(l)->reduce(static_cast<View *>(r)); }
  View &view() { return leftmost; }
  View cilk_reducer(identity, reduce) leftmost;
};
`;
  const user = `#include "wrapped.hpp"
#include <cilk/cilk.h>
struct Long { long value = 0; void reduce(Long *r) { value += r->value; } };
long f(long n) {
  wrapped<Long> sum;
  cilk_for (long i = 0; i < n; ++i) ++sum.view().value;
  return sum.view().value;
}
`;
  const inHeader = await refusals(user, 'user.cpp', { 'wrapped.hpp': wrapper });
  assert.deepEqual(inHeader.map(([to, named]) => [to, named]), [['openmp', 'MF611 #include "wrapped.hpp"'], ['metafork', 'MF611 #include "wrapped.hpp"']]);
  assert.match(inHeader[0][2], /^\/.*\/wrapped\.hpp:6: 'cilk_reducer' names a Cilk reducer$/);
});
