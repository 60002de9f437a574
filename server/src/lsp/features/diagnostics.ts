// Diagnostics: published for each analysed version (the store publishes once per burst of
// changes), and cleared when the document closes.

import type { PublishDiagnosticsParams } from 'vscode-languageserver';
import type { DocumentState } from '../documents';
import { lspDiagnostics } from '../convert';

export function published(state: DocumentState): PublishDiagnosticsParams {
  const diagnostics = lspDiagnostics(state.checked.diagnostics, state.lines);
  return { uri: state.uri, version: state.version, diagnostics };
}

/** What a closed document shows: nothing. */
export function cleared(uri: string): PublishDiagnosticsParams {
  return { uri, diagnostics: [] };
}
