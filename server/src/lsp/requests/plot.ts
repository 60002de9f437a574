// `metafork/plot`: for the schedule at a position, each case's estimated time by block size on
// a GPU preset, the points its constraints allow, and the fastest (the editor's plot).

import type { CancellationToken } from 'vscode-languageserver';
import type { PlotParams, PlotResult } from '../../../../shared/protocol';
import { constructSpan } from '../../model/constructs';
import type { ServerContext } from '../context';
import { flagsOf, pathOf } from '../documents';
import { lspDiagnostics, offsetOf, rangeOf } from '../convert';
import { schedules } from '../features/schedules';
import { requestedGpu } from './analyze';
import { estimateValues } from '../../../../shared/settings';

export async function plot(ctx: ServerContext, params: PlotParams, token: CancellationToken): Promise<PlotResult> {
  const state = await ctx.stateOf(params?.textDocument?.uri, token);
  const gpu = requestedGpu(ctx, params.gpu);
  const offset = offsetOf(state.lines, params.position);
  // One plot per schedule and version: the cursor moving inside it asks for the same job.
  const at = schedules(state).map(constructSpan).find(s => s.start <= offset && offset <= s.end);
  const set = estimateValues(ctx.settings);
  const options = { fileName: pathOf(state.uri), flags: flagsOf(state), offset: at?.start ?? offset, gpu, set };
  const work = { kind: 'plot' as const, text: state.text, options };
  const result = await ctx.job(state, `plot:${gpu}:${ctx.settings.cuda.values.join(',')}:${options.offset}`, work, token);
  return {
    version: state.version, gpu: result.gpu,
    ...(result.cases.length ? { range: rangeOf(state.lines, { start: result.start, end: result.end }) } : {}),
    blockParameters: result.blockParameters, values: result.values, assumed: result.assumed,
    cases: result.cases.map(c => ({
      ...c,
      points: c.points.map(p => ({ ...p, microseconds: Number.isFinite(p.microseconds) ? p.microseconds : null })),
    })),
    ...(result.chosen ? { chosen: result.chosen } : {}),
    diagnostics: lspDiagnostics(result.diagnostics, state.lines),
  };
}
