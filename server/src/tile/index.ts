// `metafork tile` (SPEC §7, issue 8): plain loop nests become parametric `meta_schedule`s. A nest
// whose outermost loop the dependence test proves parallel is strip-mined by a symbolic block
// size B (grid `(HI - LO + B*s - 1) / (B*s)` blocks by ceiling division, a guard for the partial
// last tile, optional granularity s); two perfectly nested parallel loops tile in 2-D by B0 × B1.
// A sequential outermost loop (a time step) whose body is parallel loops stays a host loop inside
// the schedule, each inner loop a kernel. Other nests stay serial, with the dependence that
// forbids them. Sequential loops inside the tiled loops stay in the kernel's body.

import { analyzeText } from '../analyze';
import type { MfDiagnostic } from '../analysis/diagnostic';
import { diagnostic } from '../analysis/diagnostic';
import { canonicalHeader } from '../analysis/loops';
import type { ItemModel } from '../model/constructs';
import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { applyEdits, TextEdit } from '../syntax/edits';
import { constructSpan } from '../model/constructs';
import { atom, indentUnit, lineIndent, reindent } from '../translate/common';
import { Poly } from '../symbolic/poly';
import { carriedDependences, Dependence, NestLoop, nestLoops } from './dependence';

export interface TileOptions {
  fileName?: string;
  /** Block sizes: one (1-D, or both sides of 2-D) or two (B0, B1). */
  block?: number[];
  /** Thread granularity s (1: none). */
  granularity?: number;
  /** Only the nest holding this offset. */
  offset?: number;
}

export interface TiledNest { start: number; end: number; line: number; tiled: boolean; kernels: number; reasons: string[] }
export interface TileResult { text?: string; diagnostics: MfDiagnostic[]; nests: TiledNest[] }

export async function tileText(text: string, options: TileOptions = {}): Promise<TileResult> {
  const analysis = await analyzeText(text, options.fileName);
  try {
    const errors = analysis.diagnostics.filter(d => d.severity === 'error');
    if (errors.length) return { diagnostics: errors, nests: [] };
    const edits: TextEdit[] = [];
    const diagnostics: MfDiagnostic[] = [];
    const nests: TiledNest[] = [];
    for (const model of analysis.model.allItems()) {
      if (model.item.type !== 'function_definition') continue;
      // One set of names per function: the schedules of one function declare different variables.
      const names = new Names(model);
      for (const { loop: nest, span } of outermostLoops(model)) {
        if (options.offset !== undefined && !(span.start <= options.offset && options.offset <= span.end)) continue;
        const plan = planNest(model, nest);
        const line = text.slice(0, nest.start).split('\n').length;
        if ('reasons' in plan) {
          nests.push({ start: nest.start, end: nest.end, line, tiled: false, kernels: 0, reasons: plan.reasons.map(r => r.message) });
          diagnostics.push(diagnostic('MF702', header(nest, text), `this loop nest stays serial: ${plan.reasons[0].message}`));
          continue;
        }
        edits.push({ start: span.start, end: span.end, newText: printSchedule(model, nest, plan, names, options) });
        nests.push({ start: nest.start, end: nest.end, line, tiled: true, kernels: plan.kernels.length, reasons: [] });
        diagnostics.push(diagnostic('MF701', header(nest, text), `tiled into a meta_schedule of ${plan.kernels.length} kernel${plan.kernels.length === 1 ? '' : 's'}${plan.host ? ` inside the host loop '${plan.host.variable.name}'` : ''}`));
      }
    }
    if (nests.length === 0) diagnostics.push(diagnostic('MF703', { start: options.offset ?? 0, end: (options.offset ?? 0) + Math.min(1, text.length) }, `no loop nest ${options.offset === undefined ? 'in this file' : 'here'} to tile`));
    return { ...(nests.some(n => n.tiled) ? { text: applyEdits(text, edits) } : {}), diagnostics, nests };
  } finally {
    analysis.syntax.dispose();
  }
}

/** The loop nest around `offset` that `tileText` would take (its outermost loop and the span it
 * replaces), and why it would stay serial; undefined outside one. */
export function nestAt(model: ItemModel, offset: number): { loop: SNode; span: { start: number; end: number }; reasons: string[] } | undefined {
  if (model.item.type !== 'function_definition') return undefined;
  const found = outermostLoops(model).find(n => n.span.start <= offset && offset <= n.span.end);
  if (!found) return undefined;
  const plan = planNest(model, found.loop);
  return { ...found, reasons: 'reasons' in plan ? plan.reasons.map(r => r.message) : [] };
}

const header = (loop: SNode, text: string) => {
  const body = child(loop, 'body');
  let end = body ? body.start : loop.end;
  while (end > loop.start && /\s/.test(text[end - 1])) end--;
  return { start: loop.start, end };
};

/** The for statements of a function not inside another loop or a parallel construct, and the
 * loops of `#pragma omp [parallel] for` (their pragma is replaced with them); `span` is what the
 * schedule replaces. */
function outermostLoops(model: ItemModel): { loop: SNode; span: { start: number; end: number } }[] {
  const out: { loop: SNode; span: { start: number; end: number } }[] = [];
  const ompLoops = model.constructs.filter(c => c.kind === 'omp' && c.loop && /^(parallel for|for)$/.test(c.directive?.name ?? '') && !c.parent);
  const inConstruct = (n: SNode) => model.constructs.some(c => c.start <= n.start && n.end <= c.end);
  walk(model.item, n => {
    if (n.type === 'for_statement' || n.type === 'while_statement' || n.type === 'do_statement') {
      const omp = ompLoops.find(c => c.loop!.start === n.start);
      if (omp) out.push({ loop: n, span: constructSpan(omp) });
      else if (n.type === 'for_statement' && !inConstruct(n)) out.push({ loop: n, span: { start: n.start, end: n.end } });
      return false;
    }
    return true;
  });
  return out;
}

/** A kernel: one (1-D) or two (2-D) parallel loops of a nest. */
interface KernelPlan { loops: NestLoop[] }
interface Plan { host?: NestLoop; kernels: KernelPlan[] }

/** The statements of a loop body (a block's, or the body itself). */
const statements = (body: SNode) => (body.type === 'compound_statement' ? named(body).filter(n => n.type !== 'comment') : [body]);

function planNest(model: ItemModel, nest: SNode): Plan | { reasons: Dependence[] } {
  const loops = nestLoops(model, nest);
  const loopAt = (n: SNode) => loops.find(l => l.node.start === n.start);
  const outer = loopAt(nest);
  if (!outer) return { reasons: [{ loop: '', at: nest, message: `its header is not 'for (int i = LO; i < HI; i++)'` }] };
  const kernelOf = (l: NestLoop, within: SNode): KernelPlan | { reasons: Dependence[] } => {
    const deps = carriedDependences(model, within, l);
    if (deps.length) return { reasons: deps };
    if (!l.lo || !l.hi) return { reasons: [{ loop: l.variable.name, at: l.node, message: `the range of '${l.variable.name}' is not read from its header (it must be 'for (int ${l.variable.name} = LO; ${l.variable.name} < HI; ${l.variable.name}++)')` }] };
    // A second parallel loop directly inside, with bounds free of the first: 2-D.
    const inside = statements(child(l.node, 'body')!);
    const second = inside.length === 1 && inside[0].type === 'for_statement' ? loopAt(inside[0]) : undefined;
    const free = second?.lo && second.hi && ![...second.lo.symbols(), ...second.hi.symbols()].some(s => s.startsWith(`${l.variable.name}@`));
    if (second && free && carriedDependences(model, within, second).length === 0) return { loops: [l, second] };
    return { loops: [l] };
  };
  const direct = kernelOf(outer, nest);
  if (!('reasons' in direct)) return { kernels: [direct] };
  // A sequential loop around parallel loops: a host loop (time steps).
  const inside = statements(child(nest, 'body')!);
  if (inside.length && inside.every(s => s.type === 'for_statement')) {
    const kernels: KernelPlan[] = [];
    for (const s of inside) {
      const l = loopAt(s);
      if (!l) return direct;
      const k = kernelOf(l, s);
      if ('reasons' in k) return direct;
      // Grid sizes are computed before the schedule: the inner bounds may not move with the host loop.
      if (k.loops.some(x => [...x.lo!.symbols(), ...x.hi!.symbols()].some(sym => sym.startsWith(`${outer.variable.name}@`)))) return direct;
      kernels.push(k);
    }
    return { host: outer, kernels };
  }
  return direct;
}

/** Fresh names for the schedule's variables (B, dim, v, u, ...) that the function does not use. */
class Names {
  private readonly used = new Set<string>();
  constructor(model: ItemModel) {
    walk(model.item, n => { if (n.type === 'identifier') this.used.add(model.text.slice(n.start, n.end)); return true; });
  }
  take(base: string): string {
    let name = base;
    for (let i = 1; this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return name;
  }
}

function printSchedule(model: ItemModel, nest: SNode, plan: Plan, names: Names, options: TileOptions): string {
  const text = model.text;
  const unit = indentUnit(text);
  const indent = lineIndent(text, nest.start);
  const twoD = plan.kernels.some(k => k.loops.length === 2);
  const blocks = options.block ?? [];
  const s = Math.max(1, Math.floor(options.granularity ?? 1));
  const B = names.take('B');
  const [B0, B1] = twoD ? [names.take('B0'), names.take('B1')] : [B, B];
  const S = s > 1 ? names.take('s') : undefined;
  const decls: string[] = [];
  // One size for a 2-D nest is its threads per block: 32 along x (a warp's row), the rest along y.
  const [b0, b1] = blocks.length >= 2 ? [blocks[0], blocks[1]] : blocks.length === 1 ? [Math.max(1, Math.floor(blocks[0] / Math.min(blocks[0], 32))), Math.min(blocks[0], 32)] : [16, 16];
  decls.push(twoD
    ? `int ${B0} = ${b0}, ${B1} = ${b1};${plan.kernels.some(k => k.loops.length === 1) ? ` int ${B} = ${blocks.length === 1 ? blocks[0] : b0 * b1};` : ''}`
    : `int ${B} = ${blocks[0] ?? 256};`);
  if (S) decls.push(`int ${S} = ${s};`);
  const kernelsText = plan.kernels.map(k => {
    const at = indent + unit + (plan.host ? unit : '');
    return printKernelNest(model, k, names, { B, B0, B1, S }, decls, at, unit);
  });
  const inner = plan.host
    ? `${indent}${unit}${text.slice(plan.host.node.start, child(plan.host.node, 'body')!.start).trimEnd()} {\n${kernelsText.join('\n')}\n${indent}${unit}}`
    : kernelsText.join('\n');
  return [`/* metafork tile: ${plan.kernels.length} kernel${plan.kernels.length === 1 ? '' : 's'}; block sizes and granularity are the variables below */`,
    ...decls.map(d => indent + d), `${indent}meta_schedule {`, inner, `${indent}}`].join('\n');
}

/** One tiled nest: grid loops, block loops, optional granularity loop, the original indices and the guard. */
function printKernelNest(model: ItemModel, k: KernelPlan, names: Names, size: { B: string; B0: string; B1: string; S?: string }, decls: string[], at: string, unit: string): string {
  const text = model.text;
  const two = k.loops.length === 2;
  const sides = two ? [size.B0, size.B1] : [size.B];
  const v = two ? [names.take('v0'), names.take('v1')] : [names.take('v')];
  const u = two ? [names.take('u0'), names.take('u1')] : [names.take('u')];
  const dims = k.loops.map((_, i) => names.take(two ? `dim${i}` : 'dim'));
  const kk = size.S ? names.take('k') : undefined;
  // The granularity s coarsens the innermost (x) dimension.
  // Ceiling division: (HI - LO + 1 + per - 1) / per, the numerator simplified as a polynomial.
  k.loops.forEach((l, i) => {
    const coarse = size.S && i === k.loops.length - 1;
    const per = coarse ? Poly.symbol(sides[i]).mul(Poly.symbol(size.S!)) : Poly.symbol(sides[i]);
    decls.push(`int ${dims[i]} = (${l.hi!.sub(l.lo!).add(per).toC()}) / ${atom(per.toC())};`);
  });
  const lines: string[] = [];
  let ind = at;
  k.loops.forEach((_, i) => { lines.push(`${ind}meta_for (int ${v[i]} = 0; ${v[i]} < ${dims[i]}; ${v[i]}++)`); ind += unit; });
  k.loops.forEach((_, i) => { lines.push(`${ind}meta_for (int ${u[i]} = 0; ${u[i]} < ${sides[i]}; ${u[i]}++)${i === k.loops.length - 1 && !kk ? ' {' : ''}`); ind += unit; });
  if (kk) { lines.push(`${ind}for (int ${kk} = 0; ${kk} < ${size.S}; ${kk}++) {`); ind += unit; }
  const guards: string[] = [];
  k.loops.forEach((l, i) => {
    const x = i === k.loops.length - 1 && kk ? `(${v[i]} * ${size.S} + ${kk}) * ${sides[i]} + ${u[i]}` : `${v[i]} * ${sides[i]} + ${u[i]}`;
    const lo = l.lo!.toC();
    lines.push(`${ind}${l.variable.typeText.trim() || 'int'} ${l.variable.name} = ${lo === '0' ? '' : `${lo} + `}${x};`);
    guards.push(`${l.variable.name} <= ${l.hi!.toC()}`);
  });
  const innermost = k.loops[k.loops.length - 1].node;
  const body = child(innermost, 'body')!;
  const edits = boundEdits(text, body).map(e => ({ ...e, start: e.start - body.start, end: e.end - body.start }));
  // A block body opens on the guard's line and closes under it; a single statement goes below it.
  const bodyText = reindent(applyEdits(text.slice(body.start, body.end), edits), lineIndent(text, body.start), body.type === 'compound_statement' ? ind : ind + unit);
  lines.push(`${ind}if (${guards.join(' && ')})${body.type === 'compound_statement' ? ` ${bodyText}` : `\n${ind}${unit}${bodyText}`}`);
  ind = ind.slice(0, ind.length - unit.length);
  lines.push(`${ind}}`);
  return lines.join('\n');
}


const MAXIMA = /^(MAX|max|fmax)$/, MINIMA = /^(MIN|min|fmin)$/;

/**
 * Serial loops of a kernel's body must have affine bounds (digest 000 §1.3): a bound written
 * `MAX(a, b)` / `MIN(c, d)` (the thesis's `t = max(0, n-p); t <= min(n, 2*n-p)`) becomes the loop
 * over its first operand with the others as a guard, `for (t = a; t <= c; t++) if (t >= b && t <= d)`.
 */
function boundEdits(text: string, body: SNode): TextEdit[] {
  const edits: TextEdit[] = [];
  walk(body, n => {
    if (n.type !== 'for_statement') return true;
    const h = canonicalHeader(n, text).header;
    if (!h || !h.variableOnLeft || h.step.negative) return true;
    const args = (e: SNode, names: RegExp) => {
      const call = e.type === 'call_expression' ? e : undefined;
      const f = call && child(call, 'function');
      const list = call && child(call, 'arguments');
      return f && list && names.test(text.slice(f.start, f.end)) ? named(list).map(a => text.slice(a.start, a.end)) : undefined;
    };
    const lower = args(h.lower, MAXIMA), upper = args(h.bound, MINIMA);
    if (!lower && !upper) return true;
    const guards: string[] = [];
    if (lower) { edits.push({ start: h.lower.start, end: h.lower.end, newText: lower[0] }); guards.push(...lower.slice(1).map(x => `${h.variable} >= ${x}`)); }
    if (upper) { edits.push({ start: h.bound.start, end: h.bound.end, newText: upper[0] }); guards.push(...upper.slice(1).map(x => `${h.variable} ${h.operator} ${x}`)); }
    const loopBody = child(n, 'body')!;
    edits.push({ start: loopBody.start, end: loopBody.start, newText: `if (${guards.join(' && ')}) ` });
    return false;
  });
  return edits;
}
