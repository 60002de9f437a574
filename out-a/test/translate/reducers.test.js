"use strict";
// Cilk reducers through the translators: a reducer with a known operation
// becomes a reduction on its cilk_for loops, so OpenMP combines per-thread copies instead of
// racing on one variable. The truth is the input's serial elision, built against a serial
// stand-in of the reducer library (a view is the value; the elision erases OpenCilk's
// `cilk_reducer(I, R)` annotation, which is its serial meaning). Built with -O2 -fopenmp, run with 1, 2
// and 4 threads.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const elide_1 = require("../../server/src/model/elide");
const gcc_1 = require("../differential/gcc");
const index_1 = require("../../server/src/translate/index");
const compilers = (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 && (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0;
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
for (const h of ['reducer.h', 'reducer_opadd.h', 'reducer_opxor.h', 'reducer_max.h', 'reducer_min.h', 'opadd_reducer.h'])
    fs.writeFileSync(path.join(work, 'cilk', h), SERIAL_LIBRARY);
function build(source, name, cpp, flags, threads) {
    const src = path.join(work, `${name}.${cpp ? 'cpp' : 'c'}`), exe = path.join(work, `${name}.out`);
    fs.writeFileSync(src, source);
    (0, gcc_1.gcc)(src, exe, [...gcc_1.OPTIMIZED, '-Wall', '-Wno-unknown-pragmas', '-I', work, ...flags], source, cpp);
    return threads.map(t => (0, gcc_1.run)(exe, t));
}
async function translated(text, to, fileName) {
    const r = await (0, index_1.translateText)(text, to, { fileName });
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`), [], `${fileName} -> ${to} refused`);
    return r.text;
}
async function serial(text, fileName, cpp) {
    const { model } = await (0, helpers_1.checkSource)(text, fileName);
    // The elision drops the Cilk headers: the stand-in library comes in with -include.
    return build((0, elide_1.elide)(model), fileName.replace(/\W/g, '_') + '_serial', cpp, cpp ? ['-include', 'cilk/reducer.h'] : [], [1])[0];
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
(0, node_test_1.test)('OpenCilk cilk_reducer(identity, reduce) -> OpenMP reductions compute the serial result (gcc -O2, 1/2/4 threads)', { skip }, async () => {
    const expected = await serial(OPENCILK, 'opencilk.c', false);
    const omp = await translated(OPENCILK, 'openmp', 'opencilk.c');
    strict_1.default.match(omp, /#pragma omp parallel for reduction\(\+: sum\) reduction\(\*: prod\)\n/);
    strict_1.default.deepEqual(build(omp, 'opencilk_omp', false, ['-fopenmp'], [1, 2, 4]), [expected, expected, expected], omp);
});
(0, node_test_1.test)('CilkPlus reducer classes -> OpenMP reductions compute the serial result (g++ -O2, 1/2/4 threads)', { skip }, async () => {
    const expected = await serial(CILKPLUS, 'cilkplus.cpp', true);
    const mfc = await translated(CILKPLUS, 'metafork', 'cilkplus.cpp');
    strict_1.default.doesNotMatch(mfc, /reducer|get_value/);
    const omp = await translated(mfc, 'openmp', 'cilkplus.mfc');
    strict_1.default.deepEqual(build(omp, 'cilkplus_omp', true, ['-fopenmp'], [1, 2, 4]), [expected, expected, expected], omp);
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
(0, node_test_1.test)('OpenCilk C++: a reducer read by std::printf and passed by value, main without return -> OpenMP computes the serial result', { skip }, async () => {
    const expected = await serial(OPENCILK_CPP, 'opencilk.cpp', true);
    strict_1.default.equal(expected, '600007 1200014\n');
    const omp = await translated(OPENCILK_CPP, 'openmp', 'opencilk.cpp');
    strict_1.default.deepEqual(build(omp, 'opencilk_cpp_omp', true, ['-fopenmp'], [1, 2, 4]), [expected, expected, expected], omp);
});
(0, node_test_1.test)('a reducer bound by reference to a function the file does not show is refused at the argument', async () => {
    const text = OPENCILK_CPP.replace('std::printf("%ld %ld\\n", sum, twice(sum));', 'record(sum);');
    const r = await (0, index_1.translateText)(text, 'openmp', { fileName: 'opencilk.cpp' });
    const at = text.indexOf('record(sum)') + 'record('.length;
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, d.start, d.end]), [['MF611', at, at + 3]]);
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
(0, node_test_1.test)('MetaFork reductions -> OpenCilk reducers where the variable allows (else chunks), back exactly, and through OpenMP the serial result (gcc -O2, 1/2/4 threads)', { skip }, async () => {
    const cilk = await translated(REDUCTIONS, 'cilkplus', 'reductions.mfc');
    strict_1.default.equal(cilk.slice(0, cilk.indexOf('    { /*')), [
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
    strict_1.default.match(cilk, /\n    \{ \/\* reduction\(min: low\): one partial result per chunk/);
    // Back: the reducers are reductions again and their functions go (the chunked loop stays chunks).
    const back = await translated(cilk, 'metafork', 'reductions.c');
    const upToMin = REDUCTIONS.indexOf('    meta_for reduction(min');
    strict_1.default.equal(back.slice(0, upToMin), REDUCTIONS.slice(0, upToMin));
    const expected = await serial(REDUCTIONS, 'reductions.mfc', false);
    const omp = await translated(cilk, 'openmp', 'reductions.c');
    strict_1.default.deepEqual(build(omp, 'reductions_omp', false, ['-fopenmp'], [1, 2, 4]), [expected, expected, expected], omp);
});
(0, node_test_1.test)('a reduction variable written outside its loop, or read inside another parallel construct, stays chunked', async () => {
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
    strict_1.default.equal(cilk.includes('cilk_reducer'), false, cilk);
    strict_1.default.equal(cilk.match(/one partial result per chunk/g)?.length, 2, cilk);
});
//# sourceMappingURL=reducers.test.js.map