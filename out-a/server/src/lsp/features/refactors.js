"use strict";
// Refactorings offered at the cursor: the construct there and the whole file translated into
// the other dialects, and a plain loop nest offloaded to the GPU as a `meta_schedule`. They are
// listed without their edit, which is computed in the worker only for the one the user picks.
Object.defineProperty(exports, "__esModule", { value: true });
exports.translationActions = translationActions;
exports.offloadActions = offloadActions;
exports.resolveRefactor = resolveRefactor;
const node_1 = require("vscode-languageserver/node");
const index_1 = require("../../tile/index");
const constructs_1 = require("../../model/constructs");
const translate_1 = require("../../translate");
const protocol_1 = require("../../../../shared/protocol");
const dialects_1 = require("../../../../shared/dialects");
const ast_1 = require("../../syntax/ast");
const documents_1 = require("../documents");
const convert_1 = require("../convert");
const translate_2 = require("../requests/translate");
/** The translation actions offered at `offset`: the construct there, then the whole file. */
function translationActions(state, offset, disabledSupport) {
    const doc = state.checked.model;
    const blocked = (0, documents_1.errorsOf)(state).length ? 'the file has errors: fix them first' : undefined;
    if (blocked && !disabledSupport)
        return [];
    const out = [];
    const data = (to, focus) => ({ kind: 'translate', uri: state.uri, version: state.version, to, ...(focus === undefined ? {} : { focus }) });
    const action = (title, d) => ({ title, kind: 'refactor.rewrite', data: d, ...(blocked ? { disabled: { reason: blocked } } : {}) });
    const focus = (0, translate_1.focusSpan)(doc, offset);
    if (focus) {
        const model = doc.itemAt(offset);
        const root = (0, constructs_1.outermostConstructAt)(model, offset);
        const dialects = (0, translate_1.dialectsOf)(doc, focus);
        const what = focus.start === model.item.start && focus.end === model.item.end && root?.kind !== 'parallel-for'
            ? `the ${root?.dialect === 'openmp' ? 'tasks and taskwaits' : 'spawns and joins'} of '${(0, ast_1.functionName)(model.item, state.checked.model.text)?.name ?? 'this function'}'`
            : `this '${root ? (0, constructs_1.constructLabel)(root) : 'construct'}'`;
        for (const to of dialects_1.DIALECTS) {
            if (dialects.some(d => d !== to)) {
                out.push(action(`Translate ${what} to ${dialects_1.DIALECT_LABELS[to]}`, data(to, offset)));
            }
        }
    }
    const all = (0, translate_1.layerDialects)(doc.syntax.layer);
    for (const to of dialects_1.DIALECTS) {
        if (all.some(d => d !== to))
            out.push(action(`Translate the file to ${dialects_1.DIALECT_LABELS[to]}`, data(to)));
    }
    return out;
}
/** "Offload this loop nest to the GPU" on a loop nest outside any parallel construct: its edit
 * (the nest as a meta_schedule) is computed when picked; disabled, with the dependence, when the
 * nest must stay serial. With other nests in the file, "Offload every loop nest of the file" too
 * (those that may run in parallel). After the edit, the CUDA view opens. */
function offloadActions(state, offset, disabledSupport) {
    const model = state.checked.model.itemAt(offset);
    const nest = model && (0, index_1.nestAt)(model, offset);
    if (!nest)
        return [];
    const errors = (0, documents_1.errorsOf)(state).length ? 'the file has errors: fix them first' : undefined;
    const blocked = errors ?? (nest.reasons[0] && `this loop nest stays serial: ${nest.reasons[0]}`);
    const action = (title, at, disabled) => {
        if (disabled && !disabledSupport)
            return [];
        const data = {
            kind: 'tile', uri: state.uri, version: state.version, ...(at === undefined ? {} : { offset: at }),
        };
        return [{
                title, kind: 'refactor.rewrite', data,
                command: { title: 'Show generated CUDA', command: protocol_1.COMMANDS.showCuda, arguments: [state.uri] },
                ...(disabled ? { disabled: { reason: disabled } } : {}),
            }];
    };
    // Another nest anywhere in the file (counting stops at two: a code action is asked at every move).
    let nests = 0;
    for (const m of state.checked.model.allItems())
        if ((nests += (0, index_1.loopNests)(m).length) > 1)
            break;
    const others = nests > 1;
    return [
        ...action('Offload this loop nest to the GPU (meta_schedule)', nest.span.start, blocked),
        ...(others
            ? action('Offload every loop nest of the file that may run in parallel to the GPU', undefined, errors)
            : []),
    ];
}
/** The edit of a refactoring the client picked (computed in the worker). */
function resolveRefactor(ctx, action, token) {
    const offload = action.data?.kind === 'tile';
    return offload ? resolveOffload(ctx, action, token) : resolveTranslation(ctx, action, token);
}
/** The state an action was offered for, or ContentModified when the document changed since. */
async function offeredState(ctx, data, token) {
    const state = await ctx.stateOf(data.uri, token);
    if (state.version !== data.version) {
        throw new node_1.ResponseError(node_1.LSPErrorCodes.ContentModified, 'the document changed since this action was offered');
    }
    return state;
}
/** The nest at the action's offset as a meta_schedule. */
async function resolveOffload(ctx, action, token) {
    const data = action.data;
    const state = await offeredState(ctx, data, token);
    const options = { fileName: (0, documents_1.pathOf)(state.uri), flags: (0, documents_1.flagsOf)(state), offset: data.offset };
    const result = await ctx.job(state, `tile:${data.offset}`, { kind: 'tile', text: state.text, options }, token);
    if (result.text === undefined) {
        const why = result.nests[0]?.reasons[0] ?? result.diagnostics[0]?.message ?? 'refused';
        ctx.showMessage('error', `MetaFork: the loop nest stays serial: ${why}`);
        return { ...action, edit: { changes: {} } };
    }
    return { ...action, edit: (0, convert_1.workspaceEdit)(state, [(0, convert_1.minimalEdit)(state.text, result.text)], ctx.client.documentChanges) };
}
async function resolveTranslation(ctx, action, token) {
    const data = action.data;
    if (!data || data.kind !== 'translate' || !dialects_1.DIALECTS.includes(data.to)) {
        throw new node_1.ResponseError(node_1.ErrorCodes.InvalidParams, 'not a MetaFork translation action');
    }
    const state = await offeredState(ctx, data, token);
    const result = await (0, translate_2.translation)(ctx, state, data.to, data.focus, token);
    const said = (severities) => result.diagnostics.filter(d => severities.includes(d.severity)).map(d => {
        const p = state.lines.position(d.start);
        return `${p.line + 1}:${p.character + 1}: ${d.message}`;
    });
    if (result.text === undefined) {
        ctx.showMessage('error', `MetaFork: no translation to ${dialects_1.DIALECT_LABELS[data.to]}: ${said(['error']).join('; ') || 'refused'}`);
        return { ...action, edit: { changes: {} } };
    }
    // What the translation did beyond the construct (a team opened in `main`, a header dropped) or
    // warns of is said when the edit is made, not only in the file's next diagnostics.
    const notes = said(['warning', 'information']);
    if (notes.length) {
        const warned = result.diagnostics.some(d => d.severity === 'warning');
        ctx.showMessage(warned ? 'warning' : 'info', `MetaFork: ${action.title.replace(/^Translate/, 'translated')}: ${notes.join('; ')}`);
    }
    return { ...action, edit: (0, convert_1.workspaceEdit)(state, [(0, convert_1.minimalEdit)(state.text, result.text)], ctx.client.documentChanges) };
}
//# sourceMappingURL=refactors.js.map