// Code a region's threads run that waits for another thread. MetaFork may run the threads of a
// region (its loops over thread ids, its sections) one after another, so a thread waiting for
// another may wait for ever, where OpenMP runs the team at once: such code is refused (MF602) at
// the wait, in the region and in the file's functions it calls.

import { child, functionName, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { ItemModel } from '../model/constructs';
import type { DocumentModel } from '../model/document';
import { changesVariable, referencesOf, referencesWithin, type Reference, type Variable } from '../model/scopes';
import { type Span, within } from '../base/span';
import type { Stage } from '../base/stage';
import { writes, type RegionFacts, type Refusal } from './barriers';
import { calledNames, functionsByName, reachedThroughCalls } from './teams';

const LOOPS = new Set(['while_statement', 'do_statement', 'for_statement']);

/**
 * A loop of the region waiting for another thread: its condition reads a variable the threads
 * share and the loop itself never changes (`while (!ready) ;`, a flag set by another thread).
 * The iterations of a loop over thread ids may run one after another, so such a wait may never
 * end: refused.
 */
export function waitsForOthers(f: RegionFacts, teams: (span: Span) => unknown): Refusal | undefined {
  let found: Refusal | undefined;
  walk(f.region, n => {
    if (found || !LOOPS.has(n.type)) return !found;
    if (teams(n) !== f.construct) return true; // a nested region's own loop
    const condition = child(n, 'condition');
    let call = false;
    if (condition) walk(condition, x => !(call ||= x.type === 'call_expression'));
    if (!condition || call) return true;
    const read = referencesWithin(f.model.scopes, condition)
      .filter(r => r.variable)
      .map(r => r.variable!);
    const shared = (v: Variable) => !f.threadVariables.includes(v) && !within(v.span, n) && !v.isConst;
    // A variable the loop changes only by copying shared ones it never changes (`r = ready;`).
    const copies = read.filter(v => writes(f.model, v, n)).map(v => copiedFrom(f, v, n, shared));
    const waited = copies.some(c => c === undefined) ? undefined : [...read.filter(shared), ...copies.flat()][0];
    if (waited && !read.some(v => shared(v) && writes(f.model, v, n)))
      found = {
        span: condition,
        message:
          `this loop waits for another thread (on '${waited!.name}', which the loop never changes): ` +
          `MetaFork may run the threads of the region one after another, so the wait could never end`,
        data: { variable: waited!.name },
      };
    return !found;
  });
  return found;
}

/**
 * A section waiting for another: a loop of one section reads a variable (not an array, not through
 * a pointer) declared outside the sections, and not one of their private `copies`, that another
 * section writes and the loop never changes
 * (`while (!done) { critical { if (ready) done = 1; } }`, `ready` set by the other section). The
 * sections may run one after another in MetaFork, so such a wait may never end: refused.
 */
export function sectionWaitsForSibling(model: ItemModel, sections: SNode[], copies: Variable[]): Refusal | undefined {
  let found: Refusal | undefined;
  sections.forEach((section, i) => {
    walk(section, n => {
      if (found || !LOOPS.has(n.type)) return !found;
      for (const r of model.scopes.references) {
        const v = r.variable;
        if (!v || v.shape !== 'value' || v.isConst || r.access !== 'read' || r.through || !within(r.span, n)) continue;
        if (within(v.span, section) || copies.includes(v) || writes(model, v, n)) continue;
        if (!sections.some((other, j) => j !== i && writes(model, v, other))) continue;
        const head = child(n, 'condition') ?? n;
        found = {
          span: { start: n.start, end: head.end },
          message:
            `this loop reads '${v.name}', which another section writes and the loop never changes: it may wait for ` +
            `that section, and MetaFork may run the sections one after another, so the wait could never end`,
          data: { variable: v.name },
        };
        return false;
      }
      return true;
    });
  });
  return found;
}

/** The shared variables that the loop's assignments of `v` only copy, or undefined when one computes. */
function copiedFrom(
  f: RegionFacts,
  v: Variable,
  loop: SNode,
  shared: (u: Variable) => boolean,
): Variable[] | undefined {
  const out: Variable[] = [];
  for (const r of referencesOf(f.model.scopes, v)) {
    if (!within(r.span, loop) || r.access === 'read') continue;
    const assignment = r.node.parent;
    const right = assignment?.type === 'assignment_expression' ? child(assignment, 'right') : undefined;
    if (!right || r.access !== 'write') return undefined;
    let call = false;
    walk(right, x => !(call ||= x.type === 'call_expression'));
    const sources = referencesWithin(f.model.scopes, right)
      .filter(x => x.variable)
      .map(x => x.variable!);
    if (call || !sources.length || sources.some(u => !shared(u) || writes(f.model, u, loop))) return undefined;
    out.push(...sources);
  }
  return out;
}


const SET_LOCK = new Set(['omp_set_lock', 'omp_set_nest_lock']);
const TEST_LOCK = new Set(['omp_test_lock', 'omp_test_nest_lock']);
const UNSET_LOCK = new Set(['omp_unset_lock', 'omp_unset_nest_lock']);

/** Code the threads run: the region itself, or a function it reaches, with what is shared there. */
interface ThreadCode { model: ItemModel; body: SNode; shared: (v: Variable) => boolean; callee: boolean }

/**
 * Waits in the code the threads of the file's parallel regions run, the region and the file's
 * functions it calls (directly or through others), beyond the region's own flag loops (waitsForOthers)
 * and sections (sectionWaitsForSibling):
 * - a loop polling: each variable its condition reads is shared and the loop never changes it (in a
 *   called function: a global or static one), or the loop changes it only inside a critical or
 *   atomic construct, in the `then` branch of an `if` reading shared memory
 *   (`while (!done) { critical if (*f == 1) { *f = 0; done = 1; } }`: another thread raises `*f`);
 * - a lock set and not unset later in its block (before any barrier), or unset where its block did
 *   not set it: a lock held past its block is one another thread waits for or releases. (A loop
 *   spinning on `omp_test_lock` then only waits for a block of another thread to end, which it does
 *   when the threads run one after another.)
 */
export function waitsInRegions(stage: Stage, models: ItemModel[], doc?: DocumentModel): void {
  const text = stage.text;
  const functions = functionsByName(models, text, doc);
  // A called function's finding does not depend on the region reaching it (what it shares is its
  // globals and statics): each is looked at once, however many regions call it.
  const inCallee = new Map<string, Refusal | undefined>();
  for (const model of models) {
    for (const c of model.constructs) {
      if (c.dialect !== 'openmp' || !c.directive?.name.startsWith('parallel') || !c.region) continue;
      const listed = new Set(
        c.clauses.filter(cl => cl.name === 'private' || cl.name === 'firstprivate').flatMap(cl => cl.items.map(i => i.name)),
      );
      // What a region's threads share: what it does not declare, make private or take as a constant.
      const code: ThreadCode[] = [{
        model, body: c.region, callee: false,
        shared: v => !within(v.span, c.region!) && !listed.has(v.name) && !v.isConst,
      }];
      const calls = calledNames(c.region, text, model.scopes).map((f): [string, true] => [f, true]);
      for (const f of reachedThroughCalls(calls, functions, text).keys()) {
        code.push({ model: functions.get(f)!, body: functions.definition(f)!, callee: true, shared: v => v.storage === 'global' || v.storage === 'file' || v.isStatic });
      }
      const where = `the '#pragma omp ${c.directive.name}' region`;
      for (const t of code) {
        const name = t.callee ? functionName(t.body, text)?.name : undefined;
        let found: Refusal | undefined;
        if (name !== undefined && inCallee.has(name)) found = inCallee.get(name);
        else {
          found = (!t.callee && c.directive.name.includes('sections') ? undefined : pollingLoop(t)) ?? heldLock(t, text);
          if (name !== undefined) inCallee.set(name, found);
        }
        if (found) {
          const place = t.callee ? ` (in '${name}', which ${where} calls)` : '';
          stage.refuse('MF602', found.span, found.message + place, found.data);
        }
      }
    }
  }
}

/** A loop of the threads' code polling for another thread (see waitsInRegions). */
function pollingLoop(t: ThreadCode): Refusal | undefined {
  const { model } = t;
  let found: Refusal | undefined;
  walk(t.body, n => {
    if (found || !LOOPS.has(n.type)) return !found;
    const condition = child(n, 'condition');
    if (!condition) return true;
    let call: string | undefined;
    walk(condition, x => {
      const f = x.type === 'call_expression' ? child(x, 'function') : undefined;
      if (f) call = model.text.slice(f.start, f.end);
      return !call;
    });
    if (call) return true;
    const read = [...new Set(referencesWithin(model.scopes, condition).filter(r => r.variable).map(r => r.variable!))];
    if (!read.length) return true;
    const changes = (v: Variable) =>
      referencesOf(model.scopes, v).filter(r => within(r.span, n) && changesVariable(r));
    // In a called function, a shared variable the loop never changes is a flag another thread sets.
    const waitsOn = (v: Variable) => t.callee && t.shared(v) && !changes(v).length;
    const polled = (v: Variable) => {
      const list = changes(v);
      return list.length > 0 && list.every(r => synchronized(model, r, n) && guardedByShared(t, r, n));
    };
    if (!read.every(v => waitsOn(v) || polled(v))) return true;
    const v = read.find(polled) ?? read[0];
    found = {
      span: condition,
      message: polled(v)
        ? `this loop ends only once another thread has changed what it polls ('${v.name}' changes only in a critical ` +
          `or atomic section, when shared data allows): MetaFork may run the threads one after another, so the wait could never end`
        : `this loop waits for another thread (on '${v.name}', which the loop never changes): ` +
          `MetaFork may run the threads one after another, so the wait could never end`,
      data: { variable: v.name },
    };
    return false;
  });
  return found;
}

/** Whether a reference sits in a critical or atomic construct inside `loop`. */
function synchronized(model: ItemModel, r: Reference, loop: SNode): boolean {
  return model.constructs.some(
    c => c.dialect === 'openmp' && (c.directive?.name === 'critical' || c.directive?.name === 'atomic') &&
      within(c, loop) && within(r.span, c),
  );
}

/** Whether a reference sits in the `then` branch of an `if` inside `loop` whose condition reads
 * shared memory: a shared variable, or memory through a pointer, a subscript or `->`. */
function guardedByShared(t: ThreadCode, r: Reference, loop: SNode): boolean {
  for (let p: SNode | null = r.node; p && p !== loop; p = p.parent) {
    const parent = p.parent;
    if (parent?.type !== 'if_statement' || child(parent, 'consequence') !== p) continue;
    const condition = child(parent, 'condition');
    if (!condition) continue;
    let shared = false;
    walk(condition, x => {
      shared ||=
        (x.type === 'pointer_expression' && t.model.text[x.start] === '*') ||
        x.type === 'subscript_expression' ||
        (x.type === 'field_expression' && /->/.test(t.model.text.slice(x.start, x.end)));
      return !shared;
    });
    shared ||= referencesWithin(t.model.scopes, condition).some(x => x.variable && t.shared(x.variable));
    if (shared) return true;
  }
  return false;
}

/** A lock set and not unset later in its block (no barrier between), or unset where its block did
 * not set it (see waitsInRegions). */
function heldLock(t: ThreadCode, text: string): Refusal | undefined {
  const calls: { call: SNode; name: string; lock: string }[] = [];
  walk(t.body, n => {
    const f = n.type === 'call_expression' ? child(n, 'function') : undefined;
    const name = f ? text.slice(f.start, f.end) : '';
    if (SET_LOCK.has(name) || UNSET_LOCK.has(name) || TEST_LOCK.has(name)) {
      const args = child(n, 'arguments');
      calls.push({ call: n, name, lock: args ? text.slice(args.start, args.end).replace(/\s+/g, '') : '' });
    }
    return true;
  });
  const paired = new Set<SNode>();
  for (const set of calls.filter(x => SET_LOCK.has(x.name) || TEST_LOCK.has(x.name))) {
    // The statement of its block holding it (an `if` whose branch sets it, a loop spinning on a test):
    // the unset must follow in that block. A test an `if` reads also ends in the branch it guards.
    let statement: SNode = set.call;
    while (statement.parent && statement.parent.type !== 'compound_statement' && statement !== t.body) statement = statement.parent;
    const block = statement.parent;
    const after = [
      ...(TEST_LOCK.has(set.name) ? guardedBy(set.call) : []),
      ...(block?.type === 'compound_statement' && statement !== t.body ? named(block).filter(s => s.start > statement.start) : []),
    ];
    let unset: SNode | undefined;
    for (const s of after) {
      if (s.type === 'preproc_call' && /^#\s*pragma\s+omp\s+barrier\b/.test(text.slice(s.start, s.end))) break;
      unset = calls.find(x => UNSET_LOCK.has(x.name) && x.lock === set.lock && !paired.has(x.call) && within(x.call, s))?.call;
      if (unset) break;
    }
    if (unset) { paired.add(unset); continue; }
    return {
      span: set.call,
      message:
        `the lock is still held after this block ends: another thread may wait for it or release it, and MetaFork ` +
        `may run the threads one after another (set and unset a lock in one block of one thread)`,
      data: { call: set.name },
    };
  }
  const stray = calls.find(x => UNSET_LOCK.has(x.name) && !paired.has(x.call));
  return stray && {
    span: stray.call,
    message:
      `this unsets a lock its block did not set: a lock another thread or another block holds, which MetaFork may ` +
      `run at another time or on another thread (set and unset a lock in one block of one thread)`,
    data: { call: stray.name },
  };
}

/** The statements an `if (call)` runs when the call succeeds: its consequence's. */
function guardedBy(call: SNode): SNode[] {
  let p: SNode | null = call;
  while (p && p.parent?.type !== 'if_statement') p = p.parent;
  const consequence = p?.parent && child(p.parent, 'consequence');
  if (!consequence || p !== child(p!.parent!, 'condition')) return [];
  return consequence.type === 'compound_statement' ? named(consequence) : [consequence];
}
