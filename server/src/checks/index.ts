// Checking a document: text in, its model and diagnostics out. The command line, the server,
// the transforms (which refuse input with errors) and the tests all start here.

import { diagnoseDocument, DiagnosticCache } from './diagnose';
import type { MfDiagnostic } from '../base/diagnostic';
import { DocumentModel } from '../model/document';
import { detectLanguage, loadGrammars, SourceLanguage, SyntaxDocument } from '../syntax/parser';

export interface Checked {
  syntax: SyntaxDocument;
  model: DocumentModel;
  diagnostics: MfDiagnostic[];
  cache: DiagnosticCache;
}

export async function parseText(text: string, fileName?: string, language?: SourceLanguage): Promise<SyntaxDocument> {
  const grammars = await loadGrammars();
  return SyntaxDocument.parse(grammars, text, language ?? detectLanguage(fileName, text), fileName);
}

/** Model and diagnostics of a parsed document; `previous` re-uses results for unchanged items. */
export function checkSyntax(syntax: SyntaxDocument, previous?: Pick<Checked, 'model' | 'cache'>): Checked {
  const model = DocumentModel.build(syntax, previous?.model);
  const { diagnostics, cache } = diagnoseDocument(model, previous?.cache);
  return { syntax, model, diagnostics, cache };
}

export async function checkText(text: string, fileName?: string): Promise<Checked> {
  return checkSyntax(await parseText(text, fileName));
}
