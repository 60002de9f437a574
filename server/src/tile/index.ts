// `metafork tile`: plain loop nests become parametric `meta_schedule`s. A nest
// whose outermost loop the dependence test proves parallel is strip-mined by a symbolic block
// size B (grid `(HI - LO + B*s - 1) / (B*s)` blocks by ceiling division, a guard for the partial
// last block, optional granularity s); two perfectly nested parallel loops tile in 2-D by B0 × B1.
// A sequential outermost loop (a time step) whose body is parallel loops stays a host loop inside
// the schedule, each inner loop a kernel. Other nests stay serial, with the dependence that
// forbids them. Sequential loops inside the tiled loops stay in the kernel's body. Loops of
// `#pragma omp for`, `cilk_for` and `meta_for` are the programmer's word: only a dependence that
// surely exists refuses them. RT-CUDA's restructurings (collapsing, merging, skewing,
// shared-memory staging) are options of the printing (schedule.ts, prefetch.ts). What is printed
// is generated once: a schedule the CUDA generator refuses leaves its nest serial.

import type { CompileContext } from '../preprocess/index';
import { blocking, checkText } from '../checks/index';
import { generateCuda } from '../cuda/index';
import type { Span } from '../base/span';
import { conflictDiagnostic, diagnostic, type MfDiagnostic } from '../base/diagnostic';
import { SourceConflict } from '../base/sourcemap';
import type { Construct, ItemModel } from '../model/constructs';
import type { Variable } from '../model/scopes';
import { child, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { applyEdits, OffsetMap, TextEdit } from '../base/edits';
import { constructSpan, isParallelLoop } from '../model/constructs';
import { within } from '../base/span';
import { LineIndex } from '../base/lines';
import { carriedDependences, Dependence, iterationPrivates, NestLoop, nestLoops } from './dependence';
import { prefetchPlan, statements } from './prefetch';
import { KernelPlan, Names, Plan, printSchedule, Restructuring } from './schedule';

export interface TileOptions extends Restructuring, CompileContext {
  fileName?: string;
  /** Only the nest holding this offset. */
  offset?: number;
}

export interface TiledNest {
  start: number;
  end: number;
  line: number;
  tiled: boolean;
  kernels: number;
  reasons: string[];
  notes: string[];
}
export interface TileResult { text?: string; diagnostics: MfDiagnostic[]; nests: TiledNest[] }

export async function tileText(source: string, options: TileOptions = {}): Promise<TileResult> {
  const analysis = await checkText(source, options.fileName, options);
  const { text, map } = analysis.syntax;
  try {
    const errors = analysis.diagnostics.filter(blocking);
    if (errors.length) return { diagnostics: errors, nests: [] };
    const diagnostics: MfDiagnostic[] = [];
    const nests: TiledNest[] = [];
    const candidates: { edit: TextEdit; nest: TiledNest; header: Span; message: string }[] = [];
    const cachedSomewhere = new Set<string>();
    const lines = new LineIndex(text);
    const serial = (nest: Span, at: Span, line: number, reasons: string[]) => {
      nests.push({ start: nest.start, end: nest.end, line, tiled: false, kernels: 0, reasons, notes: [] });
      diagnostics.push(diagnostic('MF702', at, `this loop nest stays serial: ${reasons[0]}`));
    };
    for (const model of analysis.model.allItems()) {
      if (model.item.type !== 'function_definition') continue;
      // One set of names per function: the schedules of one function declare different variables.
      const names = new Names(model);
      for (const { loop: nest, span, parallel } of loopNests(model)) {
        if (options.offset !== undefined && !(span.start <= options.offset && options.offset <= span.end)) continue;
        const plan = planNest(model, nest, parallel);
        const line = lines.position(nest.start).line + 1;
        if ('reasons' in plan) { serial(nest, header(nest, text), line, plan.reasons.map(r => r.message)); continue; }
        const asked = (options.cache ?? []).filter(a => arraysOf(model, nest).has(a));
        asked.forEach(a => cachedSomewhere.add(a));
        // The generator stages boxes of affine indices; a collapsed nest's i = ij / W is not.
        const collapsed = options.collapse && plan.kernels.some(k => k.loops.length === 2);
        const cache = collapsed ? [] : asked;
        const notes = [...plan.trusted ?? [], ...restructure(model, plan, { ...options, cache })];
        if (collapsed && asked.length)
          notes.push(
            `cache(${asked.join(', ')}) left out: a collapsed nest's indices (i = ij / W) are not affine, so the generator cannot stage them (tile in 2-D to stage)`,
          );
        candidates.push({
          edit: {
            start: span.start,
            end: span.end,
            newText: printSchedule(model, nest, plan, names, { ...options, cache }),
          },
          nest: {
            start: nest.start,
            end: nest.end,
            line,
            tiled: true,
            kernels: plan.kernels.length,
            reasons: [],
            notes,
          },
          header: header(nest, text),
          message: `tiled into a meta_schedule of ${plan.kernels.length} kernel${plan.kernels.length === 1 ? '' : 's'}${plan.host ? ` inside the host loop '${plan.host.variable.name}'` : ''}${notes.map(n => `; ${n}`).join('')}`,
        });
      }
    }
    // What the nests became must generate: a nest whose schedule the generator refuses (a serial
    // loop it cannot bound, an index that is no polynomial) stays serial with that reason.
    const refused = await refusedSchedules(text, candidates.map(c => c.edit), options);
    for (const [i, c] of candidates.entries()) {
      const why = refused.get(i);
      if (why)
        serial(c.nest, c.header, c.nest.line, [
          `the schedule it would become breaks a rule of the CUDA generator: ${why}`,
        ]);
      else {
        nests.push(c.nest);
        diagnostics.push(diagnostic('MF701', c.header, c.message));
      }
    }
    const kept = candidates.filter((_, i) => !refused.has(i));
    nests.sort((a, b) => a.start - b.start);
    diagnostics.sort((a, b) => a.start - b.start);
    if (nests.length === 0)
      diagnostics.push(
        diagnostic(
          'MF703',
          { start: options.offset ?? 0, end: (options.offset ?? 0) + Math.min(1, text.length) },
          `no loop nest ${options.offset === undefined ? 'in this file' : 'here'} to tile`,
        ),
      );
    const unused = (options.cache ?? []).filter(a => !cachedSomewhere.has(a));
    if (unused.length && kept.length)
      diagnostics.push(
        diagnostic(
          'MF704',
          kept[0].header,
          `cache: ${unused.map(a => `'${a}'`).join(', ')} ${unused.length === 1 ? 'is not an array' : 'are not arrays'} of the tiled loop nests, so nothing stages ${unused.length === 1 ? 'it' : 'them'}`,
        ),
      );
    if (!kept.length) return { diagnostics, nests };
    try {
      return { text: map.apply(kept.map(c => c.edit)), diagnostics, nests };
    } catch (e) {
      if (!(e instanceof SourceConflict)) throw e;
      return { diagnostics: [...diagnostics.filter(d => d.severity === 'error'), conflictDiagnostic(e)], nests };
    }
  } finally {
    analysis.syntax.dispose();
  }
}

/** Which of `edits` (by index) give a schedule the CUDA generator refuses, and its first error. */
async function refusedSchedules(
  text: string,
  edits: TextEdit[],
  options: TileOptions,
): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  if (edits.length === 0) return refused;
  const landed = new OffsetMap(edits);
  const spans = edits.map(e => landed.output(e)!);
  // The analysed text tiled: preprocessing it again expands nothing more.
  const { fileName, flags, files } = options;
  const cuda = await generateCuda(applyEdits(text, edits), { fileName, flags, files });
  for (const d of cuda.diagnostics) {
    if (d.severity !== 'error') continue;
    // An error outside every schedule (a name the program declares nowhere) stops them all.
    const anywhere = !spans.some(span => span.start <= d.start && d.start < span.end);
    spans.forEach((span, i) => {
      if (!refused.has(i) && (anywhere || (span.start <= d.start && d.start < span.end)))
        refused.set(i, `${d.message} [${d.code}]`);
    });
  }
  return refused;
}

/** The arrays and pointers a nest references. */
function arraysOf(model: ItemModel, nest: SNode): Set<string> {
  return new Set(
    model.scopes.references
      .filter(
        r => r.variable && r.variable.shape !== 'value' && r.variable.shape !== 'function' && within(r.span, nest),
      )
      .map(r => r.variable!.name),
  );
}

/** Settles the restructurings on the plan (the serial loops strip-mined for `cache`) and says
 * what each did or why it did not apply. */
function restructure(model: ItemModel, plan: Plan, options: Restructuring): string[] {
  const notes: string[] = [];
  const twoD = plan.kernels.filter(k => k.loops.length === 2);
  if (options.collapse)
    notes.push(
      twoD.length
        ? `collapsed ${[...new Set(twoD.map(k => k.loops.map(l => `'${l.variable.name}'`).join(' and ')))].join(', ')} into one dimension`
        : 'nothing to collapse (one parallel loop)',
    );
  const per = Math.max(1, Math.floor(options.merge ?? 1)) * Math.max(1, Math.floor(options.granularity ?? 1));
  if (per > 1) notes.push(`each thread computes ${per} results`);
  if (!options.cache?.length) return notes;
  notes.push(
    `cache(${options.cache.join(', ')}) stages ${options.cache.length === 1 ? 'it' : 'them'} in shared memory`,
  );
  const cached = new Set(options.cache);
  for (const k of plan.kernels) {
    const innermost = k.loops[k.loops.length - 1];
    const p = prefetchPlan(model, innermost, nestLoops(model, innermost.node), cached);
    if (!p) continue;
    if ('reason' in p) notes.push(`the whole range of the serial loop is staged at once (${p.reason})`);
    else {
      k.prefetch = p;
      notes.push(`the loop over '${p.loop.variable.name}' runs in tiles, one staged at a time`);
    }
  }
  return notes;
}

/** The loop nest around `offset` that `tileText` would take (its outermost loop and the span it
 * replaces), and why it would stay serial; undefined outside one. */
export function nestAt(
  model: ItemModel,
  offset: number,
): { loop: SNode; span: { start: number; end: number }; reasons: string[] } | undefined {
  if (model.item.type !== 'function_definition') return undefined;
  const found = loopNests(model).find(n => n.span.start <= offset && offset <= n.span.end);
  if (!found) return undefined;
  const plan = planNest(model, found.loop, found.parallel);
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
export function loopNests(
  model: ItemModel,
): { loop: SNode; span: { start: number; end: number }; parallel?: Construct }[] {
  const out: { loop: SNode; span: { start: number; end: number }; parallel?: Construct }[] = [];
  const ompLoops = model.constructs.filter(c => parallelLoop(c) && !c.parent);
  const inConstruct = (n: SNode) => model.constructs.some(c => c.start <= n.start && n.end <= c.end);
  walk(model.item, n => {
    if (n.type === 'for_statement' || n.type === 'while_statement' || n.type === 'do_statement') {
      const parallel = ompLoops.find(c => c.loop!.start === n.start);
      if (parallel) out.push({ loop: n, span: constructSpan(parallel), parallel });
      else if (n.type === 'for_statement' && !inConstruct(n))
        out.push({ loop: n, span: { start: n.start, end: n.end } });
      return false;
    }
    return true;
  });
  return out;
}

/** `#pragma omp [parallel] for` (or `taskloop`, `distribute`, ...), `cilk_for`, `meta_for` (outside a
 * schedule): a loop the programmer says is parallel. Not `omp simd`: it allows dependences beyond
 * its vector length. */
const parallelLoop = (c: Construct) => isParallelLoop(c) && c.directive?.name !== 'simd';

/**
 * What a parallel loop construct says of its loops: the programmer's word that the iterations
 * (of the `collapse(n)` outermost loops) are independent, and which scalars each has its own copy
 * of. OpenMP clauses a tiled schedule cannot honour (reductions, first/last-private values) refuse.
 */
function loopFacts(
  model: ItemModel,
  construct: Construct,
  nest: SNode,
): { privates: Variable[]; depth: number; label: string } | { reason: string } {
  const privates: Variable[] = [];
  let depth = 1;
  if (construct.kind !== 'omp')
    return { privates, depth, label: `'${model.text.slice(construct.head.start, construct.head.end).trim()}'` };
  for (const c of construct.clauses) {
    const list = c.args?.text.trim() ?? '';
    if (c.name === 'private') {
      for (const item of c.items) {
        const v = model.scopes.references.find(r => r.name === item.name && within(r.span, nest))?.variable;
        if (!v) continue; // private but unused
        if (v.shape !== 'value')
          return { reason: `private(${item.name}): only scalars can be private to a thread of the schedule` };
        privates.push(v);
      }
    } else if (c.name === 'collapse') depth = Math.max(1, Number(list) || 1);
    else if (c.name === 'reduction')
      return {
        reason: `its reduction(${list}) combines the iterations' results, which a tiled meta_schedule does not do (give each iteration its own result, or keep the OpenMP loop)`,
      };
    else if (c.name === 'firstprivate' || c.name === 'lastprivate' || c.name === 'linear' || c.name === 'ordered')
      return { reason: `its ${c.name}${list ? `(${list})` : ''} clause has no counterpart in a tiled meta_schedule` };
  }
  return { privates, depth, label: 'the OpenMP pragma' };
}

function planNest(model: ItemModel, nest: SNode, parallel?: Construct): Plan | { reasons: Dependence[] } {
  const loops = nestLoops(model, nest);
  const loopAt = (n: SNode) => loops.find(l => l.node.start === n.start);
  const outer = loopAt(nest);
  if (!outer)
    return {
      reasons: [{ loop: '', at: nest, certain: false, message: `its header is not 'for (int i = LO; i < HI; i++)'` }],
    };
  const serial = { privates: [], depth: 0, label: '' };
  const facts = parallel ? loopFacts(model, parallel, nest) : serial;
  if ('reason' in facts)
    return { reasons: [{ loop: outer.variable.name, at: nest, certain: true, message: facts.reason }] };
  // Indices declared before the nest (`int i, j;`) become each thread's own, unless the program
  // reads them after the nest, where the serial loop would have left its final value.
  const privates = new Set(facts.privates);
  for (const l of loops) {
    const v = l.variable;
    if (within(v.span, nest)) continue;
    const next = model.scopes.references
      .filter(r => r.variable === v && r.span.start >= nest.end)
      .sort((a, b) => a.span.start - b.span.start)[0];
    if (next && next.access !== 'write') {
      const line = new LineIndex(model.text).position(next.span.start).line + 1;
      return {
        reasons: [
          {
            loop: v.name,
            at: nest,
            certain: true,
            message: `'${v.name}' is read after the loop nest (line ${line}), where a tiled nest would not leave the value the loop ends with (declare it in the loop: 'for (int ${v.name} = ...')`,
          },
        ],
      };
    }
    privates.add(v);
  }
  // Scalars each iteration of the outer loop sets first (`acc = 0;`): each thread's own.
  for (const v of iterationPrivates(model, outer.node, nest)) privates.add(v);
  const trusted: string[] = [];
  // The loops a parallel construct covers need no proof: only a dependence that surely exists (a
  // race in the parallel program itself) refuses them; what the test cannot rule out is trusted.
  type Vouch = { depth: number; label: string };
  const dependences = (l: NestLoop, within: SNode, { depth, label }: Vouch) => {
    const deps = carriedDependences(model, within, l, privates);
    if (depth <= 0) return deps;
    if (deps.every(d => !d.certain)) {
      trusted.push(...deps.map(d => `trusted ${label} over a dependence the test cannot rule out: ${d.message}`));
      return [];
    }
    return deps.filter(d => d.certain).map(d => ({ ...d, message: `the loop races under ${label}: ${d.message}` }));
  };
  const kernelOf = (l: NestLoop, within: SNode, vouch: Vouch = serial): KernelPlan | { reasons: Dependence[] } => {
    const deps = dependences(l, within, vouch);
    if (deps.length) return { reasons: deps };
    // A parallel loop may run in any order: a decreasing one over each value runs upward (its index
    // declared in its header, so no value after the loop changes).
    if ((!l.lo || !l.hi) && l.values?.every && l.variable.span.start >= l.node.start && l.variable.span.end <= l.node.end) {
      l.lo = l.values.lo;
      l.hi = l.values.hi;
    }
    if (!l.lo || !l.hi)
      return {
        reasons: [
          {
            loop: l.variable.name,
            at: l.node,
            certain: false,
            message: `the range of '${l.variable.name}' is not read from its header (it must be 'for (int ${l.variable.name} = LO; ${l.variable.name} < HI; ${l.variable.name}++)')`,
          },
        ],
      };
    // A second parallel loop directly inside, with bounds free of the first: 2-D.
    const inside = statements(child(l.node, 'body')!);
    const second = inside.length === 1 && inside[0].type === 'for_statement' ? loopAt(inside[0]) : undefined;
    const free =
      second?.lo &&
      second.hi &&
      ![...second.lo.symbols(), ...second.hi.symbols()].some(s => s.startsWith(`${l.variable.name}@`));
    if (second && free && dependences(second, within, { ...vouch, depth: vouch.depth - 1 }).length === 0)
      return { loops: [l, second] };
    return { loops: [l] };
  };
  // Parallel constructs inside the nest: only a host loop's own parallel loops may be there.
  const held = model.constructs.filter(c => c !== parallel && nest.start <= c.start && c.end <= nest.end);
  const holds = (c: Construct): { reasons: Dependence[] } => {
    const line = new LineIndex(model.text).position(c.start).line + 1;
    const head = model.text.slice(c.head.start, c.head.end).replace(/\s+/g, ' ').trim();
    return {
      reasons: [
        {
          loop: outer.variable.name,
          at: nest,
          certain: true,
          message: `it holds '${head}' (line ${line}), a parallel construct a kernel cannot contain`,
        },
      ],
    };
  };
  const direct = held.length ? holds(held[0]) : kernelOf(outer, nest, facts);
  if (!('reasons' in direct)) return { kernels: [direct], privates: [...privates], trusted };
  if (parallel) return direct;
  // A sequential loop around parallel loops (each maybe a parallel construct's): a host loop (time steps).
  const constructOf = (n: SNode) => model.constructs.find(c => parallelLoop(c) && c.loop!.start === n.start);
  const pragmaLine = (n: SNode) =>
    n.type === 'preproc_call' &&
    model.constructs.some(c => c.form === 'pragma' && n.start <= c.head.start && c.head.start < n.end);
  const inside = statements(child(nest, 'body')!).filter(n => !pragmaLine(n));
  if (inside.length && inside.every(s => s.type === 'for_statement')) {
    const own = held.filter(c => !inside.some(s => parallelLoop(c) && c.loop!.start === s.start));
    if (own.length) return holds(own[0]);
    const kernels: KernelPlan[] = [];
    for (const s of inside) {
      const l = loopAt(s);
      const inner = constructOf(s);
      const innerFacts = inner ? loopFacts(model, inner, s) : serial;
      if (!l || 'reason' in innerFacts) return direct;
      innerFacts.privates.forEach(v => privates.add(v));
      const k = kernelOf(l, s, innerFacts);
      if ('reasons' in k) return direct;
      // Grid sizes are computed before the schedule: the inner bounds may not move with the host loop.
      if (
        k.loops.some(x =>
          [...x.lo!.symbols(), ...x.hi!.symbols()].some(sym => sym.startsWith(`${outer.variable.name}@`)),
        )
      )
        return direct;
      kernels.push(k);
    }
    return { host: outer, kernels, privates: [...privates] };
  }
  return direct;
}
