// Control flow around parallel constructs: branches that leave or enter a parallel region
// ("control flow cannot branch into or out of a parallel region", Chen 2017 §3.1), and
// MetaFork spawns that can reach a return with no meta_join (meta_fork has no implicit
// barrier at return).

import { child, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { Construct, constructLabel, isRegion, ItemModel } from '../model/constructs';
import { diagnostic, MfDiagnostic } from '../base/diagnostic';
import { unjoinedExits } from '../model/exits';
import { LineIndex } from '../base/lines';

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
          const target = LOOPS.has(p.type) || (isBreak && p.type === 'switch_statement');
          // `continue` in a parallel loop's own body moves to the next iteration: allowed; a region
          // whose statement is a plain loop (`parallel` + `while (1) { ... break; }`) keeps its break.
          if (r && !(r.loop && !isBreak && child(r.loop, 'body') === p) && !(target && !r.loop)) {
            const word = isBreak ? 'break' : 'continue';
            out.push(
              diagnostic(
                'MF311',
                { start: n.start, end: n.start + word.length },
                r.loop && child(r.loop, 'body') === p
                  ? `'${word}' cannot leave the '${constructLabel(r)}' loop: its iterations run in parallel`
                  : `'${word}' would leave the parallel region of '${constructLabel(r)}'`,
                { construct: constructLabel(r) },
              ),
            );
            break;
          }
          if (target) break;
        }
        break;
      }
      case 'return_statement': {
        const r = regionsAround(n)[0];
        if (r)
          out.push(
            diagnostic(
              'MF312',
              { start: n.start, end: n.start + 6 },
              `'return' cannot leave the parallel region of '${constructLabel(r)}'`,
              { construct: constructLabel(r) },
            ),
          );
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
          out.push(
            diagnostic(
              'MF313',
              { start: n.start, end: n.end },
              leaving
                ? `'goto ${name}' would leave the parallel region of '${constructLabel(leaving)}'`
                : `'goto ${name}' would jump into the parallel region of '${constructLabel(entering!)}'`,
              { label: name },
            ),
          );
        }
        break;
      }
    }
  });
  return out;
}

/** Warns where a MetaFork spawn can reach a return (or the end of its function) unjoined. */
export function unjoinedSpawnDiagnostics(model: ItemModel): MfDiagnostic[] {
  const exits = unjoinedExits(model, 'metafork');
  if (exits.length === 0) return [];
  const text = model.text;
  const usesPragmas = model.constructs.some(
    c => c.dialect === 'metafork' && (c.kind === 'spawn' || c.kind === 'block-spawn') && c.form === 'pragma',
  );
  const joinText = usesPragmas ? '#pragma mf join' : 'meta_join;';
  const lines = new LineIndex(text);
  return exits.map(({ kind, node, pending }) => {
    const first = pending[0];
    const call = first.call ? text.slice(first.call.start, Math.min(first.call.end, first.call.start + 40)) : 'block';
    const at = kind === 'return' ? { start: node.start, end: node.start + 6 } : { start: node.end - 1, end: node.end };
    // The message cites a line and the data holds offsets: both listed in diagnostic.ts
    // (CITES_LINE, DATA_OFFSETS) so that the per-item cache moves them with the item.
    return diagnostic(
      'MF314',
      at,
      `'${constructLabel(first)} ${call}' (line ${lines.position(first.start).line + 1}) can reach ${kind === 'return' ? 'this return' : 'the end of the function'} without a '${usesPragmas ? '#pragma mf join' : 'meta_join'}': meta_fork has no implicit join at return`,
      { insert: joinText, at: at.start, spawn: first.start },
    );
  });
}
