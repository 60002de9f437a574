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
import { DIALECTS, DIALECT_LABELS } from '../../../../shared/dialects';
import type { ServerContext } from '../context';
import type { DocumentState } from '../documents';
import { offsetOf, rangeOf } from '../convert';
import { scheduleEstimate, scheduleKernels } from './schedules';
import { counterparts } from './counterparts';

/** The construct whose keyword or pragma line is at `offset`. */
function constructAt(model: ItemModel, offset: number): Construct | undefined {
  return model.constructs.find(c => c.head.start <= offset && offset <= c.head.end);
}

export async function hoverAt(
  ctx: ServerContext, params: HoverParams, token: CancellationToken,
): Promise<Hover | null> {
  const state = await ctx.stateOf(params.textDocument?.uri, token);
  return hover(state, offsetOf(state.lines, params.position), ctx.settings);
}

/** The hover at `offset`; a schedule's kernels and estimate follow the settings. */
function hover(state: DocumentState, offset: number, settings: MetaforkSettings): Hover | null {
  const cuda = (schedule: Construct) => scheduleKernels(state, schedule, settings);
  const cost = (schedule: Construct) => scheduleEstimate(state, schedule, settings);
  const model = state.checked.model.itemAt(offset);
  if (!model) return null;
  const c = constructAt(model, offset);
  if (c) return markdown(constructHover(model, c, cuda, cost), c.head, state);
  const inner = innermostRegion(model, offset);
  const ref = model.scopes.references.find(r => r.span.start <= offset && offset <= r.span.end && r.variable);
  const where = (k: Construct) => `\`${constructLabel(k)}\` (line ${state.lines.position(k.head.start).line + 1})`;
  if (ref?.variable) {
    const entry = inner && sharingAt(model, inner).find(e => e.variable === ref.variable);
    const lines = [declarationBlock(ref.variable.declaration, state.checked.model.text)];
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

type Of<T> = (schedule: Construct) => T;

function constructHover(model: ItemModel, c: Construct, cuda: Of<CudaResult>, cost: Of<string | undefined>): string {
  const parts: string[] = [];
  const label = constructLabel(c);
  const cp = counterparts(c);
  parts.push(`**${label}** — ${cp?.what ?? c.kind}`);
  if (cp) {
    const rows = DIALECTS.filter(d => d !== c.dialect).map(d => `| ${DIALECT_LABELS[d]} | ${cp[d]} |`);
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
      const n = summary.kernels.length;
      parts.push(`becomes ${n} CUDA kernel${n === 1 ? '' : 's'}${boxesLine(result, summary)}:`);
      for (const k of summary.kernels) parts.push(kernelMarkdown(k));
    } else {
      parts.push(cudaProblems(result));
    }
    return parts.join('\n\n');
  }
  if (['spawn', 'block-spawn', 'parallel-for', 'pipe', 'omp'].includes(c.kind)) {
    const entries = sharingAt(model, c).filter(e => !e.local || c.kind !== 'spawn');
    if (entries.length) {
      const rows = entries.map(e => `| \`${e.variable.name}\` | ${e.sharing} | ${e.reason} |`);
      parts.push([`| variable | sharing | why |`, '|---|---|---|', ...rows].join('\n'));
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

function boxesLine(result: CudaResult, s: ScheduleSummary): string {
  const names = new Set(s.kernels.map(k => k.name));
  const tiles = result.tiles.filter(t => names.has(t.kernel));
  const shown = tiles.map(t => `\`${t.name}[${t.extent.join('][')}]\``);
  return tiles.length ? ` (shared-memory tiles: ${shown.join(', ')})` : '';
}

function kernelMarkdown(k: ScheduleSummary['kernels'][number]): string {
  const dims = (xs: string[]) => xs.map(x => `\`${x}\``).join(' × ');
  const shape = `grid ${dims(k.grid)} blocks of ${dims(k.block)} threads`;
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
