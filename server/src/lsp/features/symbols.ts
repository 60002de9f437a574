// Document symbols: functions, file-scope variables, and the parallel constructs inside
// functions as a tree.

import { DocumentSymbol, DocumentSymbolParams, Range, SymbolKind } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';
import type { Construct, ItemModel } from '../../model/constructs';
import { constructLabel, constructSpan } from '../../model/constructs';
import { functionName } from '../../syntax/ast';
import type { Span } from '../../base/span';
import type { ServerContext } from '../context';
import { derive, DocumentState } from '../documents';
import { rangeOf } from '../convert';

/** The symbols of each open document's versions; keeps, per document, the symbols of each
 * function by its text from one version to the next (see `documentSymbols`). */
export class DocumentSymbols {
  private readonly memos = new Map<string, Map<string, DocumentSymbol>>();

  async provide(ctx: ServerContext, params: DocumentSymbolParams, token: CancellationToken): Promise<DocumentSymbol[]> {
    const state = await ctx.stateOf(params.textDocument?.uri, token);
    return derive(state, 'symbols', () => {
      const { symbols, memo } = documentSymbols(state, this.memos.get(state.uri) ?? new Map());
      this.memos.set(state.uri, memo);
      return symbols;
    });
  }

  forget(uri: string): void { this.memos.delete(uri); }
}

const CONSTRUCT_SYMBOL: Partial<Record<Construct['kind'], SymbolKind>> = {
  'spawn': SymbolKind.Event, 'block-spawn': SymbolKind.Event, 'join': SymbolKind.Key,
  'parallel-for': SymbolKind.Operator, 'schedule': SymbolKind.Module, 'scope': SymbolKind.Namespace,
  'pipe': SymbolKind.Operator, 'omp': SymbolKind.Namespace,
};

/**
 * `memo` keeps each function's symbols, with lines counted from the function's first line, by
 * the function's text: after an edit only the edited function is read again (reading all of a
 * 10,000-line file's functions takes ~200 ms). The caller keeps it from one version to the next.
 */
function documentSymbols(
  state: DocumentState, memo: Map<string, DocumentSymbol>,
): { symbols: DocumentSymbol[]; memo: Map<string, DocumentSymbol> } {
  const doc = state.checked.model;
  const text = state.checked.model.text;
  const out: DocumentSymbol[] = [];
  const used = new Map<string, DocumentSymbol>();
  doc.items.forEach((ref, i) => {
    if (ref.type === 'function_definition') {
      const first = state.lines.position(ref.start);
      const key = `${first.character}:${text.slice(ref.start, ref.end)}`;
      let relative = used.get(key) ?? memo.get(key);
      if (!relative) relative = shiftLines(functionSymbol(state, doc.item(i)), -first.line);
      used.set(key, relative);
      out.push(shiftLines(relative, first.line));
    } else {
      for (const v of doc.fileScope.variables.values()) {
        if (v.span.start >= ref.start && v.span.end <= ref.end) {
          out.push({
            name: v.name, kind: SymbolKind.Variable, detail: v.typeText,
            range: rangeOf(state.lines, ref), selectionRange: rangeOf(state.lines, v.span),
          });
        }
      }
    }
  });
  return { symbols: out, memo: used };
}

function functionSymbol(state: DocumentState, model: ItemModel): DocumentSymbol {
  const item = model.item;
  const name = functionName(item, state.checked.model.text);
  const nameSpan = name ?? item;
  return {
    name: name?.name ?? 'function', kind: SymbolKind.Function,
    range: rangeOf(state.lines, item), selectionRange: rangeOf(state.lines, nameSpan),
    detail: state.checked.model.text.slice(item.start, nameSpan.start).trim(),
    children: model.roots.flatMap(c => constructSymbol(state, c)),
  };
}

function shiftLines(s: DocumentSymbol, delta: number): DocumentSymbol {
  const move = (r: Range): Range => ({
    start: { line: r.start.line + delta, character: r.start.character },
    end: { line: r.end.line + delta, character: r.end.character },
  });
  const children = s.children ? { children: s.children.map(c => shiftLines(c, delta)) } : {};
  return { ...s, range: move(s.range), selectionRange: move(s.selectionRange), ...children };
}

function constructSymbol(state: DocumentState, c: Construct): DocumentSymbol[] {
  const kind = CONSTRUCT_SYMBOL[c.kind];
  const children = c.children.flatMap(k => constructSymbol(state, k));
  const name = c.directive?.name;
  const standalone = c.kind === 'omp' && c.directive?.standalone && name !== 'taskwait' && name !== 'barrier';
  if (kind === undefined || standalone) return children;
  return [{
    name: constructLabel(c), detail: detail(state.checked.model.text, c), kind,
    range: rangeOf(state.lines, constructSpan(c)), selectionRange: rangeOf(state.lines, c.head), children,
  }];
}

function detail(text: string, c: Construct): string {
  const short = (s: Span | undefined) =>
    s ? text.slice(s.start, Math.min(s.end, s.start + 60)).replace(/\s+/g, ' ').trim() : '';
  if (c.kind === 'spawn') return short(c.call);
  if (c.loop) {
    const header = /\(([^)]*)\)/.exec(text.slice(c.loop.start, Math.min(c.loop.end, c.loop.start + 200)));
    return header ? `(${header[1].replace(/\s+/g, ' ').trim()})` : '';
  }
  return '';
}
