"use strict";
// Integer feasibility of affine systems (server/src/symbolic/integers.ts): Fourier–Motzkin with
// tightening. 'none' must be a proof; anything the method cannot decide is 'maybe'.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const poly_1 = require("../../server/src/symbolic/poly");
const integers_1 = require("../../server/src/symbolic/integers");
const x = poly_1.Poly.symbol('x'), y = poly_1.Poly.symbol('y'), n = poly_1.Poly.symbol('n');
const c = (k) => poly_1.Poly.constant(k);
(0, node_test_1.test)('an empty interval has no solution; a nonempty one may', () => {
    // 3 <= x <= 2
    strict_1.default.equal((0, integers_1.integerSolutions)({ zero: [], nonNegative: [x.sub(c(3)), c(2).sub(x)] }), 'none');
    // 2 <= x <= n, n free: n = 5 solves it.
    strict_1.default.equal((0, integers_1.integerSolutions)({ zero: [], nonNegative: [x.sub(c(2)), n.sub(x)] }), 'maybe');
});
(0, node_test_1.test)('tightening: 1 <= 2x <= 1 has a rational solution but no integer one', () => {
    const twoX = x.mul(c(2));
    strict_1.default.equal((0, integers_1.integerSolutions)({ zero: [], nonNegative: [twoX.sub(c(1)), c(1).sub(twoX)] }), 'none');
});
(0, node_test_1.test)('an equality whose coefficients\' GCD does not divide its constant: 2x + 4y = 3', () => {
    strict_1.default.equal((0, integers_1.integerSolutions)({ zero: [x.mul(c(2)).add(y.mul(c(4))).sub(c(3))], nonNegative: [] }), 'none');
});
(0, node_test_1.test)('the triangular pair: a[j][i] written at (i, j), a[i][j] read at (i2, j2), j >= i, j2 >= i2, i2 > i', () => {
    const [i, j, i2, j2] = ['i', 'j', "i'", "j'"].map(s => poly_1.Poly.symbol(s));
    const bounds = [i, n.sub(c(1)).sub(i), j.sub(i), n.sub(c(1)).sub(j), i2, n.sub(c(1)).sub(i2), j2.sub(i2), n.sub(c(1)).sub(j2)];
    const meet = [j.sub(i2), i.sub(j2)];
    strict_1.default.equal((0, integers_1.integerSolutions)({ zero: meet, nonNegative: [...bounds, i2.sub(i).sub(c(1))] }), 'none');
    // Over the whole square (no j >= i) they meet: (i, j) = (0, 1), (i2, j2) = (1, 0).
    const square = [i, n.sub(c(1)).sub(i), j, n.sub(c(1)).sub(j), i2, n.sub(c(1)).sub(i2), j2, n.sub(c(1)).sub(j2)];
    strict_1.default.equal((0, integers_1.integerSolutions)({ zero: meet, nonNegative: [...square, i2.sub(i).sub(c(1))] }), 'maybe');
});
(0, node_test_1.test)('what is not affine is undecided', () => {
    strict_1.default.equal((0, integers_1.integerSolutions)({ zero: [x.mul(y).sub(c(1))], nonNegative: [c(-1)] }), 'maybe');
});
//# sourceMappingURL=integers.test.js.map