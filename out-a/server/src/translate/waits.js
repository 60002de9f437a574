"use strict";
// Code a region's threads run that waits for another thread. MetaFork may run the threads of a
// region (its loops over thread ids, its sections) one after another, so a thread waiting for
// another may wait for ever, where OpenMP runs the team at once: such code is refused (MF602) at
// the wait, in the region and in the file's functions it calls.
Object.defineProperty(exports, "__esModule", { value: true });
exports.waitsForOthers = waitsForOthers;
exports.sectionWaitsForSibling = sectionWaitsForSibling;
exports.waitsInRegions = waitsInRegions;
const ast_1 = require("../syntax/ast");
const scopes_1 = require("../model/scopes");
const span_1 = require("../base/span");
const barriers_1 = require("./barriers");
const teams_1 = require("./teams");
const LOOPS = new Set(['while_statement', 'do_statement', 'for_statement']);
/**
 * A loop of the region waiting for another thread: its condition reads a variable the threads
 * share and the loop itself never changes (`while (!ready) ;`, a flag set by another thread).
 * The iterations of a loop over thread ids may run one after another, so such a wait may never
 * end: refused.
 */
function waitsForOthers(f, teams) {
    let found;
    (0, ast_1.walk)(f.region, n => {
        if (found || !LOOPS.has(n.type))
            return !found;
        if (teams(n) !== f.construct)
            return true; // a nested region's own loop
        const condition = (0, ast_1.child)(n, 'condition');
        let call = false;
        if (condition)
            (0, ast_1.walk)(condition, x => !(call ||= x.type === 'call_expression'));
        if (!condition || call)
            return true;
        const read = (0, scopes_1.referencesWithin)(f.model.scopes, condition)
            .filter(r => r.variable)
            .map(r => r.variable);
        const shared = (v) => !f.threadVariables.includes(v) && !(0, span_1.within)(v.span, n) && !v.isConst;
        // A variable the loop changes only by copying shared ones it never changes (`r = ready;`).
        const copies = read.filter(v => (0, barriers_1.writes)(f.model, v, n)).map(v => copiedFrom(f, v, n, shared));
        const waited = copies.some(c => c === undefined) ? undefined : [...read.filter(shared), ...copies.flat()][0];
        if (waited && !read.some(v => shared(v) && (0, barriers_1.writes)(f.model, v, n)))
            found = {
                span: condition,
                message: `this loop waits for another thread (on '${waited.name}', which the loop never changes): ` +
                    `MetaFork may run the threads of the region one after another, so the wait could never end`,
                data: { variable: waited.name },
            };
        return !found;
    });
    return found;
}
/**
 * A section waiting for another: a loop of one section reads a variable (not an array, not through
 * a pointer) declared outside the sections, and not one of their private `copies`, that another
 * section writes and the loop never changes
 * (`while (!done) { critical { if (ready) done = 1; } }`, `ready` set by the other section). The
 * sections may run one after another in MetaFork, so such a wait may never end: refused.
 */
function sectionWaitsForSibling(model, sections, copies) {
    let found;
    sections.forEach((section, i) => {
        (0, ast_1.walk)(section, n => {
            if (found || !LOOPS.has(n.type))
                return !found;
            for (const r of model.scopes.references) {
                const v = r.variable;
                if (!v || v.shape !== 'value' || v.isConst || r.access !== 'read' || r.through || !(0, span_1.within)(r.span, n))
                    continue;
                if ((0, span_1.within)(v.span, section) || copies.includes(v) || (0, barriers_1.writes)(model, v, n))
                    continue;
                if (!sections.some((other, j) => j !== i && (0, barriers_1.writes)(model, v, other)))
                    continue;
                const head = (0, ast_1.child)(n, 'condition') ?? n;
                found = {
                    span: { start: n.start, end: head.end },
                    message: `this loop reads '${v.name}', which another section writes and the loop never changes: it may wait for ` +
                        `that section, and MetaFork may run the sections one after another, so the wait could never end`,
                    data: { variable: v.name },
                };
                return false;
            }
            return true;
        });
    });
    return found;
}
/** The shared variables that the loop's assignments of `v` only copy, or undefined when one computes. */
function copiedFrom(f, v, loop, shared) {
    const out = [];
    for (const r of (0, scopes_1.referencesOf)(f.model.scopes, v)) {
        if (!(0, span_1.within)(r.span, loop) || r.access === 'read')
            continue;
        const assignment = r.node.parent;
        const right = assignment?.type === 'assignment_expression' ? (0, ast_1.child)(assignment, 'right') : undefined;
        if (!right || r.access !== 'write')
            return undefined;
        let call = false;
        (0, ast_1.walk)(right, x => !(call ||= x.type === 'call_expression'));
        const sources = (0, scopes_1.referencesWithin)(f.model.scopes, right)
            .filter(x => x.variable)
            .map(x => x.variable);
        if (call || !sources.length || sources.some(u => !shared(u) || (0, barriers_1.writes)(f.model, u, loop)))
            return undefined;
        out.push(...sources);
    }
    return out;
}
const SET_LOCK = new Set(['omp_set_lock', 'omp_set_nest_lock']);
const TEST_LOCK = new Set(['omp_test_lock', 'omp_test_nest_lock']);
const UNSET_LOCK = new Set(['omp_unset_lock', 'omp_unset_nest_lock']);
/**
 * Waits in the code the threads of the file's parallel regions run, the region and the file's
 * functions it calls (directly or through others), beyond the region's own flag loops (waitsForOthers)
 * and sections (sectionWaitsForSibling):
 * - a loop polling: each variable its condition reads is shared and the loop never changes it (in a
 *   called function: a global or static one), or the loop changes it only inside a critical or
 *   atomic construct, in the `then` branch of an `if` reading shared memory
 *   (`while (!done) { critical if (*f == 1) { *f = 0; done = 1; } }`: another thread raises `*f`);
 * - a lock set and not unset later in its block (before any barrier), or unset where its block did
 *   not set it: a lock held past its block is one another thread waits for or releases. (A loop
 *   spinning on `omp_test_lock` then only waits for a block of another thread to end, which it does
 *   when the threads run one after another.)
 */
function waitsInRegions(stage, models, doc) {
    const text = stage.text;
    const functions = (0, teams_1.functionsByName)(models, text, doc);
    for (const model of models) {
        for (const c of model.constructs) {
            if (c.dialect !== 'openmp' || !c.directive?.name.startsWith('parallel') || !c.region)
                continue;
            const listed = new Set(c.clauses.filter(cl => cl.name === 'private' || cl.name === 'firstprivate').flatMap(cl => cl.items.map(i => i.name)));
            // What a region's threads share: what it does not declare, make private or take as a constant.
            const code = [{
                    model, body: c.region, callee: false,
                    shared: v => !(0, span_1.within)(v.span, c.region) && !listed.has(v.name) && !v.isConst,
                }];
            const calls = (0, teams_1.calledNames)(c.region, text).map((f) => [f, true]);
            for (const f of (0, teams_1.reachedThroughCalls)(calls, functions, text).keys()) {
                const callee = functions.get(f);
                code.push({ model: callee, body: callee.item, callee: true, shared: v => v.storage === 'global' || v.storage === 'file' || v.isStatic });
            }
            const where = `the '#pragma omp ${c.directive.name}' region`;
            for (const t of code) {
                const found = (!t.callee && c.directive.name.includes('sections') ? undefined : pollingLoop(t)) ?? heldLock(t, text);
                if (found) {
                    const place = t.callee ? ` (in '${(0, ast_1.functionName)(t.body, text)?.name}', which ${where} calls)` : '';
                    stage.refuse('MF602', found.span, found.message + place, found.data);
                }
            }
        }
    }
}
/** A loop of the threads' code polling for another thread (see waitsInRegions). */
function pollingLoop(t) {
    const { model } = t;
    let found;
    (0, ast_1.walk)(t.body, n => {
        if (found || !LOOPS.has(n.type))
            return !found;
        const condition = (0, ast_1.child)(n, 'condition');
        if (!condition)
            return true;
        let call;
        (0, ast_1.walk)(condition, x => {
            const f = x.type === 'call_expression' ? (0, ast_1.child)(x, 'function') : undefined;
            if (f)
                call = model.text.slice(f.start, f.end);
            return !call;
        });
        if (call)
            return true;
        const read = [...new Set((0, scopes_1.referencesWithin)(model.scopes, condition).filter(r => r.variable).map(r => r.variable))];
        if (!read.length)
            return true;
        const changes = (v) => (0, scopes_1.referencesOf)(model.scopes, v).filter(r => (0, span_1.within)(r.span, n) && (0, scopes_1.changesVariable)(r));
        // In a called function, a shared variable the loop never changes is a flag another thread sets.
        const waitsOn = (v) => t.callee && t.shared(v) && !changes(v).length;
        const polled = (v) => {
            const list = changes(v);
            return list.length > 0 && list.every(r => synchronized(model, r, n) && guardedByShared(t, r, n));
        };
        if (!read.every(v => waitsOn(v) || polled(v)))
            return true;
        const v = read.find(polled) ?? read[0];
        found = {
            span: condition,
            message: polled(v)
                ? `this loop ends only once another thread has changed what it polls ('${v.name}' changes only in a critical ` +
                    `or atomic section, when shared data allows): MetaFork may run the threads one after another, so the wait could never end`
                : `this loop waits for another thread (on '${v.name}', which the loop never changes): ` +
                    `MetaFork may run the threads one after another, so the wait could never end`,
            data: { variable: v.name },
        };
        return false;
    });
    return found;
}
/** Whether a reference sits in a critical or atomic construct inside `loop`. */
function synchronized(model, r, loop) {
    return model.constructs.some(c => c.dialect === 'openmp' && (c.directive?.name === 'critical' || c.directive?.name === 'atomic') &&
        (0, span_1.within)(c, loop) && (0, span_1.within)(r.span, c));
}
/** Whether a reference sits in the `then` branch of an `if` inside `loop` whose condition reads
 * shared memory: a shared variable, or memory through a pointer, a subscript or `->`. */
function guardedByShared(t, r, loop) {
    for (let p = r.node; p && p !== loop; p = p.parent) {
        const parent = p.parent;
        if (parent?.type !== 'if_statement' || (0, ast_1.child)(parent, 'consequence') !== p)
            continue;
        const condition = (0, ast_1.child)(parent, 'condition');
        if (!condition)
            continue;
        let shared = false;
        (0, ast_1.walk)(condition, x => {
            shared ||=
                (x.type === 'pointer_expression' && t.model.text[x.start] === '*') ||
                    x.type === 'subscript_expression' ||
                    (x.type === 'field_expression' && /->/.test(t.model.text.slice(x.start, x.end)));
            return !shared;
        });
        shared ||= (0, scopes_1.referencesWithin)(t.model.scopes, condition).some(x => x.variable && t.shared(x.variable));
        if (shared)
            return true;
    }
    return false;
}
/** A lock set and not unset later in its block (no barrier between), or unset where its block did
 * not set it (see waitsInRegions). */
function heldLock(t, text) {
    const calls = [];
    (0, ast_1.walk)(t.body, n => {
        const f = n.type === 'call_expression' ? (0, ast_1.child)(n, 'function') : undefined;
        const name = f ? text.slice(f.start, f.end) : '';
        if (SET_LOCK.has(name) || UNSET_LOCK.has(name) || TEST_LOCK.has(name)) {
            const args = (0, ast_1.child)(n, 'arguments');
            calls.push({ call: n, name, lock: args ? text.slice(args.start, args.end).replace(/\s+/g, '') : '' });
        }
        return true;
    });
    const paired = new Set();
    for (const set of calls.filter(x => SET_LOCK.has(x.name) || TEST_LOCK.has(x.name))) {
        // The statement of its block holding it (an `if` whose branch sets it, a loop spinning on a test):
        // the unset must follow in that block. A test an `if` reads also ends in the branch it guards.
        let statement = set.call;
        while (statement.parent && statement.parent.type !== 'compound_statement' && statement !== t.body)
            statement = statement.parent;
        const block = statement.parent;
        const after = [
            ...(TEST_LOCK.has(set.name) ? guardedBy(set.call) : []),
            ...(block?.type === 'compound_statement' && statement !== t.body ? (0, ast_1.named)(block).filter(s => s.start > statement.start) : []),
        ];
        let unset;
        for (const s of after) {
            if (s.type === 'preproc_call' && /^#\s*pragma\s+omp\s+barrier\b/.test(text.slice(s.start, s.end)))
                break;
            unset = calls.find(x => UNSET_LOCK.has(x.name) && x.lock === set.lock && !paired.has(x.call) && (0, span_1.within)(x.call, s))?.call;
            if (unset)
                break;
        }
        if (unset) {
            paired.add(unset);
            continue;
        }
        return {
            span: set.call,
            message: `the lock is still held after this block ends: another thread may wait for it or release it, and MetaFork ` +
                `may run the threads one after another (set and unset a lock in one block of one thread)`,
            data: { call: set.name },
        };
    }
    const stray = calls.find(x => UNSET_LOCK.has(x.name) && !paired.has(x.call));
    return stray && {
        span: stray.call,
        message: `this unsets a lock its block did not set: a lock another thread or another block holds, which MetaFork may ` +
            `run at another time or on another thread (set and unset a lock in one block of one thread)`,
        data: { call: stray.name },
    };
}
/** The statements an `if (call)` runs when the call succeeds: its consequence's. */
function guardedBy(call) {
    let p = call;
    while (p && p.parent?.type !== 'if_statement')
        p = p.parent;
    const consequence = p?.parent && (0, ast_1.child)(p.parent, 'consequence');
    if (!consequence || p !== (0, ast_1.child)(p.parent, 'condition'))
        return [];
    return consequence.type === 'compound_statement' ? (0, ast_1.named)(consequence) : [consequence];
}
//# sourceMappingURL=waits.js.map