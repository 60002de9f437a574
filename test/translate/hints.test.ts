// OpenMP -> MetaFork keeps the meaning of a program whose directives and clauses only advise the
// compiler (simd, declare simd, order(concurrent), nontemporal, unroll, assume, nothing,
// requires, error at(compilation)): they are dropped with a note, never a refusal, and the
// translation (through its serial elision) prints what the original prints at 1, 2 and 4 threads.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { translateText } from '../../server/src/translate/index';
import { elide } from '../../server/src/model/elide';
import { checkSource } from '../helpers';
import { gcc, run, OPTIMIZED, THREADS } from '../differential/gcc';

const PROGRAM = [
  '#include <stdio.h>',
  '#pragma omp requires dynamic_allocators',
  '#pragma omp declare simd uniform(a)',
  'double get(const double *a, int i);',
  'double get(const double *a, int i) { return a[i]; }',
  '#pragma omp error at(compilation) severity(warning) message("hints kept as a warning")',
  'int main(void) {',
  '  double a[100], s = 0;',
  '  int k = 0;',
  '#pragma omp parallel for simd order(concurrent) nontemporal(a)',
  '  for (int i = 0; i < 100; i++) a[i] = i;',
  '#pragma omp simd reduction(+: s) linear(k: 1)',
  '  for (int i = 0; i < 100; i++) { s += get(a, i); k++; }',
  '#pragma omp parallel for reduction(+: s)',
  '#pragma omp unroll partial(2)',
  '  for (int i = 0; i < 100; i++) s += a[i];',
  '#pragma omp assume holds(k > 0)',
  '  {',
  '#pragma omp nothing',
  '    s += k;',
  '  }',
  '  printf("%g %d\\n", s, k);',
  '  return 0;',
  '}',
  '',
].join('\n');

const EXPECTED = [
  '#include <stdio.h>',
  'double get(const double *a, int i);',
  'double get(const double *a, int i) { return a[i]; }',
  '#warning "hints kept as a warning"',
  'int main(void) {',
  '  double a[100], s = 0;',
  '  int k = 0;',
  '  meta_for (int i = 0; i < 100; i++) a[i] = i;',
  '  for (int i = 0; i < 100; i++) { s += get(a, i); k++; }',
  '  meta_for reduction(+: s) (int i = 0; i < 100; i++) s += a[i];',
  '  {',
  '    s += k;',
  '  }',
  '  printf("%g %d\\n", s, k);',
  '  return 0;',
  '}',
  '',
].join('\n');

test('hint directives and clauses are dropped with a note, and the program means the same', async t => {
  const r = await translateText(PROGRAM, 'metafork', { fileName: 'hints.c' });
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
  assert.equal(r.text, EXPECTED);
  assert.deepEqual(r.diagnostics.map(d => PROGRAM.slice(d.start, d.end)).sort(), [
    'assume', 'declare simd', 'error', 'nontemporal(a)', 'nothing', 'order(concurrent)', 'parallel for simd', 'requires',
    'simd',
    'unroll',
  ]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-hints-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const original = path.join(dir, 'hints.c');
  fs.writeFileSync(original, PROGRAM);
  gcc(original, path.join(dir, 'omp'), [...OPTIMIZED, '-fopenmp']);
  const { model, diagnostics } = await checkSource(r.text!, 'hints.mfc');
  assert.deepEqual(diagnostics.filter(d => d.severity === 'error'), []);
  const serial = path.join(dir, 'serial.c');
  fs.writeFileSync(serial, elide(model));
  gcc(serial, path.join(dir, 'serial'), OPTIMIZED);
  const expected = run(path.join(dir, 'serial'));
  assert.equal(expected, '10000 100\n');
  for (const n of THREADS) assert.equal(run(path.join(dir, 'omp'), n), expected, `${n} threads`);
});
