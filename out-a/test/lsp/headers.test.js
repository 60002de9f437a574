"use strict";
// The server reads documents with their compile flags and headers (server in this process,
// harness.ts): the flags found for each document (its log says which), the settings' include
// paths and defines, file watching registered, a changed compile database or header re-checks the
// documents that read it, a header open in an editor is read from its buffer, and inactive regions
// are sent after each check.
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
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const url_1 = require("url");
const protocol_1 = require("../../shared/protocol");
const client_1 = require("./client");
const harness_1 = require("./harness");
const TMP = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-lsp-headers-')));
const clients = [];
(0, node_test_1.after)(async () => {
    for (const c of clients)
        await c.stop();
    fs.rmSync(TMP, { recursive: true, force: true });
});
const WATCHING = {
    ...client_1.DEFAULT_CAPABILITIES,
    workspace: { ...client_1.DEFAULT_CAPABILITIES.workspace, didChangeWatchedFiles: { dynamicRegistration: true } },
};
const NO_CONFIGURATION = { ...client_1.DEFAULT_CAPABILITIES, workspace: { workspaceEdit: { documentChanges: true } } };
/** A server and a client that records the server's log and inactive regions. */
async function start(options = {}) {
    const { client } = await harness_1.InProcessClient.start(options);
    clients.push(client);
    const logs = [];
    const inactive = [];
    client.connection.onNotification('window/logMessage', (p) => { logs.push(p.message); });
    client.connection.onNotification(protocol_1.INACTIVE_REGIONS_NOTIFICATION, (p) => {
        inactive.push(p);
    });
    return { client, logs, inactive };
}
/** Resolves once `condition` holds (checked every 10 ms; fails after 20 s). */
async function until(condition, what) {
    for (let waited = 0; !condition(); waited += 10) {
        if (waited > 20000)
            throw new Error(`not within 20 s: ${what}`);
        await new Promise(resolve => setTimeout(resolve, 10));
    }
}
function write(name, text) {
    const file = path.join(TMP, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
}
const uriOf = (file) => (0, url_1.pathToFileURL)(file).href;
/** The client's file watcher saying `file` changed. */
function changed(client, file) {
    const changes = [{ uri: uriOf(file), type: 2 /* Changed */ }];
    return client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes });
}
const MAIN = '#include "sizes.h"\nint a[N];\n';
(0, node_test_1.describe)('compile flags', () => {
    (0, node_test_1.test)('a document is read with the flags of the compile_flags.txt above it; its change re-checks', async () => {
        const flags = write('flags/compile_flags.txt', '-Iinc\n-DN=4\n');
        const file = write('flags/src/main.c', MAIN);
        const { client, logs } = await start();
        const uri = uriOf(file);
        await client.open(uri, MAIN, 'c');
        const inc = path.join(TMP, 'flags', 'inc');
        await until(() => logs.some(l => l.includes(file)), 'the flags logged');
        strict_1.default.deepEqual(logs.filter(l => l.includes(file)), [`metafork: ${file}: -I${inc} -DN=4 (from ${flags})`]);
        fs.writeFileSync(flags, '-Iinc\n-DN=8\n');
        await changed(client, flags);
        await until(() => client.published.filter(p => p.uri === uri).length === 2, 'diagnostics published again');
        strict_1.default.deepEqual(client.published.filter(p => p.uri === uri).map(p => p.version), [1, 1]);
        strict_1.default.deepEqual(logs.filter(l => l.includes(file)), [`metafork: ${file}: -I${inc} -DN=4 (from ${flags})`, `metafork: ${file}: -I${inc} -DN=8 (from ${flags})`]);
    });
    (0, node_test_1.test)("the settings' include paths (relative to the document's folder without a workspace folder) and defines; "
        + 'a change re-checks', async () => {
        const file = write('settings/main.c', MAIN);
        const { client, logs } = await start({
            capabilities: NO_CONFIGURATION,
            initializationOptions: { settings: { includePaths: ['inc', '/opt/inc'], defines: ['N=4', 'DEBUG'] } },
        });
        const uri = uriOf(file);
        await client.open(uri, MAIN, 'c');
        const [inc, none] = [path.join(path.dirname(file), 'inc'), '(no compile_commands.json or compile_flags.txt)'];
        const logged = () => logs.filter(l => l.includes(file));
        strict_1.default.deepEqual(logged(), [`metafork: ${file}: -I${inc} -I/opt/inc -DN=4 -DDEBUG ${none}`]);
        await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { metafork: { includePaths: ['inc'], defines: ['N=8', 'S=a b'] } } });
        await until(() => client.published.filter(p => p.uri === uri).length === 2, 'diagnostics published again');
        strict_1.default.deepEqual(client.published.filter(p => p.uri === uri).map(p => p.version), [1, 1]);
        strict_1.default.deepEqual(logged().slice(1), [`metafork: ${file}: -I${inc} -DN=8 '-DS=a b' ${none}`]);
        // An untitled buffer: no database looked for; the settings relative to the server's folder (no workspace).
        await client.open('untitled:Untitled-1', 'int x;\n', 'c');
        strict_1.default.deepEqual(logs.filter(l => l.includes('Untitled-1')), [`metafork: Untitled-1: -I${path.resolve('inc')} -DN=8 '-DS=a b' ${none}`]);
    });
    (0, node_test_1.test)('file watching is registered when the client can; not asked otherwise', async () => {
        const watching = await start({ capabilities: WATCHING });
        await until(() => watching.client.registrations.length > 0, 'a registration');
        const [{ registrations }] = watching.client.registrations;
        strict_1.default.deepEqual(registrations.map(r => ({ method: r.method, registerOptions: r.registerOptions })), [{
                method: 'workspace/didChangeWatchedFiles',
                registerOptions: {
                    watchers: [
                        { globPattern: '**/*.{h,hh,hpp,hxx,inc}' }, { globPattern: '**/compile_commands.json' },
                        { globPattern: '**/compile_flags.txt' },
                    ],
                },
            }]);
        const plain = await start();
        await plain.client.open('file:///tmp/mf-lsp-headers/plain.c', 'int x;\n', 'c');
        strict_1.default.deepEqual(plain.client.registrations, []);
    });
});
(0, node_test_1.describe)('inactive regions', () => {
    (0, node_test_1.test)('sent after each check, for the version checked', async () => {
        const { client, inactive } = await start();
        const uri = uriOf(path.join(TMP, 'inactive', 'plain.c'));
        await client.open(uri, 'int x;\n', 'c');
        await until(() => inactive.length === 1, 'inactive regions');
        const version = await client.edit(uri, 0, 0, '\n');
        await until(() => inactive.length === 2, 'inactive regions again');
        strict_1.default.deepEqual(inactive, [{ uri, version: 1, ranges: [] }, { uri, version, ranges: [] }]);
    });
    (0, node_test_1.test)('the lines an #if leaves out (needs the preprocessor)', async (t) => {
        const { client, inactive } = await start();
        const uri = uriOf(path.join(TMP, 'inactive', 'if0.c'));
        await client.open(uri, 'int a;\n#if 0\nint b;\nint c;\n#endif\nint d;\n', 'c');
        await until(() => inactive.length === 1, 'inactive regions');
        const [{ ranges }] = inactive;
        strict_1.default.equal(ranges.length, 1);
        // Lines 2 and 3 (0-based), whole: to the end of `int c;` or to the start of `#endif`.
        strict_1.default.deepEqual(ranges[0].start, { line: 2, character: 0 });
        const ends = [{ line: 3, character: 6 }, { line: 4, character: 0 }].map(p => JSON.stringify(p));
        strict_1.default.ok(ends.includes(JSON.stringify(ranges[0].end)), JSON.stringify(ranges[0]));
    });
});
(0, node_test_1.describe)('headers', () => {
    (0, node_test_1.test)('a header changed on disk, then open and edited in the editor, re-checks the file that includes it '
        + '(needs the preprocessor)', async (t) => {
        const header = write('headers/inc/sizes.h', '#define N 4\n');
        write('headers/compile_flags.txt', '-Iinc\n');
        const file = write('headers/main.c', MAIN);
        const { client } = await start({ capabilities: WATCHING });
        const uri = uriOf(file);
        const codes = () => client.published.filter(p => p.uri === uri).map(p => p.diagnostics.map(d => d.code));
        strict_1.default.deepEqual((await client.open(uri, MAIN, 'c')).diagnostics, []);
        fs.writeFileSync(header, '#error the header changed\n');
        await changed(client, header);
        await until(() => codes().length === 2, 'diagnostics published again');
        // As gcc: the #error, and the N the header no longer defines.
        strict_1.default.deepEqual(codes()[1], ['MF111', 'MF120']);
        // Open in the editor with other text: its buffer is what the file reads.
        const headerUri = uriOf(header);
        await client.open(headerUri, '#define N 4\n', 'c');
        await until(() => codes().length === 3, 'diagnostics after the header opened');
        strict_1.default.deepEqual(codes()[2], []);
        await client.edit(headerUri, 0, '#define N 4\n'.length, '#error edited\n');
        await until(() => codes().length === 4, 'diagnostics after the header edited');
        strict_1.default.deepEqual(codes()[3], ['MF111', 'MF120']);
    });
    (0, node_test_1.test)('a header the document does not read changes nothing', async () => {
        const file = write('unrelated/main.c', 'int x;\n');
        const header = write('unrelated/other.h', 'int y;\n');
        const { client } = await start({ capabilities: WATCHING });
        const uri = uriOf(file);
        await client.open(uri, 'int x;\n', 'c');
        await changed(client, header);
        // A hover waits for an analysis the change would have asked for: none was, nothing was published.
        await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 4 } });
        strict_1.default.deepEqual(client.published.filter(p => p.uri === uri).map(p => p.version), [1]);
    });
});
//# sourceMappingURL=headers.test.js.map