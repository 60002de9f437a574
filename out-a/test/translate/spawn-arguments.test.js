"use strict";
// MetaFork -> OpenMP: a call spawn's arguments are evaluated by the parent at the spawn (Chen 2017
// §3.6.4); those a task would read later (a global, an element, through a pointer, a call, a side
// effect) are evaluated before the task into temporaries typed as the callee's parameters, and
// the others stay as they are; the task shares no array only those arguments read. Found by the
// fork-join fuzzer (test/fuzz/forkjoin.ts); the corpus fixture mf-spawn-arguments.mfc runs it.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const index_1 = require("../../server/src/translate/index");
const index_2 = require("../../server/src/checks/index");
const gcc_1 = require("../differential/gcc");
const run_1 = require("./run");
const gccSkip = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 ? false : 'gcc not found';
const work = (0, run_1.workDir)('mf-spawn-arguments-');
(0, node_test_1.test)('arguments a task would read later are evaluated at the spawn, typed as the parameters', async () => {
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
    const r = await (0, index_1.translateText)(program, 'openmp', { fileName: 'f.mfc' });
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
    strict_1.default.equal(r.text, [
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
(0, node_test_1.test)('an argument of a callee without a prototype (or variadic) is evaluated at the spawn into a variable of its own type', async () => {
    const program = 'void put();\nlong table[4];\nint main(void) {\n  long a = 0;\n  meta_fork put(&a, table[1]);\n  table[1] = 2;\n  meta_join;\n  return (int)a;\n}\n';
    const r = await (0, index_1.translateText)(program, 'openmp', { fileName: 'f.mfc' });
    strict_1.default.deepEqual(r.diagnostics, []);
    strict_1.default.equal(r.text, 'void put();\nlong table[4];\nint main(void) {\n  long a = 0;\n  /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */\n  #pragma omp parallel\n  #pragma omp single\n  {\n    __auto_type mf_arg0 = table[1];\n    #pragma omp task shared(a)\n    put(&a, mf_arg0);\n    table[1] = 2;\n    #pragma omp taskwait\n  }\n  return (int)a;\n}\n');
});
// A board handed to each spawned child and written by the parent in the next iteration (the OpenCilk
// tutorial's nqueens does this): the child reads the board when it starts. Serially, and usually
// under Cilk, that is before the next write; an OpenMP task starts later, so the translation read
// the last row written in every task ("no solution found" at 1, 2 and 4 threads, exit 0).
const queens = (board) => `#include <stdio.h>
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
(0, node_test_1.test)("a board written by the parent after its child's spawn: the check warns (MF406), OpenMP refuses (MF609); a board copied for each child translates and computes what the elision computes (gcc -O2, 1/2/4 threads)", { skip: gccSkip }, async () => {
    const racy = queens('shared');
    const write = { start: racy.indexOf('b[j] = i;'), end: racy.indexOf('b[j] = i;') + 'b[j]'.length };
    const checked = await (0, index_2.checkText)(racy, 'queens.c');
    strict_1.default.deepEqual(checked.diagnostics.map(d => ({ code: d.code, start: d.start, end: d.end })), [{ code: 'MF406', ...write }]);
    const refused = await (0, index_1.translateText)(racy, 'openmp', { fileName: 'queens.c' });
    strict_1.default.equal(refused.text, undefined);
    strict_1.default.deepEqual(refused.diagnostics.map(d => ({ code: d.code, start: d.start, end: d.end })), [{ code: 'MF609', ...write }]);
    // MetaFork keeps the program as it is, race and all (its elision still reads the old value).
    strict_1.default.equal(typeof (await (0, index_1.translateText)(racy, 'metafork', { fileName: 'queens.c' })).text, 'string');
    const copied = queens('copied');
    strict_1.default.deepEqual((await (0, index_2.checkText)(copied, 'queens.c')).diagnostics, []);
    const serial = (0, gcc_1.run)((0, run_1.build)(work, await (0, run_1.elision)(copied, 'queens_cilk.c'), 'queens_serial', []));
    strict_1.default.equal(serial, '4\n');
    const openmp = await (0, run_1.translated)(copied, 'openmp', 'queens.c');
    const exe = (0, run_1.build)(work, openmp, 'queens_omp', ['-fopenmp']);
    for (const threads of gcc_1.THREADS)
        strict_1.default.equal((0, gcc_1.run)(exe, threads), serial, `${threads} threads:\n${openmp}`);
});
//# sourceMappingURL=spawn-arguments.test.js.map