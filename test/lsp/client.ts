// A test client for the language server: spawns `metafork lsp --stdio` and talks JSON-RPC to it
// the way an editor does, recording published diagnostics.

import { spawn, ChildProcess } from 'child_process';
import * as path from 'path';
import * as fs from 'fs';
import * as os from 'os';
import { createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { ROOT } from '../helpers';
import { LineIndex, Position } from '../../server/src/base/lines';
import { applyEdits } from '../../server/src/base/edits';

/** The cache folder of the servers the tests start (~/.cache's place): empty when the process starts. */
export const TEST_CACHE = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-lsp-cache-'));

export interface Published { uri: string; version?: number; diagnostics: LspDiagnostic[] }
export interface LspDiagnostic { code: string; message: string; severity: number; data?: unknown; range: { start: { line: number; character: number }; end: { line: number; character: number } } }

/** A client of the server over any JSON-RPC connection (the server process's stdio, or the
 * in-memory streams of harness.ts). */
export class LspTestClient {
  readonly published: Published[] = [];
  readonly stderr: string[] = [];
  /** The `client/registerCapability` requests the server sent (each answered with success). */
  readonly registrations: unknown[] = [];
  /** The messages the server showed (`window/showMessage` notifications and requests). */
  readonly messages: { type: number; message: string }[] = [];
  /** The server's trace (`$/logTrace`), once turned on with `trace`. */
  readonly traces: string[] = [];
  private readonly waiters: (() => void)[] = [];
  private versions = new Map<string, number>();
  private texts = new Map<string, string>();

  protected constructor(readonly connection: MessageConnection, private readonly close: () => void) {}

  /** Listens on `connection` and initializes the server behind it (which watches `processId`,
   * its editor's process, to exit when it is gone). */
  static async connect<C extends LspTestClient>(
    client: C, capabilities: object, initializationOptions?: object, processId: number | null = process.pid,
  ): Promise<{ client: C; init: any }> {
    const connection = client.connection;
    connection.onNotification('textDocument/publishDiagnostics', (p: Published) => { client.published.push(p); client.waiters.splice(0).forEach(w => w()); });
    connection.onRequest('workspace/configuration', () => [null]);
    connection.onRequest('client/registerCapability', (p: unknown) => { client.registrations.push(p); return null; });
    connection.onNotification('$/logTrace', (t: { message: string }) => { client.traces.push(t.message); });
    connection.onNotification('window/showMessage', (m: { type: number; message: string }) => { client.messages.push(m); });
    // vscode-languageserver's window.show*Message always asks, as a request (with no actions).
    connection.onRequest('window/showMessageRequest', (m: { type: number; message: string }) => { client.messages.push({ type: m.type, message: m.message }); return null; });
    connection.listen();
    const params = { processId, rootUri: null, capabilities, initializationOptions };
    const init = await connection.sendRequest('initialize', params);
    await connection.sendNotification('initialized', {});
    return { client, init };
  }

  /** Turns the server's trace on (`verbose`) or off, as an editor's `metafork.trace.server` does. */
  async trace(value: 'off' | 'messages' | 'verbose'): Promise<void> {
    await this.connection.sendNotification('$/setTrace', { value });
  }

  /** Resolves with the first publication for `uri` at `version` or later. */
  diagnostics(uri: string, version: number, timeoutMs = 20000): Promise<Published> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} v${version} within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        const p = this.published.find(x => x.uri === uri && (x.version ?? 0) >= version);
        if (p) { clearTimeout(timer); resolve(p); } else this.waiters.push(check);
      };
      check();
    });
  }

  async open(uri: string, text: string, languageId = 'metafork'): Promise<Published> {
    this.versions.set(uri, 1);
    this.texts.set(uri, text);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    return this.diagnostics(uri, 1);
  }

  async closeDocument(uri: string): Promise<void> {
    this.versions.delete(uri);
    this.texts.delete(uri);
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Replaces `start..end` (offsets) with `newText` as one incremental change. */
  async edit(uri: string, start: number, end: number, newText: string): Promise<number> {
    const { version, change } = this.apply(uri, start, end, newText);
    const params = { textDocument: { uri, version }, contentChanges: [change] };
    await this.connection.sendNotification('textDocument/didChange', params);
    return version;
  }

  /** The next version of `uri` with `start..end` replaced, and the LSP change saying so. */
  protected apply(uri: string, start: number, end: number, newText: string) {
    const text = this.texts.get(uri)!;
    const version = this.versions.get(uri)! + 1;
    this.versions.set(uri, version);
    this.texts.set(uri, text.slice(0, start) + newText + text.slice(end));
    return { version, change: { range: { start: position(text, start), end: position(text, end) }, text: newText } };
  }

  version(uri: string): number { return this.versions.get(uri)!; }

  text(uri: string): string { return this.texts.get(uri)!; }

  request<T = any>(method: string, params: object): Promise<T> { return this.connection.sendRequest(method, params) as Promise<T>; }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise(r => setTimeout(r, 2000))]);
      await this.sendExit();
    } catch { /* already gone */ }
    this.connection.dispose();
    this.close();
  }

  protected async sendExit(): Promise<void> { await this.connection.sendNotification('exit'); }
}

/** A client of `metafork lsp --stdio` in its own process. */
export class TestClient extends LspTestClient {
  private constructor(readonly proc: ChildProcess, connection: MessageConnection) {
    super(connection, () => proc.kill());
  }

  static async start(
    capabilities: object = DEFAULT_CAPABILITIES, initializationOptions?: object,
  ): Promise<{ client: TestClient; init: any }> {
    const bin = path.join(ROOT, 'bin', 'metafork');
    // The register counts nvcc took elsewhere are not this test's: a cache of its own.
    const env = { ...process.env, XDG_CACHE_HOME: TEST_CACHE };
    const proc = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env });
    const reader = new StreamMessageReader(proc.stdout!);
    const connection = createMessageConnection(reader, new StreamMessageWriter(proc.stdin!));
    const client = new TestClient(proc, connection);
    proc.stderr!.on('data', d => client.stderr.push(String(d)));
    return LspTestClient.connect(client, capabilities, initializationOptions);
  }
}

export function position(text: string, offset: number): { line: number; character: number } {
  return new LineIndex(text).position(offset);
}

/** Applies LSP text edits (ranges in `text`) to `text`. */
export function applyLspEdits(text: string, edits: { range: { start: Position; end: Position }; newText: string }[]): string {
  const lines = new LineIndex(text);
  return applyEdits(text, edits.map(e => ({ start: lines.offset(e.range.start), end: lines.offset(e.range.end), newText: e.newText })));
}

/** What VS Code announces for the features under test. */
export const DEFAULT_CAPABILITIES = {
  workspace: { configuration: true, workspaceEdit: { documentChanges: true } },
  textDocument: {
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'refactor.rewrite'] } }, resolveSupport: { properties: ['edit'] }, disabledSupport: true, dataSupport: true },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    semanticTokens: { requests: { full: true }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] },
  },
};
