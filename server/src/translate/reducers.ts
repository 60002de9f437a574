// Cilk reducers <-> MetaFork reductions. Reducers -> reductions (where a MetaFork
// counterpart exists). A reducer whose operation is known — CilkPlus `cilk::reducer_opadd<T>`
// (and opmul, opand, opor, opxor), `cilk::reducer< cilk::op_add<T> >`, OpenCilk
// `cilk::opadd_reducer<T>`, and `T cilk_reducer(identity, reduce)` whose two functions are
// proved to be that operation's identity and combination — becomes a plain `T` variable, and
// each cilk_for around an update of it gets `reduction(op: x)`, the one place MetaFork reduces.
// Updates must sit in cilk_for loops (or in serial code); reads must be serial. Anything else
// — a reducer updated in a spawned call, passed on, declared at file scope, of another kind —
// is refused with its position: a reducer never passes through as an unsynchronised variable.
// The other way, a reduction whose variable is used the same way becomes an OpenCilk reducer
// (reductionsAsReducers); any other stays a chunked loop (./reduction).

import { child, named, unparen, walk } from '../syntax/ast';
import { insert, remove, replace, withTrailingBlanks } from '../base/edits';
import { blankComments, type KeywordClause } from '../syntax/keywords';
import type { Span } from '../base/span';
import { within } from '../base/span';
import type { SNode } from '../syntax/parser';
import { systemIncludes } from '../syntax/includes';
import type { Construct, ItemModel } from '../model/constructs';
import { declaratorInfo, findFunctionDeclarator, visibleVariable, type Reference, type Variable } from '../model/scopes';
import type { Stage } from '../base/stage';
import { bindingOf } from '../model/binding';
import { libraryReducer, type ReducerOp } from '../model/reducers';
import { functionsByName, type Functions } from './teams';
import { headerAt } from '../syntax/parser';
import type { Preprocessed } from '../preprocess/index';

/** Compound assignments (and increments) that update a reducer of each operation; min and max
 * reducers are updated with `calc_min(v)` / `calc_max(v)`. */
const UPDATES: Record<ReducerOp, string[]> = {
  '+': ['+=', '-=', '++', '--'],
  '*': ['*='],
  '&': ['&='],
  '|': ['|='],
  '^': ['^='],
  min: ['calc_min'],
  max: ['calc_max'],
};

interface Reducer {
  variable: Variable;
  op: ReducerOp;
  /** The element type, as the plain variable is declared. */
  element: string;
  /** What the reducer type is called in messages. */
  spelling: string;
  /** A CilkPlus reducer class (it starts at the identity when constructed without a value). */
  classic?: boolean;
  /** OpenCilk's annotation, removed from the declaration. */
  annotation?: KeywordClause;
}

/** The value a CilkPlus reducer constructed without one starts with; min and max have none
 * (their view is empty until updated), so they are translated only with an initial value. */
const IDENTITY: Record<ReducerOp, string | undefined> = {
  '+': '0',
  '*': '1',
  '&': '~0',
  '|': '0',
  '^': '0',
  min: undefined,
  max: undefined,
};

/** The value of an integer or floating literal (`0`, `1L`, `0.0`, `-1`, `~0`), if it is one. */
function literalValue(n: SNode | undefined, text: string): number | undefined {
  const e = unparen(n);
  if (!e) return undefined;
  if (e.type === 'number_literal') {
    const v = Number(text.slice(e.start, e.end).replace(/[uUlLfF]+$/, ''));
    return Number.isNaN(v) ? undefined : v;
  }
  if (e.type === 'unary_expression') {
    const op = text.slice(e.start, e.start + 1);
    const v = literalValue(child(e, 'argument'), text);
    if (v === undefined) return undefined;
    if (op === '-') return -v;
    if (op === '~' && Number.isInteger(v)) return ~v;
  }
  return undefined;
}

/** `*(T *)name` with the cast's type T, or undefined. */
function dereferencedCast(n: SNode | undefined, text: string): { type: string; name: string } | undefined {
  const e = unparen(n);
  if (!e || e.type !== 'pointer_expression' || text[e.start] !== '*') return undefined;
  const cast = unparen(child(e, 'argument'));
  if (!cast || cast.type !== 'cast_expression') return undefined;
  const type = child(cast, 'type');
  const value = unparen(child(cast, 'value'));
  if (!type || !value || value.type !== 'identifier') return undefined;
  const typeText = text.slice(type.start, type.end).replace(/\s+/g, ' ').trim();
  if (!typeText.endsWith('*')) return undefined;
  return { type: typeText.slice(0, -1).trim(), name: text.slice(value.start, value.end) };
}

/** The `void *` parameters' names and the one statement of a function definition. */
function onlyStatement(fn: SNode, text: string, params: number): { names: string[]; statement: SNode } | undefined {
  const d = child(fn, 'declarator');
  const fd = d && findFunctionDeclarator(d);
  const list = fd && child(fd, 'parameters');
  const body = child(fn, 'body');
  if (!list || !body) return undefined;
  const names: string[] = [];
  for (const p of named(list)) {
    const pd = child(p, 'declarator');
    const type = child(p, 'type');
    if (!pd || !type || pd.type !== 'pointer_declarator' || text.slice(type.start, type.end) !== 'void')
      return undefined;
    const info = declaratorInfo(pd);
    if (!info) return undefined;
    names.push(text.slice(info.id.start, info.id.end));
  }
  const statements = named(body).filter(s => s.type !== 'comment');
  if (names.length !== params || statements.length !== 1 || statements[0].type !== 'expression_statement')
    return undefined;
  return { names, statement: statements[0] };
}

const sameType = (a: string, b: string) => a.replace(/\s+/g, ' ') === b.replace(/\s+/g, ' ');

/**
 * The operation of `cilk_reducer(identity, reduce)` on `element`, proved from the two
 * functions' bodies: `*(T *)v = c;` with c the operation's identity, and `*(T *)l op= *(T *)r;`
 * (or `*(T *)l = *(T *)l op *(T *)r;`). Undefined, with the reason, when not proved.
 */
function provedOperation(
  identity: string,
  reduce: string,
  element: string,
  functions: Functions,
  text: string,
): { op: ReducerOp } | { why: string } {
  const zero = functions.get(identity)?.item;
  const plus = functions.get(reduce)?.item;
  if (!zero || !plus) return { why: `'${!zero ? identity : reduce}' is not a function defined in this file` };
  const r = onlyStatement(plus, text, 2);
  const assignment = r && named(r.statement)[0];
  if (!r || assignment?.type !== 'assignment_expression')
    return { why: `'${reduce}' is not of the form '*(T *)l op= *(T *)r;'` };
  const operator = text.slice(child(assignment, 'left')!.end, child(assignment, 'right')!.start).trim();
  const left = dereferencedCast(child(assignment, 'left'), text);
  let op: ReducerOp | undefined;
  let right: SNode | undefined = child(assignment, 'right');
  if (operator !== '=') op = (['+', '*', '&', '|', '^'] as ReducerOp[]).find(o => `${o}=` === operator);
  else {
    const b = unparen(right);
    if (b?.type === 'binary_expression') {
      const sign = text.slice(child(b, 'left')!.end, child(b, 'right')!.start).trim();
      op = (['+', '*', '&', '|', '^'] as ReducerOp[]).find(o => o === sign);
      const l = dereferencedCast(child(b, 'left'), text);
      // Every operation here is commutative: `*l + *r` and `*r + *l` are the same.
      if (l && left && l.name === left.name && sameType(l.type, element)) right = child(b, 'right');
      else if (l && left && l.name === r.names[1]) {
        right = child(b, 'left');
      } else op = undefined;
    }
  }
  const other = dereferencedCast(right, text);
  const typesMatch = left && other && sameType(left.type, element) && sameType(other.type, element);
  if (!op || !left || !other || !typesMatch || left.name !== r.names[0] || other.name !== r.names[1]) {
    return { why: `'${reduce}' is not of the form '*(${element} *)l op= *(${element} *)r;' with op one of + * & | ^` };
  }
  const z = onlyStatement(zero, text, 1);
  const set = z && named(z.statement)[0];
  const target =
    set?.type === 'assignment_expression' &&
    text.slice(child(set, 'left')!.end, child(set, 'right')!.start).trim() === '='
      ? dereferencedCast(child(set, 'left'), text)
      : undefined;
  const value = set && literalValue(child(set, 'right'), text);
  const wanted = { '+': 0, '*': 1, '&': -1, '|': 0, '^': 0, min: NaN, max: NaN }[op];
  if (!z || !target || target.name !== z.names[0] || !sameType(target.type, element) || value !== wanted) {
    return { why: `'${identity}' does not set '*(${element} *)v' to ${IDENTITY[op]}, the identity of '${op}'` };
  }
  return { op };
}

/** A Cilk reducer (or holder) type named in the text. */
const REDUCER_TYPE = /\bcilk\s*::\s*(\w*reducer\w*|holder)\b/;

/**
 * Reducers of the items become plain variables with reductions on their cilk_for loops (edits
 * that go with cilkToMetafork's: the clause is inserted right after the loop's keyword).
 */
export function reducersToReductions(
  stage: Stage, models: ItemModel[], annotations: readonly KeywordClause[], unit: Preprocessed,
): void {
  const text = stage.text;
  let functions: ReturnType<typeof functionsByName> | undefined;
  const byName = () => (functions ??= functionsByName(models, text));
  const helpers: string[] = [];
  let found = false;
  /** The declarations of the reducers translated or refused here, and the refused typedefs. */
  const accounted: Span[] = [];
  for (const model of models) {
    // A reducer type behind a typedef or alias would reach its variables unrecognised (looked for
    // only in an item that names a Cilk reducer type or holds an annotation: most hold neither).
    const named = REDUCER_TYPE.test(text.slice(model.item.start, model.item.end));
    if (named || annotations.some(a => within(a, model.item))) walk(model.item, n => {
      if (n.type !== 'type_definition' && n.type !== 'alias_declaration') return true;
      const written = text.slice(n.start, n.end);
      if (REDUCER_TYPE.test(written) || annotations.some(a => within(a, n))) {
        accounted.push(n);
        stage.refuse(
          'MF611',
          n,
          'a reducer type behind a typedef or alias is not translated: declare each reducer with its type',
          { construct: 'reducer', target: 'metafork' },
        );
      }
      return false;
    });
    const reducers: Reducer[] = [];
    for (const v of model.scopes.variables) {
      const annotation = annotations.find(a => within(a, v.declaration) && a.start < v.span.start);
      const library = libraryReducer(v.typeText);
      if (!annotation && !library) continue;
      found = true;
      accounted.push({ start: v.declaration.start, end: v.span.end });
      const spelling = annotation ? `${v.typeText} cilk_reducer(${annotation.argsText.trim()})` : v.typeText;
      const refuse = (span: Span, why: string) =>
        stage.refuse('MF611', span, `reducer '${v.name}' (${spelling}) is not translated: ${why}`, {
          variable: v.name,
          construct: 'reducer',
          target: 'metafork',
        });
      if (library === 'unknown') {
        refuse(v.span, 'only add, mul, and, or, xor, min and max reducers have a MetaFork counterpart (a reduction)');
        continue;
      }
      if (v.storage !== 'local' || v.isStatic || v.shape !== 'value') {
        refuse(
          v.span,
          v.storage === 'param'
            ? "a reducer parameter is updated by the caller's strands, which a reduction on one loop cannot express"
            : v.shape !== 'value'
              ? 'only a reducer variable itself (not an array of, pointer or reference to one) is translated'
              : `${v.isStatic ? 'a static' : 'a file-scope'} reducer may be updated anywhere (in spawned functions too), which a reduction on one loop cannot express`,
        );
        continue;
      }
      if (stage.partial) {
        refuse(v.span, 'its declaration changes with its loops: translate the whole file');
        continue;
      }
      if (annotation) {
        if (annotation.items.length !== 2 || annotation.argsText.split(',').length !== 2) {
          refuse(annotation, 'cilk_reducer takes an identity and a reduce function');
          continue;
        }
        const proved = provedOperation(annotation.items[0].name, annotation.items[1].name, v.typeText, byName(), text);
        if ('why' in proved) { refuse(annotation, proved.why); continue; }
        reducers.push({ variable: v, op: proved.op, element: v.typeText, spelling, annotation });
      } else {
        reducers.push({ variable: v, op: library!.op, element: library!.element, spelling, classic: library!.classic });
      }
    }
    for (const r of reducers) translateReducer(stage, model, r);
    for (const r of reducers) if (r.annotation) helpers.push(...r.annotation.items.map(i => i.name));
  }
  refuseOtherReducers(stage, unit, accounted);
  // The identity and reduce functions MetaFork -> CilkPlus wrote go with their reducers.
  for (const name of new Set(helpers.filter(h => /^mf_(identity|reduce)_\w+$/.test(h)))) {
    const fn = byName().get(name)?.item;
    const uses = text.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;
    if (!fn || uses !== 1 + helpers.filter(h => h === name).length) continue;
    let end = fn.end;
    while (text[end] === '\n') end++;
    stage.edit(remove({ start: fn.start, end }));
  }
  // The reducer headers mean nothing to MetaFork.
  if (found && !stage.partial)
    for (const line of systemIncludes(stage.map.fileText, h => /^cilk\/(reducer\w*|op\w+_reducer)\.h$/.test(h)))
      stage.edit(remove(line));
}

/**
 * A reducer named anywhere but in the declaration of a variable the stage translated or refused — a
 * member of a struct or class, a type behind `auto` or `new`, a function's result, a declaration in a
 * header — would become a plain variable every strand updates, a data race: each such place is
 * refused (a header's at the `#include` that reads it). Looked for in the unit's code: OpenCilk's
 * annotation, the library's reducer types and, where `namespace cilk` is open, their bare names.
 */
function refuseOtherReducers(stage: Stage, unit: Preprocessed, accounted: Span[]): void {
  const text = stage.text;
  if (!REDUCER_NAMED.test(text)) return;
  const code = blankComments(text);
  const open = OPEN_CILK.test(code);
  const reported = new Set<string>();
  for (const found of code.matchAll(open ? BARE_REDUCER_NAMES : REDUCER_NAMES)) {
    const m = { start: found.index, end: found.index + found[0].length };
    if (accounted.some(a => within(m, a))) continue;
    const named = found[0].replace(/\s+/g, '').replace(/\($/, '');
    const header = headerAt(unit, m.start);
    const where = header ? `${header.path}:${header.line}: ` : '';
    // A header's, reported at its #include, once per line.
    if (header && reported.has(where + named)) continue;
    reported.add(where + named);
    const bare = !/^cilk(_reducer$|::)/.test(named);
    stage.refuse(
      'MF611',
      header ? stage.map.toText(header.includedAt) : m,
      `${where}'${named}' names a Cilk reducer outside the declaration of a reducer variable (a member of a struct or class, a type behind 'auto' or 'new', a function's result): it is not translated, as every strand would update one shared variable; ${bare ? `write its type 'cilk::${named}<...>' in a variable's declaration` : 'declare each reducer as a variable of its reducer type'}`,
      { construct: 'reducer', target: 'metafork' },
    );
  }
}

/** OpenCilk's annotation (the keyword layer reads the file's only, not its headers') or a reducer type. */
const REDUCER_NAMES = new RegExp(`\\bcilk_reducer\\s*\\(|${REDUCER_TYPE.source}`, 'g');
/** Any of those, or the namespace opened. */
const REDUCER_NAMED = new RegExp(`${REDUCER_NAMES.source}|\\busing\\s+namespace\\s+cilk\\b`);
/** `using namespace cilk;`: the library's reducer types may be named without `cilk::`. */
const OPEN_CILK = /\busing\s+namespace\s+cilk\s*;/;
/** With the namespace open, also a bare reducer template's name (its arguments after it). */
const BARE_REDUCER_NAMES = new RegExp(`${REDUCER_NAMES.source}|(?<![\\w:])(?!cilk_reducer\\b)(?:\\w*reducer\\w*|holder)(?=\\s*<)`, 'g');

/** The loops (cilk_for) around an update, or the reason the update cannot become a reduction. */
function loopsAround(model: ItemModel, span: Span): Construct[] | string {
  const loops: Construct[] = [];
  for (const c of model.constructs) {
    const region = c.loop ?? c.region ?? c.call;
    if (!region || !within(span, region)) continue;
    if (c.kind === 'parallel-for' && c.dialect === 'cilkplus') loops.push(c);
    else if (c.kind === 'spawn' || c.kind === 'block-spawn')
      return 'it is updated in a spawned call, and MetaFork reduces only in parallel loops';
    else if (c.kind !== 'scope' && c.kind !== 'join' && c.kind !== 'grainsize')
      return `it is updated inside a construct that is not a cilk_for`;
  }
  return loops;
}

function translateReducer(stage: Stage, model: ItemModel, r: Reducer): void {
  const text = stage.text;
  const v = r.variable;
  const refuse = (span: Span, why: string) =>
    stage.refuse('MF611', span, `reducer '${v.name}' (${r.spelling}) is not translated: ${why}`, {
      variable: v.name,
      construct: 'reducer',
      target: 'metafork',
    });
  const edits: { at: Span; text: string }[] = [];
  const clauses = new Map<Construct, void>();
  for (const ref of model.scopes.references.filter(x => x.variable === v)) {
    if (within(ref.span, v.declaration) && !insideInitializer(ref, v)) continue;
    const use = classify(ref, r, model);
    if (typeof use === 'string') { refuse(ref.span, use); return; }
    const loops = loopsAround(model, ref.span);
    if (typeof loops === 'string') { refuse(ref.span, loops); return; }
    if (use.kind === 'read' && loops.length) {
      refuse(ref.span, 'its value is read inside a cilk_for, where each strand sees only its own view');
      return;
    }
    for (const l of loops) clauses.set(l);
    edits.push(...use.edits);
  }
  // The declaration: the element type, the value it starts with.
  const type = child(v.declaration, 'type');
  if (r.annotation)
    edits.push({ at: { start: r.annotation.start, end: withTrailingBlanks(text, r.annotation.end) }, text: '' });
  else if (type) edits.push({ at: type, text: r.element });
  for (const d of v.declaration.children.filter(x => x.field === 'declarator')) {
    const init = d.type === 'init_declarator' ? d : undefined;
    const value = init && child(init, 'value');
    if (value?.type === 'argument_list' || value?.type === 'initializer_list') {
      const args = named(value);
      if (args.length !== 1) { refuse(value, 'it is constructed from something other than one initial value'); return; }
      edits.push({ at: value, text: ` = ${text.slice(args[0].start, args[0].end)}` });
    } else if (!value && r.classic) {
      const identity = IDENTITY[r.op];
      if (identity === undefined) {
        refuse(
          d,
          `a ${r.op} reducer constructed without a value has none until it is updated: give it an initial value to translate it`,
        );
        return;
      }
      edits.push({ at: { start: d.end, end: d.end }, text: ` = ${identity}` });
    }
  }
  for (const e of edits) stage.edit(replace(e.at, e.text));
  for (const loop of clauses.keys()) {
    const at = loop.form === 'keyword' ? loop.keyword!.end : loop.loop!.start + 3;
    stage.edit(insert(at, ` reduction(${r.op}: ${v.name})`));
  }
}

function insideInitializer(ref: Reference, v: Variable): boolean {
  for (let n: SNode | null = ref.node.parent; n && n !== v.declaration; n = n.parent)
    if (n.field === 'value') return true;
  return false;
}

type Use = { kind: 'update' | 'read'; edits: { at: Span; text: string }[] };

/** An update (`*r op= e`, `r op= e`, `++r`), a read (`r.get_value()`, `*r`, `r`), or why not. */
function classify(ref: Reference, r: Reducer, model: ItemModel): Use | string {
  const text = model.text;
  const classic = !!r.classic;
  const other = `it is used here in a way the translation cannot follow (it translates updates (${UPDATES[r.op].join(' ')}) in cilk_for loops and reads of the value outside them)`;
  for (let n: SNode | null = ref.node.parent; n; n = n.parent)
    if (n.type === 'lambda_expression') return 'it is used inside a lambda, which may run anywhere';
  let node: SNode = ref.node;
  while (node.parent?.type === 'parenthesized_expression') node = node.parent;
  const edits: { at: Span; text: string }[] = [];
  const p = node.parent;
  // `*r` is the view: the plain variable itself.
  if (p?.type === 'pointer_expression' && text[p.start] === '*' && (classic || !r.annotation)) {
    edits.push({ at: { start: p.start, end: ref.span.start }, text: '' });
    if (ref.span.end < p.end) edits.push({ at: { start: ref.span.end, end: p.end }, text: '' });
    node = p;
    while (node.parent?.type === 'parenthesized_expression') node = node.parent;
  } else if (
    p?.type === 'field_expression' &&
    child(p, 'argument') === node &&
    classic &&
    p.parent?.type === 'call_expression' &&
    child(p.parent, 'function') === p
  ) {
    const method = text.slice(child(p, 'field')!.start, child(p, 'field')!.end);
    const call = p.parent;
    const args = named(child(call, 'arguments')!);
    const name = text.slice(ref.span.start, ref.span.end);
    if (method === 'get_value' && args.length === 0) return { kind: 'read', edits: [{ at: call, text: name }] };
    if (method === 'set_value' && args.length === 1 && call.parent?.type === 'expression_statement') {
      return { kind: 'read', edits: [{ at: call, text: `${name} = ${text.slice(args[0].start, args[0].end)}` }] };
    }
    if (UPDATES[r.op].includes(method) && args.length === 1 && call.parent?.type === 'expression_statement') {
      // `r.calc_max(e);` -> e evaluated once, then kept when larger (the view's own rule).
      const value = text.slice(args[0].start, args[0].end);
      if (new RegExp(`\\b${name}\\b`).test(value)) return 'its update reads its own value';
      if (/\bmf_value\b/.test(value)) return `its update uses 'mf_value', the name the translation gives the new value`;
      const better = r.op === 'max' ? '>' : '<';
      return {
        kind: 'update',
        edits: [
          {
            at: call.parent,
            text: `{ ${r.element} mf_value = ${value}; if (mf_value ${better} ${name}) ${name} = mf_value; }`,
          },
        ],
      };
    }
  }
  const q = node.parent;
  if (q?.type === 'assignment_expression' && child(q, 'left') === node) {
    const operator = text.slice(node.end, child(q, 'right')!.start).trim();
    if (!UPDATES[r.op].includes(operator)) return `'${operator}' is not an update of a '${r.op}' reducer`;
    if (q.parent?.type !== 'expression_statement') return 'the value of its update is used';
    const right = child(q, 'right')!;
    const name = r.variable.name;
    if (new RegExp(`\\b${name}\\b`).test(text.slice(right.start, right.end))) return 'its update reads its own value';
    return { kind: 'update', edits };
  }
  if (q?.type === 'update_expression') {
    const operator = text.slice(q.start, q.end).replace(text.slice(node.start, node.end), '').trim();
    if (!UPDATES[r.op].includes(operator)) return other;
    if (q.parent?.type !== 'expression_statement') return 'the value of its update is used';
    return { kind: 'update', edits };
  }
  // A read of the value: `*r` (CilkPlus) or the variable (OpenCilk), where nothing can keep its address.
  if (
    (edits.length || r.annotation || !classic) &&
    ref.access === 'read' &&
    !ref.addressTaken &&
    readsValue(node, text, !model.fileScope.cpp || bindingOf(model, ref)?.binding === 'value')
  )
    return { kind: 'read', edits };
  return other;
}

/** C's formatted output takes its arguments by value (they are variadic), also as `std::printf`. */
const BY_VALUE_CALLS = new Set(['printf', 'fprintf', 'sprintf', 'snprintf']);

/** The expression is used for its value only (an operand, a value initializer, a by-value argument).
 * `byValue`: the call it may be an argument of copies it (C; a C++ value parameter). */
function readsValue(node: SNode, text: string, byValue: boolean): boolean {
  const p = node.parent;
  if (!p) return false;
  if (p.type === 'parenthesized_expression') return readsValue(p, text, byValue);
  if (p.type === 'argument_list') {
    const f = p.parent?.type === 'call_expression' ? child(p.parent, 'function') : undefined;
    const callee = f && /^(?:std::)?(\w+)$/.exec(text.slice(f.start, f.end).replace(/\s+/g, ''));
    return byValue || (!!callee && BY_VALUE_CALLS.has(callee[1]));
  }
  if (p.type === 'init_declarator')
    return child(p, 'value') === node && declaratorInfo(child(p, 'declarator')!)?.shape === 'value';
  if (p.type === 'assignment_expression') return child(p, 'right') === node;
  if (p.type === 'unary_expression') return true;
  return [
    'binary_expression', 'return_statement', 'conditional_expression', 'cast_expression', 'condition_clause',
  ].includes(p.type);
}

// ---- MetaFork reductions -> OpenCilk reducers ---------------------------------------------

/** The reductions written as a `cilk_reducer(identity, reduce)`: those with a literal identity. */
const OP_NAMES: Partial<Record<string, string>> = { '+': 'add', '*': 'mul', '&': 'and', '|': 'or', '^': 'xor' };
/** Types a reducer's helper functions can be named after and cast to. */
const ARITHMETIC = /^(?:(?:unsigned|signed|long|short|int|char|float|double)\b\s*)+$|^(?:size_t|ptrdiff_t|u?int(?:8|16|32|64)_t)$/;

/**
 * `meta_for reduction(op: x)` loops whose variables can be OpenCilk reducers: x a local scalar of an
 * arithmetic type declared on its own, reduced by one operator with a literal identity, updated
 * (`x op= e`, `x++`) only in its reduction loops and only read elsewhere, outside every parallel
 * construct. Each x becomes `T cilk_reducer(mf_identity_op_T, mf_reduce_op_T) x`, the two functions
 * defined before the first function that uses them (static inline: the serial elision leaves them
 * unused), in the form the opposite direction proves (reducersToReductions). Returns the loops whose clauses go with their keyword; the others are
 * chunked (./reduction).
 */
export function reductionsAsReducers(stage: Stage, loops: { model: ItemModel; c: Construct }[]): Set<Construct> {
  const done = new Set<Construct>();
  // A focused translation changes the construct alone: the declaration is outside it.
  if (stage.partial) return done;
  const defined = new Set<string>();
  for (const model of new Set(loops.map(l => l.model))) {
    const mine = loops.filter(l => l.model === model).map(l => l.c);
    const items = (c: Construct) =>
      c.clauses.filter(cl => cl.name === 'reduction').flatMap(cl => {
        const op = cl.modifier?.name ?? cl.args?.text.split(':')[0].trim() ?? '+';
        return cl.items.map(i => ({ op, v: visibleVariable(model, i.name, c.start) }));
      });
    // A variable is a reducer when every loop reducing it can drop its clause: fixed point.
    let reducers = new Map<Variable, ReducerOp>();
    for (const c of mine)
      for (const { op, v } of items(c)) if (v && OP_NAMES[op]) reducers.set(v, op as ReducerOp);
    for (let changed = true; changed; ) {
      changed = false;
      for (const [v, op] of reducers) {
        const by = mine.filter(c => items(c).some(i => i.v === v));
        const ok = by.every(c => items(c).every(i => i.v && reducers.get(i.v) === i.op)) && asReducer(model, v, op, by);
        if (!ok) { reducers.delete(v); changed = true; }
      }
    }
    reducers = new Map([...reducers].filter(([v]) => mine.some(c => items(c).some(i => i.v === v))));
    for (const c of mine) if (items(c).every(i => i.v && reducers.has(i.v))) done.add(c);
    for (const [v, op] of reducers) {
      const type = v.typeText.replace(/\s+/g, ' ').trim();
      const suffix = `${OP_NAMES[op]}_${type.replace(/ /g, '_')}`;
      const [identity, reduce] = [`mf_identity_${suffix}`, `mf_reduce_${suffix}`];
      if (!defined.has(suffix)) {
        defined.add(suffix);
        const lines = [
          `static inline void ${identity}(void *v) { *(${type} *)v = ${op === '*' ? 1 : op === '&' ? -1 : 0}; }`,
          `static inline void ${reduce}(void *l, void *r) { *(${type} *)l ${op}= *(${type} *)r; }`,
        ];
        stage.edit(insert(model.item.start, lines.join('\n') + '\n\n'));
      }
      stage.edit(insert(child(v.declaration, 'type')!.end, ` cilk_reducer(${identity}, ${reduce})`));
    }
  }
  return done;
}

/** Whether `v`, reduced by `op` in the loops `by`, can be a reducer (see reductionsAsReducers). */
function asReducer(model: ItemModel, v: Variable, op: ReducerOp, by: Construct[]): boolean {
  const declarators = v.declaration.children.filter(x => x.field === 'declarator');
  if (v.storage !== 'local' || v.isStatic || v.shape !== 'value' || declarators.length !== 1) return false;
  if (!ARITHMETIC.test(v.typeText.trim()) || !child(v.declaration, 'type')) return false;
  const r: Reducer = { variable: v, op, element: v.typeText, spelling: '' };
  for (const ref of model.scopes.references.filter(x => x.variable === v)) {
    if (within(ref.span, v.declaration)) continue;
    const use = classify(ref, r, model);
    if (typeof use === 'string' || use.edits.length) return false;
    const around = model.constructs.filter(c => c.dialect === 'metafork' && within(ref.span, c));
    const inLoops = around.some(c => by.includes(c));
    if (around.some(c => !by.includes(c) && c.kind !== 'join' && c.kind !== 'grainsize')) return false;
    if (inLoops !== (use.kind === 'update')) return false;
  }
  return true;
}
