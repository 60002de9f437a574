// What keeps one use of shared data from racing with another: a critical section, an atomic
// construct, a lock held, a branch only one iteration or thread takes, threads waiting for each
// other by hand, and what a parent waits for its children at (a join, a taskwait, a task it
// depends on). Read by the race checks (./races) and the sharing checks (./sharing).

import { child, inOtherBranches, named, unparen, walk } from '../syntax/ast';
import { Construct, ItemModel } from '../model/constructs';
import { loopControlOf } from '../model/sharing';
import { changesVariable, initializerOf, referencesOf, variableOf, type Reference, type Variable } from '../model/scopes';
import { within } from '../base/span';
import type { SNode } from '../syntax/parser';
import { LineIndex } from '../base/lines';
import { opOf } from '../model/loops';

export const isWrite = (r: Reference) =>
  (r.access === 'write' || r.access === 'readwrite') && (r.through === null || r.through === 'field');

/** Inside `#pragma omp atomic|critical|single|master|masked|ordered` a write is not a race (but for the value an
 * atomic `read` or `capture` stores, which it does not read: `v` of `v = x++`, a plain write); nor
 * under an `if` only one iteration takes (`oneIteration`), nor where a lock is held (`underLock`).
 * Only such a construct inside the loop or region counts: a `single` around a `taskloop` runs it on
 * one thread, but its tasks on any. */
export function protectedWrite(model: ItemModel, r: Reference, loop: Construct): boolean {
  return oneIteration(model, r, loop) || underLock(model, r, loop) || model.constructs.some(
    c =>
      c !== loop &&
      c.kind === 'omp' &&
      loop.start <= c.start && c.end <= loop.end &&
      ['atomic', 'critical', 'single', 'master', 'masked', 'ordered'].includes(c.directive?.name ?? '') &&
      c.start <= r.span.start &&
      r.span.end <= c.end &&
      !(c.directive!.name === 'atomic' && c.clauses.some(cl => cl.name === 'read' || cl.name === 'capture') &&
        !referencesOf(model.scopes, r.variable!).some(x => x.access !== 'write' && c.start <= x.span.start && x.span.end <= c.end)),
  );
}

const ACQUIRE = new Set(['pthread_mutex_lock', 'pthread_spin_lock', 'omp_set_lock', 'omp_set_nest_lock']);

const RELEASE = new Set(['pthread_mutex_unlock', 'pthread_spin_unlock', 'omp_unset_lock', 'omp_unset_nest_lock']);

/** Functions that take a lock where they can: true (OpenMP's) or 0 (POSIX's) when they did. */
const TRY_ACQUIRE: Record<string, 'true' | 'zero'> = {
  omp_test_lock: 'true', omp_test_nest_lock: 'true', pthread_mutex_trylock: 'zero', pthread_spin_trylock: 'zero',
};

/**
 * `r` runs while a lock is held: a statement before it in a block of the loop's body takes a lock
 * (`pthread_mutex_lock(&l);`, `omp_set_lock(&l);`, or a loop spinning on `omp_test_lock(&l)`), no
 * statement between releases it, and one after it does (what the translations of `critical` write).
 */
export function underLock(model: ItemModel, r: Pick<Reference, 'node'>, loop: Construct): boolean {
  return lockHeld(model, r, loop) !== undefined;
}

/** The lock `underLock` finds held around `r` (its argument as written, blanks dropped: `&l`). */
function lockHeld(model: ItemModel, r: Pick<Reference, 'node'>, loop: Construct): string | undefined {
  const body = bodyOf(loop);
  const text = (n: SNode) => model.text.slice(n.start, n.end).replace(/\s+/g, '');
  const call = (e: SNode | undefined) => {
    e = unparen(e);
    const f = e?.type === 'call_expression' ? child(e, 'function') : undefined;
    const arg = e && child(e, 'arguments')?.children.find(x => x.named && x.type !== 'comment');
    return f?.type === 'identifier' && arg ? { name: text(f), lock: text(arg) } : undefined;
  };
  /** The lock a statement takes or releases. */
  const lockStatement = (n: SNode): { take: boolean; lock: string } | undefined => {
    if (n.type === 'expression_statement') {
      const c = call(n.children.find(x => x.named));
      if (c && (ACQUIRE.has(c.name) || RELEASE.has(c.name))) return { take: ACQUIRE.has(c.name), lock: c.lock };
    }
    if (n.type === 'while_statement') {
      // Spinning until the lock is taken: `while (!omp_test_lock(&l))`, `while (pthread_mutex_trylock(&l) != 0)`.
      const t = tried(child(n, 'condition'));
      if (t && !t.whenTaken) return { take: true, lock: t.lock };
    }
    return undefined;
  };
  /** A condition reading whether a try took a lock, and the truth it has when it did. */
  const tried = (e: SNode | undefined): { lock: string; whenTaken: boolean } | undefined => {
    e = unparen(e);
    if (!e) return undefined;
    const c = call(e);
    if (c) return TRY_ACQUIRE[c.name] ? { lock: c.lock, whenTaken: TRY_ACQUIRE[c.name] === 'true' } : undefined;
    const flip = (t: ReturnType<typeof tried>) => t && { ...t, whenTaken: !t.whenTaken };
    if (e.type === 'unary_expression' && text(e).startsWith('!')) return flip(tried(e.children.find(x => x.named)));
    const right = e.type === 'binary_expression' ? unparen(child(e, 'right')) : undefined;
    if (right?.type !== 'number_literal' || text(right) !== '0') return undefined;
    const op = opOf(e, model.text);
    if (op === '==') return flip(tried(child(e, 'left')));
    return op === '!=' ? tried(child(e, 'left')) : undefined;
  };
  // Each lock is decided by the nearest statement taking or releasing it, from the innermost block out.
  const decided = new Set<string>();
  for (let n: SNode | null = r.node; n && n !== body && n.parent; n = n.parent) {
    if (n.parent.type !== 'compound_statement' || !within(n.parent, body!)) continue;
    const siblings = n.parent.children.filter(x => x.named);
    const at = siblings.indexOf(n);
    for (const l of siblings.slice(0, at).map(lockStatement).reverse()) {
      if (!l || decided.has(l.lock)) continue;
      decided.add(l.lock);
      if (l.take && siblings.slice(at + 1).some(x => { const m = lockStatement(x); return m && !m.take && m.lock === l.lock; }))
        return l.lock;
    }
  }
  return undefined;
}

/**
 * What keeps a write in `c`'s body from running beside another: the critical sections around it (by
 * name: the unnamed ones are one), an atomic construct, a lock held. Two writes exclude each other
 * only where these meet: `critical(a)` and `critical(b)`, an atomic update and a critical section, two
 * locks do not (OpenMP 5.2 §15.2: critical regions of one name; §15.8.4: atomic regions of a location).
 */
export function exclusions(model: ItemModel, r: Reference, c: Construct): Set<string> {
  const out = new Set<string>();
  for (const k of model.constructs) {
    if (k === c || k.kind !== 'omp' || r.span.start < k.start || r.span.end > k.end) continue;
    if (k.directive?.name === 'critical') out.add(`critical(${k.directive.argument?.text.trim() ?? ''})`);
    else if (k.directive?.name === 'atomic') out.add('atomic');
  }
  const lock = lockHeld(model, r, c);
  if (lock) out.add(`lock ${lock}`);
  return out;
}

/** Whether two uses, under the protections `exclusions` found around each, exclude each other: one
 * protection is both's. */
export function excludeEachOther(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return [...a].some(x => b.has(x));
}

/** How a protection is said: `#pragma omp critical(a)`, an atomic construct, the lock `l`. */
export function exclusionLabel(e: string): string {
  if (e === 'atomic') return "'#pragma omp atomic'";
  if (e.startsWith('lock ')) return `the lock '${e.slice(5).replace(/^&/, '')}'`;
  return `'#pragma omp ${e === 'critical()' ? 'critical' : e}'`;
}

/** What every iteration of a parallel loop, or every thread of a region, runs. */
export function bodyOf(c: Construct): SNode | undefined {
  return c.loop ? child(c.loop, 'body') : c.region;
}

/**
 * `r` runs in one iteration of `loop` at most: it is in the then-branch of an `if` in its body whose
 * condition holds in one iteration only, `v == e` (a conjunct of it too) with `v` the loop's control
 * variable (or a copy of it) and `e` a constant or a local the loop does not change (the thread loops
 * of a translated OpenMP region: `if (mf_tid == 0) nthreads = mf_nthreads;`, OpenMP's `master`); or,
 * in an OpenMP loop or region, in one thread (`omp_get_thread_num() == 0`, a copy of it), whose
 * iterations run one after the other.
 */
export function oneIteration(model: ItemModel, r: Pick<Reference, 'node'>, loop: Construct): boolean {
  const body = bodyOf(loop);
  const control = loopControlOf(model, loop);
  if (!body) return false;
  const variableIn = (e: SNode | undefined) => {
    e = unparen(e);
    return e?.type === 'identifier' ? variableOf(model.scopes, e) : undefined;
  };
  const unchanged = (v: Variable) =>
    !referencesOf(model.scopes, v).some(x => x.addressTaken || (changesVariable(x) && within(x.span, loop.loop ?? body)));
  const invariant = (e: SNode | undefined): boolean => {
    if (unparen(e)?.type === 'number_literal') return true;
    const v = variableIn(e);
    // A global might change in a call the loop makes; a variable whose address is taken, through it.
    if (!v || v === control || (!v.isConst && (v.storage === 'global' || v.storage === 'file'))) return false;
    return unchanged(v);
  };
  // In OpenMP, one thread's iterations: they run one after the other.
  const threadNumber = (e: SNode | undefined): boolean => {
    e = unparen(e);
    const f = e?.type === 'call_expression' ? child(e, 'function') : undefined;
    return loop.kind === 'omp' && f?.type === 'identifier' && model.text.slice(f.start, f.end) === 'omp_get_thread_num';
  };
  // The control variable or the thread number, or a copy of it the body declares and never changes
  // (`int id = mf_tid;`, `int id = omp_get_thread_num();`).
  const one = (e: SNode | undefined, depth = 0): boolean => {
    const v = variableIn(e);
    if (!v) return threadNumber(e);
    if (v === control) return true;
    return depth < 4 && within(v.span, body) && unchanged(v) && one(initializerOf(v), depth + 1);
  };
  const once = (cond: SNode | undefined): boolean => {
    cond = unparen(cond);
    if (cond?.type !== 'binary_expression') return false;
    const [left, right] = [child(cond, 'left'), child(cond, 'right')];
    const op = opOf(cond, model.text);
    if (op === '&&') return once(left) || once(right);
    return op === '==' && ((one(left) && invariant(right)) || (one(right) && invariant(left)));
  };
  for (let n: SNode | null = r.node; n && n !== body; n = n.parent) {
    const p = n.parent;
    if (p?.type === 'if_statement' && n.field === 'consequence' && within(p, body) && once(child(p, 'condition'))) return true;
  }
  return false;
}

/**
 * Threads or iterations that wait for each other by hand: a `flush` or an atomic reading or ordering
 * memory in the code, or a loop spinning with an empty body (NAS LU's pipeline: `while (flag[i - 1]
 * == 0) { #pragma omp flush(flag) }` before reading what iteration i - 1 wrote; the validation
 * suites' release/acquire handshakes), or one polling under a critical section. The order they keep
 * is beyond the race check.
 */
export function synchronisedByHand(model: ItemModel, body: SNode): boolean {
  // A flush, or an atomic that reads or orders memory (`atomic read acquire` polled for a flag).
  const orders = (k: Construct) =>
    k.directive?.name === 'flush' ||
    (k.directive?.name === 'atomic' && k.clauses.some(cl => /^(read|capture|acquire|acq_rel|seq_cst)$/.test(cl.name)));
  if (model.constructs.some(k => k.kind === 'omp' && orders(k) && within(k.head, body))) return true;
  // A statement of a spinning loop's body: a pragma line, or code under a critical section (polling a
  // flag another thread sets under one, DataRaceBench 192).
  const polls = (x: SNode) => x.type === 'comment' || model.text[x.start] === '#' ||
    model.constructs.some(k => k.kind === 'omp' && k.directive?.name === 'critical' && within(x, k));
  let spins = false;
  walk(body, n => {
    const inner = (n.type === 'while_statement' || n.type === 'do_statement') && child(n, 'body');
    spins ||= !!inner && (inner.type === 'expression_statement' ? !named(inner).length : inner.type === 'compound_statement' && named(inner).every(polls));
    return !spins;
  });
  return spins;
}

/** Constructs that make a write atomic or exclusive (left to the protection checks). */
export const PROTECTING = new Set(['atomic', 'critical']);

/** Fork-join constructs whose end joins the spawns in them: an iteration of a parallel loop, a spawned
 * block (a child function), a `cilk_scope`. */
const FORK_JOIN_ENDS = new Set<Construct['kind']>(['parallel-for', 'block-spawn', 'scope']);

/** Constructs whose end waits for the tasks created in them (a barrier, a taskgroup's end). */
const WAIT_AT_END = new Set(['parallel', 'single', 'sections', 'for', 'taskgroup', 'parallel for', 'parallel sections', 'task']);

/**
 * The first use of `v` by the parent of spawn or task `c` after it (or `after`) and before what waits
 * for it: the first join (taskwait, barrier) that follows it in the function, or the end of the
 * function (of the construct around: for a task a barrier, a taskgroup's end, or its own task's end;
 * for a spawn a parallel loop's iteration, a spawned block, a cilk_scope). A use in a later task is
 * no parent's (a depend clause may order the two).
 */
export function parentUseBeforeJoin(model: ItemModel, c: Construct, v: Variable, after = c.end): Reference | undefined {
  let end = c.functionNode?.end ?? model.item.end;
  const openmp = c.dialect === 'openmp';
  for (let p = c.parent; p; p = p.parent)
    if (openmp ? p.kind === 'omp' && WAIT_AT_END.has(p.directive?.name ?? '') : FORK_JOIN_ENDS.has(p.kind)) {
      end = Math.min(end, p.end);
      break;
    }
  // (A task with `if` and `depend`, `if(0)` most often, waits for the tasks it depends on: DataRaceBench's idiom.)
  const waits = (k: Construct) => openmp
    ? k.kind === 'omp' && (k.directive?.name === 'taskwait' || k.directive?.name === 'barrier' ||
      (k.directive?.name === 'task' && k.clauses.some(cl => cl.name === 'if') && dependsOn(k, c)))
    : k.kind === 'join';
  const join = model.constructs.find(k => waits(k) && k.start >= after && k.start < end);
  const until = join ? join.start : end;
  const tasks = openmp ? model.constructs.filter(k => k !== c && k.kind === 'omp' && k.directive?.name === 'task') : [];
  // A use in the other branch of an `if` the construct is in never follows it.
  const at = c.statement ?? c.region;
  return referencesOf(model.scopes, v).find(
    r => r.span.start >= after && r.span.start < until && !tasks.some(k => within(r.span, k)) &&
      !(at && inOtherBranches(at, r.node)),
  );
}

/** The variables a task's `depend` clauses name, by dependence type (`in`, `out`, `inout`, ...). */
function dependences(k: Construct): { type: string; name: string }[] {
  return k.clauses.filter(cl => cl.name === 'depend').flatMap(cl => cl.items.map(i => ({ type: cl.modifier?.name ?? '', name: i.name })));
}

/** Whether task `later` depends on the earlier sibling task `earlier` (OpenMP 5.2 §15.9.5): on one
 * variable, `earlier` writing it (any type but `in`) or `later` writing it; two `in`s do not order. */
export function dependsOn(later: Construct, earlier: Construct): boolean {
  const mine = dependences(later);
  // `omp_all_memory` (OpenMP 5.1, out or inout only) stands for every variable.
  const same = (a: string, b: string) => a === b || a === 'omp_all_memory' || b === 'omp_all_memory';
  return dependences(earlier).some(d => mine.some(m => same(m.name, d.name) && (d.type !== 'in' || m.type !== 'in')));
}

/** The 1-based line of an offset, as the diagnostics' positions count lines. */
export function lineOf(text: string, offset: number): number {
  return new LineIndex(text).position(offset).line + 1;
}
