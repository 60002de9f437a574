// `metafork/cuda`: the `.cu` file of the document's `meta_schedule`s, in the worker.

import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { CancellationToken } from 'vscode-languageserver';
import type { CudaParams, CudaResult } from '../../../../shared/protocol';
import { settingProblem } from '../../../../shared/settings';
import type { ServerContext } from '../context';
import { flagsOf, pathOf } from '../documents';
import { lspDiagnostics, rangeOf } from '../convert';

export async function cuda(ctx: ServerContext, params: CudaParams, token: CancellationToken): Promise<CudaResult> {
  const state = await ctx.stateOf(params?.textDocument?.uri, token);
  const memory = params.memory ?? ctx.settings.cuda.memory;
  const problem = settingProblem('cuda.memory', memory, "'memory'");
  if (problem) throw new ResponseError(ErrorCodes.InvalidParams, problem);
  const options = { fileName: pathOf(state.uri), flags: flagsOf(state), memory };
  const result = await ctx.job(state, `cuda:${memory}`, { kind: 'cuda', text: state.text, options }, token);
  return {
    version: state.version, ...(result.text === undefined ? {} : { text: result.text }),
    diagnostics: lspDiagnostics(result.diagnostics, state.lines), kernels: result.kernels, tiles: result.tiles,
    schedules: result.schedules.map(s => ({
      range: rangeOf(state.lines, s),
      kernels: s.kernels.map(k => ({ name: k.name, source: k.source, launch: k.launch, grid: k.grid, block: k.block })),
    })),
  };
}
