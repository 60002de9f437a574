// `meta_pipe` -> OpenMP tasks ordered by `depend` (SPEC §2: beyond the seeds, whose pipelines
// were designed but never implemented; digest 003 §1.10). Stage 0 of every iteration runs in
// the parent, in loop order. Every later stage is a task that depends on the previous stage of
// the same iteration (a ring of link tokens, 64 iterations deep: reuse only adds order), and,
// for `meta_wait(s)`, on stage s of the previous iteration (one token per stage, `inout`).
// `meta_continue(s)` stages of successive iterations may overlap. The loop ends with a taskwait.

import { named } from '../syntax/ast';
import { insert, replace } from '../syntax/edits';
import { pipeAsFor } from '../model/elide';
import type { Construct, ItemModel } from '../model/constructs';
import { clauseText, inBlock, isFunctionLocal, joinClauses, lineIndent, Stage } from './common';

const RING = 64;

export function pipelineToTasks(stage: Stage, model: ItemModel, c: Construct): void {
  const text = stage.text;
  const k = c.keyword!;
  const body = c.region;
  const loop = c.loop!;
  const boundaries = c.children.filter(s => s.kind === 'pipe-stage');
  if (!body || body.type !== 'compound_statement') {
    stage.refuse('MF601', c.head, `'meta_pipe' needs a block body to be translated`, { construct: 'meta_pipe', target: 'openmp' });
    return;
  }
  const nested = boundaries.find(s => s.statement?.parent !== body);
  if (nested) {
    stage.refuse('MF601', nested.head, `'${nested.keyword!.spelling}' inside a nested statement of the pipeline: stages must be delimited at the top level of the 'meta_pipe' body to become tasks`, { construct: nested.keyword!.spelling, target: 'openmp' });
    return;
  }
  if (!inBlock(loop)) {
    stage.refuse('MF601', c.head, `'meta_pipe' as the body of another statement: put it in braces to translate it`, { construct: 'meta_pipe', target: 'openmp' });
    return;
  }
  // Stage spans: stage 0 from the body's start, stage j after its boundary statement.
  const cuts = boundaries.map(b => b.statement!);
  const spans = [{ start: body.start + 1, end: cuts[0]?.start ?? body.end - 1 }];
  cuts.forEach((cut, j) => spans.push({ start: cut.end, end: cuts[j + 1]?.start ?? body.end - 1 }));
  // A variable declared in one stage and used in another has no task to live in.
  for (const v of model.scopes.variables) {
    const home = spans.findIndex(s => s.start <= v.span.start && v.span.end <= s.end);
    if (home < 0 || v.scope !== body) continue;
    const crossing = model.scopes.references.find(r => r.variable === v && !(spans[home].start <= r.span.start && r.span.end <= spans[home].end));
    if (crossing) {
      stage.refuse('MF601', v.span, `'${v.name}' is declared in one pipeline stage and used in another: declare it before the 'meta_pipe' so that each stage's task can capture it`, { construct: 'meta_pipe', target: 'openmp', variable: v.name });
      return;
    }
  }
  const numbers: number[] = [];
  boundaries.forEach((b, j) => {
    const arg = b.call && named(b.call).find(n => n.field === 'arguments');
    const value = arg ? Number(text.slice(arg.start, arg.end).replace(/[()\s]/g, '')) : NaN;
    numbers.push(Number.isInteger(value) && value >= 0 ? value : (numbers[j - 1] ?? 0) + 1);
  });
  const stages = Math.max(1, ...numbers) + 1;
  const name = (what: string) => `mf_pipe${pipeIndex(stage, c)}_${what}`;
  const indent = lineIndent(text, c.start);
  const inner = lineIndent(text, cuts[0]?.start ?? body.start);
  const slot = `${name('iter')} % ${RING}`;

  stage.edit(insert(c.start, [
    `char ${name('link')}[${RING}][${boundaries.length + 1}]; /* stage order within an iteration */`,
    `char ${name('wait')}[${stages}]; /* meta_wait(s): stage s of the previous iteration */`,
    `long ${name('iter')} = 0;`,
  ].map(l => l + '\n' + indent).join('')));
  // The loop header, as in the serial elision: `meta_pipe(c)` -> `for (; c;)`.
  for (const e of pipeAsFor(text, k)) stage.edit(e);

  boundaries.forEach((b, j) => {
    const span = spans[j + 1];
    const deps: string[] = [];
    if (j > 0) deps.push(`depend(in: ${name('link')}[${slot}][${j}])`);
    deps.push(`depend(out: ${name('link')}[${slot}][${j + 1}])`);
    if (b.keyword!.keyword === 'meta_wait') deps.push(`depend(inout: ${name('wait')}[${numbers[j]}])`);
    const shared: string[] = [], firstprivate: string[] = [];
    for (const r of model.scopes.references) {
      const v = r.variable;
      if (!v || r.span.start < span.start || r.span.end > span.end || (span.start <= v.span.start && v.span.end <= span.end)) continue;
      if (!isFunctionLocal(v) || shared.includes(v.name) || firstprivate.includes(v.name)) continue;
      const written = model.scopes.references.some(x => x.variable === v && x.span.start >= span.start && x.span.end <= span.end && (x.access !== 'read' || x.addressTaken) && !x.through);
      if (v.shape === 'array' || written) shared.push(v.name);
      else if (v.shape === 'value') firstprivate.push(v.name);
    }
    const pragma = `#pragma omp task${joinClauses(...deps, clauseText('shared', shared), clauseText('firstprivate', firstprivate))}`;
    const closing = j > 0 ? `}\n${inner}` : '';
    stage.edit(replace(b.statement!, `${closing}${pragma}\n${inner}{`));
  });
  const last = body.end - 1;
  const lineStart = text.lastIndexOf('\n', last - 1) + 1;
  const tail = `${boundaries.length ? `${inner}}\n` : ''}${inner}${name('iter')}++;\n`;
  stage.edit(insert(/^[ \t]*$/.test(text.slice(lineStart, last)) ? lineStart : last, tail));
  stage.edit(insert(loop.end, `\n${indent}#pragma omp taskwait`));
}

/** Pipelines are numbered in file order, so that two in one function do not clash. */
function pipeIndex(stage: Stage, c: Construct): number {
  const before = stage.text.slice(0, c.start).match(/\bmeta_pipe\b/g);
  return before ? before.length : 0;
}
