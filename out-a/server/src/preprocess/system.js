"use strict";
// The C library's and the parallel runtimes' headers, known by name: what each declares, so that an
// analysis can tell a library call from an undeclared one without reading /usr/include. The tables
// are in libc (C11) and posix (POSIX, OpenMP, Cilk, CUDA, C++).
Object.defineProperty(exports, "__esModule", { value: true });
exports.knownHeader = knownHeader;
exports.knownHeaders = knownHeaders;
exports.systemScope = systemScope;
exports.integerMacros = integerMacros;
exports.headerDeclaring = headerDeclaring;
exports.isCompilerName = isCompilerName;
const libc_1 = require("./libc");
const posix_1 = require("./posix");
const HEADERS = new Map();
for (const [name, spec] of Object.entries({ ...libc_1.C_TABLE, ...posix_1.POSIX_TABLE }))
    HEADERS.set(name, build(name, spec));
function build(name, spec) {
    const macros = new Map();
    for (const w of (0, libc_1.words)(spec.macros)) {
        const eq = w.indexOf('=');
        macros.set(eq < 0 ? w : w.slice(0, eq), eq < 0 ? undefined : w.slice(eq + 1));
    }
    const functionMacros = new Map();
    for (const w of (0, libc_1.words)(spec.fmacros)) {
        const [n, count] = w.split('/');
        functionMacros.set(n, count.endsWith('+') ? undefined : Number(count));
    }
    return {
        name, open: spec.open ?? false, includes: (0, libc_1.words)(spec.includes),
        functions: new Map((spec.fns ?? []).map(f => [f.name, f])), macros, functionMacros,
        types: new Set((0, libc_1.words)(spec.types).map(t => t.replace(/^struct_/, 'struct '))),
        variables: new Set((0, libc_1.words)(spec.vars)), patterns: spec.patterns ?? [],
    };
}
function knownHeader(name) {
    return HEADERS.get(name);
}
function knownHeaders() {
    return [...HEADERS.values()];
}
/** The scope of `#include <...>` names (as written, `cilk/cilk.h`); chains followed. */
function systemScope(included) {
    const key = [...included].join('\n');
    let scope = scopes.get(key);
    if (!scope) {
        // A few sets of headers in a session: every version of a file includes the same ones.
        if (scopes.size >= 64)
            scopes.clear();
        scopes.set(key, (scope = readScope(key ? key.split('\n') : [])));
    }
    return scope;
}
const scopes = new Map();
function readScope(included) {
    const headers = [];
    let open = false;
    const pending = [...included];
    const seen = new Set();
    while (pending.length) {
        const name = pending.pop();
        if (seen.has(name))
            continue;
        seen.add(name);
        const h = HEADERS.get(name);
        if (!h || h.open)
            open = true;
        if (h) {
            headers.push(h);
            pending.push(...h.includes);
        }
    }
    // Every identifier of every item is looked up (the name check): each name once.
    const known = new Map();
    const lookup = (name) => {
        if (known.has(name))
            return known.get(name);
        const found = lookupIn(headers, name);
        if (known.size >= 50_000)
            known.clear(); // names typed over a long session
        known.set(name, found);
        return found;
    };
    return { open, lookup };
}
function lookupIn(headers, name) {
    for (const h of headers) {
        const f = h.functions.get(name);
        if (f)
            return { kind: 'function', header: h.name, function: f };
    }
    for (const h of headers) {
        if (h.functionMacros.has(name))
            return { kind: 'function-macro', header: h.name, params: h.functionMacros.get(name) };
        if (h.macros.has(name))
            return { kind: 'macro', header: h.name, value: h.macros.get(name) };
        if (h.types.has(name))
            return { kind: 'type', header: h.name };
        if (h.variables.has(name))
            return { kind: 'variable', header: h.name };
        if (h.patterns.some(p => p.test(name)))
            return { kind: 'name', header: h.name };
    }
    return undefined;
}
/** The integer constants a system header defines as macros (`UCHAR_MAX` 255, `EOF` (-1)), through
 * the headers it includes; C++'s `<climits>` gives `<limits.h>`'s. What an `#if` may test. */
function integerMacros(spelled) {
    const out = [];
    const pending = [/^c[a-z]+$/.test(spelled) && HEADERS.has(`${spelled.slice(1)}.h`) ? `${spelled.slice(1)}.h` : spelled];
    const seen = new Set();
    while (pending.length) {
        const h = HEADERS.get(pending.pop());
        if (!h || seen.has(h.name))
            continue;
        seen.add(h.name);
        for (const [name, value] of h.macros)
            if (value !== undefined && /^\(?-?(?:0x[0-9a-f]+|\d+)[ul]*(?:-1)?\)?$/i.test(value))
                out.push([name, value]);
        pending.push(...h.includes);
    }
    return out;
}
/** The header that declares `name` by listing it (not by a pattern), C's before POSIX's. */
function headerDeclaring(name) {
    for (const h of HEADERS.values()) {
        if (h.open)
            continue;
        if (h.functions.has(name) || h.macros.has(name) || h.functionMacros.has(name) || h.types.has(name) ||
            h.variables.has(name))
            return h.name;
    }
    return undefined;
}
/** Names the compiler itself provides in GNU C (gnu17), whatever is included: every name reserved to
 * the implementation (C11 7.1.3: `__x`, `_X`; also `_x`, which glibc uses at file scope), and the
 * macros GNU mode predefines without an underscore. */
function isCompilerName(name) {
    return name.startsWith('_') || name === 'linux' || name === 'unix';
}
//# sourceMappingURL=system.js.map