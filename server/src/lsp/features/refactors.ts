// Refactorings offered at the cursor: the construct there and the whole file translated into
// the other dialects, and a plain loop nest offloaded to the GPU as a `meta_schedule`. They are
// listed without their edit, which is computed in the worker only for the one the user picks.

import { ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { CancellationToken, CodeAction } from 'vscode-languageserver';
import { loopNests, nestAt } from '../../tile/index';
import { constructLabel, outermostConstructAt } from '../../model/constructs';
import { dialectsOf, focusSpan, layerDialects } from '../../translate';
import { COMMANDS } from '../../../../shared/protocol';
import { Dialect, DIALECTS, DIALECT_LABELS } from '../../../../shared/dialects';
import { functionName } from '../../syntax/ast';
import type { ServerContext } from '../context';
import { errorsOf, DocumentState, flagsOf, pathOf } from '../documents';
import { minimalEdit, workspaceEdit } from '../convert';
import { translation } from '../requests/translate';

/** What a translation action needs to be resolved. */
interface TranslationActionData { kind: 'translate'; uri: string; version: number; to: Dialect; focus?: number }

/** The translation actions offered at `offset`: the construct there, then the whole file. */
export function translationActions(state: DocumentState, offset: number, disabledSupport: boolean): CodeAction[] {
  const doc = state.checked.model;
  const blocked = errorsOf(state).length ? 'the file has errors: fix them first' : undefined;
  if (blocked && !disabledSupport) return [];
  const out: CodeAction[] = [];
  const data = (to: Dialect, focus?: number): TranslationActionData =>
    ({ kind: 'translate', uri: state.uri, version: state.version, to, ...(focus === undefined ? {} : { focus }) });
  const action = (title: string, d: TranslationActionData): CodeAction =>
    ({ title, kind: 'refactor.rewrite', data: d, ...(blocked ? { disabled: { reason: blocked } } : {}) });
  const focus = focusSpan(doc, offset);
  if (focus) {
    const model = doc.itemAt(offset)!;
    const root = outermostConstructAt(model, offset);
    const dialects = dialectsOf(doc, focus);
    const what = focus.start === model.item.start && focus.end === model.item.end && root?.kind !== 'parallel-for'
      ? `the ${root?.dialect === 'openmp' ? 'tasks and taskwaits' : 'spawns and joins'} of '${functionName(model.item, state.checked.model.text)?.name ?? 'this function'}'`
      : `this '${root ? constructLabel(root) : 'construct'}'`;
    for (const to of DIALECTS) {
      if (dialects.some(d => d !== to)) {
        out.push(action(`Translate ${what} to ${DIALECT_LABELS[to]}`, data(to, offset)));
      }
    }
  }
  const all = layerDialects(doc.syntax.layer);
  for (const to of DIALECTS) {
    if (all.some(d => d !== to)) out.push(action(`Translate the file to ${DIALECT_LABELS[to]}`, data(to)));
  }
  return out;
}

/** What an unresolved "Offload ..." action carries to its resolution: the nest's offset, or none
 * for every nest of the file. */
interface TileActionData { kind: 'tile'; uri: string; version: number; offset?: number }

/** "Offload this loop nest to the GPU" on a loop nest outside any parallel construct: its edit
 * (the nest as a meta_schedule) is computed when picked; disabled, with the dependence, when the
 * nest must stay serial. With other nests in the file, "Offload every loop nest of the file" too
 * (those that may run in parallel). After the edit, the CUDA view opens. */
export function offloadActions(state: DocumentState, offset: number, disabledSupport: boolean): CodeAction[] {
  const model = state.checked.model.itemAt(offset);
  const nest = model && nestAt(model, offset);
  if (!nest) return [];
  const errors = errorsOf(state).length ? 'the file has errors: fix them first' : undefined;
  const blocked = errors ?? (nest.reasons[0] && `this loop nest stays serial: ${nest.reasons[0]}`);
  const action = (title: string, at: number | undefined, disabled: string | undefined): CodeAction[] => {
    if (disabled && !disabledSupport) return [];
    const data: TileActionData = {
      kind: 'tile', uri: state.uri, version: state.version, ...(at === undefined ? {} : { offset: at }),
    };
    return [{
      title, kind: 'refactor.rewrite', data,
      command: { title: 'Show generated CUDA', command: COMMANDS.showCuda, arguments: [state.uri] },
      ...(disabled ? { disabled: { reason: disabled } } : {}),
    }];
  };
  // Another nest anywhere in the file (counting stops at two: a code action is asked at every move).
  let nests = 0;
  for (const m of state.checked.model.allItems()) if ((nests += loopNests(m).length) > 1) break;
  const others = nests > 1;
  return [
    ...action('Offload this loop nest to the GPU (meta_schedule)', nest.span.start, blocked),
    ...(others
      ? action('Offload every loop nest of the file that may run in parallel to the GPU', undefined, errors)
      : []),
  ];
}

/** The edit of a refactoring the client picked (computed in the worker). */
export function resolveRefactor(
  ctx: ServerContext, action: CodeAction, token?: CancellationToken,
): Promise<CodeAction> {
  const offload = (action.data as { kind?: string } | undefined)?.kind === 'tile';
  return offload ? resolveOffload(ctx, action, token) : resolveTranslation(ctx, action, token);
}

/** The state an action was offered for, or ContentModified when the document changed since. */
async function offeredState(
  ctx: ServerContext, data: { uri: string; version: number }, token?: CancellationToken,
): Promise<DocumentState> {
  const state = await ctx.stateOf(data.uri, token);
  if (state.version !== data.version) {
    throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed since this action was offered');
  }
  return state;
}

/** The nest at the action's offset as a meta_schedule. */
async function resolveOffload(ctx: ServerContext, action: CodeAction, token?: CancellationToken): Promise<CodeAction> {
  const data = action.data as TileActionData;
  const state = await offeredState(ctx, data, token);
  const options = { fileName: pathOf(state.uri), flags: flagsOf(state), offset: data.offset };
  const result = await ctx.job(state, `tile:${data.offset}`, { kind: 'tile', text: state.text, options }, token);
  if (result.text === undefined) {
    const why = result.nests[0]?.reasons[0] ?? result.diagnostics[0]?.message ?? 'refused';
    ctx.showMessage('error', `MetaFork: the loop nest stays serial: ${why}`);
    return { ...action, edit: { changes: {} } };
  }
  return { ...action, edit: workspaceEdit(state, [minimalEdit(state.text, result.text)], ctx.client.documentChanges) };
}

async function resolveTranslation(
  ctx: ServerContext, action: CodeAction, token?: CancellationToken,
): Promise<CodeAction> {
  const data = action.data as TranslationActionData | undefined;
  if (!data || data.kind !== 'translate' || !DIALECTS.includes(data.to)) {
    throw new ResponseError(ErrorCodes.InvalidParams, 'not a MetaFork translation action');
  }
  const state = await offeredState(ctx, data, token);
  const result = await translation(ctx, state, data.to, data.focus, token);
  const said = (severities: string[]) => result.diagnostics.filter(d => severities.includes(d.severity)).map(d => {
    const p = state.lines.position(d.start);
    return `${p.line + 1}:${p.character + 1}: ${d.message}`;
  });
  if (result.text === undefined) {
    ctx.showMessage('error', `MetaFork: no translation to ${DIALECT_LABELS[data.to]}: ${said(['error']).join('; ') || 'refused'}`);
    return { ...action, edit: { changes: {} } };
  }
  // What the translation did beyond the construct (a team opened in `main`, a header dropped) or
  // warns of is said when the edit is made, not only in the file's next diagnostics.
  const notes = said(['warning', 'information']);
  if (notes.length) {
    const warned = result.diagnostics.some(d => d.severity === 'warning');
    ctx.showMessage(warned ? 'warning' : 'info', `MetaFork: ${action.title.replace(/^Translate/, 'translated')}: ${notes.join('; ')}`);
  }
  return { ...action, edit: workspaceEdit(state, [minimalEdit(state.text, result.text)], ctx.client.documentChanges) };
}
