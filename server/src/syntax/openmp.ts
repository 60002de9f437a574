// OpenMP 4.5 directives and clauses (OpenMP API 4.5, Nov 2015, §2): every directive and
// clause is recognized; the clauses that take variable lists are parsed into items.

const PARALLEL = [
  'if', 'num_threads', 'default', 'private', 'firstprivate', 'shared', 'copyin', 'reduction', 'proc_bind',
];
const FOR = [
  'private', 'firstprivate', 'lastprivate', 'linear', 'reduction', 'schedule', 'collapse', 'ordered', 'nowait',
];
const SECTIONS = ['private', 'firstprivate', 'lastprivate', 'reduction', 'nowait'];
const SIMD = ['safelen', 'simdlen', 'linear', 'aligned', 'private', 'lastprivate', 'reduction', 'collapse'];
const TASK = [
  'if', 'final', 'untied', 'default', 'mergeable', 'private', 'firstprivate', 'shared', 'depend', 'priority',
];
const TASKLOOP = [
  'if', 'shared', 'private', 'firstprivate', 'lastprivate', 'default', 'grainsize', 'num_tasks', 'collapse', 'final',
  'priority', 'untied', 'mergeable', 'nogroup',
];
const TARGET = ['if', 'device', 'private', 'firstprivate', 'map', 'is_device_ptr', 'defaultmap', 'nowait', 'depend'];
const TEAMS = ['num_teams', 'thread_limit', 'default', 'private', 'firstprivate', 'shared', 'reduction'];
const DISTRIBUTE = ['private', 'firstprivate', 'lastprivate', 'collapse', 'dist_schedule'];
const CANCEL_KINDS = ['parallel', 'sections', 'for', 'taskgroup'];

const union = (...lists: string[][]) => [...new Set(lists.flat())];

/** Directive name (words joined by one space) -> clauses it accepts. */
export const OMP_DIRECTIVES: ReadonlyMap<string, readonly string[]> = new Map<string, string[]>([
  ['parallel', PARALLEL], ['for', FOR], ['for simd', union(FOR, SIMD)], ['sections', SECTIONS],
  ['section', []],
  ['single', ['private', 'firstprivate', 'copyprivate', 'nowait']],
  ['simd', SIMD],
  ['declare simd', ['simdlen', 'linear', 'aligned', 'uniform', 'inbranch', 'notinbranch']],
  ['task', TASK],
  ['taskloop', TASKLOOP],
  ['taskloop simd', union(TASKLOOP, SIMD)],
  ['taskyield', []],
  ['target data', ['if', 'device', 'map', 'use_device_ptr']],
  ['target enter data', ['if', 'device', 'map', 'depend', 'nowait']],
  ['target exit data', ['if', 'device', 'map', 'depend', 'nowait']],
  ['target', TARGET],
  ['target update', ['if', 'device', 'to', 'from', 'depend', 'nowait']],
  ['declare target', ['to', 'link']],
  ['end declare target', []],
  ['teams', TEAMS], ['distribute', DISTRIBUTE], ['distribute simd', union(DISTRIBUTE, SIMD)],
  ['distribute parallel for', union(DISTRIBUTE, PARALLEL, FOR)],
  ['distribute parallel for simd', union(DISTRIBUTE, PARALLEL, FOR, SIMD)], ['parallel for', union(PARALLEL, FOR)],
  ['parallel sections', union(PARALLEL, SECTIONS)], ['parallel for simd', union(PARALLEL, FOR, SIMD)],
  ['target parallel', union(TARGET, PARALLEL)], ['target parallel for', union(TARGET, PARALLEL, FOR)],
  ['target parallel for simd', union(TARGET, PARALLEL, FOR, SIMD)], ['target simd', union(TARGET, SIMD)],
  ['target teams', union(TARGET, TEAMS)], ['teams distribute', union(TEAMS, DISTRIBUTE)],
  ['teams distribute simd', union(TEAMS, DISTRIBUTE, SIMD)],
  ['target teams distribute', union(TARGET, TEAMS, DISTRIBUTE)],
  ['target teams distribute simd', union(TARGET, TEAMS, DISTRIBUTE, SIMD)],
  ['teams distribute parallel for', union(TEAMS, DISTRIBUTE, PARALLEL, FOR)],
  ['target teams distribute parallel for', union(TARGET, TEAMS, DISTRIBUTE, PARALLEL, FOR)],
  ['teams distribute parallel for simd', union(TEAMS, DISTRIBUTE, PARALLEL, FOR, SIMD)],
  ['target teams distribute parallel for simd', union(TARGET, TEAMS, DISTRIBUTE, PARALLEL, FOR, SIMD)],
  ['master', []],
  ['critical', ['hint']],
  ['barrier', []],
  ['taskwait', []],
  ['taskgroup', []],
  ['atomic', ['read', 'write', 'update', 'capture', 'seq_cst']],
  ['flush', []],
  ['ordered', ['threads', 'simd', 'depend']],
  ['cancel', [...CANCEL_KINDS, 'if']],
  ['cancellation point', CANCEL_KINDS],
  ['threadprivate', []],
  ['declare reduction', []],
]);

/** Directives that take a parenthesized argument right after their name. */
export const OMP_DIRECTIVE_ARGUMENT: ReadonlySet<string> = new Set([
  'critical', 'flush', 'threadprivate', 'declare reduction', 'declare simd', 'declare target',
]);

/** Stand-alone directives: no statement follows them. */
export const OMP_STANDALONE: ReadonlySet<string> = new Set([
  'barrier', 'taskwait', 'taskyield', 'flush', 'cancel', 'cancellation point', 'threadprivate',
  'target enter data', 'target exit data', 'target update', 'declare reduction', 'declare target',
  'end declare target', 'declare simd',
]);

/** Every clause name of OpenMP 4.5 (the union of the table above). */
export const OMP_CLAUSES: ReadonlySet<string> = new Set([...OMP_DIRECTIVES.values()].flat());

/** Clauses whose argument is a variable list (possibly after a `modifier:`). */
export const OMP_LIST_CLAUSES: ReadonlySet<string> = new Set([
  'private', 'firstprivate', 'lastprivate', 'shared', 'copyin', 'copyprivate', 'reduction', 'linear',
  'aligned', 'uniform', 'map', 'depend', 'to', 'from', 'link', 'is_device_ptr', 'use_device_ptr',
]);

/** Clauses written without parentheses. */
export const OMP_BARE_CLAUSES: ReadonlySet<string> = new Set([
  'nowait', 'untied', 'mergeable', 'nogroup', 'inbranch', 'notinbranch', 'read', 'write', 'update',
  'capture', 'seq_cst', 'threads', 'simd', 'parallel', 'sections', 'for', 'taskgroup',
]);

/** Clauses that may also be written with an argument (`ordered(2)`). */
export const OMP_OPTIONAL_ARGUMENT: ReadonlySet<string> = new Set(['ordered']);

/** Allowed keyword arguments of a few clauses. */
export const OMP_CLAUSE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  default: ['shared', 'none'],
  proc_bind: ['master', 'close', 'spread'],
};
