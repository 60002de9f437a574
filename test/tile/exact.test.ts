// The exact dependence test (Fourier–Motzkin over both iterations' bounds, tile/dependence.ts)
// and the restructurings it opens: triangular pairs that meet in each subscript alone but never
// in both tile; the same pair over the whole square stays serial with its reason; a reduction
// across the outer loop is interchanged; the printed schedules are pinned.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tileText } from '../../server/src/tile/index';

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
