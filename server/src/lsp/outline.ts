// Document symbols (functions, file-scope variables, and the parallel constructs inside
// functions as a tree), code lenses over each `meta_schedule`, and semantic tokens for the
// MetaFork, CilkPlus and OpenMP keywords, clauses and directives.

import { CodeLens, DocumentSymbol, Range, SemanticTokensBuilder, SemanticTokensLegend, SymbolKind } from 'vscode-languageserver';
import type { Construct, ItemModel } from '../model/constructs';
import { constructLabel, constructSpan } from '../model/constructs';
import { functionName } from '../syntax/ast';
import { parsePragma } from '../syntax/pragma';
import type { Span } from '../base/span';
import { COMMANDS } from '../../../shared/protocol';
import type { CudaResult } from '../cuda';
import type { OptimizeResult } from '../optimize/result';
import type { DocumentState } from './documents';
import { rangeOf } from './actions';

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
export function documentSymbols(state: DocumentState, memo: Map<string, DocumentSymbol>): { symbols: DocumentSymbol[]; memo: Map<string, DocumentSymbol> } {
  const doc = state.analysis.model;
  const text = state.text;
  const out: DocumentSymbol[] = [];
  const used = new Map<string, DocumentSymbol>();
  doc.items.forEach((ref, i) => {
    if (ref.node.type === 'function_definition') {
      const first = state.lines.position(ref.start);
      const key = `${first.character}:${text.slice(ref.start, ref.end)}`;
      let relative = used.get(key) ?? memo.get(key);
      if (!relative) relative = shiftLines(functionSymbol(state, doc.item(i)), -first.line);
      used.set(key, relative);
      out.push(shiftLines(relative, first.line));
    } else {
      for (const v of doc.fileScope.variables.values()) {
        if (v.span.start >= ref.start && v.span.end <= ref.end) {
          out.push({ name: v.name, kind: SymbolKind.Variable, detail: v.typeText, range: rangeOf(state, ref), selectionRange: rangeOf(state, v.span) });
        }
      }
    }
  });
  return { symbols: out, memo: used };
}

function functionSymbol(state: DocumentState, model: ItemModel): DocumentSymbol {
  const item = model.item;
  const name = functionName(item, state.text);
  const nameSpan = name ?? item;
  return {
    name: name?.name ?? 'function', kind: SymbolKind.Function, range: rangeOf(state, item), selectionRange: rangeOf(state, nameSpan),
    detail: state.text.slice(item.start, nameSpan.start).trim(), children: model.roots.flatMap(c => constructSymbol(state, c)),
  };
}

function shiftLines(s: DocumentSymbol, delta: number): DocumentSymbol {
  const move = (r: Range): Range => ({ start: { line: r.start.line + delta, character: r.start.character }, end: { line: r.end.line + delta, character: r.end.character } });
  return { ...s, range: move(s.range), selectionRange: move(s.selectionRange), ...(s.children ? { children: s.children.map(c => shiftLines(c, delta)) } : {}) };
}

function constructSymbol(state: DocumentState, c: Construct): DocumentSymbol[] {
  const kind = CONSTRUCT_SYMBOL[c.kind];
  const children = c.children.flatMap(k => constructSymbol(state, k));
  if (kind === undefined || (c.kind === 'omp' && c.directive?.standalone && c.directive.name !== 'taskwait' && c.directive.name !== 'barrier')) return children;
  return [{ name: constructLabel(c), detail: detail(state.text, c), kind, range: rangeOf(state, constructSpan(c)), selectionRange: rangeOf(state, c.head), children }];
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

/** What an unresolved lens carries to its resolution: the kernels of a schedule, or its cases. */
export interface LensData { kind: 'cuda' | 'cases'; uri: string; version: number; start: number; end: number }

const errorsTitle = (what: string, errors: readonly { code: string }[]) => `${what}: ${errors.length} error${errors.length === 1 ? '' : 's'} (${errors[0].code})`;

/** Two lenses over each schedule, both resolved only when on screen (a file may hold hundreds):
 * its kernels with their estimated time, which open the CUDA view (see `cudaLens`), and its
 * cases, which may run nvcc (see `casesLens`). */
export function codeLenses(state: DocumentState, schedules: Construct[]): CodeLens[] {
  return schedules.flatMap(c => {
    const range = rangeOf(state, c.head);
    const span = constructSpan(c);
    const data = (kind: LensData['kind']): LensData => ({ kind, uri: state.uri, version: state.version, start: span.start, end: span.end });
    return [{ range, data: data('cuda') }, { range, data: data('cases') }];
  });
}

/** The resolved kernels lens: "Show CUDA: kernel0 (≈ 51 µs on H100)", or why there is no CUDA. */
export function cudaLens(lens: CodeLens, data: LensData, result: CudaResult, estimate: string | undefined): CodeLens {
  const summary = result.schedules[0];
  const errors = result.diagnostics.filter(d => d.severity === 'error');
  const title = summary
    ? `Show CUDA: ${summary.kernels.map(k => k.name).join(', ')}${estimate ? ` (${estimate})` : ''}`
    : errors.length ? errorsTitle('CUDA', errors) : 'CUDA: no kernel';
  return { ...lens, command: { title, command: COMMANDS.showCuda, arguments: [data.uri] } };
}

/** The resolved cases lens of the schedule at `data`: "3 cases" (and the parameters left without
 * a kernel), or the error that stops its optimization; it opens the case discussion. */
export function casesLens(lens: CodeLens, data: LensData, result: OptimizeResult): CodeLens {
  const schedule = result.schedules.find(s => s.start === data.start);
  let title: string;
  if (schedule) {
    const n = schedule.cases.length;
    const none = schedule.empty.map(e => e.constraints.join(', ')).join(' or ');
    title = `${n} case${n === 1 ? '' : 's'}${none ? ` (no kernel when ${none})` : ''}`;
  } else {
    const errors = result.diagnostics.filter(d => d.severity === 'error');
    const own = errors.filter(d => d.start >= data.start && d.start < data.end);
    const shown = own.length ? own : errors;
    title = shown.length ? `${errorsTitle('Cases', shown)}: ${shown[0].message.split('\n')[0]}` : 'Cases: none';
  }
  return { ...lens, command: { title, command: COMMANDS.showCases, arguments: [data.uri] } };
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

