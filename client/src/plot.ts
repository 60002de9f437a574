// The plot beside the source: for the schedule under the cursor, the estimated time of
// each case of its comprehensive optimization against the block size, on the GPU of the setting
// `metafork.cuda.gpu`; points the case's constraints allow are filled, the others hollow, and the
// point the dispatcher's ranking would choose is ringed. The data comes from the server
// (`metafork/plot`) and the picture is SVG drawn here; it follows the cursor, edits and settings.

import { Disposable, TextEditor, ViewColumn, WebviewPanel, window, workspace } from 'vscode';
import { PLOT_REQUEST, PlotParams, PlotResult } from '../../shared/protocol';
import { SETTINGS_SECTION } from '../../shared/settings';
import type { MetaforkConnection } from './connection';
import { describeDiagnostics } from './views';

const DEBOUNCE_MS = 300;
const COLORS = [
  '--vscode-charts-blue', '--vscode-charts-orange', '--vscode-charts-green', '--vscode-charts-purple',
  '--vscode-charts-red',
];

/** What the panel shows now (the tests read it through the command `metafork.plotState`). */
export interface PlotState { source?: string; data?: PlotResult; svg?: string; message?: string }

export class EstimatePlot implements Disposable {
  private panel?: WebviewPanel;
  private timer?: ReturnType<typeof setTimeout>;
  private readonly disposables: Disposable[];
  /** The editor the plot follows (the last active editor the server handles). */
  private editor?: TextEditor;
  private generation = 0;
  state: PlotState = {};

  constructor(private readonly connection: MetaforkConnection) {
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
        { enableScripts: false },
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
        state = { source, data, svg: drawPlot(data) };
      }
    } catch (error) {
      state = { source, message: `The server failed: ${(error as Error).message}` };
    }
    if (generation !== this.generation || panel !== this.panel) return; // a newer rendering is under way
    this.state = state;
    panel.webview.html = page(state);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const micro = (us: number) => (us >= 1000 ? `${(us / 1000).toPrecision(3)} ms` : `${us.toPrecision(3)} µs`);

function page(state: PlotState): string {
  const body = state.svg ?? `<p>${escape(state.message ?? '')}</p>`;
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<style>body { color: var(--vscode-editor-foreground); font-family: var(--vscode-font-family); font-size: 12px; } svg text { fill: var(--vscode-editor-foreground); }</style>
</head><body>${body}</body></html>`;
}

/** The SVG: threads per block on a log2 axis, estimated time on a log10 axis, a line per case. */
export function drawPlot(d: PlotResult): string {
  const W = 640, H = 380, left = 70, right = 20, top = 40, bottom = 120;
  const points = d.cases.flatMap(c => c.points.filter(p => p.microseconds !== null));
  if (points.length === 0) return `<p>No block size fits ${escape(d.gpu)}.</p>`;
  const xs = points.map(p => Math.log2(p.threads)), ys = points.map(p => Math.log10(p.microseconds!));
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)],
    [y0, y1] = [Math.floor(Math.min(...ys)), Math.ceil(Math.max(...ys) + 1e-9)];
  const X = (t: number) => left + (x1 > x0 ? ((Math.log2(t) - x0) / (x1 - x0)) : 0.5) * (W - left - right);
  const Y = (us: number) => top + (1 - (Math.log10(us) - y0) / Math.max(y1 - y0, 1)) * (H - top - bottom);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" style="max-width: ${W * 1.5}px" role="img" aria-label="estimated time by block size">`,
  ];
  const values = Object.entries(d.values)
    .map(([k, v]) => `${k} = ${v}${d.assumed.includes(k) ? ' (assumed)' : ''}`)
    .join(', ');
  out.push(`<text x="${left}" y="18" font-weight="bold">Estimated time by block size on ${escape(d.gpu)}</text>`);
  if (values) out.push(`<text x="${left}" y="32">at ${escape(values)}</text>`);
  const axis = 'stroke="var(--vscode-editor-foreground)" stroke-opacity="0.5"';
  out.push(
    `<line x1="${left}" y1="${H - bottom}" x2="${W - right}" y2="${H - bottom}" ${axis}/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${H - bottom}" ${axis}/>`,
  );
  for (let e = y0; e <= y1; e++) {
    const y = Y(10 ** e);
    out.push(
      `<line x1="${left - 4}" y1="${y}" x2="${W - right}" y2="${y}" ${axis} stroke-dasharray="2 4"/>`,
      `<text x="${left - 8}" y="${y + 4}" text-anchor="end">${micro(10 ** e)}</text>`,
    );
  }
  const ticks = new Map<number, string>();
  for (const p of points) ticks.set(p.threads, Object.values(p.block).join('×'));
  for (const [t, label] of ticks)
    out.push(`<text x="${X(t)}" y="${H - bottom + 16}" text-anchor="middle">${escape(label)}</text>`);
  out.push(
    `<text x="${(left + W - right) / 2}" y="${H - bottom + 32}" text-anchor="middle">${escape(d.blockParameters.join(' × ') || 'block')} (threads per block, log scale)</text>`,
  );
  d.cases.forEach((c, i) => {
    const color = `var(${COLORS[i % COLORS.length]})`;
    const line = c.points
      .filter(p => p.microseconds !== null)
      .map(p => `${X(p.threads)},${Y(p.microseconds!)}`)
      .join(' ');
    if (line) out.push(`<polyline points="${line}" fill="none" stroke="${color}" stroke-width="1.5"/>`);
    for (const p of c.points) {
      if (p.microseconds === null) continue;
      out.push(
        `<circle cx="${X(p.threads)}" cy="${Y(p.microseconds)}" r="3.5" stroke="${color}" fill="${p.fits ? color : 'none'}"><title>case ${c.index}, ${escape(
          Object.entries(p.block)
            .map(([k, v]) => `${k} = ${v}`)
            .join(', '),
        )}: ${micro(p.microseconds)}${p.fits ? '' : ' (its constraints do not hold here)'}</title></circle>`,
      );
    }
    out.push(
      `<circle cx="${left + 6}" cy="${H - bottom + 52 + 16 * i}" r="4" fill="${color}"/>`,
      `<text x="${left + 16}" y="${H - bottom + 56 + 16 * i}">case ${c.index}: ${escape(c.summary)}</text>`,
    );
  });
  if (d.chosen) {
    const { threads, microseconds } = d.chosen;
    out.push(
      `<circle cx="${X(threads)}" cy="${Y(microseconds)}" r="9" fill="none" stroke="var(--vscode-editor-foreground)" stroke-width="2"/>`,
    );
    out.push(
      `<text x="${X(threads) + 12}" y="${Y(microseconds) - 10}">chosen: case ${d.chosen.case}, ${escape(Object.values(d.chosen.block).join('×'))}, ${micro(microseconds)}</text>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
