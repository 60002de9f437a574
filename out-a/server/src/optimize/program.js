"use strict";
// The program a case of the comprehensive optimization runs (Xie 2016 §7.3–7.4): the input
// file with one `meta_schedule` rewritten by the strategies applied so far. A variant says which:
// the thread-coarsening loop kept or removed (granularity set to 1), the schedule's arrays
// cached in shared memory or not, and how many CSE levels ran. Every program is derived from the
// input by the same edits, so different orders of the same strategies give the same program
// (the thesis observes this, L4500), and a program is computed once per variant.
//
// What the strategies need from the input, read once (ScheduleSource): the coarsening loop
// `for (int k = 0; k < s; ++k)` directly inside the innermost block loop, with `s` a scalar set
// before the schedule; the tunable program parameters (that `s`, and block sizes given by a
// variable); the variables derived from them before the schedule (`dim = (N + s*B - 1) / (s*B)`),
// which a program must recompute when it changes a parameter; the arrays caching can stage.
Object.defineProperty(exports, "__esModule", { value: true });
exports.variantKey = void 0;
exports.printExpression = printExpression;
exports.readScheduleSource = readScheduleSource;
exports.deriveProgram = deriveProgram;
const sourcemap_1 = require("../base/sourcemap");
const index_1 = require("../checks/index");
const constructs_1 = require("../model/constructs");
const ast_1 = require("../syntax/ast");
const span_1 = require("../base/span");
const scopes_1 = require("../model/scopes");
const loops_1 = require("../model/loops");
const diagnostic_1 = require("../base/diagnostic");
const stage_1 = require("../base/stage");
const layout_1 = require("../base/layout");
const edits_1 = require("../base/edits");
const kernels_1 = require("../cuda/kernels");
const footprint_1 = require("../cuda/footprint");
const index_2 = require("../cuda/index");
const expression_1 = require("../symbolic/expression");
const poly_1 = require("../symbolic/poly");
const cse_1 = require("./cse");
const counts_1 = require("../cost/counts");
const invariance_1 = require("./invariance");
const variantKey = (v) => `${v.caching ? 'cache' : 'no-cache'}/${v.granularity ? 's' : 's=1'}/cse${v.cse}`;
exports.variantKey = variantKey;
function writtenExpression(node, text) {
    const written = text.slice(node.start, node.end);
    const start = node.start + (written.length - written.trimStart().length);
    const identifiers = [];
    (0, ast_1.walk)(node, n => {
        if (n.type === 'identifier')
            identifiers.push({ start: n.start - start, end: n.end - start });
        return true;
    });
    return { text: written.trim(), identifiers };
}
/** The expression with each identifier `rename` names replaced. */
function printExpression(e, rename) {
    let out = '', at = 0;
    for (const id of e.identifiers) {
        const name = e.text.slice(id.start, id.end), to = rename(name);
        if (to === undefined)
            continue;
        out += e.text.slice(at, id.start) + to;
        at = id.end;
    }
    return out + e.text.slice(at);
}
const INT_TYPES = /^(const\s+)?(unsigned\s+|signed\s+)?(int|long|long\s+long|short)(\s+int)?$/;
/** The scalar a loop bound names, when it is a plain variable set outside the schedule and never
 * written inside it. */
function parameterVariable(model, node, schedule) {
    if (node.type !== 'identifier')
        return undefined;
    const v = (0, scopes_1.variableOf)(model.scopes, node);
    // A const one cannot be given another value by the dispatcher: it is the program's, like a literal.
    if (!v || v.shape !== 'value' || v.isConst || (0, span_1.within)(v.span, schedule) || !INT_TYPES.test(v.typeText.trim()))
        return undefined;
    if ((0, scopes_1.writtenWithin)(model.scopes, v, schedule))
        return undefined;
    return v;
}
/** Reads what the strategies need from the schedule at `ordinal` (or the one holding `offset`) of
 * an analysed file; the source keeps the analysis, which the caller disposes. */
function readScheduleSource(analysis, fileName, pick) {
    const text = analysis.model.text;
    const errors = analysis.diagnostics.filter(d => d.severity === 'error');
    if (errors.length)
        return { diagnostics: errors };
    const all = (0, index_2.schedulesOf)(analysis.model);
    const ordinal = pick.offset !== undefined
        ? all.findIndex(c => (0, span_1.within)({ start: pick.offset, end: pick.offset }, (0, constructs_1.constructSpan)(c)))
        : (pick.ordinal ?? 0);
    const construct = all[ordinal];
    if (!construct) {
        return {
            diagnostics: [
                (0, diagnostic_1.diagnostic)('MF510', { start: 0, end: Math.min(1, text.length) }, pick.offset !== undefined
                    ? `no 'meta_schedule' here: there is nothing to optimize`
                    : `no 'meta_schedule' in this file: there is nothing to optimize`),
            ],
        };
    }
    const span = (0, constructs_1.constructSpan)(construct);
    const model = analysis.model.itemAt(construct.start);
    const diagnostics = [];
    const read = (0, kernels_1.scheduleKernels)(model, construct, 0, diagnostics);
    if (!read)
        return { diagnostics };
    // The dispatcher ranks the cases by the cost model's counts: a loop it cannot count is refused.
    for (const k of read.kernels)
        diagnostics.push(...(0, counts_1.uncountedLoopDiagnostics)(model, k, construct.region));
    if (diagnostics.length)
        return { diagnostics };
    const notes = [];
    // The coarsening loop `for (k = 0; k < s; ++k)`, s not a block size: in each kernel, down the chain
    // of sole statements (serial loops, blocks) of the innermost block loop's body.
    let granularity;
    const loops = [];
    let parameter;
    const blockSizes = new Set(read.kernels.flatMap(k => k.block.map(b => b.bound)));
    for (const k of read.kernels) {
        let node = (0, ast_1.child)(k.block[k.block.length - 1].loop, 'body');
        let found;
        while (node && !found) {
            if (node.type === 'compound_statement') {
                const inner = (0, ast_1.named)(node).filter(n => n.type !== 'comment');
                node = inner.length === 1 ? inner[0] : undefined;
                continue;
            }
            if (node.type !== 'for_statement')
                break;
            const h = (0, loops_1.canonicalHeader)(node, text).header;
            const v = h && (0, loops_1.countsFromZero)(h, text) ? parameterVariable(model, h.bound, span) : undefined;
            if (v && !blockSizes.has(v.name))
                found = { loop: node, v };
            else
                node = (0, ast_1.child)(node, 'body');
        }
        if (!found || (parameter && parameter !== found.v)) {
            loops.length = 0;
            break;
        }
        parameter = found.v;
        loops.push(found.loop);
    }
    if (parameter && loops.length)
        granularity = { parameter: parameter.name, loops };
    const tunables = [];
    const tunableVars = new Set();
    if (granularity) {
        tunables.push({ name: parameter.name, role: 'granularity' });
        tunableVars.add(parameter);
    }
    for (const k of read.kernels) {
        for (const b of k.block) {
            const h = (0, loops_1.canonicalHeader)(b.loop, text).header;
            const v = parameterVariable(model, h.bound, span);
            if (v && !tunableVars.has(v)) {
                tunableVars.add(v);
                tunables.push({ name: v.name, role: 'block' });
            }
        }
    }
    // Variables derived from the tunables before the schedule, which a case recomputes.
    const derived = [];
    const derivedVars = new Set();
    const scalars = model.scopes.variables
        .filter(v => v.shape === 'value' && v.span.start < span.start && !(0, span_1.within)(v.span, span))
        .sort((a, b) => a.span.start - b.span.start);
    for (const v of scalars) {
        const init = (0, scopes_1.initializerOf)(v);
        if (!init)
            continue;
        const uses = model.scopes.references.filter(r => (0, span_1.within)(r.span, init) && r.variable && (tunableVars.has(r.variable) || derivedVars.has(r.variable)));
        if (!uses.length)
            continue;
        const writes = model.scopes.references.some(r => r.variable === v && r.access !== 'read');
        if (v.isConst || writes) {
            notes.push((0, diagnostic_1.diagnostic)('MF604', v.span, `'${v.name}' is computed from ${uses.map(u => `'${u.name}'`).join(', ')} but is ${v.isConst ? 'const' : 'assigned elsewhere'}: the optimizer keeps those parameters as they are`));
            for (const u of uses) {
                tunableVars.delete(u.variable);
            }
            continue;
        }
        derivedVars.add(v);
        derived.push({ name: v.name, init: writtenExpression(init, text) });
    }
    let kept = tunables.filter(t => [...tunableVars].some(v => v.name === t.name));
    // The dispatcher may choose a parameter only where the result does not depend on it; else the
    // program's own values run (and no case sets the granularity to 1).
    let fixed;
    const proof = (0, invariance_1.parametersAreFree)(model, read.kernels, new Set([...kept.map(t => t.name), ...derived.map(d => d.name)]));
    if (!proof.free) {
        const names = kept.map(t => t.name);
        fixed = { names, tunables: kept, reason: proof.reason };
        notes.push((0, diagnostic_1.diagnostic)('MF521', proof.at, `the program's own ${names.map(n => `'${n}'`).join(', ')} ${names.length === 1 ? 'is' : 'are'} kept, not chosen at run time: ${proof.reason}`));
        kept = [];
        derived.length = 0;
    }
    if (granularity && !kept.some(t => t.role === 'granularity'))
        granularity = undefined;
    // What caching stages: the user's list, or every array some tile of the generator holds.
    const clause = construct.clauses.find(c => c.name === 'cache');
    let cacheList = clause ? clause.items.map(i => i.name) : [];
    if (!clause) {
        const names = new Set(read.arrays.map(a => a.name));
        const staged = new Set();
        for (const k of read.kernels)
            for (const t of (0, footprint_1.stageBoxes)(model, k, 'global', names).boxes)
                staged.add(t.array.name);
        cacheList = read.arrays.map(a => a.name).filter(n => staged.has(n));
    }
    const keyword = construct.keyword;
    const cacheInsert = construct.form === 'keyword' && keyword
        ? keyword.start + 'meta_schedule'.length
        : construct.head.start + (/^#\s*pragma\s+mf\s+schedule/.exec(text.slice(construct.head.start))?.[0].length ?? 0);
    const threads = read.kernels.map(k => k.block.map(b => boundPoly(model, b.loop)).reduce((a, b) => a.mul(b), poly_1.Poly.constant(1)));
    return {
        source: {
            text,
            fileName,
            context: analysis.syntax.context,
            ordinal,
            span,
            granularity,
            tunables: kept,
            fixed,
            derived,
            cacheList,
            cacheClause: clause ? { start: clause.start, end: clause.end } : undefined,
            cacheInsert,
            threads,
            notes,
            analysis,
            construct,
        },
        diagnostics: [],
    };
}
/** A loop bound as a polynomial (identifiers as symbols); an opaque symbol when it is not one. */
function boundPoly(model, loop) {
    const h = (0, loops_1.canonicalHeader)(loop, model.text).header;
    const r = (0, expression_1.polynomialOf)(h.bound, model.text, { identifier: n => poly_1.Poly.symbol(model.text.slice(n.start, n.end)) });
    return 'poly' in r ? r.poly : poly_1.Poly.symbol(model.text.slice(h.bound.start, h.bound.end).trim());
}
/** `k -> 0`, `s -> 1` in every arithmetic expression of `body` that uses them, simplified. */
function substitutionEdits(model, body, values) {
    const text = model.text;
    const arithmetic = (n) => n.type === 'parenthesized_expression' ||
        (n.type === 'binary_expression' && ['+', '-', '*'].includes(operator(n, text))) ||
        (n.type === 'unary_expression' && /^[-+]/.test(text.slice(n.start, n.end)));
    const tops = new Map();
    (0, ast_1.walk)(body, n => {
        if (n.type !== 'identifier' || !values.has(text.slice(n.start, n.end)))
            return true;
        let top = n;
        while (top.parent && arithmetic(top.parent))
            top = top.parent;
        tops.set(top.start, top);
        return true;
    });
    const edits = [];
    for (const top of [...tops.values()].filter(t => ![...tops.values()].some(o => o !== t && (0, span_1.within)(t, o)))) {
        const r = (0, expression_1.polynomialOf)(top, text, { identifier: n => poly_1.Poly.symbol(text.slice(n.start, n.end)) });
        if (!('poly' in r)) {
            (0, ast_1.walk)(top, n => {
                if (n.type === 'identifier' && values.has(text.slice(n.start, n.end)))
                    edits.push({ start: n.start, end: n.end, newText: `(${values.get(text.slice(n.start, n.end)).toC()})` });
                return true;
            });
            continue;
        }
        let p = r.poly;
        for (const [name, value] of values)
            p = p.substitute(name, value);
        const printed = p.toC();
        const simple = p.terms().length <= 1 && !printed.startsWith('-');
        const parent = top.parent?.type ?? '';
        const needsParens = !simple && /binary_expression|unary_expression|cast_expression|pointer_expression/.test(parent);
        edits.push({ start: top.start, end: top.end, newText: needsParens ? `(${printed})` : printed });
    }
    return edits;
}
function operator(n, text) {
    const l = (0, ast_1.child)(n, 'left'), r = (0, ast_1.child)(n, 'right');
    return l && r ? text.slice(l.end, r.start).trim() : '';
}
/** The input with the schedule rewritten for a variant (CSE runs on the re-read rewritten text). */
async function deriveProgram(src, variant) {
    const { text } = src;
    const model = src.analysis.model.itemAt(src.construct.start);
    const unit = (0, layout_1.indentUnit)(text);
    const stage = new stage_1.Stage(sourcemap_1.SourceMap.identity(text));
    // Caching on or off: the clause.
    const clauseText = `cache(${src.cacheList.join(', ')})`;
    if (variant.caching && !src.cacheClause && src.cacheList.length)
        stage.edit({ start: src.cacheInsert, end: src.cacheInsert, newText: ` ${clauseText}` });
    if (!variant.caching && src.cacheClause) {
        let start = src.cacheClause.start;
        while (start > 0 && /[ \t,]/.test(text[start - 1]))
            start--;
        stage.edit({ start, end: src.cacheClause.end, newText: '' });
    }
    // Granularity set to 1: the coarsening loop becomes its body with k = 0 and s = 1.
    let preamble = [];
    if (!variant.granularity && src.granularity) {
        const s = src.granularity.parameter;
        for (const loop of src.granularity.loops) {
            const h = (0, loops_1.canonicalHeader)(loop, text).header;
            const body = (0, ast_1.child)(loop, 'body');
            for (const e of substitutionEdits(model, body, new Map([
                [h.variable, poly_1.Poly.constant(0)],
                [s, poly_1.Poly.constant(1)],
            ])))
                stage.edit(e);
            const rendered = stage.render(body);
            stage.edit({
                start: loop.start,
                end: loop.end,
                newText: (0, layout_1.reindent)(rendered, (0, layout_1.lineIndent)(text, body.start).slice(unit.length) + unit, (0, layout_1.lineIndent)(text, loop.start)),
            });
        }
        preamble = [`${s} = 1;`, ...src.derived.map(d => `${d.name} = ${d.init.text};`)];
    }
    if (preamble.length) {
        const indent = (0, layout_1.lineIndent)(text, src.span.start);
        const body = stage.render(src.span);
        const replacement = [
            `{ /* granularity set to 1 */`,
            ...preamble.map(p => indent + unit + p),
            indent + unit + (0, layout_1.reindent)(body, indent, indent + unit),
            `${indent}}`,
        ].join('\n');
        stage.edit({ start: src.span.start, end: src.span.end, newText: replacement });
    }
    let derivedText = (0, edits_1.applyEdits)(text, stage.edits);
    // Every edit is inside the schedule: its start stays, its end moves by the change in length.
    let span = { start: src.span.start, end: src.span.end + (derivedText.length - text.length) };
    let cse = [];
    for (let level = 1; level <= variant.cse; level++) {
        const analysis = await (0, index_1.checkText)(derivedText, src.fileName, src.context);
        const schedule = (0, index_2.schedulesOf)(analysis.model)[src.ordinal];
        const result = (0, cse_1.cseEdits)(analysis.model.itemAt(schedule.start), schedule, level, cse.length);
        const before = derivedText.length;
        derivedText = (0, edits_1.applyEdits)(derivedText, result.edits);
        span = { start: span.start, end: span.end + derivedText.length - before };
        cse = [...cse, ...result.notes];
    }
    const start = derivedText.lastIndexOf('\n', span.start - 1) + 1;
    const code = (0, layout_1.reindent)(derivedText.slice(start, span.end), (0, layout_1.lineIndent)(derivedText, span.start), '').replace(/^[ \t]+/, '');
    return { variant, text: derivedText, span, code, cse };
}
//# sourceMappingURL=program.js.map