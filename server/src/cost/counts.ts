// What one thread of a generated kernel does, counted from the kernel's own code as polynomials in
// the program's parameters (Xie 2016 Ch. 4): local operations, words read and written in
// global memory, and per block the words its shared-memory tiles copy. Loops multiply by their
// symbolic trip counts; of the two sides of an `if` the larger counts (both, when neither is
// provably larger), so the counts bound what a thread does from above.

import { child, named, walk } from '../syntax/ast';
import { within } from '../base/span';
import { LineIndex } from '../base/lines';
import type { SNode } from '../syntax/parser';
import type { ItemModel } from '../model/constructs';
import { canonicalHeader, rangeOf } from '../model/loops';
import { Poly, rational } from '../symbolic/poly';
import { polynomialOf } from '../symbolic/expression';
import { globalAccesses, boxLayout, StagedBox } from '../cuda/footprint';
import type { Kernel } from '../cuda/kernel';
import { kernelName } from '../cuda/kernel';
import { sumOver } from './mcm';
import { diagnostic, type MfDiagnostic } from '../base/diagnostic';

export interface KernelCounts {
  name: string;
  /** Threads per block and blocks per launch: products of the block and grid loops' bounds. */
  threads: Poly;
  blocks: Poly;
  /** Launches: the trip counts of the host loops around the nest in the schedule. */
  launches: Poly;
  /** Per thread: local operations, and words read and written in global memory. */
  ops: Poly;
  reads: Poly;
  writes: Poly;
  /** Per block: words copied from global memory into tiles, and back. */
  boxLoads: Poly;
  boxStores: Poly;
  /** Of the words read and written per thread, those of references that do not coalesce (each
   * thread of a warp in its own sector), and of these those a thread walks word by word (./warps). */
  scattered: Poly;
  walked: Poly;
  /** Global references whose neighbouring threads (threadIdx.x) touch words far apart, and of
   * these those each thread walks word by word. */
  uncoalesced: string[];
  walking: string[];
  /** Loops whose trip count the header does not give (`while`, a step that is not a constant):
   * the counts hold a `trips@LINE` symbol for each, which no estimate can evaluate. */
  uncounted: SNode[];
}

interface Tally { ops: Poly; reads: Poly; writes: Poly; scattered: Poly; walked: Poly }
const TALLIED = ['ops', 'reads', 'writes', 'scattered', 'walked'] as const;
const ZERO: Tally = { ops: Poly.ZERO, reads: Poly.ZERO, writes: Poly.ZERO, scattered: Poly.ZERO, walked: Poly.ZERO };
/** Each count of a tally through `f`. */
const each = (f: (p: Poly, k: keyof Tally) => Poly, a: Tally): Tally =>
  Object.fromEntries(TALLIED.map(k => [k, f(a[k], k)])) as unknown as Tally;
const plus = (a: Tally, b: Tally): Tally => each((p, k) => p.add(b[k]), a);
const times = (a: Tally, n: Poly): Tally => each(p => p.mul(n), a);
/** The larger polynomial when provably larger for nonnegative symbols, else the sum. */
const larger = (a: Poly, b: Poly) => (a.sub(b).nonNegative() ? a : b.sub(a).nonNegative() ? b : a.add(b));

/** A C expression of parameters as a polynomial; what is not one stands as a symbol (`dim0`, `(n + 3) / 4`). */
function parameterPoly(e: SNode, text: string): Poly {
  const r = polynomialOf(e, text, {
    identifier: n => Poly.symbol(text.slice(n.start, n.end)),
    atom: n => Poly.symbol(text.slice(n.start, n.end).replace(/\s+/g, ' ')),
  });
  return 'poly' in r ? r.poly : Poly.symbol(text.slice(e.start, e.end).replace(/\s+/g, ' '));
}

/** The iterations of a loop whose count the header does not give: a symbol named by its line
 * (the `@` keeps it apart from C names; callers refuse counts holding one, see `uncounted`). */
const unknownTrips = (loop: SNode, text: string) =>
  Poly.symbol(`${UNKNOWN_TRIPS}${new LineIndex(text).position(loop.start).line + 1}`);
const UNKNOWN_TRIPS = 'trips@';

/** Iterations of a loop: its range's `(hi - lo + 1) / step` (model/loops), the bounds read as
 * parameters; a symbol `trips@LINE` when the header gives no range. */
function tripCount(loop: SNode, text: string): Poly {
  return rangeOf(canonicalHeader(loop, text).header, e => parameterPoly(e, text))?.trips ?? unknownTrips(loop, text);
}

/** Whether a loop's trip count is one `tripCount` reads from its header. */
const counted = (loop: SNode, text: string) =>
  ![...tripCount(loop, text).symbols()].some(s => s.startsWith(UNKNOWN_TRIPS));

const OPERATORS = new Set([
  'binary_expression', 'unary_expression', 'conditional_expression', 'call_expression', 'cast_expression',
]);

/** Σ over tiles, where of the two sides of a uniform branch only the larger runs in a launch. */
function layoutSum(boxes: StagedBox[], words: (t: StagedBox) => Poly): Poly {
  const sum = (ts: StagedBox[]) => ts.reduce((p, t) => p.add(words(t)), Poly.ZERO);
  return boxLayout(boxes).reduce(
    (p, u) => p.add('box' in u ? words(u.box) : larger(sum(u.then), sum(u.otherwise))),
    Poly.ZERO,
  );
}

/**
 * A loop's body `each` over all its iterations: times the trip count, or, where the body's counts
 * depend on the loop's index (`for (j = 0; j < i; j++)` inside the loop on i), their sum over the
 * index's range (Faulhaber's sums, mcm.sumOver).
 */
function iterations(loop: SNode, text: string, each: Poly): Poly {
  const h = canonicalHeader(loop, text).header;
  const range = rangeOf(h, e => parameterPoly(e, text));
  const trips = range?.trips ?? unknownTrips(loop, text);
  if (!range || !each.symbols().has(range.header.variable) || range.step !== 1n) return each.mul(trips);
  // The index's value at the iteration counted from 0: first + index going up, first - index going down.
  const index = `${range.header.variable}#`;
  const value = range.first.add(Poly.symbol(index).scale(range.direction));
  return sumOver(each.substitute(range.header.variable, value), trips, index);
}

/** Counts one kernel. `tiles`: its shared-memory tiles; `region`: the schedule's body (host loops). */
export function countKernel(model: ItemModel, kernel: Kernel, boxes: StagedBox[], region: SNode): KernelCounts {
  const text = model.text;
  const accesses = globalAccesses(model, kernel, boxes);
  const byNode = new Map(accesses.map(a => [a.node, a]));

  const uncounted: SNode[] = [];
  const trips = (loop: SNode) => { if (!counted(loop, text)) uncounted.push(loop); return tripCount(loop, text); };
  const repeated = (loop: SNode, t: Tally): Tally => (trips(loop), each(p => iterations(loop, text, p), t));
  const tally = (n: SNode): Tally => {
    if (n.type === 'for_statement') {
      const parts = ['initializer', 'condition', 'update'].map(f => child(n, f));
      const each = plus(
        plus(parts[1] ? tally(parts[1]) : ZERO, parts[2] ? tally(parts[2]) : ZERO),
        tally(child(n, 'body')!),
      );
      return plus(parts[0] ? tally(parts[0]) : ZERO, repeated(n, each));
    }
    if (n.type === 'while_statement' || n.type === 'do_statement') {
      uncounted.push(n);
      return times(named(n).map(tally).reduce(plus, ZERO), unknownTrips(n, text));
    }
    if (n.type === 'if_statement') {
      const yes = tally(child(n, 'consequence')!),
        no = child(n, 'alternative') ? tally(child(n, 'alternative')!) : ZERO;
      return plus(tally(child(n, 'condition')!), each((p, k) => larger(p, no[k]), yes));
    }
    const access = byNode.get(n);
    if (access) {
      const inner = access.indices.map(tally).reduce(plus, ZERO);
      const words = (access.reads ? 1 : 0) + (access.writes ? 1 : 0);
      return plus(inner, {
        ops: Poly.ZERO,
        reads: Poly.constant(access.reads ? 1 : 0),
        writes: Poly.constant(access.writes ? 1 : 0),
        scattered: Poly.constant(access.coalesced === false ? words : 0),
        walked: Poly.constant(access.walks ? words : 0),
      });
    }
    let own = OPERATORS.has(n.type) ? 1 : 0;
    if (n.type === 'update_expression') own = 1;
    if (
      n.type === 'assignment_expression' &&
      text.slice(child(n, 'left')!.end, child(n, 'right')!.start).trim() !== '='
    )
      own = 1;
    return named(n).map(tally).reduce(plus, { ...ZERO, ops: Poly.constant(own) });
  };

  // A thread runs the innermost block loop's body once per iteration of the serial loops
  // between the grid and block loops.
  const innermost = kernel.block[kernel.block.length - 1].loop;
  const outerBlock = kernel.block[0].loop;
  const serial = kernel.spine.filter(s => s.role === 'serial' && s.loop.start < outerBlock.start);
  let per = serial.reduceRight((t, s) => repeated(s.loop, t), tally(child(innermost, 'body')!));

  const boundPoly = (bound: string) => Poly.symbol(bound.replace(/\s+/g, ' '));
  let launches = Poly.constant(1);
  for (let m = kernel.nest.parent; m && m !== region; m = m.parent)
    if (m.type === 'for_statement') {
      launches = launches.mul(trips(m));
      // Counts that move with a host loop (a serial `k < j` under `for j`): each launch counted at
      // the mean of its index, exact for counts linear in it (the sum over the launches / their number).
      const range = rangeOf(canonicalHeader(m, text).header, e => parameterPoly(e, text));
      const mean = range?.step === 1n && range.first.add(range.first.add(range.trips.sub(Poly.constant(1)).scale(range.direction))).scale(rational(1, 2));
      if (mean) {
        const at = (q: Poly) => q.substitute(range!.header.variable, mean);
        per = each(at, per);
      }
    }
  // A tile moves once per iteration of the serial loops down to its level.
  const moved = (t: StagedBox) => {
    const level = t.level ? kernel.spine.findIndex(s => s.loop === t.level) : -1;
    const repeat = kernel.spine
      .slice(0, level + 1)
      .filter(s => s.role === 'serial')
      .reduce((p, s) => p.mul(trips(s.loop)), Poly.constant(1));
    return t.extent.reduce((p, e) => p.mul(e), Poly.constant(1)).mul(repeat);
  };
  return {
    name: kernelName(kernel),
    threads: kernel.block.reduce((p, b) => p.mul(boundPoly(b.bound)), Poly.constant(1)),
    blocks: kernel.grid.reduce((p, g) => p.mul(boundPoly(g.bound)), Poly.constant(1)),
    launches,
    ...per,
    boxLoads: layoutSum(boxes, moved),
    boxStores: layoutSum(boxes.filter(t => t.written), moved),
    uncoalesced: accesses.filter(a => a.coalesced === false).map(a => text.slice(a.node.start, a.node.end)),
    walking: accesses.filter(a => a.walks).map(a => text.slice(a.node.start, a.node.end)),
    uncounted: [...new Set(uncounted)],
  };
}

/** MF520 on each loop of a kernel whose iterations the cost model cannot count (the estimate of
 * `analyze` and the dispatcher's ranking would have nothing to evaluate), on its header: a header
 * without a trip count, or one whose count depends on a value each thread computes (`j < i`, i the
 * thread's index), which is no value of the program. */
export function uncountedLoopDiagnostics(model: ItemModel, kernel: Kernel, region: SNode): MfDiagnostic[] {
  const text = model.text;
  const counts = countKernel(model, kernel, [], region);
  const header = (loop: SNode) => {
    const body = child(loop, 'body');
    let end = loop.type === 'do_statement' || !body ? loop.end : body.start;
    while (end > loop.start && /\s/.test(text[end - 1])) end--;
    return { start: loop.start, end };
  };
  const out = counts.uncounted.map(loop => {
    const what =
      loop.type === 'for_statement'
        ? 'its header gives no trip count'
        : `a '${loop.type === 'do_statement' ? 'do' : 'while'}' loop has no trip count`;
    return diagnostic(
      'MF520',
      header(loop),
      `the cost model cannot count the iterations of this loop (${what}): write it 'for (v = a; v < b; v += c)' or 'for (v = a; v >= b; v -= c)' with a constant step c`,
    );
  });
  const locals = new Set(model.scopes.variables.filter(v => within(v.span, kernel.nest)).map(v => v.name));
  const left = new Set(
    [counts.ops, counts.reads, counts.writes, counts.launches]
      .flatMap(p => [...p.symbols()])
      .filter(x => locals.has(x)),
  );
  walk(kernel.nest, n => {
    const names = n.type === 'for_statement' ? [...tripCount(n, text).symbols()].filter(x => left.has(x)) : [];
    if (names.length)
      out.push(
        diagnostic(
          'MF520',
          header(n),
          `the cost model cannot count the iterations of this loop: they depend on ${names.map(x => `'${x}'`).join(', ')}, which each thread computes (the counts are polynomials in the program's values)`,
        ),
      );
    return true;
  });
  return out;
}
