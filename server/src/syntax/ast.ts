// Small helpers over SNode trees.

import type { SNode } from './parser';
import type { Ident } from './keywords';
import type { Span } from '../base/span';

export function child(node: SNode, field: string): SNode | undefined {
  for (const c of node.children) if (c.field === field) return c;
  return undefined;
}

export function children(node: SNode, field: string): SNode[] {
  return node.children.filter(c => c.field === field);
}

export function named(node: SNode): SNode[] {
  return node.children.filter(c => c.named);
}

/** Pre-order walk; the visitor returns false to skip a subtree. */
export function walk(node: SNode, visit: (n: SNode) => boolean | void): void {
  const stack: SNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (visit(n) === false) continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
}

export function ancestors(node: SNode): SNode[] {
  const out: SNode[] = [];
  for (let p = node.parent; p; p = p.parent) out.push(p);
  return out;
}

/** Whether `a` and `b` lie in the two branches of one `if` (then one never runs after the other). */
export function inOtherBranches(a: SNode, b: SNode): boolean {
  const above = new Map<SNode, SNode>(); // ancestor of `a` -> its child on the way to `a`
  for (let n = a; n.parent; n = n.parent) above.set(n.parent, n);
  for (let n = b; n.parent; n = n.parent) {
    const fromA = above.get(n.parent);
    if (!fromA) continue;
    return n.parent.type === 'if_statement' && fromA !== n && fromA.field !== 'condition' && n.field !== 'condition';
  }
  return false;
}

/** Strips parentheses around an expression. */
export function unparen(node: SNode | undefined): SNode | undefined {
  while (node && node.type === 'parenthesized_expression') node = named(node)[0];
  return node;
}

function isStatement(node: SNode): boolean {
  return node.type.endsWith('_statement') || node.type === 'declaration' || node.type === 'preproc_call';
}

/** The outermost statement node that starts exactly at `offset` inside `root`. */
export function statementStartingAt(root: SNode, offset: number): SNode | undefined {
  let node: SNode | undefined = root;
  while (node) {
    if (node !== root && node.start === offset && isStatement(node)) return node;
    node = node.children.find(c => c.start <= offset && offset < c.end);
  }
  return undefined;
}

/** The smallest node with exactly this start whose type is one of `types`. */
export function nodeStartingAt(root: SNode, offset: number, types: ReadonlySet<string>): SNode | undefined {
  let found: SNode | undefined;
  let node: SNode | undefined = root;
  while (node) {
    if (node.start === offset && types.has(node.type)) found = node;
    node = node.children.find(c => c.start <= offset && offset < c.end);
  }
  return found;
}

/** The deepest node containing [start, end). */
export function nodeCovering(root: SNode, span: Span): SNode {
  let node = root;
  for (;;) {
    const next = node.children.find(c => c.start <= span.start && span.end <= c.end && c !== node);
    if (!next) return node;
    node = next;
  }
}

/** Nodes that name what a declarator declares (C++ adds qualified, destructor and operator names). */
const DECLARED_NAMES = new Set([
  'identifier', 'field_identifier', 'qualified_identifier', 'destructor_name', 'operator_name',
]);

/** The name node a declarator declares, through pointer, array, function, parenthesized and
 * reference declarators: `f` in `*f(int)`, `fp` in `(*fp(void))(int)`, `a` in `a[N]`. */
export function declaredName(declarator: SNode | undefined): SNode | undefined {
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
export function functionName(fn: SNode, text: string): Ident | undefined {
  const id = declaredName(child(fn, 'declarator'));
  return id && { name: text.slice(id.start, id.end), start: id.start, end: id.end };
}

export function enclosingFunction(node: SNode): SNode | undefined {
  for (let p: SNode | null = node; p; p = p.parent)
    if (p.type === 'function_definition' || p.type === 'lambda_expression') return p;
  return undefined;
}

/** Whether the element or member `name` reaches (`a[i]`, `s.x`, through parentheses) has its
 * address taken (`&a[i]`, which hands the storage out as `a + i` does). */
export function elementAddressTaken(name: SNode, text: string): boolean {
  let n = name;
  while (
    n.parent &&
    (n.parent.type === 'parenthesized_expression' ||
      ((n.parent.type === 'subscript_expression' || n.parent.type === 'field_expression') && child(n.parent, 'argument') === n))
  )
    n = n.parent;
  return n.parent?.type === 'pointer_expression' && text[n.parent.start] === '&';
}

/** The subscript chain an array name heads (`a` in `a[i][j]`): the outermost subscript
 * expression and its indices, outermost first (`[i, j]`); the name itself and no index when it
 * is not subscripted. */
export function subscriptChain(name: SNode): { top: SNode; indices: SNode[] } {
  let top = name;
  const indices: SNode[] = [];
  while (top.parent?.type === 'subscript_expression' && child(top.parent, 'argument') === top) {
    const ix = child(top.parent, 'index') ?? named(top.parent).find(c => c.field !== 'argument');
    if (ix) indices.push(ix);
    top = top.parent;
  }
  return { top, indices };
}

/** The first `break` or `continue` of a loop body's own loop (not of a loop inside it, nor for
 * `break` of a switch inside it), or undefined. */
export function ownJump(body: SNode, jump: 'break' | 'continue'): SNode | undefined {
  let found: SNode | undefined;
  const nested = jump === 'break' ? /^(for|while|do|switch)_statement$/ : /^(for|while|do)_statement$/;
  walk(body, n => {
    if (n.type === `${jump}_statement`) found ??= n;
    return !found && !(n !== body && nested.test(n.type));
  });
  return found;
}

/** The operands of a chain of `&&` (parentheses dropped): `(a < n) && b && c` gives a < n, b, c. */
export function conjuncts(e: SNode | undefined, text: string): SNode[] {
  const n = unparen(e);
  if (!n) return [];
  const l = child(n, 'left'), r = child(n, 'right');
  if (n.type === 'binary_expression' && l && r && text.slice(l.end, r.start).trim() === '&&')
    return [...conjuncts(l, text), ...conjuncts(r, text)];
  return [n];
}
