// `meta_for ... reduction(op: x)` -> CilkPlus without reducer objects (beyond the
// seeds). The iteration space is cut into a fixed number of chunks; a `cilk_for` over the
// chunks runs each chunk serially into its own partial result (a private `x` that shadows the
// shared one), and the partials are combined into `x` in chunk order afterwards. The result
// does not depend on the worker count, and the serial elision stays plain C.

import { child } from '../syntax/ast';
import { removeStatement, replace } from '../base/edits';
import type { Construct, ItemModel } from '../model/constructs';
import { sharingAt } from '../model/sharing';
import { canonicalHeader, LoopHeader } from '../model/loops';
import { atom, lineIndent, reindent } from '../base/layout';
import { declarationFor } from '../model/declarations';
import { Stage } from '../base/stage';

/** Enough chunks to keep every worker busy on a many-core CPU, few enough to stay cheap. */
const CHUNKS = 64;

/** Start value of each chunk's partial result; `undefined` for operators where any value of
 * `x` itself is neutral (min, max, &: combining it twice changes nothing). */
const IDENTITY: Record<string, string | undefined> = {
  '+': '0',
  '-': '0',
  '|': '0',
  '^': '0',
  '||': '0',
  '*': '1',
  '&&': '1',
  '&': undefined,
  min: undefined,
  max: undefined,
};

/** `x` combined with a partial `p`. */
function combine(op: string, x: string, p: string): string {
  switch (op) {
    case '+': case '-': return `${x} += ${p};`;
    case '*': case '|': case '^': case '&': return `${x} ${op}= ${p};`;
    case '&&': case '||': return `${x} = ${x} ${op} ${p};`;
    case 'max': return `if (${p} > ${x}) ${x} = ${p};`;
    default: return `if (${p} < ${x}) ${x} = ${p};`; // min
  }
}

/** The trip count of a canonical loop, as C text (bounds evaluated once, as canonical form allows). */
function tripCount(h: LoopHeader, text: string): { count: string; value: (k: string) => string } {
  const lo = atom(text.slice(h.lower.start, h.lower.end));
  const hi = atom(text.slice(h.bound.start, h.bound.end));
  const flipped: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '!=': '!=' };
  const op = h.variableOnLeft ? h.operator : flipped[h.operator];
  const down = op === '>' || op === '>=' || (op === '!=' && h.step.negative);
  const s = atom(h.step.text);
  const distance = lo === '0' && !down ? hi : down ? `${lo} - ${hi}` : `${hi} - ${lo}`;
  const ceil = s === '1' ? distance : `(${distance} + ${s} - 1) / ${s}`;
  const floorPlusOne = s === '1' ? `${distance} + 1` : `(${distance}) / ${s} + 1`;
  const count = op === '!=' ? ceil
    : op === '<' ? `${lo} < ${hi} ? ${ceil} : 0`
      : op === '<=' ? `${lo} <= ${hi} ? ${floorPlusOne} : 0`
        : op === '>' ? `${lo} > ${hi} ? ${ceil} : 0`
          : `${lo} >= ${hi} ? ${floorPlusOne} : 0`;
  const value = (k: string) => {
    const offset = s === '1' ? k : `${k} * ${s}`;
    return lo === '0' && !down ? offset : `${lo} ${down ? '-' : '+'} ${offset}`;
  };
  return { count, value };
}

/** Rewrites one reduction loop; the loop's body is rendered with its own translations. */
export function reductionAsChunks(stage: Stage, model: ItemModel, c: Construct, index: number): void {
  const text = stage.text;
  const loop = c.loop!;
  const body = child(loop, 'body');
  const { header } = canonicalHeader(loop, text);
  if (!header || !body) return; // non-canonical loops were reported by the analysis
  const { count, value } = tripCount(header, text);

  const name = (what: string) => `mf_red${index}_${what}`;
  const chunk = name('c'), k = name('k'), n = name('n'), chunks = name('chunks');
  const reductions = c.clauses.filter(cl => cl.name === 'reduction').flatMap(cl => {
    const op = (cl as { operator?: { name: string }; modifier?: { name: string } }).operator?.name
      ?? cl.modifier?.name ?? cl.args?.text.split(':')[0].trim() ?? '+';
    return cl.items.map(item => ({ op, name: item.name }));
  });
  const unknown = reductions.find(r => !(r.op in IDENTITY));
  if (unknown) {
    stage.refuse(
      'MF601',
      c.head,
      `'reduction(${unknown.op}: ${unknown.name})' has no CilkPlus translation: only +, -, *, &, |, ^, &&, ||, min and max are known`,
      { construct: 'reduction', target: 'cilkplus' },
    );
    return;
  }
  const variables = new Map(sharingAt(model, c).map(e => [e.variable.name, e.variable]));
  const indent = lineIndent(text, c.start);
  const unit = stage.unit;
  const i1 = indent + unit, i2 = i1 + unit, i3 = i2 + unit;
  const partial = (x: string) => name(x);
  const start = (r: { op: string; name: string }) => IDENTITY[r.op] ?? name(`${r.name}_in`);
  // A variable the outlining of a block spawn passed by pointer (its uses read `(*x)`): the
  // partials are of the pointed-to type, and each chunk's `x` points at its own partial.
  const outlined = (x: string) => variables.get(x)?.shape === 'pointer';
  const target = (x: string) => (outlined(x) ? `(*${x})` : x);
  const declare = (x: string, as: string) => {
    const v = variables.get(x);
    // The outlined parameter is declared `T (*x)`: the pointed-to object is declared `T as`.
    if (v && outlined(x)) return declarationFor(v, text, as).replace(`(*${as})`, as);
    return v ? declarationFor(v, text, as) : `__typeof__(${x}) ${as}`;
  };
  const chunkValue = (x: string) => (outlined(x) ? name(`${x}_v`) : x);
  const chunkDeclarations = (r: { op: string; name: string }) =>
    outlined(r.name)
      ? [
          `${i2}${declare(r.name, chunkValue(r.name))} = ${start(r)};`,
          `${i2}${declarationFor(variables.get(r.name)!, text, r.name)} = &${chunkValue(r.name)};`,
        ]
      : [`${i2}${declare(r.name, r.name)} = ${start(r)};`];

  // The control variable, private to each iteration as in the parallel loop.
  const control =
    header.init.type === 'declaration'
      ? text.slice(header.init.start, header.lower.start) +
        value(k) +
        text.slice(header.lower.end, header.init.end).replace(/;\s*$/, '')
      : `__typeof__(${header.variable}) ${header.variable} = ${value(k)}`;
  // The body, moved two levels in, with the control variable declared at its top.
  const rendered = reindent(stage.render(body), indent, i2);
  const iteration = body.type === 'compound_statement'
    ? `{\n${i3}${control};${rendered.slice(1)}`
    : `{\n${i3}${control};\n${i3}${rendered}\n${i2}}`;

  const lines = [
    `{ /* ${c.clauses
      .filter(cl => cl.name === 'reduction')
      .map(cl => text.slice(cl.start, cl.end))
      .join(' ')}: one partial result per chunk of iterations, combined in order */`,
    `${i1}enum { ${chunks} = ${CHUNKS} };`,
    `${i1}const long long ${n} = ${count};`,
    ...reductions.map(r => `${i1}${declare(r.name, `${partial(r.name)}[${chunks}]`)};`),
    ...reductions
      .filter(r => IDENTITY[r.op] === undefined)
      .map(r => `${i1}${declare(r.name, start(r))} = ${target(r.name)};`),
    `${i1}cilk_for (int ${chunk} = 0; ${chunk} < ${chunks}; ${chunk}++) {`,
    ...reductions.flatMap(chunkDeclarations),
    `${i2}for (long long ${k} = ${n} * ${chunk} / ${chunks}; ${k} < ${n} * (${chunk} + 1) / ${chunks}; ${k}++) ${iteration}`,
    ...reductions.map(r => `${i2}${partial(r.name)}[${chunk}] = ${chunkValue(r.name)};`),
    `${i1}}`,
    `${i1}for (int ${chunk} = 0; ${chunk} < ${chunks}; ${chunk}++) {`,
    ...reductions.map(r => `${i2}${combine(r.op, target(r.name), `${partial(r.name)}[${chunk}]`)}`),
    `${i1}}`,
    // A control variable declared before the loop ends as the serial loop leaves it.
    ...(header.init.type === 'declaration' ? [] : [`${i1}${header.variable} = ${value(n)};`]),
    `${indent}}`,
  ];
  if (c.form === 'pragma') stage.edit(removeStatement(text, c.head));
  stage.edit(
    replace(
      { start: c.form === 'pragma' ? loop.start : Math.min(c.start, loop.start), end: loop.end },
      lines.join('\n'),
    ),
  );
}
