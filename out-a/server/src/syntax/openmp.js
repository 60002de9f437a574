"use strict";
// OpenMP 5.2 directives and clauses (OpenMP API 5.2, Nov 2021): every C/C++ directive and clause
// is recognized; the clauses that take variable lists are parsed into items. Combined and
// composite constructs accept the clauses of their constituents (Ch. 17), as compilers do.
Object.defineProperty(exports, "__esModule", { value: true });
exports.OMP_VARIANT_CLAUSES = exports.OMP_VARIANT_DIRECTIVES = exports.OMP_CLAUSE_KEYWORDS = exports.OMP_OPTIONAL_ARGUMENT = exports.OMP_BARE_CLAUSES = exports.OMP_MODIFIER_FIRST = exports.OMP_LIST_CLAUSES = exports.OMP_CLAUSES = exports.OMP_STANDALONE_CLAUSES = exports.OMP_STANDALONE = exports.OMP_DIRECTIVE_ARGUMENT = exports.OMP_DIRECTIVES = void 0;
const PARALLEL = [
    'if', 'num_threads', 'default', 'private', 'firstprivate', 'shared', 'copyin', 'reduction', 'proc_bind', 'allocate',
];
const FOR = [
    'private', 'firstprivate', 'lastprivate', 'linear', 'reduction', 'schedule', 'collapse', 'ordered', 'nowait',
    'allocate', 'order',
];
const SECTIONS = ['private', 'firstprivate', 'lastprivate', 'reduction', 'allocate', 'nowait'];
const SIMD = [
    'if', 'safelen', 'simdlen', 'linear', 'aligned', 'nontemporal', 'private', 'lastprivate', 'reduction', 'collapse',
    'order',
];
const TASK = [
    'if', 'final', 'untied', 'default', 'mergeable', 'private', 'firstprivate', 'shared', 'in_reduction', 'depend',
    'priority', 'allocate', 'affinity', 'detach',
];
const TASKLOOP = [
    'if', 'shared', 'private', 'firstprivate', 'lastprivate', 'reduction', 'in_reduction', 'default', 'grainsize',
    'num_tasks', 'collapse', 'final', 'priority', 'untied', 'mergeable', 'nogroup', 'allocate',
];
const LOOP = ['bind', 'collapse', 'order', 'private', 'lastprivate', 'reduction'];
const MASKED = ['filter'];
const TARGET = [
    'if', 'device', 'thread_limit', 'private', 'firstprivate', 'in_reduction', 'map', 'is_device_ptr', 'has_device_addr',
    'defaultmap', 'nowait', 'depend', 'allocate', 'uses_allocators',
];
const TEAMS = ['num_teams', 'thread_limit', 'default', 'private', 'firstprivate', 'shared', 'reduction', 'allocate'];
const DISTRIBUTE = ['private', 'firstprivate', 'lastprivate', 'collapse', 'dist_schedule', 'allocate', 'order'];
const MEMORY_ORDER = ['seq_cst', 'acq_rel', 'acquire', 'release', 'relaxed'];
const ATOMIC = ['read', 'write', 'update', 'capture', 'compare', 'fail', 'weak', 'hint', ...MEMORY_ORDER];
const CANCEL_KINDS = ['parallel', 'sections', 'for', 'taskgroup'];
const ASSUMPTIONS = ['absent', 'contains', 'holds', 'no_openmp', 'no_openmp_routines', 'no_parallelism'];
const REQUIREMENTS = [
    'reverse_offload', 'unified_address', 'unified_shared_memory', 'atomic_default_mem_order', 'dynamic_allocators',
];
const DECLARE_TARGET = ['to', 'enter', 'link', 'device_type', 'indirect'];
const METADIRECTIVE = ['when', 'otherwise', 'default'];
const VARIANT = ['match', 'adjust_args', 'append_args'];
const union = (...lists) => [...new Set(lists.flat())];
/** The constituents a combined name is made of, each with its clauses. */
const CONSTITUENTS = {
    parallel: PARALLEL, for: FOR, sections: SECTIONS, simd: SIMD, taskloop: TASKLOOP, loop: LOOP, masked: MASKED,
    master: [], target: TARGET, teams: TEAMS, distribute: DISTRIBUTE,
};
/** Combined and composite constructs (OpenMP 5.2 Ch. 17), their clauses the union of their parts'. */
const COMBINED = [
    'for simd', 'parallel for', 'parallel for simd', 'parallel sections', 'parallel loop', 'parallel masked',
    'parallel master', 'masked taskloop', 'masked taskloop simd', 'master taskloop', 'master taskloop simd',
    'parallel masked taskloop', 'parallel masked taskloop simd', 'parallel master taskloop',
    'parallel master taskloop simd', 'taskloop simd', 'distribute simd', 'distribute parallel for',
    'distribute parallel for simd', 'teams distribute', 'teams distribute simd', 'teams distribute parallel for',
    'teams distribute parallel for simd', 'teams loop', 'target parallel', 'target parallel for',
    'target parallel for simd', 'target parallel loop', 'target simd', 'target teams', 'target teams distribute',
    'target teams distribute simd', 'target teams distribute parallel for', 'target teams distribute parallel for simd',
    'target teams loop',
];
/** Directive name (words joined by one space) -> clauses it accepts. */
exports.OMP_DIRECTIVES = new Map([
    ...Object.entries(CONSTITUENTS),
    ...COMBINED.map((name) => [name, union(...name.split(' ').map(w => CONSTITUENTS[w]))]),
    ['section', []],
    ['single', ['private', 'firstprivate', 'copyprivate', 'allocate', 'nowait']],
    ['scope', ['private', 'firstprivate', 'reduction', 'allocate', 'nowait']],
    ['declare simd', ['simdlen', 'linear', 'aligned', 'uniform', 'inbranch', 'notinbranch']],
    ['task', TASK],
    ['taskyield', []],
    ['taskgroup', ['task_reduction', 'allocate']],
    ['taskwait', ['depend', 'nowait']],
    ['target data', ['if', 'device', 'map', 'use_device_ptr', 'use_device_addr']],
    ['target enter data', ['if', 'device', 'map', 'depend', 'nowait']],
    ['target exit data', ['if', 'device', 'map', 'depend', 'nowait']],
    ['target update', ['if', 'device', 'to', 'from', 'depend', 'nowait']],
    ['declare target', DECLARE_TARGET],
    ['begin declare target', ['device_type', 'indirect']],
    ['end declare target', []],
    ['critical', ['hint']],
    ['barrier', []],
    ['atomic', ATOMIC],
    ['flush', ['acq_rel', 'acquire', 'release', 'seq_cst']],
    ['ordered', ['threads', 'simd', 'depend', 'doacross']],
    ['cancel', [...CANCEL_KINDS, 'if']],
    ['cancellation point', CANCEL_KINDS],
    ['threadprivate', []],
    ['declare reduction', ['initializer']],
    ['declare mapper', ['map']],
    ['declare variant', VARIANT],
    ['begin declare variant', ['match']],
    ['end declare variant', []],
    ['metadirective', METADIRECTIVE],
    ['begin metadirective', METADIRECTIVE],
    ['end metadirective', []],
    ['scan', ['inclusive', 'exclusive']],
    ['depobj', ['depend', 'destroy', 'update']],
    ['requires', REQUIREMENTS],
    ['error', ['at', 'severity', 'message']],
    ['nothing', []],
    ['assume', ASSUMPTIONS],
    ['assumes', ASSUMPTIONS],
    ['begin assumes', ASSUMPTIONS],
    ['end assumes', []],
    ['allocate', ['allocator', 'align']],
    ['allocators', ['allocate']], // Fortran's in 5.2 (§6.7), C's too from OpenMP 6.0: accepted
    ['interop', ['init', 'destroy', 'use', 'depend', 'nowait', 'device']],
    ['dispatch', ['device', 'depend', 'nowait', 'novariants', 'nocontext', 'is_device_ptr', 'has_device_addr']],
    ['unroll', ['full', 'partial']],
    ['tile', ['sizes']],
]);
/** Directives that take a parenthesized argument right after their name. */
exports.OMP_DIRECTIVE_ARGUMENT = new Set([
    'critical', 'flush', 'threadprivate', 'declare reduction', 'declare simd', 'declare target', 'declare mapper',
    'declare variant', 'depobj', 'allocate',
]);
/** Directives that govern no statement: stand-alone executable ones and declarative ones. */
exports.OMP_STANDALONE = new Set([
    'barrier', 'taskwait', 'taskyield', 'flush', 'cancel', 'cancellation point', 'threadprivate',
    'target enter data', 'target exit data', 'target update', 'declare reduction', 'declare target',
    'begin declare target', 'end declare target', 'declare simd', 'declare mapper', 'declare variant',
    'begin declare variant', 'end declare variant', 'begin metadirective', 'end metadirective', 'scan', 'depobj',
    'requires', 'error', 'nothing', 'assumes', 'begin assumes', 'end assumes', 'allocate', 'interop',
]);
/** Clauses that make a directive stand-alone: `ordered depend(source)` / `doacross(sink: i-1)` (§15.10.1). */
exports.OMP_STANDALONE_CLAUSES = {
    ordered: ['depend', 'doacross'],
};
/** Every clause name of OpenMP 5.2 (the union of the table above). */
exports.OMP_CLAUSES = new Set([...exports.OMP_DIRECTIVES.values()].flat());
/** Clauses whose argument is a variable list (possibly after a `modifier:`). */
exports.OMP_LIST_CLAUSES = new Set([
    'private', 'firstprivate', 'lastprivate', 'shared', 'copyin', 'copyprivate', 'reduction', 'in_reduction',
    'task_reduction', 'linear', 'aligned', 'uniform', 'map', 'depend', 'doacross', 'to', 'from', 'link', 'enter',
    'is_device_ptr', 'use_device_ptr', 'use_device_addr', 'has_device_addr', 'nontemporal', 'allocate', 'affinity',
    'inclusive', 'exclusive',
]);
/** List clauses whose modifiers come before a top-level ':' (`map(always, to: a)`); the others
 * (`linear(x: step(2))`, `aligned(p: 32)`) have their list first. */
exports.OMP_MODIFIER_FIRST = new Set([
    'reduction', 'in_reduction', 'task_reduction', 'depend', 'doacross', 'map', 'lastprivate', 'allocate', 'affinity',
    'to', 'from',
]);
/** Clauses written without parentheses. */
exports.OMP_BARE_CLAUSES = new Set([
    'nowait', 'untied', 'mergeable', 'nogroup', 'inbranch', 'notinbranch', 'read', 'write', 'update', 'capture',
    'compare', 'weak', ...MEMORY_ORDER, 'threads', 'simd', ...CANCEL_KINDS, 'full', 'partial', 'indirect', 'destroy',
    'reverse_offload', 'unified_address', 'unified_shared_memory', 'dynamic_allocators', 'no_openmp',
    'no_openmp_routines', 'no_parallelism',
]);
/** Clauses that may also be written with an argument (`ordered(2)`, `partial(4)`, `update(in)`). */
exports.OMP_OPTIONAL_ARGUMENT = new Set([
    'ordered', 'partial', 'indirect', 'destroy', 'update',
]);
/** Allowed keyword arguments of a few clauses (after any `modifier:`, as in `order(reproducible: concurrent)`). */
exports.OMP_CLAUSE_KEYWORDS = {
    default: ['shared', 'none', 'private', 'firstprivate'],
    proc_bind: ['primary', 'master', 'close', 'spread'],
    order: ['concurrent'],
    bind: ['teams', 'parallel', 'thread'],
    at: ['compilation', 'execution'],
    severity: ['fatal', 'warning'],
    atomic_default_mem_order: [...MEMORY_ORDER],
    fail: ['seq_cst', 'acquire', 'relaxed'],
    device_type: ['host', 'nohost', 'any'],
};
/** Directives whose `default(...)` names a directive variant, not a data-sharing attribute. */
exports.OMP_VARIANT_DIRECTIVES = new Set(['metadirective', 'begin metadirective']);
/** Clauses of a metadirective holding a directive variant: `when(selector: variant)`, `otherwise(variant)`. */
exports.OMP_VARIANT_CLAUSES = new Set(['when', 'otherwise', 'default']);
//# sourceMappingURL=openmp.js.map