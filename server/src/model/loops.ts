// Loops as the model sees them: the canonical form of a for header (OpenMP 4.5 §2.6; the
// thesis's meta_for, cilk_for), and the spine of a loop nest (a schedule's kernel, a tiled nest).

import { child, named, unparen } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { Span } from '../base/span';
import { polynomialOf } from '../symbolic/expression';
import { Poly, rational } from '../symbolic/poly';
import { declaratorInfo } from './scopes';

/** How the condition compares the control variable with its bound. */
export type Relation = '<' | '<=' | '>' | '>=' | '!=';

export interface LoopHeader {
  /** The control variable's name. */
  variable: string;
  init: SNode;
  /** Initial value expression. */
  lower: SNode;
  condition: SNode;
  operator: Relation;
  /** The relation read with the variable on the left: `n > i` is `i < n`. */
  relation: Relation;
  /** The bound the variable is compared with. */
  bound: SNode;
  /** `i < n` rather than `n > i`. */
  variableOnLeft: boolean;
  update: SNode;
  /**
   * The step as written (`1` for ++, the expression for `+= e`), `negative` for `--`, `-=` and
   * `x = x - e`; `value` is what one iteration adds to the variable when the step is an integer
   * constant (`-1` for `--`, `2` for `-= -2`), read once here for every consumer.
   */
  step: { text: string; negative: boolean; value?: bigint };
}

const RELATIONS = new Set<string>(['<', '<=', '>', '>=', '!=']);
const FLIPPED: Record<Relation, Relation> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '!=': '!=' };
const FLOAT_TYPES = /\b(float|double|long double|_Complex)\b/;

const textOf = (text: string, n: SNode) => text.slice(n.start, n.end);

/** Parses a for statement's header in canonical form, or explains what is not. */
export function canonicalHeader(
  loop: SNode,
  text: string,
): { header?: LoopHeader; problem?: { code: 'MF301' | 'MF302' | 'MF303' | 'MF304'; node: Span; message: string } } {
  const init = child(loop, 'initializer');
  const cond = child(loop, 'condition');
  const update = child(loop, 'update');
  // A missing part is reported on the header `for (...)`, not on the whole loop.
  const body = child(loop, 'body');
  let headerEnd = body ? body.start : loop.end;
  while (headerEnd > loop.start && /\s/.test(text[headerEnd - 1])) headerEnd--;
  const headerNode: Span = { start: loop.start, end: headerEnd };
  let variable: string | undefined;
  let lower: SNode | undefined;
  if (init?.type === 'declaration') {
    const declarators = init.children.filter(c => c.field === 'declarator');
    const d = declarators[0];
    const info = d && declaratorInfo(d);
    if (declarators.length === 1 && d.type === 'init_declarator' && info) {
      variable = textOf(text, info.id);
      lower = child(d, 'value');
      const type = child(init, 'type');
      if (info.shape === 'value' && type && FLOAT_TYPES.test(textOf(text, type))) {
        return {
          problem: {
            code: 'MF304',
            node: type,
            message: `the control variable '${variable}' has type '${textOf(text, type)}': it must be an integer or a pointer`,
          },
        };
      }
    }
  } else if (init) {
    const e = unparen(init.type === 'comma_expression' ? undefined : init);
    if (
      e?.type === 'assignment_expression' &&
      unparen(child(e, 'left'))?.type === 'identifier' &&
      opOf(e, text) === '='
    ) {
      variable = textOf(text, unparen(child(e, 'left'))!);
      lower = child(e, 'right');
    }
  }
  if (!variable || !lower || !init) {
    return {
      problem: {
        code: 'MF301',
        node: init ?? headerNode,
        message: "the loop initialization must give its control variable a start value, e.g. 'int i = 0'",
      },
    };
  }
  const c = unparen(cond);
  const op = c?.type === 'binary_expression' ? opOf(c, text) : undefined;
  const left = c && unparen(child(c, 'left'));
  const right = c && unparen(child(c, 'right'));
  const isVar = (n?: SNode) => n?.type === 'identifier' && textOf(text, n) === variable;
  if (!c || !op || !RELATIONS.has(op) || !(isVar(left) || isVar(right))) {
    return {
      problem: {
        code: 'MF302',
        node: cond ?? headerNode,
        message: `the loop condition must compare '${variable}' with '<', '<=', '>', '>=' or '!=', e.g. '${variable} < n'`,
      },
    };
  }
  const bound = isVar(left) ? right! : left!;
  const u = unparen(update);
  let step: { by?: SNode; negative: boolean } | undefined;
  if (u?.type === 'update_expression' && isVar(unparen(named(u)[0]))) {
    step = { negative: textOf(text, u).includes('--') };
  } else if (u?.type === 'assignment_expression' && isVar(unparen(child(u, 'left')))) {
    const aop = opOf(u, text);
    const rhs = child(u, 'right')!;
    if (aop === '+=' || aop === '-=') step = { by: rhs, negative: aop === '-=' };
    else if (aop === '=') {
      const r = unparen(rhs);
      const rop = r?.type === 'binary_expression' ? opOf(r, text) : undefined;
      const rl = r && unparen(child(r, 'left'));
      const rr = r && unparen(child(r, 'right'));
      if (r && ((rop === '+' && (isVar(rl) || isVar(rr))) || (rop === '-' && isVar(rl)))) {
        step = { by: isVar(rl) ? rr! : rl!, negative: rop === '-' };
      }
    }
  }
  if (!step || !update) {
    return {
      problem: {
        code: 'MF303',
        node: update ?? headerNode,
        message: `the loop increment must be '${variable}++', '${variable}--', '${variable} += e', '${variable} -= e' or '${variable} = ${variable} + e'`,
      },
    };
  }
  const magnitude = step.by ? integerConstant(step.by, text) : 1n;
  const value = magnitude === undefined ? undefined : step.negative ? -magnitude : magnitude;
  const operator = op as Relation;
  return {
    header: {
      variable,
      init,
      lower,
      condition: cond!,
      operator,
      relation: isVar(left) ? operator : FLIPPED[operator],
      bound,
      variableOnLeft: isVar(left),
      update,
      step: {
        text: step.by ? textOf(text, step.by) : '1',
        negative: step.negative,
        ...(value === undefined ? {} : { value }),
      },
    },
  };
}

/** The value of an integer constant expression (`4`, `(2)`, `2 * 8`, `1u`); names are not read. */
function integerConstant(e: SNode, text: string): bigint | undefined {
  const r = polynomialOf(e, text, { identifier: () => undefined });
  return 'poly' in r ? r.poly.integer : undefined;
}

/**
 * The range of a canonical loop's control variable, its bounds read by the caller's `read` (each
 * consumer names symbols its own way: loop indices, parameters, atoms). `lo` and `hi` bound every
 * value the variable takes, both inclusive whatever the relation and direction: `[first, bound - 1]`
 * for `<` going up, `[bound + 1, first]` for `>` going down; with a step of 1 it takes each of them.
 */
export interface LoopRange {
  header: LoopHeader;
  /** 1 going up, -1 going down: the sign of the step. */
  direction: 1 | -1;
  /** The step's magnitude, a positive integer. */
  step: bigint;
  /** The value of the first iteration (the initializer). */
  first: Poly;
  lo: Poly;
  hi: Poly;
  /** Iterations: `(hi - lo + 1) / step`, exact when the step divides the distance (always for a step of 1). */
  trips: Poly;
}

/** Why a canonical loop has no range: the node that stopped the reading, and what it is. */
export interface NoRange { at: SNode; why: string }

/**
 * The range of a canonical loop: every relation (`<`, `<=`, `>`, `>=`, `!=`, the variable on either
 * side), every step (`++`, `--`, `+=`, `-=`, `x = x + e`, negative constants) whose value is an
 * integer constant moving towards the bound. `!=` is read as `<` going up and `>` going down: the
 * loop must reach its bound (OpenMP 5.0 §2.9.1 requires a step of 1 with it; callers that cannot
 * take that on trust test `header.relation`).
 */
export function loopRange(h: LoopHeader, read: (e: SNode) => Poly | undefined): LoopRange | NoRange {
  const by = h.step.value;
  if (by === undefined || by === 0n) {
    return { at: h.update, why: `the step of '${h.variable}' is not a nonzero integer constant` };
  }
  // Both read whatever the outcome: a reader may note the names it meets.
  const first = read(h.lower), bound = read(h.bound);
  const direction = by > 0n ? 1 : -1;
  const up = h.relation === '<' || h.relation === '<=' || (h.relation === '!=' && direction === 1);
  const down = h.relation === '>' || h.relation === '>=' || (h.relation === '!=' && direction === -1);
  if (direction === 1 ? !up : !down) {
    return { at: h.condition, why: `the step of '${h.variable}' moves away from its bound` };
  }
  if (!first) return { at: h.lower, why: `the start value of '${h.variable}' is not read` };
  if (!bound) return { at: h.bound, why: `the bound of '${h.variable}' is not read` };
  // The last value the bound lets through: the bound itself for `<=` and `>=`, one short of it otherwise.
  const inclusive = h.relation === '<=' || h.relation === '>=';
  const last = inclusive ? bound : bound.sub(Poly.constant(direction));
  const [lo, hi] = direction === 1 ? [first, last] : [last, first];
  const step = direction === 1 ? by : -by;
  const trips = hi.sub(lo).add(Poly.constant(1)).scale(rational(1n, step));
  return { header: h, direction, step, first, lo, hi, trips };
}

/** `for (v = 0; v < U; v++)`, however 0, the step 1 and the comparison are spelled (`U > v`): the
 * loop runs v = 0, 1, ..., U - 1 in order whatever U is, without reading U. */
export function countsFromZero(h: LoopHeader, text: string): boolean {
  return h.relation === '<' && h.step.value === 1n && integerConstant(h.lower, text) === 0n;
}

/** The range, or undefined with the reason dropped (for callers that refuse any loop without one). */
export function rangeOf(h: LoopHeader | undefined, read: (e: SNode) => Poly | undefined): LoopRange | undefined {
  const r = h && loopRange(h, read);
  return r && 'lo' in r ? r : undefined;
}

export function opOf(n: SNode, text: string): string | undefined {
  const op = n.children.find(c => c.field === 'operator');
  return op ? textOf(text, op) : undefined;
}


/** The meta_for nest structure of a kernel: its spine of loops from the outermost inwards. */
export interface Nest {
  outer: SNode;
  /** Loops on the spine, outermost first; `parallel` marks meta_for loops. */
  spine: { loop: SNode; parallel: boolean }[];
}

/** The single loop statement a loop body consists of, if any (declarations around it allowed). */
function onlyLoopIn(body: SNode | undefined): SNode | undefined {
  if (!body) return undefined;
  if (body.type === 'for_statement') return body;
  if (body.type !== 'compound_statement') return undefined;
  const stmts = named(body).filter(c => c.type !== 'comment');
  const loops = stmts.filter(c => c.type === 'for_statement');
  return loops.length === 1 && stmts.every(s => s === loops[0] || s.type === 'declaration') ? loops[0] : undefined;
}

export function nestSpine(outer: SNode, parallel: ReadonlySet<SNode>): Nest {
  const spine: Nest['spine'] = [];
  for (let loop: SNode | undefined = outer; loop; loop = onlyLoopIn(child(loop, 'body'))) {
    spine.push({ loop, parallel: parallel.has(loop) });
  }
  // Serial loops after the last meta_for belong to the kernel body, not to the nest.
  while (spine.length && !spine[spine.length - 1].parallel) spine.pop();
  return { outer, spine };
}
