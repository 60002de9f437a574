"use strict";
// The live read-only views beside a source document: the generated CUDA (`metafork-cuda:`), a
// translation (`metafork-translation:`) and the case discussion of the comprehensive optimization
// (`metafork-cases:`). Each view's URI carries its source document's URI in the query; the
// content comes from the server's `metafork/cuda`, `metafork/translate` and `metafork/optimize`
// requests and is rendered again ~150 ms after the last edit of the source, after a change of
// the `metafork.cuda` settings (CUDA and cases) and after a restart of the server.
Object.defineProperty(exports, "__esModule", { value: true });
exports.LiveViews = void 0;
exports.holdsSchedule = holdsSchedule;
exports.cudaViewUri = cudaViewUri;
exports.translationViewUri = translationViewUri;
exports.casesViewUri = casesViewUri;
exports.sourceOfView = sourceOfView;
exports.describeDiagnostics = describeDiagnostics;
const vscode_1 = require("vscode");
const protocol_1 = require("../../shared/protocol");
const dialects_1 = require("../../shared/dialects");
const settings_1 = require("../../shared/settings");
const settings_2 = require("./settings");
const DEBOUNCE_MS = 150;
const DIALECTS = Object.keys(dialects_1.DIALECT_LABELS);
/** Whether a document's text holds a `meta_schedule` (the CUDA, case and plot views need one). */
function holdsSchedule(document) {
    return /\bmeta_schedule\b/.test(document.getText());
}
function cudaViewUri(source) {
    return vscode_1.Uri.from({ scheme: protocol_1.CUDA_SCHEME, path: `${source.path}.cu`, query: source.toString() });
}
function translationViewUri(source, dialect, languageId) {
    const extension = languageId === 'cpp' ? 'cpp' : 'c';
    return vscode_1.Uri.from({
        scheme: protocol_1.TRANSLATION_SCHEME,
        path: `${source.path}.${dialect}.${extension}`,
        query: source.toString(),
    });
}
function casesViewUri(source) {
    return vscode_1.Uri.from({ scheme: protocol_1.CASES_SCHEME, path: `${source.path}.cases`, query: source.toString() });
}
function sourceOfView(view) {
    return vscode_1.Uri.parse(view.query, true);
}
function dialectOfView(view) {
    const match = /\.(\w+)\.(?:c|cpp)$/.exec(view.path);
    return match && DIALECTS.includes(match[1]) ? match[1] : undefined;
}
const VIEW_SCHEMES = [protocol_1.CUDA_SCHEME, protocol_1.TRANSLATION_SCHEME, protocol_1.CASES_SCHEME];
const isView = (uri) => VIEW_SCHEMES.includes(uri.scheme);
/** Views that depend on the `metafork.cuda` settings (memory mode, nvcc). */
const usesCudaSettings = (uri) => uri.scheme === protocol_1.CUDA_SCHEME || uri.scheme === protocol_1.CASES_SCHEME;
/** `LINE:COL: message` (1-based) for each error, or every finding when none is an error. */
function describeDiagnostics(diagnostics) {
    const errors = diagnostics.filter(d => d.severity === 1);
    return (errors.length ? errors : diagnostics).map(d => `${d.range.start.line + 1}:${d.range.start.character + 1}: ${(typeof d.message === 'string' ? d.message : d.message.value).replace(/\s*\n\s*/g, ' ')}`);
}
class LiveViews {
    connection;
    changeEmitter = new vscode_1.EventEmitter();
    onDidChange = this.changeEmitter.event;
    /** The last output generated without errors, per view (shown, marked stale, after a failure). */
    lastGood = new Map();
    timers = new Map();
    /** Renders again because the server answered for an older version (bounded per view). */
    retries = new Map();
    disposables;
    constructor(connection) {
        this.connection = connection;
        this.disposables = [
            this.changeEmitter,
            vscode_1.workspace.registerTextDocumentContentProvider(protocol_1.CUDA_SCHEME, this),
            vscode_1.workspace.registerTextDocumentContentProvider(protocol_1.TRANSLATION_SCHEME, this),
            vscode_1.workspace.registerTextDocumentContentProvider(protocol_1.CASES_SCHEME, this),
            vscode_1.workspace.onDidChangeTextDocument(event => {
                if (isView(event.document.uri) || event.contentChanges.length === 0)
                    return;
                for (const view of this.openViews(event.document.uri))
                    this.schedule(view);
            }),
            vscode_1.workspace.onDidCloseTextDocument(document => {
                if (!isView(document.uri))
                    return;
                const key = document.uri.toString();
                this.lastGood.delete(key);
                this.retries.delete(key);
                clearTimeout(this.timers.get(key));
                this.timers.delete(key);
            }),
            vscode_1.workspace.onDidChangeConfiguration(event => {
                if (event.affectsConfiguration(`${settings_1.SETTINGS_SECTION}.cuda`)) {
                    for (const view of this.openViews())
                        if (usesCudaSettings(view))
                            this.changeEmitter.fire(view);
                }
            }),
            connection.onDidRestart(() => { for (const view of this.openViews())
                this.changeEmitter.fire(view); }),
        ];
    }
    /** The views open in the editor (of one source document, when given). */
    openViews(source) {
        const sourceKey = source?.toString();
        return vscode_1.workspace.textDocuments
            .map(d => d.uri)
            .filter(uri => isView(uri) && (!sourceKey || uri.query === sourceKey));
    }
    async showCuda(source) {
        await this.show(cudaViewUri(source.uri), 'cuda-cpp');
    }
    async showTranslation(source, dialect) {
        await this.show(translationViewUri(source.uri, dialect, source.languageId), source.languageId === 'cpp' ? 'cpp' : 'c');
    }
    async showCases(source) {
        // Its own language: wrapped lines (configurationDefaults), folding by indentation.
        await this.show(casesViewUri(source.uri), 'metafork-cases');
    }
    async show(view, languageId) {
        const wasOpen = vscode_1.workspace.textDocuments.some(d => d.uri.toString() === view.toString());
        let document = await vscode_1.workspace.openTextDocument(view);
        // An already open view may hold an older rendering (e.g. made while its source was closed).
        if (wasOpen)
            this.changeEmitter.fire(view);
        if (document.languageId !== languageId) {
            document = await vscode_1.languages.setTextDocumentLanguage(document, languageId).then(d => d, () => document);
        }
        const visible = vscode_1.window.visibleTextEditors.find(e => e.document.uri.toString() === view.toString());
        await vscode_1.window.showTextDocument(document, {
            viewColumn: visible?.viewColumn ?? vscode_1.ViewColumn.Beside,
            preserveFocus: true,
            preview: false,
        });
    }
    schedule(view) {
        const key = view.toString();
        clearTimeout(this.timers.get(key));
        this.timers.set(key, setTimeout(() => {
            this.timers.delete(key);
            this.changeEmitter.fire(view);
        }, DEBOUNCE_MS));
    }
    async provideTextDocumentContent(view, token) {
        const key = view.toString();
        const dialect = view.scheme === protocol_1.TRANSLATION_SCHEME ? dialectOfView(view) : undefined;
        const what = view.scheme === protocol_1.CUDA_SCHEME
            ? 'CUDA generation'
            : view.scheme === protocol_1.CASES_SCHEME
                ? 'Comprehensive optimization'
                : `Translation to ${dialect ? dialects_1.DIALECT_LABELS[dialect] : view.path}`;
        const failed = (lines) => this.failure(what, lines, this.lastGood.get(key));
        if (view.scheme === protocol_1.TRANSLATION_SCHEME && !dialect)
            return failed(['unknown dialect in the view name']);
        let source;
        try {
            source = await vscode_1.workspace.openTextDocument(sourceOfView(view));
        }
        catch (error) {
            return failed([`cannot open ${view.query}: ${error.message}`]);
        }
        if (!this.connection.handles(source)) {
            return failed([
                `the MetaFork server is not attached to ${source.languageId} documents (setting metafork.enableForCAndCpp)`,
            ]);
        }
        const textDocument = { uri: this.connection.uri(source.uri) };
        let result;
        try {
            result =
                view.scheme === protocol_1.CUDA_SCHEME
                    ? await this.connection.request(protocol_1.CUDA_REQUEST, { textDocument, memory: (0, settings_2.readSettings)().cuda.memory }, token)
                    : view.scheme === protocol_1.CASES_SCHEME
                        ? await this.connection.request(protocol_1.OPTIMIZE_REQUEST, { textDocument }, token)
                        : await this.connection.request(protocol_1.TRANSLATE_REQUEST, { textDocument, to: dialect }, token);
        }
        catch (error) {
            return failed([`the server failed: ${error.message}`]);
        }
        // The server answers for the text it holds; when that was older than the document, ask again.
        const retries = this.retries.get(key) ?? 0;
        if (typeof result.version === 'number' && result.version < source.version && retries < 3) {
            this.retries.set(key, retries + 1);
            this.schedule(view);
        }
        else {
            this.retries.delete(key);
        }
        if (typeof result.text === 'string') {
            this.lastGood.set(key, result.text);
            // The case discussion covers the schedules it could optimize; the others say why not on top.
            const errors = (result.diagnostics ?? []).filter(d => d.severity === 1);
            return errors.length
                ? `${describeDiagnostics(errors)
                    .map(line => `// ${what} skipped: ${line}`)
                    .join('\n')}\n\n${result.text}`
                : result.text;
        }
        return failed(describeDiagnostics(result.diagnostics ?? []));
    }
    /** `// <what> stopped: LINE:COL: message` lines, then the last good output marked stale. */
    failure(what, lines, stale) {
        const header = (lines.length ? lines : ['no output and no reason given']).map(line => `// ${what} stopped: ${line}`);
        if (stale === undefined)
            return `${header.join('\n')}\n`;
        return `${header.join('\n')}\n// STALE: the last output without errors follows; it does not reflect the current source.\n\n${stale}`;
    }
    dispose() {
        for (const timer of this.timers.values())
            clearTimeout(timer);
        for (const d of this.disposables)
            d.dispose();
    }
}
exports.LiveViews = LiveViews;
//# sourceMappingURL=views.js.map