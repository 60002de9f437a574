"use strict";
// Declarations printed for variables: a variable restated under another name with the user's
// own declarator (the translators' environment structs and temporaries, the CUDA generator's
// kernel parameters), and the facts about a declaration those need.
Object.defineProperty(exports, "__esModule", { value: true });
exports.typeSpecifiers = typeSpecifiers;
exports.typeOfVariable = typeOfVariable;
exports.declarationFor = declarationFor;
exports.sizeReadsVariables = sizeReadsVariables;
exports.isFunctionLocal = isFunctionLocal;
exports.sharedAtSpawn = sharedAtSpawn;
const ast_1 = require("../syntax/ast");
const scopes_1 = require("./scopes");
/** The declarator node of `v` inside its declaration. */
function declaratorOf(v) {
    const decl = v.declaration;
    const candidates = decl.type === 'parameter_declaration' || decl.type === 'optional_parameter_declaration'
        ? [(0, ast_1.child)(decl, 'declarator')] : decl.children.filter(c => c.field === 'declarator');
    for (const d of candidates) {
        if (!d)
            continue;
        const info = (0, scopes_1.declaratorInfo)(d);
        if (info && info.id.start === v.span.start)
            return d.type === 'init_declarator' ? (0, ast_1.child)(d, 'declarator') : d;
    }
    return undefined;
}
/** `const unsigned long` etc.: the declaration's type with its qualifiers, without storage class. */
function typeSpecifiers(v, text) {
    const parts = [];
    for (const c of v.declaration.children) {
        if (c.field === 'declarator' || c.field === 'default_value')
            break;
        if (c.type === 'storage_class_specifier' || c.type === 'attribute_specifier' || c.type === 'ms_declspec_modifier')
            continue;
        if (c.type === 'comment')
            continue;
        parts.push(text.slice(c.start, c.end));
    }
    return parts.join(' ');
}
/** The declared type of the variable `name` as a type specifier: GNU C's `__typeof__`, and in C++
 * `decltype` (which a variable's name gives its declared type; C++ grammars and compilers other
 * than GCC's and Clang's do not read `__typeof__`). */
function typeOfVariable(name, cpp) {
    return cpp ? `decltype(${name})` : `__typeof__(${name})`;
}
/**
 * A declaration of `v` under the name `name`, written with the user's own declarator:
 * `int x[10]`, `double *p`. `pointer` declares a pointer to v's type instead: `int (*x)[10]`.
 * Types that cannot be restated (anonymous structs, array parameters) fall back to `__typeof__`.
 */
function declarationFor(v, text, name, pointer = false) {
    const d = declaratorOf(v);
    const type = typeSpecifiers(v, text);
    if (!d || /[{}]/.test(type))
        return pointer ? `__typeof__(${v.name}) *${name}` : `__typeof__(${v.name}) ${name}`;
    const named = pointer ? `(*${name})` : name;
    // An array parameter is a pointer (C11 6.7.6.3p7): `double a[]` is restated `double (*a)`.
    const decayed = parameterArray(v, d);
    const declarator = decayed
        ? text.slice(d.start, decayed.start) + `(*${named})` + text.slice(decayed.end, d.end)
        : text.slice(d.start, v.span.start) + named + text.slice(v.span.end, d.end);
    return `${type} ${declarator}`;
}
/** The array declarator of a parameter declared as an array (`a[]` in `int a[][10]`), which C reads as a pointer. */
function parameterArray(v, d) {
    if (v.storage !== 'param')
        return undefined;
    const bare = (n) => {
        while (n && n.type === 'parenthesized_declarator')
            n = (0, ast_1.named)(n)[0];
        return n;
    };
    for (let n = bare(d); n; n = bare((0, ast_1.child)(n, 'declarator'))) {
        const inner = n.type === 'array_declarator' ? bare((0, ast_1.child)(n, 'declarator')) : undefined;
        if (inner && inner.type === 'identifier' && inner.start === v.span.start)
            return n;
    }
    return undefined;
}
/**
 * True when the sizes in `v`'s type, restated by `declarationFor`, read variables (`int v[n]`,
 * `double (*p)[m]`; `isVariable` tells a variable's name from a macro or an enumerator): in C
 * the type is variably modified, and neither C nor C++ can restate it at file scope or in a
 * struct (C11 6.7.2.1p9, 6.7.6.2p2; in C++ the variable is not visible there).
 */
function sizeReadsVariables(v, isVariable, text) {
    const d = declaratorOf(v);
    if (!d)
        return false;
    const decayed = parameterArray(v, d);
    let found = false;
    (0, ast_1.walk)(d, n => {
        if (found || (decayed && n === (0, ast_1.child)(decayed, 'size')))
            return false;
        if (n.type === 'identifier' && n.start !== v.span.start && isVariable(text.slice(n.start, n.end), n.start))
            found = true;
        return !found;
    });
    return found;
}
/** Variables of the parent function (not globals, file-scope or static ones). */
function isFunctionLocal(v) {
    return (v.storage === 'local' || v.storage === 'param') && !v.isStatic;
}
/** MetaFork's own rule for a non-local variable at a spawn: shared or a private copy (Chen 2017 §3.3). */
function sharedAtSpawn(v) {
    return !isFunctionLocal(v) || v.isConst || v.shape !== 'value';
}
//# sourceMappingURL=declarations.js.map