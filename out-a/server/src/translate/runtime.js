"use strict";
// Runtime calls between the dialects. The OpenMP runtime calls MetaFork keeps as written (locks, the
// clock, the worker count: openmpToMetafork), in CilkPlus, which links no OpenMP runtime: a lock is a
// POSIX mutex (a nest lock a recursive one), the clock is clock_gettime's, the worker count the Cilk
// runtime's, the processor count sysconf's, memory from a predefined allocator the C library's. What
// has no counterpart (other allocators, omp_test_nest_lock's nesting count, any other omp_ name of
// the runtime) is refused, so that no output needs libgomp to link. The other way, the Cilk
// runtime's worker count is MetaFork's (OpenMP's call); its other calls are refused.
Object.defineProperty(exports, "__esModule", { value: true });
exports.runtimeForCilk = runtimeForCilk;
exports.cilkRuntimeToMetafork = cilkRuntimeToMetafork;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const includes_1 = require("../syntax/includes");
/** The calls rewritten in place: the new callee, and the header it needs. */
const RENAMED = {
    omp_destroy_lock: ['pthread_mutex_destroy', 'pthread.h'],
    omp_destroy_nest_lock: ['pthread_mutex_destroy', 'pthread.h'],
    omp_set_lock: ['pthread_mutex_lock', 'pthread.h'],
    omp_set_nest_lock: ['pthread_mutex_lock', 'pthread.h'],
    omp_unset_lock: ['pthread_mutex_unlock', 'pthread.h'],
    omp_unset_nest_lock: ['pthread_mutex_unlock', 'pthread.h'],
    omp_get_max_threads: ['__cilkrts_get_nworkers', 'cilk/cilk_api.h'],
};
/** The types rewritten: locks are mutexes; a depend object is used by no directive once they are translated. */
const TYPES = {
    omp_lock_t: ['pthread_mutex_t', 'pthread.h'],
    omp_nest_lock_t: ['pthread_mutex_t', 'pthread.h'],
    omp_depend_t: ['int', undefined],
};
/** The allocator API with a predefined allocator: the C library call, the arguments it keeps, where the allocators are. */
const ALLOCATION = {
    omp_alloc: { arity: 2, call: 'malloc', kept: [0], allocators: [1] },
    omp_calloc: { arity: 3, call: 'calloc', kept: [0, 1], allocators: [2] },
    omp_realloc: { arity: 4, call: 'realloc', kept: [0, 1], allocators: [2, 3] },
    omp_free: { arity: 2, call: 'free', kept: [0], allocators: [1] },
};
const PREDEFINED = /^(omp_\w+_mem_alloc|omp_null_allocator)$/;
/** `mf_wtime()`, defined before each item using it unless one is defined before it already: the guard
 * makes the copies one (a later stage may translate an item above an earlier one's). */
const WTIME_GUARD = '#ifndef MF_WTIME_DEFINED';
const WTIME = [
    WTIME_GUARD,
    '#define MF_WTIME_DEFINED',
    'static inline double mf_wtime(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }',
    '#endif',
    '',
    '',
].join('\n');
/** Rewrites the item's OpenMP runtime calls and lock types for CilkPlus (see above). */
function runtimeForCilk(stage, model) {
    const text = model.text;
    let wtime = false;
    // Code this stage removes or rewrites already (a worker count's statement) is not rewritten again.
    const replaced = stage.edits.filter(e => e.end > e.start && e.start >= model.item.start && e.end <= model.item.end);
    (0, ast_1.walk)(model.item, n => {
        if (replaced.some(e => e.start <= n.start && n.end <= e.end))
            return false;
        const word = n.type === 'type_identifier' || n.type === 'identifier' ? text.slice(n.start, n.end) : '';
        if (n.type === 'type_identifier' && word.startsWith('omp_')) {
            const [type, header] = TYPES[word] ?? [];
            if (!type)
                refuse(stage, n, word);
            else {
                stage.edit((0, edits_1.replace)(n, type));
                if (header)
                    stage.includes.add(header);
            }
            return false;
        }
        // A name of the runtime (a constant, a routine passed as a value); the file's own omp_ names stay.
        if (n.type === 'identifier' && word.startsWith('omp_') && !isCallee(n) && !ownName(model, n)) {
            refuse(stage, n, word);
            return false;
        }
        if (n.type !== 'call_expression')
            return true;
        const f = (0, ast_1.child)(n, 'function');
        const name = f?.type === 'identifier' ? text.slice(f.start, f.end) : '';
        if (!name.startsWith('omp_'))
            return true;
        const args = (0, ast_1.child)(n, 'arguments');
        const list = args ? (0, ast_1.named)(args).filter(a => a.type !== 'comment').map(a => text.slice(a.start, a.end)) : [];
        const first = list[0] ?? '';
        if (RENAMED[name]) {
            stage.edit((0, edits_1.replace)(f, RENAMED[name][0]));
            stage.includes.add(RENAMED[name][1]);
            return true; // its arguments may call the runtime too
        }
        const allocation = ALLOCATION[name];
        if (allocation && list.length === allocation.arity && allocation.allocators.every(i => PREDEFINED.test(list[i]))) {
            // A predefined allocator only says where memory lives: the C library's is as good.
            const kept = allocation.kept.map(i => list[i]);
            if (kept.some(a => /\bomp_/.test(a)))
                refuse(stage, n, name);
            else {
                stage.edit((0, edits_1.replace)(n, `${allocation.call}(${kept.join(', ')})`));
                stage.includes.add('stdlib.h');
            }
            return false;
        }
        // The calls rewritten whole copy their arguments as written: none may name the runtime.
        if (args && namesRuntime(model, args)) {
            refuse(stage, n, name);
            return false;
        }
        if (name === 'omp_init_lock' || name === 'omp_init_lock_with_hint') {
            stage.edit((0, edits_1.replace)(n, `pthread_mutex_init(${first}, NULL)`));
            stage.includes.add('pthread.h');
        }
        else if ((name === 'omp_init_nest_lock' || name === 'omp_init_nest_lock_with_hint') && n.parent?.type === 'expression_statement') {
            // A recursive mutex: its owner may take it again, as a nest lock's may.
            stage.edit((0, edits_1.replace)(n.parent, `{ pthread_mutexattr_t mf_attr; pthread_mutexattr_init(&mf_attr); pthread_mutexattr_settype(&mf_attr, PTHREAD_MUTEX_RECURSIVE); pthread_mutex_init(${first}, &mf_attr); pthread_mutexattr_destroy(&mf_attr); }`));
            stage.includes.add('pthread.h');
        }
        else if (name === 'omp_test_lock') {
            stage.edit((0, edits_1.replace)(n, `(pthread_mutex_trylock(${first}) == 0)`));
            stage.includes.add('pthread.h');
        }
        else if (name === 'omp_get_wtime') {
            stage.edit((0, edits_1.replace)(n, 'mf_wtime()'));
            stage.includes.add('time.h');
            wtime = true;
        }
        else if (name === 'omp_get_wtick') {
            stage.edit((0, edits_1.replace)(n, '1e-9'));
        }
        else if (name === 'omp_get_num_procs') {
            stage.edit((0, edits_1.replace)(n, '((int)sysconf(_SC_NPROCESSORS_ONLN))'));
            stage.includes.add('unistd.h');
        }
        else
            refuse(stage, n, name);
        return false;
    });
    if (!wtime)
        return;
    // The guard is looked for in the user's text (the analysed one has conditional lines blank), and
    // in the stage's edits (its items come in order: a copy it wrote stands before this one).
    const before = stage.map.toSource({ start: model.item.start, end: model.item.start }).start;
    if (stage.map.source.lastIndexOf(WTIME_GUARD, before) < 0 && !stage.edits.some(e => e.newText === WTIME))
        stage.edit({ start: model.item.start, end: model.item.start, newText: WTIME });
}
function declaredHere(model, n) {
    return model.scopes.references.some(r => r.node === n && r.variable);
}
/** A name the file itself declares (Rodinia's `extern int omp_num_threads;`) where it is declared or used. */
function ownName(model, n) {
    const name = model.text.slice(n.start, n.end);
    return (declaredHere(model, n) ||
        model.scopes.variables.some(v => v.span.start === n.start) ||
        model.fileScope.variables.get(name)?.span.start === n.start);
}
/** Whether `node` names something of the OpenMP runtime (an `omp_` name the file does not declare). */
function namesRuntime(model, node) {
    let found = false;
    (0, ast_1.walk)(node, n => {
        if (n.type === 'identifier' && model.text.startsWith('omp_', n.start) && !ownName(model, n))
            found = true;
        return !found;
    });
    return found;
}
function isCallee(n) {
    return n.parent?.type === 'call_expression' && (0, ast_1.child)(n.parent, 'function') === n;
}
function refuse(stage, at, name) {
    stage.refuse('MF601', at, `'${name}' has no CilkPlus counterpart (a CilkPlus program links no OpenMP runtime): translate to OpenMP instead`, { construct: name, target: 'cilkplus' });
}
/** The Cilk runtime's calls (`<cilk/cilk_api.h>`) in MetaFork, which has only the worker count. */
function cilkRuntimeToMetafork(stage, models) {
    if (stage.partial)
        return; // a construct translated alone: the rest of the file stays CilkPlus
    for (const model of models) {
        const text = model.text;
        (0, ast_1.walk)(model.item, n => {
            const f = n.type === 'call_expression' ? (0, ast_1.child)(n, 'function') : undefined;
            const name = f?.type === 'identifier' ? text.slice(f.start, f.end) : '';
            if (!name.startsWith('__cilkrts_'))
                return true;
            if (name === '__cilkrts_get_nworkers') {
                stage.edit((0, edits_1.replace)(f, 'omp_get_max_threads'));
                stage.includes.add('omp.h');
            }
            else
                stage.refuse('MF601', n, `'${name}' has no MetaFork counterpart (MetaFork has no workers to ask about or tune): only __cilkrts_get_nworkers translates`, { construct: name, target: 'metafork' });
            return true;
        });
    }
    for (const line of (0, includes_1.systemIncludes)(stage.map.fileText, h => h === 'cilk/cilk_api.h'))
        stage.edit((0, edits_1.remove)(line));
}
//# sourceMappingURL=runtime.js.map