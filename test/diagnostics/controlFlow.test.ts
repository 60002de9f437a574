// MF311-MF314: branches that leave or enter a parallel region, and MetaFork spawns that can
// reach a return without a join.

import { offsetOf } from '../helpers';
import { Case, runCases, runClean } from './harness';

/** data of MF314: the join to insert, where (the return / closing brace), and the spawn's offset. */
const unjoined = (at: (s: string) => number, spawn: string, insert = 'meta_join;') =>
  (s: string) => ({ insert, at: at(s), spawn: offsetOf(s, spawn) });
const atText = (needle: string, occurrence = 1) => (s: string) => offsetOf(s, needle, occurrence);
const lastBrace = (s: string) => s.lastIndexOf('}');
const TAIL = "without a 'meta_join': meta_fork has no implicit join at return";

const cases: Case[] = [
  // ---- MF311 break / continue ----
  {
    name: 'break out of a meta_fork block inside a while loop',
    source: 'void f(int n){\n  while (n > 0) {\n    meta_fork { if (n == 3) break; n--; }\n  }\n  meta_join;\n}\n',
    code: 'MF311', message: "'break' would leave the parallel region of 'meta_fork'", covers: 'break',
    data: { construct: 'meta_fork' },
  },
  {
    name: 'continue out of a meta_fork block inside a while loop',
    source: 'void g(int);\nvoid f(int n){\n  while (n-- > 0) {\n    meta_fork { if (n == 3) continue; g(n); }\n  }\n  meta_join;\n}\n',
    code: 'MF311', message: "'continue' would leave the parallel region of 'meta_fork'", covers: 'continue',
  },
  {
    name: 'break in a meta_for body',
    source: 'void f(int n, int *a){\n  meta_for (int i = 0; i < n; i++) { if (a[i] < 0) break; a[i] = 1; }\n}\n',
    code: 'MF311', message: "'break' cannot leave the 'meta_for' loop: its iterations run in parallel", covers: 'break',
    data: { construct: 'meta_for' },
  },
  {
    name: "break in an '#pragma omp parallel for' body",
    source: 'void f(int n, int *a){\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) { if (a[i] < 0) break; a[i] = 1; }\n}\n', file: 'a.c',
    code: 'MF311', message: "'break' cannot leave the '#pragma omp parallel for' loop: its iterations run in parallel", covers: 'break',
    data: { construct: '#pragma omp parallel for' },
  },
  {
    name: "break out of an '#pragma omp parallel' region to the enclosing loop",
    source: 'void f(int n){\n  for (;;) {\n#pragma omp parallel\n    { if (n) break; }\n  }\n}\n', file: 'a.c',
    code: 'MF311', message: "'break' would leave the parallel region of '#pragma omp parallel'", covers: 'break',
  },

  // ---- MF312 return ----
  {
    name: 'return from a meta_fork block',
    source: 'int f(int n){\n  meta_fork { if (n < 0) return -1; }\n  meta_join;\n  return 0;\n}\n',
    code: 'MF312', message: "'return' cannot leave the parallel region of 'meta_fork'", covers: 'return', data: { construct: 'meta_fork' },
  },
  {
    name: 'return from a meta_for body',
    source: 'int f(int n, int *a){\n  meta_for (int i = 0; i < n; i++) { if (a[i] < 0) return i; }\n  return -1;\n}\n',
    code: 'MF312', message: "'return' cannot leave the parallel region of 'meta_for'", covers: 'return', data: { construct: 'meta_for' },
  },
  {
    name: "return from an '#pragma omp parallel' region",
    source: 'int f(int n){\n#pragma omp parallel\n  {\n    if (n) return 1;\n  }\n  return 0;\n}\n', file: 'a.c',
    code: 'MF312', message: "'return' cannot leave the parallel region of '#pragma omp parallel'", covers: 'return',
  },
  {
    name: 'return from a cilk_for body',
    source: 'int f(int n, int *a){\n  cilk_for (int i = 0; i < n; i++) { if (a[i] < 0) return i; }\n  return -1;\n}\n', file: 'a.c',
    code: 'MF312', message: "'return' cannot leave the parallel region of 'cilk_for'", covers: 'return',
  },

  // ---- MF313 goto ----
  {
    name: 'goto out of a meta_fork block',
    source: 'void f(int n){\n  meta_fork { if (n < 0) goto done; n++; }\n  meta_join;\ndone:\n  return;\n}\n',
    code: 'MF313', message: "'goto done' would leave the parallel region of 'meta_fork'", covers: 'goto done;', data: { label: 'done' },
  },
  {
    name: 'goto into a meta_fork block',
    source: 'void f(int n){\n  if (n < 0) goto inside;\n  meta_fork {\ninside:\n    n++;\n  }\n  meta_join;\n}\n',
    code: 'MF313', message: "'goto inside' would jump into the parallel region of 'meta_fork'", covers: 'goto inside;', data: { label: 'inside' },
  },
  {
    name: "goto into an '#pragma omp parallel' region",
    source: 'void f(int n){\n  if (n) goto inside;\n#pragma omp parallel\n  {\ninside:\n    n++;\n  }\n}\n', file: 'a.c',
    code: 'MF313', message: "'goto inside' would jump into the parallel region of '#pragma omp parallel'", covers: 'goto inside;',
  },
  {
    name: 'goto from one meta_fork block into another',
    source: 'void f(int n){\n  meta_fork {\n    if (n) goto other;\n  }\n  meta_fork {\n  other:\n    n++;\n  }\n  meta_join;\n}\n',
    code: 'MF313', message: "'goto other' would leave the parallel region of 'meta_fork'", covers: 'goto other;',
  },
  {
    name: 'goto out of a meta_for body',
    source: 'void f(int n, int *a){\n  meta_for (int i = 0; i < n; i++) { if (a[i] < 0) goto out; a[i] = 0; }\nout:\n  return;\n}\n',
    code: 'MF313', message: "'goto out' would leave the parallel region of 'meta_for'", covers: 'goto out;',
  },

  // ---- MF314 spawn reaching a return without a join ----
  {
    name: 'call spawn then return',
    source: 'int fib(int n);\nint f(int n){\n  int x;\n  x = meta_fork fib(n - 1);\n  return x;\n}\n',
    code: 'MF314', message: `'meta_fork fib(n - 1)' (line 4) can reach this return ${TAIL}`, covers: 'return',
    data: unjoined(atText('return'), 'meta_fork'),
  },
  {
    name: 'call spawn then the end of a void function',
    source: 'void g(int n);\nvoid f(int n){\n  meta_fork g(n);\n}\n',
    code: 'MF314', message: `'meta_fork g(n)' (line 3) can reach the end of the function ${TAIL}`, covers: '}', after: '}\n',
    data: unjoined(lastBrace, 'meta_fork'),
  },
  {
    name: 'joined in the then-branch only',
    source: 'int g(int n);\nint f(int n){\n  int x = 0;\n  x = meta_fork g(n);\n  if (n > 2) {\n    meta_join;\n  } else {\n    n++;\n  }\n  return x + n;\n}\n',
    code: 'MF314', message: `'meta_fork g(n)' (line 4) can reach this return ${TAIL}`, covers: 'return',
    data: unjoined(atText('return'), 'meta_fork'),
  },
  {
    name: 'early return in an if before the join',
    source: 'int g(int n);\nint f(int n){\n  int x = 0;\n  x = meta_fork g(n);\n  if (n > 2)\n    return 0;\n  meta_join;\n  return x;\n}\n',
    code: 'MF314', message: `'meta_fork g(n)' (line 4) can reach this return ${TAIL}`, covers: 'return', occurrence: 1,
    data: unjoined(atText('return 0'), 'meta_fork'),
  },
  {
    name: 'spawns in a loop, return after it',
    source: 'void g(int n);\nvoid f(int n){\n  for (int i = 0; i < n; i++) {\n    meta_fork g(i);\n  }\n  return;\n}\n',
    code: 'MF314', message: `'meta_fork g(i)' (line 4) can reach this return ${TAIL}`, covers: 'return',
    data: unjoined(atText('return'), 'meta_fork'),
  },
  {
    name: 'spawn in a do-while loop, end of function',
    source: 'void g(int n);\nvoid f(int n){\n  do {\n    meta_fork g(n);\n  } while (--n > 0);\n}\n',
    code: 'MF314', message: `'meta_fork g(n)' (line 4) can reach the end of the function ${TAIL}`, covers: '}', after: '}\n',
    data: unjoined(lastBrace, 'meta_fork'),
  },
  {
    name: 'joined in one switch case, returning in the default',
    source: 'void g(int n);\nint f(int n){\n  meta_fork g(n);\n  switch (n) {\n    case 1: meta_join; break;\n    default: return 1;\n  }\n  return 0;\n}\n',
    code: 'MF314', message: `'meta_fork g(n)' (line 3) can reach this return ${TAIL}`, covers: 'return', after: 'return 1',
    data: unjoined(atText('return 1'), 'meta_fork'),
  },
  {
    name: 'spawn under an if, then return',
    source: 'void g(int n);\nvoid f(int n){\n  if (n > 0)\n    meta_fork g(n);\n  return;\n}\n',
    code: 'MF314', message: `'meta_fork g(n)' (line 4) can reach this return ${TAIL}`, covers: 'return',
    data: unjoined(atText('return'), 'meta_fork'),
  },
  {
    name: 'spawn in a declaration initializer',
    source: 'int g(int n);\nint f(int n){\n  int x = meta_fork g(n);\n  return x;\n}\n',
    code: 'MF314', message: `'meta_fork g(n)' (line 3) can reach this return ${TAIL}`, covers: 'return',
    data: unjoined(atText('return'), 'meta_fork'),
  },
  {
    name: 'block spawn then the end of the function',
    source: 'void g(int n);\nvoid f(int n){\n  meta_fork { g(n); g(n + 1); }\n}\n',
    code: 'MF314', message: `'meta_fork block' (line 3) can reach the end of the function ${TAIL}`, covers: '}', after: '}\n}',
    occurrence: 2, data: unjoined(lastBrace, 'meta_fork'),
  },
  {
    name: "'#pragma mf fork' then return: the fix inserts '#pragma mf join'",
    source: 'int fib(int n);\nint f(int n){\n  int x;\n#pragma mf fork\n  fib(n);\n  return 0;\n}\n',
    code: 'MF314', message: "'#pragma mf fork fib(n)' (line 4) can reach this return without a '#pragma mf join': meta_fork has no implicit join at return",
    covers: 'return', data: unjoined(atText('return'), '#pragma mf fork', '#pragma mf join'),
  },
  {
    name: 'return inside a loop after a spawn is reported once',
    source: 'void g(int);\nint f(int n){\n  while (n > 0) {\n    meta_fork g(n);\n    if (n == 5) return 1;\n    n--;\n  }\n  meta_join;\n  return 0;\n}\n',
    code: 'MF314', message: `'meta_fork g(n)' (line 4) can reach this return ${TAIL}`, covers: 'return', after: 'return 1',
    data: unjoined(atText('return 1'), 'meta_fork'),
  },
  {
    name: "a 'meta_join' missing its ';' still joins (only MF102)",
    source: 'void g(int);\nvoid f(int n){\n  meta_fork g(n);\n  meta_join\n  g(1);\n}\n',
    code: 'MF102', message: "expected ';' after 'meta_join'", covers: 'meta_join', absent: ['MF314'],
  },
];

runCases(cases);

runClean([
  {
    name: 'joined on every path (if/else)',
    source: 'int g(int n);\nint f(int n){\n  int x = 0;\n  x = meta_fork g(n);\n  if (n > 2) {\n    meta_join;\n    return x;\n  } else {\n    meta_join;\n  }\n  return x + 1;\n}\n',
  },
  {
    name: 'joined in every switch case',
    source: 'void g(int n);\nint f(int n){\n  meta_fork g(n);\n  switch (n) {\n    case 1: meta_join; return 2;\n    default: meta_join; return 1;\n  }\n}\n',
  },
  {
    name: 'spawns in a loop joined after it',
    source: 'void g(int n);\nvoid f(int n){\n  for (int i = 0; i < n; i++) {\n    meta_fork g(i);\n  }\n  meta_join;\n  return;\n}\n',
  },
  {
    name: 'cilk_spawn returns without cilk_sync (Cilk syncs implicitly)',
    source: 'int fib(int n);\nint f(int n, int *out){\n  *out = cilk_spawn fib(n - 1);\n  return n;\n}\n', file: 'a.c',
  },
  {
    name: 'break/continue/goto that stay inside their region',
    source: 'void g(int);\nvoid f(int n, int *a) {\n  meta_for (int i = 0; i < n; i++) {\n    if (a[i] < 0) continue;\n    for (int j = 0; j < n; j++) { if (j == i) break; a[i] += j; }\n    switch (a[i]) { case 0: a[i] = 1; break; default: break; }\n  }\n  meta_fork {\n  again:\n    n--;\n    if (n > 0) goto again;\n    while (1) { if (n < 10) break; n /= 2; }\n    g(n);\n  }\n  meta_join;\n}\n',
  },
  {
    name: 'break inside a nested loop of an OpenMP parallel for',
    source: 'void f(int n, int *a){\n#pragma omp parallel for\n  for (int i = 0; i < n; i++) { for (int j = 0; j < n; j++) { if (j > i) break; a[i] += j; } }\n}\n', file: 'a.c',
  },
]);
