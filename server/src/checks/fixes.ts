// Quick fixes: for each diagnostic code that has one, how to build its repair as text edits on
// the checked text, from the `data` the diagnostic carries. The editor offers them as code
// actions; `metafork check --fix` applies the preferred one of each.

import type { Code } from '../base/codes';
import type { MfDiagnostic } from '../base/diagnostic';
import { insert, replace, TextEdit } from '../base/edits';
import { indentUnit, lineIndent } from '../base/layout';
import { Span, within } from '../base/span';
import type { Construct, ItemModel } from '../model/constructs';
import { constructLabel, isParallelLoop } from '../model/constructs';
import type { DocumentModel } from '../model/document';
import { nodeStartingAt } from '../syntax/ast';

/** A repair: a title and edits on the text the diagnostic was found in. */
/** `preferred`: true, the fix `check --fix` applies; false, one it never applies unasked (no fix is
 * known to keep what the code computes); absent, one it may apply where none is preferred. */
export interface Fix { title: string; edits: TextEdit[]; preferred?: boolean }

/** What a fix builder reads: the diagnostic, the checked text and its model. */
interface FixContext { d: MfDiagnostic; text: string; model: DocumentModel; item?: ItemModel }

type FixBuilder = (c: FixContext) => Fix[];

const preferred = (title: string, ...edits: TextEdit[]): Fix => ({ title, edits, preferred: true });

/** A misspelled name the diagnostic's `data` names with its correction. */
const spelling: FixBuilder = ({ d, text }) => {
  const data = d.data ?? {};
  if (typeof data.replace !== 'string' || typeof data.with !== 'string') return [];
  if (text.slice(d.start, d.end) !== data.replace) return [];
  return [preferred(`Change '${data.replace}' to '${data.with}'`, replace(d, data.with))];
};

/** The quick fixes by the code of the diagnostic they repair. */
export const FIXES: ReadonlyMap<Code, FixBuilder> = new Map<Code, FixBuilder>([
  ['MF201', spelling], ['MF202', spelling], ['MF203', spelling], ['MF205', spelling],
  ['MF314', c => (c.item ? [insertJoin(c.text, c.item, c.d.data?.insert as string, c.d.data?.at as number)] : [])],
  ['MF402', ({ d }) => {
    const clause = d.data?.insert as string;
    const at = d.data?.at as number;
    // Where the parent uses the variable before the join, sharing it alone would make a race.
    return [{ title: `Add '${clause.trim()}' to the spawn`, edits: [insert(at, clause)], preferred: !d.data?.parentUses }];
  }],
  ['MF102', ({ d }) => {
    const token = d.data?.insert as string;
    const at = d.data?.at as number;
    // A missing punctuation token, or the return type a K&R definition left out (syntaxErrors).
    if (!/^[^\w\s]{1,3}$/.test(token) && token !== 'int ') return [];
    return [preferred(`Insert '${token.trim()}'`, insert(at, token))];
  }],
  ['MF403', ({ d, item }) => {
    const loop = item && innermost(item, d, c => isParallelLoop(c) && c.dialect !== 'cilkplus');
    if (!loop || typeof d.data?.reduction !== 'string') return [];
    const clause = `reduction(${d.data.reduction}: ${d.data.variable})`;
    const at = loop.form === 'keyword' ? loop.keyword!.start + loop.keyword!.spelling.length : loop.directive!.end;
    return [preferred(`Add '${clause}' to '${constructLabel(loop)}'`, insert(at, ` ${clause}`))];
  }],
  ['MF401', c => removeItemFix(c, false)],
  ['MF404', c => removeItemFix(c, true)],
  ['MF204', ({ d, text, item }) => {
    const clause = item && clauseAt(item, d);
    if (!clause) return [];
    let start = clause.start;
    while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t' || text[start - 1] === ',')) start--;
    return [preferred(`Remove the clause '${d.data?.clause}'`, { start, end: clause.end, newText: '' })];
  }],
  ['MF405', ({ d, item }) => {
    const c = item && innermost(item, d, k => k.kind === 'omp' && k.clauses.some(cl => cl.name === 'default'));
    if (!c?.directive) return [];
    const at = c.directive.end;
    // The clause the check found keeps what the code computes (none where no clause does: nothing
    // is preferred, so `check --fix` leaves the choice to the user).
    const fits = typeof d.data?.fits === 'string' ? d.data.fits : undefined;
    const clauses = ['shared', 'firstprivate', 'private'].map(clause => `${clause}(${d.data?.variable})`);
    if (fits && !clauses.includes(fits)) clauses.unshift(fits);
    return clauses.map(clause => ({
      title: `Add '${clause}' to '${constructLabel(c)}'`,
      edits: [insert(at, ` ${clause}`)], preferred: clause === fits,
    }));
  }],
]);

/** The fixes for one diagnostic found in `text` (whose model is `model`). */
export function fixesFor(text: string, model: DocumentModel, d: MfDiagnostic): Fix[] {
  const build = FIXES.get(d.code);
  return build ? build({ d, text, model, item: model.itemAt(d.start) }) : [];
}

/** One round of `check --fix`: the preferred fix (else the first not marked unpreferred) of each
 * diagnostic of the first family of codes that has fixes (syntax MF1xx, then directives and clauses MF2xx, then control
 * flow, then sharing), skipping fixes that overlap an earlier one. A repaired spelling or syntax
 * changes what the later checks find (a misspelled `shared` clause also reads as a missing one),
 * so their fixes wait for the next round, on the text checked again. */
export function fixRound(
  text: string, model: DocumentModel, diagnostics: readonly MfDiagnostic[],
): { d: MfDiagnostic; fix: Fix }[] {
  const candidates = diagnostics.map(d => {
    const fixes = fixesFor(text, model, d);
    return { d, fix: fixes.find(f => f.preferred) ?? fixes.find(f => f.preferred === undefined) };
  }).filter((c): c is { d: MfDiagnostic; fix: Fix } => c.fix !== undefined);
  const family = candidates.map(c => c.d.code.slice(0, 3)).sort()[0];
  const out: { d: MfDiagnostic; fix: Fix }[] = [];
  const taken: Span[] = [];
  // Two insertions at one offset overlap too: their order would be a guess.
  const overlaps = (e: Span) => taken.some(t =>
    (e.start < t.end && t.start < e.end)
    || (e.start === e.end && e.start === t.start));
  for (const c of candidates) {
    if (c.d.code.slice(0, 3) !== family || c.fix.edits.some(overlaps)) continue;
    taken.push(...c.fix.edits);
    out.push(c);
  }
  return out;
}

/** `meta_join;` before a return (in braces where the return is the sole statement of an if or
 * a loop), or as the last statement before the function's closing brace. */
function insertJoin(text: string, model: ItemModel, join: string, at: number): Fix {
  const title = `Insert '${join}' ${text[at] === '}' ? 'at the end of the function' : 'before the return'}`;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const ownLine = text.slice(lineStart, at).trim() === '';
  const indent = lineIndent(text, at);
  if (text[at] === '}') {
    const inner = indent + indentUnit(model.map.fileText);
    return preferred(title, ownLine ? insert(lineStart, `${inner}${join}\n`) : insert(at, `${join} `));
  }
  const ret = nodeStartingAt(model.item, at, new Set(['return_statement']));
  const inBlock = ret?.parent?.type === 'compound_statement';
  if (ret && !inBlock) {
    return preferred(title, replace(ret, `{ ${join} ${text.slice(ret.start, ret.end)} }`));
  }
  return preferred(title, insert(at, ownLine ? `${join}\n${indent}` : `${join} `));
}

function innermost(model: ItemModel, span: Span, test: (c: Construct) => boolean): Construct | undefined {
  let found: Construct | undefined;
  for (const c of model.constructs) {
    if (test(c) && c.start <= span.start && span.end <= c.end && (!found || c.start >= found.start)) found = c;
  }
  return found;
}

function clauseAt(model: ItemModel, d: Span) {
  for (const c of model.constructs) for (const cl of c.clauses) if (within(d, cl)) return cl;
  return undefined;
}

function removeItemFix({ d, text, item }: FixContext, preferred: boolean): Fix[] {
  const edit = item && removeClauseItem(item, d, text);
  return edit ? [{ title: `Remove '${text.slice(d.start, d.end)}' from the clause`, edits: [edit], ...(preferred ? { preferred } : {}) }] : [];
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
