// Code actions: the quick fixes of the diagnostics the client sends back (from the registry in
// checks/fixes, which `metafork check --fix` applies too), then the refactorings at the cursor
// (refactors.ts), resolved lazily where the client can.

import { CodeActionKind } from 'vscode-languageserver/node';
import type {
  CancellationToken, CodeAction, CodeActionParams, Diagnostic as LspDiagnostic,
} from 'vscode-languageserver';
import { Fix, fixesFor } from '../../checks/fixes';
import type { ServerContext } from '../context';
import type { DocumentState } from '../documents';
import { offsetOf, sourceEdits, spanOf, workspaceEdit } from '../convert';
import { SourceConflict } from '../../base/sourcemap';
import { offloadActions, resolveRefactor, translationActions } from './refactors';

export async function codeActions(
  ctx: ServerContext, params: CodeActionParams, token: CancellationToken,
): Promise<CodeAction[]> {
  const state = await ctx.stateOf(params.textDocument?.uri, token);
  const offset = offsetOf(state.lines, params.range?.start);
  const out: CodeAction[] = [];
  for (const { fix, diagnostic } of quickFixes(state, params.context?.diagnostics ?? [])) {
    let edits;
    try {
      edits = sourceEdits(state.lines, fix.edits);
    } catch (e) {
      if (e instanceof SourceConflict) continue; // a fix that would rewrite an #if line is not offered
      throw e;
    }
    out.push({
      title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: fix.preferred,
      edit: workspaceEdit(state, edits, ctx.client.documentChanges),
    });
  }
  // `only` lists kinds the client wants; a kind includes its sub-kinds (`refactor` ⊃ `refactor.rewrite`).
  const only = params.context?.only;
  const wanted = (kind: string) => !only || only.some(k => kind === k || kind.startsWith(`${k}.`));
  if (wanted(CodeActionKind.RefactorRewrite)) {
    const disabled = ctx.client.disabled;
    for (const action of [...offloadActions(state, offset, disabled), ...translationActions(state, offset, disabled)]) {
      out.push(ctx.client.resolveEdit || action.disabled ? action : await resolveRefactor(ctx, action, token));
    }
  }
  return out.filter(a => wanted(a.kind ?? ''));
}

export function resolveCodeAction(
  ctx: ServerContext, action: CodeAction, token: CancellationToken,
): Promise<CodeAction> {
  return resolveRefactor(ctx, action, token);
}

/** The fixes of the diagnostics the client sent that the server published for this version
 * (their data holds offsets in this text). */
function quickFixes(state: DocumentState, sent: LspDiagnostic[]): { fix: Fix; diagnostic: LspDiagnostic }[] {
  const out: { fix: Fix; diagnostic: LspDiagnostic }[] = [];
  for (const lsp of sent) {
    if (lsp.source !== 'metafork') continue;
    const { start } = spanOf(state.lines, lsp.range);
    const d = state.checked.diagnostics.find(x => x.code === lsp.code && x.start === start);
    if (!d) continue;
    for (const fix of fixesFor(state.checked.model.text, state.checked.model, d)) out.push({ fix, diagnostic: lsp });
  }
  return out;
}
