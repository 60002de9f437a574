// The statement of an `atomic` construct read as one of OpenMP 5.2 §15.8.4's forms (read, write,
// update, capture, compare), normalised to a location `x`, an operator and its operand: what
// translate/synchronise writes as `__atomic` builtins.

import { child, named } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { Construct } from '../model/constructs';

/** What an atomic statement does to its location `x` (OpenMP 5.2 §15.8.4's forms, normalised). */
export interface AtomicForm {
  /** The location, as written. */
  x: SNode;
  kind: 'read' | 'write' | 'update' | 'compare';
  /** read: the variable read into; capture: the variable captured into. */
  v?: SNode;
  /** capture: `v` gets the value after the update (else before it). */
  after?: boolean;
  /** update: the operator and its other operand (`x++`: `+`, `1`); `reversed`: `x = e op x`. */
  op?: string;
  e?: string;
  reversed?: boolean;
  /** compare: `x = (x cmp e) ? d : x`. */
  cmp?: '<' | '>' | '==';
  d?: string;
}

/** Expressions that designate a location (C11 6.3.2.1's lvalues, as atomic statements write them). */
const LOCATIONS = new Set(['identifier', 'subscript_expression', 'field_expression', 'pointer_expression']);
const UPDATE_OPS = new Set(['+', '*', '-', '/', '&', '^', '|', '<<', '>>', '&&', '||']);

class Reader {
  constructor(private readonly text: string) {}
  src(n: SNode): string {
    return this.text.slice(n.start, n.end);
  }
  same(a: SNode | undefined, b: SNode | undefined): boolean {
    return !!a && !!b && this.src(a).replace(/\s+/g, '') === this.src(b).replace(/\s+/g, '');
  }
  operator(n: SNode): string {
    const l = child(n, 'left') ?? child(n, 'argument');
    const r = child(n, 'right');
    if (n.type === 'update_expression') return this.src(n).replace(this.src(l!), '').trim();
    return this.text.slice(l!.end, r!.start).trim();
  }
  private unparen(n: SNode | undefined): SNode | undefined {
    while (n?.type === 'parenthesized_expression') n = named(n)[0];
    return n;
  }

  /** An expression statement, or its expression. */
  expression(s: SNode): SNode | undefined {
    if (s.type !== 'expression_statement') return undefined;
    return named(s).filter(k => k.type !== 'comment')[0];
  }

  /** `x++`, `x op= e`, `x = x op e`, `x = e op x` (and the decrements) as an update of x. */
  update(n: SNode | undefined): AtomicForm | undefined {
    n = this.unparen(n);
    if (!n) return undefined;
    if (n.type === 'update_expression') {
      const x = child(n, 'argument')!;
      const op = this.operator(n) === '++' ? '+' : '-';
      return { x, kind: 'update', op, e: '1', after: this.src(n).trim().startsWith(op) };
    }
    if (n.type !== 'assignment_expression') return undefined;
    const x = child(n, 'left')!;
    const right = child(n, 'right')!;
    const op = this.operator(n);
    if (op !== '=' && UPDATE_OPS.has(op.slice(0, -1)))
      return { x, kind: 'update', op: op.slice(0, -1), e: this.src(right), after: true };
    const r = this.unparen(right);
    if (op !== '=' || r?.type !== 'binary_expression') return undefined;
    const bop = this.operator(r);
    if (!UPDATE_OPS.has(bop)) return undefined;
    const [a, b] = [child(r, 'left')!, child(r, 'right')!];
    if (this.same(a, x)) return { x, kind: 'update', op: bop, e: this.src(b), after: true };
    if (this.same(b, x)) return { x, kind: 'update', op: bop, e: this.src(a), reversed: true, after: true };
    return undefined;
  }

  /** `x = x cmp e ? e : x`, `x = e cmp x ? e : x`, `x = x == e ? d : x`, and the same as `if`. */
  compare(n: SNode | undefined): AtomicForm | undefined {
    n = this.unparen(n);
    if (!n) return undefined;
    let cond: SNode | undefined, x: SNode | undefined, d: SNode | undefined;
    if (n.type === 'if_statement') {
      if (child(n, 'alternative')) return undefined;
      let then = child(n, 'consequence');
      if (then?.type === 'compound_statement') {
        const inner = named(then).filter(k => k.type !== 'comment');
        then = inner.length === 1 ? inner[0] : undefined;
      }
      const a = this.unparen(then && this.expression(then));
      if (a?.type !== 'assignment_expression' || this.operator(a) !== '=') return undefined;
      cond = this.unparen(child(n, 'condition'));
      x = child(a, 'left');
      d = child(a, 'right');
    } else if (n.type === 'assignment_expression' && this.operator(n) === '=') {
      const r = this.unparen(child(n, 'right'));
      if (r?.type !== 'conditional_expression' || !this.same(child(r, 'alternative'), child(n, 'left')))
        return undefined;
      cond = this.unparen(child(r, 'condition'));
      x = child(n, 'left');
      d = child(r, 'consequence');
    }
    if (!cond || !x || !d || cond.type !== 'binary_expression') return undefined;
    const op = this.operator(cond);
    const [a, b] = [child(cond, 'left')!, child(cond, 'right')!];
    const flip: Record<string, '<' | '>' | '=='> = { '<': '>', '>': '<', '==': '==' };
    let cmp: '<' | '>' | '==' | undefined, e: SNode | undefined;
    if (this.same(a, x) && flip[op]) (cmp = op as '<' | '>' | '=='), (e = b);
    else if (this.same(b, x) && flip[op]) (cmp = flip[op]), (e = a);
    // An ordering compare assigns the value it compares with (a minimum or a maximum).
    if (!cmp || !e || (cmp !== '==' && !this.same(e, d))) return undefined;
    return { x, kind: 'compare', cmp, e: this.src(e), d: this.src(d) };
  }

  /** `v = <update>` (capture in one statement). */
  capture(n: SNode | undefined): AtomicForm | undefined {
    n = this.unparen(n);
    if (n?.type !== 'assignment_expression' || this.operator(n) !== '=') return undefined;
    const u = this.update(child(n, 'right'));
    return u && { ...u, v: child(n, 'left') };
  }

  /** `v = e`: the assignment's sides (a read when e is a location, a write of v otherwise). */
  assignment(n: SNode | undefined): { v: SNode; x: SNode } | undefined {
    n = this.unparen(n);
    if (n?.type !== 'assignment_expression' || this.operator(n) !== '=') return undefined;
    return { v: child(n, 'left')!, x: this.unparen(child(n, 'right'))! };
  }

  /** `v = x` where x is a location. */
  read(n: SNode | undefined): { v: SNode; x: SNode } | undefined {
    const a = this.assignment(n);
    return a && LOCATIONS.has(a.x.type) ? a : undefined;
  }
}

/** An expression statement read as an update of a location (`x++`, `x op= e`, `x = x op e`). */
export function updateForm(text: string, statement: SNode): AtomicForm | undefined {
  const r = new Reader(text);
  return r.update(r.expression(statement));
}

/** The atomic statement read as one of the forms its clauses allow, or undefined. */
export function atomicForm(text: string, c: Construct, statement: SNode): AtomicForm | undefined {
  const r = new Reader(text);
  const has = (name: string) => c.clauses.some(cl => cl.name === name);
  const expr = r.expression(statement);
  if (has('read')) {
    const rd = r.read(expr);
    return rd && { kind: 'read', x: rd.x, v: rd.v };
  }
  if (has('write')) {
    const w = r.assignment(expr);
    return w && { kind: 'write', x: w.v, e: r.src(w.x) };
  }
  const compare = has('compare');
  if (!has('capture')) return compare ? (r.compare(expr ?? statement)) : r.update(expr);
  // capture: `v = x++`, or a block of a read of x and an update (or write, or compare) of x.
  if (expr) return compare ? undefined : r.capture(expr);
  if (statement.type !== 'compound_statement') return undefined;
  const parts = named(statement).filter(k => k.type !== 'comment');
  if (parts.length !== 2) return undefined;
  const change = (s: SNode) => {
    const e = r.expression(s);
    const u = compare ? r.compare(e ?? s) : r.update(e);
    if (u) return u;
    const w = compare ? undefined : r.assignment(e);
    return w && ({ kind: 'write', x: w.v, e: r.src(w.x) } as AtomicForm);
  };
  for (const [first, second, after] of [[parts[0], parts[1], false], [parts[1], parts[0], true]] as const) {
    const rd = r.read(r.expression(first));
    const u = change(second);
    if (rd && u && r.same(rd.x, u.x) && !r.same(rd.v, u.x)) return { ...u, v: rd.v, after };
  }
  return undefined;
}
