"use strict";
// Whether a system of affine equalities and inequalities over integer variables has a solution:
// Fourier–Motzkin elimination with integer tightening (each inequality divided by the GCD of its
// coefficients, its constant rounded down). Exact over the rationals, and tightening cuts off
// some rational-only solutions; whatever remains after the limits is reported "maybe" — so
// "none" is a proof and the callers (the dependence test) take anything else as a solution.
Object.defineProperty(exports, "__esModule", { value: true });
exports.integerSolutions = integerSolutions;
const abs = (a) => (a < 0n ? -a : a);
const gcd = (a, b) => (b === 0n ? abs(a) : gcd(b, a % b));
/** ⌊a / b⌋ for b > 0. */
const floorDiv = (a, b) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
/** The integer form of an affine polynomial (scaled by its denominators), or undefined when it is not affine. */
function formOf(p) {
    const terms = p.terms();
    let scale = 1n;
    for (const t of terms)
        scale = (scale * t.coefficient.d) / gcd(scale, t.coefficient.d);
    const form = { terms: new Map(), constant: 0n };
    for (const t of terms) {
        const c = (t.coefficient.n * scale) / t.coefficient.d;
        if (t.powers.size === 0)
            form.constant += c;
        else if (t.powers.size === 1 && [...t.powers.values()][0] === 1)
            form.terms.set([...t.powers.keys()][0], c);
        else
            return undefined;
    }
    return form;
}
/** Tightened: Σ a·x + c ≥ 0 with g = gcd(a) becomes Σ (a/g)·x + ⌊c/g⌋ ≥ 0. False when it has no
 * variable and is violated. */
function tighten(f) {
    let g = 0n;
    for (const a of f.terms.values())
        g = gcd(g, a);
    if (g === 0n)
        return f.constant >= 0n ? undefined : false; // always true: dropped
    if (g === 1n)
        return f;
    return { terms: new Map([...f.terms].map(([x, a]) => [x, a / g])), constant: floorDiv(f.constant, g) };
}
/** Limits: past these many inequalities, or this many eliminations, the answer is "maybe". */
const MAX_CONSTRAINTS = 400;
/**
 * 'none' when the system surely has no integer solution; 'maybe' otherwise (a solution, or a
 * system too large or not affine to decide).
 */
function integerSolutions(system) {
    const equalities = [];
    let inequalities = [];
    for (const p of system.zero) {
        const f = formOf(p);
        if (!f)
            return 'maybe';
        equalities.push(f);
    }
    for (const p of system.nonNegative) {
        const f = formOf(p);
        if (!f)
            return 'maybe';
        inequalities.push(f);
    }
    // Equalities first: one with a variable of coefficient ±1 substitutes it everywhere; one whose
    // coefficients' GCD does not divide its constant has no integer solution; the rest become two
    // inequalities.
    const substitute = (f, x, by) => {
        const a = f.terms.get(x);
        if (!a)
            return f;
        const terms = new Map(f.terms);
        terms.delete(x);
        for (const [y, b] of by.terms) {
            const c = (terms.get(y) ?? 0n) + a * b;
            if (c === 0n)
                terms.delete(y);
            else
                terms.set(y, c);
        }
        return { terms, constant: f.constant + a * by.constant };
    };
    while (equalities.length) {
        const e = equalities.pop();
        let g = 0n;
        for (const a of e.terms.values())
            g = gcd(g, a);
        if (g === 0n) {
            if (e.constant !== 0n)
                return 'none';
            continue;
        }
        if (e.constant % g !== 0n)
            return 'none';
        const unit = [...e.terms].find(([, a]) => a === 1n || a === -1n);
        if (!unit) {
            inequalities.push(e, { terms: new Map([...e.terms].map(([x, a]) => [x, -a])), constant: -e.constant });
            continue;
        }
        // x = -(Σ others + c) / a with a = ±1.
        const [x, a] = unit;
        const by = { terms: new Map(), constant: -e.constant * a };
        for (const [y, b] of e.terms)
            if (y !== x)
                by.terms.set(y, -b * a);
        for (let k = 0; k < equalities.length; k++)
            equalities[k] = substitute(equalities[k], x, by);
        inequalities = inequalities.map(f => substitute(f, x, by));
    }
    const tightenAll = (forms) => {
        const out = [];
        for (const f of forms) {
            const t = tighten(f);
            if (t === false)
                return false;
            if (t)
                out.push(t);
        }
        return out;
    };
    let current = tightenAll(inequalities);
    while (current) {
        if (current.length > MAX_CONSTRAINTS)
            return 'maybe';
        const variables = new Set(current.flatMap(f => [...f.terms.keys()]));
        if (variables.size === 0)
            return 'maybe';
        // Eliminate the variable that makes the fewest new constraints.
        let best;
        for (const x of variables) {
            let up = 0, down = 0;
            for (const f of current) {
                const a = f.terms.get(x) ?? 0n;
                if (a > 0n)
                    up++;
                else if (a < 0n)
                    down++;
            }
            const cost = up * down - up - down;
            if (!best || cost < best.cost)
                best = { x, cost };
        }
        const x = best.x;
        const lower = current.filter(f => (f.terms.get(x) ?? 0n) > 0n);
        const upper = current.filter(f => (f.terms.get(x) ?? 0n) < 0n);
        const next = current.filter(f => !f.terms.has(x));
        // a·x + L ≥ 0 (a > 0) and -b·x + U ≥ 0 (b > 0) give b·L + a·U ≥ 0.
        for (const l of lower)
            for (const u of upper) {
                const a = l.terms.get(x), b = -u.terms.get(x);
                const terms = new Map();
                for (const [y, c] of l.terms)
                    if (y !== x)
                        terms.set(y, b * c);
                for (const [y, c] of u.terms)
                    if (y !== x) {
                        const s = (terms.get(y) ?? 0n) + a * c;
                        if (s === 0n)
                            terms.delete(y);
                        else
                            terms.set(y, s);
                    }
                next.push({ terms, constant: b * l.constant + a * u.constant });
            }
        current = tightenAll(next);
    }
    return 'none';
}
//# sourceMappingURL=integers.js.map