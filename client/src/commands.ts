// The commands of COMMANDS (shared/protocol.ts): whole-file translation as one undoable edit, the
// live CUDA, translation and case-discussion views, the estimate plot, and the `.cu` of the
// comprehensive optimization saved to a file. Each takes an optional source URI (a string, as code lenses
// and code actions pass it, or a Uri); without one it works on the active editor.

import {
  Disposable,
  QuickPickItem,
  Range,
  TextDocument,
  Uri,
  WorkspaceEdit,
  commands,
  window,
  workspace,
} from 'vscode';
import {
  COMMANDS,
  OPTIMIZE_REQUEST,
  OptimizeParams,
  OptimizeResult,
  TRANSLATE_REQUEST,
  TranslateParams,
  TranslateResult,
} from '../../shared/protocol';
import { DIALECT_LABELS, Dialect } from '../../shared/dialects';
import type { MetaforkConnection } from './connection';
import { LiveViews, describeDiagnostics } from './views';
import type { EstimatePlot } from './plot';

/** Not in the palette: what the estimate plot shows now (the extension-host tests read it). */
export const PLOT_STATE_COMMAND = 'metafork.plotState';

/** The status bar item's command (not in the palette): the CUDA view for a file with a
 * `meta_schedule`, otherwise the pick of a translation. */
export const STATUS_BAR_COMMAND = 'metafork.statusBarAction';

const DIALECTS = Object.keys(DIALECT_LABELS) as Dialect[];

export function registerCommands(connection: MetaforkConnection, views: LiveViews, plot: EstimatePlot): Disposable[] {
  /** The document to work on, synchronised with the server; undefined (after saying why) otherwise. */
  const sourceDocument = async (arg: unknown): Promise<TextDocument | undefined> => {
    let document: TextDocument | undefined;
    if (typeof arg === 'string' || arg instanceof Uri) {
      document = await workspace.openTextDocument(typeof arg === 'string' ? Uri.parse(arg, true) : arg);
    } else {
      document = window.activeTextEditor?.document;
    }
    if (!document) {
      void window.showErrorMessage('MetaFork: open a MetaFork, C or C++ file first.');
      return undefined;
    }
    if (!connection.handles(document)) {
      const hint = ['c', 'cpp'].includes(document.languageId) ? ' (the setting metafork.enableForCAndCpp is off)' : '';
      void window.showErrorMessage(`MetaFork: the server does not handle ${document.languageId} documents${hint}.`);
      return undefined;
    }
    return document;
  };

  const translate = async (to: Dialect, arg: unknown) => {
    const document = await sourceDocument(arg);
    if (!document) return;
    const name = workspace.asRelativePath(document.uri);
    const version = document.version;
    let result: TranslateResult;
    try {
      const params: TranslateParams = { textDocument: { uri: connection.uri(document.uri) }, to };
      result = await connection.request<TranslateResult>(TRANSLATE_REQUEST, params);
    } catch (error) {
      void window.showErrorMessage(
        `MetaFork: translation to ${DIALECT_LABELS[to]} failed: ${(error as Error).message}`,
      );
      return;
    }
    if (typeof result.text !== 'string') {
      const reasons = describeDiagnostics(result.diagnostics ?? []);
      void window.showErrorMessage(
        `MetaFork: ${name} cannot be translated to ${DIALECT_LABELS[to]}: ${reasons.join('; ') || 'no reason given'}`,
      );
      return;
    }
    if (document.version !== version || result.version !== version) {
      void window.showWarningMessage(`MetaFork: ${name} changed during the translation; run the command again.`);
      return;
    }
    const text = document.getText();
    if (result.text === text) {
      void window.showInformationMessage(`MetaFork: ${name} is unchanged by the translation to ${DIALECT_LABELS[to]}.`);
      return;
    }
    const edit = new WorkspaceEdit();
    edit.replace(document.uri, new Range(document.positionAt(0), document.positionAt(text.length)), result.text);
    if (!await workspace.applyEdit(edit)) {
      void window.showErrorMessage(`MetaFork: the translation of ${name} could not be applied.`);
      return;
    }
    const notes = (result.diagnostics ?? []).filter(d => d.severity !== 1);
    if (notes.length) {
      void window.showInformationMessage(
        `MetaFork: translated ${name} to ${DIALECT_LABELS[to]}; ${describeDiagnostics(notes).join('; ')}`,
      );
    }
  };

  const pickDialect = async (document: TextDocument): Promise<Dialect | undefined> => {
    // MetaFork sources are most often shown as OpenMP or CilkPlus; C and C++ sources as MetaFork.
    const order: Dialect[] =
      document.languageId === 'metafork' ? ['openmp', 'cilkplus', 'metafork'] : ['metafork', 'openmp', 'cilkplus'];
    const items: (QuickPickItem & { dialect: Dialect })[] = order.map(dialect => ({
      label: DIALECT_LABELS[dialect],
      description: `show ${workspace.asRelativePath(document.uri)} translated to ${DIALECT_LABELS[dialect]}`,
      dialect,
    }));
    const picked = await window.showQuickPick(items, {
      title: 'MetaFork: Show translation',
      placeHolder: 'Translate to',
    });
    return picked?.dialect;
  };

  /** A command that opens one of the views of the source document. */
  const viewCommand = (show: (document: TextDocument) => Promise<void>) => async (arg?: unknown) => {
    const document = await sourceDocument(arg);
    if (document) await show(document);
  };
  const showCuda = viewCommand(document => views.showCuda(document));

  const showTranslation = async (arg?: unknown, dialect?: unknown) => {
    const document = await sourceDocument(arg);
    if (!document) return;
    const to =
      typeof dialect === 'string' && DIALECTS.includes(dialect as Dialect)
        ? (dialect as Dialect)
        : await pickDialect(document);
    if (to) await views.showTranslation(document, to);
  };

  const saveOptimizedCuda = async (arg?: unknown, target?: unknown) => {
    const document = await sourceDocument(arg);
    if (!document) return;
    const name = workspace.asRelativePath(document.uri);
    let result: OptimizeResult;
    try {
      result = await connection.request<OptimizeResult>(OPTIMIZE_REQUEST, {
        textDocument: { uri: connection.uri(document.uri) },
      } satisfies OptimizeParams);
    } catch (error) {
      void window.showErrorMessage(`MetaFork: the optimization of ${name} failed: ${(error as Error).message}`);
      return;
    }
    if (typeof result.cuda !== 'string') {
      const reasons = describeDiagnostics(result.diagnostics ?? []);
      void window.showErrorMessage(
        `MetaFork: no optimized CUDA for ${name}: ${reasons.join('; ') || 'no schedule has a case'}`,
      );
      return;
    }
    const file =
      typeof target === 'string'
        ? Uri.parse(target, true)
        : target instanceof Uri
          ? target
          : await window.showSaveDialog({
              defaultUri: document.uri.with({ path: document.uri.path.replace(/\.[^./]*$/, '') + '.cu' }),
              filters: { CUDA: ['cu'] },
              title: 'MetaFork: Save optimized CUDA',
            });
    if (!file) return;
    await workspace.fs.writeFile(file, new TextEncoder().encode(result.cuda));
    const cases = result.schedules.map(s => s.cases.length).join(' + ');
    void window.showInformationMessage(
      `MetaFork: wrote ${workspace.asRelativePath(file)}: ${cases} case(s) and a dispatcher that picks one for the device at run time.`,
    );
  };

  return [
    commands.registerCommand(COMMANDS.translateToMetafork, (arg?: unknown) => translate('metafork', arg)),
    commands.registerCommand(COMMANDS.translateToOpenmp, (arg?: unknown) => translate('openmp', arg)),
    commands.registerCommand(COMMANDS.translateToCilkplus, (arg?: unknown) => translate('cilkplus', arg)),
    commands.registerCommand(COMMANDS.showCuda, showCuda),
    commands.registerCommand(COMMANDS.showTranslation, showTranslation),
    commands.registerCommand(COMMANDS.showCases, viewCommand(document => views.showCases(document))),
    commands.registerCommand(COMMANDS.saveOptimizedCuda, saveOptimizedCuda),
    commands.registerCommand(COMMANDS.showPlot, async () => {
      const editor = window.activeTextEditor;
      if (!editor || !await sourceDocument(editor.document.uri)) return;
      plot.show(editor);
    }),
    commands.registerCommand(PLOT_STATE_COMMAND, () => plot.state),
    commands.registerCommand(STATUS_BAR_COMMAND, async () => {
      const document = window.activeTextEditor?.document;
      if (document?.getText().includes('meta_schedule')) await showCuda();
      else await showTranslation();
    }),
  ];
}
