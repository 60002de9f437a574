// Declarations, scopes and references: every variable a construct uses, with the type
// facts the sharing rules need (Chen 2017 §3.3: global, file scope, static, const,
// pointer/array/function/reference type, value type).

import { child, children, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { type Span, within } from '../base/span';

export type Shape = 'value' | 'pointer' | 'array' | 'function' | 'reference';
export type Storage = 'global' | 'file' | 'param' | 'local';

export interface Variable {
  name: string;
  /** The identifier in the declarator. */
  span: Span;
  /** The declaration (or parameter declaration) node. */
  declaration: SNode;
  /** The node whose extent is the variable's scope (compound statement, for statement, function, file). */
  scope: SNode;
  storage: Storage;
  isStatic: boolean;
  isExtern: boolean;
  isConst: boolean;
  shape: Shape;
  /** The type as written, without the declarator (`long`, `struct point`). */
  typeText: string;
  /** Declared in the initializer of a for statement. */
  loopControl: boolean;
}

export type Access = 'read' | 'write' | 'readwrite';

/** The reference may change its variable itself: a write, or `&x` (see binding's `mayChange` for
 * what else may). */
export function changesVariable(r: Reference): boolean {
  return r.access !== 'read' || r.addressTaken;
}

export interface Reference {
  name: string;
  span: Span;
  node: SNode;
  variable: Variable | undefined;
  access: Access;
  /** The reference is the base of a subscript or field being written (`a[i] = ...`, `s.x = ...`). */
  through: 'subscript' | 'field' | 'deref' | null;
  /** `&x` */
  addressTaken: boolean;
}

/** File-scope facts every item of the file sees: global variables and typedef shapes. */
/** Per parameter, whether it binds by reference; `variadic` for a trailing `...`. */
export interface Signature { references: boolean[]; variadic: boolean }

/** What a function name stands for in the file: one parameter list, or `unknown` where the
 * file declares it in several ways (overloads), inside a namespace, class or template. */
export type Callee = Signature | 'unknown';

export interface FileScope {
  variables: ReadonlyMap<string, Variable>;
  typedefs: ReadonlyMap<string, Shape>;
  functions: ReadonlySet<string>;
  /** The functions defined here (with a body), a subset of `functions`: what the CUDA generator can give a device version. */
  definitions: ReadonlySet<string>;
  /** Enumeration constants (`enum { H = 2 }`): names that are neither variables nor macros. */
  constants: ReadonlySet<string>;
  /** Object-like macros whose expansion names nothing (`#define N 4000`), left unexpanded: program
   * constants. Name -> value (the full expansion). */
  macroConstants: ReadonlyMap<string, string>;
  /** The file is C++ (references exist): which functions bind which arguments by reference. */
  cpp: boolean;
  callees: ReadonlyMap<string, Callee>;
  /** Variables a `#pragma omp threadprivate(...)` gives each thread a copy of. */
  threadprivate: ReadonlySet<string>;
  /** Changes whenever anything above changes: part of the analysis cache key. */
  signature: string;
}

export interface ItemScopes {
  variables: Variable[];
  references: Reference[];
}

/** The references to `v`, read from an index of the item's references by variable built once (a
 * region's analyses ask for each of its variables again and again; NAS BT's hold thousands). */
export function referencesOf(scopes: ItemScopes, v: Variable): Reference[] {
  let index = byVariable.get(scopes);
  if (!index) {
    index = new Map();
    for (const r of scopes.references) {
      if (!r.variable) continue;
      const list = index.get(r.variable);
      if (list) list.push(r);
      else index.set(r.variable, [r]);
    }
    byVariable.set(scopes, index);
  }
  return index.get(v) ?? [];
}
const byVariable = new WeakMap<ItemScopes, Map<Variable, Reference[]>>();

/** The item's references inside `span`, in the order of the text: found by halving a list of them
 * sorted once by where they start (an analysis asking of every loop of a region what its condition
 * reads scanned all of the item's references each time). */
export function referencesWithin(scopes: ItemScopes, span: Span): Reference[] {
  let sorted = byStart.get(scopes);
  if (!sorted) byStart.set(scopes, (sorted = [...scopes.references].sort((a, b) => a.span.start - b.span.start)));
  let lo = 0, hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].span.start < span.start) lo = mid + 1; else hi = mid;
  }
  const out: Reference[] = [];
  for (let i = lo; i < sorted.length && sorted[i].span.start < span.end; i++)
    if (sorted[i].span.end <= span.end) out.push(sorted[i]);
  return out;
}
const byStart = new WeakMap<ItemScopes, Reference[]>();

const SHAPE_OF_DECLARATOR: Record<string, Shape> = {
  pointer_declarator: 'pointer', abstract_pointer_declarator: 'pointer',
  array_declarator: 'array', function_declarator: 'function',
  reference_declarator: 'reference',
};

/** The identifier a declarator declares and the shape closest to it (`*a[10]` is an array). */
export function declaratorInfo(declarator: SNode): { id: SNode; shape: Shape } | undefined {
  let node: SNode | undefined = declarator;
  let shape: Shape = 'value';
  while (node) {
    // A typedef's declarator names a type (`typedef double *vec;`).
    if (node.type === 'identifier' || node.type === 'field_identifier' || node.type === 'type_identifier')
      return { id: node, shape };
    if (node.type === 'init_declarator') { node = child(node, 'declarator'); continue; }
    if (node.type === 'parenthesized_declarator') { node = named(node)[0]; continue; }
    if (node.type === 'qualified_identifier' || node.type === 'destructor_name' || node.type === 'operator_name')
      return undefined;
    const s = SHAPE_OF_DECLARATOR[node.type];
    if (s) shape = s;
    // reference_declarator has no `declarator` field in tree-sitter-cpp: its declarator is its last named child.
    node = child(node, 'declarator') ?? (node.type === 'reference_declarator' ? named(node).at(-1) : undefined);
  }
  return undefined;
}

export function specifierFacts(
  declaration: SNode,
  text: string,
): { isStatic: boolean; isExtern: boolean; isConst: boolean; typeText: string } {
  let isStatic = false,
    isExtern = false,
    isConst = false;
  for (const c of declaration.children) {
    if (c.type === 'storage_class_specifier') {
      const word = text.slice(c.start, c.end);
      if (word === 'static') isStatic = true;
      if (word === 'extern') isExtern = true;
    } else if (c.type === 'type_qualifier' && text.slice(c.start, c.end) === 'const') {
      isConst = true;
    }
  }
  const type = child(declaration, 'type');
  return { isStatic, isExtern, isConst, typeText: type ? text.slice(type.start, type.end) : 'int' };
}

/** Shape a typedef name stands for, or a pointer-looking type written in full. */
function shapeOfType(declaration: SNode, text: string, typedefs: ReadonlyMap<string, Shape>): Shape {
  const type = child(declaration, 'type');
  if (type && type.type === 'type_identifier') return typedefs.get(text.slice(type.start, type.end)) ?? 'value';
  return 'value';
}

function declare(
  declaration: SNode, declarator: SNode, text: string, scope: SNode, storage: Storage,
  typedefs: ReadonlyMap<string, Shape>, loopControl = false,
): Variable | undefined {
  const info = declaratorInfo(declarator);
  if (!info) return undefined;
  const facts = specifierFacts(declaration, text);
  let shape = info.shape === 'value' ? shapeOfType(declaration, text, typedefs) : info.shape;
  // An array parameter is a pointer (C11 6.7.6.3p7).
  if (storage === 'param' && shape === 'array') shape = 'pointer';
  const { isStatic, isExtern, isConst, typeText } = facts;
  // A type taken from an address (`__auto_type p = &x;`, C++'s `auto`): a pointer.
  if (shape === 'value' && (typeText === '__auto_type' || typeText === 'auto') && declarator.type === 'init_declarator') {
    const value = child(declarator, 'value');
    if (value?.type === 'pointer_expression' && text[value.start] === '&') shape = 'pointer';
  }
  return {
    name: text.slice(info.id.start, info.id.end), span: { start: info.id.start, end: info.id.end },
    declaration, scope, storage: storage === 'global' && isStatic ? 'file' : storage,
    isStatic, isExtern, isConst, shape, typeText, loopControl,
  };
}

/** File-scope declarations of one top-level node (a declaration, a function, an #ifdef block). */
export function fileScopeDeclarations(
  node: SNode,
  text: string,
  typedefs: Map<string, Shape>,
): { variables: Variable[]; functions: string[]; defined: string[]; constants: string[] } {
  const variables: Variable[] = [];
  const functions: string[] = [],
    defined: string[] = [];
  const constants: string[] = [];
  walk(node, n => {
    if (n.type === 'function_definition') return false;
    const name = n.type === 'enumerator' ? child(n, 'name') : undefined;
    if (name) constants.push(text.slice(name.start, name.end));
    return true;
  });
  const visit = (n: SNode) => {
    if (n.type === 'function_definition') {
      const d = child(n, 'declarator');
      const info = d && declaratorInfo(d);
      if (info) {
        functions.push(text.slice(info.id.start, info.id.end));
        defined.push(text.slice(info.id.start, info.id.end));
      }
    } else if (n.type === 'type_definition') {
      for (const d of children(n, 'declarator')) {
        const info = declaratorInfo(d);
        if (info)
          typedefs.set(
            text.slice(info.id.start, info.id.end),
            info.shape === 'value' ? shapeOfType(n, text, typedefs) : info.shape,
          );
      }
    } else if (n.type === 'declaration') {
      for (const d of children(n, 'declarator')) {
        const v = declare(n, d, text, n, 'global', typedefs);
        if (!v) continue;
        if (v.shape === 'function') functions.push(v.name);
        else variables.push(v);
      }
    } else if (
      n.type.startsWith('preproc_') ||
      n.type === 'translation_unit' ||
      n.type === 'linkage_specification' ||
      n.type === 'declaration_list'
    ) {
      for (const c of n.children) visit(c);
    }
  };
  visit(node);
  return { variables, functions, defined, constants };
}

/** Scope kinds: nodes that open a new block scope. */
const SCOPE_NODES = new Set([
  'compound_statement', 'for_statement', 'for_range_loop', 'function_definition', 'lambda_expression', 'catch_clause',
  'if_statement', 'while_statement', 'switch_statement',
]);

/**
 * Resolves every identifier of an item to its declaration (C scoping: a name is visible
 * from its declarator to the end of the enclosing block).
 */
export function resolveItem(item: SNode, text: string, file: FileScope): ItemScopes {
  const variables: Variable[] = [];
  const references: Reference[] = [];
  const typedefs = new Map(file.typedefs);
  const stack: Map<string, Variable>[] = [];
  const lookup = (name: string): Variable | undefined => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const v = stack[i].get(name);
      if (v) return v;
    }
    return file.variables.get(name);
  };
  const add = (v: Variable | undefined) => {
    if (!v) return;
    variables.push(v);
    stack[stack.length - 1]?.set(v.name, v);
  };
  const storageHere = (): Storage => (stack.length === 0 ? 'global' : 'local');

  const visit = (n: SNode): void => {
    const opens = SCOPE_NODES.has(n.type);
    if (opens) stack.push(new Map());
    switch (n.type) {
      case 'function_definition': {
        const declarator = child(n, 'declarator');
        const fn = declarator && findFunctionDeclarator(declarator);
        const params = fn && child(fn, 'parameters');
        if (params) for (const p of named(params)) {
          if (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration') continue;
          const d = child(p, 'declarator');
          if (d) add(declare(p, d, text, n, 'param', typedefs));
        }
        // K&R parameters (`int f(x) int x; { ... }`) are declared between the declarator and the body.
        for (const k of n.children) {
          if (k.type === 'declaration')
            for (const d of children(k, 'declarator')) add(declare(k, d, text, n, 'param', typedefs));
        }
        const body = child(n, 'body');
        if (body) visit(body);
        break;
      }
      case 'declaration': {
        const loopControl = n.field === 'initializer';
        for (const c of n.children) {
          if (c.field === 'declarator') {
            const v = declare(n, c, text, declScope(n), storageHere(), typedefs, loopControl);
            if (v && v.shape === 'function') continue; // a prototype: its parameters are not variables
            // The initializer is evaluated in the scope where the name is already visible.
            add(v);
            const value = c.type === 'init_declarator' ? child(c, 'value') : undefined;
            if (value) visit(value);
            for (const sub of c.children) if (sub.type === 'array_declarator' || sub.field === 'size') visit(sub);
          } else if (c.field !== 'type') {
            visit(c);
          }
        }
        break;
      }
      case 'type_definition':
        for (const d of children(n, 'declarator')) {
          const info = declaratorInfo(d);
          if (info)
            typedefs.set(
              text.slice(info.id.start, info.id.end),
              info.shape === 'value' ? shapeOfType(n, text, typedefs) : info.shape,
            );
        }
        break;
      case 'identifier': {
        const name = text.slice(n.start, n.end);
        // Field by field, not spread: every reference keeps one hidden class.
        const { access, through, addressTaken } = accessOf(n, text);
        references.push({
          name, span: { start: n.start, end: n.end }, node: n, variable: lookup(name), access, through, addressTaken,
        });
        break;
      }
      case 'field_expression': {
        // Only the object is a variable reference; the field name is not.
        const arg = child(n, 'argument');
        if (arg) visit(arg);
        break;
      }
      case 'qualified_identifier': case 'template_function': case 'template_type': case 'type_identifier':
      case 'field_identifier': case 'statement_identifier': case 'string_literal': case 'char_literal':
      case 'comment': case 'preproc_call': case 'sizeof_expression_type':
        break;
      case 'call_expression': {
        const fn = child(n, 'function');
        // A called name that is no variable is a function: not a variable reference.
        if (fn && fn.type === 'identifier' && !lookup(text.slice(fn.start, fn.end))) {
          for (const c of n.children) if (c !== fn) visit(c);
        } else {
          for (const c of n.children) visit(c);
        }
        break;
      }
      default:
        for (const c of n.children) visit(c);
    }
    if (opens) stack.pop();
  };
  visit(item);
  return { variables, references };
}

/** The node whose extent a block-scope declaration's name covers. */
function declScope(declaration: SNode): SNode {
  const p = declaration.parent;
  if (!p) return declaration;
  return p;
}

export function findFunctionDeclarator(declarator: SNode): SNode | undefined {
  let node: SNode | undefined = declarator;
  while (node) {
    if (node.type === 'function_declarator') return node;
    node = child(node, 'declarator') ?? (node.type === 'parenthesized_declarator' ? named(node)[0] : undefined);
  }
  return undefined;
}

/** How an identifier occurrence uses its variable. */
function accessOf(id: SNode, text: string): Pick<Reference, 'access' | 'through' | 'addressTaken'> {
  let node: SNode = id;
  let through: Reference['through'] = null;
  // Climb through parentheses, subscripts (as the array), field accesses (as the object), derefs.
  for (;;) {
    const p = node.parent;
    if (!p) break;
    if (p.type === 'parenthesized_expression') { node = p; continue; }
    if (p.type === 'subscript_expression' && child(p, 'argument') === node) {
      through ??= 'subscript';
      node = p;
      continue;
    }
    if (p.type === 'field_expression' && child(p, 'argument') === node) {
      const op = p.children.find(c => c.field === 'operator');
      if (op && text.slice(op.start, op.end) === '->') { through ??= 'deref'; } else { through ??= 'field'; }
      node = p; continue;
    }
    if (p.type === 'pointer_expression') {
      const op = text.slice(p.start, p.start + 1);
      if (op === '&' && !through) return { access: 'read', through: null, addressTaken: true };
      if (op === '*') { through ??= 'deref'; node = p; continue; }
    }
    break;
  }
  const p = node.parent;
  if (p && p.type === 'assignment_expression' && child(p, 'left') === node) {
    const op = p.children.find(c => c.field === 'operator');
    const plain = op ? text.slice(op.start, op.end) === '=' : true;
    return { access: plain ? 'write' : 'readwrite', through, addressTaken: false };
  }
  if (p && p.type === 'update_expression') return { access: 'readwrite', through, addressTaken: false };
  return { access: 'read', through, addressTaken: false };
}

export function buildFileScope(
  parts: { variables: Variable[]; functions: string[]; defined?: string[]; constants?: string[] }[],
  typedefs: Map<string, Shape>,
  cpp = false,
  callees: ReadonlyMap<string, Callee> = new Map(),
  macroConstants: ReadonlyMap<string, string> = new Map(),
  threadprivate: ReadonlySet<string> = new Set(),
): FileScope {
  const variables = new Map<string, Variable>();
  const functions = new Set<string>(),
    definitions = new Set<string>();
  const constants = new Set<string>();
  const sig: string[] = [];
  for (const p of parts) {
    for (const c of p.constants ?? []) {
      constants.add(c);
      sig.push(`enum ${c}`);
    }
    for (const v of p.variables) {
      variables.set(v.name, v);
      sig.push(`${v.name}:${v.storage}:${v.shape}:${v.isConst ? 'c' : ''}${v.isStatic ? 's' : ''}:${v.typeText}`);
    }
    for (const f of p.functions) {
      functions.add(f);
      sig.push(`${f}()`);
    }
    for (const f of p.defined ?? []) {
      definitions.add(f);
      sig.push(`${f}(){}`);
    }
  }
  for (const [name, shape] of typedefs) sig.push(`typedef ${name}:${shape}`);
  for (const [name, value] of macroConstants) sig.push(`#define ${name} ${value}`);
  for (const name of threadprivate) sig.push(`threadprivate ${name}`);
  if (cpp) sig.push('c++');
  for (const [name, c] of callees)
    sig.push(
      `${name}(${c === 'unknown' ? '?' : c.references.map(r => (r ? '&' : '')).join(',') + (c.variadic ? ',...' : '')})`,
    );
  const signature = sig.join(';');
  return { variables, typedefs, functions, definitions, constants, macroConstants, cpp, callees, threadprivate, signature };
}

/** A reference that assigns, increments or passes by address for writing inside `span`. */
const writes = (r: Reference, span: Span) => r.access !== 'read' && within(r.span, span);

/** Whether `v` is written inside `span` (assigned, incremented or passed by address for writing). */
export function writtenWithin(scopes: ItemScopes, v: Variable, span: Span): boolean {
  return referencesOf(scopes, v).some(r => writes(r, span));
}

/** The variables written inside `span`, as `writtenWithin` reads a write. */
export function variablesWrittenWithin(scopes: ItemScopes, span: Span): Set<Variable> {
  return new Set(referencesWithin(scopes, span).filter(r => r.variable && writes(r, span)).map(r => r.variable!));
}

/** The initializer of a variable's declaration (`int dim = ...`), if it has one. */
export function initializerOf(v: Variable): SNode | undefined {
  let found: SNode | undefined;
  walk(v.declaration, n => {
    if (found) return false;
    if (n.type === 'init_declarator') {
      const d = child(n, 'declarator');
      if (d && within(v.span, d)) found = child(n, 'value'); // `*p = ...`: the declarator holds the name
      return false;
    }
    return true;
  });
  return found;
}

/** The variable the identifier `id` names, where it is a reference of the item. */
export function variableOf(scopes: ItemScopes, id: SNode): Variable | undefined {
  return scopes.references.find(r => r.span.start === id.start && r.span.end === id.end)?.variable;
}

/** The variables the identifiers inside `node` name: its references, and in a parameter's
 * declarator (`long b[n][m]`, which the walk of an item does not visit) the parameters declared
 * before them. */
export function variablesIn(scopes: ItemScopes, node: SNode, text: string): Variable[] {
  const found: Variable[] = [];
  walk(node, n => {
    if (n.type !== 'identifier') return true;
    const name = text.slice(n.start, n.end);
    const v =
      variableOf(scopes, n) ??
      scopes.variables.find(
        x => x.storage === 'param' && x.name === name && x.span.start < n.start && within(node, x.scope),
      );
    if (v && !found.includes(v)) found.push(v);
    return true;
  });
  return found;
}

/** The variable `name` visible at `offset` (innermost declaration before it), if any. */
export function visibleVariable(
  model: { scopes: ItemScopes; fileScope: FileScope },
  name: string,
  offset: number,
): Variable | undefined {
  let best: Variable | undefined;
  for (const v of model.scopes.variables) {
    if (v.name !== name || v.span.start > offset) continue;
    if (v.storage !== 'global' && v.storage !== 'file' && !(v.scope.start <= offset && offset < v.scope.end)) continue;
    if (!best || v.span.start > best.span.start) best = v;
  }
  return best ?? model.fileScope.variables.get(name);
}
