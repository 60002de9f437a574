// "It compiles": names used but declared nowhere (MF120, C11 6.5.1p2), functions called undeclared (MF121,
// a warning as in gcc 12's GNU C mode: the implicit declaration C99 removed), calls with a wrong number of
// arguments to a prototyped function (MF122, C11 6.5.2.2p2). Never a false error: whatever could declare
// a name the analysis does not see (a header not found, an unknown or open system header, C++) turns
// the check off where it could matter. The program is read preprocessed: the headers it includes are
// parsed with it, macros are expanded (constants stay names), inactive groups are not there.

import type { Node as TSNode } from 'web-tree-sitter';
import { diagnostic, type MfDiagnostic } from '../base/diagnostic';
import { DIALECT_OF } from '../base/dialects';
import type { ItemModel } from '../model/constructs';
import type { DocumentModel } from '../model/document';
import { declaratorInfo, findFunctionDeclarator, visibleVariable } from '../model/scopes';
import { isCompilerName, systemScope, type SystemScope, headerDeclaring } from '../preprocess/system';
import { child, children, named, walk } from '../syntax/ast';
import type { MacroDefinition } from '../preprocess/index';
import type { SNode } from '../syntax/parser';
import { SYMBOLIC_STRUCTS } from './schedule';

/** What a file-scope function declaration says of its parameters: a count (at least, when variadic),
 * or `any` for a declaration without a prototype (`f()`, K&R) or declarations that disagree. */
type Parameters = { count: number; variadic: boolean } | 'any';

/** What the whole file contributes to the check of each item. */
export interface NameContext {
  /** No MF120-MF122 at all (C++, a syntax error outside a function's body). */
  off: boolean;
  /** No MF120/MF121: something may declare names the check cannot see. */
  undeclaredOff: boolean;
  system: SystemScope;
  macros: ReadonlyMap<string, MacroDefinition>;
  /** File-scope functions (declared or defined) by name. */
  functions: ReadonlyMap<string, Parameters>;
  /** Other file-scope names the model's file scope may not hold: typedef names, enumeration constants. */
  declared: ReadonlySet<string>;
  /** The file-scope typedef names. */
  types: ReadonlySet<string>;
  /** Part of the diagnostics' cache key: changes whenever anything above changes. */
  signature: string;
  /** What each top-level node declares, by its text, for the next version to re-use. */
  memo: ReadonlyMap<string, NodeNames>;
}

/** The system headers the unit includes, itself or through its headers (the files found are parsed
 * with it), and whether one of its own was not found at all (then anything may have been declared in it). */
function includedHeaders(doc: DocumentModel): { system: string[]; missing: boolean } {
  const { includes, systemHeaders } = doc.syntax.unit;
  return { system: [...systemHeaders], missing: includes.some(l => !l.known && !l.path) };
}

export function nameContext(doc: DocumentModel, previous?: ReadonlyMap<string, NodeNames>): NameContext {
  const text = doc.text;
  const { system: headers, missing } = includedHeaders(doc);
  const system = systemScope(headers);
  const macros = doc.syntax.unit.macros;
  // A syntax error inside a function's body hides no file-scope declaration: only that function is
  // skipped (and the cache key stays the same while one is being typed). Elsewhere it may hide one.
  const top = doc.syntax.topLevelNodes();
  const off = doc.syntax.language === 'cpp' || (doc.syntax.tree.rootNode.hasError && doc.items.some(({ index }) => {
    const node = top[index];
    return node.hasError && !(node.type === 'function_definition' && !node.childForFieldName('declarator')?.hasError);
  }));
  const undeclaredOff = off || missing || system.open;
  const functions = new Map<string, Parameters>();
  const declared = new Set<string>(), types = new Set<string>();
  const memo = new Map<string, NodeNames>();
  // The headers' declarations too: their text follows the file's.
  const spans = doc.syntax.topLevelSpans();
  if (!off) top.forEach((node, i) => {
    // What a node declares depends on its type and text alone: read again only when they changed.
    const { type, start, end } = spans[i];
    const key = text.slice(start, end);
    let found = previous?.get(key) ?? memo.get(key);
    if (found?.type !== type) found = nodeNames(doc, node, type);
    memo.set(key, found);
    for (const name of found.names) declared.add(name);
    for (const name of found.types) types.add(name);
    for (const [name, p] of found.functions) {
      const known = functions.get(name);
      functions.set(name, known === undefined || same(known, p) ? p : 'any');
    }
  });
  const signature = [
    off ? 'off' : '', undeclaredOff ? 'undeclared-off' : '', headers.join(','),
    [...macros.values()].map(m => `${m.name}${m.params ? '()' : ''}`).join(','),
    [...functions].map(([n, p]) => `${n}/${p === 'any' ? '?' : p.count + (p.variadic ? '+' : '')}`).join(','),
    [...declared].join(','),
  ].join(';');
  return { off, undeclaredOff, system, macros, functions, declared, types, signature, memo };
}

/** What one top-level node declares: names, typedef names, functions with their parameters. */
interface NodeNames { type: string; names: string[]; types: string[]; functions: [string, Parameters][] }

function nodeNames(doc: DocumentModel, node: TSNode, type: string): NodeNames {
  const text = doc.text;
  const out: NodeNames = { type, names: [], types: [], functions: [] };
  const declarators: SNode[] = [];
  if (type === 'function_definition') {
    const d = node.childForFieldName('declarator');
    if (d) declarators.push(doc.syntax.convert(d));
  } else if (type !== 'comment' && type !== 'preproc_include' && type !== 'preproc_def') {
    const converted = doc.syntax.convert(node);
    const found = otherDeclarations(converted, text);
    out.names.push(...found.names);
    out.types.push(...found.types);
    if (type === 'declaration') declarators.push(...children(converted, 'declarator'));
  }
  for (const d of declarators) {
    const info = declaratorInfo(d);
    const fn = findFunctionDeclarator(d);
    if (!info || info.shape !== 'function' || !fn) continue;
    out.functions.push([text.slice(info.id.start, info.id.end), parametersOf(fn, text)]);
  }
  return out;
}

const same = (a: Parameters, b: Parameters) =>
  a === 'any' || b === 'any' ? a === b : a.count === b.count && a.variadic === b.variadic;

function parametersOf(fn: SNode, text: string): Parameters {
  const list = child(fn, 'parameters');
  if (!list) return 'any';
  const params = named(list).filter(p => p.type !== 'comment');
  if (params.length === 0) return 'any'; // `f()`: no prototype (C11 6.7.6.3p14)
  if (params.some(p => p.type === 'identifier')) return 'any'; // K&R identifier list
  const variadic = params.some(p => p.type === 'variadic_parameter');
  const fixed = params.filter(p => p.type === 'parameter_declaration');
  const only = fixed.length === 1 && !child(fixed[0], 'declarator') ? fixed[0] : undefined;
  if (only && text.slice(only.start, only.end).trim() === 'void') return { count: 0, variadic: false };
  return { count: fixed.length, variadic };
}

/** Where an identifier is not a use of an ordinary name, or code the compiler may never see. */
const SKIP_INSIDE = new Set([
  'type_descriptor', 'parameter_list', 'parameter_declaration', 'attribute_specifier', 'attribute_declaration',
  'attribute', 'ms_declspec_modifier', 'gnu_asm_expression', 'field_declaration_list', 'enumerator_list',
  'offsetof_expression', 'macro_type_specifier',
]);

/** Whether `id` is checked: not in a place of SKIP_INSIDE, not in the arguments of a function-like
 * macro (`va_arg(ap, int)`, `FIELD(p, x)`: types, members, tokens to paste). */
function checkable(id: SNode, item: SNode, isMacro: (callee: SNode) => boolean): boolean {
  for (let p = id.parent; p; p = p.parent) {
    if (SKIP_INSIDE.has(p.type) || p.type.startsWith('preproc_')) return false;
    if (p.type === 'argument_list' && p.parent?.type === 'call_expression') {
      const callee = child(p.parent, 'function');
      if (callee && isMacro(callee)) return false;
    }
    if (p === item) break;
  }
  return true;
}

/** Whether the type specifier `id` is checked: the compiler sees it (no `#if`), it is no macro argument. */
function typeCheckable(id: SNode, item: SNode, isMacro: (callee: SNode) => boolean): boolean {
  for (let p = id.parent; p; p = p.parent) {
    if (p.type.startsWith('preproc_') || p.type === 'attribute_specifier' || p.type === 'gnu_asm_expression' ||
      p.type === 'macro_type_specifier') return false;
    if (p.type === 'argument_list' && p.parent?.type === 'call_expression') {
      const callee = child(p.parent, 'function');
      if (callee && isMacro(callee)) return false;
    }
    if (p === item) break;
  }
  return true;
}

/** C11 6.4.1's keywords without a leading underscore: tree-sitter reads some as names (`va_arg(ap, int)`). */
export const C_KEYWORDS = new Set(('auto break case char const continue default do double else enum extern float for goto ' +
  'if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void ' +
  'volatile while').split(' '));

/** Names the item declares other than variables: block-scope prototypes, nested functions, typedefs,
 * enumeration constants (anywhere in the item: a use before them is missed, never a false error). */
function otherDeclarations(item: SNode, text: string): { names: Set<string>; types: Set<string> } {
  const out = new Set<string>(), types = new Set<string>();
  const name = (n: SNode | undefined) => n && out.add(text.slice(n.start, n.end));
  walk(item, n => {
    if (n.type === 'enumerator') name(child(n, 'name'));
    else if (n.type === 'type_definition')
      for (const d of children(n, 'declarator'))
        walk(d, x => {
          if (x.type !== 'type_identifier' && x.type !== 'identifier') return true;
          name(x);
          types.add(text.slice(x.start, x.end));
          return false;
        });
    else if ((n.type === 'declaration' || n.type === 'function_definition') && n !== item)
      for (const d of children(n, 'declarator')) {
        const info = declaratorInfo(d);
        if (info?.shape === 'function') name(info.id);
      }
    return true;
  });
  return { names: out, types };
}

/** GNU C's type-of operator in its spellings. */
const TYPEOF = new Set(['typeof', '__typeof__', '__typeof']);

/** Names of declarations tree-sitter, which knows no typedefs, read as expressions (`cpx (*z) = p;` as a
 * call of `cpx`, `T * x;` as a product, `__typeof__(x) *p = q;` likewise): every name of a statement
 * where a type name or a type-of stands as an expression; the item's scopes miss them. */

function misreadDeclarations(item: SNode, text: string, isType: (name: string) => boolean): Set<string> {
  const out = new Set<string>();
  walk(item, n => {
    const name = n.type === 'identifier' ? text.slice(n.start, n.end) : '';
    // `__typeof__(x) *p = ...` reads as a multiplication by a call of `__typeof__`.
    const typeOf = TYPEOF.has(name) && n.parent?.type === 'call_expression';
    if (n.type !== 'identifier' || !(isType(name) || typeOf)) return true;
    const p = n.parent;
    // A declarator's own name (`int real_t;`) is no use of it.
    if (!p || p.type.endsWith('declarator') || p.type === 'declaration' || p.type === 'parameter_declaration')
      return true;
    let statement: SNode = n;
    while (statement.parent && statement.parent !== item && !/_statement$|^declaration$/.test(statement.type))
      statement = statement.parent;
    walk(statement, x => (x.type === 'identifier' ? (out.add(text.slice(x.start, x.end)), false) : true));
    return true;
  });
  return out;
}

/** K&R definitions (`int f(a) int a; {...}`): their rules are not checked. A parameter without a name
 * is one too (`twice(c)` reads as a parameter of type `c`): C17 requires names in a definition. */
function isOldStyle(item: SNode, text: string): boolean {
  if (item.type !== 'function_definition') return false;
  const d = child(item, 'declarator');
  const fn = d && findFunctionDeclarator(d);
  if (!fn) return true; // `main(C) {...}`: an implicit int read as a type `main`
  const list = child(fn, 'parameters');
  return !!list && named(list).some(p =>
    p.type === 'identifier' ||
    (p.type === 'parameter_declaration' && !child(p, 'declarator') && text.slice(p.start, p.end).trim() !== 'void'));
}

function hasError(node: SNode): boolean {
  let found = false;
  walk(node, n => (found ||= n.type === 'ERROR' || n.missing, !found));
  return found;
}

/** GNU keywords tree-sitter reads as names, OpenCilk's reducer keyword, and the worker count the OpenMP
 * translator writes (Chen 2017 Algorithm 6), which the elision removes. */
const BUILTIN_NAMES = new Set(['asm', 'typeof', 'cilk_reducer', 'meta_set_nworkers']);

/** The thesis's schedule templates size their loops by CUDA's names (Xie 2016 Figure 4.2). */
const inSchedule = (model: ItemModel) => model.keywords.some(k => k.keyword === 'meta_schedule');

export function nameDiagnostics(model: ItemModel, ctx: NameContext): MfDiagnostic[] {
  const { item, text, fileScope } = model;
  if (ctx.off || model.incomplete || isOldStyle(item, text) || hasError(item)) return [];
  const { names: local, types: localTypes } = otherDeclarations(item, text);
  const isType = (name: string) =>
    ctx.types.has(name) || localTypes.has(name) || ctx.system.lookup(name)?.kind === 'type';
  for (const name of misreadDeclarations(item, text, isType)) local.add(name);
  const declared = (name: string) =>
    fileScope.functions.has(name) || fileScope.constants.has(name) || fileScope.typedefs.has(name) ||
    fileScope.variables.has(name) || local.has(name) || ctx.declared.has(name) || ctx.macros.has(name) ||
    ctx.system.lookup(name) !== undefined || isCompilerName(name) || name in DIALECT_OF || BUILTIN_NAMES.has(name) ||
    C_KEYWORDS.has(name) ||
    (SYMBOLIC_STRUCTS.test(name) && inSchedule(model));
  const out: MfDiagnostic[] = [];
  const reported = new Set<string>();
  const isMacro = (callee: SNode) => {
    if (callee.type !== 'identifier') return false;
    const name = text.slice(callee.start, callee.end);
    return ctx.macros.has(name) || ctx.system.lookup(name)?.kind === 'function-macro';
  };
  /** The message's advice and the diagnostic's data: the header that declares the name, if one does. */
  const missing = (name: string): [string, Record<string, unknown>] => {
    const header = headerDeclaring(name);
    return header ? [`; did you forget '#include <${header}>'?`, { name, header }] : ['', { name }];
  };
  walk(item, n => {
    if (n.type !== 'call_expression') return true;
    const fn = child(n, 'function');
    if (!fn || fn.type !== 'identifier' || !checkable(fn, item, isMacro)) return true;
    const name = text.slice(fn.start, fn.end);
    if (visibleVariable(model, name, fn.start)) return true; // a function pointer
    if (!declared(name)) {
      if (!ctx.undeclaredOff && !reported.has(name)) {
        reported.add(name);
        const [advice, data] = missing(name);
        out.push(diagnostic('MF121', fn, `implicit declaration of function '${name}'${advice}`, data));
      }
      return true;
    }
    const problem = countProblem(name, n, text, ctx, local);
    if (problem) out.push(diagnostic('MF122', fn, problem));
    return true;
  });
  // A type specifier naming no type (C11 6.7.8: a typedef name is an identifier declared by typedef).
  if (!ctx.undeclaredOff) walk(item, n => {
    if (n.type !== 'type_identifier' || n.field !== 'type' || !typeCheckable(n, item, isMacro)) return true;
    // A parameter without a declarator may be a name of an identifier list (`double v(a, n)`).
    if (n.parent?.type === 'parameter_declaration' && !child(n.parent, 'declarator')) return true;
    const name = text.slice(n.start, n.end);
    // tree-sitter reads `a * b;` as a declaration of `b`: a name declared otherwise is no type name here.
    if (reported.has(name) || isType(name) || declared(name) || visibleVariable(model, name, n.start)) return true;
    reported.add(name);
    const [advice, data] = missing(name);
    out.push(diagnostic('MF120', n, `unknown type name '${name}'${advice}`, data));
    return true;
  });
  if (!ctx.undeclaredOff) for (const r of model.scopes.references) {
    if (r.variable || reported.has(r.name) || declared(r.name) || !checkable(r.node, item, isMacro)) continue;
    reported.add(r.name);
    const where = item.type === 'function_definition'
      ? 'undeclared (first use in this function)' : 'undeclared here (not in a function)';
    const [advice, data] = missing(r.name);
    out.push(diagnostic('MF120', r.span, `'${r.name}' ${where}${advice}`, data));
  }
  return out;
}

/** The argument count a call gets wrong, if its callee is a prototyped function nothing may redefine. */
function countProblem(
  name: string, call: SNode, text: string, ctx: NameContext, local: Set<string>,
): string | undefined {
  if (local.has(name) || ctx.macros.has(name)) return undefined;
  let p: Parameters | undefined = ctx.functions.get(name);
  if (p === undefined) {
    // A header the check cannot read may define a macro of the same name.
    if (ctx.undeclaredOff) return undefined;
    const s = ctx.system.lookup(name);
    if (s?.kind !== 'function') return undefined;
    p = { count: s.function.params, variadic: s.function.variadic };
  }
  if (p === 'any') return undefined;
  const args = child(call, 'arguments');
  if (!args) return undefined;
  // An argument that names a macro may expand to several (`#define PAIR 1, 2`).
  let macro = false;
  walk(args, n => {
    if (n.type === 'identifier' && ctx.macros.has(text.slice(n.start, n.end))) macro = true;
    return !macro;
  });
  if (macro) return undefined;
  const given = named(args).filter(a => a.type !== 'comment').length;
  if (given > p.count && !p.variadic)
    return `too many arguments to function '${name}' (expects ${p.count}, given ${given})`;
  if (given < p.count)
    return `too few arguments to function '${name}' (expects ${p.variadic ? 'at least ' : ''}${p.count}, ` +
      `given ${given})`;
  return undefined;
}
