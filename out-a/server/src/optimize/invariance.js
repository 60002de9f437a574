"use strict";
// May the dispatcher choose a program parameter (a block size, the granularity) at run time? Only
// when the result cannot depend on it: otherwise the program's own value is kept.
//
// A sufficient condition, checked symbolically per kernel. The loops whose bounds hold the
// parameters (and the grid, block and serial loops of the schedule) are digits of *chains*: an
// index x = ((v1·U2 + v2)·U3 + v3)… of loops v_t < U_t from 0, which runs over [0, U1·U2·…)
// exactly once whatever the U_t (`(i * s + k) * B + j`, `B * w + z`). Then:
//   - every use of a loop index or a parameter in the kernel is an expression of whole chains
//     (`x`, `N - 1 - x`), free of the parameters once each chain is read as its index X;
//   - each chain covers a range free of the parameters: its range U1·W1 is, or the first digit's
//     bound is the ceiling `(M + W1 - 1) / W1` and a guard `X < M` encloses every array access
//     and call of the kernel (the shape `tile` writes): the indices run are [0, M) either way;
//   - a chain of serial loops keeps its order (its digits nested most significant first), and
//     one with a parallel digit is independent: every array the kernel writes is accessed at one
//     index, which is one-to-one in the chains (mixed radix: `i * N + j` with j < N), so no two
//     values of a chain touch the same element and moving them between threads changes nothing.
// Anything else (the floor grid `N / (s * B)`, a parameter used as a value, subscripts the test
// cannot read) keeps the parameters at the program's values.
Object.defineProperty(exports, "__esModule", { value: true });
exports.parametersAreFree = parametersAreFree;
const ast_1 = require("../syntax/ast");
const span_1 = require("../base/span");
const scopes_1 = require("../model/scopes");
const loops_1 = require("../model/loops");
const expression_1 = require("../symbolic/expression");
const poly_1 = require("../symbolic/poly");
class Unproved extends Error {
    at;
    constructor(message, at) {
        super(message);
        this.at = at;
    }
}
const ARITHMETIC = new Set(['+', '-', '*']);
/** Whether every kernel of a schedule computes the same thing whatever the values of `params`
 * (the tunable parameters and the variables derived from them). */
function parametersAreFree(model, kernels, params) {
    if (params.size === 0)
        return { free: true };
    try {
        for (const k of kernels)
            checkKernel(model, k, params);
        return { free: true };
    }
    catch (e) {
        if (e instanceof Unproved)
            return { free: false, reason: e.message, at: e.at };
        throw e;
    }
}
function checkKernel(model, kernel, params) {
    const text = model.text;
    const show = (n) => `'${text.slice(n.start, n.end).replace(/\s+/g, ' ')}'`;
    const innermost = kernel.block[kernel.block.length - 1].loop;
    const body = (0, ast_1.child)(innermost, 'body');
    const refAt = (n) => model.scopes.references.find(r => r.span.start === n.start);
    const isParam = (v) => !!v && params.has(v.name) && !(0, span_1.within)(v.span, kernel.nest);
    // The digits: the schedule's loops, and the loops inside whose bounds hold a parameter.
    const digits = new Map();
    const mentionsParam = (n) => {
        let hit = false;
        if (n)
            (0, ast_1.walk)(n, m => {
                if (m.type === 'identifier' && isParam(refAt(m)?.variable))
                    hit = true;
                return !hit;
            });
        return hit;
    };
    const loops = kernel.spine.map(s => ({
        loop: s.loop,
        parallel: s.role !== 'serial',
    }));
    (0, ast_1.walk)(body, n => {
        if (n.type === 'for_statement' &&
            (mentionsParam((0, ast_1.child)(n, 'initializer')) ||
                mentionsParam((0, ast_1.child)(n, 'condition')) ||
                mentionsParam((0, ast_1.child)(n, 'update'))))
            loops.push({ loop: n, parallel: false });
        return true;
    });
    for (const { loop, parallel } of loops) {
        const h = (0, loops_1.canonicalHeader)(loop, text).header;
        const init = (0, ast_1.child)(loop, 'initializer');
        const variable = h && init
            ? model.scopes.variables.find(v => v.loopControl && v.name === h.variable && (0, span_1.within)(v.span, init))
            : undefined;
        if (!h || !variable || !(0, loops_1.countsFromZero)(h, text) || (0, scopes_1.writtenWithin)(model.scopes, variable, (0, ast_1.child)(loop, 'body'))) {
            throw new Unproved(`the loop ${show(headerOf(loop, text))} is not 'for (int v = 0; v < bound; v++)'`, headerOf(loop, text));
        }
        const U = readOuter(model, h.bound, kernel.nest);
        if (!U)
            throw new Unproved(`the bound ${show(h.bound)} is not a polynomial`, h.bound);
        digits.set(variable, {
            loop,
            variable,
            symbol: `${variable.name}@${variable.span.start}`,
            bound: h.bound,
            U,
            parallel,
        });
    }
    const bySymbol = new Map([...digits.values()].map(d => [d.symbol, d]));
    const chains = [];
    const chainOf = new Map();
    const locals = new Map();
    /** An expression as a polynomial: digits by their symbols, locals set once by their value. */
    const read = (e) => {
        const r = (0, expression_1.polynomialOf)(e, text, {
            identifier: n => {
                const v = refAt(n)?.variable;
                if (!v)
                    return constantMacro(model, n);
                if (v.shape !== 'value')
                    return undefined;
                const d = digits.get(v);
                if (d)
                    return poly_1.Poly.symbol(d.symbol);
                if (!(0, span_1.within)(v.span, kernel.nest))
                    return isParam(v) || !(0, scopes_1.writtenWithin)(model.scopes, v, kernel.nest) ? poly_1.Poly.symbol(v.name) : undefined;
                const local = localValue(v);
                return local ?? poly_1.Poly.symbol(`${v.name}@${v.span.start}`);
            },
        });
        return 'poly' in r ? toChains(r.poly, e) : undefined;
    };
    const localValue = (v) => {
        if (!locals.has(v)) {
            locals.set(v, null);
            const init = (0, scopes_1.initializerOf)(v);
            locals.set(v, init && !(0, scopes_1.writtenWithin)(model.scopes, v, kernel.nest) ? read(init) ?? null : null);
        }
        return locals.get(v) ?? undefined;
    };
    /** The digits of `p` replaced by their chains' indices `X@k` (a new chain formed from digits seen first here). */
    const toChains = (p, at) => {
        const present = [...p.symbols()].filter(s => bySymbol.has(s));
        if (!present.length)
            return p;
        const split = p.affineIn(new Set(bySymbol.keys()));
        if (!split)
            throw new Unproved(`${show(at)} is not affine in the loop indices`, at);
        const fresh = present.filter(s => !chainOf.has(s));
        if (fresh.length)
            formChain(fresh, split.coefficients, at);
        let out = split.rest;
        for (const c of new Set(present.map(s => chainOf.get(s)))) {
            const last = c.digits[c.digits.length - 1];
            const lambda = split.coefficients.get(last.symbol)?.constantValue;
            if (!lambda ||
                lambda.n === 0n ||
                !c.digits.every(d => (split.coefficients.get(d.symbol) ?? poly_1.Poly.ZERO).sub(c.W.get(d.symbol).scale(lambda)).isZero)) {
                throw new Unproved(`${show(at)} uses the loop indices ${c.digits.map(d => `'${d.variable.name}'`).join(', ')} other than as the whole index they make up`, at);
            }
            out = out.add(poly_1.Poly.symbol(c.symbol).scale(lambda));
        }
        return out;
    };
    const formChain = (fresh, coefficients, at) => {
        const coef = (s) => coefficients.get(s) ?? poly_1.Poly.ZERO;
        for (const last of fresh.filter(s => coef(s).constantValue && coef(s).constantValue.n !== 0n)) {
            const lambda = coef(last).constantValue;
            const order = [last];
            const W = new Map([[last, poly_1.Poly.constant(1)]]);
            let w = poly_1.Poly.constant(1);
            while (order.length < fresh.length) {
                w = w.mul(bySymbol.get(order[order.length - 1]).U);
                const next = fresh.find(s => !order.includes(s) && coef(s).sub(w.scale(lambda)).isZero);
                if (!next)
                    break;
                order.push(next);
                W.set(next, w);
            }
            if (order.length < fresh.length)
                continue;
            const chain = {
                id: chains.length,
                symbol: `X@${chains.length}`,
                digits: order.reverse().map(s => bySymbol.get(s)),
                W,
            };
            chains.push(chain);
            for (const s of order)
                chainOf.set(s, chain);
            return;
        }
        throw new Unproved(`${show(at)} does not make one index of the loops ${fresh.map(s => `'${bySymbol.get(s).variable.name}'`).join(', ')} (as in '(i * s + k) * B + j')`, at);
    };
    const hasParam = (p) => [...p.symbols()].find(s => params.has(s));
    const hasChain = (p) => [...p.symbols()].some(s => s.startsWith('X@'));
    // Every use of a digit or a parameter in the kernel: the largest arithmetic expression around
    // it, which must not depend on the parameters once read as chains.
    const headers = new Set([...digits.values()].map(d => d.loop));
    const inHeader = (n) => (0, ast_1.ancestors)(n).some(a => headers.has(a) && n.start < ((0, ast_1.child)(a, 'body')?.start ?? a.end));
    const tops = new Map();
    (0, ast_1.walk)(body, n => {
        if (n.type !== 'identifier' || inHeader(n))
            return true;
        const v = refAt(n)?.variable;
        if (!v || !(digits.has(v) || isParam(v)))
            return true;
        let top = n;
        while (top.parent && arithmetic(top.parent, text))
            top = top.parent;
        tops.set(top.start * 1e6 + top.end, top);
        return true;
    });
    for (const top of tops.values()) {
        const p = read(top);
        if (!p)
            throw new Unproved(`${show(top)} cannot be read as a polynomial`, top);
        const param = hasParam(p);
        if (param)
            throw new Unproved(`${show(top)} depends on '${param}'`, top);
    }
    for (const d of digits.values()) {
        if (!chainOf.has(d.symbol))
            throw new Unproved(`the index '${d.variable.name}' is not used in an index of the kernel: how often the body runs depends on its bound`, headerOf(d.loop, text));
    }
    // A variable of the kernel written inside a digit's loop but declared outside it carries a value
    // from one iteration to the next (`acc += in[x]` around the coarsening loop): which iterations
    // share it depends on the parameters.
    for (const r of model.scopes.references) {
        const v = r.variable;
        if (!v || r.access === 'read' || !(0, span_1.within)(r.span, kernel.nest) || !(0, span_1.within)(v.span, kernel.nest))
            continue;
        const d = [...digits.values()].find(x => (0, span_1.within)(r.span, (0, ast_1.child)(x.loop, 'body')) && !(0, span_1.within)(v.span, (0, ast_1.child)(x.loop, 'body')) && x.variable !== v);
        if (d)
            throw new Unproved(`'${v.name}' is set in one iteration of the loop on '${d.variable.name}' and seen in the next: which iterations share it depends on the parameters`, r.span);
    }
    // Guards `X < M` and the ranges of the chains.
    const guards = [];
    (0, ast_1.walk)(body, n => {
        if (n.type !== 'if_statement')
            return true;
        const then = (0, ast_1.child)(n, 'consequence');
        for (const c of (0, ast_1.conjuncts)((0, ast_1.child)(n, 'condition'), text)) {
            const l = (0, ast_1.child)(c, 'left'), r = (0, ast_1.child)(c, 'right');
            const op = c.type === 'binary_expression' && l && r ? text.slice(l.end, r.start).trim() : '';
            if (!['<', '<=', '>', '>='].includes(op))
                continue;
            let L, R;
            try {
                L = read(l);
                R = read(r);
            }
            catch (e) {
                if (e instanceof Unproved)
                    continue;
                throw e;
            }
            if (!L || !R)
                continue;
            const D = op === '<'
                ? L.sub(R)
                : op === '<='
                    ? L.sub(R).sub(poly_1.Poly.constant(1))
                    : op === '>'
                        ? R.sub(L)
                        : R.sub(L).sub(poly_1.Poly.constant(1));
            for (const chain of chains) {
                const split = D.affineIn(new Set([chain.symbol]));
                const one = split?.coefficients.get(chain.symbol)?.constantValue;
                if (split && one && one.n === one.d && !hasChain(split.rest) && !hasParam(split.rest))
                    guards.push({ chain, M: split.rest.neg(), then });
            }
        }
        return true;
    });
    const effects = [];
    (0, ast_1.walk)(body, n => { if (n.type === 'call_expression')
        effects.push(n); return true; });
    for (const r of model.scopes.references)
        if (r.variable && (0, span_1.within)(r.span, body) && (r.variable.shape === 'array' || r.variable.shape === 'pointer'))
            effects.push(r.node);
    for (const c of chains) {
        const first = c.digits[0];
        const W1 = c.W.get(first.symbol);
        const whole = first.U.mul(W1);
        if (!hasParam(whole)) {
            c.range = whole;
            continue;
        }
        const names = c.digits.map(d => `'${d.variable.name}'`).join(', ');
        const ceiling = ceilingOf(model, first.bound, kernel.nest);
        const M = ceiling && ceiling.divisor.sub(W1).isZero ? ceiling.dividend.sub(W1).add(poly_1.Poly.constant(1)) : undefined;
        if (!M || hasParam(M))
            throw new Unproved(`the loops ${names} run ${show(first.bound)} × ${W1.toC()} indices, a number that depends on the parameters (a ceiling '(M + ${W1.toC()} - 1) / (${W1.toC()})' with a guard 'index < M' does not)`, first.bound);
        const guard = guards.find(g => g.chain === c && g.M.sub(M).isZero && effects.every(e => (0, span_1.within)(e, g.then)));
        if (!guard)
            throw new Unproved(`the index of the loops ${names} runs up to ${show(first.bound)} × ${W1.toC()}, beyond ${M.toC()}, and no guard 'index < ${M.toC()}' encloses every access of the kernel`, first.bound);
        c.range = M;
    }
    // Order: a chain of serial loops keeps its digits nested most significant first.
    for (const c of chains) {
        if (c.digits.some(d => d.parallel))
            continue;
        for (let t = 1; t < c.digits.length; t++) {
            if (!(0, span_1.within)(c.digits[t].loop, c.digits[t - 1].loop))
                throw new Unproved(`the serial loops ${c.digits.map(d => `'${d.variable.name}'`).join(', ')} are not nested in the order of their index`, headerOf(c.digits[t].loop, text));
        }
    }
    // Independence: no two values of the parallel chains touch one element of an array the kernel
    // writes. Per pair of accesses (one a write): they lie in the two arms of a branch every thread
    // takes alike (`if (t % 2)`); or one dimension holds the same single index λ·X in both at
    // offsets at least |λ| × X's range apart (`a[p + 1]`, `a[N + p]` with p < N - 2); or the
    // dimensions where their indices are equal are one-to-one in every parallel chain.
    const arrays = new Map();
    for (const r of model.scopes.references) {
        if (!r.variable || !(0, span_1.within)(r.span, body) || (r.variable.shape !== 'array' && r.variable.shape !== 'pointer'))
            continue;
        arrays.set(r.variable, [...(arrays.get(r.variable) ?? []), { node: r.node, writes: r.access !== 'read' }]);
    }
    const parallelChains = chains.filter(c => c.digits.some(d => d.parallel));
    const chainSymbols = new Set(chains.map(c => c.symbol));
    const uniform = (condition) => {
        let ok = !!condition;
        if (condition)
            (0, ast_1.walk)(condition, n => {
                if (n.type === 'call_expression' ||
                    n.type === 'subscript_expression' ||
                    n.type === 'assignment_expression' ||
                    n.type === 'update_expression')
                    ok = false;
                if (n.type === 'identifier') {
                    const v = refAt(n)?.variable;
                    if (!v || v.shape !== 'value' || (0, span_1.within)(v.span, kernel.nest) || (0, scopes_1.writtenWithin)(model.scopes, v, kernel.nest))
                        ok = false;
                }
                return ok;
            });
        return ok;
    };
    const exclusive = (x, y) => (0, ast_1.ancestors)(x).some(n => {
        if (n.type !== 'if_statement' || !(0, span_1.within)(n, body) || !(0, span_1.within)(y, n))
            return false;
        const yes = (0, ast_1.child)(n, 'consequence'), no = (0, ast_1.child)(n, 'alternative');
        return (!!yes &&
            !!no &&
            (((0, span_1.within)(x, yes) && (0, span_1.within)(y, no)) || ((0, span_1.within)(x, no) && (0, span_1.within)(y, yes))) &&
            uniform((0, ast_1.child)(n, 'condition')));
    });
    const single = (p) => {
        const split = p.affineIn(chainSymbols);
        const terms = split && [...split.coefficients];
        return split && terms.length === 1 && !hasChain(split.rest)
            ? { symbol: terms[0][0], lambda: terms[0][1], rest: split.rest }
            : undefined;
    };
    const apart = (p, q) => {
        const a = single(p), b = single(q);
        const lambda = a?.lambda.constantValue;
        if (!a || !b || a.symbol !== b.symbol || !a.lambda.sub(b.lambda).isZero || !lambda)
            return false;
        const span = chains
            .find(c => c.symbol === a.symbol)
            .range.scale({ n: lambda.n < 0n ? -lambda.n : lambda.n, d: lambda.d });
        const gap = a.rest.sub(b.rest);
        const atLeast = (x) => { const v = x.constantValue; return !!v && v.n >= 0n; };
        return atLeast(gap.sub(span)) || atLeast(gap.neg().sub(span));
    };
    for (const [array, refs] of arrays) {
        if (!refs.some(r => r.writes))
            continue;
        const indexOf = (node) => (0, ast_1.subscriptChain)(node).indices.map(ix => {
            const p = read(ix);
            if (!p)
                throw new Unproved(`${show(ix)} cannot be read as a polynomial`, ix);
            return p;
        });
        for (const w of refs.filter(r => r.writes)) {
            const iw = indexOf(w.node);
            for (const g of refs) {
                const ig = indexOf(g.node);
                if (ig.length !== iw.length)
                    throw new Unproved(`'${array.name}' is accessed with ${iw.length} and ${ig.length} subscripts`, (0, ast_1.subscriptChain)(g.node).top);
                if (g.node !== w.node && exclusive(w.node, g.node))
                    continue;
                if (iw.some((p, i) => apart(p, ig[i])))
                    continue;
                const used = new Set();
                for (const p of iw.filter((p, i) => p.sub(ig[i]).isZero)) {
                    const split = p.affineIn(chainSymbols);
                    if (!split || hasChain(split.rest))
                        continue;
                    const terms = [...split.coefficients].map(([s, lambda]) => ({
                        chain: chains.find(c => c.symbol === s),
                        lambda,
                    }));
                    if (terms.some(t => used.has(t.chain)) || !mixedRadix(terms))
                        continue;
                    for (const t of terms)
                        used.add(t.chain);
                }
                const missing = parallelChains.find(c => !used.has(c));
                if (missing) {
                    const pair = [...new Set([w.node, g.node].map(n => show((0, ast_1.subscriptChain)(n).top)))].join(' and ');
                    throw new Unproved(`${pair} ${g.node === w.node ? 'does' : 'do'} not tell apart the values of the index of the loops ${missing.digits.map(d => `'${d.variable.name}'`).join(', ')}: two of them may touch one element of '${array.name}'`, (0, ast_1.subscriptChain)(g.node).top);
                }
            }
        }
    }
}
/** Σ λ_t·X_t with 0 ≤ X_t < range_t is one-to-one when, ordered by λ, λ_1 is a constant and each
 * next λ is ± the previous λ times the previous range. */
function mixedRadix(terms) {
    const rest = [...terms];
    const start = rest.findIndex(t => t.lambda.constantValue && t.lambda.constantValue.n !== 0n);
    if (start < 0)
        return rest.length === 0;
    let cur = rest.splice(start, 1)[0];
    while (rest.length) {
        const step = cur.lambda.mul(cur.chain.range);
        const i = rest.findIndex(t => t.lambda.sub(step).isZero || t.lambda.add(step).isZero);
        if (i < 0)
            return false;
        cur = rest.splice(i, 1)[0];
    }
    return true;
}
function arithmetic(n, text) {
    if (n.type === 'parenthesized_expression')
        return true;
    if (n.type === 'unary_expression')
        return /^[-+]/.test(text.slice(n.start, n.end));
    if (n.type !== 'binary_expression')
        return false;
    const l = (0, ast_1.child)(n, 'left'), r = (0, ast_1.child)(n, 'right');
    return !!l && !!r && ARITHMETIC.has(text.slice(l.end, r.start).trim());
}
function headerOf(loop, text) {
    let end = (0, ast_1.child)(loop, 'body')?.start ?? loop.end;
    while (end > loop.start && /\s/.test(text[end - 1]))
        end--;
    return { start: loop.start, end };
}
/** An expression of values set before the kernel, as a polynomial (names as symbols). */
function readOuter(model, e, nest) {
    const text = model.text;
    const r = (0, expression_1.polynomialOf)(e, text, {
        identifier: n => {
            const v = model.scopes.references.find(x => x.span.start === n.start)?.variable;
            if (!v)
                return constantMacro(model, n);
            return v.shape === 'value' && !(0, span_1.within)(v.span, nest) && !(0, scopes_1.writtenWithin)(model.scopes, v, nest)
                ? poly_1.Poly.symbol(v.name)
                : undefined;
        },
    });
    return 'poly' in r ? r.poly : undefined;
}
/** A name that is an object-like macro of literals only (`#define N 4096`): one value for the whole
 * launch, so a symbol like a size; any other undeclared name stays unread (nothing proved). */
function constantMacro(model, n) {
    const name = model.text.slice(n.start, n.end);
    return model.fileScope.macroConstants.has(name) ? poly_1.Poly.symbol(name) : undefined;
}
/** `(A) / (Q)` — the bound itself or the initializer of the variable it names. */
function ceilingOf(model, bound, nest) {
    const text = model.text;
    let e = (0, ast_1.unparen)(bound);
    if (e?.type === 'identifier') {
        const v = model.scopes.references.find(x => x.span.start === e.start)?.variable;
        if (!v ||
            (0, span_1.within)(v.span, nest) ||
            (0, scopes_1.writtenWithin)(model.scopes, v, nest) ||
            model.scopes.references.some(r => r.variable === v && r.access !== 'read'))
            return undefined;
        e = (0, ast_1.unparen)((0, scopes_1.initializerOf)(v));
    }
    const l = e && (0, ast_1.child)(e, 'left'), r = e && (0, ast_1.child)(e, 'right');
    if (e?.type !== 'binary_expression' || !l || !r || text.slice(l.end, r.start).trim() !== '/')
        return undefined;
    const dividend = readOuter(model, l, nest), divisor = readOuter(model, r, nest);
    return dividend && divisor ? { dividend, divisor } : undefined;
}
//# sourceMappingURL=invariance.js.map