// Declarations printed for variables: a variable restated under another name with the user's
// own declarator (the translators' environment structs and temporaries, the CUDA generator's
// kernel parameters), and the facts about a declaration those need.

import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { declaratorInfo, type Shape, type Variable } from './scopes';

/** The declarator node of `v` inside its declaration. */
function declaratorOf(v: Variable): SNode | undefined {
  const decl = v.declaration;
  const candidates = decl.type === 'parameter_declaration' || decl.type === 'optional_parameter_declaration'
    ? [child(decl, 'declarator')] : decl.children.filter(c => c.field === 'declarator');
  for (const d of candidates) {
    if (!d) continue;
    const info = declaratorInfo(d);
    if (info && info.id.start === v.span.start) return d.type === 'init_declarator' ? child(d, 'declarator') : d;
  }
  return undefined;
}

/** `const unsigned long` etc.: the declaration's type with its qualifiers, without storage class. */
export function typeSpecifiers(v: Variable, text: string): string {
  const parts: string[] = [];
  for (const c of v.declaration.children) {
    if (c.field === 'declarator' || c.field === 'default_value') break;
    if (c.type === 'storage_class_specifier' || c.type === 'attribute_specifier' || c.type === 'ms_declspec_modifier')
      continue;
    if (c.type === 'comment') continue;
    parts.push(text.slice(c.start, c.end));
  }
  return parts.join(' ');
}

/** The declared type of the variable `name` as a type specifier: GNU C's `__typeof__`, and in C++
 * `decltype` (which a variable's name gives its declared type; C++ grammars and compilers other
 * than GCC's and Clang's do not read `__typeof__`). */
export function typeOfVariable(name: string, cpp: boolean): string {
  return cpp ? `decltype(${name})` : `__typeof__(${name})`;
}

/**
 * A declaration of `v` under the name `name`, written with the user's own declarator:
 * `int x[10]`, `double *p`. `pointer` declares a pointer to v's type instead: `int (*x)[10]`.
 * Types that cannot be restated (anonymous structs, array parameters) fall back to `__typeof__`.
 */
export function declarationFor(v: Variable, text: string, name: string, pointer = false): string {
  const d = declaratorOf(v);
  const type = typeSpecifiers(v, text);
  if (!d || /[{}]/.test(type)) return pointer ? `__typeof__(${v.name}) *${name}` : `__typeof__(${v.name}) ${name}`;
  const named = pointer ? `(*${name})` : name;
  // An array parameter is a pointer (C11 6.7.6.3p7): `double a[]` is restated `double (*a)`.
  const decayed = parameterArray(v, d);
  const declarator = decayed
    ? text.slice(d.start, decayed.start) + `(*${named})` + text.slice(decayed.end, d.end)
    : text.slice(d.start, v.span.start) + named + text.slice(v.span.end, d.end);
  return `${type} ${declarator}`;
}

/**
 * How many array dimensions an element of `v` (`v[0]`) still has: 0 for `double a[8]` or `double *p`,
 * 1 for `int h[2][3]` or `int (*p)[3]`. Undefined where the declaration does not show an array of
 * scalars: a pointer inside (`int *a[4]`), or a type named by a typedef of an array or pointer.
 */
export function elementDimensions(v: Variable, text: string, typedefs: ReadonlyMap<string, Shape>): number | undefined {
  const type = child(v.declaration, 'type');
  if (type?.type === 'type_identifier' && (typedefs.get(text.slice(type.start, type.end)) ?? 'value') !== 'value') return undefined;
  // The derivations from the outside in; the last is the one nearest the name, which `v[0]` strips.
  const derivations: string[] = [];
  for (let n = declaratorOf(v); n && n.type !== 'identifier'; ) {
    if (n.type === 'parenthesized_declarator') { n = named(n)[0]; continue; }
    if (n.type !== 'array_declarator' && n.type !== 'pointer_declarator') return undefined;
    derivations.push(n.type);
    n = child(n, 'declarator');
  }
  const stripped = derivations.pop();
  if (!stripped || derivations.some(d => d !== 'array_declarator')) return undefined;
  return derivations.length;
}

/** The array declarator of a parameter declared as an array (`a[]` in `int a[][10]`), which C reads as a pointer. */
function parameterArray(v: Variable, d: SNode): SNode | undefined {
  if (v.storage !== 'param') return undefined;
  const bare = (n: SNode | undefined) => {
    while (n && n.type === 'parenthesized_declarator') n = named(n)[0];
    return n;
  };
  for (let n = bare(d); n; n = bare(child(n, 'declarator'))) {
    const inner = n.type === 'array_declarator' ? bare(child(n, 'declarator')) : undefined;
    if (inner && inner.type === 'identifier' && inner.start === v.span.start) return n;
  }
  return undefined;
}

/**
 * True when the sizes in `v`'s type, restated by `declarationFor`, read variables (`int v[n]`,
 * `double (*p)[m]`; `isVariable` tells a variable's name from a macro or an enumerator): in C
 * the type is variably modified, and neither C nor C++ can restate it at file scope or in a
 * struct (C11 6.7.2.1p9, 6.7.6.2p2; in C++ the variable is not visible there).
 */
export function sizeReadsVariables(
  v: Variable,
  isVariable: (name: string, at: number) => boolean,
  text: string,
): boolean {
  const d = declaratorOf(v);
  if (!d) return false;
  const decayed = parameterArray(v, d);
  let found = false;
  walk(d, n => {
    if (found || (decayed && n === child(decayed, 'size'))) return false;
    if (n.type === 'identifier' && n.start !== v.span.start && isVariable(text.slice(n.start, n.end), n.start))
      found = true;
    return !found;
  });
  return found;
}

/** Variables of the parent function (not globals, file-scope or static ones). */
export function isFunctionLocal(v: Variable): boolean {
  return (v.storage === 'local' || v.storage === 'param') && !v.isStatic;
}

/** MetaFork's own rule for a non-local variable at a spawn: shared or a private copy (Chen 2017 §3.3). */
export function sharedAtSpawn(v: Variable): boolean {
  return !isFunctionLocal(v) || v.isConst || v.shape !== 'value';
}
