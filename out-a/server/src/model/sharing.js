"use strict";
// Variable sharing at each spawn and parallel loop.
// MetaFork and CilkPlus follow the thesis rules (Chen 2017 §3.3); OpenMP constructs follow
// the OpenMP 4.5 data-sharing rules (§2.15.1) with the clauses written on the directive.
Object.defineProperty(exports, "__esModule", { value: true });
exports.clauseNames = clauseNames;
exports.sharingAt = sharingAt;
exports.loopControlOf = loopControlOf;
const span_1 = require("../base/span");
const binding_1 = require("./binding");
const reducers_1 = require("./reducers");
const ast_1 = require("../syntax/ast");
/** References that fall inside the construct (its region, or a spawn's call and l-value). */
function referencesIn(model, c) {
    const spans = (c.kind === 'spawn' ? [c.call, c.lvalue] : [c.loop ?? c.region]).filter((n) => !!n);
    return model.scopes.references.filter(r => r.variable && spans.some(s => (0, span_1.within)(r.span, s)));
}
function referenceTypeReason(v) {
    if (v.storage === 'global')
        return 'global variable';
    if (v.storage === 'file')
        return 'file-scope variable';
    if (v.isStatic)
        return 'declared static';
    if (v.isConst)
        return 'declared const';
    if (v.shape !== 'value')
        return `${v.shape}-typed (reference type)`;
    return undefined;
}
/** Names in the construct's clause `name` (e.g. `shared`). */
function clauseNames(c, ...names) {
    const out = new Set();
    for (const cl of c.clauses)
        if (names.includes(cl.name))
            for (const item of cl.items)
                out.add(item.name);
    return out;
}
/** Groups references by variable, in order of first use. */
function byVariable(refs) {
    const map = new Map();
    for (const r of refs) {
        const list = map.get(r.variable);
        if (list)
            list.push(r);
        else
            map.set(r.variable, [r]);
    }
    return map;
}
function sharingAt(model, c) {
    const refs = byVariable(referencesIn(model, c));
    const region = c.loop ?? c.region;
    // Variables declared in the region are listed too, referenced or not.
    if (region && c.kind !== 'spawn') {
        for (const v of model.scopes.variables)
            if ((0, span_1.within)(v.span, region) && !refs.has(v))
                refs.set(v, []);
    }
    const entries = [];
    for (const [variable, references] of refs) {
        const local = !!region && (0, span_1.within)(variable.span, region);
        entries.push({ variable, references, local, ...decide(model, c, variable, local, references) });
    }
    return entries;
}
function decide(model, c, v, local, refs) {
    switch (c.kind) {
        case 'spawn': {
            if (c.lvalue && refs.some(r => (0, span_1.within)(r.span, c.lvalue)))
                return { sharing: 'result', reason: "receives the spawned call's result in the parent's storage" };
            const shared = referenceTypeReason(v);
            if (shared)
                return { sharing: 'shared', reason: `${shared}: the callee sees the parent's storage` };
            return spawnArgument(model, c, v, refs);
        }
        case 'block-spawn': {
            if (local)
                return { sharing: 'private', reason: 'declared inside the spawned block' };
            if (clauseNames(c, 'shared').has(v.name))
                return { sharing: 'shared', reason: 'listed in shared(...)' };
            const shared = referenceTypeReason(v);
            if (shared)
                return { sharing: 'shared', reason: shared };
            return {
                sharing: 'firstprivate',
                reason: 'value-type local of the parent: the child gets a private copy taken at the spawn',
            };
        }
        case 'parallel-for':
        case 'pipe': {
            if (clauseNames(c, 'reduction').has(v.name))
                return { sharing: 'reduction', reason: 'listed in reduction(...)' };
            if (c.dialect === 'cilkplus' && !local && (0, reducers_1.isReducer)(v, model.text))
                return { sharing: 'reduction', reason: 'a Cilk reducer: each strand updates its own view' };
            if (isLoopControl(model, c, v))
                return { sharing: 'private', reason: 'loop control variable' };
            if (local)
                return v.isStatic
                    ? { sharing: 'shared', reason: 'declared static in the loop body: one copy for all iterations' }
                    : { sharing: 'private', reason: 'declared in the loop body: one copy per iteration' };
            return { sharing: 'shared', reason: 'declared outside the loop: shared by all iterations' };
        }
        case 'omp':
            return decideOpenMP(model, c, v, local);
        default:
            return { sharing: 'shared', reason: 'no data-sharing rules apply here' };
    }
}
/**
 * A value-type local named in a spawned call (C++): bound by reference it is the parent's
 * storage in the callee (shared); by value it is copied at the spawn. Where the file does not
 * show how the callee takes it, sharing is exact either way as long as the parent does not
 * change it while the child may run (a by-value callee then reads the same value later).
 */
function spawnArgument(model, c, v, refs) {
    const copied = {
        sharing: 'firstprivate',
        reason: 'argument evaluated by the parent before the spawn and passed by value',
    };
    const bound = refs.map(r => (0, binding_1.bindingOf)(model, r)).filter((b) => !!b && b.binding !== 'value');
    const byReference = bound.find(b => b.binding === 'reference');
    if (byReference)
        return {
            sharing: 'shared',
            reason: `bound by reference by '${byReference.callee}': the callee works on the parent's storage`,
            boundBy: byReference,
        };
    if (!bound.length)
        return copied;
    const change = changedWhileSpawned(model, c, v);
    if (!change) {
        return {
            sharing: 'shared',
            reason: `'${bound[0].callee}' may take it by reference (this file has no single declaration of it); the parent does not change it while the child may run, so sharing is exact either way`,
            boundBy: bound[0],
        };
    }
    return { ...copied, unresolved: { binding: bound[0], change } };
}
/** A reference that may change `v` while the spawn's child may run: in the statements after
 * the spawn up to a join in the same block (a loop around them runs them again), or anywhere
 * when the function has a goto. */
function changedWhileSpawned(model, c, v) {
    const fn = c.functionNode ?? model.item;
    const own = [c.call, c.lvalue].filter((n) => !!n);
    let jumps = false;
    (0, ast_1.walk)(fn, n => { if (n.type === 'goto_statement')
        jumps = true; return !jumps; });
    const spans = jumps ? [fn] : continuation(model, c.statement ?? c.call, fn);
    return model.scopes.references.find(r => r.variable === v &&
        spans.some(s => (0, span_1.within)(r.span, s)) &&
        !own.some(s => (0, span_1.within)(r.span, s)) &&
        (0, binding_1.mayChange)(model, r));
}
/** The statements that may run after `statement` before a join that follows it. */
function continuation(model, statement, fn) {
    const joins = model.constructs.filter(k => k.kind === 'join');
    const isJoin = (s) => (s.type === 'expression_statement' || s.type === 'preproc_call') &&
        joins.some(j => j.start < s.end && s.start < j.end);
    const spans = [];
    for (let node = statement; node.parent && node !== fn; node = node.parent) {
        const p = node.parent;
        if (p.type === 'compound_statement') {
            const after = p.children.slice(p.children.indexOf(node) + 1);
            const stop = after.findIndex(isJoin);
            spans.push(...(stop < 0 ? after : after.slice(0, stop)));
            if (stop >= 0)
                return spans;
        }
        if (LOOPS.has(p.type))
            spans.push(p); // the next iterations
    }
    return spans;
}
const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);
/** The control variable of the construct's loop, declared in its header or before the loop. */
function isLoopControl(model, c, v) {
    const init = c.loop?.children.find(x => x.field === 'initializer');
    if (!init)
        return false;
    if (init.type === 'declaration')
        return (0, span_1.within)(v.span, init);
    return loopControlOf(model, c) === v;
}
/** The variable `isLoopControl` holds for. */
function loopControlOf(model, c) {
    const init = c.loop?.children.find(x => x.field === 'initializer');
    if (!init)
        return undefined;
    if (init.type === 'declaration')
        return model.scopes.variables.find(v => (0, span_1.within)(v.span, init));
    return model.scopes.references.find(r => (0, span_1.within)(r.span, init) && r.access === 'write')?.variable;
}
function decideOpenMP(model, c, v, local) {
    const clause = (name) => clauseNames(c, name).has(v.name);
    if (clause('private'))
        return { sharing: 'private', reason: 'listed in private(...)' };
    if (clause('firstprivate'))
        return { sharing: 'firstprivate', reason: 'listed in firstprivate(...)' };
    if (clause('lastprivate'))
        return { sharing: 'lastprivate', reason: 'listed in lastprivate(...)' };
    if (clause('reduction'))
        return { sharing: 'reduction', reason: 'listed in reduction(...)' };
    if (clause('shared'))
        return { sharing: 'shared', reason: 'listed in shared(...)' };
    if (isLoopControl(model, c, v))
        return { sharing: 'private', reason: 'loop iteration variable (predetermined private)' };
    if (local)
        return v.isStatic
            ? { sharing: 'shared', reason: 'static variable declared in the region' }
            : { sharing: 'private', reason: 'declared inside the region' };
    if (v.storage === 'global' || v.storage === 'file' || v.isStatic)
        return model.fileScope.threadprivate.has(v.name)
            ? { sharing: 'private', reason: "threadprivate: each thread's own copy" }
            : { sharing: 'shared', reason: 'variable with static storage duration' };
    const name = c.directive?.name ?? '';
    if (name === 'task' || name === 'taskloop') {
        // OpenMP 4.5 §2.15.1.1: in a task, a variable not shared in every enclosing context is firstprivate.
        for (let p = c.parent; p; p = p.parent) {
            if (p.kind !== 'omp' || !p.directive)
                continue;
            const home = p.loop ?? p.region;
            const declaredOutside = (home ? !(0, span_1.within)(v.span, home) : true) && !isLoopControl(model, p, v);
            if (p.directive.name.startsWith('parallel') ||
                p.directive.name.startsWith('target') ||
                p.directive.name === 'teams') {
                return declaredOutside && !clauseNames(p, 'private', 'firstprivate', 'lastprivate', 'reduction').has(v.name)
                    ? { sharing: 'shared', reason: `shared in the enclosing '#pragma omp ${p.directive.name}'` }
                    : { sharing: 'firstprivate', reason: 'not shared in the enclosing context: firstprivate in a task' };
            }
        }
        return { sharing: 'firstprivate', reason: 'local of the enclosing function: firstprivate in an orphaned task' };
    }
    // A variable private to an enclosing region stays private to each thread here.
    for (let p = c.parent; p; p = p.parent) {
        if (p.kind !== 'omp' || !p.directive)
            continue;
        if (clauseNames(p, 'private', 'firstprivate', 'lastprivate', 'reduction').has(v.name))
            return { sharing: 'private', reason: `private in the enclosing '#pragma omp ${p.directive.name}'` };
        if (p.region && (0, span_1.within)(v.span, p.region))
            return {
                sharing: 'private',
                reason: `declared inside the enclosing '#pragma omp ${p.directive.name}': one copy per thread`,
            };
    }
    // Orphaned work-sharing (no region around it in the function): each thread runs its own call of
    // the function, with its own locals (OpenMP 5.2 §5.1.2: automatic variables of a routine called
    // in a region are private). SIMD lanes share the thread's.
    if (ORPHANED_WORK.test(name) && (v.storage === 'local' || v.storage === 'param') && !teamAround(c))
        return { sharing: 'private', reason: "a local of the function: each thread's call of it has its own" };
    return { sharing: 'shared', reason: 'OpenMP default: shared' };
}
/** Work-sharing constructs whose iterations or parts are divided among a team's threads, no SIMD lanes. */
const ORPHANED_WORK = /^(for|sections|single|loop|distribute)(?: (?:nowait|ordered))?$/;
/** An enclosing construct that creates a team or a task, where the function's locals are shared. */
function teamAround(c) {
    for (let p = c.parent; p; p = p.parent) {
        if (p.kind !== 'omp')
            return true;
        if (p.directive && /^(parallel|teams|target|task)/.test(p.directive.name))
            return true;
    }
    return false;
}
//# sourceMappingURL=sharing.js.map