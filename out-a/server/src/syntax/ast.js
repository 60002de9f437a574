"use strict";
// Small helpers over SNode trees.
Object.defineProperty(exports, "__esModule", { value: true });
exports.child = child;
exports.children = children;
exports.named = named;
exports.walk = walk;
exports.ancestors = ancestors;
exports.unparen = unparen;
exports.statementStartingAt = statementStartingAt;
exports.nodeStartingAt = nodeStartingAt;
exports.nodeCovering = nodeCovering;
exports.declaredName = declaredName;
exports.functionName = functionName;
exports.enclosingFunction = enclosingFunction;
exports.elementAddressTaken = elementAddressTaken;
exports.subscriptChain = subscriptChain;
exports.ownJump = ownJump;
exports.conjuncts = conjuncts;
function child(node, field) {
    for (const c of node.children)
        if (c.field === field)
            return c;
    return undefined;
}
function children(node, field) {
    return node.children.filter(c => c.field === field);
}
function named(node) {
    return node.children.filter(c => c.named);
}
/** Pre-order walk; the visitor returns false to skip a subtree. */
function walk(node, visit) {
    const stack = [node];
    while (stack.length) {
        const n = stack.pop();
        if (visit(n) === false)
            continue;
        for (let i = n.children.length - 1; i >= 0; i--)
            stack.push(n.children[i]);
    }
}
function ancestors(node) {
    const out = [];
    for (let p = node.parent; p; p = p.parent)
        out.push(p);
    return out;
}
/** Strips parentheses around an expression. */
function unparen(node) {
    while (node && node.type === 'parenthesized_expression')
        node = named(node)[0];
    return node;
}
function isStatement(node) {
    return node.type.endsWith('_statement') || node.type === 'declaration' || node.type === 'preproc_call';
}
/** The outermost statement node that starts exactly at `offset` inside `root`. */
function statementStartingAt(root, offset) {
    let node = root;
    while (node) {
        if (node !== root && node.start === offset && isStatement(node))
            return node;
        node = node.children.find(c => c.start <= offset && offset < c.end);
    }
    return undefined;
}
/** The smallest node with exactly this start whose type is one of `types`. */
function nodeStartingAt(root, offset, types) {
    let found;
    let node = root;
    while (node) {
        if (node.start === offset && types.has(node.type))
            found = node;
        node = node.children.find(c => c.start <= offset && offset < c.end);
    }
    return found;
}
/** The deepest node containing [start, end). */
function nodeCovering(root, span) {
    let node = root;
    for (;;) {
        const next = node.children.find(c => c.start <= span.start && span.end <= c.end && c !== node);
        if (!next)
            return node;
        node = next;
    }
}
/** Nodes that name what a declarator declares (C++ adds qualified, destructor and operator names). */
const DECLARED_NAMES = new Set([
    'identifier', 'field_identifier', 'qualified_identifier', 'destructor_name', 'operator_name',
]);
/** The name node a declarator declares, through pointer, array, function, parenthesized and
 * reference declarators: `f` in `*f(int)`, `fp` in `(*fp(void))(int)`, `a` in `a[N]`. */
function declaredName(declarator) {
    let node = declarator;
    while (node && !DECLARED_NAMES.has(node.type)) {
        // parenthesized_declarator and reference_declarator have no `declarator` field in tree-sitter.
        node =
            child(node, 'declarator') ??
                (node.type === 'parenthesized_declarator'
                    ? named(node)[0]
                    : node.type === 'reference_declarator'
                        ? named(node).at(-1)
                        : undefined);
    }
    return node;
}
/** The name of a function definition, read from its declarator (never from the text before it:
 * `__attribute__((noinline)) static int sq(int x)` is `sq`), with its span. */
function functionName(fn, text) {
    const id = declaredName(child(fn, 'declarator'));
    return id && { name: text.slice(id.start, id.end), start: id.start, end: id.end };
}
function enclosingFunction(node) {
    for (let p = node; p; p = p.parent)
        if (p.type === 'function_definition' || p.type === 'lambda_expression')
            return p;
    return undefined;
}
/** Whether the element or member `name` reaches (`a[i]`, `s.x`, through parentheses) has its
 * address taken (`&a[i]`, which hands the storage out as `a + i` does). */
function elementAddressTaken(name, text) {
    let n = name;
    while (n.parent &&
        (n.parent.type === 'parenthesized_expression' ||
            ((n.parent.type === 'subscript_expression' || n.parent.type === 'field_expression') && child(n.parent, 'argument') === n)))
        n = n.parent;
    return n.parent?.type === 'pointer_expression' && text[n.parent.start] === '&';
}
/** The subscript chain an array name heads (`a` in `a[i][j]`): the outermost subscript
 * expression and its indices, outermost first (`[i, j]`); the name itself and no index when it
 * is not subscripted. */
function subscriptChain(name) {
    let top = name;
    const indices = [];
    while (top.parent?.type === 'subscript_expression' && child(top.parent, 'argument') === top) {
        const ix = child(top.parent, 'index') ?? named(top.parent).find(c => c.field !== 'argument');
        if (ix)
            indices.push(ix);
        top = top.parent;
    }
    return { top, indices };
}
/** The first `break` or `continue` of a loop body's own loop (not of a loop inside it, nor for
 * `break` of a switch inside it), or undefined. */
function ownJump(body, jump) {
    let found;
    const nested = jump === 'break' ? /^(for|while|do|switch)_statement$/ : /^(for|while|do)_statement$/;
    walk(body, n => {
        if (n.type === `${jump}_statement`)
            found ??= n;
        return !found && !(n !== body && nested.test(n.type));
    });
    return found;
}
/** The operands of a chain of `&&` (parentheses dropped): `(a < n) && b && c` gives a < n, b, c. */
function conjuncts(e, text) {
    const n = unparen(e);
    if (!n)
        return [];
    const l = child(n, 'left'), r = child(n, 'right');
    if (n.type === 'binary_expression' && l && r && text.slice(l.end, r.start).trim() === '&&')
        return [...conjuncts(l, text), ...conjuncts(r, text)];
    return [n];
}
//# sourceMappingURL=ast.js.map