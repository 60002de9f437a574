// The server reads documents with their compile flags and headers (server in this process,
// harness.ts): the flags found for each document (its log says which), the settings' include
// paths and defines, file watching registered, a changed compile database or header re-checks the
// documents that read it, a header open in an editor is read from its buffer, and inactive regions
// are sent after each check.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { INACTIVE_REGIONS_NOTIFICATION, InactiveRegionsParams } from '../../shared/protocol';
import { DEFAULT_CAPABILITIES } from './client';
import { InProcessClient } from './harness';

const TMP = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-lsp-headers-')));
const clients: InProcessClient[] = [];
after(async () => {
  for (const c of clients) await c.stop();
  fs.rmSync(TMP, { recursive: true, force: true });
});

const WATCHING = {
  ...DEFAULT_CAPABILITIES,
  workspace: { ...DEFAULT_CAPABILITIES.workspace, didChangeWatchedFiles: { dynamicRegistration: true } },
};
const NO_CONFIGURATION = { ...DEFAULT_CAPABILITIES, workspace: { workspaceEdit: { documentChanges: true } } };

/** A server and a client that records the server's log and inactive regions. */
async function start(options: Parameters<typeof InProcessClient.start>[0] = {}) {
  const { client } = await InProcessClient.start(options);
  clients.push(client);
  const logs: string[] = [];
  const inactive: InactiveRegionsParams[] = [];
  client.connection.onNotification('window/logMessage', (p: { message: string }) => { logs.push(p.message); });
  client.connection.onNotification(INACTIVE_REGIONS_NOTIFICATION, (p: InactiveRegionsParams) => {
    inactive.push(p);
  });
  return { client, logs, inactive };
}

/** Resolves once `condition` holds (checked every 10 ms; fails after 20 s). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 20000) throw new Error(`not within 20 s: ${what}`);
    await new Promise(resolve => setTimeout(resolve, 10));
  }
}

function write(name: string, text: string): string {
  const file = path.join(TMP, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const uriOf = (file: string) => pathToFileURL(file).href;

/** The client's file watcher saying `file` changed. */
function changed(client: InProcessClient, file: string): Promise<void> {
  const changes = [{ uri: uriOf(file), type: 2 /* Changed */ }];
  return client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes });
}
const MAIN = '#include "sizes.h"\nint a[N];\n';

describe('compile flags', () => {
  test('a document is read with the flags of the compile_flags.txt above it; its change re-checks', async () => {
    const flags = write('flags/compile_flags.txt', '-Iinc\n-DN=4\n');
    const file = write('flags/src/main.c', MAIN);
    const { client, logs } = await start();
    const uri = uriOf(file);
    await client.open(uri, MAIN, 'c');
    const inc = path.join(TMP, 'flags', 'inc');
    await until(() => logs.some(l => l.includes(file)), 'the flags logged');
    assert.deepEqual(logs.filter(l => l.includes(file)), [`metafork: ${file}: -I${inc} -DN=4 (from ${flags})`]);

    fs.writeFileSync(flags, '-Iinc\n-DN=8\n');
    await changed(client, flags);
    await until(() => client.published.filter(p => p.uri === uri).length === 2, 'diagnostics published again');
    assert.deepEqual(client.published.filter(p => p.uri === uri).map(p => p.version), [1, 1]);
    assert.deepEqual(logs.filter(l => l.includes(file)),
      [`metafork: ${file}: -I${inc} -DN=4 (from ${flags})`, `metafork: ${file}: -I${inc} -DN=8 (from ${flags})`]);
  });

  test("the settings' include paths (relative to the document's folder without a workspace folder) and defines; "
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
    assert.deepEqual(logged(), [`metafork: ${file}: -I${inc} -I/opt/inc -DN=4 -DDEBUG ${none}`]);

    await client.connection.sendNotification('workspace/didChangeConfiguration',
      { settings: { metafork: { includePaths: ['inc'], defines: ['N=8', 'S=a b'] } } });
    await until(() => client.published.filter(p => p.uri === uri).length === 2, 'diagnostics published again');
    assert.deepEqual(client.published.filter(p => p.uri === uri).map(p => p.version), [1, 1]);
    assert.deepEqual(logged().slice(1), [`metafork: ${file}: -I${inc} -DN=8 '-DS=a b' ${none}`]);

    // An untitled buffer: no database looked for; the settings relative to the server's folder (no workspace).
    await client.open('untitled:Untitled-1', 'int x;\n', 'c');
    assert.deepEqual(logs.filter(l => l.includes('Untitled-1')),
      [`metafork: Untitled-1: -I${path.resolve('inc')} -DN=8 '-DS=a b' ${none}`]);
  });

  test('file watching is registered when the client can; not asked otherwise', async () => {
    const watching = await start({ capabilities: WATCHING });
    await until(() => watching.client.registrations.length > 0, 'a registration');
    type Registration = { id: string; method: string; registerOptions: unknown };
    const [{ registrations }] = watching.client.registrations as { registrations: Registration[] }[];
    assert.deepEqual(registrations.map(r => ({ method: r.method, registerOptions: r.registerOptions })), [{
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
    assert.deepEqual(plain.client.registrations, []);
  });
});

describe('inactive regions', () => {
  test('sent after each check, for the version checked', async () => {
    const { client, inactive } = await start();
    const uri = uriOf(path.join(TMP, 'inactive', 'plain.c'));
    await client.open(uri, 'int x;\n', 'c');
    await until(() => inactive.length === 1, 'inactive regions');
    const version = await client.edit(uri, 0, 0, '\n');
    await until(() => inactive.length === 2, 'inactive regions again');
    assert.deepEqual(inactive, [{ uri, version: 1, ranges: [] }, { uri, version, ranges: [] }]);
  });

  test('the lines an #if leaves out (needs the preprocessor)', async t => {
    const { client, inactive } = await start();
    const uri = uriOf(path.join(TMP, 'inactive', 'if0.c'));
    await client.open(uri, 'int a;\n#if 0\nint b;\nint c;\n#endif\nint d;\n', 'c');
    await until(() => inactive.length === 1, 'inactive regions');
    const [{ ranges }] = inactive;
    assert.equal(ranges.length, 1);
    // Lines 2 and 3 (0-based), whole: to the end of `int c;` or to the start of `#endif`.
    assert.deepEqual(ranges[0].start, { line: 2, character: 0 });
    const ends = [{ line: 3, character: 6 }, { line: 4, character: 0 }].map(p => JSON.stringify(p));
    assert.ok(ends.includes(JSON.stringify(ranges[0].end)), JSON.stringify(ranges[0]));
  });
});

describe('headers', () => {
  test('a header changed on disk, then open and edited in the editor, re-checks the file that includes it '
    + '(needs the preprocessor)', async t => {
    const header = write('headers/inc/sizes.h', '#define N 4\n');
    write('headers/compile_flags.txt', '-Iinc\n');
    const file = write('headers/main.c', MAIN);
    const { client } = await start({ capabilities: WATCHING });
    const uri = uriOf(file);
    const codes = () => client.published.filter(p => p.uri === uri).map(p => p.diagnostics.map(d => d.code));
    assert.deepEqual((await client.open(uri, MAIN, 'c')).diagnostics, []);

    fs.writeFileSync(header, '#error the header changed\n');
    await changed(client, header);
    await until(() => codes().length === 2, 'diagnostics published again');
    // As gcc: the #error, and the N the header no longer defines.
    assert.deepEqual(codes()[1], ['MF111', 'MF120']);

    // Open in the editor with other text: its buffer is what the file reads.
    const headerUri = uriOf(header);
    await client.open(headerUri, '#define N 4\n', 'c');
    await until(() => codes().length === 3, 'diagnostics after the header opened');
    assert.deepEqual(codes()[2], []);
    await client.edit(headerUri, 0, '#define N 4\n'.length, '#error edited\n');
    await until(() => codes().length === 4, 'diagnostics after the header edited');
    assert.deepEqual(codes()[3], ['MF111', 'MF120']);
  });

  test('a header the document does not read changes nothing', async () => {
    const file = write('unrelated/main.c', 'int x;\n');
    const header = write('unrelated/other.h', 'int y;\n');
    const { client } = await start({ capabilities: WATCHING });
    const uri = uriOf(file);
    await client.open(uri, 'int x;\n', 'c');
    await changed(client, header);
    // A hover waits for an analysis the change would have asked for: none was, nothing was published.
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 4 } });
    assert.deepEqual(client.published.filter(p => p.uri === uri).map(p => p.version), [1]);
  });
});
