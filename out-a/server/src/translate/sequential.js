"use strict";
// Sequential loops every thread of an SPMD region runs (./spmd), with barriers inside: a time
// loop around work-sharing loops. When the loop is uniform (every thread runs the same
// iterations) the loop over thread ids and the sequential loop commute, so
// `for (t...) { A barrier B }` becomes `for (t...) { meta_for (tid) {A} meta_for (tid) {B} }`.
// Uniform here: its header reads only its own variables (declared in its initializer, or private to
// each thread, assigned there and named nowhere else; its body writes neither), constants,
// and variables the threads share that the loop does not write; it calls nothing; no jump leaves
// its body (a `break` or `return` of one thread would leave the others waiting at the barrier).
Object.defineProperty(exports, "__esModule", { value: true });
exports.hasBarrierInside = hasBarrierInside;
exports.flattened = flattened;
exports.headerOf = headerOf;
exports.uniformLoop = uniformLoop;
const ast_1 = require("../syntax/ast");
const constructs_1 = require("../model/constructs");
const scopes_1 = require("../model/scopes");
const declarations_1 = require("../model/declarations");
const span_1 = require("../base/span");
const barriers_1 = require("./barriers");
const teams_1 = require("./teams");
const ITERATIONS = new Set(['for_statement', 'while_statement', 'do_statement']);
/** Constructs that end with a barrier (or are one). */
function waits(k) {
    const name = k.directive?.name ?? '';
    const nowait = k.clauses.some(cl => cl.name === 'nowait');
    return name === 'barrier' || (((0, teams_1.sharesIterations)(k) || ['single', 'sections'].includes(name)) && !nowait);
}
/** A `for` statement of the region with a barrier of the region somewhere in its body. */
function hasBarrierInside(node, region) {
    return node.type === 'for_statement' && region.children.some(k => waits(k) && (0, span_1.within)((0, constructs_1.constructSpan)(k), node));
}
/** The segments of a region with the uniform loops' segments in their place, in program order. */
function flattened(segments) {
    return segments.flatMap(s => (s.kind === 'loop' ? flattened(s.children) : [s]));
}
const name = (node, text) => text.slice(node.start, (0, ast_1.child)(node, 'body').start).trim();
/**
 * Whether `v`, private to each thread of `region`, is the control variable of the loop `node`: its
 * initializer `init` assigns it. Declared outside the region (listed `private`), every other use of
 * it is inside the loop or the region's directive (so no thread reads a value it had before, and
 * nothing after the region reads the one the loop leaves, which the translation's single copy would
 * change). Declared in the region, it is a plain variable of a declaration of the region's own
 * without a value (`int i, j;`), stored by a lone `v = e` there and by nothing but the loop's
 * header: every thread has the same value at every point, so the translation's single copy (see
 * `headerOf`) may serve the reads after the loop in its block too (NAS BT reads `i` after the loop).
 */
function controlledHere(model, v, node, init, region) {
    const assigns = (n) => n.type === 'assignment_expression' &&
        model.scopes.references.some(r => r.variable === v && r.span.start === (0, ast_1.child)(n, 'left')?.start && r.span.end === (0, ast_1.child)(n, 'left')?.end);
    const uses = model.scopes.references.filter(r => r.variable === v && !(0, span_1.within)(r.span, node) && !(0, span_1.within)(r.span, region.head));
    if ((0, span_1.within)(v.span, (0, constructs_1.constructSpan)(region))) {
        const ownDeclaration = v.declaration.type === 'declaration' && v.declaration.parent === region.region;
        if (!ownDeclaration || v.shape !== 'value' || (0, scopes_1.initializerOf)(v) || !assigns(init))
            return false;
        // Reads after the loop, in its block: they see the declaration the translation puts before it.
        const after = (r) => r.span.start >= node.end && !!node.parent && (0, span_1.within)(r.span, node.parent);
        return uses.every(r => (0, span_1.within)(r.span, v.declaration) || (r.access === 'read' && !r.addressTaken && after(r)));
    }
    const assigned = (n) => (n.type === 'comma_expression' ? n.children.some(assigned) : assigns(n));
    return assigned(init) && !uses.length;
}
/**
 * The uniform loop `node` as the translation writes it around the loops over thread ids: its
 * header, as written but for a control variable among `controls` declared in the region
 * (`controlledHere`), which the loop declares in its initializer (`for (i = n - 2; ...)` ->
 * `for (int i = n - 2; ...)`), or, where the region reads it elsewhere, a declaration before the
 * loop (`declared`) that those reads see. The region's own declaration stays in a loop over thread ids.
 */
function headerOf(model, node, controls, region) {
    const text = model.text;
    const body = (0, ast_1.child)(node, 'body');
    const init = (0, ast_1.child)(node, 'initializer');
    const left = init?.type === 'assignment_expression' ? (0, ast_1.child)(init, 'left') : undefined;
    const v = left && (0, scopes_1.variableOf)(model.scopes, left);
    const written = text.slice(node.start, body.start).trim();
    if (!left || !v || !controls.includes(v) || !(0, span_1.within)(v.span, (0, constructs_1.constructSpan)(region)))
        return { header: written };
    const elsewhere = model.scopes.references.some(r => r.variable === v && !(0, span_1.within)(r.span, node) && !(0, span_1.within)(r.span, v.declaration));
    if (elsewhere)
        return { header: written, declared: `${(0, declarations_1.declarationFor)(v, text, v.name)};` };
    return { header: `${text.slice(node.start, left.start)}${(0, declarations_1.declarationFor)(v, text, v.name)}${text.slice(left.end, body.start)}`.trim() };
}
/**
 * Why the loop `node` is not uniform, or what it reads. `threadVariables`: the region's private
 * variables; `uniform`, the value of one as every thread has it (barriers `uniformValue`), or why not.
 */
function uniformLoop(model, node, threadVariables, region, uniform) {
    const text = model.text;
    const body = (0, ast_1.child)(node, 'body');
    const header = { start: node.start, end: body.start };
    const loop = name(node, text);
    const refusal = (span, why, data = {}) => ({
        span,
        message: `the loop '${loop}' has barriers inside and every thread runs it; MetaFork splits it into loops over ` +
            `thread ids only when every thread runs the same iterations, and ${why}`,
        data: { loop, ...data },
    });
    const init = (0, ast_1.child)(node, 'initializer');
    const own = init ? model.scopes.variables.filter(v => (0, span_1.within)(v.span, init)) : [];
    // A thread's private control variable (`private(k)`, `for (k = 0; ...)`) that nothing but the loop
    // and the region's clause names: its initializer sets it alike in every thread, so it is the loop's own.
    if (init)
        own.push(...threadVariables.filter(v => controlledHere(model, v, node, init, region)));
    const values = [];
    let call;
    (0, ast_1.walk)(node, n => {
        if (n.start >= body.start)
            return false;
        if (n.type === 'call_expression')
            call ??= n;
        return !call;
    });
    if (call)
        return refusal(call, `its header calls '${text.slice(call.start, call.end)}'`);
    for (const r of model.scopes.references.filter(x => (0, span_1.within)(x.span, header))) {
        const v = r.variable;
        if (!v)
            continue;
        if (own.includes(v)) {
            if ((0, barriers_1.writes)(model, v, body))
                return refusal(r.span, `its body assigns '${v.name}'`, { variable: v.name });
        }
        else if (threadVariables.includes(v)) {
            // One every thread computes alike, from what the region does not write (`isize = n - 1;`).
            const again = (0, barriers_1.writes)(model, v, node) ? undefined : uniform(v);
            if (!Array.isArray(again))
                return refusal(r.span, `its header reads '${v.name}', private to each thread`, { variable: v.name });
            for (const d of again)
                if (!values.some(x => x.variable === d.variable))
                    values.push(d);
        }
        else if ((0, barriers_1.writes)(model, v, body) || r.access !== 'read') {
            return refusal(r.span, `its header reads '${v.name}', which the loop writes`, { variable: v.name });
        }
    }
    let jump;
    (0, ast_1.walk)(body, n => {
        if (jump)
            return false;
        if (n.type === 'return_statement' || n.type === 'goto_statement')
            jump = n;
        if (n.type === 'break_statement' || n.type === 'continue_statement') {
            let p = n.parent;
            const switches = n.type === 'break_statement';
            while (p && p !== body && !ITERATIONS.has(p.type) && !(switches && p.type === 'switch_statement'))
                p = p.parent;
            if (!p || p === body)
                jump = n;
        }
        return true;
    });
    if (jump) {
        const word = text.slice(jump.start, jump.end).split(/[\s;]/)[0];
        return refusal(jump, `'${word}' leaves it (a thread leaving would leave the others at the barrier)`);
    }
    // A thread's value from before the loop, changed in it, would cross the barriers between iterations;
    // not one the body stores before every read (the loops over thread ids inside declare it again).
    for (const v of threadVariables) {
        if ((0, span_1.within)(v.span, node) || !(0, barriers_1.writes)(model, v, body) || (0, barriers_1.storedFirst)(model, region.region, v, [body]))
            continue;
        const at = model.scopes.references.find(r => r.variable === v && (0, span_1.within)(r.span, body));
        return refusal(at.span, `'${v.name}', private to each thread, is written in it and lives across its barriers`, {
            variable: v.name,
        });
    }
    return { own, values };
}
//# sourceMappingURL=sequential.js.map