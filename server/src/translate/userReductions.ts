// OpenMP reductions meta_for has no clause for: a declared reduction (`declare reduction`, OpenMP
// 5.2 §5.5.11) and a reduction over an array section (`reduction(+: a[:n])`, §5.5.6). The loop is
// written out as the chunked loop of ./reduction: each chunk's private copy starts from the
// declared initializer (or the operator's identity, element by element), and the partials are
// combined in chunk order by the declared combiner (or the operator). The `declare reduction`
// directive itself is then no longer needed.

import { visibleVariable } from '../model/scopes';
import { declarationFor, typeSpecifiers } from '../model/declarations';
import type { Construct, ItemModel } from '../model/constructs';
import type { Span } from '../base/span';
import type { Stage } from '../base/stage';
import { splitTopLevel, topLevelColon } from '../syntax/clauseText';
import {
  chunkedLoop, chunkNames, elementwise, isBaseOperator, reductions, scalarReduction,
  type ChunkedReduction, type ChunkNames,
} from './reduction';

/** A `#pragma omp declare reduction(id : types : combiner) initializer(...)` of the file. */
export interface DeclaredReduction {
  id: string;
  types: string[];
  combiner: string;
  initializer?: string;
  /** Where the directive starts: a reduction is visible after its declaration. */
  at: number;
}

const spaced = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The text inside the parentheses that open at `open`, or undefined where they do not close. */
function parenthesized(text: string, open: number): { inner: string; end: number } | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return { inner: text.slice(open + 1, i), end: i + 1 };
  }
  return undefined;
}

/** Every `declare reduction` directive of the file, in order (its continuation lines joined). */
function declaredReductions(text: string): DeclaredReduction[] {
  const found: DeclaredReduction[] = [];
  const directive = /^[ \t]*#[ \t]*pragma[ \t]+omp[ \t]+declare[ \t]+reduction\b((?:\\\r?\n|[^\n])*)/gm;
  for (let m; (m = directive.exec(text)); ) {
    const line = m[1].replace(/\\\r?\n/g, ' ');
    const open = line.indexOf('(');
    const args = open < 0 ? undefined : parenthesized(line, open);
    if (!args) continue;
    const first = topLevelColon(args.inner);
    const rest = args.inner.slice(first + 1);
    const second = topLevelColon(rest);
    if (first < 0 || second < 0) continue;
    const init = /\binitializer\s*\(/.exec(line.slice(args.end));
    const initializer = init && parenthesized(line, args.end + init.index + init[0].length - 1)?.inner;
    found.push({
      id: args.inner.slice(0, first).trim(),
      types: splitTopLevel(rest.slice(0, second)).map(t => spaced(t.text)),
      combiner: rest.slice(second + 1).trim(),
      initializer: initializer?.trim(),
      at: m.index,
    });
  }
  return found;
}

/** Whether a loop's reductions need the chunked form: a declared reduction or an array section. */
export function needsChunks(c: Construct): boolean {
  return reductions(c).some(r => !isBaseOperator(r.op) || r.item.section);
}

type Refusal = { span: Span; message: string };

/** Clauses the chunked form translates besides the reductions (privates come through `copies`). */
const ALONGSIDE = new Set(['reduction', 'num_threads', 'schedule', 'private', 'firstprivate', 'shared', 'default',
  'nowait', 'grainsize', 'num_tasks', 'nogroup', 'proc_bind', 'if']);

/**
 * The loop `c` as a meta_for over chunks with every reduction of its clauses written out.
 * `copies` are its private and firstprivate copies (taken before the loop, declared in each chunk);
 * `fresh` names what the loop declares. Returns the refusal where one reduction cannot be written out.
 */
export function reductionLoopInChunks(
  stage: Stage, model: ItemModel, c: Construct, copies: { before: string[]; decls: string[] },
  fresh: (name: string) => string,
): Refusal | undefined {
  const text = stage.text;
  const other = c.clauses.find(cl => !ALONGSIDE.has(cl.name));
  if (other)
    return {
      span: other,
      message: `'${other.name}' together with a declared or array-section reduction is not translated`,
    };
  const names = chunkNames(fresh('mf_red'));
  const declared = declaredReductions(text).filter(d => d.at < c.start);
  const parts: ChunkedReduction[] = [{ before: copies.before, open: copies.decls, store: [], combine: [], after: [] }];
  for (const r of reductions(c)) {
    const v = visibleVariable(model, r.item.name, c.start);
    if (!v) return { span: r.clause, message: `'${r.item.name}' is not declared here: its reduction is not translated` };
    // An array, a section of it or whole: reduced element by element.
    if (r.item.section || v.shape === 'array') {
      const part = elementwise(r, v, names, stage, c, model.fileScope.typedefs);
      if ('refusal' in part) return { span: r.clause, message: part.refusal };
      parts.push(part);
      continue;
    }
    if (isBaseOperator(r.op)) {
      parts.push(scalarReduction({ op: r.op, name: v.name }, names, as => declarationFor(v, text, as)));
      continue;
    }
    const type = spaced(typeSpecifiers(v, text));
    const udr = [...declared].reverse().find(d => d.id === r.op && d.types.includes(type));
    if (!udr || v.shape !== 'value')
      return {
        span: r.clause,
        message: udr
          ? `'${v.name}' is not a scalar: its declared reduction '${r.op}' is not translated`
          : `no 'declare reduction(${r.op} : ${type} : ...)' before this loop: its reduction is not translated`,
      };
    parts.push(declaredReduction(udr, v.name, names, as => declarationFor(v, text, as)));
  }
  chunkedLoop(stage, c, 'meta_for', names, parts, model.fileScope.cpp);
  return undefined;
}

/** A declared reduction of a scalar: the initializer's and the combiner's `omp_*` names read as copies. */
function declaredReduction(
  udr: DeclaredReduction, x: string, names: ChunkNames, declare: (as: string) => string,
): ChunkedReduction {
  const partial = names.partial(x);
  const orig = names.partial(`${x}_orig`);
  const read = (s: string, as: Record<string, string>) =>
    s.replace(/\bomp_(priv|orig|out|in)\b/g, (all, which: string) => as[which] ?? all);
  const init = udr.initializer;
  const assigned = init && /^omp_priv\s*=(?!=)([\s\S]*)$/.exec(init);
  const called = init && /^omp_priv\s*\(([\s\S]*)\)$/.exec(init);
  const usesOrig = !!init && /\bomp_orig\b/.test(init);
  const open = assigned || called
    ? [`${declare(x)} = ${read((assigned ?? called)![1].trim(), { orig })};`]
    : init
      ? [`${declare(x)} = {0};`, `${read(init, { priv: x, orig })};`]
      : // Without an initializer a C private copy starts as a static object would: zero.
        [`${declare(x)} = {0};`];
  return {
    before: [`${declare(`${partial}[${names.chunks}]`)};`, ...(usesOrig ? [`${declare(orig)} = ${x};`] : [])],
    open,
    store: [`${partial}[${names.chunk}] = ${x};`],
    combine: [`${read(udr.combiner, { out: `(${x})`, in: `(${partial}[${names.chunk}])` })};`],
    after: [],
  };
}
