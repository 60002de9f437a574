// The dependence test of the tiler: may the iterations of one loop of a nest run in
// parallel? Every pair of references to one array, one of them a write, is checked for a
// dependence carried by the loop: equal indices at two different iterations x ≠ x' (the loops
// around it at the same iteration, the loops inside it at any). Indices are read as polynomials in
// the loop indices with the sizes as symbols; a dimension whose difference cannot be zero (its
// interval over the loops' ranges excludes 0 for x' > x and for x' < x, or the GCD of its
// coefficients does not divide its constant) proves the pair independent. Anything unreadable is
// a dependence, so a loop said parallel is parallel; a refusal names the pair and, where the
// indices give it, the distance.

import { headerDeclaring, knownHeader } from '../preprocess/system';
import { child, elementAddressTaken, named, ownJump, subscriptChain, unparen, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { ItemModel } from './constructs';
import { initializerOf, variableOf, writtenWithin, type Variable } from './scopes';
import { within, type Span } from '../base/span';
import { LineIndex } from '../base/lines';
import { canonicalHeader, rangeOf } from './loops';
import { affineInterval, Poly } from '../symbolic/poly';
import { polynomialOf } from '../symbolic/expression';
import { integerSolutions } from '../symbolic/integers';

/** A canonical loop of the nest: its index, the index's symbol in the polynomials, and the
 * inclusive range [lo, hi]. */
export interface NestLoop {
  node: SNode;
  variable: Variable;
  symbol: string;
  lo?: Poly;
  hi?: Poly;
  /** The values the index takes, in any order: an increasing loop's [lo, hi], a decreasing or strided
   * loop's too (`every`: each integer of it). The dependence test reads these; the tiler rebuilds
   * only from lo and hi. */
  values?: { lo: Poly; hi: Poly; every: boolean };
}

/** Why a loop may not run in parallel; `certain` when the dependence surely exists (a distance, a
 * scalar every iteration writes), not when it only could not be ruled out (an indirect write, a call). */
export interface Dependence {
  loop: string;
  message: string;
  at: SNode;
  certain: boolean;
  /** Between two references to one array (not a scalar, a call, an alias or an exit): what a
   * wavefront may order. */
  elements?: boolean;
  /** `distanceDependences`'s: the two references of an array pair (the write first), the array,
   * and how many values of the loop index apart they meet. */
  pair?: { array: Variable; write: SNode; other: SNode; distance: bigint };
}

const PURE = new Set([
  'abs', 'fabs', 'fabsf', 'sqrt', 'sqrtf', 'exp', 'expf', 'log', 'logf', 'sin', 'sinf', 'cos', 'cosf', 'pow', 'powf',
  'min', 'max', 'fmin', 'fmax', 'floor', 'ceil',
]);

/** A C library function the header table says is pure (`<math.h>`'s), unless the file declares
 * its own function of that name. */
function libraryPure(model: ItemModel, name: string): boolean {
  const header = headerDeclaring(name);
  return !!header && !model.fileScope.functions.has(name) &&
    knownHeader(header)?.functions.get(name)?.purity === 'pure';
}

/** The calls under `node` whose effects are unknown: all but the pure math functions (a cast to
 * a typedef'd type, `(real_t) (x)`, which the parser reads as a call, is none). */
export function impureCalls(model: ItemModel, node: SNode): { call: SNode; callee: string }[] {
  const out: { call: SNode; callee: string }[] = [];
  walk(node, n => {
    if (n.type !== 'call_expression') return true;
    const f = child(n, 'function');
    const callee = f ? model.text.slice(f.start, f.end) : '';
    const cast = f?.type === 'parenthesized_expression' && model.fileScope.typedefs.has(callee.slice(1, -1).trim());
    if (!cast && !PURE.has(callee) && !libraryPure(model, callee)) out.push({ call: n, callee });
    return true;
  });
  return out;
}

/** The index of a canonical for statement: declared in its header (`int i = 0`) or before it (`i = 0`).
 * Remembered per loop: every identifier the dependence test reads asks about the loops around it. */
const indices = new WeakMap<SNode, Variable | null>();
function indexOf(model: ItemModel, loop: SNode): Variable | undefined {
  if (!indices.has(loop)) {
    const h = canonicalHeader(loop, model.text).header;
    const init = child(loop, 'initializer');
    indices.set(
      loop,
      h && init
        ? (model.scopes.variables.find(v => v.name === h.variable && within(v.span, init)) ??
            model.scopes.references.find(r => r.name === h.variable && within(r.span, init) && r.access === 'write')
              ?.variable ??
            null)
        : null,
    );
  }
  return indices.get(loop) ?? undefined;
}

/** The loops of `nest` (a for statement) and those inside it, with their ranges. */
export function nestLoops(model: ItemModel, nest: SNode): NestLoop[] {
  const out: NestLoop[] = [];
  walk(nest, n => {
    if (n.type !== 'for_statement') return true;
    const h = canonicalHeader(n, model.text).header;
    const variable = indexOf(model, n);
    if (!h || !variable || variable.shape !== 'value') return true;
    const loop: NestLoop = { node: n, variable, symbol: symbolAt(model, variable, n, nest)! };
    // The tiler rebuilds the loop from [lo, hi]: only a loop taking every value of it in order
    // has one (not `!=`, which runs on past its bound when it starts beyond it).
    const range = rangeOf(h, e => readPoly(model, e, nest));
    if (range && h.relation !== '!=')
      loop.values = { lo: range.lo, hi: range.hi, every: range.step === 1n || range.step === -1n };
    if (range && range.direction === 1 && range.step === 1n && h.relation !== '!=') {
      loop.lo = range.lo;
      loop.hi = range.hi;
    }
    out.push(loop);
    return true;
  });
  return out;
}

/**
 * The symbol of a loop index at `at`: `name@declaration` for an index declared in its loop's header;
 * one declared outside the nest (`int i, j;`) may index several loops, so it is the symbol of the
 * innermost loop around `at` that it indexes (`name@loop`); undefined when it indexes none there.
 */
function symbolAt(model: ItemModel, v: Variable, at: SNode, nest: SNode): string | undefined {
  if (v.loopControl && within(v.span, nest)) return `${v.name}@${v.span.start}`;
  for (let m: SNode | null = at; m && within(m, nest); m = m.parent) {
    if (m.type === 'for_statement' && indexOf(model, m) === v) return `${v.name}@${m.start}`;
  }
  return undefined;
}

/** An integer expression of the nest as a polynomial in its loop indices and outside values. */
function readPoly(model: ItemModel, e: SNode, nest: SNode, seen = new Set<Variable>()): Poly | undefined {
  const text = model.text;
  const r = polynomialOf(e, text, {
    identifier: n => {
      const v = model.scopes.references.find(x => x.span.start === n.start)?.variable;
      if (!v) return Poly.symbol(text.slice(n.start, n.end)); // a macro constant
      if (v.shape !== 'value') return undefined;
      const written = writtenWithin(model.scopes, v, nest);
      const index = symbolAt(model, v, n, nest);
      if (index) return Poly.symbol(index);
      if (!within(v.span, nest)) return written ? undefined : Poly.symbol(v.name);
      // A variable of the nest set once by its declaration: its definition.
      if (written || seen.has(v)) return undefined;
      const value = initializerOf(v);
      return value ? readPoly(model, value, nest, new Set([...seen, v])) : undefined;
    },
    // `n / 2`: a nonnegative value the nest does not change, divided by a positive constant, is a
    // symbol of its own (nonnegative, as the test takes every symbol), named by its polynomial.
    atom: n => {
      const l = child(n, 'left'), d = child(n, 'right');
      if (n.type !== 'binary_expression' || !l || !d || text.slice(l.end, d.start).trim() !== '/') return undefined;
      const divisor = /^\d+$/.test(text.slice(d.start, d.end).trim()) ? BigInt(text.slice(d.start, d.end).trim()) : 0n;
      const p = divisor > 0n ? readPoly(model, l, nest, seen) : undefined;
      return p && p.nonNegative() && [...p.symbols()].every(x => !x.includes('@'))
        ? Poly.symbol(`${p.toC()} / ${divisor}`)
        : undefined;
    },
  });
  return 'poly' in r ? r.poly : undefined;
}

/** An access: its subscripts outermost first, `null` for a dereference (`(*t)[r]` is `t[0][r]`). */
interface Ref { node: SNode; array: Variable; indices: (SNode | null)[]; writes: boolean; loops: NestLoop[] }

/** The references of the nest to arrays and pointers, outermost subscript first. */
function arrayRefs(model: ItemModel, nest: SNode, loops: NestLoop[]): Ref[] {
  const out: Ref[] = [];
  for (const r of model.scopes.references) {
    if (!r.variable || !within(r.span, nest) || r.variable.shape === 'value' || r.variable.shape === 'function')
      continue;
    // `*t` and `(*t)`: the pointed-to object, the element 0 of `t`.
    let base = r.node;
    const derefs: null[] = [];
    for (let p = base.parent; p; p = base.parent) {
      if (p.type === 'pointer_expression' && model.text[p.start] === '*') derefs.push(null);
      else if (p.type !== 'parenthesized_expression') break;
      base = p;
    }
    const { top, indices } = subscriptChain(base);
    out.push({
      node: top,
      array: r.variable,
      indices: [...derefs, ...indices],
      writes: r.access !== 'read',
      loops: loops.filter(l => within(top, l.node)),
    });
  }
  return out;
}

/** Interval of an affine polynomial over the loops' ranges (symbols nonnegative), or undefined. */
function interval(p: Poly, ranges: Map<string, { lo: Poly; hi: Poly }>): { min: Poly; max: Poly } | undefined {
  const split = p.affineIn(new Set(ranges.keys()));
  return split && affineInterval(split.rest, split.coefficients, x => ranges.get(x));
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));

/** Why the iterations of `loop` may not run in parallel: empty when they may. The loops `free`
 * around it are taken at any iteration too (may `loop` run outside them?). */
export function carriedDependences(
  model: ItemModel,
  nest: SNode,
  loop: NestLoop,
  privates: ReadonlySet<Variable> = new Set(),
  free: readonly NestLoop[] = [],
): Dependence[] {
  const text = model.text;
  const loops = nestLoops(model, nest);
  let lines: LineIndex | undefined;
  const line = (n: SNode) => (lines ??= new LineIndex(text)).position(n.start).line + 1;
  // Quoted as the user wrote it (macro uses and all), on its line in the user's text.
  const show = (n: SNode) => `'${model.map.render(n).replace(/\s+/g, ' ')}' (line ${line(n)})`;
  const name = loop.variable.name;
  const out: Dependence[] = [];
  const body = child(loop.node, 'body')!;

  // Names declared nowhere the test can read (an array in a header, a parameter declared through
  // a header's macro, a variable a macro hides): what they are and what they alias is unknown.
  const unseen = new Set<string>();
  for (const r of model.scopes.references) {
    if (r.variable || !within(r.span, body) || unseen.has(r.name) || (r.access === 'read' && !r.through)) continue;
    unseen.add(r.name);
    out.push({
      loop: name,
      at: r.node,
      certain: false,
      message: `${show(subscriptChain(r.node).top)} uses '${r.name}', whose declaration is not visible (in a header or behind a macro): the test cannot tell which elements iterations of '${name}' touch`,
    });
  }
  // A field written of a structure of the outside: the test compares whole variables' elements only.
  const fields = new Set<Variable>();
  for (const r of model.scopes.references) {
    const v = r.variable;
    if (
      !v ||
      r.through !== 'field' ||
      r.access === 'read' ||
      v.shape !== 'value' ||
      within(v.span, loop.node) ||
      privates.has(v) ||
      fields.has(v)
    )
      continue;
    fields.add(v);
    if (!within(r.span, body)) continue;
    out.push({
      loop: name,
      at: r.node,
      certain: false,
      message: `${show(written(r.node))} writes a field of '${v.name}': the test does not compare the elements of fields, so iterations of '${name}' may touch the same one`,
    });
  }
  // Scalars of the outside written in the body: every iteration writes the same variable.
  const scalarWrites = new Set<Variable>();
  for (const r of model.scopes.references) {
    if (!r.variable || !within(r.span, body) || r.access === 'read' || r.through || privates.has(r.variable)) continue;
    if (r.variable.shape === 'value' && !within(r.variable.span, loop.node) && !scalarWrites.has(r.variable)) {
      scalarWrites.add(r.variable);
      const compound = r.access === 'readwrite';
      out.push({
        loop: name,
        at: r.node,
        certain: true,
        message: compound
          ? `'${r.variable.name}' accumulates across the iterations of '${name}' at ${show(r.node.parent ?? r.node)}: a reduction without a clause (give each iteration its own result)`
          : `every iteration of '${name}' writes the scalar '${r.variable.name}' at ${show(r.node.parent ?? r.node)}`,
      });
    }
  }
  // Leaving the loop early: whether a later iteration runs depends on an earlier one.
  walk(body, n => {
    if (n.type === 'return_statement' || n.type === 'goto_statement')
      out.push({
        loop: name,
        at: n,
        certain: true,
        message: `${show(n)} leaves the loop '${name}' from inside an iteration`,
      });
    return true;
  });
  const early = ownJump(body, 'break');
  if (early)
    out.push({
      loop: name,
      at: early,
      certain: true,
      message: `${show(early)} ends the loop '${name}' early: whether a later iteration runs depends on an earlier one`,
    });
  // Calls whose effects are unknown (math functions are pure; macros are read expanded).
  for (const { call, callee } of impureCalls(model, body))
    out.push({
      loop: name,
      at: call,
      certain: false,
      message: `${show(call)} calls '${callee}', whose effects on memory are unknown`,
    });

  // A private array (each iteration's own copy, iterationArrays) is no pair of the loop.
  const refs = arrayRefs(model, nest, loops).filter(r => within(r.node, body) && !privates.has(r.array));
  const x = loop.symbol;
  for (const [i, w] of refs.entries()) {
    if (!w.writes) continue;
    // The write's own array first: its reason (a distance, an indirect write) says more than an alias.
    const own = (r: Ref) => (r.array === w.array ? 0 : 1);
    for (const [j, g] of [...refs.entries()].sort((a, b) => own(a[1]) - own(b[1]))) {
      if (g.writes && j < i) continue;
      let found: Dependence;
      if (g.array !== w.array) {
        // Two names of one array: their indices say nothing about each other.
        if (!mayAlias(model, w.array, g.array)) continue;
        found = {
          loop: name,
          at: w.node,
          certain: false,
          message: `${show(w.node)} and ${show(g.node)} may touch the same element: '${w.array.name}' and '${g.array.name}' may point into the same array (declare them 'restrict' if they never overlap)`,
        };
      } else {
        const meeting = pairDependence(model, nest, loop, w, g, x, free);
        if (meeting === undefined) continue;
        found = {
          loop: name,
          at: w.node,
          certain: meeting.distance !== undefined,
          elements: !meeting.indirect,
          message: meeting.indirect
            ? `${show(w.node)} writes '${w.array.name}' at an index that is not affine in the loop indices (an indirect write): iterations of '${name}' may write the same element`
            : `${show(w.node)} and ${show(g.node)} touch the same element of '${w.array.name}' at different iterations of '${name}'${meeting.text}`,
        };
      }
      // One dependence per write: a certain one if there is one.
      const earlier = out.findIndex(d => d.at === w.node);
      if (earlier < 0) out.push(found);
      else if (found.certain) out[earlier] = found;
      if (found.certain) break;
    }
  }
  return out;
}

/** The whole expression an assignment writes through a name (`s.a[i]` for `s`). */
function written(name: SNode): SNode {
  let n = name;
  while (
    n.parent &&
    ['field_expression', 'subscript_expression', 'parenthesized_expression', 'pointer_expression'].includes(
      n.parent.type,
    ) &&
    n.parent.children[0] === n
  )
    n = n.parent;
  return n;
}

/** Calls that return storage no other pointer reaches. */
const ALLOCATIONS = new Set(['malloc', 'calloc', 'aligned_alloc']);

/** A variable declared `restrict` (`double *restrict a`): C's promise that what it writes no other name reaches. */
function restricted(v: Variable, text: string): boolean {
  const d = v.declaration.children.find(c => c.field === 'declarator' && within(v.span, c));
  let found = false;
  if (d)
    walk(d, n => {
      found ||= n.type === 'type_qualifier' && /^(restrict|__restrict|__restrict__)$/.test(text.slice(n.start, n.end));
      return !found;
    });
  return found;
}

/** Never assigned after its declaration, nor its address taken. */
const unassigned = (model: ItemModel, v: Variable) =>
  !model.scopes.references.some(r => r.variable === v && ((r.access !== 'read' && !r.through) || r.addressTaken));

/** An object of its own: an array (each declared array is a distinct object), or a local pointer
 * set once to fresh storage (`int *a = malloc(...)`). */
function ownObject(model: ItemModel, v: Variable): boolean {
  if (v.shape === 'array') return true;
  if (v.shape !== 'pointer' || v.storage !== 'local' || !unassigned(model, v)) return false;
  let init = initializerOf(v);
  while (init && (init.type === 'parenthesized_expression' || init.type === 'cast_expression'))
    init = init.type === 'cast_expression' ? child(init, 'value') : unparen(init);
  const f = init?.type === 'call_expression' ? child(init, 'function') : undefined;
  return !!f && f.type === 'identifier' && ALLOCATIONS.has(model.text.slice(f.start, f.end));
}

/** A local object whose address the function never hands out: every use is an access
 * (`a[i]`, `*a`, not `&a[i]`), a test (`!a`, `a == NULL`), `sizeof` or `free(a)`. */
function sealed(model: ItemModel, v: Variable): boolean {
  const text = model.text;
  return model.scopes.references.filter(r => r.variable === v).every(r => {
    if (r.addressTaken) return false;
    let n = r.node;
    // An access, unless its address is taken (`&c[1]` hands c out as `c + 1` does).
    if (r.through) return !elementAddressTaken(n, text);
    while (n.parent?.type === 'parenthesized_expression') n = n.parent;
    const p = n.parent,
      op =
        p && (p.type === 'binary_expression' || p.type === 'unary_expression')
          ? p.children.find(c => !c.named)
          : undefined;
    if (op && /^(!|==|!=|<|>|<=|>=|&&|\|\|)$/.test(text.slice(op.start, op.end))) return true;
    if (p?.type === 'sizeof_expression') return true;
    const call = p?.type === 'argument_list' ? p.parent : undefined, f = call && child(call, 'function');
    return !!f && text.slice(f.start, f.end) === 'free';
  });
}

/**
 * Whether two different variables may reach the same array (an alias the test cannot rule out is
 * a dependence): not when one is `restrict`, nor two objects of their own, nor an object local to
 * the function and a pointer that cannot reach it (it never handed its address out, or the pointer
 * is a parameter never assigned, which the caller set before the object existed).
 */
function mayAlias(model: ItemModel, x: Variable, y: Variable): boolean {
  if (restricted(x, model.text) || restricted(y, model.text)) return false;
  const ox = ownObject(model, x), oy = ownObject(model, y);
  if (ox && oy) return false;
  if (!ox && !oy) return true;
  const [o, p] = ox ? [x, y] : [y, x];
  const local = o.storage === 'local' && !o.isStatic && !o.isExtern;
  return !(local && (sealed(model, o) || (p.storage === 'param' && unassigned(model, p))));
}

/** An index as `indexShape` reads it. */
interface IndexShape { key: string; constant?: bigint; c?: bigint }

/** An index read for `distanceDependences` and `elementPairs`: its terms but the constant, the
 * constant (when an integer), and the integer coefficient of `x` (undefined when x appears otherwise). */
function indexShape(p: Poly, x: string): IndexShape {
  const parts: string[] = [];
  let constant: bigint | undefined = 0n, c: bigint | undefined = 0n;
  for (const t of p.terms()) {
    if (t.powers.size === 0) { constant = t.coefficient.d === 1n ? t.coefficient.n : undefined; continue; }
    const powers = [...t.powers].map(([s, e]) => `${s}^${e}`).sort().join('*');
    parts.push(`${t.coefficient.n}/${t.coefficient.d}*${powers}`);
    if (t.powers.has(x)) c = t.powers.size === 1 && t.powers.get(x) === 1 && t.coefficient.d === 1n ? t.coefficient.n : undefined;
  }
  return { key: parts.sort().join('+'), constant, c };
}

/** A reference's indices as polynomials of the nest (undefined where one cannot be read). */
function indexPolys(model: ItemModel, r: Ref, nest: SNode): (Poly | undefined)[] {
  return r.indices.map(ix => (ix ? readPoly(model, ix, nest) : Poly.constant(0)));
}

/** The array references of a loop's body (but private arrays'), with their indices read once each:
 * as polynomials of the nest, and split as `indexShape` splits them on the loop's index. */
function bodyRefs(model: ItemModel, nest: SNode, loop: NestLoop, privates: ReadonlySet<Variable>) {
  const body = child(loop.node, 'body');
  const refs = body ? arrayRefs(model, nest, nestLoops(model, nest)).filter(r => within(r.node, body) && !privates.has(r.array)) : [];
  const memo = new Map<Ref, (Poly | undefined)[]>();
  const polys = (r: Ref) => {
    let p = memo.get(r);
    if (!p) memo.set(r, (p = indexPolys(model, r, nest)));
    return p;
  };
  const shapes = new Map<Ref, (IndexShape | undefined)[]>();
  const shapesOf = (r: Ref) => {
    let out = shapes.get(r);
    if (!out) shapes.set(r, (out = polys(r).map(p => p && indexShape(p, loop.symbol))));
    return out;
  };
  return { refs, polys, shapesOf };
}

/**
 * The dependences of `carriedDependences` with a distance (`certain`) between two references to
 * one array: only the pairs one of whose dimensions differs by a constant that a multiple of the
 * loop index's coefficient covers, with every index read once; none of its other tests (scalars,
 * calls, aliases, exits). What the race check reads on every edit, where the whole test of every
 * pair of a large loop costs seconds (NAS BT).
 */
export function distanceDependences(model: ItemModel, nest: SNode, loop: NestLoop, privates: ReadonlySet<Variable> = new Set()): Dependence[] {
  const { refs, polys, shapesOf } = bodyRefs(model, nest, loop, privates);
  const x = loop.symbol;
  // A dimension `c·x + e + k` against `c·x + e + k'`, k - k' nonzero, c dividing it.
  const candidate = (w: Ref, g: Ref) => {
    const sw = shapesOf(w), sg = shapesOf(g);
    if (sw.length !== sg.length || sw.some(p => !p) || sg.some(p => !p)) return false;
    return sw.some((a, d) => {
      const b = sg[d]!;
      if (a!.key !== b.key || a!.constant === undefined || b.constant === undefined || !a!.c) return false;
      const k = a!.constant - b.constant;
      return k !== 0n && k % a!.c === 0n;
    });
  };
  const out: Dependence[] = [];
  for (const [i, w] of refs.entries()) {
    if (!w.writes) continue;
    for (const [j, g] of refs.entries()) {
      if (g.array !== w.array || (g.writes && j < i) || !candidate(w, g)) continue;
      const meeting = pairDependence(model, nest, loop, w, g, x, [], polys);
      if (meeting?.distance === undefined) continue;
      out.push({
        loop: loop.variable.name, at: w.node, certain: true, elements: true,
        message: `'${model.text.slice(w.node.start, w.node.end)}' and '${model.text.slice(g.node.start, g.node.end)}'${meeting.text}`,
        pair: { array: w.array, write: w.node, other: g.node, distance: meeting.distance },
      });
      break;
    }
  }
  return out;
}

/** An element one iteration of a loop writes and another uses: `user`, that iteration, or none where
 * every other iteration uses it (a constant index). */
export interface ElementPair { array: Variable; write: SNode; other: SNode; writer: bigint; user?: bigint }

/**
 * Two iterations of a loop meeting on one element that the distance test does not see: a write
 * indexed c·x + k in one dimension where another reference of the array has the constant m there
 * (`a[i] = a[i] + a[0]`: iteration 0 writes a[0], which every other one reads), or c'·x + k' moving
 * at another rate (`a[2 * i + 1] = a[i] + 1`: iteration 0 writes a[1], which iteration 1 reads);
 * every other dimension the same constant in both. Only iterations the loop is known to take count:
 * its lowest; with every integer between constant bounds taken, those; with bounds unknown, its
 * lowest two (the loop runs at least twice for any race). One pair per write.
 */
export function elementPairs(model: ItemModel, nest: SNode, loop: NestLoop, privates: ReadonlySet<Variable> = new Set()): ElementPair[] {
  const { refs, shapesOf } = bodyRefs(model, nest, loop, privates);
  const lo = loop.values?.lo.integer, hi = loop.values?.hi.integer;
  if (lo === undefined) return [];
  const last = !loop.values!.every ? lo : hi !== undefined ? hi : lo + 1n;
  const taken = (v: bigint) => v >= lo && v <= last;
  const fixed = (a: IndexShape | undefined) => !!a && a.key === '' && a.constant !== undefined;
  const moving = (a: IndexShape | undefined) => !!a?.c && a.key === `${a.c}/1*${loop.symbol}^1` && a.constant !== undefined;
  const out: ElementPair[] = [];
  for (const w of refs) {
    if (!w.writes) continue;
    const sw = shapesOf(w);
    const d = sw.findIndex(moving);
    if (d < 0) continue;
    const { c, constant: k } = sw[d]!;
    /** Where `g` uses an element the write reaches: the writing iteration and the using one. */
    const meeting = (g: Ref): ElementPair | undefined => {
      const sg = shapesOf(g);
      if (g === w || g.array !== w.array || sg.length !== sw.length) return undefined;
      if (!sw.every((a, e) => e === d || (fixed(a) && fixed(sg[e]) && a!.constant === sg[e]!.constant))) return undefined;
      const pair = (writer: bigint, user?: bigint) => ({ array: w.array, write: w.node, other: g.node, writer, user });
      if (fixed(sg[d])) {
        const m = sg[d]!.constant! - k!;
        return m % c! === 0n && taken(m / c!) ? pair(m / c!) : undefined;
      }
      if (!moving(sg[d]) || sg[d]!.c === c) return undefined; // the same rate: the distance test's
      const { c: c2, constant: k2 } = sg[d]!;
      // Iteration i writes the element c·i + k, which iteration (c·i + k - k') / c' uses (the first 64 tried).
      for (let i = lo; i <= last && i < lo + 64n; i++) {
        const m = c! * i + k! - k2!;
        if (m % c2! === 0n && m / c2! !== i && taken(m / c2!)) return pair(i, m / c2!);
      }
      return undefined;
    };
    for (const g of refs) {
      const found = meeting(g);
      if (found) { out.push(found); break; }
    }
  }
  return out;
}

/** How two references may meet: `indirect` (an index not affine), or the words saying where, with
 * the distance (on the loop's index, positive) when one is proven. */
interface Meeting { text: string; distance?: bigint; indirect?: true }

/** undefined when independent; how they may meet otherwise. */
function pairDependence(
  model: ItemModel,
  nest: SNode,
  loop: NestLoop,
  w: Ref,
  g: Ref,
  x: string,
  free: readonly NestLoop[],
  polys: (r: Ref) => (Poly | undefined)[] = r => indexPolys(model, r, nest),
): Meeting | undefined {
  let fw = polys(w), fg = polys(g);
  if (fw.some(p => !p)) return { text: '', indirect: true };
  if (fg.some(p => !p) || fw.length !== fg.length || fw.length === 0) return { text: '' };
  // The other iteration: x' = x + δ, the loops inside the loop renamed, the ones around it shared.
  // Loops around it that are `free` (the outer loop of an interchange) also take any iteration.
  const inner = (r: Ref) => [
    ...r.loops.filter(l => within(l.node, child(loop.node, 'body')!)),
    ...r.loops.filter(l => free.some(f => f.node === l.node)),
  ];
  const ranges = new Map<string, { lo: Poly; hi: Poly }>();
  const range = (l: NestLoop, as: string) => { if (l.values) ranges.set(as, l.values); };
  // A flat index R·S + C with 0 ≤ C < S (`out[j * n + i]`, i < n) names row R, column C: compare both.
  if (fw.length === 1) {
    const own = new Map<string, { lo: Poly; hi: Poly }>();
    for (const l of [...w.loops, ...g.loops]) if (l.values) own.set(l.symbol, l.values);
    const rows = (p: Poly, S: string) => {
      const split = p.affineIn(new Set([S]));
      const R = split?.coefficients.get(S), C = split && interval(split.rest, own);
      return R &&
        C &&
        C.min.nonNegative() &&
        Poly.symbol(S).sub(Poly.constant(1)).sub(C.max).nonNegative() &&
        [...R.symbols()].every(x => !x.startsWith(S))
        ? [R, split!.rest]
        : undefined;
    };
    for (const S of [...fw[0]!.symbols()].filter(x => !x.includes('@'))) {
      const a = rows(fw[0]!, S), b = rows(fg[0]!, S);
      if (a && b) { fw = a; fg = b; break; }
    }
  }
  range(loop, x);
  // The loops around it take one value for both iterations: a symbol like a size, which the
  // interval test takes as nonnegative, so only where their values are (`for (k = 0; ...)`).
  const shared = new Set(
    w.loops
      .filter(l => l.node !== loop.node && !free.some(f => f.node === l.node) && within(loop.node, l.node) && l.values?.lo.nonNegative())
      .map(l => l.symbol),
  );
  for (const l of inner(w)) range(l, l.symbol);
  for (const l of inner(g)) range(l, `${l.symbol}'`);
  const delta = `δ@${x}`;
  let distance: bigint | undefined;
  // Per dimension: is the pair apart when x' comes after x (δ ≥ 1), and when it comes before (δ ≤ -1)?
  const apart = fw.map((p, d): [boolean, boolean] => {
    let q = fg[d]!.substitute(x, Poly.symbol(x).add(Poly.symbol(delta)));
    for (const l of inner(g)) q = q.substitute(l.symbol, Poly.symbol(`${l.symbol}'`));
    const diff = p!.sub(q);
    // A difference c·δ + k alone gives the distance.
    const split = diff.affineIn(new Set([delta]));
    const c = split?.coefficients.get(delta)?.integer, k = split?.rest.integer;
    if (c !== undefined && k !== undefined && split!.coefficients.size === 1 && c !== 0n && k % c === 0n)
      distance ??= -k / c;
    // GCD: the integer coefficients of the variables must divide the constant.
    const terms = diff.terms();
    const constant = terms.find(t => t.powers.size === 0)?.coefficient;
    const variables = terms.filter(t => t.powers.size > 0);
    const linear = variables.every(
      t => t.coefficient.d === 1n && t.powers.size === 1 && [...t.powers].every(([s, e]) => s.includes('@') && e === 1),
    );
    if (constant && constant.d === 1n && linear) {
      const g0 = variables.reduce((a, t) => gcd(a, t.coefficient.n), 0n);
      if (g0 === 0n ? constant.n !== 0n : constant.n % g0 !== 0n) return [true, true];
    }
    // Every loop index in the difference needs its range (another's unknown range does not matter).
    // c·δ alone (the same element of the same index, `b[i]` and `b[i]`): never at two iterations.
    if (c !== undefined && c !== 0n && k === 0n && split!.coefficients.size === 1) return [true, true];
    if ([...diff.symbols()].some(sym => sym.includes('@') && sym !== delta && !ranges.has(sym) && !shared.has(sym)) || !loop.values)
      return [false, false];
    // δ ≥ 1 and δ ≤ -1 (x' after or before x), each within the loop's span.
    const span = loop.values.hi.sub(loop.values.lo);
    const directions: [Poly, Poly][] = [[Poly.constant(1), span], [span.neg(), Poly.constant(-1)]];
    const [later, earlier] = directions.map(([lo, hi]) => {
      const b = interval(diff, new Map([...ranges, [delta, { lo, hi }]]));
      return !!b && (b.min.sub(Poly.constant(1)).nonNegative() || b.max.add(Poly.constant(1)).nonPositive());
    });
    return [later, earlier];
  });
  // Apart in each direction, by the same dimension or by different ones; where the intervals
  // cannot tell, the exact test over both iterations' bounds together (the triangular a[i][j],
  // a[j][i] with j >= i, which per dimension do meet).
  const exact = (direction: 1 | -1) => {
    const primed = (p: Poly) => {
      let q = p.substitute(x, Poly.symbol(`${x}'`));
      for (const l of inner(g)) q = q.substitute(l.symbol, Poly.symbol(`${l.symbol}'`));
      return q;
    };
    const bounds: Poly[] = [];
    const bound = (l: NestLoop, rename: (p: Poly) => Poly) => {
      if (!l.values) return;
      const at = rename(Poly.symbol(l.symbol));
      bounds.push(at.sub(rename(l.values.lo)), rename(l.values.hi).sub(at));
    };
    for (const l of w.loops) bound(l, p => p);
    for (const l of g.loops) bound(l, primed);
    const after = Poly.symbol(`${x}'`).sub(Poly.symbol(x)).mul(Poly.constant(direction)).sub(Poly.constant(1));
    return integerSolutions({ zero: fw.map((p, d) => p!.sub(primed(fg[d]!))), nonNegative: [...bounds, after] }) === 'none';
  };
  const later = apart.some(a => a[0]) || exact(1), earlier = apart.some(a => a[1]) || exact(-1);
  if (later && earlier) return undefined;
  if (distance !== undefined && distance !== 0n) {
    const apart = distance < 0n ? -distance : distance;
    return { text: `: distance ${apart} on '${loop.variable.name}'`, distance: apart };
  }
  const name = loop.variable.name;
  if (later) return { text: `: direction '>' on '${name}' (the second at an earlier iteration of '${name}')` };
  if (earlier) return { text: `: direction '<' on '${name}' (the second at a later iteration of '${name}')` };
  return { text: '' };
}


/** Whether `span` lies in a loop around `nest` (it runs again after the nest, and sees what it left). */
function inLoopAround(nest: SNode, span: Span): boolean {
  for (let p = nest.parent; p; p = p.parent)
    if (['for_statement', 'while_statement', 'do_statement'].includes(p.type) && within(span, p)) return true;
  return false;
}

/**
 * Scalars each iteration of `loop` sets before it reads them (`acc = 0;` among the first statements
 * of its body, nothing before reading `acc`): each iteration's own, so no dependence — provided
 * nothing outside the nest reads what the loop leaves in them (no read after the nest, none in a
 * loop around it) and no pointer reaches them.
 */
export function iterationPrivates(model: ItemModel, loop: SNode, nest: SNode): Variable[] {
  const body = child(loop, 'body');
  if (body?.type !== 'compound_statement') return [];
  const text = model.text;
  const refs = model.scopes.references;
  const seen = new Set<Variable>();
  const out: Variable[] = [];
  for (const s of named(body).filter(n => n.type !== 'comment')) {
    const e = s.type === 'expression_statement' ? named(s)[0] : undefined;
    const left = e?.type === 'assignment_expression' ? child(e, 'left') : undefined;
    const operator = e && left ? text.slice(left.end, child(e, 'right')!.start).trim() : '';
    const v = left?.type === 'identifier' ? refs.find(r => r.span.start === left.start)?.variable : undefined;
    const rightReads = v && refs.some(r => r.variable === v && within(r.span, child(e!, 'right')!));
    if (v && operator === '=' && !seen.has(v) && !rightReads && v.shape === 'value' && !within(v.span, nest))
      out.push(v);
    for (const r of refs) if (r.variable && within(r.span, s)) seen.add(r.variable);
  }
  return out.filter(v => {
    if (v.storage !== 'local' || v.isStatic) return false;
    return refs.every(r => r.variable !== v || (!r.addressTaken && (within(r.span, nest) ||
      r.access === 'write' || (r.span.start < nest.start && !inLoopAround(nest, r.span)))));
  });
}

/**
 * The skew of a wavefront for the perfect nest `outer` { `inner` }: the factor f such that the
 * iterations on one line f·i + j = w touch no element another of them writes, and every dependence
 * goes from one line to a later one (f·dᵢ + dⱼ ≥ 1 for each distance (dᵢ, dⱼ)). Only uniform
 * dependences (each subscript `c·i + k` or `c·j + k` alike in both references) have distances;
 * anything else is a reason. The dependences of the two loops come from carriedDependences.
 */
export function wavefrontSkew(
  model: ItemModel,
  outer: NestLoop,
  inner: NestLoop,
  found: Dependence[],
): { factor: number } | { reason: string } {
  const other = found.find(d => !d.elements);
  if (other) return { reason: other.message };
  const nest = outer.node;
  const [i, j] = [outer.symbol, inner.symbol];
  const refs = arrayRefs(model, nest, [outer, inner]);
  const distances: [bigint, bigint][] = [];
  for (const [a, w] of refs.entries()) {
    if (!w.writes) continue;
    for (const [b, g] of refs.entries()) {
      if (g.array !== w.array || (g.writes && b < a)) continue;
      const fw = indexPolys(model, w, nest), fg = indexPolys(model, g, nest);
      const where = `'${model.text.slice(w.node.start, w.node.end)}' and '${model.text.slice(g.node.start, g.node.end)}'`;
      if (fw.some(p => !p) || fg.some(p => !p) || fw.length !== fg.length)
        return { reason: `${where} are not both affine in the loop indices` };
      // Per dimension c·(x' - x) = k: the distance along x, or no dependence when c does not divide k.
      const d: (bigint | undefined)[] = [undefined, undefined];
      let never = false;
      for (const [k, p] of fw.entries()) {
        const q = fg[k]!;
        const split = p!.affineIn(new Set([i, j])), other = q.affineIn(new Set([i, j]));
        const coefficients = split && [...split.coefficients].filter(([, c]) => !c.isZero);
        const same =
          split && other && coefficients!.length <= 1 &&
          [i, j].every(x => (split.coefficients.get(x) ?? Poly.ZERO).sub(other.coefficients.get(x) ?? Poly.ZERO).isZero);
        const k0 = same ? split!.rest.sub(other!.rest).integer : undefined;
        if (!same || k0 === undefined)
          return { reason: `${where}: the distance between them is not constant (not a uniform dependence)` };
        if (coefficients!.length === 0) { never ||= k0 !== 0n; continue; }
        const [x, c] = coefficients![0];
        const cn = c.integer;
        if (cn === undefined) return { reason: `${where}: the distance between them is not constant (not a uniform dependence)` };
        if (k0 % cn !== 0n) { never = true; continue; }
        const at = x === i ? 0 : 1, value = k0 / cn;
        if (d[at] !== undefined && d[at] !== value) never = true;
        d[at] = value;
      }
      if (never) continue;
      if (d[0] === undefined || d[1] === undefined)
        return { reason: `${where} meet at iterations any distance apart along '${(d[0] === undefined ? outer : inner).variable.name}'` };
      // The earlier iteration first: (dᵢ, dⱼ) lexicographically positive.
      const v: [bigint, bigint] = d[0] < 0n || (d[0] === 0n && d[1]! < 0n) ? [-d[0], -d[1]!] : [d[0], d[1]!];
      if (v[0] !== 0n || v[1] !== 0n) distances.push(v);
    }
  }
  // f·dᵢ + dⱼ ≥ 1: dᵢ = 0 needs dⱼ ≥ 1 (lexicographically positive); dᵢ ≥ 1 needs f ≥ (1 - dⱼ) / dᵢ.
  let factor = 1n;
  for (const [di, dj] of distances) {
    if (di === 0n) continue;
    const need = (1n - dj + di - 1n) / di; // ceiling for a positive numerator
    if (need > factor) factor = need;
  }
  if (!distances.length) return { reason: 'no dependence to order' };
  return { factor: Number(factor) };
}

/**
 * Small arrays each iteration of `loop` sets before it reads them (a scratch row, doitgen's
 * `sum[p]`): a local 1-D array of constant extent, declared outside the nest, whose address never
 * leaves the function and which nothing after the nest reads; in the body of `loop`, the first
 * statement using it is a loop `for (p = lo; p < hi; p++)` whose first statement is
 * `sum[p] = ...` (not reading it), and every other use is `sum[x]` with x the index of a loop over
 * the same range. Each thread then has its own copy (the printing declares it in the kernel).
 */
export function iterationArrays(model: ItemModel, loop: SNode, nest: SNode): Variable[] {
  const body = child(loop, 'body');
  if (!body) return [];
  const text = model.text;
  const refs = model.scopes.references;
  const loops = nestLoops(model, nest);
  const loopOf = (n: SNode) => loops.find(l => l.node === n || l.node.start === n.start);
  const same = (a: NestLoop, b: NestLoop) => !!a.lo && !!a.hi && !!b.lo && !!b.hi && a.lo.equals(b.lo) && a.hi.equals(b.hi);
  const out: Variable[] = [];
  const candidates = new Set(
    refs.filter(r => r.variable?.shape === 'array' && within(r.span, body)).map(r => r.variable!),
  );
  for (const v of candidates) {
    if (v.storage !== 'local' || v.isStatic || within(v.span, nest) || constantExtent(model, v) === undefined) continue;
    if (!sealed(model, v)) continue;
    const mine = refs.filter(r => r.variable === v);
    // Nothing outside the nest reads what the iterations leave (as for scalars: before it, outside any loop around it).
    if (mine.some(r => !within(r.span, nest) && (r.span.start > nest.end || inLoopAround(nest, r.span)))) continue;
    const inBody = mine.filter(r => within(r.span, body)).sort((a, b) => a.span.start - b.span.start);
    // The killing loop: the first statement of the body that uses the array.
    const first = named(body).find(st => inBody.some(r => within(r.span, st)));
    const killer = first?.type === 'for_statement' ? loopOf(first) : undefined;
    const kb = killer && child(killer.node, 'body');
    const head = kb && (kb.type === 'compound_statement' ? named(kb).filter(n => n.type !== 'comment')[0] : kb);
    const e = head?.type === 'expression_statement' ? named(head)[0] : undefined;
    const left = e?.type === 'assignment_expression' ? child(e, 'left') : undefined;
    const right = e && child(e, 'right');
    const op = e && left && right ? text.slice(left.end, right.start).trim() : '';
    if (!killer || !left || op !== '=' || refs.some(r => r.variable === v && within(r.span, right!))) continue;
    const indexOf = (r: { node: SNode }) => {
      const ix = subscriptChain(r.node).indices;
      return ix.length === 1 && ix[0]?.type === 'identifier' ? refs.find(x => x.span.start === ix[0]!.start)?.variable : undefined;
    };
    const written = inBody.find(r => within(r.span, left));
    if (!written || indexOf(written) !== killer.variable) continue;
    // Every use at the index of a loop over the same range as the killing loop.
    const covered = inBody.every(r => {
      const x = indexOf(r);
      let m: SNode | null = r.node;
      while (m && !(m.type === 'for_statement' && loopOf(m)?.variable === x)) m = m.parent;
      const l = m && loopOf(m);
      return !!l && within(l.node, body) && same(l, killer);
    });
    if (covered) out.push(v);
  }
  return out;
}

/** The extent of a 1-D array whose size is a literal or a macro (`long sum[NP]`), as written. */
export function constantExtent(model: ItemModel, v: Variable): string | undefined {
  const d = v.declaration.children.find(c => c.field === 'declarator' && within(v.span, c));
  const n = d?.type === 'init_declarator' ? child(d, 'declarator') : d;
  if (n?.type !== 'array_declarator' || child(n, 'declarator')?.type !== 'identifier') return undefined;
  const size = child(n, 'size');
  if (!size) return undefined;
  let constant = true;
  walk(size, m => {
    if (m.type === 'identifier' && model.scopes.references.some(r => r.span.start === m.start && r.variable)) constant = false;
    return constant;
  });
  return constant ? model.map.render(size) : undefined;
}

/** An expression surely of integer type: no floating literal, cast, call, field, or variable of a
 * floating type. */
function integerValued(model: ItemModel, e: SNode): boolean {
  const text = model.text;
  let ok = true;
  walk(e, n => {
    const t = text.slice(n.start, n.end);
    if (n.type === 'number_literal' && /[.eEpP]/.test(t) && !/^0[xX][0-9a-fA-F]+[uUlL]*$/.test(t)) ok = false;
    else if (n.type === 'cast_expression' && /\b(float|double)\b/.test(text.slice(child(n, 'type')?.start ?? n.start, child(n, 'type')?.end ?? n.start))) ok = false;
    else if (n.type === 'call_expression' || n.type === 'field_expression') ok = false;
    else if (n.type === 'identifier') {
      const v = variableOf(model.scopes, n);
      if (!v || /\b(float|double)\b/.test(v.typeText)) ok = false;
    }
    return ok;
  });
  return ok;
}

/** An update `x += e` / `x -= e` (x a scalar or an element of an array) a kernel may make atomic. */
export interface AtomicUpdate { update: SNode; target: Variable; subtract: boolean; wide: boolean }

/** Integer types CUDA adds atomically: 32-bit `int`/`unsigned` directly, 64-bit through
 * `unsigned long long` (two's complement: the same bits as the signed sum). Not float nor double:
 * their sum would come out rounded in another order on every run, where the program's loop has one. */
const ATOMIC_TYPES: Record<string, boolean> = {
  int: false, 'signed int': false, signed: false, unsigned: false, 'unsigned int': false,
  long: true, 'long int': true, 'signed long': true, 'unsigned long': true, 'long long': true, 'long long int': true,
  'signed long long': true, 'unsigned long long': true, 'unsigned long long int': true,
};

/**
 * The sums a loop's iterations add into (`sum += a[i]`, `y[j] += A[i][j] * x[i]`), when they are
 * all that keeps `loop` from running in parallel: integer targets (exact in any order) that the
 * nest only ever adds to (no other read or write, no address taken), declared outside the nest,
 * an array target reaching no other array of the nest. Undefined when anything else is carried.
 */
export function atomicReductions(
  model: ItemModel,
  nest: SNode,
  loop: NestLoop,
  privates: ReadonlySet<Variable>,
): AtomicUpdate[] | undefined {
  const text = model.text;
  const refs = model.scopes.references;
  const body = child(loop.node, 'body')!;
  const updates: AtomicUpdate[] = [];
  walk(body, n => {
    if (n.type !== 'assignment_expression' || n.parent?.type !== 'expression_statement') return true;
    const left = child(n, 'left'), right = child(n, 'right');
    const op = left && right ? text.slice(left.end, right.start).trim() : '';
    if (op !== '+=' && op !== '-=') return true;
    // `x` itself, or the array whose element `a[i][j]` is.
    const ref = refs.find(r =>
      left!.type === 'identifier'
        ? r.span.start === left!.start
        : r.through === 'subscript' && within(r.span, left!) && subscriptChain(r.node).top === left,
    );
    const v = ref?.variable;
    if (!v || (left!.type === 'identifier' ? v.shape !== 'value' : v.shape !== 'array' && v.shape !== 'pointer')) return true;
    // A schedule's indices are polynomials: an indirect sum (`hist[idx[i]] += 1`) cannot be one.
    if (subscriptChain(ref!.node).indices.some(ix => ix && !readPoly(model, ix, nest))) return true;
    const type = v.typeText.replace(/\b(const|volatile|static|register|restrict|__restrict__)\b/g, '').replace(/\s+/g, ' ').trim();
    // An integer increment: adding a fraction would truncate the running sum at each step.
    if (!(type in ATOMIC_TYPES) || !integerValued(model, right!)) return true;
    updates.push({ update: n, target: v, subtract: op === '-=', wide: ATOMIC_TYPES[type] });
    return false;
  });
  const targets = new Set(updates.map(u => u.target));
  if (!targets.size) return undefined;
  for (const v of targets) {
    if (within(v.span, nest) || (v.shape === 'value' && (v.storage !== 'local' || v.isStatic))) return undefined;
    // Only ever added to in the nest: every reference is an update's target, none in its value.
    const mine = refs.filter(r => r.variable === v && within(r.span, nest));
    const ok = mine.every(r => {
      const u = updates.find(x => x.target === v && within(r.span, child(x.update, 'left')!));
      return !!u && !r.addressTaken;
    });
    if (!ok) return undefined;
    if (v.shape !== 'value') {
      const others = new Set(refs.filter(r => r.variable && r.variable !== v && r.variable.shape !== 'value' &&
        r.variable.shape !== 'function' && within(r.span, nest)).map(r => r.variable!));
      if ([...others].some(o => mayAlias(model, v, o))) return undefined;
    }
  }
  if (carriedDependences(model, nest, loop, new Set([...privates, ...targets])).length) return undefined;
  return updates;
}
