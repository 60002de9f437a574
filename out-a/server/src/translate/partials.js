"use strict";
// A `parallel` region's reduction variable stored without being read (`hi = e;` under
// `reduction(max: hi)`), in a region that is one loop over thread ids (./spmd): each thread's copy
// starts from the operator's identity (OpenMP 5.2 §5.5.5) and is combined at its end. The loop's
// body declares the copy under the variable's own name (shadowing it), keeps its last value in a
// partial, and combines the partial into the variable with the loop's reduction clause.
Object.defineProperty(exports, "__esModule", { value: true });
exports.partialCopy = partialCopy;
exports.withPartials = withPartials;
const declarations_1 = require("../model/declarations");
/** The identity of `op` for the variable's declared type, or undefined where it is not known here. */
function identity(op, type) {
    const ids = {
        '+': '0', '-': '0', '*': '1', '&': '~0', '|': '0', '^': '0', '&&': '1', '||': '0',
    };
    if (op in ids)
        return ids[op];
    const least = op === 'max';
    if (op !== 'max' && op !== 'min')
        return undefined;
    if (/^(float|double|long double)$/.test(type))
        return least ? '-__builtin_inf()' : '__builtin_inf()';
    const limits = {
        int: ['INT_MIN', 'INT_MAX'], long: ['LONG_MIN', 'LONG_MAX'], 'long long': ['LLONG_MIN', 'LLONG_MAX'],
        unsigned: ['0', 'UINT_MAX'], 'unsigned int': ['0', 'UINT_MAX'], 'unsigned long': ['0', 'ULONG_MAX'],
    };
    return limits[type]?.[least ? 0 : 1];
}
/** The combination of a partial into the variable, as a reduction update. */
function combine(op, v, part) {
    if (op === 'max' || op === 'min')
        return `${v} = ${v} ${op === 'max' ? '>' : '<'} ${part} ? ${v} : ${part};`;
    if (op === '&&' || op === '||')
        return `${v} = ${v} ${op} ${part};`;
    return `${v} ${op === '-' ? '+' : op}= ${part};`;
}
/** The declaration of a thread's copy, or undefined where the identity is not known. */
function partialCopy(p, text) {
    const declaration = (0, declarations_1.declarationFor)(p.variable, text, p.variable.name);
    const type = declaration.slice(0, declaration.length - p.variable.name.length).trim();
    const id = identity(p.op, type);
    return id === undefined ? undefined : `${declaration} = ${id};`;
}
/** A loop body's statements with each partial's copy around them: `at` the body's indentation. */
function withPartials(partials, statements, text, at, unit, fresh) {
    if (!partials.length)
        return statements;
    const parts = partials.map(p => ({ p, name: fresh(`mf_part_${p.variable.name}`) }));
    const inner = [
        ...parts.map(({ p }) => partialCopy(p, text)),
        ...statements.map(s => s.replace(/\n/g, `\n${unit}`)),
        ...parts.map(({ p, name }) => `${name} = ${p.variable.name};`),
    ];
    return [
        ...parts.map(({ p, name }) => `${(0, declarations_1.declarationFor)(p.variable, text, name)};`),
        `{\n${inner.map(l => at + unit + l).join('\n')}\n${at}}`,
        ...parts.map(({ p, name }) => combine(p.op, p.variable.name, name)),
    ];
}
//# sourceMappingURL=partials.js.map