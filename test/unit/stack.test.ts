// Stack exhaustion is the only error the checks turn into MF100 ("nested too deeply"); a math error
// (a division by zero) has its own class and is never taken for it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStackExhausted } from '../../server/src/base/stack';
import { ArithmeticError, Poly, rational } from '../../server/src/symbolic/poly';
import { checkSource } from '../helpers';

const thrown = (f: () => unknown): unknown => { try { f(); } catch (e) { return e; } assert.fail('nothing thrown'); };

test('only a real stack overflow counts as stack exhaustion', () => {
  const deep = (n: number): number => deep(n + 1) + 1;
  assert.equal(isStackExhausted(thrown(() => deep(0))), true);
  assert.equal(isStackExhausted(thrown(() => 1n / 0n)), false);
  assert.equal(isStackExhausted(thrown(() => 'x'.repeat(-1))), false);
  assert.equal(isStackExhausted(thrown(() => rational(1, 0))), false);
  assert.equal(isStackExhausted(new Error('Maximum call stack size exceeded')), false);
});

test('an exact division by zero or a missing value is an ArithmeticError, not a RangeError', () => {
  for (const e of [thrown(() => rational(1n, 0n)), thrown(() => Poly.symbol('N').evaluate(new Map()))]) {
    assert.ok(e instanceof ArithmeticError);
    assert.ok(!(e instanceof RangeError));
  }
  assert.match(String(thrown(() => rational(3, 0))), /ArithmeticError: division by zero/);
});

test('a division by zero in a constant expression reports no MF100', async () => {
  const source = 'void f(int n, int *a) {\n  int z = 1 / 0;\n'
    + '#pragma omp parallel for schedule(static, 4 / 0)\n  for (int i = 0; i < n; i += 2 / 0) a[i] = i % 0;\n'
    + '  meta_for (int j = 0; j < n / 0; j += 1 / (1 - 1)) a[j] = z;\n}\n';
  const { diagnostics } = await checkSource(source);
  assert.deepEqual(diagnostics.filter(d => d.code === 'MF100'), []);
});
