// MetaFork -> CUDA (SPEC §4): one `.cu` translation unit, the program with every
// `meta_schedule` replaced by host code (allocation, transfers of exactly the arrays its
// kernels use, launches, copy-back, free, error checks) and its kernels printed before the
// function holding it. Other MetaFork constructs of the file run serially (their elision),
// with a note. Any error: no output.

import { analyzeText } from '../analyze';
import type { MfDiagnostic } from '../analysis/diagnostic';
import { diagnostic } from '../analysis/diagnostic';
import { applyEdits, TextEdit } from '../syntax/edits';
import { includeLines } from '../syntax/includes';
import { elisionEdits } from '../model/elide';
import type { Construct } from '../model/constructs';
import { includeEdit, indentUnit, lineIndent, Stage, wholeLines } from '../translate/common';
import { scheduleKernels, ScheduleKernels } from './kernels';
import { checkMacro, kernelName, printKernel, printLaunch, printTransfers } from './print';

export interface CudaResult {
  /** The `.cu` text; absent when an error stops the generation. */
  text?: string;
  diagnostics: MfDiagnostic[];
  /** Kernels generated, in file order. */
  kernels: string[];
}

const within = (s: { start: number; end: number }, outer: { start: number; end: number }) => outer.start <= s.start && s.end <= outer.end;

export async function generateCuda(text: string, options: { fileName?: string } = {}): Promise<CudaResult> {
  const { model: doc, diagnostics: found, syntax } = await analyzeText(text, options.fileName);
  try {
    const diagnostics = found.filter(d => d.severity === 'error');
    if (diagnostics.length) return { diagnostics, kernels: [] };
    const items = doc.allItems();
    const schedules: { read: ScheduleKernels; host: NonNullable<Construct['functionNode']> }[] = [];
    let next = 0;
    for (const model of items) {
      for (const c of model.constructs) {
        if (c.kind !== 'schedule' || !c.region) continue;
        const read = scheduleKernels(model, c, next, diagnostics);
        if (!read || !c.functionNode) continue;
        next += read.kernels.length;
        schedules.push({ read, host: c.functionNode });
        for (const cl of c.clauses.filter(x => x.name === 'cache')) {
          diagnostics.push(diagnostic('MF604', cl, `'cache(...)' asks for shared-memory tiles; in global-memory mode every array is read from global memory`));
        }
      }
    }
    if (schedules.length === 0 && !diagnostics.some(d => d.severity === 'error')) {
      diagnostics.push(diagnostic('MF510', { start: 0, end: Math.min(1, text.length) }, `no 'meta_schedule' in this file: there is nothing to generate CUDA for`));
    }
    if (diagnostics.some(d => d.severity === 'error')) return { diagnostics, kernels: [] };

    const stage = new Stage(text);
    const unit = indentUnit(text);
    // Everything outside the schedules runs as its serial elision.
    const spans = schedules.map(s => s.read.schedule);
    for (const e of elisionEdits(doc)) if (!spans.some(s => within(e, s) || (e.start < s.end && e.end > s.start))) stage.edit(e);
    for (const model of items) {
      for (const c of model.constructs) {
        if (c.kind !== 'schedule' && c.dialect === 'metafork' && !spans.some(s => within(c, s))) {
          diagnostics.push(diagnostic('MF604', c.head, `outside 'meta_schedule' the CUDA program runs this construct serially (its elision)`));
        }
      }
    }
    const kernelsBefore = new Map<number, string[]>();
    const devices = new Set<string>();
    for (const { read, host } of schedules) {
      const printed = read.kernels.map(k => printKernel(k, text));
      const at = wholeLines(text, host).start;
      kernelsBefore.set(at, [...(kernelsBefore.get(at) ?? []), ...printed]);
      for (const k of read.kernels) for (const f of k.calls) devices.add(f);
      hostCode(stage, read, unit);
    }
    for (const [at, kernels] of kernelsBefore) stage.edit({ start: at, end: at, newText: kernels.join('\n\n') + '\n\n' });
    // Functions the kernels call run on the device too.
    for (const model of items) {
      const fn = model.item;
      if (fn.type !== 'function_definition') continue;
      const name = /([A-Za-z_]\w*)\s*\(/.exec(text.slice(fn.start, fn.end))?.[1];
      if (name && devices.has(name)) stage.edit({ start: fn.start, end: fn.start, newText: '__host__ __device__ ' });
    }
    const headers: TextEdit[] = [];
    for (const h of ['stdio.h', 'stdlib.h']) { const e = includeEdit(text, h); if (e) headers.push(e); }
    const lines = includeLines(text);
    const after = lines.length ? lines[lines.length - 1].end : 0;
    headers.push({ start: after, end: after, newText: `\n${checkMacro()}\n\n` });
    const out = applyEdits(text, [...headers, ...stage.edits]);
    return { text: out, diagnostics, kernels: schedules.flatMap(s => s.read.kernels.map(kernelName)) };
  } finally {
    syntax.dispose();
  }
}

/** The schedule's replacement: transfers in, its statements with launches for nests, transfers out. */
function hostCode(stage: Stage, read: ScheduleKernels, unit: string): void {
  const text = stage.text;
  const c = read.schedule;
  const indent = lineIndent(text, c.start);
  const i1 = indent + unit;
  for (const k of read.kernels) stage.edit({ start: k.nest.start, end: k.nest.end, newText: printLaunch(k, lineIndent(text, k.nest.start), unit) });
  const region = c.region!;
  const body = stage.render(region);
  const inner = region.type === 'compound_statement'
    ? body.slice(1, body.lastIndexOf('}')).replace(/^[ \t]*\n/, '').replace(/\s+$/, '')
    : i1 + body;
  const { before, after } = printTransfers(read.arrays, i1);
  const replacement = [
    `{ /* meta_schedule on the GPU: ${read.kernels.map(kernelName).join(', ')} */`,
    ...before,
    inner,
    ...after,
    `${indent}}`,
  ].join('\n');
  const start = c.form === 'pragma' ? c.head.start : c.start;
  stage.edit({ start, end: region.end, newText: replacement });
}
