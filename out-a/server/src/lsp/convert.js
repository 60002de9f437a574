"use strict";
// Between the server's offsets and LSP's line/character positions: ranges, positions, text
// edits and diagnostics cross here, and nowhere else in lsp/.
Object.defineProperty(exports, "__esModule", { value: true });
exports.rangeOf = rangeOf;
exports.sourceRangeOf = sourceRangeOf;
exports.spanOf = spanOf;
exports.offsetOf = offsetOf;
exports.lspDiagnostics = lspDiagnostics;
exports.sourceEdits = sourceEdits;
exports.workspaceEdit = workspaceEdit;
exports.minimalEdit = minimalEdit;
const node_1 = require("vscode-languageserver/node");
const diagnostic_1 = require("../base/diagnostic");
/** The range of a span of the analysed text (the model's offsets). */
function rangeOf(lines, span) {
    return { start: lines.position(span.start), end: lines.position(span.end, span.end > span.start) };
}
/** The range of a span of the user's text (what the preprocessor reports on). */
function sourceRangeOf(lines, span) {
    return { start: lines.sourcePosition(span.start), end: lines.sourcePosition(span.end) };
}
function spanOf(lines, range) {
    return { start: lines.offset(range.start), end: lines.offset(range.end) };
}
/** The offset of a position a client sent; an LSP error when it is not a position. */
function offsetOf(lines, position) {
    const p = position;
    if (!p || typeof p.line !== 'number' || typeof p.character !== 'number') {
        throw new node_1.ResponseError(node_1.ErrorCodes.InvalidParams, 'position must be {line, character}');
    }
    return lines.offset({ line: p.line, character: p.character });
}
function lspDiagnostics(diagnostics, lines) {
    return diagnostics.map(d => (0, diagnostic_1.toLsp)(d, lines));
}
function lspEdits(lines, edits) {
    return edits.map(e => ({ range: { start: lines.sourcePosition(e.start), end: lines.sourcePosition(e.end) }, newText: e.newText }));
}
/** Edits of the analysed text (a quick fix's) as edits of the user's text. */
function sourceEdits(lines, edits) {
    return lines.map ? lines.map.toSourceEdits(edits) : [...edits];
}
/** Edits (of the user's text) of one version of one document, as `documentChanges` where the client takes them. */
function workspaceEdit(doc, edits, documentChanges) {
    const changes = lspEdits(doc.lines, edits);
    return documentChanges
        ? { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits: changes }] }
        : { changes: { [doc.uri]: changes } };
}
/** One edit turning `before` into `after`: the span between their common prefix and suffix. */
function minimalEdit(before, after) {
    let start = 0;
    const limit = Math.min(before.length, after.length);
    while (start < limit && before.charCodeAt(start) === after.charCodeAt(start))
        start++;
    let tail = 0;
    const same = (t) => before.charCodeAt(before.length - 1 - t) === after.charCodeAt(after.length - 1 - t);
    while (tail < limit - start && same(tail))
        tail++;
    return { start, end: before.length - tail, newText: after.slice(start, after.length - tail) };
}
//# sourceMappingURL=convert.js.map