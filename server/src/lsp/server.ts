// The language server: documents, incremental re-parse, diagnostics published after every
// change. Compiler logic lives in the modules it calls; this file only wires LSP to them.

import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeSyntax, parseText } from '../analyze';
import { packageVersion } from '../version';
import type { Analysis } from '../analyze';
import { toLsp } from '../analysis/diagnostic';
import { LineIndex } from '../syntax/lines';
import type { SyntaxDocument } from '../syntax/parser';

interface DocumentState { version: number; syntax: SyntaxDocument; analysis: Pick<Analysis, 'model' | 'cache'> }

export function startServer(connection: Connection = createConnection(ProposedFeatures.all)): Connection {
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  // Analyses run one at a time per document, in the order of versions.
  const queue = new Map<string, Promise<void>>();

  connection.onInitialize(() => ({
    capabilities: { textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental } },
    serverInfo: { name: 'metafork', version: packageVersion() },
  }));

  const analyze = async (doc: TextDocument) => {
    const previous = states.get(doc.uri);
    if (previous && previous.version >= doc.version) return;
    const text = doc.getText();
    const path = decodeURIComponent(doc.uri.replace(/^file:\/\//, ''));
    const syntax = previous ? previous.syntax.update(text) : await parseText(text, path);
    const analysis = analyzeSyntax(syntax, previous?.analysis);
    previous?.syntax.dispose();
    states.set(doc.uri, { version: doc.version, syntax, analysis });
    const { diagnostics } = analysis;
    // A newer version may be waiting: publishing this one is still right (it is what the text was).
    const lines = new LineIndex(text);
    await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: diagnostics.map(d => toLsp(d, lines)) });
  };

  documents.onDidChangeContent(({ document }) => {
    const run = (queue.get(document.uri) ?? Promise.resolve()).then(() => analyze(document)).catch(e => {
      connection.console.error(`metafork: analysis failed for ${document.uri}: ${(e as Error).stack ?? e}`);
    });
    queue.set(document.uri, run);
  });
  documents.onDidClose(({ document }) => {
    states.get(document.uri)?.syntax.dispose();
    states.delete(document.uri);
    queue.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
