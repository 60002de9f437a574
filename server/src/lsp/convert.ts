// Between the server's offsets and LSP's line/character positions: ranges, positions, text
// edits and diagnostics cross here, and nowhere else in lsp/.

import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import type { Diagnostic, Position, Range, TextEdit as LspTextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { toLsp } from '../base/diagnostic';
import type { MfDiagnostic } from '../base/diagnostic';
import type { TextEdit } from '../base/edits';
import type { LineIndex } from '../base/lines';
import type { Span } from '../base/span';

/** The range of a span of the analysed text (the model's offsets). */
export function rangeOf(lines: LineIndex, span: Span): Range {
  return { start: lines.position(span.start), end: lines.position(span.end, span.end > span.start) };
}

/** The range of a span of the user's text (what the preprocessor reports on). */
export function sourceRangeOf(lines: LineIndex, span: Span): Range {
  return { start: lines.sourcePosition(span.start), end: lines.sourcePosition(span.end) };
}

export function spanOf(lines: LineIndex, range: Range): Span {
  return { start: lines.offset(range.start), end: lines.offset(range.end) };
}

/** The offset of a position a client sent; an LSP error when it is not a position. */
export function offsetOf(lines: LineIndex, position: unknown): number {
  const p = position as Partial<Position> | undefined;
  if (!p || typeof p.line !== 'number' || typeof p.character !== 'number') {
    throw new ResponseError(ErrorCodes.InvalidParams, 'position must be {line, character}');
  }
  return lines.offset({ line: p.line, character: p.character });
}

export function lspDiagnostics(diagnostics: readonly MfDiagnostic[], lines: LineIndex): Diagnostic[] {
  return diagnostics.map(d => toLsp(d, lines) as Diagnostic);
}

function lspEdits(lines: LineIndex, edits: readonly TextEdit[]): LspTextEdit[] {
  return edits.map(e => ({ range: { start: lines.sourcePosition(e.start), end: lines.sourcePosition(e.end) }, newText: e.newText }));
}

/** Edits of the analysed text (a quick fix's) as edits of the user's text. */
export function sourceEdits(lines: LineIndex, edits: readonly TextEdit[]): TextEdit[] {
  return lines.map ? lines.map.toSourceEdits(edits) : [...edits];
}

/** Edits (of the user's text) of one version of one document, as `documentChanges` where the client takes them. */
export function workspaceEdit(
  doc: { uri: string; version: number; lines: LineIndex }, edits: readonly TextEdit[], documentChanges: boolean,
): WorkspaceEdit {
  const changes = lspEdits(doc.lines, edits);
  return documentChanges
    ? { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits: changes }] }
    : { changes: { [doc.uri]: changes } };
}

/** One edit turning `before` into `after`: the span between their common prefix and suffix. */
export function minimalEdit(before: string, after: string): TextEdit {
  let start = 0;
  const limit = Math.min(before.length, after.length);
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  const same = (t: number) => before.charCodeAt(before.length - 1 - t) === after.charCodeAt(after.length - 1 - t);
  while (tail < limit - start && same(tail)) tail++;
  return { start, end: before.length - tail, newText: after.slice(start, after.length - tail) };
}
