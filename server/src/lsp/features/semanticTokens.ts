// Semantic tokens for the MetaFork, CilkPlus and OpenMP keywords, clauses and directives.

import { SemanticTokensBuilder } from 'vscode-languageserver';
import type {
  CancellationToken, SemanticTokens, SemanticTokensLegend, SemanticTokensParams,
} from 'vscode-languageserver';
import { parsePragma } from '../../syntax/pragma';
import type { Span } from '../../base/span';
import type { ServerContext } from '../context';
import { derive, DocumentState } from '../documents';

export async function tokensOf(
  ctx: ServerContext, params: SemanticTokensParams, token: CancellationToken,
): Promise<SemanticTokens> {
  const state = await ctx.stateOf(params.textDocument?.uri, token);
  return derive(state, 'tokens', () => semanticTokens(state));
}

export const TOKEN_LEGEND: SemanticTokensLegend = {
  tokenTypes: ['keyword', 'macro', 'property', 'variable'],
  tokenModifiers: ['metafork', 'openmp', 'cilkplus'],
};
const TYPE = { keyword: 0, macro: 1, property: 2, variable: 3 } as const;
const MODIFIER = { metafork: 1, openmp: 2, cilkplus: 4 } as const;

function semanticTokens(state: DocumentState): { data: number[] } {
  const layer = state.checked.syntax.layer;
  const tokens: { start: number; end: number; type: number; modifier: number }[] = [];
  const add = (s: Span, type: number, modifier: number) => {
    if (s.end > s.start) tokens.push({ start: s.start, end: s.end, type, modifier });
  };
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
    const family = directive.family;
    const modifier = family === 'omp' ? MODIFIER.openmp : family === 'cilk' ? MODIFIER.cilkplus : MODIFIER.metafork;
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
  const text = state.checked.model.text;
  let last = -1;
  for (const t of tokens) {
    if (t.start < last || text.slice(t.start, t.end).includes('\n')) continue; // overlapping or multi-line
    const p = state.lines.position(t.start);
    builder.push(p.line, p.character, t.end - t.start, t.type, t.modifier);
    last = t.end;
  }
  return builder.build();
}
