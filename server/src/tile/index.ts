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
import { child, ownJump, subscriptChain, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { applyEdits, OffsetMap, TextEdit } from '../base/edits';
import { constructSpan, isParallelLoop } from '../model/constructs';
import { within } from '../base/span';
import { LineIndex } from '../base/lines';
import {
  atomicReductions, carriedDependences, Dependence, impureCalls, iterationArrays, iterationPrivates, NestLoop,
  nestLoops, wavefrontSkew,
} from '../model/dependence';
import { Poly } from '../symbolic/poly';
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
  /** The sequential loop the kernels are launched from (a time step, LU's k), if any. */
  host?: string;
  /** The kernel runs a wavefront's lines one after another. */
  wavefront?: boolean;
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
    type Candidate = { edit: TextEdit; nest: TiledNest; header: Span; message: string; next: () => Candidate | undefined };
    const candidates: Candidate[] = [];
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
        const planned = planNest(model, nest, parallel);
        const line = lines.position(nest.start).line + 1;
        if ('reasons' in planned) { serial(nest, header(nest, text), line, planned.reasons.map(r => r.message)); continue; }
        const asked = (options.cache ?? []).filter(a => arraysOf(model, nest).has(a));
        asked.forEach(a => cachedSomewhere.add(a));
        // The plans in order of preference: the next one is printed when the generator refuses one.
        const candidate = (plans: Plan[]): Candidate | undefined => {
          const [plan, ...rest] = plans;
          if (!plan) return undefined;
          // The generator stages boxes of affine indices; a collapsed nest's i = ij / W is not.
          const collapsed = options.collapse && plan.kernels.some(k => k.loops.length === 2);
          const cache = collapsed ? [] : asked;
          const notes = [...plan.trusted ?? [], ...restructure(model, plan, { ...options, cache })];
          if (collapsed && asked.length)
            notes.push(
              `cache(${asked.join(', ')}) left out: a collapsed nest's indices (i = ij / W) are not affine, so the generator cannot stage them (tile in 2-D to stage)`,
            );
          return {
            edit: { start: span.start, end: span.end, newText: printSchedule(model, nest, plan, names, { ...options, cache }) },
            nest: {
              start: nest.start,
              end: nest.end,
              line,
              tiled: true,
              kernels: plan.kernels.length,
              host: plan.host?.variable.name,
              wavefront: plan.kernels.some(k => k.skew),
              reasons: [],
              notes,
            },
            header: header(nest, text),
            message: `tiled into a meta_schedule of ${plan.kernels.length} kernel${plan.kernels.length === 1 ? '' : 's'}${plan.host ? ` inside the host loop '${plan.host.variable.name}'` : ''}${notes.map(n => `; ${n}`).join('')}`,
            next: () => candidate(rest),
          };
        };
        candidates.push(candidate([planned, ...(planned.alternatives ?? [])])!);
      }
    }
    // What the nests became must generate: a nest whose schedule the generator refuses (a serial
    // loop it cannot bound, an index that is no polynomial) takes its next plan, or stays serial
    // with the first refusal's reason.
    let refused = await refusedSchedules(text, candidates.map(c => c.edit), options);
    const first = new Map(refused);
    for (let round = 0; round < 3 && refused.size; round++) {
      let changed = false;
      for (const i of refused.keys()) {
        const next = candidates[i].next();
        if (next) { candidates[i] = next; changed = true; }
      }
      if (!changed) break;
      refused = await refusedSchedules(text, candidates.map(c => c.edit), options);
    }
    for (const [i, c] of candidates.entries()) {
      const why = refused.has(i) ? first.get(i) ?? refused.get(i) : undefined;
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
  if (plan.kernels.length > 1 && !plan.host && plan.kernels.every(k => k.loops[0] === plan.kernels[0].loops[0]))
    notes.push(`'${plan.kernels[0].loops[0].variable.name}' distributed over the ${plan.kernels.length} loops of its body, a kernel each`);
  const copied = [...new Set(plan.kernels.flatMap(k => (k.privates ?? []).filter(v => v.shape === 'array')))];
  if (copied.length)
    notes.push(`${copied.map(v => `'${v.name}'`).join(', ')} ${copied.length === 1 ? 'is' : 'are'} each thread's own (every iteration sets ${copied.length === 1 ? 'it' : 'them'} before reading)`);
  const sums = [...new Set(plan.kernels.flatMap(k => (k.atomics ?? []).map(u => `'${u.target.name}'`)))];
  if (sums.length)
    notes.push(`the sums into ${sums.join(', ')} are atomic additions (integers: the same result in any order)`);
  for (const k of plan.kernels) {
    if (k.xOuter)
      notes.push(`threads along x take '${k.loops[0].variable.name}', which indexes the arrays' last subscripts (neighbouring threads, neighbouring words)`);
    if (k.interchanged)
      notes.push(`interchanged: '${k.loops[k.loops.length - 1].variable.name}' outside, in parallel, '${k.interchanged.variable.name}' inside each thread`);
    if (k.skew) {
      const [i, j] = [k.loops[0].variable.name, k.skew.inner.variable.name];
      notes.push(`a wavefront: the lines ${k.skew.factor === 1 ? '' : `${k.skew.factor} * `}${i} + ${j} = w one after another, the iterations of each line in parallel`);
    }
  }
  const per = Math.max(1, Math.floor(options.merge ?? 1)) * Math.max(1, Math.floor(options.granularity ?? 1));
  if (per > 1) notes.push(`each thread computes ${per} results`);
  if (!options.cache?.length) return notes;
  notes.push(
    `cache(${options.cache.join(', ')}) stages ${options.cache.length === 1 ? 'it' : 'them'} in shared memory`,
  );
  const cached = new Set(options.cache);
  for (const k of plan.kernels) {
    if (k.serial) continue;
    if (k.skew || k.interchanged || k.body || k.atomics) {
      notes.push(k.skew ? `a wavefront's lines are not staged (each line is one launch)` : k.atomics ? `a kernel of atomic sums is not staged` : `an interchanged or distributed nest is not staged`);
      continue;
    }
    const innermost = k.loops[k.loops.length - 1];
    let p = prefetchPlan(model, innermost, nestLoops(model, innermost.node), cached);
    if (!p) continue;
    // The strips are counted before the schedule: not for a loop whose bounds move with the host loop.
    const host = plan.host?.variable.name;
    if (host && !('reason' in p) && [...p.loop.lo!.symbols(), ...p.loop.hi!.symbols()].includes(host))
      p = { reason: `the bounds of '${p.loop.variable.name}' move with the host loop '${host}', and the strips are counted before it` };
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
  const indexPrivates = new Set(privates);
  const outerPrivates = iterationPrivates(model, outer.node, nest);
  for (const v of outerPrivates) privates.add(v);
  // Scratch arrays each iteration of a loop sets before reading them: private to that loop and
  // to every loop around it whose body uses them only inside it.
  // (Relative to the nest tested: a host loop's later kernels may read what one kernel leaves.)
  const scratchOf = (l: NestLoop, tested: SNode) =>
    nestLoops(model, tested)
      .filter(L => within(L.node, l.node))
      .flatMap(L =>
        iterationArrays(model, L.node, tested).filter(v =>
          model.scopes.references.every(r => r.variable !== v || !within(r.span, l.node) || within(r.span, L.node)),
        ),
      );
  const trusted: string[] = [];
  // The loops a parallel construct covers need no proof: only a dependence that surely exists (a
  // race in the parallel program itself) refuses them; what the test cannot rule out is trusted.
  type Vouch = { depth: number; label: string };
  const dependences = (l: NestLoop, within: SNode, { depth, label }: Vouch, own: ReadonlySet<Variable> = privates) => {
    const deps = carriedDependences(model, within, l, new Set([...own, ...scratchOf(l, within)]));
    if (depth <= 0) return deps;
    if (deps.every(d => !d.certain)) {
      trusted.push(...deps.map(d => `trusted ${label} over a dependence the test cannot rule out: ${d.message}`));
      return [];
    }
    return deps.filter(d => d.certain).map(d => ({ ...d, message: `the loop races under ${label}: ${d.message}` }));
  };
  const kernelOf = (
    l: NestLoop,
    within: SNode,
    vouch: Vouch = serial,
    own: ReadonlySet<Variable> = privates,
  ): KernelPlan | { reasons: Dependence[] } => {
    const deps = dependences(l, within, vouch, own);
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
    // A second parallel loop directly inside, with bounds free of the first: 2-D (read in the
    // nest tested, whose outside loops are values).
    const inside = statements(child(l.node, 'body')!);
    const second =
      inside.length === 1 && inside[0].type === 'for_statement'
        ? nestLoops(model, within).find(x => x.node.start === inside[0].start)
        : undefined;
    const free =
      second?.lo &&
      second.hi &&
      ![...second.lo.symbols(), ...second.hi.symbols()].some(s => s.startsWith(`${l.variable.name}@`));
    // The kernel's own copies: the plan's scalars and the scratch arrays of its outer loop.
    const arrays = scratchOf(l, within);
    const copies = arrays.length ? { privates: [...own, ...arrays] } : {};
    if (second && free && dependences(second, within, { ...vouch, depth: vouch.depth - 1 }, own).length === 0)
      return { loops: [l, second], ...copies, ...(alongX(model, l, second) ? { xOuter: true } : {}) };
    return { loops: [l], ...copies };
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
  if (!('reasons' in direct)) {
    const plan = { kernels: [direct], privates: [...privates], trusted };
    // A 1-D kernel over a body of several loops (`C[i][j] *= beta;` before the `k` loop of a
    // product): distributed into kernels of their own, 2-D where they can be.
    // Not with a scratch array private to each iteration: its copy would not pass between the kernels.
    const pieces =
      direct.loops.length === 1 && !parallel && !direct.privates?.some(v => v.shape === 'array')
        ? distributed(model, outer, privates)
        : undefined;
    return pieces ? { kernels: pieces, privates: [...privates], alternatives: [plan] } : plan;
  }
  if (parallel) return direct;
  // A perfect nest whose inner loop is parallel at every iteration of the outer one (a reduction
  // across the outer loop, `y[j] += A[i][j] * x[i]`): interchanged, one kernel over the inner loop.
  const plans: Plan[] = [];
  const swapped = interchangedKernel(model, nest, outer, privates);
  if (swapped) plans.push({ kernels: [swapped], privates: [...privates] });
  // A sequential loop around parallel loops (each maybe a parallel construct's) and other
  // statements: a host loop (time steps, LU's k), each parallel loop a kernel, the statements
  // between them one-thread kernels, so the data stay on the device.
  const host = hostPlan(model, nest, outer, held, indexPrivates, outerPrivates, (l, s, vouch, own) =>
    kernelOf(l, s, vouch, own));
  if (host && !('reasons' in host)) plans.push({ ...host, privates: [...privates] });
  const wave = skewedKernel(model, nest, privates);
  if (wave) plans.push({ kernels: [wave], privates: [...privates] });
  // Last: the sums the iterations add into made atomic (integers: exact in any order).
  const sums = outer.lo && outer.hi && !held.length ? atomicReductions(model, nest, outer, privates) : undefined;
  if (sums) plans.push({ kernels: [{ loops: [outer], atomics: sums }], privates: [...privates] });
  if (plans.length) return { ...plans[0], alternatives: plans.slice(1) };
  return host ?? direct;
}

/** Whether more of a 2-D kernel's array references vary along `outer` than along `inner` in their
 * last subscript (`b[j][i]` under `for i { for j }`): threads along x then take `outer`. */
function alongX(model: ItemModel, outer: NestLoop, inner: NestLoop): boolean {
  let score = 0;
  const names = new Set([outer.variable, inner.variable]);
  for (const r of model.scopes.references) {
    if (!r.variable || r.variable.shape === 'value' || r.variable.shape === 'function' || !within(r.span, inner.node)) continue;
    const last = subscriptChain(r.node).indices.at(-1);
    if (!last) continue;
    const used = new Set(
      model.scopes.references.filter(x => x.variable && names.has(x.variable) && within(x.span, last)).map(x => x.variable),
    );
    if (used.has(inner.variable)) score--;
    else if (used.has(outer.variable)) score++;
  }
  return score > 0;
}

/**
 * The loop `outer`, whose iterations are independent, distributed over the loops of its body, one
 * kernel each (no dependence is carried, so every piece's iterations may run before the next
 * piece's); undefined unless some piece then maps 2-D: `for j` directly (j parallel at each i),
 * or `for k { for j }` with j parallel at every k (k then serial inside each thread). Statements
 * other than loops (a scalar set for the loops after it) keep the nest whole.
 */
function distributed(model: ItemModel, outer: NestLoop, privates: ReadonlySet<Variable>): KernelPlan[] | undefined {
  const body = child(outer.node, 'body')!;
  const inside = statements(body);
  if (body.type !== 'compound_statement' || inside.length < 2 || inside.some(s => s.type !== 'for_statement')) return undefined;
  const loops = nestLoops(model, outer.node);
  const loopAt = (n: SNode | undefined) => n && loops.find(l => l.node.start === n.start);
  const free = (l: NestLoop | undefined, of: NestLoop[]) =>
    !!l?.lo && !!l.hi && ![...l.lo.symbols(), ...l.hi.symbols()].some(s => of.some(o => o.symbol === s));
  const only = (n: SNode) => {
    const b = statements(child(n, 'body')!);
    return b.length === 1 && b[0].type === 'for_statement' ? b[0] : undefined;
  };
  const pieces: KernelPlan[] = [];
  for (const s of inside) {
    const j = loopAt(s), k = loopAt(only(s));
    if (free(j, [outer]) && !carriedDependences(model, outer.node, j!, privates).length) pieces.push({ loops: [outer, j!] });
    else if (j && free(k, [outer, j]) && !carriedDependences(model, outer.node, k!, privates, [j]).length)
      pieces.push({ loops: [outer, k!], interchanged: j });
    else pieces.push({ loops: [outer], body: s });
  }
  return pieces.some(p => p.loops.length === 2) ? pieces : undefined;
}

/** The loop `outer`'s body consists of (`for i { for j }`), read from `loops`, when its bounds are
 * known and do not move with `outer`. */
function rectangularInner(loops: NestLoop[], outer: NestLoop): NestLoop | undefined {
  const inside = statements(child(outer.node, 'body')!);
  const inner = inside.length === 1 ? loops.find(l => l.node.start === inside[0].start) : undefined;
  return inner?.lo && inner.hi && ![...inner.lo.symbols(), ...inner.hi.symbols()].includes(outer.symbol) ? inner : undefined;
}

/**
 * A perfect nest `for i { for j ... }` (j's bounds free of i) whose j carries no dependence even
 * with i at any iteration: j outside, run in parallel, i serial inside each thread.
 */
function interchangedKernel(
  model: ItemModel,
  nest: SNode,
  outer: NestLoop,
  privates: ReadonlySet<Variable>,
): KernelPlan | undefined {
  const inner = rectangularInner(nestLoops(model, nest), outer);
  if (!inner || !outer.values || model.constructs.some(c => within(c, nest))) return undefined;
  const own = new Set([...privates, ...iterationPrivates(model, inner.node, nest)]);
  if (carriedDependences(model, nest, inner, own, [outer]).length) return undefined;
  return { loops: [inner], interchanged: outer, privates: [...own] };
}

/**
 * A perfect nest of two loops neither of which is parallel, run as a wavefront: the lines
 * f·i + j = w in turn from a host loop, each line's iterations in parallel (model/dependence.ts
 * wavefrontSkew proves it); undefined where it does not apply.
 */
function skewedKernel(model: ItemModel, nest: SNode, privates: ReadonlySet<Variable>): KernelPlan | undefined {
  const loops = nestLoops(model, nest);
  const outer = loops.find(l => l.node.start === nest.start);
  const inner = outer && rectangularInner(loops, outer);
  if (!outer?.lo || !outer.hi || !inner) return undefined;
  const found = [outer, inner].flatMap(l => carriedDependences(model, nest, l, privates));
  if (model.constructs.some(c => within(c, nest))) return undefined;
  const skew = wavefrontSkew(model, outer, inner, found);
  return 'factor' in skew ? { loops: [outer], skew: { inner, factor: skew.factor } } : undefined;
}

type KernelOf = (
  l: NestLoop,
  within: SNode,
  vouch: { privates: Variable[]; depth: number; label: string },
  own: ReadonlySet<Variable>,
) => KernelPlan | { reasons: Dependence[] };

/**
 * The plan of a sequential loop `nest` whose body holds parallel loops: each a kernel launched from
 * the host loop, the statements between them one-thread kernels (in order, so every statement
 * still follows the ones before it). Undefined when the body has no parallel loop (the direct
 * reason stands); a refusal when the statements cannot run as kernels.
 */
function hostPlan(
  model: ItemModel,
  nest: SNode,
  outer: NestLoop,
  held: Construct[],
  indexPrivates: ReadonlySet<Variable>,
  outerPrivates: Variable[],
  kernelOf: KernelOf,
): Plan | { reasons: Dependence[] } | undefined {
  const text = model.text;
  const constructOf = (n: SNode) => model.constructs.find(c => parallelLoop(c) && c.loop!.start === n.start);
  const pragmaLine = (n: SNode) =>
    n.type === 'preproc_call' &&
    model.constructs.some(c => c.form === 'pragma' && n.start <= c.head.start && c.head.start < n.end);
  const inside = statements(child(nest, 'body')!).filter(n => !pragmaLine(n));
  // Parallel constructs other than the body's own parallel loops: no kernel holds them.
  if (held.some(c => !inside.some(s => parallelLoop(c) && c.loop!.start === s.start))) return undefined;
  const kernels: KernelPlan[] = [];
  let run: SNode[] = [];
  const flush = () => {
    if (run.length) kernels.push({ loops: [], serial: run });
    run = [];
  };
  for (const s of inside) {
    // Read as a nest of its own: the host loop's index is a value there (`k`, not `k@...`).
    const l = s.type === 'for_statement' ? nestLoops(model, s).find(x => x.node.start === s.start) : undefined;
    const inner = constructOf(s);
    const facts = inner ? loopFacts(model, inner, s) : { privates: [], depth: 0, label: '' };
    if ('reason' in facts) return undefined;
    // Each kernel's own scalars: the indices, and what each of its iterations sets first.
    const own = new Set([...indexPrivates, ...facts.privates, ...(l ? iterationPrivates(model, s, s) : [])]);
    const found = l && kernelOf(l, s, facts, own);
    const k = found && 'reasons' in found && !inner ? skewedKernel(model, s, own) ?? found : found;
    if (!k || 'reasons' in k) {
      if (inner) return undefined; // the programmer's parallel loop races: its reason stands
      run.push(s);
      continue;
    }
    flush();
    // Grids are sized before the schedule: a loop whose bounds move with the host loop gets the
    // largest extent they take, its guard the bounds of the iteration.
    for (const x of k.loops) {
      const extent = x.hi!.sub(x.lo!).add(Poly.constant(1));
      const index = outer.variable.name;
      if (![...extent.symbols()].includes(index)) continue;
      const split = extent.affineIn(new Set([index]));
      const c = split?.coefficients.get(index);
      const at = c?.nonNegative() ? outer.values?.hi : c?.nonPositive() ? outer.values?.lo : undefined;
      if (!at) return undefined;
      (k.extents ??= new Map()).set(x, extent.substitute(index, at));
    }
    kernels.push({ ...k, privates: [...own] });
  }
  flush();
  if (!kernels.some(k => k.loops.length)) return undefined;
  // The one-thread kernels: they cannot leave the host loop, call what only the host can, keep a
  // declaration others read, or hand a scalar to a later statement (a kernel returns results only
  // through arrays).
  const line = (n: SNode) => new LineIndex(text).position(n.start).line + 1;
  const refuse = (at: SNode, message: string) => ({
    reasons: [{ loop: outer.variable.name, at, certain: true, message }],
  });
  const outerBody = child(nest, 'body')!;
  const leave = ownJump(outerBody, 'break') ?? ownJump(outerBody, 'continue');
  if (leave)
    return refuse(leave, `'${text.slice(leave.start, leave.end)}' (line ${line(leave)}) leaves an iteration of the host loop '${outer.variable.name}' from a statement that would run in a kernel`);
  for (const k of kernels) {
    if (!k.serial) continue;
    const first = k.serial[0], last = k.serial[k.serial.length - 1];
    const segment = { start: first.start, end: last.end };
    const lines = line(first) === line(last) ? `line ${line(first)}` : `lines ${line(first)}-${line(last)}`;
    for (const s of k.serial) {
      let exit: SNode | undefined;
      walk(s, n => {
        if (n.type === 'return_statement' || n.type === 'goto_statement') exit ??= n;
        return !exit;
      });
      if (exit) return refuse(exit, `'${text.slice(exit.start, exit.end)}' (line ${line(exit)}) leaves the host loop '${outer.variable.name}' from a statement that would run in a kernel`);
      const call = impureCalls(model, s).find(c => !model.fileScope.functions.has(c.callee));
      if (call)
        return refuse(call.call, `the statement at line ${line(s)} between the parallel loops of '${outer.variable.name}' calls '${call.callee}', which a one-thread kernel cannot (only this file's functions and the math library run on the device)`);
    }
    const mine = (r: { span: Span }) => within(r.span, segment);
    for (const r of model.scopes.references) {
      const v = r.variable;
      if (!v || !mine(r) || v.shape !== 'value' || within(v.span, segment) || indexPrivates.has(v)) continue;
      if (r.access === 'read' && !r.addressTaken) continue;
      // A scalar of the outside written here: only one each iteration sets first and only this
      // segment uses, which the kernel declares for itself.
      const elsewhere = model.scopes.references.find(x => x.variable === v && within(x.span, outerBody) && !mine(x));
      if (!outerPrivates.includes(v) || elsewhere)
        return refuse(r.node, `the statement${k.serial.length > 1 ? 's' : ''} at ${lines} between the parallel loops of '${outer.variable.name}' would run in a one-thread kernel, but ${elsewhere ? `'${v.name}' carries the value they set to line ${line(elsewhere.node)}` : `'${v.name}' keeps the value they set from one iteration of '${outer.variable.name}' to the next`}: a kernel returns results only through arrays`);
      (k.privates ??= []).includes(v) || k.privates.push(v);
    }
    // A declaration of the segment read after it: the kernel's scope would end before the read.
    for (const v of model.scopes.variables) {
      if (!within(v.span, segment)) continue;
      const later = model.scopes.references.find(r => r.variable === v && !mine(r));
      if (later)
        return refuse(later.node, `'${v.name}', declared at line ${line(v.declaration)} between the parallel loops of '${outer.variable.name}', is read at line ${line(later.node)}: the statements declaring it would run in a one-thread kernel, whose variables no other kernel sees`);
    }
    // The loop indices of the outside the segment's loops use: the kernel's own.
    for (const v of indexPrivates)
      if (model.scopes.references.some(r => r.variable === v && mine(r) && r.access !== 'read'))
        (k.privates ??= []).includes(v) || k.privates.push(v);
  }
  return { host: outer, kernels };
}

