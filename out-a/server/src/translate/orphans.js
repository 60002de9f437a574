"use strict";
// Orphaned work-sharing brought into regions, in NAS BT's shape: `#pragma omp parallel` around a
// lone call `f();` of a function whose constructs are orphaned (they share the work of the team
// that calls it, OpenMP 5.2 §1.2.2) becomes the plain call, and the region goes into `f`, around
// its body, where its constructs then bind to it; a function whose body only calls such functions
// (BT's `x_solve: lhsx(); x_solve_cell(); x_backsubstitute();`) calls them in turn, each opening
// its own team. An OpenMP -> OpenMP rewrite before the translation's stages, which then read the
// regions as written there.
// Sound where every call of each such function is one of these, and it is `static void f(void)`,
// its address never taken: a team of the same size runs the same body, each thread as before; the
// only change is a barrier between two calls of a list (a race-free program computes the same with
// one barrier more). A call no region reaches (BT's verify calls compute_rhs) ran the body on one
// thread, whose team of one did all the work: it may stand where every thread running the body does
// the same (`Candidate.replicable`). Anything else is left as it is, and refused where it was
// (teams.orphansInRegions).
Object.defineProperty(exports, "__esModule", { value: true });
exports.teamsIntoFunctions = teamsIntoFunctions;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const constructs_1 = require("../model/constructs");
const scopes_1 = require("../model/scopes");
const span_1 = require("../base/span");
const teams_1 = require("./teams");
/** Whether every thread of a team may run `m`'s body where one did (see `Candidate.replicable`). */
function replicable(m, body) {
    const constructs = m.constructs.filter(c => c.dialect === 'openmp');
    if (constructs.some(c => !c.parent && !teams_1.TEAM_BOUND.has(c.directive?.name ?? '')))
        return false;
    const inConstruct = (n) => constructs.some(c => (0, span_1.within)(n, (0, constructs_1.constructSpan)(c)));
    let ok = true;
    (0, ast_1.walk)(body, n => {
        if (!ok || inConstruct(n))
            return false;
        if (n.type === 'call_expression')
            ok = false;
        return ok;
    });
    const own = (v) => !!v && (0, span_1.within)(v.declaration, body) && !v.isStatic;
    return ok && m.scopes.references.every(r => !(0, span_1.within)(r.span, body) || inConstruct(r.node) || !(0, scopes_1.changesVariable)(r) || own(r.variable));
}
/** A call `f();` standing alone as a statement: the callee's name. */
function loneCall(statement, text) {
    if (statement?.type !== 'expression_statement')
        return undefined;
    const [call] = (0, ast_1.named)(statement);
    const f = call?.type === 'call_expression' ? (0, ast_1.child)(call, 'function') : undefined;
    const args = call && (0, ast_1.child)(call, 'arguments');
    if (f?.type !== 'identifier' || !args || (0, ast_1.named)(args).some(a => a.type !== 'comment'))
        return undefined;
    return text.slice(f.start, f.end);
}
/** The statements of a block that are not comments. */
const statements = (block) => (0, ast_1.named)(block).filter(n => n.type !== 'comment');
/** `static void f(void)` (or `()`): the function's name and body; undefined for any other. */
function plainFunction(m, text) {
    const fn = m.item;
    if (fn.type !== 'function_definition')
        return undefined;
    const { isStatic, typeText } = (0, scopes_1.specifierFacts)(fn, text);
    const declarator = (0, ast_1.child)(fn, 'declarator');
    const params = declarator?.type === 'function_declarator' ? (0, ast_1.child)(declarator, 'parameters') : undefined;
    const body = (0, ast_1.child)(fn, 'body');
    const name = (0, ast_1.functionName)(fn, text)?.name;
    if (!isStatic || typeText !== 'void' || !params || !body || !name)
        return undefined;
    if (!/^\(\s*(void)?\s*\)$/.test(text.slice(params.start, params.end)))
        return undefined;
    return { name, body };
}
/** The region of `c` when it is `#pragma omp parallel` without clauses around a lone call: the call's name. */
function teamCall(c, text) {
    if (c.dialect !== 'openmp' || c.directive?.name !== 'parallel' || c.clauses.length || !c.region)
        return undefined;
    const region = c.region;
    if (region.type === 'compound_statement') {
        const inside = statements(region);
        return inside.length === 1 ? loneCall(inside[0], text) : undefined;
    }
    return loneCall(region, text);
}
/**
 * Brings the orphaned constructs of the functions that parallel regions call alone into regions of
 * their own (see above), with a note at each region moved.
 */
function teamsIntoFunctions(stage, openmp, everything) {
    const text = stage.text;
    // Only a file with such a region reads every item (a large file's other items are not modelled).
    if (!openmp.some(m => m.constructs.some(c => teamCall(c, text))))
        return;
    const models = everything();
    const candidates = new Map();
    for (const m of models) {
        const fn = plainFunction(m, text);
        if (!fn)
            continue;
        const orphans = m.constructs.filter(c => c.dialect === 'openmp' && teams_1.TEAM_BOUND.has(c.directive?.name ?? '') && !(0, teams_1.teamOf)(m, c.head));
        const regions = m.constructs.some(c => c.dialect === 'openmp' && c.directive?.name.startsWith('parallel'));
        let jumps = false;
        (0, ast_1.walk)(fn.body, n => !(jumps ||= n.type === 'return_statement' || n.type === 'goto_statement'));
        const inside = statements(fn.body);
        const calls = inside.map(s => loneCall(s, text));
        if (orphans.length && !regions && !jumps)
            candidates.set(fn.name, { model: m, body: fn.body, kind: 'work', calls: [], replicable: replicable(m, fn.body) });
        else if (!m.constructs.length && inside.length && calls.every(Boolean))
            candidates.set(fn.name, { model: m, body: fn.body, kind: 'list', calls: calls, replicable: true });
    }
    if (!candidates.size)
        return;
    // Every use of a candidate's name: a lone call that a clause-less region holds (`regions`), a
    // statement of a list (`listed`), a lone call no region reaches (`serial`: one thread runs it), or
    // anything else, which rules it out.
    const regions = new Map();
    const listed = new Map();
    const serial = new Set();
    const ruledOut = new Set();
    const { reached } = (0, teams_1.regionReach)(models, text);
    for (const m of models) {
        const holder = m.item.type === 'function_definition' ? (0, ast_1.functionName)(m.item, text)?.name : undefined;
        const owned = new Map();
        for (const c of m.constructs) {
            const f = teamCall(c, text);
            if (f && candidates.has(f))
                owned.set(c.region.type === 'compound_statement' ? statements(c.region)[0].start : c.region.start, c);
        }
        (0, ast_1.walk)(m.item, n => {
            if (n.type !== 'identifier')
                return true;
            const name = text.slice(n.start, n.end);
            // A variable of that name (BT's `double add;`) is not the function.
            if (!candidates.has(name) || (0, scopes_1.variableOf)(m.scopes, n) || m.scopes.variables.some(v => v.span.start === n.start))
                return true;
            const call = n.parent?.type === 'call_expression' && n.field === 'function' ? n.parent : undefined;
            const statement = call?.parent?.type === 'expression_statement' ? call.parent : undefined;
            const declared = n.parent?.type === 'function_declarator' && n.field === 'declarator';
            if (declared)
                return true; // its definition, or a prototype
            const region = statement && owned.get(statement.start);
            const list = holder && candidates.get(holder)?.kind === 'list' && statement?.parent === candidates.get(holder).body;
            const alone = loneCall(statement, text) === name;
            const outside = !m.constructs.some(c => c.dialect === 'openmp' && (0, span_1.within)(n, (0, constructs_1.constructSpan)(c)));
            if (region)
                regions.set(name, [...(regions.get(name) ?? []), region]);
            else if (list && alone)
                listed.set(name, [...(listed.get(name) ?? []), holder]);
            else if (alone && outside && holder && !reached.has(holder) && !candidates.has(holder))
                serial.add(name);
            else
                ruledOut.add(name);
            return true;
        });
    }
    // The team functions: called only as above, by a region or by a list that is one itself, and a
    // list's calls all team functions; what a ruled-out function calls is ruled out too (fixpoint).
    const team = new Set([...candidates.keys()].filter(f => !ruledOut.has(f) && (regions.has(f) || listed.has(f))));
    for (let changed = true; changed;) {
        changed = false;
        for (const f of team) {
            const c = candidates.get(f);
            const ok = (listed.get(f) ?? []).every(h => team.has(h)) && (c.kind === 'work' || c.calls.every(g => team.has(g)));
            // Run for one thread, or by a list that is: every thread of its own team runs it.
            const alone = serial.has(f) || (listed.get(f) ?? []).some(h => serial.has(h));
            if (ok && alone && !c.replicable) {
                team.delete(f);
                changed = true;
                continue;
            }
            if (alone && c.kind === 'list')
                for (const g of c.calls)
                    if (!serial.has(g)) {
                        serial.add(g);
                        changed = true;
                    }
            if (!ok) {
                team.delete(f);
                changed = true;
            }
        }
    }
    for (const f of team) {
        const c = candidates.get(f);
        for (const region of regions.get(f) ?? []) {
            stage.edit((0, edits_1.removeStatement)(text, region.head));
            stage.note(region.head, `'#pragma omp parallel' around the call of '${f}', whose work-sharing binds to the calling team: ` +
                `the region is translated in '${f}', around ${c.kind === 'work' ? 'its body' : 'the functions it calls'}`);
        }
        if (c.kind !== 'work')
            continue;
        stage.edit((0, edits_1.insert)(c.body.start + 1, `\n#pragma omp parallel\n{`));
        stage.edit((0, edits_1.insert)(c.body.end - 1, `}\n`));
    }
}
//# sourceMappingURL=orphans.js.map