// The extension-host tests: the packaged extension, its bundled server and a real VS Code (or
// code-server). Fixtures: test/fixtures/e2e/, copied into the workspace folder by the runner (the
// tests edit them). Assertions follow the protocol contract (shared/protocol.ts) and the server's
// documented behaviour: MF314 on an unjoined spawn, a ```cuda-cpp block with the kernel in the
// hover of a schedule, code actions titled `Translate ...`, live views that follow edits.

import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import {
  CodeAction, CodeLens, ConfigurationTarget, Diagnostic, Hover, MarkdownString, Position, Range, Selection, TextDocument, TextEditor, Uri,
  ViewColumn, WorkspaceEdit, commands, extensions, languages, window, workspace,
} from 'vscode';
import { CASES_SCHEME, COMMANDS, CUDA_SCHEME, TRANSLATION_SCHEME } from '../../../shared/protocol';
import { PLOT_STATE_COMMAND, STATUS_BAR_COMMAND, TRANSLATION_TARGETS_COMMAND } from '../../src/commands';
import { MESSAGES_COMMAND } from '../../src/output';
import { CASES_TREE_COMMAND } from '../../src/cases';
import type { PlotState } from '../../src/plot';

const EXTENSION_ID = 'metafork-studio.metafork-studio';

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** Polls `probe` until it returns something other than undefined; fails with `what` and the last state. */
async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000, describe?: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const detail = describe ? `\n${describe()}` : lastError ? `\nlast error: ${(lastError as Error).message ?? lastError}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
    }
    await sleep(100);
  }
}

const codeOf = (d: Diagnostic) => typeof d.code === 'object' ? String(d.code.value) : String(d.code);
const summary = (ds: readonly Diagnostic[]) => ds.map(d => `${d.range.start.line + 1}:${d.range.start.character + 1} ${codeOf(d)} ${d.message}`).join('\n') || '(none)';

function hoverText(hovers: Hover[]): string {
  return hovers.flatMap(h => h.contents).map(c => typeof c === 'string' ? c : c instanceof MarkdownString ? c.value : (c as { value: string }).value).join('\n');
}

async function replaceAll(document: TextDocument, from: string, to: string): Promise<void> {
  const text = document.getText();
  const edit = new WorkspaceEdit();
  for (let at = text.indexOf(from); at >= 0; at = text.indexOf(from, at + from.length)) {
    edit.replace(document.uri, new Range(document.positionAt(at), document.positionAt(at + from.length)), to);
  }
  assert.ok(edit.size > 0, `'${from}' not found in ${document.uri.fsPath}`);
  assert.ok(await workspace.applyEdit(edit), 'the edit was not applied');
}

/** The position `delta` characters into the first `needle` (write needles that comments do not contain). */
function positionOf(document: TextDocument, needle: string, delta = 0): Position {
  const at = document.getText().indexOf(needle);
  assert.ok(at >= 0, `'${needle}' not found in ${document.uri.fsPath}`);
  return document.positionAt(at + delta);
}

const viewEditor = (scheme: string, source: Uri): TextEditor | undefined =>
  window.visibleTextEditors.find(e => e.document.uri.scheme === scheme && e.document.uri.query === source.toString());

/** Asks the runner (test/e2e/vscode.test.ts) for a screenshot of the window as it is now, when it
 * asked for one in control.json; waits until it is taken. */
async function screenshot(control: string, name: string): Promise<void> {
  let wanted: { screenshots?: boolean } = {};
  try { wanted = JSON.parse(fs.readFileSync(path.join(control, 'control.json'), 'utf8')); } catch { /* no runner listening */ }
  if (!wanted.screenshots) return;
  // The messages of earlier tests would cover the picture.
  await commands.executeCommand('notifications.clearAll');
  await sleep(200);
  const done = path.join(control, `${name}.done`);
  fs.writeFileSync(path.join(control, `${name}.request`), '');
  await waitFor(`the screenshot ${name}`, () => fs.existsSync(done) || undefined, 30_000);
}

export function defineTests(root: Mocha.Suite, folder: string, control: string): void {
  const suite = Mocha.Suite.create(root, 'MetaFork extension');
  const test = (title: string, fn: () => Promise<void>) => suite.addTest(new Mocha.Test(title, fn));
  const fixture = (name: string) => Uri.file(path.join(folder, name));
  const open = async (name: string, column = ViewColumn.One) => {
    const document = await workspace.openTextDocument(fixture(name));
    await window.showTextDocument(document, { viewColumn: column, preview: false });
    return document;
  };

  suite.beforeAll(async () => {
    const extension = extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is not installed`);
    await extension.activate();
  });

  test('the .mfc language and the commands are registered', async () => {
    const document = await open('clean.mfc');
    assert.strictEqual(document.languageId, 'metafork');
    const registered = await commands.getCommands(true);
    for (const id of Object.values(COMMANDS)) assert.ok(registered.includes(id), `command ${id} is not registered`);
  });

  test('macros and #if as the compiler reads them: a finding in a macro argument at the argument, the inactive group greyed', async () => {
    const document = await open('macros.mfc');
    const diagnostics = await waitFor('MF120 on macros.mfc', () => {
      const ds = languages.getDiagnostics(document.uri);
      return ds.some(d => codeOf(d) === 'MF120') ? ds : undefined;
    }, 45_000, () => `diagnostics: ${summary(languages.getDiagnostics(document.uri))}`);
    const missing = diagnostics.find(d => codeOf(d) === 'MF120')!;
    assert.strictEqual(document.getText(missing.range), 'missing', summary(diagnostics));
    const race = diagnostics.find(d => codeOf(d) === 'MF403');
    assert.ok(race, `MF403 on the macro's argument: ${summary(diagnostics)}`);
    assert.strictEqual(document.getText(race.range), 'total', summary(diagnostics));
    await commands.executeCommand('workbench.action.closeOtherEditors');
    await sleep(500);
    await screenshot(control, 'vscode-macros-inactive');
  });

  test('diagnostics: MF314 on a meta_fork that can reach return unjoined', async () => {
    const document = await open('unjoined.mfc');
    const diagnostics = await waitFor('MF314 on unjoined.mfc', () => {
      const ds = languages.getDiagnostics(document.uri);
      return ds.some(d => codeOf(d) === 'MF314') ? ds : undefined;
    }, 45_000, () => `diagnostics: ${summary(languages.getDiagnostics(document.uri))}`);
    const mf314 = diagnostics.find(d => codeOf(d) === 'MF314')!;
    assert.strictEqual(mf314.range.start.line, 7, `MF314 should be on the return (line 8): ${summary(diagnostics)}`);
    assert.match(mf314.message, /meta_join/);
  });

  test('diagnostics: none on a clean file', async () => {
    const clean = await open('clean.mfc');
    // A document opened after it, whose diagnostics show that the server has caught up.
    const probe = await workspace.openTextDocument({ language: 'metafork', content: fs.readFileSync(fixture('unjoined.mfc').fsPath, 'utf8') });
    await waitFor('MF314 on the probe document', () => languages.getDiagnostics(probe.uri).some(d => codeOf(d) === 'MF314') || undefined);
    await sleep(500);
    assert.deepStrictEqual(summary(languages.getDiagnostics(clean.uri)), '(none)');
    await window.showTextDocument(probe);
    await commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('C files: diagnosed while metafork.enableForCAndCpp is on; the setting restarts the server', async () => {
    const document = await open('omp.c');
    assert.strictEqual(document.languageId, 'c');
    const hasMF202 = () => languages.getDiagnostics(document.uri).some(d => codeOf(d) === 'MF202') || undefined;
    const describe = () => `diagnostics: ${summary(languages.getDiagnostics(document.uri))}`;
    await waitFor('MF202 on omp.c', hasMF202, 20_000, describe);
    const config = workspace.getConfiguration('metafork');
    await config.update('enableForCAndCpp', false, ConfigurationTarget.Workspace);
    try {
      await waitFor('the diagnostics of omp.c to go', () => languages.getDiagnostics(document.uri).length === 0 || undefined, 20_000, describe);
      // MetaFork files are still served by the restarted server.
      const unjoined = await open('unjoined.mfc');
      await waitFor('MF314 after the restart', () => languages.getDiagnostics(unjoined.uri).some(d => codeOf(d) === 'MF314') || undefined, 20_000);
      await open('omp.c');
      await sleep(500);
      assert.strictEqual(summary(languages.getDiagnostics(document.uri)), '(none)');
    } finally {
      await config.update('enableForCAndCpp', undefined, ConfigurationTarget.Workspace);
    }
    await waitFor('MF202 on omp.c again', hasMF202, 20_000, describe);
  });

  test('hover on meta_schedule shows the generated kernel', async () => {
    const document = await open('vecadd.mfc');
    const position = positionOf(document, 'meta_schedule {', 3);
    const text = await waitFor('a hover with __global__ on meta_schedule', async () => {
      const hovers = await commands.executeCommand<Hover[]>('vscode.executeHoverProvider', document.uri, position);
      const text = hoverText(hovers ?? []);
      return text.includes('__global__') ? text : undefined;
    }, 20_000, () => 'no hover containing __global__');
    assert.match(text, /```cuda-cpp/);
    assert.match(text, /__global__ void \w+\(/);
    // The picture for CI: the hover as the editor shows it (the estimate, then the kernel).
    const editor = window.activeTextEditor!;
    editor.selection = new Selection(position, position);
    await commands.executeCommand('editor.action.showHover');
    await sleep(1500);
    await screenshot(control, 'vscode-hover');
    await commands.executeCommand('editor.action.hideHover').then(undefined, () => undefined);
  });

  test("quick fix: translate this 'meta_for' to OpenMP", async () => {
    const document = await open('scale.mfc');
    const at = positionOf(document, 'meta_for (', 2);
    let titles: string[] = [];
    const action = await waitFor("the code action Translate this 'meta_for' to OpenMP", async () => {
      const actions = await commands.executeCommand<CodeAction[]>('vscode.executeCodeActionProvider', document.uri, new Range(at, at), undefined, 20);
      titles = (actions ?? []).map(a => a.title);
      return actions?.find(a => a.title.startsWith('Translate') && /meta_for.*OpenMP/.test(a.title));
    }, 20_000, () => `code actions: ${titles.join(' | ') || '(none)'}`);
    if (action.edit) assert.ok(await workspace.applyEdit(action.edit), 'the code action edit was not applied');
    if (action.command) await commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
    const text = document.getText();
    assert.match(text, /#pragma omp parallel for/, text);
    assert.doesNotMatch(text, /meta_for \(/, text);
  });

  test('code action: offload a loop nest to the GPU (a meta_schedule, then its CUDA view); none to apply on a recurrence', async () => {
    const document = await open('loops.mfc');
    const actionsAt = async (needle: string) => {
      const at = positionOf(document, needle, 5);
      return (await commands.executeCommand<CodeAction[]>('vscode.executeCodeActionProvider', document.uri, new Range(at, at), undefined, 20)) ?? [];
    };
    const offload = (actions: CodeAction[]) => actions.find(a => a.title.startsWith('Offload this loop nest to the GPU'));
    let titles: string[] = [];
    const action = await waitFor('the offload action on the parallel nest', async () => {
      const actions = await actionsAt('for (int i = 1; i < n - 1; i++)');
      titles = actions.map(a => a.title);
      return offload(actions);
    }, 20_000, () => `code actions: ${titles.join(' | ') || '(none)'}`);
    // On the recurrence the server offers it disabled (the reason is checked over JSON-RPC in
    // test/lsp/features.test.ts); VS Code lists only actions that can be applied.
    assert.strictEqual(offload(await actionsAt('for (int i = 1; i < n; i++)')), undefined, 'no offload to apply on a recurrence');
    assert.ok(action.edit, 'the resolved action should carry its edit');
    assert.ok(await workspace.applyEdit(action.edit), 'the offload edit was not applied');
    assert.match(document.getText(), /meta_schedule \{\n\s+meta_for \(int v = 0; v < dim; v\+\+\)\n\s+meta_for \(int u = 0; u < B; u\+\+\) \{\n\s+int i = 1 \+ v \* B \+ u;\n\s+if \(i < n - 1\)/);
    assert.match(document.getText(), /for \(int i = 1; i < n; i\+\+\)\n\s+x\[i\] = x\[i - 1\] \+ y\[i\];/, 'the recurrence stays as written');
    if (action.command) await commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
    const view = await waitFor('the CUDA view of the new schedule', () => {
      const e = viewEditor(CUDA_SCHEME, document.uri);
      return e && e.document.getText().includes('__global__ void kernel0') ? e : undefined;
    }, 20_000, () => window.visibleTextEditors.map(e => e.document.uri.toString()).join('\n'));
    assert.match(view.document.getText(), /__global__ void kernel0\(/);
    // No error diagnostics on the rewritten file.
    await waitFor('no errors after the offload', () => languages.getDiagnostics(document.uri).every(d => d.severity !== 0) || undefined, 10_000,
      () => summary(languages.getDiagnostics(document.uri)));
  });

  /** The messages the extension showed after the `before`-th. */
  type Said = { kind: string; message: string; actions: string[] };
  const messagesAfter = async (before: number) => ((await commands.executeCommand<Said[]>(MESSAGES_COMMAND)) ?? []).slice(before);
  const messageCount = async () => ((await commands.executeCommand<Said[]>(MESSAGES_COMMAND)) ?? []).length;
  /** A C file written into the workspace folder and opened. */
  const openWritten = async (name: string, text: string) => {
    fs.writeFileSync(path.join(folder, name), text);
    return open(name);
  };

  test('.mfc files have an icon, packaged with the extension', async () => {
    const extension = extensions.getExtension(EXTENSION_ID)!;
    const language = extension.packageJSON.contributes.languages.find((l: { id: string }) => l.id === 'metafork');
    assert.deepStrictEqual(language.icon, { light: './images/mfc-light.svg', dark: './images/mfc-dark.svg' });
    for (const file of Object.values(language.icon) as string[])
      assert.match(fs.readFileSync(path.join(extension.extensionPath, file), 'utf8'), /^<svg /, `${file} is packaged`);
  });

  test('feedback: the CUDA view, the case discussion and the plot on a file without a schedule say so, with a way on', async () => {
    const clean = await open('clean.mfc');
    for (const command of [COMMANDS.showCuda, COMMANDS.showCases, COMMANDS.showPlot]) {
      const before = await messageCount();
      await commands.executeCommand(command);
      const what = command === COMMANDS.showCuda ? 'CUDA to generate' : command === COMMANDS.showCases ? 'case discussion' : 'estimate to plot';
      assert.deepStrictEqual(await messagesAfter(before), [{
        kind: 'info',
        message: `MetaFork: clean.mfc has no meta_schedule, so there is no ${what}. To offload a loop nest to the GPU, put the cursor on its 'for' and pick "Offload this loop nest to the GPU" among the refactorings (Ctrl+Shift+R), or run 'metafork tile' on the file.`,
        actions: ['Show a translation instead'],
      }]);
    }
    assert.strictEqual(viewEditor(CUDA_SCHEME, clean.uri), undefined, 'no near-empty CUDA view opened');
    assert.strictEqual(viewEditor(CASES_SCHEME, clean.uri), undefined, 'no near-empty case view opened');
  });

  test("the translation pick leaves out a file's only dialect (no CilkPlus to CilkPlus)", async () => {
    const clean = await open('clean.mfc');
    assert.deepStrictEqual(await commands.executeCommand(TRANSLATION_TARGETS_COMMAND, clean.uri), ['openmp', 'cilkplus']);
    const cilk = await openWritten('spawn.c', '#include <cilk/cilk.h>\nint f(int n) {\n  if (n < 2) return n;\n  int x = cilk_spawn f(n - 1);\n  int y = f(n - 2);\n  cilk_sync;\n  return x + y;\n}\n');
    assert.deepStrictEqual(await commands.executeCommand(TRANSLATION_TARGETS_COMMAND, cilk.uri), ['metafork', 'openmp']);
    const omp = await open('omp.c');
    assert.deepStrictEqual(await commands.executeCommand(TRANSLATION_TARGETS_COMMAND, omp.uri), ['metafork', 'cilkplus']);
  });

  test('feedback: a refused whole-file translation says why, with "Go to" the construct; the file is left as it was', async () => {
    const text = '#include <stdio.h>\nint main(void) {\n  int s = 0;\n  #pragma omp parallel\n  {\n    #pragma omp cancel parallel\n    s++;\n  }\n  printf("%d\\n", s);\n  return 0;\n}\n';
    const document = await openWritten('cancel.c', text);
    const before = await messageCount();
    await commands.executeCommand(COMMANDS.translateToMetafork, document.uri);
    const said = await waitFor('the refusal', async () => (await messagesAfter(before))[0], 20_000);
    assert.strictEqual(said.kind, 'error');
    assert.match(said.message, /^MetaFork: cancel\.c cannot be translated to MetaFork: 6:17: '#pragma omp cancel' cannot be translated: cancellation has no MetaFork counterpart$/);
    assert.deepStrictEqual(said.actions, ['Go to 6:17']);
    assert.strictEqual(document.getText(), text);
  });

  test('the restart command: the server stops, starts again and diagnoses as before', async () => {
    const before = await messageCount();
    await commands.executeCommand(COMMANDS.restartServer);
    assert.deepStrictEqual(await messagesAfter(before), [{ kind: 'info', message: 'MetaFork: the language server restarted.', actions: [] }]);
    const unjoined = await open('unjoined.mfc');
    await waitFor('MF314 after the restart', () => languages.getDiagnostics(unjoined.uri).some(d => codeOf(d) === 'MF314') || undefined, 20_000);
  });

  test('command: translate the whole file to OpenMP, as one undoable edit', async () => {
    const document = await open('clean.mfc');
    const original = document.getText();
    await commands.executeCommand(COMMANDS.translateToOpenmp);
    await waitFor('the translated text', () => document.getText().includes('#pragma omp task') || undefined, 10_000,
      () => document.getText());
    assert.match(document.getText(), /#pragma omp taskwait/);
    await commands.executeCommand('undo');
    await waitFor('the undo', () => document.getText() === original || undefined, 5_000, () => document.getText());
  });

  test('translation view follows the source', async () => {
    const source = await open('clean.mfc');
    await commands.executeCommand(COMMANDS.showTranslation, source.uri.toString(), 'cilkplus');
    const editor = await waitFor('the CilkPlus view', () => {
      const e = viewEditor(TRANSLATION_SCHEME, source.uri);
      return e && e.document.getText().includes('cilk_spawn') ? e : undefined;
    }, 20_000, () => `views: ${window.visibleTextEditors.map(e => e.document.uri.toString()).join(', ')}`);
    assert.strictEqual(editor.document.languageId, 'c');
    await replaceAll(source, 'fib(', 'fibonacci(');
    await waitFor('the view to show the renamed function', () => editor.document.getText().includes('cilk_spawn fibonacci(n - 1)') || undefined,
      10_000, () => editor.document.getText());
    await commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
  });

  test('the status bar action: a translation pick without a schedule, the CUDA view with one', async () => {
    const clean = await open('clean.mfc');
    let done = false;
    const picked = commands.executeCommand(STATUS_BAR_COMMAND).then(() => { done = true; });
    // The pick lists OpenMP first for a MetaFork file: accept it once it shows.
    await waitFor('the translation pick to be answered', async () => {
      await commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await sleep(200);
      return done || undefined;
    }, 20_000);
    await picked;
    await waitFor('the OpenMP view', () => viewEditor(TRANSLATION_SCHEME, clean.uri)?.document.getText().includes('#pragma omp taskwait') || undefined, 20_000,
      () => `views: ${window.visibleTextEditors.map(e => e.document.uri.toString()).join(', ')}`);
    await commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
    const vecadd = await open('vecadd.mfc');
    await commands.executeCommand(STATUS_BAR_COMMAND);
    await waitFor('the CUDA view', () => viewEditor(CUDA_SCHEME, vecadd.uri)?.document.getText().includes('__global__') || undefined, 20_000);
    await commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
  });

  test('the code lens over meta_schedule opens the CUDA view', async () => {
    const source = await open('vecadd.mfc');
    let titles: string[] = [];
    const lens = await waitFor('a code lens running metafork.showCuda', async () => {
      const lenses = await commands.executeCommand<CodeLens[]>('vscode.executeCodeLensProvider', source.uri, 10);
      titles = (lenses ?? []).map(l => `${l.command?.title} -> ${l.command?.command}`);
      return lenses?.find(l => l.command?.command === COMMANDS.showCuda);
    }, 20_000, () => `code lenses: ${titles.join(' | ') || '(none)'}`);
    assert.ok(lens.range.start.line <= positionOf(source, 'meta_schedule {').line, 'the lens should sit on the schedule');
    await commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    await waitFor('the CUDA view', () => viewEditor(CUDA_SCHEME, source.uri)?.document.getText().includes('__global__') || undefined, 20_000);
    await commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
  });

  test('CUDA view beside the source, live', async () => {
    const source = await open('vecadd.mfc');
    await commands.executeCommand(COMMANDS.showCuda);
    const describe = () => `views: ${window.visibleTextEditors.map(e => `${e.document.uri.toString()}\n${e.document.getText().slice(0, 600)}`).join('\n---\n')}`;
    const editor = await waitFor('the CUDA view with a kernel', () => {
      const e = viewEditor(CUDA_SCHEME, source.uri);
      return e && e.document.getText().includes('__global__') ? e : undefined;
    }, 20_000, describe);
    const view = editor.document;
    assert.strictEqual(view.languageId, 'cuda-cpp');
    assert.notStrictEqual(editor.viewColumn, window.visibleTextEditors.find(e => e.document === source)?.viewColumn, 'the view should be beside the source');
    assert.strictEqual(window.activeTextEditor?.document.uri.toString(), source.uri.toString(), 'the source should keep the focus');
    assert.match(view.getText(), /__global__ void kernel0\(float \*c, float \*a, float \*b/);

    // Rename the output array: the view follows.
    await replaceAll(source, 'c[', 'total[');
    await waitFor('the view to use the renamed array', () => /__global__ void kernel0\(float \*total,/.test(view.getText()) || undefined, 10_000,
      () => view.getText().slice(0, 1200));
    assert.doesNotMatch(view.getText(), /float \*c,/);

    // Break the schedule (a single meta_for): errors on top, the last good output marked stale.
    await replaceAll(source, 'meta_for (int u', 'for (int u');
    await waitFor('the view to report the error', () => view.getText().startsWith('// CUDA generation stopped: ') || undefined, 10_000,
      () => view.getText().slice(0, 1200));
    assert.match(view.getText(), /^\/\/ CUDA generation stopped: 11:\d+: .*meta_for/);
    assert.match(view.getText(), /STALE/);
    assert.match(view.getText(), /__global__ void kernel0\(float \*total,/);

    // Repair it and change the memory mode: shared-memory tiles appear.
    await replaceAll(source, 'for (int u', 'meta_for (int u');
    await workspace.getConfiguration('metafork').update('cuda.memory', 'shared', ConfigurationTarget.Workspace);
    try {
      await waitFor('shared-memory kernels', () => (!view.getText().startsWith('//') && view.getText().includes('extern __shared__')) || undefined, 10_000,
        () => view.getText().slice(0, 1200));
    } finally {
      await workspace.getConfiguration('metafork').update('cuda.memory', undefined, ConfigurationTarget.Workspace);
    }
    await waitFor('global-memory kernels again', () => (view.getText().includes('__global__') && !view.getText().includes('extern __shared__')) || undefined, 10_000,
      () => view.getText().slice(0, 1200));
    // The picture for CI: the source alone in its group, beside its CUDA view.
    await window.showTextDocument(source, { viewColumn: ViewColumn.One, preserveFocus: false });
    await commands.executeCommand('workbench.action.closeOtherEditors');
    await commands.executeCommand('workbench.action.closeSidebar');
    await sleep(300);
    await screenshot(control, 'vscode-cuda-view');
  });

  test('the "N cases" lens, the live case discussion beside the source, and the optimized .cu saved', async () => {
    const source = await open('reversal.mfc');
    let titles: string[] = [];
    // The cases lens comes unresolved; the provider resolves it (the optimization runs in the server's worker).
    const lens = await waitFor('a resolved "3 cases" lens', async () => {
      const lenses = await commands.executeCommand<CodeLens[]>('vscode.executeCodeLensProvider', source.uri, 10);
      titles = (lenses ?? []).map(l => `${l.command?.title} -> ${l.command?.command}`);
      return lenses?.find(l => l.command?.command === COMMANDS.showCases && /^3 cases/.test(l.command.title));
    }, 30_000, () => `code lenses: ${titles.join(' | ') || '(none)'}`);
    assert.match(lens.command!.title, /^3 cases \(no kernel when R_B < \d+\)$/);
    assert.ok(lens.range.start.line <= positionOf(source, 'meta_schedule {').line, 'the lens should sit on the schedule');

    await commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    const describe = () => `views: ${window.visibleTextEditors.map(e => `${e.document.uri.toString()}\n${e.document.getText().slice(0, 600)}`).join('\n---\n')}`;
    const editor = await waitFor('the case discussion', () => {
      const e = viewEditor(CASES_SCHEME, source.uri);
      return e && /meta_schedule: 3 cases/.test(e.document.getText()) ? e : undefined;
    }, 30_000, describe);
    const view = editor.document;
    assert.notStrictEqual(editor.viewColumn, window.visibleTextEditors.find(e => e.document === source)?.viewColumn, 'the view should be beside the source');
    assert.match(view.getText(), /case 1: cache\(c, a\), granularity s, CSE level 2\n {2}when \{ \d+ ≤ R_B ; 2\*B\*s \+ 6 ≤ Z_B \} {3}strategies \(1\) \(4a\) \(3a\) \(2\) \(2\)/);
    assert.match(view.getText(), /case 3: no caching, granularity s = 1/);
    assert.match(view.getText(), /__global__ void kernel0_case2\(int \*c, int \*a,/);
    // The same discussion as a tree in the explorer, with the text view's register counts.
    type Node = { label: string; description?: string; icon?: string; children?: Node[] };
    const tree = await waitFor('the case tree', async () => {
      const t = await commands.executeCommand<Node[]>(CASES_TREE_COMMAND);
      return t?.[0]?.children?.length ? t : undefined;
    }, 30_000);
    assert.match(tree[0].label, /^meta_schedule, line \d+$/);
    assert.match(tree[0].description!, /^3 cases, 1 without a kernel \(\d+ ms\)$/);
    const [first] = tree[0].children!;
    assert.strictEqual(first.label, 'case 1: cache(c, a), granularity s, CSE level 2');
    const counted = /case 1:[^]*?registers per thread: (\d+) \(([^)]*)\)/.exec(view.getText())!;
    assert.strictEqual(first.description, `${counted[1]} registers (${counted[2]}), 2*B*s + 6 shared words`);
    assert.deepStrictEqual(first.children!.map(c => c.icon), ['symbol-boolean', 'symbol-number', 'symbol-number', 'code', 'chip']);
    assert.match(first.children![0].label, /^when \{ \d+ ≤ R_B ; 2\*B\*s \+ 6 ≤ Z_B \}$/);
    assert.strictEqual(first.children![0].description, '(1) (4a) (3a) (2) (2)');
    assert.strictEqual(first.children![4].label, 'kernel0_case1');
    assert.match(tree[0].children!.at(-1)!.label, /^∅ no kernel when R_B < \d+$/);

    // Rename the output array: the discussion follows.
    await replaceAll(source, 'c[y]', 'out[y]');
    await replaceAll(source, 'a[N], c[N]', 'a[N], out[N]');
    await waitFor('the discussion of the renamed array', () => /case 1: cache\(out, a\)/.test(view.getText()) || undefined, 20_000,
      () => view.getText().slice(0, 1200));

    // Break the schedule (the thread loop is no longer a meta_for): the reason on top, the last discussion marked stale.
    await replaceAll(source, 'meta_for (int j', 'for (int j');
    await waitFor('the view to report the error', () => view.getText().startsWith('// Comprehensive optimization stopped: ') || undefined, 20_000,
      () => view.getText().slice(0, 1200));
    assert.match(view.getText(), /STALE/);
    assert.match(view.getText(), /case 1: cache\(out, a\)/);
    await replaceAll(source, 'for (int j', 'meta_for (int j');
    await waitFor('the discussion again', () => /^reversal\.mfc:\d+: meta_schedule: 3 cases/.test(view.getText()) || undefined, 20_000,
      () => view.getText().slice(0, 1200));

    // The .cu with every case and the dispatcher, saved where asked.
    const target = fixture('reversal.cu');
    await commands.executeCommand(COMMANDS.saveOptimizedCuda, source.uri.toString(), target.toString());
    const cu = fs.readFileSync(target.fsPath, 'utf8');
    for (const k of ['kernel0_case1', 'kernel0_case2', 'kernel0_case3']) assert.match(cu, new RegExp(`__global__ void ${k}\\(int \\*out, int \\*a`));
    assert.match(cu, /mfReadDeviceLimits/);

    await window.showTextDocument(source, { viewColumn: ViewColumn.One, preserveFocus: false });
    await commands.executeCommand('workbench.action.closeOtherEditors');
    // The picture for CI: the lenses of the edited source resolved, the discussion beside it.
    await waitFor('the lenses of the edited source', async () => {
      const lenses = await commands.executeCommand<CodeLens[]>('vscode.executeCodeLensProvider', source.uri, 10);
      return lenses?.some(l => /^3 cases/.test(l.command?.title ?? '')) || undefined;
    }, 20_000);
    await commands.executeCommand('workbench.view.explorer');
    await commands.executeCommand('metafork.cases.focus');
    await sleep(1500);
    await screenshot(control, 'vscode-cases-view');
    await commands.executeCommand('workbench.action.closeSidebar');
    await commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
  });

  test('the estimate plot beside the source: every case by block size, the chosen point, following edits', async () => {
    const source = await open('reversal.mfc');
    const editor = window.activeTextEditor!;
    const inside = positionOf(source, 'int y = N - 1 - x');
    editor.selection = new Selection(inside, inside);
    await commands.executeCommand(COMMANDS.showPlot);
    const state = () => commands.executeCommand<PlotState>(PLOT_STATE_COMMAND);
    const first = await waitFor('the plot of the schedule', async () => { const s = await state(); return s?.chart ? s : undefined; }, 30_000,
      () => 'no plot yet');
    assert.deepEqual(first.data!.cases.map(c => c.index), [1, 2, 3]);
    assert.equal(first.data!.gpu, 'H100 (SXM5)');
    assert.equal(first.data!.values.N, 4096);
    // s is a parameter of the function with no value in the text: assumed, and the plot says so.
    assert.deepEqual(first.data!.assumed, ['s']);
    const chart = first.chart!;
    assert.match(chart.subtitle, /s = 1 \(assumed\)/);
    assert.ok(first.data!.chosen, 'a chosen point');
    // A series per case, each with its points; one that repeats another's times, or lies within 3%
    // of them, says so.
    assert.deepEqual(chart.series.map(s => s.label.replace(/ \((the same times as case \d|within 3% of case \d: under its line)\)$/, '')), first.data!.cases.map(c => `case ${c.index}: ${c.summary}`));
    assert.ok(chart.series.every(s => s.points.length > 0));
    assert.match(chart.series[2].label, /^case 3: no caching, granularity s = 1/);
    assert.match(chart.chosen!.label, /^chosen: case \d, \d+, [\d.]+ (µs|ms)$/);
    assert.deepEqual(chart.xTicks, [...chart.xTicks].sort((a, b) => a - b));
    assert.equal(chart.xTitle, 'B (threads per block, log scale)');
    assert.strictEqual(window.activeTextEditor?.document.uri.toString(), source.uri.toString(), 'the source keeps the focus');
    // A larger problem: the plot follows the edit.
    await replaceAll(source, '#define N 4096', '#define N 65536');
    await waitFor('the plot at N = 65536', async () => (await state())?.data?.values.N === 65536 || undefined, 30_000);
    // Another GPU: the setting moves the plot.
    await workspace.getConfiguration('metafork').update('cuda.gpu', 'k20c', ConfigurationTarget.Workspace);
    try {
      await waitFor('the plot on the K20c', async () => (await state())?.data?.gpu === 'Tesla K20c' || undefined, 30_000);
      await sleep(500);
      await screenshot(control, 'vscode-plot');
    } finally {
      await workspace.getConfiguration('metafork').update('cuda.gpu', undefined, ConfigurationTarget.Workspace);
    }
    // An assumed value set from the editor: the plot (and the hover, the lens) take it.
    await commands.executeCommand(COMMANDS.setEstimateValue, source.uri, 's', 4);
    try {
      assert.deepStrictEqual(workspace.getConfiguration('metafork').get('cuda.values'), ['s=4']);
      await waitFor('the plot at s = 4', async () => { const d = (await state())?.data; return d?.values.s === 4 && d.assumed.length === 0 || undefined; }, 30_000);
    } finally {
      await workspace.getConfiguration('metafork').update('cuda.values', undefined, ConfigurationTarget.Workspace);
    }
    // Outside a schedule: a message instead of a plot.
    const top = new Position(0, 0);
    window.activeTextEditor!.selection = new Selection(top, top);
    await waitFor('the message outside a schedule', async () => (await state())?.message?.startsWith('Put the cursor in a meta_schedule') || undefined, 30_000);
    await commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
  });
}
