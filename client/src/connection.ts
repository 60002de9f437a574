// The language client: starts dist/server.js over stdio for MetaFork documents and, unless
// `metafork.enableForCAndCpp` is false, C and C++ documents; restarts when that setting changes.
// Settings reach the server in the initialization options, in `workspace/didChangeConfiguration`
// notifications (`{ settings: { metafork } }`) and in answers to `workspace/configuration`.

import * as path from 'path';
import {
  CancellationToken,
  Disposable,
  EventEmitter,
  ExtensionContext,
  TextDocument,
  Uri,
  languages,
  workspace,
} from 'vscode';
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import { SETTINGS_SECTION } from '../../shared/settings';
import { readSettings, settingsSection } from './settings';
import type { Output } from './output';

export type ServerState = 'starting' | 'ready' | 'error' | 'stopped';

export class MetaforkConnection implements Disposable {
  private client: LanguageClient | undefined;
  private ready: Promise<void> = Promise.resolve();
  private selector: { scheme: string; language: string }[] = [];
  private stateValue: ServerState = 'stopped';
  private readonly stateEmitter = new EventEmitter<ServerState>();
  /** Fires when the server state changes (starting, ready, error, stopped). */
  readonly onDidChangeState = this.stateEmitter.event;
  /** Fires after a restart: the views should be rendered again. */
  private readonly restartEmitter = new EventEmitter<void>();
  readonly onDidRestart = this.restartEmitter.event;
  private readonly disposables: Disposable[] = [this.stateEmitter, this.restartEmitter];
  /** Handlers of the server's notifications, given to every client started (a restart too). */
  private readonly notifications: [method: string, handler: (params: any) => void][] = [];

  constructor(private readonly context: ExtensionContext, private readonly output: Output) {
    this.disposables.push(
      workspace.onDidChangeConfiguration(async event => {
        if (!event.affectsConfiguration(SETTINGS_SECTION)) return;
        if (event.affectsConfiguration(`${SETTINGS_SECTION}.enableForCAndCpp`)) await this.restart();
        else this.pushSettings();
      }),
      workspace.onDidGrantWorkspaceTrust(() => this.pushSettings()),
    );
  }

  get state(): ServerState { return this.stateValue; }

  /** Languages the server is attached to. */
  get languageIds(): string[] {
    return readSettings().enableForCAndCpp ? ['metafork', 'c', 'cpp'] : ['metafork'];
  }

  /** Whether the server receives this document (its language and scheme match the selector). */
  handles(document: TextDocument): boolean {
    return languages.match(this.selector, document) > 0;
  }

  async start(): Promise<void> {
    const module = this.context.asAbsolutePath(path.join('dist', 'server.js'));
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.stdio },
      debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
    };
    this.selector = this.languageIds.flatMap(language => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]);
    const clientOptions: LanguageClientOptions = {
      documentSelector: this.selector,
      // The server's log (and the client's own) in the one MetaFork channel, kept across restarts.
      outputChannel: this.output.channel,
      initializationOptions: { settings: readSettings(), workspaceTrusted: workspace.isTrusted },
      middleware: {
        workspace: {
          configuration: async (params, token, next) => {
            const answers = await next(params, token);
            if (!Array.isArray(answers)) return answers;
            return params.items.map((item, i) => {
              const ours = item.section ? settingsSection(item.section) : { found: false };
              return ours.found ? ours.value : answers[i];
            });
          },
        },
      },
    };
    const client = new LanguageClient('metafork', 'MetaFork', serverOptions, clientOptions);
    this.client = client;
    for (const [method, handler] of this.notifications) client.onNotification(method, handler);
    client.onDidChangeState(({ newState }) => {
      if (client !== this.client) return;
      if (newState === State.Starting) this.setState('starting');
      else if (newState === State.Running) this.setState('ready');
      else this.setState(this.stateValue === 'error' ? 'error' : 'stopped');
    });
    this.setState('starting');
    this.ready = client.start().catch(error => {
      if (client === this.client) this.setState('error');
      throw error;
    });
    await this.ready;
  }

  async restart(): Promise<void> {
    const old = this.client;
    this.client = undefined;
    await old?.stop().catch(() => undefined);
    await this.start();
    this.output.log('the language server restarted');
    this.restartEmitter.fire();
  }

  /** A request to the server, once it is running. */
  async request<R>(method: string, params: unknown, token?: CancellationToken): Promise<R> {
    await this.ready;
    const client = this.client;
    if (!client) throw new Error('the MetaFork server is not running');
    return client.sendRequest<R>(method, params, token);
  }

  /** Hears a notification of the server (from the next server started on). */
  onNotification<P>(method: string, handler: (params: P) => void): void {
    this.notifications.push([method, handler]);
  }

  /** The URI of a document as the server knows it. */
  uri(uri: Uri): string {
    return this.client ? this.client.code2ProtocolConverter.asUri(uri) : uri.toString();
  }

  private pushSettings(): void {
    const client = this.client;
    if (!client || this.stateValue !== 'ready') return;
    void client.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { [SETTINGS_SECTION]: readSettings() },
    });
  }

  private setState(state: ServerState): void {
    if (state === this.stateValue) return;
    this.stateValue = state;
    this.stateEmitter.fire(state);
  }

  async dispose(): Promise<void> {
    for (const d of this.disposables) d.dispose();
    const client = this.client;
    this.client = undefined;
    await client?.stop().catch(() => undefined);
  }
}
