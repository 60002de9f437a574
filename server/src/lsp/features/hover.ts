// Hovers: what a construct is and what it is in the other dialects, the sharing of every
// variable it touches, and for a `meta_schedule` (or a kernel's `meta_for`) the CUDA it becomes.
// Inside parallel regions a hover on a variable says how that region shares it.

import type { CancellationToken, Hover, HoverParams, MarkupContent } from 'vscode-languageserver';
import type { Construct, ItemModel } from '../../model/constructs';
import { constructLabel } from '../../model/constructs';
import { sharingAt } from '../../model/sharing';
import type { CudaResult, ScheduleSummary } from '../../cuda';
import type { Span } from '../../base/span';
import type { MetaforkSettings } from '../../../../shared/settings';
import type { ServerContext } from '../context';
import type { DocumentState } from '../documents';
import { offsetOf, rangeOf } from '../convert';
import { scheduleEstimate, scheduleKernels } from './schedules';

type Counterparts = { metafork: string; openmp: string; cilkplus: string; what: string };

/** The same construct in each dialect (the thesis's translation algorithms 1–9 and its CilkPlus rules). */
function counterparts(c: Construct): Counterparts | undefined {
  switch (c.kind) {
    case 'spawn': return { what: 'spawn of a function call: the caller goes on while the call runs', metafork: '`x = meta_fork f(args);`', openmp: '`#pragma omp task shared(x)` before `x = f(args);`', cilkplus: '`x = cilk_spawn f(args);`' };
    case 'block-spawn': return { what: 'spawn of a block: the block runs in parallel with what follows it', metafork: '`meta_fork shared(v) { ... }`', openmp: '`#pragma omp task shared(v) { ... }`', cilkplus: 'the block outlined into a function, then `cilk_spawn` of that function' };
    case 'join': return { what: 'join: waits for the children spawned so far by this function', metafork: '`meta_join;`', openmp: '`#pragma omp taskwait`', cilkplus: '`cilk_sync;`' };
    case 'parallel-for': return { what: 'parallel loop: its iterations may run in parallel and are all done when it ends', metafork: '`meta_for (int i = a; i < b; i++)`', openmp: '`#pragma omp parallel for`', cilkplus: '`cilk_for (int i = a; i < b; i++)`' };
    case 'schedule': return { what: 'GPU schedule: each loop nest of 2 or 4 `meta_for`s is a CUDA kernel (grid and block loops)', metafork: '`meta_schedule [cache(a)] { ... }`', openmp: 'none: its loops become CPU parallel loops', cilkplus: 'none: its loops become `cilk_for` loops' };
    case 'scope': return { what: 'a region whose spawns are all joined at its end', metafork: 'a block ending with `meta_join;`', openmp: '`#pragma omp taskgroup` (waits for descendants too)', cilkplus: '`cilk_scope { ... }`' };
    case 'pipe': return { what: 'pipeline: iterations run as stages that wait for the previous iteration\'s same stage', metafork: '`meta_pipe`', openmp: 'tasks ordered by `depend` clauses', cilkplus: 'fork-join code (no pipeline construct)' };
    case 'grainsize': return { what: 'the number of iterations a strand of the next parallel loop runs', metafork: '`#pragma meta grainsize = g`', openmp: '`schedule(dynamic, g)` on the loop', cilkplus: '`#pragma cilk grainsize = g`' };
    case 'omp': return ompCounterparts(c.directive?.name ?? '');
    default: return undefined;
  }
}

function ompCounterparts(name: string): Counterparts | undefined {
  const same = { openmp: `\`#pragma omp ${name}\`` };
  if (/^(parallel for|for|parallel for simd|for simd|simd)$/.test(name)) return { ...same, what: 'worksharing loop', metafork: '`meta_for` (Algorithm 5)', cilkplus: '`cilk_for`' };
  switch (name) {
    case 'parallel': return { ...same, what: 'parallel region: a team of threads runs the block', metafork: 'its worksharing constructs become `meta_for`/`meta_fork`; code every thread runs is refused (thread-team semantics)', cilkplus: 'via MetaFork: `cilk_for` / `cilk_spawn`' };
    case 'sections': case 'parallel sections': return { ...same, what: 'sections: each section runs once, in parallel', metafork: 'one `meta_fork` per section but the last, then `meta_join;` (Algorithm 7)', cilkplus: '`cilk_spawn` per section, then `cilk_sync;`' };
    case 'section': return { ...same, what: 'one section of a sections construct', metafork: 'a `meta_fork` block', cilkplus: 'an outlined function under `cilk_spawn`' };
    case 'task': return { ...same, what: 'task: the block runs asynchronously', metafork: '`meta_fork` (Algorithm 8)', cilkplus: '`cilk_spawn`' };
    case 'taskwait': return { ...same, what: 'waits for the child tasks', metafork: '`meta_join;`', cilkplus: '`cilk_sync;`' };
    case 'barrier': return { ...same, what: 'waits for every thread of the team', metafork: '`meta_join;` where it ends spawned work', cilkplus: '`cilk_sync;`' };
    case 'single': case 'master': return { ...same, what: `${name}: one thread runs the block`, metafork: 'the block itself (MetaFork code runs once unless spawned)', cilkplus: 'the block itself' };
    case 'critical': case 'atomic': return { ...same, what: `${name}: mutual exclusion`, metafork: 'none (MetaFork synchronises only by joins)', cilkplus: 'none (use a reducer)' };
    default: return name ? { ...same, what: `OpenMP '${name}'`, metafork: 'none known', cilkplus: 'none known' } : undefined;
  }
}

/** The construct whose keyword or pragma line is at `offset`. */
function constructAt(model: ItemModel, offset: number): Construct | undefined {
  return model.constructs.find(c => c.head.start <= offset && offset <= c.head.end);
}

export async function hoverAt(ctx: ServerContext, params: HoverParams, token: CancellationToken): Promise<Hover | null> {
  const state = await ctx.stateOf(params.textDocument?.uri, token);
  return hover(state, offsetOf(state.lines, params.position), ctx.settings);
}

/** The hover at `offset`; a schedule's kernels and estimate follow the settings. */
export function hover(state: DocumentState, offset: number, settings: MetaforkSettings): Hover | null {
  const cuda = (schedule: Construct) => scheduleKernels(state, schedule, settings);
  const cost = (schedule: Construct) => scheduleEstimate(state, schedule, settings);
  const model = state.analysis.model.itemAt(offset);
  if (!model) return null;
  const c = constructAt(model, offset);
  if (c) return markdown(constructHover(model, c, cuda, cost), c.head, state);
  const inner = innermostRegion(model, offset);
  const ref = model.scopes.references.find(r => r.span.start <= offset && offset <= r.span.end && r.variable);
  const where = (k: Construct) => `\`${constructLabel(k)}\` (line ${state.lines.position(k.head.start).line + 1})`;
  if (ref?.variable) {
    const entry = inner && sharingAt(model, inner).find(e => e.variable === ref.variable);
    const lines = [declarationBlock(ref.variable.declaration, state.text)];
    if (entry) lines.push(`in ${where(inner!)}: **${entry.sharing}** — ${entry.reason}`);
    return markdown(lines.join('\n\n'), ref.span, state);
  }
  if (inner) return markdown(`inside ${where(inner)}`, { start: offset, end: offset }, state);
  return null;
}

function innermostRegion(model: ItemModel, offset: number): Construct | undefined {
  let found: Construct | undefined;
  for (const c of model.constructs) {
    if (c.kind === 'join' || c.kind === 'grainsize' || c.kind === 'schedule') continue;
    const span = c.kind === 'spawn' ? c.statement : (c.loop ?? c.region);
    if (span && span.start <= offset && offset <= span.end && (!found || found.start <= c.start)) found = c;
  }
  return found;
}

function constructHover(model: ItemModel, c: Construct, cuda: (schedule: Construct) => CudaResult, cost: (schedule: Construct) => string | undefined): string {
  const parts: string[] = [];
  const label = constructLabel(c);
  const cp = counterparts(c);
  parts.push(`**${label}** — ${cp?.what ?? c.kind}`);
  if (cp) {
    const rows = (['metafork', 'openmp', 'cilkplus'] as const).filter(d => d !== c.dialect).map(d => `| ${d === 'metafork' ? 'MetaFork' : d === 'openmp' ? 'OpenMP' : 'CilkPlus'} | ${cp[d]} |`);
    parts.push(['| dialect | counterpart |', '|---|---|', ...rows].join('\n'));
  }
  // A kernel's grid loop: the kernel it becomes.
  if (c.kind === 'parallel-for' && c.dialect === 'metafork') {
    const schedule = ancestor(c, 'schedule');
    if (schedule) {
      const result = cuda(schedule);
      const kernel = scheduleOf(result, schedule)?.kernels.find(k => c.start >= k.start && c.start <= k.end);
      if (kernel) { parts.push(kernelMarkdown(kernel)); return parts.join('\n\n'); }
      parts.push(cudaProblems(result));
    }
  }
  if (c.kind === 'schedule') {
    const result = cuda(c);
    const summary = scheduleOf(result, c);
    if (summary) {
      const estimate = cost(c);
      if (estimate) parts.push(`**Estimate**: ${estimate} (\`metafork analyze\` for the counts)`);
      parts.push(`becomes ${summary.kernels.length} CUDA kernel${summary.kernels.length === 1 ? '' : 's'}${tilesLine(result, summary)}:`);
      for (const k of summary.kernels) parts.push(kernelMarkdown(k));
    } else {
      parts.push(cudaProblems(result));
    }
    return parts.join('\n\n');
  }
  if (['spawn', 'block-spawn', 'parallel-for', 'pipe', 'omp'].includes(c.kind)) {
    const entries = sharingAt(model, c).filter(e => !e.local || c.kind !== 'spawn');
    if (entries.length) {
      parts.push([`| variable | sharing | why |`, '|---|---|---|', ...entries.map(e => `| \`${e.variable.name}\` | ${e.sharing} | ${e.reason} |`)].join('\n'));
    }
  }
  return parts.join('\n\n');
}

function ancestor(c: Construct, kind: Construct['kind']): Construct | undefined {
  for (let p = c.parent; p; p = p.parent) if (p.kind === kind) return p;
  return undefined;
}

function scheduleOf(result: CudaResult, c: Construct): ScheduleSummary | undefined {
  return result.schedules.find(s => s.start <= c.start && c.end <= s.end);
}

function tilesLine(result: CudaResult, s: ScheduleSummary): string {
  const names = new Set(s.kernels.map(k => k.name));
  const tiles = result.tiles.filter(t => names.has(t.kernel));
  return tiles.length ? ` (shared-memory tiles: ${tiles.map(t => `\`${t.name}[${t.extent.join('][')}]\``).join(', ')})` : '';
}

function kernelMarkdown(k: ScheduleSummary['kernels'][number]): string {
  const shape = `grid ${k.grid.map(g => `\`${g}\``).join(' × ')} blocks of ${k.block.map(b => `\`${b}\``).join(' × ')} threads`;
  return [`**${k.name}**: ${shape}`, '```cuda-cpp', k.source, '', '// launch', k.launch, '```'].join('\n');
}

function cudaProblems(result: CudaResult): string {
  const errors = result.diagnostics.filter(d => d.severity === 'error');
  if (!errors.length) return 'no CUDA is generated for this schedule';
  return `no CUDA: ${errors.slice(0, 3).map(d => `${d.code} ${d.message}`).join('; ')}`;
}

function declarationBlock(decl: { start: number; end: number }, text: string): string {
  const declText = text.slice(decl.start, Math.min(decl.end, decl.start + 120)).replace(/\s+/g, ' ').trim();
  return ['```c', declText, '```'].join('\n');
}

function markdown(value: string, span: Span, state: DocumentState): Hover {
  const contents: MarkupContent = { kind: 'markdown', value };
  return { contents, range: rangeOf(state.lines, span) };
}
