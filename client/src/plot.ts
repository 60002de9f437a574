// The plot beside the source: for the schedule under the cursor, the estimated time of
// each case of its comprehensive optimization against the block size, on the GPU of the setting
// `metafork.cuda.gpu`; points the case's constraints allow are filled, the others hollow, and the
// point the dispatcher's ranking would choose is ringed. The data comes from the server
// (`metafork/plot`), the chart's description from ./plotSpec, and Chart.js draws it in the webview
// (./webview/plotView), filling the panel in the theme's colours; it follows the cursor, edits and
// settings.

import { Disposable, TextEditor, Uri, ViewColumn, Webview, WebviewPanel, window, workspace } from 'vscode';
import { PLOT_REQUEST, PlotParams, PlotResult } from '../../shared/protocol';
import { SETTINGS_SECTION } from '../../shared/settings';
import type { MetaforkConnection } from './connection';
import { describeDiagnostics } from './views';
import { chartSpec, type ChartSpec } from './plotSpec';

const DEBOUNCE_MS = 300;

/** What the panel shows now (the tests read it through the command `metafork.plotState`). */
export interface PlotState { source?: string; data?: PlotResult; chart?: ChartSpec; message?: string }

export class EstimatePlot implements Disposable {
  private panel?: WebviewPanel;
  private timer?: ReturnType<typeof setTimeout>;
  private readonly disposables: Disposable[];
  /** The editor the plot follows (the last active editor the server handles). */
  private editor?: TextEditor;
  private generation = 0;
  state: PlotState = {};

  constructor(private readonly connection: MetaforkConnection, private readonly dist: Uri) {
    this.disposables = [
      window.onDidChangeActiveTextEditor(e => {
        if (e && this.connection.handles(e.document)) {
          this.editor = e;
          this.schedule();
        }
      }),
      window.onDidChangeTextEditorSelection(e => {
        if (e.textEditor === this.editor) this.schedule();
      }),
      workspace.onDidChangeTextDocument(e => {
        if (e.document === this.editor?.document && e.contentChanges.length) this.schedule();
      }),
      workspace.onDidChangeConfiguration(e => {
        if (e.affectsConfiguration(`${SETTINGS_SECTION}.cuda`)) this.schedule();
      }),
      connection.onDidRestart(() => this.schedule()),
    ];
  }

  show(editor: TextEditor): void {
    this.editor = editor;
    if (!this.panel) {
      this.panel = window.createWebviewPanel(
        'metafork.plot',
        'MetaFork: estimate by block size',
        { viewColumn: ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, localResourceRoots: [this.dist], retainContextWhenHidden: false },
      );
      this.panel.onDidDispose(() => { this.panel = undefined; this.state = {}; });
    } else {
      this.panel.reveal(ViewColumn.Beside, true);
    }
    void this.render();
  }

  private schedule(): void {
    if (!this.panel) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.render(), DEBOUNCE_MS);
  }

  private async render(): Promise<void> {
    const panel = this.panel, editor = this.editor;
    if (!panel || !editor) return;
    const generation = ++this.generation;
    const source = editor.document.uri.toString();
    let state: PlotState;
    try {
      const params: PlotParams = {
        textDocument: { uri: this.connection.uri(editor.document.uri) },
        position: editor.selection.active,
      };
      const data = await this.connection.request<PlotResult>(PLOT_REQUEST, params);
      if (data.cases.length === 0) {
        const why = describeDiagnostics(data.diagnostics);
        state = {
          source,
          data,
          message: `Put the cursor in a meta_schedule to plot its estimate${why.length ? ` (${why.join('; ')})` : ''}.`,
        };
      } else {
        const chart = chartSpec(data);
        state = chart ? { source, data, chart } : { source, data, message: `No block size fits ${data.gpu}.` };
      }
    } catch (error) {
      state = { source, message: `The server failed: ${(error as Error).message}` };
    }
    if (generation !== this.generation || panel !== this.panel) return; // a newer rendering is under way
    this.state = state;
    panel.webview.html = page(state, panel.webview, this.dist);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The panel's page: the chart (Chart.js and ./webview/plotView from the extension's dist/) filling
 * the panel, or a message. Scripts only from there, with this page's nonce. */
function page(state: PlotState, webview: Webview, dist: Uri): string {
  const nonce = Array.from({ length: 4 }, () => Math.random().toString(36).slice(2)).join('');
  const script = (file: string) => `<script nonce="${nonce}" src="${webview.asWebviewUri(Uri.joinPath(dist, file))}"></script>`;
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
