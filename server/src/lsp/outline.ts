// Document symbols (functions, file-scope variables, and the parallel constructs inside
// functions as a tree), code lenses over each `meta_schedule`, and semantic tokens for the
// MetaFork, CilkPlus and OpenMP keywords, clauses and directives.

import { CodeLens, DocumentSymbol, SemanticTokensBuilder, SemanticTokensLegend, SymbolKind } from 'vscode-languageserver';
import type { Construct } from '../model/constructs';
import { constructLabel } from '../model/constructs';
import { parsePragma } from '../syntax/pragma';
import type { Span } from '../syntax/keywords';
import { COMMANDS } from '../../../shared/protocol';
import type { CudaResult } from '../cuda';
import type { DocumentState } from './documents';
import { rangeOf } from './actions';

const CONSTRUCT_SYMBOL: Partial<Record<Construct['kind'], SymbolKind>> = {
  'spawn': SymbolKind.Event, 'block-spawn': SymbolKind.Event, 'join': SymbolKind.Key,
  'parallel-for': SymbolKind.Operator, 'schedule': SymbolKind.Module, 'scope': SymbolKind.Namespace,
  'pipe': SymbolKind.Operator, 'omp': SymbolKind.Namespace,
};

export function documentSymbols(state: DocumentState): DocumentSymbol[] {
  const doc = state.analysis.model;
  const text = state.text;
  const out: DocumentSymbol[] = [];
  for (const model of doc.allItems()) {
    const item = model.item;
    if (item.type === 'function_definition') {
      const name = /([A-Za-z_]\w*)\s*\(/.exec(text.slice(item.start, item.end));
      const nameSpan = name ? { start: item.start + name.index, end: item.start + name.index + name[1].length } : item;
      out.push({
        name: name?.[1] ?? 'function', kind: SymbolKind.Function, range: rangeOf(state, item), selectionRange: rangeOf(state, nameSpan),
        detail: text.slice(item.start, nameSpan.start).trim(), children: model.roots.flatMap(c => constructSymbol(state, c)),
      });
    } else {
      for (const v of doc.fileScope.variables.values()) {
        if (v.span.start >= item.start && v.span.end <= item.end) {
          out.push({ name: v.name, kind: SymbolKind.Variable, detail: v.typeText, range: rangeOf(state, item), selectionRange: rangeOf(state, v.span) });
        }
      }
    }
  }
  return out;
}

function constructSymbol(state: DocumentState, c: Construct): DocumentSymbol[] {
  const kind = CONSTRUCT_SYMBOL[c.kind];
  const children = c.children.flatMap(k => constructSymbol(state, k));
  if (kind === undefined || (c.kind === 'omp' && c.directive?.standalone && c.directive.name !== 'taskwait' && c.directive.name !== 'barrier')) return children;
  const span = { start: Math.min(c.start, c.head.start), end: Math.max(c.end, c.head.end) };
  return [{ name: constructLabel(c), detail: detail(state.text, c), kind, range: rangeOf(state, span), selectionRange: rangeOf(state, c.head), children }];
}

function detail(text: string, c: Construct): string {
  const short = (s: Span | undefined) => s ? text.slice(s.start, Math.min(s.end, s.start + 60)).replace(/\s+/g, ' ').trim() : '';
  if (c.kind === 'spawn') return short(c.call);
  if (c.loop) {
    const header = /\(([^)]*)\)/.exec(text.slice(c.loop.start, Math.min(c.loop.end, c.loop.start + 200)));
    return header ? `(${header[1].replace(/\s+/g, ' ').trim()})` : '';
  }
  return '';
}

export function codeLenses(state: DocumentState, cuda: CudaResult): CodeLens[] {
  const out: CodeLens[] = [];
  for (const model of state.analysis.model.allItems()) {
    for (const c of model.constructs) {
      if (c.kind !== 'schedule') continue;
      const summary = cuda.schedules.find(s => s.start <= c.head.start && c.end <= s.end);
      const errors = cuda.diagnostics.filter(d => d.severity === 'error');
      const title = summary
        ? `Show CUDA: ${summary.kernels.map(k => k.name).join(', ')}`
        : `CUDA: ${errors.length ? `${errors.length} error${errors.length === 1 ? '' : 's'} (${errors[0].code})` : 'no kernel'}`;
      out.push({ range: rangeOf(state, c.head), command: { title, command: COMMANDS.showCuda, arguments: [state.uri] } });
    }
  }
  return out;
}

export const TOKEN_LEGEND: SemanticTokensLegend = {
  tokenTypes: ['keyword', 'macro', 'property', 'variable'],
  tokenModifiers: ['metafork', 'openmp', 'cilkplus'],
};
const TYPE = { keyword: 0, macro: 1, property: 2, variable: 3 } as const;
const MODIFIER = { metafork: 1, openmp: 2, cilkplus: 4 } as const;

export function semanticTokens(state: DocumentState): { data: number[] } {
  const layer = state.analysis.syntax.layer;
  const tokens: { start: number; end: number; type: number; modifier: number }[] = [];
  const add = (s: Span, type: number, modifier: number) => { if (s.end > s.start) tokens.push({ start: s.start, end: s.end, type, modifier }); };
  for (const k of layer.keywords) {
    const modifier = k.keyword.startsWith('meta_') ? MODIFIER.metafork : MODIFIER.cilkplus;
    add({ start: k.start, end: k.start + k.spelling.length }, TYPE.keyword, modifier);
    for (const cl of k.clauses) {
      add(cl.nameSpan, TYPE.property, modifier);
      for (const item of cl.items) add(item, TYPE.variable, modifier);
    }
  }
  for (const line of layer.pragmas) {
    const directive = parsePragma(line);
    if (!directive) continue;
    const modifier = directive.family === 'omp' ? MODIFIER.openmp : directive.family === 'cilk' ? MODIFIER.cilkplus : MODIFIER.metafork;
    const head = /^#\s*pragma\s+[A-Za-z_]+/.exec(line.text);
    if (head) add({ start: line.start, end: line.start + head[0].length }, TYPE.macro, modifier);
    add(directive.nameSpan, TYPE.keyword, modifier);
    for (const item of directive.argument?.items ?? []) add(item, TYPE.variable, modifier);
    for (const cl of [...directive.clauses, ...line.trailingClauses]) {
      add(cl.nameSpan, TYPE.property, modifier);
      for (const item of cl.items) add(item, TYPE.variable, modifier);
    }
  }
  tokens.sort((a, b) => a.start - b.start);
  const builder = new SemanticTokensBuilder();
  const text = state.text;
  let last = -1;
  for (const t of tokens) {
    if (t.start < last || text.slice(t.start, t.end).includes('\n')) continue; // overlapping or multi-line
    const p = state.lines.position(t.start);
    builder.push(p.line, p.character, t.end - t.start, t.type, t.modifier);
    last = t.end;
  }
  return builder.build();
}

