// Integer feasibility of affine systems (server/src/symbolic/integers.ts): Fourier–Motzkin with
// tightening. 'none' must be a proof; anything the method cannot decide is 'maybe'.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Poly } from '../../server/src/symbolic/poly';
import { integerSolutions } from '../../server/src/symbolic/integers';

const x = Poly.symbol('x'), y = Poly.symbol('y'), n = Poly.symbol('n');
const c = (k: number) => Poly.constant(k);

test('an empty interval has no solution; a nonempty one may', () => {
  // 3 <= x <= 2
  assert.equal(integerSolutions({ zero: [], nonNegative: [x.sub(c(3)), c(2).sub(x)] }), 'none');
  // 2 <= x <= n, n free: n = 5 solves it.
  assert.equal(integerSolutions({ zero: [], nonNegative: [x.sub(c(2)), n.sub(x)] }), 'maybe');
});

test('tightening: 1 <= 2x <= 1 has a rational solution but no integer one', () => {
  const twoX = x.mul(c(2));
  assert.equal(integerSolutions({ zero: [], nonNegative: [twoX.sub(c(1)), c(1).sub(twoX)] }), 'none');
});

test('an equality whose coefficients\' GCD does not divide its constant: 2x + 4y = 3', () => {
  assert.equal(integerSolutions({ zero: [x.mul(c(2)).add(y.mul(c(4))).sub(c(3))], nonNegative: [] }), 'none');
});

test('the triangular pair: a[j][i] written at (i, j), a[i][j] read at (i2, j2), j >= i, j2 >= i2, i2 > i', () => {
  const [i, j, i2, j2] = ['i', 'j', "i'", "j'"].map(s => Poly.symbol(s));
  const bounds = [i, n.sub(c(1)).sub(i), j.sub(i), n.sub(c(1)).sub(j), i2, n.sub(c(1)).sub(i2), j2.sub(i2), n.sub(c(1)).sub(j2)];
  const meet = [j.sub(i2), i.sub(j2)];
  assert.equal(integerSolutions({ zero: meet, nonNegative: [...bounds, i2.sub(i).sub(c(1))] }), 'none');
  // Over the whole square (no j >= i) they meet: (i, j) = (0, 1), (i2, j2) = (1, 0).
  const square = [i, n.sub(c(1)).sub(i), j, n.sub(c(1)).sub(j), i2, n.sub(c(1)).sub(i2), j2, n.sub(c(1)).sub(j2)];
  assert.equal(integerSolutions({ zero: meet, nonNegative: [...square, i2.sub(i).sub(c(1))] }), 'maybe');
});

test('what is not affine is undecided', () => {
  assert.equal(integerSolutions({ zero: [x.mul(y).sub(c(1))], nonNegative: [c(-1)] }), 'maybe');
});
