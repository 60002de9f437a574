"use strict";
// No false positives: valid programs close to the wrong ones of the other files yield no
// diagnostic at all (errors, warnings and hints alike).
Object.defineProperty(exports, "__esModule", { value: true });
const harness_1 = require("./harness");
(0, harness_1.runClean)([
    {
        name: 'fib with a call spawn and meta_join',
        source: 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n  y = fib(n - 2);\n  meta_join;\n  return x + y;\n}\n',
    },
    {
        name: 'fib with a block spawn and shared(x)',
        source: 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  meta_fork shared(x) {\n    x = fib(n - 1);\n  }\n  y = fib(n - 2);\n  meta_join;\n  return x + y;\n}\n',
    },
    {
        name: "pragma forms, with shared(x) on the line after '#pragma mf fork'",
        source: 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n#pragma mf fork\n  shared(x)\n  {\n    x = fib(n - 1);\n  }\n  y = fib(n - 2);\n#pragma mf join\n  return x + y;\n}\n',
    },
    {
        name: 'CilkPlus fib, cilk_for with grainsize and _Cilk_for',
        source: 'int fib(int n) {\n  int x, y;\n  if (n < 2) return n;\n  x = cilk_spawn fib(n - 1);\n  y = fib(n - 2);\n  cilk_sync;\n  return x + y;\n}\nvoid f(int n, int *a) {\n#pragma cilk grainsize = 16\n  cilk_for (int i = 0; i < n; ++i) {\n    int t = a[i];\n    a[i] = t + 1;\n  }\n  _Cilk_for (int j = n; j > 0; j -= 2) a[j - 1] = 0;\n}\n',
        file: 'a.c',
    },
    {
        name: 'canonical meta_for headers of every accepted shape',
        source: 'void f(int n, int *a){\n  meta_for (int i = 0; i < n; i++) a[i] = 0;\n  meta_for (int i = n - 1; i >= 0; i--) a[i] = 0;\n  meta_for (int i = 0; i != n; i += 2) a[i] = 0;\n  meta_for (long i = n; i > 0; i -= 3) a[i - 1] = 0;\n  int j;\n  meta_for (j = 0; n > j; j = j + 1) a[j] = 0;\n  meta_for (int *p = a; p < a + n; p++) *p = 0;\n#pragma mf parallel for\n  for (unsigned k = 0; k <= 10; k = 2 + k) a[k] = 1;\n#pragma meta grainsize = 8\n  meta_for (int i = 0; i < n; ++i) a[i] = 2;\n}\n',
    },
    {
        name: 'OpenMP directives and clauses spelled right',
        source: 'int f(int n, int *a) {\n  int s = 0, t;\n#pragma omp parallel for default(none) shared(a, n) private(t) reduction(+: s) schedule(static, 4) num_threads(4)\n  for (int i = 0; i < n; i++) {\n    t = a[i] * 2;\n    s += t;\n  }\n#pragma omp parallel\n  {\n#pragma omp single nowait\n    {\n#pragma omp task firstprivate(n) shared(a) if(n > 10)\n      a[0] = n;\n#pragma omp taskwait\n    }\n#pragma omp barrier\n  }\n#pragma omp parallel sections\n  {\n#pragma omp section\n    a[1] = 1;\n#pragma omp section\n    a[2] = 2;\n  }\n  return s;\n}\n',
        file: 'a.c',
    },
    {
        name: 'meta_for and OpenMP loops with reductions and lastprivate',
        source: 'int f(int n, int *a){\n  int sum = 0, last = 0, m = 1;\n  meta_for reduction(+: sum) (int i = 0; i < n; i++) sum += a[i];\n#pragma omp parallel for lastprivate(last) reduction(*: m)\n  for (int i = 0; i < n; i++) { last = a[i]; m *= a[i]; }\n  return sum + last + m;\n}\n',
        file: 'test.mfc',
    },
    {
        name: 'nested fork/join in a recursive divide and conquer',
        source: 'void sort(int *a, int n) {\n  if (n < 2) return;\n  meta_fork sort(a, n / 2);\n  meta_fork sort(a + n / 2, n - n / 2);\n  meta_join;\n  for (int i = 1; i < n; i++) { if (a[i] < a[i - 1]) { int t = a[i]; a[i] = a[i - 1]; a[i - 1] = t; } }\n}\n',
    },
]);
//# sourceMappingURL=clean.test.js.map