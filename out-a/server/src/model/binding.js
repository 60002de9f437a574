"use strict";
// How a call binds the storage its arguments name (C++): a variable passed to a reference
// parameter, or the object of a member call (`this`), is the caller's own storage inside the
// callee; a value parameter gets a copy. CilkPlus and MetaFork evaluate a spawned call's
// arguments in the parent, so a task that re-evaluates them must share what is bound by
// reference. C has no references: every argument is a value there.
Object.defineProperty(exports, "__esModule", { value: true });
exports.collectCallees = collectCallees;
exports.mergeCallee = mergeCallee;
exports.bindingOf = bindingOf;
exports.mayChange = mayChange;
const ast_1 = require("../syntax/ast");
const scopes_1 = require("./scopes");
/** The parameter list of a function declarator. */
function signatureOf(fn, typedefs, text) {
    const references = [];
    let variadic = false;
    const params = (0, ast_1.child)(fn, 'parameters');
    for (const p of params ? (0, ast_1.named)(params) : []) {
        if (p.type === 'variadic_parameter' || text.slice(p.start, p.end) === '...') {
            variadic = true;
            continue;
        }
        if (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration')
            continue;
        const d = (0, ast_1.child)(p, 'declarator');
        let reference = false;
        (0, ast_1.walk)(d ?? p, n => {
            if (n.type === 'reference_declarator' || n.type === 'abstract_reference_declarator')
                reference = true;
            return !reference && n.type !== 'parameter_list';
        });
        const type = (0, ast_1.child)(p, 'type');
        if (type?.type === 'type_identifier' && typedefs.get(text.slice(type.start, type.end)) === 'reference')
            reference = true;
        // `f(void)` has no parameter.
        if (!d && type && text.slice(type.start, type.end) === 'void' && (0, ast_1.named)(params).length === 1)
            continue;
        references.push(reference);
    }
    return { references, variadic };
}
/** Adds the function declarators of a top-level node (outside function bodies) to `out`:
 * names declared at file scope with their parameter lists, names declared anywhere else
 * (namespaces, classes, templates) as unknown. */
function collectCallees(node, text, typedefs, out) {
    const visit = (n, nested) => {
        if (n.type === 'compound_statement')
            return; // a function's body
        if (n.type === 'function_declarator') {
            const d = (0, ast_1.child)(n, 'declarator');
            const name = calleeName(d, text);
            // `void ns::f(...)`, `void C::m(...)` define a namespace's function or a method.
            if (name)
                mergeCallee(out, name, nested || d?.type === 'qualified_identifier' ? 'unknown' : signatureOf(n, typedefs, text));
            return;
        }
        const inner = nested ||
            [
                'namespace_definition', 'template_declaration', 'class_specifier', 'struct_specifier', 'union_specifier',
                'field_declaration_list',
            ].includes(n.type);
        for (const c of n.children)
            visit(c, inner);
    };
    visit(node, false);
}
/** Two declarations of one name: the same parameter passing, or unknown (overloads). */
function mergeCallee(out, name, s) {
    const old = out.get(name);
    if (!old) {
        out.set(name, s);
        return;
    }
    if (old === 'unknown' ||
        s === 'unknown' ||
        old.variadic !== s.variadic ||
        old.references.join() !== s.references.join())
        out.set(name, 'unknown');
}
/** The last name of a declarator or callee expression (`f`, `ns::f`, `f<int>`, `obj.f`). */
function calleeName(n, text) {
    if (!n)
        return undefined;
    if (n.type === 'identifier' || n.type === 'field_identifier')
        return text.slice(n.start, n.end);
    if (n.type === 'qualified_identifier')
        return calleeName((0, ast_1.child)(n, 'name'), text);
    if (n.type === 'template_function' || n.type === 'template_method')
        return calleeName((0, ast_1.child)(n, 'name'), text);
    if (n.type === 'field_expression')
        return calleeName((0, ast_1.child)(n, 'field'), text);
    if (n.type === 'parenthesized_declarator' || n.type === 'parenthesized_expression')
        return calleeName((0, ast_1.named)(n)[0], text);
    const info = (0, scopes_1.declaratorInfo)(n);
    return info ? text.slice(info.id.start, info.id.end) : undefined;
}
/** How a call binds its argument number `index`. */
function argumentBindingAt(call, index, text, file, isVariable) {
    const fn = (0, ast_1.child)(call, 'function');
    if (!fn || fn.type !== 'identifier')
        return 'unknown'; // member calls, qualified names, templates, pointers
    const name = text.slice(fn.start, fn.end);
    if (isVariable(fn))
        return 'unknown'; // a lambda, a function pointer or object held in a variable
    const callee = file.callees.get(name);
    if (!callee || callee === 'unknown')
        return 'unknown';
    if (index < callee.references.length)
        return callee.references[index] ? 'reference' : 'value';
    return callee.variadic ? 'value' : 'unknown';
}
/**
 * Where the storage a reference names is bound by a call: as an argument that is (or whose
 * object part is) that variable — `f(b)`, `f(b.x)`, `f(a[i])`, `f((T &) b)` — or as the object of
 * a member call `b.m(...)`. Undefined where the reference is not such a place (read for its
 * value, or reached through a pointer). Always undefined in C.
 */
function argumentBinding(ref, text, file, isVariable) {
    if (!file.cpp || !ref.variable)
        return undefined;
    const viaPointer = ref.variable.shape === 'pointer';
    let node = ref.node;
    for (;;) {
        const p = node.parent;
        if (!p)
            return undefined;
        if (p.type === 'parenthesized_expression' || (p.type === 'cast_expression' && (0, ast_1.child)(p, 'value') === node)) {
            node = p;
            continue;
        }
        if (p.type === 'conditional_expression' && (0, ast_1.child)(p, 'condition') !== node) {
            node = p;
            continue;
        }
        if (p.type === 'comma_expression' && (0, ast_1.child)(p, 'right') === node) {
            node = p;
            continue;
        }
        if (p.type === 'subscript_expression' && (0, ast_1.child)(p, 'argument') === node) {
            if (viaPointer)
                return undefined;
            node = p;
            continue;
        }
        if (p.type === 'field_expression' && (0, ast_1.child)(p, 'argument') === node) {
            const op = p.children.find(c => c.field === 'operator');
            if (op && text.slice(op.start, op.end) === '->')
                return undefined;
            const call = p.parent;
            if (call?.type === 'call_expression' && (0, ast_1.child)(call, 'function') === p) {
                // The object of a member call is bound to `this`.
                return { binding: 'reference', call, callee: calleeName(p, text) ?? '?', span: ref.span };
            }
            node = p;
            continue;
        }
        if (p.type === 'argument_list' && p.parent?.type === 'call_expression') {
            if (viaPointer && node !== ref.node)
                return undefined;
            const call = p.parent;
            const index = (0, ast_1.named)(p).indexOf(node);
            const fn = (0, ast_1.child)(call, 'function');
            return {
                binding: argumentBindingAt(call, index, text, file, isVariable),
                call,
                callee: fn ? text.slice(fn.start, fn.end) : '?',
                span: ref.span,
            };
        }
        return undefined;
    }
}
/** `argumentBinding` for a reference of an item. */
function bindingOf(model, ref) {
    if (!model.fileScope.cpp)
        return undefined;
    return argumentBinding(ref, model.text, model.fileScope, fn => model.scopes.references.some(r => r.span.start === fn.start && !!r.variable));
}
/** The reference may change its variable: a write, `&x`, a binding by (possibly) reference,
 * a reference declared on it (`T &r = x`), or a use inside a lambda (which may run anywhere). */
function mayChange(model, ref) {
    if ((0, scopes_1.changesVariable)(ref))
        return true;
    const b = bindingOf(model, ref);
    if (b && b.binding !== 'value')
        return true;
    for (let n = ref.node.parent; n; n = n.parent)
        if (n.type === 'lambda_expression')
            return true;
    for (let n = ref.node.parent; n; n = n.parent) {
        if (n.type === 'init_declarator') {
            const d = (0, ast_1.child)(n, 'declarator');
            return !!d && (0, scopes_1.declaratorInfo)(d)?.shape === 'reference';
        }
        if (n.type.endsWith('_statement') || n.type === 'declaration')
            return false;
    }
    return false;
}
//# sourceMappingURL=binding.js.map