"use strict";
// Shared-memory tiles of a kernel (Xie 2016 §5.3): every reference to
// an array is read as one polynomial per subscript in the kernel's symbols; references whose
// subscripts differ only by constants (a[p], a[p+1], a[p+2]) form a group; a group's footprint
// per tile is a box [origin, origin + extent) whose origin depends on the grid (and serial tile)
// indices and whose extent depends on sizes only (`B + 2`, `s * B`). A group is loaded at the
// innermost grid or serial loop its origin depends on (kernel start when none), copied back there
// when it is written, and the kernel reads and writes the tile instead of global memory.
//
// What is staged: with `cache(a, ...)`, the groups of exactly those arrays; in `shared` mode, the
// thesis's policy (L2186): groups only read, and groups written more than once per thread. A
// written group is staged only when each element of its box belongs to one thread of one block
// (all its references equal, dense, blocks disjoint), and a read group of an array the kernel
// writes only when it provably never touches a written element; anything else stays global.
// Those proofs speak of the elements the references reach under their guards, not of the whole
// box: where the box may meet elements other blocks touch in the same launch (the last block of
// `if (p < N - 2) ... a[p + 2]` beside `a[N + p + 1]` written), the copies are clipped to what
// the references reach (`Tile.reach`), or the array stays global when that is unknown.
//
// A branch on a kernel-uniform condition (`if (t % 2)`, `t` a host loop index) takes one side for
// the whole launch: references on its two sides never meet, their groups are apart, and the tiles
// of the two sides share their place in shared memory and are loaded and stored only on their side
// (the thesis's 1-D Jacobi: one row of the double buffer read, the other written, per step).
Object.defineProperty(exports, "__esModule", { value: true });
exports.boxLayout = boxLayout;
exports.boxCondition = boxCondition;
exports.stageBoxes = stageBoxes;
exports.globalAccesses = globalAccesses;
exports.pointerExtent = pointerExtent;
const span_1 = require("../base/span");
const ast_1 = require("../syntax/ast");
const scopes_1 = require("../model/scopes");
const loops_1 = require("../model/loops");
const poly_1 = require("../symbolic/poly");
const expression_1 = require("../symbolic/expression");
function boxLayout(boxes) {
    const units = [];
    const branches = new Map();
    for (const t of boxes) {
        const b = t.context[0];
        if (!b) {
            units.push({ box: t });
            continue;
        }
        let unit = branches.get(b.at);
        if (!unit) {
            unit = { then: [], otherwise: [] };
            branches.set(b.at, unit);
            units.push(unit);
        }
        (b.taken ? unit.then : unit.otherwise).push(t);
    }
    return units;
}
/** The C condition under which a tile is loaded and stored; undefined: always. */
function boxCondition(t) {
    if (t.context.length === 1 && t.context[0].taken)
        return t.context[0].condition;
    return t.context.length
        ? t.context.map(b => (b.taken ? `(${b.condition})` : `!(${b.condition})`)).join(' && ')
        : undefined;
}
/** Two references (or tiles) on opposite sides of one uniform branch never run in one launch. */
function exclusive(a, b) {
    return a.context.some(x => b.context.some(y => y.at === x.at && y.taken !== x.taken));
}
const contextKey = (c) => c.map(b => `${b.at}${b.taken ? '+' : '-'}`).join(',');
/** The identifier naming `name` in a loop's initializer (`i = 0` or `int i = 0`). */
function nodeOfVariable(init, name, text) {
    let found;
    (0, ast_1.walk)(init, n => {
        if (!found && n.type === 'identifier' && text.slice(n.start, n.end) === name)
            found = n;
        return !found;
    });
    return found;
}
const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement']);
/** Expressions that read memory or change state: what a parameter-only value may not contain. */
const NOT_A_VALUE = new Set([
    'call_expression', 'subscript_expression', 'field_expression', 'assignment_expression', 'update_expression',
    'pointer_expression', 'comma_expression',
]);
/** The uniform branches around `node` in the kernel, outermost first: `if`s whose condition reads
 * only variables the kernel never writes and that live outside it (parameters, host loop indices). */
function uniformContext(model, kernel, node) {
    const context = [];
    for (let m = node; m && m !== kernel.nest; m = m.parent ?? undefined) {
        const p = m.parent;
        if (p?.type !== 'if_statement')
            continue;
        const taken = (0, ast_1.child)(p, 'consequence') === m;
        if (!taken && (0, ast_1.child)(p, 'alternative') !== m)
            continue;
        const condition = (0, ast_1.child)(p, 'condition');
        const inner = condition && ((0, ast_1.unparen)(condition) ?? condition);
        if (inner && uniform(model, kernel, inner))
            context.unshift({ at: p.start, condition: model.text.slice(inner.start, inner.end), taken });
    }
    return context;
}
function uniform(model, kernel, e) {
    let ok = true;
    (0, ast_1.walk)(e, n => {
        if (!ok)
            return false;
        if (NOT_A_VALUE.has(n.type))
            ok = false;
        else if (n.type === 'identifier') {
            const v = (0, scopes_1.variableOf)(model.scopes, n);
            if (v && (v.shape !== 'value' || (0, span_1.within)(v.span, kernel.nest)
                || (0, scopes_1.writtenWithin)(model.scopes, v, kernel.nest)))
                ok = false;
        }
        return ok;
    });
    return ok;
}
/** What a kernel's subscripts are made of: loop indices with their ranges, parameters, atoms. */
class KernelSymbols {
    model;
    kernel;
    extra;
    loops = new Map();
    byVariable = new Map();
    refAt = new Map();
    definitions = new Map();
    params = new Set();
    /**
     * `host`: serial loops of the schedule around the kernel, read as loops (not parameters);
     * `guards`: variables bounded by the conditions around one reference, read as themselves.
     */
    constructor(model, kernel, extra = {}) {
        this.model = model;
        this.kernel = kernel;
        this.extra = extra;
        for (const r of model.scopes.references)
            if ((0, span_1.within)(r.span, kernel.nest))
                this.refAt.set(r.span.start, r);
        const innermost = kernel.block[kernel.block.length - 1].loop;
        const add = (loop, kind) => {
            const h = (0, loops_1.canonicalHeader)(loop, model.text).header;
            const init = (0, ast_1.child)(loop, 'initializer');
            const v = h && init ? model.scopes.variables.find(x => x.name === h.variable && (0, span_1.within)(x.span, init))
                ?? this.refAt.get(nodeOfVariable(init, h.variable, model.text)?.start ?? -1)?.variable : undefined;
            if (!h || !v)
                return;
            // Thread and body indices never reach printed code: their names only need to be unique.
            const name = kind === 'grid' || kind === 'serial' ? v.name : `${v.name}'${this.loops.size}`;
            this.loops.set(name, { name, kind, loop });
            this.byVariable.set(v, name);
        };
        for (const loop of extra.host ?? []) {
            const init = (0, ast_1.child)(loop, 'initializer');
            for (const r of model.scopes.references)
                if (init && (0, span_1.within)(r.span, init))
                    this.refAt.set(r.span.start, r);
            add(loop, 'host');
        }
        for (const s of kernel.spine)
            add(s.loop, s.role === 'block' ? 'thread' : s.role);
        (0, ast_1.walk)((0, ast_1.child)(innermost, 'body'), n => { if (n.type === 'for_statement')
            add(n, 'body'); return true; });
        // Over the loops found so far: reading a range may add a guarded symbol (`for (j = i; ...)`
        // inside `if (i < n)`), whose own range is its guard's, not a loop's.
        for (const s of [...this.loops.values()])
            Object.assign(s, this.range(s.loop));
    }
    get text() { return this.model.text; }
    /** The inclusive range of a canonical loop's index, in parameters only; {} when unknown. */
    range(loop) {
        const h = (0, loops_1.canonicalHeader)(loop, this.text).header;
        // Bounds may move with a loop around (`for (k = 0; k < i; k++)` under a host loop `for i`, or
        // `for (j = i + 1; ...)` under `if (i < n)` in a kernel over i): the range is then the union
        // over that loop's or guard's values, its least lower and greatest upper bound.
        const overHost = (p) => {
            if (!p || this.onlyParams(p))
                return p && { min: p, max: p };
            // Read now: reading the bound may have added a guarded symbol.
            // Host and body loops and guarded values only: a thread's own index would widen the range to the grid.
            const host = new Map([...this.loops.values()]
                .filter(l => l.loop !== loop && ['host', 'body', 'guarded'].includes(l.kind) && l.lo && l.hi)
                .map(l => [l.name, l]));
            const split = p.affineIn(new Set(host.keys()));
            return split && [...p.symbols()].every(s => !this.loops.has(s) || host.has(s))
                ? (0, poly_1.affineInterval)(split.rest, split.coefficients, x => host.get(x))
                : undefined;
        };
        const range = (0, loops_1.rangeOf)(h, e => { const p = this.read(e); return overHost(p) ? p : undefined; });
        // `!=` with a larger step holds only if the step divides the distance: not taken on trust.
        if (!range || (h.relation === '!=' && range.step !== 1n))
            return {};
        return { lo: overHost(range.lo)?.min, hi: overHost(range.hi)?.max };
    }
    onlyParams(p) { return [...p.symbols()].every(s => !this.loops.has(s)); }
    /** The polynomial of an integer expression, or undefined. */
    read(e) {
        const r = (0, expression_1.polynomialOf)(e, this.text, {
            identifier: n => this.identifier(n),
            atom: n => this.atom(n),
        });
        return 'poly' in r ? r.poly : undefined;
    }
    identifier(n) {
        const r = this.refAt.get(n.start);
        const v = r?.variable;
        const name = this.text.slice(n.start, n.end);
        if (!v) {
            this.params.add(name);
            return poly_1.Poly.symbol(name);
        } // a macro constant
        const loop = this.byVariable.get(v);
        if (loop)
            return poly_1.Poly.symbol(loop);
        const guard = this.extra.guards?.get(v);
        if (guard?.bound)
            return this.guarded(v, guard);
        if (!(0, span_1.within)(v.span, this.kernel.nest)) {
            this.params.add(v.name);
            return poly_1.Poly.symbol(v.name);
        }
        return this.definition(v) ?? undefined;
    }
    /** A guarded variable is a symbol whose range runs from its own least value to the guard's bound. */
    guarded(v, g) {
        const name = `${v.name}!`;
        if (!this.loops.has(name)) {
            const bound = g.bound && this.read(g.bound);
            const own = this.definition(v);
            const split = own?.affineIn(new Set([...own.symbols()].filter(s => this.loops.has(s))));
            // A bound from below in the guard (`j >= 1`, a wavefront's `j = w - i`) holds where the definition's least value may not.
            const lower = g.lower && this.read(g.lower.bound)?.add(poly_1.Poly.constant(g.lower.strict ? 1 : 0));
            const least = lower && this.onlyParams(lower) ? lower
                : split ? bounds(this, split.rest, split.coefficients)?.min : this.least((0, scopes_1.initializerOf)(v));
            if (!bound || !this.onlyParams(bound))
                return undefined;
            const loop = [...this.loops.values()].find(l => this.byVariable.get(v) === l.name)?.loop ?? this.kernel.nest;
            this.loops.set(name, {
                name,
                kind: 'guarded',
                loop,
                lo: least && this.onlyParams(least) ? least : undefined,
                hi: g.strict ? bound.sub(poly_1.Poly.constant(1)) : bound,
            });
        }
        return poly_1.Poly.symbol(name);
    }
    /**
     * A least value of a definition that is no polynomial: the sum of its terms' least values, a
     * quotient or remainder of a nonnegative value by sizes being at least 0 (a collapsed nest's
     * `i = ij / n`, `j = ij % n`).
     */
    least(e) {
        const n = e && ((0, ast_1.unparen)(e) ?? e);
        if (!n)
            return undefined;
        const p = this.read(n);
        if (p) {
            const split = p.affineIn(new Set([...p.symbols()].filter(s => this.loops.has(s))));
            return split && bounds(this, split.rest, split.coefficients)?.min;
        }
        if (n.type !== 'binary_expression')
            return undefined;
        const l = (0, ast_1.child)(n, 'left'), r = (0, ast_1.child)(n, 'right');
        const op = this.text.slice(l.end, r.start).trim();
        if (op === '+') {
            const a = this.least(l), b = this.least(r);
            return a && b && a.add(b);
        }
        const divisor = this.read(r);
        return (op === '/' || op === '%') && divisor && this.onlyParams(divisor) && this.least(l)?.nonNegative()
            ? poly_1.Poly.ZERO
            : undefined;
    }
    /** A variable of the kernel set once by its declaration and never written again. */
    definition(v) {
        if (this.definitions.has(v))
            return this.definitions.get(v);
        this.definitions.set(v, null); // a definition that refers to itself is no definition
        const value = (0, scopes_1.initializerOf)(v);
        const rewritten = this.model.scopes.references.some(r => r.variable === v && r.access !== 'read');
        const p = value && !rewritten && value.type !== 'initializer_list' ? this.read(value) ?? null : null;
        this.definitions.set(v, p);
        return p;
    }
    /** A non-polynomial sub-expression of parameters only (`(n + 3) / 4`) stands as a symbol. */
    atom(n) {
        let ok = true;
        (0, ast_1.walk)(n, m => {
            if (!ok)
                return false;
            if (NOT_A_VALUE.has(m.type))
                ok = false;
            else if (m.type === 'identifier') {
                const v = this.refAt.get(m.start)?.variable;
                if (v && (this.byVariable.has(v) || (0, span_1.within)(v.span, this.kernel.nest)))
                    ok = false;
                else
                    this.params.add(this.text.slice(m.start, m.end));
            }
            return ok;
        });
        return ok ? poly_1.Poly.symbol(this.text.slice(n.start, n.end).replace(/\s+/g, ' ')) : undefined;
    }
    /** The symbols of the loops around `n` inside `body` (undefined for a loop that is not canonical). */
    enclosingLoops(n, body) {
        const out = [];
        for (let m = n.parent; m && m !== body.parent; m = m.parent) {
            if (LOOPS.has(m.type))
                out.push([...this.loops.values()].find(l => l.loop === m)?.name);
        }
        return out;
    }
    isVarying(s) { const k = this.loops.get(s)?.kind; return k === 'thread' || k === 'body'; }
}
/** Interval of `Σ c·x` over the loops' ranges (symbols assumed nonnegative), or undefined. A
 * symbol ending in `"` is another thread's copy, whose range `primed` gives. */
function bounds(symbols, rest, coefficients, primed = symbols) {
    return (0, poly_1.affineInterval)(rest, coefficients, s => s.endsWith('"') ? primed.loops.get(s.slice(0, -1)) : symbols.loops.get(s));
}
/** True when the indices `ia` (read by `sa`) and `ib` (by `sb`) can never name the same element,
 * whichever threads and iterations make them. */
function apart(sa, ia, sb, ib) {
    const loops = new Set([...sa.loops.keys(), ...[...sb.loops.keys()].map(s => `${s}"`)]);
    return ia.some((pa, d) => {
        let pb = ib[d];
        for (const s of sb.loops.keys())
            pb = pb.substitute(s, poly_1.Poly.symbol(`${s}"`));
        const split = pa.sub(pb).affineIn(loops);
        if (!split || ![...split.coefficients.values()].every(c => sa.onlyParams(c) && sb.onlyParams(c)))
            return false;
        const r = bounds(sa, split.rest, split.coefficients, sb);
        return !!r && (r.min.sub(poly_1.Poly.constant(1)).nonNegative() || r.max.add(poly_1.Poly.constant(1)).nonPositive());
    });
}
/**
 * The disjointness test of one kernel's references: from their indices over the loops' ranges,
 * and failing that from the guards around each reference (`if (p < N - 2) a[p + 1]` never reaches
 * `a[N + p]`): a reference only runs where its guards hold.
 */
function disjointness(model, kernel, symbols) {
    const guarded = new Map();
    const read = (r) => {
        if (!guarded.has(r)) {
            const g = new KernelSymbols(model, kernel, { guards: guardsAround(model, r.node, kernel.nest) });
            const index = r.indices.map(ix => g.read(ix));
            guarded.set(r, index.every(p => p) ? { symbols: g, index: index } : null);
        }
        return guarded.get(r);
    };
    const disjoint = (a, b) => {
        if (apart(symbols, a.index, symbols, b.index))
            return true;
        const ga = read(a), gb = read(b);
        return !!ga && !!gb && apart(ga.symbols, ga.index, gb.symbols, gb.index);
    };
    // The ranges `disjoint` reasons with, both ways: whichever proved a reference apart from a
    // write, an element inside all of them is apart from it too.
    const reach = (r) => {
        const ranges = [];
        const add = (s, index, flat) => index.forEach((p, d) => {
            const b = interval(s, p);
            if (!b)
                return;
            // The copy loops check `x >= 0` already.
            ranges.push({ on: flat ? 'flat' : d, ...(b.min.nonPositive() ? {} : { lo: b.min }), hi: b.max });
        });
        add(symbols, r.index, false);
        const g = read(r);
        if (g)
            add(g.symbols, g.index, g.index.length !== r.index.length);
        // A bound implied by a tighter one on the same subscript is left out.
        const bound = (r, side) => r[side] && { on: r.on, side, at: r[side] };
        const all = ranges.flatMap(r => [bound(r, 'lo'), bound(r, 'hi')]).filter(b => b !== undefined);
        const tighter = (a, b) => a.on === b.on && a.side === b.side && (a.side === 'lo' ? a.at.sub(b.at) : b.at.sub(a.at)).nonNegative();
        return all
            .filter((b, i) => !all.some((a, j) => j !== i && tighter(a, b) && (!tighter(b, a) || j < i)))
            .map(b => ({ on: b.on, [b.side]: b.at }));
    };
    // Whether `r` never touches an element of the box (per subscript, over every block).
    const beyond = (box, r) => {
        const separate = (s, index) => index.length === box.length && index.some((p, d) => {
            const b = interval(s, p);
            return (!!b &&
                (b.min.sub(box[d].max).sub(poly_1.Poly.constant(1)).nonNegative() ||
                    box[d].min.sub(b.max).sub(poly_1.Poly.constant(1)).nonNegative()));
        });
        if (separate(symbols, r.index))
            return true;
        const g = read(r);
        return !!g && separate(g.symbols, g.index);
    };
    return { disjoint, reach, beyond };
}
/** The values of an affine index over the loops' ranges, or undefined. */
function interval(s, p) {
    const split = p.affineIn(new Set([...p.symbols()].filter(x => s.loops.has(x))));
    return split && [...split.coefficients.values()].every(c => s.onlyParams(c))
        ? bounds(s, split.rest, split.coefficients)
        : undefined;
}
/** Every element of the box is the image of exactly one (thread, body iteration): a mixed radix. */
function dense(symbols, varying) {
    const digits = [...varying].map(([s, c]) => {
        const l = symbols.loops.get(s);
        return { c: c.nonNegative() ? c : c.neg(), size: l.hi.sub(l.lo).add(poly_1.Poly.constant(1)) };
    });
    if (digits.length > 5)
        return false;
    const tryOrder = (left, place) => {
        if (left.length === 0)
            return true;
        return left.some((d, i) => d.c.equals(place) && tryOrder(left.filter((_, j) => j !== i), place.mul(d.size)));
    };
    return tryOrder(digits, poly_1.Poly.constant(1));
}
/** The tiles of one kernel under a memory mode and the schedule's `cache(...)` list. */
function stageBoxes(model, kernel, mode, cache) {
    const staging = { boxes: [], unstaged: [] };
    const wanted = kernel.arrays.filter(a => (cache ? cache.has(a.name) : mode === 'shared'));
    if (wanted.length === 0)
        return staging;
    const symbols = new KernelSymbols(model, kernel);
    const { disjoint, reach, beyond } = disjointness(model, kernel, symbols);
    // The indices of the schedule's serial loops around the kernel (read here as values).
    const hostIndices = new Set();
    const schedule = model.constructs.find(c => c.kind === 'schedule' && (0, span_1.within)(kernel.nest, c));
    for (let m = kernel.nest.parent; m && schedule && (0, span_1.within)(m, schedule); m = m.parent) {
        const h = m.type === 'for_statement' ? (0, loops_1.canonicalHeader)(m, model.text).header : undefined;
        if (h)
            hostIndices.add(h.variable);
    }
    const text = model.text;
    const dataSizes = new Set(kernel.arrays.flatMap(a => a.extents.flatMap(e => e.match(/[A-Za-z_]\w*/g) ?? [])));
    const spineIndex = (s) => kernel.spine.findIndex(e => e.loop === symbols.loops.get(s)?.loop);
    const outerBlock = kernel.block[0].loop;
    const innermostBody = (0, ast_1.child)(kernel.block[kernel.block.length - 1].loop, 'body');
    /** The tiles of one array, and the first reason a group of it stays global; with `stride`, a
     * one-dimensional array is read as rows of that length. */
    const stageArray = (use, stride) => {
        const boxes = [];
        const refs = [];
        let reason;
        const fail = (why) => {
            reason ??= why;
        };
        // Every use of the array in the kernel must be a full subscript whose indices we can read.
        for (const r of model.scopes.references) {
            if (reason || r.variable !== use.variable || !(0, span_1.within)(r.span, kernel.nest))
                continue;
            const { top, indices } = (0, ast_1.subscriptChain)(r.node);
            if (indices.length !== use.extents.length) {
                fail(`'${use.name}' is used without all its ${use.extents.length} subscript${use.extents.length > 1 ? 's' : ''} at '${text.slice(top.start, top.end)}'`);
                continue;
            }
            // An element's address handed out (`atomicAdd(&a[i], ...)`, `f(&a[i])`): what it reaches
            // is the tile's business no more; a block's copy would take updates other blocks never see.
            let outer = top.parent;
            while (outer?.type === 'parenthesized_expression')
                outer = outer.parent;
            if (outer?.type === 'pointer_expression' && text[outer.start] === '&') {
                fail(`the address of '${text.slice(top.start, top.end)}' is taken (an atomic update or a call reaches it)`);
                continue;
            }
            const ref = {
                node: top,
                indices,
                writes: r.access !== 'read',
                index: [],
                fixed: [],
                varying: [],
                context: uniformContext(model, kernel, top),
            };
            let polys = indices.map(ix => symbols.read(ix));
            if (stride) {
                const rows = polys[0]?.affineIn(new Set([stride]));
                polys = rows ? [rows.coefficients.get(stride) ?? poly_1.Poly.ZERO, rows.rest] : [undefined];
            }
            for (const [d, p] of polys.entries()) {
                const ix = indices[Math.min(d, indices.length - 1)];
                const split = p?.affineIn(new Set([...p.symbols()].filter(s => symbols.isVarying(s))));
                if (!p || !split) {
                    fail(`the index '${text.slice(ix.start, ix.end)}' of '${use.name}' is not affine in the thread and loop indices`);
                    break;
                }
                if (![...split.coefficients.values()].every(c => symbols.onlyParams(c))) {
                    fail(`the index '${text.slice(ix.start, ix.end)}' of '${use.name}' multiplies a thread or loop index by another index`);
                    break;
                }
                if ([...split.coefficients.keys()].some(s => !symbols.loops.get(s).lo)) {
                    fail(`the index '${text.slice(ix.start, ix.end)}' of '${use.name}' uses a loop index whose range is not fixed by sizes`);
                    break;
                }
                ref.index.push(p);
                ref.fixed.push(split.rest);
                ref.varying.push(split.coefficients);
            }
            refs.push(ref);
        }
        if (reason)
            return { boxes, reason };
        // Groups: same varying part, fixed parts apart by constants.
        const sameVarying = (a, b) => a.size === b.size && [...a].every(([s, c]) => b.get(s)?.equals(c));
        const groups = [];
        for (const r of refs) {
            const g = groups.find(g => contextKey(g[0].context) === contextKey(r.context) &&
                g[0].fixed.every((f, d) => sameVarying(g[0].varying[d], r.varying[d]) && r.fixed[d].sub(f).integer !== undefined));
            if (g)
                g.push(r);
            else
                groups.push([r]);
        }
        // Reads provably apart from every write of their group (row 0 read, row 1 written) form a group of their own.
        for (const g of [...groups]) {
            const apart = g.filter(r => !r.writes && g.every(w => !w.writes || disjoint(w, r)));
            if (apart.length && apart.length < g.length) {
                groups.splice(groups.indexOf(g), 1, g.filter(r => !apart.includes(r)), apart);
            }
        }
        const writes = refs.filter(r => r.writes);
        let count = 0;
        for (const group of groups) {
            // One reason per array is enough to act on.
            const why = fail;
            const first = group[0];
            const origin = [], extent = [];
            let box = true;
            first.fixed.forEach((f, d) => {
                const offsets = group.map(r => r.fixed[d].sub(f).integer);
                const lo = offsets.reduce((a, b) => (b < a ? b : a)), hi = offsets.reduce((a, b) => (b > a ? b : a));
                const b = bounds(symbols, poly_1.Poly.ZERO, first.varying[d]);
                if (!b) {
                    box = false;
                    return;
                }
                origin.push(f.add(poly_1.Poly.constant(lo)).add(b.min));
                extent.push(b.max.sub(b.min).add(poly_1.Poly.constant(hi - lo + 1n)));
            });
            const at = text.slice(first.node.start, first.node.end);
            if (!box) {
                why(`the sign of a thread or loop index's coefficient in '${at}' is unknown`);
                continue;
            }
            const grows = extent
                .flatMap(e => [...e.symbols()])
                .filter(s => dataSizes.has(s) || [...dataSizes].some(d => new RegExp(`\\b${d}\\b`).test(s)));
            if (grows.length) {
                why(`the tile of '${at}' (${extent.map(e => e.toC()).join(' x ')} elements) grows with the data size ${grows[0]}`);
                continue;
            }
            // Sized before the schedule's host loops run (a launch's shared bytes, the optimizer's cases):
            // not from one of their indices.
            const moving = extent.flatMap(e => [...e.symbols()]).find(x => hostIndices.has(x));
            if (moving) {
                why(`the tile of '${at}' (${extent.map(e => e.toC()).join(' x ')} elements) moves with the host loop '${moving}'`);
                continue;
            }
            // The level: the innermost grid or serial loop the origin depends on.
            const level = Math.max(-1, ...origin.flatMap(o => [...o.symbols()]).map(spineIndex));
            const written = group.some(r => r.writes);
            if (!written) {
                // Writes on the other side of a uniform branch never run in the same launch.
                const clash = writes.find(w => !exclusive(w, first) && (!disjoint(w, first) || group.some(r => !disjoint(w, r))));
                if (clash) {
                    why(`'${at}' may read an element that '${text.slice(clash.node.start, clash.node.end)}' writes`);
                    continue;
                }
            }
            else {
                // An element written more than once: by a serial tile loop below the level, or by a
                // loop of the body whose index the write does not depend on.
                const repeated = kernel.spine.some((s, i) => s.role === 'serial' && i > level && s.loop.start < outerBlock.start) ||
                    group.some(r => r.writes &&
                        symbols.enclosingLoops(r.node, innermostBody).some(l => !l || !r.index.some(p => p.symbols().has(l))));
                if (!cache && !repeated)
                    continue; // written once: straight to global memory (thesis L2186)
                const problem = ownership(symbols, disjoint, group, refs, extent);
                if (problem) {
                    why(problem);
                    continue;
                }
            }
            // Other blocks may touch elements of the box the guards keep this block's references from
            // (the last block of `if (p < N - 2) ... a[p + 2]` next to `a[N + p + 1]` written).
            const range = origin
                .map(o => interval(symbols, o))
                .map((o, d) => o && { min: o.min, max: o.max.add(extent[d]).sub(poly_1.Poly.constant(1)) });
            const whole = range.every(b => b) ? range : undefined;
            const shared = refs.some(r => !group.includes(r) && !exclusive(first, r) && (r.writes || written) && !(whole && beyond(whole, r)));
            const reaches = shared ? group.map(reach) : [];
            const blind = reaches.findIndex(b => b.length === 0);
            if (blind >= 0) {
                why(`the tile of '${at}' may hold elements other blocks touch, and the range of '${text.slice(group[blind].node.start, group[blind].node.end)}' is not bounded by sizes`);
                continue;
            }
            const key = (b) => b.map(x => `${x.on}:${x.lo?.toC()}:${x.hi?.toC()}`).join(';');
            const clip = reaches.filter((b, i) => reaches.findIndex(o => key(o) === key(b)) === i);
            boxes.push({
                array: use,
                id: count === 0 ? use.name : `${use.name}_${count}`,
                level: level >= 0 ? kernel.spine[level].loop : undefined,
                origin,
                extent,
                refs: group.map(r => r.node),
                written,
                context: first.context,
                ...(stride ? { stride } : {}),
                ...(clip.length ? { reach: clip } : {}),
            });
            count++;
        }
        return { boxes, reason };
    };
    for (const use of wanted) {
        let staged = stageArray(use);
        // A flat array indexed by rows (`c[i * N + j]`): its tiles are boxes of rows and columns.
        const stride = staged.reason && use.extents.length === 1 ? rowStride(model, kernel, symbols, use) : undefined;
        if (stride) {
            const rows = stageArray(use, stride);
            if (!rows.reason)
                staged = rows;
        }
        staging.boxes.push(...staged.boxes);
        if (staged.reason)
            staging.unstaged.push({ array: use, reason: staged.reason });
    }
    return staging;
}
/** Why a written group cannot be staged, or undefined when each element belongs to one thread. */
function ownership(symbols, disjoint, group, all, extent) {
    const first = group[0];
    const at = symbols.text.slice(first.node.start, first.node.end);
    const writer = group.find(r => r.writes);
    const other = group.find(r => !r.index.every((p, d) => p.equals(writer.index[d])));
    if (other)
        return `'${symbols.text.slice(writer.node.start, writer.node.end)}' is written and '${symbols.text.slice(other.node.start, other.node.end)}' touches a neighbouring element: each thread must use exactly the elements it writes`;
    const seen = new Set();
    for (const v of first.varying)
        for (const s of v.keys()) {
            if (seen.has(s))
                return `'${at}' is written with one index in two subscripts`;
            seen.add(s);
        }
    if (!first.varying.every(v => dense(symbols, v)))
        return `'${at}' is written, and its threads do not cover its tile one element each`;
    const grid = [...symbols.loops.values()].filter(l => l.kind === 'grid').map(l => l.name);
    for (const g of grid) {
        const apart = first.fixed.some((f, d) => {
            const split = f.affineIn(new Set(grid));
            const c = split?.coefficients.get(g);
            if (!split || !c || split.coefficients.size !== 1)
                return false;
            return c.sub(extent[d]).nonNegative() || c.neg().sub(extent[d]).nonNegative();
        });
        if (!apart)
            return `'${at}' is written, and blocks along '${g}' may share its elements`;
    }
    const overlap = all.find(r => !group.includes(r) && !exclusive(first, r) && !disjoint(first, r));
    if (overlap)
        return `'${at}' is written, and '${symbols.text.slice(overlap.node.start, overlap.node.end)}' may touch the same elements`;
    return undefined;
}
/** The kernel's references to its arrays that no tile serves. */
function globalAccesses(model, kernel, boxes) {
    const staged = new Set(boxes.flatMap(t => t.refs));
    const symbols = new KernelSymbols(model, kernel);
    const innermost = kernel.block[kernel.block.length - 1].loop;
    const x = [...symbols.loops.values()].find(l => l.loop.start === innermost.start && l.kind === 'thread')?.name;
    const out = [];
    for (const use of kernel.arrays) {
        for (const r of model.scopes.references) {
            if (r.variable !== use.variable || !(0, span_1.within)(r.span, kernel.nest))
                continue;
            const { top, indices } = (0, ast_1.subscriptChain)(r.node);
            if (staged.has(top) || indices.length === 0)
                continue;
            // Row-major: the last index moves fastest; its coefficient on x must be 0 or ±1 (a warp
            // reading a run of words forwards or backwards), the others' 0.
            const polys = indices.map(ix => symbols.read(ix));
            let coalesced;
            if (x && polys.every(p => p)) {
                const along = polys.map(p => p.affineIn(new Set([x]))?.coefficients.get(x) ?? (p.symbols().has(x) ? undefined : poly_1.Poly.ZERO));
                coalesced = along.every(c => c)
                    ? along.slice(0, -1).every(c => c.isZero) &&
                        [poly_1.Poly.ZERO, poly_1.Poly.constant(1), poly_1.Poly.constant(-1)].some(c => along[along.length - 1].equals(c))
                    : undefined;
            }
            const walks = coalesced === false && walksAlong(symbols, polys, r.node);
            out.push({
                node: top,
                indices,
                reads: r.access !== 'write',
                writes: r.access !== 'read',
                ...(coalesced === undefined ? {} : { coalesced }),
                ...(walks ? { walks } : {}),
            });
        }
    }
    return out;
}
/** Whether the indices `polys` of a reference at `node` move by one word, in the last index alone,
 * from one iteration to the next of the innermost loop a thread runs around it (a loop in its body or
 * a serial loop of the nest, stepping by one). */
function walksAlong(symbols, polys, node) {
    let inner;
    for (const l of symbols.loops.values())
        if ((l.kind === 'body' || l.kind === 'serial') && (0, span_1.within)(node, l.loop) && (!inner || (0, span_1.within)(l.loop, inner.loop)))
            inner = l;
    const step = inner && (0, loops_1.canonicalHeader)(inner.loop, symbols.text).header?.step.value;
    if (!inner || (step !== 1n && step !== -1n))
        return false;
    const along = polys.map(p => p.affineIn(new Set([inner.name]))?.coefficients.get(inner.name) ?? (p.symbols().has(inner.name) ? undefined : poly_1.Poly.ZERO));
    const last = along[along.length - 1];
    return along.slice(0, -1).every(c => c?.isZero) && !!last && [poly_1.Poly.constant(1), poly_1.Poly.constant(-1)].some(c => last.equals(c));
}
/**
 * The row length S by which every reference of a one-dimensional array reads as `array[R * S + C]`
 * with 0 ≤ C < S and R ≥ 0, proved over the loops' ranges and the guards around each reference
 * (`if (i < N && j < N) c[i * N + j]`); S a parameter of the kernel. Undefined when none does.
 */
function rowStride(model, kernel, symbols, use) {
    const reads = [];
    for (const r of model.scopes.references) {
        if (r.variable !== use.variable || !(0, span_1.within)(r.span, kernel.nest))
            continue;
        const top = r.node.parent;
        const ix = top?.type === 'subscript_expression' && (0, ast_1.child)(top, 'argument') === r.node
            ? ((0, ast_1.child)(top, 'index') ?? (0, ast_1.named)(top).find(c => c.field !== 'argument'))
            : undefined;
        if (!top || !ix)
            return undefined;
        const g = new KernelSymbols(model, kernel, { guards: guardsAround(model, top, kernel.nest) });
        const p = symbols.read(ix), guarded = g.read(ix);
        if (!p || !guarded)
            return undefined;
        reads.push({ p, guarded, g });
    }
    if (reads.length === 0)
        return undefined;
    const range = (g, q) => {
        const split = q.affineIn(new Set(g.loops.keys()));
        return split && [...split.coefficients.values()].every(c => g.onlyParams(c))
            ? bounds(g, split.rest, split.coefficients)
            : undefined;
    };
    const fits = (S) => reads.every(({ p, guarded, g }) => {
        const rows = p.affineIn(new Set([S])), proof = guarded.affineIn(new Set([S]));
        if (!rows?.coefficients.get(S) || !proof)
            return false;
        const column = range(g, proof.rest), row = range(g, proof.coefficients.get(S) ?? poly_1.Poly.ZERO);
        return (!!column &&
            !!row &&
            column.min.nonNegative() &&
            poly_1.Poly.symbol(S).sub(poly_1.Poly.constant(1)).sub(column.max).nonNegative() &&
            row.min.nonNegative());
    });
    return [...reads[0].p.symbols()].filter(s => /^[A-Za-z_]\w*$/.test(s) && symbols.params.has(s)).sort().find(fits);
}
/** The variables an `if` around `node` bounds (`p < N && q <= M`, `j >= 1`), innermost first. */
function guardsAround(model, node, nest) {
    const text = model.text;
    const guards = new Map();
    const plainVariable = (e) => {
        const n = e && ((0, ast_1.unparen)(e) ?? e);
        return n?.type === 'identifier' ? (0, scopes_1.variableOf)(model.scopes, n) : undefined;
    };
    const bounds = (condition) => {
        for (const n of (0, ast_1.conjuncts)(condition, text)) {
            if (n.type !== 'binary_expression')
                continue;
            const l = (0, ast_1.child)(n, 'left'), r = (0, ast_1.child)(n, 'right');
            const op = text.slice(l.end, r.start).trim();
            if (!/^[<>]=?$/.test(op))
                continue;
            const strict = op === '<' || op === '>';
            // v < b, b > v: from above; v > b, b < v: from below.
            for (const [v, bound, above] of [[plainVariable(l), r, op[0] === '<'], [plainVariable(r), l, op[0] === '>']]) {
                if (!v)
                    continue;
                const g = guards.get(v) ?? { strict: false };
                if (above && !g.bound)
                    Object.assign(g, { bound, strict });
                if (!above && !g.lower)
                    g.lower = { bound, strict };
                guards.set(v, g);
            }
        }
    };
    for (let m = node; m && m !== nest; m = m.parent ?? undefined) {
        const p = m.parent;
        if (p?.type === 'if_statement' && (0, ast_1.child)(p, 'consequence') === m)
            bounds((0, ast_1.child)(p, 'condition'));
    }
    return guards;
}
/** The range [lo, hi] the `if`s around `node` give the expression `e` itself (`e >= 0 && e < m`),
 * the bounds in parameters only; undefined unless both sides are bounded. */
function guardedRange(model, node, nest, e, symbols) {
    const text = model.text;
    const same = (n) => text.slice(n.start, n.end).replace(/\s+/g, '') === text.slice(e.start, e.end).replace(/\s+/g, '');
    let lo, hi;
    const bound = (n, shift) => {
        const p = symbols.read(n);
        return p && symbols.onlyParams(p) ? p.add(poly_1.Poly.constant(shift)) : undefined;
    };
    const bounds = (condition) => {
        for (const n of (0, ast_1.conjuncts)(condition, text)) {
            if (n.type !== 'binary_expression')
                continue;
            const l = (0, ast_1.child)(n, 'left'), r = (0, ast_1.child)(n, 'right');
            const op = text.slice(l.end, r.start).trim();
            // e >= c, e > c, c <= e, c < e (lower); e < u, e <= u, u > e, u >= e (upper).
            const [side, other, flipped] = same((0, ast_1.unparen)(l) ?? l)
                ? [l, r, false]
                : same((0, ast_1.unparen)(r) ?? r)
                    ? [r, l, true]
                    : [undefined, undefined, false];
            if (!side || !other)
                continue;
            const o = flipped ? { '<': '>', '<=': '>=', '>': '<', '>=': '<=' }[op] : op;
            if (o === '>=' || o === '>')
                lo ??= bound(other, o === '>' ? 1 : 0);
            if (o === '<' || o === '<=')
                hi ??= bound(other, o === '<' ? -1 : 0);
        }
    };
    // An `if`'s bounds hold at the reference only if nothing in its branch changes e's variables.
    const vars = new Set(model.scopes.references.filter(r => r.variable && (0, span_1.within)(r.span, e)).map(r => r.variable));
    for (let m = node; m && m !== nest; m = m.parent ?? undefined) {
        const p = m.parent;
        if (p?.type !== 'if_statement' || (0, ast_1.child)(p, 'consequence') !== m)
            continue;
        const before = { lo, hi };
        bounds((0, ast_1.child)(p, 'condition'));
        if ((lo !== before.lo || hi !== before.hi) &&
            model.scopes.references.some(r => vars.has(r.variable) && r.access !== 'read' && (0, span_1.within)(r.span, m)))
            ({ lo, hi } = before);
    }
    return lo && hi ? { lo, hi } : undefined;
}
/**
 * How many elements of a pointer the schedule's kernels touch (the footprint over the
 * whole schedule): one more than the largest index of any reference, bounded over the loops'
 * ranges and the guards around the reference (`if (p < N) a[p]` touches at most N elements).
 */
function pointerExtent(model, kernels, variable, region, rows = false) {
    const text = model.text;
    const counts = [];
    for (const k of kernels) {
        const host = [];
        for (let m = k.nest.parent; m && m !== region; m = m.parent)
            if (m.type === 'for_statement')
                host.unshift(m);
        for (const r of model.scopes.references) {
            if (r.variable !== variable || !(0, span_1.within)(r.span, k.nest))
                continue;
            const top = r.node.parent;
            const index = top?.type === 'subscript_expression' && (0, ast_1.child)(top, 'argument') === r.node
                ? ((0, ast_1.child)(top, 'index') ?? (0, ast_1.named)(top).find(c => c.field !== 'argument'))
                : undefined;
            // With `rows`, a pointer to rows (`a[i][j]`): its first index counts the rows.
            const chained = top?.parent?.type === 'subscript_expression' && (0, ast_1.child)(top.parent, 'argument') === top;
            if (!top || !index || chained !== rows) {
                return {
                    reason: rows
                        ? `'${variable.name}' points to rows and is used other than as 'name[row][column]'`
                        : `'${variable.name}' is a pointer used other than as 'name[index]' with one index`,
                    at: r.node,
                };
            }
            const symbols = new KernelSymbols(model, k, { host, guards: guardsAround(model, top, k.nest) });
            const at = `'${text.slice(top.start, top.end)}'`;
            // An index the guards bound as a whole (`if (k - i >= 0 && k - i < m) b[k - i]`).
            const whole = guardedRange(model, top, k.nest, index, symbols);
            if (whole?.lo.nonNegative()) {
                const count = whole.hi.add(poly_1.Poly.constant(1));
                if (!counts.some(c => c.equals(count)))
                    counts.push(count);
                continue;
            }
            const p = symbols.read(index);
            const loops = new Set([...symbols.loops.keys()]);
            const split = p?.affineIn(new Set([...p.symbols()].filter(s => loops.has(s))));
            if (!p || !split || ![...split.coefficients.values()].every(c => symbols.onlyParams(c)))
                return { reason: `the index of ${at} is not affine in the loop indices`, at: top };
            const b = bounds(symbols, split.rest, split.coefficients);
            if (!b)
                return {
                    reason: `the range of the index of ${at} is not bounded by sizes (guard it, e.g. 'if (p < N)')`,
                    at: top,
                };
            if (!b.min.nonNegative())
                return { reason: `the index of ${at} may be negative (least value ${b.min.toC()})`, at: top };
            const count = b.max.add(poly_1.Poly.constant(1));
            if (!counts.some(c => c.equals(count)))
                counts.push(count);
        }
    }
    if (counts.length === 0)
        return { reason: `'${variable.name}' is not indexed by any kernel`, at: kernels[0].nest };
    // Several references: the largest count, decided at run time unless two differ by a constant.
    const largest = counts.filter(c => !counts.some(o => o !== c && o.sub(c).nonNegative() && !o.equals(c)));
    const texts = largest.map(c => c.toC());
    // A loop that runs no iteration (n - 2 elements at n = 1) transfers nothing, not a negative count.
    if (!largest.some(c => c.nonNegative()))
        texts.push('0');
    return { extent: texts.slice(1).reduce((acc, t) => `(${acc}) > (${t}) ? (${acc}) : (${t})`, texts[0]) };
}
//# sourceMappingURL=footprint.js.map