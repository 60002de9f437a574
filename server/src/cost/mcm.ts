// The many-core machine (MCM) model of Haque, Moreno Maza and Xie (Xie 2016 Ch. 4):
// a program is a DAG of kernels, a kernel is thread-blocks of ℓ threads; its work W, span S and
// parallelism overhead O, the thread-block DAG's N and L, the cost C of the costliest block, and
// the Graham–Brent bound T ≤ (N/K + L)·C of Xie 2016 Corollary 4.2.2. Counts are polynomials (data sizes,
// program parameters, U, atoms such as `log2(n)`), so the measures can be read symbolically.
// Maxima are decided by coefficient signs (symbols are nonnegative, as in Poly); where signs do
// not decide, the measure throws and the caller gives numbers for the symbols involved.

import { ArithmeticError, Poly, Rational, rational } from '../symbolic/poly';

export type Count = Poly | number | bigint | Rational;

const count = (c: Count): Poly => (c instanceof Poly ? c : Poly.constant(c));
const ONE = Poly.constant(1);

/** One launch's thread-blocks, all alike (blocks that differ make several kernels). */
export interface Kernel {
  name: string;
  blocks: Count;
  /** ℓ: the factor of a transfer that does not coalesce. */
  threads: Count;
  /** S(B): local operations of the busiest thread. */
  span: Count;
  /** W(B): local operations of all its threads; ℓ·S(B) when left out (every thread alike). */
  work?: Count;
  /** α and β: words one thread reads from and writes to the global memory. */
  reads: Count;
  writes: Count;
  /** Relation (4.1). Reads and writes may differ: Cooley–Tukey's shuffles read coalesced and
   * write scattered (2U + 2ℓU per block in the thesis's worksheet). */
  coalesced: boolean | { reads: boolean; writes: boolean };
}

/** The kernel DAG, series-parallel: a host loop launching a body `times` times is a path of
 * `times` copies; the body's counts may be polynomials in `index` (0 ≤ index < times). */
export type Program =
  | { kind: 'launch'; kernel: Kernel }
  | { kind: 'seq'; parts: Program[] }
  | { kind: 'par'; parts: Program[] }
  | { kind: 'repeat'; times: Poly; index?: string; body: Program };

export type Part = Program | Kernel;
const program = (p: Part): Program => ('kind' in p ? p : { kind: 'launch', kernel: p });

export const launch = (kernel: Kernel): Program => ({ kind: 'launch', kernel });
/** Parts one after the other. */
export const seq = (...parts: Part[]): Program => ({ kind: 'seq', parts: parts.map(program) });
/** Parts with no dependency between them. */
export const par = (...parts: Part[]): Program => ({ kind: 'par', parts: parts.map(program) });
/** `for (index = 0; index < times; index++) body` on the host. */
export const repeat = (times: Count, body: Part, index?: string): Program =>
  ({ kind: 'repeat', times: count(times), index, body: program(body) });

/** W(B). */
const blockWork = (k: Kernel): Poly =>
  k.work !== undefined ? count(k.work) : count(k.threads).mul(count(k.span));
/** O(B) = (α + β)U when coalesced, ℓ(α + β)U otherwise (4.3). */
function blockOverhead(k: Kernel, U: Count): Poly {
  const l = count(k.threads), c = k.coalesced;
  const [r, w] = typeof c === 'boolean' ? [c, c] : [c.reads, c.writes];
  return count(k.reads).mul(r ? ONE : l).add(count(k.writes).mul(w ? ONE : l)).mul(count(U));
}

function larger(a: Poly, b: Poly, what: string): Poly {
  const d = a.sub(b);
  if (d.nonNegative()) return a;
  if (d.nonPositive()) return b;
  throw new ArithmeticError(
    `${what}: signs do not tell whether ${a.toMath()} or ${b.toMath()} is larger; give numbers for their symbols`,
  );
}

/** f = Σ_k a_k·x^k: the a_k by k. */
function coefficientsIn(f: Poly, x: string): Poly[] {
  const out: Poly[] = [];
  for (const t of f.terms()) {
    let a = Poly.constant(t.coefficient);
    for (const [s, e] of t.powers) if (s !== x) for (let j = 0; j < e; j++) a = a.mul(Poly.symbol(s));
    const k = t.powers.get(x) ?? 0;
    out[k] = (out[k] ?? Poly.ZERO).add(a);
  }
  return Array.from(out, a => a ?? Poly.ZERO);
}

/** Σ_{i<times} f(i) exactly: Faulhaber's Σ i^k as polynomials in `times`, from
 * times^{k+1} = Σ_{j≤k} C(k+1, j)·Σ i^j (the sum of (i+1)^{k+1} − i^{k+1} telescopes). */
export function sumOver(f: Poly, times: Poly, index?: string): Poly {
  const a = index ? coefficientsIn(f, index) : [f];
  const sums: Poly[] = [];
  let total = Poly.ZERO, power = times;
  a.forEach((ak, k) => {
    let s = power, binomial = 1;
    for (let j = 0; j < k; j++) {
      s = s.sub(sums[j].scale(binomial));
      binomial = (binomial * (k + 1 - j)) / (j + 1);
    }
    sums.push(s.scale(rational(1, k + 1)));
    total = total.add(ak.mul(sums[k]));
    power = power.mul(times);
  });
  return total;
}

/** max_{i<times} f(i): f must not depend on the index, or be affine in it (then an end wins). */
function maxOver(f: Poly, times: Poly, index: string | undefined, what: string): Poly {
  const a = index ? coefficientsIn(f, index) : [f];
  if (a.length <= 1) return a[0] ?? Poly.ZERO;
  if (a.length === 2) return larger(a[0], a[0].add(a[1].mul(times.sub(ONE))), what);
  throw new ArithmeticError(`${what}: not affine in the loop index ${index}`);
}

interface Fold {
  launch(k: Kernel): Poly;
  seq(xs: Poly[]): Poly;
  par(xs: Poly[]): Poly;
  repeat(x: Poly, times: Poly, index?: string): Poly;
}
function fold(p: Program, f: Fold): Poly {
  switch (p.kind) {
    case 'launch': return f.launch(p.kernel);
    case 'seq': return f.seq(p.parts.map(q => fold(q, f)));
    case 'par': return f.par(p.parts.map(q => fold(q, f)));
    case 'repeat': return f.repeat(fold(p.body, f), p.times, p.index);
  }
}
const sum = (xs: Poly[]) => xs.reduce((a, b) => a.add(b), Poly.ZERO);
const most = (what: string) => (xs: Poly[]) => xs.reduce((a, b) => larger(a, b, what), xs[0] ?? Poly.ZERO);
/** Summed over every launch: W, O, N. */
const total = (launch: (k: Kernel) => Poly): Fold => ({ launch, seq: sum, par: sum, repeat: sumOver });
/** Along the heaviest path: S, L. */
const path = (what: string, launch: (k: Kernel) => Poly): Fold => ({
  launch,
  seq: sum,
  par: most(what),
  repeat: sumOver,
});
/** The largest over all blocks: C. */
const peak = (what: string, launch: (k: Kernel) => Poly): Fold =>
  ({ launch, seq: most(what), par: most(what), repeat: (x, t, i) => maxOver(x, t, i, what) });

/** W(P) = Σ_K W(K), W(K) = Σ_B W(B). */
export const work = (p: Program): Poly => fold(p, total(k => count(k.blocks).mul(blockWork(k))));
/** O(P) = Σ_K O(K), O(K) = Σ_B O(B). */
export const overhead = (p: Program, U: Count): Poly => fold(p, total(k => count(k.blocks).mul(blockOverhead(k, U))));
/** N(P): the thread-blocks of all launches. */
export const blockCount = (p: Program): Poly => fold(p, total(k => count(k.blocks)));
/** S(P) = max over kernel paths of Σ S(K), S(K) = max_B S(B). */
export const span = (p: Program): Poly => fold(p, path('S(P)', k => count(k.span)));
/**
 * L(P): kernels on the longest path. The text calls L the number of edges of a critical path of
 * the thread-block DAG, but every worked analysis counts kernels ((n+m)/s calls for the GCD,
 * 3·log2(n) + 1 for Stockham), as the greedy schedule's incomplete steps do; edges are L − 1.
 */
export const criticalPath = (p: Program): Poly => fold(p, path('L(P)', () => ONE));
/** C(P) = max_B (S(B) + O(B)), Theorem 4.2.1. */
export const blockCost = (p: Program, U: Count): Poly =>
  fold(p, peak('C(P)', k => count(k.span).add(blockOverhead(k, U))));
/** max_B S(B) and max_B O(B) apart: their sum bounds C(P) from above, and is the C several
 * worked analyses print (FFT-based multiplication's 4U + 25, radix sort's). */
export const blockMaxima = (p: Program, U: Count): { span: Poly; overhead: Poly } => ({
  span: fold(p, peak('max S(B)', k => count(k.span))),
  overhead: fold(p, peak('max O(B)', k => blockOverhead(k, U))),
});
/** K of Xie 2016 Corollary 4.2.2: the most thread-blocks on an antichain (parallel parts add up). */
export const widestAntichain = (p: Program): Poly =>
  fold(p, { ...peak('K', k => count(k.blocks)), par: sum });

export interface Measures { work: Poly; span: Poly; overhead: Poly; blocks: Poly; criticalPath: Poly; blockCost: Poly }

/** All of W, S, O, N, L and C (throws where one of their maxima is not decided). */
export function measure(p: Program, U: Count): Measures {
  return {
    work: work(p), span: span(p), overhead: overhead(p, U),
    blocks: blockCount(p), criticalPath: criticalPath(p), blockCost: blockCost(p, U),
  };
}

/** A quotient of polynomials: N/K in the bound, and the methodology's ratios W_1/W_s, T_1/T_s. */
export interface Fraction { num: Poly; den: Poly }

const fraction = (x: Poly | Fraction): Fraction => (x instanceof Poly ? { num: x, den: ONE } : x);
function reduced(f: Fraction): Fraction {
  const d = f.den.constantValue;
  if (d === undefined || d.n === 0n) return f;
  return { num: f.num.scale(rational(d.d, d.n)), den: ONE };
}

/**
 * Xie 2016 Corollary 4.2.2: T ≤ (N/K + L)·C, with K the widest antichain of thread-blocks (the analyses
 * choose it: "on Θ(m/ℓ) SMs"); Theorem 4.2.1 is the same with K the number of SMs.
 */
export function timeBound(m: Pick<Measures, 'blocks' | 'criticalPath' | 'blockCost'>, sms: Count): Fraction {
  const K = count(sms);
  return reduced({ num: m.blocks.add(m.criticalPath.mul(K)).mul(m.blockCost), den: K });
}

/** a / b, e.g. W_1/W_s or R = T_1/T_s. */
export function ratio(a: Poly | Fraction, b: Poly | Fraction): Fraction {
  const x = fraction(a), y = fraction(b);
  return reduced({ num: x.num.mul(y.den), den: x.den.mul(y.num) });
}

/** Equal as rational functions (cross-multiplied). */
export function sameFraction(a: Poly | Fraction, b: Poly | Fraction): boolean {
  const x = fraction(a), y = fraction(b);
  return x.num.mul(y.den).equals(y.num.mul(x.den));
}

/** The exact value at a point (every symbol, `log2(n)` included, needs one). */
export function valueAt(f: Poly | Fraction, values: ReadonlyMap<string, bigint>): Rational {
  const x = fraction(f), n = x.num.evaluate(values), d = x.den.evaluate(values);
  return rational(n.n * d.d, n.d * d.n);
}
