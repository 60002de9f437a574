"use strict";
// Array expansion in an SPMD region (./spmd): a thread's private array that lives across a
// barrier (a private histogram filled by a work-sharing loop, merged after it) becomes one row per
// thread of an array the threads share, allocated with the region and freed after it. Each loop
// over thread ids that uses it declares, under the array's own name, a pointer to its thread's row,
// so its uses (each one a subscript, where the pointer and the array read the same element) stay
// as written.
Object.defineProperty(exports, "__esModule", { value: true });
exports.expansions = expansions;
exports.declarationEdits = declarationEdits;
exports.allocation = allocation;
const ast_1 = require("../syntax/ast");
const scopes_1 = require("../model/scopes");
const edits_1 = require("../base/edits");
const layout_1 = require("../base/layout");
const declarations_1 = require("../model/declarations");
const span_1 = require("../base/span");
/** `int local[B];` or `int local[B] = {0};`: its only initializer is zeros, which calloc gives. */
const ZEROS = /^\{\s*0?\s*\}$/;
/**
 * The thread arrays of the region that segments other than their own use, expanded (each later
 * segment using one declares its row); one that cannot be is left to the checks that refuse it.
 */
function expansions(model, threadVariables, segments, fresh, tid) {
    const text = model.text;
    const out = [];
    for (const v of threadVariables) {
        const home = segments.find(s => s.units.some(u => u.node?.start === v.declaration.start));
        if (!home || home.kind !== 'team' || v.shape !== 'array' || v.isStatic)
            continue;
        const uses = model.scopes.references.filter(r => r.variable === v && !(0, span_1.within)(r.span, v.declaration));
        const others = segments.filter(s => s !== home && uses.some(r => s.units.some(u => (0, span_1.within)(r.span, u.span))));
        if (!others.length || others.some(s => s.kind !== 'team'))
            continue;
        // Each use reads an element (`local[i]` through a pointer to the row is the same element), or
        // passes the array to a function, which receives the pointer to its first element either way
        // (NAS BT's `exact_solution(xi, eta, zeta, temp)`).
        const element = (r) => r.node.parent?.type === 'subscript_expression' && r.node.field === 'argument';
        if (!uses.every(r => element(r) || r.node.parent?.type === 'argument_list'))
            continue;
        // Its size known before the region (no variable in it), zeros or no initializer.
        const declarator = declaratorOf(v);
        if (!declarator)
            continue;
        const value = declarator.type === 'init_declarator' ? (0, ast_1.child)(declarator, 'value') : undefined;
        if (value && !ZEROS.test(text.slice(value.start, value.end)))
            continue;
        const sized = model.scopes.references.some(r => r.variable && r.variable !== v && (0, span_1.within)(r.span, declarator));
        if (sized)
            continue;
        const rows = fresh(`mf_${v.name}`);
        const row = `__typeof__(${rows}[0][0]) *${v.name} = ${rows}[${tid}];`;
        out.push({ variable: v, rows, row });
        for (const s of others)
            s.redeclared.push({ variable: v, text: row });
    }
    return out;
}
/** The declarator of `v` in its declaration. */
function declaratorOf(v) {
    return v.declaration.children.find(d => d.field === 'declarator' && (0, scopes_1.declaratorInfo)(d)?.id.start === v.span.start);
}
/**
 * The edits of the declarations of expanded arrays in their own segment: each such declarator
 * becomes its row pointer after the declaration, which keeps its other declarators
 * (`double xi, temp[5];` -> `double xi;` and `... *temp = mf_temp[mf_tid];`).
 */
function declarationEdits(expanded, text) {
    const out = [];
    for (const declaration of new Set(expanded.map(e => e.variable.declaration))) {
        const here = expanded.filter(e => e.variable.declaration === declaration);
        const declarators = declaration.children.filter(c => c.field === 'declarator');
        const kept = declarators.filter(d => !here.some(e => declaratorOf(e.variable) === d));
        const indent = (0, layout_1.lineIndent)(text, declaration.start);
        const rows = here.map(e => e.row);
        const lines = kept.length
            ? [`${text.slice(declaration.start, declarators[0].start)}${kept.map(d => text.slice(d.start, d.end)).join(', ')};`, ...rows]
            : rows;
        out.push((0, edits_1.replace)(declaration, lines.join(`\n${indent}`)));
    }
    return out;
}
/** The shared rows' allocation, with the region. */
function allocation(e, text, nthreads) {
    return `${(0, declarations_1.declarationFor)(e.variable, text, `(*${e.rows})`)} = calloc(${nthreads}, sizeof *${e.rows});`;
}
//# sourceMappingURL=expansion.js.map