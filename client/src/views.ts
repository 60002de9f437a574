// The live read-only views beside a source document: the generated CUDA (`metafork-cuda:`), a
// translation (`metafork-translation:`) and the case discussion of the comprehensive optimization
// (`metafork-cases:`). Each view's URI carries its source document's URI in the query; the
// content comes from the server's `metafork/cuda`, `metafork/translate` and `metafork/optimize`
// requests and is rendered again ~150 ms after the last edit of the source, after a change of
// the `metafork.cuda` settings (CUDA and cases) and after a restart of the server.

import {
  CancellationToken, Disposable, EventEmitter, TextDocument, TextDocumentContentProvider, Uri, ViewColumn,
  languages, window, workspace,
} from 'vscode';
import {
  CASES_SCHEME,
  CUDA_REQUEST,
  CUDA_SCHEME,
  CudaParams,
  CudaResult,
  OPTIMIZE_REQUEST,
  OptimizeParams,
  OptimizeResult,
  TRANSLATE_REQUEST,
  TRANSLATION_SCHEME,
  TranslateParams,
  TranslateResult,
} from '../../shared/protocol';
import { DIALECT_LABELS, Dialect } from '../../shared/dialects';
import { SETTINGS_SECTION } from '../../shared/settings';
import type { MetaforkConnection } from './connection';
import { readSettings } from './settings';

type Diagnostic = CudaResult['diagnostics'][number];

const DEBOUNCE_MS = 150;
const DIALECTS = Object.keys(DIALECT_LABELS) as Dialect[];

/** Whether a document's text holds a `meta_schedule` (the CUDA, case and plot views need one). */
export function holdsSchedule(document: TextDocument): boolean {
  return /\bmeta_schedule\b/.test(document.getText());
}

export function cudaViewUri(source: Uri): Uri {
  return Uri.from({ scheme: CUDA_SCHEME, path: `${source.path}.cu`, query: source.toString() });
}

export function translationViewUri(source: Uri, dialect: Dialect, languageId: string): Uri {
  const extension = languageId === 'cpp' ? 'cpp' : 'c';
  return Uri.from({
    scheme: TRANSLATION_SCHEME,
    path: `${source.path}.${dialect}.${extension}`,
    query: source.toString(),
  });
}

export function casesViewUri(source: Uri): Uri {
  return Uri.from({ scheme: CASES_SCHEME, path: `${source.path}.cases`, query: source.toString() });
}

export function sourceOfView(view: Uri): Uri {
  return Uri.parse(view.query, true);
}

function dialectOfView(view: Uri): Dialect | undefined {
  const match = /\.(\w+)\.(?:c|cpp)$/.exec(view.path);
  return match && DIALECTS.includes(match[1] as Dialect) ? match[1] as Dialect : undefined;
}

const VIEW_SCHEMES = [CUDA_SCHEME, TRANSLATION_SCHEME, CASES_SCHEME];
const isView = (uri: Uri) => VIEW_SCHEMES.includes(uri.scheme);
/** Views that depend on the `metafork.cuda` settings (memory mode, nvcc). */
const usesCudaSettings = (uri: Uri) => uri.scheme === CUDA_SCHEME || uri.scheme === CASES_SCHEME;

/** `LINE:COL: message` (1-based) for each error, or every finding when none is an error. */
export function describeDiagnostics(diagnostics: Diagnostic[]): string[] {
  const errors = diagnostics.filter(d => d.severity === 1);
  return (errors.length ? errors : diagnostics).map(
    d =>
      `${d.range.start.line + 1}:${d.range.start.character + 1}: ${(typeof d.message === 'string' ? d.message : d.message.value).replace(/\s*\n\s*/g, ' ')}`,
  );
}

export class LiveViews implements TextDocumentContentProvider, Disposable {
  private readonly changeEmitter = new EventEmitter<Uri>();
  readonly onDidChange = this.changeEmitter.event;
  /** The last output generated without errors, per view (shown, marked stale, after a failure). */
  private readonly lastGood = new Map<string, string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Renders again because the server answered for an older version (bounded per view). */
  private readonly retries = new Map<string, number>();
  private readonly disposables: Disposable[];

  constructor(private readonly connection: MetaforkConnection) {
    this.disposables = [
      this.changeEmitter,
      workspace.registerTextDocumentContentProvider(CUDA_SCHEME, this),
      workspace.registerTextDocumentContentProvider(TRANSLATION_SCHEME, this),
      workspace.registerTextDocumentContentProvider(CASES_SCHEME, this),
      workspace.onDidChangeTextDocument(event => {
        if (isView(event.document.uri) || event.contentChanges.length === 0) return;
        for (const view of this.openViews(event.document.uri)) this.schedule(view);
      }),
      workspace.onDidCloseTextDocument(document => {
        if (!isView(document.uri)) return;
        const key = document.uri.toString();
        this.lastGood.delete(key);
        this.retries.delete(key);
        clearTimeout(this.timers.get(key));
        this.timers.delete(key);
      }),
      workspace.onDidChangeConfiguration(event => {
        if (event.affectsConfiguration(`${SETTINGS_SECTION}.cuda`)) {
          for (const view of this.openViews()) if (usesCudaSettings(view)) this.changeEmitter.fire(view);
        }
      }),
      connection.onDidRestart(() => { for (const view of this.openViews()) this.changeEmitter.fire(view); }),
    ];
  }

  /** The views open in the editor (of one source document, when given). */
  openViews(source?: Uri): Uri[] {
    const sourceKey = source?.toString();
    return workspace.textDocuments
      .map(d => d.uri)
      .filter(uri => isView(uri) && (!sourceKey || uri.query === sourceKey));
  }

  async showCuda(source: TextDocument): Promise<void> {
    await this.show(cudaViewUri(source.uri), 'cuda-cpp');
  }

  async showTranslation(source: TextDocument, dialect: Dialect): Promise<void> {
    await this.show(
      translationViewUri(source.uri, dialect, source.languageId),
      source.languageId === 'cpp' ? 'cpp' : 'c',
    );
  }

  async showCases(source: TextDocument): Promise<void> {
    // Its own language: wrapped lines (configurationDefaults), folding by indentation.
    await this.show(casesViewUri(source.uri), 'metafork-cases');
  }

  private async show(view: Uri, languageId: string): Promise<void> {
    const wasOpen = workspace.textDocuments.some(d => d.uri.toString() === view.toString());
    let document = await workspace.openTextDocument(view);
    // An already open view may hold an older rendering (e.g. made while its source was closed).
    if (wasOpen) this.changeEmitter.fire(view);
    if (document.languageId !== languageId) {
      document = await languages.setTextDocumentLanguage(document, languageId).then(d => d, () => document);
    }
    const visible = window.visibleTextEditors.find(e => e.document.uri.toString() === view.toString());
    await window.showTextDocument(document, {
      viewColumn: visible?.viewColumn ?? ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    });
  }

  private schedule(view: Uri): void {
    const key = view.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      this.changeEmitter.fire(view);
    }, DEBOUNCE_MS));
  }

  async provideTextDocumentContent(view: Uri, token: CancellationToken): Promise<string> {
    const key = view.toString();
    const dialect = view.scheme === TRANSLATION_SCHEME ? dialectOfView(view) : undefined;
    const what =
      view.scheme === CUDA_SCHEME
        ? 'CUDA generation'
        : view.scheme === CASES_SCHEME
          ? 'Comprehensive optimization'
          : `Translation to ${dialect ? DIALECT_LABELS[dialect] : view.path}`;
    const failed = (lines: string[]) => this.failure(what, lines, this.lastGood.get(key));
    if (view.scheme === TRANSLATION_SCHEME && !dialect) return failed(['unknown dialect in the view name']);
    let source: TextDocument;
    try {
      source = await workspace.openTextDocument(sourceOfView(view));
    } catch (error) {
      return failed([`cannot open ${view.query}: ${(error as Error).message}`]);
    }
    if (!this.connection.handles(source)) {
      return failed([
        `the MetaFork server is not attached to ${source.languageId} documents (setting metafork.enableForCAndCpp)`,
      ]);
    }
    const textDocument = { uri: this.connection.uri(source.uri) };
    let result: CudaResult | TranslateResult | OptimizeResult;
    try {
      result =
        view.scheme === CUDA_SCHEME
          ? await this.connection.request<CudaResult>(
              CUDA_REQUEST,
              { textDocument, memory: readSettings().cuda.memory } satisfies CudaParams,
              token,
            )
          : view.scheme === CASES_SCHEME
            ? await this.connection.request<OptimizeResult>(
                OPTIMIZE_REQUEST,
                { textDocument } satisfies OptimizeParams,
                token,
              )
            : await this.connection.request<TranslateResult>(
                TRANSLATE_REQUEST,
                { textDocument, to: dialect! } satisfies TranslateParams,
                token,
              );
    } catch (error) {
      return failed([`the server failed: ${(error as Error).message}`]);
    }
    // The server answers for the text it holds; when that was older than the document, ask again.
    const retries = this.retries.get(key) ?? 0;
    if (typeof result.version === 'number' && result.version < source.version && retries < 3) {
      this.retries.set(key, retries + 1);
      this.schedule(view);
    } else {
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
  private failure(what: string, lines: string[], stale: string | undefined): string {
    const header = (lines.length ? lines : ['no output and no reason given']).map(
      line => `// ${what} stopped: ${line}`,
    );
    if (stale === undefined) return `${header.join('\n')}\n`;
    return `${header.join('\n')}\n// STALE: the last output without errors follows; it does not reflect the current source.\n\n${stale}`;
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const d of this.disposables) d.dispose();
  }
}
