// The program a case of the comprehensive optimization runs (Xie 2016 §7.3–7.4): the input
// file with one `meta_schedule` rewritten by the strategies applied so far. A variant says which:
// the thread-coarsening loop kept or removed (granularity set to 1), the schedule's arrays
// cached in shared memory or not, and how many CSE levels ran. Every program is derived from the
// input by the same edits, so different orders of the same strategies give the same program
// (the thesis observes this, L4500), and a program is computed once per variant.
//
// What the strategies need from the input, read once (ScheduleSource): the coarsening loop
// `for (int k = 0; k < s; ++k)` directly inside the innermost block loop, with `s` a scalar set
// before the schedule; the tunable program parameters (that `s`, and block sizes given by a
// variable); the variables derived from them before the schedule (`dim = (N + s*B - 1) / (s*B)`),
// which a program must recompute when it changes a parameter; the arrays caching can stage.

import { SourceMap } from '../base/sourcemap';
import type { CompileContext } from '../preprocess/index';
import { checkText } from '../checks/index';
import type { Checked } from '../checks/index';
import { constructSpan } from '../model/constructs';
import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { Span, within } from '../base/span';
import type { Construct, ItemModel } from '../model/constructs';
import { initializerOf, variableOf, writtenWithin, type Variable } from '../model/scopes';
import { canonicalHeader, countsFromZero } from '../model/loops';
import { diagnostic, MfDiagnostic } from '../base/diagnostic';
import { Stage } from '../base/stage';
import { indentUnit, lineIndent, reindent } from '../base/layout';
import { applyEdits, TextEdit } from '../base/edits';
import { scheduleKernels } from '../cuda/kernels';
import { stageBoxes } from '../cuda/footprint';
import { schedulesOf } from '../cuda/index';
import { polynomialOf } from '../symbolic/expression';
import { Poly } from '../symbolic/poly';
import { cseEdits } from './cse';
import { uncountedLoopDiagnostics } from '../cost/counts';
import { parametersAreFree } from './invariance';

export interface Variant {
  /** The thread-coarsening loop is kept (false: granularity set to 1). */
  granularity: boolean;
  /** The schedule carries `cache(...)` and its tiles live in shared memory. */
  caching: boolean;
  /** CSE levels applied (0, 1 or 2). */
  cse: number;
}

export const variantKey = (v: Variant) =>
  `${v.caching ? 'cache' : 'no-cache'}/${v.granularity ? 's' : 's=1'}/cse${v.cse}`;

export interface Tunable {
  name: string;
  role: 'block' | 'granularity';
}

export interface ScheduleSource {
  /** The analysed text: the variants are derived from it, and read with the same flags. */
  text: string;
  fileName?: string;
  context: CompileContext;
  /** The schedule's position among the file's schedules, and its span in the input. */
  ordinal: number;
  span: Span;
  /** The coarsening loops (one per kernel) and their parameter; absent: no such loop. */
  granularity?: { parameter: string; loops: SNode[] };
  tunables: Tunable[];
  /** The parameters kept at the program's values since the result may depend on them (./invariance). */
  fixed?: { names: string[]; tunables: Tunable[]; reason: string };
  /** Variables computed from the tunables before the schedule, in declaration order. */
  derived: { name: string; init: WrittenExpression }[];
  /** Arrays `cache(...)` names: the user's list, or every array the generator can stage. */
  cacheList: string[];
  /** The input's own `cache(...)` clause, if any. */
  cacheClause?: Span;
  /** Where ` cache(...)` goes when the input has none. */
  cacheInsert: number;
  /** Thread-block sizes of each kernel, as polynomials (`B`, `B0 * B1`). */
  threads: Poly[];
  notes: MfDiagnostic[];
  analysis: Checked;
  construct: Construct;
}

/** An expression as the program writes it, with where its identifiers stand (offsets in `text`): it
 * is printed again with some names replaced (the dispatcher's candidate values) from the syntax
 * tree's identifiers, never by searching the text for words. */
export interface WrittenExpression { text: string; identifiers: Span[] }

function writtenExpression(node: SNode, text: string): WrittenExpression {
  const written = text.slice(node.start, node.end);
  const start = node.start + (written.length - written.trimStart().length);
  const identifiers: Span[] = [];
  walk(node, n => {
    if (n.type === 'identifier') identifiers.push({ start: n.start - start, end: n.end - start });
    return true;
  });
  return { text: written.trim(), identifiers };
}

/** The expression with each identifier `rename` names replaced. */
export function printExpression(e: WrittenExpression, rename: (name: string) => string | undefined): string {
  let out = '', at = 0;
  for (const id of e.identifiers) {
    const name = e.text.slice(id.start, id.end), to = rename(name);
    if (to === undefined) continue;
    out += e.text.slice(at, id.start) + to;
    at = id.end;
  }
  return out + e.text.slice(at);
}

const INT_TYPES = /^(const\s+)?(unsigned\s+|signed\s+)?(int|long|long\s+long|short)(\s+int)?$/;

/** The scalar a loop bound names, when it is a plain variable set outside the schedule and never
 * written inside it. */
function parameterVariable(model: ItemModel, node: SNode, schedule: Span): Variable | undefined {
  if (node.type !== 'identifier') return undefined;
  const v = variableOf(model.scopes, node);
  // A const one cannot be given another value by the dispatcher: it is the program's, like a literal.
  if (!v || v.shape !== 'value' || v.isConst || within(v.span, schedule) || !INT_TYPES.test(v.typeText.trim()))
    return undefined;
  if (writtenWithin(model.scopes, v, schedule)) return undefined;
  return v;
}

/** Reads what the strategies need from the schedule at `ordinal` (or the one holding `offset`) of
 * an analysed file; the source keeps the analysis, which the caller disposes. */
export function readScheduleSource(
  analysis: Checked,
  fileName: string | undefined,
  pick: { ordinal?: number; offset?: number },
): { source?: ScheduleSource; diagnostics: MfDiagnostic[] } {
  const text = analysis.model.text;
  const errors = analysis.diagnostics.filter(d => d.severity === 'error');
  if (errors.length) return { diagnostics: errors };
  const all = schedulesOf(analysis.model);
  const ordinal =
    pick.offset !== undefined
      ? all.findIndex(c => within({ start: pick.offset!, end: pick.offset! }, constructSpan(c)))
      : (pick.ordinal ?? 0);
  const construct = all[ordinal];
  if (!construct) {
    return {
      diagnostics: [
        diagnostic(
          'MF510',
          { start: 0, end: Math.min(1, text.length) },
          pick.offset !== undefined
            ? `no 'meta_schedule' here: there is nothing to optimize`
            : `no 'meta_schedule' in this file: there is nothing to optimize`,
        ),
      ],
    };
  }
  const span = constructSpan(construct);
  const model = analysis.model.itemAt(construct.start)!;
  const diagnostics: MfDiagnostic[] = [];
  const read = scheduleKernels(model, construct, 0, diagnostics);
  if (!read) return { diagnostics };
  // The dispatcher ranks the cases by the cost model's counts: a loop it cannot count is refused.
  for (const k of read.kernels) diagnostics.push(...uncountedLoopDiagnostics(model, k, construct.region!));
  if (diagnostics.length) return { diagnostics };
  const notes: MfDiagnostic[] = [];

  // The coarsening loop `for (k = 0; k < s; ++k)`, s not a block size: in each kernel, down the chain
  // of sole statements (serial loops, blocks) of the innermost block loop's body.
  let granularity: ScheduleSource['granularity'];
  const loops: SNode[] = [];
  let parameter: Variable | undefined;
  const blockSizes = new Set(read.kernels.flatMap(k => k.block.map(b => b.bound)));
  for (const k of read.kernels) {
    let node = child(k.block[k.block.length - 1].loop, 'body');
    let found: { loop: SNode; v: Variable } | undefined;
    while (node && !found) {
      if (node.type === 'compound_statement') {
        const inner = named(node).filter(n => n.type !== 'comment');
        node = inner.length === 1 ? inner[0] : undefined;
        continue;
      }
      if (node.type !== 'for_statement') break;
      const h = canonicalHeader(node, text).header;
      const v = h && countsFromZero(h, text) ? parameterVariable(model, h.bound, span) : undefined;
      if (v && !blockSizes.has(v.name)) found = { loop: node, v };
      else node = child(node, 'body');
    }
    if (!found || (parameter && parameter !== found.v)) {
      loops.length = 0;
      break;
    }
    parameter = found.v;
    loops.push(found.loop);
  }
  if (parameter && loops.length) granularity = { parameter: parameter.name, loops };

  const tunables: Tunable[] = [];
  const tunableVars = new Set<Variable>();
  if (granularity) {
    tunables.push({ name: parameter!.name, role: 'granularity' });
    tunableVars.add(parameter!);
  }
  for (const k of read.kernels) {
    for (const b of k.block) {
      const h = canonicalHeader(b.loop, text).header!;
      const v = parameterVariable(model, h.bound, span);
      if (v && !tunableVars.has(v)) {
        tunableVars.add(v);
        tunables.push({ name: v.name, role: 'block' });
      }
    }
  }

  // Variables derived from the tunables before the schedule, which a case recomputes.
  const derived: ScheduleSource['derived'] = [];
  const derivedVars = new Set<Variable>();
  const scalars = model.scopes.variables
    .filter(v => v.shape === 'value' && v.span.start < span.start && !within(v.span, span))
    .sort((a, b) => a.span.start - b.span.start);
  for (const v of scalars) {
    const init = initializerOf(v);
    if (!init) continue;
    const uses = model.scopes.references.filter(
      r => within(r.span, init) && r.variable && (tunableVars.has(r.variable) || derivedVars.has(r.variable)),
    );
    if (!uses.length) continue;
    const writes = model.scopes.references.some(r => r.variable === v && r.access !== 'read');
    if (v.isConst || writes) {
      notes.push(
        diagnostic(
          'MF604',
          v.span,
          `'${v.name}' is computed from ${uses.map(u => `'${u.name}'`).join(', ')} but is ${v.isConst ? 'const' : 'assigned elsewhere'}: the optimizer keeps those parameters as they are`,
        ),
      );
      for (const u of uses) {
        tunableVars.delete(u.variable!);
      }
      continue;
    }
    derivedVars.add(v);
    derived.push({ name: v.name, init: writtenExpression(init, text) });
  }
  let kept = tunables.filter(t => [...tunableVars].some(v => v.name === t.name));
  // The dispatcher may choose a parameter only where the result does not depend on it; else the
  // program's own values run (and no case sets the granularity to 1).
  let fixed: ScheduleSource['fixed'];
  const proof = parametersAreFree(
    model,
    read.kernels,
    new Set([...kept.map(t => t.name), ...derived.map(d => d.name)]),
  );
  if (!proof.free) {
    const names = kept.map(t => t.name);
    fixed = { names, tunables: kept, reason: proof.reason! };
    notes.push(
      diagnostic(
        'MF521',
        proof.at!,
        `the program's own ${names.map(n => `'${n}'`).join(', ')} ${names.length === 1 ? 'is' : 'are'} kept, not chosen at run time: ${proof.reason}`,
      ),
    );
    kept = [];
    derived.length = 0;
  }
  if (granularity && !kept.some(t => t.role === 'granularity')) granularity = undefined;

  // What caching stages: the user's list, or every array some tile of the generator holds.
  const clause = construct.clauses.find(c => c.name === 'cache');
  let cacheList = clause ? clause.items.map(i => i.name) : [];
  if (!clause) {
    const names = new Set(read.arrays.map(a => a.name));
    const staged = new Set<string>();
    for (const k of read.kernels) for (const t of stageBoxes(model, k, 'global', names).boxes) staged.add(t.array.name);
    cacheList = read.arrays.map(a => a.name).filter(n => staged.has(n));
  }
  const keyword = construct.keyword;
  const cacheInsert =
    construct.form === 'keyword' && keyword
      ? keyword.start + 'meta_schedule'.length
      : construct.head.start + (/^#\s*pragma\s+mf\s+schedule/.exec(text.slice(construct.head.start))?.[0].length ?? 0);
  const threads = read.kernels.map(k =>
    k.block.map(b => boundPoly(model, b.loop)).reduce((a, b) => a.mul(b), Poly.constant(1)),
  );
  return {
    source: {
      text,
      fileName,
      context: analysis.syntax.context,
      ordinal,
      span,
      granularity,
      tunables: kept,
      fixed,
      derived,
      cacheList,
      cacheClause: clause ? { start: clause.start, end: clause.end } : undefined,
      cacheInsert,
      threads,
      notes,
      analysis,
      construct,
    },
    diagnostics: [],
  };
}

/** A loop bound as a polynomial (identifiers as symbols); an opaque symbol when it is not one. */
function boundPoly(model: ItemModel, loop: SNode): Poly {
  const h = canonicalHeader(loop, model.text).header!;
  const r = polynomialOf(h.bound, model.text, { identifier: n => Poly.symbol(model.text.slice(n.start, n.end)) });
  return 'poly' in r ? r.poly : Poly.symbol(model.text.slice(h.bound.start, h.bound.end).trim());
}

/** `k -> 0`, `s -> 1` in every arithmetic expression of `body` that uses them, simplified. */
function substitutionEdits(model: ItemModel, body: SNode, values: Map<string, Poly>): TextEdit[] {
  const text = model.text;
  const arithmetic = (n: SNode) =>
    n.type === 'parenthesized_expression' ||
    (n.type === 'binary_expression' && ['+', '-', '*'].includes(operator(n, text))) ||
    (n.type === 'unary_expression' && /^[-+]/.test(text.slice(n.start, n.end)));
  const tops = new Map<number, SNode>();
  walk(body, n => {
    if (n.type !== 'identifier' || !values.has(text.slice(n.start, n.end))) return true;
    let top = n;
    while (top.parent && arithmetic(top.parent)) top = top.parent;
    tops.set(top.start, top);
    return true;
  });
  const edits: TextEdit[] = [];
  for (const top of [...tops.values()].filter(t => ![...tops.values()].some(o => o !== t && within(t, o)))) {
    const r = polynomialOf(top, text, { identifier: n => Poly.symbol(text.slice(n.start, n.end)) });
    if (!('poly' in r)) {
      walk(top, n => {
        if (n.type === 'identifier' && values.has(text.slice(n.start, n.end)))
          edits.push({ start: n.start, end: n.end, newText: `(${values.get(text.slice(n.start, n.end))!.toC()})` });
        return true;
      });
      continue;
    }
    let p = r.poly;
    for (const [name, value] of values) p = p.substitute(name, value);
    const printed = p.toC();
    const simple = p.terms().length <= 1 && !printed.startsWith('-');
    const parent = top.parent?.type ?? '';
    const needsParens = !simple && /binary_expression|unary_expression|cast_expression|pointer_expression/.test(parent);
    edits.push({ start: top.start, end: top.end, newText: needsParens ? `(${printed})` : printed });
  }
  return edits;
}

function operator(n: SNode, text: string): string {
  const l = child(n, 'left'), r = child(n, 'right');
  return l && r ? text.slice(l.end, r.start).trim() : '';
}

export interface Program {
  variant: Variant;
  text: string;
  /** The schedule statement in `text` (with the preamble a smaller granularity needs). */
  span: Span;
  /** The schedule as the case shows it: the parameter settings, then the schedule. */
  code: string;
  /** CSE's own account (`mf_cse1 = i * N + j`), one line per temporary. */
  cse: string[];
}

/** The input with the schedule rewritten for a variant (CSE runs on the re-read rewritten text). */
export async function deriveProgram(src: ScheduleSource, variant: Variant): Promise<Program> {
  const { text } = src;
  const model = src.analysis.model.itemAt(src.construct.start)!;
  const unit = indentUnit(text);
  const stage = new Stage(SourceMap.identity(text));
  // Caching on or off: the clause.
  const clauseText = `cache(${src.cacheList.join(', ')})`;
  if (variant.caching && !src.cacheClause && src.cacheList.length)
    stage.edit({ start: src.cacheInsert, end: src.cacheInsert, newText: ` ${clauseText}` });
  if (!variant.caching && src.cacheClause) {
    let start = src.cacheClause.start;
    while (start > 0 && /[ \t,]/.test(text[start - 1])) start--;
    stage.edit({ start, end: src.cacheClause.end, newText: '' });
  }
  // Granularity set to 1: the coarsening loop becomes its body with k = 0 and s = 1.
  let preamble: string[] = [];
  if (!variant.granularity && src.granularity) {
    const s = src.granularity.parameter;
    for (const loop of src.granularity.loops) {
      const h = canonicalHeader(loop, text).header!;
      const body = child(loop, 'body')!;
      for (const e of substitutionEdits(
        model,
        body,
        new Map([
          [h.variable, Poly.constant(0)],
          [s, Poly.constant(1)],
        ]),
      ))
        stage.edit(e);
      const rendered = stage.render(body);
      stage.edit({
        start: loop.start,
        end: loop.end,
        newText: reindent(
          rendered,
          lineIndent(text, body.start).slice(unit.length) + unit,
          lineIndent(text, loop.start),
        ),
      });
    }
    preamble = [`${s} = 1;`, ...src.derived.map(d => `${d.name} = ${d.init.text};`)];
  }
  if (preamble.length) {
    const indent = lineIndent(text, src.span.start);
    const body = stage.render(src.span);
    const replacement = [
      `{ /* granularity set to 1 */`,
      ...preamble.map(p => indent + unit + p),
      indent + unit + reindent(body, indent, indent + unit),
      `${indent}}`,
    ].join('\n');
    stage.edit({ start: src.span.start, end: src.span.end, newText: replacement });
  }
  let derivedText = applyEdits(text, stage.edits);
  // Every edit is inside the schedule: its start stays, its end moves by the change in length.
  let span: Span = { start: src.span.start, end: src.span.end + (derivedText.length - text.length) };
  let cse: string[] = [];
  for (let level = 1; level <= variant.cse; level++) {
    const analysis = await checkText(derivedText, src.fileName, src.context);
    const schedule = schedulesOf(analysis.model)[src.ordinal];
    const result = cseEdits(analysis.model.itemAt(schedule.start)!, schedule, level, cse.length);
    const before = derivedText.length;
    derivedText = applyEdits(derivedText, result.edits);
    span = { start: span.start, end: span.end + derivedText.length - before };
    cse = [...cse, ...result.notes];
  }
  const start = derivedText.lastIndexOf('\n', span.start - 1) + 1;
  const code = reindent(derivedText.slice(start, span.end), lineIndent(derivedText, span.start), '').replace(
    /^[ \t]+/,
    '',
  );
  return { variant, text: derivedText, span, code, cse };
}
