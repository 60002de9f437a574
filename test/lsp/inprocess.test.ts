// The server in this process (harness.ts): a burst of changes is analysed once, worker jobs are
// cancelled and stopped past their time limit, and the server goes on after both.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { generateProgram } from '../bench/generate';
import { Cancelled, Jobs, Overdue } from '../../server/src/lsp/jobs';
import { InProcessClient } from './harness';
import { translation } from '../../server/src/lsp/requests/translate';
import type { ServerContext } from '../../server/src/lsp/context';
import type { DocumentState } from '../../server/src/lsp/documents';

const FIB = 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n'
  + '  y = fib(n - 2);\n  meta_join;\n  return x + y;\n}\n';
const BIG = generateProgram(3000);
/** A worker job translating the 3,000-line program. */
const big = (to: 'openmp' | 'cilkplus' | 'metafork') => ({ kind: 'translate' as const, text: BIG, to, options: {} });
const clients: InProcessClient[] = [];
const start = async (options: Parameters<typeof InProcessClient.start>[0] = {}) => {
  const { client } = await InProcessClient.start(options);
  clients.push(client);
  return client;
};
after(async () => { for (const c of clients) await c.stop(); });

describe('document coalescing', () => {
  test('several changes arriving together: one analysis, one publication, for the last version', async () => {
    const client = await start();
    const uri = 'file:///tmp/inprocess/burst.mfc';
    await client.open(uri, FIB);
    const join = FIB.indexOf('meta_join;');
    // Delete 'meta_join;' one character at a time, every change sent before any is analysed.
    const last = client.burst(uri, Array.from({ length: 10 }, () => ({ start: join, end: join + 1, newText: '' })));
    const published = await client.diagnostics(uri, last);
    assert.equal(published.version, last);
    // The hover waits for the current version: nothing else is published meanwhile.
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.deepEqual(client.published.filter(p => p.uri === uri).map(p => p.version), [1, last]);
    assert.deepEqual(published.diagnostics.map(d => d.code), ['MF314']);
  });
});

describe('worker jobs', () => {
  test('a cancelled translation answers RequestCancelled; the same translation then completes', async () => {
    const client = await start();
    const uri = 'file:///tmp/inprocess/cancel.mfc';
    await client.open(uri, BIG);
    const source = new CancellationTokenSource();
    const params = { textDocument: { uri }, to: 'cilkplus' };
    const pending = client.connection.sendRequest('metafork/translate', params, source.token);
    setTimeout(() => source.cancel(), 20);
    await assert.rejects(pending, (e: any) => e.code === -32800);
    const r = await client.request('metafork/translate', { textDocument: { uri }, to: 'cilkplus' });
    assert.match(r.text, /cilk_spawn/);
  });

  test('a job past its time limit is stopped and answers RequestFailed; the server goes on', async () => {
    const client = await start({ server: { jobSeconds: 0.05 } });
    const uri = 'file:///tmp/inprocess/overdue.mfc';
    await client.open(uri, BIG);
    await assert.rejects(client.request('metafork/translate', { textDocument: { uri }, to: 'openmp' }),
      (e: any) => e.code === -32803 && /took longer than 0.05 s/.test(e.message));
    const position = { line: 0, character: 0 };
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri }, position }), null);
  });

  test('requests for the same result share one job; a waiter that cancels leaves the other its answer', async () => {
    const jobs = new Jobs();
    try {
      const work = { kind: 'translate' as const, text: FIB, to: 'openmp' as const, options: {} };
      const source = new CancellationTokenSource();
      const first = jobs.run('fib:openmp', work, source.token);
      const second = jobs.run('fib:openmp', work);
      source.cancel();
      await assert.rejects(first, (e: unknown) => e instanceof Cancelled);
      assert.match((await second).text!, /#pragma omp task/);
    } finally {
      jobs.dispose();
    }
  });

  test("a translation's output is checked ahead of any request, and on request for files up to 2,000 lines only", () => {
    const asked: { what: string; verify?: boolean; ahead?: boolean }[] = [];
    const ctx = {
      job: (_state: unknown, what: string, work: { options: { verify?: boolean } }, _token: unknown, ahead?: boolean) => {
        asked.push({ what, verify: work.options.verify, ahead });
        return Promise.resolve({});
      },
    } as unknown as ServerContext;
    const state = (text: string) => ({ uri: 'file:///t.mfc', text, checked: { diagnostics: [], syntax: { context: {} } } }) as unknown as DocumentState;
    const small = state(FIB), large = state(BIG);
    void translation(ctx, small, 'openmp', undefined);
    void translation(ctx, large, 'openmp', undefined);
    void translation(ctx, large, 'openmp', undefined, undefined, true);
    void translation(ctx, small, 'cilkplus', undefined, undefined, true);
    assert.deepEqual(asked, [
      { what: 'translate:openmp:', verify: true, ahead: false },
      { what: 'translate:openmp:', verify: false, ahead: false },
      { what: 'translate:openmp:', verify: true, ahead: true },
      { what: 'translate:cilkplus:', verify: true, ahead: true },
    ]);
  });

  test('Jobs: work done ahead waits behind requests, and a request for its result makes it one', async () => {
    const jobs = new Jobs();
    try {
      const small = { kind: 'translate' as const, text: FIB, to: 'openmp' as const, options: {} };
      const done: string[] = [];
      const track = <T>(name: string, p: Promise<T>) => p.then(r => { done.push(name); return r; });
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
      assert.deepEqual(done, ['ahead 1', 'request', 'ahead 3', 'ahead 3, asked for', 'ahead 2']);
    } finally {
      jobs.dispose();
    }
  });

  test('Jobs: a document changed, its queued work done ahead is dropped; the job running and requests go on', async () => {
    const jobs = new Jobs();
    try {
      const running = jobs.run('doc@1:openmp', big('openmp'), undefined, true);
      const queued = jobs.run('doc@1:cilkplus', big('cilkplus'), undefined, true);
      const other = jobs.run('other@1:cilkplus', big('cilkplus'), undefined, true);
      const request = jobs.run('doc@1:metafork', big('metafork'));
      jobs.dropAhead('doc@');
      await assert.rejects(queued, (e: unknown) => e instanceof Cancelled);
      for (const [label, job] of [['running', running], ['another document\'s', other], ['request', request]] as const)
        assert.ok((await job).text, label);
    } finally {
      jobs.dispose();
    }
  });

  test('Jobs: a job past the limit rejects with Overdue', async () => {
    const jobs = new Jobs(0.05);
    try {
      const work = { kind: 'translate' as const, text: BIG, to: 'openmp' as const, options: {} };
      await assert.rejects(jobs.run('big', work), (e: unknown) => e instanceof Overdue);
    } finally {
      jobs.dispose();
    }
  });
});
