// Where spawned work can still be running when control leaves its function: the flow of pending
// spawns through a function body, joins clearing them. The checks warn there (MF314) and the
// CilkPlus translator writes CilkPlus's implicit sync there as an explicit join.

import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { Construct, ItemModel } from './constructs';
import { skipTrivia } from '../syntax/keywords';

type Pending = ReadonlySet<Construct> | null; // null: unreachable
interface Flow { out: Pending; breaks: Pending[]; continues: Pending[] }

const union = (...sets: Pending[]): Pending => {
  let result: Set<Construct> | null = null;
  for (const s of sets) if (s) { result ??= new Set(); for (const c of s) result.add(c); }
  return result;
};

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
  const exit = (kind: UnjoinedExit['kind'], node: SNode, pending: ReadonlySet<Construct>) => {
    if (seen.has(node.start)) return;
    seen.add(node.start);
    exits.push({ kind, node, pending: [...pending].sort((a, b) => a.start - b.start) });
  };

  const flow = (n: SNode, state: Pending): Flow => {
    if (state && joinBefore.has(n.start)) state = new Set();
    const none: Flow = { out: state, breaks: [], continues: [] };
    if (!state) return none;
    const spawn = spawnOf.get(n);
    if (spawn) return { out: union(state, new Set([spawn])), breaks: [], continues: [] };
    if (joinAt.has(n.start) && (n.type === 'expression_statement' || n.type === 'preproc_call'))
      return { out: new Set(), breaks: [], continues: [] };
    if (joinsAtEnd.has(n)) return none; // spawns inside are joined when it ends
    switch (n.type) {
      case 'compound_statement':
      case 'case_statement':
      case 'labeled_statement': {
        let cur: Pending = state;
        const breaks: Pending[] = [], continues: Pending[] = [];
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
        let cur: Pending = null;
        const breaks: Pending[] = [], continues: Pending[] = [];
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
      default:
        return none;
    }
  };

  const functions: SNode[] = [];
  walk(model.item, n => { if (n.type === 'function_definition') functions.push(n); });
  for (const fn of functions) {
    const body = child(fn, 'body');
    if (!body || !spawns.some(s => s.functionNode === fn)) continue;
    const end = flow(body, new Set()).out;
    if (end && end.size) exit('end', body, end);
  }
  return exits;
}
