// Control flow around parallel constructs: branches that leave or enter a parallel region
// ("control flow cannot branch into or out of a parallel region", digest 003 §1.1), and
// MetaFork spawns that can reach a return with no meta_join (meta_fork has no implicit
// barrier at return, SPEC §2).

import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { Construct, constructLabel, isRegion, ItemModel } from '../model/constructs';
import { diagnostic, MfDiagnostic } from './diagnostic';
import { skipTrivia } from '../syntax/keywords';
import { LineIndex } from '../syntax/lines';

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);

export function branchDiagnostics(model: ItemModel): MfDiagnostic[] {
  const regions = new Map<SNode, Construct>();
  for (const c of model.constructs) if (isRegion(c) && c.region) regions.set(c.region, c);
  if (regions.size === 0) return [];
  const out: MfDiagnostic[] = [];
  const labels = new Map<string, SNode>();
  walk(model.item, n => {
    if (n.type === 'labeled_statement') {
      const l = child(n, 'label');
      if (l) labels.set(model.text.slice(l.start, l.end), n);
    }
  });
  const regionsAround = (n: SNode): Construct[] => {
    const list: Construct[] = [];
    for (let p = n.parent; p; p = p.parent) { const r = regions.get(p); if (r) list.push(r); }
    return list;
  };
  walk(model.item, n => {
    switch (n.type) {
      case 'break_statement':
      case 'continue_statement': {
        const isBreak = n.type === 'break_statement';
        for (let p = n.parent; p; p = p.parent) {
          const r = regions.get(p);
          // `continue` in a parallel loop's own body moves to the next iteration: allowed.
          if (r && !(r.loop && !isBreak && child(r.loop, 'body') === p)) {
            const word = isBreak ? 'break' : 'continue';
            out.push(diagnostic('MF311', { start: n.start, end: n.start + word.length },
              r.loop && child(r.loop, 'body') === p
                ? `'${word}' cannot leave the '${constructLabel(r)}' loop: its iterations run in parallel`
                : `'${word}' would leave the parallel region of '${constructLabel(r)}'`, { construct: constructLabel(r) }));
            break;
          }
          if (LOOPS.has(p.type) || (isBreak && p.type === 'switch_statement')) break;
        }
        break;
      }
      case 'return_statement': {
        const r = regionsAround(n)[0];
        if (r) out.push(diagnostic('MF312', { start: n.start, end: n.start + 6 }, `'return' cannot leave the parallel region of '${constructLabel(r)}'`, { construct: constructLabel(r) }));
        break;
      }
      case 'goto_statement': {
        const l = child(n, 'label');
        const name = l ? model.text.slice(l.start, l.end) : '';
        const target = labels.get(name);
        if (!target) break;
        const from = regionsAround(n);
        const to = regionsAround(target);
        const leaving = from.find(r => !to.includes(r));
        const entering = to.find(r => !from.includes(r));
        if (leaving || entering) {
          out.push(diagnostic('MF313', { start: n.start, end: n.end },
            leaving ? `'goto ${name}' would leave the parallel region of '${constructLabel(leaving)}'`
              : `'goto ${name}' would jump into the parallel region of '${constructLabel(entering!)}'`, { label: name }));
        }
        break;
      }
    }
  });
  return out;
}

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
 * explicit `meta_join` (digest 003 §2.1). Parallel loops and `cilk_scope` end with a join.
 */
export function unjoinedExits(model: ItemModel, dialect: 'metafork' | 'cilkplus'): UnjoinedExit[] {
  const spawns = model.constructs.filter(c => c.dialect === dialect && (c.kind === 'spawn' || c.kind === 'block-spawn') && c.statement);
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
  const joinsAtEnd = new Set(model.constructs.filter(c => (c.kind === 'parallel-for' && c.loop) || (c.kind === 'scope' && c.statement)).map(c => c.loop ?? c.statement!));
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
    if (joinAt.has(n.start) && (n.type === 'expression_statement' || n.type === 'preproc_call')) return { out: new Set(), breaks: [], continues: [] };
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
        return { out: union(a.out, b.out), breaks: [...a.breaks, ...b.breaks], continues: [...a.continues, ...b.continues] };
      }
      case 'for_statement': case 'while_statement': case 'do_statement': case 'for_range_loop': {
        const body = child(n, 'body');
        if (!body) return none;
        const first = flow(body, state);
        const again = flow(body, union(state, first.out, ...first.continues));
        return { out: union(state, again.out, ...again.continues, ...again.breaks, ...first.breaks), breaks: [], continues: [] };
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

/** Warns where a MetaFork spawn can reach a return (or the end of its function) unjoined. */
export function unjoinedSpawnDiagnostics(model: ItemModel): MfDiagnostic[] {
  const exits = unjoinedExits(model, 'metafork');
  if (exits.length === 0) return [];
  const text = model.text;
  const usesPragmas = model.constructs.some(c => c.dialect === 'metafork' && (c.kind === 'spawn' || c.kind === 'block-spawn') && c.form === 'pragma');
  const joinText = usesPragmas ? '#pragma mf join' : 'meta_join;';
  const lines = new LineIndex(text);
  return exits.map(({ kind, node, pending }) => {
    const first = pending[0];
    const call = first.call ? text.slice(first.call.start, Math.min(first.call.end, first.call.start + 40)) : 'block';
    const at = kind === 'return' ? { start: node.start, end: node.start + 6 } : { start: node.end - 1, end: node.end };
    // The message cites a line and the data holds offsets: both listed in diagnostic.ts
    // (CITES_LINE, DATA_OFFSETS) so that the per-item cache moves them with the item.
    return diagnostic('MF314', at,
      `'${constructLabel(first)} ${call}' (line ${lines.position(first.start).line + 1}) can reach ${kind === 'return' ? 'this return' : 'the end of the function'} without a '${usesPragmas ? '#pragma mf join' : 'meta_join'}': meta_fork has no implicit join at return`,
      { insert: joinText, at: at.start, spawn: first.start });
  });
}
