// Where spawned work can still be running when control leaves its function: the flow of pending
// spawns through a function body, joins clearing them. The checks warn there (MF314) and the
// CilkPlus translator writes CilkPlus's implicit sync there as an explicit join.

import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { Construct, ItemModel } from './constructs';
import { skipTrivia } from '../syntax/keywords';

/** What may still be running (spawns, or what they hold); null: unreachable. */
type Pending<T> = ReadonlySet<T> | null;
interface Flow<T> { out: Pending<T>; breaks: Pending<T>[]; continues: Pending<T>[] }

function union<T>(...sets: Pending<T>[]): Pending<T> {
  let result: Set<T> | null = null;
  for (const s of sets) if (s) { result ??= new Set(); for (const c of s) result.add(c); }
  return result;
}

/** A place where spawns of the function can still be running: a return, or the function's end. */
export interface UnjoinedExit {
  kind: 'return' | 'end';
  /** The return statement, or the function body (its closing brace is the end). */
  node: SNode;
  pending: Construct[];
}

/**
 * Where spawns of `dialect` can reach a return (or the end of their function) with no join on
 * the way: MF314 for MetaFork, and the places where CilkPlus's implicit sync becomes an
 * explicit `meta_join` (Chen 2017 §3.6.1). Parallel loops and `cilk_scope` end with a join.
 */
export function unjoinedExits(model: ItemModel, dialect: 'metafork' | 'cilkplus'): UnjoinedExit[] {
  return spawnFlow(model, dialect, spawn => [spawn]);
}

/**
 * Each statement of the functions with spawns of `dialect` (leaves of the flow: expressions,
 * declarations), with what the spawns that may still be running when it starts hold: `held(spawn)`
 * when it is spawned, less what a statement `ends` on the way (`ends(statement, t)`), all of it at a
 * join. Spawns before a statement with no join between may be running, and in a loop those of
 * earlier iterations. Inside a parallel loop or a `cilk_scope`, which join at their end, the spawns
 * before them stay pending and each iteration starts with none of its own.
 */
export function pendingSpawns<T>(
  model: ItemModel,
  dialect: 'metafork' | 'cilkplus',
  held: (spawn: Construct) => T[],
  visit: (statement: SNode, pending: ReadonlySet<T>) => void,
  ends: (statement: SNode, t: T) => boolean,
): void {
  spawnFlow(model, dialect, held, { visit, ends });
}

function spawnFlow<T>(
  model: ItemModel,
  dialect: 'metafork' | 'cilkplus',
  held: (spawn: Construct) => T[],
  leaves?: { visit: (statement: SNode, pending: ReadonlySet<T>) => void; ends: (statement: SNode, t: T) => boolean },
): UnjoinedExit[] {
  const spawns = model.constructs.filter(
    c => c.dialect === dialect && (c.kind === 'spawn' || c.kind === 'block-spawn') && c.statement,
  );
  if (spawns.length === 0) return [];
  const spawnOf = new Map<SNode, Construct>();
  for (const s of spawns) spawnOf.set(s.statement!, s);
  const joinAt = new Set<number>();
  // A join missing its ';' (reported as MF102) still joins before the statement after it.
  const joinBefore = new Set<number>();
  for (const c of model.constructs) {
    if (c.kind !== 'join' || c.dialect !== dialect) continue;
    if (c.statement || c.form === 'pragma') joinAt.add(c.statement ? c.statement.start : c.start);
    else joinBefore.add(skipTrivia(model.text, c.end));
  }
  const joinsAtEnd = new Set(
    model.constructs
      .filter(c => (c.kind === 'parallel-for' && c.loop) || (c.kind === 'scope' && c.statement))
      .map(c => c.loop ?? c.statement!),
  );
  const seen = new Set<number>(); // the loop fixpoint visits a return twice
  const exits: UnjoinedExit[] = [];
  /** Exits are found where what is held is the spawns themselves (`unjoinedExits`). */
  const exit = (kind: UnjoinedExit['kind'], node: SNode, pending: ReadonlySet<T>) => {
    if (leaves || seen.has(node.start)) return;
    seen.add(node.start);
    const spawned = [...pending] as unknown as Construct[];
    exits.push({ kind, node, pending: spawned.sort((a, b) => a.start - b.start) });
  };

  const flow = (n: SNode, state: Pending<T>): Flow<T> => {
    if (state && joinBefore.has(n.start)) state = new Set();
    const none: Flow<T> = { out: state, breaks: [], continues: [] };
    if (!state) return none;
    const spawn = spawnOf.get(n);
    if (spawn) return { out: union(state, new Set(held(spawn))), breaks: [], continues: [] };
    if (joinAt.has(n.start) && (n.type === 'expression_statement' || n.type === 'preproc_call'))
      return { out: new Set(), breaks: [], continues: [] };
    if (joinsAtEnd.has(n)) {
      // Spawns inside are joined when it ends; the ones before it still run meanwhile.
      if (leaves) {
        const loop = n.type === 'for_statement' || n.type === 'for_range_loop';
        const inside = loop ? [child(n, 'body')] : n.type === 'compound_statement' ? named(n) : [];
        if (!loop && n.type !== 'compound_statement') leaves.visit(n, state);
        let cur: Pending<T> = state;
        for (const c of inside) if (c && cur) cur = flow(c, cur).out;
      }
      return none;
    }
    switch (n.type) {
      case 'compound_statement':
      case 'case_statement':
      case 'labeled_statement': {
        let cur: Pending<T> = state;
        const breaks: Pending<T>[] = [], continues: Pending<T>[] = [];
        for (const c of named(n)) {
          if (n.type === 'case_statement' && c.field === 'value') continue;
          const f = flow(c, cur);
          cur = f.out; breaks.push(...f.breaks); continues.push(...f.continues);
        }
        return { out: cur, breaks, continues };
      }
      case 'if_statement': {
        const a = flow(child(n, 'consequence')!, state);
        const alt = child(n, 'alternative');
        const b = alt ? flow(named(alt)[0] ?? alt, state) : none;
        return {
          out: union(a.out, b.out),
          breaks: [...a.breaks, ...b.breaks],
          continues: [...a.continues, ...b.continues],
        };
      }
      case 'for_statement': case 'while_statement': case 'do_statement': case 'for_range_loop': {
        const body = child(n, 'body');
        if (!body) return none;
        const first = flow(body, state);
        const again = flow(body, union(state, first.out, ...first.continues));
        return {
          out: union(state, again.out, ...again.continues, ...again.breaks, ...first.breaks),
          breaks: [],
          continues: [],
        };
      }
      case 'switch_statement': {
        const body = child(n, 'body');
        if (!body) return none;
        let cur: Pending<T> = null;
        const breaks: Pending<T>[] = [], continues: Pending<T>[] = [];
        let hasDefault = false;
        for (const c of named(body)) {
          if (c.type === 'case_statement') { cur = union(cur, state); if (!child(c, 'value')) hasDefault = true; }
          const f = flow(c, cur);
          cur = f.out; breaks.push(...f.breaks); continues.push(...f.continues);
        }
        return { out: union(cur, ...breaks, hasDefault ? null : state), breaks: [], continues };
      }
      case 'return_statement':
        if (state.size) exit('return', n, state);
        return { out: null, breaks: [], continues: [] };
      case 'break_statement': return { out: null, breaks: [state], continues: [] };
      case 'continue_statement': return { out: null, breaks: [], continues: [state] };
      case 'goto_statement': return { out: null, breaks: [], continues: [] };
      default: {
        if (!leaves) return none;
        leaves.visit(n, state);
        const ended = [...state].filter(t => leaves.ends(n, t));
        return ended.length ? { out: new Set([...state].filter(t => !ended.includes(t))), breaks: [], continues: [] } : none;
      }
    }
  };

  const functions: SNode[] = [];
  walk(model.item, n => { if (n.type === 'function_definition') functions.push(n); });
  for (const fn of functions) {
    const body = child(fn, 'body');
    if (!body || !spawns.some(s => s.functionNode === fn)) continue;
    const end = flow(body, new Set<T>()).out;
    if (end && end.size) exit('end', body, end);
  }
  return exits;
}
