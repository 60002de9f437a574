// MF401-MF406: data-sharing clauses naming undeclared variables, block spawns whose private
// writes are lost, races on shared scalars in parallel loops, redundant shared(...),
// default(none), and a running spawn's pointer argument written through by its parent.

import { offsetOf } from '../helpers';
import { Case, runCases, runClean } from './harness';

const lost = (v: string, construct = 'meta_fork') =>
  `'${v}' is private to this '${construct}' block (a value-type local not listed in shared(...)): the write changes the child's copy and is lost when the block ends; add 'shared(${v})'`;
/** MF402 data: ` shared(v)` inserted right after `head` (the keyword with its clauses, or the pragma line). */
const sharedFix = (v: string, head: string) => (s: string) => ({ variable: v, insert: ` shared(${v})`, at: offsetOf(s, head) + head.length });
const race = (v: string, construct: string, reason: string, advice: string) =>
  `data race: '${v}' is shared by all iterations of '${construct}' (${reason}) and written here; ${advice}`;
const OUTSIDE = 'declared outside the loop: shared by all iterations';

const cases: Case[] = [
  // ---- MF401 undeclared variable in a clause ----
  {
    name: "'meta_fork shared(y)' with no y",
    source: 'int g(int n);\nvoid f(int n){\n  meta_fork shared(y) { g(n); }\n  meta_join;\n}\n',
    code: 'MF401', message: "'shared(y)' on 'meta_fork': 'y' is not a declared variable", covers: 'y', after: 'y)',
    data: { variable: 'y', clause: 'shared' },
  },
  {
    name: "'private(tmp)' with no tmp",
    source: 'void f(int n){\n#pragma omp parallel private(tmp)\n  { n++; }\n}\n', file: 'a.c',
    code: 'MF401', message: "'private(tmp)' on '#pragma omp parallel': 'tmp' is not a declared variable", covers: 'tmp',
    data: { variable: 'tmp', clause: 'private' },
  },
  {
    name: "meta_for 'reduction(+: total)' with no total",
    source: 'void f(int n, int *a){\n  meta_for reduction(+: total) (int i = 0; i < n; i++) a[i] = 0;\n}\n',
    code: 'MF401', message: /^'reduction(\(\+: total\)|\(total\))' on 'meta_for': 'total' is not a declared variable$/, covers: 'total',
    data: { variable: 'total', clause: 'reduction' },
  },
  {
    name: "'meta_schedule cache(zz)' with no zz",
    source: 'void k(int N, int B, int *a, int *c){\n  meta_schedule cache(zz) {\n    meta_for (int i = 0; i < N / B; i++)\n      meta_for (int j = 0; j < B; j++)\n        c[i * B + j] = a[i * B + j];\n  }\n}\n',
    code: 'MF401', message: "'cache(zz)' on 'meta_schedule': 'zz' is not a declared variable", covers: 'zz',
    data: { variable: 'zz', clause: 'cache' },
  },

  // ---- MF402 private write lost ----
  {
    name: "'meta_fork { x = g(n); }' with x read before the join too: sharing it alone would race, so the fix is not preferred",
    source: 'int g(int n);\nint f(int n){\n  int x = 0;\n  meta_fork { x = g(n); }\n  int y = x + 1;\n  meta_join;\n  return x + y;\n}\n',
    code: 'MF402', covers: 'x', after: 'x = g',
    message: "'x' is private to this 'meta_fork' block (a value-type local not listed in shared(...)): the write changes the child's copy and is lost when the block ends; add 'shared(x)', and move the parent's use of 'x' on line 5 after the join (shared, it would race with this write)",
    data: s => ({ ...sharedFix('x', 'meta_fork')(s), parentUses: true }),
  },
  {
    name: "'meta_fork { x = g(n); }' with x read after the join",
    source: 'int g(int n);\nint f(int n){\n  int x = 0;\n  meta_fork { x = g(n); }\n  meta_join;\n  return x;\n}\n',
    code: 'MF402', message: lost('x'), covers: 'x', after: 'x = g',
    data: sharedFix('x', 'meta_fork'),
  },
  {
    name: 'the fix goes after the existing clauses',
    source: 'int g(int n);\nint f(int n){\n  int x = 0, y = 0;\n  meta_fork shared(y) { x = g(n); y = 1; }\n  meta_join;\n  return x + y;\n}\n',
    code: 'MF402', message: lost('x'), covers: 'x', after: 'x = g',
    data: sharedFix('x', 'meta_fork shared(y)'),
  },
  {
    name: "'#pragma mf fork' block: the fix goes at the end of the pragma line",
    source: 'int g(int n);\nint f(int n){\n  int x = 0;\n#pragma mf fork\n  { x = g(n); }\n#pragma mf join\n  return x;\n}\n',
    code: 'MF402', message: lost('x', '#pragma mf fork'), covers: 'x', after: 'x = g',
    data: sharedFix('x', '#pragma mf fork'),
  },
  {
    name: 'single-statement block spawn',
    source: 'int g(int n);\nint f(int n){\n  int x = 0;\n  meta_fork x = g(n) + 1;\n  meta_join;\n  return x;\n}\n',
    code: 'MF402', message: lost('x'), covers: 'x', after: 'x = g',
    data: sharedFix('x', 'meta_fork'),
  },
  {
    name: 'increment of a private copy',
    source: 'int f(int n){\n  int count = 0;\n  meta_fork { count++; }\n  meta_join;\n  return count;\n}\n',
    code: 'MF402', message: lost('count'), covers: 'count', after: 'count++',
    data: sharedFix('count', 'meta_fork'),
  },
  {
    name: 'compound assignment of a private copy',
    source: 'int f(int n){\n  int acc = 1;\n  meta_fork {\n    acc *= n;\n  }\n  meta_join;\n  return acc;\n}\n',
    code: 'MF402', message: lost('acc'), covers: 'acc', after: 'acc *=',
    data: sharedFix('acc', 'meta_fork'),
  },
  {
    name: 'two lost variables give two warnings',
    source: 'int g(int);\nint f(int n){\n  int a = 0, b = 0;\n  meta_fork { a = g(n); b = g(n + 1); }\n  meta_join;\n  return a + b;\n}\n',
    code: 'MF402', message: lost('b'), covers: 'b', after: 'b = g', count: 2,
    data: sharedFix('b', 'meta_fork'),
  },

  // ---- MF403 race on a shared scalar ----
  {
    name: "'sum += a[i]' in meta_for suggests reduction(+)",
    source: 'int f(int n, int *a){\n  int sum = 0;\n  meta_for (int i = 0; i < n; i++) {\n    sum += a[i];\n  }\n  return sum;\n}\n',
    code: 'MF403', message: race('sum', 'meta_for', OUTSIDE, "use 'reduction(+: sum)'"), covers: 'sum', after: 'sum +=',
    data: { variable: 'sum', reduction: '+' },
  },
  {
    name: "'count++' in meta_for suggests reduction(+)",
    source: 'int f(int n, int *a){\n  int count = 0;\n  meta_for (int i = 0; i < n; i++) {\n    if (a[i]) count++;\n  }\n  return count;\n}\n',
    code: 'MF403', message: race('count', 'meta_for', OUTSIDE, "use 'reduction(+: count)'"), covers: 'count', after: 'count++',
    data: { variable: 'count', reduction: '+' },
  },
  {
    name: "'p *= a[i]' suggests reduction(*)",
    source: 'int f(int n, int *a){\n  int p = 1;\n  meta_for (int i = 0; i < n; i++) p *= a[i];\n  return p;\n}\n',
    code: 'MF403', message: race('p', 'meta_for', OUTSIDE, "use 'reduction(*: p)'"), covers: 'p', after: 'p *=',
    data: { variable: 'p', reduction: '*' },
  },
  {
    name: 'plain assignment suggests a local',
    source: 'int f(int n, int *a){\n  int last = 0;\n  meta_for (int i = 0; i < n; i++) {\n    last = a[i];\n  }\n  return last;\n}\n',
    code: 'MF403', message: race('last', 'meta_for', OUTSIDE, "declare 'last' inside the loop body"), covers: 'last', after: 'last = a',
    data: { variable: 'last' },
  },
  {
    name: "'#pragma omp parallel for' accumulating into a shared scalar",
    source: 'int f(int n, int *a){\n  int sum = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) sum += a[i];\n  return sum;\n}\n', file: 'a.c',
    code: 'MF403', message: race('sum', '#pragma omp parallel for', 'OpenMP default: shared', "use 'reduction(+: sum)'"), covers: 'sum', after: 'sum +=',
    data: { variable: 'sum', reduction: '+' },
  },
  {
    name: 'cilk_for accumulating into a shared scalar',
    source: 'int f(int n, int *a){\n  int sum = 0;\n  cilk_for (int i = 0; i < n; i++) sum += a[i];\n  return sum;\n}\n', file: 'a.c',
    code: 'MF403', message: race('sum', 'cilk_for', OUTSIDE, "use 'reduction(+: sum)'"), covers: 'sum', after: 'sum +=',
    data: { variable: 'sum', reduction: '+' },
  },
  {
    // A maximum read before it is set: declared inside the loop body (the advice before), it was unset.
    name: 'write in a serial loop nested in the meta_for body',
    source: 'int f(int n, int *a){\n  int m = 0;\n  meta_for (int i = 0; i < n; i++) {\n    while (a[i] > m) m = a[i];\n  }\n  return m;\n}\n',
    code: 'MF403', message: race('m', 'meta_for', OUTSIDE, "its value goes from one iteration to the next (read before it is set), and not by one reduction's updates alone: keep the loop serial, or write it as a reduction"), covers: 'm', after: 'm = a',
  },
  {
    name: 'nested meta_for loops report a race once',
    source: 'int f(int n, int *a){\n  int s = 0;\n  meta_for (int i = 0; i < n; i++)\n    meta_for (int j = 0; j < n; j++)\n      s += a[i * n + j];\n  return s;\n}\n',
    code: 'MF403', message: race('s', 'meta_for', OUTSIDE, "use 'reduction(+: s)'"), covers: 's', after: 's +=',
    data: { variable: 's', reduction: '+' },
  },
  {
    name: "a write in the else branch of 'if (i == 0)' runs in every other iteration",
    source: 'void f(int n){\n  int x = 0;\n  meta_for (int i = 0; i < n; i++) {\n    if (i == 0) { } else x = i;\n  }\n}\n',
    code: 'MF403', message: race('x', 'meta_for', OUTSIDE, "declare 'x' inside the loop body"), covers: 'x', after: 'x = i',
  },
  {
    name: "'if (i == g)' with g a global: a call in the loop may change it",
    source: 'int g;\nvoid h(void);\nvoid f(int n){\n  int x = 0;\n  meta_for (int i = 0; i < n; i++) {\n    h();\n    if (i == g) x = 1;\n  }\n}\n',
    code: 'MF403', message: race('x', 'meta_for', OUTSIDE, "declare 'x' inside the loop body"), covers: 'x', after: 'x = 1',
  },
  {
    name: "'if (i == k)' with k written by the loop",
    source: 'void f(int n){\n  int x = 0, k = 0;\n  meta_for (int i = 0; i < n; i++) {\n    if (i == k) x = 1;\n    k = i;\n  }\n}\n',
    code: 'MF403', message: race('x', 'meta_for', OUTSIDE, "declare 'x' inside the loop body"), covers: 'x', after: 'x = 1', count: 2,
  },
  {
    name: "'if (j == 0)' with j a copy of the control variable that the body changes",
    source: 'void f(int n){\n  int x = 0;\n  meta_for (int i = 0; i < n; i++) {\n    int j = i;\n    j = j / 2;\n    if (j == 0) x = 1;\n  }\n}\n',
    code: 'MF403', message: race('x', 'meta_for', OUTSIDE, "declare 'x' inside the loop body"), covers: 'x', after: 'x = 1',
  },
  {
    name: 'a serial loop nested in the meta_for: its variable is one for all iterations',
    source: 'void f(int n, int *a){\n  int j;\n  meta_for (int i = 0; i < n; i++) {\n    for (j = 0; j < n; j++) a[j] += i;\n  }\n}\n',
    code: 'MF403', message: race('j', 'meta_for', OUTSIDE, "declare 'j' inside the loop body"), covers: 'j', after: 'j = 0',
  },
  {
    name: "the value an atomic capture stores ('v' of 'v = x++') is a plain write",
    source: 'void f(int n){\n  int x = 0, v = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n#pragma omp atomic capture\n    v = x++;\n  }\n}\n', file: 'a.c',
    code: 'MF403', message: race('v', '#pragma omp parallel for', 'OpenMP default: shared', "declare 'v' inside the loop body"), covers: 'v', after: 'v = x',
  },
  {
    name: "the value an atomic read stores ('v' of 'v = x')",
    source: 'void f(int n){\n  int x = 0, v = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n#pragma omp atomic read\n    v = x;\n  }\n}\n', file: 'a.c',
    code: 'MF403', message: race('v', '#pragma omp parallel for', 'OpenMP default: shared', "declare 'v' inside the loop body"), covers: 'v', after: 'v = x',
  },
  {
    name: 'a write after the lock is released',
    source: '#include <pthread.h>\npthread_mutex_t m;\nvoid f(int n){\n  int x = 0;\n  meta_for (int i = 0; i < n; i++) {\n    pthread_mutex_lock(&m);\n    pthread_mutex_unlock(&m);\n    x += i;\n  }\n}\n',
    code: 'MF403', message: race('x', 'meta_for', OUTSIDE, "use 'reduction(+: x)'"), covers: 'x', after: 'x +=',
    data: { variable: 'x', reduction: '+' },
  },
  {
    name: 'a write under one lock released after it, another taken before it',
    source: '#include <omp.h>\nomp_lock_t a, b;\nvoid f(int n){\n  int x = 0;\n  meta_for (int i = 0; i < n; i++) {\n    omp_set_lock(&a);\n    x += i;\n    omp_unset_lock(&b);\n  }\n}\n',
    code: 'MF403', message: race('x', 'meta_for', OUTSIDE, "use 'reduction(+: x)'"), covers: 'x', after: 'x +=',
    data: { variable: 'x', reduction: '+' },
  },
  {
    name: "a function's local written in a '#pragma omp for' inside a region of the same function, declared outside it",
    source: 'void f(int n, double *a){\n  int i, j;\n#pragma omp parallel\n  {\n#pragma omp for\n    for (i = 0; i < n; i++)\n      for (j = 0; j < n; j++) a[i * n + j] = 0;\n  }\n}\n', file: 'a.c',
    code: 'MF403', message: race('j', '#pragma omp for', 'OpenMP default: shared', "declare 'j' inside the loop body"), covers: 'j', after: 'j = 0',
  },
  {
    name: "an orphaned '#pragma omp for simd': the SIMD lanes of a thread share its locals",
    source: 'void f(int n, double *a){\n  double t;\n#pragma omp for simd\n  for (int i = 0; i < n; i++) { t = a[i]; a[i] = t * t; }\n}\n', file: 'a.c',
    code: 'MF403', message: race('t', '#pragma omp for simd', 'OpenMP default: shared', "declare 't' inside the loop body"), covers: 't', after: 't = a',
  },
  {
    name: 'a global threadprivate elsewhere, not this one',
    source: 'int sum0, sum1;\n#pragma omp threadprivate(sum0)\nvoid f(int n){\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) sum1 += i;\n}\n', file: 'a.c',
    code: 'MF403', message: race('sum1', '#pragma omp parallel for', 'variable with static storage duration', "use 'reduction(+: sum1)'"), covers: 'sum1', after: 'sum1 +=',
    data: { variable: 'sum1', reduction: '+' },
  },
  {
    name: "'omp_get_thread_num() == 0' in a meta_for: MetaFork's iterations are not a thread's",
    source: '#include <omp.h>\nvoid f(int n){\n  int x = 0;\n  meta_for (int i = 0; i < n; i++) {\n    if (omp_get_thread_num() == 0) x = i;\n  }\n}\n',
    code: 'MF403', message: race('x', 'meta_for', OUTSIDE, "declare 'x' inside the loop body"), covers: 'x', after: 'x = i',
  },
  {
    name: "a counter every thread of a region increments (NAS CG's 'callcount++')",
    source: 'void g(void);\nvoid f(void){\n  static int callcount = 0;\n#pragma omp parallel\n  {\n    g();\n    callcount++;\n  }\n}\n', file: 'a.c',
    code: 'MF403', covers: 'callcount', after: 'callcount++',
    message: "data race: 'callcount' is shared by the threads of '#pragma omp parallel' (variable with static storage duration) and every thread writes it here; write it in '#pragma omp single' or 'atomic', or declare 'callcount' inside the region",
    data: { variable: 'callcount' },
  },
  {
    name: "a function's local every thread of a region writes, under a test of a shared value",
    source: 'int f(int n){\n  int x = 0;\n#pragma omp parallel\n  {\n    if (n == 0) x = n;\n  }\n  return x;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'x', after: 'x = n',
    message: "data race: 'x' is shared by the threads of '#pragma omp parallel' (OpenMP default: shared) and every thread writes it here; write it in '#pragma omp single' or 'atomic', or declare 'x' inside the region",
    data: { variable: 'x' },
  },
  // Updated, but not only by one reduction's updates: a reduction clause (the quick fix) would compute
  // something else than the loop, so none is offered.
  {
    name: 'a running sum reset inside the loop: no reduction computes it',
    source: 'long f(int n, int *a){\n  long s = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) { s += a[i]; if (s > 100) s = 0; }\n  return s;\n}\n', file: 'a.c',
    code: 'MF403', covers: 's', after: 's +=',
    message: race('s', '#pragma omp parallel for', 'OpenMP default: shared', "its value goes from one iteration to the next (read before it is set), and not by one reduction's updates alone: keep the loop serial, or write it as a reduction"),
    data: { variable: 's' },
  },
  {
    name: 'a prefix sum stored each iteration (a scan): no reduction computes it',
    source: 'void f(int n, long *a){\n  long t = 0;\n  meta_for (int i = 0; i < n; i++) {\n    t += a[i];\n    a[i] = t;\n  }\n}\n',
    code: 'MF403', covers: 't', after: 't +=',
    message: race('t', 'meta_for', OUTSIDE, "its value goes from one iteration to the next (read before it is set), and not by one reduction's updates alone: keep the loop serial, or write it as a reduction"),
    data: { variable: 't' },
  },
  {
    name: "added to and taken from ('+=' and '--'): one '+' reduction",
    source: 'long f(int n, int *a){\n  long s = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n    s += a[i];\n    if (a[i] < 0) s--;\n  }\n  return s;\n}\n', file: 'a.c',
    code: 'MF403', covers: 's', after: 's +=',
    message: race('s', '#pragma omp parallel for', 'OpenMP default: shared', "use 'reduction(+: s)'"),
    data: { variable: 's', reduction: '+' },
  },
  {
    name: "'s = s + e': a reduction written out (DataRaceBench's 'sum = sum + temp * temp')",
    source: 'double f(int n, double *u){\n  double sum = 0, temp;\n#pragma omp parallel for private(temp)\n  for (int i = 0; i < n; i++) {\n    temp = u[i];\n    sum = sum + temp * temp;\n  }\n  return sum;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'sum', after: 'sum = sum', message: race('sum', '#pragma omp parallel for', 'OpenMP default: shared', "use 'reduction(+: sum)'"),
    data: { variable: 'sum', reduction: '+' },
  },
  {
    name: "'p = e * p': a product written out, the variable on the right",
    source: 'double f(int n, double *u){\n  double p = 1;\n  meta_for (int i = 0; i < n; i++)\n    p = u[i] * p;\n  return p;\n}\n',
    code: 'MF403', covers: 'p', after: 'p = u', message: race('p', 'meta_for', OUTSIDE, "use 'reduction(*: p)'"),
    data: { variable: 'p', reduction: '*' },
  },
  {
    name: "'d = e - d' is no reduction (the variable subtracted)",
    source: 'double f(int n, double *u){\n  double d = 1;\n  meta_for (int i = 0; i < n; i++)\n    d = u[i] - d;\n  return d;\n}\n',
    code: 'MF403', covers: 'd', after: 'd = u', message: race('d', 'meta_for', OUTSIDE, "its value goes from one iteration to the next (read before it is set), and not by one reduction's updates alone: keep the loop serial, or write it as a reduction"),
    data: { variable: 'd' },
  },
  // Every write protected, but by protections that do not exclude one another (DataRaceBench 148, 199).
  {
    name: "writes under critical sections of two names (DataRaceBench's 'critical(addlock)' and 'critical(sublock)')",
    source: 'int var = 0;\nvoid f(int n){\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n#pragma omp critical(addlock)\n    var++;\n#pragma omp critical(sublock)\n    var -= 2;\n  }\n}\n', file: 'a.c',
    code: 'MF403', covers: 'var', after: 'var -=',
    message: "data race: 'var' is shared by all iterations of '#pragma omp parallel for' and written here under '#pragma omp critical(sublock)', and on line 6 under '#pragma omp critical(addlock)', which do not exclude each other; protect every write of 'var' the same way",
    data: { variable: 'var' },
  },
  {
    name: 'an atomic update and a critical section of one variable',
    source: 'long f(int n){\n  long a = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n#pragma omp atomic\n    a += i;\n#pragma omp critical\n    { a -= 1; }\n  }\n  return a;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'a', after: 'a -=',
    message: "data race: 'a' is shared by all iterations of '#pragma omp parallel for' and written here under '#pragma omp critical', and on line 6 under '#pragma omp atomic', which do not exclude each other; protect every write of 'a' the same way",
    data: { variable: 'a' },
  },
  {
    name: 'writes under two locks',
    source: '#include <omp.h>\nomp_lock_t l1, l2;\nvoid f(int n){\n  int c = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n    omp_set_lock(&l1);\n    c++;\n    omp_unset_lock(&l1);\n    omp_set_lock(&l2);\n    c--;\n    omp_unset_lock(&l2);\n  }\n}\n', file: 'a.c',
    code: 'MF403', covers: 'c', after: 'c--',
    message: "data race: 'c' is shared by all iterations of '#pragma omp parallel for' and written here under the lock 'l2', and on line 8 under the lock 'l1', which do not exclude each other; protect every write of 'c' the same way",
    data: { variable: 'c' },
  },
  {
    name: "a region's writes under critical sections of two names (a work-sharing loop's too)",
    source: 'long f(void){\n  long a = 0;\n#pragma omp parallel\n  {\n#pragma omp critical(one)\n    a += 1;\n#pragma omp for\n    for (int i = 0; i < 8; i++) {\n#pragma omp critical(two)\n      a *= 2;\n    }\n  }\n  return a;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'a', after: 'a *=',
    message: "data race: 'a' is shared by the threads of '#pragma omp parallel' and written here under '#pragma omp critical(two)', and on line 6 under '#pragma omp critical(one)', which do not exclude each other; protect every write of 'a' the same way",
    data: { variable: 'a' },
  },
  {
    name: 'a write in a block that releases the lock its enclosing block took',
    source: '#include <pthread.h>\npthread_mutex_t m;\nvoid f(int n){\n  int x = 0;\n  meta_for (int i = 0; i < n; i++) {\n    pthread_mutex_lock(&m);\n    {\n      pthread_mutex_unlock(&m);\n      x += i;\n    }\n    pthread_mutex_unlock(&m);\n  }\n}\n',
    code: 'MF403', message: race('x', 'meta_for', OUTSIDE, "use 'reduction(+: x)'"), covers: 'x', after: 'x +=',
    data: { variable: 'x', reduction: '+' },
  },

  {
    // The single runs the taskloop on one thread; its tasks run on any (DataRaceBench 095).
    name: "an inner loop's counter shared by the tasks of a '#pragma omp taskloop' that a 'single' creates",
    source: 'int a[100][100];\nvoid f(void){\n  int i, j;\n#pragma omp parallel\n  {\n#pragma omp single\n    {\n#pragma omp taskloop\n      for (i = 0; i < 100; i++)\n        for (j = 0; j < 100; j++)\n          a[i][j] += 1;\n    }\n  }\n}\n', file: 'a.c',
    code: 'MF403', covers: 'j', after: 'for (j',
    message: "data race: 'j' is shared by all iterations of '#pragma omp taskloop' (shared in the enclosing '#pragma omp parallel') and written here; declare 'j' inside the loop body",
    data: { variable: 'j' },
  },

  {
    name: "a shared scalar 'master' writes, which the region's other threads read with no barrier between (DataRaceBench 124)",
    source: 'int f(void){\n  int init = 0, seen = 0;\n#pragma omp parallel shared(init)\n  {\n#pragma omp master\n    {\n      init = 10;\n    }\n    int local = init;\n#pragma omp atomic\n    seen += local;\n  }\n  return seen;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'init', after: 'init = 10',
    message: "data race: one thread writes 'init' here ('#pragma omp master', with no barrier at its end) and the other threads of '#pragma omp parallel' use it at line 9 with no barrier between: put '#pragma omp barrier' between them, or write it in a '#pragma omp single' without 'nowait'",
    data: { variable: 'init' },
  },
  {
    name: "a 'single nowait' write read before it by the other threads, no barrier between",
    source: 'int g(int);\nint f(void){\n  int flag = 0, sum = 0;\n#pragma omp parallel\n  {\n    int mine = g(flag);\n#pragma omp single nowait\n    flag = 1;\n#pragma omp atomic\n    sum += mine;\n  }\n  return sum;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'flag', after: 'flag = 1',
    message: "data race: one thread writes 'flag' here ('#pragma omp single nowait', with no barrier at its end) and the other threads of '#pragma omp parallel' use it at line 6 with no barrier between: put '#pragma omp barrier' between them, or write it in a '#pragma omp single' without 'nowait'",
    data: { variable: 'flag' },
  },

  {
    name: "a shared scalar only thread 0's branch writes ('if (omp_get_thread_num() == 0)'), which the other threads read with no barrier (DataRaceBench 075)",
    source: '#include <omp.h>\nint g(int);\nvoid f(void){\n  int count = 0;\n#pragma omp parallel\n  {\n    if (omp_get_thread_num() == 0)\n      count = omp_get_num_threads();\n    else\n      g(count);\n  }\n}\n', file: 'a.c',
    code: 'MF403', covers: 'count', after: 'count = omp',
    message: "data race: one thread writes 'count' here ('if (omp_get_thread_num() == 0)', with no barrier at its end) and the other threads of '#pragma omp parallel' use it at line 10 with no barrier between: put '#pragma omp barrier' between them, or write it in a '#pragma omp single' without 'nowait'",
    data: { variable: 'count' },
  },
  {
    name: "elements a 'for nowait' writes, read by a 'single' right after it with no barrier (DataRaceBench 013)",
    source: 'int f(int n, int *a){\n  int error = 0;\n#pragma omp parallel shared(error)\n  {\n#pragma omp for nowait\n    for (int i = 0; i < n; i++)\n      a[i] = i * 5;\n#pragma omp single\n    error = a[9] + 1;\n  }\n  return error;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'a', after: 'a[i] =',
    message: "data race: the iterations of '#pragma omp for nowait' write elements of 'a' here, and the threads of '#pragma omp parallel' that are through with theirs use 'a' at line 9, with no barrier between: another thread may still be writing the element (drop 'nowait', or put '#pragma omp barrier' before that use)",
    data: { variable: 'a' },
  },

  // ---- MF403 an array element two iterations touch, a fixed distance apart (model/dependence) ----
  {
    name: "'a[i] = a[i - 1] + 1' in '#pragma omp parallel for' (DataRaceBench's true dependence)",
    source: 'void f(int n, int *a){\n#pragma omp parallel for\n  for (int i = 1; i < n; i++)\n    a[i] = a[i - 1] + 1;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'a[i]', after: 'a[i] =',
    message: "data race: an iteration of '#pragma omp parallel for' writes 'a[i]' here, and the iteration 1 apart reads that element as 'a[i - 1]': they run at once; the loop carries a dependence (keep it serial)",
    data: { variable: 'a' },
  },
  {
    name: "'b[i][j] = b[i][j + 2]' over a nest's inner loop, in meta_for (an anti-dependence two columns away, in a 2-D array)",
    source: 'void f(int n, double b[64][64]){\n  meta_for (int j = 0; j < 62; j++)\n    for (int i = 0; i < n; i++)\n      b[i][j] = b[i][j + 2] * 0.5;\n}\n',
    code: 'MF403', covers: 'b[i][j]', after: 'b[i][j] =',
    message: "data race: an iteration of 'meta_for' writes 'b[i][j]' here, and the iteration 2 apart reads that element as 'b[i][j + 2]': they run at once; the loop carries a dependence (keep it serial)",
    data: { variable: 'b' },
  },
  {
    name: "'#pragma omp simd' without 'safelen' (its lanes run iterations at once), and one whose 'safelen' (8) exceeds the distance (4): both found",
    source: 'void f(int n, float *a){\n#pragma omp simd\n  for (int i = 0; i < n; i++)\n    a[i + 1] = a[i] + 1.0f;\n#pragma omp simd safelen(8)\n  for (int i = 0; i < n; i++)\n    a[i + 4] = a[i] * 0.5f;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'a[i + 1]', count: 2,
    message: "data race: an iteration of '#pragma omp simd' writes 'a[i + 1]' here, and the iteration 1 apart reads that element as 'a[i]': they run at once; the loop carries a dependence (keep it serial)",
    data: { variable: 'a' },
  },
  {
    name: "through a pointer, in cilk_for, with a step of 2 ('p[i + 2] = p[i]': two iterations apart are one step)",
    source: '#include <cilk/cilk.h>\nvoid f(int n, long *p){\n  cilk_for (int i = 0; i < n; i += 2)\n    p[i + 2] = p[i] + 3;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'p[i + 2]',
    message: "data race: an iteration of 'cilk_for' writes 'p[i + 2]' here, and the iteration 2 apart reads that element as 'p[i]': they run at once; the loop carries a dependence (keep it serial)",
    data: { variable: 'p' },
  },

  // ---- MF404 shared anyway ----
  {
    name: 'shared(const local)',
    source: 'int g(int n);\nvoid f(int n, int *out){\n  const int c = 4;\n  meta_fork shared(c) { out[0] = g(c); }\n  meta_join;\n}\n',
    code: 'MF404', message: "'c' is const, so it is shared without 'shared(...)'", covers: 'c', after: 'c)',
    data: { variable: 'c' },
  },
  {
    name: 'shared(array)',
    source: 'int g(int n);\nvoid f(int n){\n  int a[4];\n  meta_fork shared(a) { a[0] = g(n); }\n  meta_join;\n}\n',
    code: 'MF404', message: "'a' is array-typed, so it is shared without 'shared(...)'", covers: 'a', after: 'a)',
    data: { variable: 'a' },
  },
  {
    name: 'shared(pointer)',
    source: 'int g(int n);\nvoid f(int n, int *p){\n  meta_fork shared(p) { p[0] = g(n); }\n  meta_join;\n}\n',
    code: 'MF404', message: "'p' is pointer-typed, so it is shared without 'shared(...)'", covers: 'p', after: 'shared(p)',
    data: { variable: 'p' },
  },
  {
    name: 'shared(static local)',
    source: 'int g(int n);\nvoid f(int n){\n  static int s;\n  meta_fork shared(s) { s = g(n); }\n  meta_join;\n}\n',
    code: 'MF404', message: "'s' is static, so it is shared without 'shared(...)'", covers: 's', after: 's)',
    data: { variable: 's' },
  },

  // ---- MF406 a running spawn's pointer argument written through by its parent ----
  {
    name: "an OpenMP task's shared result read by the thread that created it before the taskwait (DataRaceBench 106's fib)",
    source: 'int g(int n);\nint f(int n){\n  int x = 0, y = 0;\n#pragma omp parallel\n#pragma omp single\n  {\n#pragma omp task shared(x)\n    x = g(n);\n    y = x + 1;\n#pragma omp taskwait\n  }\n  return x + y;\n}\n', file: 'a.c',
    code: 'MF406', covers: 'x', after: 'x + 1',
    message: "data race: the task still running writes 'x' (line 8), which it shares, and the thread that created it uses it here before a '#pragma omp taskwait' (or the barrier) that waits for it: move this after one",
    data: { variable: 'x' },
  },
  {
    name: 'a variable a running block spawn shares and writes, read by the parent before the join',
    source: 'int g(int n);\nint f(int n){\n  int x = 0;\n  meta_fork shared(x) { x = g(n); }\n  int y = x + 1;\n  meta_join;\n  return x + y;\n}\n',
    code: 'MF406', covers: 'x', after: 'x + 1',
    message: "data race: the 'meta_fork' block still running writes 'x' (line 4), which it shares, and the parent uses it here before the join that waits for the block: move this after the join",
    data: { variable: 'x' },
  },
  {
    name: 'the next iteration writes the buffer a MetaFork spawn of this one received',
    source: 'int g(int n, char *b);\nvoid f(int n, char *b, int *out) {\n  for (int i = 0; i < n; i++) {\n    b[0] = (char)i;\n    out[i] = meta_fork g(n, b);\n  }\n  meta_join;\n}\n',
    code: 'MF406', covers: 'b[0]', after: 'b[0] =',
    message: "data race: the spawned call 'g(n, b)' receives 'b', and the parent writes 'b[0]' here before that spawn is joined: the child may read the new value (copy what it reads before spawning, or join first)",
    data: { variable: 'b' },
  },
  {
    name: "the OpenCilk tutorial's nqueens shape: a board written after its cilk_spawn, in a cilk_scope",
    source: 'int q(int n, int j, char *b);\nint f(int n, int j, char *b, int *count) {\n  cilk_scope {\n    for (int i = 0; i < n; i++) {\n      b[j] = i;\n      count[i] = cilk_spawn q(n, j + 1, b);\n    }\n  }\n  return count[0];\n}\n', file: 'a.c',
    code: 'MF406', covers: 'b[j]', after: 'b[j] =',
    message: "data race: the spawned call 'q(n, j + 1, b)' receives 'b', and the parent writes 'b[j]' here before that spawn is joined: the child may read the new value (copy what it reads before spawning, or join first)",
    data: { variable: 'b' },
  },

  {
    name: 'a variable whose address a running spawn received, assigned by the parent',
    source: 'void g(int *r);\nint f(void) {\n  int x = 0;\n  meta_fork g(&x);\n  x = 5;\n  meta_join;\n  return x;\n}\n',
    code: 'MF406', covers: 'x', after: 'x = 5',
    message: "data race: the spawned call 'g(&x)' receives '&x', and the parent writes 'x' here before that spawn is joined: the child may read the new value (copy what it reads before spawning, or join first)",
    data: { variable: 'x' },
  },

  {
    name: "a spawned call's receiver printed by the parent before the cilk_sync",
    source: '#include <stdio.h>\nint g(int n);\nint f(int n){\n  int r = cilk_spawn g(n);\n  printf("%d\\n", r);\n  cilk_sync;\n  return r;\n}\n', file: 'a.c',
    code: 'MF406', covers: 'r', after: 'n", r',
    message: "data race: 'r' receives the result of the call spawned on line 4 when that call returns, and the parent uses it here before the 'cilk_sync' that waits for it: move this after the join",
    data: { variable: 'r' },
  },
  {
    name: "a MetaFork spawn's receiver in one branch of an if, read in that branch before the join",
    source: 'int g(int n);\nint f(int n){\n  int a, b;\n  if (n > 2) {\n    a = meta_fork g(n);\n    b = g(n - 1);\n  } else {\n    a = meta_fork g(n + 5);\n    b = a + 1;\n  }\n  meta_join;\n  return a + b;\n}\n',
    code: 'MF406', covers: 'a', after: 'b = a',
    message: "data race: 'a' receives the result of the call spawned on line 8 when that call returns, and the parent uses it here before the 'meta_join' that waits for it: move this after the join",
    data: { variable: 'a' },
  },
  {
    name: "a spawned call's receiver returned with no cilk_sync (the function's implicit one comes after the return value is read)",
    source: 'int g(int n);\nint f(int n){\n  int q = cilk_spawn g(n);\n  return q;\n}\n', file: 'a.c',
    code: 'MF406', covers: 'q', after: 'return q',
    message: "data race: 'q' receives the result of the call spawned on line 3 when that call returns, and the parent uses it here before the 'cilk_sync' that waits for it: move this after the join",
    data: { variable: 'q' },
  },

  {
    name: 'a shared scalar two sections write (DataRaceBench 023)',
    source: 'int f(void){\n  int i = 0;\n#pragma omp parallel sections\n  {\n#pragma omp section\n    i = 1;\n#pragma omp section\n    i = 2;\n  }\n  return i;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'i', after: '    i = 1',
    message: "data race: 'i' is shared by the sections of '#pragma omp parallel sections' (OpenMP default: shared), written in one section here and used in another at line 8: the sections may run at once on different threads (make 'i' private or lastprivate, or protect its uses with '#pragma omp critical')",
    data: { variable: 'i' },
  },
  {
    name: "a scalar the statements before the first 'section' (a section of their own) read and a section writes, each under a critical section of another name",
    source: 'int g(int n);\nint f(int n){\n  int size = 0, seen = 0;\n#pragma omp parallel\n  {\n#pragma omp sections\n    {\n#pragma omp critical(A)\n      seen = size;\n#pragma omp section\n      {\n#pragma omp critical(B)\n        size += g(n);\n      }\n    }\n  }\n  return seen;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'size', after: '        size +',
    message: "data race: 'size' is shared by the sections of '#pragma omp sections' (OpenMP default: shared), written in one section here and used in another at line 9: the sections may run at once on different threads (make 'size' private or lastprivate, or protect its uses with '#pragma omp critical')",
    data: { variable: 'size' },
  },

  {
    name: "an element one iteration writes and every other reads (DataRaceBench 039: 'a[i] = a[i] + a[0]')",
    source: 'void f(int n, int *a){\n#pragma omp parallel for\n  for (int i = 0; i < n; i++)\n    a[i] = a[i] + a[0];\n}\n', file: 'a.c',
    code: 'MF403', covers: 'a[i]', after: '    a[i] =',
    message: "data race: the iteration i = 0 of '#pragma omp parallel for' writes 'a[i]' here, the element the other iterations read as 'a[0]', and they run at once (copy it into a variable before the loop, or keep the loop serial)",
    data: { variable: 'a' },
  },
  {
    name: 'a row element of a 2-D array one iteration between constant bounds writes (cilk_for)',
    source: 'void f(double c[10][10]){\n  cilk_for (int i = 0; i < 10; i++)\n    c[i][3] = c[4][3] + c[i][3];\n}\n', file: 'a.c',
    code: 'MF403', covers: 'c[i][3]', after: '    c[i][3] =',
    message: "data race: the iteration i = 4 of 'cilk_for' writes 'c[i][3]' here, the element the other iterations read as 'c[4][3]', and they run at once (copy it into a variable before the loop, or keep the loop serial)",
    data: { variable: 'c' },
  },

  {
    name: 'two tasks created one after the other, with no taskwait or depend, writing one shared scalar (DataRaceBench 027)',
    source: 'int f(void){\n  int i = 0;\n#pragma omp parallel\n#pragma omp single\n  {\n#pragma omp task\n    i = 1;\n#pragma omp task\n    i = 2;\n  }\n  return i;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'i', after: '    i = 2',
    message: "data race: the task created on line 6 and this one (no taskwait between them, no 'depend' ordering them) both use 'i', and one of them writes it: they may run at once (add 'depend' clauses, or '#pragma omp taskwait' between them)",
    data: { variable: 'i' },
  },
  {
    name: 'a task created in each iteration of a loop, each adding to one shared sum',
    source: 'int f(int n, const int *a){\n  int sum = 0;\n#pragma omp parallel\n#pragma omp single\n  for (int k = 0; k < n; k++) {\n#pragma omp task firstprivate(k)\n    sum += a[k];\n  }\n  return sum;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'sum', after: '    sum +=',
    message: "data race: 'sum' is shared by the tasks this '#pragma omp task' creates in each iteration of the loop on line 5, and one writes it here while another may use it: they may run at once (protect it with 'atomic' or 'critical', or give each task its own)",
    data: { variable: 'sum' },
  },
  {
    name: 'a task every thread of a region creates, each incrementing one shared counter',
    source: 'int f(void){\n  int z = 0;\n#pragma omp parallel\n  {\n#pragma omp task\n    z++;\n  }\n  return z;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'z', after: '    z++',
    message: "data race: 'z' is shared by the tasks this '#pragma omp task' creates in every thread of the '#pragma omp parallel' region on line 3, and one writes it here while another may use it: they may run at once (protect it with 'atomic' or 'critical', or give each task its own)",
    data: { variable: 'z' },
  },

  {
    name: "a task's shared result read after an 'if(0)' task whose depend names only another variable's (DataRaceBench 131), or reads it as the writer reads it (two 'in's do not order: 134)",
    source: 'int f(void){\n  int x = 0, y = 2;\n#pragma omp task depend(inout: x) shared(x)\n  x++;\n#pragma omp task depend(in: x) depend(inout: y) shared(x, y)\n  y -= x;\n#pragma omp task depend(in: x) if(0)\n  {}\n  int seen = x + y;\n#pragma omp taskwait\n  return seen;\n}\n', file: 'a.c',
    code: 'MF406', covers: 'y', after: 'x + y',
    message: "data race: the task still running writes 'y' (line 6), which it shares, and the thread that created it uses it here before a '#pragma omp taskwait' (or the barrier) that waits for it: move this after one",
    data: { variable: 'y' },
  },

  {
    name: "a function writing a static local, which every thread of a region calls (DataRaceBench 082)",
    source: 'void foo(void){\n  static int q;\n  q += 1;\n}\nvoid f(void){\n#pragma omp parallel\n  {\n    foo();\n  }\n}\n', file: 'a.c',
    code: 'MF403', covers: 'foo', after: '    foo',
    message: "data race: 'foo' writes 'q', a static local (line 3), and every thread of '#pragma omp parallel' calls it here: the calls run at once (protect the call or the write with '#pragma omp critical', or give each caller its own)",
    data: { variable: 'q' },
  },
  {
    name: 'a function incrementing a global, which every iteration of a cilk_for calls',
    source: 'int counter;\nvoid bump(void) { counter++; }\nvoid f(int n, int *a){\n  cilk_for (int i = 0; i < n; i++) {\n    a[i] = i;\n    bump();\n  }\n}\n', file: 'a.c',
    code: 'MF403', covers: 'bump', after: '    bump',
    message: "data race: 'bump' writes 'counter', a global (line 2), and every iteration of 'cilk_for' calls it here: the calls run at once (protect the call or the write with '#pragma omp critical', or give each caller its own)",
    data: { variable: 'counter' },
  },

  {
    name: "a function writing through its pointer parameter, which every thread of a region calls with a shared variable's address (DataRaceBench 080)",
    source: 'void f1(int *q){\n  *q += 1;\n}\nint f(void){\n  int i = 0;\n#pragma omp parallel\n  {\n    f1(&i);\n  }\n  return i;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'f1', after: '    f1',
    message: "data race: 'f1' writes through its parameter 'q' (line 2), and every thread of '#pragma omp parallel' calls it here with '&i', the same variable for all: the calls run at once (protect the call or the write with '#pragma omp critical', or give each caller its own)",
    data: { variable: 'i' },
  },

  {
    name: "two iterations meeting through indices that move at different rates (DataRaceBench 033: 'a[2*i+1] = a[i] + 1')",
    source: 'void f(int *a){\n#pragma omp parallel for\n  for (int i = 0; i < 1000; i++)\n    a[2 * i + 1] = a[i] + 1;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'a[2 * i + 1]', after: '    a[2',
    message: "data race: the iteration i = 0 of '#pragma omp parallel for' writes 'a[2 * i + 1]' here, the element the iteration i = 1 reads as 'a[i]', and they run at once: the loop carries a dependence (keep it serial)",
    data: { variable: 'a' },
  },
  {
    name: 'a write one iteration makes that a later iteration between constant bounds reads (meta_for)',
    source: 'void f(int *c){\n  meta_for (int i = 0; i < 50; i++)\n    c[2 * i + 1] = c[i + 60] * 2;\n}\n',
    code: 'MF403', covers: 'c[2 * i + 1]', after: '    c[2',
    message: "data race: the iteration i = 30 of 'meta_for' writes 'c[2 * i + 1]' here, the element the iteration i = 1 reads as 'c[i + 60]', and they run at once: the loop carries a dependence (keep it serial)",
    data: { variable: 'c' },
  },

  {
    name: "two tasks with depend clauses that order neither against the other, both adding to one variable (DataRaceBench 136)",
    source: 'int f(void){\n  int a = 0, b = 0, c = 0;\n#pragma omp parallel\n#pragma omp single\n  {\n#pragma omp task depend(out: a) shared(a)\n    a = 2;\n#pragma omp task depend(in: a) shared(a, c)\n    c += a;\n#pragma omp task depend(in: b) shared(b, c)\n    c += b;\n  }\n  return c;\n}\n', file: 'a.c',
    code: 'MF403', covers: 'c', after: '    c += b',
    message: "data race: the task created on line 8 and this one (no taskwait between them, no 'depend' ordering them) both use 'c', and one of them writes it: they may run at once (add 'depend' clauses, or '#pragma omp taskwait' between them)",
    data: { variable: 'c' },
  },

  // ---- MF405 default(none) ----
  {
    name: 'parallel for with default(none) not listing n',
    source: 'void f(int n, int *a){\n  int s = 0;\n#pragma omp parallel for default(none) shared(a) reduction(+: s)\n  for (int i = 0; i < n; i++) s += a[i] * n;\n}\n', file: 'a.c',
    code: 'MF405', message: "'n' must appear in a data-sharing clause: '#pragma omp parallel for' has default(none)", covers: 'n', after: 'n; i++',
    data: { variable: 'n', fits: 'shared(n)' },
  },
  {
    name: 'parallel region with default(none) not listing t',
    source: 'void f(int n, int *a){\n  int t;\n#pragma omp parallel default(none) shared(a)\n  {\n    t = a[0];\n  }\n}\n', file: 'a.c',
    code: 'MF405', message: "'t' must appear in a data-sharing clause: '#pragma omp parallel' has default(none)", covers: 't', after: 't = a',
    data: { variable: 't', fits: 'private(t)' },
  },
  // The clause that keeps what the loop computes is the preferred fix; where none does, none is.
  {
    name: 'default(none): a temporary each iteration sets first fits private, not shared (shared would race)',
    source: 'double f(int n, double *a){\n  int t; double s = 0;\n#pragma omp parallel for default(none) shared(a, n) reduction(+: s)\n  for (int i = 0; i < n; i++) { t = (int)a[i] * 2; s += t; }\n  return s;\n}\n', file: 'a.c',
    code: 'MF405', message: "'t' must appear in a data-sharing clause: '#pragma omp parallel for' has default(none)", covers: 't', after: 't = (int)',
    data: { variable: 't', fits: 'private(t)' },
  },
  {
    name: 'default(none): a sum fits its reduction',
    source: 'double f(int n, double *a){\n  double s = 0;\n#pragma omp parallel for default(none) shared(a, n)\n  for (int i = 0; i < n; i++) s = s + a[i];\n  return s;\n}\n', file: 'a.c',
    code: 'MF405', message: "'s' must appear in a data-sharing clause: '#pragma omp parallel for' has default(none)", covers: 's', after: 's = s',
    data: { variable: 's', fits: 'reduction(+: s)' },
  },
  {
    name: "default(none): a value a 'single' sets for every thread, read after its barrier, fits shared (private would lose it)",
    source: 'int g(void);\nvoid f(int *a){\n  int x;\n#pragma omp parallel default(none) shared(a)\n  {\n#pragma omp single\n    x = g();\n#pragma omp atomic\n    a[0] += x;\n  }\n}\n', file: 'a.c',
    code: 'MF405', message: "'x' must appear in a data-sharing clause: '#pragma omp parallel' has default(none)", covers: 'x', after: 'x = g',
    data: { variable: 'x', fits: 'shared(x)' },
  },
  {
    name: "default(none): a value a 'single nowait' sets (no barrier after it) fits no clause",
    source: 'int g(void);\nvoid f(int *a){\n  int x;\n#pragma omp parallel default(none) shared(a)\n  {\n#pragma omp single nowait\n    x = g();\n#pragma omp atomic\n    a[0] += x;\n  }\n}\n', file: 'a.c',
    code: 'MF405', message: "'x' must appear in a data-sharing clause: '#pragma omp parallel' has default(none)", covers: 'x', after: 'x = g',
    data: { variable: 'x' },
  },
  {
    name: 'default(none): a running value read before it is set fits no clause',
    source: 'void f(int n, double *a, double *b){\n  double m = 0;\n#pragma omp parallel for default(none) shared(a, b, n)\n  for (int i = 0; i < n; i++) { m = m + a[i]; b[i] = m; }\n}\n', file: 'a.c',
    code: 'MF405', message: "'m' must appear in a data-sharing clause: '#pragma omp parallel for' has default(none)", covers: 'm', after: 'm = m',
    data: { variable: 'm' },
  },
];

runCases(cases);

runClean([
  { name: "thread 0's write published by an atomic release write, which the others poll with an atomic acquire read (the validation suites' handshake)", source: '#include <omp.h>\nint f(void){\n  int x = 0, y = 0, bad = 0;\n#pragma omp parallel num_threads(2)\n  {\n    if (omp_get_thread_num() == 0) {\n      x = 10;\n#pragma omp atomic write release\n      y = 1;\n    } else {\n      int t = 0;\n      while (t == 0) {\n#pragma omp atomic read acquire\n        t = y;\n      }\n#pragma omp atomic\n      bad += x != 10;\n    }\n  }\n  return bad;\n}\n', file: 'a.c' },
  { name: "thread 0's write the others meet past a call of the file's own function (a barrier written by hand may wait there)", source: '#include <omp.h>\nvoid wait_all(int tid);\nint f(void){\n  int x = 1, seen = 0;\n#pragma omp parallel\n  {\n    int tid = omp_get_thread_num();\n    if (tid == 0)\n      x = 0;\n    wait_all(tid);\n#pragma omp atomic\n    seen += x;\n  }\n  return seen;\n}\n', file: 'a.c' },
  { name: "elements of 'for nowait' loops met again only by a later work-sharing loop, or past a barrier", source: 'int f(int n, int *a, int *b){\n  int s = 0;\n#pragma omp parallel\n  {\n#pragma omp for nowait schedule(static)\n    for (int i = 0; i < n; i++)\n      a[i] = i * 5;\n#pragma omp for nowait schedule(static)\n    for (int i = 0; i < n; i++)\n      b[i] = a[i] + 1;\n#pragma omp barrier\n#pragma omp single\n    s = a[9] + b[9];\n  }\n  return s;\n}\n', file: 'a.c' },
  { name: "one thread's writes the others meet only past a barrier (explicit, or a work-sharing loop's), or only in another 'master'", source: '#include <omp.h>\nint nthreads, total;\nvoid f(int n, double *a) {\n  int once = 0, x = 0;\n#pragma omp parallel\n  {\n#pragma omp master\n    nthreads = omp_get_num_threads();\n#pragma omp barrier\n    int me = nthreads;\n#pragma omp master\n    total = me;\n#pragma omp master\n    total += 1;\n#pragma omp single nowait\n    once = 1;\n#pragma omp for\n    for (int i = 0; i < n; i++) a[i] = i;\n#pragma omp atomic\n    x += once;\n  }\n}\n', file: 'a.c' },
  // Array elements the dependence test cannot prove two iterations meet on, or that do not race.
  { name: "array elements of an iteration's own ('a[i] = a[i] + b[i]'), of another array, and under a branch that separates them ('if (i % 2 == 0) a[i] = a[i + 1]')", source: 'void f(int n, int *a, int *b){\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n    a[i] = a[i] + b[i];\n    if (i % 2 == 0) b[i] = b[i + 1];\n  }\n}\n', file: 'a.c' },
  { name: "a loop-carried element under 'ordered', 'critical' or 'atomic', in a loop only vectorised as far apart as its 'safelen' ('simd safelen(2)', 'target simd safelen(4)'), with the array private, with a step the distance is no multiple of", source: 'void f(int n, int *a){\n  int t[8];\n#pragma omp parallel for ordered\n  for (int i = 1; i < n; i++) {\n#pragma omp ordered\n    a[i] = a[i - 1] + 1;\n  }\n#pragma omp parallel for\n  for (int i = 1; i < n; i++) {\n#pragma omp critical\n    a[i] += a[i - 1];\n  }\n#pragma omp simd safelen(2)\n  for (int i = 2; i < n; i++) a[i] = a[i - 2] * 2;\n#pragma omp target simd safelen(4) map(tofrom: a[0:n])\n  for (int i = 4; i < n; i++) a[i] = a[i - 4] * 2;\n#pragma omp parallel for private(t)\n  for (int i = 1; i < 8; i++) { t[i] = i; t[i - 1] = t[i]; }\n#pragma omp parallel for\n  for (int i = 0; i < n - 1; i += 2) a[i] = a[i + 1];\n}\n', file: 'a.c' },
  { name: "iterations that wait for each other by hand (NAS LU's pipeline: a flag polled under 'flush')", source: 'volatile int flag[64];\nvoid f(int n, double v[64][8]){\n#pragma omp parallel\n  {\n#pragma omp for nowait schedule(static)\n    for (int i = 1; i < 64; i++) {\n      while (flag[i - 1] == 0) {\n#pragma omp flush(flag)\n      }\n      for (int j = 0; j < 8; j++) v[i][j] += v[i - 1][j];\n      flag[i] = 1;\n#pragma omp flush(flag)\n    }\n  }\n}\n', file: 'a.c' },
  { name: 'shared(global) is accepted silently', source: 'int g(int n);\nint total;\nvoid f(int n){\n  meta_fork shared(total) { total = g(n); }\n  meta_join;\n}\n' },
  { name: "spawned calls' receivers used after the join, in the other branch of an if (OpenCilk's rectmul shape), or only when the iteration of a parallel loop that spawned them has ended", source: 'int g(int n);\nint f(int n, int *out){\n  int a, b, c;\n  if (n > 2) {\n    a = cilk_spawn g(n);\n    b = g(n - 1);\n  } else {\n    a = cilk_spawn g(n + 5);\n    b = g(n);\n  }\n  c = cilk_spawn g(b);\n  cilk_sync;\n  cilk_for (int i = 0; i < n; i++) {\n    int t = cilk_spawn g(i);\n    out[i] = i;\n  }\n  return a + b + c;\n}\n', file: 'a.c' },
  { name: "sections writing a scalar lastprivate, firstprivate, under one critical name, under one lock, atomically, or handing it over by a flag polled under a critical section (DataRaceBench 069, 126, 192)", source: '#include <omp.h>\nint g(int n);\nint f(int n){\n  int a = 0, b = 0, c = 0, d = 0, e = 0, x = 0, s = 0;\n  omp_lock_t l;\n#pragma omp parallel sections lastprivate(a) firstprivate(b)\n  {\n#pragma omp section\n    { a = 1; b = 1;\n#pragma omp critical(k)\n      c += 1;\n      omp_set_lock(&l);\n      d += 1;\n      omp_unset_lock(&l);\n#pragma omp atomic\n      e += 1;\n    }\n#pragma omp section\n    { a = 2; b = 2;\n#pragma omp critical(k)\n      c += 2;\n      omp_set_lock(&l);\n      d += 2;\n      omp_unset_lock(&l);\n#pragma omp atomic\n      e += 2;\n    }\n  }\n#pragma omp parallel sections shared(x, s)\n  {\n#pragma omp section\n    {\n      x = 1;\n#pragma omp critical\n      s = 1;\n    }\n#pragma omp section\n    {\n      int done = 0;\n      while (!done) {\n#pragma omp critical\n        { if (s) done = 1; }\n      }\n      x = 2;\n    }\n  }\n  return a + b + c + d + e + x;\n}\n', file: 'a.c' },
  { name: "an element no iteration writes (the loop starts past it, or its steps skip it), one read under a branch, under 'critical', or of a private array", source: 'void f(int n, int *a, int *b){\n  int t[8] = {0};\n#pragma omp parallel for\n  for (int i = 1; i < n; i++) a[i] = a[i] + a[0];\n#pragma omp parallel for\n  for (int i = 0; i < 50; i += 2) b[i] = b[7] + 1;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) { if (i > 0) a[i] = a[0]; }\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n#pragma omp critical\n    b[i] = b[i] + b[0];\n  }\n#pragma omp parallel for firstprivate(t)\n  for (int i = 0; i < 8; i++) t[i] = t[0] + i;\n}\n', file: 'a.c' },
  { name: "tasks writing different variables (BOTS's fib), in the two branches of an if, ordered by depend or a taskwait, inside a taskgroup ended before the next, updating atomically, undeferred by an 'if', or waited for in their loop's iteration", source: 'int g(int n);\nint f(int n, int *a){\n  int x = 0, y = 0, i = 0, s = 0, u = 0;\n#pragma omp parallel\n#pragma omp single\n  {\n    if (n > 2) {\n#pragma omp task shared(x)\n      x = g(n);\n    } else {\n#pragma omp task shared(x)\n      x = g(2);\n    }\n#pragma omp taskwait\n#pragma omp task shared(x)\n    x = g(n);\n#pragma omp task shared(y)\n    y = g(n - 1);\n#pragma omp taskwait\n#pragma omp task depend(out: i) shared(i)\n    i = 1;\n#pragma omp task depend(inout: i) shared(i)\n    i += 2;\n#pragma omp taskwait\n#pragma omp taskgroup\n    {\n#pragma omp task shared(i)\n      i = 3;\n    }\n#pragma omp task shared(i)\n    i = 4;\n#pragma omp taskwait\n    for (int k = 0; k < n; k++) {\n#pragma omp task firstprivate(k)\n      {\n#pragma omp atomic\n        s += a[k];\n      }\n#pragma omp task if(k > 100) firstprivate(k)\n      u += k;\n    }\n    for (int k = 0; k < n; k++) {\n#pragma omp task firstprivate(k) shared(y)\n      y += a[k];\n#pragma omp taskwait\n    }\n  }\n  return x + y + i + s + u;\n}\n', file: 'a.c' },
  { name: "tasks adding to a taskgroup's task_reduction through in_reduction", source: 'int f(int n){\n  long sum = 0;\n#pragma omp parallel\n#pragma omp single\n#pragma omp taskgroup task_reduction(+: sum)\n  for (int k = 0; k < n; k++) {\n#pragma omp task in_reduction(+: sum) firstprivate(k)\n    sum += k;\n  }\n  return (int)sum;\n}\n', file: 'a.c' },
  { name: "calls of functions writing globals under critical, single or thread 0's branch; functions taking a lock, writing a threadprivate or _Atomic global, or only locals", source: '#include <omp.h>\nint counter, tp;\n#pragma omp threadprivate(tp)\n_Atomic int hits;\nomp_lock_t l;\nvoid bump(void) { counter++; }\nvoid locked(void) { omp_set_lock(&l); counter++; omp_unset_lock(&l); }\nvoid mine(void) { tp++; hits++; }\nint pure(int x) { int t = x * 2; return t + 1; }\nvoid team(int n, int *a) {\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) a[i] = counter;\n}\nvoid f(int n, int *a){\n#pragma omp parallel\n  {\n#pragma omp critical\n    bump();\n#pragma omp single\n    bump();\n    if (omp_get_thread_num() == 0) bump();\n    locked();\n    mine();\n  }\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) a[i] = pure(i);\n  team(n, a);\n}\n', file: 'a.c' },
  { name: "calls passing by value (DataRaceBench 081), the address of each thread's own variable or of each iteration's element, to a function that points its parameter elsewhere first", source: 'void inc(int *q) { *q += 1; }\nvoid byValue(int q) { q += 1; }\nvoid moved(int *q, int *r) { q = r; *q = 0; }\nint f(int *a, int *b){\n  int i = 0;\n#pragma omp parallel\n  {\n    byValue(i);\n    int mine = 0;\n    inc(&mine);\n  }\n#pragma omp parallel for\n  for (int k = 0; k < 10; k++) { inc(&a[k]); moved(&i, &b[k]); }\n  return i;\n}\n', file: 'a.c' },
  { name: "indices moving at different rates that never meet on an iteration the loop is known to take ('b[2 * i] = b[i]' reads its own element at i = 0, bounds unknown past it; 'c[2 * i] = c[4 * i + 1]' parity; 'd[2 * i] = d[i + 50]' beyond the bounds)", source: 'void f(int n, int *b, int *c, int *d){\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) b[2 * i] = b[i] + 1;\n#pragma omp parallel for\n  for (int i = 0; i < 20; i++) c[2 * i] = c[4 * i + 1];\n#pragma omp parallel for\n  for (int i = 0; i < 20; i++) d[2 * i] = d[i + 50];\n}\n', file: 'a.c' },
  { name: "tasks ordered by depend through a chain of tasks between them, or by omp_all_memory", source: 'int f(void){\n  int x = 0, y = 0, z = 0;\n#pragma omp parallel\n#pragma omp single\n  {\n#pragma omp task depend(out: x) shared(x, z)\n    { x = 1; z = 1; }\n#pragma omp task depend(in: x) depend(out: y) shared(x, y)\n    y = x;\n#pragma omp task depend(in: y) shared(y, z)\n    z += y;\n#pragma omp task depend(inout: omp_all_memory) shared(z)\n    z *= 2;\n  }\n  return z;\n}\n', file: 'a.c' },
  { name: 'meta_fork shared(x) writes the parent variable', source: 'int g(int n);\nint f(int n){\n  int x = 0;\n  meta_fork shared(x) { x = g(n); }\n  meta_join;\n  return x;\n}\n' },
  { name: 'private x never read after the block', source: 'int g(int n);\nvoid f(int n){\n  int x = 0;\n  meta_fork { x = g(n); g(x); }\n  meta_join;\n}\n' },
  { name: 'block spawn writing an array element, a global and a block local', source: 'int g(int n);\nint G;\nint f(int n, int *out){\n  int a[2];\n  meta_fork { int x = g(n); a[0] = x; G = x; out[0] = x; }\n  meta_join;\n  return a[0] + G + out[0];\n}\n' },
  { name: 'meta_for writing a local and array elements', source: 'void f(int n, int *a, int *b){\n  meta_for (int i = 0; i < n; i++) {\n    int t = a[i] * 2;\n    t += 1;\n    b[i] += t;\n  }\n}\n' },
  { name: 'a spawn\'s buffer written after its join', source: 'int g(char *b);\nint f(char *b){\n  int x = meta_fork g(b);\n  meta_join;\n  b[0] = 1;\n  return x;\n}\n' },
  { name: 'a variable whose address a spawn received, assigned after the join', source: 'void g(int *r);\nint f(void) {\n  int x = 0;\n  meta_fork g(&x);\n  meta_join;\n  x += 5;\n  return x;\n}\n' },
  { name: "each iteration writes its own slot of the array it hands to its spawn (count[i] = 0; f(count, i))", source: 'void solve(long *count, int i);\nvoid f(int n, long *count){\n  for (int i = 0; i < n; i++) {\n    count[i] = 0;\n    meta_fork solve(count, i);\n  }\n  meta_join;\n}\n' },
  { name: "an array's address handed to a spawn (as the CilkPlus outlining passes a shared one), its slots written per iteration", source: 'void solve(long (*count)[8], int i);\nvoid f(void){\n  long count[8];\n  for (int i = 0; i < 8; i++) {\n    count[i] = 0;\n    meta_fork solve(&count, i);\n  }\n  meta_join;\n}\n' },
  { name: 'each spawn gets a buffer of its own (the pointer set again before the write)', source: '#include <stdlib.h>\nint g(char *b);\nvoid f(int n, int *out){\n  char *b;\n  for (int i = 0; i < n; i++) {\n    b = malloc(4);\n    b[0] = (char)i;\n    out[i] = meta_fork g(b);\n  }\n  meta_join;\n}\n' },
  { name: 'each spawn gets a buffer declared in its iteration', source: 'int g(char *b);\nvoid f(int n, int *out){\n  for (int i = 0; i < n; i++) {\n    char b[4];\n    b[0] = (char)i;\n    out[i] = meta_fork g(b);\n    meta_join;\n  }\n}\n' },
  { name: 'meta_for with reduction(+: sum)', source: 'int f(int n, int *a){\n  int sum = 0;\n  meta_for reduction(+: sum) (int i = 0; i < n; i++) {\n    sum += a[i];\n  }\n  return sum;\n}\n' },
  // What the translations of OpenMP regions write (translate/spmd): one thread's work, a lock held.
  { name: "an orphaned '#pragma omp for' (NAS BT's work functions, called in regions): each thread's call of the function has its own locals", source: 'static double u[64][64];\nstatic void add(int n) {\n  int i, j;\n  double t;\n#pragma omp for\n  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++) { t = u[i][j]; u[i][j] = t + n; }\n}\nvoid step(int n) {\n#pragma omp parallel\n  add(n);\n}\n', file: 'a.c' },
  { name: 'a threadprivate global written in a parallel loop (each thread its copy)', source: 'int sum0;\n#pragma omp threadprivate(sum0)\nvoid f(int n){\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) sum0 += i;\n}\n', file: 'a.c' },
  { name: 'writes under critical sections of one name, unnamed ones, atomic updates, and one lock: each pair excludes', source: '#include <omp.h>\nomp_lock_t l;\nvoid f(int n){\n  long a = 0, b = 0, c = 0, d = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n#pragma omp critical(acc)\n    a += i;\n#pragma omp critical(acc)\n    { a -= 1; }\n#pragma omp critical\n    b++;\n#pragma omp critical\n    b--;\n#pragma omp atomic\n    c++;\n#pragma omp atomic update\n    c += 2;\n    omp_set_lock(&l);\n    d++;\n    omp_unset_lock(&l);\n    omp_set_lock(&l);\n    d--;\n    omp_unset_lock(&l);\n  }\n}\n', file: 'a.c' },
  { name: "an OpenMP task's shared result read after the taskwait, after an 'if(0)' task depending on it (DataRaceBench's idiom), in a later task, and after the single's barrier", source: 'int g(int n);\nint f(int n){\n  int x = 0, y = 0, z = 0, w = 0;\n#pragma omp parallel\n  {\n#pragma omp single\n    {\n#pragma omp task shared(x)\n      x = g(n);\n#pragma omp taskwait\n      y = x;\n#pragma omp task depend(inout: z) shared(z)\n      z = g(n);\n#pragma omp task depend(in: z) if(0)\n      {}\n      y += z;\n#pragma omp task depend(in: z) shared(z, w)\n      w = z;\n    }\n    g(w);\n  }\n  return x + y + w;\n}\n', file: 'a.c' },
  { name: "a write in '#pragma omp ordered' (one iteration at a time, in order)", source: 'int f(int n){\n  int x = 0;\n#pragma omp parallel for ordered\n  for (int i = 0; i < n; i++) {\n#pragma omp ordered\n    x++;\n  }\n  return x;\n}\n', file: 'a.c' },
  { name: "writes only thread 0 makes, in its iterations one after the other ('omp_get_thread_num() == 0')", source: '#include <omp.h>\ndouble f(int n, double *a){\n  double j = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n    a[i] = -1.0;\n    if (omp_get_thread_num() == 0) j = a[0];\n  }\n  return j;\n}\n', file: 'a.c' },
  { name: "a region's writes made by one thread (single under the pragma line, master, a copy of the thread number), under a lock, atomic, or to its own and private variables", source: '#include <omp.h>\nint r;\nint fib(int n);\nvoid f(int n){\n  int t, s = 0, m = 0, c = 0, nthreads = 0;\n  omp_lock_t l;\n#pragma omp parallel\n#pragma omp single\n  r = fib(n);\n#pragma omp parallel private(t)\n  {\n    int id = omp_get_thread_num();\n    t = id * 2;\n    if (id == 0) nthreads = omp_get_num_threads();\n#pragma omp master\n    m = t;\n#pragma omp atomic\n    c++;\n    omp_set_lock(&l);\n    s += t;\n    omp_unset_lock(&l);\n  }\n}\n', file: 'a.c' },
  { name: "a write only the iteration 'mf_tid == 0' makes (a master's)", source: 'int nthreads;\nvoid f(void){\n  const int mf_nthreads = 4;\n  meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {\n    if (mf_tid == 0)\n      nthreads = mf_nthreads;\n  }\n}\n' },
  { name: "one iteration's write, through a copy of the control variable and a conjunct ('id == k && n > 2')", source: 'void f(int n, int k){\n  int x = 0;\n  meta_for (int i = 0; i < n; i++) {\n    int id = i;\n    if (id == k && n > 2) x = id;\n    if (0 == i) { x = 1; }\n  }\n}\n' },
  { name: "a nested meta_for's control variable declared outside both loops (private to it, SPEC §2)", source: 'void f(int n, int *a){\n  int j;\n  meta_for (int i = 0; i < n; i++)\n    meta_for (j = 0; j < n; j++) a[i * n + j] = 0;\n}\n' },
  { name: 'writes between pthread_mutex_lock and pthread_mutex_unlock (a translated critical)', source: '#include <pthread.h>\nstatic pthread_mutex_t mf_critical = PTHREAD_MUTEX_INITIALIZER;\nint f(int n, int *a){\n  int total = 0, tail = 0;\n  meta_for (int i = 0; i < n; i++) {\n    pthread_mutex_lock(&mf_critical);\n    total += a[i];\n    a[tail++] = i;\n    pthread_mutex_unlock(&mf_critical);\n  }\n  return total;\n}\n' },
  { name: 'writes under an OpenMP lock, set or spun for (omp_test_lock, pthread_mutex_trylock)', source: '#include <omp.h>\n#include <pthread.h>\nomp_lock_t l;\npthread_mutex_t m;\nvoid f(int n){\n  long s = 0, t = 0, u = 0;\n  meta_for (int i = 0; i < n; i++) {\n    omp_set_lock(&l);\n    s += i;\n    omp_unset_lock(&l);\n    while (!omp_test_lock(&l)) { }\n    t += i;\n    omp_unset_lock(&l);\n    while (!(pthread_mutex_trylock(&m) == 0)) continue;\n    u += i;\n    pthread_mutex_unlock(&m);\n  }\n}\n' },
  { name: 'an atomic capture whose captured value is private, and the variable it updates', source: 'void f(int n, int *a){\n  int x = 0;\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n    int v;\n#pragma omp atomic capture\n    v = x++;\n    a[i] = v;\n  }\n}\n', file: 'a.c' },
  {
    name: 'OpenMP reduction, private, atomic and full default(none)',
    source: 'int f(int n, int *a){\n  int s = 0, t, c = 0;\n#pragma omp parallel for default(none) shared(a, n) private(t) reduction(+: s)\n  for (int i = 0; i < n; i++) { t = a[i]; s += t; }\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) {\n#pragma omp atomic\n    c += a[i];\n  }\n  return s + c;\n}\n',
    file: 'a.c',
  },
]);
