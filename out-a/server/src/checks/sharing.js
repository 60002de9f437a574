"use strict";
// Sharing pitfalls: clause lists naming undeclared variables, block spawns writing a private
// copy whose value is then lost, races on shared scalars in parallel loops, default(none).
Object.defineProperty(exports, "__esModule", { value: true });
exports.clauseVariableDiagnostics = clauseVariableDiagnostics;
exports.privateWriteDiagnostics = privateWriteDiagnostics;
exports.raceDiagnostics = raceDiagnostics;
exports.spawnArgumentDiagnostics = spawnArgumentDiagnostics;
exports.defaultNoneDiagnostics = defaultNoneDiagnostics;
const ast_1 = require("../syntax/ast");
const constructs_1 = require("../model/constructs");
const sharing_1 = require("../model/sharing");
const scopes_1 = require("../model/scopes");
const span_1 = require("../base/span");
const diagnostic_1 = require("../base/diagnostic");
const loops_1 = require("../model/loops");
const spawnArguments_1 = require("../model/spawnArguments");
/** Clauses whose items must name variables. */
const VARIABLE_CLAUSES = new Set([
    'shared', 'private', 'firstprivate', 'lastprivate', 'reduction', 'copyin', 'copyprivate', 'linear', 'aligned',
    'cache', 'depend', 'map', 'to', 'from', 'is_device_ptr', 'use_device_ptr', 'in_reduction', 'task_reduction',
    'nontemporal', 'has_device_addr', 'use_device_addr', 'inclusive', 'exclusive',
]);
const DECLARATIVE = /^(begin )?declare /;
/** The reserved locators of OpenMP 5.2: list items no declaration declares. */
const RESERVED_LOCATORS = new Set(['omp_all_memory', 'omp_cur_iteration']);
/** A quoted #include may declare names we do not see: no undeclared-variable errors then. */
const USER_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"/m;
function clauseVariableDiagnostics(model) {
    const out = [];
    let unseenHeaders; // computed on the first undeclared name only
    for (const c of model.constructs) {
        // Declarative directives name parameters (`declare simd linear(i)`), functions (`declare
        // target to(f)`) or a mapper's own variable: none is a variable in scope here.
        if (c.directive && DECLARATIVE.test(c.directive.name))
            continue;
        for (const clause of c.clauses) {
            if (!VARIABLE_CLAUSES.has(clause.name))
                continue;
            for (const item of clause.items) {
                if (RESERVED_LOCATORS.has(item.name))
                    continue;
                const v = (0, scopes_1.visibleVariable)(model, item.name, c.start);
                if (!v) {
                    unseenHeaders ??= USER_INCLUDE.test(model.text);
                    if (unseenHeaders)
                        continue;
                    out.push((0, diagnostic_1.diagnostic)('MF401', item, `'${clause.name}(${item.name})' on '${(0, constructs_1.constructLabel)(c)}': '${item.name}' is not a declared variable`, { variable: item.name, clause: clause.name }));
                }
                else if (clause.name === 'shared' && c.kind === 'block-spawn' && c.dialect === 'metafork') {
                    // Globals are left alone: translators (and OpenMP habits) list them, harmlessly.
                    const why = v.storage === 'global' || v.storage === 'file'
                        ? undefined
                        : v.isStatic
                            ? 'static'
                            : v.isConst
                                ? 'const'
                                : v.shape !== 'value'
                                    ? `${v.shape}-typed`
                                    : undefined;
                    if (why)
                        out.push((0, diagnostic_1.diagnostic)('MF404', item, `'${item.name}' is ${why}, so it is shared without 'shared(...)'`, {
                            variable: item.name,
                        }));
                }
            }
        }
    }
    return out;
}
const isWrite = (r) => (r.access === 'write' || r.access === 'readwrite') && (r.through === null || r.through === 'field');
/** Where to insert ` shared(x)` on a block spawn. */
function sharedInsertion(c) {
    return c.form === 'keyword' ? c.head.end : c.directive.end;
}
function privateWriteDiagnostics(model) {
    const out = [];
    for (const c of model.constructs) {
        if (c.kind !== 'block-spawn' || c.dialect !== 'metafork')
            continue;
        for (const e of (0, sharing_1.sharingAt)(model, c)) {
            if (e.local || e.sharing !== 'firstprivate')
                continue;
            const write = e.references.find(isWrite);
            if (!write)
                continue;
            // Only a write the parent could look for is lost: the parent reads the variable later on.
            const fn = c.functionNode;
            const readLater = model.scopes.references.some(r => r.variable === e.variable && r.span.start >= c.end && (!fn || r.span.end <= fn.end));
            if (!readLater)
                continue;
            out.push((0, diagnostic_1.diagnostic)('MF402', write.span, `'${e.variable.name}' is private to this '${(0, constructs_1.constructLabel)(c)}' block (a value-type local not listed in shared(...)): the write changes the child's copy and is lost when the block ends; add 'shared(${e.variable.name})'`, { variable: e.variable.name, insert: ` shared(${e.variable.name})`, at: sharedInsertion(c) }));
        }
    }
    return out;
}
/** Inside `#pragma omp atomic|critical|single|master|masked|ordered` a write is not a race (but for the value an
 * atomic `read` or `capture` stores, which it does not read: `v` of `v = x++`, a plain write); nor
 * under an `if` only one iteration takes (`oneIteration`), nor where a lock is held (`underLock`). */
function protectedWrite(model, r, loop) {
    return oneIteration(model, r, loop) || underLock(model, r, loop) || model.constructs.some(c => c !== loop &&
        c.kind === 'omp' &&
        ['atomic', 'critical', 'single', 'master', 'masked', 'ordered'].includes(c.directive?.name ?? '') &&
        c.start <= r.span.start &&
        r.span.end <= c.end &&
        !(c.directive.name === 'atomic' && c.clauses.some(cl => cl.name === 'read' || cl.name === 'capture') &&
            !(0, scopes_1.referencesOf)(model.scopes, r.variable).some(x => x.access !== 'write' && c.start <= x.span.start && x.span.end <= c.end)));
}
const ACQUIRE = new Set(['pthread_mutex_lock', 'pthread_spin_lock', 'omp_set_lock', 'omp_set_nest_lock']);
const RELEASE = new Set(['pthread_mutex_unlock', 'pthread_spin_unlock', 'omp_unset_lock', 'omp_unset_nest_lock']);
/** Functions that take a lock where they can: true (OpenMP's) or 0 (POSIX's) when they did. */
const TRY_ACQUIRE = {
    omp_test_lock: 'true', omp_test_nest_lock: 'true', pthread_mutex_trylock: 'zero', pthread_spin_trylock: 'zero',
};
/**
 * `r` runs while a lock is held: a statement before it in a block of the loop's body takes a lock
 * (`pthread_mutex_lock(&l);`, `omp_set_lock(&l);`, or a loop spinning on `omp_test_lock(&l)`), no
 * statement between releases it, and one after it does (what the translations of `critical` write).
 */
function underLock(model, r, loop) {
    const body = bodyOf(loop);
    const text = (n) => model.text.slice(n.start, n.end).replace(/\s+/g, '');
    const call = (e) => {
        e = (0, ast_1.unparen)(e);
        const f = e?.type === 'call_expression' ? (0, ast_1.child)(e, 'function') : undefined;
        const arg = e && (0, ast_1.child)(e, 'arguments')?.children.find(x => x.named && x.type !== 'comment');
        return f?.type === 'identifier' && arg ? { name: text(f), lock: text(arg) } : undefined;
    };
    /** The lock a statement takes or releases. */
    const lockStatement = (n) => {
        if (n.type === 'expression_statement') {
            const c = call(n.children.find(x => x.named));
            if (c && (ACQUIRE.has(c.name) || RELEASE.has(c.name)))
                return { take: ACQUIRE.has(c.name), lock: c.lock };
        }
        if (n.type === 'while_statement') {
            // Spinning until the lock is taken: `while (!omp_test_lock(&l))`, `while (pthread_mutex_trylock(&l) != 0)`.
            const t = tried((0, ast_1.child)(n, 'condition'));
            if (t && !t.whenTaken)
                return { take: true, lock: t.lock };
        }
        return undefined;
    };
    /** A condition reading whether a try took a lock, and the truth it has when it did. */
    const tried = (e) => {
        e = (0, ast_1.unparen)(e);
        if (!e)
            return undefined;
        const c = call(e);
        if (c)
            return TRY_ACQUIRE[c.name] ? { lock: c.lock, whenTaken: TRY_ACQUIRE[c.name] === 'true' } : undefined;
        const flip = (t) => t && { ...t, whenTaken: !t.whenTaken };
        if (e.type === 'unary_expression' && text(e).startsWith('!'))
            return flip(tried(e.children.find(x => x.named)));
        const right = e.type === 'binary_expression' ? (0, ast_1.unparen)((0, ast_1.child)(e, 'right')) : undefined;
        if (right?.type !== 'number_literal' || text(right) !== '0')
            return undefined;
        const op = (0, loops_1.opOf)(e, model.text);
        if (op === '==')
            return flip(tried((0, ast_1.child)(e, 'left')));
        return op === '!=' ? tried((0, ast_1.child)(e, 'left')) : undefined;
    };
    // Each lock is decided by the nearest statement taking or releasing it, from the innermost block out.
    const decided = new Set();
    for (let n = r.node; n && n !== body && n.parent; n = n.parent) {
        if (n.parent.type !== 'compound_statement' || !(0, span_1.within)(n.parent, body))
            continue;
        const siblings = n.parent.children.filter(x => x.named);
        const at = siblings.indexOf(n);
        for (const l of siblings.slice(0, at).map(lockStatement).reverse()) {
            if (!l || decided.has(l.lock))
                continue;
            decided.add(l.lock);
            if (l.take && siblings.slice(at + 1).some(x => { const m = lockStatement(x); return m && !m.take && m.lock === l.lock; }))
                return true;
        }
    }
    return false;
}
/** What every iteration of a parallel loop, or every thread of a region, runs. */
function bodyOf(c) {
    return c.loop ? (0, ast_1.child)(c.loop, 'body') : c.region;
}
/**
 * `r` runs in one iteration of `loop` at most: it is in the then-branch of an `if` in its body whose
 * condition holds in one iteration only, `v == e` (a conjunct of it too) with `v` the loop's control
 * variable (or a copy of it) and `e` a constant or a local the loop does not change (the thread loops
 * of a translated OpenMP region: `if (mf_tid == 0) nthreads = mf_nthreads;`, OpenMP's `master`); or,
 * in an OpenMP loop or region, in one thread (`omp_get_thread_num() == 0`, a copy of it), whose
 * iterations run one after the other.
 */
function oneIteration(model, r, loop) {
    const body = bodyOf(loop);
    const control = (0, sharing_1.loopControlOf)(model, loop);
    if (!body)
        return false;
    const variableIn = (e) => {
        e = (0, ast_1.unparen)(e);
        return e?.type === 'identifier' ? (0, scopes_1.variableOf)(model.scopes, e) : undefined;
    };
    const unchanged = (v) => !(0, scopes_1.referencesOf)(model.scopes, v).some(x => x.addressTaken || ((0, scopes_1.changesVariable)(x) && (0, span_1.within)(x.span, loop.loop ?? body)));
    const invariant = (e) => {
        if ((0, ast_1.unparen)(e)?.type === 'number_literal')
            return true;
        const v = variableIn(e);
        // A global might change in a call the loop makes; a variable whose address is taken, through it.
        if (!v || v === control || (!v.isConst && (v.storage === 'global' || v.storage === 'file')))
            return false;
        return unchanged(v);
    };
    // In OpenMP, one thread's iterations: they run one after the other.
    const threadNumber = (e) => {
        e = (0, ast_1.unparen)(e);
        const f = e?.type === 'call_expression' ? (0, ast_1.child)(e, 'function') : undefined;
        return loop.kind === 'omp' && f?.type === 'identifier' && model.text.slice(f.start, f.end) === 'omp_get_thread_num';
    };
    // The control variable or the thread number, or a copy of it the body declares and never changes
    // (`int id = mf_tid;`, `int id = omp_get_thread_num();`).
    const one = (e, depth = 0) => {
        const v = variableIn(e);
        if (!v)
            return threadNumber(e);
        if (v === control)
            return true;
        return depth < 4 && (0, span_1.within)(v.span, body) && unchanged(v) && one((0, scopes_1.initializerOf)(v), depth + 1);
    };
    const once = (cond) => {
        cond = (0, ast_1.unparen)(cond);
        if (cond?.type !== 'binary_expression')
            return false;
        const [left, right] = [(0, ast_1.child)(cond, 'left'), (0, ast_1.child)(cond, 'right')];
        const op = (0, loops_1.opOf)(cond, model.text);
        if (op === '&&')
            return once(left) || once(right);
        return op === '==' && ((one(left) && invariant(right)) || (one(right) && invariant(left)));
    };
    for (let n = r.node; n && n !== body; n = n.parent) {
        const p = n.parent;
        if (p?.type === 'if_statement' && n.field === 'consequence' && (0, span_1.within)(p, body) && once((0, ast_1.child)(p, 'condition')))
            return true;
    }
    return false;
}
function raceDiagnostics(model) {
    const out = [];
    for (const c of model.constructs) {
        if (c.kind === 'omp' && c.directive?.name === 'parallel' && c.region)
            out.push(...regionRaces(model, c));
        if (!(0, constructs_1.isParallelLoop)(c) || !c.loop)
            continue;
        const body = (0, ast_1.child)(c.loop, 'body');
        if (!body)
            continue;
        const nest = privatizedRegions(model, c, 'race');
        for (const e of (0, sharing_1.sharingAt)(model, c)) {
            if (e.sharing !== 'shared' || e.variable.shape !== 'value')
                continue;
            // Listed linear, or the iteration variable of `collapse(n)` loops or of nested loop constructs.
            if ((0, sharing_1.clauseNames)(c, 'linear').has(e.variable.name))
                continue;
            if (nest.get(e.variable)?.some(l => e.references.every(r => (0, span_1.within)(r.span, l))))
                continue;
            const write = e.references.find(r => isWrite(r) && body.start <= r.span.start && r.span.end <= body.end && !protectedWrite(model, r, c));
            if (!write)
                continue;
            const assign = write.node.parent?.type === 'assignment_expression' ? write.node.parent : undefined;
            const op = assign ? (0, loops_1.opOf)(assign, model.text) : write.node.parent?.type === 'update_expression' ? '+=' : undefined;
            const reduction = op && /^([+\-*&|^]|&&|\|\|)=$/.test(op) ? op.slice(0, -1) : undefined;
            const name = e.variable.name;
            const advice = reduction ? `use 'reduction(${reduction}: ${name})'` : `declare '${name}' inside the loop body`;
            out.push((0, diagnostic_1.diagnostic)('MF403', write.span, `data race: '${name}' is shared by all iterations of '${(0, constructs_1.constructLabel)(c)}' (${e.reason}) and written here; ${advice}`, { variable: name, ...(reduction ? { reduction } : {}) }));
        }
    }
    return out;
}
/**
 * A shared scalar every thread of a `parallel` region writes: a statement of the region outside its
 * constructs (those check their own: a work-sharing loop its iterations, `single` one thread), not
 * one thread's (`if (omp_get_thread_num() == 0)`) nor under a lock (NAS CG's `callcount++`).
 */
function regionRaces(model, c) {
    const out = [];
    // Nested in it (a `single` right under the pragma line, NAS's and BOTS's shape, is outside its statement).
    const inner = model.constructs.filter(k => { for (let p = k.parent; p; p = p.parent)
        if (p === c)
            return true; return false; });
    for (const e of (0, sharing_1.sharingAt)(model, c)) {
        if (e.sharing !== 'shared' || e.variable.shape !== 'value')
            continue;
        const write = e.references.find(r => isWrite(r) && (0, span_1.within)(r.span, c.region) && !inner.some(k => (0, span_1.within)(r.span, k)) &&
            !oneIteration(model, r, c) && !underLock(model, r, c));
        if (!write)
            continue;
        const name = e.variable.name;
        out.push((0, diagnostic_1.diagnostic)('MF403', write.span, `data race: '${name}' is shared by the threads of '${(0, constructs_1.constructLabel)(c)}' (${e.reason}) and every thread writes it here; write it in '#pragma omp single' or 'atomic', or declare '${name}' inside the region`, { variable: name }));
    }
    return out;
}
/** A running spawn's pointer argument written through by its parent (model/spawnArguments). */
function spawnArgumentDiagnostics(model) {
    const out = [];
    for (const dialect of ['metafork', 'cilkplus']) {
        for (const w of (0, spawnArguments_1.argumentWrites)(model, dialect)) {
            const message = `data race: ${(0, spawnArguments_1.describeWrite)(w, model.text)}: the child may read the new value (copy what it reads before spawning, or join first)`;
            out.push((0, diagnostic_1.diagnostic)('MF406', w.lvalue, message, { variable: w.variable.name }));
        }
    }
    return out;
}
function defaultNoneDiagnostics(model) {
    const out = [];
    for (const c of model.constructs) {
        if (c.kind !== 'omp' || !c.clauses.some(cl => cl.name === 'default' && cl.args?.text.trim() === 'none'))
            continue;
        const listed = (0, sharing_1.clauseNames)(c, 'shared', 'private', 'firstprivate', 'lastprivate', 'reduction', 'linear', 'copyin');
        const privatized = privatizedRegions(model, c);
        for (const e of (0, sharing_1.sharingAt)(model, c)) {
            if (e.local || listed.has(e.variable.name) || e.variable.isConst || e.reason.startsWith('loop iteration'))
                continue;
            const loops = privatized.get(e.variable);
            const first = e.references.find(r => !loops?.some(l => (0, span_1.within)(r.span, l)));
            if (!first)
                continue;
            out.push((0, diagnostic_1.diagnostic)('MF405', first.span, `'${e.variable.name}' must appear in a data-sharing clause: '${(0, constructs_1.constructLabel)(c)}' has default(none)`, { variable: e.variable.name }));
        }
    }
    return out;
}
/**
 * Where a variable referenced in `c` is private to a nested construct, so that it needs no clause
 * on `c`'s default(none): the regions of nested `private(x)` clauses, and the loop nests whose
 * iteration variables are predetermined private (OpenMP 5.2 §5.1.1): the loops associated with a
 * worksharing-loop, taskloop
 * or distribute construct (`collapse(n)`/`ordered(n)` of them). Inside such a nest the variable
 * needs no clause on an enclosing default(none); gcc asks for one where the nest is a `simd` or
 * `loop` construct (their variables are lastprivate), so those are left out there, as gcc does;
 * for races every nested loop construct's variables are private.
 */
function privatizedRegions(model, c, use = 'default(none)') {
    const out = new Map();
    const add = (v, span) => out.set(v, [...(out.get(v) ?? []), span]);
    for (const k of model.constructs) {
        if (!(0, span_1.within)(k, c))
            continue;
        // A nested meta_for or cilk_for: its loop variable is private to it (SPEC §2).
        if (use === 'race' && k !== c && k.kind === 'parallel-for' && k.loop) {
            const v = (0, sharing_1.loopControlOf)(model, k);
            if (v)
                add(v, k.loop);
            continue;
        }
        if (k.kind !== 'omp')
            continue;
        // `private(x)` on a nested construct: its x is no reference to the enclosing one's.
        const home = k.loop ?? k.region;
        if (k !== c && home)
            for (const item of k.clauses.filter(cl => cl.name === 'private').flatMap(cl => cl.items)) {
                const v = (0, scopes_1.visibleVariable)(model, item.name, k.start);
                if (v)
                    add(v, home);
            }
        if (!k.loop)
            continue;
        const words = k.directive.name.split(' ');
        if (use === 'default(none)' && k !== c && (words.includes('simd') || words.includes('loop')))
            continue;
        for (const loop of associatedLoops(k)) {
            const init = loop.children.find(x => x.field === 'initializer');
            const write = init && model.scopes.references.find(r => (0, span_1.within)(r.span, init) && r.access === 'write');
            if (write?.variable)
                add(write.variable, loop);
        }
    }
    return out;
}
/** The loop and the loops perfectly nested in it that `collapse(n)` or `ordered(n)` associate. */
function associatedLoops(k) {
    const count = (name) => Number(k.clauses.find(cl => cl.name === name)?.args?.text.trim()) || 1;
    const depth = Math.max(count('collapse'), count('ordered'));
    const loops = [k.loop];
    while (loops.length < depth) {
        let body = (0, ast_1.child)(loops[loops.length - 1], 'body');
        if (body?.type === 'compound_statement') {
            const inner = body.children.filter(x => x.named && x.type !== 'comment');
            body = inner.length === 1 ? inner[0] : undefined;
        }
        if (body?.type !== 'for_statement')
            break;
        loops.push(body);
    }
    return loops;
}
//# sourceMappingURL=sharing.js.map