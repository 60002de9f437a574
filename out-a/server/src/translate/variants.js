"use strict";
// OpenMP context selectors resolved for the translation's target, a CPU host read as by gcc
// (OpenMP 5.2 §7): `metadirective` becomes the variant chosen (an `if` chain where a `user`
// condition is known only at run time), `declare variant` becomes calls of the variant where
// its selector matches. A stage before OpenMP -> MetaFork, which then sees ordinary directives.
Object.defineProperty(exports, "__esModule", { value: true });
exports.resolveVariants = resolveVariants;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const layout_1 = require("../base/layout");
const clauseText_1 = require("../syntax/clauseText");
const dialects_1 = require("../base/dialects");
/** What gcc on x86_64 says of itself: `arch` names, and the ISA of its default `-march`. */
const HOST = {
    kinds: new Set(['host', 'cpu', 'any']),
    notKinds: new Set(['gpu', 'nohost', 'fpga']),
    arch: new Set(['x86_64', 'x86']),
    isa: new Set(['mmx', 'sse', 'sse2', 'fxsr']),
    vendor: new Set(['gnu']),
};
/** Construct trait names (OpenMP 5.2 §7.1), in the order a combined directive's name lists them. */
const CONSTRUCT_TRAITS = new Set(['target', 'teams', 'parallel', 'for', 'simd', 'dispatch']);
/**
 * The verdict of the context selector `text` (at `at` in the analysed text) in a context whose
 * enclosing constructs are `context` (trait names, outermost first), scored as OpenMP 5.2 §7.3 says.
 */
function judgeSelector(text, at, context) {
    let impossible = false;
    const conditions = [];
    let score = 1;
    let nextConstruct = 0;
    const never = () => { impossible = true; };
    for (const set of (0, clauseText_1.splitTopLevel)(text)) {
        const m = /^(\s*)([A-Za-z_]\w*)\s*=\s*\{([^]*)\}\s*$/.exec(set.text);
        const setAt = at + set.at;
        if (!m) {
            const span = { start: setAt, end: setAt + set.text.length };
            return { span, message: `'${set.text.trim()}' is not a context selector` };
        }
        const name = m[2];
        const inner = m[3];
        const innerAt = setAt + set.text.indexOf('{') + 1;
        for (const trait of (0, clauseText_1.splitTopLevel)(inner)) {
            if (!trait.text.trim())
                continue;
            const t = /^(\s*)([A-Za-z_]\w*)\s*(?:\(([^]*)\))?\s*$/.exec(trait.text);
            const from = innerAt + trait.at;
            const span = { start: from + (t?.[1].length ?? 0), end: from + trait.text.trimEnd().length };
            if (!t)
                return { span, message: `'${trait.text.trim()}' is not a context selector trait` };
            const traitName = t[2];
            let args = t[3] ?? '';
            let explicit;
            const colon = (0, clauseText_1.topLevelColon)(args);
            const scored = colon >= 0 ? /^\s*score\s*\(\s*(\d+)\s*\)\s*$/.exec(args.slice(0, colon)) : null;
            if (scored) {
                explicit = Number(scored[1]);
                args = args.slice(colon + 1);
            }
            const props = (0, clauseText_1.splitTopLevel)(args).map(p => p.text.trim().replace(/^"(.*)"$/, '$1')).filter(p => p);
            const unknown = () => ({ span, message: `the context selector '${name}={${trait.text.trim()}}' is not known here` });
            const l = context?.length ?? 0;
            if (name === 'construct') {
                if (!CONSTRUCT_TRAITS.has(traitName))
                    return unknown();
                const why = 'is inside another metadirective, whose directive is not chosen yet: resolve that one by hand';
                if (!context)
                    return { span, message: `the construct selector '${traitName}' ${why}` };
                // Traits must appear in the context in the same order (OpenMP 5.2 §7.3).
                const p = context.indexOf(traitName, nextConstruct);
                if (p < 0)
                    never();
                else {
                    score += 2 ** p;
                    nextConstruct = p + 1;
                }
            }
            else if (name === 'device' && traitName === 'kind') {
                if (props.some(p => !HOST.kinds.has(p) && !HOST.notKinds.has(p)))
                    return unknown();
                if (props.some(p => HOST.notKinds.has(p)))
                    never();
                score += explicit ?? 2 ** l;
            }
            else if (name === 'device' && (traitName === 'arch' || traitName === 'isa')) {
                if (!props.every(p => HOST[traitName].has(p)))
                    never();
                score += explicit ?? 2 ** (l + (traitName === 'arch' ? 1 : 2));
            }
            else if (name === 'implementation' && traitName === 'vendor') {
                if (!props.every(p => HOST.vendor.has(p)))
                    never();
                score += explicit ?? 0;
            }
            else if (name === 'user' && traitName === 'condition' && props.length === 1) {
                const value = constantValue(props[0]);
                if (value === false)
                    never();
                else if (value === undefined)
                    conditions.push(props[0]);
                score += explicit ?? 0;
            }
            else
                return unknown();
        }
    }
    if (impossible)
        return { matches: 'never', score };
    if (!conditions.length)
        return { matches: 'always', score };
    return { matches: 'runtime', condition: conditions.join(' && '), score };
}
/** An integer constant's truth, or undefined when `e` is not one (it is decided at run time). */
function constantValue(e) {
    const m = /^\(?\s*(!?)\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?$/.exec(e.trim());
    if (!m)
        return undefined;
    return (Number(m[2]) !== 0) !== (m[1] === '!');
}
/** The construct traits of `constructs` (OpenMP ones, outermost first). */
function contextOf(constructs) {
    const openmp = constructs.filter(k => k.dialect === 'openmp' && k.directive);
    if (openmp.some(k => k.directive.name.endsWith('metadirective')))
        return undefined;
    return openmp.flatMap(k => traitsOf(k.directive.name));
}
/** The constructs enclosing `c`, outermost first. */
function enclosing(c) {
    const out = [];
    for (let k = c; k; k = k.parent)
        out.unshift(k);
    return out;
}
function traitsOf(directive) {
    return directive.split(' ').filter(w => CONSTRUCT_TRAITS.has(w));
}
/** The stage: every `declare variant`, `begin/end declare variant`, `metadirective` and
 * `begin/end metadirective` of `models` resolved, with a note saying what was chosen and why. */
function resolveVariants(stage, models) {
    const seen = new Set();
    const directives = [];
    for (const model of models)
        for (const d of model.directives)
            if (!seen.has(d.start)) {
                seen.add(d.start);
                directives.push({ model, d });
            }
    declareVariants(stage, models, directives.map(x => x.d));
    for (const { d } of directives)
        if (d.name === 'begin declare variant')
            beginDeclareVariant(stage, directives.map(x => x.d), d);
    const metas = models.flatMap(m => m.constructs.filter(c => c.dialect === 'openmp' && c.directive?.name === 'metadirective'));
    // Inner ones first: an outer `if` chain renders its statement with them resolved.
    for (const c of metas.sort((a, b) => b.start - a.start || a.end - b.end))
        metadirective(stage, c);
    for (const { model, d } of directives)
        if (d.name === 'begin metadirective')
            beginMetadirective(stage, model, directives.map(x => x.d), d);
}
/** The `end` directive closing `begin` among `all` (pairs nest), if any. */
function closing(all, begin, end) {
    let depth = 0;
    return all.filter(k => k.start > begin.start).sort((a, b) => a.start - b.start).find(k => {
        if (k.name === begin.name)
            depth++;
        else if (k.name === end && depth-- === 0)
            return true;
        return false;
    });
}
/** `begin metadirective` ... `end metadirective`: the chosen directive over the code between (a block). */
function beginMetadirective(stage, model, all, d) {
    const end = closing(all, d, 'end metadirective');
    if (!end)
        return refuse(stage, d, d.nameSpan, `'begin metadirective' without its 'end metadirective'`);
    const chain = chooseVariants(stage, d, contextOf(enclosing(model.constructs.find(c => c.start === d.start)?.parent)));
    if (!chain)
        return;
    const only = chain[0];
    if (chain.length > 1) {
        refuse(stage, d, d.nameSpan, `'begin metadirective' with a condition known only at run time cannot be resolved: ` +
            `use 'metadirective' on one statement`);
        return;
    }
    const text = stage.text;
    const loop = only.name !== undefined && dialects_1.OMP_LOOP_DIRECTIVES.has(only.name);
    if (only.directive === 'nothing' || loop) {
        // A loop directive governs the loop written between the lines; `nothing` leaves the code as it is.
        stage.edit(only.directive === 'nothing' ? (0, edits_1.removeStatement)(text, d) : (0, edits_1.replace)(d, `#pragma omp ${only.directive}`));
        stage.edit((0, edits_1.removeStatement)(text, end));
    }
    else {
        // The braces line up with the code they enclose (the directive lines often start at column 0).
        const indent = (0, layout_1.lineIndent)(text, text.indexOf('\n', d.end) + 1);
        stage.edit((0, edits_1.replace)(d, `#pragma omp ${only.directive}\n${indent}{`));
        stage.edit((0, edits_1.replace)(end, `${indent.slice((0, layout_1.lineIndent)(text, end.start).length)}}`));
    }
    stage.note(d.nameSpan, `begin metadirective: '${only.directive}' chosen, ${only.why}`);
}
/** The variants chosen for metadirective `d` in `context`, in the order they are tried; undefined when refused. */
function chooseVariants(stage, d, context) {
    const candidates = [];
    let fallback;
    for (const clause of d.clauses) {
        if (clause.name === 'otherwise' || clause.name === 'default') {
            fallback = clause;
            continue;
        }
        if (clause.name !== 'when' || !clause.args)
            continue;
        const colon = (0, clauseText_1.topLevelColon)(clause.args.text);
        const verdict = judgeSelector(clause.args.text.slice(0, colon), clause.args.span.start, context);
        if ('span' in verdict)
            return void refuseUnknown(stage, d, verdict);
        if (verdict.matches !== 'never')
            candidates.push({ clause, verdict });
    }
    // The highest score first; ties keep their order (OpenMP 5.2 §7.4).
    candidates.sort((a, b) => b.verdict.score - a.verdict.score);
    const chain = [];
    for (const { clause, verdict } of candidates) {
        const directive = variantText(clause);
        const selector = clause.args.text.slice(0, (0, clauseText_1.topLevelColon)(clause.args.text)).trim();
        const name = clause.variant?.name;
        if (verdict.matches === 'runtime')
            chain.push({ condition: verdict.condition, directive, why: `when ${selector}`, name });
        else {
            chain.push({ directive, why: `'${selector}' matches here (score ${verdict.score})`, name });
            break;
        }
    }
    if (!chain.length || chain[chain.length - 1].condition !== undefined)
        chain.push(fallback
            ? { directive: variantText(fallback), name: fallback.variant?.name, why: `no 'when' matches here` }
            : { directive: 'nothing', why: `no variant matches here` });
    return chain;
}
function metadirective(stage, c) {
    const d = c.directive;
    const chain = chooseVariants(stage, d, contextOf(enclosing(c.parent)));
    if (!chain)
        return;
    const text = stage.text;
    const statement = c.statement && !d.standalone ? c.statement : undefined;
    if (chain.length === 1) {
        const only = chain[0];
        const directive = `#pragma omp ${only.directive}`;
        stage.edit(only.directive === 'nothing' ? (0, edits_1.removeStatement)(text, c.head) : (0, edits_1.replace)(c.head, directive));
        stage.note(d.nameSpan, `metadirective: '${only.directive}' chosen, ${only.why}`);
        return;
    }
    // The chain is laid out like the statement it holds (a pragma line often starts at column 0).
    const indent = (0, layout_1.lineIndent)(text, statement?.start ?? c.head.start);
    const lead = indent.slice((0, layout_1.lineIndent)(text, c.head.start).length);
    const inner = indent + stage.unit;
    // Each branch holds its own copy of the statement: a copied label or static variable is not the same C.
    let unique;
    if (statement)
        (0, ast_1.walk)(statement, n => {
            if (n.type === 'labeled_statement')
                unique ??= `the label '${text.slice(n.start, n.end).split(/[\s:]/)[0]}'`;
            else if (n.type === 'storage_class_specifier' && text.slice(n.start, n.end) === 'static') {
                const name = (0, ast_1.declaredName)(n.parent ? (0, ast_1.child)(n.parent, 'declarator') : undefined);
                unique ??= `the static variable '${name ? text.slice(name.start, name.end) : '?'}'`;
            }
            return !unique;
        });
    if (unique) {
        return refuse(stage, d, d.nameSpan, `a metadirective decided at run time copies its statement into each branch; ` +
            `${unique} in it cannot be copied`);
    }
    const body = statement ? (0, layout_1.reindent)(stage.render(statement), indent, inner) : undefined;
    const branch = (choice) => [
        ...(choice.directive === 'nothing' ? [] : [`${inner}#pragma omp ${choice.directive}`]),
        ...(body !== undefined ? [`${inner}${body}`] : []),
    ];
    const lines = [];
    chain.forEach((choice, i) => {
        const head = choice.condition === undefined ? '} else {' : `${i ? '} else ' : ''}if (${choice.condition}) {`;
        const rest = branch(choice);
        if (choice.condition === undefined && !rest.length)
            return;
        lines.push(`${i ? indent : lead}${head}`, ...rest);
    });
    lines.push(`${indent}}`);
    stage.edit((0, edits_1.replace)({ start: c.head.start, end: statement?.end ?? c.head.end }, lines.join('\n')));
    const tried = chain.map(k => `'${k.directive}' ${k.condition ? `if ${k.condition}` : 'otherwise'}`);
    stage.note(d.nameSpan, `metadirective: ${tried.join(', ')}`);
}
/** The directive (with its clauses) a `when`/`otherwise` clause names; `nothing` when empty. */
function variantText(clause) {
    const args = clause.args?.text ?? '';
    const v = (clause.name === 'when' ? args.slice((0, clauseText_1.topLevelColon)(args) + 1) : args).trim();
    return v || 'nothing';
}
/** The selector of a `match(...)` clause, and where it is. */
function matchClause(stage, d) {
    const match = d.clauses.find(k => k.name === 'match' && k.args);
    if (!match)
        refuse(stage, d, d.nameSpan, `'${d.name}' without a 'match' clause cannot be resolved`);
    return match;
}
function refuse(stage, d, span, message) {
    stage.refuse('MF601', span, message, { construct: d.name, target: 'metafork' });
}
function refuseUnknown(stage, d, u) {
    refuse(stage, d, u.span, `'#pragma omp ${d.name}' cannot be translated: ${u.message}`);
}
/** `declare variant(v) match(s)` lines: each call of the function declared next calls, of the
 * variants whose selectors match there, the one with the highest score (OpenMP 5.2 §7.3, §7.5). */
function declareVariants(stage, models, all) {
    const text = stage.text;
    const byBase = new Map();
    for (const d of all) {
        if (d.name !== 'declare variant')
            continue;
        const match = matchClause(stage, d);
        const variant = d.argument?.text.trim();
        // The function declared next, after any other directive lines for it (variants may be stacked).
        const base = /^(?:\s*#[^\n]*\n)*[^;{(#]*?([A-Za-z_]\w*)\s*\(/.exec(text.slice(d.end))?.[1];
        if (match && (!variant || !base))
            refuse(stage, d, d.nameSpan, `'declare variant' needs a variant and a following function declaration`);
        if (!match || !variant || !base)
            return;
        // Checked once without a call, so an unknown selector is refused even where nothing calls it.
        const verdict = judgeSelector(match.args.text, match.args.span.start, []);
        if ('span' in verdict)
            return refuseUnknown(stage, d, verdict);
        byBase.set(base, [...(byBase.get(base) ?? []), { d, match, variant }]);
    }
    for (const [base, declared] of byBase) {
        const calls = new Map();
        for (const model of models) {
            const sites = [];
            (0, ast_1.walk)(model.item, n => {
                const f = n.type === 'call_expression' ? (0, ast_1.child)(n, 'function') : undefined;
                if (f?.type !== 'identifier' || text.slice(f.start, f.end) !== base)
                    return true;
                sites.push({ call: f, context: contextOf(model.constructs.filter(c => c.start <= n.start && n.end <= c.end)) });
                return true;
            });
            for (const { call, context } of sites) {
                let best;
                for (const v of declared) {
                    const verdict = judgeSelector(v.match.args.text, v.match.args.span.start, context);
                    if ('span' in verdict)
                        return refuseUnknown(stage, v.d, verdict);
                    if (verdict.matches === 'runtime') {
                        const why = 'a condition known only at run time cannot be resolved';
                        return refuse(stage, v.d, v.match.args.span, `'declare variant' with ${why}`);
                    }
                    if (verdict.matches === 'always' && (!best || verdict.score > best.score))
                        best = { v, score: verdict.score };
                }
                if (!best)
                    continue;
                stage.edit((0, edits_1.replace)(call, best.v.variant));
                calls.set(best.v, (calls.get(best.v) ?? 0) + 1);
            }
        }
        for (const v of declared) {
            const n = calls.get(v) ?? 0;
            const selector = v.match.args.text.trim();
            stage.edit((0, edits_1.removeStatement)(text, v.d));
            stage.note(v.d.nameSpan, n
                ? `declare variant: ${n} call${n > 1 ? 's' : ''} of '${base}' where '${selector}' ` +
                    `matches now call${n > 1 ? '' : 's'} '${v.variant}'`
                : `declare variant: '${selector}' chooses '${v.variant}' for no call of '${base}' here: dropped`);
        }
    }
}
/** `begin declare variant match(s)` ... `end declare variant`: the functions stay where `s` always matches. */
function beginDeclareVariant(stage, all, d) {
    const match = matchClause(stage, d);
    if (!match)
        return;
    const end = closing(all, d, 'end declare variant');
    if (!end)
        return refuse(stage, d, d.nameSpan, `'begin declare variant' without its 'end declare variant'`);
    const verdict = judgeSelector(match.args.text, match.args.span.start, []);
    if ('span' in verdict)
        return refuseUnknown(stage, d, verdict);
    if (verdict.matches === 'runtime' || /\bconstruct\s*=/.test(match.args.text)) {
        const why = 'a selector decided only where its functions are called cannot be resolved';
        return refuse(stage, d, match.args.span, `'begin declare variant' with ${why}`);
    }
    const text = stage.text;
    if (verdict.matches === 'always') {
        // A definition named like a function declared before the block is that function's variant
        // (OpenMP 5.2 §7.5.5): kept as it is, C would see two definitions.
        for (const m of text.slice(d.end, end.start).matchAll(/\b([A-Za-z_]\w*)\s*\([^;{)]*\)\s*\{/g)) {
            if (!new RegExp(`\\b${m[1]}\\s*\\(`).test(text.slice(0, d.start)))
                continue;
            const at = d.end + m.index;
            const why = 'replaces the function of that name declared before it: not supported';
            const name = { start: at, end: at + m[1].length };
            return refuse(stage, d, name, `'${m[1]}' in a 'begin declare variant' block ${why}`);
        }
        stage.edit((0, edits_1.removeStatement)(text, d));
        stage.edit((0, edits_1.removeStatement)(text, end));
        stage.note(d.nameSpan, `begin declare variant: '${match.args.text.trim()}' matches here: its functions are kept`);
    }
    else {
        stage.edit((0, edits_1.removeStatement)(text, { start: d.start, end: end.end }));
        const selector = match.args.text.trim();
        stage.note(d.nameSpan, `begin declare variant: '${selector}' never matches here: the block is removed`);
    }
}
//# sourceMappingURL=variants.js.map