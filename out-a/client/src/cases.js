"use strict";
// The case discussion as a tree in the explorer ("MetaFork: cases"), for the active source
// document: each schedule (click: its place in the source), its cases (the summary, the registers
// and how they were counted, the shared-memory words), under each case its constraint systems
// with their strategies, its MetaFork code and its kernels (click: the case in the text view of the
// discussion), and the parameters left without a kernel (∅). It follows the active editor and its
// edits (~300 ms after the last), the `metafork.cuda` settings and restarts of the server.
Object.defineProperty(exports, "__esModule", { value: true });
exports.CaseTree = exports.REVEAL_COMMAND = exports.CASES_TREE_COMMAND = void 0;
const vscode_1 = require("vscode");
const protocol_1 = require("../../shared/protocol");
const settings_1 = require("../../shared/settings");
const views_1 = require("./views");
const DEBOUNCE_MS = 300;
/** Not in the palette: the tree as plain data (the extension-host tests read it). */
exports.CASES_TREE_COMMAND = 'metafork.casesTree';
/** The command of a node that leads somewhere (a schedule to its source, a kernel to the text). */
exports.REVEAL_COMMAND = 'metafork.revealCase';
class CaseTree {
    connection;
    changed = new vscode_1.EventEmitter();
    onDidChangeTreeData = this.changed.event;
    roots = [];
    source;
    timer;
    generation = 0;
    view;
    disposables;
    constructor(connection) {
        this.connection = connection;
        this.view = vscode_1.window.createTreeView('metafork.cases', { treeDataProvider: this, showCollapseAll: true });
        this.disposables = [
            this.view,
            this.changed,
            vscode_1.window.onDidChangeActiveTextEditor(() => this.schedule()),
            vscode_1.workspace.onDidChangeTextDocument(e => { if (e.document === this.source && e.contentChanges.length)
                this.schedule(); }),
            vscode_1.workspace.onDidChangeConfiguration(e => { if (e.affectsConfiguration(`${settings_1.SETTINGS_SECTION}.cuda`))
                this.schedule(); }),
            connection.onDidRestart(() => this.schedule()),
            this.view.onDidChangeVisibility(() => this.schedule()),
            vscode_1.commands.registerCommand(exports.REVEAL_COMMAND, (node) => this.reveal(node)),
            vscode_1.commands.registerCommand(exports.CASES_TREE_COMMAND, async () => { await this.refresh(); return this.roots; }),
        ];
        // The view is listed once the extension runs (a MetaFork, C or C++ file was opened).
        void vscode_1.commands.executeCommand('setContext', 'metafork.casesAvailable', true);
        this.schedule();
    }
    /** Shows the tree (the explorer's "MetaFork: cases") for `document`. */
    async show(document) {
        this.source = document;
        await this.refresh();
        if (this.roots[0])
            await this.view.reveal(this.roots[0], { focus: false, select: false, expand: true });
    }
    getTreeItem(node) {
        const item = new vscode_1.TreeItem(node.label, node.children?.length ? (node.expanded ? vscode_1.TreeItemCollapsibleState.Expanded : vscode_1.TreeItemCollapsibleState.Collapsed) : vscode_1.TreeItemCollapsibleState.None);
        item.description = node.description;
        item.tooltip = node.tooltip;
        if (node.icon)
            item.iconPath = new vscode_1.ThemeIcon(node.icon);
        if (node.reveal)
            item.command = { title: 'Show', command: exports.REVEAL_COMMAND, arguments: [node] };
        return item;
    }
    getChildren(node) { return node ? node.children ?? [] : this.roots; }
    getParent() { return undefined; }
    schedule() {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.refresh(), DEBOUNCE_MS);
    }
    async refresh() {
        const editor = vscode_1.window.activeTextEditor;
        if (editor && this.connection.handles(editor.document))
            this.source = editor.document;
        const source = this.source;
        const generation = ++this.generation;
        if (!source || !(0, views_1.holdsSchedule)(source)) {
            this.roots = source ? [{ label: 'No meta_schedule in this file', icon: 'info' }] : [];
            this.view.message = undefined;
            this.changed.fire(undefined);
            return;
        }
        let result;
        try {
            const params = { textDocument: { uri: this.connection.uri(source.uri) } };
            result = await this.connection.request(protocol_1.OPTIMIZE_REQUEST, params);
        }
        catch (error) {
            if (generation !== this.generation)
                return;
            this.roots = [{ label: `The optimization failed: ${error.message}`, icon: 'error' }];
            this.changed.fire(undefined);
            return;
        }
        if (generation !== this.generation)
            return;
        const uri = source.uri.toString();
        const errors = (result.diagnostics ?? []).filter(d => d.severity === 1);
        this.roots = [
            ...errors.map(d => ({
                label: `${d.range.start.line + 1}:${d.range.start.character + 1}: ${typeof d.message === 'string' ? d.message : d.message.value}`,
                icon: 'error', reveal: { uri, range: toRange(d.range) },
            })),
            ...result.schedules.map(s => scheduleNode(uri, s)),
        ];
        this.view.message = `${source.uri.path.split('/').pop()}: ${result.schedules.reduce((n, s) => n + s.cases.length, 0)} case(s)`;
        this.changed.fire(undefined);
    }
    async reveal(node) {
        const to = node.reveal;
        if (!to)
            return;
        if (to.range) {
            const editor = await vscode_1.window.showTextDocument(vscode_1.Uri.parse(to.uri, true), { preserveFocus: false });
            editor.selection = new vscode_1.Selection(to.range.start, to.range.end);
            editor.revealRange(to.range, vscode_1.TextEditorRevealType.InCenterIfOutsideViewport);
            return;
        }
        // A line of the text view of the discussion.
        const document = await vscode_1.workspace.openTextDocument((0, views_1.casesViewUri)(vscode_1.Uri.parse(to.uri, true)));
        const editor = await vscode_1.window.showTextDocument(document, { preview: false, preserveFocus: true, viewColumn: vscode_1.ViewColumn.Beside });
        const at = to.find ? document.getText().indexOf(to.find) : -1;
        if (at >= 0) {
            const position = document.positionAt(at);
            editor.selection = new vscode_1.Selection(position, position);
            editor.revealRange(new vscode_1.Range(position, position), vscode_1.TextEditorRevealType.AtTop);
        }
    }
    dispose() {
        clearTimeout(this.timer);
        for (const d of this.disposables)
            d.dispose();
    }
}
exports.CaseTree = CaseTree;
const toRange = (r) => new vscode_1.Range(r.start.line, r.start.character, r.end.line, r.end.character);
function scheduleNode(uri, s) {
    const n = s.cases.length;
    return {
        label: `meta_schedule, line ${s.range.start.line + 1}`,
        description: `${n} case${n === 1 ? '' : 's'}${s.empty.length ? `, ${s.empty.length} without a kernel` : ''} (${s.milliseconds} ms)`,
        icon: 'symbol-namespace',
        expanded: true,
        reveal: { uri, range: toRange(s.range) },
        children: [
            ...s.cases.map(c => caseNode(uri, c)),
            ...s.empty.map(e => ({
                label: `∅ no kernel when ${e.join(', ')}`, icon: 'circle-slash',
                tooltip: 'No case provides a kernel for these values of the machine parameters.',
            })),
        ],
    };
}
function caseNode(uri, c) {
    const find = `case ${c.index}: `;
    return {
        label: `case ${c.index}: ${c.summary}`,
        description: `${c.registers} registers (${c.registersBy}), ${c.sharedWords} shared words`,
        icon: 'symbol-class',
        expanded: c.index === 1,
        reveal: { uri, find },
        children: [
            ...c.constraints.map((system, i) => ({
                label: `when { ${system.join(' ; ') || 'always'} }`,
                description: (c.strategies[i] ?? []).map(code => `(${code})`).join(' '),
                tooltip: (c.strategies[i] ?? []).map(code => `(${code}) ${protocol_1.STEP_NAMES[code] ?? code}`).join('\n'),
                icon: 'symbol-boolean',
            })),
            { label: `registers per thread: ${c.registers}`, description: c.registersBy, icon: 'symbol-number' },
            { label: `shared-memory words per block: ${c.sharedWords}`, icon: 'symbol-number' },
            {
                label: 'MetaFork', description: 'the schedule as this case runs it', icon: 'code',
                tooltip: codeTooltip('c', c.metafork), reveal: { uri, find },
            },
            ...c.kernels.map(k => {
                const name = /__global__\s+void\s+(\w+)/.exec(k)?.[1] ?? 'kernel';
                return { label: name, description: 'CUDA', icon: 'chip', tooltip: codeTooltip('cuda-cpp', k), reveal: { uri, find: `__global__ void ${name}(` } };
            }),
        ],
    };
}
function codeTooltip(language, code) {
    const md = new vscode_1.MarkdownString();
    md.appendCodeblock(code, language);
    return md;
}
//# sourceMappingURL=cases.js.map