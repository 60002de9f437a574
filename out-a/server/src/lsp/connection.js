"use strict";
// Binds the server's methods to an LSP connection: stdio for the editor (main.ts, `metafork lsp
// --stdio`), in-memory streams for the tests. Errors cross the boundary here as LSP errors.
Object.defineProperty(exports, "__esModule", { value: true });
exports.createLspConnection = createLspConnection;
const node_1 = require("vscode-languageserver/node");
const vscode_languageserver_textdocument_1 = require("vscode-languageserver-textdocument");
const protocol_1 = require("../../../shared/protocol");
const jobs_1 = require("./jobs");
const server_1 = require("./server");
/** Starts the server on `connection` (default: the process's stdio) and listens. */
function createLspConnection(connection = (0, node_1.createConnection)(node_1.ProposedFeatures.all), options = {}) {
    const documents = new node_1.TextDocuments(vscode_languageserver_textdocument_1.TextDocument);
    const server = new server_1.MetaforkServer(connection, documents, options);
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
    connection.onRequest(protocol_1.TRANSLATE_REQUEST, answering(server.translate));
    connection.onRequest(protocol_1.DIALECTS_REQUEST, answering(server.dialects));
    connection.onRequest(protocol_1.CUDA_REQUEST, answering(server.cuda));
    connection.onRequest(protocol_1.OPTIMIZE_REQUEST, answering(server.optimize));
    connection.onRequest(protocol_1.ANALYZE_REQUEST, answering(server.analyze));
    connection.onRequest(protocol_1.PLOT_REQUEST, answering(server.plot));
    /** The method as a handler whose failures are LSP errors (cancellation, time-out, a bug). */
    function answering(method) {
        return async (params, token) => {
            try {
                return await method.call(server, params, token);
            }
            catch (e) {
                if (e instanceof node_1.ResponseError)
                    throw e;
                if (e instanceof jobs_1.Cancelled)
                    throw new node_1.ResponseError(node_1.LSPErrorCodes.RequestCancelled, 'cancelled');
                throw new node_1.ResponseError(node_1.LSPErrorCodes.RequestFailed, e.message);
            }
            finally {
                server.memory.busy();
            }
        };
    }
    documents.listen(connection);
    connection.listen();
    return connection;
}
//# sourceMappingURL=connection.js.map