"use strict";
// Multivariate polynomials over named symbols with exact rational coefficients (bigint), the
// arithmetic the CUDA generator's footprints and the optimizer's counters
// are written in. Symbols are program parameters (`N`, `B`), loop indices (`v`, `u`) or opaque
// atoms (`(n + 3) / 4`, printed as written). Sign reasoning assumes symbols are nonnegative:
// sizes, block sizes and loop indices starting at 0 are.
Object.defineProperty(exports, "__esModule", { value: true });
exports.Poly = exports.ArithmeticError = void 0;
exports.rational = rational;
exports.affineInterval = affineInterval;
/** An exact computation with no answer (a division by zero, a symbol with no value, a comparison the
 * signs cannot decide): its own class, so that no handler takes it for stack exhaustion. */
class ArithmeticError extends Error {
    name = 'ArithmeticError';
}
exports.ArithmeticError = ArithmeticError;
const gcd = (a, b) => {
    a = a < 0n ? -a : a;
    b = b < 0n ? -b : b;
    while (b)
        [a, b] = [b, a % b];
    return a;
};
function rational(n, d = 1n) {
    let nn = BigInt(n), dd = BigInt(d);
    if (dd === 0n)
        throw new ArithmeticError('division by zero');
    if (dd < 0n) {
        nn = -nn;
        dd = -dd;
    }
    const g = gcd(nn, dd) || 1n;
    return { n: nn / g, d: dd / g };
}
const radd = (a, b) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
const rmul = (a, b) => rational(a.n * b.n, a.d * b.d);
function monomialKey(p) {
    return [...p.keys()].sort().map(s => (p.get(s) === 1 ? s : `${s}^${p.get(s)}`)).join('*');
}
const IDENTIFIER = /^[A-Za-z_]\w*$/;
class Poly {
    terms_;
    constructor(terms_) {
        this.terms_ = terms_;
    }
    static ZERO = new Poly(new Map());
    static constant(c) {
        const r = typeof c === 'object' ? c : rational(c);
        return r.n === 0n ? Poly.ZERO : new Poly(new Map([['', { powers: new Map(), coefficient: r }]]));
    }
    static symbol(name) {
        return new Poly(new Map([[name, { powers: new Map([[name, 1]]), coefficient: rational(1) }]]));
    }
    static of(terms) {
        const out = new Map();
        for (const t of terms) {
            const key = monomialKey(t.powers);
            const prev = out.get(key);
            const c = prev ? radd(prev.coefficient, t.coefficient) : t.coefficient;
            if (c.n === 0n)
                out.delete(key);
            else
                out.set(key, { powers: t.powers, coefficient: c });
        }
        return new Poly(out);
    }
    add(o) { return Poly.of([...this.terms_.values(), ...o.terms_.values()]); }
    neg() { return this.scale(rational(-1)); }
    sub(o) { return this.add(o.neg()); }
    scale(c) {
        const r = typeof c === 'number' ? rational(c) : c;
        return Poly.of([...this.terms_.values()].map(t => ({ powers: t.powers, coefficient: rmul(t.coefficient, r) })));
    }
    mul(o) {
        const out = [];
        for (const a of this.terms_.values()) {
            for (const b of o.terms_.values()) {
                const powers = new Map(a.powers);
                for (const [s, e] of b.powers)
                    powers.set(s, (powers.get(s) ?? 0) + e);
                out.push({ powers, coefficient: rmul(a.coefficient, b.coefficient) });
            }
        }
        return Poly.of(out);
    }
    get isZero() { return this.terms_.size === 0; }
    /** The value when the polynomial has no symbol. */
    get constantValue() {
        if (this.terms_.size === 0)
            return rational(0);
        if (this.terms_.size === 1 && this.terms_.has(''))
            return this.terms_.get('').coefficient;
        return undefined;
    }
    /** The integer value when the polynomial is an integer constant. */
    get integer() {
        const c = this.constantValue;
        return c && c.d === 1n ? c.n : undefined;
    }
    symbols() {
        const s = new Set();
        for (const t of this.terms_.values())
            for (const k of t.powers.keys())
                s.add(k);
        return s;
    }
    equals(o) { return this.sub(o).isZero; }
    /** The terms, each a coefficient and its symbols' exponents. */
    terms() {
        return [...this.terms_.values()];
    }
    /** The value at a point (every symbol must have one), exactly. */
    evaluate(values) {
        let n = 0n, d = 1n;
        for (const t of this.terms_.values()) {
            let v = t.coefficient.n;
            for (const [s, e] of t.powers) {
                const x = values.get(s);
                if (x === undefined)
                    throw new ArithmeticError(`no value for ${s}`);
                v *= x ** BigInt(e);
            }
            n = n * t.coefficient.d + v * d;
            d *= t.coefficient.d;
        }
        return rational(n, d);
    }
    /** The least common multiple of the coefficients' denominators. */
    denominator() {
        let l = 1n;
        for (const t of this.terms_.values())
            l = (l * t.coefficient.d) / gcd(l, t.coefficient.d);
        return l;
    }
    /** Total degree (0 for constants and zero). */
    get degree() { return Math.max(0, ...[...this.terms_.values()].map(degree)); }
    /**
     * `this = rest + Σ coefficient(x)·x` for the symbols x of `vars`, when every term holds at
     * most one of them, to the first power; undefined otherwise (not affine in `vars`).
     */
    affineIn(vars) {
        const rest = [];
        const by = new Map();
        for (const t of this.terms_.values()) {
            const hit = [...t.powers.keys()].filter(s => vars.has(s));
            if (hit.length === 0) {
                rest.push(t);
                continue;
            }
            if (hit.length > 1 || t.powers.get(hit[0]) !== 1)
                return undefined;
            const powers = new Map(t.powers);
            powers.delete(hit[0]);
            by.set(hit[0], [...(by.get(hit[0]) ?? []), { powers, coefficient: t.coefficient }]);
        }
        return { rest: Poly.of(rest), coefficients: new Map([...by].map(([s, ts]) => [s, Poly.of(ts)])) };
    }
    /** Replaces a symbol by a polynomial. */
    substitute(name, value) {
        let out = Poly.ZERO;
        for (const t of this.terms_.values()) {
            let term = Poly.of([{ powers: new Map([...t.powers].filter(([s]) => s !== name)), coefficient: t.coefficient }]);
            for (let e = t.powers.get(name) ?? 0; e > 0; e--)
                term = term.mul(value);
            out = out.add(term);
        }
        return out;
    }
    /** True when no coefficient is negative: the value is ≥ 0 for nonnegative symbols. */
    nonNegative() { return [...this.terms_.values()].every(t => t.coefficient.n >= 0n); }
    nonPositive() { return [...this.terms_.values()].every(t => t.coefficient.n <= 0n); }
    /** Terms as printed: highest degree first, then by monomial. */
    printOrder() {
        return [...this.terms_.values()].sort((a, b) => degree(b) - degree(a) || monomialKey(a.powers).localeCompare(monomialKey(b.powers)));
    }
    /** C source (integer coefficients; a fraction is printed as an exact division of the term). `symbol`
     * prints a symbol (a name renamed, an atom's names renamed); the terms keep the order of the symbols. */
    toC(symbol = s => s) {
        const terms = this.printOrder();
        if (terms.length === 0)
            return '0';
        let out = '';
        terms.forEach((t, i) => {
            const negative = t.coefficient.n < 0n;
            const magnitude = { n: negative ? -t.coefficient.n : t.coefficient.n, d: t.coefficient.d };
            const factors = [];
            for (const s of [...t.powers.keys()].sort()) {
                const atom = IDENTIFIER.test(s) ? symbol(s) : `(${symbol(s)})`;
                for (let e = 0; e < t.powers.get(s); e++)
                    factors.push(atom);
            }
            if (magnitude.n !== 1n || factors.length === 0)
                factors.unshift(String(magnitude.n));
            let text = factors.join(' * ');
            if (magnitude.d !== 1n)
                text = `(${text}) / ${magnitude.d}`;
            out += i === 0 ? (negative ? `-${text}` : text) : (negative ? ` - ${text}` : ` + ${text}`);
        });
        return out;
    }
    toString() { return this.toC(); }
    /** Mathematical notation for people (`2*B^2*s + 3`): powers with ^, no spaces in products. */
    toMath() {
        const terms = this.printOrder();
        if (terms.length === 0)
            return '0';
        return terms.map((t, i) => {
            const negative = t.coefficient.n < 0n;
            const n = negative ? -t.coefficient.n : t.coefficient.n;
            const factors = [...t.powers.keys()].sort().map(s => {
                const atom = IDENTIFIER.test(s) ? s : `(${s})`;
                return t.powers.get(s) === 1 ? atom : `${atom}^${t.powers.get(s)}`;
            });
            if (n !== 1n || factors.length === 0)
                factors.unshift(String(n));
            let text = factors.join('*');
            if (t.coefficient.d !== 1n)
                text = `${text}/${t.coefficient.d}`;
            return i === 0 ? (negative ? `-${text}` : text) : (negative ? ` - ${text}` : ` + ${text}`);
        }).join('');
    }
}
exports.Poly = Poly;
const degree = (t) => [...t.powers.values()].reduce((a, b) => a + b, 0);
/**
 * The interval of `rest + Σ c·x` when each x runs over its range [lo, hi] (symbols taken
 * nonnegative, as everywhere here, and each range not empty); undefined when a range is unknown or
 * a coefficient's sign is not decided. The footprints, the pointer extents and the dependence test all bound this way.
 */
function affineInterval(rest, coefficients, range) {
    let min = rest, max = rest;
    for (const [x, c] of coefficients) {
        const r = range(x);
        if (!r?.lo || !r.hi)
            return undefined;
        // x takes a value, so its range is not empty: hi - lo ≥ 0 decides `n - 16` over `i ≤ n - 17`.
        const span = r.hi.sub(r.lo);
        if (c.nonNegative() || c.sub(span).nonNegative()) {
            min = min.add(c.mul(r.lo));
            max = max.add(c.mul(r.hi));
        }
        else if (c.nonPositive() || c.add(span).nonPositive()) {
            min = min.add(c.mul(r.hi));
            max = max.add(c.mul(r.lo));
        }
        else
            return undefined;
    }
    return { min, max };
}
//# sourceMappingURL=poly.js.map