// A realistic large MetaFork/OpenMP/CilkPlus file for benchmarks: functions with spawns,
// parallel loops, OpenMP regions and schedules, `lines` lines long; and an OpenMP program in NAS's shape.

import * as fs from 'fs';
import * as path from 'path';

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

/**
 * An OpenMP program in the shape of NAS BT and SP, `lines` lines or a little more: copies of the
 * project's SPMD fixtures (regions cut at barriers, uniform time loops, private arrays across
 * barriers, orphaned work-sharing in called functions) and of its orphaned-team fixtures, each copy's
 * macros, functions and globals renamed apart (`N` -> `N_7`), their includes once at the top. What a
 * real program costs to translate, from code this project wrote (NAS's own cannot be committed).
 */
export function nasShapedProgram(lines: number, fixtures: string): string {
  const files = [
    ...fs.readdirSync(path.join(fixtures, 'spmd')).filter(f => f.endsWith('.c')).sort().map(f => path.join('spmd', f)),
    path.join('openmp', 'orphaned_team_calls.c'), path.join('openmp', 'cg_spmd_iterations.c'),
  ];
  const includes = new Set<string>();
  const body: string[] = [];
  let count = 0;
  for (let copy = 0; count < lines; copy++) {
    for (const [k, file] of files.entries()) {
      if (count >= lines) break;
      const text = fs.readFileSync(path.join(fixtures, file), 'utf8');
      // The file-scope names: macros, functions defined, variables declared at the left margin.
      const names = new Set<string>();
      for (const m of text.matchAll(/^#\s*define\s+(\w+)/gm)) names.add(m[1]);
      // A definition starts at the left margin (an indented `if (...) {` is no function).
      for (const m of text.matchAll(/^(?:static\s+)?[A-Za-z_][\w\s*]*?\b(\w+)\s*\([^;]*\)\s*\{/gm)) names.add(m[1]);
      for (const m of text.matchAll(/^(?:static\s+)?(?:int|double|long|float|char)\s+([^;(=]+)[;=]/gm))
        for (const declarator of m[1].split(',')) { const id = /\w+/.exec(declarator.replace(/\*/g, '')); if (id) names.add(id[0]); }
      let copied = text.replace(/^#include[^\n]*\n/gm, line => { includes.add(line.trim()); return ''; });
      const suffix = `_${copy * files.length + k}`;
      for (const name of names) copied = copied.replace(new RegExp(`\\b${name}\\b`, 'g'), name + suffix);
      body.push(`/* ${file}, copy ${copy} */`, copied);
      count += copied.split('\n').length;
    }
  }
  return [...includes, '', ...body].join('\n');
}
