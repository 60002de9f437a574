// The exact dependence test (Fourier–Motzkin over both iterations' bounds, model/dependence.ts)
// and the restructurings it opens: triangular pairs that meet in each subscript alone but never
// in both tile; the same pair over the whole square stays serial with its reason; a reduction
// across the outer loop is interchanged; the printed schedules are pinned.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { tileText } from '../../server/src/tile/index';
import { sameAsGcc } from './emulate';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-exact-'));
const gcc = spawnSync('gcc', ['--version']).status === 0 && spawnSync('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';

const tile = async (body: string) => {
  const text = `void f(int n, int m, double a[n][n], double *restrict y, double A[n][m], double x[n]) {\n${body}}\n`;
  return tileText(text, { fileName: 'exact.c' });
};

test('triangular pairs: a[j][i] = a[i][j] (j >= i), a[i][j] = 2 a[j][i] (j > i), a[i][j] += a[j][i] (j < i) tile', async () => {
  for (const body of [
    '  for (int i = 0; i < n; i++)\n    for (int j = i; j < n; j++)\n      a[j][i] = a[i][j];\n',
    '  for (int i = 0; i < n; i++)\n    for (int j = i + 1; j < n; j++)\n      a[i][j] = a[j][i] * 2;\n',
    '  for (int i = 0; i < n; i++)\n    for (int j = 0; j < i; j++)\n      a[i][j] += a[j][i];\n',
  ]) {
    const r = await tile(body);
    assert.deepEqual(r.nests.map(x => [x.tiled, x.kernels, x.reasons]), [[true, 1, []]], body);
  }
});

test('the same pair over the whole square: i carries it, j does not (a host loop over i); with a[i][j - 1] read too, j carries one as well and the nest stays serial, naming the pair', async () => {
  const host = await tile('  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      a[j][i] = a[i][j];\n');
  assert.deepEqual(host.nests.map(x => [x.tiled, x.kernels, x.host]), [[true, 1, 'i']]);
  const r = await tile('  for (int i = 1; i < n; i++)\n    for (int j = 1; j < n; j++)\n      a[i][j] = a[j][i] + a[i][j - 1];\n');
  assert.deepEqual(r.diagnostics.map(d => [d.code, d.message]), [
    ['MF702', "this loop nest stays serial: 'a[i][j]' (line 4) and 'a[j][i]' (line 4) touch the same element of 'a' at different iterations of 'i'"],
  ]);
});

test('a reduction across the outer loop is interchanged: one kernel over j, i serial in each thread', async () => {
  const r = await tile('  for (int i = 0; i < n; i++)\n    for (int j = 0; j < m; j++)\n      y[j] += A[i][j] * x[i];\n');
  assert.equal(r.text, `void f(int n, int m, double a[n][n], double *restrict y, double A[n][m], double x[n]) {
  /* metafork tile: 1 kernel; block sizes and granularity are the variables below */
  int B = 256;
  int dim = (B + m - 1) / B;
  meta_schedule {
    meta_for (int v = 0; v < dim; v++)
      meta_for (int u = 0; u < B; u++) {
        int j = v * B + u;
        if (j < m)
          for (int i = 0; i < n; i++)
            y[j] += A[i][j] * x[i];
      }
  }
}
`);
  assert.deepEqual(r.diagnostics.map(d => d.message), [
    "tiled into a meta_schedule of 1 kernel; interchanged: 'j' outside, in parallel, 'i' inside each thread",
  ]);
});

test('a bound n / 2 is a value of its own (a nonnegative size halved), so the loop tiles; a[2i + 1] and a[2i] never meet', async () => {
  const text = `void f(int n, double *restrict a, double *restrict b) {
  for (int i = 0; i < n / 2; i++)
    a[2 * i + 1] = b[i] + a[2 * i];
}
`;
  const r = await tileText(text, { fileName: 'half.c' });
  assert.equal(r.text, `void f(int n, double *restrict a, double *restrict b) {
  /* metafork tile: 1 kernel; block sizes and granularity are the variables below */
  int B = 256;
  int dim = (B + (n / 2) - 1) / B;
  meta_schedule {
    meta_for (int v = 0; v < dim; v++)
      meta_for (int u = 0; u < B; u++) {
        int i = v * B + u;
        if (i < (n / 2))
          a[2 * i + 1] = b[i] + a[2 * i];
      }
  }
}
`);
  // (n - 10) / 2 may be negative: not read as a value, the range stays unknown.
  const neg = await tileText(text.replace('n / 2', '(n - 10) / 2'), { fileName: 'half.c' });
  assert.deepEqual(neg.nests.map(x => x.reasons), [["the range of 'i' is not read from its header (it must be 'for (int i = LO; i < HI; i++)')"]]);
});

test('a scratch array each iteration sets before reading it is each thread\'s own; one read after the nest, or not set over its whole range first, keeps r serial (a host loop of the p kernels)', async () => {
  const program = (kernel: string, after = '') => `#define NP 8
void f(int n, double (*restrict A)[NP], double (*restrict C)[NP]) {
  double sum[NP];
  for (int r = 0; r < n; r++) {
${kernel}  }
${after}}
`;
  const kill = '    for (int p = 0; p < NP; p++) {\n      sum[p] = 0;\n      for (int s = 0; s < NP; s++)\n        sum[p] += A[r][s] * C[s][p];\n    }\n';
  const use = '    for (int p = 0; p < NP; p++)\n      A[r][p] = sum[p];\n';
  const r = await tileText(program(kill + use), { fileName: 'scratch.c' });
  assert.deepEqual(r.diagnostics.map(d => d.message), [
    "tiled into a meta_schedule of 1 kernel; 'sum' is each thread's own (every iteration sets it before reading)",
  ]);
  assert.match(r.text!, /int r = v \* B \+ u;\n\s+double sum\[NP\];\n\s+if \(r < n\) \{/);
  // Read after the nest, or not set over its whole range first: r is not parallel (the p loops
  // become kernels of a host loop over r, the array shared on the device).
  const after = await tileText(program(kill + use, '  A[0][0] = sum[0];\n'), { fileName: 'scratch.c' });
  const partial = await tileText(program(kill.replace('p < NP; p++) {', 'p < NP - 1; p++) {') + use), { fileName: 'scratch.c' });
  for (const x of [after, partial])
    assert.deepEqual(x.nests.map(y => [y.tiled, y.kernels, y.host]), [[true, 2, 'r']]);
  // Inside a host loop, a later statement reading the array: not private to the r kernel (which
  // then runs in one thread), the p loop after it a kernel.
  const hosted = await tileText(
    `#define NP 8
void f(int n, double (*restrict A)[NP], double (*restrict C)[NP]) {
  double sum[NP];
  for (int k = 0; k < n; k++) {
    for (int r = 0; r < n; r++) {
${kill}${use}    }
    for (int p = 0; p < NP; p++)
      C[k][p] = sum[p];
  }
}
`,
    { fileName: 'scratch.c' },
  );
  assert.deepEqual(hosted.nests.map(y => [y.tiled, y.kernels, y.host, y.notes.some(n => /each thread's own/.test(n))]), [[true, 2, 'k', false]]);
});

test('a 2-D kernel whose arrays vary along the outer loop in their last subscript puts that loop on threads along x', async () => {
  const text = `void f(int n, int m, double (*restrict b)[n], double (*restrict a)[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[j][i] = 2 * a[j][i];
}
`;
  const r = await tileText(text, { fileName: 'colmaj.c' });
  assert.equal(r.text, `void f(int n, int m, double (*restrict b)[n], double (*restrict a)[n]) {
  /* metafork tile: 1 kernel; block sizes and granularity are the variables below */
  int B0 = 16, B1 = 16;
  int dim0 = (B0 + m - 1) / B0;
  int dim1 = (B1 + n - 1) / B1;
  meta_schedule {
    meta_for (int v0 = 0; v0 < dim0; v0++)
      meta_for (int v1 = 0; v1 < dim1; v1++)
        meta_for (int u0 = 0; u0 < B0; u0++)
          meta_for (int u1 = 0; u1 < B1; u1++) {
            int j = v0 * B0 + u0;
            int i = v1 * B1 + u1;
            if (j < m && i < n)
              b[j][i] = 2 * a[j][i];
          }
  }
}
`);
  assert.deepEqual(r.diagnostics.map(d => d.message), [
    "tiled into a meta_schedule of 1 kernel; threads along x take 'i', which indexes the arrays' last subscripts (neighbouring threads, neighbouring words)",
  ]);
});

test('the column-major kernel, a whole program: tiled with threads along x over i, run in the emulation like gcc -O2', { skip: gcc }, async () => {
  const text = `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 37, m = n + 5;
  long (*a)[n] = malloc(sizeof(long) * n * (m + 1)), (*b)[n] = malloc(sizeof(long) * n * m);
  for (int j = 0; j <= m; j++)
    for (int i = 0; i < n; i++)
      a[j][i] = (j * 7 + i * 3) % 101;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[j][i] = 2 * a[j][i] + a[j + 1][i];
  long sum = 0;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      sum += (j * n + i) % 7 * b[j][i];
  printf("colmaj: n=%d sum=%ld\\n", n, sum);
  free(a);
  free(b);
  return 0;
}
`;
  const r = await tileText(text, { fileName: 'colmaj.c', offset: text.indexOf('for (int i = 0; i < n; i++)\n    for (int j') });
  assert.ok(r.text && r.nests.some(x => x.notes.some(n => /threads along x take 'i'/.test(n))), r.diagnostics.map(d => d.message).join('\n'));
  await sameAsGcc(work, 'colmaj', text, r.text!, ['37', '1', '70']);
});

test('a floating-point sum stays serial: atomic additions would round it in another order on every run', async () => {
  const text = `void f(int n, double *restrict a, long *restrict c) {
  double sum = 0;
  long count = 0;
  for (int i = 0; i < n; i++)
    sum += a[i] * 0.5;
  for (int i = 0; i < n; i++)
    count += 2 * i;
  a[0] = sum + count;
}
`;
  const r = await tileText(text, { fileName: 'fsum.c' });
  assert.deepEqual(r.diagnostics.map(d => d.message), [
    "this loop nest stays serial: 'sum' accumulates across the iterations of 'i' at 'sum += a[i] * 0.5' (line 5): a reduction without a clause (give each iteration its own result)",
    "tiled into a meta_schedule of 1 kernel; the sums into 'count' are atomic additions (integers: the same result in any order)",
  ]);
});
