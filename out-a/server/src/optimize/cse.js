"use strict";
// Common-subexpression elimination on a schedule's thread bodies (Xie 2016 §7.3: the thesis ran
// Maple's codegen[optimize] per basic block, at two levels: default and "try harder").
// Level 1: in each block of statements, an integer expression of scalars that occurs twice or
// more (as polynomials: `i*N + j` and `j + N*i` are the same) and whose variables the block never
// writes is computed once into `const int mf_cseK` before its first use.
// Level 2: each such temporary moves out of the serial loops that do not change its value
// (loop-invariant code motion), so the inner loops of matrix products stop recomputing it.
Object.defineProperty(exports, "__esModule", { value: true });
exports.cseEdits = cseEdits;
const ast_1 = require("../syntax/ast");
const span_1 = require("../base/span");
const scopes_1 = require("../model/scopes");
const layout_1 = require("../base/layout");
const expression_1 = require("../symbolic/expression");
const poly_1 = require("../symbolic/poly");
const INT = /^(const\s+)?int$/;
const LOOP = new Set(['for_statement', 'while_statement', 'do_statement']);
/** The bodies of the innermost `meta_for` loops of a schedule: where a thread's work is. */
function threadBodies(model, schedule) {
    const loops = model.constructs.filter(c => c.kind === 'parallel-for' && c.loop && (0, span_1.within)(c, schedule));
    return loops
        .filter(c => !loops.some(o => o !== c && (0, span_1.within)(o, c.loop)))
        .map(c => (0, ast_1.child)(c.loop, 'body'))
        .filter(Boolean);
}
/** Integer expressions of int scalars and literals, keyed by their polynomial. Distinct variables
 * of the same name (shadowing) must not share a key: each variable's symbol carries its number in
 * `ids`, which one elimination shares among its blocks. */
function occurrences(model, root, ids) {
    const text = model.text;
    const refs = new Map(model.scopes.references.filter(r => (0, span_1.within)(r.span, root)).map(r => [r.span.start, r]));
    const out = [];
    (0, ast_1.walk)(root, n => {
        if (n.type !== 'binary_expression')
            return true;
        const l = (0, ast_1.child)(n, 'left'), r = (0, ast_1.child)(n, 'right');
        const op = l && r ? text.slice(l.end, r.start).trim() : '';
        if (!['+', '-', '*'].includes(op))
            return true;
        const variables = [];
        let ok = true;
        const reader = {
            identifier: (id) => {
                const v = refs.get(id.start)?.variable;
                if (!v || v.shape !== 'value' || !INT.test(v.typeText.trim())) {
                    ok = false;
                    return undefined;
                }
                variables.push(v);
                if (!ids.has(v))
                    ids.set(v, ids.size);
                return poly_1.Poly.symbol(`${v.name}#${ids.get(v)}`);
            },
        };
        const p = (0, expression_1.polynomialOf)(n, text, reader);
        if (ok && 'poly' in p && variables.length)
            out.push({ node: n, key: p.poly.toC(), variables });
        return true;
    });
    return out;
}
function cseEdits(model, schedule, level, numbered) {
    return level === 1 ? eliminate(model, schedule, numbered) : hoist(model, schedule);
}
function eliminate(model, schedule, numbered) {
    const text = model.text;
    const edits = [];
    const notes = [];
    let count = numbered;
    const blocks = [];
    for (const body of threadBodies(model, schedule))
        (0, ast_1.walk)(body, n => {
            if (n.type === 'compound_statement')
                blocks.push(n);
            return true;
        });
    const ids = new Map();
    for (const block of blocks) {
        const written = (0, scopes_1.variablesWrittenWithin)(model.scopes, block);
        // Occurrences in this block's own statements (not in nested blocks: another basic block).
        const nested = blocks.filter(b => b !== block && (0, span_1.within)(b, block));
        const found = occurrences(model, block, ids)
            .filter(o => !nested.some(b => (0, span_1.within)(o.node, b)) && o.variables.every(v => !written.has(v)));
        const byKey = new Map();
        for (const o of found)
            byKey.set(o.key, [...(byKey.get(o.key) ?? []), o]);
        const taken = [];
        const keys = [...byKey.keys()].sort((a, b) => byKey.get(b)[0].node.end -
            byKey.get(b)[0].node.start -
            (byKey.get(a)[0].node.end - byKey.get(a)[0].node.start));
        for (const key of keys) {
            const list = byKey.get(key).filter(o => !taken.some(t => (0, span_1.within)(o.node, t)));
            if (list.length < 2)
                continue;
            const statements = block.children.filter(c => c.type !== '{' && c.type !== '}' && c.type !== 'comment');
            const first = statements.find(s => list.some(o => (0, span_1.within)(o.node, s)));
            if (!first || list[0].variables.some(v => v.span.start >= first.start && (0, span_1.within)(v.span, block)))
                continue;
            const name = `mf_cse${++count}`;
            const expression = text.slice(list[0].node.start, list[0].node.end);
            edits.push({
                start: first.start,
                end: first.start,
                newText: `const int ${name} = ${expression};\n${(0, layout_1.lineIndent)(text, first.start)}`,
            });
            for (const o of list) {
                edits.push({ start: o.node.start, end: o.node.end, newText: name });
                taken.push(o.node);
            }
            notes.push(`${name} = ${expression} (${list.length} uses)`);
        }
    }
    return { edits, notes };
}
function hoist(model, schedule) {
    const text = model.text;
    const edits = [];
    const notes = [];
    for (const body of threadBodies(model, schedule)) {
        (0, ast_1.walk)(body, n => {
            const temporary = temporaryOf(n, text);
            if (!temporary)
                return true;
            const uses = model.scopes.references
                .filter(r => (0, span_1.within)(r.span, n) && r.variable && !(0, span_1.within)(r.variable.span, n))
                .map(r => r.variable);
            // The outermost loop inside the thread body that changes none of the temporary's variables.
            let target;
            for (let a = n.parent; a && a !== body && (0, span_1.within)(a, body); a = a.parent) {
                if (!LOOP.has(a.type))
                    continue;
                const w = (0, scopes_1.variablesWrittenWithin)(model.scopes, a);
                if (uses.some(v => w.has(v) || (0, span_1.within)(v.span, a)))
                    break;
                target = a;
            }
            if (!target)
                return false;
            const lineStart = text.lastIndexOf('\n', n.start - 1) + 1;
            const lineEnd = text.indexOf('\n', n.end);
            edits.push({ start: lineStart, end: lineEnd < 0 ? n.end : lineEnd + 1, newText: '' });
            edits.push({
                start: target.start,
                end: target.start,
                newText: `${text.slice(n.start, n.end)}\n${(0, layout_1.lineIndent)(text, target.start)}`,
            });
            const header = canonicalVariable(target, text);
            notes.push(`${temporary} moved out of the ${header ? `'${header}' ` : ''}loop`);
            return false;
        });
    }
    return { edits, notes };
}
/** The temporary a declaration introduces when it is one of level 1's (`const int mf_cseK = ...`). */
function temporaryOf(n, text) {
    const type = n.type === 'declaration' ? (0, ast_1.child)(n, 'type') : undefined;
    const declarator = n.type === 'declaration' ? (0, ast_1.child)(n, 'declarator') : undefined;
    const id = declarator?.type === 'init_declarator' ? (0, ast_1.child)(declarator, 'declarator') : undefined;
    if (!type || !id || text.slice(type.start, type.end) !== 'int')
        return undefined;
    if (!/^const\s/.test(text.slice(n.start, type.start)))
        return undefined;
    const name = text.slice(id.start, id.end);
    return /^mf_cse\d+$/.test(name) ? name : undefined;
}
/** The variable a loop's initializer sets (`int i = 0`, `i = 0`). */
function canonicalVariable(loop, text) {
    let init = (0, ast_1.child)(loop, 'initializer');
    if (init?.type === 'declaration')
        init = (0, ast_1.child)(init, 'declarator');
    if (init?.type === 'comma_expression')
        init = (0, ast_1.child)(init, 'left');
    const target = init?.type === 'init_declarator' ? (0, ast_1.child)(init, 'declarator')
        : init?.type === 'assignment_expression' ? (0, ast_1.child)(init, 'left') : undefined;
    return target?.type === 'identifier' ? text.slice(target.start, target.end) : undefined;
}
//# sourceMappingURL=cse.js.map