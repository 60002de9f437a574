"use strict";
// Quick fixes: for each diagnostic code that has one, how to build its repair as text edits on
// the checked text, from the `data` the diagnostic carries. The editor offers them as code
// actions; `metafork check --fix` applies the preferred one of each.
Object.defineProperty(exports, "__esModule", { value: true });
exports.FIXES = void 0;
exports.fixesFor = fixesFor;
exports.fixRound = fixRound;
const edits_1 = require("../base/edits");
const layout_1 = require("../base/layout");
const span_1 = require("../base/span");
const constructs_1 = require("../model/constructs");
const ast_1 = require("../syntax/ast");
const preferred = (title, ...edits) => ({ title, edits, preferred: true });
/** A misspelled name the diagnostic's `data` names with its correction. */
const spelling = ({ d, text }) => {
    const data = d.data ?? {};
    if (typeof data.replace !== 'string' || typeof data.with !== 'string')
        return [];
    if (text.slice(d.start, d.end) !== data.replace)
        return [];
    return [preferred(`Change '${data.replace}' to '${data.with}'`, (0, edits_1.replace)(d, data.with))];
};
/** The quick fixes by the code of the diagnostic they repair. */
exports.FIXES = new Map([
    ['MF201', spelling], ['MF202', spelling], ['MF203', spelling], ['MF205', spelling],
    ['MF314', c => (c.item ? [insertJoin(c.text, c.item, c.d.data?.insert, c.d.data?.at)] : [])],
    ['MF402', ({ d }) => {
            const clause = d.data?.insert;
            const at = d.data?.at;
            return [preferred(`Add '${clause.trim()}' to the spawn`, (0, edits_1.insert)(at, clause))];
        }],
    ['MF102', ({ d }) => {
            const token = d.data?.insert;
            const at = d.data?.at;
            // A missing punctuation token, or the return type a K&R definition left out (syntaxErrors).
            if (!/^[^\w\s]{1,3}$/.test(token) && token !== 'int ')
                return [];
            return [preferred(`Insert '${token.trim()}'`, (0, edits_1.insert)(at, token))];
        }],
    ['MF403', ({ d, item }) => {
            const loop = item && innermost(item, d, c => (0, constructs_1.isParallelLoop)(c) && c.dialect !== 'cilkplus');
            if (!loop || typeof d.data?.reduction !== 'string')
                return [];
            const clause = `reduction(${d.data.reduction}: ${d.data.variable})`;
            const at = loop.form === 'keyword' ? loop.keyword.start + loop.keyword.spelling.length : loop.directive.end;
            return [preferred(`Add '${clause}' to '${(0, constructs_1.constructLabel)(loop)}'`, (0, edits_1.insert)(at, ` ${clause}`))];
        }],
    ['MF401', c => removeItemFix(c, false)],
    ['MF404', c => removeItemFix(c, true)],
    ['MF204', ({ d, text, item }) => {
            const clause = item && clauseAt(item, d);
            if (!clause)
                return [];
            let start = clause.start;
            while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t' || text[start - 1] === ','))
                start--;
            return [preferred(`Remove the clause '${d.data?.clause}'`, { start, end: clause.end, newText: '' })];
        }],
    ['MF405', ({ d, item }) => {
            const c = item && innermost(item, d, k => k.kind === 'omp' && k.clauses.some(cl => cl.name === 'default'));
            if (!c?.directive)
                return [];
            const at = c.directive.end;
            return ['shared', 'firstprivate', 'private'].map((clause, i) => ({
                title: `Add '${clause}(${d.data?.variable})' to '${(0, constructs_1.constructLabel)(c)}'`,
                edits: [(0, edits_1.insert)(at, ` ${clause}(${d.data?.variable})`)], preferred: i === 0,
            }));
        }],
]);
/** The fixes for one diagnostic found in `text` (whose model is `model`). */
function fixesFor(text, model, d) {
    const build = exports.FIXES.get(d.code);
    return build ? build({ d, text, model, item: model.itemAt(d.start) }) : [];
}
/** One round of `check --fix`: the preferred fix (else the first) of each diagnostic of the first
 * family of codes that has fixes (syntax MF1xx, then directives and clauses MF2xx, then control
 * flow, then sharing), skipping fixes that overlap an earlier one. A repaired spelling or syntax
 * changes what the later checks find (a misspelled `shared` clause also reads as a missing one),
 * so their fixes wait for the next round, on the text checked again. */
function fixRound(text, model, diagnostics) {
    const candidates = diagnostics.map(d => {
        const fixes = fixesFor(text, model, d);
        return { d, fix: fixes.find(f => f.preferred) ?? fixes[0] };
    }).filter((c) => c.fix !== undefined);
    const family = candidates.map(c => c.d.code.slice(0, 3)).sort()[0];
    const out = [];
    const taken = [];
    // Two insertions at one offset overlap too: their order would be a guess.
    const overlaps = (e) => taken.some(t => (e.start < t.end && t.start < e.end)
        || (e.start === e.end && e.start === t.start));
    for (const c of candidates) {
        if (c.d.code.slice(0, 3) !== family || c.fix.edits.some(overlaps))
            continue;
        taken.push(...c.fix.edits);
        out.push(c);
    }
    return out;
}
/** `meta_join;` before a return (in braces where the return is the sole statement of an if or
 * a loop), or as the last statement before the function's closing brace. */
function insertJoin(text, model, join, at) {
    const title = `Insert '${join}' ${text[at] === '}' ? 'at the end of the function' : 'before the return'}`;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const ownLine = text.slice(lineStart, at).trim() === '';
    const indent = (0, layout_1.lineIndent)(text, at);
    if (text[at] === '}') {
        const inner = indent + (0, layout_1.indentUnit)(model.map.fileText);
        return preferred(title, ownLine ? (0, edits_1.insert)(lineStart, `${inner}${join}\n`) : (0, edits_1.insert)(at, `${join} `));
    }
    const ret = (0, ast_1.nodeStartingAt)(model.item, at, new Set(['return_statement']));
    const inBlock = ret?.parent?.type === 'compound_statement';
    if (ret && !inBlock) {
        return preferred(title, (0, edits_1.replace)(ret, `{ ${join} ${text.slice(ret.start, ret.end)} }`));
    }
    return preferred(title, (0, edits_1.insert)(at, ownLine ? `${join}\n${indent}` : `${join} `));
}
function innermost(model, span, test) {
    let found;
    for (const c of model.constructs) {
        if (test(c) && c.start <= span.start && span.end <= c.end && (!found || c.start >= found.start))
            found = c;
    }
    return found;
}
function clauseAt(model, d) {
    for (const c of model.constructs)
        for (const cl of c.clauses)
            if ((0, span_1.within)(d, cl))
                return cl;
    return undefined;
}
function removeItemFix({ d, text, item }, preferred) {
    const edit = item && removeClauseItem(item, d, text);
    return edit ? [{ title: `Remove '${text.slice(d.start, d.end)}' from the clause`, edits: [edit], preferred }] : [];
}
/** Removes one item of a clause list, or the clause when it is the only one. */
function removeClauseItem(model, d, text) {
    const clause = clauseAt(model, d);
    if (!clause)
        return undefined;
    const i = clause.items.findIndex(x => x.start === d.start);
    if (i < 0)
        return undefined;
    if (clause.items.length === 1) {
        let start = clause.start;
        while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t'))
            start--;
        return { start, end: clause.end, newText: '' };
    }
    const item = clause.items[i];
    return i + 1 < clause.items.length
        ? { start: item.start, end: clause.items[i + 1].start, newText: '' }
        : { start: clause.items[i - 1].end, end: item.end, newText: '' };
}
//# sourceMappingURL=fixes.js.map