"use strict";
// Code actions: the quick fixes of the diagnostics the client sends back (from the registry in
// checks/fixes, which `metafork check --fix` applies too), then the refactorings at the cursor
// (refactors.ts), resolved lazily where the client can.
Object.defineProperty(exports, "__esModule", { value: true });
exports.codeActions = codeActions;
exports.resolveCodeAction = resolveCodeAction;
const node_1 = require("vscode-languageserver/node");
const fixes_1 = require("../../checks/fixes");
const convert_1 = require("../convert");
const sourcemap_1 = require("../../base/sourcemap");
const refactors_1 = require("./refactors");
async function codeActions(ctx, params, token) {
    const state = await ctx.stateOf(params.textDocument?.uri, token);
    const offset = (0, convert_1.offsetOf)(state.lines, params.range?.start);
    const out = [];
    for (const { fix, diagnostic } of quickFixes(state, params.context?.diagnostics ?? [])) {
        let edits;
        try {
            edits = (0, convert_1.sourceEdits)(state.lines, fix.edits);
        }
        catch (e) {
            if (e instanceof sourcemap_1.SourceConflict)
                continue; // a fix that would rewrite an #if line is not offered
            throw e;
        }
        out.push({
            title: fix.title, kind: node_1.CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: fix.preferred,
            edit: (0, convert_1.workspaceEdit)(state, edits, ctx.client.documentChanges),
        });
    }
    // `only` lists kinds the client wants; a kind includes its sub-kinds (`refactor` ⊃ `refactor.rewrite`).
    const only = params.context?.only;
    const wanted = (kind) => !only || only.some(k => kind === k || kind.startsWith(`${k}.`));
    if (wanted(node_1.CodeActionKind.RefactorRewrite)) {
        const disabled = ctx.client.disabled;
        for (const action of [...(0, refactors_1.offloadActions)(state, offset, disabled), ...(0, refactors_1.translationActions)(state, offset, disabled)]) {
            out.push(ctx.client.resolveEdit || action.disabled ? action : await (0, refactors_1.resolveRefactor)(ctx, action, token));
        }
    }
    return out.filter(a => wanted(a.kind ?? ''));
}
function resolveCodeAction(ctx, action, token) {
    return (0, refactors_1.resolveRefactor)(ctx, action, token);
}
/** The fixes of the diagnostics the client sent that the server published for this version
 * (their data holds offsets in this text). */
function quickFixes(state, sent) {
    const out = [];
    for (const lsp of sent) {
        if (lsp.source !== 'metafork')
            continue;
        const { start } = (0, convert_1.spanOf)(state.lines, lsp.range);
        const d = state.checked.diagnostics.find(x => x.code === lsp.code && x.start === start);
        if (!d)
            continue;
        for (const fix of (0, fixes_1.fixesFor)(state.checked.model.text, state.checked.model, d))
            out.push({ fix, diagnostic: lsp });
    }
    return out;
}
//# sourceMappingURL=codeActions.js.map