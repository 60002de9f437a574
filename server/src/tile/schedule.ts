// Printing a tiled nest as a parametric `meta_schedule`: grid loops over ceiling-
// divided extents, block loops, the thread's coarsening loops, the original indices and a guard
// for the partial blocks. RT-CUDA's restructurings (Khan 2014 Ch. 5, App. B) are options of the printing:
// - collapsing: a 2-D nest runs as one dimension over the flat index (i = ij / W, j = ij % W);
// - coarsening: each thread computes M results along the outer dimension (MERGE_LEVEL) and s
//   along x (SKEW_LEVEL, the thesis's granularity). Unlike RT-CUDA's `(ij % N) * SKEW_LEVEL`,
//   which misses elements whenever SKEW_LEVEL > 1, a thread's results lie a whole block apart
//   (index ((v*M + m)*s + k)*B + u), so neighbouring threads touch neighbouring words and the
//   grid, from the product of the levels, covers every element;
// - shared-memory staging: `cache(...)` on the schedule, with the serial loop along a cached
//   array strip-mined into strips (prefetch.ts).

import { child, conjuncts, named, unparen, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { TextEdit } from '../base/edits';
import { canonicalHeader } from '../model/loops';
import type { ItemModel } from '../model/constructs';
import { writtenWithin, type Variable } from '../model/scopes';
import { within } from '../base/span';
import { atom, indentUnit, lineIndent, reindent } from '../base/layout';
import { Poly } from '../symbolic/poly';
import { constantExtent, type AtomicUpdate, type NestLoop } from '../model/dependence';
import type { Prefetch } from './prefetch';

/** A kernel: one (1-D) or two (2-D) parallel loops of a nest, and the serial loop it strip-mines;
 * or (`serial`, no loops) statements of a host loop's body that run in one thread. */
export interface KernelPlan {
  loops: NestLoop[];
  prefetch?: Prefetch;
  serial?: SNode[];
  /** The scalars each thread has its own copy of, when not the plan's. */
  privates?: Variable[];
  /** The extent a loop's grid covers, when its bounds move with the host loop (their largest). */
  extents?: Map<NestLoop, Poly>;
  /** A wavefront: the nest `loops[0]` { `inner` } run line by line, f·i + j = w for each w in
   * turn, the threads along i. */
  skew?: { inner: NestLoop; factor: number };
  /** An interchange: the loop `loops[loops.length - 1]` was inside this one, which now runs
   * serially in each thread. */
  interchanged?: NestLoop;
  /** The body each thread runs, when not the innermost loop's (one loop of a distributed body). */
  body?: SNode;
  /** A 2-D kernel whose threads along x take the outer loop (it indexes the last subscripts). */
  xOuter?: boolean;
  /** Sums the iterations add into, made atomic (scalars through a one-element array). */
  atomics?: AtomicUpdate[];
}
export interface Plan {
  host?: NestLoop;
  kernels: KernelPlan[];
  /** Scalars of the outside each iteration has its own copy of (OpenMP `private`). */
  privates?: Variable[];
  /** Dependences an OpenMP pragma vouched for. */
  trusted?: string[];
  /** Other plans of the nest, in order of preference, should the CUDA generator refuse this one. */
  alternatives?: Plan[];
}

export interface Restructuring {
  /** Block sizes: one (1-D, or the threads of a 2-D block) or two (B0, B1). */
  block?: number[];
  /** Results per thread along x (the thesis's granularity s, RT-CUDA's SKEW_LEVEL). */
  granularity?: number;
  /** Results per thread along the outer dimension (RT-CUDA's MERGE_LEVEL). */
  merge?: number;
  /** 2-D nests run as one dimension over the flat index. */
  collapse?: boolean;
  /** Arrays staged in shared memory (`cache(...)`). */
  cache?: string[];
  /** Iterations per strip of the serial loop strip-mined for `cache` (`--tile`; default: the x block side). */
  strip?: number;
}

/** Fresh names for the schedule's variables (B, dim, v, u, ...) that the function does not use. */
export class Names {
  private readonly used = new Set<string>();
  constructor(model: ItemModel) {
    walk(model.item, n => {
      if (n.type === 'identifier') this.used.add(model.text.slice(n.start, n.end));
      return true;
    });
  }
  take(base: string): string {
    let name = base;
    for (let i = 1; this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return name;
  }
}

/** The declarations of sizes and the schedule replacing `nest`. */
export function printSchedule(model: ItemModel, nest: SNode, plan: Plan, names: Names, options: Restructuring): string {
  const text = model.text;
  const unit = indentUnit(model.map.fileText);
  const indent = lineIndent(text, nest.start);
  const twoD = !options.collapse && plan.kernels.some(k => k.loops.length === 2);
  const blocks = options.block ?? [];
  const B = names.take('B');
  const [B0, B1] = twoD ? [names.take('B0'), names.take('B1')] : [B, B];
  const level = (n: number | undefined, base: string) => (Math.floor(n ?? 1) > 1 ? names.take(base) : undefined);
  const S = level(options.granularity, 's'), M = level(options.merge, 'M');
  const decls: string[] = [];
  // One size for a 2-D nest is its threads per block: 32 along x (a warp's row), the rest along y.
  const [b0, b1] =
    blocks.length >= 2
      ? [blocks[0], blocks[1]]
      : blocks.length === 1
        ? [Math.max(1, Math.floor(blocks[0] / Math.min(blocks[0], 32))), Math.min(blocks[0], 32)]
        : [16, 16];
  decls.push(
    twoD
      ? `int ${B0} = ${b0}, ${B1} = ${b1};${plan.kernels.some(k => k.loops.length === 1) ? ` int ${B} = ${blocks.length === 1 ? blocks[0] : b0 * b1};` : ''}`
      : `int ${B} = ${blocks[0] ?? 256};`,
  );
  if (M) decls.push(`int ${M} = ${Math.floor(options.merge!)};`);
  if (S) decls.push(`int ${S} = ${Math.floor(options.granularity!)};`);
  const T = plan.kernels.some(k => k.prefetch) ? names.take('T') : undefined;
  if (T) decls.push(`int ${T} = ${options.strip ?? (twoD ? b1 : 32)};`);
  const size = { B, B0, B1, S, M, T, collapse: !!options.collapse };
  // A scalar sum lives in a one-element array during the schedule (a kernel returns results only
  // through arrays), starting from the scalar's value and copied back after.
  const sums = new Map<Variable, string>();
  for (const u of plan.kernels.flatMap(k => k.atomics ?? []))
    if (u.target.shape === 'value' && !sums.has(u.target)) {
      const cell = names.take(`${u.target.name}_sum`);
      sums.set(u.target, cell);
      decls.push(`${u.target.typeText.trim()} ${cell}[1] = { ${u.target.name} };`);
    }
  const kernelsText = plan.kernels.map(k =>
    printKernelNest(model, k, names, size, decls, indent + unit + (plan.host ? unit : ''), unit, plan.privates ?? [], sums),
  );
  const inner = plan.host
    ? `${indent}${unit}${text.slice(plan.host.node.start, child(plan.host.node, 'body')!.start).trimEnd()} {\n${kernelsText.join('\n')}\n${indent}${unit}}`
    : kernelsText.join('\n');
  const cache = options.cache?.length ? ` cache(${options.cache.join(', ')})` : '';
  return [
    `/* metafork tile: ${plan.kernels.length} kernel${plan.kernels.length === 1 ? '' : 's'}; block sizes and granularity are the variables below */`,
    ...decls.map(d => indent + d),
    `${indent}meta_schedule${cache} {`,
    inner,
    `${indent}}`,
    ...[...sums].map(([v, cell]) => `${indent}${v.name} = ${cell}[0];`),
  ].join('\n');
}

interface Sizes { B: string; B0: string; B1: string; S?: string; M?: string; T?: string; collapse: boolean }

/** C text of a bound: the nest's loop indices (symbols `i@offset`) by their names. */
const toC = (p: Poly) => p.toC(s => s.replace(/@\d+$/, ''));

/** `i < hi + 1`, or `i <= hi` when that reads shorter (`p <= 2 * n` rather than `p < 2 * n + 1`). */
function upTo(name: string, hi: Poly): string {
  const inclusive = toC(hi), exclusive = toC(hi.add(Poly.constant(1)));
  return exclusive.length <= inclusive.length ? `${name} < ${exclusive}` : `${name} <= ${inclusive}`;
}

/** One tiled nest: grid loops, the loop over strips, block loops, coarsening loops, the original
 * indices and the guard. */
function printKernelNest(
  model: ItemModel,
  k: KernelPlan,
  names: Names,
  size: Sizes,
  decls: string[],
  at: string,
  unit: string,
  privates: Variable[],
  sums: ReadonlyMap<Variable, string> = new Map(),
): string {
  if (k.serial) return printOneThread(model, k, names, at, unit);
  // The thread dimensions: each parallel loop, or the two as one when collapsed.
  // Threads along x take the last loop, or the outer one where it indexes the arrays' last
  // subscript (coalescing: neighbouring threads touch neighbouring words).
  const order = k.xOuter ? [...k.loops].reverse() : k.loops;
  const dims = size.collapse && k.loops.length === 2 ? [order] : order.map(l => [l]);
  const two = dims.length === 2;
  const sides = two ? [size.B0, size.B1] : [size.B];
  const v = two ? [names.take('v0'), names.take('v1')] : [names.take('v')];
  const u = two ? [names.take('u0'), names.take('u1')] : [names.take('u')];
  const dimNames = dims.map((_, i) => names.take(two ? `dim${i}` : 'dim'));
  // Merging coarsens the outer dimension, skewing (granularity) x; one dimension takes both.
  const coarse: { level: string; index: string }[][] = dims.map(() => []);
  if (size.M) coarse[0].push({ level: size.M, index: names.take('m') });
  if (size.S) coarse[dims.length - 1].push({ level: size.S, index: names.take('k') });
  const extent = (l: NestLoop) => k.extents?.get(l) ?? l.hi!.sub(l.lo!).add(Poly.constant(1));
  // Ceiling division: (W + per - 1) / per, the numerator simplified as a polynomial.
  dims.forEach((d, i) => {
    const per = coarse[i].reduce((p, c) => p.mul(Poly.symbol(c.level)), Poly.symbol(sides[i]));
    const W = d.map(extent).reduce((a, b) => a.mul(b));
    decls.push(`int ${dimNames[i]} = (${toC(W.add(per).sub(Poly.constant(1)))}) / ${atom(toC(per))};`);
  });
  const p = k.prefetch;
  const strips = p && {
    kt: names.take(`${p.loop.variable.name}t`),
    kk: names.take(`${p.loop.variable.name}k`),
    count: names.take(`tiles_${p.loop.variable.name}`),
  };
  if (p && strips) {
    const W = extent(p.loop),
      T = Poly.symbol(size.T!);
    const count = `(${toC(W.add(T).sub(Poly.constant(1)))}) / ${size.T}`;
    // Statements before or after the loop run at its first or last strip: there must be one.
    decls.push(
      `int ${strips.count} = ${p.pre.length || p.post.length || p.accumulators.length ? `${toC(W)} > 0 ? ${count} : 1` : count};`,
    );
  }

  const lines: string[] = [];
  let ind = at;
  const open = (line: string) => {
    lines.push(ind + line);
    ind += unit;
  };
  // A wavefront's lines in turn, f·i + j = w from the first iteration's to the last's.
  const wave = k.skew && { ...k.skew, w: names.take('w'), outer: k.loops[0] };
  if (wave) {
    const f = Poly.constant(wave.factor);
    const lo = f.mul(wave.outer.lo!).add(wave.inner.lo!), hi = f.mul(wave.outer.hi!).add(wave.inner.hi!);
    open(`for (int ${wave.w} = ${toC(lo)}; ${upTo(wave.w, hi)}; ${wave.w}++)`);
  }
  dims.forEach((_, i) => open(`meta_for (int ${v[i]} = 0; ${v[i]} < ${dimNames[i]}; ${v[i]}++)`));
  if (strips) open(`for (int ${strips.kt} = 0; ${strips.kt} < ${strips.count}; ${strips.kt}++)`);
  const loopsInside = coarse.flat();
  dims.forEach((_, i) =>
    open(
      `meta_for (int ${u[i]} = 0; ${u[i]} < ${sides[i]}; ${u[i]}++)${i === dims.length - 1 && !loopsInside.length ? ' {' : ''}`,
    ),
  );
  loopsInside.forEach((c, i) =>
    open(`for (int ${c.index} = 0; ${c.index} < ${c.level}; ${c.index}++)${i === loopsInside.length - 1 ? ' {' : ''}`),
  );
  const guards: string[] = [];
  dims.forEach((d, i) => {
    const wrap = (e: string) => (e.includes('+') ? `(${e})` : e);
    let x = v[i];
    for (const c of coarse[i]) x = `${wrap(x)} * ${c.level} + ${c.index}`;
    x = `${wrap(x)} * ${sides[i]} + ${u[i]}`;
    const declare = (l: NestLoop, value: string) => {
      const lo = toC(l.lo!);
      lines.push(
        `${ind}${l.variable.typeText.trim() || 'int'} ${l.variable.name} = ${lo === '0' ? '' : `${atom(lo)} + `}${value};`,
      );
    };
    if (d.length === 1) {
      declare(d[0], x);
      guards.push(upTo(d[0].variable.name, d[0].hi!));
    } else {
      // The flat index of a collapsed nest: row-major over the two extents.
      const flat = names.take(d.map(l => l.variable.name).join(''));
      const W1 = atom(toC(extent(d[1])));
      lines.push(`${ind}int ${flat} = ${x};`);
      declare(d[0], `${flat} / ${W1}`);
      declare(d[1], `${flat} % ${W1}`);
      // Bounds on i and j (rather than ij < W0·W1, the same set) size the arrays for the generator.
      guards.push(...d.map(l => upTo(l.variable.name, l.hi!)));
    }
  });
  if (wave) {
    const j = wave.inner.variable, i = wave.outer.variable.name;
    lines.push(`${ind}${j.typeText.trim() || 'int'} ${j.name} = ${wave.w} - ${wave.factor === 1 ? '' : `${wave.factor} * `}${i};`);
    guards.push(`${j.name} >= ${toC(wave.inner.lo!)}`, upTo(j.name, wave.inner.hi!));
  }
  const innermost = (wave ? wave.inner : k.loops[k.loops.length - 1]).node;
  // An interchanged nest's body: the outer loop around the inner loop's body (its header dropped).
  const swapped = k.interchanged?.node;
  const body = swapped ?? k.body ?? child(innermost, 'body')!;
  // Each thread's own copy of the private scalars its body writes.
  for (const v of k.privates ?? privates) {
    const written = writtenWithin(model.scopes, v, body);
    const extent = v.shape === 'array' ? `[${constantExtent(model, v)}]` : '';
    if (written && !k.loops.some(l => l.variable === v)) lines.push(`${ind}${v.typeText.trim()} ${v.name}${extent};`);
  }
  const bodyText = swapped
    ? render(model, swapped, ind, unit, [{ start: innermost.start, end: child(innermost, 'body')!.start, newText: '' }])
    : p && strips
      ? stripMinedBody(model, body, p, strips, size.T!, ind, unit)
      : render(model, body, ind, unit, atomicEdits(model, k.atomics ?? [], sums));
  lines.push(
    `${ind}if (${guards.join(' && ')})${bodyText.startsWith('{') ? ` ${bodyText}` : `\n${ind}${unit}${bodyText}`}`,
  );
  ind = ind.slice(0, ind.length - unit.length);
  lines.push(`${ind}}`);
  return lines.join('\n');
}

/** `x += e` as `atomicAdd(&x, e)`: 64-bit integers through `unsigned long long` (the same bits),
 * a scalar through its one-element array. */
function atomicEdits(model: ItemModel, updates: AtomicUpdate[], sums: ReadonlyMap<Variable, string>): TextEdit[] {
  return updates.map(u => {
    const left = child(u.update, 'left')!, right = child(u.update, 'right')!;
    const target = sums.has(u.target) ? `${sums.get(u.target)}[0]` : model.map.render(left).trim();
    const value = `${u.subtract ? '-' : ''}(${model.map.render(right).trim()})`;
    const type = u.target.typeText.trim();
    return {
      start: u.update.start,
      end: u.update.end,
      newText: u.wide
        ? `atomicAdd((unsigned long long *) &${target}, (unsigned long long) ${value})`
        : `atomicAdd(&${target}, (${type}) ${value})`,
    };
  });
}

/** Statements of a host loop's body as a kernel of one thread: a grid of one block of one. */
function printOneThread(model: ItemModel, k: KernelPlan, names: Names, at: string, unit: string): string {
  const v = names.take('v'), u = names.take('u');
  const ind = at + unit + unit;
  const own = (k.privates ?? []).map(x => `${ind}${x.typeText.trim() || 'int'} ${x.name};`);
  return [
    `${at}meta_for (int ${v} = 0; ${v} < 1; ${v}++) /* one thread: the statements between the parallel loops */`,
    `${at}${unit}meta_for (int ${u} = 0; ${u} < 1; ${u}++) {`,
    ...own,
    ...k.serial!.map(s => ind + renderAt(model, s, ind)),
    `${at}${unit}}`,
  ].join('\n');
}

/** A statement of the body re-indented to `ind` (its block opening on the current line), with
 * MAX/MIN bounds made affine and `edits` (offsets of the text) applied; macro uses no edit touches
 * are written as the user wrote them (the tiled file has their definitions). */
function render(model: ItemModel, node: SNode, ind: string, unit: string, edits: TextEdit[] = []): string {
  return renderAt(model, node, node.type === 'compound_statement' ? ind : ind + unit, edits);
}

/** A statement whose own line is indented by `to` (the lines after it keep their depth below it). */
function renderAt(model: ItemModel, node: SNode, to: string, edits: TextEdit[] = []): string {
  const mine = [...boundEdits(model, node), ...edits.filter(e => node.start <= e.start && e.end <= node.end)];
  return reindent(model.map.render(node, mine), lineIndent(model.text, node.start), to);
}

/** The body of the innermost parallel loop with its serial loop strip-mined (prefetch.ts). */
function stripMinedBody(
  model: ItemModel,
  body: SNode,
  p: Prefetch,
  strips: { kt: string; kk: string; count: string },
  T: string,
  ind: string,
  unit: string,
): string {
  const text = model.text;
  const in1 = ind + unit,
    in2 = in1 + unit;
  // Accumulators become their destination element.
  const edits: TextEdit[] = [];
  for (const a of p.accumulators) {
    const target = text.slice(a.target.start, a.target.end);
    for (const r of model.scopes.references)
      if (r.variable === a.local && within(r.span, p.loop.node))
        edits.push({ start: r.span.start, end: r.span.end, newText: target });
  }
  const statement = (s: SNode, to: string) => {
    const a = p.accumulators.find(x => x.declaration === s);
    return a
      ? `${text.slice(a.target.start, a.target.end)} = ${text.slice(a.init.start, a.init.end)};`
      : render(model, s, to, unit, edits);
  };
  const once = (cond: string, stmts: SNode[]) =>
    stmts.length ? [`${in1}if (${cond}) {`, ...stmts.map(s => in2 + statement(s, in2)), `${in1}}`] : [];
  const l = p.loop,
    k = l.variable.name,
    lo = toC(l.lo!);
  const lines = [
    '{',
    ...p.values.map(s => in1 + render(model, s, in1, unit)),
    ...once(
      `${strips.kt} == 0`,
      [...p.accumulators.map(a => a.declaration), ...p.pre].sort((a, b) => a.start - b.start),
    ),
    `${in1}for (int ${strips.kk} = 0; ${strips.kk} < ${T}; ${strips.kk}++) {`,
    `${in2}${l.variable.typeText.trim() || 'int'} ${k} = ${lo === '0' ? '' : `${atom(lo)} + `}${strips.kt} * ${T} + ${strips.kk};`,
    `${in2}if (${upTo(k, l.hi!)}) ${render(model, child(l.node, 'body')!, in2, unit, edits)}`,
    `${in1}}`,
    ...once(`${strips.kt} == ${strips.count} - 1`, p.post),
    `${ind}}`,
  ];
  return lines.join('\n');
}

const MAXIMA = /^(MAX|max|fmax)$/, MINIMA = /^(MIN|min|fmin)$/;

/** The operands of `a > b ? a : b` (the larger, `larger`) or `a < b ? a : b` (the smaller), in any
 * of the ways the comparison is written, parentheses aside: what a MAX or MIN macro expands to. */
function selection(e: SNode, text: string, larger: boolean): string[] | undefined {
  const c = unparen(e);
  const test = unparen(c && child(c, 'condition')), yes = unparen(c && child(c, 'consequence'));
  const no = unparen(c && child(c, 'alternative'));
  const l = unparen(test && child(test, 'left')), r = unparen(test && child(test, 'right'));
  if (c?.type !== 'conditional_expression' || test?.type !== 'binary_expression' || !yes || !no || !l || !r) return;
  const op = text.slice(child(test, 'left')!.end, child(test, 'right')!.start).trim();
  const same = (a: SNode, b: SNode) => text.slice(a.start, a.end) === text.slice(b.start, b.end);
  const greater = op === '>' || op === '>=' ? true : op === '<' || op === '<=' ? false : undefined;
  if (greater === undefined) return;
  // `l > r ? l : r` picks the larger; `l > r ? r : l` the smaller.
  const picksLeft = same(yes, l) && same(no, r), picksRight = same(yes, r) && same(no, l);
  if (!picksLeft && !picksRight) return;
  if ((greater === picksLeft) !== larger) return;
  return [l, r].map(x => text.slice(x.start, x.end));
}

/**
 * Serial loops of a kernel's body must have affine bounds (Xie 2016 §5.3, App. C.1): a bound written
 * `MAX(a, b)` / `MIN(c, d)` (the thesis's `t = max(0, n-p); t <= min(n, 2*n-p)`) becomes the loop
 * over its first operand with the others as a guard, `for (t = a; t <= c; t++) if (t >= b && t <= d)`;
 * a condition `k <= i && k <= j` runs to its first bound with the others as the guard. (A loop
 * that exits on a condition that is no bound at all still stays serial: the guard would not stop it,
 * but then the generator refuses the bound, and the nest stays serial with that reason.)
 */
function boundEdits(model: ItemModel, body: SNode): TextEdit[] {
  const text = model.text;
  const edits: TextEdit[] = [];
  walk(body, n => {
    if (n.type !== 'for_statement') return true;
    // A conjunction of bounds (`k <= i && k <= j`): the loop runs to the first, the rest guard.
    const cond = unparen(child(n, 'condition'));
    const parts = conjuncts(cond, text);
    if (cond && parts.length > 1) {
      // Only upper bounds of the index by values the loop does not change name the same set of
      // iterations (`k < n && a[k] != 0` stops at the first zero: it stays as written).
      const init = child(n, 'initializer');
      const refs = model.scopes.references;
      const index =
        init &&
        (model.scopes.variables.find(v => v.loopControl && within(v.span, init)) ??
          refs.find(r => r.access === 'write' && within(r.span, init))?.variable);
      const bound = (c: SNode) => {
        const l = child(c, 'left'), r = child(c, 'right');
        if (c.type !== 'binary_expression' || !l || !r || !/^<=?$/.test(text.slice(l.end, r.start).trim()))
          return false;
        if (l.type !== 'identifier' || refs.find(x => x.span.start === l.start)?.variable !== index) return false;
        let plain = true;
        walk(r, m => {
          if (/^(call|subscript|assignment|update)_expression$/.test(m.type)) plain = false;
          return plain;
        });
        // Not the index, not anything assigned or incremented in the loop (macro constants are neither).
        return (
          plain &&
          refs
            .filter(x => within(x.span, r))
            .every(x => !x.variable || (x.variable !== index && !writtenWithin(model.scopes, x.variable, n)))
        );
      };
      if (!index || !parts.every(bound)) return false;
      edits.push({ start: cond.start, end: cond.end, newText: text.slice(parts[0].start, parts[0].end) });
      edits.push({
        start: child(n, 'body')!.start,
        end: child(n, 'body')!.start,
        newText: `if (${parts
          .slice(1)
          .map(c => text.slice(c.start, c.end))
          .join(' && ')}) `,
      });
      return false;
    }
    const h = canonicalHeader(n, text).header;
    if (!h || !h.variableOnLeft || h.step.negative) return true;
    const args = (e: SNode, names: RegExp, larger: boolean) => {
      const call = e.type === 'call_expression' ? e : undefined;
      const f = call && child(call, 'function');
      const list = call && child(call, 'arguments');
      return f && list && names.test(text.slice(f.start, f.end))
        ? named(list).map(a => text.slice(a.start, a.end))
        : selection(e, text, larger);
    };
    const lower = args(h.lower, MAXIMA, true), upper = args(h.bound, MINIMA, false);
    if (!lower && !upper) return true;
    const guards: string[] = [];
    // A MAX/MIN macro's expansion is parenthesized: the operand replaces the parentheses too.
    const whole = (e: SNode) => {
      let n = e;
      while (n.parent?.type === 'parenthesized_expression') n = n.parent;
      return n;
    };
    if (lower) {
      edits.push({ start: whole(h.lower).start, end: whole(h.lower).end, newText: lower[0] });
      guards.push(...lower.slice(1).map(x => `${h.variable} >= ${x}`));
    }
    if (upper) {
      edits.push({ start: whole(h.bound).start, end: whole(h.bound).end, newText: upper[0] });
      guards.push(...upper.slice(1).map(x => `${h.variable} ${h.operator} ${x}`));
    }
    const loopBody = child(n, 'body')!;
    edits.push({ start: loopBody.start, end: loopBody.start, newText: `if (${guards.join(' && ')}) ` });
    return false;
  });
  return edits;
}
