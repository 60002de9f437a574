"use strict";
// The many-core machine (MCM) model of Haque, Moreno Maza and Xie (Xie 2016 Ch. 4):
// a program is a DAG of kernels, a kernel is thread-blocks of ℓ threads; its work W, span S and
// parallelism overhead O, the thread-block DAG's N and L, the cost C of the costliest block, and
// the Graham–Brent bound T ≤ (N/K + L)·C of Xie 2016 Corollary 4.2.2. Counts are polynomials (data sizes,
// program parameters, U, atoms such as `log2(n)`), so the measures can be read symbolically.
// Maxima are decided by coefficient signs (symbols are nonnegative, as in Poly); where signs do
// not decide, the measure throws and the caller gives numbers for the symbols involved.
Object.defineProperty(exports, "__esModule", { value: true });
exports.widestAntichain = exports.blockMaxima = exports.blockCost = exports.criticalPath = exports.span = exports.blockCount = exports.overhead = exports.work = exports.repeat = exports.par = exports.seq = exports.launch = void 0;
exports.sumOver = sumOver;
exports.measure = measure;
exports.timeBound = timeBound;
exports.ratio = ratio;
exports.sameFraction = sameFraction;
exports.valueAt = valueAt;
const poly_1 = require("../symbolic/poly");
const count = (c) => (c instanceof poly_1.Poly ? c : poly_1.Poly.constant(c));
const ONE = poly_1.Poly.constant(1);
const program = (p) => ('kind' in p ? p : { kind: 'launch', kernel: p });
const launch = (kernel) => ({ kind: 'launch', kernel });
exports.launch = launch;
/** Parts one after the other. */
const seq = (...parts) => ({ kind: 'seq', parts: parts.map(program) });
exports.seq = seq;
/** Parts with no dependency between them. */
const par = (...parts) => ({ kind: 'par', parts: parts.map(program) });
exports.par = par;
/** `for (index = 0; index < times; index++) body` on the host. */
const repeat = (times, body, index) => ({ kind: 'repeat', times: count(times), index, body: program(body) });
exports.repeat = repeat;
/** W(B). */
const blockWork = (k) => k.work !== undefined ? count(k.work) : count(k.threads).mul(count(k.span));
/** O(B) = (α + β)U when coalesced, ℓ(α + β)U otherwise (4.3). */
function blockOverhead(k, U) {
    const l = count(k.threads), c = k.coalesced;
    const [r, w] = typeof c === 'boolean' ? [c, c] : [c.reads, c.writes];
    return count(k.reads).mul(r ? ONE : l).add(count(k.writes).mul(w ? ONE : l)).mul(count(U));
}
function larger(a, b, what) {
    const d = a.sub(b);
    if (d.nonNegative())
        return a;
    if (d.nonPositive())
        return b;
    throw new poly_1.ArithmeticError(`${what}: signs do not tell whether ${a.toMath()} or ${b.toMath()} is larger; give numbers for their symbols`);
}
/** f = Σ_k a_k·x^k: the a_k by k. */
function coefficientsIn(f, x) {
    const out = [];
    for (const t of f.terms()) {
        let a = poly_1.Poly.constant(t.coefficient);
        for (const [s, e] of t.powers)
            if (s !== x)
                for (let j = 0; j < e; j++)
                    a = a.mul(poly_1.Poly.symbol(s));
        const k = t.powers.get(x) ?? 0;
        out[k] = (out[k] ?? poly_1.Poly.ZERO).add(a);
    }
    return Array.from(out, a => a ?? poly_1.Poly.ZERO);
}
/** Σ_{i<times} f(i) exactly: Faulhaber's Σ i^k as polynomials in `times`, from
 * times^{k+1} = Σ_{j≤k} C(k+1, j)·Σ i^j (the sum of (i+1)^{k+1} − i^{k+1} telescopes). */
function sumOver(f, times, index) {
    const a = index ? coefficientsIn(f, index) : [f];
    const sums = [];
    let total = poly_1.Poly.ZERO, power = times;
    a.forEach((ak, k) => {
        let s = power, binomial = 1;
        for (let j = 0; j < k; j++) {
            s = s.sub(sums[j].scale(binomial));
            binomial = (binomial * (k + 1 - j)) / (j + 1);
        }
        sums.push(s.scale((0, poly_1.rational)(1, k + 1)));
        total = total.add(ak.mul(sums[k]));
        power = power.mul(times);
    });
    return total;
}
/** max_{i<times} f(i): f must not depend on the index, or be affine in it (then an end wins). */
function maxOver(f, times, index, what) {
    const a = index ? coefficientsIn(f, index) : [f];
    if (a.length <= 1)
        return a[0] ?? poly_1.Poly.ZERO;
    if (a.length === 2)
        return larger(a[0], a[0].add(a[1].mul(times.sub(ONE))), what);
    throw new poly_1.ArithmeticError(`${what}: not affine in the loop index ${index}`);
}
function fold(p, f) {
    switch (p.kind) {
        case 'launch': return f.launch(p.kernel);
        case 'seq': return f.seq(p.parts.map(q => fold(q, f)));
        case 'par': return f.par(p.parts.map(q => fold(q, f)));
        case 'repeat': return f.repeat(fold(p.body, f), p.times, p.index);
    }
}
const sum = (xs) => xs.reduce((a, b) => a.add(b), poly_1.Poly.ZERO);
const most = (what) => (xs) => xs.reduce((a, b) => larger(a, b, what), xs[0] ?? poly_1.Poly.ZERO);
/** Summed over every launch: W, O, N. */
const total = (launch) => ({ launch, seq: sum, par: sum, repeat: sumOver });
/** Along the heaviest path: S, L. */
const path = (what, launch) => ({
    launch,
    seq: sum,
    par: most(what),
    repeat: sumOver,
});
/** The largest over all blocks: C. */
const peak = (what, launch) => ({ launch, seq: most(what), par: most(what), repeat: (x, t, i) => maxOver(x, t, i, what) });
/** W(P) = Σ_K W(K), W(K) = Σ_B W(B). */
const work = (p) => fold(p, total(k => count(k.blocks).mul(blockWork(k))));
exports.work = work;
/** O(P) = Σ_K O(K), O(K) = Σ_B O(B). */
const overhead = (p, U) => fold(p, total(k => count(k.blocks).mul(blockOverhead(k, U))));
exports.overhead = overhead;
/** N(P): the thread-blocks of all launches. */
const blockCount = (p) => fold(p, total(k => count(k.blocks)));
exports.blockCount = blockCount;
/** S(P) = max over kernel paths of Σ S(K), S(K) = max_B S(B). */
const span = (p) => fold(p, path('S(P)', k => count(k.span)));
exports.span = span;
/**
 * L(P): kernels on the longest path. The text calls L the number of edges of a critical path of
 * the thread-block DAG, but every worked analysis counts kernels ((n+m)/s calls for the GCD,
 * 3·log2(n) + 1 for Stockham), as the greedy schedule's incomplete steps do; edges are L − 1.
 */
const criticalPath = (p) => fold(p, path('L(P)', () => ONE));
exports.criticalPath = criticalPath;
/** C(P) = max_B (S(B) + O(B)), Theorem 4.2.1. */
const blockCost = (p, U) => fold(p, peak('C(P)', k => count(k.span).add(blockOverhead(k, U))));
exports.blockCost = blockCost;
/** max_B S(B) and max_B O(B) apart: their sum bounds C(P) from above, and is the C several
 * worked analyses print (FFT-based multiplication's 4U + 25, radix sort's). */
const blockMaxima = (p, U) => ({
    span: fold(p, peak('max S(B)', k => count(k.span))),
    overhead: fold(p, peak('max O(B)', k => blockOverhead(k, U))),
});
exports.blockMaxima = blockMaxima;
/** K of Xie 2016 Corollary 4.2.2: the most thread-blocks on an antichain (parallel parts add up). */
const widestAntichain = (p) => fold(p, { ...peak('K', k => count(k.blocks)), par: sum });
exports.widestAntichain = widestAntichain;
/** All of W, S, O, N, L and C (throws where one of their maxima is not decided). */
function measure(p, U) {
    return {
        work: (0, exports.work)(p), span: (0, exports.span)(p), overhead: (0, exports.overhead)(p, U),
        blocks: (0, exports.blockCount)(p), criticalPath: (0, exports.criticalPath)(p), blockCost: (0, exports.blockCost)(p, U),
    };
}
const fraction = (x) => (x instanceof poly_1.Poly ? { num: x, den: ONE } : x);
function reduced(f) {
    const d = f.den.constantValue;
    if (d === undefined || d.n === 0n)
        return f;
    return { num: f.num.scale((0, poly_1.rational)(d.d, d.n)), den: ONE };
}
/**
 * Xie 2016 Corollary 4.2.2: T ≤ (N/K + L)·C, with K the widest antichain of thread-blocks (the analyses
 * choose it: "on Θ(m/ℓ) SMs"); Theorem 4.2.1 is the same with K the number of SMs.
 */
function timeBound(m, sms) {
    const K = count(sms);
    return reduced({ num: m.blocks.add(m.criticalPath.mul(K)).mul(m.blockCost), den: K });
}
/** a / b, e.g. W_1/W_s or R = T_1/T_s. */
function ratio(a, b) {
    const x = fraction(a), y = fraction(b);
    return reduced({ num: x.num.mul(y.den), den: x.den.mul(y.num) });
}
/** Equal as rational functions (cross-multiplied). */
function sameFraction(a, b) {
    const x = fraction(a), y = fraction(b);
    return x.num.mul(y.den).equals(y.num.mul(x.den));
}
/** The exact value at a point (every symbol, `log2(n)` included, needs one). */
function valueAt(f, values) {
    const x = fraction(f), n = x.num.evaluate(values), d = x.den.evaluate(values);
    return (0, poly_1.rational)(n.n * d.d, n.d * d.n);
}
//# sourceMappingURL=mcm.js.map