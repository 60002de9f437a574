// All diagnostics of a document. Each top-level item is analysed on its own; results are
// cached by (item text, file-scope signature) with offsets (ranges and the offsets in `data`)
// relative to the item, so after an edit only the edited item is analysed again. A result whose
// message cites a line is reused only at the same line: a cached result is exactly what a fresh
// analysis gives.

import type { ItemModel } from '../model/constructs';
import { inSpan, type DocumentModel } from '../model/document';
import { parsePragma } from '../syntax/pragma';
import { branchDiagnostics, unjoinedSpawnDiagnostics } from './controlFlow';
import { CITES_LINE, diagnostic, MfDiagnostic, shifted } from '../base/diagnostic';
import { LineIndex } from '../base/lines';
import { isStackExhausted } from '../base/stack';
import { loopDiagnostics } from './loops';
import { nameContext, nameDiagnostics, type NameContext } from './names';
import { scheduleDiagnostics } from './schedule';
import { callFacts, callRaces, raceDiagnostics, spawnArgumentDiagnostics, type CallFacts } from './races';
import { clauseVariableDiagnostics, defaultNoneDiagnostics, privateWriteDiagnostics } from './sharing';
import { implicitIntErrors, syntaxDiagnostics } from './syntaxErrors';

/** Problems the syntax layer and the construct builder found. */
function directiveDiagnostics(model: ItemModel, names: NameContext): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const d of model.directives)
    for (const p of d.problems) {
      // gcc expands macros in an OpenMP directive; the tool reads its clauses as written.
      const name = p.code === 'MF202' ? model.text.slice(p.span.start, p.span.end) : '';
      if (name && names.macros.has(name))
        out.push(diagnostic('MF202', p.span, `'${name}' is a macro: the tool reads a directive's clauses as they are written, before macros expand; write the clause '${name}' stands for`));
      else out.push(diagnostic(p.code, p.span, p.message, p.data));
    }
  for (const k of model.keywords) {
    for (const u of k.unknownClauses) {
      out.push(
        diagnostic(
          'MF205',
          u.nameSpan,
          `unknown clause '${u.name}' on '${k.spelling}'; did you mean '${u.suggestion}'?`,
          { replace: u.name, with: u.suggestion },
        ),
      );
    }
    for (const c of k.clauses) {
      if (c.unterminated) out.push(diagnostic('MF203', c.nameSpan, `missing ')' to close '${c.name}('`));
      else if (c.items.length === 0) out.push(diagnostic('MF203', c, `'${c.name}(...)' needs at least one variable`));
      if (c.name === 'reduction' && !c.operator)
        out.push(diagnostic('MF203', c, `'reduction' needs an operator: 'reduction(+: ${c.argsText.trim()})'`));
    }
  }
  for (const p of model.problems) out.push(diagnostic(p.code, p.span, p.message, p.data));
  return out;
}

const CHECKS: ((model: ItemModel, names: NameContext) => MfDiagnostic[])[] = [
  m => syntaxDiagnostics(m.item, m.text),
  directiveDiagnostics,
  loopDiagnostics,
  branchDiagnostics,
  unjoinedSpawnDiagnostics,
  clauseVariableDiagnostics,
  privateWriteDiagnostics,
  raceDiagnostics,
  spawnArgumentDiagnostics,
  defaultNoneDiagnostics,
  scheduleDiagnostics,
  nameDiagnostics,
];

/** Checks whose every finding is a warning (MF314, MF403, MF406): a transform, which stops only at
 * errors (checks/index `blocking`), does without them. */
const ADVISORY: ReadonlySet<(typeof CHECKS)[number]> = new Set([unjoinedSpawnDiagnostics, raceDiagnostics, spawnArgumentDiagnostics]);

function diagnoseItem(model: ItemModel, names: NameContext, blockingOnly: boolean): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  const incomplete = () =>
    diagnostic(
      'MF100',
      { start: model.item.start, end: Math.min(model.item.end, model.item.start + 1) },
      'this code is nested too deeply to be analysed completely; some checks were skipped',
    );
  if (model.incomplete) out.push(incomplete());
  for (const check of CHECKS) {
    if (blockingOnly && ADVISORY.has(check)) continue;
    try {
      out.push(...check(model, names));
    } catch (e) {
      // Pathological input (e.g. thousands of nested blocks) must degrade, never crash.
      if (!isStackExhausted(e)) throw e;
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

/** `callFacts` of an item, none where it is nested too deeply to read (MF100 says so). */
function itemCallFacts(model: ItemModel): CallFacts | undefined {
  if (model.incomplete) return undefined;
  try {
    return callFacts(model);
  } catch (e) {
    if (!isStackExhausted(e)) throw e;
    return undefined;
  }
}

/** Beyond this many, a document is more noise than code (binary junk): the rest are counted, and
 * one MF100 at the first of them says how many were left out. */
const MAX_DIAGNOSTICS = 1000;

/** One item's diagnostics, offsets relative to the item's start; `line`, the line the item started
 * on, when a message cites a line; what it tells the check of calls across items (not for a
 * transform's check). */
interface CachedItem { diagnostics: MfDiagnostic[]; line?: number; calls?: CallFacts }

/** Per-item results for one file-scope signature, by item text. */
export interface DiagnosticCache {
  signature: string;
  items: Map<string, CachedItem>;
  /** What each top-level node declares, for the name check (checks/names). */
  names?: NameContext['memo'];
}

/** `until`: only the items that start before this offset (a large file's first publication);
 * `blockingOnly`: without the advisory checks (a transform's check). */
export function diagnoseDocument(
  doc: DocumentModel,
  previous?: DiagnosticCache,
  until = Infinity,
  blockingOnly = false,
): { diagnostics: MfDiagnostic[]; cache: DiagnosticCache } {
  // What the name check reads of the whole file (includes, macros, prototypes) is part of the key,
  // and so is which checks ran.
  const names = nameContext(doc, previous?.names);
  const signature = `${doc.fileScope.signature}\n${names.signature}${blockingOnly ? '\nblocking only' : ''}`;
  const cache: DiagnosticCache = { signature, items: new Map(), names: names.memo };
  const reusable = previous?.signature === signature ? previous.items : undefined;
  const diagnostics: MfDiagnostic[] = [];
  const text = doc.text;
  let lines: LineIndex | undefined;
  const lineOf = (offset: number) => (lines ??= new LineIndex(text)).position(offset).line;
  const calls: { facts: CallFacts; start: number }[] = [];
  doc.items.forEach((ref, i) => {
    if (ref.start >= until) return;
    // The item's keywords and pragma lines may reach past its node (a clause being typed after a
    // syntax error): what they cover belongs to the key too.
    let end = ref.end;
    for (const k of inSpan(doc.syntax.layer.keywords, ref)) end = Math.max(end, k.headEnd);
    for (const p of inSpan(doc.syntax.layer.pragmas, ref)) end = Math.max(end, p.end);
    const key = text.slice(ref.start, end);
    let entry = cache.items.get(key) ?? reusable?.get(key);
    if (entry?.line !== undefined && entry.line !== lineOf(ref.start)) entry = undefined;
    if (!entry) {
      const model = doc.item(i);
      const found = diagnoseItem(model, names, blockingOnly);
      entry = { diagnostics: found.map(d => shifted(d, -ref.start)), ...(blockingOnly ? {} : { calls: itemCallFacts(model) }) };
      if (found.some(d => CITES_LINE.has(d.code))) entry.line = lineOf(ref.start);
    }
    cache.items.set(key, entry);
    for (const d of entry.diagnostics) diagnostics.push(shifted(d, ref.start));
    if (entry.calls) calls.push({ facts: entry.calls, start: ref.start });
  });
  // Calls from parallel code into the file's functions whose writes race (facts of several items).
  diagnostics.push(...callRaces(calls, text));
  // Pragmas outside every item (between top-level nodes) still get their directive checks.
  for (const line of doc.orphanTokens().pragmas) {
    if (line.start >= until) continue;
    const d = parsePragma(line);
    if (d) for (const p of d.problems) diagnostics.push(diagnostic(p.code, p.span, p.message, p.data));
  }
  // A definition without its type, misread by the grammar, spans items: said once, as what it is.
  const found = doc.syntax.language === 'c' ? implicitIntErrors(text, diagnostics, doc.items) : diagnostics;
  return { diagnostics: capped(found), cache };
}

/** The first MAX_DIAGNOSTICS diagnostics in the order of the text, and a note of how many more. */
function capped(diagnostics: MfDiagnostic[]): MfDiagnostic[] {
  if (diagnostics.length <= MAX_DIAGNOSTICS) return diagnostics;
  const sorted = [...diagnostics].sort((a, b) => a.start - b.start);
  const first = sorted[MAX_DIAGNOSTICS];
  const more = sorted.length - MAX_DIAGNOSTICS;
  return [
    ...sorted.slice(0, MAX_DIAGNOSTICS),
    diagnostic(
      'MF100',
      { start: first.start, end: first.start },
      `${more} more diagnostic${more === 1 ? '' : 's'} from here on not shown: only the first ${MAX_DIAGNOSTICS} are (is this a C file?)`,
    ),
  ];
}
