"use strict";
// What one thread of a generated kernel does, counted from the kernel's own code as polynomials in
// the program's parameters (Xie 2016 Ch. 4): local operations, words read and written in
// global memory, and per block the words its shared-memory tiles copy. Loops multiply by their
// symbolic trip counts; of the two sides of an `if` the larger counts (both, when neither is
// provably larger), so the counts bound what a thread does from above.
Object.defineProperty(exports, "__esModule", { value: true });
exports.countKernel = countKernel;
exports.uncountedLoopDiagnostics = uncountedLoopDiagnostics;
const ast_1 = require("../syntax/ast");
const span_1 = require("../base/span");
const lines_1 = require("../base/lines");
const loops_1 = require("../model/loops");
const poly_1 = require("../symbolic/poly");
const expression_1 = require("../symbolic/expression");
const footprint_1 = require("../cuda/footprint");
const kernel_1 = require("../cuda/kernel");
const mcm_1 = require("./mcm");
const diagnostic_1 = require("../base/diagnostic");
const TALLIED = ['ops', 'reads', 'writes', 'scattered', 'walked'];
const ZERO = { ops: poly_1.Poly.ZERO, reads: poly_1.Poly.ZERO, writes: poly_1.Poly.ZERO, scattered: poly_1.Poly.ZERO, walked: poly_1.Poly.ZERO };
/** Each count of a tally through `f`. */
const each = (f, a) => Object.fromEntries(TALLIED.map(k => [k, f(a[k], k)]));
const plus = (a, b) => each((p, k) => p.add(b[k]), a);
const times = (a, n) => each(p => p.mul(n), a);
/** The larger polynomial when provably larger for nonnegative symbols, else the sum. */
const larger = (a, b) => (a.sub(b).nonNegative() ? a : b.sub(a).nonNegative() ? b : a.add(b));
/** A C expression of parameters as a polynomial; what is not one stands as a symbol (`dim0`, `(n + 3) / 4`). */
function parameterPoly(e, text) {
    const r = (0, expression_1.polynomialOf)(e, text, {
        identifier: n => poly_1.Poly.symbol(text.slice(n.start, n.end)),
        atom: n => poly_1.Poly.symbol(text.slice(n.start, n.end).replace(/\s+/g, ' ')),
    });
    return 'poly' in r ? r.poly : poly_1.Poly.symbol(text.slice(e.start, e.end).replace(/\s+/g, ' '));
}
/** The iterations of a loop whose count the header does not give: a symbol named by its line
 * (the `@` keeps it apart from C names; callers refuse counts holding one, see `uncounted`). */
const unknownTrips = (loop, text) => poly_1.Poly.symbol(`${UNKNOWN_TRIPS}${new lines_1.LineIndex(text).position(loop.start).line + 1}`);
const UNKNOWN_TRIPS = 'trips@';
/** Iterations of a loop: its range's `(hi - lo + 1) / step` (model/loops), the bounds read as
 * parameters; a symbol `trips@LINE` when the header gives no range. */
function tripCount(loop, text) {
    return (0, loops_1.rangeOf)((0, loops_1.canonicalHeader)(loop, text).header, e => parameterPoly(e, text))?.trips ?? unknownTrips(loop, text);
}
/** Whether a loop's trip count is one `tripCount` reads from its header. */
const counted = (loop, text) => ![...tripCount(loop, text).symbols()].some(s => s.startsWith(UNKNOWN_TRIPS));
const OPERATORS = new Set([
    'binary_expression', 'unary_expression', 'conditional_expression', 'call_expression', 'cast_expression',
]);
/** Σ over tiles, where of the two sides of a uniform branch only the larger runs in a launch. */
function layoutSum(boxes, words) {
    const sum = (ts) => ts.reduce((p, t) => p.add(words(t)), poly_1.Poly.ZERO);
    return (0, footprint_1.boxLayout)(boxes).reduce((p, u) => p.add('box' in u ? words(u.box) : larger(sum(u.then), sum(u.otherwise))), poly_1.Poly.ZERO);
}
/**
 * A loop's body `each` over all its iterations: times the trip count, or, where the body's counts
 * depend on the loop's index (`for (j = 0; j < i; j++)` inside the loop on i), their sum over the
 * index's range (Faulhaber's sums, mcm.sumOver).
 */
function iterations(loop, text, each) {
    const h = (0, loops_1.canonicalHeader)(loop, text).header;
    const range = (0, loops_1.rangeOf)(h, e => parameterPoly(e, text));
    const trips = range?.trips ?? unknownTrips(loop, text);
    if (!range || !each.symbols().has(range.header.variable) || range.step !== 1n)
        return each.mul(trips);
    // The index's value at the iteration counted from 0: first + index going up, first - index going down.
    const index = `${range.header.variable}#`;
    const value = range.first.add(poly_1.Poly.symbol(index).scale(range.direction));
    return (0, mcm_1.sumOver)(each.substitute(range.header.variable, value), trips, index);
}
/** Counts one kernel. `tiles`: its shared-memory tiles; `region`: the schedule's body (host loops). */
function countKernel(model, kernel, boxes, region) {
    const text = model.text;
    const accesses = (0, footprint_1.globalAccesses)(model, kernel, boxes);
    const byNode = new Map(accesses.map(a => [a.node, a]));
    const uncounted = [];
    const trips = (loop) => { if (!counted(loop, text))
        uncounted.push(loop); return tripCount(loop, text); };
    const repeated = (loop, t) => (trips(loop), each(p => iterations(loop, text, p), t));
    const tally = (n) => {
        if (n.type === 'for_statement') {
            const parts = ['initializer', 'condition', 'update'].map(f => (0, ast_1.child)(n, f));
            const each = plus(plus(parts[1] ? tally(parts[1]) : ZERO, parts[2] ? tally(parts[2]) : ZERO), tally((0, ast_1.child)(n, 'body')));
            return plus(parts[0] ? tally(parts[0]) : ZERO, repeated(n, each));
        }
        if (n.type === 'while_statement' || n.type === 'do_statement') {
            uncounted.push(n);
            return times((0, ast_1.named)(n).map(tally).reduce(plus, ZERO), unknownTrips(n, text));
        }
        if (n.type === 'if_statement') {
            const yes = tally((0, ast_1.child)(n, 'consequence')), no = (0, ast_1.child)(n, 'alternative') ? tally((0, ast_1.child)(n, 'alternative')) : ZERO;
            return plus(tally((0, ast_1.child)(n, 'condition')), each((p, k) => larger(p, no[k]), yes));
        }
        const access = byNode.get(n);
        if (access) {
            const inner = access.indices.map(tally).reduce(plus, ZERO);
            const words = (access.reads ? 1 : 0) + (access.writes ? 1 : 0);
            return plus(inner, {
                ops: poly_1.Poly.ZERO,
                reads: poly_1.Poly.constant(access.reads ? 1 : 0),
                writes: poly_1.Poly.constant(access.writes ? 1 : 0),
                scattered: poly_1.Poly.constant(access.coalesced === false ? words : 0),
                walked: poly_1.Poly.constant(access.walks ? words : 0),
            });
        }
        let own = OPERATORS.has(n.type) ? 1 : 0;
        if (n.type === 'update_expression')
            own = 1;
        if (n.type === 'assignment_expression' &&
            text.slice((0, ast_1.child)(n, 'left').end, (0, ast_1.child)(n, 'right').start).trim() !== '=')
            own = 1;
        return (0, ast_1.named)(n).map(tally).reduce(plus, { ...ZERO, ops: poly_1.Poly.constant(own) });
    };
    // A thread runs the innermost block loop's body once per iteration of the serial loops
    // between the grid and block loops.
    const innermost = kernel.block[kernel.block.length - 1].loop;
    const outerBlock = kernel.block[0].loop;
    const serial = kernel.spine.filter(s => s.role === 'serial' && s.loop.start < outerBlock.start);
    let per = serial.reduceRight((t, s) => repeated(s.loop, t), tally((0, ast_1.child)(innermost, 'body')));
    const boundPoly = (bound) => poly_1.Poly.symbol(bound.replace(/\s+/g, ' '));
    let launches = poly_1.Poly.constant(1);
    for (let m = kernel.nest.parent; m && m !== region; m = m.parent)
        if (m.type === 'for_statement') {
            launches = launches.mul(trips(m));
            // Counts that move with a host loop (a serial `k < j` under `for j`): each launch counted at
            // the mean of its index, exact for counts linear in it (the sum over the launches / their number).
            const range = (0, loops_1.rangeOf)((0, loops_1.canonicalHeader)(m, text).header, e => parameterPoly(e, text));
            const mean = range?.step === 1n && range.first.add(range.first.add(range.trips.sub(poly_1.Poly.constant(1)).scale(range.direction))).scale((0, poly_1.rational)(1, 2));
            if (mean) {
                const at = (q) => q.substitute(range.header.variable, mean);
                per = each(at, per);
            }
        }
    // A tile moves once per iteration of the serial loops down to its level.
    const moved = (t) => {
        const level = t.level ? kernel.spine.findIndex(s => s.loop === t.level) : -1;
        const repeat = kernel.spine
            .slice(0, level + 1)
            .filter(s => s.role === 'serial')
            .reduce((p, s) => p.mul(trips(s.loop)), poly_1.Poly.constant(1));
        return t.extent.reduce((p, e) => p.mul(e), poly_1.Poly.constant(1)).mul(repeat);
    };
    return {
        name: (0, kernel_1.kernelName)(kernel),
        threads: kernel.block.reduce((p, b) => p.mul(boundPoly(b.bound)), poly_1.Poly.constant(1)),
        blocks: kernel.grid.reduce((p, g) => p.mul(boundPoly(g.bound)), poly_1.Poly.constant(1)),
        launches,
        ...per,
        boxLoads: layoutSum(boxes, moved),
        boxStores: layoutSum(boxes.filter(t => t.written), moved),
        uncoalesced: accesses.filter(a => a.coalesced === false).map(a => text.slice(a.node.start, a.node.end)),
        walking: accesses.filter(a => a.walks).map(a => text.slice(a.node.start, a.node.end)),
        uncounted: [...new Set(uncounted)],
    };
}
/** MF520 on each loop of a kernel whose iterations the cost model cannot count (the estimate of
 * `analyze` and the dispatcher's ranking would have nothing to evaluate), on its header: a header
 * without a trip count, or one whose count depends on a value each thread computes (`j < i`, i the
 * thread's index), which is no value of the program. */
function uncountedLoopDiagnostics(model, kernel, region) {
    const text = model.text;
    const counts = countKernel(model, kernel, [], region);
    const header = (loop) => {
        const body = (0, ast_1.child)(loop, 'body');
        let end = loop.type === 'do_statement' || !body ? loop.end : body.start;
        while (end > loop.start && /\s/.test(text[end - 1]))
            end--;
        return { start: loop.start, end };
    };
    const out = counts.uncounted.map(loop => {
        const what = loop.type === 'for_statement'
            ? 'its header gives no trip count'
            : `a '${loop.type === 'do_statement' ? 'do' : 'while'}' loop has no trip count`;
        return (0, diagnostic_1.diagnostic)('MF520', header(loop), `the cost model cannot count the iterations of this loop (${what}): write it 'for (v = a; v < b; v += c)' or 'for (v = a; v >= b; v -= c)' with a constant step c`);
    });
    const locals = new Set(model.scopes.variables.filter(v => (0, span_1.within)(v.span, kernel.nest)).map(v => v.name));
    const left = new Set([counts.ops, counts.reads, counts.writes, counts.launches]
        .flatMap(p => [...p.symbols()])
        .filter(x => locals.has(x)));
    (0, ast_1.walk)(kernel.nest, n => {
        const names = n.type === 'for_statement' ? [...tripCount(n, text).symbols()].filter(x => left.has(x)) : [];
        if (names.length)
            out.push((0, diagnostic_1.diagnostic)('MF520', header(n), `the cost model cannot count the iterations of this loop: they depend on ${names.map(x => `'${x}'`).join(', ')}, which each thread computes (the counts are polynomials in the program's values)`));
        return true;
    });
    return out;
}
//# sourceMappingURL=counts.js.map