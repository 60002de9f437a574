"use strict";
// The language server under typing, over a real JSON-RPC connection (stdio). Every fixture is
// typed into an empty document by incremental didChanges, each version a prefix of the file:
// one character per change through the file's first HEAD characters, every line with a pragma or
// a MetaFork/CilkPlus keyword (the first time the corpus has that line: the seeds repeat many),
// and every comment delimiter, where half-typed constructs are; in seeded-random chunks of
// MEAN_CHUNK characters on average elsewhere, so that the corpus fits in the time budget
// (METAFORK_FUZZ_FULL=1: every character of every file, a few minutes). Hover, code
// actions, symbols, semantic tokens, code lenses and the custom metafork/translate and
// metafork/cuda requests are asked at the cursor every REQUEST_EVERY characters and at the end.
// Synthetic sources with hazards (a comment across lines in a pragma, CRLF and CR line ends,
// characters beyond the BMP) are typed fully, one character per change; then a few fixtures take
// a few hundred seeded-random edits (ranges deleted, constructs and binary junk inserted).
//
// Every request must be answered (a result or an error response; method-not-found would do for a
// feature not there yet) within REQUEST_TIMEOUT_MS. Every publication must name a version that was
// sent, never go back in versions, and hold ranges inside that version's text; at every request
// point and at the end, the diagnostics must be those a fresh open of the same text gets (syntax
// errors aside), and the last publication must carry the final version. The server must
// stay up, with nothing on stderr or in error-level log messages that looks like a crash, and exit
// cleanly on shutdown + exit. A server that stops answering is killed and replaced, so that one hang
// fails its file and the rest still run.
//
// Replay: METAFORK_FUZZ_SEED=<the seed printed>; METAFORK_FUZZ_TRACE=<dir> writes the text of every
// mutated version there (a JSON string each); METAFORK_FUZZ_DUMP=<file> writes every finding as JSON.
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
const url_1 = require("url");
const node_1 = require("vscode-jsonrpc/node");
const helpers_1 = require("../helpers");
const seeds_1 = require("./seeds");
const SEED = (Number(process.env.METAFORK_FUZZ_SEED) || 20260502) >>> 0;
const FULL = !!process.env.METAFORK_FUZZ_FULL;
const HEAD = 40;
/** Lines typed one character per change. */
const HOT = /#\s*pragma|\bmeta_|\bcilk_|_Cilk/;
/** Comment delimiters, typed one character per change with a character either side. */
const DELIMITER = /\/\*|\*\/|\/\//g;
const MEAN_CHUNK = 32;
const REQUEST_EVERY = 300;
const REQUEST_TIMEOUT_MS = 15000;
const PUBLISH_TIMEOUT_MS = 30000;
/** Servers at work at once (one document each). */
const WORKERS = 2;
const EDITS_PER_FIXTURE = 300;
const REQUEST_EVERY_EDITS = 25;
const TRACE = process.env.METAFORK_FUZZ_TRACE;
const fromFile = (file) => ({ name: file, uri: (0, url_1.pathToFileURL)(path.join(helpers_1.ROOT, file)).href, text: fs.readFileSync(path.join(helpers_1.ROOT, file), 'utf8') });
const FILES = ['test/fixtures/programs', 'test/fixtures/seeds', 'test/fixtures/cuda', 'examples']
    .flatMap(dir => fs.readdirSync(path.join(helpers_1.ROOT, dir)).filter(f => /\.(mfc|c|cpp)$/.test(f)).sort().map(f => path.join(dir, f)));
const MUTATED = ['examples/fib.mfc', 'examples/jacobi1d_omp.c', 'test/fixtures/programs/cilk-mergesort.c', 'test/fixtures/cuda/thesis-jacobi2d.mfc', 'test/fixtures/seeds/s003-fig3.24-omp.cpp'];
const FIB = fs.readFileSync(path.join(helpers_1.ROOT, 'examples', 'fib.mfc'), 'utf8');
const synthetic = (name, text) => ({ name: `synthetic ${name}`, uri: `file:///metafork-fuzz-synthetic/${name}`, text });
/** Valid programs that are awkward for positions and for the pragma scanner. */
const HAZARDS = [
    synthetic('pragma-comment.c', 'void g(int);\nvoid f(int n) {\n#pragma omp parallel /* a comment\n   across two lines */ num_threads(4)\n  {\n#pragma omp task /* inline */ firstprivate(n)\n    g(n);\n  }\n}\n'),
    synthetic('continued-pragma.c', 'void f(int n, double *a) {\n#pragma omp parallel for \\\n    schedule(static) \\\n    firstprivate(n)\n  for (int i = 0; i < n; i++) a[i] = 2 * a[i];\n}\n'),
    synthetic('fib-crlf.mfc', FIB.replace(/\n/g, '\r\n')),
    synthetic('fib-cr.mfc', FIB.replace(/\n/g, '\r')),
    synthetic('astral.mfc', '/* \u{1d4dc}\u{1d4ee}\u{1d4fd}\u{1d4ea} \u{1f600} fork-join */\nlong fib(long n) {\n  long x, y; /* \u{1f500} */\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1); const char *s = "\u{1f600}\u00e9";\n  y = fib(n - 2);\n  return x + y;\n}\n'),
];
/** Deterministic generator: `random(n)` in [0, n). */
function generator(seed) {
    const r = new seeds_1.Random(seed);
    return n => r.int(0, n - 1);
}
/** One generator per file, so a file's run does not depend on which worker took it. */
function generatorFor(name) {
    let h = 0x811c9dc5;
    for (let i = 0; i < name.length; i++)
        h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
    return generator(SEED ^ h);
}
/** LSP positions of a text: lines end at \n, \r\n or \r; characters are UTF-16 code units, which
 * is what JavaScript string offsets count. */
class Lines {
    text;
    starts = [0];
    /** End of each line's content (before its line break). */
    ends = [];
    /** The text's length: a prefix of `text` when cut. */
    length;
    constructor(text) {
        this.text = text;
        this.length = text.length;
        for (let i = 0; i < text.length; i++) {
            const c = text.charCodeAt(i);
            if (c === 10 || c === 13) {
                this.ends.push(i);
                if (c === 13 && i + 1 < text.length && text.charCodeAt(i + 1) === 10)
                    i++;
                this.starts.push(i + 1);
            }
        }
        this.ends.push(text.length);
    }
    /** The lines of the text's first `length` characters (not between \r and \n), sharing the tables. */
    cut(length) {
        return Object.assign(Object.create(Lines.prototype), this, { length });
    }
    position(offset) {
        let lo = 0, hi = this.starts.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (this.starts[mid] <= offset)
                lo = mid;
            else
                hi = mid - 1;
        }
        return { line: lo, character: offset - this.starts[lo] };
    }
    /** Whether `p` names a place in the text: a character at most the line's length (or between the
     * \r and \n of its line break, which a client clamps to the line's end), never beyond its line. */
    contains(p) {
        if (!this.hasLine(p))
            return false;
        const start = this.starts[p.line];
        const end = Math.min(this.ends[p.line], this.length);
        const crlf = end < this.length && this.text.charCodeAt(end) === 13 && this.text.charCodeAt(end + 1) === 10 ? 1 : 0;
        return start + p.character <= end + crlf;
    }
    /** Whether `p`'s line is one of the text's (whatever its character). */
    hasLine(p) {
        return Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0 && p.line < this.starts.length && this.starts[p.line] <= this.length;
    }
    /** An offset between \r and \n is no LSP position: edits avoid it. */
    inLineBreak(offset) {
        return offset > 0 && offset < this.length && this.text.charCodeAt(offset - 1) === 13 && this.text.charCodeAt(offset) === 10;
    }
}
const before = (a, b) => a.line < b.line || (a.line === b.line && a.character <= b.character);
const validRange = (r, lines) => !!r && lines.contains(r.start) && lines.contains(r.end) && before(r.start, r.end);
/** What is wrong with a diagnostic's range: 'wrong' when it starts outside the text, ends on no
 * line of it or before it starts (it marks the wrong place); 'overshoot' when only its end goes past
 * the end of its line (LSP clients clamp that to the line's end). */
function rangeFault(r, lines) {
    if (!r || !lines.contains(r.start) || !lines.hasLine(r.end) || !before(r.start, r.end))
        return 'wrong';
    return lines.contains(r.end) ? undefined : 'overshoot';
}
/** Output or a stack trace that means the server crashed (or a handler threw). */
const CRASH = /\bError:|FATAL|Uncaught|\n\s+at \S.*:\d+:\d+/;
const findings = () => ({ problems: [], notes: [], tally: {}, notifications: 0, publishes: 0, requests: 0, times: [] });
/** One open document: the text of every version still to be published, and what was published. */
class Doc {
    uri;
    where;
    found;
    versions = new Map();
    last;
    publishes = 0;
    waiters = [];
    constructor(uri, where, found) {
        this.uri = uri;
        this.where = where;
        this.found = found;
    }
    sent(version, lines) { this.versions.set(version, lines); }
    onPublish(p) {
        this.publishes++;
        this.found.publishes++;
        const lines = p.version === undefined ? undefined : this.versions.get(p.version);
        if (p.version === undefined)
            this.found.problems.push(`${this.where}: publishDiagnostics without a version`);
        else if (this.last?.version !== undefined && p.version < this.last.version)
            this.found.problems.push(`${this.where}: version ${p.version} published after ${this.last.version}`);
        else if (!lines)
            this.found.problems.push(`${this.where}: version ${p.version} published, never sent`);
        else {
            for (const d of p.diagnostics) {
                const fault = rangeFault(d.range, lines);
                const what = `${this.where} v${p.version}: diagnostic ${d.code} range ${JSON.stringify(d.range)}`;
                if (fault === 'wrong')
                    this.found.problems.push(`${what} outside the text (${lines.length} characters, ${lines.starts.filter(o => o <= lines.length).length} lines)`);
                if (fault === 'overshoot')
                    this.found.notes.push(`${what} ends past the end of its line (${lines.length} characters)`);
                if (typeof d.code !== 'string' || !/^MF\d{3}$/.test(d.code))
                    this.found.problems.push(`${this.where} v${p.version}: diagnostic code ${JSON.stringify(d.code)}`);
            }
            // Versions older than this one will not be published any more.
            for (const v of this.versions.keys())
                if (v < p.version)
                    this.versions.delete(v);
        }
        this.last = p;
        this.waiters.splice(0).forEach(w => w());
    }
    /** Resolves once `version` is published (false after `ms`). */
    async published(version, ms, exited) {
        const deadline = Date.now() + ms;
        while (this.last?.version !== version) {
            if (Date.now() > deadline)
                return false;
            let timer;
            const wake = new Promise(resolve => this.waiters.push(resolve));
            const later = new Promise(resolve => { timer = setTimeout(resolve, Math.max(1, deadline - Date.now())); });
            const gone = await Promise.race([wake.then(() => false), later.then(() => false), exited.then(() => true)]);
            clearTimeout(timer);
            if (gone)
                return false;
        }
        return true;
    }
}
/** A server process and its connection, with what it printed and logged. */
class Server {
    found;
    proc;
    connection;
    stderr = '';
    /** Resolves with a description when the process exits. */
    exited;
    exit;
    /** Set when a request went unanswered: the server is killed instead of shut down. */
    broken = false;
    docs = new Map();
    closed = new Set();
    constructor(found) {
        this.found = found;
        this.proc = (0, child_process_1.spawn)(process.execPath, [path.join(helpers_1.ROOT, 'bin', 'metafork'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
        this.proc.stderr.setEncoding('utf8').on('data', (d) => { this.stderr += d; });
        this.exited = new Promise(resolve => this.proc.on('exit', (code, signal) => { this.exit = `exit code ${code}, signal ${signal}`; resolve(this.exit); }));
        this.connection = (0, node_1.createMessageConnection)(new node_1.StreamMessageReader(this.proc.stdout), new node_1.StreamMessageWriter(this.proc.stdin));
        this.connection.onNotification('textDocument/publishDiagnostics', (p) => {
            const doc = this.docs.get(p.uri);
            if (doc)
                doc.onPublish(p);
            else if (!this.closed.has(p.uri))
                found.problems.push(`publishDiagnostics for ${p.uri}, never opened`);
        });
        this.connection.onNotification('window/logMessage', (p) => {
            if (p.type === 1 || CRASH.test(p.message))
                found.problems.push(`server logged (type ${p.type}): ${p.message.slice(0, 2000)}`);
        });
        this.connection.onNotification('window/showMessage', (p) => {
            if (p.type === 1)
                found.notes.push(`server showed an error: ${p.message}`);
        });
        // What a real client answers to the server's own requests.
        this.connection.onRequest('workspace/configuration', (p) => p.items.map(() => null));
        for (const method of ['client/registerCapability', 'client/unregisterCapability', 'window/workDoneProgress/create', 'workspace/semanticTokens/refresh', 'workspace/codeLens/refresh', 'workspace/diagnostic/refresh', 'workspace/inlayHint/refresh', 'window/showMessageRequest']) {
            this.connection.onRequest(method, () => null);
        }
        this.connection.listen();
    }
    /** A notification, unless the server is gone (that is reported once, by the checks). */
    notify(method, params) {
        this.found.notifications++;
        if (this.exit)
            return;
        try {
            void this.connection.sendNotification(method, params).catch(() => undefined);
        }
        catch { /* closed: the exit is reported */ }
    }
    /** initialize + initialized; false (and a problem) when the server does not answer. */
    async initialize() {
        const init = await this.ask('initialize', {
            processId: process.pid, rootUri: null, workspaceFolders: null,
            capabilities: {
                workspace: { configuration: true },
                textDocument: {
                    synchronization: { didSave: false },
                    publishDiagnostics: { versionSupport: true, relatedInformation: true },
                    hover: { contentFormat: ['markdown', 'plaintext'] },
                    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.rewrite', 'source'] } } },
                    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
                    semanticTokens: { requests: { full: true }, tokenTypes: ['keyword', 'variable', 'function', 'macro', 'comment', 'string', 'number', 'operator', 'type', 'parameter'], tokenModifiers: ['declaration', 'readonly'], formats: ['relative'] },
                    codeLens: {},
                },
            },
        });
        if (init.outcome !== 'result') {
            this.found.problems.push(`initialize: ${init.outcome} ${init.error?.message ?? ''} ${this.stderr.slice(0, 2000)}`);
            this.broken = true;
            return false;
        }
        this.notify('initialized', {});
        return true;
    }
    open(doc, text, version) {
        this.docs.set(doc.uri, doc);
        this.closed.delete(doc.uri);
        doc.sent(version, new Lines(text));
        this.notify('textDocument/didOpen', { textDocument: { uri: doc.uri, languageId: languageId(doc.uri), version, text } });
    }
    change(doc, version, contentChanges, lines) {
        doc.sent(version, lines);
        this.notify('textDocument/didChange', { textDocument: { uri: doc.uri, version }, contentChanges });
    }
    close(doc) {
        this.docs.delete(doc.uri);
        this.closed.add(doc.uri);
        this.notify('textDocument/didClose', { textDocument: { uri: doc.uri } });
    }
    /** Sends the request; resolves with how it was answered, or 'timeout'/'exited'. */
    async ask(method, params) {
        const t0 = performance.now();
        this.found.requests++;
        let timer;
        let sent;
        try {
            sent = this.connection.sendRequest(method, params);
        }
        catch (e) {
            sent = Promise.reject(new node_1.ResponseError(-1, `not sent: ${e.message}`));
        }
        const answer = sent.then(result => ({ outcome: 'result', result }), (error) => (error.code === -1 ? { outcome: 'exited' } : { outcome: error.code === -32601 ? 'notFound' : 'error', error }));
        const timeout = new Promise(resolve => { timer = setTimeout(() => resolve({ outcome: 'timeout' }), REQUEST_TIMEOUT_MS); });
        const exit = this.exited.then(() => ({ outcome: 'exited' }));
        const r = await Promise.race([answer, timeout, exit]);
        clearTimeout(timer);
        const ms = performance.now() - t0;
        const tally = (this.found.tally[method] ??= { result: 0, notFound: 0, errors: 0, maxMs: 0 });
        if (r.outcome === 'result')
            tally.result++;
        else if (r.outcome === 'notFound')
            tally.notFound++;
        else if (r.outcome === 'error')
            tally.errors++;
        if (r.outcome !== 'timeout' && r.outcome !== 'exited')
            tally.maxMs = Math.max(tally.maxMs, ms);
        return { ...r, ms };
    }
    /** Anything new on stderr that looks like a crash, and whether the process is still running. */
    checkHealth(where, seen) {
        const fresh = this.stderr.slice(seen.stderr);
        seen.stderr = this.stderr.length;
        if (CRASH.test(fresh))
            this.found.problems.push(`${where}: stderr: ${fresh.slice(0, 2000)}`);
        if (this.exit)
            this.found.problems.push(`${where}: the server exited (${this.exit})`);
    }
    /** shutdown + exit: the process must end with code 0 (a broken server is just killed). */
    async stop() {
        if (!this.exit && !this.broken) {
            const down = await this.ask('shutdown', null);
            if (down.outcome !== 'result')
                this.found.problems.push(`shutdown: ${down.outcome} ${down.error?.message ?? ''}`);
            this.notify('exit', undefined);
            let timer;
            const code = await Promise.race([this.exited, new Promise(resolve => { timer = setTimeout(() => resolve('still running 5 s after exit'), 5000); })]);
            clearTimeout(timer);
            if (code !== 'exit code 0, signal null')
                this.found.problems.push(`after shutdown and exit: ${code}`);
        }
        this.connection.dispose();
        this.proc.kill('SIGKILL');
    }
}
const languageId = (uri) => (uri.endsWith('.mfc') ? 'metafork' : uri.endsWith('.cpp') ? 'cpp' : 'c');
/** The seven requests at `position`: each must be answered; results are checked where the protocol
 * says something checkable (the version answered for, ranges inside the text). */
async function requestsAt(server, doc, position, version, lines, where) {
    const textDocument = { uri: doc.uri };
    const calls = [
        ['textDocument/hover', { textDocument, position }],
        ['textDocument/codeAction', { textDocument, range: { start: position, end: position }, context: { diagnostics: doc.last?.diagnostics ?? [] } }],
        ['textDocument/documentSymbol', { textDocument }],
        ['textDocument/semanticTokens/full', { textDocument }],
        ['textDocument/codeLens', { textDocument }],
        ['metafork/translate', { textDocument, to: 'openmp' }],
        ['metafork/cuda', { textDocument }],
    ];
    const answers = await Promise.all(calls.map(([method, params]) => server.ask(method, params)));
    answers.forEach((a, i) => {
        const method = calls[i][0];
        const at = `${where} v${version} ${method} at ${position.line}:${position.character}`;
        if (a.outcome === 'timeout') {
            server.found.problems.push(`${at}: no answer within ${REQUEST_TIMEOUT_MS} ms`);
            server.broken = true;
        }
        else if (a.outcome === 'exited')
            server.found.problems.push(`${at}: the server exited (${server.exit})`);
        else if (a.outcome === 'error')
            server.found.notes.push(`${at}: error ${a.error.code} ${a.error.message.slice(0, 300)}`);
        else if (a.outcome === 'result' && a.result) {
            const r = a.result;
            if ((method === 'metafork/translate' || method === 'metafork/cuda') && typeof r.version === 'number' && r.version !== version) {
                server.found.notes.push(`${at}: answered for version ${r.version}`);
            }
            if (method === 'textDocument/semanticTokens/full' && Array.isArray(r.data) && r.data.length % 5 !== 0)
                server.found.notes.push(`${at}: ${r.data.length} numbers of tokens`);
            if (method === 'textDocument/hover' && r.range && !validRange(r.range, lines))
                server.found.notes.push(`${at}: hover range ${JSON.stringify(r.range)} outside the text`);
            if (method === 'textDocument/documentSymbol' || method === 'textDocument/codeLens') {
                const ranges = [];
                const walk = (items) => (Array.isArray(items) ? items : []).forEach((s) => {
                    const range = s.range ?? s.location?.range;
                    if (range)
                        ranges.push(range);
                    walk(s.children);
                });
                walk(a.result);
                const bad = ranges.find(range => !validRange(range, lines));
                if (bad)
                    server.found.notes.push(`${at}: range ${JSON.stringify(bad)} outside the text`);
            }
        }
    });
}
/** The publication of `version` (the newest sent) has arrived, with the diagnostics a fresh open of
 * the same text gets: syntax errors (MF1xx) may differ (tree-sitter's error recovery after
 * incremental edits is not that of a fresh parse: a note); any other difference is a problem. */
async function consistent(server, doc, text, version, where) {
    if (server.broken || server.exit)
        return; // reported already; the server is replaced
    if (!(await doc.published(version, PUBLISH_TIMEOUT_MS, server.exited))) {
        server.broken = !server.exit;
        server.found.problems.push(`${where}: version ${version} not published within ${PUBLISH_TIMEOUT_MS} ms (last: ${doc.last?.version})`);
        return;
    }
    const fresh = new Doc(doc.uri.replace(/^file:\/\//, `file:///metafork-fuzz-fresh/${++freshDocuments}`), `${where} (fresh)`, server.found);
    server.open(fresh, text, 1);
    if (!(await fresh.published(1, PUBLISH_TIMEOUT_MS, server.exited)))
        server.found.problems.push(`${where}: fresh open not published`);
    else {
        const strip = (p, syntax) => (p?.diagnostics ?? []).filter(d => /^MF1/.test(String(d.code)) === syntax)
            .map(d => ({ code: d.code, severity: d.severity, range: d.range, message: d.message }));
        try {
            strict_1.default.deepEqual(strip(doc.last, false), strip(fresh.last, false));
        }
        catch (e) {
            server.found.problems.push(`${where} v${version}: diagnostics after the edits differ from a fresh open of the same text: ${e.message.slice(0, 3000)}`);
        }
        try {
            strict_1.default.deepEqual(strip(doc.last, true), strip(fresh.last, true));
        }
        catch {
            server.found.notes.push(`${where} v${version}: syntax errors (MF1xx) after the edits differ from a fresh open's`);
        }
    }
    server.close(fresh);
}
let freshDocuments = 0;
/** At the end of a document: its last publication carries the final `version`, and is consistent;
 * then the document is closed. */
async function finish(server, doc, text, version, where) {
    await consistent(server, doc, text, version, where);
    if (server.broken || server.exit)
        return;
    // One round trip: any publication sent before the answer has arrived by then.
    await server.ask('metafork/fuzz-ping', null);
    if (doc.last?.version !== version)
        server.found.problems.push(`${where}: version ${doc.last?.version} published after the final ${version}`);
    server.close(doc);
}
/** Where typing goes one character per change: the head of the text, its hot lines (each
 * distinct line once in the corpus: `seen` holds those typed so far) and its comment delimiters. */
function charByChar(text, seen) {
    const hot = new Uint8Array(text.length + 1).fill(FULL ? 1 : 0);
    hot.fill(1, 0, Math.min(HEAD, text.length));
    for (let start = 0; start < text.length;) {
        let end = text.indexOf('\n', start);
        if (end < 0)
            end = text.length;
        const line = text.slice(start, end);
        const key = line.trim().replace(/\s+/g, ' ');
        if (HOT.test(line) && !seen.has(key)) {
            seen.add(key);
            hot.fill(1, start, end + 1);
        }
        start = end + 1;
    }
    for (const m of text.matchAll(DELIMITER))
        hot.fill(1, Math.max(0, m.index - 1), m.index + 3);
    return hot;
}
/** Types `source` into an empty document; each version is a prefix of the text. */
async function typeSource(server, source, health) {
    const { text, name } = source;
    const full = new Lines(text);
    const random = generatorFor(name);
    const hot = source.hot ?? charByChar(text, new Set());
    const doc = new Doc(source.uri, name, server.found);
    let version = 1;
    server.open(doc, '', version);
    let offset = 0;
    let nextRequests = REQUEST_EVERY;
    while (offset < text.length && !server.broken && !server.exit) {
        let end = offset + 1;
        if (!hot[offset]) {
            end = Math.min(text.length, offset + 1 + random(2 * MEAN_CHUNK - 1));
            const nextHot = hot.indexOf(1, offset);
            if (nextHot > offset && nextHot < end)
                end = nextHot;
        }
        const code = text.charCodeAt(end - 1);
        if (code >= 0xd800 && code < 0xdc00 && end < text.length)
            end++; // a character beyond the BMP goes in whole
        if (full.inLineBreak(end))
            end++; // the \r\n of a line break too
        const at = full.position(offset);
        version++;
        server.change(doc, version, [{ range: { start: at, end: at }, text: text.slice(offset, end) }], full.cut(end));
        offset = end;
        if (offset >= nextRequests || offset === text.length) {
            nextRequests = offset + REQUEST_EVERY;
            await requestsAt(server, doc, full.position(offset), version, full.cut(offset), `${name} offset ${offset}`);
            if (offset < text.length)
                await consistent(server, doc, text.slice(0, offset), version, `${name} offset ${offset}`);
        }
    }
    await finish(server, doc, text, version, name);
    server.checkHealth(name, health);
}
const PIECES = ['{', '}', '(', ')', ';', ',', 'meta_fork ', 'meta_fork shared(x) {', 'meta_for (int i = 0; i < n; i++) ', 'meta_join;', 'meta_schedule {',
    'meta_schedule cache(a) {', 'meta_pipe ', 'meta_wait;', 'meta_continue;', 'cilk_spawn ', 'cilk_sync;', 'cilk_for (int i = 0; i < n; i++) ', '#pragma omp parallel for\n',
    '#pragma omp task depend(in: x) firstprivate(', '#pragma omp sections\n{', '#pragma omp section\n', '#pragma omp critical\n', '#pragma mf fork shared(\n',
    '#pragma meta grainsize(', '#pragma cilk grainsize = ', '#include <omp.h>\n', '/*', '*/', '//', '"', "'", '\\\n', '\n', ' ', '\t', '#if 0\n', '#endif\n',
    'int a[N][', 'template <typename T> ', 'reduction(+: s) ', 'x = meta_fork f(a);', 'return;', '{{{{{{', '}}}}}}', '((((', '#define meta_fork\n'];
/** 1 to 8 code units of junk: control characters, Latin-1, any BMP character, lone surrogates (no CR). */
function junk(random) {
    let s = '';
    for (let n = 1 + random(8); n > 0; n--) {
        const kind = random(4);
        s += String.fromCharCode(kind === 0 ? random(0x20) : kind === 1 ? 0x7f + random(0x81) : kind === 2 ? random(0x10000) : 0xd800 + random(0x800));
        s = s.replace(/\r/g, '\n'); // a CR alone is a line break that HAZARDS (fib-cr.mfc) covers
    }
    return s;
}
/** One random edit of `text` (offsets, new text), its endpoints never between \r and \n. */
function randomEdit(text, lines, random, original) {
    const pick = () => { let o = random(text.length + 1); while (lines.inLineBreak(o))
        o--; return o; };
    const start = pick();
    const kind = random(10);
    const span = (max) => { let end = Math.min(text.length, start + 1 + random(max)); if (lines.inLineBreak(end))
        end++; return end; };
    if (kind <= 2)
        return { start, end: span(random(10) === 0 ? 300 : 20), insert: '' };
    if (kind <= 5)
        return { start, end: start, insert: PIECES[random(PIECES.length)] };
    if (kind === 6)
        return { start, end: span(20), insert: PIECES[random(PIECES.length)] };
    if (kind === 7)
        return { start, end: start, insert: junk(random) };
    if (kind === 8) {
        const from = random(original.length);
        return { start, end: start, insert: original.slice(from, from + random(200)) };
    }
    return { start, end: span(5), insert: junk(random) };
}
/** A few hundred random edits of `file`: some notifications carry several changes, a few replace
 * the whole text (a change without a range). */
async function mutateSource(server, source, health) {
    const original = source.text;
    const file = source.name;
    const random = generatorFor('mutate:' + file);
    const doc = new Doc(source.uri.replace(/(\.\w+)$/, '.mutated$1'), `${file} (mutated)`, server.found);
    let text = original;
    let lines = new Lines(text);
    let version = 1;
    server.open(doc, text, version);
    let cursor = 0;
    for (let n = 1; n <= EDITS_PER_FIXTURE && !server.exit && !server.broken; n++) {
        const changes = [];
        if (random(40) === 0) {
            text = random(2) ? original : original.slice(0, random(original.length));
            changes.push({ text });
            lines = new Lines(text);
            cursor = text.length;
        }
        else {
            // Several changes in one notification apply one after the other.
            for (let k = random(5) === 0 ? 2 + random(2) : 1; k > 0; k--) {
                const e = randomEdit(text, lines, random, original);
                changes.push({ range: { start: lines.position(e.start), end: lines.position(e.end) }, text: e.insert });
                text = text.slice(0, e.start) + e.insert + text.slice(e.end);
                lines = new Lines(text);
                cursor = e.start + e.insert.length;
            }
        }
        version++;
        server.change(doc, version, changes, lines);
        if (TRACE)
            fs.writeFileSync(path.join(TRACE, `${path.basename(file)}.v${version}.json`), JSON.stringify(text)); // exact, lone surrogates too
        if (n % REQUEST_EVERY_EDITS === 0 || n === EDITS_PER_FIXTURE) {
            while (lines.inLineBreak(cursor))
                cursor--;
            await requestsAt(server, doc, lines.position(cursor), version, lines, `${file} edit ${n}`);
            if (n < EDITS_PER_FIXTURE)
                await consistent(server, doc, text, version, `${file} edit ${n}`);
        }
    }
    await finish(server, doc, text, version, `${file} (mutated)`);
    server.checkHealth(`${file} (mutated)`, health);
}
/** Runs `job` over `sources` with WORKERS servers, each taking the next source when done; a
 * server that stopped answering or exited is replaced by a fresh one. */
async function withServers(sources, job, found) {
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(WORKERS, sources.length) }, async () => {
        while (next < sources.length) {
            const server = new Server(found);
            const health = { stderr: 0 };
            try {
                if (!(await server.initialize()))
                    return; // no server to be had: reported
                while (next < sources.length && !server.exit && !server.broken) {
                    const source = sources[next++];
                    const t0 = performance.now();
                    await job(server, source, health);
                    found.times.push([source.name, performance.now() - t0]);
                }
            }
            finally {
                await server.stop();
                const rest = server.stderr.slice(health.stderr);
                if (CRASH.test(rest))
                    found.problems.push(`stderr: ${rest.slice(0, 2000)}`);
            }
        }
    }));
}
function report(t, found, ms) {
    t.diagnostic(`seed ${SEED} (METAFORK_FUZZ_SEED=${SEED} to replay), ${(ms / 1000).toFixed(1)} s, ${found.notifications} notifications, ${found.publishes} publications, ${found.requests} requests`);
    for (const [method, n] of Object.entries(found.tally)) {
        t.diagnostic(`  ${method}: ${n.result} results, ${n.notFound} method-not-found, ${n.errors} other errors, slowest answer ${n.maxMs.toFixed(0)} ms`);
    }
    const slowest = [...found.times].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f, ms]) => `${f} ${(ms / 1000).toFixed(1)} s`);
    t.diagnostic(`slowest: ${slowest.join(', ')}`);
    const distinct = [...new Set(found.notes.map(n => n.replace(/^.*?: /, '')))];
    if (found.notes.length)
        t.diagnostic(`${found.notes.length} tolerated oddities (${distinct.length} distinct), the first: ${found.notes.slice(0, 10).join(' | ')}`);
}
function assertClean(found) {
    if (process.env.METAFORK_FUZZ_DUMP)
        fs.writeFileSync(process.env.METAFORK_FUZZ_DUMP, JSON.stringify({ seed: SEED, ...found }, null, 1));
    // The first three problems of each document (a desynchronised document repeats one per version).
    const shown = [];
    const perDocument = new Map();
    for (const problem of found.problems) {
        const where = problem.replace(/( v\d+| offset \d+| edit \d+)?:.*$/s, '');
        const n = (perDocument.get(where) ?? 0) + 1;
        perDocument.set(where, n);
        if (n <= 3)
            shown.push(problem);
    }
    const more = [...perDocument].filter(([, n]) => n > 3).map(([where, n]) => `${where}: ${n - 3} more`);
    strict_1.default.ok(found.problems.length === 0, `seed ${SEED}: ${found.problems.length} problems:\n${[...shown, ...more].join('\n')}`);
}
(0, node_test_1.test)(`typing every fixture (${FILES.length} files) into the server, requests at the cursor`, async (t) => {
    const t0 = performance.now();
    const found = findings();
    const seen = new Set();
    const sources = FILES.map(fromFile).map(f => ({ ...f, hot: charByChar(f.text, seen) }));
    const chars = sources.reduce((n, f) => n + f.text.length, 0);
    const single = sources.reduce((n, f) => n + f.hot.reduce((a, b) => a + b, 0), 0);
    t.diagnostic(`seed ${SEED}: ${FILES.length} files, ${chars} characters, ${single} of them typed one per change`);
    strict_1.default.ok(FILES.length > 100, `only ${FILES.length} fixtures found`);
    await withServers(sources, typeSource, found);
    report(t, found, performance.now() - t0);
    assertClean(found);
});
(0, node_test_1.test)(`typing hazards (${HAZARDS.map(h => h.name.replace('synthetic ', '')).join(', ')}), one character per change`, async (t) => {
    const t0 = performance.now();
    const found = findings();
    await withServers(HAZARDS, (server, source, health) => typeSource(server, source, health), found);
    report(t, found, performance.now() - t0);
    assertClean(found);
});
(0, node_test_1.test)(`random edits of ${MUTATED.length} fixtures (${EDITS_PER_FIXTURE} each)`, async (t) => {
    const t0 = performance.now();
    const found = findings();
    await withServers(MUTATED.map(fromFile), mutateSource, found);
    report(t, found, performance.now() - t0);
    assertClean(found);
});
//# sourceMappingURL=typing.test.js.map