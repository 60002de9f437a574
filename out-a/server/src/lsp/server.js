"use strict";
// The language server: one named method per LSP handler and custom request, each handing the
// work to its feature (features/) or request (requests/) file. connection.ts binds the methods to
// a connection. Diagnostics (and inactive regions) are published after every burst of changes
// (documents.ts); features read the analysed state of the document's current version; whole-file
// work runs in a worker (jobs.ts), its results kept with the version. Documents are read with
// their compile flags and headers (compile.ts); a change to either checks them again.
Object.defineProperty(exports, "__esModule", { value: true });
exports.MetaforkServer = void 0;
const node_1 = require("vscode-languageserver/node");
const version_1 = require("../version");
const protocol_1 = require("../../../shared/protocol");
const settings_1 = require("../../../shared/settings");
const documents_1 = require("./documents");
const compile_1 = require("./compile");
const jobs_1 = require("./jobs");
const memory_1 = require("./memory");
const diagnostics_1 = require("./features/diagnostics");
const inactiveRegions_1 = require("./features/inactiveRegions");
const hover_1 = require("./features/hover");
const codeActions_1 = require("./features/codeActions");
const symbols_1 = require("./features/symbols");
const lenses_1 = require("./features/lenses");
const semanticTokens_1 = require("./features/semanticTokens");
const translate_1 = require("./requests/translate");
const dialects_1 = require("../../../shared/dialects");
const cuda_1 = require("./requests/cuda");
const optimize_1 = require("./requests/optimize");
const analyze_1 = require("./requests/analyze");
const plot_1 = require("./requests/plot");
/** A pause in a document's changes long enough to prepare it for a translation (typing goes on within it). */
const SETTLE_MS = 300;
class MetaforkServer {
    connection;
    settings = settings_1.DEFAULT_SETTINGS;
    client = {
        configuration: false, resolveEdit: false, disabled: false, documentChanges: false, lensRefresh: false,
        watchFiles: false,
    };
    jobs;
    store;
    symbols = new symbols_1.DocumentSymbols();
    compile;
    preparing;
    /** Whether the worker has been given translations to compile its code by (prepareTranslation). */
    warmedUp = false;
    /** The dialects each open document was asked to be translated into, whole (translated ahead). */
    asked = new Map();
    forgets = 0;
    /** Told of every request answered and every check published (connection.ts, the store). */
    memory = new memory_1.IdleCollector();
    constructor(connection, documents, options = {}) {
        this.connection = connection;
        this.jobs = new jobs_1.Jobs(options.jobSeconds, message => connection.tracer.log(message));
        (0, memory_1.limitHeapGrowth)();
        // A header open in an editor is read from its buffer.
        const open = (file) => documents.all().find(d => (0, documents_1.pathOf)(d.uri) === file)?.getText();
        this.compile = new compile_1.CompileContexts(open, message => connection.console.log(message));
        this.store = new documents_1.DocumentStore(uri => documents.get(uri), async (state) => {
            await connection.sendDiagnostics((0, diagnostics_1.published)(state));
            await connection.sendNotification(protocol_1.INACTIVE_REGIONS_NOTIFICATION, (0, inactiveRegions_1.inactiveRegions)(state));
            this.memory.busy();
            this.prepareWhenSettled(state);
        }, message => connection.console.error(message), uri => this.compile.contextOf(uri, this.settings));
        // Each function's symbols are kept for the next version's edit: not for a document not in use.
        this.store.onRelease(uri => this.symbols.forget(uri));
    }
    initialize(params) {
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
        this.compile.setFolders(folders.map(documents_1.pathOf));
        this.settings = this.read(params.initializationOptions?.settings);
        return {
            capabilities: {
                textDocumentSync: { openClose: true, change: node_1.TextDocumentSyncKind.Incremental },
                hoverProvider: true,
                codeActionProvider: {
                    codeActionKinds: [node_1.CodeActionKind.QuickFix, node_1.CodeActionKind.RefactorRewrite], resolveProvider: true,
                },
                documentSymbolProvider: true,
                codeLensProvider: { resolveProvider: true },
                semanticTokensProvider: { legend: semanticTokens_1.TOKEN_LEGEND, full: true },
            },
            serverInfo: { name: 'metafork', version: (0, version_1.packageVersion)() },
        };
    }
    initialized() {
        void this.refreshSettings();
        if (this.client.watchFiles) {
            const watchers = compile_1.WATCHED_FILES.map(globPattern => ({ globPattern }));
            this.connection.client.register(node_1.DidChangeWatchedFilesNotification.type, { watchers }).catch(e => {
                this.connection.console.warn(`metafork: headers will not be watched: ${e.message}`);
            });
        }
    }
    didChangeConfiguration(change) {
        if (this.client.configuration)
            void this.refreshSettings();
        else
            this.adopt(this.read(change.settings?.[settings_1.SETTINGS_SECTION]));
    }
    didChangeContent(document) {
        this.store.changed(document.uri);
        // What the worker was to do ahead for the version before is of no use now.
        this.jobs.dropAhead(`${document.uri}@`);
        // A header being edited: the documents that read it see its buffer.
        this.recheck({ all: false, paths: new Set([(0, documents_1.pathOf)(document.uri)]) }, document.uri);
    }
    didClose(document) {
        this.store.closed(document.uri);
        this.asked.delete(document.uri);
        // The worker's copy of it, if it holds one, goes too (lsp/prepared).
        if (this.jobs.started) {
            this.jobs.run(`forget:${document.uri}:${++this.forgets}`, { kind: 'forget', uri: document.uri }).catch(() => undefined);
        }
        this.symbols.forget(document.uri);
        this.compile.closed(document.uri);
        void this.connection.sendDiagnostics((0, diagnostics_1.cleared)(document.uri));
        // A header closed unsaved: the documents that read it read the disk again.
        this.recheck({ all: false, paths: new Set([(0, documents_1.pathOf)(document.uri)]) });
    }
    /** Headers or compile databases changed on disk. */
    didChangeWatchedFiles(params) {
        this.recheck(this.compile.filesChanged(params.changes.map(c => (0, documents_1.pathOf)(c.uri))));
    }
    hover(params, token) { return (0, hover_1.hoverAt)(this, params, token); }
    codeAction(params, token) { return (0, codeActions_1.codeActions)(this, params, token); }
    codeActionResolve(action, token) { return (0, codeActions_1.resolveCodeAction)(this, action, token); }
    documentSymbol(params, token) {
        return this.symbols.provide(this, params, token);
    }
    codeLens(params, token) { return (0, lenses_1.lensesOf)(this, params, token); }
    codeLensResolve(lens, token) { return (0, lenses_1.resolveLens)(this, lens, token); }
    semanticTokens(params, token) { return (0, semanticTokens_1.tokensOf)(this, params, token); }
    translate(params, token) { return (0, translate_1.translate)(this, params, token); }
    dialects(params, token) { return (0, translate_1.dialects)(this, params, token); }
    cuda(params, token) { return (0, cuda_1.cuda)(this, params, token); }
    optimize(params, token) { return (0, optimize_1.optimize)(this, params, token); }
    analyze(params, token) { return (0, analyze_1.analyze)(this, params, token); }
    plot(params, token) { return (0, plot_1.plot)(this, params, token); }
    shutdown() {
        clearTimeout(this.preparing);
        this.jobs.dispose();
        this.memory.dispose();
    }
    async stateOf(uri, token) {
        if (typeof uri !== 'string')
            throw new node_1.ResponseError(node_1.ErrorCodes.InvalidParams, 'textDocument.uri must be a string');
        const state = await this.store.current(uri);
        if (!state) {
            const why = `unknown document ${uri}: open it first (textDocument/didOpen)`;
            throw new node_1.ResponseError(node_1.ErrorCodes.InvalidParams, why);
        }
        if (token?.isCancellationRequested)
            throw new node_1.ResponseError(node_1.LSPErrorCodes.RequestCancelled, 'cancelled');
        return state;
    }
    async job(state, what, work, token, ahead = false) {
        const key = `${state.uri}@${state.version}.${state.analysis}:${what}`;
        if (state.derived.has(key)) {
            if (!ahead)
                this.connection.tracer.log(`job ${key}: its result made before`);
            return state.derived.get(key);
        }
        const result = await this.jobs.run(key, work, token, ahead);
        state.derived.set(key, result);
        return result;
    }
    translationAsked(uri, to) {
        const dialects = this.asked.get(uri) ?? new Set();
        this.asked.set(uri, dialects.add(to));
    }
    showMessage(type, message) {
        const window = this.connection.window;
        void (type === 'error' ? window.showErrorMessage(message) : type === 'warning' ? window.showWarningMessage(message) : window.showInformationMessage(message));
    }
    /** Once the changes settle, the worker prepares the document checked last (where jobs run off
     * this thread: here it would delay the next check); the first time, it translates it too. */
    prepareWhenSettled(state) {
        clearTimeout(this.preparing);
        if (!this.jobs.inWorker)
            return;
        this.preparing = setTimeout(() => {
            if (this.store.get(state.uri) !== state)
                return;
            const ahead = this.warmedUp ? [...(this.asked.get(state.uri) ?? [])] : dialects_1.DIALECTS;
            if ((0, translate_1.prepareTranslation)(this, state, ahead))
                this.warmedUp = true;
        }, SETTLE_MS);
        this.preparing.unref();
    }
    /** Checks again the open documents a change concerns (but `except`, checked for its own change). */
    recheck(affected, except) {
        for (const uri of this.store.uris()) {
            if (uri === except)
                continue;
            const dependencies = this.store.get(uri)?.checked.syntax.unit.dependencies ?? [];
            if (affected.all || dependencies.some(d => affected.paths.has(d)))
                this.store.recheck(uri);
        }
    }
    /** New settings; the compile flags they give are found again, and every document checked with them. */
    adopt(settings) {
        const flags = (s) => JSON.stringify([s.includePaths, s.defines]);
        const changed = flags(settings) !== flags(this.settings);
        this.settings = settings;
        if (!changed)
            return;
        this.compile.settingsChanged();
        this.recheck({ all: true });
    }
    /** Settings sent by the client (nested as in settings.json); a value the schema refuses takes
     * its default, and the log says why. */
    read(sent) {
        return (0, settings_1.settingsFrom)(key => (0, settings_1.valueAt)(sent, key), problem => this.connection.console.warn(`metafork: ${problem}`));
    }
    async refreshSettings() {
        if (!this.client.configuration)
            return;
        const before = JSON.stringify(this.settings.cuda);
        try {
            this.adopt(this.read(await this.connection.workspace.getConfiguration(settings_1.SETTINGS_SECTION)));
        }
        catch { /* keep the last settings */ }
        // The lenses show the CUDA and its estimate for the memory mode and GPU of the settings.
        if (this.client.lensRefresh && JSON.stringify(this.settings.cuda) !== before) {
            void this.connection.sendRequest(node_1.CodeLensRefreshRequest.type).catch(() => undefined);
        }
    }
}
exports.MetaforkServer = MetaforkServer;
//# sourceMappingURL=server.js.map