// `single copyprivate(x)` in an SPMD region (./spmd): the single runs once, between the loops over
// thread ids, and its value of each listed private variable becomes every thread's (OpenMP 5.2
// §5.7.2). It is kept in a shared copy declared with the region, which each later loop over
// thread ids reads into its declaration of the variable.

import type { Construct, ItemModel } from '../model/constructs';
import { changesVariable, type Variable } from '../model/scopes';
import { declarationFor } from '../model/declarations';
import { within } from '../base/span';
import type { Refusal, Segment } from './barriers';

export interface Copy { variable: Variable; shared: string; single: Construct }

const refusal = (k: Construct, v: Variable, why: string): Refusal => ({
  span: k.clauses.find(cl => cl.name === 'copyprivate')!,
  message: `'copyprivate(${v.name})': ${why}`,
  data: { construct: 'copyprivate', variable: v.name },
});

/**
 * The copies of the single `k`, or why not: each listed variable is a scalar private to each
 * thread, only read after the single (so every later reader sees the single's value), and not used
 * before it.
 */
export function copiesOf(
  model: ItemModel,
  k: Construct,
  listed: Variable[],
  threadVariables: Variable[],
  fresh: (name: string) => string,
): Copy[] | Refusal {
  const stmt = k.statement!;
  const out: Copy[] = [];
  for (const v of listed) {
    if (!threadVariables.includes(v)) return refusal(k, v, 'it is not private to each thread');
    if (v.shape !== 'value') return refusal(k, v, 'only a scalar is copied to every thread here');
    for (const r of model.scopes.references.filter(x => x.variable === v && !within(x.span, stmt))) {
      if (within(r.span, v.span)) continue; // its declaration
      if (r.span.start < stmt.start) return refusal(k, v, 'it is used before the single');
      if (changesVariable(r)) return refusal(k, v, 'it is written after the single');
    }
    out.push({ variable: v, shared: fresh(`mf_copy_${v.name}`), single: k });
  }
  return out;
}

/**
 * Each later loop over thread ids that reads a copied variable declares it with the single's
 * value (assigns it, when the region's `private` clause declares it already); code run once
 * between loops cannot read it.
 */
export function readCopies(
  model: ItemModel,
  copies: Copy[],
  segments: Segment[],
  listedPrivate: (v: Variable) => boolean,
): Refusal | undefined {
  const text = model.text;
  for (const copy of copies) {
    const v = copy.variable;
    const after = segments.filter(s => s.units[0].span.start >= copy.single.statement!.end);
    for (const s of after) {
      const reads = model.scopes.references.some(r => r.variable === v && s.units.some(u => within(r.span, u.span)));
      if (!reads) continue;
      if (s.kind !== 'team') return refusal(copy.single, v, 'it is read in code that runs once after the single');
      const text2 = listedPrivate(v)
        ? `${v.name} = ${copy.shared};`
        : `${declarationFor(v, text, v.name)} = ${copy.shared};`;
      s.redeclared.push({ variable: v, text: text2 });
    }
  }
  return undefined;
}
