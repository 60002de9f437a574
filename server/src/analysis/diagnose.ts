// All diagnostics of a document. Each top-level item is analysed on its own; results are
// cached by (item text, file-scope signature) with offsets relative to the item, so after
// an edit only the edited item is analysed again.

import type { ItemModel } from '../model/constructs';
import { inSpan, type DocumentModel } from '../model/document';
import { parsePragma } from '../syntax/pragma';
import { branchDiagnostics, unjoinedSpawnDiagnostics } from './controlFlow';
import { diagnostic, MfDiagnostic } from './diagnostic';
import { loopDiagnostics } from './loops';
import { scheduleDiagnostics } from './schedule';
import { clauseVariableDiagnostics, defaultNoneDiagnostics, privateWriteDiagnostics, raceDiagnostics } from './sharingChecks';
import { syntaxDiagnostics } from './syntaxErrors';

/** Problems the syntax layer and the construct builder found. */
function directiveDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const d of model.directives) for (const p of d.problems) out.push(diagnostic(p.code, p.span, p.message, p.data));
  for (const k of model.keywords) {
    for (const u of k.unknownClauses) {
      out.push(diagnostic('MF205', u.nameSpan, `unknown clause '${u.name}' on '${k.spelling}'; did you mean '${u.suggestion}'?`, { replace: u.name, with: u.suggestion }));
    }
    for (const c of k.clauses) {
      if (c.unterminated) out.push(diagnostic('MF203', c.nameSpan, `missing ')' to close '${c.name}('`));
      else if (c.items.length === 0) out.push(diagnostic('MF203', c, `'${c.name}(...)' needs at least one variable`));
      if (c.name === 'reduction' && !c.operator) out.push(diagnostic('MF203', c, `'reduction' needs an operator: 'reduction(+: ${c.argsText.trim()})'`));
    }
  }
  for (const p of model.problems) out.push(diagnostic(p.code, p.span, p.message, p.data));
  return out;
}

const CHECKS: ((model: ItemModel) => MfDiagnostic[])[] = [
  m => syntaxDiagnostics(m.item, m.text),
  directiveDiagnostics,
  loopDiagnostics,
  branchDiagnostics,
  unjoinedSpawnDiagnostics,
  clauseVariableDiagnostics,
  privateWriteDiagnostics,
  raceDiagnostics,
  defaultNoneDiagnostics,
  scheduleDiagnostics,
];

export function diagnoseItem(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  const incomplete = () => diagnostic('MF100', { start: model.item.start, end: Math.min(model.item.end, model.item.start + 1) }, 'this code is nested too deeply to be analysed completely; some checks were skipped');
  if (model.incomplete) out.push(incomplete());
  for (const check of CHECKS) {
    try {
      out.push(...check(model));
    } catch (e) {
      // Pathological input (e.g. thousands of nested blocks) must degrade, never crash.
      if (!(e instanceof RangeError)) throw e;
      if (!model.incomplete) out.push(incomplete());
      break;
    }
  }
  // Nested constructs can find the same problem twice (a race seen from both loops of a nest).
  const seen = new Set<string>();
  return out.filter(d => {
    const key = `${d.code}:${d.start}:${d.end}:${d.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  }).sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Beyond this many, a document is more noise than code (binary junk): stop reporting. */
export const MAX_DIAGNOSTICS = 1000;

/** Per-item results (offsets relative to the item start) for one file-scope signature. */
export interface DiagnosticCache { signature: string; items: Map<string, MfDiagnostic[]> }

export function diagnoseDocument(doc: DocumentModel, previous?: DiagnosticCache): { diagnostics: MfDiagnostic[]; cache: DiagnosticCache } {
  const signature = doc.fileScope.signature;
  const cache: DiagnosticCache = { signature, items: new Map() };
  const reusable = previous?.signature === signature ? previous.items : undefined;
  const diagnostics: MfDiagnostic[] = [];
  const text = doc.text;
  doc.items.forEach((ref, i) => {
    if (diagnostics.length >= MAX_DIAGNOSTICS) return;
    // The item's keywords and pragma lines may reach past its node (a clause being typed after a
    // syntax error): what they cover belongs to the key too.
    let end = ref.end;
    for (const k of inSpan(doc.syntax.layer.keywords, ref)) end = Math.max(end, k.headEnd);
    for (const p of inSpan(doc.syntax.layer.pragmas, ref)) end = Math.max(end, p.end);
    const key = text.slice(ref.start, end);
    let relative = reusable?.get(key) ?? cache.items.get(key);
    if (!relative) {
      relative = diagnoseItem(doc.item(i)).map(d => ({ ...d, start: d.start - ref.start, end: d.end - ref.start }));
    }
    cache.items.set(key, relative);
    for (const d of relative) diagnostics.push({ ...d, start: d.start + ref.start, end: d.end + ref.start });
  });
  // Pragmas outside every item (between top-level nodes) still get their directive checks.
  for (const line of doc.orphanTokens().pragmas) {
    const d = parsePragma(line);
    if (d) for (const p of d.problems) diagnostics.push(diagnostic(p.code, p.span, p.message, p.data));
  }
  return { diagnostics, cache };
}
