"use strict";
// The language server over a real JSON-RPC connection (stdio): diagnostics after open and
// after incremental edits. (features.test.ts covers every LSP feature.)
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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const node_1 = require("vscode-jsonrpc/node");
const helpers_1 = require("../helpers");
const client_1 = require("./client");
const index_1 = require("../../server/src/translate/index");
const documents_1 = require("../../server/src/lsp/documents");
const generate_1 = require("../bench/generate");
/** The server over stdio, with the publications it makes and a wait for the count-th one. */
function startServer() {
    const proc = (0, child_process_1.spawn)(process.execPath, [path.join(helpers_1.ROOT, 'bin', 'metafork'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const connection = (0, node_1.createMessageConnection)(new node_1.StreamMessageReader(proc.stdout), new node_1.StreamMessageWriter(proc.stdin));
    const published = [];
    const waiters = [];
    connection.onNotification('textDocument/publishDiagnostics', (p) => { published.push(p); waiters.splice(0).forEach(w => w()); });
    connection.listen();
    const next = (count) => new Promise(resolve => {
        const check = () => (published.length >= count ? resolve() : waiters.push(check));
        check();
    });
    return { proc, connection, published, next };
}
(0, node_test_1.test)('diagnostics are published on open and after each incremental change', async () => {
    const { proc, connection, published, next } = startServer();
    try {
        const init = await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
        strict_1.default.equal(init.capabilities.textDocumentSync.change, 2); // incremental
        await connection.sendNotification('initialized', {});
        const uri = 'file:///tmp/fib.mfc';
        const text = 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n  y = fib(n - 2);\n  meta_join;\n  return x + y;\n}\n';
        await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'metafork', version: 1, text } });
        await next(1);
        strict_1.default.deepEqual(published[0], { uri, version: 1, diagnostics: [] });
        // Delete `meta_join;` (line 5): the spawn now reaches the return unjoined.
        await connection.sendNotification('textDocument/didChange', {
            textDocument: { uri, version: 2 },
            contentChanges: [{ range: { start: { line: 5, character: 2 }, end: { line: 5, character: 12 } }, text: '' }],
        });
        await next(2);
        strict_1.default.equal(published[1].version, 2);
        strict_1.default.deepEqual(published[1].diagnostics.map(d => [d.code, d.range.start.line]), [['MF314', 6]]);
        // Type it back: the warning goes away and an empty list is published.
        await connection.sendNotification('textDocument/didChange', {
            textDocument: { uri, version: 3 },
            contentChanges: [{ range: { start: { line: 5, character: 2 }, end: { line: 5, character: 2 } }, text: 'meta_join;' }],
        });
        await next(3);
        strict_1.default.deepEqual(published[2], { uri, version: 3, diagnostics: [] });
        await connection.sendRequest('shutdown');
        await connection.sendNotification('exit');
    }
    finally {
        connection.dispose();
        proc.kill();
    }
});
(0, node_test_1.test)('a large file (over 2,000 lines) opened: its first 400 lines\' diagnostics at once, then the whole file\'s', async () => {
    const { proc, connection, published, next } = startServer();
    try {
        await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
        await connection.sendNotification('initialized', {});
        // 800 small functions (2,400 lines); the 3rd and the 750th read a name declared nowhere (each
        // its own: the rest of the file names the first nowhere, so no declaration there can change it).
        const fn = (i) => `int f${i}(int x) {\n  return x + ${i === 2 ? 'missing_top' : i === 749 ? 'missing_bottom' : i};\n}`;
        const text = Array.from({ length: 800 }, (_, i) => fn(i)).join('\n') + '\n';
        const uri = 'file:///tmp/big-open.c';
        await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'c', version: 1, text } });
        await next(2);
        const lines = (p) => p.diagnostics.map(d => `${d.range.start.line + 1} ${d.code}`);
        strict_1.default.deepEqual(published.map(p => p.version), [1, 1]);
        strict_1.default.deepEqual(lines(published[0]), ['8 MF120']);
        strict_1.default.deepEqual(lines(published[1]), ['8 MF120', '2249 MF120']);
    }
    finally {
        connection.dispose();
        proc.kill();
    }
});
/** What an editor asks of a document: its symbols, tokens, lenses and the hover of its schedule. */
async function features(client, uri) {
    const textDocument = { uri };
    const at = client.text(uri).indexOf('meta_schedule');
    const position = { line: client.text(uri).slice(0, at).split('\n').length - 1, character: 4 };
    return {
        symbols: await client.request('textDocument/documentSymbol', { textDocument }),
        tokens: (await client.request('textDocument/semanticTokens/full', { textDocument })).data,
        lenses: await client.request('textDocument/codeLens', { textDocument }),
        hover: await client.request('textDocument/hover', { textDocument, position }),
    };
}
(0, node_test_1.test)('a document not among the last four used lets its models and results go, and answers the same when used again (also after an edit)', async () => {
    const { client } = await client_1.TestClient.start();
    try {
        const jacobi = fs.readFileSync(path.join(helpers_1.ROOT, 'examples', 'jacobi1d.mfc'), 'utf8');
        const uris = Array.from({ length: 6 }, (_, i) => `file:///tmp/keep${i}.mfc`);
        await client.open(uris[0], jacobi);
        const first = await features(client, uris[0]);
        strict_1.default.ok(first.symbols.length > 0 && first.hover !== null);
        // Five other documents used after it: the first is no longer among the four kept.
        for (const uri of uris.slice(1)) {
            await client.open(uri, jacobi);
            await features(client, uri);
        }
        strict_1.default.deepEqual(await features(client, uris[0]), first);
        // Edited once released: the edit is read from the text kept (the tree is parsed again); the
        // answers are those of the same edit in a new server.
        for (const uri of uris.slice(1))
            await features(client, uri);
        const at = client.text(uris[0]).indexOf('int main');
        const version = await client.edit(uris[0], at, at, 'int unused_before_main;\n');
        await client.diagnostics(uris[0], version);
        const edited = await features(client, uris[0]);
        const { client: fresh } = await client_1.TestClient.start();
        try {
            await fresh.open(uris[0], jacobi);
            await fresh.diagnostics(uris[0], await fresh.edit(uris[0], at, at, 'int unused_before_main;\n'));
            strict_1.default.deepEqual(await features(fresh, uris[0]), edited);
        }
        finally {
            await fresh.stop();
        }
    }
    finally {
        await client.stop();
    }
});
(0, node_test_1.test)('a large document is prepared for translation when its changes settle (the first, translated too; later, translated ahead into the dialects asked for): translations at once after opening, after a pause, at once after an edit, after another document\'s and made ahead are the CLI\'s', async () => {
    const { client } = await client_1.TestClient.start();
    const settle = () => new Promise(r => setTimeout(r, 1500));
    try {
        const uri = 'file:///tmp/prepared.mfc';
        const other = 'file:///tmp/other.mfc';
        const expectSame = async (target, to, label) => {
            const text = client.text(target);
            const fresh = await (0, index_1.translateText)(text, to, { fileName: (0, documents_1.pathOf)(target), checked: true });
            const r = await client.request('metafork/translate', { textDocument: { uri: target }, to });
            strict_1.default.equal(r.text, fresh.text, label);
            strict_1.default.deepEqual(r.diagnostics.map((d) => d.message), fresh.diagnostics.map(d => d.message), label);
        };
        await client.open(uri, (0, generate_1.wholeFunctions)((0, generate_1.generateProgram)(2500)));
        // Asked before it settles, then after (prepared, and translated ahead into every dialect).
        await expectSame(uri, 'metafork', 'opened, at once');
        await settle();
        await expectSame(uri, 'openmp', 'opened, settled');
        const spawn = client.text(uri).indexOf('x = meta_fork fib6(n - 1);');
        await client.diagnostics(uri, await client.edit(uri, spawn, spawn + 'x = meta_fork fib6(n - 1);'.length, 'x = fib6(n - 1);'));
        await expectSame(uri, 'cilkplus', 'edited, at once');
        await client.open(other, fs.readFileSync(path.join(helpers_1.ROOT, 'examples', 'fib.mfc'), 'utf8'));
        await expectSame(other, 'openmp', 'another document');
        await expectSame(uri, 'metafork', 'back to the large one');
        const end = client.text(uri).length;
        await client.diagnostics(uri, await client.edit(uri, end, end, 'int tail_count;\n'));
        await settle();
        await expectSame(uri, 'openmp', 'edited, settled');
        // Asked for once, a dialect is translated ahead as each later version settles, and only it:
        // the request then finds it made (the server's trace says so).
        await client.trace('verbose');
        await client.closeDocument(uri);
        await client.open(uri, (0, generate_1.wholeFunctions)((0, generate_1.generateProgram)(2500)));
        await expectSame(uri, 'cilkplus', 'opened again, at once');
        const version = await client.edit(uri, end, end, 'int tail_count;\n');
        await client.diagnostics(uri, version);
        const job = (to) => new RegExp(`^job ${uri}@${version}\\.\\d+:translate:${to}:: `);
        for (const deadline = Date.now() + 30000; !client.traces.some(t => job('cilkplus').test(t) && t.endsWith(', ahead of any request'));) {
            strict_1.default.ok(Date.now() < deadline, `no translation ahead within 30 s:\n${client.traces.join('\n')}`);
            await new Promise(r => setTimeout(r, 10));
        }
        await expectSame(uri, 'cilkplus', 'edited, settled, translated ahead');
        strict_1.default.ok(client.traces.some(t => job('cilkplus').test(t) && t.endsWith(': its result made before')), client.traces.join('\n'));
        // The others (before CilkPlus among the dialects) were not asked for since the document was opened.
        strict_1.default.deepEqual(client.traces.filter(t => job('metafork').test(t) || job('openmp').test(t)), []);
    }
    finally {
        await client.stop();
    }
});
//# sourceMappingURL=server.test.js.map