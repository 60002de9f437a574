"use strict";
// The server in this process (harness.ts): a burst of changes is analysed once, worker jobs are
// cancelled and stopped past their time limit, and the server goes on after both.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const node_1 = require("vscode-jsonrpc/node");
const generate_1 = require("../bench/generate");
const jobs_1 = require("../../server/src/lsp/jobs");
const harness_1 = require("./harness");
const translate_1 = require("../../server/src/lsp/requests/translate");
const FIB = 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n'
    + '  y = fib(n - 2);\n  meta_join;\n  return x + y;\n}\n';
const BIG = (0, generate_1.generateProgram)(3000);
/** A worker job translating the 3,000-line program. */
const big = (to) => ({ kind: 'translate', text: BIG, to, options: {} });
const clients = [];
const start = async (options = {}) => {
    const { client } = await harness_1.InProcessClient.start(options);
    clients.push(client);
    return client;
};
(0, node_test_1.after)(async () => { for (const c of clients)
    await c.stop(); });
(0, node_test_1.describe)('document coalescing', () => {
    (0, node_test_1.test)('several changes arriving together: one analysis, one publication, for the last version', async () => {
        const client = await start();
        const uri = 'file:///tmp/inprocess/burst.mfc';
        await client.open(uri, FIB);
        const join = FIB.indexOf('meta_join;');
        // Delete 'meta_join;' one character at a time, every change sent before any is analysed.
        const last = client.burst(uri, Array.from({ length: 10 }, () => ({ start: join, end: join + 1, newText: '' })));
        const published = await client.diagnostics(uri, last);
        strict_1.default.equal(published.version, last);
        // The hover waits for the current version: nothing else is published meanwhile.
        await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
        strict_1.default.deepEqual(client.published.filter(p => p.uri === uri).map(p => p.version), [1, last]);
        strict_1.default.deepEqual(published.diagnostics.map(d => d.code), ['MF314']);
    });
});
(0, node_test_1.describe)('worker jobs', () => {
    (0, node_test_1.test)('a cancelled translation answers RequestCancelled; the same translation then completes', async () => {
        const client = await start();
        const uri = 'file:///tmp/inprocess/cancel.mfc';
        await client.open(uri, BIG);
        const source = new node_1.CancellationTokenSource();
        const params = { textDocument: { uri }, to: 'cilkplus' };
        const pending = client.connection.sendRequest('metafork/translate', params, source.token);
        setTimeout(() => source.cancel(), 20);
        await strict_1.default.rejects(pending, (e) => e.code === -32800);
        const r = await client.request('metafork/translate', { textDocument: { uri }, to: 'cilkplus' });
        strict_1.default.match(r.text, /cilk_spawn/);
    });
    (0, node_test_1.test)('a job past its time limit is stopped and answers RequestFailed; the server goes on', async () => {
        const client = await start({ server: { jobSeconds: 0.05 } });
        const uri = 'file:///tmp/inprocess/overdue.mfc';
        await client.open(uri, BIG);
        await strict_1.default.rejects(client.request('metafork/translate', { textDocument: { uri }, to: 'openmp' }), (e) => e.code === -32803 && /took longer than 0.05 s/.test(e.message));
        const position = { line: 0, character: 0 };
        strict_1.default.equal(await client.request('textDocument/hover', { textDocument: { uri }, position }), null);
    });
    (0, node_test_1.test)('requests for the same result share one job; a waiter that cancels leaves the other its answer', async () => {
        const jobs = new jobs_1.Jobs();
        try {
            const work = { kind: 'translate', text: FIB, to: 'openmp', options: {} };
            const source = new node_1.CancellationTokenSource();
            const first = jobs.run('fib:openmp', work, source.token);
            const second = jobs.run('fib:openmp', work);
            source.cancel();
            await strict_1.default.rejects(first, (e) => e instanceof jobs_1.Cancelled);
            strict_1.default.match((await second).text, /#pragma omp task/);
        }
        finally {
            jobs.dispose();
        }
    });
    (0, node_test_1.test)("a translation's output is checked ahead of any request, and on request for files up to 2,000 lines only", () => {
        const asked = [];
        const ctx = {
            job: (_state, what, work, _token, ahead) => {
                asked.push({ what, verify: work.options.verify, ahead });
                return Promise.resolve({});
            },
        };
        const state = (text) => ({ uri: 'file:///t.mfc', text, checked: { diagnostics: [], syntax: { context: {} } } });
        const small = state(FIB), large = state(BIG);
        void (0, translate_1.translation)(ctx, small, 'openmp', undefined);
        void (0, translate_1.translation)(ctx, large, 'openmp', undefined);
        void (0, translate_1.translation)(ctx, large, 'openmp', undefined, undefined, true);
        void (0, translate_1.translation)(ctx, small, 'cilkplus', undefined, undefined, true);
        strict_1.default.deepEqual(asked, [
            { what: 'translate:openmp:', verify: true, ahead: false },
            { what: 'translate:openmp:', verify: false, ahead: false },
            { what: 'translate:openmp:', verify: true, ahead: true },
            { what: 'translate:cilkplus:', verify: true, ahead: true },
        ]);
    });
    (0, node_test_1.test)('Jobs: work done ahead waits behind requests, and a request for its result makes it one', async () => {
        const jobs = new jobs_1.Jobs();
        try {
            const small = { kind: 'translate', text: FIB, to: 'openmp', options: {} };
            const done = [];
            const track = (name, p) => p.then(r => { done.push(name); return r; });
            // The first job runs at once (a job running is never put off); the rest queue.
            const all = [
                track('ahead 1', jobs.run('a1', big('openmp'), undefined, true)),
                track('ahead 2', jobs.run('a2', big('cilkplus'), undefined, true)),
                track('ahead 3', jobs.run('a3', big('metafork'), undefined, true)),
                track('request', jobs.run('r', small)),
                // Asked for by a request: ahead 3's job is the request's now.
                track('ahead 3, asked for', jobs.run('a3', big('metafork'))),
            ];
            await Promise.all(all);
            strict_1.default.deepEqual(done, ['ahead 1', 'request', 'ahead 3', 'ahead 3, asked for', 'ahead 2']);
        }
        finally {
            jobs.dispose();
        }
    });
    (0, node_test_1.test)('Jobs: a document changed, its queued work done ahead is dropped; the job running and requests go on', async () => {
        const jobs = new jobs_1.Jobs();
        try {
            const running = jobs.run('doc@1:openmp', big('openmp'), undefined, true);
            const queued = jobs.run('doc@1:cilkplus', big('cilkplus'), undefined, true);
            const other = jobs.run('other@1:cilkplus', big('cilkplus'), undefined, true);
            const request = jobs.run('doc@1:metafork', big('metafork'));
            jobs.dropAhead('doc@');
            await strict_1.default.rejects(queued, (e) => e instanceof jobs_1.Cancelled);
            for (const [label, job] of [['running', running], ['another document\'s', other], ['request', request]])
                strict_1.default.ok((await job).text, label);
        }
        finally {
            jobs.dispose();
        }
    });
    (0, node_test_1.test)('Jobs: a job past the limit rejects with Overdue', async () => {
        const jobs = new jobs_1.Jobs(0.05);
        try {
            const work = { kind: 'translate', text: BIG, to: 'openmp', options: {} };
            await strict_1.default.rejects(jobs.run('big', work), (e) => e instanceof jobs_1.Overdue);
        }
        finally {
            jobs.dispose();
        }
    });
});
//# sourceMappingURL=inprocess.test.js.map