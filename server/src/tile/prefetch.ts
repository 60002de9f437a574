// Shared-memory staging of chosen arrays (`metafork tile --cache A`, RT-CUDA's "prefetching",
// Khan 2014 Ch. 5 (prefetching)). `cache(A)` on the schedule stages each block's footprint of A; when a
// serial loop of the kernel body (matrix product's k) runs along A, that footprint is a whole
// band (B rows × all of k). The loop is therefore strip-mined into strips of T iterations and the
// loop over strips moved between the grid and the block loops, where the generator stages the
// boxes of one strip at a time (the thesis's matrix product, Fig. 5.13):
//
//     meta_for v { for (kt < tk) meta_for u { if (guard) { [kt == 0: pre]
//       for (kk < T) { k = lo + kt*T + kk; if (k <= hi) BODY }  [kt == tk - 1: post] } } }
//
// The interchange is legal because the block loops are parallel (no dependence between their
// iterations) and each thread still runs pre, the iterations of k in order, then post. A local
// accumulator (`long s = 0; for k s += ...; C[i][j] = s;`) does not survive between strips, so it
// becomes its destination element when the types agree (`C[i][j] = 0; ... C[i][j] += ...`).
// Unlike RT-CUDA's row staging (right only when every thread of a block shares one row), the
// generator stages the block's real footprint.

import { child, named, ownJump, subscriptChain, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { ItemModel } from '../model/constructs';
import { writtenWithin, type Variable } from '../model/scopes';
import { within } from '../base/span';
import type { NestLoop } from '../model/dependence';

/** A local of the body before the strip-mined loop that only accumulates in it, and the element
 * its final value is stored to. */
export interface Accumulator { local: Variable; declaration: SNode; init: SNode; store: SNode; target: SNode }

export interface Prefetch {
  /** The serial loop strip-mined into strips. */
  loop: NestLoop;
  /** Locals set once from values the body does not write: re-read at every strip. */
  values: SNode[];
  /** Statements before the loop (run at the first strip) and after it (at the last). */
  pre: SNode[];
  post: SNode[];
  accumulators: Accumulator[];
}

/** The statements of a loop body (a block's, or the body itself). */
export const statements = (body: SNode) =>
  body.type === 'compound_statement' ? named(body).filter(n => n.type !== 'comment') : [body];

/**
 * How to strip-mine the serial loop that runs along a cached array in the body of `innermost`
 * (the innermost parallel loop of a kernel), or why it is left whole (undefined: no such loop).
 */
export function prefetchPlan(
  model: ItemModel,
  innermost: NestLoop,
  loops: NestLoop[],
  cached: ReadonlySet<string>,
): Prefetch | { reason: string } | undefined {
  const text = model.text;
  const body = child(innermost.node, 'body')!;
  const stmts = statements(body);
  const refs = model.scopes.references.filter(r => r.variable && within(r.span, body));
  const refsOf = (v: Variable) => refs.filter(r => r.variable === v);
  // A serial loop whose body indexes a cached array with the loop's index.
  const along = (l: NestLoop) =>
    refs.some(
      r =>
        cached.has(r.variable!.name) &&
        within(r.span, l.node) &&
        subscriptChain(r.node).indices.some(ix => refs.some(x => x.variable === l.variable && within(x.span, ix))),
    );
  // A loop of constant range (a stencil's 3 × 3 window) adds a constant halo: it is staged whole.
  const constant = (l: NestLoop) => !!l.lo && !!l.hi && l.hi.sub(l.lo).symbols().size === 0;
  const candidates = stmts
    .map(s => loops.find(l => l.node.start === s.start && s.type === 'for_statement'))
    .filter((l): l is NestLoop => !!l && !constant(l) && along(l));
  if (candidates.length === 0) return undefined;
  const show = (n: SNode) => `'${text.slice(n.start, n.end).replace(/\s+/g, ' ')}'`;
  if (candidates.length > 1)
    return { reason: `${candidates.length} loops of the body run along cached arrays; only one can be tiled` };
  const loop = candidates[0];
  const name = loop.variable.name;
  if (!loop.lo || !loop.hi) return { reason: `the range of '${name}' is not read from its header` };
  // The loop over strips runs outside the threads: its bounds may not move with them.
  if ([...loop.lo.symbols(), ...loop.hi.symbols()].some(s => s.includes('@')))
    return { reason: `the bounds of '${name}' depend on the parallel loops` };
  // A `continue` of the parallel loop would end a thread's strip, not its iteration.
  if (ownJump(body, 'continue'))
    return { reason: `the body has a 'continue' of the loop '${innermost.variable.name}'` };
  // A `break` of the loop itself would end one strip, not the loop.
  if (ownJump(child(loop.node, 'body')!, 'break')) return { reason: `'${name}' has a 'break' of its own` };
  // A scalar of the outside (a private one, `acc = 0;` before the loop) carried through the loop
  // would live in each strip's thread alone: its value would not reach the next strip.
  const carried = refs.find(
    r =>
      r.variable!.shape === 'value' &&
      !within(r.variable!.span, body) &&
      within(r.span, loop.node) &&
      writtenWithin(model.scopes, r.variable!, loop.node) &&
      refs.some(x => x.variable === r.variable && !within(x.span, loop.node)),
  );
  if (carried)
    return {
      reason: `'${carried.variable!.name}' is set outside '${name}' and carried through it, from strip to strip (declare it in the body with its value: '${carried.variable!.typeText.trim()} ${carried.variable!.name} = ...;')`,
    };
  const at = stmts.findIndex(s => s.start === loop.node.start);
  const before = stmts.slice(0, at),
    after = stmts.slice(at + 1);

  const values: SNode[] = [],
    pre: SNode[] = [],
    accumulators: Accumulator[] = [];
  for (const s of before) {
    if (s.type !== 'declaration') {
      pre.push(s);
      continue;
    }
    const declared = model.scopes.variables.filter(v => within(v.span, s));
    const init = child(s, 'declarator') && child(child(s, 'declarator')!, 'value');
    if (declared.length !== 1 || declared[0].shape !== 'value' || !init)
      return { reason: `${show(s)} declares something other than one scalar with its value` };
    const v = declared[0];
    if (!writtenWithin(model.scopes, v, body) && pure(model, init, body)) {
      values.push(s);
      continue;
    }
    const acc = accumulator(model, v, s, init, loop, after, refsOf(v));
    if (typeof acc === 'string') return { reason: acc };
    accumulators.push(acc);
  }
  // Statements run once per thread (pre, post) may not use what an accumulator became.
  for (const acc of accumulators) {
    const targetArray = refs.find(r => within(r.span, acc.target))?.variable;
    const elsewhere = refs.some(r => r.variable === targetArray && !within(r.span, acc.store));
    if (!targetArray || elsewhere)
      return {
        reason: `'${acc.local.name}' is stored to '${targetArray?.name ?? '?'}', which the body also reads or writes elsewhere`,
      };
    const element = targetArray.typeText.trim();
    if (element !== acc.local.typeText.trim())
      return {
        reason: `'${acc.local.name}' (${acc.local.typeText.trim()}) is stored to '${targetArray.name}' of ${element}: accumulating in it would change the arithmetic`,
      };
  }
  return { loop, values, pre, post: after.filter(s => !accumulators.some(a => a.store === s)), accumulators };
}

/** No calls, no assignments, and only scalars the body never writes. */
function pure(model: ItemModel, e: SNode, body: SNode): boolean {
  let ok = true;
  walk(e, n => {
    if (n.type === 'call_expression' || n.type === 'assignment_expression' || n.type === 'update_expression')
      ok = false;
    return ok;
  });
  return (
    ok &&
    model.scopes.references
      .filter(r => within(r.span, e))
      .every(r => r.variable && r.variable.shape === 'value' && !writtenWithin(model.scopes, r.variable, body))
  );
}

/** `T s = init;` used in the loop only as `s op= e` and after it only by one store `X = s;`. */
function accumulator(
  model: ItemModel,
  v: Variable,
  declaration: SNode,
  init: SNode,
  loop: NestLoop,
  after: SNode[],
  uses: { node: SNode; access: string; span: { start: number; end: number } }[],
): Accumulator | string {
  const text = model.text;
  const why = `'${v.name}' is a local of the loop body that the tiles cannot share`;
  const inLoop = uses.filter(r => within(r.span, loop.node)),
    outside = uses.filter(r => !within(r.span, loop.node));
  const compound = (r: { node: SNode; access: string }) => {
    const p = r.node.parent;
    return (
      r.access === 'readwrite' &&
      p?.type === 'assignment_expression' &&
      child(p, 'left') === r.node &&
      !uses.some(u => within(u.span, child(p, 'right')!))
    );
  };
  if (!inLoop.length || !inLoop.every(compound) || outside.length !== 1) return why;
  const use = outside[0].node;
  const assignment = use.parent;
  const statement = assignment?.parent;
  const op = assignment?.children.find(c => c.field === 'operator');
  if (
    assignment?.type !== 'assignment_expression' ||
    child(assignment, 'right') !== use ||
    !op ||
    text.slice(op.start, op.end) !== '=' ||
    statement?.type !== 'expression_statement' ||
    !after.some(s => s.start === statement.start)
  ) {
    let at = use;
    while (at.parent && !/statement$|^declaration$/.test(at.type)) at = at.parent;
    return `${why}: its value is used by '${text.slice(at.start, at.end).replace(/\s+/g, ' ')}', not stored by a plain 'X = ${v.name};'`;
  }
  const target = child(assignment, 'left')!;
  if (target.type !== 'subscript_expression') return why;
  return { local: v, declaration, init, store: statement, target };
}
