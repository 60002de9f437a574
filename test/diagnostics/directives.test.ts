// MF201-MF207: pragma directives and clauses (OpenMP, `#pragma mf|cilk|meta`), clauses written
// after MetaFork keywords, and constructs not followed by the statement they need.

import { Case, runCases } from './harness';

const LOOP = '  for (int i = 0; i < n; i++) a[i] = 0;\n';
const omp = (pragma: string, body = LOOP, decls = '') => `void f(int n, int *a){${decls}\n${pragma}\n${body}}\n`;

const cases: Case[] = [
  // ---- MF201 unknown directive ----
  {
    name: "'#pragma omp paralel for' suggests 'parallel'",
    source: omp('#pragma omp paralel for'), file: 'a.c',
    code: 'MF201', message: "unknown OpenMP directive 'paralel'; did you mean 'parallel'?", covers: 'paralel',
    data: { replace: 'paralel', with: 'parallel' },
  },
  {
    name: "'#pragma omp taskwiat' suggests 'taskwait'",
    source: 'void f(int n){\n#pragma omp taskwiat\n}\n', file: 'a.c',
    code: 'MF201', message: "unknown OpenMP directive 'taskwiat'; did you mean 'taskwait'?", covers: 'taskwiat',
    data: { replace: 'taskwiat', with: 'taskwait' },
  },
  {
    name: 'misspelled directive outside every function',
    source: '#pragma omp paralel\nint x;\n', file: 'a.c',
    code: 'MF201', message: "unknown OpenMP directive 'paralel'; did you mean 'parallel'?", covers: 'paralel',
    data: { replace: 'paralel', with: 'parallel' },
  },
  {
    name: "'#pragma mf frok' is unknown",
    source: 'int g(int);\nvoid f(int n){ int x;\n#pragma mf frok\n  x = g(n);\n}\n',
    code: 'MF201', message: /^unknown MetaFork directive 'frok'/, covers: 'frok',
  },
  {
    name: "'#pragma mf frok' suggests 'fork'",
    source: 'int g(int);\nvoid f(int n){ int x;\n#pragma mf frok\n  x = g(n);\n}\n',
    code: 'MF201', message: "unknown MetaFork directive 'frok'; did you mean 'fork'?", covers: 'frok',
    data: { replace: 'frok', with: 'fork' },
  },
  {
    name: "'#pragma omp tsak' suggests 'task'",
    source: 'void f(int n){\n#pragma omp tsak\n  { n++; }\n}\n', file: 'a.c',
    code: 'MF201', message: "unknown OpenMP directive 'tsak'; did you mean 'task'?", covers: 'tsak',
    data: { replace: 'tsak', with: 'task' },
  },
  {
    name: "'#pragma mf' with no directive name",
    source: 'void f(int n){\n#pragma mf\n  n++;\n}\n',
    code: 'MF201', message: "missing directive name after '#pragma mf'", covers: '#pragma mf', data: null,
  },

  // ---- MF202 unknown clause ----
  {
    name: "'privte(x)' suggests 'private'",
    source: omp('#pragma omp parallel for privte(x)', '  for (int i = 0; i < n; i++) { x = a[i]; a[i] = x * 2; }\n', ' int x;'), file: 'a.c',
    code: 'MF202', message: "unknown clause 'privte' on '#pragma omp parallel for'; did you mean 'private'?", covers: 'privte',
    data: { replace: 'privte', with: 'private' },
  },
  {
    name: "'#pragma omp task shard(x)' suggests 'shared'",
    source: 'void f(int n){ int x = 0;\n#pragma omp task shard(x)\n  { x++; }\n}\n', file: 'a.c',
    code: 'MF202', message: "unknown clause 'shard' on '#pragma omp task'; did you mean 'shared'?", covers: 'shard',
    data: { replace: 'shard', with: 'shared' },
  },
  {
    name: "'firstprivat(n)' suggests 'firstprivate'",
    source: omp('#pragma omp parallel for firstprivat(n)'), file: 'a.c',
    code: 'MF202', message: "unknown clause 'firstprivat' on '#pragma omp parallel for'; did you mean 'firstprivate'?", covers: 'firstprivat',
    data: { replace: 'firstprivat', with: 'firstprivate' },
  },
  {
    name: "'schedul(static)' suggests 'schedule'",
    source: omp('#pragma omp for schedul(static)'), file: 'a.c',
    code: 'MF202', message: "unknown clause 'schedul' on '#pragma omp for'; did you mean 'schedule'?", covers: 'schedul',
    data: { replace: 'schedul', with: 'schedule' },
  },
  {
    // gcc expands it; a suggestion ('shared' for 'SHARED_X') would be wrong, and quick-fixed, worse.
    name: 'a clause written as a macro is said to be one, with no suggestion',
    source: `#define SHARED_X shared(x)\n${omp('#pragma omp parallel for SHARED_X', '  for (int i = 0; i < n; i++) a[i] = x;\n', ' int x = 1;')}`, file: 'a.c',
    code: 'MF202', message: "'SHARED_X' is a macro: the tool reads a directive's clauses as they are written, before macros expand; write the clause 'SHARED_X' stands for", covers: 'SHARED_X', occurrence: 2, data: null,
  },
  {
    name: 'a word that is no clause at all gets no suggestion',
    source: omp('#pragma omp for zzzqqq'), file: 'a.c',
    code: 'MF202', message: "unknown clause 'zzzqqq' on '#pragma omp for'", covers: 'zzzqqq', data: null,
  },
  {
    name: "'#pragma mf fork shard(x)' suggests 'shared'",
    source: 'int g(int);\nvoid f(int n){ int x = 0;\n#pragma mf fork shard(x)\n  { x = g(n); }\n#pragma mf join\n}\n',
    code: 'MF202', message: "unknown clause 'shard' on '#pragma mf fork'; did you mean 'shared'?", covers: 'shard',
    data: { replace: 'shard', with: 'shared' },
  },
  {
    name: "'reduction' on '#pragma mf fork' is a MetaFork clause in the wrong place",
    source: 'void f(int n){\n#pragma mf fork reduction(+: n)\n  { n++; }\n#pragma mf join\n}\n',
    code: 'MF204', message: "clause 'reduction' is not valid on '#pragma mf fork'", covers: 'reduction',
    data: { clause: 'reduction' },
  },

  // ---- MF203 malformed argument ----
  {
    name: "'#pragma cilk grainsize' without an expression",
    source: 'void f(int n, int *a){\n#pragma cilk grainsize\n  cilk_for (int i = 0; i < n; i++) a[i] = 0;\n}\n', file: 'a.c',
    code: 'MF203', message: "'#pragma cilk grainsize' needs an expression, e.g. '#pragma cilk grainsize = 64'", covers: 'grainsize',
  },
  {
    name: "'#pragma meta grainsize' without an expression",
    source: 'void f(int n, int *a){\n#pragma meta grainsize\n  meta_for (int i = 0; i < n; i++) a[i] = 0;\n}\n',
    code: 'MF203', message: "'#pragma meta grainsize' needs an expression, e.g. '#pragma meta grainsize = 64'", covers: 'grainsize',
  },
  {
    name: "'default(nane)' suggests 'none'",
    source: 'void f(int n){\n#pragma omp parallel default(nane)\n  { }\n}\n', file: 'a.c',
    code: 'MF203', message: "'default(nane)' is not valid: expected 'shared', 'none', 'private' or 'firstprivate'; did you mean 'none'?", covers: 'nane',
    data: { replace: 'nane', with: 'none' },
  },
  {
    name: 'OpenMP reduction without an operator',
    source: omp('#pragma omp parallel for reduction(s)', '  for (int i = 0; i < n; i++) s += a[i];\n', ' int s = 0;'), file: 'a.c',
    code: 'MF203', message: "'reduction' needs an operator: 'reduction(+: s)'", covers: 's', after: 's)',
  },
  {
    name: 'meta_for reduction without an operator',
    source: 'int f(int n, int *a){\n  int sum = 0;\n  meta_for reduction(sum) (int i = 0; i < n; i++) sum += a[i];\n  return sum;\n}\n',
    code: 'MF203', message: "'reduction' needs an operator: 'reduction(+: sum)'", covers: 'reduction(sum)',
  },
  {
    name: "clause missing its ')'",
    source: omp('#pragma omp parallel for private(n'), file: 'a.c',
    code: 'MF203', message: "missing ')' to close 'private('", covers: 'private(n',
  },
  {
    name: 'bare clause given an argument',
    source: omp('#pragma omp for nowait(1)'), file: 'a.c',
    code: 'MF203', message: "clause 'nowait' takes no argument", covers: 'nowait(1)',
  },
  {
    name: 'clause missing its argument',
    source: omp('#pragma omp parallel for num_threads'), file: 'a.c',
    code: 'MF203', message: "clause 'num_threads' needs a parenthesized argument", covers: 'num_threads',
  },
  {
    name: 'clause with an empty argument',
    source: omp('#pragma omp parallel for private()'), file: 'a.c',
    code: 'MF203', message: "clause 'private' has an empty argument", covers: 'private()',
  },
  {
    name: "'shared()' after meta_fork names no variable",
    source: 'int g(int);\nvoid f(int n){ int x;\n  meta_fork shared() { x = g(n); }\n  meta_join;\n}\n',
    code: 'MF203', message: "'shared(...)' needs at least one variable", covers: 'shared()',
  },
  {
    name: "'#pragma mf fork shared' without a list",
    source: 'int g(int);\nvoid f(int n){ int x;\n#pragma mf fork shared\n  { x = g(n); }\n#pragma mf join\n}\n',
    code: 'MF203', message: "clause 'shared' needs a parenthesized variable list", covers: 'shared',
  },
  {
    name: 'stray characters in a directive',
    source: omp('#pragma omp parallel for = 3'), file: 'a.c',
    code: 'MF203', message: "unexpected '=' in '#pragma omp parallel for'", covers: '=', after: '= 3', count: 2,
  },

  // ---- MF204 clause not valid on this directive ----
  {
    name: "'num_threads' on 'single'",
    source: 'void f(int n){\n#pragma omp single num_threads(4)\n  { n++; }\n}\n', file: 'a.c',
    code: 'MF204', message: "clause 'num_threads' is not valid on '#pragma omp single'", covers: 'num_threads',
    data: { clause: 'num_threads' },
  },
  {
    name: "'nowait' on 'parallel'",
    source: 'void f(int n){\n#pragma omp parallel nowait\n  { n++; }\n}\n', file: 'a.c',
    code: 'MF204', message: "clause 'nowait' is not valid on '#pragma omp parallel'", covers: 'nowait',
    data: { clause: 'nowait' },
  },
  {
    name: "'reduction' on 'task' (OpenMP 4.5)",
    source: 'void f(int n){ int x = 0;\n#pragma omp task reduction(+: x)\n  x += n;\n}\n', file: 'a.c',
    code: 'MF204', message: "clause 'reduction' is not valid on '#pragma omp task'", covers: 'reduction',
    data: { clause: 'reduction' },
  },

  // ---- MF205 unknown clause after a MetaFork keyword ----
  {
    name: "'meta_fork shard(x) {...}' suggests 'shared'",
    source: 'int g(int);\nvoid f(int n){\n  int x = 0;\n  meta_fork shard(x) { x = g(n); g(x); }\n  meta_join;\n}\n',
    code: 'MF205', message: "unknown clause 'shard' on 'meta_fork'; did you mean 'shared'?", covers: 'shard',
    data: { replace: 'shard', with: 'shared' },
  },
  {
    name: "'meta_schedule cahce(a)' suggests 'cache'",
    source: 'void k(int N, int B, int *a, int *c){\n  meta_schedule cahce(a) {\n    meta_for (int i = 0; i < N / B; i++)\n      meta_for (int j = 0; j < B; j++)\n        c[i * B + j] = a[i * B + j];\n  }\n}\n',
    code: 'MF205', message: "unknown clause 'cahce' on 'meta_schedule'; did you mean 'cache'?", covers: 'cahce',
    data: { replace: 'cahce', with: 'cache' },
  },
  {
    name: "'meta_for reduciton(+: s)' suggests 'reduction'",
    source: 'int f(int n, int *a){ int s = 0;\n  meta_for reduciton(+: s) (int i = 0; i < n; i++) s += a[i];\n  return s;\n}\n',
    code: 'MF205', message: "unknown clause 'reduciton' on 'meta_for'; did you mean 'reduction'?", covers: 'reduciton',
    data: { replace: 'reduciton', with: 'reduction' },
  },

  // ---- MF206 directive/keyword not followed by the right statement ----
  {
    name: "'#pragma omp for' before a statement that is no loop",
    source: 'void f(int n){\n#pragma omp for\n  n++;\n}\n', file: 'a.c',
    code: 'MF206', message: "'#pragma omp for' must be followed by a for loop", covers: 'for', after: 'for\n', data: null,
  },
  {
    name: "'#pragma mf parallel for' before a while loop",
    source: 'void f(int n){\n#pragma mf parallel for\n  while (n > 0) n--;\n}\n',
    code: 'MF206', message: "'#pragma mf parallel for' must be followed by a for loop", covers: 'parallel for',
  },
  {
    name: "'#pragma omp task' at the end of a block",
    source: 'void f(int n){\n  if (n) {\n#pragma omp task\n  }\n}\n', file: 'a.c',
    code: 'MF206', message: "'#pragma omp task' must be followed by a statement", covers: 'task',
  },
  {
    name: "'meta_fork' followed by nothing",
    source: 'void f(int n){ meta_fork }\n',
    code: 'MF206', message: "'meta_fork' must be followed by a function call or a statement to spawn", covers: 'meta_fork',
  },
  {
    name: "'meta_schedule' followed by nothing",
    source: 'void k(void){\n  meta_schedule\n}\n',
    code: 'MF206', message: "'meta_schedule' must be followed by a statement", covers: 'meta_schedule',
  },

  // ---- MF207 spawn of something that is not a call ----
  {
    name: "'x = cilk_spawn n + 1;'",
    source: 'void f(int n){ int x;\n  x = cilk_spawn n + 1;\n}\n', file: 'a.c',
    code: 'MF207', message: "'cilk_spawn' must be followed by a function call, e.g. 'x = cilk_spawn f(n);'", covers: 'cilk_spawn',
  },
  {
    name: "'cilk_spawn n++;' covers the statement",
    source: 'void f(int n){\n  cilk_spawn n++;\n}\n', file: 'a.c',
    code: 'MF207', message: "'cilk_spawn' must be followed by a function call, e.g. 'x = cilk_spawn f(n);'", covers: 'cilk_spawn n++;',
  },
  {
    name: "'#pragma cilk spawn' before an assignment of no call",
    source: 'void f(int n){ int x;\n#pragma cilk spawn\n  x = n + 1;\n}\n', file: 'a.c',
    code: 'MF207', message: "'#pragma cilk spawn' must be followed by a function call statement", covers: 'spawn',
  },
];

runCases(cases);
