// The entry point the command line, the server and the tests share: text in, model and
// diagnostics out.

import { diagnoseDocument, DiagnosticCache } from './analysis/diagnose';
import type { MfDiagnostic } from './base/diagnostic';
import { DocumentModel } from './model/document';
import { detectLanguage, loadGrammars, SourceLanguage, SyntaxDocument } from './syntax/parser';

export interface Analysis {
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
export function analyzeSyntax(syntax: SyntaxDocument, previous?: Pick<Analysis, 'model' | 'cache'>): Analysis {
  const model = DocumentModel.build(syntax, previous?.model);
  const { diagnostics, cache } = diagnoseDocument(model, previous?.cache);
  return { syntax, model, diagnostics, cache };
}

export async function analyzeText(text: string, fileName?: string): Promise<Analysis> {
  return analyzeSyntax(await parseText(text, fileName));
}
