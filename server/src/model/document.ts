// The model of a whole document: the file scope plus item models built on demand.
// Items are the top-level nodes of the translation unit; most edits touch one of them,
// which is what makes re-analysis after an edit cheap (see checks/diagnose.ts).

import type { Node as TSNode } from 'web-tree-sitter';
import type { KeywordToken, PragmaLine } from '../syntax/keywords';
import type { SourceMap } from '../base/sourcemap';
import type { Span } from '../base/span';
import { headerThreadprivates, type SyntaxDocument } from '../syntax/parser';
import { buildItemModel, ItemModel } from './constructs';
import { collectCallees, mergeCallee } from './binding';
import { type Callee, buildFileScope, FileScope, fileScopeDeclarations, Shape } from './scopes';
import { declaredName } from '../syntax/ast';
import { parsePragma } from '../syntax/pragma';

/** A top-level node of the text: its place among the tree's top-level nodes (the node itself is
 * looked up when needed: the tree of a document not in use is let go and parsed again), its type, its span. */
export interface ItemRef { index: number; type: string; start: number; end: number }

type FileScopePart = ReturnType<typeof fileScopePart>;
interface HeaderPart { text: string; parts: FileScopePart[]; typedefs: ReadonlyMap<string, Shape>; threadprivate: string[] }

export class DocumentModel {
  private readonly built = new Map<number, ItemModel>();

  private constructor(
    readonly syntax: SyntaxDocument,
    readonly fileScope: FileScope,
    readonly items: ItemRef[],
    /** Function definitions' file-scope parts by text, for the next version to re-use. */
    private readonly functionParts: Map<string, FileScopePart>,
    /** What the included headers declare, for the next version to re-use while they stay the same. */
    private readonly headers: HeaderPart,
  ) {}

  /** `previous` (the model of the document's last version) saves re-reading unchanged functions. */
  static build(syntax: SyntaxDocument, previous?: DocumentModel): DocumentModel {
    const text = syntax.text;
    const fileEnd = syntax.map.fileEnd;
    const spans = syntax.topLevelSpans();
    const nodes = syntax.topLevelNodes().map((node, index) => {
      const { type, start, end } = spans[index];
      return { node, index, type, start, end };
    });
    // The included headers' declarations come first, as the compiler reads them; their functions
    // are declarations only (a kernel cannot call a header's function body: the file does not define it).
    const items = nodes.filter(n => n.start < fileEnd);
    const refs: ItemRef[] = items.map(({ index, type, start, end }) => ({ index, type, start, end }));
    const functionParts = new Map<string, FileScopePart>();
    const cpp = syntax.language === 'cpp';
    const headerText = text.slice(fileEnd);
    // Headers change rarely while the file is edited: their part is read again only when they do.
    let headers = previous?.headers;
    if (!headers || headers.text !== headerText) {
      const typedefs = new Map<string, Shape>();
      const parts = nodes.filter(n => n.start >= fileEnd).map(({ node }) => {
        const part = fileScopePart(syntax, node, typedefs, cpp);
        return 'defined' in part ? { ...part, defined: [] } : part;
      });
      headers = { text: headerText, parts, typedefs, threadprivate: headerThreadprivates(syntax.unit).flatMap(line => line.names) };
    }
    const typedefs = new Map(headers.typedefs);
    const headerParts = headers.parts;
    const parts = items.map(({ node, start, end }) => {
      if (node.type !== 'function_definition') return fileScopePart(syntax, node, typedefs, cpp);
      const key = text.slice(start, end);
      const part = previous?.functionParts.get(key) ?? fileScopePart(syntax, node, typedefs, cpp);
      functionParts.set(key, part);
      return part;
    });
    const callees = new Map<string, Callee>();
    const all = headerParts.length ? [...headerParts, ...parts] : parts;
    for (const p of all) for (const [name, c] of p.callees) mergeCallee(callees, name, c);
    const fileScope = buildFileScope(all, typedefs, cpp, callees, syntax.unit.constants, threadprivateNames(syntax, headers.threadprivate));
    return new DocumentModel(syntax, fileScope, refs, functionParts, headers);
  }

  get text(): string { return this.syntax.text; }

  /** Between the analysed text (every offset of the model) and the user's text. */
  get map(): SourceMap { return this.syntax.map; }

  /** The item model of the i-th top-level node (built once). */
  item(i: number): ItemModel {
    let model = this.built.get(i);
    if (!model) {
      const ref = this.items[i];
      const node = this.syntax.convert(this.syntax.topLevelNodes()[ref.index]);
      model = buildItemModel(
        node,
        this.syntax.map,
        inSpan(this.syntax.layer.keywords, ref),
        inSpan(this.syntax.layer.pragmas, ref),
        this.fileScope,
      );
      this.built.set(i, model);
    }
    return model;
  }

  /** Index of the item containing `offset`, or -1. */
  itemIndexAt(offset: number): number {
    let lo = 0, hi = this.items.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const it = this.items[mid];
      if (offset < it.start) hi = mid - 1;
      else if (offset >= it.end) lo = mid + 1;
      else return mid;
    }
    return -1;
  }

  itemAt(offset: number): ItemModel | undefined {
    const i = this.itemIndexAt(offset);
    return i < 0 ? undefined : this.item(i);
  }

  allItems(): ItemModel[] { return this.items.map((_, i) => this.item(i)); }

  /** Drops the item models built so far (they are most of a document's memory); they are built
   * again, from the tree, when asked for. */
  release(): void { this.built.clear(); }

  /** Keywords and pragma lines outside every item (e.g. in a stray top-level position). */
  orphanTokens(): { keywords: KeywordToken[]; pragmas: PragmaLine[] } {
    const outside = <T extends Span>(list: T[]) => list.filter(t => this.itemIndexAt(t.start) < 0);
    return { keywords: outside(this.syntax.layer.keywords), pragmas: outside(this.syntax.layer.pragmas) };
  }
}

/** Entries of a sorted list of spans that start inside `span` (binary search). */
export function inSpan<T extends Span>(list: T[], span: Span): T[] {
  let lo = 0, hi = list.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid].start < span.start) lo = mid + 1; else hi = mid; }
  const out: T[] = [];
  for (let i = lo; i < list.length && list[i].start < span.end; i++) out.push(list[i]);
  return out;
}

/** The variables `#pragma omp threadprivate(list)` lines name, in the file and its headers. */
function threadprivateNames(syntax: SyntaxDocument, inHeaders: readonly string[]): Set<string> {
  const names = new Set<string>(inHeaders);
  for (const p of syntax.layer.pragmas) {
    if (!p.text.includes('threadprivate')) continue; // most lines: not parsed again here
    const d = parsePragma(p);
    if (d?.family === 'omp' && d.name === 'threadprivate') for (const item of d.argument?.items ?? []) names.add(item.name);
  }
  return names;
}

/** What a top-level node adds to the file scope; function bodies are not converted. In C++,
 * also the parameter lists of the functions it declares (which arguments bind by reference). */
function fileScopePart(syntax: SyntaxDocument, node: TSNode, typedefs: Map<string, Shape>, cpp: boolean) {
  const callees = new Map<string, Callee>();
  if (node.type === 'function_definition') {
    const declarator = node.childForFieldName('declarator');
    if (!declarator) return { variables: [], functions: [], callees };
    const d = syntax.convert(declarator);
    if (cpp) collectCallees(d, syntax.text, typedefs, callees);
    const id = declaredName(d);
    const name = id ? [syntax.text.slice(id.start, id.end)] : [];
    return { variables: [], functions: name, defined: name, callees };
  }
  if (
    node.type === 'comment' ||
    node.type === 'preproc_include' ||
    node.type === 'preproc_def' ||
    node.type === 'preproc_call'
  ) {
    return { variables: [], functions: [], callees };
  }
  const converted = syntax.convert(node);
  if (cpp) collectCallees(converted, syntax.text, typedefs, callees);
  return { ...fileScopeDeclarations(converted, syntax.text, typedefs), callees };
}
