// `metafork/optimize`: the comprehensive optimization of every schedule of the document, or of
// the one at a position: the case discussion, each schedule's cases, the `.cu` with the dispatcher.

import * as path from 'path';
import type { CancellationToken } from 'vscode-languageserver';
import type { OptimizeParams, OptimizeResult as OptimizeResponse } from '../../../../shared/protocol';
import { formatCaseDiscussion, registersSource } from '../../optimize/format';
import type { OptimizeResult } from '../../optimize/result';
import type { ServerContext } from '../context';
import { DocumentState, flagsOf, pathOf } from '../documents';
import { lspDiagnostics, offsetOf, rangeOf } from '../convert';

export async function optimize(
  ctx: ServerContext, params: OptimizeParams, token: CancellationToken,
): Promise<OptimizeResponse> {
  const state = await ctx.stateOf(params?.textDocument?.uri, token);
  const offset = params.position === undefined ? undefined : offsetOf(state.lines, params.position);
  const result = await optimization(ctx, state, offset, token);
  // The discussion names the file as people see it in the editor's tab.
  const name = path.basename(pathOf(state.uri) ?? state.uri);
  return {
    version: state.version,
    ...(result.schedules.length ? { text: result.schedules.map(s => formatCaseDiscussion(name, s)).join('\n') } : {}),
    ...(result.cuda === undefined ? {} : { cuda: result.cuda }),
    diagnostics: lspDiagnostics([...result.diagnostics, ...result.schedules.flatMap(s => s.notes)], state.lines),
    schedules: result.schedules.map(s => ({
      range: rangeOf(state.lines, s),
      cases: s.cases.map(c => ({
        index: c.index, summary: c.summary,
        constraints: c.systems.map(x => x.constraints), strategies: c.systems.map(x => x.strategies),
        registers: c.registers, registersBy: registersSource(c.registersBy), sharedWords: c.sharedWords, metafork: c.metafork, kernels: c.kernels,
      })),
      empty: s.empty.map(e => e.constraints),
      milliseconds: s.milliseconds,
    })),
  };
}

/** The optimization of a version (every schedule, or the one at `offset`), in the worker; the
 * cases lens shares it. Registers come from the configured nvcc only, never one found on the
 * PATH (an untrusted workspace's settings must not pick the program run); without one, from the
 * counts nvcc took before (the command line's, cached by device code), else the estimate. */
export function optimization(
  ctx: ServerContext, state: DocumentState, offset: number | undefined, token?: CancellationToken,
): Promise<OptimizeResult> {
  const nvcc = ctx.settings.cuda.nvccPath;
  const registers = nvcc ? { nvcc } : 'cached' as const;
  const options = {
    fileName: pathOf(state.uri), flags: flagsOf(state), registers, ...(offset === undefined ? {} : { offset }),
  };
  return ctx.job(state, `optimize:${offset ?? ''}:${nvcc}`, { kind: 'optimize', text: state.text, options }, token);
}
