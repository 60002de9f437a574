"use strict";
// An in-process test harness for the language server: the server's connection and a client's
// over two in-memory streams, so a test reaches the server's handlers without a process between
// (and can give it options, such as a short time limit for worker jobs).
Object.defineProperty(exports, "__esModule", { value: true });
exports.InProcessClient = void 0;
const stream_1 = require("stream");
const node_1 = require("vscode-languageserver/node");
const node_2 = require("vscode-jsonrpc/node");
const connection_1 = require("../../server/src/lsp/connection");
const client_1 = require("./client");
class InProcessClient extends client_1.LspTestClient {
    toServer;
    constructor(connection, close, toServer) {
        super(connection, close);
        this.toServer = toServer;
    }
    /** Several incremental changes (offsets in the text before each) arriving in one chunk, as a
     * burst of keystrokes arrives through an editor's pipe. Resolves with the last version. */
    burst(uri, changes) {
        const frames = changes.map(c => {
            const { version, change } = this.apply(uri, c.start, c.end, c.newText);
            const params = { textDocument: { uri, version }, contentChanges: [change] };
            const body = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didChange', params });
            return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
        });
        this.toServer.write(frames.join(''));
        return this.version(uri);
    }
    /** A server in this process and a client connected to it, initialized. */
    static async start(options = {}) {
        const toServer = new stream_1.PassThrough();
        const toClient = new stream_1.PassThrough();
        const reader = new node_2.StreamMessageReader(toServer);
        const server = (0, node_1.createConnection)(node_1.ProposedFeatures.all, reader, new node_2.StreamMessageWriter(toClient));
        (0, connection_1.createLspConnection)(server, options.server);
        const connection = (0, node_2.createMessageConnection)(new node_2.StreamMessageReader(toClient), new node_2.StreamMessageWriter(toServer));
        const close = () => { server.dispose(); toServer.end(); toClient.end(); };
        const client = new InProcessClient(connection, close, toServer);
        // No process id: the server would poll it with a timer that keeps this process alive.
        const capabilities = options.capabilities ?? client_1.DEFAULT_CAPABILITIES;
        return client_1.LspTestClient.connect(client, capabilities, options.initializationOptions, null);
    }
    /** `exit` would end this process (the server's connection exits on it): a test only shuts down. */
    async sendExit() { }
}
exports.InProcessClient = InProcessClient;
//# sourceMappingURL=harness.js.map