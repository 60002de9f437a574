"use strict";
// What each construct is, and the same construct in the other dialects (the hover's table).
Object.defineProperty(exports, "__esModule", { value: true });
exports.counterparts = counterparts;
/** The same construct in each dialect (the thesis's translation algorithms 1–9 and its CilkPlus rules). */
function counterparts(c) {
    switch (c.kind) {
        case 'spawn': return {
            what: 'spawn of a function call: the caller goes on while the call runs',
            metafork: '`x = meta_fork f(args);`',
            openmp: '`#pragma omp task shared(x)` before `x = f(args);`',
            cilkplus: '`x = cilk_spawn f(args);`',
        };
        case 'block-spawn': return {
            what: 'spawn of a block: the block runs in parallel with what follows it',
            metafork: '`meta_fork shared(v) { ... }`',
            openmp: '`#pragma omp task shared(v) { ... }`',
            cilkplus: 'the block outlined into a function, then `cilk_spawn` of that function',
        };
        case 'join': return {
            what: 'join: waits for the children spawned so far by this function',
            metafork: '`meta_join;`',
            openmp: '`#pragma omp taskwait`',
            cilkplus: '`cilk_sync;`',
        };
        case 'parallel-for': return {
            what: 'parallel loop: its iterations may run in parallel and are all done when it ends',
            metafork: '`meta_for (int i = a; i < b; i++)`',
            openmp: '`#pragma omp parallel for`',
            cilkplus: '`cilk_for (int i = a; i < b; i++)`',
        };
        case 'schedule': return {
            what: 'GPU schedule: each loop nest of 2 or 4 `meta_for`s is a CUDA kernel (grid and block loops)',
            metafork: '`meta_schedule [cache(a)] { ... }`',
            openmp: 'none: its loops become CPU parallel loops',
            cilkplus: 'none: its loops become `cilk_for` loops',
        };
        case 'scope': return {
            what: 'a region whose spawns are all joined at its end',
            metafork: 'a block ending with `meta_join;`',
            openmp: '`#pragma omp taskgroup` (waits for descendants too)',
            cilkplus: '`cilk_scope { ... }`',
        };
        case 'pipe': return {
            what: 'pipeline: iterations run as stages that wait for the previous iteration\'s same stage',
            metafork: '`meta_pipe`',
            openmp: 'tasks ordered by `depend` clauses',
            cilkplus: 'fork-join code (no pipeline construct)',
        };
        case 'grainsize': return {
            what: 'the number of iterations a strand of the next parallel loop runs',
            metafork: '`#pragma meta grainsize = g`',
            openmp: '`schedule(dynamic, g)` on the loop',
            cilkplus: '`#pragma cilk grainsize = g`',
        };
        case 'omp': return ompCounterparts(c.directive?.name ?? '');
        default: return undefined;
    }
}
function ompCounterparts(name) {
    const same = { openmp: `\`#pragma omp ${name}\`` };
    if (/^(parallel for|for|parallel for simd|for simd|simd)$/.test(name))
        return {
            ...same,
            what: 'worksharing loop',
            metafork: '`meta_for` (Algorithm 5)',
            cilkplus: '`cilk_for`',
        };
    switch (name) {
        case 'parallel': return {
            ...same,
            what: 'parallel region: a team of threads runs the block',
            metafork: 'its worksharing constructs become `meta_for`/`meta_fork`; '
                + 'code every thread runs is refused (thread-team semantics)',
            cilkplus: 'via MetaFork: `cilk_for` / `cilk_spawn`',
        };
        case 'sections':
        case 'parallel sections': return {
            ...same,
            what: 'sections: each section runs once, in parallel',
            metafork: 'one `meta_fork` per section but the last, then `meta_join;` (Algorithm 7)',
            cilkplus: '`cilk_spawn` per section, then `cilk_sync;`',
        };
        case 'section': return {
            ...same,
            what: 'one section of a sections construct',
            metafork: 'a `meta_fork` block',
            cilkplus: 'an outlined function under `cilk_spawn`',
        };
        case 'task': return {
            ...same,
            what: 'task: the block runs asynchronously',
            metafork: '`meta_fork` (Algorithm 8)',
            cilkplus: '`cilk_spawn`',
        };
        case 'taskwait': return {
            ...same,
            what: 'waits for the child tasks',
            metafork: '`meta_join;`',
            cilkplus: '`cilk_sync;`',
        };
        case 'barrier': return {
            ...same,
            what: 'waits for every thread of the team',
            metafork: '`meta_join;` where it ends spawned work',
            cilkplus: '`cilk_sync;`',
        };
        case 'single':
        case 'master': return {
            ...same,
            what: `${name}: one thread runs the block`,
            metafork: 'the block itself (MetaFork code runs once unless spawned)',
            cilkplus: 'the block itself',
        };
        case 'critical':
        case 'atomic': return {
            ...same,
            what: `${name}: mutual exclusion`,
            metafork: 'none (MetaFork synchronises only by joins)',
            cilkplus: 'none (use a reducer)',
        };
        default: return name ? {
            ...same,
            what: `OpenMP '${name}'`,
            metafork: 'none known',
            cilkplus: 'none known',
        } : undefined;
    }
}
//# sourceMappingURL=counterparts.js.map