// The commands of COMMANDS (shared/protocol.ts): whole-file translation as one undoable edit, the
// live CUDA, translation and case-discussion views, the estimate plot, the `.cu` of the
// comprehensive optimization saved to a file, the server restarted and its output shown. Each takes
// an optional source URI (a string, as code lenses and code actions pass it, or a Uri); without one
// it works on the active editor. What a command cannot do is said with a way to the cause.

import {
  Disposable,
  QuickPickItem,
  Range,
  Selection,
  TextDocument,
  TextEditorRevealType,
  ConfigurationTarget,
  Uri,
  WorkspaceEdit,
  commands,
  window,
  workspace,
} from 'vscode';
import {
  ANALYZE_REQUEST,
  AnalyzeParams,
  COMMANDS,
  CostEstimateResult,
  DIALECTS_REQUEST,
  DialectsParams,
  DialectsResult,
  OPTIMIZE_REQUEST,
  OptimizeParams,
  OptimizeResult,
  TRANSLATE_REQUEST,
  TranslateParams,
  TranslateResult,
} from '../../shared/protocol';
import { DIALECT_LABELS, Dialect } from '../../shared/dialects';
import type { MetaforkConnection } from './connection';
import { LiveViews, describeDiagnostics, holdsSchedule } from './views';
import type { EstimatePlot } from './plot';
import type { CaseTree } from './cases';
import { MESSAGES_COMMAND, type MessageAction, type Output } from './output';

/** Not in the palette: what the estimate plot shows now (the extension-host tests read it). */
export const PLOT_STATE_COMMAND = 'metafork.plotState';

/** The status bar item's command (not in the palette): the CUDA view for a file with a
 * `meta_schedule`, otherwise the pick of a translation. */
export const STATUS_BAR_COMMAND = 'metafork.statusBarAction';

/** Not in the palette: the dialects the translation pick offers for a document (the tests read it). */
export const TRANSLATION_TARGETS_COMMAND = 'metafork.translationTargets';

const DIALECTS = Object.keys(DIALECT_LABELS) as Dialect[];

type Diagnostic = TranslateResult['diagnostics'][number];

export function registerCommands(
  connection: MetaforkConnection, views: LiveViews, plot: EstimatePlot, output: Output, cases: CaseTree,
): Disposable[] {
  /** The findings that stop a command, said in full in the output and shortened in the message,
   * with "Go to L:C" (the first of them, selected in its document) and "Show all". */
  const refused = (document: TextDocument, what: string, diagnostics: Diagnostic[]) => {
    const reasons = describeDiagnostics(diagnostics);
    const first = diagnostics.find(d => d.severity === 1) ?? diagnostics[0];
    for (const reason of reasons) output.log(`  ${workspace.asRelativePath(document.uri)}:${reason}`);
    const actions: MessageAction[] = [];
    if (first) {
      const at = first.range.start;
      actions.push({
        title: `Go to ${at.line + 1}:${at.character + 1}`,
        run: async () => {
          const editor = await window.showTextDocument(document);
          editor.selection = new Selection(first.range.start.line, first.range.start.character, first.range.end.line, first.range.end.character);
          editor.revealRange(editor.selection, TextEditorRevealType.InCenterIfOutsideViewport);
        },
      });
    }
    if (reasons.length > 1) actions.push({ title: 'Show all', run: () => output.channel.show(true) });
    const more = reasons.length > 1 ? ` (and ${reasons.length - 1} more)` : '';
    output.tell('error', `MetaFork: ${what}: ${reasons[0] ?? 'no reason given'}${more}`, actions);
  };

  /** The dialects the translation pick offers: all but the file's only dialect (nothing to do there). */
  const translationTargets = async (document: TextDocument): Promise<Dialect[]> => {
    // MetaFork sources are most often shown as OpenMP or CilkPlus; C and C++ sources as MetaFork.
    const order: Dialect[] =
      document.languageId === 'metafork' ? ['openmp', 'cilkplus', 'metafork'] : ['metafork', 'openmp', 'cilkplus'];
    let used: Dialect[] = [];
    try {
      const params: DialectsParams = { textDocument: { uri: connection.uri(document.uri) } };
      used = (await connection.request<DialectsResult>(DIALECTS_REQUEST, params)).dialects;
    } catch (error) {
      output.log(`the dialects of ${workspace.asRelativePath(document.uri)} are unknown: ${(error as Error).message}`);
    }
    return order.filter(d => !(used.length === 1 && used[0] === d));
  };

  /** The document to work on, synchronised with the server; undefined (after saying why) otherwise. */
  const sourceDocument = async (arg: unknown): Promise<TextDocument | undefined> => {
    let document: TextDocument | undefined;
    if (typeof arg === 'string' || arg instanceof Uri) {
      document = await workspace.openTextDocument(typeof arg === 'string' ? Uri.parse(arg, true) : arg);
    } else {
      document = window.activeTextEditor?.document;
    }
    if (!document) {
      output.tell('error', 'MetaFork: open a MetaFork, C or C++ file first.');
      return undefined;
    }
    if (!connection.handles(document)) {
      const setting = ['c', 'cpp'].includes(document.languageId);
      output.tell(
        'error',
        `MetaFork: the server does not handle ${document.languageId} documents${setting ? ' (the setting metafork.enableForCAndCpp is off)' : ''}.`,
        setting ? [{ title: 'Open the setting', run: () => commands.executeCommand('workbench.action.openSettings', 'metafork.enableForCAndCpp') }] : [],
      );
      return undefined;
    }
    return document;
  };

  /** Whether the document has a schedule to generate CUDA for; else says so, and how to get one. */
  const hasSchedule = (document: TextDocument, what: string): boolean => {
    if (holdsSchedule(document)) return true;
    output.tell(
      'info',
      `MetaFork: ${workspace.asRelativePath(document.uri)} has no meta_schedule, so there is no ${what}. To offload a loop nest to the GPU, put the cursor on its 'for' and pick "Offload this loop nest to the GPU" among the refactorings (Ctrl+Shift+R), or run 'metafork tile' on the file.`,
      [{ title: 'Show a translation instead', run: () => showTranslation(document.uri) }],
    );
    return false;
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
      output.tell('error', `MetaFork: translation to ${DIALECT_LABELS[to]} failed: ${(error as Error).message}`, [
        { title: 'Show output', run: () => output.channel.show(true) },
      ]);
      return;
    }
    if (typeof result.text !== 'string') {
      refused(document, `${name} cannot be translated to ${DIALECT_LABELS[to]}`, result.diagnostics ?? []);
      return;
    }
    if (document.version !== version || result.version !== version) {
      output.tell('warning', `MetaFork: ${name} changed during the translation; run the command again.`);
      return;
    }
    const text = document.getText();
    if (result.text === text) {
      output.tell('info', `MetaFork: ${name} is unchanged by the translation to ${DIALECT_LABELS[to]}.`);
      return;
    }
    const edit = new WorkspaceEdit();
    edit.replace(document.uri, new Range(document.positionAt(0), document.positionAt(text.length)), result.text);
    if (!await workspace.applyEdit(edit)) {
      output.tell('error', `MetaFork: the translation of ${name} could not be applied.`);
      return;
    }
    const notes = (result.diagnostics ?? []).filter(d => d.severity !== 1);
    if (notes.length) {
      output.tell(
        notes.some(d => d.severity === 2) ? 'warning' : 'info',
        `MetaFork: translated ${name} to ${DIALECT_LABELS[to]}; ${describeDiagnostics(notes).join('; ')}`,
      );
    }
  };

  const pickDialect = async (document: TextDocument): Promise<Dialect | undefined> => {
    const items: (QuickPickItem & { dialect: Dialect })[] = (await translationTargets(document)).map(dialect => ({
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
  const showCuda = viewCommand(async document => { if (hasSchedule(document, 'CUDA to generate')) await views.showCuda(document); });

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
      output.tell('error', `MetaFork: the optimization of ${name} failed: ${(error as Error).message}`, [
        { title: 'Show output', run: () => output.channel.show(true) },
      ]);
      return;
    }
    if (typeof result.cuda !== 'string') {
      refused(document, `no optimized CUDA for ${name}`, result.diagnostics ?? []);
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
    output.tell(
      'info',
      `MetaFork: wrote ${workspace.asRelativePath(file)}: ${cases} case(s) and a dispatcher that picks one for the device at run time.`,
    );
  };

  /** Picks a value of the schedule under the cursor (assumed ones first) and sets it in
   * `metafork.cuda.values`, which the hover, the lens and the plot then use. */
  const setEstimateValue = async (arg?: unknown, name?: unknown, value?: unknown) => {
    const editor = window.activeTextEditor;
    const document = await sourceDocument(arg ?? editor?.document.uri);
    if (!document || !hasSchedule(document, 'estimate to set a value for')) return;
    const position = editor?.document === document ? editor.selection.active : undefined;
    const params: AnalyzeParams = { textDocument: { uri: connection.uri(document.uri) }, ...(position ? { position } : {}) };
    let result: CostEstimateResult;
    try {
      result = await connection.request<CostEstimateResult>(ANALYZE_REQUEST, params);
    } catch (error) {
      output.tell('error', `MetaFork: the estimate failed: ${(error as Error).message}`);
      return;
    }
    const schedule = result.schedules[0];
    if (!schedule) {
      refused(document, 'no estimate here', result.diagnostics);
      return;
    }
    const config = workspace.getConfiguration('metafork');
    const current = config.get<string[]>('cuda.values') ?? [];
    let chosen = typeof name === 'string' ? name : undefined;
    if (!chosen) {
      const names = Object.keys(schedule.values).sort((a, b) => Number(schedule.assumed.includes(b)) - Number(schedule.assumed.includes(a)));
      const picked = await window.showQuickPick(
        names.map(n => ({
          label: n,
          description: `${schedule.values[n]}${schedule.assumed.includes(n) ? ' (assumed)' : schedule.origins[n] ? ` (${schedule.origins[n]})` : ''}`,
        })),
        { title: 'MetaFork: Set a value for the estimates', placeHolder: 'The value to set (assumed values first)' },
      );
      chosen = picked?.label;
    }
    if (!chosen) return;
    const text = typeof value === 'number' ? String(value) : await window.showInputBox({
      title: `MetaFork: the value of ${chosen} for the estimates`,
      value: String(schedule.values[chosen] ?? ''),
      prompt: 'An integer; empty: forget the value set',
      validateInput: v => (v === '' || /^-?\d+$/.test(v) ? undefined : 'an integer'),
    });
    if (text === undefined) return;
    const values = [...current.filter(v => !v.startsWith(`${chosen}=`)), ...(text === '' ? [] : [`${chosen}=${text}`])];
    await config.update('cuda.values', values, workspace.workspaceFolders?.length ? ConfigurationTarget.Workspace : ConfigurationTarget.Global);
    output.log(`metafork.cuda.values: ${values.join(', ') || '(none)'}`);
  };

  return [
    commands.registerCommand(COMMANDS.translateToMetafork, (arg?: unknown) => translate('metafork', arg)),
    commands.registerCommand(COMMANDS.translateToOpenmp, (arg?: unknown) => translate('openmp', arg)),
    commands.registerCommand(COMMANDS.translateToCilkplus, (arg?: unknown) => translate('cilkplus', arg)),
    commands.registerCommand(COMMANDS.showCuda, showCuda),
    commands.registerCommand(COMMANDS.showTranslation, showTranslation),
    commands.registerCommand(
      COMMANDS.showCases,
      viewCommand(async document => {
        if (!hasSchedule(document, 'case discussion')) return;
        // The tree in the explorer (case → constraints → strategies → kernels) and the text beside.
        await views.showCases(document);
        await cases.show(document);
      }),
    ),
    commands.registerCommand(COMMANDS.saveOptimizedCuda, saveOptimizedCuda),
    commands.registerCommand(COMMANDS.showPlot, async () => {
      const editor = window.activeTextEditor;
      if (!editor || !await sourceDocument(editor.document.uri) || !hasSchedule(editor.document, 'estimate to plot')) return;
      plot.show(editor);
    }),
    commands.registerCommand(COMMANDS.restartServer, async () => {
      try {
        await connection.restart();
        output.tell('info', 'MetaFork: the language server restarted.');
      } catch (error) {
        output.tell('error', `MetaFork: the language server did not start again: ${(error as Error).message}`, [
          { title: 'Show output', run: () => output.channel.show(true) },
        ]);
      }
    }),
    commands.registerCommand(COMMANDS.showOutput, () => output.channel.show(true)),
    commands.registerCommand(COMMANDS.setEstimateValue, setEstimateValue),
    commands.registerCommand(PLOT_STATE_COMMAND, () => plot.state),
    commands.registerCommand(MESSAGES_COMMAND, () => output.said),
    commands.registerCommand(TRANSLATION_TARGETS_COMMAND, async (arg?: unknown) => {
      const document = await sourceDocument(arg);
      return document ? translationTargets(document) : [];
    }),
    commands.registerCommand(STATUS_BAR_COMMAND, async () => {
      const document = window.activeTextEditor?.document;
      if (document && holdsSchedule(document)) await showCuda();
      else await showTranslation();
    }),
  ];
}
