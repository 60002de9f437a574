// A reduction loop as a parallel loop over chunks of its iterations (beyond the seeds): each chunk
// runs serially into its own partial result (a private `x` that shadows the shared one), and the
// partials are combined into `x` in chunk order afterwards. The result does not depend on the
// worker count, and the serial elision stays plain C. Used for `meta_for ... reduction` ->
// CilkPlus (no reducer objects), and by ./userReductions for the OpenMP reductions meta_for has
// no clause for (declared reductions, array sections).

import { child } from '../syntax/ast';
import { removeStatement, replace } from '../base/edits';
import type { Construct, ItemModel } from '../model/constructs';
import { sharingAt } from '../model/sharing';
import { canonicalHeader, LoopHeader } from '../model/loops';
import { atom, lineIndent, reindent } from '../base/layout';
import { declarationFor, elementDimensions, typeOfVariable } from '../model/declarations';
import type { Shape, Variable } from '../model/scopes';
import type { Span } from '../base/span';
import { splitTopLevel, topLevelColon } from '../syntax/clauseText';
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

/** One reduction variable's part in a chunked loop: statements (one per line) at each place. */
export interface ChunkedReduction {
  /** Before the loop over chunks: the partials' storage, and whatever the chunks start from. */
  before: string[];
  /** At the top of each chunk: its private copy, shadowing the variable. */
  open: string[];
  /** At the end of each chunk: the copy stored in the chunk's partial. */
  store: string[];
  /** After the loop over chunks: chunk `chunk`'s partial combined into the variable, in order. */
  combine: string[];
  /** After the combination: the partials' storage released. */
  after: string[];
}

/** The names a chunked loop declares; `partial(x)` names the partials of `x`. */
export interface ChunkNames { chunk: string; chunks: string; k: string; n: string; partial(x: string): string }

export function chunkNames(prefix: string): ChunkNames {
  const name = (what: string) => `${prefix}_${what}`;
  // A variable named like one of the loop's own names (`n`, `c`) gets partials of another name.
  const own = new Set(['c', 'chunks', 'k', 'n']);
  const partial = (x: string) => name(own.has(x.replace(/_(in|v)$/, '')) ? `${x}_part` : x);
  return { chunk: name('c'), chunks: name('chunks'), k: name('k'), n: name('n'), partial };
}

/**
 * Rewrites a reduction loop as a parallel loop (`keyword`) over chunks of its iterations, each run
 * serially into private copies, the partials combined in chunk order afterwards. The loop's body is
 * rendered with its own translations; `parts` are the reductions' statements.
 */
export function chunkedLoop(
  stage: Stage, c: Construct, keyword: 'cilk_for' | 'meta_for', names: ChunkNames, parts: ChunkedReduction[], cpp: boolean,
): void {
  const text = stage.text;
  const loop = c.loop!;
  const body = child(loop, 'body');
  const { header } = canonicalHeader(loop, text);
  if (!header || !body) return; // non-canonical loops were reported by the analysis
  const { count, value } = tripCount(header, text);
  const { chunk, chunks, k, n } = names;
  // A pragma stands at the margin: the loop's own line gives the indentation.
  const indent = lineIndent(text, c.form === 'pragma' ? loop.start : c.start);
  const unit = stage.unit;
  const i1 = indent + unit, i2 = i1 + unit, i3 = i2 + unit;
  const at = (i: string) => (lines: string[]) => lines.map(l => i + l);

  // The control variable, private to each iteration as in the parallel loop.
  const control =
    header.init.type === 'declaration'
      ? text.slice(header.init.start, header.lower.start) +
        value(k) +
        text.slice(header.lower.end, header.init.end).replace(/;\s*$/, '')
      : `${typeOfVariable(header.variable, cpp)} ${header.variable} = ${value(k)}`;
  // The body, moved two levels in, with the control variable declared at its top.
  const rendered = reindent(stage.render(body), indent, i2);
  const iteration = body.type === 'compound_statement'
    ? `{\n${i3}${control};${rendered.slice(1)}`
    : `{\n${i3}${control};\n${i3}${rendered}\n${i2}}`;

  const clauses = c.clauses.filter(cl => cl.name === 'reduction').map(cl => text.slice(cl.start, cl.end));
  const lines = [
    `{ /* ${clauses.join(' ')}: one partial result per chunk of iterations, combined in order */`,
    `${i1}enum { ${chunks} = ${CHUNKS} };`,
    `${i1}const long long ${n} = ${count};`,
    ...at(i1)(parts.flatMap(p => p.before)),
    `${i1}${keyword} (int ${chunk} = 0; ${chunk} < ${chunks}; ${chunk}++) {`,
    ...at(i2)(parts.flatMap(p => p.open)),
    `${i2}for (long long ${k} = ${n} * ${chunk} / ${chunks}; ${k} < ${n} * (${chunk} + 1) / ${chunks}; ${k}++) ${iteration}`,
    ...at(i2)(parts.flatMap(p => p.store)),
    `${i1}}`,
    `${i1}for (int ${chunk} = 0; ${chunk} < ${chunks}; ${chunk}++) {`,
    ...at(i2)(parts.flatMap(p => p.combine)),
    `${i1}}`,
    ...at(i1)(parts.flatMap(p => p.after)),
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

/** An item of a reduction clause: `x`, or the section `a[lower : length]`. */
export interface ReductionItem { name: string; section?: { lower: string; length: string } }

function items(listText: string): ReductionItem[] {
  return splitTopLevel(listText).map(({ text }) => {
    const m = /^\s*([A-Za-z_]\w*)\s*(?:\[(.*)\])?\s*$/s.exec(text);
    if (!m) return { name: text.trim() };
    if (m[2] === undefined) return { name: m[1] };
    const colon = topLevelColon(m[2]);
    const section = colon < 0 ? { lower: m[2].trim(), length: '1' } : {
      lower: m[2].slice(0, colon).trim() || '0', length: m[2].slice(colon + 1).trim(),
    };
    return { name: m[1], section };
  });
}

/** One item of a reduction clause: its operator (`+`, `min`, a declared reduction's name), the item, the clause. */
export interface Reduction { op: string; item: ReductionItem; clause: Span }

/** The reductions of a construct's clauses, item by item. */
export function reductions(c: Construct): Reduction[] {
  return c.clauses.filter(cl => cl.name === 'reduction' && cl.args).flatMap(cl => {
    const args = cl.args!.text;
    const colon = topLevelColon(args);
    const op = args.slice(0, colon).replace(/^.*,/, '').trim();
    return items(args.slice(colon + 1)).map(item => ({ op, item, clause: cl }));
  });
}

/** Whether `op` is a reduction operator of the base language (OpenMP 5.2 §5.5.5). */
export const isBaseOperator = (op: string): boolean => op in IDENTITY;

/**
 * A scalar reduction by a base operator. `target` is how the variable is written after the loop
 * (`(*x)` for a pointer the outlining of a block spawn passed); `declare(as)` declares a copy.
 */
export function scalarReduction(
  r: { op: string; name: string }, names: ChunkNames, declare: (as: string) => string,
  forms: { target: string; chunkValue: string; pointer?: string } = { target: r.name, chunkValue: r.name },
): ChunkedReduction {
  const partial = names.partial(r.name);
  const start = IDENTITY[r.op] ?? names.partial(`${r.name}_in`);
  return {
    before: [
      `${declare(`${partial}[${names.chunks}]`)};`,
      ...(IDENTITY[r.op] === undefined ? [`${declare(start)} = ${forms.target};`] : []),
    ],
    open: [`${declare(forms.chunkValue)} = ${start};`, ...(forms.pointer ? [forms.pointer] : [])],
    store: [`${partial}[${names.chunk}] = ${forms.chunkValue};`],
    combine: [combine(r.op, forms.target, `${partial}[${names.chunk}]`)],
    after: [],
  };
}

/**
 * A base-operator reduction over the elements of `a[0 : length]` or of the whole array `a`,
 * element by element: each chunk's copy of them (from the identity, or from the array itself for
 * min, max and &, which combining twice leaves unchanged), `a` pointing at it; the partials on the
 * heap. An element that is itself an array (`dims` more dimensions: `int h[2][3]`) is read as its
 * scalars, in memory order.
 */
function elementwiseReduction(
  op: string, item: ReductionItem, dims: number, names: ChunkNames, stage: Stage,
): ChunkedReduction {
  const { name } = item;
  // Typedefs: `__typeof__(a[0]) *p` would read as a multiplication to a C parser.
  const element = names.partial(`${name}_t`);
  const partial = names.partial(name);
  const mine = names.partial(`${name}_v`);
  const j = names.partial('j');
  // A whole array's length is read before the chunks' `a`, a pointer, hides the array's size.
  const whole = names.partial(`${name}_n`);
  const length = item.section ? item.section.length : whole;
  stage.includes.add('stdlib.h');
  // Scalars per element, and each array read as its scalars (none of this for an array of scalars).
  const scalar = names.partial(`${name}_s`);
  const scalars = names.partial(`${name}_w`);
  const width = dims ? scalars : `(${length})`;
  const flat = (a: string) => (dims ? `((${scalar} *)${a})` : a);
  const each = (body: string) => `for (long long ${j} = 0; ${j} < ${width}; ${j}++) ${body}`;
  const row = `${names.chunk} * ${width}`;
  return {
    // One row of the scalars per chunk, flat (row c at c * width).
    before: [
      ...(item.section ? [] : [`enum { ${whole} = sizeof ${name} / sizeof ${name}[0] };`]),
      `typedef __typeof__(${name}[0]) ${element};`,
      ...(dims
        ? [
            `typedef __typeof__(${name}${'[0]'.repeat(dims + 1)}) ${scalar};`,
            `const long long ${scalars} = (${length}) * (sizeof(${element}) / sizeof(${scalar}));`,
          ]
        : []),
      `${dims ? scalar : element} *${partial} = malloc(${names.chunks} * ${width} * sizeof *${partial});`,
    ],
    open: [
      `${element} ${mine}[${length}];`,
      each(`${flat(mine)}[${j}] = ${IDENTITY[op] ?? `${flat(name)}[${j}]`};`),
      `${element} *${name} = ${mine};`,
    ],
    store: [each(`${partial}[${row} + ${j}] = ${flat(name)}[${j}];`)],
    combine: [each(combine(op, `${flat(name)}[${j}]`, `${partial}[${row} + ${j}]`))],
    after: [`free(${partial});`],
  };
}

/** The element-by-element reduction of `r` over the array `v` (`elementwiseReduction`), or why it
 * cannot be written out. */
export function elementwise(
  r: Reduction, v: Variable, names: ChunkNames, stage: Stage, c: Construct, typedefs: ReadonlyMap<string, Shape>,
): ChunkedReduction | { refusal: string } {
  const { name } = r.item;
  const shown = r.item.section ? `${name}[${r.item.section.lower}:${r.item.section.length}]` : name;
  if (!isBaseOperator(r.op)) return { refusal: `a declared reduction '${r.op}' over an array is not translated` };
  if (r.item.section && r.item.section.lower !== '0')
    return { refusal: `a reduction over '${shown}', a section not starting at 0, is not translated` };
  const dims = elementDimensions(v, stage.text, typedefs);
  if (dims === undefined)
    return { refusal: `a reduction over '${shown}' is not translated: its declaration does not spell out an array of scalars (an array typedef, or pointers)` };
  // The chunk's `a` is a pointer: `sizeof a` in the loop would read its size, not the array's.
  if (new RegExp(`\\bsizeof\\s*\\(?\\s*${name}\\b`).test(stage.text.slice(c.start, c.end)))
    return { refusal: `'sizeof ${name}' in a loop reducing over '${shown}' is not translated` };
  return elementwiseReduction(r.op, r.item, dims, names, stage);
}

/** `meta_for ... reduction(op: x)` -> CilkPlus: the loop over chunks is a `cilk_for`. */
export function reductionAsChunks(stage: Stage, model: ItemModel, c: Construct, index: number): void {
  const text = stage.text;
  const all = reductions(c);
  const unknown = all.find(r => !isBaseOperator(r.op));
  if (unknown) {
    stage.refuse(
      'MF601',
      c.head,
      `'reduction(${unknown.op}: ${unknown.item.name})' has no CilkPlus translation: only +, -, *, &, |, ^, &&, ||, min and max are known`,
      { construct: 'reduction', target: 'cilkplus' },
    );
    return;
  }
  const names = chunkNames(`mf_red${index}`);
  const variables = new Map(sharingAt(model, c).map(e => [e.variable.name, e.variable]));
  // A variable the outlining of a block spawn passed by pointer (its uses read `(*x)`): the
  // partials are of the pointed-to type, and each chunk's `x` points at its own partial.
  const outlined = (x: string) => variables.get(x)?.shape === 'pointer';
  const declare = (x: string) => (as: string) => {
    const v = variables.get(x);
    // The outlined parameter is declared `T (*x)`: the pointed-to object is declared `T as`.
    if (v && outlined(x)) return declarationFor(v, text, as).replace(`(*${as})`, as);
    return v ? declarationFor(v, text, as) : `${typeOfVariable(x, model.fileScope.cpp)} ${as}`;
  };
  const parts: ChunkedReduction[] = [];
  for (const r of all) {
    const { name } = r.item;
    const v = variables.get(name);
    // An array, whole or a section of it: reduced element by element.
    if (r.item.section || v?.shape === 'array') {
      const part = !v || (outlined(name) && !r.item.section)
        ? { refusal: `the array '${name}' reduced here is not one the translation can see whole` }
        : elementwise(r, v, names, stage, c, model.fileScope.typedefs);
      if ('refusal' in part) {
        stage.refuse('MF601', r.clause, part.refusal, { construct: 'reduction', target: 'cilkplus' });
        return;
      }
      parts.push(part);
      continue;
    }
    if (!outlined(name)) { parts.push(scalarReduction({ op: r.op, name }, names, declare(name))); continue; }
    const chunkValue = names.partial(`${name}_v`);
    const pointer = `${declarationFor(variables.get(name)!, text, name)} = &${chunkValue};`;
    parts.push(scalarReduction({ op: r.op, name }, names, declare(name), { target: `(*${name})`, chunkValue, pointer }));
  }
  chunkedLoop(stage, c, 'cilk_for', names, parts, model.fileScope.cpp);
}
