"use strict";
// `metafork/translate`: the document, or the construct at a position, in another dialect;
// `metafork/dialects`: the dialects it holds.
Object.defineProperty(exports, "__esModule", { value: true });
exports.translate = translate;
exports.translation = translation;
exports.prepareTranslation = prepareTranslation;
exports.dialects = dialects;
const node_1 = require("vscode-languageserver/node");
const dialects_1 = require("../../../../shared/dialects");
const translate_1 = require("../../translate");
const index_1 = require("../../checks/index");
const documents_1 = require("../documents");
const convert_1 = require("../convert");
async function translate(ctx, params, token) {
    const state = await ctx.stateOf(params?.textDocument?.uri, token);
    if (!dialects_1.DIALECTS.includes(params.to)) {
        throw new node_1.ResponseError(node_1.ErrorCodes.InvalidParams, `'to' must be one of ${dialects_1.DIALECTS.join(', ')}`);
    }
    const focus = params.position === undefined ? undefined : (0, convert_1.offsetOf)(state.lines, params.position);
    if (focus === undefined)
        ctx.translationAsked(state.uri, params.to);
    const result = await translation(ctx, state, params.to, focus, token);
    return {
        version: state.version, ...(result.text === undefined ? {} : { text: result.text }),
        diagnostics: (0, convert_1.lspDiagnostics)(result.diagnostics, state.lines), from: result.from, to: result.to,
        ...(result.focus ? { range: (0, convert_1.rangeOf)(state.lines, result.focus.input) } : {}),
    };
}
/** The translation of a version (of the construct at `focus`), once per version (the
 * translation code actions share it). */
function translation(ctx, state, to, focus, token, ahead = false) {
    // The state's own check stands for the worker's where it found nothing blocking; otherwise the
    // worker checks again, for the reasons it gives.
    const checked = !state.checked.diagnostics.some(index_1.blocking);
    // The output checked as the input was: always ahead of a request (no one waits for it), and for a
    // request on a file up to 2,000 lines; a request on a larger one must answer within 100 ms
    // (checking 3,000 lines of output costs 30-70 ms more).
    const verify = ahead || !(0, documents_1.largeFile)(state.text);
    const options = { fileName: (0, documents_1.pathOf)(state.uri), flags: (0, documents_1.flagsOf)(state), checked, verify, ...(focus === undefined ? {} : { focus }) };
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
function prepareTranslation(ctx, state, ahead) {
    if (!(0, documents_1.largeFile)(state.text) || !(0, translate_1.layerDialects)(state.checked.model.syntax.layer).length)
        return false;
    const options = { fileName: (0, documents_1.pathOf)(state.uri), flags: (0, documents_1.flagsOf)(state) };
    const document = { uri: state.uri, analysis: state.analysis };
    ctx.job(state, 'prepare', { kind: 'prepare', text: state.text, options, document }, undefined, true).catch(() => undefined);
    // Work ahead: a request goes before it (and, asking for one of these, makes it its own).
    for (const to of ahead)
        translation(ctx, state, to, undefined, undefined, true).catch(() => undefined);
    return true;
}
/** The dialects of the document's constructs, read from its keyword layer (no translation run). */
async function dialects(ctx, params, token) {
    const state = await ctx.stateOf(params?.textDocument?.uri, token);
    return { version: state.version, dialects: (0, translate_1.layerDialects)(state.checked.model.syntax.layer) };
}
//# sourceMappingURL=translate.js.map