// Variable sharing at each spawn and parallel loop.
// MetaFork and CilkPlus follow the thesis rules (Chen 2017 §3.3); OpenMP constructs follow
// the OpenMP 4.5 data-sharing rules (§2.15.1) with the clauses written on the directive.

import { within } from '../base/span';
import type { Construct, ItemModel } from './constructs';
import type { Reference, Variable } from './scopes';
import { bindingOf, mayChange, type ArgumentBinding } from './binding';
import { isReducer } from './reducers';
import { walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';

export type Sharing = 'shared' | 'private' | 'firstprivate' | 'lastprivate' | 'reduction' | 'result';

export interface SharingEntry {
  variable: Variable;
  sharing: Sharing;
  /** Why, in the words of the rule that decided it. */
  reason: string;
  /** Declared inside the construct's region. */
  local: boolean;
  references: Reference[];
  /** C++ call spawns: the call that binds the variable by reference (why it is shared), or the
   * one whose callee the file does not show, when the parent may change the variable while the
   * child runs — sharing and copying then differ, and nothing here says which is right. */
  boundBy?: ArgumentBinding;
  unresolved?: { binding: ArgumentBinding; change: Reference };
}


/** References that fall inside the construct (its region, or a spawn's call and l-value). */
function referencesIn(model: ItemModel, c: Construct): Reference[] {
  const spans = (c.kind === 'spawn' ? [c.call, c.lvalue] : [c.loop ?? c.region]).filter(
    (n): n is NonNullable<typeof n> => !!n,
  );
  return model.scopes.references.filter(r => r.variable && spans.some(s => within(r.span, s)));
}

function referenceTypeReason(v: Variable): string | undefined {
  if (v.storage === 'global') return 'global variable';
  if (v.storage === 'file') return 'file-scope variable';
  if (v.isStatic) return 'declared static';
  if (v.isConst) return 'declared const';
  if (v.shape !== 'value') return `${v.shape}-typed (reference type)`;
  return undefined;
}

/** Names in the construct's clause `name` (e.g. `shared`). */
export function clauseNames(c: Construct, ...names: string[]): Set<string> {
  const out = new Set<string>();
  for (const cl of c.clauses) if (names.includes(cl.name)) for (const item of cl.items) out.add(item.name);
  return out;
}

/** Groups references by variable, in order of first use. */
function byVariable(refs: Reference[]): Map<Variable, Reference[]> {
  const map = new Map<Variable, Reference[]>();
  for (const r of refs) {
    const list = map.get(r.variable!);
    if (list) list.push(r); else map.set(r.variable!, [r]);
  }
  return map;
}

export function sharingAt(model: ItemModel, c: Construct): SharingEntry[] {
  const refs = byVariable(referencesIn(model, c));
  const region = c.loop ?? c.region;
  // Variables declared in the region are listed too, referenced or not.
  if (region && c.kind !== 'spawn') {
    for (const v of model.scopes.variables) if (within(v.span, region) && !refs.has(v)) refs.set(v, []);
  }
  const entries: SharingEntry[] = [];
  for (const [variable, references] of refs) {
    const local = !!region && within(variable.span, region);
    entries.push({ variable, references, local, ...decide(model, c, variable, local, references) });
  }
  return entries;
}

type Decision = { sharing: Sharing; reason: string } & Pick<SharingEntry, 'boundBy' | 'unresolved'>;

function decide(model: ItemModel, c: Construct, v: Variable, local: boolean, refs: Reference[]): Decision {
  switch (c.kind) {
    case 'spawn': {
      if (c.lvalue && refs.some(r => within(r.span, c.lvalue!)))
        return { sharing: 'result', reason: "receives the spawned call's result in the parent's storage" };
      const shared = referenceTypeReason(v);
      if (shared) return { sharing: 'shared', reason: `${shared}: the callee sees the parent's storage` };
      return spawnArgument(model, c, v, refs);
    }
    case 'block-spawn': {
      if (local) return { sharing: 'private', reason: 'declared inside the spawned block' };
      if (clauseNames(c, 'shared').has(v.name)) return { sharing: 'shared', reason: 'listed in shared(...)' };
      const shared = referenceTypeReason(v);
      if (shared) return { sharing: 'shared', reason: shared };
      return {
        sharing: 'firstprivate',
        reason: 'value-type local of the parent: the child gets a private copy taken at the spawn',
      };
    }
    case 'parallel-for':
    case 'pipe': {
      if (clauseNames(c, 'reduction').has(v.name)) return { sharing: 'reduction', reason: 'listed in reduction(...)' };
      if (c.dialect === 'cilkplus' && !local && isReducer(v, model.text))
        return { sharing: 'reduction', reason: 'a Cilk reducer: each strand updates its own view' };
      if (isLoopControl(model, c, v)) return { sharing: 'private', reason: 'loop control variable' };
      if (local)
        return v.isStatic
          ? { sharing: 'shared', reason: 'declared static in the loop body: one copy for all iterations' }
          : { sharing: 'private', reason: 'declared in the loop body: one copy per iteration' };
      return { sharing: 'shared', reason: 'declared outside the loop: shared by all iterations' };
    }
    case 'omp':
      return decideOpenMP(model, c, v, local);
    default:
      return { sharing: 'shared', reason: 'no data-sharing rules apply here' };
  }
}

/**
 * A value-type local named in a spawned call (C++): bound by reference it is the parent's
 * storage in the callee (shared); by value it is copied at the spawn. Where the file does not
 * show how the callee takes it, sharing is exact either way as long as the parent does not
 * change it while the child may run (a by-value callee then reads the same value later).
 */
function spawnArgument(model: ItemModel, c: Construct, v: Variable, refs: Reference[]): Decision {
  const copied: Decision = {
    sharing: 'firstprivate',
    reason: 'argument evaluated by the parent before the spawn and passed by value',
  };
  const bound = refs.map(r => bindingOf(model, r)).filter((b): b is ArgumentBinding => !!b && b.binding !== 'value');
  const byReference = bound.find(b => b.binding === 'reference');
  if (byReference)
    return {
      sharing: 'shared',
      reason: `bound by reference by '${byReference.callee}': the callee works on the parent's storage`,
      boundBy: byReference,
    };
  if (!bound.length) return copied;
  const change = changedWhileSpawned(model, c, v);
  if (!change) {
    return {
      sharing: 'shared',
      reason: `'${bound[0].callee}' may take it by reference (this file has no single declaration of it); the parent does not change it while the child may run, so sharing is exact either way`,
      boundBy: bound[0],
    };
  }
  return { ...copied, unresolved: { binding: bound[0], change } };
}

/** A reference that may change `v` while the spawn's child (or the task's, `c` an OpenMP task)
 * may run: in the statements after it up to a join in the same block (a loop around them runs
 * them again), or anywhere when the function has a goto. `changes`: which references change it
 * (`mayChange` unless given). */
export function changedWhileSpawned(
  model: ItemModel, c: Construct, v: Variable, changes = (r: Reference) => mayChange(model, r),
): Reference | undefined {
  const fn = c.functionNode ?? model.item;
  const own = [c.call, c.lvalue, c.kind === 'spawn' ? undefined : c.region].filter((n): n is NonNullable<typeof n> => !!n);
  let jumps = false;
  walk(fn, n => { if (n.type === 'goto_statement') jumps = true; return !jumps; });
  const spans = jumps ? [fn] : continuation(model, c.statement ?? c.call ?? c.region!, fn, c.dialect === 'openmp');
  return model.scopes.references.find(
    r =>
      r.variable === v &&
      spans.some(s => within(r.span, s)) &&
      !own.some(s => within(r.span, s)) &&
      changes(r),
  );
}

/** What waits for an OpenMP task made before it in its block: a taskwait (one with `depend` waits
 * for some tasks only), a barrier. */
const TASK_WAITS = new Set(['taskwait', 'barrier']);

/** The statements that may run after `statement` before a join that follows it (`openmp`: a
 * task's, which OpenMP's waits end). */
function continuation(model: ItemModel, statement: SNode, fn: SNode, openmp = false): SNode[] {
  const joins = model.constructs.filter(
    k => k.kind === 'join' ||
      (openmp && k.kind === 'omp' && TASK_WAITS.has(k.directive?.name ?? '') && !k.clauses.some(cl => cl.name === 'depend')),
  );
  const isJoin = (s: SNode) =>
    (s.type === 'expression_statement' || s.type === 'preproc_call') &&
    joins.some(j => j.start < s.end && s.start < j.end);
  const spans: SNode[] = [];
  for (let node = statement; node.parent && node !== fn; node = node.parent) {
    const p = node.parent;
    if (p.type === 'compound_statement') {
      const after = p.children.slice(p.children.indexOf(node) + 1);
      const stop = after.findIndex(isJoin);
      spans.push(...(stop < 0 ? after : after.slice(0, stop)));
      if (stop >= 0) return spans;
    }
    if (LOOPS.has(p.type)) spans.push(p); // the next iterations
  }
  return spans;
}

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);

/** The control variable of the construct's loop, declared in its header or before the loop. */
function isLoopControl(model: ItemModel, c: Construct, v: Variable): boolean {
  const init = c.loop?.children.find(x => x.field === 'initializer');
  if (!init) return false;
  if (init.type === 'declaration') return within(v.span, init);
  return loopControlOf(model, c) === v;
}

/** The variable `isLoopControl` holds for. */
export function loopControlOf(model: ItemModel, c: Construct): Variable | undefined {
  const init = c.loop?.children.find(x => x.field === 'initializer');
  if (!init) return undefined;
  if (init.type === 'declaration') return model.scopes.variables.find(v => within(v.span, init));
  return model.scopes.references.find(r => within(r.span, init) && r.access === 'write')?.variable;
}

function decideOpenMP(
  model: ItemModel,
  c: Construct,
  v: Variable,
  local: boolean,
): { sharing: Sharing; reason: string } {
  const clause = (name: string) => clauseNames(c, name).has(v.name);
  if (clause('private')) return { sharing: 'private', reason: 'listed in private(...)' };
  if (clause('firstprivate')) return { sharing: 'firstprivate', reason: 'listed in firstprivate(...)' };
  if (clause('lastprivate')) return { sharing: 'lastprivate', reason: 'listed in lastprivate(...)' };
  if (clause('reduction')) return { sharing: 'reduction', reason: 'listed in reduction(...)' };
  if (clause('shared')) return { sharing: 'shared', reason: 'listed in shared(...)' };
  if (isLoopControl(model, c, v))
    return { sharing: 'private', reason: 'loop iteration variable (predetermined private)' };
  if (local)
    return v.isStatic
      ? { sharing: 'shared', reason: 'static variable declared in the region' }
      : { sharing: 'private', reason: 'declared inside the region' };
  if (v.storage === 'global' || v.storage === 'file' || v.isStatic)
    return model.fileScope.threadprivate.has(v.name)
      ? { sharing: 'private', reason: "threadprivate: each thread's own copy" }
      : { sharing: 'shared', reason: 'variable with static storage duration' };
  // `default(private|firstprivate|shared)` decides for the construct's other variables (OpenMP 5.2
  // §5.4.1; a variable with static storage duration must be listed then: above, it stays shared).
  const given = defaultOf(c);
  if (given === 'private' || given === 'firstprivate' || given === 'shared')
    return { sharing: given, reason: byDefault(given) };
  const name = c.directive?.name ?? '';
  if (name === 'task' || name === 'taskloop') {
    // OpenMP 4.5 §2.15.1.1: in a task, a variable not shared in every enclosing context is firstprivate.
    for (let p = c.parent; p; p = p.parent) {
      if (p.kind !== 'omp' || !p.directive) continue;
      const home = p.loop ?? p.region;
      const declaredOutside = (home ? !within(v.span, home) : true) && !isLoopControl(model, p, v);
      if (
        p.directive.name.startsWith('parallel') ||
        p.directive.name.startsWith('target') ||
        p.directive.name === 'teams'
      ) {
        return declaredOutside && !privateIn(p, v)
          ? { sharing: 'shared', reason: `shared in the enclosing '#pragma omp ${p.directive.name}'` }
          : { sharing: 'firstprivate', reason: 'not shared in the enclosing context: firstprivate in a task' };
      }
    }
    return { sharing: 'firstprivate', reason: 'local of the enclosing function: firstprivate in an orphaned task' };
  }
  // A variable private to an enclosing region stays private to each thread here.
  for (let p = c.parent; p; p = p.parent) {
    if (p.kind !== 'omp' || !p.directive) continue;
    if (privateIn(p, v))
      return { sharing: 'private', reason: `private in the enclosing '#pragma omp ${p.directive.name}'` };
    if (p.region && within(v.span, p.region))
      return {
        sharing: 'private',
        reason: `declared inside the enclosing '#pragma omp ${p.directive.name}': one copy per thread`,
      };
  }
  // Orphaned work-sharing (no region around it in the function): each thread runs its own call of
  // the function, with its own locals (OpenMP 5.2 §5.1.2: automatic variables of a routine called
  // in a region are private). SIMD lanes share the thread's.
  if (ORPHANED_WORK.test(name) && (v.storage === 'local' || v.storage === 'param') && !teamAround(c))
    return { sharing: 'private', reason: "a local of the function: each thread's call of it has its own" };
  return { sharing: 'shared', reason: 'OpenMP default: shared' };
}

/** What a construct's `default(...)` clause says (`shared`, `none`, `private`, `firstprivate`), if it has one. */
const defaultOf = (c: Construct): string | undefined => c.clauses.find(cl => cl.name === 'default')?.args?.text.trim();

/** The reason of a sharing a construct's `default(kind)` decided. */
const byDefault = (kind: 'private' | 'firstprivate' | 'shared') => `default(${kind})`;

/** The variables an OpenMP construct's `default(private)` or `default(firstprivate)` gives copies
 * of (referenced in it, decided by no clause or predetermined rule), as if listed in that clause. */
export function coveredByDefault(model: ItemModel, c: Construct, kind: 'private' | 'firstprivate'): Variable[] {
  return sharingAt(model, c).filter(e => !e.local && e.reason === byDefault(kind)).map(e => e.variable);
}

/** Whether an enclosing construct gives each thread (or task) its own `v`: by a clause, or by its
 * `default(private|firstprivate)` (a variable it does not list shared; the function's locals). */
function privateIn(p: Construct, v: Variable): boolean {
  if (clauseNames(p, 'private', 'firstprivate', 'lastprivate', 'reduction').has(v.name)) return true;
  const given = defaultOf(p);
  return (given === 'private' || given === 'firstprivate') && !clauseNames(p, 'shared').has(v.name) &&
    v.storage !== 'global' && v.storage !== 'file' && !v.isStatic;
}

/** Work-sharing constructs whose iterations or parts are divided among a team's threads, no SIMD lanes. */
const ORPHANED_WORK = /^(for|sections|single|loop|distribute)(?: (?:nowait|ordered))?$/;

/** An enclosing construct that creates a team or a task, where the function's locals are shared. */
function teamAround(c: Construct): boolean {
  for (let p = c.parent; p; p = p.parent) {
    if (p.kind !== 'omp') return true;
    if (p.directive && /^(parallel|teams|target|task)/.test(p.directive.name)) return true;
  }
  return false;
}
