// The case discussion as a tree in the explorer ("MetaFork: cases"), for the active source
// document: each schedule (click: its place in the source), its cases (the summary, the registers
// and how they were counted, the shared-memory words), under each case its constraint systems
// with their strategies, its MetaFork code and its kernels (click: the case in the text view of the
// discussion), and the parameters left without a kernel (∅). It follows the active editor and its
// edits (~300 ms after the last), the `metafork.cuda` settings and restarts of the server.

import {
  Disposable, EventEmitter, MarkdownString, Range, Selection, TextDocument, TextEditorRevealType, ThemeIcon,
  TreeDataProvider, TreeItem, TreeItemCollapsibleState, TreeView, Uri, ViewColumn, commands, window, workspace,
} from 'vscode';
import { OPTIMIZE_REQUEST, OptimizeParams, OptimizeResult, STEP_NAMES, type Step } from '../../shared/protocol';
import { SETTINGS_SECTION } from '../../shared/settings';
import type { MetaforkConnection } from './connection';
import { casesViewUri, holdsSchedule } from './views';

const DEBOUNCE_MS = 300;
/** Not in the palette: the tree as plain data (the extension-host tests read it). */
export const CASES_TREE_COMMAND = 'metafork.casesTree';
/** The command of a node that leads somewhere (a schedule to its source, a kernel to the text). */
export const REVEAL_COMMAND = 'metafork.revealCase';

type Schedule = OptimizeResult['schedules'][number];
type Case = Schedule['cases'][number];

interface Node {
  label: string;
  description?: string;
  tooltip?: string | MarkdownString;
  icon?: string;
  children?: Node[];
  expanded?: boolean;
  /** Where a click leads: a range of the source, or a line of the text view. */
  reveal?: { uri: string; range?: Range; find?: string };
}

export class CaseTree implements TreeDataProvider<Node>, Disposable {
  private readonly changed = new EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots: Node[] = [];
  private source?: TextDocument;
  private timer?: ReturnType<typeof setTimeout>;
  private generation = 0;
  private readonly view: TreeView<Node>;
  private readonly disposables: Disposable[];

  constructor(private readonly connection: MetaforkConnection) {
    this.view = window.createTreeView('metafork.cases', { treeDataProvider: this, showCollapseAll: true });
    this.disposables = [
      this.view,
      this.changed,
      window.onDidChangeActiveTextEditor(() => this.schedule()),
      workspace.onDidChangeTextDocument(e => { if (e.document === this.source && e.contentChanges.length) this.schedule(); }),
      workspace.onDidChangeConfiguration(e => { if (e.affectsConfiguration(`${SETTINGS_SECTION}.cuda`)) this.schedule(); }),
      connection.onDidRestart(() => this.schedule()),
      this.view.onDidChangeVisibility(() => this.schedule()),
      commands.registerCommand(REVEAL_COMMAND, (node: Node) => this.reveal(node)),
      commands.registerCommand(CASES_TREE_COMMAND, async () => { await this.refresh(); return this.roots; }),
    ];
    // The view is listed once the extension runs (a MetaFork, C or C++ file was opened).
    void commands.executeCommand('setContext', 'metafork.casesAvailable', true);
    this.schedule();
  }

  /** Shows the tree (the explorer's "MetaFork: cases") for `document`. */
  async show(document: TextDocument): Promise<void> {
    this.source = document;
    await this.refresh();
    if (this.roots[0]) await this.view.reveal(this.roots[0], { focus: false, select: false, expand: true });
  }

  getTreeItem(node: Node): TreeItem {
    const item = new TreeItem(
      node.label,
      node.children?.length ? (node.expanded ? TreeItemCollapsibleState.Expanded : TreeItemCollapsibleState.Collapsed) : TreeItemCollapsibleState.None,
    );
    item.description = node.description;
    item.tooltip = node.tooltip;
    if (node.icon) item.iconPath = new ThemeIcon(node.icon);
    if (node.reveal) item.command = { title: 'Show', command: REVEAL_COMMAND, arguments: [node] };
    return item;
  }

  getChildren(node?: Node): Node[] { return node ? node.children ?? [] : this.roots; }

  getParent(): undefined { return undefined; }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), DEBOUNCE_MS);
  }

  private async refresh(): Promise<void> {
    const editor = window.activeTextEditor;
    if (editor && this.connection.handles(editor.document)) this.source = editor.document;
    const source = this.source;
    const generation = ++this.generation;
    if (!source || !holdsSchedule(source)) {
      this.roots = source ? [{ label: 'No meta_schedule in this file', icon: 'info' }] : [];
      this.view.message = undefined;
      this.changed.fire(undefined);
      return;
    }
    let result: OptimizeResult;
    try {
      const params: OptimizeParams = { textDocument: { uri: this.connection.uri(source.uri) } };
      result = await this.connection.request<OptimizeResult>(OPTIMIZE_REQUEST, params);
    } catch (error) {
      if (generation !== this.generation) return;
      this.roots = [{ label: `The optimization failed: ${(error as Error).message}`, icon: 'error' }];
      this.changed.fire(undefined);
      return;
    }
    if (generation !== this.generation) return;
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

  private async reveal(node: Node): Promise<void> {
    const to = node.reveal;
    if (!to) return;
    if (to.range) {
      const editor = await window.showTextDocument(Uri.parse(to.uri, true), { preserveFocus: false });
      editor.selection = new Selection(to.range.start, to.range.end);
      editor.revealRange(to.range, TextEditorRevealType.InCenterIfOutsideViewport);
      return;
    }
    // A line of the text view of the discussion.
    const document = await workspace.openTextDocument(casesViewUri(Uri.parse(to.uri, true)));
    const editor = await window.showTextDocument(document, { preview: false, preserveFocus: true, viewColumn: ViewColumn.Beside });
    const at = to.find ? document.getText().indexOf(to.find) : -1;
    if (at >= 0) {
      const position = document.positionAt(at);
      editor.selection = new Selection(position, position);
      editor.revealRange(new Range(position, position), TextEditorRevealType.AtTop);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}

const toRange = (r: { start: { line: number; character: number }; end: { line: number; character: number } }) =>
  new Range(r.start.line, r.start.character, r.end.line, r.end.character);

function scheduleNode(uri: string, s: Schedule): Node {
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

function caseNode(uri: string, c: Case): Node {
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
        tooltip: (c.strategies[i] ?? []).map(code => `(${code}) ${STEP_NAMES[code as Step] ?? code}`).join('\n'),
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

function codeTooltip(language: string, code: string): MarkdownString {
  const md = new MarkdownString();
  md.appendCodeblock(code, language);
  return md;
}
