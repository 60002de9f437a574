"use strict";
// OpenMP directives and clauses that only advise the compiler (vectorisation, loop
// transformations, assumptions, requirements): a MetaFork program means the same without them,
// so the translation drops them with a note instead of refusing the program.
Object.defineProperty(exports, "__esModule", { value: true });
exports.HINT_CLAUSES = void 0;
exports.translateHint = translateHint;
const edits_1 = require("../base/edits");
const common_1 = require("./common");
/** Directives dropped whole (the statement they govern, if any, stays), and why that is exact. */
const HINT_DIRECTIVES = {
    simd: "'simd' is a vectorisation hint with no MetaFork counterpart: dropped",
    'declare simd': "'declare simd' only asks for vector versions of a function: dropped",
    unroll: "'unroll' is a loop transformation hint (OpenMP 5.2 §9.2): the loop runs the same without it, dropped",
    tile: "'tile' is a loop transformation hint (OpenMP 5.2 §9.1): the loops run the same without it, dropped",
    assume: "'assume' only states what the program guarantees (OpenMP 5.2 §8.3): dropped",
    assumes: "'assumes' only states what the program guarantees (OpenMP 5.2 §8.3): dropped",
    'begin assumes': "'begin assumes' only states what the program guarantees (OpenMP 5.2 §8.3): dropped",
    'end assumes': "'end assumes' closes an assumption scope: dropped",
    nothing: "'nothing' has no effect (OpenMP 5.2 §8.4): dropped",
    requires: "'requires' only constrains the OpenMP implementation (OpenMP 5.2 §8.2; an atomic_default_mem_order " +
        "becomes the atomics' order): dropped",
    taskyield: "'taskyield' only allows the task to be suspended (OpenMP 5.2 §15.2): dropped",
    allocate: "'allocate' only chooses the memory the variables live in (OpenMP 5.2 §6.6): dropped",
};
/** Clauses that only advise the compiler, on constructs that are translated. */
exports.HINT_CLAUSES = {
    order: "'order(concurrent)' only allows the iterations to run in any order, which MetaFork's may: dropped",
    nontemporal: "'nontemporal' is a cache hint with no MetaFork counterpart: dropped",
    affinity: "'affinity' only says where a task would best run (OpenMP 5.2 §12.5.1): dropped",
    allocate: "'allocate' only chooses the memory private copies live in (OpenMP 5.2 §6.6): dropped",
};
/**
 * Drops a hint directive with a note; `error at(compilation)` becomes the preprocessor's
 * `#error`/`#warning` (both stop or warn at compile time, as OpenMP 5.2 §8.5 says). Returns
 * whether the construct was handled.
 */
function translateHint(stage, c) {
    const d = c.directive;
    if (!d || d.family !== 'omp')
        return false;
    if (d.name === 'error')
        return compileTimeError(stage, c);
    const why = HINT_DIRECTIVES[d.name];
    // Run in order, a simd loop computes what it does, but for `private(x)`: x would keep its last value.
    if (!why || c.clauses.some(cl => cl.name === 'private'))
        return false;
    stage.note(d.nameSpan, why);
    stage.edit((0, edits_1.removeStatement)(stage.text, c.head));
    return true;
}
function compileTimeError(stage, c) {
    const arg = (name) => c.clauses.find(cl => cl.name === name)?.args?.text.trim();
    if (arg('at') === 'execution')
        return runTimeError(stage, c, arg('message'), arg('severity') !== 'warning');
    const directive = arg('severity') === 'warning' ? '#warning' : '#error';
    const message = arg('message');
    stage.note(c.directive.nameSpan, `'error at(compilation)' becomes '${directive}', which acts at compile time too`);
    stage.edit((0, edits_1.replace)(c.head, `${directive}${message ? ` ${message}` : ''}`));
    return true;
}
/**
 * `error at(execution)`: when reached, the message goes to standard error, and a fatal error ends
 * the program (OpenMP 5.2 §8.5; the runtime's own wording of the message is implementation-defined).
 */
function runTimeError(stage, c, message, fatal) {
    const text = message ?? '"error directive encountered"';
    const end = fatal ? ' exit(EXIT_FAILURE);' : '';
    stage.note(c.directive.nameSpan, `'error at(execution)' becomes a message on standard error${fatal ? ' and the end of the program' : ''}`);
    (0, common_1.replaceDirective)(stage, c.head, [`{ fprintf(stderr, "%s\\n", ${text});${end} }`]);
    stage.includes.add('stdio.h');
    if (fatal)
        stage.includes.add('stdlib.h');
    return true;
}
//# sourceMappingURL=hints.js.map