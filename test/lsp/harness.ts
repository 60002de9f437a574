// An in-process test harness for the language server: the server's connection and a client's
// over two in-memory streams, so a test reaches the server's handlers without a process between
// (and can give it options, such as a short time limit for worker jobs).

import { PassThrough } from 'stream';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import {
  createMessageConnection, MessageConnection, StreamMessageReader, StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { createLspConnection } from '../../server/src/lsp/connection';
import type { ServerOptions } from '../../server/src/lsp/server';
import { DEFAULT_CAPABILITIES, LspTestClient } from './client';

export class InProcessClient extends LspTestClient {
  private constructor(connection: MessageConnection, close: () => void, private readonly toServer: PassThrough) {
    super(connection, close);
  }

  /** Several incremental changes (offsets in the text before each) arriving in one chunk, as a
   * burst of keystrokes arrives through an editor's pipe. Resolves with the last version. */
  burst(uri: string, changes: { start: number; end: number; newText: string }[]): number {
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
  static async start(
    options: { capabilities?: object; initializationOptions?: object; server?: ServerOptions } = {},
  ): Promise<{ client: InProcessClient; init: any }> {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const reader = new StreamMessageReader(toServer);
    const server = createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(toClient));
    createLspConnection(server, options.server);
    const connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    const close = () => { server.dispose(); toServer.end(); toClient.end(); };
    const client = new InProcessClient(connection, close, toServer);
    // No process id: the server would poll it with a timer that keeps this process alive.
    const capabilities = options.capabilities ?? DEFAULT_CAPABILITIES;
    return LspTestClient.connect(client, capabilities, options.initializationOptions, null);
  }

  /** `exit` would end this process (the server's connection exits on it): a test only shuts down. */
  protected override async sendExit(): Promise<void> { /* nothing */ }
}
