// A work-sharing loop in an SPMD region (./spmd): the iterations its schedule gives the thread
// (./partition), its private and lastprivate copies, its reduction given to the segment's loop
// over thread ids.

import { child } from '../syntax/ast';
import { replace } from '../base/edits';
import { visibleVariable, type Variable } from '../model/scopes';
import { declarationFor } from '../model/declarations';
import type { Span } from '../base/span';
import { lineIndent, reindent } from '../base/layout';
import { collapsedNest, partitionedLoop, stepNode, type PartitionNames } from './partition';
import type { LoopReduction, Segment } from './barriers';
import type { Construct, ItemModel } from '../model/constructs';
import type { Stage } from '../base/stage';
import { needsChunks } from './userReductions';

type Env = { before: string[]; decls: string[]; after: string[] };

/** What a work-sharing loop's translation needs of the OpenMP -> MetaFork translator of the item. */
export interface LoopHost {
  stage: Stage;
  model: ItemModel;
  /** A name nothing in the item uses yet. */
  fresh(name: string): string;
  /** Refuses or notes the clauses the translator does not handle. */
  checkClauses(c: Construct): void;
  /** `c`'s private and firstprivate copies (copies taken before, declarations inside). */
  privates(c: Construct, env: Env, skip?: (v: Variable) => boolean): void;
  items(c: Construct, clause: string): Variable[];
}

/** What the loop's translation reads of its region's. */
export interface LoopContext {
  host: LoopHost;
  region: Construct;
  names: PartitionNames;
  threadVariables: Variable[];
  reductions: LoopReduction[];
  refuse(r: { span: Span; message: string; data?: Record<string, unknown> }): false;
  /** Translates a construct inside the loop. */
  nested(k: Construct): boolean;
  /** A span's text with the region's thread queries read. */
  substitute(span: Span): string;
}

/** A work-sharing loop: the iterations of this thread; its reduction goes to the segment's loop. */
export function workSharingLoop(ctx: LoopContext, k: Construct, segment: Segment | undefined): boolean {
  const text = ctx.host.stage.text;
  if (k !== ctx.region) ctx.host.checkClauses(k);
  const clause = (name: string) => k.clauses.find(cl => cl.name === name);
  const lastprivate = clause('lastprivate');
  if (lastprivate && ctx.host.items(k, 'lastprivate').some(v => v.shape === 'array')) {
    const message = `'lastprivate' of an array on a work-sharing loop in a region every thread runs: not translated`;
    ctx.host.stage.refuse('MF601', lastprivate, message, { construct: 'lastprivate', target: 'metafork' });
    return false;
  }
  // OpenMP stores the last value after every thread took its first (OpenMP 5.2 §5.4.5); here each
  // thread's strand copies the first while the strand with the last iterations may have stored.
  const both = ctx.host.items(k, 'lastprivate').find(v => ctx.host.items(k, 'firstprivate').includes(v));
  if (lastprivate && both) {
    const message = `'${both.name}' is both firstprivate and lastprivate on a work-sharing loop in a region every thread runs: not translated (a thread could copy its first value after another stored the last)`;
    ctx.host.stage.refuse('MF601', lastprivate, message, { construct: 'lastprivate', target: 'metafork' });
    return false;
  }
  const loop = k.loop!;
  const collapse = clause('collapse');
  const nest = collapsedNest(loop, Number(collapse?.args?.text.trim() ?? '1'), text);
  if (typeof nest === 'string')
    ctx.host.stage.refuse('MF601', collapse!, nest, { construct: 'collapse', target: 'metafork' });
  if (typeof nest !== 'object') return false;
  const innermost = nest[nest.length - 1].loop;
  const body = child(innermost, 'body')!;
  for (const inner of k.children) if (!ctx.nested(inner)) return false;
  if (!segmentReduction(ctx, k, segment)) return false;
  const inscan = k.clauses.find(cl => cl.name === 'reduction' && cl.modifiers?.includes('inscan'));
  const ordered = clause('ordered') ?? inscan;
  if (ordered)
    return ctx.refuse({
      span: ordered,
      message:
        `an 'ordered' or scan work-sharing loop inside a region every thread runs cannot be translated: ` +
        `its threads' parts of the loop would run side by side, out of order`,
    });
  const schedule = clause('schedule');
  const [kind, chunk] = (schedule?.args?.text ?? 'static').split(',').map(s => s.trim());
  const scheduleKind = kind.replace(/^.*:\s*/, '');
  if (scheduleKind !== 'static') {
    const as = `schedule(static${chunk ? ', ' + chunk : ''})`;
    const message =
      `'schedule(${scheduleKind})': each thread runs the iterations '${as}' gives it (a schedule OpenMP allows)`;
    ctx.host.stage.note(schedule!, message);
  }
  const controls = new Set(nest.map(l => l.header.variable));
  const env: Env = { before: [], decls: [], after: [] };
  ctx.host.privates(k, env, v => controls.has(v.name));
  const parts = nest.map(({ header }) => {
    const variable = visibleVariable(ctx.host.model, header.variable, body.start);
    const step = stepNode(header, text);
    const lower = ctx.substitute(header.lower);
    return {
      header,
      declaration: variable
        ? declarationFor(variable, text, header.variable)
        : `__typeof__(${lower}) ${header.variable}`,
      lower,
      bound: ctx.substitute(header.bound),
      step: step ? ctx.substitute(step) : '1',
      update: ctx.substitute(header.update),
    };
  });
  // The headers' queries are read above; the nest's closing braces go with it.
  ctx.host.stage.render({ start: loop.start, end: body.start });
  ctx.host.stage.render({ start: body.end, end: loop.end });
  const indent = lineIndent(text, k.head.start);
  const unit = ctx.host.stage.unit;
  const rendered = ctx.host.stage.render(body);
  const placed = (at: string, statement = false) =>
    body.type === 'compound_statement'
      ? (statement ? '' : ' ') + reindent(rendered, lineIndent(text, innermost.start), at)
      : statement
        ? reindent(rendered, lineIndent(text, body.start), at)
        : `\n${at}${unit}${reindent(rendered, lineIndent(text, body.start), at + unit)}`;
  // lastprivate: the thread that ran the last iteration stores its copy through a pointer.
  const last: string[] = [];
  for (const v of ctx.host.items(k, 'lastprivate')) {
    if (controls.has(v.name)) continue;
    const lp = ctx.host.fresh(`_lp_${v.name}`);
    env.before.push(`${declarationFor(v, text, lp, true)} = &${v.name};`);
    // Its value before the first iteration is unspecified: zero, so no compiler sees it unset.
    env.decls.push(`${declarationFor(v, text, v.name)} = {0};`);
    last.push(`*${lp} = ${v.name};`);
  }
  const decls = [...env.before, ...env.decls];
  // The trip counts of a collapsed nest, named once for the region.
  for (let d = ctx.names.dims.length; d < nest.length && nest.length > 1; d++)
    ctx.names.dims.push(ctx.host.fresh(`mf_n${d + 1}`));
  const names = { ...ctx.names, dims: ctx.names.dims.slice(0, nest.length) };
  const partitioned = partitionedLoop(parts, chunk, names, decls, placed, indent, unit, last);
  ctx.host.stage.edit(replace({ start: k.head.start, end: loop.end }, partitioned));
  return true;
}

/**
 * The reduction of a work-sharing construct (a loop, a scope) given to the segment's loop over thread
 * ids: each thread's part reduces into it, combined where that loop ends (the construct's barrier).
 */
export function segmentReduction(ctx: LoopContext, k: Construct, segment: Segment | undefined): boolean {
  const reduction = k.clauses.find(cl => cl.name === 'reduction');
  if (!reduction) return true;
  const what = `a work-sharing '#pragma omp ${k.directive?.name}'`;
  if (needsChunks(k))
    return ctx.refuse({
      span: reduction,
      message:
        `a declared or array-section reduction on ${what} in a region every thread runs is not ` +
        `translated: the loop over thread ids reduces scalars by base operators only`,
    });
  if (!segment)
    return ctx.refuse({
      span: reduction,
      message:
        `a 'reduction' on ${what} inside a nested statement of the region cannot be ` +
        `translated: its loop over thread ids is not its own`,
    });
  for (const item of reduction.items) {
    const v = visibleVariable(ctx.host.model, item.name, k.start);
    if (v && ctx.threadVariables.includes(v))
      return ctx.refuse({
        span: reduction,
        message: `'${v.name}' is private to each thread: a reduction into it has no MetaFork counterpart`,
        data: { variable: v.name },
      });
  }
  segment.reductions.push(`reduction(${reduction.args?.text.trim() ?? ''})`);
  ctx.reductions.push({ loop: k, clause: reduction, segment });
  return true;
}
