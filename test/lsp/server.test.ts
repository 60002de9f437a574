// The language server over a real JSON-RPC connection (stdio): diagnostics after open and
// after incremental edits. (features.test.ts covers every LSP feature.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { ROOT } from '../helpers';
import { TestClient } from './client';
import { translateText, type Dialect } from '../../server/src/translate/index';
import { pathOf } from '../../server/src/lsp/documents';
import { generateProgram, wholeFunctions } from '../bench/generate';

interface Published { uri: string; version?: number; diagnostics: { code: string; message: string; range: { start: { line: number; character: number } } }[] }

/** The server over stdio, with the publications it makes and a wait for the count-th one. */
function startServer() {
  const proc = spawn(process.execPath, [path.join(ROOT, 'bin', 'metafork'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const published: Published[] = [];
  const waiters: (() => void)[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: Published) => { published.push(p); waiters.splice(0).forEach(w => w()); });
  connection.listen();
  const next = (count: number) => new Promise<void>(resolve => {
    const check = () => (published.length >= count ? resolve() : waiters.push(check));
    check();
  });
  return { proc, connection, published, next };
}

test('diagnostics are published on open and after each incremental change', async () => {
  const { proc, connection, published, next } = startServer();
  try {
    const init = await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} }) as { capabilities: { textDocumentSync: { change: number } } };
    assert.equal(init.capabilities.textDocumentSync.change, 2); // incremental
    await connection.sendNotification('initialized', {});
    const uri = 'file:///tmp/fib.mfc';
    const text = 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n  y = fib(n - 2);\n  meta_join;\n  return x + y;\n}\n';
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'metafork', version: 1, text } });
    await next(1);
    assert.deepEqual(published[0], { uri, version: 1, diagnostics: [] });

    // Delete `meta_join;` (line 5): the spawn now reaches the return unjoined.
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 5, character: 2 }, end: { line: 5, character: 12 } }, text: '' }],
    });
    await next(2);
    assert.equal(published[1].version, 2);
    assert.deepEqual(published[1].diagnostics.map(d => [d.code, d.range.start.line]), [['MF314', 6]]);

    // Type it back: the warning goes away and an empty list is published.
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 3 },
      contentChanges: [{ range: { start: { line: 5, character: 2 }, end: { line: 5, character: 2 } }, text: 'meta_join;' }],
    });
    await next(3);
    assert.deepEqual(published[2], { uri, version: 3, diagnostics: [] });

    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
  } finally {
    connection.dispose();
    proc.kill();
  }
});

test('a large file (over 2,000 lines) opened: its first 400 lines\' diagnostics at once, then the whole file\'s', async () => {
  const { proc, connection, published, next } = startServer();
  try {
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    await connection.sendNotification('initialized', {});
    // 800 small functions (2,400 lines); the 3rd and the 750th read a name declared nowhere (each
    // its own: the rest of the file names the first nowhere, so no declaration there can change it).
    const fn = (i: number) => `int f${i}(int x) {\n  return x + ${i === 2 ? 'missing_top' : i === 749 ? 'missing_bottom' : i};\n}`;
    const text = Array.from({ length: 800 }, (_, i) => fn(i)).join('\n') + '\n';
    const uri = 'file:///tmp/big-open.c';
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'c', version: 1, text } });
    await next(2);
    const lines = (p: Published) => p.diagnostics.map(d => `${d.range.start.line + 1} ${d.code}`);
    assert.deepEqual(published.map(p => p.version), [1, 1]);
    assert.deepEqual(lines(published[0]), ['8 MF120']);
    assert.deepEqual(lines(published[1]), ['8 MF120', '2249 MF120']);
  } finally {
    connection.dispose();
    proc.kill();
  }
});

/** What an editor asks of a document: its symbols, tokens, lenses and the hover of its schedule. */
async function features(client: TestClient, uri: string) {
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

test('a document not among the last four used lets its models and results go, and answers the same when used again (also after an edit)', async () => {
  const { client } = await TestClient.start();
  try {
    const jacobi = fs.readFileSync(path.join(ROOT, 'examples', 'jacobi1d.mfc'), 'utf8');
    const uris = Array.from({ length: 6 }, (_, i) => `file:///tmp/keep${i}.mfc`);
    await client.open(uris[0], jacobi);
    const first = await features(client, uris[0]);
    assert.ok((first.symbols as unknown[]).length > 0 && first.hover !== null);
    // Five other documents used after it: the first is no longer among the four kept.
    for (const uri of uris.slice(1)) { await client.open(uri, jacobi); await features(client, uri); }
    assert.deepEqual(await features(client, uris[0]), first);

    // Edited once released: the edit is read from the text kept (the tree is parsed again); the
    // answers are those of the same edit in a new server.
    for (const uri of uris.slice(1)) await features(client, uri);
    const at = client.text(uris[0]).indexOf('int main');
    const version = await client.edit(uris[0], at, at, 'int unused_before_main;\n');
    await client.diagnostics(uris[0], version);
    const edited = await features(client, uris[0]);
    const { client: fresh } = await TestClient.start();
    try {
      await fresh.open(uris[0], jacobi);
      await fresh.diagnostics(uris[0], await fresh.edit(uris[0], at, at, 'int unused_before_main;\n'));
      assert.deepEqual(await features(fresh, uris[0]), edited);
    } finally {
      await fresh.stop();
    }
  } finally {
    await client.stop();
  }
});

test('a large document is prepared for translation when its changes settle (the first, translated too; later, translated ahead into the dialects asked for): translations at once after opening, after a pause, at once after an edit, after another document\'s and made ahead are the CLI\'s', async () => {
  const { client } = await TestClient.start();
  const settle = () => new Promise(r => setTimeout(r, 1500));
  try {
    const uri = 'file:///tmp/prepared.mfc';
    const other = 'file:///tmp/other.mfc';
    const expectSame = async (target: string, to: Dialect, label: string) => {
      const text = client.text(target);
      const fresh = await translateText(text, to, { fileName: pathOf(target), checked: true });
      const r = await client.request('metafork/translate', { textDocument: { uri: target }, to });
      assert.equal(r.text, fresh.text, label);
      assert.deepEqual(r.diagnostics.map((d: { message: string }) => d.message), fresh.diagnostics.map(d => d.message), label);
    };
    await client.open(uri, wholeFunctions(generateProgram(2500)));
    // Asked before it settles, then after (prepared, and translated ahead into every dialect).
    await expectSame(uri, 'metafork', 'opened, at once');
    await settle();
    await expectSame(uri, 'openmp', 'opened, settled');
    const spawn = client.text(uri).indexOf('x = meta_fork fib6(n - 1);');
    await client.diagnostics(uri, await client.edit(uri, spawn, spawn + 'x = meta_fork fib6(n - 1);'.length, 'x = fib6(n - 1);'));
    await expectSame(uri, 'cilkplus', 'edited, at once');
    await client.open(other, fs.readFileSync(path.join(ROOT, 'examples', 'fib.mfc'), 'utf8'));
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
    await client.open(uri, wholeFunctions(generateProgram(2500)));
    await expectSame(uri, 'cilkplus', 'opened again, at once');
    const version = await client.edit(uri, end, end, 'int tail_count;\n');
    await client.diagnostics(uri, version);
    const job = (to: Dialect) => new RegExp(`^job ${uri}@${version}\\.\\d+:translate:${to}:: `);
    for (const deadline = Date.now() + 30000; !client.traces.some(t => job('cilkplus').test(t) && t.endsWith(', ahead of any request'));) {
      assert.ok(Date.now() < deadline, `no translation ahead within 30 s:\n${client.traces.join('\n')}`);
      await new Promise(r => setTimeout(r, 10));
    }
    await expectSame(uri, 'cilkplus', 'edited, settled, translated ahead');
    assert.ok(client.traces.some(t => job('cilkplus').test(t) && t.endsWith(': its result made before')), client.traces.join('\n'));
    // The others (before CilkPlus among the dialects) were not asked for since the document was opened.
    assert.deepEqual(client.traces.filter(t => job('metafork').test(t) || job('openmp').test(t)), []);
  } finally {
    await client.stop();
  }
});
