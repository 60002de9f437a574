// `metafork/translate`: the document, or the construct at a position, in another dialect;
// `metafork/dialects`: the dialects it holds.

import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { CancellationToken } from 'vscode-languageserver';
import type { DialectsParams, DialectsResult, TranslateParams, TranslateResult } from '../../../../shared/protocol';
import { Dialect, DIALECTS } from '../../../../shared/dialects';
import { layerDialects, type Translation } from '../../translate';
import { blocking } from '../../checks/index';
import type { ServerContext } from '../context';
import { DocumentState, flagsOf, largeFile, pathOf } from '../documents';
import { lspDiagnostics, offsetOf, rangeOf } from '../convert';

export async function translate(
  ctx: ServerContext, params: TranslateParams, token: CancellationToken,
): Promise<TranslateResult> {
  const state = await ctx.stateOf(params?.textDocument?.uri, token);
  if (!DIALECTS.includes(params.to)) {
    throw new ResponseError(ErrorCodes.InvalidParams, `'to' must be one of ${DIALECTS.join(', ')}`);
  }
  const focus = params.position === undefined ? undefined : offsetOf(state.lines, params.position);
  if (focus === undefined) ctx.translationAsked(state.uri, params.to);
  const result = await translation(ctx, state, params.to, focus, token);
  return {
    version: state.version, ...(result.text === undefined ? {} : { text: result.text }),
    diagnostics: lspDiagnostics(result.diagnostics, state.lines), from: result.from, to: result.to,
    ...(result.focus ? { range: rangeOf(state.lines, result.focus.input) } : {}),
  };
}

/** The translation of a version (of the construct at `focus`), once per version (the
 * translation code actions share it). */
export function translation(
  ctx: ServerContext, state: DocumentState, to: Dialect, focus: number | undefined, token?: CancellationToken, ahead = false,
): Promise<Translation> {
  // The state's own check stands for the worker's where it found nothing blocking; otherwise the
  // worker checks again, for the reasons it gives.
  const checked = !state.checked.diagnostics.some(blocking);
  // The output checked as the input was: always ahead of a request (no one waits for it), and for a
  // request on a file up to 2,000 lines; a request on a larger one must answer within 100 ms
  // (checking 3,000 lines of output costs 30-70 ms more).
  const verify = ahead || !largeFile(state.text);
  const options = { fileName: pathOf(state.uri), flags: flagsOf(state), checked, verify, ...(focus === undefined ? {} : { focus }) };
  const document = { uri: state.uri, analysis: state.analysis };
  return ctx.job(state, `translate:${to}:${focus ?? ''}`, { kind: 'translate', text: state.text, to, options, document }, token, ahead);
}

/** A large document with parallel constructs, settled: the worker parses and models it ahead of a
 * translation (lsp/prepared), which then starts from there, and translates it ahead into `ahead`, the
 * dialects the document was asked for before (a command run again after an edit, a translation view
 * open beside it): asked for then, the translation is there (3,000 lines: some 40-150 ms saved). A
 * worker that has translated nothing yet translates into every dialect: the code a translation runs
 * is compiled by running it, and a worker's first translation of 3,000 lines took about twice its
 * later ones. The results are this version's translations, kept as a request would keep them. False
 * where there is nothing to prepare. */
export function prepareTranslation(ctx: ServerContext, state: DocumentState, ahead: readonly Dialect[]): boolean {
  if (!largeFile(state.text) || !layerDialects(state.checked.model.syntax.layer).length) return false;
  const options = { fileName: pathOf(state.uri), flags: flagsOf(state) };
  const document = { uri: state.uri, analysis: state.analysis };
  ctx.job(state, 'prepare', { kind: 'prepare', text: state.text, options, document }, undefined, true).catch(() => undefined);
  // Work ahead: a request goes before it (and, asking for one of these, makes it its own).
  for (const to of ahead) translation(ctx, state, to, undefined, undefined, true).catch(() => undefined);
  return true;
}

/** The dialects of the document's constructs, read from its keyword layer (no translation run). */
export async function dialects(
  ctx: ServerContext, params: DialectsParams, token: CancellationToken,
): Promise<DialectsResult> {
  const state = await ctx.stateOf(params?.textDocument?.uri, token);
  return { version: state.version, dialects: layerDialects(state.checked.model.syntax.layer) };
}
