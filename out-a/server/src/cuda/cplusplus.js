"use strict";
// nvcc compiles a .cu file as C++: the C the user wrote around the schedules must
// become valid C++ where the two languages differ. Today: the `void *` that malloc and friends
// return converts implicitly to any pointer in C only, so the allocation gets a cast; C's
// `restrict` is no C++ keyword, so it becomes `__restrict__` (which nvcc and g++ read alike), or
// goes where C++ has no place for it; and C99's variably modified parameters (`long a[n]`,
// `long b[n][m]`) do not exist in C++.
Object.defineProperty(exports, "__esModule", { value: true });
exports.cplusplusEdits = cplusplusEdits;
const ast_1 = require("../syntax/ast");
const scopes_1 = require("../model/scopes");
const declarations_1 = require("../model/declarations");
const layout_1 = require("../base/layout");
const ALLOCATORS = new Set(['malloc', 'calloc', 'realloc', 'aligned_alloc']);
function cplusplusEdits(doc) {
    const edits = [];
    for (const model of doc.allItems()) {
        const text = model.text;
        const parameters = variableParameterEdits(model);
        edits.push(...parameters);
        (0, ast_1.walk)(model.item, n => {
            // A restrict inside a parameter rewritten whole is the rewrite's to keep or drop.
            if (n.type === 'type_qualifier' &&
                text.slice(n.start, n.end) === 'restrict' &&
                !parameters.some(e => e.start <= n.start && n.end <= e.end)) {
                // Inside an array parameter's brackets (`c[restrict n]`) C++ has no place for it: a hint only, dropped.
                const inBrackets = n.parent?.type === 'array_declarator';
                let end = n.end;
                if (inBrackets)
                    while (text[end] === ' ' || text[end] === '\t')
                        end++;
                edits.push({ start: n.start, end, newText: inBrackets ? '' : '__restrict__' });
            }
            if (n.type !== 'call_expression')
                return true;
            const f = (0, ast_1.child)(n, 'function');
            if (!f || f.type !== 'identifier' || !ALLOCATORS.has(text.slice(f.start, f.end)))
                return true;
            let use = n;
            while (use.parent?.type === 'parenthesized_expression')
                use = use.parent;
            const p = use.parent;
            // The variable the allocation initializes or is assigned to.
            const target = p?.type === 'init_declarator' && (0, ast_1.child)(p, 'value') === use
                ? (0, ast_1.child)(p, 'declarator')
                : p?.type === 'assignment_expression' &&
                    (0, ast_1.child)(p, 'right') === use &&
                    text.slice((0, ast_1.child)(p, 'left').end, use.start).trim() === '='
                    ? (0, ast_1.child)(p, 'left')
                    : undefined;
            if (!target)
                return true;
            const v = model.scopes.variables.find(x => target.start <= x.span.start && x.span.end <= target.end)
                ?? (0, scopes_1.variableOf)(model.scopes, target);
            if (!v || v.shape !== 'pointer')
                return true;
            edits.push({ start: use.start, end: use.start, newText: `(${(0, declarations_1.declarationFor)(v, text, '').trim()}) ` });
            return true;
        });
    }
    return edits;
}
/**
 * Array parameters whose extents name variables (`long a[4 * n + 64]`, `long b[n][m]`). The
 * outer extent is a pointer in C anyway: `long (*a)`, `long (*b)[8]`. An inner extent naming a
 * variable has no C++ parameter type: the parameter becomes `void *mf_b` and the pointer to rows
 * is declared first in the body (g++ and nvcc accept variably modified local types).
 */
function variableParameterEdits(model) {
    const text = model.text, edits = [];
    const fn = model.item;
    if (fn.type !== 'function_definition')
        return edits;
    let declarator = (0, ast_1.child)(fn, 'declarator');
    while (declarator && declarator.type !== 'function_declarator')
        declarator = (0, ast_1.child)(declarator, 'declarator');
    const parameters = declarator && (0, ast_1.child)(declarator, 'parameters');
    const body = (0, ast_1.child)(fn, 'body');
    if (!parameters || !body)
        return edits;
    const variable = (size) => !!size && (0, scopes_1.variablesIn)(model.scopes, size, text).length > 0;
    for (const p of parameters.children) {
        if (p.type !== 'parameter_declaration')
            continue;
        const outer = (0, ast_1.child)(p, 'declarator');
        const chain = [];
        for (let d = outer; d?.type === 'array_declarator'; d = (0, ast_1.child)(d, 'declarator'))
            chain.push(d);
        const first = chain[chain.length - 1];
        const id = first && (0, ast_1.child)(first, 'declarator');
        if (!outer || !first || id?.type !== 'identifier' || !chain.some(d => variable((0, ast_1.child)(d, 'size'))))
            continue;
        const name = text.slice(id.start, id.end), rows = text.slice(first.end, outer.end);
        if (!chain.slice(0, -1).some(d => variable((0, ast_1.child)(d, 'size')))) {
            // `c[restrict n]`: the qualifier of the pointer the parameter is.
            const restrict = first.children.some(k => k.type === 'type_qualifier' && text.slice(k.start, k.end) === 'restrict');
            edits.push({ start: id.start, end: first.end, newText: `(*${restrict ? '__restrict__ ' : ''}${name})` });
            continue;
        }
        const type = text.slice(p.start, outer.start).trim();
        edits.push({ start: p.start, end: p.end, newText: `${/\bconst\b/.test(type) ? 'const ' : ''}void *mf_${name}` });
        edits.push({
            start: body.start + 1,
            end: body.start + 1,
            newText: `\n${(0, layout_1.indentUnit)(model.map.fileText)}${type} (*${name})${rows} = (${type} (*)${rows}) mf_${name};`,
        });
    }
    return edits;
}
//# sourceMappingURL=cplusplus.js.map