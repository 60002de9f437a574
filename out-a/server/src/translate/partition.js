"use strict";
// The iterations of a work-sharing loop that one thread of a team runs, written as C over the
// loop's canonical form: what `schedule(static[, c])` gives each thread (OpenMP 5.2 §11.5.3).
// Without a chunk the iterations are cut into one contiguous block per thread, in thread order,
// the first `n % T` blocks one iteration longer (as GCC's libgomp cuts them, so that results
// depending on the partition stay the same); with a chunk `c`, blocks of `c` go round-robin.
Object.defineProperty(exports, "__esModule", { value: true });
exports.stepNode = stepNode;
exports.collapsedNest = collapsedNest;
exports.partitionedLoop = partitionedLoop;
const ast_1 = require("../syntax/ast");
const layout_1 = require("../base/layout");
const loops_1 = require("../model/loops");
const common_1 = require("./common");
/** The node of the step expression (`e` of `i += e`, `i = i + e`), undefined for `++`/`--`. */
function stepNode(h, text) {
    const u = (0, ast_1.unparen)(h.update);
    if (u?.type !== 'assignment_expression')
        return undefined;
    const right = (0, ast_1.child)(u, 'right');
    if ((0, loops_1.opOf)(u, text) !== '=')
        return right;
    const r = (0, ast_1.unparen)(right);
    const left = (0, ast_1.unparen)((0, ast_1.child)(r, 'left'));
    return left?.type === 'identifier' && text.slice(left.start, left.end) === h.variable ? (0, ast_1.child)(r, 'right') : left;
}
/**
 * The loops `collapse(count)` joins, outermost first, each with its canonical header; why not
 * (a nest that is not perfect, or not rectangular: the logical iterations need fixed bounds),
 * or undefined for a loop not in canonical form (which the checks report).
 */
function collapsedNest(loop, count, text) {
    const out = [];
    for (let l = loop; l && out.length < count;) {
        const header = (0, loops_1.canonicalHeader)(l, text).header;
        if (!header)
            return undefined;
        const reads = (o) => [header.lower, header.bound, stepNode(header, text)].some(e => e && new RegExp(`\\b${o.header.variable}\\b`).test(text.slice(e.start, e.end)));
        const outer = out.find(reads);
        if (outer)
            return `'collapse(${count})' over a loop whose bounds read '${outer.header.variable}': not rectangular`;
        out.push({ loop: l, header });
        const next = out.length < count ? (0, common_1.soleStatement)((0, ast_1.child)(l, 'body')) : undefined;
        l = next?.type === 'for_statement' ? next : undefined;
    }
    return out.length < count ? `'collapse(${count})' needs ${count} perfectly nested loops` : out;
}
/** True when the loop counts up (`<`, `<=`, or `!=` with a positive step). */
function upward(h) {
    if (h.relation === '<' || h.relation === '<=')
        return true;
    if (h.relation === '>' || h.relation === '>=')
        return false;
    return h.step.value !== undefined ? h.step.value > 0n : !h.step.negative;
}
/** The step's magnitude: what one iteration moves the variable towards its bound. */
function magnitude(p, up) {
    const v = p.header.step.value;
    if (v !== undefined)
        return String(v < 0n ? -v : v);
    // `i += e` going down steps by -e; `i -= e` going up by -e (both unusual, both canonical).
    return p.header.step.negative === up ? `-${(0, layout_1.atom)(p.step)}` : (0, layout_1.atom)(p.step);
}
/** The number of iterations, never negative. */
function tripCount(p, up, m) {
    const [from, to] = up ? [(0, layout_1.atom)(p.lower), (0, layout_1.atom)(p.bound)] : [(0, layout_1.atom)(p.bound), (0, layout_1.atom)(p.lower)];
    const inclusive = p.header.relation === '<=' || p.header.relation === '>=';
    if (/^\d+$/.test(from) && /^\d+$/.test(to) && /^\d+$/.test(m)) {
        // Constant bounds: the count itself.
        const d = BigInt(to) - BigInt(from) + (inclusive ? 1n : 0n);
        return String(d > 0n ? (d + BigInt(m) - 1n) / BigInt(m) : 0n);
    }
    const distance = from === '0' ? to : `${to} - ${from}`;
    const count = m === '1'
        ? inclusive ? `${distance} + 1` : distance
        : inclusive ? `(${distance} + ${m}) / ${m}` : `(${distance} + ${m} - 1) / ${m}`;
    return `${to} ${inclusive ? '>=' : '>'} ${from} ? ${count} : 0`;
}
/** The control variable's value at logical iteration `k`. */
function valueAt(p, up, m, k) {
    const scaled = m === '1' ? k : `${k} * ${m}`;
    if (p.lower === '0' && up)
        return scaled;
    return `${(0, layout_1.atom)(p.lower)} ${up ? '+' : '-'} ${scaled}`;
}
/**
 * The loop (or the rectangular nest `collapse` joins, outermost first) rewritten to run this
 * thread's iterations: lines at `indent` (the first without it), the body (laid out at `indent`
 * + one unit, or starting with `{`) placed last. `decls` are the thread's private copies,
 * declared before its first iteration. A nest runs its logical iterations in order, each
 * control variable computed from the logical iteration (OpenMP 5.2 §4.4.3).
 */
function partitionedLoop(nest, chunk, names, decls, 
/** The loop body as the body of a `for` written at `at` (with its leading blank or line
 * break), or as a statement of its own at `at` (`statement`). */
body, indent, unit, 
/** Statements for the thread that ran the last iteration, after its iterations (lastprivate). */
last = []) {
    const { tid, nthreads, n, k, dims, lo, hi, q, r } = names;
    const loops = nest.map(p => {
        const up = upward(p.header);
        return { p, up, m: magnitude(p, up) };
    });
    const { p, up, m } = loops[0];
    const relation = p.header.relation === '!=' ? '!=' : up ? '<' : '>';
    const loop = (from, to, at) => {
        // A pointer stepping by more than one may not be formed past its array's end: a range that ends
        // (or starts) where the loop's iterations end takes the loop's own bound there.
        const stepping = /\*/.test(p.declaration) && m !== '1' && (p.header.relation === '<' || p.header.relation === '>');
        const valueIn = (k) => (stepping ? `(${k} == ${n} ? ${(0, layout_1.atom)(p.bound)} : ${valueAt(p, up, m, k)})` : valueAt(p, up, m, k));
        if (nest.length === 1)
            return `for (${p.declaration} = ${valueIn(from)}; ${p.header.variable} ${relation} ${valueIn(to)}; ${p.update})${body(at)}`;
        const controls = loops.map((l, d) => {
            const inner = dims.slice(d + 1).join(' * ');
            const index = `${inner ? `${k} / ${(0, layout_1.atom)(inner)}` : k}${d > 0 ? ` % ${dims[d]}` : ''}`;
            return `${at}${unit}${l.p.declaration} = ${valueAt(l.p, l.up, l.m, `(${index})`)};`;
        });
        return (`for (long long ${k} = ${from}; ${k} < ${to}; ${k}++) {\n${controls.join('\n')}\n` +
            `${at}${unit}${body(at + unit, true)}\n${at}}`);
    };
    const inner = indent + unit;
    const lines = nest.length === 1
        ? [`const long long ${n} = ${tripCount(p, up, m)};`]
        : [
            ...loops.map((l, d) => `const long long ${dims[d]} = ${tripCount(l.p, l.up, l.m)};`),
            `const long long ${n} = ${dims.join(' * ')};`,
        ];
    if (chunk === undefined) {
        lines.push(`const long long ${q} = ${n} / ${nthreads}, ${r} = ${n} % ${nthreads};`, `const long long ${lo} = ${tid} * ${q} + (${tid} < ${r} ? ${tid} : ${r});`, `const long long ${hi} = ${lo} + ${q} + (${tid} < ${r});`, ...decls, loop(lo, hi, inner), ...(last.length ? [`if (${lo} < ${hi} && ${hi} == ${n}) {`, ...last.map(l => unit + l), '}'] : []));
    }
    else {
        const c = (0, layout_1.atom)(chunk);
        lines.push(...decls, `for (long long ${lo} = (long long) ${tid} * ${c}; ${lo} < ${n}; ${lo} += (long long) ${nthreads} * ${c}) {`, `${unit}const long long ${hi} = ${lo} + ${c} < ${n} ? ${lo} + ${c} : ${n};`, unit + loop(lo, hi, inner + unit), '}', 
        // The last chunk is the thread's whose turn comes at chunk (n - 1) / c.
        ...(last.length
            ? [`if (${n} > 0 && (${n} - 1) / ${c} % ${nthreads} == ${tid}) {`, ...last.map(l => unit + l), '}']
            : []));
    }
    return `{\n${lines.map(l => `${inner}${l}`).join('\n')}\n${indent}}`;
}
//# sourceMappingURL=partition.js.map