// `metafork/analyze`: the cost model of every schedule of the document, or of the one at a
// position, on a GPU preset (default: the setting), in the worker.

import * as path from 'path';
import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { CancellationToken } from 'vscode-languageserver';
import type { AnalyzeParams, CostEstimateResult } from '../../../../shared/protocol';
import { estimateValues, GpuPreset, settingProblem } from '../../../../shared/settings';
import { formatSchedule } from '../../cost/format';
import type { ServerContext } from '../context';
import { flagsOf, pathOf } from '../documents';
import { lspDiagnostics, offsetOf, rangeOf } from '../convert';

export async function analyze(
  ctx: ServerContext, params: AnalyzeParams, token: CancellationToken,
): Promise<CostEstimateResult> {
  const state = await ctx.stateOf(params?.textDocument?.uri, token);
  const gpu = requestedGpu(ctx, params.gpu);
  const set = { ...estimateValues(ctx.settings), ...(params.set ?? {}) };
  if (typeof set !== 'object' || Object.values(set).some(v => typeof v !== 'number' || !Number.isFinite(v))) {
    throw new ResponseError(ErrorCodes.InvalidParams, "'set' must map names to numbers");
  }
  const offset = params.position === undefined ? undefined : offsetOf(state.lines, params.position);
  const memory = ctx.settings.cuda.memory;
  const asked = { fileName: pathOf(state.uri), gpu, set, memory, ...(offset === undefined ? {} : { offset }) };
  const work = { kind: 'analyze' as const, text: state.text, options: { ...asked, flags: flagsOf(state) } };
  const result = await ctx.job(state, `analyze:${JSON.stringify(asked)}`, work, token);
  const name = path.basename(pathOf(state.uri) ?? state.uri);
  return {
    version: state.version,
    ...(result.schedules.length ? { text: result.schedules.map(s => formatSchedule(name, result, s)).join('\n') } : {}),
    gpu: { name: result.gpu.name, sms: result.gpu.sms, clockMHz: result.gpu.clockMHz },
    diagnostics: lspDiagnostics(result.diagnostics, state.lines),
    schedules: result.schedules.map(({ start, end, line: _line, ...s }) => ({
      range: rangeOf(state.lines, { start, end }), ...s, kernels: s.kernels.map(k => ({ ...k, at: { ...k.at } })),
    })),
  };
}

/** The GPU a request names, else the configured one; an LSP error for one not among the presets. */
export function requestedGpu(ctx: ServerContext, gpu: unknown): GpuPreset {
  const chosen = gpu ?? ctx.settings.cuda.gpu;
  const problem = settingProblem('cuda.gpu', chosen, "'gpu'");
  if (problem) throw new ResponseError(ErrorCodes.InvalidParams, problem);
  return chosen as GpuPreset;
}
