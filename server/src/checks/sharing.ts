// Sharing pitfalls: clause lists naming undeclared variables, block spawns writing a private
// copy whose value is then lost, races on shared scalars in parallel loops, default(none).

import { ancestors, child, inOtherBranches, named, unparen, walk } from '../syntax/ast';
import { Construct, constructLabel, isParallelLoop, ItemModel } from '../model/constructs';
import { sharingAt, SharingEntry, clauseNames, loopControlOf } from '../model/sharing';
import { changesVariable, initializerOf, referencesOf, variableOf, visibleVariable, type Reference, type Variable } from '../model/scopes';
import { within, type Span } from '../base/span';
import type { SNode } from '../syntax/parser';
import { diagnostic, MfDiagnostic } from '../base/diagnostic';
import { LineIndex } from '../base/lines';
import { canonicalHeader, opOf } from '../model/loops';
import { argumentWrites, describeWrite } from '../model/spawnArguments';
import { enclosingClass } from '../model/binding';
import { headerDeclaring } from '../preprocess/system';
import { distanceDependences, singleElementDependences, nestLoops } from '../model/dependence';

/** Clauses whose items must name variables. */
const VARIABLE_CLAUSES = new Set([
  'shared', 'private', 'firstprivate', 'lastprivate', 'reduction', 'copyin', 'copyprivate', 'linear', 'aligned',
  'cache', 'depend', 'map', 'to', 'from', 'is_device_ptr', 'use_device_ptr', 'in_reduction', 'task_reduction',
  'nontemporal', 'has_device_addr', 'use_device_addr', 'inclusive', 'exclusive',
]);

const DECLARATIVE = /^(begin )?declare /;

/** The reserved locators of OpenMP 5.2: list items no declaration declares. */
const RESERVED_LOCATORS = new Set(['omp_all_memory', 'omp_cur_iteration']);

/** A quoted #include may declare names we do not see: no undeclared-variable errors then. */
const USER_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"/m;

export function clauseVariableDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  let unseenHeaders: boolean | undefined; // computed on the first undeclared name only
  for (const c of model.constructs) {
    // Declarative directives name parameters (`declare simd linear(i)`), functions (`declare
    // target to(f)`) or a mapper's own variable: none is a variable in scope here.
    if (c.directive && DECLARATIVE.test(c.directive.name)) continue;
    for (const clause of c.clauses) {
      if (!VARIABLE_CLAUSES.has(clause.name)) continue;
      for (const item of clause.items) {
        if (RESERVED_LOCATORS.has(item.name)) continue;
        const v = visibleVariable(model, item.name, c.start);
        if (!v) {
          unseenHeaders ??= USER_INCLUDE.test(model.text);
          if (unseenHeaders) continue;
          // In a C++ method, a name no declaration here declares may be a data member of its class
          // (OpenMP 5.2 §5.1: a clause may name one): the compiler, which sees the class, decides.
          const body = c.functionNode && child(c.functionNode, 'body');
          if (body && enclosingClass(body, model.text)) continue;
          out.push(
            diagnostic(
              'MF401',
              item,
              `'${clause.name}(${item.name})' on '${constructLabel(c)}': '${item.name}' is not a declared variable`,
              { variable: item.name, clause: clause.name },
            ),
          );
        } else if (clause.name === 'shared' && c.kind === 'block-spawn' && c.dialect === 'metafork') {
          // Globals are left alone: translators (and OpenMP habits) list them, harmlessly.
          const why =
            v.storage === 'global' || v.storage === 'file'
              ? undefined
              : v.isStatic
                ? 'static'
                : v.isConst
                  ? 'const'
                  : v.shape !== 'value'
                    ? `${v.shape}-typed`
                    : undefined;
          if (why)
            out.push(
              diagnostic('MF404', item, `'${item.name}' is ${why}, so it is shared without 'shared(...)'`, {
                variable: item.name,
              }),
            );
        }
      }
    }
  }
  return out;
}

const isWrite = (r: Reference) =>
  (r.access === 'write' || r.access === 'readwrite') && (r.through === null || r.through === 'field');

/** Where to insert ` shared(x)` on a block spawn. */
function sharedInsertion(c: Construct): number {
  return c.form === 'keyword' ? c.head.end : c.directive!.end;
}

export function privateWriteDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const c of model.constructs) {
    if (c.kind !== 'block-spawn' || c.dialect !== 'metafork') continue;
    for (const e of sharingAt(model, c)) {
      if (e.local || e.sharing !== 'firstprivate') continue;
      const write = e.references.find(isWrite);
      if (!write) continue;
      // Only a write the parent could look for is lost: the parent reads the variable later on.
      const fn = c.functionNode;
      const readLater = model.scopes.references.some(
        r => r.variable === e.variable && r.span.start >= c.end && (!fn || r.span.end <= fn.end),
      );
      if (!readLater) continue;
      // Shared, the parent's use before the join would race with the child's write: the fix is not made unasked.
      const early = parentUseBeforeJoin(model, c, e.variable);
      const name = e.variable.name;
      const also = early
        ? `, and move the parent's use of '${name}' on line ${lineOf(model.text, early.span.start)} after the join (shared, it would race with this write)`
        : '';
      out.push(
        diagnostic(
          'MF402',
          write.span,
          `'${name}' is private to this '${constructLabel(c)}' block (a value-type local not listed in shared(...)): the write changes the child's copy and is lost when the block ends; add 'shared(${name})'${also}`,
          { variable: name, insert: ` shared(${name})`, at: sharedInsertion(c), ...(early ? { parentUses: true } : {}) },
        ),
      );
    }
  }
  return out;
}

/** Inside `#pragma omp atomic|critical|single|master|masked|ordered` a write is not a race (but for the value an
 * atomic `read` or `capture` stores, which it does not read: `v` of `v = x++`, a plain write); nor
 * under an `if` only one iteration takes (`oneIteration`), nor where a lock is held (`underLock`).
 * Only such a construct inside the loop or region counts: a `single` around a `taskloop` runs it on
 * one thread, but its tasks on any. */
function protectedWrite(model: ItemModel, r: Reference, loop: Construct): boolean {
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
function underLock(model: ItemModel, r: Reference, loop: Construct): boolean {
  return lockHeld(model, r, loop) !== undefined;
}

/** The lock `underLock` finds held around `r` (its argument as written, blanks dropped: `&l`). */
function lockHeld(model: ItemModel, r: Reference, loop: Construct): string | undefined {
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
function exclusions(model: ItemModel, r: Reference, c: Construct): Set<string> {
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

/** How a protection is said: `#pragma omp critical(a)`, an atomic construct, the lock `l`. */
function exclusionLabel(e: string): string {
  if (e === 'atomic') return "'#pragma omp atomic'";
  if (e.startsWith('lock ')) return `the lock '${e.slice(5).replace(/^&/, '')}'`;
  return `'#pragma omp ${e === 'critical()' ? 'critical' : e}'`;
}

/**
 * Writes of a shared scalar each protected, by protections that do not exclude one another (DataRaceBench's
 * `critical(addlock)` against `critical(sublock)`): the second such write, with the first's line.
 */
function mismatchedProtection(model: ItemModel, c: Construct, writes: Reference[], label: string): MfDiagnostic | undefined {
  const seen: { r: Reference; held: Set<string> }[] = [];
  for (const r of writes) {
    const held = exclusions(model, r, c);
    if (!held.size) continue;
    const apart = seen.find(w => ![...w.held].some(e => held.has(e)));
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

/** What every iteration of a parallel loop, or every thread of a region, runs. */
function bodyOf(c: Construct): SNode | undefined {
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
function oneIteration(model: ItemModel, r: Reference, loop: Construct): boolean {
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
  // One iteration's element, which every other iteration uses (DataRaceBench 039: 'a[i] = a[i] + a[0]').
  if (!vectorOnly)
    for (const e of singleElementDependences(model, c.loop!, loop, own)) {
      const [write, other] = unguarded(e.array, [e.write, e.other]) ?? [];
      if (!write || !other) continue;
      out.push(diagnostic(
        'MF403',
        e.write,
        `data race: the iteration ${loop.variable.name} = ${e.iteration} of '${constructLabel(c)}' writes ${quote(e.write)} here, the element the other iterations ${other.access === 'read' ? 'read' : 'write'} as ${quote(e.other)}, and they run at once (copy it into a variable before the loop, or keep the loop serial)`,
        { variable: e.array.name },
      ));
    }
  return out;
}

/**
 * Threads or iterations that wait for each other by hand: a `flush` or an atomic reading or ordering
 * memory in the code, or a loop spinning with an empty body (NAS LU's pipeline: `while (flag[i - 1]
 * == 0) { #pragma omp flush(flag) }` before reading what iteration i - 1 wrote; the validation
 * suites' release/acquire handshakes), or one polling under a critical section. The order they keep
 * is beyond the race check.
 */
function synchronisedByHand(model: ItemModel, body: SNode): boolean {
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

/**
 * Whether every read of a variable in a loop body follows, in the same iteration, a plain write of it
 * outside any branch of the innermost loop body holding that write (a nested loop's initializer runs
 * once), which holds the read too: `tmp1 = 1.0 / u[i]; tmp2 = tmp1 * tmp1;` in each of NAS BT's inner
 * loops. Then each iteration may have its own.
 */
function setFirst(refs: readonly Reference[], body: SNode): boolean {
  const sets = refs.flatMap(w => {
    if (w.access !== 'write' || w.through) return [];
    const scope = unbranchedScope(w.node, body);
    // The value is there once the assignment is done (`t = t + 1` reads the old one).
    const assignment = w.node.parent?.type === 'assignment_expression' ? w.node.parent : w.node;
    return scope ? [{ after: assignment.end, scope }] : [];
  });
  return refs.every(r => r.access === 'write' || sets.some(w => w.after <= r.span.start && within(r.span, w.scope)));
}

/** The innermost loop body (or `body`) holding `node`, where no branch of it stands on the way. */
function unbranchedScope(node: SNode, body: SNode): SNode | undefined {
  for (let n: SNode | null = node; n && n !== body; n = n.parent) {
    const p = n.parent;
    if (!p) break;
    if (LOOPS.has(p.type) && n.field === 'body') return n;
    if (p.type === 'for_statement' && n.field === 'initializer') continue;
    if (BRANCHING.has(p.type)) return undefined;
  }
  return body;
}
const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement']);
const BRANCHING = new Set([
  'if_statement', 'while_statement', 'do_statement', 'for_statement', 'switch_statement', 'case_statement',
  'conditional_expression', 'binary_expression',
]);

/** The reduction operator of a loop body's references to a variable when every one is a statement
 * updating it by one operator (`s += e;`, `s -= e;`, `s++;`, `p *= e;`, `m |= e;`, `s = s + e;`,
 * `s = e * s;`), or undefined: then a reduction clause would not compute what the loop does. */
function reductionOperator(model: ItemModel, refs: readonly Reference[]): string | undefined {
  let found: string | undefined;
  const operand = new Set<SNode>(); // the `s` read by `s = s + e`
  for (const r of refs) {
    if (r.through || r.addressTaken || operand.has(r.node)) continue;
    const parent = r.node.parent;
    if (parent?.parent?.type !== 'expression_statement') return undefined;
    let op: string | undefined;
    if (r.access === 'readwrite' && parent.type === 'update_expression')
      op = model.text.slice(parent.start, parent.end).includes('--') ? '-' : '+';
    else if (parent.type === 'assignment_expression' && child(parent, 'left') === r.node) {
      const assigned = opOf(parent, model.text) ?? '';
      if (r.access === 'readwrite') op = /^([+\-*&|^])=$/.exec(assigned)?.[1];
      else if (assigned === '=') {
        // `s = s op e` (`s = e op s` where op commutes), s read nowhere else in it.
        const right = unparen(child(parent, 'right'));
        const binary = right?.type === 'binary_expression' ? opOf(right, model.text) : undefined;
        const own = (n: SNode | undefined) => refs.find(x => x !== r && x.node === unparen(n));
        const read = binary && /^[+\-*&|^]$/.test(binary)
          ? own(child(right!, 'left')) ?? (binary !== '-' ? own(child(right!, 'right')) : undefined)
          : undefined;
        if (read && !refs.some(x => x !== r && x !== read && within(x.span, right!))) {
          operand.add(read.node);
          op = binary;
        }
      }
    }
    if (!op) return undefined;
    // '+' and '-' combine alike (OpenMP's '-' reduction adds the partial results).
    const kind = (o: string) => (o === '-' ? '+' : o);
    if (found !== undefined && kind(found) !== kind(op)) return undefined;
    found ??= op;
  }
  return found;
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
    // Two uses exclude each other where a protection of one is a protection of the other.
    const excluded = (a: Set<string>, b: Set<string>) => [...a].some(x => b.has(x));
    for (const { r: write, held } of uses.filter(u => isWrite(u.r))) {
      const other = uses.find(u => sectionOf(u.r) !== sectionOf(write) && !excluded(held, u.held))?.r;
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
  const excluded = (a: Set<string>, b: Set<string>) => [...a].some(x => b.has(x));
  /** A write of `a`'s and a use of `b`'s (or the other way round) of one variable that do not exclude each other. */
  const conflict = (a: Construct, b: Construct) => {
    for (const [v, ua] of uses(a)) {
      const ub = uses(b).get(v);
      if (!ub) continue;
      for (const x of ua)
        for (const y of ub)
          if ((isWrite(x.r) || isWrite(y.r)) && !excluded(x.held, y.held)) return { v, here: isWrite(y.r) ? y.r : x.r };
    }
    return undefined;
  };
  const label = (v: Variable) => `'${v.name}'`;
  const dependent = (t: Construct) => t.clauses.some(cl => cl.name === 'depend');
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
      if (u.start < t.end || u.functionNode !== t.functionNode || dependent(t) || dependent(u) || within(u, t)) continue;
      if (waitBetween(t.end, u.start) || (t.statement && u.statement && inOtherBranches(t.statement, u.statement))) continue;
      const c = conflict(t, u);
      if (!c || reported.has(c.v)) continue;
      reported.add(c.v);
      const here = within(c.here.span, u) ? c.here : uses(u).get(c.v)![0].r;
      out.push(diagnostic(
        'MF403', here.span,
        `data race: the task created on line ${lineOf(model.text, t.start)} and this one (no taskwait between them, no 'depend' on either) both use ${label(c.v)}, and one of them writes it: they may run at once (add 'depend' clauses, or '#pragma omp taskwait' between them)`,
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
/** Constructs that make a write atomic or exclusive (left to the protection checks). */
const PROTECTING = new Set(['atomic', 'critical']);
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
function parentUseBeforeJoin(model: ItemModel, c: Construct, v: Variable, after = c.end): Reference | undefined {
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
function dependsOn(later: Construct, earlier: Construct): boolean {
  const mine = dependences(later);
  return dependences(earlier).some(d => mine.some(m => m.name === d.name && (d.type !== 'in' || m.type !== 'in')));
}

/** The 1-based line of an offset, as the diagnostics' positions count lines. */
function lineOf(text: string, offset: number): number {
  return new LineIndex(text).position(offset).line + 1;
}

export function defaultNoneDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const c of model.constructs) {
    if (c.kind !== 'omp' || !c.clauses.some(cl => cl.name === 'default' && cl.args?.text.trim() === 'none')) continue;
    const listed = clauseNames(c, 'shared', 'private', 'firstprivate', 'lastprivate', 'reduction', 'linear', 'copyin');
    const privatized = privatizedRegions(model, c);
    for (const e of sharingAt(model, c)) {
      if (e.local || listed.has(e.variable.name) || e.variable.isConst || e.reason.startsWith('loop iteration'))
        continue;
      const loops = privatized.get(e.variable);
      const first = e.references.find(r => !loops?.some(l => within(r.span, l)));
      if (!first) continue;
      const fits = clauseThatFits(model, c, e.references, e.variable.name);
      out.push(
        diagnostic(
          'MF405',
          first.span,
          `'${e.variable.name}' must appear in a data-sharing clause: '${constructLabel(c)}' has default(none)`,
          { variable: e.variable.name, ...(fits ? { fits } : {}) },
        ),
      );
    }
  }
  return out;
}

/**
 * The data-sharing clause that keeps what a variable's uses in `c` compute (MF405's preferred fix):
 * `shared` for one only read; for one written in a parallel loop or region, `private` where every
 * read follows the iteration's (the thread's) own write, the reduction where every use is one
 * reduction's update; `shared` for one only `single`s write and every other use follows; none
 * otherwise (shared would race, private lose a value), nor for a task's.
 */
function clauseThatFits(model: ItemModel, c: Construct, references: readonly Reference[], name: string): string | undefined {
  const body = bodyOf(c);
  if (!body) return undefined;
  const inside = references.filter(r => within(r.span, body));
  if (!inside.some(isWrite)) return `shared(${name})`;
  if (!c.loop && c.directive?.name !== 'parallel') return undefined;
  // A write in a nested construct (`single`, `master`, `critical`) is meant for the other threads too:
  // shared where every write is a `single`'s (its barrier ends it) and every other use comes after it.
  const nested = model.constructs.filter(k => k !== c && k.kind === 'omp' && within(k, body));
  const written = inside.filter(isWrite);
  if (written.some(r => nested.some(k => within(r.span, k)))) {
    const singles = nested.filter(k => k.directive?.name === 'single' && !k.clauses.some(cl => cl.name === 'nowait'));
    const holding = written.map(w => singles.find(k => within(w.span, k)));
    if (holding.some(k => !k)) return undefined;
    const last = Math.max(...holding.map(k => k!.end));
    const afterwards = inside.every(r => holding.some(k => within(r.span, k!)) || r.span.start >= last);
    return afterwards ? `shared(${name})` : undefined;
  }
  const reduction = reductionOperator(model, inside);
  if (reduction) return `reduction(${reduction}: ${name})`;
  return setFirst(inside, body) ? `private(${name})` : undefined;
}

/**
 * Where a variable referenced in `c` is private to a nested construct, so that it needs no clause
 * on `c`'s default(none): the regions of nested `private(x)` clauses, and the loop nests whose
 * iteration variables are predetermined private (OpenMP 5.2 §5.1.1): the loops associated with a
 * worksharing-loop, taskloop
 * or distribute construct (`collapse(n)`/`ordered(n)` of them). Inside such a nest the variable
 * needs no clause on an enclosing default(none); gcc asks for one where the nest is a `simd` or
 * `loop` construct (their variables are lastprivate), so those are left out there, as gcc does;
 * for races every nested loop construct's variables are private.
 */
function privatizedRegions(
  model: ItemModel,
  c: Construct,
  use: 'default(none)' | 'race' = 'default(none)',
): Map<Variable, SNode[]> {
  const out = new Map<Variable, SNode[]>();
  const add = (v: Variable, span: SNode) => out.set(v, [...(out.get(v) ?? []), span]);
  for (const k of model.constructs) {
    if (!within(k, c)) continue;
    // A nested meta_for or cilk_for: its loop variable is private to it (SPEC §2).
    if (use === 'race' && k !== c && k.kind === 'parallel-for' && k.loop) {
      const v = loopControlOf(model, k);
      if (v) add(v, k.loop);
      continue;
    }
    if (k.kind !== 'omp') continue;
    // `private(x)` on a nested construct: its x is no reference to the enclosing one's.
    const home = k.loop ?? k.region;
    if (k !== c && home)
      for (const item of k.clauses.filter(cl => cl.name === 'private').flatMap(cl => cl.items)) {
        const v = visibleVariable(model, item.name, k.start);
        if (v) add(v, home);
      }
    if (!k.loop) continue;
    const words = k.directive!.name.split(' ');
    if (use === 'default(none)' && k !== c && (words.includes('simd') || words.includes('loop'))) continue;
    for (const loop of associatedLoops(k)) {
      const init = loop.children.find(x => x.field === 'initializer');
      const write = init && model.scopes.references.find(r => within(r.span, init) && r.access === 'write');
      if (write?.variable) add(write.variable, loop);
    }
  }
  return out;
}

/** The loop and the loops perfectly nested in it that `collapse(n)` or `ordered(n)` associate. */
function associatedLoops(k: Construct): SNode[] {
  const count = (name: string) => Number(k.clauses.find(cl => cl.name === name)?.args?.text.trim()) || 1;
  const depth = Math.max(count('collapse'), count('ordered'));
  const loops = [k.loop!];
  while (loops.length < depth) {
    let body = child(loops[loops.length - 1], 'body');
    if (body?.type === 'compound_statement') {
      const inner = body.children.filter(x => x.named && x.type !== 'comment');
      body = inner.length === 1 ? inner[0] : undefined;
    }
    if (body?.type !== 'for_statement') break;
    loops.push(body);
  }
  return loops;
}
