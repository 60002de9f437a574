// Checking a document: text in, its model and diagnostics out. The command line, the server,
// the transforms (which refuse input with errors) and the tests all start here.

import { diagnoseDocument, DiagnosticCache } from './diagnose';
import { inSource, type MfDiagnostic } from '../base/diagnostic';
import type { CompileContext } from '../preprocess/index';
import { DocumentModel } from '../model/document';
import { detectLanguage, loadGrammars, SourceLanguage, SyntaxDocument } from '../syntax/parser';

export interface Checked {
  syntax: SyntaxDocument;
  model: DocumentModel;
  diagnostics: MfDiagnostic[];
  cache: DiagnosticCache;
}

export async function parseText(
  text: string, fileName?: string, language?: SourceLanguage, context?: CompileContext,
): Promise<SyntaxDocument> {
  const grammars = await loadGrammars();
  return SyntaxDocument.parse(grammars, text, language ?? detectLanguage(fileName, text), fileName, context);
}

/** Model and diagnostics of a parsed document; `previous` re-uses results for unchanged items. */
export function checkSyntax(syntax: SyntaxDocument, previous?: Pick<Checked, 'model' | 'cache'>): Checked {
  const model = DocumentModel.build(syntax, previous?.model);
  const { diagnostics, cache } = diagnoseDocument(model, previous?.cache);
  const { unit, map } = syntax;
  // The preprocessor reports on the user's text; the model's diagnostics are on the analysed text.
  const preprocessing = unit.diagnostics.map(d => map.toText(d));
  return { syntax, model, diagnostics: preprocessing.length ? [...preprocessing, ...diagnostics] : diagnostics, cache };
}

/**
 * The check of the items that start before `until` alone, for a large file's first publication
 * (the top an editor shows when it opens it); its cache serves the whole check that follows, which
 * then reads only the rest.
 */
export function checkBeginning(syntax: SyntaxDocument, until: number): Checked {
  const model = DocumentModel.build(syntax);
  const { diagnostics, cache } = diagnoseDocument(model, undefined, until);
  const { unit, map } = syntax;
  const preprocessing = unit.diagnostics.map(d => map.toText(d)).filter(d => d.start < until);
  return { syntax, model, diagnostics: [...preprocessing, ...diagnostics], cache };
}

export async function checkText(text: string, fileName?: string, context?: CompileContext): Promise<Checked> {
  return checkSyntax(await parseText(text, fileName, undefined, context));
}

/** The diagnostics of a check on the user's text (the model's offsets are the analysed text's). */
export function reported(checked: Pick<Checked, 'syntax' | 'diagnostics'>): MfDiagnostic[] {
  const { map } = checked.syntax;
  return map.isIdentity ? checked.diagnostics : checked.diagnostics.map(d => inSource(d, map));
}

/** Errors a transform refuses its input for: all but those of a program that is not whole (a name
 * declared nowhere, a call with the wrong count), which a fragment's translation or tiling does not
 * need — those transforms name what they cannot see themselves. */
export function blocking(d: MfDiagnostic): boolean {
  return d.severity === 'error' && d.code !== 'MF120' && d.code !== 'MF122';
}
