// The C library's and the parallel runtimes' headers, known by name: what each declares, so that an
// analysis can tell a library call from an undeclared one without reading /usr/include. The tables
// are in libc (C11) and posix (POSIX, OpenMP, Cilk, CUDA, C++).

import { C_TABLE, Spec, SystemFunction, SystemHeader, words } from './libc';
import { POSIX_TABLE } from './posix';

export type { Purity, SystemFunction, SystemHeader } from './libc';

const HEADERS = new Map<string, SystemHeader>();
for (const [name, spec] of Object.entries({ ...C_TABLE, ...POSIX_TABLE })) HEADERS.set(name, build(name, spec));

function build(name: string, spec: Spec): SystemHeader {
  const macros = new Map<string, string | undefined>();
  for (const w of words(spec.macros)) {
    const eq = w.indexOf('=');
    macros.set(eq < 0 ? w : w.slice(0, eq), eq < 0 ? undefined : w.slice(eq + 1));
  }
  const functionMacros = new Map<string, number | undefined>();
  for (const w of words(spec.fmacros)) {
    const [n, count] = w.split('/');
    functionMacros.set(n, count.endsWith('+') ? undefined : Number(count));
  }
  return {
    name, open: spec.open ?? false, includes: words(spec.includes),
    functions: new Map((spec.fns ?? []).map(f => [f.name, f])), macros, functionMacros,
    types: new Set(words(spec.types).map(t => t.replace(/^struct_/, 'struct '))),
    variables: new Set(words(spec.vars)), patterns: spec.patterns ?? [],
  };
}


export function knownHeader(name: string): SystemHeader | undefined {
  return HEADERS.get(name);
}

export function knownHeaders(): readonly SystemHeader[] {
  return [...HEADERS.values()];
}

export type SystemName =
  | { kind: 'function'; header: string; function: SystemFunction }
  | { kind: 'macro'; header: string; value: string | undefined }
  | { kind: 'function-macro'; header: string; params: number | undefined }
  | { kind: 'type' | 'variable' | 'name'; header: string };

/** The names a set of included headers makes visible. */
export interface SystemScope {
  /** Some header is unknown or open: any name may have been declared by it. */
  open: boolean;
  lookup(name: string): SystemName | undefined;
}

/** The scope of `#include <...>` names (as written, `cilk/cilk.h`); chains followed. */
export function systemScope(included: Iterable<string>): SystemScope {
  const key = [...included].join('\n');
  let scope = scopes.get(key);
  if (!scope) {
    // A few sets of headers in a session: every version of a file includes the same ones.
    if (scopes.size >= 64) scopes.clear();
    scopes.set(key, (scope = readScope(key ? key.split('\n') : [])));
  }
  return scope;
}
const scopes = new Map<string, SystemScope>();

function readScope(included: string[]): SystemScope {
  const headers: SystemHeader[] = [];
  let open = false;
  const pending = [...included];
  const seen = new Set<string>();
  while (pending.length) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const h = HEADERS.get(name);
    if (!h || h.open) open = true;
    if (h) { headers.push(h); pending.push(...h.includes); }
  }
  // Every identifier of every item is looked up (the name check): each name once.
  const known = new Map<string, SystemName | undefined>();
  const lookup = (name: string) => {
    if (known.has(name)) return known.get(name);
    const found = lookupIn(headers, name);
    if (known.size >= 50_000) known.clear(); // names typed over a long session
    known.set(name, found);
    return found;
  };
  return { open, lookup };
}

function lookupIn(headers: readonly SystemHeader[], name: string): SystemName | undefined {
  for (const h of headers) {
    const f = h.functions.get(name);
    if (f) return { kind: 'function', header: h.name, function: f };
  }
  for (const h of headers) {
    if (h.functionMacros.has(name))
      return { kind: 'function-macro', header: h.name, params: h.functionMacros.get(name) };
    if (h.macros.has(name)) return { kind: 'macro', header: h.name, value: h.macros.get(name) };
    if (h.types.has(name)) return { kind: 'type', header: h.name };
    if (h.variables.has(name)) return { kind: 'variable', header: h.name };
    if (h.patterns.some(p => p.test(name))) return { kind: 'name', header: h.name };
  }
  return undefined;
}

/** A known header and the known headers it includes, each once (C++'s `<cmath>` is `<math.h>`). */
function headersThrough(spelled: string): SystemHeader[] {
  const out: SystemHeader[] = [];
  const pending = [/^c[a-z]+$/.test(spelled) && HEADERS.has(`${spelled.slice(1)}.h`) ? `${spelled.slice(1)}.h` : spelled];
  const seen = new Set<string>();
  while (pending.length) {
    const h = HEADERS.get(pending.pop()!);
    if (!h || seen.has(h.name)) continue;
    seen.add(h.name);
    out.push(h);
    pending.push(...h.includes);
  }
  return out;
}

/** The integer constants a system header defines as macros (`UCHAR_MAX` 255, `EOF` (-1)), through
 * the headers it includes; C++'s `<climits>` gives `<limits.h>`'s. What an `#if` may test. */
export function integerMacros(spelled: string): [name: string, value: string][] {
  const out: [string, string][] = [];
  for (const h of headersThrough(spelled))
    for (const [name, value] of h.macros)
      if (value !== undefined && /^\(?-?(?:0x[0-9a-f]+|\d+)[ul]*(?:-1)?\)?$/i.test(value)) out.push([name, value]);
  return out;
}

/** The macros a known header defines, through the headers it includes: object-like and function-like. */
export function headerMacroNames(spelled: string): readonly string[] {
  let names = MACRO_NAMES.get(spelled);
  if (!names) MACRO_NAMES.set(spelled, (names = headersThrough(spelled).flatMap(h => [...h.macros.keys(), ...h.functionMacros.keys()])));
  return names;
}
const MACRO_NAMES = new Map<string, string[]>();

/** The header that declares `name` by listing it (not by a pattern), C's before POSIX's. */
export function headerDeclaring(name: string): string | undefined {
  for (const h of HEADERS.values()) {
    if (h.open) continue;
    if (h.functions.has(name) || h.macros.has(name) || h.functionMacros.has(name) || h.types.has(name) ||
      h.variables.has(name)) return h.name;
  }
  return undefined;
}

/** Names the compiler itself provides in GNU C (gnu17), whatever is included: every name reserved to
 * the implementation (C11 7.1.3: `__x`, `_X`; also `_x`, which glibc uses at file scope), and the
 * macros GNU mode predefines without an underscore. */
export function isCompilerName(name: string): boolean {
  return name.startsWith('_') || name === 'linux' || name === 'unix';
}
