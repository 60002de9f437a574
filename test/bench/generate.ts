// A realistic large MetaFork/OpenMP/CilkPlus file for benchmarks: functions with spawns,
// parallel loops, OpenMP regions and schedules, `lines` lines long.

export function generateProgram(lines: number): string {
  const parts: string[] = ['#include <stdio.h>', '#include <stdlib.h>', '', 'int global_count;', 'static double scale = 2.0;', ''];
  const kinds = [
    (i: number) => [
      `long fib${i}(long n) {`, '  long x, y;', '  if (n < 2) return n;', `  x = meta_fork fib${i}(n - 1);`, `  y = fib${i}(n - 2);`, '  meta_join;', '  return x + y;', '}', ''],
    (i: number) => [
      `void saxpy${i}(int n, double a, double *x, double *y) {`, '  meta_for (int j = 0; j < n; j++) {', '    double t = a * x[j];', '    y[j] = t + y[j] * scale;', '  }', '}', ''],
    (i: number) => [
      `double sum${i}(int n, const double *v) {`, '  double s = 0.0;', '  #pragma omp parallel for reduction(+: s) schedule(static)', '  for (int j = 0; j < n; j++)', '    s += v[j];', '  return s;', '}', ''],
    (i: number) => [
      `void sections${i}(int *a, int *b, int n) {`, '  int sa = 0, sb = 0;', '  meta_fork shared(sa) {', '    for (int j = 0; j < n; j++) sa += a[j];', '  }', '  for (int j = 0; j < n; j++) sb += b[j];', '  meta_join;', '  a[0] = sa + sb;', '}', ''],
    (i: number) => [
      `void reverse${i}(int N, int B, int *a, int *c) {`, '  int dim = (N + B - 1) / B;', '  meta_schedule {', '    meta_for (int v = 0; v < dim; v++)', '      meta_for (int u = 0; u < B; u++) {', '        int p = v * B + u;', '        if (p < N) c[N - 1 - p] = a[p];', '      }', '  }', '}', ''],
    (i: number) => [
      `int tree${i}(int d) {`, '  int l, r;', '  if (d == 0) return 1;', `  l = cilk_spawn tree${i}(d - 1);`, `  r = tree${i}(d - 1);`, '  cilk_sync;', '  return l + r;', '}', ''],
  ];
  for (let i = 0; parts.length < lines; i++) parts.push(...kinds[i % kinds.length](i));
  return parts.slice(0, lines).join('\n') + '\n';
}

/** `text` (a generated program) up to its last whole function: its last lines may end inside one. */
export function wholeFunctions(text: string): string {
  return text.slice(0, text.lastIndexOf('\n}\n') + 3);
}

/** A header of `lines` lines as benchmark suites write them: guarded, constants, function-like
 * macros, typedefs, extern arrays, prototypes and small inline functions. */
export function generateHeader(lines: number): string {
  const out = ['#ifndef BENCH_BIG_H', '#define BENCH_BIG_H', ''];
  for (let i = 0; out.length < lines - 1; i++) {
    out.push(
      `#define SIZE_${i} (${i + 16} * 4)`,
      `#define SCALE_${i}(x) ((x) * ${i + 1}.0)`,
      `typedef struct { double x, y; int tag; } record_${i};`,
      `extern double table_${i}[SIZE_${i}];`,
      `double kernel_${i}(double *a, int n, record_${i} r);`,
      `static inline int helper_${i}(int v) {`,
      `  return v * ${i} + 1;`,
      '}',
      '',
    );
  }
  out.length = lines - 1;
  out.push('#endif');
  return out.join('\n') + '\n';
}
