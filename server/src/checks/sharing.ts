// Sharing pitfalls: clause lists naming undeclared variables, block spawns writing a private
// copy whose value is then lost, default(none) and the clause that fits each variable.

import { child, unparen } from '../syntax/ast';
import { Construct, constructLabel, ItemModel } from '../model/constructs';
import { sharingAt, clauseNames, loopControlOf } from '../model/sharing';
import { visibleVariable, type Reference, type Variable } from '../model/scopes';
import { within } from '../base/span';
import type { SNode } from '../syntax/parser';
import { diagnostic, MfDiagnostic } from '../base/diagnostic';
import { opOf } from '../model/loops';
import { enclosingClass } from '../model/binding';
import { bodyOf, isWrite, lineOf, parentUseBeforeJoin } from './protection';

/** Clauses whose items must name variables. */
const VARIABLE_CLAUSES = new Set([
  'shared', 'private', 'firstprivate', 'lastprivate', 'reduction', 'copyin', 'copyprivate', 'linear', 'aligned',
  'cache', 'depend', 'map', 'to', 'from', 'is_device_ptr', 'use_device_ptr', 'in_reduction', 'task_reduction',
  'nontemporal', 'has_device_addr', 'use_device_addr', 'inclusive', 'exclusive',
]);

const DECLARATIVE = /^(begin )?declare /;

/** The reserved locators of OpenMP 5.2: list items no declaration declares. */
const RESERVED_LOCATORS = new Set(['omp_all_memory', 'omp_cur_iteration']);

/** A quoted #include may declare names we do not see: no undeclared-variable errors then. */
const USER_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"/m;

export function clauseVariableDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  let unseenHeaders: boolean | undefined; // computed on the first undeclared name only
  for (const c of model.constructs) {
    // Declarative directives name parameters (`declare simd linear(i)`), functions (`declare
    // target to(f)`) or a mapper's own variable: none is a variable in scope here.
    if (c.directive && DECLARATIVE.test(c.directive.name)) continue;
    for (const clause of c.clauses) {
      if (!VARIABLE_CLAUSES.has(clause.name)) continue;
      for (const item of clause.items) {
        if (RESERVED_LOCATORS.has(item.name)) continue;
        const v = visibleVariable(model, item.name, c.start);
        if (!v) {
          unseenHeaders ??= USER_INCLUDE.test(model.text);
          if (unseenHeaders) continue;
          // In a C++ method, a name no declaration here declares may be a data member of its class
          // (OpenMP 5.2 §5.1: a clause may name one): the compiler, which sees the class, decides.
          const body = c.functionNode && child(c.functionNode, 'body');
          if (body && enclosingClass(body, model.text)) continue;
          out.push(
            diagnostic(
              'MF401',
              item,
              `'${clause.name}(${item.name})' on '${constructLabel(c)}': '${item.name}' is not a declared variable`,
              { variable: item.name, clause: clause.name },
            ),
          );
        } else if (clause.name === 'shared' && c.kind === 'block-spawn' && c.dialect === 'metafork') {
          // Globals are left alone: translators (and OpenMP habits) list them, harmlessly.
          const why =
            v.storage === 'global' || v.storage === 'file'
              ? undefined
              : v.isStatic
                ? 'static'
                : v.isConst
                  ? 'const'
                  : v.shape !== 'value'
                    ? `${v.shape}-typed`
                    : undefined;
          if (why)
            out.push(
              diagnostic('MF404', item, `'${item.name}' is ${why}, so it is shared without 'shared(...)'`, {
                variable: item.name,
              }),
            );
        }
      }
    }
  }
  return out;
}

/** Where to insert ` shared(x)` on a block spawn. */
function sharedInsertion(c: Construct): number {
  return c.form === 'keyword' ? c.head.end : c.directive!.end;
}

export function privateWriteDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const c of model.constructs) {
    if (c.kind !== 'block-spawn' || c.dialect !== 'metafork') continue;
    for (const e of sharingAt(model, c)) {
      if (e.local || e.sharing !== 'firstprivate') continue;
      const write = e.references.find(isWrite);
      if (!write) continue;
      // Only a write the parent could look for is lost: the parent reads the variable later on.
      const fn = c.functionNode;
      const readLater = model.scopes.references.some(
        r => r.variable === e.variable && r.span.start >= c.end && (!fn || r.span.end <= fn.end),
      );
      if (!readLater) continue;
      // Shared, the parent's use before the join would race with the child's write: the fix is not made unasked.
      const early = parentUseBeforeJoin(model, c, e.variable);
      const name = e.variable.name;
      const also = early
        ? `, and move the parent's use of '${name}' on line ${lineOf(model.text, early.span.start)} after the join (shared, it would race with this write)`
        : '';
      out.push(
        diagnostic(
          'MF402',
          write.span,
          `'${name}' is private to this '${constructLabel(c)}' block (a value-type local not listed in shared(...)): the write changes the child's copy and is lost when the block ends; add 'shared(${name})'${also}`,
          { variable: name, insert: ` shared(${name})`, at: sharedInsertion(c), ...(early ? { parentUses: true } : {}) },
        ),
      );
    }
  }
  return out;
}

/**
 * Whether every read of a variable in a loop body follows, in the same iteration, a plain write of it
 * outside any branch of the innermost loop body holding that write (a nested loop's initializer runs
 * once), which holds the read too: `tmp1 = 1.0 / u[i]; tmp2 = tmp1 * tmp1;` in each of NAS BT's inner
 * loops. Then each iteration may have its own.
 */
export function setFirst(refs: readonly Reference[], body: SNode): boolean {
  const sets = refs.flatMap(w => {
    if (w.access !== 'write' || w.through) return [];
    const scope = unbranchedScope(w.node, body);
    // The value is there once the assignment is done (`t = t + 1` reads the old one).
    const assignment = w.node.parent?.type === 'assignment_expression' ? w.node.parent : w.node;
    return scope ? [{ after: assignment.end, scope }] : [];
  });
  return refs.every(r => r.access === 'write' || sets.some(w => w.after <= r.span.start && within(r.span, w.scope)));
}

/** The innermost loop body (or `body`) holding `node`, where no branch of it stands on the way. */
function unbranchedScope(node: SNode, body: SNode): SNode | undefined {
  for (let n: SNode | null = node; n && n !== body; n = n.parent) {
    const p = n.parent;
    if (!p) break;
    if (LOOPS.has(p.type) && n.field === 'body') return n;
    if (p.type === 'for_statement' && n.field === 'initializer') continue;
    if (BRANCHING.has(p.type)) return undefined;
  }
  return body;
}

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement']);

const BRANCHING = new Set([
  'if_statement', 'while_statement', 'do_statement', 'for_statement', 'switch_statement', 'case_statement',
  'conditional_expression', 'binary_expression',
]);

/** The reduction operator of a loop body's references to a variable when every one is a statement
 * updating it by one operator (`s += e;`, `s -= e;`, `s++;`, `p *= e;`, `m |= e;`, `s = s + e;`,
 * `s = e * s;`), or undefined: then a reduction clause would not compute what the loop does. */
export function reductionOperator(model: ItemModel, refs: readonly Reference[]): string | undefined {
  let found: string | undefined;
  const operand = new Set<SNode>(); // the `s` read by `s = s + e`
  for (const r of refs) {
    if (r.through || r.addressTaken || operand.has(r.node)) continue;
    const parent = r.node.parent;
    if (parent?.parent?.type !== 'expression_statement') return undefined;
    let op: string | undefined;
    if (r.access === 'readwrite' && parent.type === 'update_expression')
      op = model.text.slice(parent.start, parent.end).includes('--') ? '-' : '+';
    else if (parent.type === 'assignment_expression' && child(parent, 'left') === r.node) {
      const assigned = opOf(parent, model.text) ?? '';
      if (r.access === 'readwrite') op = /^([+\-*&|^])=$/.exec(assigned)?.[1];
      else if (assigned === '=') {
        // `s = s op e` (`s = e op s` where op commutes), s read nowhere else in it.
        const right = unparen(child(parent, 'right'));
        const binary = right?.type === 'binary_expression' ? opOf(right, model.text) : undefined;
        const own = (n: SNode | undefined) => refs.find(x => x !== r && x.node === unparen(n));
        const read = binary && /^[+\-*&|^]$/.test(binary)
          ? own(child(right!, 'left')) ?? (binary !== '-' ? own(child(right!, 'right')) : undefined)
          : undefined;
        if (read && !refs.some(x => x !== r && x !== read && within(x.span, right!))) {
          operand.add(read.node);
          op = binary;
        }
      }
    }
    if (!op) return undefined;
    // '+' and '-' combine alike (OpenMP's '-' reduction adds the partial results).
    const kind = (o: string) => (o === '-' ? '+' : o);
    if (found !== undefined && kind(found) !== kind(op)) return undefined;
    found ??= op;
  }
  return found;
}

export function defaultNoneDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const c of model.constructs) {
    if (c.kind !== 'omp' || !c.clauses.some(cl => cl.name === 'default' && cl.args?.text.trim() === 'none')) continue;
    const listed = clauseNames(c, 'shared', 'private', 'firstprivate', 'lastprivate', 'reduction', 'linear', 'copyin');
    const privatized = privatizedRegions(model, c);
    for (const e of sharingAt(model, c)) {
      if (e.local || listed.has(e.variable.name) || e.variable.isConst || e.reason.startsWith('loop iteration'))
        continue;
      const loops = privatized.get(e.variable);
      const first = e.references.find(r => !loops?.some(l => within(r.span, l)));
      if (!first) continue;
      const fits = clauseThatFits(model, c, e.references, e.variable.name);
      out.push(
        diagnostic(
          'MF405',
          first.span,
          `'${e.variable.name}' must appear in a data-sharing clause: '${constructLabel(c)}' has default(none)`,
          { variable: e.variable.name, ...(fits ? { fits } : {}) },
        ),
      );
    }
  }
  return out;
}

/**
 * The data-sharing clause that keeps what a variable's uses in `c` compute (MF405's preferred fix):
 * `shared` for one only read; for one written in a parallel loop or region, `private` where every
 * read follows the iteration's (the thread's) own write, the reduction where every use is one
 * reduction's update; `shared` for one only `single`s write and every other use follows; none
 * otherwise (shared would race, private lose a value), nor for a task's.
 */
function clauseThatFits(model: ItemModel, c: Construct, references: readonly Reference[], name: string): string | undefined {
  const body = bodyOf(c);
  if (!body) return undefined;
  const inside = references.filter(r => within(r.span, body));
  if (!inside.some(isWrite)) return `shared(${name})`;
  if (!c.loop && c.directive?.name !== 'parallel') return undefined;
  // A write in a nested construct (`single`, `master`, `critical`) is meant for the other threads too:
  // shared where every write is a `single`'s (its barrier ends it) and every other use comes after it.
  const nested = model.constructs.filter(k => k !== c && k.kind === 'omp' && within(k, body));
  const written = inside.filter(isWrite);
  if (written.some(r => nested.some(k => within(r.span, k)))) {
    const singles = nested.filter(k => k.directive?.name === 'single' && !k.clauses.some(cl => cl.name === 'nowait'));
    const holding = written.map(w => singles.find(k => within(w.span, k)));
    if (holding.some(k => !k)) return undefined;
    const last = Math.max(...holding.map(k => k!.end));
    const afterwards = inside.every(r => holding.some(k => within(r.span, k!)) || r.span.start >= last);
    return afterwards ? `shared(${name})` : undefined;
  }
  const reduction = reductionOperator(model, inside);
  if (reduction) return `reduction(${reduction}: ${name})`;
  return setFirst(inside, body) ? `private(${name})` : undefined;
}

/**
 * Where a variable referenced in `c` is private to a nested construct, so that it needs no clause
 * on `c`'s default(none): the regions of nested `private(x)` clauses, and the loop nests whose
 * iteration variables are predetermined private (OpenMP 5.2 §5.1.1): the loops associated with a
 * worksharing-loop, taskloop
 * or distribute construct (`collapse(n)`/`ordered(n)` of them). Inside such a nest the variable
 * needs no clause on an enclosing default(none); gcc asks for one where the nest is a `simd` or
 * `loop` construct (their variables are lastprivate), so those are left out there, as gcc does;
 * for races every nested loop construct's variables are private.
 */
export function privatizedRegions(
  model: ItemModel,
  c: Construct,
  use: 'default(none)' | 'race' = 'default(none)',
): Map<Variable, SNode[]> {
  const out = new Map<Variable, SNode[]>();
  const add = (v: Variable, span: SNode) => out.set(v, [...(out.get(v) ?? []), span]);
  for (const k of model.constructs) {
    if (!within(k, c)) continue;
    // A nested meta_for or cilk_for: its loop variable is private to it (SPEC §2).
    if (use === 'race' && k !== c && k.kind === 'parallel-for' && k.loop) {
      const v = loopControlOf(model, k);
      if (v) add(v, k.loop);
      continue;
    }
    if (k.kind !== 'omp') continue;
    // `private(x)` on a nested construct: its x is no reference to the enclosing one's.
    const home = k.loop ?? k.region;
    if (k !== c && home)
      for (const item of k.clauses.filter(cl => cl.name === 'private').flatMap(cl => cl.items)) {
        const v = visibleVariable(model, item.name, k.start);
        if (v) add(v, home);
      }
    if (!k.loop) continue;
    const words = k.directive!.name.split(' ');
    if (use === 'default(none)' && k !== c && (words.includes('simd') || words.includes('loop'))) continue;
    for (const loop of associatedLoops(k)) {
      const init = loop.children.find(x => x.field === 'initializer');
      const write = init && model.scopes.references.find(r => within(r.span, init) && r.access === 'write');
      if (write?.variable) add(write.variable, loop);
    }
  }
  return out;
}

/** The loop and the loops perfectly nested in it that `collapse(n)` or `ordered(n)` associate. */
function associatedLoops(k: Construct): SNode[] {
  const count = (name: string) => Number(k.clauses.find(cl => cl.name === name)?.args?.text.trim()) || 1;
  const depth = Math.max(count('collapse'), count('ordered'));
  const loops = [k.loop!];
  while (loops.length < depth) {
    let body = child(loops[loops.length - 1], 'body');
    if (body?.type === 'compound_statement') {
      const inner = body.children.filter(x => x.named && x.type !== 'comment');
      body = inner.length === 1 ? inner[0] : undefined;
    }
    if (body?.type !== 'for_statement') break;
    loops.push(body);
  }
  return loops;
}
