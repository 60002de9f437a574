// The language server: one named method per LSP handler and custom request, each handing the
// work to its feature (features/) or request (requests/) file. connection.ts binds the methods to
// a connection. Diagnostics (and inactive regions) are published after every burst of changes
// (documents.ts); features read the analysed state of the document's current version; whole-file
// work runs in a worker (jobs.ts), its results kept with the version. Documents are read with
// their compile flags and headers (compile.ts); a change to either checks them again.

import {
  CodeActionKind, CodeLensRefreshRequest, DidChangeWatchedFilesNotification, ErrorCodes, LSPErrorCodes, ResponseError,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import type {
  CancellationToken, CodeAction, CodeActionParams, CodeLens, CodeLensParams, Connection, DidChangeConfigurationParams,
  DidChangeWatchedFilesParams, DocumentSymbolParams, HoverParams, InitializeParams, InitializeResult,
  SemanticTokensParams, TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { packageVersion } from '../version';
import { INACTIVE_REGIONS_NOTIFICATION } from '../../../shared/protocol';
import type {
  AnalyzeParams, CudaParams, DialectsParams, OptimizeParams, PlotParams, TranslateParams,
} from '../../../shared/protocol';
import { DEFAULT_SETTINGS, MetaforkSettings, SETTINGS_SECTION, settingsFrom, valueAt } from '../../../shared/settings';
import type { ClientSupport, ServerContext } from './context';
import { DocumentState, DocumentStore, pathOf } from './documents';
import { CompileContexts, WATCHED_FILES, type Affected } from './compile';
import { Jobs } from './jobs';
import { IdleCollector, limitHeapGrowth } from './memory';
import type { Result, Work } from './worker';
import { cleared, published } from './features/diagnostics';
import { inactiveRegions } from './features/inactiveRegions';
import { hoverAt } from './features/hover';
import { codeActions, resolveCodeAction } from './features/codeActions';
import { DocumentSymbols } from './features/symbols';
import { lensesOf, resolveLens } from './features/lenses';
import { TOKEN_LEGEND, tokensOf } from './features/semanticTokens';
import { dialects, prepareTranslation, translate } from './requests/translate';
import { Dialect, DIALECTS } from '../../../shared/dialects';
import { cuda } from './requests/cuda';
import { optimize } from './requests/optimize';
import { analyze } from './requests/analyze';
import { plot } from './requests/plot';

/** A pause in a document's changes long enough to prepare it for a translation (typing goes on within it). */
const SETTLE_MS = 300;

export interface ServerOptions {
  /** How long a worker job may run before it is stopped (seconds). */
  jobSeconds?: number;
}

export class MetaforkServer implements ServerContext {
  settings: MetaforkSettings = DEFAULT_SETTINGS;
  client: ClientSupport = {
    configuration: false, resolveEdit: false, disabled: false, documentChanges: false, lensRefresh: false,
    watchFiles: false,
  };
  private readonly jobs: Jobs;
  private readonly store: DocumentStore;
  private readonly symbols = new DocumentSymbols();
  private readonly compile: CompileContexts;
  private preparing?: NodeJS.Timeout;
  /** Whether the worker has been given translations to compile its code by (prepareTranslation). */
  private warmedUp = false;
  /** The dialects each open document was asked to be translated into, whole (translated ahead). */
  private readonly asked = new Map<string, Set<Dialect>>();
  private forgets = 0;
  /** Told of every request answered and every check published (connection.ts, the store). */
  readonly memory = new IdleCollector();

  constructor(
    private readonly connection: Connection, documents: TextDocuments<TextDocument>, options: ServerOptions = {},
  ) {
    this.jobs = new Jobs(options.jobSeconds, message => connection.tracer.log(message));
    limitHeapGrowth();
    // A header open in an editor is read from its buffer.
    const open = (file: string) => documents.all().find(d => pathOf(d.uri) === file)?.getText();
    this.compile = new CompileContexts(open, message => connection.console.log(message));
    this.store = new DocumentStore(
      uri => documents.get(uri),
      async state => {
        await connection.sendDiagnostics(published(state));
        await connection.sendNotification(INACTIVE_REGIONS_NOTIFICATION, inactiveRegions(state));
        this.memory.busy();
        this.prepareWhenSettled(state);
      },
      message => connection.console.error(message),
      uri => this.compile.contextOf(uri, this.settings),
    );
    // Each function's symbols are kept for the next version's edit: not for a document not in use.
    this.store.onRelease(uri => this.symbols.forget(uri));
  }

  initialize(params: InitializeParams): InitializeResult {
    const caps = params.capabilities;
    this.client = {
      configuration: !!caps.workspace?.configuration,
      resolveEdit: !!caps.textDocument?.codeAction?.resolveSupport?.properties.includes('edit'),
      disabled: !!caps.textDocument?.codeAction?.disabledSupport,
      documentChanges: !!caps.workspace?.workspaceEdit?.documentChanges,
      lensRefresh: !!caps.workspace?.codeLens?.refreshSupport,
      watchFiles: !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration,
    };
    const folders = params.workspaceFolders?.map(f => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    this.compile.setFolders(folders.map(pathOf));
    this.settings = this.read(params.initializationOptions?.settings);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeActionProvider: {
          codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite], resolveProvider: true,
        },
        documentSymbolProvider: true,
        codeLensProvider: { resolveProvider: true },
        semanticTokensProvider: { legend: TOKEN_LEGEND, full: true },
      },
      serverInfo: { name: 'metafork', version: packageVersion() },
    };
  }

  initialized(): void {
    void this.refreshSettings();
    if (this.client.watchFiles) {
      const watchers = WATCHED_FILES.map(globPattern => ({ globPattern }));
      this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch(e => {
        this.connection.console.warn(`metafork: headers will not be watched: ${(e as Error).message}`);
      });
    }
  }

  didChangeConfiguration(change: DidChangeConfigurationParams): void {
    if (this.client.configuration) void this.refreshSettings();
    else this.adopt(this.read(change.settings?.[SETTINGS_SECTION]));
  }

  didChangeContent(document: TextDocument): void {
    this.store.changed(document.uri);
    // What the worker was to do ahead for the version before is of no use now.
    this.jobs.dropAhead(`${document.uri}@`);
    // A header being edited: the documents that read it see its buffer.
    this.recheck({ all: false, paths: new Set([pathOf(document.uri)]) }, document.uri);
  }

  didClose(document: TextDocument): void {
    this.store.closed(document.uri);
    this.asked.delete(document.uri);
    // The worker's copy of it, if it holds one, goes too (lsp/prepared).
    if (this.jobs.started) {
      this.jobs.run(`forget:${document.uri}:${++this.forgets}`, { kind: 'forget', uri: document.uri }).catch(() => undefined);
    }
    this.symbols.forget(document.uri);
    this.compile.closed(document.uri);
    void this.connection.sendDiagnostics(cleared(document.uri));
    // A header closed unsaved: the documents that read it read the disk again.
    this.recheck({ all: false, paths: new Set([pathOf(document.uri)]) });
  }

  /** Headers or compile databases changed on disk. */
  didChangeWatchedFiles(params: DidChangeWatchedFilesParams): void {
    this.recheck(this.compile.filesChanged(params.changes.map(c => pathOf(c.uri))));
  }

  hover(params: HoverParams, token: CancellationToken) { return hoverAt(this, params, token); }
  codeAction(params: CodeActionParams, token: CancellationToken) { return codeActions(this, params, token); }
  codeActionResolve(action: CodeAction, token: CancellationToken) { return resolveCodeAction(this, action, token); }
  documentSymbol(params: DocumentSymbolParams, token: CancellationToken) {
    return this.symbols.provide(this, params, token);
  }
  codeLens(params: CodeLensParams, token: CancellationToken) { return lensesOf(this, params, token); }
  codeLensResolve(lens: CodeLens, token: CancellationToken) { return resolveLens(this, lens, token); }
  semanticTokens(params: SemanticTokensParams, token: CancellationToken) { return tokensOf(this, params, token); }

  translate(params: TranslateParams, token: CancellationToken) { return translate(this, params, token); }
  dialects(params: DialectsParams, token: CancellationToken) { return dialects(this, params, token); }
  cuda(params: CudaParams, token: CancellationToken) { return cuda(this, params, token); }
  optimize(params: OptimizeParams, token: CancellationToken) { return optimize(this, params, token); }
  analyze(params: AnalyzeParams, token: CancellationToken) { return analyze(this, params, token); }
  plot(params: PlotParams, token: CancellationToken) { return plot(this, params, token); }

  shutdown(): void {
    clearTimeout(this.preparing);
    this.jobs.dispose();
    this.memory.dispose();
  }

  async stateOf(uri: unknown, token?: CancellationToken): Promise<DocumentState> {
    if (typeof uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'textDocument.uri must be a string');
    const state = await this.store.current(uri);
    if (!state) {
      const why = `unknown document ${uri}: open it first (textDocument/didOpen)`;
      throw new ResponseError(ErrorCodes.InvalidParams, why);
    }
    if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
    return state;
  }

  async job<W extends Work>(
    state: DocumentState, what: string, work: W, token?: CancellationToken, ahead = false,
  ): Promise<Result<W>> {
    const key = `${state.uri}@${state.version}.${state.analysis}:${what}`;
    if (state.derived.has(key)) {
      if (!ahead) this.connection.tracer.log(`job ${key}: its result made before`);
      return state.derived.get(key) as Result<W>;
    }
    const result = await this.jobs.run(key, work, token, ahead);
    state.derived.set(key, result);
    return result;
  }

  translationAsked(uri: string, to: Dialect): void {
    const dialects = this.asked.get(uri) ?? new Set<Dialect>();
    this.asked.set(uri, dialects.add(to));
  }

  showMessage(type: 'error' | 'warning' | 'info', message: string): void {
    const window = this.connection.window;
    void (type === 'error' ? window.showErrorMessage(message) : type === 'warning' ? window.showWarningMessage(message) : window.showInformationMessage(message));
  }

  /** Once the changes settle, the worker prepares the document checked last (where jobs run off
   * this thread: here it would delay the next check); the first time, it translates it too. */
  private prepareWhenSettled(state: DocumentState): void {
    clearTimeout(this.preparing);
    if (!this.jobs.inWorker) return;
    this.preparing = setTimeout(() => {
      if (this.store.get(state.uri) !== state) return;
      const ahead = this.warmedUp ? [...(this.asked.get(state.uri) ?? [])] : DIALECTS;
      if (prepareTranslation(this, state, ahead)) this.warmedUp = true;
    }, SETTLE_MS);
    this.preparing.unref();
  }

  /** Checks again the open documents a change concerns (but `except`, checked for its own change). */
  private recheck(affected: Affected, except?: string): void {
    for (const uri of this.store.uris()) {
      if (uri === except) continue;
      const dependencies = this.store.get(uri)?.checked.syntax.unit.dependencies ?? [];
      if (affected.all || dependencies.some(d => affected.paths.has(d))) this.store.recheck(uri);
    }
  }

  /** New settings; the compile flags they give are found again, and every document checked with them. */
  private adopt(settings: MetaforkSettings): void {
    const flags = (s: MetaforkSettings) => JSON.stringify([s.includePaths, s.defines]);
    const changed = flags(settings) !== flags(this.settings);
    this.settings = settings;
    if (!changed) return;
    this.compile.settingsChanged();
    this.recheck({ all: true });
  }

  /** Settings sent by the client (nested as in settings.json); a value the schema refuses takes
   * its default, and the log says why. */
  private read(sent: unknown): MetaforkSettings {
    return settingsFrom(key => valueAt(sent, key), problem => this.connection.console.warn(`metafork: ${problem}`));
  }

  private async refreshSettings(): Promise<void> {
    if (!this.client.configuration) return;
    const before = JSON.stringify(this.settings.cuda);
    try {
      this.adopt(this.read(await this.connection.workspace.getConfiguration(SETTINGS_SECTION)));
    } catch { /* keep the last settings */ }
    // The lenses show the CUDA and its estimate for the memory mode and GPU of the settings.
    if (this.client.lensRefresh && JSON.stringify(this.settings.cuda) !== before) {
      void this.connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
    }
  }
}
