// Code actions: the quick fixes the diagnostics call for (from the `data` each diagnostic
// carries), and translations of the construct under the cursor and of the whole file into the
// other dialects. Translations are resolved lazily (`codeAction/resolve`): listing them costs
// nothing, and only the one the user picks is computed.

import type { CodeAction, Diagnostic as LspDiagnostic, Range } from 'vscode-languageserver';
import type { MfDiagnostic } from '../base/diagnostic';
import type { Code } from '../base/codes';
import type { Construct, ItemModel } from '../model/constructs';
import { loopNests, nestAt } from '../tile/index';
import { constructLabel, isParallelLoop, outermostConstructAt } from '../model/constructs';
import { dialectsOf, focusSpan, layerDialects } from '../translate';
import type { Dialect } from '../translate';
import { COMMANDS } from '../../../shared/protocol';
import { DIALECT_LABELS } from '../../../shared/dialects';
import { functionName, nodeStartingAt } from '../syntax/ast';
import type { TextEdit } from '../base/edits';
import { Span, within } from '../base/span';
import { indentUnit, lineIndent } from '../base/layout';
import { errorsOf, DocumentState } from './documents';

/** What a translation action needs to be resolved. */
export interface TranslationActionData { kind: 'translate'; uri: string; version: number; to: Dialect; focus?: number }

/** A fix: a title and edits on the text of the state the diagnostic belongs to. */
interface Fix { title: string; edits: TextEdit[]; preferred?: boolean }

export function quickFixes(state: DocumentState, sent: LspDiagnostic[]): { fix: Fix; diagnostic: LspDiagnostic }[] {
  const out: { fix: Fix; diagnostic: LspDiagnostic }[] = [];
  for (const lsp of sent) {
    if (lsp.source !== 'metafork') continue;
    // The server's own diagnostic for this version (its data holds offsets in this text).
    const start = state.lines.offset(lsp.range.start);
    const d = state.analysis.diagnostics.find(x => x.code === lsp.code && x.start === start);
    if (!d) continue;
    for (const fix of fixesFor(state, d)) out.push({ fix, diagnostic: lsp });
  }
  return out;
}

function fixesFor(state: DocumentState, d: MfDiagnostic): Fix[] {
  const text = state.text;
  const data = d.data ?? {};
  const model = state.analysis.model.itemAt(d.start);
  const code = d.code as Code;
  if (typeof data.replace === 'string' && typeof data.with === 'string' && text.slice(d.start, d.end) === data.replace) {
    return [{ title: `Change '${data.replace}' to '${data.with}'`, edits: [{ start: d.start, end: d.end, newText: data.with }], preferred: true }];
  }
  switch (code) {
    case 'MF314': return model ? [insertJoin(state, model, data.insert as string, data.at as number)] : [];
    case 'MF402': return [{ title: `Add '${(data.insert as string).trim()}' to the spawn`, edits: [{ start: data.at as number, end: data.at as number, newText: data.insert as string }], preferred: true }];
    case 'MF102': {
      const token = data.insert as string;
      if (!/^[^\w\s]{1,3}$/.test(token)) return [];
      return [{ title: `Insert '${token}'`, edits: [{ start: data.at as number, end: data.at as number, newText: token }], preferred: true }];
    }
    case 'MF403': {
      const loop = model && innermost(model, d, c => isParallelLoop(c) && c.dialect !== 'cilkplus');
      if (!loop || typeof data.reduction !== 'string') return [];
      const clause = `reduction(${data.reduction}: ${data.variable})`;
      const at = loop.form === 'keyword' ? loop.keyword!.start + loop.keyword!.spelling.length : loop.directive!.end;
      return [{ title: `Add '${clause}' to '${constructLabel(loop)}'`, edits: [{ start: at, end: at, newText: ` ${clause}` }], preferred: true }];
    }
    case 'MF401': case 'MF404': {
      const edit = model && removeClauseItem(model, d, text);
      return edit ? [{ title: `Remove '${text.slice(d.start, d.end)}' from the clause`, edits: [edit], preferred: code === 'MF404' }] : [];
    }
    case 'MF204': {
      const clause = model && clauseAt(model, d);
      if (!clause) return [];
      let start = clause.start;
      while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t' || text[start - 1] === ',')) start--;
      return [{ title: `Remove the clause '${data.clause}'`, edits: [{ start, end: clause.end, newText: '' }], preferred: true }];
    }
    case 'MF405': {
      const c = model && innermost(model, d, k => k.kind === 'omp' && k.clauses.some(cl => cl.name === 'default'));
      if (!c?.directive) return [];
      const at = c.directive.end;
      return ['shared', 'firstprivate', 'private'].map((clause, i) => ({
        title: `Add '${clause}(${data.variable})' to '${constructLabel(c)}'`, edits: [{ start: at, end: at, newText: ` ${clause}(${data.variable})` }], preferred: i === 0,
      }));
    }
    default: return [];
  }
}

/** `meta_join;` before a return (in braces where the return is the sole statement of an if or
 * a loop), or as the last statement before the function's closing brace. */
function insertJoin(state: DocumentState, model: ItemModel, join: string, at: number): Fix {
  const text = state.text;
  const title = `Insert '${join}' ${text[at] === '}' ? 'at the end of the function' : 'before the return'}`;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const ownLine = text.slice(lineStart, at).trim() === '';
  const indent = lineIndent(text, at);
  if (text[at] === '}') {
    const inner = indent + indentUnit(text);
    return { title, edits: [ownLine ? { start: lineStart, end: lineStart, newText: `${inner}${join}\n` } : { start: at, end: at, newText: `${join} ` }], preferred: true };
  }
  const ret = nodeStartingAt(model.item, at, new Set(['return_statement']));
  const inBlock = ret?.parent?.type === 'compound_statement';
  if (ret && !inBlock) {
    return { title, edits: [{ start: ret.start, end: ret.end, newText: `{ ${join} ${text.slice(ret.start, ret.end)} }` }], preferred: true };
  }
  return { title, edits: [{ start: at, end: at, newText: ownLine ? `${join}\n${indent}` : `${join} ` }], preferred: true };
}

function innermost(model: ItemModel, span: Span, test: (c: Construct) => boolean): Construct | undefined {
  let found: Construct | undefined;
  for (const c of model.constructs) if (test(c) && c.start <= span.start && span.end <= c.end && (!found || c.start >= found.start)) found = c;
  return found;
}

function clauseAt(model: ItemModel, d: Span) {
  for (const c of model.constructs) for (const cl of c.clauses) if (within(d, cl)) return cl;
  return undefined;
}

/** Removes one item of a clause list, or the clause when it is the only one. */
function removeClauseItem(model: ItemModel, d: Span, text: string): TextEdit | undefined {
  const clause = clauseAt(model, d);
  if (!clause) return undefined;
  const i = clause.items.findIndex(x => x.start === d.start);
  if (i < 0) return undefined;
  if (clause.items.length === 1) {
    let start = clause.start;
    while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
    return { start, end: clause.end, newText: '' };
  }
  const item = clause.items[i];
  return i + 1 < clause.items.length
    ? { start: item.start, end: clause.items[i + 1].start, newText: '' }
    : { start: clause.items[i - 1].end, end: item.end, newText: '' };
}

/** The translation actions offered at `offset`: the construct there, then the whole file. */
export function translationActions(state: DocumentState, offset: number, disabledSupport: boolean): CodeAction[] {
  const doc = state.analysis.model;
  const blocked = errorsOf(state).length ? 'the file has errors: fix them first' : undefined;
  if (blocked && !disabledSupport) return [];
  const out: CodeAction[] = [];
  const data = (to: Dialect, focus?: number): TranslationActionData => ({ kind: 'translate', uri: state.uri, version: state.version, to, ...(focus === undefined ? {} : { focus }) });
  const action = (title: string, d: TranslationActionData): CodeAction => ({ title, kind: 'refactor.rewrite', data: d, ...(blocked ? { disabled: { reason: blocked } } : {}) });
  const focus = focusSpan(doc, offset);
  if (focus) {
    const model = doc.itemAt(offset)!;
    const root = outermostConstructAt(model, offset);
    const dialects = dialectsOf(doc, focus);
    const what = focus.start === model.item.start && focus.end === model.item.end && root?.kind !== 'parallel-for'
      ? `the spawns and joins of '${functionName(model.item, state.text)?.name ?? 'this function'}'`
      : `this '${root ? constructLabel(root) : 'construct'}'`;
    for (const to of ['metafork', 'openmp', 'cilkplus'] as Dialect[]) {
      if (dialects.some(d => d !== to)) out.push(action(`Translate ${what} to ${DIALECT_LABELS[to]}`, data(to, offset)));
    }
  }
  const all = layerDialects(doc.syntax.layer);
  for (const to of ['metafork', 'openmp', 'cilkplus'] as Dialect[]) {
    if (all.some(d => d !== to)) out.push(action(`Translate the file to ${DIALECT_LABELS[to]}`, data(to)));
  }
  return out;
}

/** What an unresolved "Offload ..." action carries to its resolution: the nest's offset, or none
 * for every nest of the file. */
export interface TileActionData { kind: 'tile'; uri: string; version: number; offset?: number }

/** "Offload this loop nest to the GPU" on a loop nest outside any parallel construct: its edit
 * (the nest as a meta_schedule) is computed when picked; disabled, with the dependence, when the
 * nest must stay serial. With other nests in the file, "Offload every loop nest of the file" too
 * (those that may run in parallel). After the edit, the CUDA view opens. */
export function offloadActions(state: DocumentState, offset: number, disabledSupport: boolean): CodeAction[] {
  const model = state.analysis.model.itemAt(offset);
  const nest = model && nestAt(model, offset);
  if (!nest) return [];
  const errors = errorsOf(state).length ? 'the file has errors: fix them first' : undefined;
  const blocked = errors ?? (nest.reasons[0] && `this loop nest stays serial: ${nest.reasons[0]}`);
  const action = (title: string, at: number | undefined, disabled: string | undefined): CodeAction[] => (disabled && !disabledSupport ? [] : [{
    title, kind: 'refactor.rewrite', data: { kind: 'tile', uri: state.uri, version: state.version, ...(at === undefined ? {} : { offset: at }) } satisfies TileActionData,
    command: { title: 'Show generated CUDA', command: COMMANDS.showCuda, arguments: [state.uri] },
    ...(disabled ? { disabled: { reason: disabled } } : {}),
  }]);
  // Another nest anywhere in the file (counting stops at two: a code action is asked at every move).
  let nests = 0;
  for (const m of state.analysis.model.allItems()) if ((nests += loopNests(m).length) > 1) break;
  const others = nests > 1;
  return [
    ...action('Offload this loop nest to the GPU (meta_schedule)', nest.span.start, blocked),
    ...(others ? action('Offload every loop nest of the file that may run in parallel to the GPU', undefined, errors) : []),
  ];
}

/** One edit turning `before` into `after`: the span between their common prefix and suffix. */
export function minimalEdit(before: string, after: string): TextEdit {
  let start = 0;
  const limit = Math.min(before.length, after.length);
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < limit - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { start, end: before.length - tail, newText: after.slice(start, after.length - tail) };
}

export function rangeOf(state: DocumentState, span: Span): Range {
  return { start: state.lines.position(span.start), end: state.lines.position(span.end) };
}
