"use strict";
// OpenMP SPMD regions as fork-join: a `parallel` region whose body every thread runs (statements
// outside any work-sharing construct, thread ids) becomes loops over thread ids,
// `meta_for (int tid = 0; tid < nthreads; tid++) { ... }`. `omp_get_thread_num()` reads the loop's
// variable, `omp_get_num_threads()` the team size (./teams). A work-sharing `for` runs the
// iterations its schedule gives the thread (./partition); `single`, `master`, `masked` run on the
// thread that runs them (tid 0, or the filter's). A top-level barrier (explicit, or the implicit
// one ending a `for`, `single` or `sections`) ends one loop over thread ids and starts the next:
// each loop's end waits for all of its iterations, as the barrier waits for all threads
// (./barriers: what may cross it). A `parallel for` reading thread ids is one such loop.
Object.defineProperty(exports, "__esModule", { value: true });
exports.translateSpmdRegion = translateSpmdRegion;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const constructs_1 = require("../model/constructs");
const declarations_1 = require("../model/declarations");
const span_1 = require("../base/span");
const layout_1 = require("../base/layout");
const teams_1 = require("./teams");
const barriers_1 = require("./barriers");
const sequential_1 = require("./sequential");
const waits_1 = require("./waits");
const copyprivate_1 = require("./copyprivate");
const partials_1 = require("./partials");
const userReductions_1 = require("./userReductions");
const workSharing_1 = require("./workSharing");
const expansion_1 = require("./expansion");
function translateSpmdRegion(host, c) {
    new SpmdRegion(host, c).translate();
}
const newSegment = () => ({ kind: 'team', units: [], reductions: [], redeclared: [] });
const onlyComments = (s) => s.units.every(u => u.node?.type === 'comment');
/** A statement that does nothing but name variables: a comment, or a declaration without values
 * whose sizes call and assign nothing. */
function inert(node) {
    if (node?.type === 'comment')
        return true;
    if (node?.type !== 'declaration')
        return false;
    let effect = false;
    (0, ast_1.walk)(node, n => !(effect ||= ['init_declarator', 'call_expression', 'assignment_expression', 'update_expression'].includes(n.type)));
    return !effect;
}
class SpmdRegion {
    host;
    c;
    stage;
    model;
    text;
    names;
    queries;
    region;
    /** A `parallel for`: its loop is the region's only work-sharing loop. */
    combined;
    facts;
    reductions = [];
    /** The statement lists segmented: the region's, and the bodies of its uniform loops. */
    levels;
    /** The values of `single copyprivate(x)` every later segment reads. */
    copies = [];
    /** Private variables of the region that a uniform loop's header controls: one copy, not declared per thread. */
    controls = [];
    /** Thread arrays living across barriers, one row per thread (./expansion). */
    expanded = [];
    constructor(host, c) {
        this.host = host;
        this.c = c;
        this.stage = host.stage;
        this.model = host.model;
        this.text = host.stage.text;
        this.region = c.region;
        const f = (n) => host.fresh(n);
        this.names = {
            tid: f('mf_tid'), nthreads: f('mf_nthreads'),
            n: f('mf_n'), k: f('mf_k'), dims: [], lo: f('mf_lo'), hi: f('mf_hi'), q: f('mf_q'), r: f('mf_r'),
        };
        this.queries = (0, teams_1.ownQueries)(this.model, c);
        this.combined = c.directive.name !== 'parallel';
        this.levels = [this.region];
        this.facts = {
            model: this.model,
            construct: c,
            region: this.region,
            threadVariables: [
                // A static local is one for all threads.
                ...this.model.scopes.variables.filter(v => (0, span_1.within)(v.span, this.region) && !v.isStatic && !v.isExtern),
                ...host.items(c, 'private'),
                ...host.items(c, 'firstprivate'),
            ],
            queries: this.queries.map(q => q.call),
        };
    }
    refuse(r) {
        this.stage.refuse('MF602', r.span, r.message, r.data);
        return false;
    }
    translate() {
        const { c, stage } = this;
        this.host.checkClauses(c);
        const other = c.clauses.find(cl => cl.name === 'default' && !/^\s*(shared|none)\s*$/.test(cl.args?.text ?? ''));
        if (other) {
            const clause = this.text.slice(other.start, other.end);
            const message = `'${clause}' on a region every thread runs is not translated: ` +
                `list its variables in 'private' or 'firstprivate'`;
            stage.refuse('MF601', other, message, { construct: 'default', target: 'metafork' });
            return;
        }
        if (!this.combined && (0, userReductions_1.needsChunks)(c)) {
            const message = `a declared or array-section reduction on a region every thread runs is not translated: ` +
                `its loops over thread ids reduce scalars by base operators only`;
            return void this.refuse({ span: c.clauses.find(cl => cl.name === 'reduction'), message });
        }
        for (const q of this.queries)
            stage.edit((0, edits_1.replace)(q.call, this.names[q.kind]));
        const segments = this.segments();
        if (!segments)
            return;
        const own = this.combined ? [] : c.clauses.filter(cl => cl.name === 'reduction');
        const flat = (0, sequential_1.flattened)(segments);
        const copied = (0, copyprivate_1.readCopies)(this.model, this.copies, flat, v => !(0, span_1.within)(v.span, this.region));
        if (copied)
            return void this.refuse(copied);
        // Every later loop over thread ids declares them with the single's value.
        const copiedVariables = this.copies.map(x => x.variable);
        this.facts.threadVariables = this.facts.threadVariables.filter(v => !copiedVariables.includes(v));
        this.expanded = (0, expansion_1.expansions)(this.model, this.facts.threadVariables, flat, n => this.host.fresh(n), this.names.tid);
        for (const e of (0, expansion_1.declarationEdits)(this.expanded, this.text))
            stage.edit(e);
        const rows = this.expanded.map(e => e.variable);
        this.facts.threadVariables = this.facts.threadVariables.filter(v => !rows.includes(v));
        const refusal = (0, waits_1.waitsForOthers)(this.facts, span => (0, teams_1.teamOf)(this.model, span)) ??
            (0, barriers_1.staticsKept)(this.facts, flat) ??
            (0, barriers_1.threadValuesAcross)(this.facts, flat) ??
            (0, barriers_1.reductionsKept)(this.facts, flat, this.reductions, own);
        if (refusal)
            return void this.refuse(refusal);
        this.compose(segments);
        this.host.joined(c);
    }
    // ---- the region cut at its barriers ---------------------------------------------------
    units() {
        // A `parallel for` is one work-sharing loop.
        if (this.combined)
            return [{ span: (0, constructs_1.constructSpan)(this.c), construct: this.c }];
        const chained = (0, teams_1.chainedChild)(this.c);
        if (chained)
            return [{ span: (0, constructs_1.constructSpan)(chained), construct: chained }];
        return this.unitsOf(this.region);
    }
    unitsOf(region) {
        const units = [];
        for (const node of region.type === 'compound_statement' ? (0, ast_1.named)(region) : [region]) {
            const last = units[units.length - 1];
            if (last?.construct && node.start < last.span.end)
                continue; // the construct's statement
            const k = this.c.children.find(x => x.head.start === node.start || x.start === node.start);
            units.push(k ? { span: (0, constructs_1.constructSpan)(k), construct: k } : { span: node, node });
        }
        return units;
    }
    segments(units = this.units()) {
        const out = [];
        let current = newSegment();
        const close = (ends) => {
            if (onlyComments(current))
                current.kind = 'plain';
            current.ends = ends;
            if (current.units.length)
                out.push(current);
            current = newSegment();
        };
        const tid0 = `${this.names.tid} == 0`;
        for (const u of units) {
            const k = u.construct;
            if (!k && (0, sequential_1.hasBarrierInside)(u.node, this.c)) {
                const loop = this.sequential(u);
                if (!loop)
                    return undefined;
                close({ span: loop.units[0].span, label: `the start of '${this.header(u.node)}'` });
                out.push(loop);
                continue;
            }
            if (!k) {
                for (const inner of this.c.children.filter(x => (0, span_1.within)((0, constructs_1.constructSpan)(x), u.span)))
                    if (!this.nested(inner))
                        return undefined;
                current.units.push(u);
                continue;
            }
            const name = k.directive?.name ?? '';
            const label = name === 'barrier' ? `the '#pragma omp barrier'` : `the implicit barrier ending '#pragma omp ${name}'`;
            const ends = { span: k.head, label };
            const nowait = k.clauses.some(cl => cl.name === 'nowait');
            if (name === 'barrier')
                close(ends);
            else if ((0, teams_1.sharesIterations)(k) || k === this.c) {
                if (!this.loop(k, current))
                    return undefined;
                current.units.push(u);
                if (!nowait)
                    close(ends);
            }
            else if (name === 'single' && k.clauses.some(cl => cl.name === 'copyprivate')) {
                close({ span: k.head, label: `the start of '#pragma omp single'` });
                const copies = (0, copyprivate_1.copiesOf)(this.model, k, this.host.items(k, 'copyprivate'), this.facts.threadVariables, n => this.host.fresh(n));
                if (!Array.isArray(copies))
                    return void this.refuse(copies);
                if (!this.runsOnce(k, copies.map(x => x.variable))) {
                    const message = `'#pragma omp single copyprivate' reads a value of each thread: it cannot run once`;
                    return void this.refuse({ span: k.head, message });
                }
                this.copies.push(...copies);
                if (!this.single(k, undefined, copies))
                    return undefined;
                out.push({ ...newSegment(), kind: 'once', units: [u], ends });
            }
            else if (name === 'single' && !nowait && onlyComments(current) && this.runsOnce(k)) {
                close();
                if (!this.single(k, undefined))
                    return undefined;
                out.push({ ...newSegment(), kind: 'once', units: [u], ends });
            }
            else if (name === 'single' && !nowait) {
                if (!this.single(k, tid0))
                    return undefined;
                current.units.push(u);
                close(ends);
            }
            else if (name === 'scope') {
                if (!this.scope(k, current))
                    return undefined;
                current.units.push(u);
                if (!nowait)
                    close(ends);
            }
            else if (name === 'sections') {
                close({ span: k.head, label: `'#pragma omp sections' (its sections run once, between loops over threads)` });
                const read = this.facts.threadVariables.find(v => !(0, span_1.within)(v.span, u.span) && (0, barriers_1.references)(this.model, v, [u.span]));
                if (read)
                    return void this.refuse({
                        span: k.head,
                        message: `'#pragma omp sections' in a region every thread runs reads '${read.name}', a value of each ` +
                            `thread: its sections run once, between the loops over threads`,
                        data: { variable: read.name },
                    });
                this.host.visit(k);
                if (nowait)
                    this.stage.note(k.head, `'nowait': the sections are waited for before the threads go on (a stronger order)`);
                out.push({ ...newSegment(), kind: 'once', units: [u], ends });
            }
            else {
                if (!this.nested(k))
                    return undefined;
                current.units.push(u);
            }
        }
        close();
        return out;
    }
    /** A uniform loop every thread runs, its body cut at its barriers (./sequential). */
    sequential(u) {
        const node = u.node;
        const uniform = (0, sequential_1.uniformLoop)(this.model, node, this.facts.threadVariables, this.c, v => (0, barriers_1.uniformValue)(this.facts, v));
        if ('span' in uniform)
            return void this.refuse(uniform);
        const { own, values } = uniform;
        // Its variables are the same in every thread: one copy, outside the loops over thread ids.
        this.facts.threadVariables = this.facts.threadVariables.filter(v => !own.includes(v));
        this.controls.push(...own.filter(v => !(0, span_1.within)(v.span, node)));
        const body = (0, ast_1.child)(node, 'body');
        this.levels.push(body);
        const children = this.segments(this.unitsOf(body));
        if (!children)
            return undefined;
        const last = children[children.length - 1];
        if (last && !last.ends)
            last.ends = { span: u.span, label: `the end of an iteration of '${this.header(node)}'` };
        return { ...newSegment(), kind: 'loop', units: [u], children, redeclared: values };
    }
    header(node) {
        return this.text.slice(node.start, (0, ast_1.child)(node, 'body').start).trim();
    }
    /** A construct inside the statements every thread runs (or a top-level one that ends no segment). */
    nested(k) {
        const name = k.directive?.name ?? '';
        // One thread's taskloop: its translation, a loop, would run on every thread of the region.
        if (/^(master|masked) taskloop/.test(name))
            return this.refuse({
                span: k.directive.nameSpan,
                message: `'#pragma omp ${name}' in a region every thread runs cannot be translated as one construct: write '#pragma omp ${name.split(' ')[0]}' with '#pragma omp ${name.replace(/^\w+ /, '')}' inside its block`,
                data: { construct: name },
            });
        const top = this.levels.some(l => (l.type === 'compound_statement' ? (0, ast_1.named)(l) : [l]).some(n => n.start === k.head.start)) ||
            (0, teams_1.chainedChild)(this.c) === k;
        const nowait = k.clauses.some(cl => cl.name === 'nowait');
        const waits = name === 'barrier' || (((0, teams_1.sharesIterations)(k) || ['single', 'sections', 'scope'].includes(name)) && !nowait);
        if (waits && !top) {
            const barrier = name === 'barrier' ? 'this barrier' : `the implicit barrier ending '#pragma omp ${name}'`;
            return this.refuse({
                span: k.head,
                message: `${barrier} is inside a nested statement of the region: MetaFork splits a region only at its ` +
                    `top-level barriers, so it cannot be translated`,
                data: { barrier: name },
            });
        }
        if ((0, teams_1.sharesIterations)(k))
            return this.loop(k, undefined);
        if (name === 'scope')
            return this.scope(k, undefined);
        if (name === 'single' || name === 'master')
            return this.single(k, `${this.names.tid} == 0`);
        if (name === 'masked') {
            // The filter is pragma text, not a parsed expression: its thread queries are read here.
            const filter = k.clauses.find(cl => cl.name === 'filter')?.args?.text.trim() ?? '0';
            const read = filter.replace(/\b(omp_get_thread_num|omp_get_num_threads)\s*\(\s*\)/g, (_, q) => this.names[teams_1.QUERIES[q]]);
            return this.single(k, `${this.names.tid} == ${read === '0' ? '0' : `(${read})`}`);
        }
        this.host.visit(k);
        return true;
    }
    /** Whether a `single` can run once between two loops over threads: it reads no thread's value. */
    runsOnce(k, copied = []) {
        const stmt = k.statement;
        if (this.queries.some(q => q.kind === 'tid' && (0, span_1.within)(q.call, stmt)))
            return false;
        return !this.facts.threadVariables.some(v => !(0, span_1.within)(v.span, stmt) && !copied.includes(v) && (0, barriers_1.references)(this.model, v, [stmt]));
    }
    /** A work-sharing loop: the iterations of this thread (./workSharing). */
    loop(k, segment) {
        return (0, workSharing_1.workSharingLoop)(this.loopContext, k, segment);
    }
    get loopContext() {
        return {
            host: this.host, region: this.c, names: this.names, threadVariables: this.facts.threadVariables,
            reductions: this.reductions, refuse: r => this.refuse(r), nested: k => this.nested(k),
            substitute: span => this.substitute(span),
        };
    }
    /**
     * `scope` (OpenMP 5.2 §13.2): every thread runs its statement with its private copies; its
     * reduction goes to the segment's loop over thread ids, which its barrier ends.
     */
    scope(k, segment) {
        return (0, workSharing_1.segmentReduction)(this.loopContext, k, segment) && this.single(k, undefined);
    }
    /** `single`, `master`, `masked`: `if (cond) stmt`, or the statement alone (`cond` undefined: run once). */
    single(k, cond, copies = []) {
        // copyprivate: the single's own copy, stored in the shared one at its end.
        this.host.checkClauses(copies.length ? { ...k, clauses: k.clauses.filter(cl => cl.name !== 'copyprivate') } : k);
        for (const inner of k.children)
            if (!this.nested(inner))
                return false;
        const stmt = k.statement;
        const env = { before: [], decls: [], after: [] };
        this.host.privates(k, env);
        for (const x of copies) {
            env.decls.push(`${(0, declarations_1.declarationFor)(x.variable, this.text, x.variable.name)};`);
            env.after.push(`${x.shared} = ${x.variable.name};`);
        }
        const unit = this.stage.unit;
        const { indent, lead } = (0, layout_1.directivePlace)(this.text, k.head, unit);
        // From the directive's end: a directive chained on the statement is rewritten with it.
        const body = this.stage.render({ start: k.head.end, end: stmt.end }).replace(/^\s*/, '');
        const own = (0, layout_1.lineIndent)(this.text, stmt.start);
        let out;
        if (env.before.length || env.decls.length) {
            const lines = [...env.before, ...env.decls].map(l => `${indent}${unit}${l}\n`).join('');
            const after = env.after.map(l => `\n${indent}${unit}${l}`).join('');
            out = `{\n${lines}${indent}${unit}${(0, layout_1.reindent)(body, own, indent + unit)}${after}\n${indent}}`;
            if (cond)
                out = `if (${cond}) ${out}`;
        }
        else if (!cond)
            out = body;
        else if (stmt.type === 'compound_statement')
            out = `if (${cond}) ${(0, layout_1.reindent)(body, own, indent)}`;
        else
            out = `if (${cond})\n${indent}${unit}${(0, layout_1.reindent)(body, own, indent + unit)}`;
        this.stage.edit((0, edits_1.replace)({ start: k.head.start, end: stmt.end }, lead + out));
        return true;
    }
    // ---- the output ------------------------------------------------------------------------
    /** The text of `span` with this region's thread queries read (a declaration written again). */
    substitute(span) {
        let out = '';
        let at = span.start;
        for (const q of this.queries.filter(x => (0, span_1.within)(x.call, span)).sort((a, b) => a.call.start - b.call.start)) {
            out += this.text.slice(at, q.call.start) + this.names[q.kind];
            at = q.call.end;
        }
        return out + this.text.slice(at, span.end);
    }
    /**
     * The text of a segment with the edits inside it. Its whole lines when it has them to itself:
     * the translations of its constructs remove and rewrite whole lines.
     */
    renderLines(span) {
        const text = this.text;
        if (!(0, layout_1.atLineStart)(text, span.start) || !(0, layout_1.atLineEnd)(text, span.end))
            return this.stage.render(span);
        const lines = (0, layout_1.wholeLines)(text, span);
        const rendered = this.stage.render(lines);
        return rendered.replace(/^[ \t]*/, '').replace(/\n$/, '');
    }
    compose(segments) {
        const { c, text, stage, names } = this;
        const { indent, lead } = (0, layout_1.directivePlace)(text, c.head, stage.unit);
        const inner = indent + stage.unit;
        const clause = (name) => c.clauses.find(cl => cl.name === name)?.args?.text.trim();
        const count = clause('num_threads') ?? 'omp_get_max_threads()';
        if (!clause('num_threads'))
            stage.includes.add('omp.h');
        const condition = clause('if')?.replace(/^parallel\s*:/, '').trim();
        const env = { before: [], decls: [], after: [] };
        if (!this.combined)
            this.host.privates(c, env, v => this.controls.includes(v)); // a loop's copies are its partition's
        const team = condition ? `(${condition}) ? ${count} : 1` : count;
        const copies = this.copies.map(x => `${(0, declarations_1.declarationFor)(x.variable, text, x.shared)};`);
        const rows = this.expanded.map(e => (0, expansion_1.allocation)(e, text, names.nthreads));
        if (rows.length)
            stage.includes.add('stdlib.h');
        const lines = [
            `const int ${names.nthreads} = ${team};`, ...copies, ...rows, ...env.before,
            ...this.segmentLines(segments, inner, env),
            ...this.expanded.map(e => `free(${e.rows});`),
        ];
        const whole = { start: c.head.start, end: (0, constructs_1.constructSpan)(c).end };
        // Only the barriers' lines are left: an edit there would be lost, never silently.
        const left = stage.edits.find(e => e.start >= whole.start && e.end <= whole.end);
        if (left) {
            const name = c.directive.name;
            const message = `'#pragma omp ${name}': a construct inside was rewritten across the region's barriers`;
            return void stage.refuse('MF601', left, message, { construct: name, target: 'metafork' });
        }
        stage.edit((0, edits_1.replace)(whole, `${lead}{\n${lines.map(l => inner + l).join('\n')}\n${indent}}`));
    }
    /** The statements of `segments` at indentation `inner` (each one's first line unindented). */
    segmentLines(segments, inner, env) {
        const { c, text, stage, names } = this;
        const lines = [];
        for (const s of segments) {
            if (s.kind === 'loop') {
                // The thread values its header reads, declared around it (a block: another loop may read them too).
                const values = s.redeclared.map(d => `${(0, declarations_1.declarationFor)(d.variable, text, d.variable.name)} = ${this.substitute(d.value)};`);
                const at = values.length ? inner + stage.unit : inner;
                const deeper = at + stage.unit;
                const body = this.segmentLines(s.children, deeper, env).map(l => deeper + l);
                const { header, declared } = (0, sequential_1.headerOf)(this.model, s.units[0].node, this.controls, c);
                const loop = `${header} {\n${body.join('\n')}\n${at}}`;
                if (declared)
                    lines.push(declared);
                lines.push(values.length ? `{\n${[...values, loop].map(l => at + l).join('\n')}\n${inner}}` : loop);
                continue;
            }
            const span = { start: s.units[0].span.start, end: s.units[s.units.length - 1].span.end };
            const own = (0, layout_1.lineIndent)(text, span.start);
            const body = this.renderLines(span);
            // Tasks complete at the barrier that ends the segment: it joins them.
            const forks = this.model.constructs.some(k => k.directive?.name === 'task' &&
                (0, teams_1.teamOf)(this.model, k) === c &&
                s.units.some(u => (0, span_1.within)((0, constructs_1.constructSpan)(k), u.span)));
            if (s.kind !== 'team') {
                lines.push((0, layout_1.reindent)(body, own, inner), ...(forks ? ['meta_join;'] : []));
                continue;
            }
            // Only the region's declarations (`int i, j, k;` before a uniform loop): a loop over thread ids
            // would declare them and do nothing; the later loops declare what they use.
            if (!s.redeclared.length && !s.reductions.length && !s.partials?.length && s.units.every(u => inert(u.node))) {
                for (const u of s.units)
                    if (u.node?.type === 'comment')
                        lines.push((0, layout_1.reindent)(this.renderLines(u.span), (0, layout_1.lineIndent)(text, u.span.start), inner));
                continue;
            }
            const at = inner + stage.unit;
            if (s.partials?.some(p => p.op === 'max' || p.op === 'min'))
                stage.includes.add('limits.h');
            const statements = (0, partials_1.withPartials)(s.partials ?? [], [
                ...env.decls,
                ...s.redeclared.map(d => {
                    if (d.text)
                        return d.text;
                    const value = d.value ? ` = ${this.substitute(d.value)}` : '';
                    return `${(0, declarations_1.declarationFor)(d.variable, text, d.variable.name)}${value};`;
                }),
                (0, layout_1.reindent)(body, own, at),
                ...(forks ? ['meta_join;'] : []),
            ], text, at, stage.unit, n => this.host.fresh(n));
            const clauses = s.reductions.length ? ' ' + s.reductions.join(' ') + ' ' : ' ';
            lines.push(`meta_for${clauses}(int ${names.tid} = 0; ${names.tid} < ${names.nthreads}; ${names.tid}++) {\n` +
                statements.map(l => at + l).join('\n') +
                `\n${inner}}`);
        }
        return lines;
    }
}
//# sourceMappingURL=spmd.js.map