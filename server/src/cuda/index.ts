// MetaFork -> CUDA (Xie 2016 Ch. 5): one `.cu` translation unit, the program with every
// `meta_schedule` replaced by host code (allocation, transfers of exactly the arrays its
// kernels use, launches, copy-back, free, error checks) and its kernels printed before the
// function holding it. Other MetaFork constructs of the file run serially (their elision),
// with a note. Any error: no output.

import type { CompileContext } from '../preprocess/index';
import { Span, within } from '../base/span';
import { functionName } from '../syntax/ast';
import { checkText } from '../checks/index';
import type { DocumentModel } from '../model/document';
import type { ItemModel } from '../model/constructs';
import type { MfDiagnostic } from '../base/diagnostic';
import { conflictDiagnostic, diagnostic } from '../base/diagnostic';
import type { TextEdit } from '../base/edits';
import { SourceConflict, type Segment, type SourceMap } from '../base/sourcemap';
import { afterIncludesIn, includeEditIn } from '../syntax/includes';
import { elisionEdits } from '../model/elide';
import { constructSpan, type Construct } from '../model/constructs';
import { indentUnit, lineIndent, wholeLines } from '../base/layout';
import { Stage } from '../base/stage';
import { receiveBoxNames, scheduleKernels } from './kernels';
import { ScheduleKernels, kernelName } from './kernel';
import { cplusplusEdits } from './cplusplus';
import { MemoryMode, stageBoxes, StagedBox } from './footprint';
import type { SNode } from '../syntax/parser';
import { canonicalHeader } from '../model/loops';
import {
  blockInterior, checkMacro, printKernel, printLaunch, printTransfers, sharedBytes, boxBytesHelper,
} from './print';
import type { CudaKernelInfo, CudaOutput, CudaTileInfo } from '../../../shared/protocol';

/** The generation's result: the `.cu`, its kernels and tiles, each schedule with its kernels. */
export type CudaResult = CudaOutput<MfDiagnostic, ScheduleSummary>;

export interface ScheduleSummary {
  /** The schedule in the input text (keyword or pragma through its body). */
  start: number;
  end: number;
  /** Each kernel with the loop nest it comes from (`start`, `end`: the outermost loop). */
  kernels: (CudaKernelInfo & Span)[];
}

export interface CudaOptions extends CompileContext {
  fileName?: string;
  /** `shared`: stage the tiles the thesis's policy picks; `cache(...)` overrides either mode. */
  memory?: MemoryMode;
  /** Only the kernels of the schedules inside this span, and no `.cu` text (a hover): errors
   * outside the function holding it do not stop them. Kernels keep their numbers in the file. */
  only?: Span;
  /** Appended to the names of the kernels generated (`_case2`). */
  kernelSuffix?: string;
  /** What to put for some schedules instead of their generated kernels and host code (the
   * optimizer's cases and dispatchers); `at` is a schedule's start. */
  replace?: ScheduleReplacement[];
}

export interface ScheduleReplacement {
  at: number;
  /** Replaces the schedule statement. */
  host: string;
  /** Printed before the function holding the schedule. */
  kernels: string[];
  /** Printed once after the includes (helpers the host code calls). */
  helpers: string;
  /** Some kernel uses shared-memory tiles (the tile-size helper is needed). */
  staged: boolean;
}

/** One schedule as generated: its kernels' sources and the host code replacing its statement. */
export interface SchedulePieces {
  kernels: string[];
  /** Each kernel's shared-memory tiles (the optimizer counts their words). */
  boxes: StagedBox[][];
  host: string;
  staged: boolean;
  diagnostics: MfDiagnostic[];
  /** The schedule as read (the cost model counts its kernels); absent when errors stop it. */
  read?: ReadSchedule;
}

export async function generateCuda(text: string, options: CudaOptions = {}): Promise<CudaResult> {
  const { model, diagnostics, syntax } = await checkText(text, options.fileName, options);
  try {
    return cudaFromModel(model, diagnostics, options);
  } finally {
    syntax.dispose();
  }
}

/** The generation from an analysed document (the server re-uses the model of its diagnostics). */
export function cudaFromModel(
  doc: DocumentModel,
  found: readonly MfDiagnostic[],
  options: CudaOptions = {},
): CudaResult {
  try {
    return generate(doc, found, options);
  } catch (e) {
    if (!(e instanceof SourceConflict)) throw e;
    return { diagnostics: [conflictDiagnostic(e)], kernels: [], tiles: [], schedules: [] };
  }
}

function generate(doc: DocumentModel, found: readonly MfDiagnostic[], options: CudaOptions): CudaResult {
  const text = doc.text;
  const only = options.only;
  const holder = only && doc.itemAt(only.start);
  if (only && !holder) return { diagnostics: [], kernels: [], tiles: [], schedules: [] };
  const diagnostics = found.filter(
    d => d.severity === 'error' && (!holder || (d.start < holder.item.end && d.end > holder.item.start)),
  );
  if (diagnostics.length) return { diagnostics, kernels: [], tiles: [], schedules: [] };
  const items = holder ? [holder] : doc.allItems();
  const schedules = readSchedules(doc, items, diagnostics, options);
  if (only) {
    const unit = indentUnit(doc.map.fileText);
    return {
      diagnostics,
      kernels: schedules.flatMap(s => s.read.kernels.map(kernelName)),
      tiles: boxSummaries(schedules, text),
      schedules: schedules.map(s => scheduleSummary(s, doc.map, unit)),
    };
  }
  if (schedules.length === 0 && !diagnostics.some(d => d.severity === 'error')) {
    diagnostics.push(
      diagnostic(
        'MF510',
        { start: 0, end: Math.min(1, text.length) },
        `no 'meta_schedule' in this file: there is nothing to generate CUDA for`,
      ),
    );
  }
  if (diagnostics.some(d => d.severity === 'error')) return { diagnostics, kernels: [], tiles: [], schedules: [] };

  const stage = new Stage(doc.map);
  const unit = indentUnit(doc.map.fileText);
  // Everything outside the schedules runs as its serial elision.
  const spans = schedules.map(s => s.read.schedule);
  for (const e of elisionEdits(doc))
    if (!spans.some(s => within(e, s) || (e.start < s.end && e.end > s.start))) stage.edit(e);
  for (const model of items) {
    for (const c of model.constructs) {
      if (c.kind !== 'schedule' && c.dialect === 'metafork' && !spans.some(s => within(c, s))) {
        diagnostics.push(
          diagnostic(
            'MF604',
            c.head,
            `outside 'meta_schedule' the CUDA program runs this construct serially (its elision)`,
          ),
        );
      }
    }
  }
  for (const e of cplusplusEdits(doc)) stage.edit(e);
  const kernelsAt = new Map<number, string[]>();
  const devices = new Set<string>();
  const summaries: ScheduleSummary[] = [];
  for (const schedule of schedules) {
    const { read, host, boxes } = schedule;
    const summary = scheduleSummary(schedule, doc.map, unit, stage.written);
    summaries.push(summary);
    const at = wholeLines(text, host).start;
    for (const k of read.kernels) for (const f of k.calls) devices.add(f);
    const c = read.schedule;
    const replace = options.replace?.find(r => r.at === constructSpan(c).start);
    kernelsAt.set(at, [
      ...(kernelsAt.get(at) ?? []),
      ...(replace ? replace.kernels : summary.kernels.map(k => k.source)),
    ]);
    if (replace) stage.edit({ start: replace.at, end: c.region!.end, newText: replace.host });
    else hostCode(stage, read, boxes, unit);
  }
  for (const [at, kernels] of kernelsAt) stage.edit({ start: at, end: at, newText: kernels.join('\n\n') + '\n\n' });
  // Functions the kernels call run on the device too.
  for (const model of items) {
    const fn = model.item;
    if (fn.type !== 'function_definition') continue;
    const name = functionName(fn, text)?.name;
    if (name && devices.has(name)) stage.edit({ start: fn.start, end: fn.start, newText: '__host__ __device__ ' });
  }
  const headers: TextEdit[] = [];
  for (const h of ['stdio.h', 'stdlib.h']) {
    const e = includeEditIn(doc.map, h);
    if (e) headers.push(e);
  }
  const after = afterIncludesIn(doc.map);
  const staged = schedules.some(s => s.boxes.some(t => t.length > 0)) || !!options.replace?.some(r => r.staged);
  const helpers = [...new Set(options.replace?.map(r => r.helpers).filter(Boolean))].map(h => `\n${h}\n`).join('');
  headers.push({
    start: after,
    end: after,
    newText: `\n${checkMacro()}\n${staged ? `\n${boxBytesHelper()}\n` : ''}${helpers}\n`,
  });
  const out = stage.output(headers);
  const tiles = boxSummaries(schedules, text);
  return {
    text: out,
    diagnostics,
    kernels: schedules.flatMap(s => s.read.kernels.map(kernelName)),
    tiles,
    schedules: summaries,
  };
}

/** A schedule as the generator reads it: its kernels, each kernel's tiles, the item holding it. */
export type ReadSchedule = {
  read: ScheduleKernels;
  host: NonNullable<Construct['functionNode']>;
  boxes: StagedBox[][];
  model: ItemModel;
};

/** Every schedule of the items (inside `only` when given) read as kernels with their tiles. */
function readSchedules(
  doc: DocumentModel,
  items: readonly ItemModel[],
  diagnostics: MfDiagnostic[],
  options: CudaOptions,
): ReadSchedule[] {
  const only = options.only;
  const schedules: ReadSchedule[] = [];
  let next = only ? kernelsBefore(doc, only.start) : 0;
  for (const model of items) {
    for (const c of model.constructs) {
      if (c.kind !== 'schedule' || !c.region || (only && !within(c, only))) continue;
      const read = scheduleKernels(model, c, next, diagnostics);
      if (!read || !c.functionNode) continue;
      next += read.kernels.length;
      if (options.kernelSuffix) for (const k of read.kernels) k.suffix = options.kernelSuffix;
      const cacheItems = c.clauses.filter(x => x.name === 'cache').flatMap(x => x.items);
      const cache = cacheItems.length ? new Set(cacheItems.map(i => i.name)) : undefined;
      const boxes = read.kernels.map(k => {
        const staging = stageBoxes(model, k, options.memory ?? 'global', cache);
        for (const u of staging.unstaged) {
          const item = cacheItems.find(i => i.name === u.array.name);
          diagnostics.push(
            item
              ? diagnostic('MF511', item, `'${u.array.name}' stays in global memory in ${kernelName(k)}: ${u.reason}`, {
                  variable: u.array.name,
                })
              : diagnostic(
                  'MF512',
                  k.nest,
                  `'${u.array.name}' stays in global memory in ${kernelName(k)}: ${u.reason}`,
                  { variable: u.array.name },
                ),
          );
        }
        receiveBoxNames(model, k, staging.boxes, diagnostics);
        return staging.boxes;
      });
      for (const item of cacheItems) {
        if (!read.arrays.some(a => a.name === item.name))
          diagnostics.push(
            diagnostic(
              'MF511',
              item,
              `'${item.name}' is not an array any kernel of this schedule uses: there is nothing to stage`,
              { variable: item.name },
            ),
          );
      }
      schedules.push({ read, host: c.functionNode, boxes, model });
    }
  }
  return schedules;
}

/** The schedules of the document as the generator reads them (the cost model counts their
 * kernels); none when an error stops the generation. */
export function readScheduleKernels(
  doc: DocumentModel,
  found: readonly MfDiagnostic[],
  options: CudaOptions = {},
): { schedules: ReadSchedule[]; diagnostics: MfDiagnostic[] } {
  // With `only`, the item holding it alone is read (a hover on a large file), and only its errors stop it.
  const holder = options.only && doc.itemAt(options.only.start);
  if (options.only && !holder) return { schedules: [], diagnostics: [] };
  const diagnostics = found.filter(
    d => d.severity === 'error' && (!holder || (d.start < holder.item.end && d.end > holder.item.start)),
  );
  if (diagnostics.length) return { schedules: [], diagnostics };
  const schedules = readSchedules(doc, holder ? [holder] : doc.allItems(), diagnostics, options);
  return { schedules: diagnostics.some(d => d.severity === 'error') ? [] : schedules, diagnostics };
}

/** The kernels and host code of the one schedule starting at `at` (the optimizer's cases). */
export function schedulePieces(
  doc: DocumentModel,
  found: readonly MfDiagnostic[],
  at: Span,
  options: CudaOptions = {},
): SchedulePieces {
  const diagnostics = found.filter(d => d.severity === 'error');
  const holder = doc.itemAt(at.start);
  if (diagnostics.length || !holder) return { kernels: [], boxes: [], host: '', staged: false, diagnostics };
  const [schedule] = readSchedules(doc, [holder], diagnostics, { ...options, only: at });
  if (!schedule || diagnostics.some(d => d.severity === 'error'))
    return { kernels: [], boxes: [], host: '', staged: false, diagnostics };
  const stage = new Stage(doc.map);
  const unit = indentUnit(doc.map.fileText);
  hostCode(stage, schedule.read, schedule.boxes, unit);
  const c = schedule.read.schedule;
  const host = stage.render({ start: constructSpan(c).start, end: c.region!.end });
  return {
    kernels: schedule.read.kernels.map((k, i) => printKernel(k, doc.map, unit, schedule.boxes[i])),
    boxes: schedule.boxes,
    host,
    staged: schedule.boxes.some(t => t.length > 0),
    diagnostics,
    read: schedule,
  };
}

function scheduleSummary(
  { read, boxes }: ReadSchedule, map: SourceMap, unit: string, written?: Set<Segment>,
): ScheduleSummary {
  const c = read.schedule;
  return {
    ...constructSpan(c),
    kernels: read.kernels.map((k, i) => ({
      name: kernelName(k),
      source: printKernel(k, map, unit, boxes[i], written),
      launch: printLaunch(k, '', unit, sharedBytes(boxes[i])),
      grid: k.grid.map(g => g.bound),
      block: k.block.map(b => b.bound),
      start: k.nest.start,
      end: k.nest.end,
    })),
  };
}

function boxSummaries(schedules: ReadSchedule[], text: string): CudaTileInfo[] {
  return schedules.flatMap(s => s.read.kernels.flatMap((k, i) => s.boxes[i].map((t): CudaTileInfo => ({
    kernel: kernelName(k), name: `shared_${t.id}`, array: t.array.name, extent: t.extent.map(e => e.toC()),
    level: t.level ? loopVariable(t.level, text) : null, stored: t.written,
  }))));
}

/** The `meta_schedule`s of a document in file order, those starting before `before` when it is
 * given; only the items holding one are read (cheap on a large file). */
export function schedulesOf(doc: DocumentModel, before = Infinity): Construct[] {
  const layer = doc.syntax.layer;
  const holders = new Set<number>();
  for (const k of layer.keywords)
    if (k.keyword === 'meta_schedule' && k.start < before) holders.add(doc.itemIndexAt(k.start));
  for (const p of layer.pragmas)
    if (p.start < before && /^#\s*pragma\s+mf\s+schedule\b/.test(p.text)) holders.add(doc.itemIndexAt(p.start));
  return [...holders].filter(i => i >= 0).sort((a, b) => a - b)
    .flatMap(i => doc.item(i).constructs.filter(c => c.kind === 'schedule' && constructSpan(c).start < before));
}

/** How many kernels the schedules before `offset` make: one per outermost `meta_for` nest. */
function kernelsBefore(doc: DocumentModel, offset: number): number {
  return schedulesOf(doc, offset).reduce((n, c) => n + c.children.filter(k => k.kind === 'parallel-for').length, 0);
}

function loopVariable(loop: SNode, text: string): string | null {
  return canonicalHeader(loop, text).header?.variable ?? null;
}

/** The schedule's replacement: transfers in, its statements with launches for nests, transfers out. */
function hostCode(stage: Stage, read: ScheduleKernels, boxes: StagedBox[][], unit: string): void {
  const text = stage.text;
  const c = read.schedule;
  const indent = lineIndent(text, c.start);
  const i1 = indent + unit;
  read.kernels.forEach((k, i) =>
    stage.edit({
      start: k.nest.start,
      end: k.nest.end,
      newText: printLaunch(k, lineIndent(text, k.nest.start), unit, sharedBytes(boxes[i])),
    }),
  );
  const region = c.region!;
  const body = stage.render(region);
  const inner = region.type === 'compound_statement'
    ? blockInterior(body)
    : i1 + body;
  const { before, after } = printTransfers(read.arrays, i1);
  const replacement = [
    `{ /* meta_schedule on the GPU: ${read.kernels.map(kernelName).join(', ')} */`,
    ...before,
    inner,
    ...after,
    `${indent}}`,
  ].join('\n');
  const start = constructSpan(c).start;
  stage.edit({ start, end: region.end, newText: replacement });
}
