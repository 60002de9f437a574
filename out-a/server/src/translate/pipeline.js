"use strict";
// `meta_pipe` -> OpenMP tasks ordered by `depend` (beyond the theses, whose pipelines
// were designed but never implemented; Chen 2017 Ch. 5). Stage 0 of every iteration runs in
// the parent, in loop order. Every later stage is a task that depends on the previous stage of
// the same iteration (a ring of link tokens, 64 iterations deep: reuse only adds order), and,
// for `meta_wait(s)`, on stage s of the previous iteration (one token per stage, `inout`).
// `meta_continue(s)` stages of successive iterations may overlap. The loop ends with a taskwait.
// CilkPlus has no task dependences: there the pipeline becomes fork-join MetaFork first
// (`pipelinesToForks`), which the outlining passes then carry to CilkPlus.
Object.defineProperty(exports, "__esModule", { value: true });
exports.pipelineToTasks = pipelineToTasks;
exports.pipelinesToForks = pipelinesToForks;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const elide_1 = require("../model/elide");
const common_1 = require("./common");
const layout_1 = require("../base/layout");
const declarations_1 = require("../model/declarations");
const scopes_1 = require("../model/scopes");
const RING = 64;
/** The stages of `c`, or a refusal when they cannot each become a task. */
function pipeShape(stage, model, c, target) {
    const text = stage.text;
    const body = c.region;
    const loop = c.loop;
    const boundaries = c.children.filter(s => s.kind === 'pipe-stage');
    if (!body || body.type !== 'compound_statement') {
        stage.refuse('MF601', c.head, `'meta_pipe' needs a block body to be translated`, {
            construct: 'meta_pipe',
            target,
        });
        return undefined;
    }
    const nested = boundaries.find(s => s.statement?.parent !== body);
    if (nested) {
        stage.refuse('MF601', nested.head, `'${nested.keyword.spelling}' inside a nested statement of the pipeline: stages must be delimited at the top level of the 'meta_pipe' body to become tasks`, { construct: nested.keyword.spelling, target });
        return undefined;
    }
    if (!(0, common_1.inBlock)(loop)) {
        stage.refuse('MF601', c.head, `'meta_pipe' as the body of another statement: put it in braces to translate it`, {
            construct: 'meta_pipe',
            target,
        });
        return undefined;
    }
    const cuts = boundaries.map(b => b.statement);
    const spans = [{ start: body.start + 1, end: cuts[0]?.start ?? body.end - 1 }];
    cuts.forEach((cut, j) => spans.push({ start: cut.end, end: cuts[j + 1]?.start ?? body.end - 1 }));
    // A variable declared in one stage and used in another has no task to live in.
    for (const v of model.scopes.variables) {
        const home = spans.findIndex(s => s.start <= v.span.start && v.span.end <= s.end);
        if (home < 0 || v.scope !== body)
            continue;
        const crossing = model.scopes.references.find(r => r.variable === v && !(spans[home].start <= r.span.start && r.span.end <= spans[home].end));
        if (crossing) {
            stage.refuse('MF601', v.span, `'${v.name}' is declared in one pipeline stage and used in another: declare it before the 'meta_pipe' so that each stage's task can capture it`, { construct: 'meta_pipe', target, variable: v.name });
            return undefined;
        }
    }
    const numbers = [];
    boundaries.forEach((b, j) => {
        const arg = b.call && (0, ast_1.named)(b.call).find(n => n.field === 'arguments');
        const value = arg ? Number(text.slice(arg.start, arg.end).replace(/[()\s]/g, '')) : NaN;
        numbers.push(Number.isInteger(value) && value >= 0 ? value : (numbers[j - 1] ?? 0) + 1);
    });
    return { body, boundaries, spans, numbers };
}
/**
 * How a task running `span` sees the function's variables declared outside it: shared when
 * the task writes them (or takes their address) or they are arrays, a copy when only read.
 */
function stageSharing(model, span) {
    const shared = [], firstprivate = [];
    const inside = (x) => x.start >= span.start && x.end <= span.end;
    for (const r of model.scopes.references) {
        const v = r.variable;
        if (!v || !inside(r.span) || inside(v.span))
            continue;
        if (!(0, declarations_1.isFunctionLocal)(v) || shared.includes(v.name) || firstprivate.includes(v.name))
            continue;
        const written = model.scopes.references.some(x => x.variable === v && inside(x.span) && (0, scopes_1.changesVariable)(x) && !x.through);
        if (v.shape === 'array' || written)
            shared.push(v.name);
        else if (v.shape === 'value')
            firstprivate.push(v.name);
    }
    return { shared, firstprivate };
}
/** Where the text before the body's closing brace ends: its line start when the brace is alone. */
function beforeClosingBrace(text, body) {
    const last = body.end - 1;
    const lineStart = text.lastIndexOf('\n', last - 1) + 1;
    return /^[ \t]*$/.test(text.slice(lineStart, last)) ? lineStart : last;
}
function pipelineToTasks(stage, model, c) {
    const shape = pipeShape(stage, model, c, 'openmp');
    if (!shape)
        return;
    const { body, boundaries, spans, numbers } = shape;
    const text = stage.text;
    const stages = Math.max(1, ...numbers) + 1;
    const name = (what) => `mf_pipe${pipeIndex(stage, c)}_${what}`;
    const indent = (0, layout_1.lineIndent)(text, c.start);
    const inner = (0, layout_1.lineIndent)(text, boundaries[0]?.statement.start ?? body.start);
    const slot = `${name('iter')} % ${RING}`;
    stage.edit((0, edits_1.insert)(c.start, [
        `char ${name('link')}[${RING}][${boundaries.length + 1}]; /* stage order within an iteration */`,
        `char ${name('wait')}[${stages}]; /* meta_wait(s): stage s of the previous iteration */`,
        `long ${name('iter')} = 0;`,
    ].map(l => l + '\n' + indent).join('')));
    // The loop header, as in the serial elision: `meta_pipe(c)` -> `for (; c;)`.
    for (const e of (0, elide_1.pipeAsFor)(text, c.keyword))
        stage.edit(e);
    boundaries.forEach((b, j) => {
        const deps = [];
        if (j > 0)
            deps.push(`depend(in: ${name('link')}[${slot}][${j}])`);
        deps.push(`depend(out: ${name('link')}[${slot}][${j + 1}])`);
        if (b.keyword.keyword === 'meta_wait')
            deps.push(`depend(inout: ${name('wait')}[${numbers[j]}])`);
        const { shared, firstprivate } = stageSharing(model, spans[j + 1]);
        const pragma = `#pragma omp task${(0, common_1.joinClauses)(...deps, (0, common_1.clauseText)('shared', shared), (0, common_1.clauseText)('firstprivate', firstprivate))}`;
        const closing = j > 0 ? `}\n${inner}` : '';
        stage.edit((0, edits_1.replace)(b.statement, `${closing}${pragma}\n${inner}{`));
    });
    const tail = `${boundaries.length ? `${inner}}\n` : ''}${inner}${name('iter')}++;\n`;
    stage.edit((0, edits_1.insert)(beforeClosingBrace(text, body), tail));
    stage.edit((0, edits_1.insert)(c.loop.end, `\n${indent}#pragma omp taskwait`));
}
/**
 * `meta_pipe` -> MetaFork fork-join, for targets without task dependences (CilkPlus): stage 0
 * runs in the parent; the later stages of an iteration run, in order, in one spawned block.
 * When any stage waits on the previous iteration (`meta_wait`), the parent joins before
 * spawning, so an iteration's stages follow all of the previous iteration's (sound, and stage
 * 0 still overlaps the previous iteration's rest); with `meta_continue` only, iterations overlap.
 */
function pipelinesToForks(stage, models) {
    const text = stage.text;
    const unit = stage.unit;
    for (const model of models) {
        for (const c of model.constructs) {
            if (c.kind !== 'pipe' || c.dialect !== 'metafork')
                continue;
            const nested = c.children.find(k => k.kind === 'pipe');
            if (nested) {
                stage.refuse('MF601', nested.head, `a 'meta_pipe' inside a pipeline has no CilkPlus translation: translate to OpenMP, or make the inner pipeline a serial loop`, { construct: 'meta_pipe', target: 'cilkplus' });
                continue;
            }
            const shape = pipeShape(stage, model, c, 'cilkplus');
            if (!shape)
                continue;
            for (const e of (0, elide_1.pipeAsFor)(text, c.keyword))
                stage.edit(e);
            const { body, boundaries } = shape;
            if (boundaries.length === 0)
                continue;
            const first = boundaries[0].statement;
            const end = beforeClosingBrace(text, body);
            const tailSpan = { start: first.end, end };
            const { shared } = stageSharing(model, tailSpan);
            // The later stages, one level in, without their boundaries.
            const removals = boundaries.slice(1).map(b => (0, edits_1.removeStatement)(text, b.statement))
                .map(e => ({ start: e.start - tailSpan.start, end: e.end - tailSpan.start, newText: e.newText }));
            const inner = (0, layout_1.lineIndent)(text, first.start);
            const rest = (0, layout_1.reindent)((0, edits_1.applyEdits)(text.slice(tailSpan.start, tailSpan.end), removals), inner, inner + unit).replace(/\s+$/, '');
            const waits = boundaries.some(b => b.keyword.keyword === 'meta_wait');
            stage.edit((0, edits_1.replace)({ start: first.start, end: end }, [
                ...(waits ? [`meta_join; /* meta_wait: the previous iteration's stages first */`] : []),
                `meta_fork${shared.length ? ` shared(${shared.join(', ')})` : ''} {${rest}`,
                `}`,
            ].join(`\n${inner}`) + (end === body.end - 1 ? ' ' : '\n')));
            stage.edit((0, edits_1.insert)(c.loop.end, `\n${(0, layout_1.lineIndent)(text, c.start)}meta_join;`));
        }
    }
}
/** Pipelines are numbered in file order, so that two in one function do not clash. */
function pipeIndex(stage, c) {
    const before = stage.text.slice(0, c.start).match(/\bmeta_pipe\b/g);
    return before ? before.length : 0;
}
//# sourceMappingURL=pipeline.js.map