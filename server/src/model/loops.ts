// Loops as the model sees them: the canonical form of a for header (OpenMP 4.5 §2.6; the
// thesis's meta_for, cilk_for), and the spine of a loop nest (a schedule's kernel, a tiled nest).

import { child, named, unparen } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { Span } from '../base/span';
import { declaratorInfo } from './scopes';

export interface LoopHeader {
  /** The control variable's name. */
  variable: string;
  init: SNode;
  /** Initial value expression. */
  lower: SNode;
  condition: SNode;
  operator: string;
  /** The bound the variable is compared with. */
  bound: SNode;
  /** `i < n` rather than `n > i`. */
  variableOnLeft: boolean;
  update: SNode;
  /** The step as written (`1` for ++, the expression for `+= e`), negative steps flagged. */
  step: { text: string; negative: boolean };
}

const RELATIONS = new Set(['<', '<=', '>', '>=', '!=']);
const FLOAT_TYPES = /\b(float|double|long double|_Complex)\b/;

const textOf = (text: string, n: SNode) => text.slice(n.start, n.end);

/** Parses a for statement's header in canonical form, or explains what is not. */
export function canonicalHeader(loop: SNode, text: string): { header?: LoopHeader; problem?: { code: 'MF301' | 'MF302' | 'MF303' | 'MF304'; node: Span; message: string } } {
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
        return { problem: { code: 'MF304', node: type, message: `the control variable '${variable}' has type '${textOf(text, type)}': it must be an integer or a pointer` } };
      }
    }
  } else if (init) {
    const e = unparen(init.type === 'comma_expression' ? undefined : init);
    if (e?.type === 'assignment_expression' && unparen(child(e, 'left'))?.type === 'identifier' && opOf(e, text) === '=') {
      variable = textOf(text, unparen(child(e, 'left'))!);
      lower = child(e, 'right');
    }
  }
  if (!variable || !lower || !init) {
    return { problem: { code: 'MF301', node: init ?? headerNode, message: 'the loop initialization must give its control variable a start value, e.g. \'int i = 0\'' } };
  }
  const c = unparen(cond);
  const op = c?.type === 'binary_expression' ? opOf(c, text) : undefined;
  const left = c && unparen(child(c, 'left'));
  const right = c && unparen(child(c, 'right'));
  const isVar = (n?: SNode) => n?.type === 'identifier' && textOf(text, n) === variable;
  if (!c || !op || !RELATIONS.has(op) || !(isVar(left) || isVar(right))) {
    return { problem: { code: 'MF302', node: cond ?? headerNode, message: `the loop condition must compare '${variable}' with '<', '<=', '>', '>=' or '!=', e.g. '${variable} < n'` } };
  }
  const bound = isVar(left) ? right! : left!;
  const u = unparen(update);
  let step: LoopHeader['step'] | undefined;
  if (u?.type === 'update_expression' && isVar(unparen(named(u)[0]))) {
    step = { text: '1', negative: textOf(text, u).includes('--') };
  } else if (u?.type === 'assignment_expression' && isVar(unparen(child(u, 'left')))) {
    const aop = opOf(u, text);
    const rhs = child(u, 'right')!;
    if (aop === '+=' || aop === '-=') step = { text: textOf(text, rhs), negative: aop === '-=' };
    else if (aop === '=') {
      const r = unparen(rhs);
      const rop = r?.type === 'binary_expression' ? opOf(r, text) : undefined;
      const rl = r && unparen(child(r, 'left'));
      const rr = r && unparen(child(r, 'right'));
      if (r && ((rop === '+' && (isVar(rl) || isVar(rr))) || (rop === '-' && isVar(rl)))) {
        step = { text: textOf(text, isVar(rl) ? rr! : rl!), negative: rop === '-' };
      }
    }
  }
  if (!step || !update) {
    return { problem: { code: 'MF303', node: update ?? headerNode, message: `the loop increment must be '${variable}++', '${variable}--', '${variable} += e', '${variable} -= e' or '${variable} = ${variable} + e'` } };
  }
  return { header: { variable, init, lower, condition: cond!, operator: op, bound, variableOnLeft: isVar(left), update, step } };
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
