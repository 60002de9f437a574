"use strict";
// The serial C-elision (Chen 2017 §3.4, §4.3, Ch. 5): the C program whose meaning defines
// the MetaFork program's. Keywords are dropped (`meta_for` -> `for`), pragmas removed,
// `meta_copy`/`meta_wait`/`meta_continue` statements removed, `meta_pipe` becomes a for loop.
//
// Block spawns: the thesis reduces `meta_fork B` to a call of an outlined function that
// receives shared variables by pointer and private ones by value (Algorithms 1-4). The
// elision here has the same effect with less code: a private variable that B writes is
// shadowed by a copy taken at the spawn, so the write stays inside B, exactly as with
// outlining; variables B only reads need no copy.
Object.defineProperty(exports, "__esModule", { value: true });
exports.elisionEdits = elisionEdits;
exports.callsTo = callsTo;
exports.removeHead = removeHead;
exports.trailingClauseRemovals = trailingClauseRemovals;
exports.pipeAsFor = pipeAsFor;
exports.elide = elide;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const keywords_1 = require("../syntax/keywords");
const includes_1 = require("../syntax/includes");
const sharing_1 = require("./sharing");
const scopes_1 = require("./scopes");
const declarations_1 = require("./declarations");
function elisionEdits(doc) {
    const text = doc.text;
    const edits = [];
    const items = doc.allItems();
    const cilkWorkers = text.includes('__cilkrts_get_nworkers');
    const wrapped = new Set(); // keyword starts of block spawns rewritten with copies
    for (const model of items) {
        for (const c of model.constructs) {
            if (c.kind === 'block-spawn' && c.dialect === 'metafork') {
                const e = privateCopyEdits(model, c);
                if (e.length) {
                    edits.push(...e);
                    wrapped.add(c.start);
                }
            }
        }
        // The worker count the OpenMP translator emits (Chen 2017 Algorithm 6) has no serial meaning.
        for (const call of callsTo(model, 'meta_set_nworkers'))
            if (call.parent?.type === 'expression_statement')
                edits.push((0, edits_1.removeStatement)(text, call.parent));
        // Nor does the Cilk runtime's worker count: serially, one worker runs the program.
        if (cilkWorkers)
            for (const call of callsTo(model, '__cilkrts_get_nworkers'))
                edits.push((0, edits_1.replace)(call, '1'));
    }
    for (const k of doc.syntax.layer.keywords) {
        if (wrapped.has(k.start))
            continue;
        switch (k.keyword) {
            case 'meta_for':
            case 'cilk_for':
                edits.push((0, edits_1.replace)({ start: k.start, end: k.end }, 'for'));
                if (k.headEnd > k.end)
                    edits.push((0, edits_1.remove)({ start: k.end, end: (0, edits_1.withTrailingBlanks)(text, k.headEnd) }));
                break;
            case 'meta_join':
            case 'cilk_sync': {
                const semi = (0, keywords_1.skipTrivia)(text, k.headEnd);
                edits.push((0, edits_1.removeStatement)(text, { start: k.start, end: text[semi] === ';' ? semi + 1 : k.headEnd }));
                break;
            }
            case 'meta_copy':
            case 'meta_wait':
            case 'meta_continue': {
                const open = (0, keywords_1.skipTrivia)(text, k.end);
                const close = text[open] === '(' ? (0, keywords_1.matchParen)(text, open) : -1;
                const semi = close > 0 ? (0, keywords_1.skipTrivia)(text, close) : -1;
                if (semi >= 0 && text[semi] === ';')
                    edits.push((0, edits_1.removeStatement)(text, { start: k.start, end: semi + 1 }));
                break;
            }
            case 'meta_pipe':
                edits.push(...pipeAsFor(text, k));
                break;
            default: {
                // meta_fork, cilk_spawn, meta_schedule, meta_device, cilk_scope: the keyword and its clauses go.
                edits.push((0, edits_1.removeStatement)(text, { start: k.start, end: k.headEnd }));
            }
        }
    }
    for (const p of doc.syntax.layer.pragmas) {
        if (!/^#\s*pragma\s+(omp|mf|cilk|meta)\b/.test(p.text))
            continue;
        edits.push((0, edits_1.removeStatement)(text, p));
        for (const c of p.trailingClauses)
            edits.push((0, edits_1.removeStatement)(text, c));
    }
    // OpenCilk's `T cilk_reducer(I, R) x`: serially, x is a plain T.
    for (const r of doc.syntax.layer.reducers)
        edits.push((0, edits_1.remove)({ start: r.start, end: (0, edits_1.withTrailingBlanks)(text, r.end) }));
    // CilkPlus headers do not exist for a plain C compiler.
    for (const line of (0, includes_1.systemIncludes)(doc.map.fileText, h => h.startsWith('cilk/')))
        edits.push((0, edits_1.remove)(line));
    return mergeLineRemovals(edits);
}
/** Two removals of the same line (a pragma and its clause line, say) are one edit. */
function mergeLineRemovals(edits) {
    const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
    const out = [];
    for (const e of sorted) {
        const last = out[out.length - 1];
        if (last && e.start < last.end) {
            if (e.newText === '' && last.newText === '') {
                last.end = Math.max(last.end, e.end);
                continue;
            }
            if (e.end <= last.end && e.newText === '')
                continue;
        }
        out.push({ ...e });
    }
    return out;
}
/** `meta_fork { x = f(); }` with x private: `{ T mf_x = x; { T x = mf_x; x = f(); } }`. */
function privateCopyEdits(model, c) {
    const text = model.text;
    const written = (0, sharing_1.sharingAt)(model, c).filter(e => !e.local && e.sharing === 'firstprivate' && e.references.some(scopes_1.changesVariable));
    if (written.length === 0 || !c.statement)
        return [];
    const taken = new Set(model.scopes.variables.map(v => v.name));
    const fresh = (name) => {
        let n = `mf_${name}`;
        for (let i = 2; taken.has(n); i++)
            n = `mf_${name}${i}`;
        taken.add(n);
        return n;
    };
    const outer = [];
    const inner = [];
    for (const e of written) {
        const v = e.variable;
        const type = /[{}]/.test(v.typeText) ? (0, declarations_1.typeOfVariable)(v.name, model.fileScope.cpp) : v.typeText;
        const copy = fresh(v.name);
        outer.push(`${type} ${copy} = ${v.name};`);
        inner.push(`${type} ${v.name} = ${copy};`);
    }
    const open = `{ ${outer.join(' ')} { ${inner.join(' ')} `;
    const edits = [];
    if (c.form === 'keyword') {
        edits.push((0, edits_1.replace)({ start: c.start, end: (0, edits_1.withTrailingBlanks)(text, c.head.end) }, open));
    }
    else {
        edits.push(...removeHead(text, c));
        edits.push((0, edits_1.insert)(c.statement.start, open));
    }
    edits.push((0, edits_1.insert)(c.statement.end, ' } }'));
    return edits;
}
/** The item's calls of the function `name` (`meta_set_nworkers`, the worker count of OpenMP's
 * `num_threads`; a runtime's routine). */
function callsTo(model, name) {
    const calls = [];
    (0, ast_1.walk)(model.item, n => {
        if (n.type !== 'call_expression')
            return true;
        const fn = (0, ast_1.child)(n, 'function');
        if (fn && model.text.slice(fn.start, fn.end) === name)
            calls.push(n);
        return true;
    });
    return calls;
}
/**
 * Removes a construct's keyword and clauses, or its pragma line with the clause lines written
 * after it (`#pragma mf fork` + `shared(...)` on the next line); the statement stays.
 */
function removeHead(text, c) {
    if (c.keyword)
        return [(0, edits_1.removeStatement)(text, { start: c.keyword.start, end: c.keyword.headEnd })];
    return [(0, edits_1.removeStatement)(text, c.head), ...trailingClauseRemovals(text, c)];
}
/** The clause lines after a pragma head (the thesis writes `shared(...)` on the line after `#pragma mf fork`). */
function trailingClauseRemovals(text, c) {
    return c.clauses.filter(cl => cl.start >= c.head.end).map(cl => (0, edits_1.removeStatement)(text, cl));
}
/** Digest 003 §1.10: `meta_pipe(k < n)` loops like `for (; k < n;)`; a full header is kept. */
function pipeAsFor(text, k) {
    const open = (0, keywords_1.skipTrivia)(text, k.end);
    const close = text[open] === '(' ? (0, keywords_1.matchParen)(text, open, text.length, false) : -1;
    if (close < 0)
        return [];
    const keyword = (0, edits_1.replace)({ start: k.start, end: k.end }, 'for');
    if (text.slice(open + 1, close - 1).includes(';'))
        return [keyword];
    return [keyword, (0, edits_1.insert)(open + 1, '; '), (0, edits_1.insert)(close - 1, ';')];
}
function elide(doc) {
    return doc.map.apply(elisionEdits(doc));
}
//# sourceMappingURL=elide.js.map