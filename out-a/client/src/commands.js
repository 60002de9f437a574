"use strict";
// The commands of COMMANDS (shared/protocol.ts): whole-file translation as one undoable edit, the
// live CUDA, translation and case-discussion views, the estimate plot, the `.cu` of the
// comprehensive optimization saved to a file, the server restarted and its output shown. Each takes
// an optional source URI (a string, as code lenses and code actions pass it, or a Uri); without one
// it works on the active editor. What a command cannot do is said with a way to the cause.
Object.defineProperty(exports, "__esModule", { value: true });
exports.TRANSLATION_TARGETS_COMMAND = exports.STATUS_BAR_COMMAND = exports.PLOT_STATE_COMMAND = void 0;
exports.registerCommands = registerCommands;
const vscode_1 = require("vscode");
const protocol_1 = require("../../shared/protocol");
const dialects_1 = require("../../shared/dialects");
const views_1 = require("./views");
const output_1 = require("./output");
/** Not in the palette: what the estimate plot shows now (the extension-host tests read it). */
exports.PLOT_STATE_COMMAND = 'metafork.plotState';
/** The status bar item's command (not in the palette): the CUDA view for a file with a
 * `meta_schedule`, otherwise the pick of a translation. */
exports.STATUS_BAR_COMMAND = 'metafork.statusBarAction';
/** Not in the palette: the dialects the translation pick offers for a document (the tests read it). */
exports.TRANSLATION_TARGETS_COMMAND = 'metafork.translationTargets';
const DIALECTS = Object.keys(dialects_1.DIALECT_LABELS);
function registerCommands(connection, views, plot, output, cases) {
    /** The findings that stop a command, said in full in the output and shortened in the message,
     * with "Go to L:C" (the first of them, selected in its document) and "Show all". */
    const refused = (document, what, diagnostics) => {
        const reasons = (0, views_1.describeDiagnostics)(diagnostics);
        const first = diagnostics.find(d => d.severity === 1) ?? diagnostics[0];
        for (const reason of reasons)
            output.log(`  ${vscode_1.workspace.asRelativePath(document.uri)}:${reason}`);
        const actions = [];
        if (first) {
            const at = first.range.start;
            actions.push({
                title: `Go to ${at.line + 1}:${at.character + 1}`,
                run: async () => {
                    const editor = await vscode_1.window.showTextDocument(document);
                    editor.selection = new vscode_1.Selection(first.range.start.line, first.range.start.character, first.range.end.line, first.range.end.character);
                    editor.revealRange(editor.selection, vscode_1.TextEditorRevealType.InCenterIfOutsideViewport);
                },
            });
        }
        if (reasons.length > 1)
            actions.push({ title: 'Show all', run: () => output.channel.show(true) });
        const more = reasons.length > 1 ? ` (and ${reasons.length - 1} more)` : '';
        output.tell('error', `MetaFork: ${what}: ${reasons[0] ?? 'no reason given'}${more}`, actions);
    };
    /** The dialects the translation pick offers: all but the file's only dialect (nothing to do there). */
    const translationTargets = async (document) => {
        // MetaFork sources are most often shown as OpenMP or CilkPlus; C and C++ sources as MetaFork.
        const order = document.languageId === 'metafork' ? ['openmp', 'cilkplus', 'metafork'] : ['metafork', 'openmp', 'cilkplus'];
        let used = [];
        try {
            const params = { textDocument: { uri: connection.uri(document.uri) } };
            used = (await connection.request(protocol_1.DIALECTS_REQUEST, params)).dialects;
        }
        catch (error) {
            output.log(`the dialects of ${vscode_1.workspace.asRelativePath(document.uri)} are unknown: ${error.message}`);
        }
        return order.filter(d => !(used.length === 1 && used[0] === d));
    };
    /** The document to work on, synchronised with the server; undefined (after saying why) otherwise. */
    const sourceDocument = async (arg) => {
        let document;
        if (typeof arg === 'string' || arg instanceof vscode_1.Uri) {
            document = await vscode_1.workspace.openTextDocument(typeof arg === 'string' ? vscode_1.Uri.parse(arg, true) : arg);
        }
        else {
            document = vscode_1.window.activeTextEditor?.document;
        }
        if (!document) {
            output.tell('error', 'MetaFork: open a MetaFork, C or C++ file first.');
            return undefined;
        }
        if (!connection.handles(document)) {
            const setting = ['c', 'cpp'].includes(document.languageId);
            output.tell('error', `MetaFork: the server does not handle ${document.languageId} documents${setting ? ' (the setting metafork.enableForCAndCpp is off)' : ''}.`, setting ? [{ title: 'Open the setting', run: () => vscode_1.commands.executeCommand('workbench.action.openSettings', 'metafork.enableForCAndCpp') }] : []);
            return undefined;
        }
        return document;
    };
    /** Whether the document has a schedule to generate CUDA for; else says so, and how to get one. */
    const hasSchedule = (document, what) => {
        if ((0, views_1.holdsSchedule)(document))
            return true;
        output.tell('info', `MetaFork: ${vscode_1.workspace.asRelativePath(document.uri)} has no meta_schedule, so there is no ${what}. To offload a loop nest to the GPU, put the cursor on its 'for' and pick "Offload this loop nest to the GPU" among the refactorings (Ctrl+Shift+R), or run 'metafork tile' on the file.`, [{ title: 'Show a translation instead', run: () => showTranslation(document.uri) }]);
        return false;
    };
    const translate = async (to, arg) => {
        const document = await sourceDocument(arg);
        if (!document)
            return;
        const name = vscode_1.workspace.asRelativePath(document.uri);
        const version = document.version;
        let result;
        try {
            const params = { textDocument: { uri: connection.uri(document.uri) }, to };
            result = await connection.request(protocol_1.TRANSLATE_REQUEST, params);
        }
        catch (error) {
            output.tell('error', `MetaFork: translation to ${dialects_1.DIALECT_LABELS[to]} failed: ${error.message}`, [
                { title: 'Show output', run: () => output.channel.show(true) },
            ]);
            return;
        }
        if (typeof result.text !== 'string') {
            refused(document, `${name} cannot be translated to ${dialects_1.DIALECT_LABELS[to]}`, result.diagnostics ?? []);
            return;
        }
        if (document.version !== version || result.version !== version) {
            output.tell('warning', `MetaFork: ${name} changed during the translation; run the command again.`);
            return;
        }
        const text = document.getText();
        if (result.text === text) {
            output.tell('info', `MetaFork: ${name} is unchanged by the translation to ${dialects_1.DIALECT_LABELS[to]}.`);
            return;
        }
        const edit = new vscode_1.WorkspaceEdit();
        edit.replace(document.uri, new vscode_1.Range(document.positionAt(0), document.positionAt(text.length)), result.text);
        if (!await vscode_1.workspace.applyEdit(edit)) {
            output.tell('error', `MetaFork: the translation of ${name} could not be applied.`);
            return;
        }
        const notes = (result.diagnostics ?? []).filter(d => d.severity !== 1);
        if (notes.length) {
            output.tell(notes.some(d => d.severity === 2) ? 'warning' : 'info', `MetaFork: translated ${name} to ${dialects_1.DIALECT_LABELS[to]}; ${(0, views_1.describeDiagnostics)(notes).join('; ')}`);
        }
    };
    const pickDialect = async (document) => {
        const items = (await translationTargets(document)).map(dialect => ({
            label: dialects_1.DIALECT_LABELS[dialect],
            description: `show ${vscode_1.workspace.asRelativePath(document.uri)} translated to ${dialects_1.DIALECT_LABELS[dialect]}`,
            dialect,
        }));
        const picked = await vscode_1.window.showQuickPick(items, {
            title: 'MetaFork: Show translation',
            placeHolder: 'Translate to',
        });
        return picked?.dialect;
    };
    /** A command that opens one of the views of the source document. */
    const viewCommand = (show) => async (arg) => {
        const document = await sourceDocument(arg);
        if (document)
            await show(document);
    };
    const showCuda = viewCommand(async (document) => { if (hasSchedule(document, 'CUDA to generate'))
        await views.showCuda(document); });
    const showTranslation = async (arg, dialect) => {
        const document = await sourceDocument(arg);
        if (!document)
            return;
        const to = typeof dialect === 'string' && DIALECTS.includes(dialect)
            ? dialect
            : await pickDialect(document);
        if (to)
            await views.showTranslation(document, to);
    };
    const saveOptimizedCuda = async (arg, target) => {
        const document = await sourceDocument(arg);
        if (!document)
            return;
        const name = vscode_1.workspace.asRelativePath(document.uri);
        let result;
        try {
            result = await connection.request(protocol_1.OPTIMIZE_REQUEST, {
                textDocument: { uri: connection.uri(document.uri) },
            });
        }
        catch (error) {
            output.tell('error', `MetaFork: the optimization of ${name} failed: ${error.message}`, [
                { title: 'Show output', run: () => output.channel.show(true) },
            ]);
            return;
        }
        if (typeof result.cuda !== 'string') {
            refused(document, `no optimized CUDA for ${name}`, result.diagnostics ?? []);
            return;
        }
        const file = typeof target === 'string'
            ? vscode_1.Uri.parse(target, true)
            : target instanceof vscode_1.Uri
                ? target
                : await vscode_1.window.showSaveDialog({
                    defaultUri: document.uri.with({ path: document.uri.path.replace(/\.[^./]*$/, '') + '.cu' }),
                    filters: { CUDA: ['cu'] },
                    title: 'MetaFork: Save optimized CUDA',
                });
        if (!file)
            return;
        await vscode_1.workspace.fs.writeFile(file, new TextEncoder().encode(result.cuda));
        const cases = result.schedules.map(s => s.cases.length).join(' + ');
        output.tell('info', `MetaFork: wrote ${vscode_1.workspace.asRelativePath(file)}: ${cases} case(s) and a dispatcher that picks one for the device at run time.`);
    };
    /** Picks a value of the schedule under the cursor (assumed ones first) and sets it in
     * `metafork.cuda.values`, which the hover, the lens and the plot then use. */
    const setEstimateValue = async (arg, name, value) => {
        const editor = vscode_1.window.activeTextEditor;
        const document = await sourceDocument(arg ?? editor?.document.uri);
        if (!document || !hasSchedule(document, 'estimate to set a value for'))
            return;
        const position = editor?.document === document ? editor.selection.active : undefined;
        const params = { textDocument: { uri: connection.uri(document.uri) }, ...(position ? { position } : {}) };
        let result;
        try {
            result = await connection.request(protocol_1.ANALYZE_REQUEST, params);
        }
        catch (error) {
            output.tell('error', `MetaFork: the estimate failed: ${error.message}`);
            return;
        }
        const schedule = result.schedules[0];
        if (!schedule) {
            refused(document, 'no estimate here', result.diagnostics);
            return;
        }
        const config = vscode_1.workspace.getConfiguration('metafork');
        const current = config.get('cuda.values') ?? [];
        let chosen = typeof name === 'string' ? name : undefined;
        if (!chosen) {
            const names = Object.keys(schedule.values).sort((a, b) => Number(schedule.assumed.includes(b)) - Number(schedule.assumed.includes(a)));
            const picked = await vscode_1.window.showQuickPick(names.map(n => ({
                label: n,
                description: `${schedule.values[n]}${schedule.assumed.includes(n) ? ' (assumed)' : schedule.origins[n] ? ` (${schedule.origins[n]})` : ''}`,
            })), { title: 'MetaFork: Set a value for the estimates', placeHolder: 'The value to set (assumed values first)' });
            chosen = picked?.label;
        }
        if (!chosen)
            return;
        const text = typeof value === 'number' ? String(value) : await vscode_1.window.showInputBox({
            title: `MetaFork: the value of ${chosen} for the estimates`,
            value: String(schedule.values[chosen] ?? ''),
            prompt: 'An integer; empty: forget the value set',
            validateInput: v => (v === '' || /^-?\d+$/.test(v) ? undefined : 'an integer'),
        });
        if (text === undefined)
            return;
        const values = [...current.filter(v => !v.startsWith(`${chosen}=`)), ...(text === '' ? [] : [`${chosen}=${text}`])];
        await config.update('cuda.values', values, vscode_1.workspace.workspaceFolders?.length ? vscode_1.ConfigurationTarget.Workspace : vscode_1.ConfigurationTarget.Global);
        output.log(`metafork.cuda.values: ${values.join(', ') || '(none)'}`);
    };
    return [
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.translateToMetafork, (arg) => translate('metafork', arg)),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.translateToOpenmp, (arg) => translate('openmp', arg)),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.translateToCilkplus, (arg) => translate('cilkplus', arg)),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.showCuda, showCuda),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.showTranslation, showTranslation),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.showCases, viewCommand(async (document) => {
            if (!hasSchedule(document, 'case discussion'))
                return;
            // The tree in the explorer (case → constraints → strategies → kernels) and the text beside.
            await views.showCases(document);
            await cases.show(document);
        })),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.saveOptimizedCuda, saveOptimizedCuda),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.showPlot, async () => {
            const editor = vscode_1.window.activeTextEditor;
            if (!editor || !await sourceDocument(editor.document.uri) || !hasSchedule(editor.document, 'estimate to plot'))
                return;
            plot.show(editor);
        }),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.restartServer, async () => {
            try {
                await connection.restart();
                output.tell('info', 'MetaFork: the language server restarted.');
            }
            catch (error) {
                output.tell('error', `MetaFork: the language server did not start again: ${error.message}`, [
                    { title: 'Show output', run: () => output.channel.show(true) },
                ]);
            }
        }),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.showOutput, () => output.channel.show(true)),
        vscode_1.commands.registerCommand(protocol_1.COMMANDS.setEstimateValue, setEstimateValue),
        vscode_1.commands.registerCommand(exports.PLOT_STATE_COMMAND, () => plot.state),
        vscode_1.commands.registerCommand(output_1.MESSAGES_COMMAND, () => output.said),
        vscode_1.commands.registerCommand(exports.TRANSLATION_TARGETS_COMMAND, async (arg) => {
            const document = await sourceDocument(arg);
            return document ? translationTargets(document) : [];
        }),
        vscode_1.commands.registerCommand(exports.STATUS_BAR_COMMAND, async () => {
            const document = vscode_1.window.activeTextEditor?.document;
            if (document && (0, views_1.holdsSchedule)(document))
                await showCuda();
            else
                await showTranslation();
        }),
    ];
}
//# sourceMappingURL=commands.js.map