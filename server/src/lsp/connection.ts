// Binds the server's methods to an LSP connection: stdio for the editor (main.ts, `metafork lsp
// --stdio`), in-memory streams for the tests. Errors cross the boundary here as LSP errors.

import {
  createConnection, LSPErrorCodes, ProposedFeatures, ResponseError, TextDocuments,
} from 'vscode-languageserver/node';
import type { CancellationToken, Connection } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  ANALYZE_REQUEST, CUDA_REQUEST, DIALECTS_REQUEST, OPTIMIZE_REQUEST, PLOT_REQUEST, TRANSLATE_REQUEST,
} from '../../../shared/protocol';
import { Cancelled } from './jobs';
import { MetaforkServer, ServerOptions } from './server';

/** Starts the server on `connection` (default: the process's stdio) and listens. */
export function createLspConnection(
  connection: Connection = createConnection(ProposedFeatures.all), options: ServerOptions = {},
): Connection {
  const documents = new TextDocuments(TextDocument);
  const server = new MetaforkServer(connection, documents, options);

  connection.onInitialize(params => server.initialize(params));
  connection.onInitialized(() => server.initialized());
  connection.onDidChangeConfiguration(change => server.didChangeConfiguration(change));
  connection.onDidChangeWatchedFiles(params => server.didChangeWatchedFiles(params));
  connection.onShutdown(() => server.shutdown());
  documents.onDidChangeContent(({ document }) => server.didChangeContent(document));
  documents.onDidClose(({ document }) => server.didClose(document));

  connection.onHover(answering(server.hover));
  connection.onCodeAction(answering(server.codeAction));
  connection.onCodeActionResolve(answering(server.codeActionResolve));
  connection.onDocumentSymbol(answering(server.documentSymbol));
  connection.onCodeLens(answering(server.codeLens));
  connection.onCodeLensResolve(answering(server.codeLensResolve));
  connection.languages.semanticTokens.on(answering(server.semanticTokens));
  connection.onRequest(TRANSLATE_REQUEST, answering(server.translate));
  connection.onRequest(DIALECTS_REQUEST, answering(server.dialects));
  connection.onRequest(CUDA_REQUEST, answering(server.cuda));
  connection.onRequest(OPTIMIZE_REQUEST, answering(server.optimize));
  connection.onRequest(ANALYZE_REQUEST, answering(server.analyze));
  connection.onRequest(PLOT_REQUEST, answering(server.plot));

  /** The method as a handler whose failures are LSP errors (cancellation, time-out, a bug). */
  function answering<P, R>(method: (this: MetaforkServer, params: P, token: CancellationToken) => Promise<R>) {
    return async (params: P, token: CancellationToken): Promise<R> => {
      try {
        return await method.call(server, params, token);
      } catch (e) {
        if (e instanceof ResponseError) throw e;
        if (e instanceof Cancelled) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
        throw new ResponseError(LSPErrorCodes.RequestFailed, (e as Error).message);
      } finally {
        server.memory.busy();
      }
    };
  }

  documents.listen(connection);
  connection.listen();
  return connection;
}
