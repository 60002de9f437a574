// How a call binds the storage its arguments name (C++): a variable passed to a reference
// parameter, or the object of a member call (`this`), is the caller's own storage inside the
// callee; a value parameter gets a copy. CilkPlus and MetaFork evaluate a spawned call's
// arguments in the parent, so a task that re-evaluates them must share what is bound by
// reference. C has no references: every argument is a value there.

import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { Span } from '../base/span';
import {
  changesVariable,
  declaratorInfo,
  type Callee,
  type FileScope,
  type ItemScopes,
  type Reference,
  type Shape,
  type Signature,
} from './scopes';

/** What a binding is read from: an item's text and scopes, and its file's. */
type Scoped = { text: string; scopes: ItemScopes; fileScope: FileScope };

export type Binding = 'value' | 'reference' | 'unknown';

/** A reference's binding: the call it is an argument of and how that call binds it. */
export interface ArgumentBinding { binding: Binding; call: SNode; callee: string; span: Span }

/** The parameter list of a function declarator. */
function signatureOf(fn: SNode, typedefs: ReadonlyMap<string, Shape>, text: string): Signature {
  const references: boolean[] = [];
  let variadic = false;
  const params = child(fn, 'parameters');
  for (const p of params ? named(params) : []) {
    if (p.type === 'variadic_parameter' || text.slice(p.start, p.end) === '...') { variadic = true; continue; }
    if (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration') continue;
    const d = child(p, 'declarator');
    let reference = false;
    walk(d ?? p, n => {
      if (n.type === 'reference_declarator' || n.type === 'abstract_reference_declarator') reference = true;
      return !reference && n.type !== 'parameter_list';
    });
    const type = child(p, 'type');
    if (type?.type === 'type_identifier' && typedefs.get(text.slice(type.start, type.end)) === 'reference')
      reference = true;
    // `f(void)` has no parameter.
    if (!d && type && text.slice(type.start, type.end) === 'void' && named(params!).length === 1) continue;
    references.push(reference);
  }
  return { references, variadic };
}

/** Adds the function declarators of a top-level node (outside function bodies) to `out`:
 * names declared at file scope with their parameter lists, names declared anywhere else
 * (namespaces, classes, templates) as unknown. */
export function collectCallees(
  node: SNode,
  text: string,
  typedefs: ReadonlyMap<string, Shape>,
  out: Map<string, Callee>,
): void {
  /** `owner`: the class (or namespace) whose members are declared here. */
  const visit = (n: SNode, nested: boolean, owner: string | undefined) => {
    if (n.type === 'compound_statement') return; // a function's body
    if (n.type === 'function_declarator') {
      const d = child(n, 'declarator');
      const name = calleeName(d, text);
      if (!name) return;
      const signature = signatureOf(n, typedefs, text);
      // By the count of arguments too, where no default or `...` blurs it: overloads that differ in
      // it (a class's constructors) are told apart.
      const parameters = child(n, 'parameters');
      const counted = signature.variadic || (parameters && named(parameters).some(p => p.type === 'optional_parameter_declaration'))
        ? '*' : String(signature.references.length);
      const declare = (key: string, callee: Callee) => {
        mergeCallee(out, key, callee);
        mergeCallee(out, `${key}/${counted}`, callee);
      };
      // `void ns::f(...)`, `void C::m(...)` define a namespace's function or a method.
      declare(name, nested || d?.type === 'qualified_identifier' ? 'unknown' : signature);
      // A method is also known by its class (a call inside the class's methods finds it first).
      const cls = d?.type === 'qualified_identifier' ? qualifierOf(d, text) : owner;
      if (cls) declare(`${cls}::${name}`, signature);
      return;
    }
    // A data member (a `std::function`, a functor) called inside a method is the member, not a
    // function of that name elsewhere: unknown.
    if (owner && n.type === 'field_identifier') {
      const key = `${owner}::${text.slice(n.start, n.end)}`;
      mergeCallee(out, key, 'unknown');
      mergeCallee(out, `${key}/*`, 'unknown');
      return;
    }
    const inner =
      nested ||
      [
        'namespace_definition', 'template_declaration', 'class_specifier', 'struct_specifier', 'union_specifier',
        'field_declaration_list',
      ].includes(n.type);
    // A namespace's functions are its members too (`void ns::g(...)` may overload one declared in it).
    const cls = /^(class|struct|union)_specifier$|^namespace_definition$/.test(n.type) ? child(n, 'name') : undefined;
    const members = cls ? className(cls, text) : owner;
    for (const c of n.children) visit(c, inner, members);
  };
  visit(node, false, undefined);
}

/** The class (or namespace) a qualified name's last part is declared in: `C` of `ns::C::m`, `C<T>::m`. */
function qualifierOf(d: SNode, text: string): string | undefined {
  let q = d;
  for (let name = child(q, 'name'); name?.type === 'qualified_identifier'; name = child(q, 'name')) q = name;
  const scope = child(q, 'scope');
  return scope && text.slice(scope.start, scope.end).replace(/<[^]*$/, '').replace(/^.*::/, '').trim();
}

/** The class whose member function holds `node` (in the class's body, or defined as `C::m`). */
export function enclosingClass(node: SNode, text: string): string | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'function_definition') {
      const d = child(p, 'declarator');
      const id = d?.type === 'function_declarator' ? child(d, 'declarator') : undefined;
      if (id?.type === 'qualified_identifier') return qualifierOf(id, text);
    }
    if (/^(class|struct|union)_specifier$/.test(p.type)) {
      const name = child(p, 'name');
      return name && className(name, text);
    }
  }
  return undefined;
}

/** A class's (or namespace's) name as the callees are keyed by it: without template arguments. */
function className(name: SNode, text: string): string {
  return text.slice(name.start, name.end).replace(/<[^]*$/, '');
}

/** Two declarations of one name: the same parameter passing, or unknown (overloads). */
export function mergeCallee(out: Map<string, Callee>, name: string, s: Callee): void {
  const old = out.get(name);
  if (!old) { out.set(name, s); return; }
  if (
    old === 'unknown' ||
    s === 'unknown' ||
    old.variadic !== s.variadic ||
    old.references.join() !== s.references.join()
  )
    out.set(name, 'unknown');
}

/** The node of the last name a callee expression calls by (`f`, `ns::f`, `f<int>`, `obj.f`, `p->f`). */
export function lastName(n: SNode | undefined): SNode | undefined {
  switch (n?.type) {
    case 'identifier': case 'field_identifier': return n;
    case 'qualified_identifier': case 'template_function': case 'template_method': return lastName(child(n, 'name'));
    case 'field_expression': return lastName(child(n, 'field'));
    default: return undefined;
  }
}

/** The last name of a declarator or callee expression, through parentheses. */
function calleeName(n: SNode | undefined, text: string): string | undefined {
  if (!n) return undefined;
  if (n.type === 'parenthesized_declarator' || n.type === 'parenthesized_expression') return calleeName(named(n)[0], text);
  const id = lastName(n) ?? declaratorInfo(n)?.id;
  return id && text.slice(id.start, id.end);
}

/** How a call binds its argument number `index`. */
function argumentBindingAt(
  call: SNode,
  index: number,
  text: string,
  file: FileScope,
  isVariable: (n: SNode) => boolean,
): Binding {
  let fn = child(call, 'function');
  // `this->m(...)`: a method of the class, as `m(...)` is.
  if (fn?.type === 'field_expression' && child(fn, 'argument')?.type === 'this') fn = child(fn, 'field');
  if (!fn || (fn.type !== 'identifier' && fn.type !== 'field_identifier')) return 'unknown'; // member calls, qualified names, templates, pointers
  const name = text.slice(fn.start, fn.end);
  if (fn.type === 'identifier' && isVariable(fn)) return 'unknown'; // a lambda, a function pointer or object held in a variable
  const count = named(child(call, 'arguments') ?? call).length;
  /** A name's declarations a call with this many arguments may mean (see collectCallees). */
  const declared = (key: string) =>
    file.callees.has(`${key}/*`) ? file.callees.get(key) : file.callees.get(`${key}/${count}`) ?? file.callees.get(key);
  // Inside a method, a name its class declares is the class's (C++ looks in the class first); a
  // class's name called is its constructor.
  const cls = enclosingClass(call, text);
  const member =
    (cls === undefined ? undefined : file.callees.has(`${cls}::${name}`) ? declared(`${cls}::${name}`) : undefined) ??
    (file.callees.has(`${name}::${name}`) ? declared(`${name}::${name}`) : undefined);
  if (fn.type === 'field_identifier' && !member) return 'unknown';
  const callee = member ?? declared(name);
  if (!callee || callee === 'unknown') return 'unknown';
  if (index < callee.references.length) return callee.references[index] ? 'reference' : 'value';
  return callee.variadic ? 'value' : 'unknown';
}

/**
 * Where the storage a reference names is bound by a call: as an argument that is (or whose
 * object part is) that variable — `f(b)`, `f(b.x)`, `f(a[i])`, `f((T &) b)` — or as the object of
 * a member call `b.m(...)`. Undefined where the reference is not such a place (read for its
 * value, or reached through a pointer). Always undefined in C.
 */
function argumentBinding(
  ref: Reference,
  text: string,
  file: FileScope,
  isVariable: (n: SNode) => boolean,
): ArgumentBinding | undefined {
  if (!file.cpp || !ref.variable) return undefined;
  const viaPointer = ref.variable.shape === 'pointer';
  let node: SNode = ref.node;
  for (;;) {
    const p = node.parent;
    if (!p) return undefined;
    if (p.type === 'parenthesized_expression' || (p.type === 'cast_expression' && child(p, 'value') === node)) {
      node = p;
      continue;
    }
    if (p.type === 'conditional_expression' && child(p, 'condition') !== node) {
      node = p;
      continue;
    }
    if (p.type === 'comma_expression' && child(p, 'right') === node) {
      node = p;
      continue;
    }
    if (p.type === 'subscript_expression' && child(p, 'argument') === node) {
      if (viaPointer) return undefined;
      node = p;
      continue;
    }
    if (p.type === 'field_expression' && child(p, 'argument') === node) {
      const op = p.children.find(c => c.field === 'operator');
      if (op && text.slice(op.start, op.end) === '->') return undefined;
      const call = p.parent;
      if (call?.type === 'call_expression' && child(call, 'function') === p) {
        // The object of a member call is bound to `this`.
        return { binding: 'reference', call, callee: calleeName(p, text) ?? '?', span: ref.span };
      }
      node = p;
      continue;
    }
    if (p.type === 'argument_list' && p.parent?.type === 'call_expression') {
      if (viaPointer && node !== ref.node) return undefined;
      const call = p.parent;
      const index = named(p).indexOf(node);
      const fn = child(call, 'function');
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
export function bindingOf(model: Scoped, ref: Reference): ArgumentBinding | undefined {
  if (!model.fileScope.cpp) return undefined;
  return argumentBinding(ref, model.text, model.fileScope, fn =>
    model.scopes.references.some(r => r.span.start === fn.start && !!r.variable),
  );
}

/** The reference may change its variable: a write, `&x`, a binding by (possibly) reference,
 * a reference declared on it (`T &r = x`), or a use inside a lambda (which may run anywhere). */
export function mayChange(model: Scoped, ref: Reference): boolean {
  if (changesVariable(ref)) return true;
  const b = bindingOf(model, ref);
  if (b && b.binding !== 'value') return true;
  for (let n: SNode | null = ref.node.parent; n; n = n.parent) if (n.type === 'lambda_expression') return true;
  for (let n: SNode | null = ref.node.parent; n; n = n.parent) {
    if (n.type === 'init_declarator') {
      const d = child(n, 'declarator');
      return !!d && declaratorInfo(d)?.shape === 'reference';
    }
    if (n.type.endsWith('_statement') || n.type === 'declaration') return false;
  }
  return false;
}
