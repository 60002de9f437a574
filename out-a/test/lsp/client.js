"use strict";
// A test client for the language server: spawns `metafork lsp --stdio` and talks JSON-RPC to it
// the way an editor does, recording published diagnostics.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_CAPABILITIES = exports.TestClient = exports.LspTestClient = exports.TEST_CACHE = void 0;
exports.position = position;
exports.applyLspEdits = applyLspEdits;
const child_process_1 = require("child_process");
const path = __importStar(require("path"));
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const node_1 = require("vscode-jsonrpc/node");
const helpers_1 = require("../helpers");
const lines_1 = require("../../server/src/base/lines");
const edits_1 = require("../../server/src/base/edits");
/** The cache folder of the servers the tests start (~/.cache's place): empty when the process starts. */
exports.TEST_CACHE = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-lsp-cache-'));
/** A client of the server over any JSON-RPC connection (the server process's stdio, or the
 * in-memory streams of harness.ts). */
class LspTestClient {
    connection;
    close;
    published = [];
    stderr = [];
    /** The `client/registerCapability` requests the server sent (each answered with success). */
    registrations = [];
    /** The messages the server showed (`window/showMessage` notifications and requests). */
    messages = [];
    /** The server's trace (`$/logTrace`), once turned on with `trace`. */
    traces = [];
    waiters = [];
    versions = new Map();
    texts = new Map();
    constructor(connection, close) {
        this.connection = connection;
        this.close = close;
    }
    /** Listens on `connection` and initializes the server behind it (which watches `processId`,
     * its editor's process, to exit when it is gone). */
    static async connect(client, capabilities, initializationOptions, processId = process.pid) {
        const connection = client.connection;
        connection.onNotification('textDocument/publishDiagnostics', (p) => { client.published.push(p); client.waiters.splice(0).forEach(w => w()); });
        connection.onRequest('workspace/configuration', () => [null]);
        connection.onRequest('client/registerCapability', (p) => { client.registrations.push(p); return null; });
        connection.onNotification('$/logTrace', (t) => { client.traces.push(t.message); });
        connection.onNotification('window/showMessage', (m) => { client.messages.push(m); });
        // vscode-languageserver's window.show*Message always asks, as a request (with no actions).
        connection.onRequest('window/showMessageRequest', (m) => { client.messages.push({ type: m.type, message: m.message }); return null; });
        connection.listen();
        const params = { processId, rootUri: null, capabilities, initializationOptions };
        const init = await connection.sendRequest('initialize', params);
        await connection.sendNotification('initialized', {});
        return { client, init };
    }
    /** Turns the server's trace on (`verbose`) or off, as an editor's `metafork.trace.server` does. */
    async trace(value) {
        await this.connection.sendNotification('$/setTrace', { value });
    }
    /** Resolves with the first publication for `uri` at `version` or later. */
    diagnostics(uri, version, timeoutMs = 20000) {
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} v${version} within ${timeoutMs} ms`)), timeoutMs);
            const check = () => {
                const p = this.published.find(x => x.uri === uri && (x.version ?? 0) >= version);
                if (p) {
                    clearTimeout(timer);
                    resolve(p);
                }
                else
                    this.waiters.push(check);
            };
            check();
        });
    }
    async open(uri, text, languageId = 'metafork') {
        this.versions.set(uri, 1);
        this.texts.set(uri, text);
        await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
        return this.diagnostics(uri, 1);
    }
    async closeDocument(uri) {
        this.versions.delete(uri);
        this.texts.delete(uri);
        await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    }
    /** Replaces `start..end` (offsets) with `newText` as one incremental change. */
    async edit(uri, start, end, newText) {
        const { version, change } = this.apply(uri, start, end, newText);
        const params = { textDocument: { uri, version }, contentChanges: [change] };
        await this.connection.sendNotification('textDocument/didChange', params);
        return version;
    }
    /** The next version of `uri` with `start..end` replaced, and the LSP change saying so. */
    apply(uri, start, end, newText) {
        const text = this.texts.get(uri);
        const version = this.versions.get(uri) + 1;
        this.versions.set(uri, version);
        this.texts.set(uri, text.slice(0, start) + newText + text.slice(end));
        return { version, change: { range: { start: position(text, start), end: position(text, end) }, text: newText } };
    }
    version(uri) { return this.versions.get(uri); }
    text(uri) { return this.texts.get(uri); }
    request(method, params) { return this.connection.sendRequest(method, params); }
    async stop() {
        try {
            await Promise.race([this.connection.sendRequest('shutdown'), new Promise(r => setTimeout(r, 2000))]);
            await this.sendExit();
        }
        catch { /* already gone */ }
        this.connection.dispose();
        this.close();
    }
    async sendExit() { await this.connection.sendNotification('exit'); }
}
exports.LspTestClient = LspTestClient;
/** A client of `metafork lsp --stdio` in its own process. */
class TestClient extends LspTestClient {
    proc;
    constructor(proc, connection) {
        super(connection, () => proc.kill());
        this.proc = proc;
    }
    static async start(capabilities = exports.DEFAULT_CAPABILITIES, initializationOptions) {
        const bin = path.join(helpers_1.ROOT, 'bin', 'metafork');
        // The register counts nvcc took elsewhere are not this test's: a cache of its own.
        const env = { ...process.env, XDG_CACHE_HOME: exports.TEST_CACHE };
        const proc = (0, child_process_1.spawn)(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env });
        const reader = new node_1.StreamMessageReader(proc.stdout);
        const connection = (0, node_1.createMessageConnection)(reader, new node_1.StreamMessageWriter(proc.stdin));
        const client = new TestClient(proc, connection);
        proc.stderr.on('data', d => client.stderr.push(String(d)));
        return LspTestClient.connect(client, capabilities, initializationOptions);
    }
}
exports.TestClient = TestClient;
function position(text, offset) {
    return new lines_1.LineIndex(text).position(offset);
}
/** Applies LSP text edits (ranges in `text`) to `text`. */
function applyLspEdits(text, edits) {
    const lines = new lines_1.LineIndex(text);
    return (0, edits_1.applyEdits)(text, edits.map(e => ({ start: lines.offset(e.range.start), end: lines.offset(e.range.end), newText: e.newText })));
}
/** What VS Code announces for the features under test. */
exports.DEFAULT_CAPABILITIES = {
    workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
    textDocument: {
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'refactor.rewrite'] } }, resolveSupport: { properties: ['edit'] }, disabledSupport: true, dataSupport: true },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        semanticTokens: { requests: { full: true }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] },
    },
};
//# sourceMappingURL=client.js.map