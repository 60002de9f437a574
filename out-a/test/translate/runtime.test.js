"use strict";
// The OpenMP runtime calls MetaFork keeps (translate/runtime): in CilkPlus, locks are POSIX mutexes,
// the clock clock_gettime's, the worker count the Cilk runtime's, so that a CilkPlus translation
// builds without the OpenMP runtime; what has no counterpart is refused at the call.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const index_1 = require("../../server/src/translate/index");
const gcc_1 = require("../differential/gcc");
const run_1 = require("./run");
const skip = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 ? false : 'gcc not found';
const work = (0, run_1.workDir)('mf-runtime-');
const locks = `#include <stdio.h>
#include <omp.h>

omp_lock_t lock;
omp_nest_lock_t nest;
long total, nested;

static void add(long v)
{
    omp_set_lock(&lock);
    total += v;
    omp_unset_lock(&lock);
}

int main(void)
{
    double t0 = omp_get_wtime();
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
#pragma omp parallel for
    for (int i = 0; i < 100; i++) {
        add(i);
        omp_set_nest_lock(&nest);
        omp_set_nest_lock(&nest);
        nested += 1;
        omp_unset_nest_lock(&nest);
        omp_unset_nest_lock(&nest);
    }
    if (omp_test_lock(&lock)) omp_unset_lock(&lock);
    omp_destroy_nest_lock(&nest);
    omp_destroy_lock(&lock);
    int workers = omp_get_max_threads();
    printf("%ld %ld %d %d\\n", total, nested, workers > 0, omp_get_wtime() - t0 >= 0.0);
    return 0;
}
`;
(0, node_test_1.test)('locks, nest locks, the clock and the worker count in CilkPlus: POSIX and Cilk calls, built without OpenMP (gcc -O2)', { skip }, async () => {
    const out = await (0, run_1.translated)(locks, 'cilkplus', 'locks.c');
    strict_1.default.equal(out, `#include <stdio.h>
#include <pthread.h>
#include <cilk/cilk.h>
#include <cilk/cilk_api.h>
#include <time.h>

pthread_mutex_t lock;
pthread_mutex_t nest;
long total, nested;

static void add(long v)
{
    pthread_mutex_lock(&lock);
    total += v;
    pthread_mutex_unlock(&lock);
}

#ifndef MF_WTIME_DEFINED
#define MF_WTIME_DEFINED
static inline double mf_wtime(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
#endif

int main(void)
{
    double t0 = mf_wtime();
    pthread_mutex_init(&lock, NULL);
    { pthread_mutexattr_t mf_attr; pthread_mutexattr_init(&mf_attr); pthread_mutexattr_settype(&mf_attr, PTHREAD_MUTEX_RECURSIVE); pthread_mutex_init(&nest, &mf_attr); pthread_mutexattr_destroy(&mf_attr); }
    cilk_for (int i = 0; i < 100; i++) {
        add(i);
        pthread_mutex_lock(&nest);
        pthread_mutex_lock(&nest);
        nested += 1;
        pthread_mutex_unlock(&nest);
        pthread_mutex_unlock(&nest);
    }
    if ((pthread_mutex_trylock(&lock) == 0)) pthread_mutex_unlock(&lock);
    pthread_mutex_destroy(&nest);
    pthread_mutex_destroy(&lock);
    int workers = __cilkrts_get_nworkers();
    printf("%ld %ld %d %d\\n", total, nested, workers > 0, mf_wtime() - t0 >= 0.0);
    return 0;
}
`);
    const expected = (0, gcc_1.run)((0, run_1.build)(work, locks, 'locks_omp', ['-fopenmp']), 1);
    strict_1.default.equal(expected, '4950 100 1 1\n');
    // The serial elision: one worker; no OpenMP library on the command line.
    strict_1.default.equal((0, gcc_1.run)((0, run_1.build)(work, await (0, run_1.elision)(out, 'locks_cilk.c'), 'locks_cilk_serial', [])), expected);
    strict_1.default.equal((0, gcc_1.run)((0, run_1.build)(work, await (0, run_1.elision)(out, 'locks_cilk.c'), 'locks_cilk_sanitized', [], true)), expected);
    // Back to OpenMP, the mutexes stay mutexes, and the program runs alike at every team size.
    const back = (0, run_1.build)(work, await (0, run_1.translated)(out, 'openmp', 'locks_cilk.c'), 'locks_back', ['-fopenmp']);
    for (const threads of gcc_1.THREADS)
        strict_1.default.equal((0, gcc_1.run)(back, threads), expected, `${threads} threads`);
});
(0, node_test_1.test)('the clock in two functions translated in different stages (one outlined): one definition, before the first use', { skip }, async () => {
    const program = `#include <stdio.h>
#include <omp.h>
static double late(void) { return omp_get_wtime(); }
static double early(int n, double *v)
{
    double t = omp_get_wtime(), s = 0.0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task shared(s)
        for (int i = 0; i < n; i++) s += v[i];
    }
    return s + (late() >= t ? 1.0 : 0.0);
}
int main(void)
{
    double v[4] = {1, 2, 3, 4};
    printf("%.1f\\n", early(4, v));
    return 0;
}
`;
    const out = await (0, run_1.translated)(program, 'cilkplus', 'clock.c');
    strict_1.default.equal(out.match(/#define MF_WTIME_DEFINED/g)?.length, 1, out);
    strict_1.default.ok(out.indexOf('#define MF_WTIME_DEFINED') < out.indexOf('mf_wtime()'), out);
    strict_1.default.equal((0, gcc_1.run)((0, run_1.build)(work, await (0, run_1.elision)(out, 'clock_cilk.c'), 'clock_serial', [])), '11.0\n');
});
// Rodinia's lud and nw name their own thread count `omp_num_threads` (a global declared extern, a
// local) and pass it to the runtime: the file's own names are no runtime's.
const ownNames = `#include <stdio.h>
#include <omp.h>

extern int omp_num_threads;
int omp_num_threads = 2;

static long sum(const int *a, int n)
{
    long s = 0;
    int omp_chunk = 4;
    omp_set_num_threads(omp_num_threads);
#pragma omp parallel for reduction(+: s) schedule(static, omp_chunk)
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

int main(void)
{
    int a[100];
    for (int i = 0; i < 100; i++) a[i] = i;
    printf("%ld %d\\n", sum(a, 100), omp_num_threads);
    return 0;
}
`;
(0, node_test_1.test)('the file\'s own omp_ names (a global, declared and defined, a local, an argument of a runtime call) are no runtime\'s: the CilkPlus translation keeps them, and computes what the OpenMP program does (gcc -O2)', { skip }, async () => {
    const r = await (0, index_1.translateText)(ownNames, 'cilkplus', { fileName: 'own.c' });
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => d.message), []);
    const out = r.text;
    strict_1.default.match(out, /\nextern int omp_num_threads;\nint omp_num_threads = 2;\n/);
    strict_1.default.match(out, /int omp_chunk = 4;/);
    const expected = (0, gcc_1.run)((0, run_1.build)(work, ownNames, 'own_omp', ['-fopenmp']), 1);
    strict_1.default.equal(expected, '4950 2\n');
    strict_1.default.equal((0, gcc_1.run)((0, run_1.build)(work, await (0, run_1.elision)(out, 'own_cilk.c'), 'own_cilk_serial', [])), expected);
    // A runtime call in the worker count's argument goes with it (it threw 'overlapping edits': the
    // statement removed, and the call inside it rewritten); one the file keeps is still refused.
    const procs = await (0, index_1.translateText)(ownNames.replace('omp_set_num_threads(omp_num_threads)', 'omp_set_num_threads(omp_get_num_procs())'), 'cilkplus', { fileName: 'own.c' });
    strict_1.default.deepEqual(procs.diagnostics.map(d => `${d.severity} ${d.message}`), ['information the worker count set here (omp_get_num_procs()) has no CilkPlus call: dropped; set CILK_NWORKERS in the environment instead']);
    strict_1.default.doesNotMatch(procs.text, /omp_get_num_procs|sysconf/);
    const limit = ownNames.replace('int omp_chunk = 4;', 'int omp_chunk = omp_get_thread_limit() > 0 ? 4 : 1;');
    const refused = await (0, index_1.translateText)(limit, 'cilkplus', { fileName: 'own.c' });
    strict_1.default.equal(refused.text, undefined);
    strict_1.default.deepEqual(refused.diagnostics.filter(d => d.severity === 'error').map(d => limit.slice(d.start, d.end)), ['omp_get_thread_limit()']);
});
(0, node_test_1.test)('memory from a predefined allocator is the C library\'s; another allocator, and a nest lock\'s nesting count, have no CilkPlus counterpart: refused at them', async () => {
    const program = `#include <omp.h>
double *get(omp_allocator_handle_t a) { return (double *)omp_alloc(64, a); }
int main(void)
{
    omp_nest_lock_t l;
    int depth;
    omp_init_nest_lock(&l);
    double *p = (double *)omp_alloc(8 * sizeof(double), omp_default_mem_alloc);
#pragma omp parallel for
    for (int i = 0; i < 8; i++) p[i] = i;
    depth = omp_test_nest_lock(&l);
    omp_free(p, omp_default_mem_alloc);
    return depth;
}
`;
    const r = await (0, index_1.translateText)(program, 'cilkplus', { fileName: 'alloc.c' });
    strict_1.default.equal(r.text, undefined);
    // `get` would go to CilkPlus in the OpenMP stage, `main` later: the refusals come together all the same.
    const message = (name) => `'${name}' has no CilkPlus counterpart (a CilkPlus program links no OpenMP runtime): translate to OpenMP instead`;
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => ({ code: d.code, text: program.slice(d.start, d.end), message: d.message })), [
        { code: 'MF601', text: 'omp_allocator_handle_t', message: message('omp_allocator_handle_t') },
        { code: 'MF601', text: 'omp_alloc(64, a)', message: message('omp_alloc') },
        { code: 'MF601', text: 'omp_test_nest_lock(&l)', message: message('omp_test_nest_lock') },
    ]);
    // Without them, the predefined allocator's calls are malloc and free.
    const plain = program.replace(/^double \*get.*\n/m, '').replace('depth = omp_test_nest_lock(&l);', 'depth = 0;');
    const out = await (0, run_1.translated)(plain, 'cilkplus', 'plain.c');
    strict_1.default.match(out, /double \*p = \(double \*\)malloc\(8 \* sizeof\(double\)\);/);
    strict_1.default.match(out, /\n    free\(p\);\n/);
    // To MetaFork, the calls stay (MetaFork programs link the runtime they call).
    strict_1.default.notEqual((await (0, index_1.translateText)(program, 'metafork', { fileName: 'alloc.c' })).text, undefined);
});
(0, node_test_1.test)('a construct translated alone to CilkPlus leaves the rest of the file\'s runtime calls as they were', async () => {
    const program = `#include <omp.h>
long total;
int main(void)
{
    omp_lock_t l;
    omp_init_lock(&l);
#pragma omp parallel for
    for (int i = 0; i < 8; i++) {
        omp_set_lock(&l);
        total += i;
        omp_unset_lock(&l);
    }
    omp_destroy_lock(&l);
    return (int)total;
}
`;
    const r = await (0, index_1.translateText)(program, 'cilkplus', { fileName: 'focus.c', focus: program.indexOf('#pragma omp parallel for') });
    strict_1.default.equal(r.diagnostics.filter(d => d.severity === 'error').length, 0);
    strict_1.default.match(r.text, /omp_lock_t l;\n    omp_init_lock\(&l\);\n    cilk_for/);
});
(0, node_test_1.test)('a note on code the translation wrote points at what that code stands for: the num_threads directive a worker count came from', async () => {
    const program = `int main(void)
{
    long s = 0;
#pragma omp parallel for reduction(+: s) num_threads(4)
    for (int i = 0; i < 100; i++)
        s += i;
    return (int)s;
}
`;
    const r = await (0, index_1.translateText)(program, 'cilkplus', { fileName: 'workers.c' });
    strict_1.default.deepEqual(r.diagnostics.map(d => ({ code: d.code, text: program.slice(d.start, d.end), message: d.message })), [{
            code: 'MF604',
            text: '#pragma omp parallel for reduction(+: s) num_threads(4)',
            message: 'the worker count set here (4) has no CilkPlus call: dropped; set CILK_NWORKERS in the environment instead',
        }]);
    // A comment naming the call that reads the count back reads nothing (it refused, MF601).
    const commented = program.replace('    return (int)s;', '    // omp_get_max_threads() would say 4 here\n    return (int)s;');
    const again = await (0, index_1.translateText)(commented, 'cilkplus', { fileName: 'workers.c' });
    strict_1.default.deepEqual(again.diagnostics.map(d => d.code), ['MF604']);
    strict_1.default.equal(again.text, r.text.replace('    return (int)s;', '    // omp_get_max_threads() would say 4 here\n    return (int)s;'));
});
(0, node_test_1.test)('a file with no construct that calls the OpenMP runtime has its calls translated to CilkPlus (it was printed as it was, and did not link without libgomp)', { skip }, async () => {
    const program = '#include <stdio.h>\n#include <omp.h>\nint main(void) {\n  double t = omp_get_wtime();\n  printf("%d\\n", omp_get_max_threads() > 0 && t >= 0);\n  return 0;\n}\n';
    const r = await (0, index_1.translateText)(program, 'cilkplus', { fileName: 'plain.c' });
    strict_1.default.deepEqual(r.diagnostics, []);
    strict_1.default.equal(r.text, [
        '#include <stdio.h>',
        '#include <cilk/cilk_api.h>',
        '#include <time.h>',
        '#ifndef MF_WTIME_DEFINED',
        '#define MF_WTIME_DEFINED',
        'static inline double mf_wtime(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }',
        '#endif',
        '',
        'int main(void) {',
        '  double t = mf_wtime();',
        '  printf("%d\\n", __cilkrts_get_nworkers() > 0 && t >= 0);',
        '  return 0;',
        '}',
        '',
    ].join('\n'));
    strict_1.default.equal((0, gcc_1.run)((0, run_1.build)(work, await (0, run_1.elision)(r.text, 'plain_cilk.c'), 'plain_cilk', [])), '1\n');
});
(0, node_test_1.test)('reduction variables named like the chunked loop\'s own names (n, c, k) get partials of other names: the CilkPlus elision builds and computes what the OpenMP program does (gcc -O2, 1, 2 and 4 threads)', { skip }, async () => {
    const program = '#include <stdio.h>\nint main(void) {\n  int n = 0, k = 1; double c = 0;\n  #pragma omp parallel for reduction(+: n, c) reduction(*: k)\n  for (int i = 0; i < 64; i++) { n += 1; c += 0.5; k *= (i % 9 == 0) ? 2 : 1; }\n  printf("%d %.1f %d\\n", n, c, k);\n  return 0;\n}\n';
    const original = (0, run_1.build)(work, program, 'names_omp', ['-fopenmp']);
    for (const threads of gcc_1.THREADS)
        strict_1.default.equal((0, gcc_1.run)(original, threads), '64 32.0 256\n', `${threads} threads`);
    const cilk = await (0, run_1.translated)(program, 'cilkplus', 'names.c');
    strict_1.default.match(cilk, /mf_red1_n_part\[mf_red1_chunks\]/, cilk);
    strict_1.default.equal((0, gcc_1.run)((0, run_1.build)(work, await (0, run_1.elision)(cilk, 'names_cilk.c'), 'names_cilk', [])), '64 32.0 256\n', cilk);
});
//# sourceMappingURL=runtime.test.js.map