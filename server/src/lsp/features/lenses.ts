// Code lenses over each `meta_schedule`: its kernels with their estimated time (opening the CUDA
// view) and its cases (opening the case discussion), both resolved only when on screen.

import { LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { CancellationToken, CodeLens, CodeLensParams } from 'vscode-languageserver';
import type { Construct } from '../../model/constructs';
import { constructSpan } from '../../model/constructs';
import { COMMANDS } from '../../../../shared/protocol';
import type { CudaResult } from '../../cuda';
import type { OptimizeResult } from '../../optimize/result';
import type { ServerContext } from '../context';
import type { DocumentState } from '../documents';
import { rangeOf } from '../convert';
import type { LineIndex } from '../../base/lines';
import type { MfDiagnostic } from '../../base/diagnostic';
import { optimization } from '../requests/optimize';
import { scheduleEstimate, scheduleKernels, schedules } from './schedules';

export async function lensesOf(
  ctx: ServerContext, params: CodeLensParams, token: CancellationToken,
): Promise<CodeLens[]> {
  const state = await ctx.stateOf(params.textDocument?.uri, token);
  return codeLenses(state, schedules(state));
}

export async function resolveLens(ctx: ServerContext, lens: CodeLens, token: CancellationToken): Promise<CodeLens> {
  const data = lens.data as LensData | undefined;
  if (!data || (data.kind !== 'cases' && data.kind !== 'cuda')) return lens;
  const state = await ctx.stateOf(data.uri, token);
  if (state.version !== data.version) {
    throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed since this lens was offered');
  }
  if (data.kind === 'cuda') {
    const estimate = scheduleEstimate(state, data, ctx.settings, true);
    return cudaLens(lens, data, scheduleKernels(state, data, ctx.settings), estimate, state.lines);
  }
  return casesLens(lens, data, await optimization(ctx, state, undefined, token), state.lines);
}

/** What an unresolved lens carries to its resolution: the kernels of a schedule, or its cases. */
interface LensData { kind: 'cuda' | 'cases'; uri: string; version: number; start: number; end: number }

/** A lens's title when there is no result: the schedule's own errors, or where the file's first
 * error is when it lies outside the schedule (another function's error is not this schedule's). */
function errorsTitle(
  what: string, errors: readonly MfDiagnostic[], data: LensData, lines: LineIndex, detail: boolean,
): string | undefined {
  const own = errors.filter(d => d.severity === 'error' && d.start >= data.start && d.start < data.end);
  if (own.length)
    return `${what}: ${own.length} error${own.length === 1 ? '' : 's'} (${own[0].code})${detail ? `: ${own[0].message.split('\n')[0]}` : ''}`;
  const first = errors.find(d => d.severity === 'error');
  return first && `${what}: none while the file has an error at line ${lines.position(first.start).line + 1} (${first.code})`;
}

/** Two lenses over each schedule, both resolved only when on screen (a file may hold hundreds):
 * its kernels with their estimated time, which open the CUDA view (see `cudaLens`), and its
 * cases, which may run nvcc (see `casesLens`). */
function codeLenses(state: DocumentState, schedules: Construct[]): CodeLens[] {
  return schedules.flatMap(c => {
    const range = rangeOf(state.lines, c.head);
    const span = constructSpan(c);
    const data = (kind: LensData['kind']): LensData =>
      ({ kind, uri: state.uri, version: state.version, start: span.start, end: span.end });
    return [{ range, data: data('cuda') }, { range, data: data('cases') }];
  });
}

/** The resolved kernels lens: "Show CUDA: kernel0 (≈ 51 µs on H100)", or why there is no CUDA. */
function cudaLens(
  lens: CodeLens, data: LensData, result: CudaResult, estimate: string | undefined, lines: LineIndex,
): CodeLens {
  const summary = result.schedules[0];
  const title = summary
    ? `Show CUDA: ${summary.kernels.map(k => k.name).join(', ')}${estimate ? ` (${estimate})` : ''}`
    : errorsTitle('CUDA', result.diagnostics, data, lines, false) ?? 'CUDA: no kernel';
  return { ...lens, command: { title, command: COMMANDS.showCuda, arguments: [data.uri] } };
}

/** The resolved cases lens of the schedule at `data`: "3 cases" (and the parameters left without
 * a kernel), or the error that stops its optimization; it opens the case discussion. */
function casesLens(lens: CodeLens, data: LensData, result: OptimizeResult, lines: LineIndex): CodeLens {
  const schedule = result.schedules.find(s => s.start === data.start);
  let title: string;
  if (schedule) {
    const n = schedule.cases.length;
    const none = schedule.empty.map(e => e.constraints.join(', ')).join(' or ');
    title = `${n} case${n === 1 ? '' : 's'}${none ? ` (no kernel when ${none})` : ''}`;
  } else {
    title = errorsTitle('Cases', result.diagnostics, data, lines, true) ?? 'Cases: none';
  }
  return { ...lens, command: { title, command: COMMANDS.showCases, arguments: [data.uri] } };
}
