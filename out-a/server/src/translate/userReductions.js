"use strict";
// OpenMP reductions meta_for has no clause for: a declared reduction (`declare reduction`, OpenMP
// 5.2 §5.5.11) and a reduction over an array section (`reduction(+: a[:n])`, §5.5.6). The loop is
// written out as the chunked loop of ./reduction: each chunk's private copy starts from the
// declared initializer (or the operator's identity, element by element), and the partials are
// combined in chunk order by the declared combiner (or the operator). The `declare reduction`
// directive itself is then no longer needed.
Object.defineProperty(exports, "__esModule", { value: true });
exports.needsChunks = needsChunks;
exports.reductionLoopInChunks = reductionLoopInChunks;
const scopes_1 = require("../model/scopes");
const declarations_1 = require("../model/declarations");
const clauseText_1 = require("../syntax/clauseText");
const reduction_1 = require("./reduction");
const spaced = (s) => s.replace(/\s+/g, ' ').trim();
/** The text inside the parentheses that open at `open`, or undefined where they do not close. */
function parenthesized(text, open) {
    let depth = 0;
    for (let i = open; i < text.length; i++) {
        if (text[i] === '(')
            depth++;
        else if (text[i] === ')' && --depth === 0)
            return { inner: text.slice(open + 1, i), end: i + 1 };
    }
    return undefined;
}
/** Every `declare reduction` directive of the file, in order (its continuation lines joined). */
function declaredReductions(text) {
    const found = [];
    const directive = /^[ \t]*#[ \t]*pragma[ \t]+omp[ \t]+declare[ \t]+reduction\b((?:\\\r?\n|[^\n])*)/gm;
    for (let m; (m = directive.exec(text));) {
        const line = m[1].replace(/\\\r?\n/g, ' ');
        const open = line.indexOf('(');
        const args = open < 0 ? undefined : parenthesized(line, open);
        if (!args)
            continue;
        const first = (0, clauseText_1.topLevelColon)(args.inner);
        const rest = args.inner.slice(first + 1);
        const second = (0, clauseText_1.topLevelColon)(rest);
        if (first < 0 || second < 0)
            continue;
        const init = /\binitializer\s*\(/.exec(line.slice(args.end));
        const initializer = init && parenthesized(line, args.end + init.index + init[0].length - 1)?.inner;
        found.push({
            id: args.inner.slice(0, first).trim(),
            types: (0, clauseText_1.splitTopLevel)(rest.slice(0, second)).map(t => spaced(t.text)),
            combiner: rest.slice(second + 1).trim(),
            initializer: initializer?.trim(),
            at: m.index,
        });
    }
    return found;
}
function items(listText) {
    return (0, clauseText_1.splitTopLevel)(listText).map(({ text }) => {
        const m = /^\s*([A-Za-z_]\w*)\s*(?:\[(.*)\])?\s*$/s.exec(text);
        if (!m)
            return { name: text.trim() };
        if (m[2] === undefined)
            return { name: m[1] };
        const colon = (0, clauseText_1.topLevelColon)(m[2]);
        const section = colon < 0 ? { lower: m[2].trim(), length: '1' } : {
            lower: m[2].slice(0, colon).trim() || '0', length: m[2].slice(colon + 1).trim(),
        };
        return { name: m[1], section };
    });
}
function reductions(c) {
    return c.clauses.filter(cl => cl.name === 'reduction' && cl.args).flatMap(cl => {
        const args = cl.args.text;
        const colon = (0, clauseText_1.topLevelColon)(args);
        const op = args.slice(0, colon).replace(/^.*,/, '').trim();
        return items(args.slice(colon + 1)).map(item => ({ op, item, clause: cl }));
    });
}
/** Whether a loop's reductions need the chunked form: a declared reduction or an array section. */
function needsChunks(c) {
    return reductions(c).some(r => !(0, reduction_1.isBaseOperator)(r.op) || r.item.section);
}
/** Clauses the chunked form translates besides the reductions (privates come through `copies`). */
const ALONGSIDE = new Set(['reduction', 'num_threads', 'schedule', 'private', 'firstprivate', 'shared', 'default',
    'nowait', 'grainsize', 'num_tasks', 'nogroup', 'proc_bind', 'if']);
/**
 * The loop `c` as a meta_for over chunks with every reduction of its clauses written out.
 * `copies` are its private and firstprivate copies (taken before the loop, declared in each chunk);
 * `fresh` names what the loop declares. Returns the refusal where one reduction cannot be written out.
 */
function reductionLoopInChunks(stage, model, c, copies, fresh) {
    const text = stage.text;
    const other = c.clauses.find(cl => !ALONGSIDE.has(cl.name));
    if (other)
        return {
            span: other,
            message: `'${other.name}' together with a declared or array-section reduction is not translated`,
        };
    const names = (0, reduction_1.chunkNames)(fresh('mf_red'));
    const declared = declaredReductions(text).filter(d => d.at < c.start);
    const parts = [{ before: copies.before, open: copies.decls, store: [], combine: [], after: [] }];
    for (const r of reductions(c)) {
        const v = (0, scopes_1.visibleVariable)(model, r.item.name, c.start);
        if (!v)
            return { span: r.clause, message: `'${r.item.name}' is not declared here: its reduction is not translated` };
        if (r.item.section) {
            const part = sectionReduction(r, names, stage, c);
            if ('message' in part)
                return part;
            parts.push(part);
            continue;
        }
        if ((0, reduction_1.isBaseOperator)(r.op)) {
            parts.push((0, reduction_1.scalarReduction)({ op: r.op, name: v.name }, names, as => (0, declarations_1.declarationFor)(v, text, as)));
            continue;
        }
        const type = spaced((0, declarations_1.typeSpecifiers)(v, text));
        const udr = [...declared].reverse().find(d => d.id === r.op && d.types.includes(type));
        if (!udr || v.shape !== 'value')
            return {
                span: r.clause,
                message: udr
                    ? `'${v.name}' is not a scalar: its declared reduction '${r.op}' is not translated`
                    : `no 'declare reduction(${r.op} : ${type} : ...)' before this loop: its reduction is not translated`,
            };
        parts.push(declaredReduction(udr, v.name, names, as => (0, declarations_1.declarationFor)(v, text, as)));
    }
    (0, reduction_1.chunkedLoop)(stage, c, 'meta_for', names, parts, model.fileScope.cpp);
    return undefined;
}
/** A declared reduction of a scalar: the initializer's and the combiner's `omp_*` names read as copies. */
function declaredReduction(udr, x, names, declare) {
    const partial = names.partial(x);
    const orig = names.partial(`${x}_orig`);
    const read = (s, as) => s.replace(/\bomp_(priv|orig|out|in)\b/g, (all, which) => as[which] ?? all);
    const init = udr.initializer;
    const assigned = init && /^omp_priv\s*=(?!=)([\s\S]*)$/.exec(init);
    const called = init && /^omp_priv\s*\(([\s\S]*)\)$/.exec(init);
    const usesOrig = !!init && /\bomp_orig\b/.test(init);
    const open = assigned || called
        ? [`${declare(x)} = ${read((assigned ?? called)[1].trim(), { orig })};`]
        : init
            ? [`${declare(x)} = {0};`, `${read(init, { priv: x, orig })};`]
            : // Without an initializer a C private copy starts as a static object would: zero.
                [`${declare(x)} = {0};`];
    return {
        before: [`${declare(`${partial}[${names.chunks}]`)};`, ...(usesOrig ? [`${declare(orig)} = ${x};`] : [])],
        open,
        store: [`${partial}[${names.chunk}] = ${x};`],
        combine: [`${read(udr.combiner, { out: `(${x})`, in: `(${partial}[${names.chunk}])` })};`],
        after: [],
    };
}
/**
 * A base-operator reduction over `a[0 : n]`: each chunk's copy of the n elements (from the identity,
 * or from the array itself for min, max and &, which combining twice leaves unchanged), `a` pointing
 * at it; the partials on the heap.
 */
function sectionReduction(r, names, stage, c) {
    const { name } = r.item;
    const { lower, length } = r.item.section;
    if (!(0, reduction_1.isBaseOperator)(r.op))
        return { span: r.clause, message: `a declared reduction '${r.op}' over an array section is not translated` };
    if (lower !== '0')
        return { span: r.clause, message: `a reduction over '${name}[${lower}:${length}]', a section not starting at 0, is not translated` };
    // The chunk's `a` is a pointer: `sizeof a` in the loop would read its size, not the array's.
    if (new RegExp(`\\bsizeof\\s*\\(?\\s*${name}\\b`).test(stage.text.slice(c.start, c.end)))
        return { span: r.clause, message: `'sizeof ${name}' in a loop reducing over '${name}[:${length}]' is not translated` };
    // A typedef: `__typeof__(a[0]) *p` would read as a multiplication to a C parser.
    const element = names.partial(`${name}_t`);
    const partial = names.partial(name);
    const mine = names.partial(`${name}_v`);
    const j = names.partial('j');
    const each = (body) => `for (long long ${j} = 0; ${j} < (${length}); ${j}++) ${body}`;
    const row = `${names.chunk} * (${length})`;
    stage.includes.add('stdlib.h');
    return {
        // One row of n per chunk, flat (row c at c * n).
        before: [`typedef __typeof__(${name}[0]) ${element};`, `${element} *${partial} = malloc(${names.chunks} * (${length}) * sizeof *${partial});`],
        open: [
            `${element} ${mine}[${length}];`,
            each(`${mine}[${j}] = ${reduction_1.IDENTITY[r.op] ?? `${name}[${j}]`};`),
            `${element} *${name} = ${mine};`,
        ],
        store: [each(`${partial}[${row} + ${j}] = ${name}[${j}];`)],
        combine: [each((0, reduction_1.combine)(r.op, `${name}[${j}]`, `${partial}[${row} + ${j}]`))],
        after: [`free(${partial});`],
    };
}
//# sourceMappingURL=userReductions.js.map