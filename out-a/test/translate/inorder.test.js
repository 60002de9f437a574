"use strict";
// OpenMP loops whose iterations keep an order (ordered, doacross, scan), linear variables, the
// loop construct, run-time errors and the file's default atomic order -> MetaFork: the whole
// translated text and every finding, exactly. The acceptance corpus (openmp-corpus.test.ts) runs
// programs of each kind at 1, 2 and 4 threads through MetaFork and CilkPlus and back.
Object.defineProperty(exports, "__esModule", { value: true });
const run_1 = require("./run");
const CASES = [
    {
        name: "an ordered loop runs in order: its ordered regions keep their order, the directives go (a note)",
        input: `#include <stdio.h>
void show(int n, const double *v) {
  #pragma omp parallel for ordered schedule(dynamic)
  for (int i = 0; i < n; i++) {
    double r = v[i] * v[i];
    #pragma omp ordered
    printf("%d %g\\n", i, r);
  }
}
`,
        output: `#include <stdio.h>
void show(int n, const double *v) {
  for (int i = 0; i < n; i++) {
    double r = v[i] * v[i];
    printf("%d %g\\n", i, r);
  }
}
`,
        diagnostics: [
            { code: 'MF604', text: "parallel for", message: "'ordered' has no MetaFork counterpart: the loop runs in order (its ordered parts, and any doacross dependence, hold; the loop is no longer parallel)" },
        ],
    },
    {
        name: "a doacross loop runs in order: every sink dependence names an earlier iteration",
        input: `void sweep(int n, long *a) {
  #pragma omp parallel for ordered(1)
  for (int i = 1; i < n; i++) {
    #pragma omp ordered depend(sink: i - 1)
    a[i] += a[i - 1];
    #pragma omp ordered depend(source)
  }
}
`,
        output: `void sweep(int n, long *a) {
  for (int i = 1; i < n; i++) {
    a[i] += a[i - 1];
  }
}
`,
        diagnostics: [
            { code: 'MF604', text: "parallel for", message: "'ordered' has no MetaFork counterpart: the loop runs in order (its ordered parts, and any doacross dependence, hold; the loop is no longer parallel)" },
        ],
    },
    {
        name: "linear(k : step(2)) on a decreasing loop: each iteration's k from its logical number, k's last value kept",
        input: `void spread(int n, int *out) {
  int k = 5;
  #pragma omp parallel for linear(k : step(2))
  for (int i = n - 1; i >= 0; i -= 3) {
    out[i] = k;
    k += 2;
  }
}
`,
        output: `void spread(int n, int *out) {
  int k = 5;
  int _lin_k = k;
  int (*_lp_k) = &k;
  meta_for (int i = n - 1; i >= 0; i -= 3) {
    int k = _lin_k + ((n - 1) - i) / (3) * (2);
    {
      out[i] = k;
      k += 2;
    }
    if (!((i - (3)) >= 0)) *_lp_k = k; /* the last iteration's value (linear) */
  }
}
`,
        diagnostics: [],
    },
    {
        name: "error at(execution) severity(fatal): a message on standard error, then the program ends",
        input: `void check(int hits) {
  if (hits != 3) {
    #pragma omp error at(execution) severity(fatal) message("bad count")
  }
}
`,
        output: `#include <stdlib.h>
#include <stdio.h>
void check(int hits) {
  if (hits != 3) {
    { fprintf(stderr, "%s\\n", "bad count"); exit(EXIT_FAILURE); }
  }
}
`,
        diagnostics: [
            { code: 'MF604', text: "error", message: "'error at(execution)' becomes a message on standard error and the end of the program" },
        ],
    },
    {
        name: "requires atomic_default_mem_order(acq_rel): an atomic read acquires, an atomic write releases",
        input: `#pragma omp requires atomic_default_mem_order(acq_rel)
int flag, data;
void publish(int v) {
  data = v;
  #pragma omp atomic write
  flag = 1;
}
int seen(void) {
  int f;
  #pragma omp atomic read
  f = flag;
  return f;
}
`,
        output: `int flag, data;
void publish(int v) {
  data = v;
  __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
}
int seen(void) {
  int f;
  f = __atomic_load_n(&flag, __ATOMIC_ACQUIRE);
  return f;
}
`,
        diagnostics: [
            { code: 'MF604', text: "requires", message: "'requires' only constrains the OpenMP implementation (OpenMP 5.2 §8.2; an atomic_default_mem_order becomes the atomics' order): dropped" },
        ],
    },
    {
        name: "an exclusive scan loop runs in order: each b[i] is the sum before a[i]",
        input: `void prefix(int n, const int *a, int *b) {
  int sum = 0;
  #pragma omp parallel for reduction(inscan, +: sum)
  for (int i = 0; i < n; i++) {
    b[i] = sum;
    #pragma omp scan exclusive(sum)
    sum += a[i];
  }
}
`,
        output: `void prefix(int n, const int *a, int *b) {
  int sum = 0;
  for (int i = 0; i < n; i++) {
    b[i] = sum;
    sum += a[i];
  }
}
`,
        diagnostics: [
            { code: 'MF604', text: "parallel for", message: "a scan has no MetaFork counterpart as a parallel loop: the loop runs in order, which computes the same prefixes (OpenMP 5.2 §5.6; with exclusive, the scan phase is written first)" },
        ],
    },
    {
        name: "loop bound to a parallel region is a work-sharing loop; loop bind(thread) is dropped (a note)",
        input: `void twice(int n, int *a) {
  #pragma omp parallel
  {
    #pragma omp loop
    for (int i = 0; i < n; i++)
      a[i] *= 2;
  }
  #pragma omp loop bind(thread)
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
`,
        output: `void twice(int n, int *a) {
  meta_for (int i = 0; i < n; i++)
    a[i] *= 2;
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
`,
        diagnostics: [
            { code: 'MF604', text: "loop", message: "'loop bind(thread)': each thread runs the iterations; dropped" },
        ],
    },
];
(0, run_1.translationCases)('loops that keep an order, linear variables, errors, the default atomic order', CASES);
//# sourceMappingURL=inorder.test.js.map