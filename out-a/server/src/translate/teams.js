"use strict";
// Teams of threads in OpenMP source: the regions written SPMD-style (statements every thread
// runs, thread ids), and the runtime's thread queries, `omp_get_thread_num()` and
// `omp_get_num_threads()`: which team each asks about (the innermost `parallel` construct around
// it, lexically), and what they read where no region is around them.
Object.defineProperty(exports, "__esModule", { value: true });
exports.TEAM_BOUND = exports.ONE_THREAD = exports.QUERIES = void 0;
exports.isThreadQuery = isThreadQuery;
exports.teamOf = teamOf;
exports.ownQueries = ownQueries;
exports.chainedChild = chainedChild;
exports.sharesIterations = sharesIterations;
exports.iterationPrivates = iterationPrivates;
exports.isSpmdRegion = isSpmdRegion;
exports.threadQueriesOutsideRegions = threadQueriesOutsideRegions;
exports.oneThreadAnswers = oneThreadAnswers;
exports.calledNames = calledNames;
exports.functionsByName = functionsByName;
exports.reachedThroughCalls = reachedThroughCalls;
exports.orphansInRegions = orphansInRegions;
exports.regionReach = regionReach;
exports.tasksLosingTheirTeam = tasksLosingTheirTeam;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const constructs_1 = require("../model/constructs");
const scopes_1 = require("../model/scopes");
const loops_1 = require("../model/loops");
const barriers_1 = require("./barriers");
const document_1 = require("../model/document");
const span_1 = require("../base/span");
const tasks_1 = require("./tasks");
/** The thread queries, and what a loop over thread ids answers them with. */
exports.QUERIES = {
    omp_get_thread_num: 'tid',
    omp_get_num_threads: 'nthreads',
};
function isThreadQuery(name) {
    return name in exports.QUERIES;
}
/** Regions whose threads the translation names: a `parallel` region, a `parallel for` loop. */
const TEAMS = new Set(['parallel', 'parallel for', 'parallel for simd']);
/** Calls of the thread queries in `node`. */
function queriesIn(node, text) {
    const out = [];
    (0, ast_1.walk)(node, n => {
        if (n.type !== 'call_expression')
            return true;
        const f = (0, ast_1.child)(n, 'function');
        const name = f?.type === 'identifier' ? text.slice(f.start, f.end) : '';
        if (isThreadQuery(name))
            out.push({ call: n, kind: exports.QUERIES[name], name });
        return true;
    });
    return out;
}
/** The innermost construct of the parallel family around `span`: the team a query there asks about. */
function teamOf(model, span) {
    let team;
    for (const c of model.constructs) {
        const parallel = c.dialect === 'openmp' && c.directive?.name.startsWith('parallel');
        if (parallel && (0, span_1.within)(span, c) && c.head.end <= span.start && (!team || c.start >= team.start))
            team = c;
    }
    return team;
}
/** The thread queries a region answers (not those of a region nested in it). */
function ownQueries(model, c) {
    return c.region ? queriesIn(c.region, model.text).filter(q => teamOf(model, q.call) === c) : [];
}
/** `#pragma omp parallel` directly followed by another directive: the region is that construct. */
function chainedChild(c) {
    return c.children.find(k => k.statement === c.region || k.loop === c.region);
}
/** Constructs every thread that reaches them runs (a flush is the same once as run by each); a
 * `task` too: each thread that meets it creates one. */
const everyThread = (k) => ['critical', 'atomic', 'scope', 'task', 'taskwait'].includes(k.directive?.name ?? '') ||
    tasks_1.EVERY_THREAD.has(k.directive?.name ?? '');
/** A loop whose iterations the team shares: `for`, and `loop` bound to the region (no `bind`, or
 * `bind(parallel)`), which is read as `for`. */
function sharesIterations(k) {
    const name = k.directive?.name ?? '';
    if (name !== 'loop')
        return name === 'for' || name === 'for simd';
    const binding = k.clauses.find(cl => cl.name === 'bind')?.args?.text.trim();
    return !binding || binding === 'parallel';
}
/**
 * The variables a `parallel` region gives each thread (declared in it outside its constructs, not
 * static, or listed `private`/`firstprivate` on it) and writes, which its fork-join translation
 * gives each iteration of the work-sharing loop using them instead; undefined where one cannot be
 * so given, and the region is translated SPMD (a copy per thread). Every use must be in one of the
 * region's work-sharing loops: its control variable, or in its body, which stores it before every
 * read there (`int j;` ... `for (j = 0; ...)` inside the loop). A variable the region only reads is
 * the same for every thread, and one only a `single` or `master` uses is used by one thread: one
 * copy serves. (A copy for all iterations raced: such loops computed something else.)
 */
function iterationPrivates(model, c) {
    // Asked for by the region and by each of its loops: read once.
    if (!privatesOf.has(c))
        privatesOf.set(c, readIterationPrivates(model, c));
    return privatesOf.get(c);
}
const privatesOf = new WeakMap();
function readIterationPrivates(model, c) {
    const region = c.region;
    const loops = c.children.filter(k => sharesIterations(k) && k.loop);
    // Declared in the region (outside its constructs), or listed `private`/`firstprivate` on it.
    const listed = new Set(c.clauses.filter(cl => cl.name === 'private' || cl.name === 'firstprivate').flatMap(cl => cl.items.map(i => i.name)));
    const candidates = new Set();
    for (const v of model.scopes.variables)
        if ((0, span_1.within)(v.span, region) && !v.isStatic && !v.isExtern && !c.children.some(k => (0, span_1.within)(v.span, (0, constructs_1.constructSpan)(k))))
            candidates.add(v);
    for (const r of model.scopes.references)
        if (r.variable && listed.has(r.variable.name) && (0, span_1.within)(r.span, region) && !(0, span_1.within)(r.variable.span, region))
            candidates.add(r.variable);
    // Constructs that run once (`single`, `master`): a variable only one uses has only that thread's copy used.
    const once = c.children.filter(k => ['single', 'master', 'masked'].includes(k.directive?.name ?? ''));
    const out = [];
    for (const v of candidates) {
        const uses = (0, scopes_1.referencesOf)(model.scopes, v).filter(r => (0, span_1.within)(r.span, region) && !(0, span_1.within)(r.span, v.declaration));
        // Written: stored (an element or field too); an array passed to a function may be filled.
        const written = (r) => (0, scopes_1.changesVariable)(r) || (v.shape === 'array' && r.node.parent?.type === 'argument_list');
        if (!uses.some(written))
            continue;
        if (once.some(k => uses.every(r => (0, span_1.within)(r.span, (0, constructs_1.constructSpan)(k)))))
            continue;
        const ok = loops.filter(k => uses.some(r => (0, span_1.within)(r.span, k.loop))).every(k => {
            const body = (0, ast_1.child)(k.loop, 'body');
            const control = (0, loops_1.canonicalHeader)(k.loop, model.text).header?.variable === v.name;
            return uses.every(r => !(0, span_1.within)(r.span, k.loop) || (control && !(0, span_1.within)(r.span, body)) || (0, span_1.within)(r.span, body))
                && (!uses.some(r => (0, span_1.within)(r.span, body)) || (0, barriers_1.storedFirst)(model, region, v, [body]));
        });
        if (!ok || !uses.every(r => loops.some(k => (0, span_1.within)(r.span, k.loop))))
            return undefined;
        out.push(v);
    }
    return out;
}
/** Whether a region has statements every thread runs (outside every work-sharing construct). */
function hasTeamCode(c) {
    const region = c.region;
    const chained = chainedChild(c);
    if (chained)
        return everyThread(chained);
    const governed = new Set();
    for (const k of c.children) {
        if (everyThread(k))
            continue;
        if (k.statement)
            governed.add(k.statement.start);
        governed.add(k.start);
    }
    const statements = region.type === 'compound_statement' ? (0, ast_1.named)(region) : [region];
    return statements.some(s => {
        if (s.type === 'comment' || s.type === 'preproc_call' || governed.has(s.start))
            return false;
        if (s.type === 'expression_statement' && (0, ast_1.named)(s).length === 0)
            return false;
        let call = false;
        (0, ast_1.walk)(s, x => !(call ||= x.type === 'call_expression'));
        return s.type !== 'declaration' || call;
    });
}
/** A region written SPMD-style: statements every thread runs, or thread ids. */
function isSpmdRegion(model, c) {
    if (c.dialect !== 'openmp' || !TEAMS.has(c.directive?.name ?? '') || !c.region)
        return false;
    return ownQueries(model, c).length > 0 ||
        (c.directive.name === 'parallel' && (hasTeamCode(c) || !iterationPrivates(model, c)));
}
/**
 * Thread queries outside the regions the translation names: in `main` (not called in the file)
 * the initial thread asks, alone in its team: `0` and `1`. Anywhere else a region may be running
 * the function, and in other parallel constructs (`parallel sections`) the threads are not
 * named: refused.
 */
function threadQueriesOutsideRegions(stage, model) {
    const text = stage.text;
    for (const q of queriesIn(model.item, text)) {
        const team = teamOf(model, q.call);
        if (TEAMS.has(team?.directive.name ?? ''))
            continue; // the region's translation reads it
        const once = team && exports.ONE_THREAD.has(team.directive.name) ? oneThreadAnswers(team) : undefined;
        if (once) {
            stage.edit((0, edits_1.replace)(q.call, once[q.kind]));
            continue;
        }
        const fn = model.item.type === 'function_definition' ? (0, ast_1.functionName)(model.item, text)?.name : undefined;
        if (!team && fn === 'main' && !callsMain(model.item, text)) {
            stage.edit((0, edits_1.replace)(q.call, q.kind === 'tid' ? '0' : '1'));
            continue;
        }
        const where = team
            ? `inside '#pragma omp ${team.directive.name}', whose threads are not named here`
            : `outside any parallel region, in '${fn ?? 'this declaration'}', which a parallel region may call: ` +
                `its value depends on the thread calling it`;
        stage.refuse('MF602', q.call, `'${q.name}' cannot be translated ${where}; MetaFork has no threads to ask`, {
            call: q.name,
        });
    }
}
/** `parallel master`, `parallel masked`: one thread of the team runs the body, once. */
exports.ONE_THREAD = new Set(['parallel master', 'parallel masked']);
/**
 * What the thread queries in the body of a `parallel master`/`parallel masked` read: the filter's
 * thread (0 by default) in a team of `num_threads` (OpenMP 5.2 §10.5). Undefined where the body
 * might run on no thread (a filter not below the team size), or the filter reads a thread id.
 */
function oneThreadAnswers(c) {
    const arg = (name) => {
        const cl = c.clauses.find(x => x.name === name);
        return cl ? (cl.args?.text.trim() ?? '') : undefined;
    };
    const count = arg('num_threads') ?? 'omp_get_max_threads()';
    const condition = arg('if')?.replace(/^parallel\s*:/, '').trim();
    const nthreads = condition ? `((${condition}) ? ${count} : 1)` : count;
    const filter = arg('filter') ?? '0';
    if (filter === '0')
        return { tid: '0', nthreads };
    // A filter other than 0 names a thread only when it is below the team size, known here.
    const below = /^\d+$/.test(filter) && /^\d+$/.test(count) && !condition && Number(filter) < Number(count);
    return below ? { tid: filter, nthreads } : undefined;
}
/** Whether the file calls `main` (which a region could then be running). */
function callsMain(item, text) {
    let root = item;
    while (root.parent)
        root = root.parent;
    let found = false;
    (0, ast_1.walk)(root, n => {
        const f = n.type === 'call_expression' ? (0, ast_1.child)(n, 'function') : undefined;
        if (f && text.slice(f.start, f.end) === 'main')
            found = true;
        return !found;
    });
    return found;
}
/** The names of the functions `node` calls by name. */
function calledNames(node, text) {
    const names = [];
    (0, ast_1.walk)(node, n => {
        const f = n.type === 'call_expression' ? (0, ast_1.child)(n, 'function') : undefined;
        if (f?.type === 'identifier')
            names.push(text.slice(f.start, f.end));
        return true;
    });
    return names;
}
/**
 * The functions the items define, by name; with `doc` (the items are a part of it, as in a focused
 * translation), every function of the document, modelled whole when first asked for: a region's
 * calls leave the part.
 */
function functionsByName(models, text, doc) {
    const functions = new Map();
    const defined = (m) => (m.item.type === 'function_definition' ? (0, ast_1.functionName)(m.item, text)?.name : undefined);
    if (!doc) {
        for (const m of models) {
            const name = defined(m);
            if (name)
                functions.set(name, m);
        }
        return functions;
    }
    return {
        get(name) {
            if (functions.has(name))
                return functions.get(name);
            // Only the definitions whose head names it are modelled.
            const called = new RegExp(`\\b${name}\\s*\\(`);
            const found = doc.items.findIndex((ref, i) => {
                if (ref.type !== 'function_definition')
                    return false;
                const body = doc.text.indexOf('{', ref.start);
                return called.test(doc.text.slice(ref.start, body < 0 || body > ref.end ? ref.end : body)) && defined(doc.item(i)) === name;
            });
            const m = found < 0 ? undefined : doc.item(found);
            functions.set(name, m);
            return m;
        },
    };
}
/**
 * The file's functions reached from the calls `start` names, directly or through their own calls,
 * each once, in the order met (the last named first), with the `tag` of the call that reached it.
 */
function reachedThroughCalls(start, functions, text) {
    const reached = new Map();
    const pending = [...start];
    for (let next; (next = pending.pop());) {
        const [f, tag] = next;
        const m = functions.get(f);
        if (!m || reached.has(f))
            continue;
        reached.set(f, tag);
        for (const g of calledNames(m.item, text))
            pending.push([g, tag]);
    }
    return reached;
}
/** Constructs whose work the innermost enclosing team shares, or which one of its threads runs. */
exports.TEAM_BOUND = new Set([
    'for', 'for simd', 'loop', 'sections', 'single', 'master', 'masked', 'scope', 'barrier',
]);
/**
 * Team constructs outside every parallel region of their function (orphaned: they bind to the team
 * that calls the function, OpenMP 5.2 §1.2.2) in a function a parallel region of the file calls,
 * directly or through other functions: every thread of that team runs the function, and the
 * construct shares its work among them — a team the function's translation cannot see. Refused,
 * naming the region.
 */
function orphansInRegions(stage, { functions, reached, translated }, doc) {
    const text = stage.text;
    // A part of the document (a focused translation): its orphans that a region elsewhere reaches too.
    const fromElsewhere = doc ? reachedFromRegions(regionItems(doc), functions, text) : new Map();
    for (const [f, region] of new Map([...fromElsewhere, ...reached])) {
        const m = functions.get(f);
        for (const c of m.constructs) {
            if (c.dialect !== 'openmp' || !exports.TEAM_BOUND.has(c.directive?.name ?? '') || teamOf(m, c.head))
                continue;
            if (!reached.has(f) && !translated.has(c))
                continue;
            const message = `'#pragma omp ${c.directive.name}' outside any parallel region of '${f}', which ${region} ` +
                `calls: the calling team shares its work, a team MetaFork cannot see here ` +
                `(write the construct inside the region)`;
            stage.refuse('MF601', c.directive.nameSpan, message, { construct: c.directive.name, target: 'metafork' });
        }
    }
}
function regionReach(models, text, doc) {
    const functions = functionsByName(models, text, doc);
    return { functions, reached: reachedFromRegions(models, functions, text), translated: new Set(models.flatMap(m => m.constructs)) };
}
/** Which region reaches each function: a region's calls, then the calls of what they reach; with
 * `counts`, only the regions it accepts. */
function reachedFromRegions(items, functions, text, counts) {
    const calls = [];
    for (const m of items)
        for (const c of m.constructs)
            if (c.dialect === 'openmp' && c.directive?.name.startsWith('parallel') && c.region && (!counts || counts(c))) {
                const where = m.item.type === 'function_definition' ? (0, ast_1.functionName)(m.item, text)?.name : undefined;
                const region = `the '#pragma omp ${c.directive.name}' region${where ? ` in '${where}'` : ''}`;
                for (const f of calledNames(c.region, text))
                    calls.push([f, region]);
            }
    return reachedThroughCalls(calls, functions, text);
}
/**
 * A region translated alone (a focused translation from OpenMP) that calls a function keeping its
 * OpenMP tasks: they ran in the region's team and have none now (unless a region left in the file
 * reaches the function too), so they run one at a time. The results stay the same; the parallelism
 * is lost, which is said (MF608) on the function, with the way out: translate it too.
 */
function tasksLosingTheirTeam(stage, { functions, reached, translated }, doc) {
    const text = stage.text;
    const kept = reachedFromRegions(regionItems(doc), functions, text, c => !translated.has(c));
    for (const [f, region] of reached) {
        const m = functions.get(f);
        const tasks = m.constructs.filter(c => c.dialect === 'openmp' && /^task(loop)?\b/.test(c.directive?.name ?? '') && !translated.has(c) && !teamOf(m, c.head));
        if (!tasks.length || kept.has(f))
            continue;
        stage.report('MF608', (0, ast_1.functionName)(m.item, text) ?? m.item, `'${f}' keeps its '#pragma omp ${tasks[0].directive.name}' and had the team of ${region}, translated now: ` +
            `its tasks have no team of threads and run one at a time (translate '${f}' too, or the file)`);
    }
}
/** The document's items with an OpenMP `parallel` directive, modelled. */
function regionItems(doc) {
    const { pragmas } = doc.syntax.layer;
    const out = [];
    doc.items.forEach((ref, i) => {
        if ((0, document_1.inSpan)(pragmas, ref).some(p => /^\s*#\s*pragma\s+omp\s+(\w+\s+)*parallel\b/.test(p.text)))
            out.push(doc.item(i));
    });
    return out;
}
//# sourceMappingURL=teams.js.map