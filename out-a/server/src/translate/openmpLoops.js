"use strict";
// MetaFork -> OpenMP: which OpenMP loop a `meta_for` becomes. Where a team of threads runs it
// already, a `taskloop` the team's threads share (not a nested `parallel for` whose team nobody
// can give threads to), sharing explicitly what MetaFork shares; elsewhere a `parallel for`,
// scheduled dynamically when its iterations cost unevenly.
//
// A taskloop is correct anywhere: outside a parallel region it runs on the one implicit task
// (OpenMP 5.2 §12.6). So the choice only decides speed; it never needs to be exact.
Object.defineProperty(exports, "__esModule", { value: true });
exports.taskloopPlacement = taskloopPlacement;
exports.taskloopShared = taskloopShared;
exports.opensNestedTeams = opensNestedTeams;
exports.wrapsMain = wrapsMain;
exports.unevenIterations = unevenIterations;
exports.teamStatements = teamStatements;
const ast_1 = require("../syntax/ast");
const scopes_1 = require("../model/scopes");
const loops_1 = require("../model/loops");
const declarations_1 = require("../model/declarations");
const sharing_1 = require("../model/sharing");
/** Constructs whose body runs as tasks (or iterations) of a team. */
const IN_TEAM = new Set(['spawn', 'block-spawn', 'parallel-for', 'pipe', 'pipe-stage']);
/** OpenMP directives, written in a mixed-dialect file, whose bodies are tasks. */
const TASK_DIRECTIVES = /^(task|taskloop|single|master|masked)\b/;
/** Names of the functions called inside `node`. */
function calls(node, text) {
    const out = [];
    (0, ast_1.walk)(node, n => {
        const f = n.type === 'call_expression' ? (0, ast_1.child)(n, 'function') : undefined;
        if (f?.type === 'identifier')
            out.push(text.slice(f.start, f.end));
    });
    return out;
}
/**
 * Which `meta_for`s become `taskloop`s: every one when `main` runs inside the generated
 * `parallel` + `single` (`wrapped`), else those nested in a spawn, a parallel loop or a pipeline,
 * and those in functions called (transitively) from such code.
 */
function taskloopPlacement(models, wrapped) {
    if (wrapped)
        return () => true;
    const bodies = new Map();
    for (const model of models)
        if (model.item.type === 'function_definition') {
            const name = (0, ast_1.functionName)(model.item, model.text)?.name;
            if (name)
                bodies.set(name, { fn: model.item, text: model.text });
        }
    const pending = [];
    for (const model of models)
        for (const c of model.constructs) {
            const region = c.kind === 'spawn' ? c.call : c.region ?? c.statement;
            if (c.dialect === 'metafork' && IN_TEAM.has(c.kind) && region)
                pending.push(...calls(region, model.text));
        }
    const team = new Set();
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
        if (team.has(name))
            continue;
        team.add(name);
        const body = bodies.get(name);
        if (body)
            pending.push(...calls(body.fn, body.text));
    }
    return (model, c) => {
        for (let p = c.parent; p; p = p.parent)
            if (IN_TEAM.has(p.kind) || (p.kind === 'omp' && TASK_DIRECTIVES.test(p.directive?.name ?? '')))
                return true;
        const fn = c.functionNode;
        const name = fn?.type === 'function_definition' ? (0, ast_1.functionName)(fn, model.text)?.name : undefined;
        return !!name && team.has(name);
    };
}
/**
 * The variables a `taskloop` made of a `meta_for` must list as `shared`: inside a task, a local of
 * the enclosing function is firstprivate by default (OpenMP 5.2 §5.1.1), where MetaFork shares
 * every variable declared outside the loop. Read-only scalars may stay private copies (the same
 * values, and cheaper to read); arrays are listed even when read, so that no task copies them.
 */
function taskloopShared(model, c) {
    const out = [];
    for (const e of (0, sharing_1.sharingAt)(model, c)) {
        const v = e.variable;
        if (e.local || e.sharing !== 'shared' || !(0, declarations_1.isFunctionLocal)(v) || out.includes(v.name))
            continue;
        const written = e.references.some(r => v.shape === 'value' ? r.access !== 'read' : r.access !== 'read' && !r.through);
        if (v.shape === 'array' || v.shape === 'reference' || written || e.references.some(r => r.addressTaken))
            out.push(v.name);
    }
    return out;
}
/** Whether the file itself opens OpenMP `parallel` regions: inside the generated team they are nested. */
function opensNestedTeams(models) {
    return models.some(m => m.constructs.some(c => c.kind === 'omp' && !!c.directive?.name.startsWith('parallel')));
}
/** Whether the translation wraps `main` in `parallel` + `single`: the file spawns and defines `main`. */
function wrapsMain(models) {
    const spawns = models.some(m => m.constructs.some(c => c.dialect === 'metafork' && ['spawn', 'block-spawn', 'pipe'].includes(c.kind)));
    return (spawns &&
        models.some(m => m.item.type === 'function_definition' && (0, ast_1.functionName)(m.item, m.text)?.name === 'main'));
}
/**
 * Whether a loop body's cost may differ from iteration to iteration: it holds a loop whose trip
 * count the data decides (a `while`, a `do`, a `for` that is not in canonical form, an early
 * exit). A `parallel for` of such a loop gets `schedule(dynamic)`: the static default would hand
 * each thread one contiguous share whatever it costs, where MetaFork's and Cilk's runtimes balance
 * the iterations by work stealing.
 */
function unevenIterations(body, text) {
    let uneven = false;
    (0, ast_1.walk)(body, n => {
        if (n.type === 'while_statement' ||
            n.type === 'do_statement' ||
            (n.type === 'break_statement' && exitsLoop(n)) ||
            n.type === 'goto_statement' ||
            (n.type === 'for_statement' && !(0, loops_1.canonicalHeader)(n, text).header))
            uneven = true;
        return !uneven;
    });
    return uneven;
}
/** Whether a `break` leaves a loop (not a `switch`). */
function exitsLoop(b) {
    for (let p = b.parent; p; p = p.parent) {
        if (p.type === 'switch_statement')
            return false;
        if (p.type === 'for_statement' || p.type === 'while_statement' || p.type === 'do_statement')
            return true;
    }
    return false;
}
/** Functions whose bodies hold MetaFork constructs, or call (transitively) a function that does. */
function parallelFunctions(models) {
    const callers = new Map();
    const pending = [];
    for (const m of models) {
        const name = m.item.type === 'function_definition' ? (0, ast_1.functionName)(m.item, m.text)?.name : undefined;
        if (!name)
            continue;
        for (const f of calls(m.item, m.text))
            callers.set(f, [...(callers.get(f) ?? []), name]);
        if (m.constructs.some(c => c.dialect === 'metafork'))
            pending.push(name);
    }
    const out = new Set();
    for (let f = pending.pop(); f !== undefined; f = pending.pop()) {
        if (out.has(f))
            continue;
        out.add(f);
        pending.push(...(callers.get(f) ?? []));
    }
    return out;
}
/**
 * The statements of `main` the team must run: from the first that holds a MetaFork construct or
 * calls a function reaching one, to the last. Statements before (allocation, input) and after
 * (output, `free`) run outside the parallel region, as a person writes OpenMP: a `free` of pages
 * touched by the team costs more inside the region, where each unmapped page is flushed from the
 * other threads' TLBs. Undefined where the statements cannot be a region's body: a `return`,
 * `goto` or label inside, a declaration among them that a later statement reads (or, in C++, any).
 */
function teamStatements(models, main) {
    const text = main.text;
    const body = (0, ast_1.child)(main.item, 'body');
    if (!body)
        return undefined;
    const reaching = parallelFunctions(models);
    const statements = (0, ast_1.named)(body).filter(s => s.type !== 'comment');
    const needsTeam = (s) => 
    // Overlapping, not within: a keyword statement's construct starts at its keyword (`meta_join;`
    // is parsed as the statement `;`).
    main.constructs.some(c => c.dialect === 'metafork' && c.start < s.end && c.end > s.start) ||
        calls(s, text).some(f => reaching.has(f));
    const first = statements.findIndex(needsTeam);
    const last = statements.length - 1 - [...statements].reverse().findIndex(needsTeam);
    if (first < 0)
        return undefined;
    const range = statements.slice(first, last + 1);
    let leaves = false;
    for (const s of range)
        (0, ast_1.walk)(s, n => !(leaves ||= ['return_statement', 'goto_statement', 'labeled_statement'].includes(n.type)));
    if (leaves)
        return undefined;
    // In C++ a declaration's scope also decides when its destructor runs: kept where it was.
    if (main.fileScope.cpp && range.some(s => s.type === 'declaration'))
        return undefined;
    const declared = new Set();
    for (const s of range)
        if (s.type === 'declaration')
            for (const d of (0, ast_1.children)(s, 'declarator')) {
                const info = (0, scopes_1.declaratorInfo)(d);
                if (info)
                    declared.add(text.slice(info.id.start, info.id.end));
            }
    let readLater = false;
    for (const s of statements.slice(last + 1))
        (0, ast_1.walk)(s, n => !(readLater ||= n.type === 'identifier' && declared.has(text.slice(n.start, n.end))));
    if (readLater)
        return undefined;
    // A keyword statement starts at its keyword, which the parse does not see (`meta_fork shared(r) {`).
    const around = (s) => main.constructs.filter(c => c.start < s.end && c.end > s.start);
    return {
        start: Math.min(range[0].start, ...around(range[0]).map(c => c.start)),
        end: Math.max(range[range.length - 1].end, ...around(range[range.length - 1]).map(c => c.end)),
    };
}
//# sourceMappingURL=openmpLoops.js.map