"use strict";
// Constraint systems of the comprehensive optimization (Xie 2016 §7.1): polynomial
// inequalities over machine parameters (R_B registers per thread, Z_B shared-memory words per
// block, T_B threads per block) and program and data parameters, all integers with lower bounds
// (Hypothesis 3: parameters are nonnegative integers). Consistency is decided cheaply and exactly
// where possible: machine parameters occur linearly with constant coefficients, so they are
// eliminated (Fourier–Motzkin); what remains is refuted by a sign argument after shifting every
// symbol to its lower bound, or proved by a witness from a grid of parameter values. Whatever
// stays undecided goes to z3 (solver.ts), whose 'unknown' keeps the system and says so.
Object.defineProperty(exports, "__esModule", { value: true });
exports.MACHINE = exports.MAX_GRANULARITY = void 0;
exports.holdsAt = holdsAt;
exports.provablyNonNegative = provablyNonNegative;
exports.decideCheap = decideCheap;
exports.decide = decide;
exports.constraintText = constraintText;
exports.describeSystem = describeSystem;
const poly_1 = require("../symbolic/poly");
const solver_1 = require("./solver");
/** The thesis's bound on the coarsening factor (slides: 1 ≤ s ≤ 8). */
exports.MAX_GRANULARITY = 8n;
exports.MACHINE = {
    registers: 'R_B',
    sharedWords: 'Z_B',
    threads: 'T_B',
};
/** The same constraint as `Q ≥ 0` with integer coefficients (strict inequalities of integer-valued
 * polynomials become `Q − 1 ≥ 0`). */
function nonNegativeForm(c) {
    const p = c.rhs.sub(c.lhs);
    const scaled = p.scale((0, poly_1.rational)(p.denominator()));
    return c.op === '<' ? scaled.sub(poly_1.Poly.constant(1)) : scaled;
}
function holdsAt(c, point) {
    return nonNegativeForm(c).evaluate(point).n >= 0n;
}
/** `p ≥ 0` wherever every symbol lies in its domain (symbols without one: ≥ 0), by the sign of the
 * coefficients after shifting each symbol to its lower bound and of the bounded ones' ranges. */
function provablyNonNegative(p, domains) {
    return range(p, domains).min >= 0;
}
/** An interval holding `p` over the domains: shift each symbol x to min + x', then bound each term. */
function range(p, domains) {
    let shifted = p;
    for (const s of p.symbols()) {
        const min = domains.get(s)?.min ?? 0n;
        if (min !== 0n)
            shifted = shifted.substitute(s, poly_1.Poly.symbol(s).add(poly_1.Poly.constant(min)));
    }
    let min = 0, max = 0;
    for (const t of shifted.terms()) {
        const c = Number(t.coefficient.n) / Number(t.coefficient.d);
        // Each shifted symbol ranges over [0, max − min]; a monomial over [0, product of those].
        let top = 1;
        for (const [s, e] of t.powers) {
            const d = domains.get(s);
            const width = d?.max !== undefined ? Number(d.max - d.min) : Infinity;
            if (width === 0) {
                top = 0;
                break;
            }
            top *= width ** e;
        }
        if (top === 0 && t.powers.size > 0)
            continue;
        const bottom = t.powers.size === 0 ? 1 : 0;
        if (c >= 0) {
            min += c * bottom;
            max += top === Infinity && c > 0 ? Infinity : c * top;
        }
        else {
            max += c * bottom;
            min += top === Infinity ? -Infinity : c * top;
        }
    }
    return { min, max };
}
/** Fourier–Motzkin on the machine parameters: each occurs linearly with a constant coefficient. */
function eliminateMachine(forms, domains) {
    let current = forms;
    const eliminated = [];
    for (const [name, d] of domains) {
        if (d.kind !== 'machine')
            continue;
        const involved = current.filter(f => f.symbols().has(name));
        const split = involved.map(f => ({ f, a: f.affineIn(new Set([name])) }));
        if (split.some(s => !s.a || s.a.coefficients.get(name)?.constantValue === undefined))
            continue;
        // a·X + r ≥ 0: a > 0 gives X ≥ −r/a, a < 0 gives X ≤ r/|a|.
        const lower = [{ a: poly_1.Poly.constant(1), r: poly_1.Poly.constant(-d.min) }];
        const upper = d.max !== undefined ? [{ a: poly_1.Poly.constant(1), r: poly_1.Poly.constant(d.max) }] : [];
        for (const { a } of split) {
            const coefficient = a.coefficients.get(name);
            if (coefficient.constantValue.n > 0n)
                lower.push({ a: coefficient, r: a.rest });
            else
                upper.push({ a: coefficient.neg(), r: a.rest });
        }
        const rest = current.filter(f => !f.symbols().has(name));
        for (const l of lower)
            for (const u of upper)
                rest.push(l.a.mul(u.r).add(u.a.mul(l.r)));
        eliminated.push({
            name,
            lower: lower.map(l => l.r.neg().scale({ n: l.a.constantValue.d, d: l.a.constantValue.n })),
            upper: upper.map(u => u.r.scale({ n: u.a.constantValue.d, d: u.a.constantValue.n })),
        });
        current = rest;
    }
    return { forms: current, eliminated };
}
const PROGRAM_SAMPLES = [1n, 2n, 3n, 4n, 5n, 7n, 8n, 16n, 32n, 64n, 128n, 256n, 512n, 1024n];
const DATA_SAMPLES = [1n, 2n, 3n, 7n, 16n, 100n, 1000n, 100000n];
const MACHINE_SAMPLES = [0n, 1n, 8n, 63n, 255n, 1024n, 12288n, 49152n];
/** The values tried for a symbol when looking for a witness. */
function samples(name, d) {
    const base = d?.kind === 'machine' ? MACHINE_SAMPLES : d?.kind === 'data' ? DATA_SAMPLES : PROGRAM_SAMPLES;
    const min = d?.min ?? 0n;
    const values = new Set([min, ...base.filter(v => v >= min && (d?.max === undefined || v <= d.max))]);
    if (d?.max !== undefined)
        for (let v = min; v <= d.max && values.size < 24; v++)
            values.add(v);
    return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
/** A point satisfying every form, from a grid of values (seeded random points when it is large). */
function findWitness(forms, domains) {
    const names = [...new Set(forms.flatMap(f => [...f.symbols()]))].sort();
    const values = names.map(n => samples(n, domains.get(n)));
    const size = values.reduce((n, v) => n * v.length, 1);
    const ok = (point) => forms.every(f => f.evaluate(point).n >= 0n);
    if (size <= 60000) {
        const point = new Map();
        const visit = (i) => {
            if (i === names.length)
                return ok(point);
            for (const v of values[i]) {
                point.set(names[i], v);
                if (visit(i + 1))
                    return true;
            }
            return false;
        };
        return visit(0) ? point : undefined;
    }
    let seed = 12345;
    const next = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed; };
    for (let k = 0; k < 20000; k++) {
        const point = new Map(names.map((n, i) => [n, values[i][next() % values[i].length]]));
        if (ok(point))
            return point;
    }
    return undefined;
}
/** Every symbol of the constraints, with a domain (unknown symbols: nonnegative data). */
function completeDomains(constraints, domains) {
    const all = new Map(domains);
    for (const c of constraints)
        for (const s of [...c.lhs.symbols(), ...c.rhs.symbols()])
            if (!all.has(s))
                all.set(s, { kind: 'data', min: 0n });
    return all;
}
/** Exact reasoning only: 'unknown' when neither a refutation nor a witness is found. */
function decideCheap(constraints, domains) {
    const all = completeDomains(constraints, domains);
    const used = new Set(constraints.flatMap(c => [...c.lhs.symbols(), ...c.rhs.symbols()]));
    const relevant = new Map([...all].filter(([s]) => used.has(s)));
    const { forms, eliminated } = eliminateMachine(constraints.map(nonNegativeForm), relevant);
    for (const f of forms) {
        if (range(f, all).max < 0)
            return { verdict: 'unsat', by: 'bounds', reason: `${f.toMath()} ≥ 0 cannot hold` };
    }
    const point = findWitness(forms, all);
    if (!point)
        return { verdict: 'unknown', by: 'undecided', reason: 'no refutation by signs and no witness on the sample grid' };
    // Symbols the eliminations removed take their least value; then the machine parameters come back
    // as the largest lower bound at the point, in reverse elimination order.
    const machine = new Set(eliminated.map(e => e.name));
    for (const s of used)
        if (!point.has(s) && !machine.has(s))
            point.set(s, all.get(s).min);
    for (const e of [...eliminated].reverse()) {
        const ceil = (p) => { const r = p.evaluate(point); return r.n >= 0n ? (r.n + r.d - 1n) / r.d : r.n / r.d; };
        const lows = e.lower.map(ceil);
        point.set(e.name, lows.reduce((a, b) => (a > b ? a : b)));
    }
    for (const s of used)
        if (!point.has(s))
            point.set(s, all.get(s).min);
    return {
        verdict: 'sat',
        by: 'witness',
        witness: Object.fromEntries([...point].filter(([s]) => used.has(s)).map(([s, v]) => [s, String(v)])),
    };
}
/** The cheap decision, then z3 for what it leaves open; z3's 'unknown' stays 'unknown'. */
async function decide(constraints, domains, timeoutMs = 2000) {
    const cheap = decideCheap(constraints, domains);
    if (cheap.verdict !== 'unknown')
        return cheap;
    const [answer] = await (0, solver_1.decideSystems)([toSolverSystem(constraints, domains)], { timeoutMs });
    if (answer.verdict === 'unknown')
        return { verdict: 'unknown', by: 'undecided', reason: `z3: ${answer.reason ?? 'unknown'}` };
    return { verdict: answer.verdict, by: 'z3', witness: answer.model, reason: answer.reason };
}
const smtName = (s) => `|${s.replace(/[|\\]/g, '_')}|`;
function smtPoly(p) {
    const terms = p.terms().map(t => {
        const factors = [];
        for (const [s, e] of t.powers)
            for (let i = 0; i < e; i++)
                factors.push(smtName(s));
        const c = t.coefficient.n < 0n ? `(- ${-t.coefficient.n})` : String(t.coefficient.n);
        return factors.length === 0
            ? c
            : t.coefficient.n === 1n
                ? factors.length === 1
                    ? factors[0]
                    : `(* ${factors.join(' ')})`
                : `(* ${c} ${factors.join(' ')})`;
    });
    return terms.length === 0 ? '0' : terms.length === 1 ? terms[0] : `(+ ${terms.join(' ')})`;
}
/** The system for z3: integer variables with their bounds and each constraint as `Q ≥ 0`. */
function toSolverSystem(constraints, domains) {
    const all = completeDomains(constraints, domains);
    const used = [...new Set(constraints.flatMap(c => [...c.lhs.symbols(), ...c.rhs.symbols()]))].sort();
    return {
        variables: used.map(s => {
            const d = all.get(s);
            return { name: s, min: Number(d.min), ...(d.max !== undefined ? { max: Number(d.max) } : {}) };
        }),
        assertions: constraints.map(c => `(>= ${smtPoly(nonNegativeForm(c))} 0)`),
    };
}
/** `lhs op rhs` for people. */
function constraintText(c) {
    return `${c.lhs.toMath()} ${c.op === '<=' ? '≤' : '<'} ${c.rhs.toMath()}`;
}
/**
 * A system as the thesis prints it: the bounds of each machine parameter merged into one line
 * (`2*B + 2 ≤ Z_B < 2*B*s + 2`), lower bounds that another provably implies dropped, then the
 * other constraints; `initial` ones are left out unless asked for.
 */
function describeSystem(constraints, domains, withInitial = false) {
    const shown = constraints.filter(c => withInitial || c.origin !== 'initial');
    const lines = [];
    const rest = [];
    const byMachine = new Map();
    for (const c of shown) {
        const machine = (p) => p.symbols().size === 1 &&
            p.terms().length === 1 &&
            p.terms()[0].coefficient.n === 1n &&
            p.terms()[0].coefficient.d === 1n &&
            domains.get([...p.symbols()][0])?.kind === 'machine'
            ? [...p.symbols()][0]
            : undefined;
        const right = machine(c.rhs), left = machine(c.lhs);
        if (right && !c.lhs.symbols().has(right)) {
            const b = byMachine.get(right) ?? { lower: [], upper: [] };
            b.lower.push({ p: c.lhs, strict: c.op === '<' });
            byMachine.set(right, b);
        }
        else if (left && !c.rhs.symbols().has(left)) {
            const b = byMachine.get(left) ?? { lower: [], upper: [] };
            b.upper.push({ p: c.rhs, strict: c.op === '<' });
            byMachine.set(left, b);
        }
        else
            rest.push(c);
    }
    // Keep a bound unless another is provably at least as tight (integers: X > p is X ≥ p + 1);
    // of two equal bounds the first stays.
    const tightest = (bounds, lower) => {
        const one = poly_1.Poly.constant(1);
        const weak = bounds.map(b => (b.strict ? (lower ? b.p.add(one) : b.p.sub(one)) : b.p));
        return bounds.filter((_, i) => !bounds.some((__, j) => {
            if (j === i)
                return false;
            const diff = lower ? weak[j].sub(weak[i]) : weak[i].sub(weak[j]);
            return provablyNonNegative(diff, domains) && (!diff.isZero || j < i);
        }));
    };
    for (const [name, b] of [...byMachine].sort(([a], [c]) => a.localeCompare(c))) {
        const lows = tightest(b.lower, true), ups = tightest(b.upper, false);
        const lowText = lows.map(l => `${l.p.toMath()} ${l.strict ? '<' : '≤'} `).join('');
        const upText = ups.map(u => ` ${u.strict ? '<' : '≤'} ${u.p.toMath()}`).join('');
        if (lows.length <= 1 && ups.length <= 1)
            lines.push(`${lowText}${name}${upText}`);
        else {
            for (const l of lows)
                lines.push(`${l.p.toMath()} ${l.strict ? '<' : '≤'} ${name}`);
            for (const u of ups)
                lines.push(`${name} ${u.strict ? '<' : '≤'} ${u.p.toMath()}`);
        }
    }
    for (const c of rest)
        lines.push(constraintText(c));
    return lines;
}
//# sourceMappingURL=constraints.js.map