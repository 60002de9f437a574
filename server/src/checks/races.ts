// Data races (MF403, MF406): shared scalars written by every iteration or thread, array elements
// two iterations meet on, sections and tasks that run at once, one thread's writes the others meet
// with no barrier between, and spawns whose arguments or receivers the parent uses before the join.

import { ancestors, child, functionName, inOtherBranches, unparen, walk } from '../syntax/ast';
import { Construct, constructLabel, isParallelLoop, ItemModel } from '../model/constructs';
import { sharingAt, SharingEntry, clauseNames } from '../model/sharing';
import { changesVariable, referencesOf, variableOf, visibleVariable, type Reference, type Variable } from '../model/scopes';
import { within, type Span } from '../base/span';
import type { SNode } from '../syntax/parser';
import { diagnostic, MfDiagnostic } from '../base/diagnostic';
import { LineIndex } from '../base/lines';
import { canonicalHeader } from '../model/loops';
import { argumentWrites, describeWrite } from '../model/spawnArguments';
import { headerDeclaring } from '../preprocess/system';
import { typeSpecifiers } from '../model/declarations';
import { distanceDependences, elementPairs, nestLoops } from '../model/dependence';
import {
  PROTECTING, bodyOf, dependsOn, excludeEachOther, exclusionLabel, exclusions, isWrite, lineOf, oneIteration, parentUseBeforeJoin, protectedWrite,
  synchronisedByHand, underLock,
} from './protection';
import { privatizedRegions, reductionOperator, setFirst } from './sharing';

/**
 * Writes of a shared scalar each protected, by protections that do not exclude one another (DataRaceBench's
 * `critical(addlock)` against `critical(sublock)`): the second such write, with the first's line.
 */
function mismatchedProtection(model: ItemModel, c: Construct, writes: Reference[], label: string): MfDiagnostic | undefined {
  const seen: { r: Reference; held: Set<string> }[] = [];
  for (const r of writes) {
    const held = exclusions(model, r, c);
    if (!held.size) continue;
    const apart = seen.find(w => !excludeEachOther(w.held, held));
    if (apart) {
      const line = lineOf(model.text, apart.r.span.start);
      const name = r.variable!.name;
      const what = [...held].map(exclusionLabel).join(' and ');
      const other = [...apart.held].map(exclusionLabel).join(' and ');
      return diagnostic(
        'MF403',
        r.span,
        `data race: '${name}' is shared by ${label} and written here under ${what}, and on line ${line} under ${other}, which do not exclude each other; protect every write of '${name}' the same way`,
        { variable: name },
      );
    }
    seen.push({ r, held });
  }
  return undefined;
}

export function raceDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = taskRaces(model);
  for (const c of model.constructs) {
    if (c.kind === 'omp' && c.directive?.name === 'parallel' && c.region) out.push(...regionRaces(model, c));
    if (c.kind === 'omp' && /^(parallel )?sections$/.test(c.directive?.name ?? '') && c.region) out.push(...sectionRaces(model, c));
    if (!isParallelLoop(c) || !c.loop) continue;
    out.push(...carriedArrayRaces(model, c));
    const body = child(c.loop, 'body');
    if (!body) continue;
    const nest = privatizedRegions(model, c, 'race');
    for (const e of sharingAt(model, c) as SharingEntry[]) {
      if (e.sharing !== 'shared' || e.variable.shape !== 'value') continue;
      // Listed linear, or the iteration variable of `collapse(n)` loops or of nested loop constructs.
      if (clauseNames(c, 'linear').has(e.variable.name)) continue;
      if (nest.get(e.variable)?.some(l => e.references.every(r => within(r.span, l)))) continue;
      const inBody = e.references.filter(r => body.start <= r.span.start && r.span.end <= body.end);
      const writes = inBody.filter(isWrite);
      const write = writes.find(r => !protectedWrite(model, r, c));
      if (!write) {
        const mismatch = mismatchedProtection(model, c, writes, `all iterations of '${constructLabel(c)}'`);
        if (mismatch) out.push(mismatch);
        continue;
      }
      const reduction = reductionOperator(model, inBody);
      const name = e.variable.name;
      // Declared inside, a variable each iteration sets before reading it keeps its meaning; one read
      // before it is set carries a value between iterations (`s += a[i]; if (s > 100) s = 0;`, a
      // running sum stored each iteration), which only a reduction's own updates may.
      const advice = reduction
        ? `use 'reduction(${reduction}: ${name})'`
        : setFirst(inBody, body)
          ? `declare '${name}' inside the loop body`
          : `its value goes from one iteration to the next (read before it is set), and not by one reduction's updates alone: keep the loop serial, or write it as a reduction`;
      out.push(
        diagnostic(
          'MF403',
          write.span,
          `data race: '${name}' is shared by all iterations of '${constructLabel(c)}' (${e.reason}) and written here; ${advice}`,
          { variable: name, ...(reduction ? { reduction } : {}) },
        ),
      );
    }
  }
  return out;
}

/** Clauses giving each thread or iteration its own copy of a variable. */
const COPYING = ['private', 'firstprivate', 'lastprivate', 'reduction', 'linear', 'in_reduction'];

/**
 * An element of a shared array that two iterations of a parallel loop touch, one writing it, at a
 * fixed distance apart (`a[i] = a[i - 1] + 1;`, `b[i + 1] = b[i] * 2;`): the iterations run at
 * once, so the read finds the element written or not. Only what the dependence test proves
 * (model/dependence, its distance): not an index it cannot read, not a pair of which one access is
 * under a branch (`if (i % 2 == 0) a[i] = a[i + 1];` never meets), protected (atomic, critical,
 * ordered, a lock) or in an array each thread has its own copy of; not one of a loop only vectorised
 * farther apart than its `safelen`, nor in a loop with `ordered` (its iterations may wait for each other).
 */
function carriedArrayRaces(model: ItemModel, c: Construct): MfDiagnostic[] {
  // A loop only vectorised (`simd`, `target simd`) runs its iterations in lanes of one thread, at
  // once only within `safelen` of each other: a longer distance is no race there.
  const words = (c.directive?.name ?? '').split(/\s+/);
  const vectorOnly = c.kind === 'omp' && !['for', 'distribute', 'taskloop', 'loop'].some(w => words.includes(w));
  const safelen = c.clauses.find(cl => cl.name === 'safelen')?.args?.text.trim();
  const lanes = vectorOnly && safelen !== undefined ? (/^\d+$/.test(safelen) ? BigInt(safelen) : 0n) : undefined;
  if (c.kind === 'omp' && c.clauses.some(cl => cl.name === 'ordered')) return [];
  const loop = nestLoops(model, c.loop!).find(l => l.node === c.loop);
  const body = bodyOf(c);
  if (!loop || !body || synchronisedByHand(model, body)) return [];
  const own = new Set<Variable>();
  for (const cl of c.clauses)
    if (COPYING.includes(cl.name))
      for (const item of cl.items) {
        const v = visibleVariable(model, item.name, c.head.start);
        if (v) own.add(v);
      }
  const branched = (n: SNode) => {
    for (let p = n.parent; p && p !== body; p = p.parent)
      if (/^(if_statement|conditional_expression|switch_statement|while_statement|do_statement)$/.test(p.type)) return true;
    return false;
  };
  const value = canonicalHeader(c.loop!, model.text).header?.step.value;
  const step = value !== undefined && value !== 0n ? (value < 0n ? -value : value) : undefined;
  const out: MfDiagnostic[] = [];
  const quote = (n: SNode) => `'${model.map.render(n).replace(/\s+/g, ' ')}'`;
  /** The references of a pair, where neither is under a branch or a protection. */
  const unguarded = (array: Variable, nodes: SNode[]) => {
    const found = nodes.map(n => branched(n) ? undefined : model.scopes.references.find(r => r.variable === array && within(r.span, n)));
    return found.every(r => r && !protectedWrite(model, r, c)) ? (found as Reference[]) : undefined;
  };
  // One pair per write (distanceDependences), the write and another reference of its array.
  for (const { pair } of distanceDependences(model, c.loop!, loop, own)) {
    const [write, other] = (pair && unguarded(pair.array, [pair.write, pair.other])) ?? [];
    if (!pair || !write || !other) continue;
    // The distance is between values of the index: iterations meet there only if a whole number of
    // steps covers it (`i += 2` never takes both i and i + 1).
    const { distance } = pair;
    if (!step || distance % step !== 0n || (lanes !== undefined && distance >= lanes)) continue;
    out.push(
      diagnostic(
        'MF403',
        pair.write,
        `data race: an iteration of '${constructLabel(c)}' writes ${quote(pair.write)} here, and the iteration ${distance} apart ${other.access === 'read' ? 'reads' : 'writes'} that element as ${quote(pair.other)}: they run at once; the loop carries a dependence (keep it serial)`,
        { variable: pair.array.name },
      ),
    );
  }
  // One iteration's element, which every other iteration uses (DataRaceBench 039: 'a[i] = a[i] + a[0]'),
  // or a later one through an index moving at another rate (033: 'a[2 * i + 1] = a[i] + 1').
  if (!vectorOnly)
    for (const e of elementPairs(model, c.loop!, loop, own)) {
      const [write, other] = unguarded(e.array, [e.write, e.other]) ?? [];
      if (!write || !other) continue;
      const x = loop.variable.name;
      const uses = other.access === 'read' ? 'read' : 'write';
      out.push(diagnostic(
        'MF403',
        e.write,
        e.user === undefined
          ? `data race: the iteration ${x} = ${e.writer} of '${constructLabel(c)}' writes ${quote(e.write)} here, the element the other iterations ${uses} as ${quote(e.other)}, and they run at once (copy it into a variable before the loop, or keep the loop serial)`
          : `data race: the iteration ${x} = ${e.writer} of '${constructLabel(c)}' writes ${quote(e.write)} here, the element the iteration ${x} = ${e.user} ${uses}s as ${quote(e.other)}, and they run at once: the loop carries a dependence (keep it serial)`,
        { variable: e.array.name },
      ));
    }
  return out;
}

/**
 * A shared scalar every thread of a `parallel` region writes: a statement of the region outside its
 * constructs (those check their own: a work-sharing loop its iterations, `single` one thread), not
 * one thread's (`if (omp_get_thread_num() == 0)`) nor under a lock (NAS CG's `callcount++`).
 */
function regionRaces(model: ItemModel, c: Construct): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  // Nested in it (a `single` right under the pragma line, NAS's and BOTS's shape, is outside its statement).
  const inner = model.constructs.filter(k => { for (let p = k.parent; p; p = p.parent) if (p === c) return true; return false; });
  for (const e of sharingAt(model, c) as SharingEntry[]) {
    if (e.sharing !== 'shared' || e.variable.shape !== 'value') continue;
    const write = e.references.find(
      r => isWrite(r) && within(r.span, c.region!) && !inner.some(k => within(r.span, k)) &&
        !oneIteration(model, r, c) && !underLock(model, r, c),
    );
    if (!write) {
      const writes = e.references.filter(r => isWrite(r) && within(r.span, c.region!));
      const mismatch = mismatchedProtection(model, c, writes, `the threads of '${constructLabel(c)}'`);
      if (mismatch) out.push(mismatch);
      continue;
    }
    const name = e.variable.name;
    out.push(
      diagnostic(
        'MF403',
        write.span,
        `data race: '${name}' is shared by the threads of '${constructLabel(c)}' (${e.reason}) and every thread writes it here; write it in '#pragma omp single' or 'atomic', or declare '${name}' inside the region`,
        { variable: name },
      ),
    );
  }
  out.push(...unsynchronisedWrites(model, c, inner));
  return out;
}

/**
 * A shared scalar one section of a `sections` construct writes and another uses (DataRaceBench 023:
 * `i = 1;` and `i = 2;`): the sections may run at once on different threads. The statements before
 * the first `section` directive are a section of their own. Two uses under protections that exclude
 * each other (a critical section of one name, atomic constructs, one lock) do not race; those in
 * other constructs nested in a section (a task's are checked as tasks) are left alone.
 */
function sectionRaces(model: ItemModel, c: Construct): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  const sections = c.children.filter(k => k.kind === 'omp' && k.directive?.name === 'section');
  if (sections.length === 0 || synchronisedByHand(model, c.region!)) return out;
  const sectionOf = (r: Reference) => sections.findIndex(k => within(r.span, k));
  const nested = model.constructs.filter(
    k => k !== c && !sections.includes(k) && !PROTECTING.has(k.directive?.name ?? '') && within(k, c.region!),
  );
  for (const e of sharingAt(model, c) as SharingEntry[]) {
    if (e.sharing !== 'shared' || e.variable.shape !== 'value') continue;
    const uses = e.references
      .filter(r => within(r.span, c.region!) && !nested.some(k => within(r.span, k)))
      .map(r => ({ r, held: exclusions(model, r, c) }));
    for (const { r: write, held } of uses.filter(u => isWrite(u.r))) {
      const other = uses.find(u => sectionOf(u.r) !== sectionOf(write) && !excludeEachOther(held, u.held))?.r;
      if (!other) continue;
      const name = e.variable.name;
      out.push(diagnostic(
        'MF403',
        write.span,
        `data race: '${name}' is shared by the sections of '${constructLabel(c)}' (${e.reason}), written in one section here and used in another at line ${lineOf(model.text, other.span.start)}: the sections may run at once on different threads (make '${name}' private or lastprivate, or protect its uses with '#pragma omp critical')`,
        { variable: name },
      ));
      break;
    }
  }
  return out;
}

const isTask = (k: Construct) => k.kind === 'omp' && k.directive?.name === 'task';

/** Constructs after which the tasks created before have finished (for the tasks of their binding region). */
const TASK_WAIT = (k: Construct) => k.kind === 'omp' && (k.directive?.name === 'taskwait' || k.directive?.name === 'barrier');

/**
 * OpenMP tasks that may run at once and meet on a shared scalar, one writing it (neither use under
 * a critical section or an atomic construct of the other's kind, nor in a construct nested in the
 * task): two tasks created one after the other with no taskwait or barrier between and no `depend`
 * clause on either (not in the two branches of an `if`) (DataRaceBench 027: `task i = 1;` then `task i = 2;`), and the instances of one
 * task created again and again, in a loop with no wait after it or by every thread of a region
 * (`for (...) { #pragma omp task sum += a[i]; }`). A task with an `if` clause may be undeferred
 * (the creator waits for it): its instances are left alone.
 */
function taskRaces(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  const tasks = model.constructs.filter(isTask);
  if (!tasks.length) return out;
  const waits = model.constructs.filter(TASK_WAIT);
  const groups = model.constructs.filter(k => k.kind === 'omp' && k.directive?.name === 'taskgroup');
  const waitBetween = (a: number, b: number) =>
    waits.some(k => a <= k.start && k.start < b) || groups.some(g => g.start <= a && g.end > a && g.end <= b);
  /** The uses of its shared scalars a task makes itself, with the protections around each. */
  const usesOf = new Map<Construct, Map<Variable, { r: Reference; held: Set<string> }[]>>();
  const uses = (t: Construct) => {
    let m = usesOf.get(t);
    if (m) return m;
    m = new Map();
    const nested = model.constructs.filter(k => k !== t && within(k, t) && !PROTECTING.has(k.directive?.name ?? ''));
    // A task's `in_reduction` variables are its own copies, combined at the taskgroup's end.
    const reducing = clauseNames(t, 'in_reduction');
    for (const e of sharingAt(model, t) as SharingEntry[]) {
      if (e.sharing !== 'shared' || e.local || e.variable.shape !== 'value' || reducing.has(e.variable.name)) continue;
      const list = e.references
        .filter(r => within(r.span, t) && !within(r.span, t.head) && !nested.some(k => within(r.span, k)))
        .map(r => ({ r, held: exclusions(model, r, t) }));
      if (list.length) m.set(e.variable, list);
    }
    usesOf.set(t, m);
    return m;
  };
  /** A write of `a`'s and a use of `b`'s (or the other way round) of one variable that do not exclude each other. */
  const conflict = (a: Construct, b: Construct) => {
    for (const [v, ua] of uses(a)) {
      const ub = uses(b).get(v);
      if (!ub) continue;
      for (const x of ua)
        for (const y of ub)
          if ((isWrite(x.r) || isWrite(y.r)) && !excludeEachOther(x.held, y.held)) return { v, here: isWrite(y.r) ? y.r : x.r };
    }
    return undefined;
  };
  const label = (v: Variable) => `'${v.name}'`;
  const dependent = (t: Construct) => t.clauses.some(cl => cl.name === 'depend');
  // A detached task completes when another task fulfils its event: what that orders is beyond this check.
  const detached = tasks.some(k => k.clauses.some(cl => cl.name === 'detach'));
  /** Whether sibling task `u` waits for the earlier `t` through their depend clauses, directly or
   * through tasks created between them (DataRaceBench 136: `in: a` and `in: b` tasks both writing c
   * are ordered with neither); always, in a function with a detached task. */
  const ordered = (t: Construct, u: Construct): boolean => {
    if (detached) return true;
    if (!dependent(t) || !dependent(u)) return false;
    const between = tasks.filter(k => k.start >= t.end && k.end <= u.start && k.functionNode === t.functionNode && dependent(k));
    const reached = [t];
    for (const k of [...between, u])
      if (reached.some(r => dependsOn(k, r))) {
        if (k === u) return true;
        reached.push(k);
      }
    return false;
  };
  const reported = new Set<Variable>();
  for (const t of tasks) {
    // The instances of one task.
    const again = repeatedTask(model, t, waits);
    if (again && !t.clauses.some(cl => cl.name === 'if') && !dependent(t)) {
      const c = conflict(t, t);
      if (c && !reported.has(c.v)) {
        reported.add(c.v);
        out.push(diagnostic(
          'MF403', c.here.span,
          `data race: ${label(c.v)} is shared by the tasks this '#pragma omp task' creates ${again}, and one writes it here while another may use it: they may run at once (protect it with 'atomic' or 'critical', or give each task its own)`,
          { variable: c.v.name },
        ));
      }
    }
    // A later sibling: created after it in the same function, with nothing between waiting for it.
    for (const u of tasks) {
      if (u.start < t.end || u.functionNode !== t.functionNode || within(u, t)) continue;
      if (waitBetween(t.end, u.start) || (t.statement && u.statement && inOtherBranches(t.statement, u.statement))) continue;
      if (ordered(t, u)) continue;
      const c = conflict(t, u);
      if (!c || reported.has(c.v)) continue;
      reported.add(c.v);
      const here = within(c.here.span, u) ? c.here : uses(u).get(c.v)![0].r;
      out.push(diagnostic(
        'MF403', here.span,
        `data race: the task created on line ${lineOf(model.text, t.start)} and this one (no taskwait between them, no 'depend' ordering them) both use ${label(c.v)}, and one of them writes it: they may run at once (add 'depend' clauses, or '#pragma omp taskwait' between them)`,
        { variable: c.v.name },
      ));
    }
  }
  return out;
}

/** How a task is created more than once with its instances alive together, in words, or undefined:
 * in a loop of the code that creates it with no wait after it in the loop's body, or by every
 * thread of the region it is in (not under single, master or masked). */
function repeatedTask(model: ItemModel, t: Construct, waits: Construct[]): string | undefined {
  for (let n = t.statement?.parent ?? null; n; n = n.parent) {
    if (n.type === 'function_definition') break;
    if (/^(for|while|do)_statement$/.test(n.type) && !waits.some(k => k.start > t.end && within(k, n!)))
      return `in each iteration of the loop on line ${lineOf(model.text, n.start)}`;
  }
  for (let p = t.parent; p; p = p.parent) {
    if (p.kind !== 'omp') continue;
    const name = p.directive?.name ?? '';
    if (/^(single|master|masked|task|taskloop|critical|sections|section)$/.test(name) || /^parallel (master|masked)/.test(name)) return undefined;
    if (name === 'parallel') return `in every thread of the '#pragma omp parallel' region on line ${lineOf(model.text, p.start)}`;
  }
  return undefined;
}

/** A work-sharing loop whose iterations the threads share. */
const SHARED_LOOP = (k: Construct) => k.kind === 'omp' && !!k.loop && /^(for|for simd|loop|distribute)\b/.test(k.directive?.name ?? '');

/** Constructs one thread runs with no barrier at their end. */
const ONE_THREAD = (k: Construct) =>
  k.kind === 'omp' && (k.directive?.name === 'master' || k.directive?.name === 'masked' ||
    (k.directive?.name === 'single' && k.clauses.some(cl => cl.name === 'nowait')));

/** Constructs the master thread alone runs (`masked` without a filter, or filter(0)). */
const MASTER_ONLY = (k: Construct) =>
  k.kind === 'omp' && (k.directive?.name === 'master' ||
    (k.directive?.name === 'masked' && ['', '0'].includes(k.clauses.find(cl => cl.name === 'filter')?.args?.text.trim() ?? '')));

/** A construct that ends with a barrier (or is one). */
const BARRIER_AT_END = (k: Construct) =>
  k.kind === 'omp' && !!k.directive && (k.directive.name === 'barrier' ||
    (/^(for|sections|single|workshare|for simd|loop)$/.test(k.directive.name) && !k.clauses.some(cl => cl.name === 'nowait')));

/** Code of a region some of its threads run with no barrier at its end: a construct (`master`, a
 * `for nowait`), or the branch of an `if` only thread 0 takes (`omp_get_thread_num() == 0`). */
interface Writer { span: Span; label: string; masterOnly: boolean }

/** A write in such code, which the rest of the region must not meet before a barrier: where the
 * writers are, which variables and writes, which uses do not count, the words. */
interface Unsynchronised {
  writers: Writer[];
  variable: (v: Variable) => boolean;
  write: (r: Reference) => boolean;
  /** A use that is no race with the write in `k`. */
  exempt: (r: Reference, k: Writer) => boolean;
  message: (name: string, k: Writer, line: number) => string;
}

const UNSYNCHRONISED = (model: ItemModel, c: Construct, inner: Construct[]): Unsynchronised[] => {
  const ofConstruct = (k: Construct, label: string): Writer => ({ span: k, label, masterOnly: MASTER_ONLY(k) });
  // The branches thread 0 alone takes: the `if` of a write `oneIteration` reads so, outside constructs.
  const branches: Writer[] = [];
  for (const r of model.scopes.references) {
    if (!isWrite(r) || !within(r.span, c.region!) || inner.some(k => within(r.span, k)) || !oneIteration(model, r, c)) continue;
    let n: SNode | null = r.node;
    while (n && !(n.parent?.type === 'if_statement' && n.field === 'consequence')) n = n.parent;
    const condition = n?.parent && child(n.parent, 'condition');
    if (n && condition && !branches.some(b => b.span.start === n!.start))
      branches.push({ span: n, label: `if ${model.text.slice(condition.start, condition.end).replace(/\s+/g, ' ')}`, masterOnly: true });
  }
  const sameThread = (r: Reference) =>
    inner.some(m => MASTER_ONLY(m) && within(r.span, m)) || branches.some(b => within(r.span, b.span));
  return [
    // DataRaceBench 124: `master { init = 10; } local = init;`; 075: thread 0's branch. The master's
    // other code (another `master`, the same branch) is the same thread.
    {
      writers: [
        ...inner.filter(ONE_THREAD).map(k => ofConstruct(k, `${constructLabel(k)}${k.directive?.name === 'single' ? ' nowait' : ''}`)),
        ...branches,
      ],
      variable: v => v.shape === 'value',
      write: isWrite,
      exempt: (r, k) => k.masterOnly && sameThread(r),
      message: (name, k, line) =>
        `data race: one thread writes '${name}' here ('${k.label}', with no barrier at its end) and the other threads of '${constructLabel(c)}' use it at line ${line} with no barrier between: put '#pragma omp barrier' between them, or write it in a '#pragma omp single' without 'nowait'`,
    },
    // DataRaceBench 013: `for nowait` filling `a`, then `single` reading `a[9]`: the threads leave the
    // loop one by one. A use in a later work-sharing loop is left alone (with the same static
    // schedule each thread meets its own iterations' elements, which OpenMP guarantees).
    {
      writers: inner.filter(k => SHARED_LOOP(k) && k.clauses.some(cl => cl.name === 'nowait')).map(k => ofConstruct(k, `${constructLabel(k)} nowait`)),
      variable: v => v.shape === 'array' || v.shape === 'pointer',
      write: r => (r.through === 'subscript' || r.through === 'deref') && r.access !== 'read',
      exempt: r => inner.some(l => SHARED_LOOP(l) && within(r.span, l)),
      message: (name, k, line) =>
        `data race: the iterations of '${k.label}' write elements of '${name}' here, and the threads of '${constructLabel(c)}' that are through with theirs use '${name}' at line ${line}, with no barrier between: another thread may still be writing the element (drop 'nowait', or put '#pragma omp barrier' before that use)`,
    },
  ];
};

/**
 * Shared data a region's construct with no barrier at its end writes (a `master`'s scalar, a `for
 * nowait`'s elements) that the region's other code uses, before or after it, with no barrier
 * between in the order written (an explicit one, or a work-sharing construct's without nowait).
 */
function unsynchronisedWrites(model: ItemModel, c: Construct, inner: Construct[]): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  if (synchronisedByHand(model, c.region!)) return out;
  const barriers: Span[] = inner.filter(BARRIER_AT_END);
  // A call of a function the C library does not declare may wait for the other threads (a barrier
  // written by hand, DataRaceBench 184's `mybarrier(tid)`): it separates as a barrier does.
  walk(c.region!, n => {
    const f = n.type === 'call_expression' ? child(n, 'function') : undefined;
    if (f && !(f.type === 'identifier' && headerDeclaring(model.text.slice(f.start, f.end)) && !model.fileScope.functions.has(model.text.slice(f.start, f.end))))
      barriers.push(n);
    return true;
  });
  const apart = (a: number, b: number) => barriers.some(k => a <= k.start && k.end <= b);
  let lines: LineIndex | undefined;
  for (const pattern of UNSYNCHRONISED(model, c, inner)) {
    const writers = pattern.writers;
    if (!writers.length) continue;
    for (const e of sharingAt(model, c) as SharingEntry[]) {
      if (e.sharing !== 'shared' || !pattern.variable(e.variable)) continue;
      for (const k of writers) {
        const { start, end } = k.span;
        const write = e.references.find(
          r => pattern.write(r) && within(r.span, k.span) && !underLock(model, r, c) &&
            !inner.some(p => PROTECTING.has(p.directive?.name ?? '') && within(r.span, p)),
        );
        if (!write) continue;
        const use = e.references.find(
          r => within(r.span, c.region!) && !within(r.span, k.span) && !pattern.exempt(r, k) &&
            !(r.span.start > end ? apart(end, r.span.start) : apart(r.span.end, start)),
        );
        if (!use) continue;
        const line = (lines ??= new LineIndex(model.text)).position(use.span.start).line + 1;
        out.push(diagnostic('MF403', write.span, pattern.message(e.variable.name, k, line), { variable: e.variable.name }));
        break;
      }
    }
  }
  return out;
}

/** A running spawn's pointer argument written through by its parent (model/spawnArguments); a
 * variable a running block spawn shares and writes, used by its parent before the join. */
export function spawnArgumentDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const dialect of ['metafork', 'cilkplus'] as const) {
    for (const w of argumentWrites(model, dialect)) {
      const message = `data race: ${describeWrite(w, model.text)}: the child may read the new value (copy what it reads before spawning, or join first)`;
      out.push(diagnostic('MF406', w.lvalue, message, { variable: w.variable.name }));
    }
  }
  for (const c of model.constructs) {
    const received = receivedBeforeJoin(model, c);
    if (received) out.push(received);
    const block = c.kind === 'block-spawn' && c.dialect === 'metafork';
    // An OpenMP task that may be deferred (with an `if`, it may run at once, the parent waiting).
    const task = c.kind === 'omp' && c.directive?.name === 'task' && !c.clauses.some(cl => cl.name === 'if');
    if (!block && !task) continue;
    for (const e of sharingAt(model, c)) {
      if (e.local || e.sharing !== 'shared' || e.variable.shape !== 'value') continue;
      if (e.variable.storage === 'global' || e.variable.storage === 'file' || e.variable.isStatic) continue;
      const write = e.references.find(r => isWrite(r) && within(r.span, c));
      const early = write && parentUseBeforeJoin(model, c, e.variable);
      if (!write || !early) continue;
      const name = e.variable.name;
      const line = lineOf(model.text, write.span.start);
      out.push(diagnostic(
        'MF406',
        early.span,
        block
          ? `data race: the '${constructLabel(c)}' block still running writes '${name}' (line ${line}), which it shares, and the parent uses it here before the join that waits for the block: move this after the join`
          : `data race: the task still running writes '${name}' (line ${line}), which it shares, and the thread that created it uses it here before a '#pragma omp taskwait' (or the barrier) that waits for it: move this after one`,
        { variable: name },
      ));
    }
  }
  return out;
}

/**
 * A call spawn's receiver (`x = cilk_spawn f(a);`, `int x = meta_fork f(a);`), a local variable the
 * child stores the result into when it returns, used by the parent before the join: the parent may
 * read the old value, or its write may be lost.
 */
function receivedBeforeJoin(model: ItemModel, c: Construct): MfDiagnostic | undefined {
  if (c.kind !== 'spawn' || c.lvalue?.type !== 'identifier') return undefined;
  const at = c.lvalue.start;
  const v = model.scopes.variables.find(d => d.span.start === at) ??
    model.scopes.references.find(r => r.span.start === at)?.variable;
  if (!v || v.shape !== 'value' || v.storage === 'global' || v.storage === 'file' || v.isStatic) return undefined;
  const after = Math.max(c.end, c.statement?.end ?? c.end);
  const early = parentUseBeforeJoin(model, c, v, after);
  // MetaFork joins nothing at a return: one reached unjoined is MF314's, whose fix ends this race too.
  if (!early || (c.dialect === 'metafork' && ancestors(early.node).some(n => n.type === 'return_statement'))) return undefined;
  const join = c.dialect === 'cilkplus' ? "'cilk_sync'" : "'meta_join'";
  return diagnostic(
    'MF406',
    early.span,
    `data race: '${v.name}' receives the result of the call spawned on line ${lineOf(model.text, c.start)} when that call returns, and the parent uses it here before the ${join} that waits for it: move this after the join`,
    { variable: v.name },
  );
}

/**
 * What an item tells the race check of calls (`callRaces`), cached with its diagnostics: the
 * static-storage variables its function writes with nothing to protect them, and the calls its
 * parallel code makes where many iterations or threads make them at once. Offsets are the item's.
 */
export interface CallFacts {
  writer?: {
    name: string;
    writes: { variable: string; kind: string; start: number }[];
    /** Pointer parameters it writes through (`*q += 1`), by position, never set to point elsewhere. */
    through: { index: number; parameter: string; start: number }[];
  };
  /** `shared`: the arguments `&x` with `x` one variable for all the callers (shared by the construct). */
  calls: { callee: string; start: number; end: number; by: string; shared: { index: number; text: string }[] }[];
}

/** Calls that leave the function's own writes unprotected: a lock, an atomic builtin, the thread number. */
const SYNCHRONISING_CALL = /^(pthread_|omp_|__atomic_|__sync_|atomic_)/;

export function callFacts(model: ItemModel): CallFacts {
  const fn = model.item.type === 'function_definition' ? model.item : undefined;
  const text = model.text;
  let writer: CallFacts['writer'];
  // A function with no parallel construct of its own, calling nothing that synchronises: its writes
  // of globals and static locals race when several threads call it.
  const name = fn && functionName(fn, text)?.name;
  if (name && model.constructs.length === 0) {
    let synchronises = false;
    walk(fn!, n => {
      const f = n.type === 'call_expression' ? child(n, 'function') : undefined;
      if (f?.type === 'identifier' && SYNCHRONISING_CALL.test(text.slice(f.start, f.end))) synchronises = true;
      return !synchronises;
    });
    const writes: { variable: string; kind: string; start: number }[] = [];
    for (const r of synchronises ? [] : model.scopes.references) {
      const v = r.variable;
      if (!v || !isWrite(r) || v.shape !== 'value' || model.fileScope.threadprivate.has(v.name) || /\b_Atomic\b/.test(typeSpecifiers(v, text))) continue;
      const kind = v.storage === 'global' ? 'a global' : v.storage === 'file' ? 'a file-scope static' : v.isStatic ? 'a static local' : undefined;
      if (kind && !writes.some(w => w.variable === v.name)) writes.push({ variable: v.name, kind, start: r.span.start - model.item.start });
    }
    // Writes through pointer parameters the function never sets to point elsewhere.
    const parameters = model.scopes.variables.filter(v => v.storage === 'param' && v.shape === 'pointer' && within(v.span, fn!));
    const through: { index: number; parameter: string; start: number }[] = [];
    if (!synchronises)
      parameters.forEach(p => {
        const refs = referencesOf(model.scopes, p);
        if (refs.some(r => r.through === null && changesVariable(r))) return;
        const write = refs.find(r => (r.through === 'deref' || r.through === 'subscript') && r.access !== 'read');
        const index = parameterIndex(fn!, p);
        if (write && index >= 0) through.push({ index, parameter: p.name, start: write.span.start - model.item.start });
      });
    if (writes.length || through.length) writer = { name, writes, through };
  }
  // Calls of the file's functions that many iterations or threads make at once; a call in a
  // region's work-sharing loop is said of the loop (constructs come outer first).
  const calls = new Map<number, CallFacts['calls'][number]>();
  for (const c of model.constructs) {
    const loop = isParallelLoop(c) && !!c.loop;
    const region = c.kind === 'omp' && c.directive?.name === 'parallel' && !!c.region;
    const body = loop || region ? bodyOf(c) : undefined;
    if (!body) continue;
    const by = loop ? `every iteration of '${constructLabel(c)}'` : `every thread of '${constructLabel(c)}'`;
    const sharedHere = new Set(sharingAt(model, c).filter(e => e.sharing === 'shared' && !e.local && e.variable.shape === 'value').map(e => e.variable));
    const guarded = model.constructs.filter(k => k !== c && within(k, body) && k.kind === 'omp' &&
      /^(atomic|critical|single|master|masked|ordered|task|section|sections|taskloop)$/.test(k.directive?.name ?? ''));
    walk(body, n => {
      const f = n.type === 'call_expression' ? child(n, 'function') : undefined;
      if (f?.type === 'identifier' && model.fileScope.definitions.has(text.slice(f.start, f.end)) &&
          !guarded.some(k => within(n, k)) && !oneIteration(model, { node: n }, c) && !underLock(model, { node: n }, c))
        calls.set(f.start, {
          callee: text.slice(f.start, f.end), start: f.start - model.item.start, end: f.end - model.item.start, by,
          shared: sharedAddresses(model, n, sharedHere),
        });
      return true;
    });
  }
  return { ...(writer ? { writer } : {}), calls: [...calls.values()] };
}

/** A parameter's position in its function's parameter list, or -1. */
function parameterIndex(fn: SNode, p: Variable): number {
  let list: SNode | undefined;
  walk(child(fn, 'declarator') ?? fn, n => { if (n.type === 'parameter_list') list ??= n; return !list; });
  return list ? list.children.filter(x => x.named && x.type !== 'comment').findIndex(x => within(p.span, x)) : -1;
}

/** The arguments of `call` that are `&x`, `x` one of `shared`: by position, as written. */
function sharedAddresses(model: ItemModel, call: SNode, shared: ReadonlySet<Variable>): { index: number; text: string }[] {
  const args = child(call, 'arguments')?.children.filter(x => x.named && x.type !== 'comment') ?? [];
  const out: { index: number; text: string }[] = [];
  args.forEach((a, index) => {
    const e = unparen(a);
    const target = e?.type === 'pointer_expression' && model.text[e.start] === '&' ? unparen(child(e, 'argument')) : undefined;
    const v = target?.type === 'identifier' ? variableOf(model.scopes, target) : undefined;
    if (v && shared.has(v)) out.push({ index, text: model.text.slice(a.start, a.end) });
  });
  return out;
}

/** The calls of `facts` (each with its item's start) into functions whose writes race when called at
 * once (DataRaceBench 082: a static local every thread's call increments; 080: a shared variable's
 * address every thread's call writes through). */
export function callRaces(facts: { facts: CallFacts; start: number }[], text: string): MfDiagnostic[] {
  const writers = new Map<string, { writer: NonNullable<CallFacts['writer']>; start: number }>();
  for (const { facts: f, start } of facts) if (f.writer) writers.set(f.writer.name, { writer: f.writer, start });
  const out: MfDiagnostic[] = [];
  let lines: LineIndex | undefined;
  const lineAt = (offset: number) => (lines ??= new LineIndex(text)).position(offset).line + 1;
  const advice = 'the calls run at once (protect the call or the write with \'#pragma omp critical\', or give each caller its own)';
  for (const { facts: f, start } of facts)
    for (const call of f.calls) {
      const w = writers.get(call.callee);
      if (!w) continue;
      const span = { start: start + call.start, end: start + call.end };
      const write = w.writer.writes[0];
      const through = w.writer.through.find(t => call.shared.some(a => a.index === t.index));
      if (write)
        out.push(diagnostic('MF403', span,
          `data race: '${call.callee}' writes '${write.variable}', ${write.kind} (line ${lineAt(w.start + write.start)}), and ${call.by} calls it here: ${advice}`,
          { variable: write.variable }));
      else if (through) {
        const argument = call.shared.find(a => a.index === through.index)!.text;
        out.push(diagnostic('MF403', span,
          `data race: '${call.callee}' writes through its parameter '${through.parameter}' (line ${lineAt(w.start + through.start)}), and ${call.by} calls it here with '${argument}', the same variable for all: ${advice}`,
          { variable: argument.replace(/^&\s*/, '') }));
      }
    }
  return out;
}
