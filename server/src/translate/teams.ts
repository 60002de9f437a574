// Teams of threads in OpenMP source: the regions written SPMD-style (statements every thread
// runs, thread ids), and the runtime's thread queries, `omp_get_thread_num()` and
// `omp_get_num_threads()`: which team each asks about (the innermost `parallel` construct around
// it, lexically), and what they read where no region is around them.

import { LineIndex } from '../base/lines';
import { child, functionName, named, walk } from '../syntax/ast';
import { replace } from '../base/edits';
import type { SNode } from '../syntax/parser';
import { constructSpan, type Construct, type ItemModel } from '../model/constructs';
import { changesVariable, referencesOf, variableOf, type ItemScopes, type Reference, type Variable } from '../model/scopes';
import { canonicalHeader } from '../model/loops';
import { lastName } from '../model/binding';
import { storedFirst } from './barriers';
import { inSpan, type DocumentModel, type ItemRef } from '../model/document';
import { type Span, within } from '../base/span';
import type { Stage } from '../base/stage';
import { EVERY_THREAD } from './tasks';
import { blankComments, logicalLineEnd, matchParen, skipQuoted, skipTrivia } from '../syntax/keywords';
import { headerAt } from '../syntax/parser';
import type { Preprocessed } from '../preprocess/index';

/** The thread queries, and what a loop over thread ids answers them with. */
export const QUERIES: Record<string, 'tid' | 'nthreads'> = {
  omp_get_thread_num: 'tid',
  omp_get_num_threads: 'nthreads',
};

export function isThreadQuery(name: string): boolean {
  return name in QUERIES;
}

export interface Query { call: SNode; kind: 'tid' | 'nthreads'; name: string }

/** Regions whose threads the translation names: a `parallel` region, a `parallel for` loop. */
const TEAMS: ReadonlySet<string> = new Set(['parallel', 'parallel for', 'parallel for simd']);

/** Calls of the thread queries in `node`. */
function queriesIn(node: SNode, text: string): Query[] {
  const out: Query[] = [];
  walk(node, n => {
    if (n.type !== 'call_expression') return true;
    const f = child(n, 'function');
    const name = f?.type === 'identifier' ? text.slice(f.start, f.end) : '';
    if (isThreadQuery(name)) out.push({ call: n, kind: QUERIES[name], name });
    return true;
  });
  return out;
}

/** The innermost construct of the parallel family around `span`: the team a query there asks about. */
export function teamOf(model: ItemModel, span: Span): Construct | undefined {
  let team: Construct | undefined;
  for (const c of model.constructs) {
    const parallel = c.dialect === 'openmp' && c.directive?.name.startsWith('parallel');
    if (parallel && within(span, c) && c.head.end <= span.start && (!team || c.start >= team.start)) team = c;
  }
  return team;
}

/** The thread queries a region answers (not those of a region nested in it). */
export function ownQueries(model: ItemModel, c: Construct): Query[] {
  return c.region ? queriesIn(c.region, model.text).filter(q => teamOf(model, q.call) === c) : [];
}

/** `#pragma omp parallel` directly followed by another directive: the region is that construct. */
export function chainedChild(c: Construct): Construct | undefined {
  return c.children.find(k => k.statement === c.region || k.loop === c.region);
}

/** Constructs every thread that reaches them runs (a flush is the same once as run by each); a
 * `task` too: each thread that meets it creates one. */
const everyThread = (k: Construct) =>
  ['critical', 'atomic', 'scope', 'task', 'taskwait'].includes(k.directive?.name ?? '') ||
  EVERY_THREAD.has(k.directive?.name ?? '');

/** A loop whose iterations the team shares: `for`, and `loop` bound to the region (no `bind`, or
 * `bind(parallel)`), which is read as `for`. */
export function sharesIterations(k: Construct): boolean {
  const name = k.directive?.name ?? '';
  if (name !== 'loop') return name === 'for' || name === 'for simd';
  const binding = k.clauses.find(cl => cl.name === 'bind')?.args?.text.trim();
  return !binding || binding === 'parallel';
}

/**
 * The variables a `parallel` region gives each thread (declared in it outside its constructs, not
 * static, or listed `private`/`firstprivate` on it) and writes, which its fork-join translation
 * gives each iteration of the work-sharing loop using them instead; undefined where one cannot be
 * so given, and the region is translated SPMD (a copy per thread). Every use must be in one of the
 * region's work-sharing loops: its control variable, or in its body, which stores it before every
 * read there (`int j;` ... `for (j = 0; ...)` inside the loop). A variable the region only reads is
 * the same for every thread, and one only a `single` or `master` uses is used by one thread: one
 * copy serves. (A copy for all iterations raced: such loops computed something else.)
 */
export function iterationPrivates(model: ItemModel, c: Construct): Variable[] | undefined {
  // Asked for by the region and by each of its loops: read once.
  if (!privatesOf.has(c)) privatesOf.set(c, readIterationPrivates(model, c));
  return privatesOf.get(c);
}
const privatesOf = new WeakMap<Construct, Variable[] | undefined>();

function readIterationPrivates(model: ItemModel, c: Construct): Variable[] | undefined {
  const region = c.region!;
  const loops = c.children.filter(k => sharesIterations(k) && k.loop);
  // Declared in the region (outside its constructs), or listed `private`/`firstprivate` on it.
  const listed = new Set(c.clauses.filter(cl => cl.name === 'private' || cl.name === 'firstprivate').flatMap(cl => cl.items.map(i => i.name)));
  const candidates = new Set<Variable>();
  for (const v of model.scopes.variables)
    if (within(v.span, region) && !v.isStatic && !v.isExtern && !c.children.some(k => within(v.span, constructSpan(k)))) candidates.add(v);
  for (const r of model.scopes.references)
    if (r.variable && listed.has(r.variable.name) && within(r.span, region) && !within(r.variable.span, region)) candidates.add(r.variable);
  // Constructs that run once (`single`, `master`): a variable only one uses has only that thread's copy used.
  const once = c.children.filter(k => ['single', 'master', 'masked'].includes(k.directive?.name ?? ''));
  const out: Variable[] = [];
  for (const v of candidates) {
    const uses = referencesOf(model.scopes, v).filter(r => within(r.span, region) && !within(r.span, v.declaration));
    // Written: stored (an element or field too); an array passed to a function may be filled.
    const written = (r: Reference) => changesVariable(r) || (v.shape === 'array' && r.node.parent?.type === 'argument_list');
    if (!uses.some(written)) continue;
    if (once.some(k => uses.every(r => within(r.span, constructSpan(k))))) continue;
    const ok = loops.filter(k => uses.some(r => within(r.span, k.loop!))).every(k => {
      const body = child(k.loop!, 'body')!;
      const control = canonicalHeader(k.loop!, model.text).header?.variable === v.name;
      return uses.every(r => !within(r.span, k.loop!) || (control && !within(r.span, body)) || within(r.span, body))
        && (!uses.some(r => within(r.span, body)) || storedFirst(model, region, v, [body]));
    });
    if (!ok || !uses.every(r => loops.some(k => within(r.span, k.loop!)))) return undefined;
    out.push(v);
  }
  return out;
}

/** Whether a region has statements every thread runs (outside every work-sharing construct). */
function hasTeamCode(c: Construct): boolean {
  const region = c.region!;
  const chained = chainedChild(c);
  if (chained) return everyThread(chained);
  const governed = new Set<number>();
  for (const k of c.children) {
    if (everyThread(k)) continue;
    if (k.statement) governed.add(k.statement.start);
    governed.add(k.start);
  }
  const statements = region.type === 'compound_statement' ? named(region) : [region];
  return statements.some(s => {
    if (s.type === 'comment' || s.type === 'preproc_call' || governed.has(s.start)) return false;
    if (s.type === 'expression_statement' && named(s).length === 0) return false;
    let call = false;
    walk(s, x => !(call ||= x.type === 'call_expression'));
    return s.type !== 'declaration' || call;
  });
}

/** A region written SPMD-style: statements every thread runs, or thread ids. */
export function isSpmdRegion(model: ItemModel, c: Construct): boolean {
  if (c.dialect !== 'openmp' || !TEAMS.has(c.directive?.name ?? '') || !c.region) return false;
  return ownQueries(model, c).length > 0 ||
    (c.directive!.name === 'parallel' && (hasTeamCode(c) || !iterationPrivates(model, c)));
}

/**
 * Thread queries outside the regions the translation names: in `main` (not called in the file)
 * the initial thread asks, alone in its team: `0` and `1`. Anywhere else a region may be running
 * the function, and in other parallel constructs (`parallel sections`) the threads are not
 * named: refused.
 */
export function threadQueriesOutsideRegions(stage: Stage, model: ItemModel): void {
  const text = stage.text;
  for (const q of queriesIn(model.item, text)) {
    const team = teamOf(model, q.call);
    if (TEAMS.has(team?.directive!.name ?? '')) continue; // the region's translation reads it
    const once = team && ONE_THREAD.has(team.directive!.name) ? oneThreadAnswers(team) : undefined;
    if (once) {
      stage.edit(replace(q.call, once[q.kind]));
      continue;
    }
    const fn = model.item.type === 'function_definition' ? functionName(model.item, text)?.name : undefined;
    if (!team && fn === 'main' && !callsMain(model.item, text)) {
      stage.edit(replace(q.call, q.kind === 'tid' ? '0' : '1'));
      continue;
    }
    const where = team
      ? `inside '#pragma omp ${team.directive!.name}', whose threads are not named here`
      : `outside any parallel region, in '${fn ?? 'this declaration'}', which a parallel region may call: ` +
        `its value depends on the thread calling it`;
    stage.refuse('MF602', q.call, `'${q.name}' cannot be translated ${where}; MetaFork has no threads to ask`, {
      call: q.name,
    });
  }
}

/** `parallel master`, `parallel masked`: one thread of the team runs the body, once. */
export const ONE_THREAD: ReadonlySet<string> = new Set(['parallel master', 'parallel masked']);

/**
 * What the thread queries in the body of a `parallel master`/`parallel masked` read: the filter's
 * thread (0 by default) in a team of `num_threads` (OpenMP 5.2 §10.5). Undefined where the body
 * might run on no thread (a filter not below the team size), or the filter reads a thread id.
 */
export function oneThreadAnswers(c: Construct): Record<'tid' | 'nthreads', string> | undefined {
  const arg = (name: string) => {
    const cl = c.clauses.find(x => x.name === name);
    return cl ? (cl.args?.text.trim() ?? '') : undefined;
  };
  const count = arg('num_threads') ?? 'omp_get_max_threads()';
  const condition = arg('if')?.replace(/^parallel\s*:/, '').trim();
  const nthreads = condition ? `((${condition}) ? ${count} : 1)` : count;
  const filter = arg('filter') ?? '0';
  if (filter === '0') return { tid: '0', nthreads };
  // A filter other than 0 names a thread only when it is below the team size, known here.
  const below = /^\d+$/.test(filter) && /^\d+$/.test(count) && !condition && Number(filter) < Number(count);
  return below ? { tid: filter, nthreads } : undefined;
}

/** Whether the file calls `main` (which a region could then be running). */
function callsMain(item: SNode, text: string): boolean {
  let root = item;
  while (root.parent) root = root.parent;
  let found = false;
  walk(root, n => {
    const f = n.type === 'call_expression' ? child(n, 'function') : undefined;
    if (f && text.slice(f.start, f.end) === 'main') found = true;
    return !found;
  });
  return found;
}

/** What a call through a pointer may reach (`calledNames`): any function whose address is taken. */
export const THROUGH_POINTER = '*';

/** The names `node` (of the item `scopes` resolves) calls: a plain call's, a member's or a qualified
 * call's last name (`g.bump()`, `p->bump()`, `Grid::clear()`: `bump`, `clear`), and THROUGH_POINTER
 * for a call through a variable, a member (`ops->run()`) or an expression (`(*fp)()`, `table[i]()`). */
export function calledNames(node: SNode, text: string, scopes: ItemScopes): string[] {
  const names: string[] = [];
  walk(node, n => {
    const callee = n.type === 'call_expression' ? child(n, 'function') : undefined;
    if (!callee) return true;
    const f = lastName(callee);
    if (f && !(f.type === 'identifier' && variableOf(scopes, f))) names.push(text.slice(f.start, f.end));
    if (!f || f.type !== 'identifier' || variableOf(scopes, f)) names.push(THROUGH_POINTER);
    return true;
  });
  return names;
}

/** The file's function definitions, by key: a function's name, a method's qualified name (`Grid::bump`). */
export interface Functions {
  /** The model of the item defining the function `key` (a method's: its class's item). */
  get(key: string): ItemModel | undefined;
  /** The definition of `key`. */
  definition(key: string): SNode | undefined;
  /** The functions a call naming `name` may reach: the function of that name, and every method or
   * qualified function whose last name it is (the class of a call's object is not read). */
  calledBy(name: string): string[];
}

/**
 * The functions the items define, by key; with `doc` (the items are a part of it, as in a focused
 * translation), every function of the document, modelled when first asked for: a region's calls leave
 * the part (a C function is found by the head naming it; C++ classes, or every function for a call
 * through a pointer, are read once).
 */
export function functionsByName(models: ItemModel[], text: string, doc?: DocumentModel): Functions {
  const functions = new Map<string, { model: ItemModel; definition: SNode } | undefined>();
  /** Methods and qualified functions (C++), by last name: their keys. */
  const methods = new Map<string, string[]>();
  const add = (model: ItemModel, definition: SNode, key: string) => {
    if (functions.get(key)) return;
    functions.set(key, { model, definition });
    const last = key.slice(key.lastIndexOf(':') + 1);
    if (last !== key) methods.set(last, [...(methods.get(last) ?? []), key]);
  };
  /** An item's definitions: itself, or (a class, a namespace, a template) the functions it holds. */
  const define = (m: ItemModel) => {
    if (m.item.type === 'function_definition') {
      const name = functionName(m.item, text)?.name;
      if (name) add(m, m.item, name);
      return;
    }
    walk(m.item, n => {
      if (n.type !== 'function_definition') return true;
      const name = functionName(n, text)?.name;
      if (name) add(m, n, [...scopesAround(n, m.item, text), name].join('::'));
      return false;
    });
  };
  if (!doc) for (const m of models) define(m);
  /** A document item's text before its first brace (a function's head). */
  const head = (ref: ItemRef) => {
    const brace = doc!.text.indexOf('{', ref.start);
    return doc!.text.slice(ref.start, brace < 0 || brace > ref.end ? ref.end : brace);
  };
  const read = new Set<string>();
  /** Defines the document's items `which` selects, once per `what`. */
  const readOnce = (what: string, which: (ref: ItemRef) => boolean) => {
    if (!doc || read.has(what)) return;
    read.add(what);
    doc.items.forEach((ref, i) => { if (which(ref)) define(doc.item(i)); });
  };
  const lookup = (key: string) => {
    if (!doc || functions.has(key) || key.includes('::')) return functions.get(key);
    const called = new RegExp(`\\b${key}\\s*\\(`);
    const i = doc.items.findIndex((ref, i) =>
      ref.type === 'function_definition' && called.test(head(ref)) && functionName(doc.item(i).item, text)?.name === key);
    if (i < 0) functions.set(key, undefined);
    else define(doc.item(i));
    return functions.get(key);
  };
  let taken: string[] | undefined;
  return {
    get: key => lookup(key)?.model,
    definition: key => lookup(key)?.definition,
    calledBy(name) {
      if (doc?.syntax.language === 'cpp')
        readOnce('classes', ref => (ref.type === 'function_definition' ? head(ref).includes('::') : head(ref).length < ref.end - ref.start));
      if (name !== THROUGH_POINTER) return [...(lookup(name) ? [name] : []), ...(methods.get(name) ?? [])];
      // A pointer may reach any function the file names other than in a call or a declaration, and
      // any lambda (C++: a variable holding one is called like a function).
      readOnce('all', ref => ref.type === 'function_definition');
      if (!taken) {
        const named = new Set<string>();
        for (const m of blankComments(text).matchAll(/\b([A-Za-z_]\w*)\b(?!\s*\()/g)) named.add(m[1]);
        const reachable = [...functions.keys()].filter(k => functions.get(k) && named.has(k.slice(k.lastIndexOf(':') + 1)));
        const holders = doc ? doc.items.flatMap((ref, i) => (LAMBDA.test(doc.text.slice(ref.start, ref.end)) ? [doc.item(i)] : [])) : models;
        for (const m of holders)
          walk(m.item, n => {
            if (n.type !== 'lambda_expression') return true;
            const holder = n.parent?.type === 'init_declarator' ? child(n.parent, 'declarator') : undefined;
            const key = `${holder ? text.slice(holder.start, holder.end) : 'lambda'} (a lambda, line ${new LineIndex(text).position(n.start).line + 1})`;
            functions.set(key, { model: m, definition: n });
            reachable.push(key);
            return true;
          });
        taken = reachable;
      }
      return taken;
    },
  };
}

/** What may begin a C++ lambda's body: `](...) {`, `] {`, `] mutable {`. */
const LAMBDA = /\]\s*(\([^)]*\))?\s*(mutable\s*)?(->[^{;]*)?\{/;

/** The names of the classes and namespaces around `node` inside `item`, outermost first. */
function scopesAround(node: SNode, item: SNode, text: string): string[] {
  const names: string[] = [];
  for (let p = node.parent; p && p !== item.parent; p = p.parent) {
    const name = /^(class|struct|union)_specifier$|^namespace_definition$/.test(p.type) ? child(p, 'name') : undefined;
    if (name) names.unshift(text.slice(name.start, name.end));
  }
  return names;
}

/**
 * The file's functions reached from the calls `start` names, directly or through their own calls,
 * each once, in the order met (the last named first), with the `tag` of the call that reached it.
 */
export function reachedThroughCalls<T>(start: [string, T][], functions: Functions, text: string): Map<string, T> {
  const reached = new Map<string, T>();
  const pending = [...start];
  for (let next; (next = pending.pop()); ) {
    const [name, tag] = next;
    for (const f of functions.calledBy(name)) {
      const definition = functions.definition(f);
      if (!definition || reached.has(f)) continue;
      reached.set(f, tag);
      for (const g of calledNames(definition, text, functions.get(f)!.scopes)) pending.push([g, tag]);
    }
  }
  return reached;
}

/** Constructs whose work the innermost enclosing team shares, or which one of its threads runs. */
export const TEAM_BOUND: ReadonlySet<string> = new Set([
  'for', 'for simd', 'loop', 'sections', 'single', 'master', 'masked', 'scope', 'barrier',
]);

/**
 * Team constructs outside every parallel region of their function (orphaned: they bind to the team
 * that calls the function, OpenMP 5.2 §1.2.2) in a function a parallel region of the file calls,
 * directly or through other functions: every thread of that team runs the function, and the
 * construct shares its work among them — a team the function's translation cannot see. Refused,
 * naming the region.
 */
export function orphansInRegions(stage: Stage, { functions, reached, translated }: RegionReach, doc?: DocumentModel): void {
  const text = stage.text;
  // A part of the document (a focused translation): its orphans that a region elsewhere reaches too.
  const fromElsewhere = doc ? reachedFromRegions(regionItems(doc), functions, text) : new Map<string, string>();
  for (const [f, region] of new Map([...fromElsewhere, ...reached])) {
    const m = functions.get(f)!;
    const definition = functions.definition(f)!;
    for (const c of m.constructs) {
      if (c.dialect !== 'openmp' || !TEAM_BOUND.has(c.directive?.name ?? '') || !within(c, definition) || teamOf(m, c.head)) continue;
      if (!reached.has(f) && !translated.has(c)) continue;
      const message =
        `'#pragma omp ${c.directive!.name}' outside any parallel region of '${f}', which ${region} ` +
        `calls: the calling team shares its work, a team MetaFork cannot see here ` +
        `(write the construct inside the region)`;
      stage.refuse('MF601', c.directive!.nameSpan, message, { construct: c.directive!.name, target: 'metafork' });
    }
  }
}

const NOT_CALLS = new Set(['if', 'for', 'while', 'switch', 'return', 'sizeof', '_Alignof', 'alignof', 'defined', 'catch']);

/**
 * Functions a header defines that a parallel region of the file calls, directly or through the file's
 * functions or the headers' own: one holding an OpenMP directive or a query of the calling team binds
 * it to the region's team (an orphaned construct, OpenMP 5.2 §1.2.2), which the translation replaces by
 * MetaFork's, while the header, not translated, keeps its OpenMP. Refused at the file's call, naming
 * the header's line. (Read from the headers' text: the tool models the file's functions only.)
 */
export function headersInRegions(stage: Stage, models: ItemModel[], { functions, reached }: RegionReach, unit: Preprocessed): void {
  const text = stage.text;
  const fileEnd = stage.map.fileEnd;
  if (fileEnd === text.length || !/#\s*pragma\s+omp\b|\bomp_\w+\s*\(/.test(text.slice(fileEnd))) return;
  const code = blankComments(text);
  const bodies = new Map<string, Span | undefined>();
  const body = (name: string) => {
    if (!bodies.has(name)) bodies.set(name, headerDefinition(code, fileEnd, name));
    return bodies.get(name);
  };
  /** What binds `name`'s header definition (or one it calls) to the calling team, and where. */
  const binding = (name: string): { what: string; at: number } | undefined => {
    const seen = new Set<string>();
    for (const pending = [name]; pending.length && seen.size < 500; ) {
      const f = pending.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      const b = body(f);
      if (!b) continue;
      const found = calleeBinding(code, b);
      if (found) return found;
      for (const call of code.slice(b.start, b.end).matchAll(/\b([A-Za-z_]\w*)\s*\(/g)) if (!NOT_CALLS.has(call[1])) pending.push(call[1]);
    }
    return undefined;
  };
  /** The calls in `node` (of `model`) of a function or method by name (`f()`, `g.bump()`): a header may define it. */
  const calls = (node: SNode, region: string, model: ItemModel) =>
    walk(node, n => {
      const f = n.type === 'call_expression' ? lastName(child(n, 'function')) : undefined;
      if (!f || (f.type === 'identifier' && variableOf(model.scopes, f))) return true;
      const name = text.slice(f.start, f.end);
      const found = functions.calledBy(name).length ? undefined : binding(name);
      const header = found && headerAt(unit, found.at);
      if (found && header)
        stage.refuse(
          'MF601',
          f,
          `'${name}', which ${region} calls, is defined in a header and reaches '${found.what}' (${header.path}:${header.line}), ` +
            `which binds to the calling team: MetaFork replaces the team, and a header is not translated ` +
            `(define the function in the file, or write the construct inside the region)`,
          { construct: 'header', target: 'metafork' },
        );
      return true;
    });
  for (const m of models)
    for (const c of m.constructs)
      if (c.dialect === 'openmp' && c.directive?.name.startsWith('parallel') && c.region) calls(c.region, regionName(m, c, text), m);
  for (const [f, region] of reached) calls(functions.definition(f)!, region, functions.get(f)!);
}

/** Directives of a called function that do not bind to the calling team: a `parallel` one makes its
 * own (what its region holds binds to that), `simd` vectorises one thread's loop. */
const OWN_TEAM = /^(parallel|simd|declare)\b/;

/** The first directive or team query of the function body `b` binding to the calling team, outside
 * the function's own parallel regions. */
function calleeBinding(code: string, b: Span): { what: string; at: number } | undefined {
  const found = /^[ \t]*#\s*pragma\s+omp\s+(\w+)|\bomp_(get_thread_num|get_num_threads|get_team_size|get_ancestor_thread_num|in_parallel|get_level|get_active_level)\s*\(/gm;
  found.lastIndex = b.start;
  for (let m; (m = found.exec(code)) && m.index < b.end; ) {
    if (m[2]) return { what: `omp_${m[2]}()`, at: m.index };
    if (!OWN_TEAM.test(m[1])) return { what: `#pragma omp ${m[1]}`, at: m.index + m[0].indexOf('#') };
    // A parallel region: what it holds is its own team's.
    if (m[1] === 'parallel') found.lastIndex = statementEnd(code, logicalLineEnd(code, m.index));
  }
  return undefined;
}

/** The end of the statement starting at or after `i` (comments blanked; directive lines before it skipped). */
function statementEnd(code: string, i: number): number {
  for (;;) {
    i = skipTrivia(code, i);
    if (code[i] === '#') { i = logicalLineEnd(code, i); continue; }
    break;
  }
  if (code[i] === '{') return closingBrace(code, i) ?? code.length;
  const keyword = /^(for|while|if|switch)\s*\(/.exec(code.slice(i, i + 12));
  if (keyword) {
    const close = matchParen(code, i + keyword[0].length - 1, code.length, false);
    if (close < 0) return code.length;
    const end = statementEnd(code, close);
    const next = skipTrivia(code, end);
    return keyword[1] === 'if' && /^else\b/.test(code.slice(next, next + 5)) ? statementEnd(code, next + 4) : end;
  }
  for (let depth = 0, j = i; j < code.length; j++) {
    const c = code[j];
    if (c === '"' || c === "'") j = skipQuoted(code, j);
    else if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    else if (c === ';' && depth <= 0) return j + 1;
  }
  return code.length;
}

/** The body a header (the text past `fileEnd`) gives a function called `name`, if it defines one. */
function headerDefinition(code: string, fileEnd: number, name: string): Span | undefined {
  const named = new RegExp(`\\b${name}\\s*\\(`, 'g');
  named.lastIndex = fileEnd;
  for (let m; (m = named.exec(code)); ) {
    const close = matchParen(code, m.index + m[0].length - 1, code.length, false);
    if (close < 0) continue;
    let open = skipTrivia(code, close);
    for (let q; (q = /^(const|noexcept|override|final)\b/.exec(code.slice(open, open + 9))); ) open = skipTrivia(code, open + q[0].length);
    if (code[open] !== '{') continue;
    const end = closingBrace(code, open);
    return end === undefined ? undefined : { start: open, end };
  }
  return undefined;
}

/** The offset just past the brace closing the one at `open` (comments blanked), if it is closed. */
function closingBrace(code: string, open: number): number | undefined {
  for (let depth = 0, i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'") i = skipQuoted(code, i);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return undefined;
}

/** What the parallel regions of a translation's items reach: the functions by name, the region
 * reaching each (through calls), and the constructs translated; read once for the checks of what
 * those functions keep (orphansInRegions, tasksLosingTheirTeam). */
export interface RegionReach { functions: Functions; reached: Map<string, string>; translated: Set<Construct> }

export function regionReach(models: ItemModel[], text: string, doc?: DocumentModel): RegionReach {
  const functions = functionsByName(models, text, doc);
  return { functions, reached: reachedFromRegions(models, functions, text), translated: new Set(models.flatMap(m => m.constructs)) };
}

/** A parallel region as the messages name it: "the '#pragma omp parallel' region in 'main'". */
function regionName(m: ItemModel, c: Construct, text: string): string {
  const where = m.item.type === 'function_definition' ? functionName(m.item, text)?.name : undefined;
  return `the '#pragma omp ${c.directive!.name}' region${where ? ` in '${where}'` : ''}`;
}

/** Which region reaches each function: a region's calls, then the calls of what they reach; with
 * `counts`, only the regions it accepts. */
function reachedFromRegions(items: ItemModel[], functions: Functions, text: string, counts?: (region: Construct) => boolean): Map<string, string> {
  const calls: [string, string][] = [];
  for (const m of items)
    for (const c of m.constructs)
      if (c.dialect === 'openmp' && c.directive?.name.startsWith('parallel') && c.region && (!counts || counts(c)))
        for (const f of calledNames(c.region, text, m.scopes)) calls.push([f, regionName(m, c, text)]);
  return reachedThroughCalls(calls, functions, text);
}

/**
 * A region translated alone (a focused translation from OpenMP) that calls a function keeping its
 * OpenMP tasks: they ran in the region's team and have none now (unless a region left in the file
 * reaches the function too), so they run one at a time. The results stay the same; the parallelism
 * is lost, which is said (MF608) on the function, with the way out: translate it too.
 */
export function tasksLosingTheirTeam(stage: Stage, { functions, reached, translated }: RegionReach, doc: DocumentModel): void {
  const text = stage.text;
  const kept = reachedFromRegions(regionItems(doc), functions, text, c => !translated.has(c));
  for (const [f, region] of reached) {
    const m = functions.get(f)!;
    const definition = functions.definition(f)!;
    const tasks = m.constructs.filter(
      c => c.dialect === 'openmp' && /^task(loop)?\b/.test(c.directive?.name ?? '') && within(c, definition) && !translated.has(c) && !teamOf(m, c.head),
    );
    if (!tasks.length || kept.has(f)) continue;
    stage.report(
      'MF608',
      functionName(definition, text) ?? definition,
      `'${f}' keeps its '#pragma omp ${tasks[0].directive!.name}' and had the team of ${region}, translated now: ` +
        `its tasks have no team of threads and run one at a time (translate '${f}' too, or the file)`,
    );
  }
}

/** The document's items with an OpenMP `parallel` directive, modelled. */
function regionItems(doc: DocumentModel): ItemModel[] {
  const { pragmas } = doc.syntax.layer;
  const out: ItemModel[] = [];
  doc.items.forEach((ref, i) => {
    if (inSpan(pragmas, ref).some(p => /^\s*#\s*pragma\s+omp\s+(\w+\s+)*parallel\b/.test(p.text))) out.push(doc.item(i));
  });
  return out;
}
