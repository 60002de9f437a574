"use strict";
// The plot beside the source: for the schedule under the cursor, the estimated time of
// each case of its comprehensive optimization against the block size, on the GPU of the setting
// `metafork.cuda.gpu`; points the case's constraints allow are filled, the others hollow, and the
// point the dispatcher's ranking would choose is ringed. The data comes from the server
// (`metafork/plot`), the chart's description from ./plotSpec, and Chart.js draws it in the webview
// (./webview/plotView), filling the panel in the theme's colours; it follows the cursor, edits and
// settings.
Object.defineProperty(exports, "__esModule", { value: true });
exports.EstimatePlot = void 0;
const vscode_1 = require("vscode");
const protocol_1 = require("../../shared/protocol");
const settings_1 = require("../../shared/settings");
const views_1 = require("./views");
const plotSpec_1 = require("./plotSpec");
const DEBOUNCE_MS = 300;
class EstimatePlot {
    connection;
    dist;
    panel;
    timer;
    disposables;
    /** The editor the plot follows (the last active editor the server handles). */
    editor;
    generation = 0;
    state = {};
    constructor(connection, dist) {
        this.connection = connection;
        this.dist = dist;
        this.disposables = [
            vscode_1.window.onDidChangeActiveTextEditor(e => {
                if (e && this.connection.handles(e.document)) {
                    this.editor = e;
                    this.schedule();
                }
            }),
            vscode_1.window.onDidChangeTextEditorSelection(e => {
                if (e.textEditor === this.editor)
                    this.schedule();
            }),
            vscode_1.workspace.onDidChangeTextDocument(e => {
                if (e.document === this.editor?.document && e.contentChanges.length)
                    this.schedule();
            }),
            vscode_1.workspace.onDidChangeConfiguration(e => {
                if (e.affectsConfiguration(`${settings_1.SETTINGS_SECTION}.cuda`))
                    this.schedule();
            }),
            connection.onDidRestart(() => this.schedule()),
        ];
    }
    show(editor) {
        this.editor = editor;
        if (!this.panel) {
            this.panel = vscode_1.window.createWebviewPanel('metafork.plot', 'MetaFork: estimate by block size', { viewColumn: vscode_1.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true, localResourceRoots: [this.dist], retainContextWhenHidden: false });
            this.panel.onDidDispose(() => { this.panel = undefined; this.state = {}; });
        }
        else {
            this.panel.reveal(vscode_1.ViewColumn.Beside, true);
        }
        void this.render();
    }
    schedule() {
        if (!this.panel)
            return;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.render(), DEBOUNCE_MS);
    }
    async render() {
        const panel = this.panel, editor = this.editor;
        if (!panel || !editor)
            return;
        const generation = ++this.generation;
        const source = editor.document.uri.toString();
        let state;
        try {
            const params = {
                textDocument: { uri: this.connection.uri(editor.document.uri) },
                position: editor.selection.active,
            };
            const data = await this.connection.request(protocol_1.PLOT_REQUEST, params);
            if (data.cases.length === 0) {
                const why = (0, views_1.describeDiagnostics)(data.diagnostics);
                state = {
                    source,
                    data,
                    message: `Put the cursor in a meta_schedule to plot its estimate${why.length ? ` (${why.join('; ')})` : ''}.`,
                };
            }
            else {
                const chart = (0, plotSpec_1.chartSpec)(data);
                state = chart ? { source, data, chart } : { source, data, message: `No block size fits ${data.gpu}.` };
            }
        }
        catch (error) {
            state = { source, message: `The server failed: ${error.message}` };
        }
        if (generation !== this.generation || panel !== this.panel)
            return; // a newer rendering is under way
        this.state = state;
        panel.webview.html = page(state, panel.webview, this.dist);
    }
    dispose() {
        clearTimeout(this.timer);
        this.panel?.dispose();
        for (const d of this.disposables)
            d.dispose();
    }
}
exports.EstimatePlot = EstimatePlot;
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The panel's page: the chart (Chart.js and ./webview/plotView from the extension's dist/) filling
 * the panel, or a message. Scripts only from there, with this page's nonce. */
function page(state, webview, dist) {
    const nonce = Array.from({ length: 4 }, () => Math.random().toString(36).slice(2)).join('');
    const script = (file) => `<script nonce="${nonce}" src="${webview.asWebviewUri(vscode_1.Uri.joinPath(dist, file))}"></script>`;
    const body = state.chart
        ? `<div id="frame"><canvas id="chart" role="img" aria-label="estimated time by block size"></canvas></div>
<script id="spec" type="application/json">${JSON.stringify(state.chart).replace(/</g, '\\u003c')}</script>
${script('chart.umd.js')}${script('plotView.js')}`
        : `<p>${escape(state.message ?? '')}</p>`;
    return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}' ${webview.cspSource};">
<style>
  html, body { height: 100%; margin: 0; }
  body { color: var(--vscode-editor-foreground); font-family: var(--vscode-font-family); font-size: 12px; padding: 8px 12px; box-sizing: border-box; }
  #frame { position: relative; width: 100%; height: calc(100vh - 16px); }
</style>
</head><body>${body}</body></html>`;
}
//# sourceMappingURL=plot.js.map