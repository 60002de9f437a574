// OpenMP reductions meta_for has no clause for (declared reductions, array sections), the scope
// construct, and team constructs orphaned in a function a region calls -> MetaFork: the whole
// translated text and every finding, exactly; then programs of each kind run at 1, 2 and 4
// threads through MetaFork and CilkPlus and back.

import { provenPrograms, translationCases, type TranslationCase } from './run';

const CASES: TranslationCase[] = [
  {
    name: "a declared reduction: each chunk's copy from its initializer (omp_orig read from a copy taken before), the combiner joining the partials in order; the directive goes (a note)",
    input: `typedef struct { int value, index; } loc;
void lowest(int n, const int *a, loc *out) {
  loc best = {1 << 30, -1};
  #pragma omp declare reduction(low : loc : omp_out = omp_in.value < omp_out.value ? omp_in : omp_out) initializer(omp_priv = omp_orig)
  #pragma omp parallel for reduction(low : best)
  for (int i = 0; i < n; i++)
    if (a[i] < best.value) best = (loc){a[i], i};
  *out = best;
}
`,
    output: `typedef struct { int value, index; } loc;
void lowest(int n, const int *a, loc *out) {
  loc best = {1 << 30, -1};
  { /* reduction(low : best): one partial result per chunk of iterations, combined in order */
    enum { mf_red_chunks = 64 };
    const long long mf_red_n = 0 < n ? n : 0;
    loc mf_red_best[mf_red_chunks];
    loc mf_red_best_orig = best;
    meta_for (int mf_red_c = 0; mf_red_c < mf_red_chunks; mf_red_c++) {
      loc best = mf_red_best_orig;
      for (long long mf_red_k = mf_red_n * mf_red_c / mf_red_chunks; mf_red_k < mf_red_n * (mf_red_c + 1) / mf_red_chunks; mf_red_k++) {
        int i = mf_red_k;
        if (a[i] < best.value) best = (loc){a[i], i};
      }
      mf_red_best[mf_red_c] = best;
    }
    for (int mf_red_c = 0; mf_red_c < mf_red_chunks; mf_red_c++) {
      (best) = (mf_red_best[mf_red_c]).value < (best).value ? (mf_red_best[mf_red_c]) : (best);
    }
  }
  *out = best;
}
`,
    diagnostics: [
      { code: 'MF604', text: "declare reduction", message: "'declare reduction': written out in the loops that use it" },
    ],
  },
  {
    name: "a reduction over the section bins[:256] of a pointer: each chunk counts into its own 256 elements, which point 'bins' at them; the partials on the heap",
    input: `void histogram(int n, const unsigned char *px, long *bins) {
  #pragma omp parallel for reduction(+ : bins[:256])
  for (int i = 0; i < n; i++)
    bins[px[i]]++;
}
`,
    output: `#include <stdlib.h>
void histogram(int n, const unsigned char *px, long *bins) {
  { /* reduction(+ : bins[:256]): one partial result per chunk of iterations, combined in order */
    enum { mf_red_chunks = 64 };
    const long long mf_red_n = 0 < n ? n : 0;
    typedef __typeof__(bins[0]) mf_red_bins_t;
    mf_red_bins_t *mf_red_bins = malloc(mf_red_chunks * (256) * sizeof *mf_red_bins);
    meta_for (int mf_red_c = 0; mf_red_c < mf_red_chunks; mf_red_c++) {
      mf_red_bins_t mf_red_bins_v[256];
      for (long long mf_red_j = 0; mf_red_j < (256); mf_red_j++) mf_red_bins_v[mf_red_j] = 0;
      mf_red_bins_t *bins = mf_red_bins_v;
      for (long long mf_red_k = mf_red_n * mf_red_c / mf_red_chunks; mf_red_k < mf_red_n * (mf_red_c + 1) / mf_red_chunks; mf_red_k++) {
        int i = mf_red_k;
        bins[px[i]]++;
      }
      for (long long mf_red_j = 0; mf_red_j < (256); mf_red_j++) mf_red_bins[mf_red_c * (256) + mf_red_j] = bins[mf_red_j];
    }
    for (int mf_red_c = 0; mf_red_c < mf_red_chunks; mf_red_c++) {
      for (long long mf_red_j = 0; mf_red_j < (256); mf_red_j++) bins[mf_red_j] += mf_red_bins[mf_red_c * (256) + mf_red_j];
    }
    free(mf_red_bins);
  }
}
`,
    diagnostics: [
    ],
  },
  {
    name: "a section not starting at 0: refused",
    input: `void part(int n, long *bins) {
  #pragma omp parallel for reduction(+ : bins[4:8])
  for (int i = 0; i < n; i++)
    bins[4 + i % 8]++;
}
`,
    output: undefined,
    diagnostics: [
      { code: 'MF601', text: "reduction(+ : bins[4:8])", message: "a reduction over 'bins[4:8]', a section not starting at 0, is not translated" },
    ],
  },
  {
    name: "a reduction operator declared nowhere: refused, naming the operator and the type",
    input: `typedef struct { int a, b; } pair;
void f(int n, pair *p) {
  pair s = {0, 0};
  #pragma omp parallel for reduction(sum : s)
  for (int i = 0; i < n; i++) s.a += p[i].a;
  p[0] = s;
}
`,
    output: undefined,
    diagnostics: [
      { code: 'MF601', text: "reduction(sum : s)", message: "no 'declare reduction(sum : pair : ...)' before this loop: its reduction is not translated" },
    ],
  },
  {
    name: "an array-section reduction on a work-sharing loop in a region every thread runs: refused",
    input: `#include <omp.h>
void team(int n, long *bins) {
  #pragma omp parallel
  {
    int id = omp_get_thread_num();
    #pragma omp for reduction(+ : bins[:4])
    for (int i = 0; i < n; i++) bins[(i + id) % 4]++;
  }
}
`,
    output: undefined,
    diagnostics: [
      { code: 'MF602', text: "reduction(+ : bins[:4])", message: "a declared or array-section reduction on a work-sharing '#pragma omp for' in a region every thread runs is not translated: the loop over thread ids reduces scalars by base operators only" },
    ],
  },
  {
    name: "scope in a region every thread runs: its private copy declared in its block, its reduction on the loop over thread ids that its barrier ends",
    input: `#include <stdio.h>
#include <omp.h>
int main(void) {
  long total = 0;
  #pragma omp parallel num_threads(3)
  {
    int id = omp_get_thread_num();
    int scratch;
    #pragma omp scope private(scratch) reduction(+ : total)
    {
      scratch = id * id;
      total += scratch;
    }
    #pragma omp single
    printf("%ld\\n", total);
  }
  return 0;
}
`,
    output: `#include <stdio.h>
int main(void) {
  long total = 0;
  {
    const int mf_nthreads = 3;
    meta_for reduction(+ : total) (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int id = mf_tid;
      int scratch;
      {
        int scratch;
        {
          scratch = id * id;
          total += scratch;
        }
      }
    }
    printf("%ld\\n", total);
  }
  return 0;
}
`,
    diagnostics: [
    ],
  },
  {
    name: "scope met by one thread, with a private copy: a block declaring it",
    input: `void clear(int n, double *a) {
  double t;
  #pragma omp scope private(t)
  for (int i = 0; i < n; i++) {
    t = a[i] * 2;
    a[i] = t;
  }
}
`,
    output: `void clear(int n, double *a) {
  double t;
  {
    double t;
    for (int i = 0; i < n; i++) {
      t = a[i] * 2;
      a[i] = t;
    }
  }
}
`,
    diagnostics: [
    ],
  },
  {
    name: "an orphaned 'for' in a function a parallel region calls through another function: refused, naming the region",
    input: `#include <stdio.h>
void work(int n, int *a) {
  #pragma omp for
  for (int i = 0; i < n; i++) a[i] += 1;
}
void step(int n, int *a) { work(n, a); }
int main(void) {
  int a[64] = {0};
  #pragma omp parallel num_threads(4)
  step(64, a);
  printf("%d\\n", a[7]);
  return 0;
}
`,
    output: undefined,
    diagnostics: [
      { code: 'MF601', text: "for", message: "'#pragma omp for' outside any parallel region of 'work', which the '#pragma omp parallel' region in 'main' calls: the calling team shares its work, a team MetaFork cannot see here (write the construct inside the region)" },
    ],
  },
];

translationCases('declared and array-section reductions, scope, orphaned team constructs -> MetaFork', CASES);

provenPrograms('reductions', [
  'udr_complex_product', 'udr_init_function', 'section_pointer_max', 'scope_region', 'taskloop_udr',
  'whole_arrays', 'rows_section',
]);
