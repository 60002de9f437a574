"use strict";
// A reduction loop as a parallel loop over chunks of its iterations (beyond the seeds): each chunk
// runs serially into its own partial result (a private `x` that shadows the shared one), and the
// partials are combined into `x` in chunk order afterwards. The result does not depend on the
// worker count, and the serial elision stays plain C. Used for `meta_for ... reduction` ->
// CilkPlus (no reducer objects), and by ./userReductions for the OpenMP reductions meta_for has
// no clause for (declared reductions, array sections).
Object.defineProperty(exports, "__esModule", { value: true });
exports.isBaseOperator = exports.IDENTITY = void 0;
exports.combine = combine;
exports.chunkNames = chunkNames;
exports.chunkedLoop = chunkedLoop;
exports.scalarReduction = scalarReduction;
exports.reductionAsChunks = reductionAsChunks;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const sharing_1 = require("../model/sharing");
const loops_1 = require("../model/loops");
const layout_1 = require("../base/layout");
const declarations_1 = require("../model/declarations");
/** Enough chunks to keep every worker busy on a many-core CPU, few enough to stay cheap. */
const CHUNKS = 64;
/** Start value of each chunk's partial result; `undefined` for operators where any value of
 * `x` itself is neutral (min, max, &: combining it twice changes nothing). */
exports.IDENTITY = {
    '+': '0',
    '-': '0',
    '|': '0',
    '^': '0',
    '||': '0',
    '*': '1',
    '&&': '1',
    '&': undefined,
    min: undefined,
    max: undefined,
};
/** `x` combined with a partial `p`. */
function combine(op, x, p) {
    switch (op) {
        case '+':
        case '-': return `${x} += ${p};`;
        case '*':
        case '|':
        case '^':
        case '&': return `${x} ${op}= ${p};`;
        case '&&':
        case '||': return `${x} = ${x} ${op} ${p};`;
        case 'max': return `if (${p} > ${x}) ${x} = ${p};`;
        default: return `if (${p} < ${x}) ${x} = ${p};`; // min
    }
}
/** The trip count of a canonical loop, as C text (bounds evaluated once, as canonical form allows). */
function tripCount(h, text) {
    const lo = (0, layout_1.atom)(text.slice(h.lower.start, h.lower.end));
    const hi = (0, layout_1.atom)(text.slice(h.bound.start, h.bound.end));
    const flipped = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '!=': '!=' };
    const op = h.variableOnLeft ? h.operator : flipped[h.operator];
    const down = op === '>' || op === '>=' || (op === '!=' && h.step.negative);
    const s = (0, layout_1.atom)(h.step.text);
    const distance = lo === '0' && !down ? hi : down ? `${lo} - ${hi}` : `${hi} - ${lo}`;
    const ceil = s === '1' ? distance : `(${distance} + ${s} - 1) / ${s}`;
    const floorPlusOne = s === '1' ? `${distance} + 1` : `(${distance}) / ${s} + 1`;
    const count = op === '!=' ? ceil
        : op === '<' ? `${lo} < ${hi} ? ${ceil} : 0`
            : op === '<=' ? `${lo} <= ${hi} ? ${floorPlusOne} : 0`
                : op === '>' ? `${lo} > ${hi} ? ${ceil} : 0`
                    : `${lo} >= ${hi} ? ${floorPlusOne} : 0`;
    const value = (k) => {
        const offset = s === '1' ? k : `${k} * ${s}`;
        return lo === '0' && !down ? offset : `${lo} ${down ? '-' : '+'} ${offset}`;
    };
    return { count, value };
}
function chunkNames(prefix) {
    const name = (what) => `${prefix}_${what}`;
    // A variable named like one of the loop's own names (`n`, `c`) gets partials of another name.
    const own = new Set(['c', 'chunks', 'k', 'n']);
    const partial = (x) => name(own.has(x.replace(/_(in|v)$/, '')) ? `${x}_part` : x);
    return { chunk: name('c'), chunks: name('chunks'), k: name('k'), n: name('n'), partial };
}
/**
 * Rewrites a reduction loop as a parallel loop (`keyword`) over chunks of its iterations, each run
 * serially into private copies, the partials combined in chunk order afterwards. The loop's body is
 * rendered with its own translations; `parts` are the reductions' statements.
 */
function chunkedLoop(stage, c, keyword, names, parts, cpp) {
    const text = stage.text;
    const loop = c.loop;
    const body = (0, ast_1.child)(loop, 'body');
    const { header } = (0, loops_1.canonicalHeader)(loop, text);
    if (!header || !body)
        return; // non-canonical loops were reported by the analysis
    const { count, value } = tripCount(header, text);
    const { chunk, chunks, k, n } = names;
    // A pragma stands at the margin: the loop's own line gives the indentation.
    const indent = (0, layout_1.lineIndent)(text, c.form === 'pragma' ? loop.start : c.start);
    const unit = stage.unit;
    const i1 = indent + unit, i2 = i1 + unit, i3 = i2 + unit;
    const at = (i) => (lines) => lines.map(l => i + l);
    // The control variable, private to each iteration as in the parallel loop.
    const control = header.init.type === 'declaration'
        ? text.slice(header.init.start, header.lower.start) +
            value(k) +
            text.slice(header.lower.end, header.init.end).replace(/;\s*$/, '')
        : `${(0, declarations_1.typeOfVariable)(header.variable, cpp)} ${header.variable} = ${value(k)}`;
    // The body, moved two levels in, with the control variable declared at its top.
    const rendered = (0, layout_1.reindent)(stage.render(body), indent, i2);
    const iteration = body.type === 'compound_statement'
        ? `{\n${i3}${control};${rendered.slice(1)}`
        : `{\n${i3}${control};\n${i3}${rendered}\n${i2}}`;
    const clauses = c.clauses.filter(cl => cl.name === 'reduction').map(cl => text.slice(cl.start, cl.end));
    const lines = [
        `{ /* ${clauses.join(' ')}: one partial result per chunk of iterations, combined in order */`,
        `${i1}enum { ${chunks} = ${CHUNKS} };`,
        `${i1}const long long ${n} = ${count};`,
        ...at(i1)(parts.flatMap(p => p.before)),
        `${i1}${keyword} (int ${chunk} = 0; ${chunk} < ${chunks}; ${chunk}++) {`,
        ...at(i2)(parts.flatMap(p => p.open)),
        `${i2}for (long long ${k} = ${n} * ${chunk} / ${chunks}; ${k} < ${n} * (${chunk} + 1) / ${chunks}; ${k}++) ${iteration}`,
        ...at(i2)(parts.flatMap(p => p.store)),
        `${i1}}`,
        `${i1}for (int ${chunk} = 0; ${chunk} < ${chunks}; ${chunk}++) {`,
        ...at(i2)(parts.flatMap(p => p.combine)),
        `${i1}}`,
        ...at(i1)(parts.flatMap(p => p.after)),
        // A control variable declared before the loop ends as the serial loop leaves it.
        ...(header.init.type === 'declaration' ? [] : [`${i1}${header.variable} = ${value(n)};`]),
        `${indent}}`,
    ];
    if (c.form === 'pragma')
        stage.edit((0, edits_1.removeStatement)(text, c.head));
    stage.edit((0, edits_1.replace)({ start: c.form === 'pragma' ? loop.start : Math.min(c.start, loop.start), end: loop.end }, lines.join('\n')));
}
/** A reduction clause's operator (`+`, `min`, a declared reduction's name) and variables. */
function reductionItems(c) {
    return c.clauses.filter(cl => cl.name === 'reduction').flatMap(cl => {
        const op = cl.modifier?.name ?? cl.args?.text.split(':')[0].trim() ?? '+';
        return cl.items.map(item => ({ op, name: item.name }));
    });
}
/** Whether `op` is a reduction operator of the base language (OpenMP 5.2 §5.5.5). */
const isBaseOperator = (op) => op in exports.IDENTITY;
exports.isBaseOperator = isBaseOperator;
/**
 * A scalar reduction by a base operator. `target` is how the variable is written after the loop
 * (`(*x)` for a pointer the outlining of a block spawn passed); `declare(as)` declares a copy.
 */
function scalarReduction(r, names, declare, forms = { target: r.name, chunkValue: r.name }) {
    const partial = names.partial(r.name);
    const start = exports.IDENTITY[r.op] ?? names.partial(`${r.name}_in`);
    return {
        before: [
            `${declare(`${partial}[${names.chunks}]`)};`,
            ...(exports.IDENTITY[r.op] === undefined ? [`${declare(start)} = ${forms.target};`] : []),
        ],
        open: [`${declare(forms.chunkValue)} = ${start};`, ...(forms.pointer ? [forms.pointer] : [])],
        store: [`${partial}[${names.chunk}] = ${forms.chunkValue};`],
        combine: [combine(r.op, forms.target, `${partial}[${names.chunk}]`)],
        after: [],
    };
}
/** `meta_for ... reduction(op: x)` -> CilkPlus: the loop over chunks is a `cilk_for`. */
function reductionAsChunks(stage, model, c, index) {
    const text = stage.text;
    const reductions = reductionItems(c);
    const unknown = reductions.find(r => !(0, exports.isBaseOperator)(r.op));
    if (unknown) {
        stage.refuse('MF601', c.head, `'reduction(${unknown.op}: ${unknown.name})' has no CilkPlus translation: only +, -, *, &, |, ^, &&, ||, min and max are known`, { construct: 'reduction', target: 'cilkplus' });
        return;
    }
    const names = chunkNames(`mf_red${index}`);
    const variables = new Map((0, sharing_1.sharingAt)(model, c).map(e => [e.variable.name, e.variable]));
    // A variable the outlining of a block spawn passed by pointer (its uses read `(*x)`): the
    // partials are of the pointed-to type, and each chunk's `x` points at its own partial.
    const outlined = (x) => variables.get(x)?.shape === 'pointer';
    const declare = (x) => (as) => {
        const v = variables.get(x);
        // The outlined parameter is declared `T (*x)`: the pointed-to object is declared `T as`.
        if (v && outlined(x))
            return (0, declarations_1.declarationFor)(v, text, as).replace(`(*${as})`, as);
        return v ? (0, declarations_1.declarationFor)(v, text, as) : `${(0, declarations_1.typeOfVariable)(x, model.fileScope.cpp)} ${as}`;
    };
    const parts = reductions.map(r => {
        if (!outlined(r.name))
            return scalarReduction(r, names, declare(r.name));
        const chunkValue = names.partial(`${r.name}_v`);
        const pointer = `${(0, declarations_1.declarationFor)(variables.get(r.name), text, r.name)} = &${chunkValue};`;
        return scalarReduction(r, names, declare(r.name), { target: `(*${r.name})`, chunkValue, pointer });
    });
    chunkedLoop(stage, c, 'cilk_for', names, parts, model.fileScope.cpp);
}
//# sourceMappingURL=reduction.js.map