// A spawned call's pointer argument written through by its parent before the join (or a variable whose
// address it received, written by its parent): the child may read
// the new value. A Cilk child starts before its parent goes on, so such a program usually reads the
// old one (the OpenCilk tutorial's nqueens writes the board it handed to the child, in the next
// iteration); an OpenMP task starts later, so its translation reads the new one every time.

import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { within } from '../base/span';
import type { Construct, ItemModel } from './constructs';
import { variableOf, variablesIn, type Reference, type Variable } from './scopes';
import { pendingSpawns } from './exits';

export interface ArgumentWrite {
  /** The call spawn still running. */
  spawn: Construct;
  /** Its argument: a pointer or an array named by itself (`f(b)`, not `f(b + i)`), or a variable's address (`f(&x)`). */
  variable: Variable;
  address: boolean;
  /** The parent's write through it (`b[j] = i`, `*b = 0`, `b->n++`), or to the variable (`x = 1`): the l-value. */
  lvalue: SNode;
}

/** Where the parent writes what a running spawn of `dialect` received: through a pointer or an array
 * passed by name, or into a variable whose address it passed. */
export function argumentWrites(model: ItemModel, dialect: 'metafork' | 'cilkplus'): ArgumentWrite[] {
  const handed = new Map<Construct, { variable: Variable; address: boolean }[]>();
  for (const c of model.constructs) {
    if (c.dialect !== dialect || c.kind !== 'spawn' || !c.call) continue;
    const args = child(c.call, 'arguments');
    const held: { variable: Variable; address: boolean }[] = [];
    for (const a of args ? named(args) : []) {
      if (a.type === 'identifier') {
        const v = variableOf(model.scopes, a);
        if (v && (v.shape === 'pointer' || v.shape === 'array')) held.push({ variable: v, address: false });
      } else if (a.type === 'pointer_expression' && model.text[a.start] === '&') {
        const target = child(a, 'argument');
        // A scalar's address (a pointer's or an array's, as the CilkPlus outlining passes shared ones,
        // leads to elements, which each child may own one of).
        const v = target?.type === 'identifier' ? variableOf(model.scopes, target) : undefined;
        if (v && v.shape === 'value') held.push({ variable: v, address: true });
      }
    }
    if (held.length) handed.set(c, held);
  }
  if (!handed.size) return [];
  const all = new Set([...handed.values()].flatMap(list => list.map(h => h.variable)));
  const writes = model.scopes.references.filter(r => r.variable && all.has(r.variable) && r.access !== 'read');
  if (!writes.length) return [];
  /** A write that reaches what was handed over: through the pointer, or to the variable whose address went. */
  const reaches = (w: Reference, address: boolean) => address || w.through === 'subscript' || w.through === 'deref';
  const out: ArgumentWrite[] = [];
  const seen = new Set<string>();
  // What a running spawn holds, until the parent points the pointer elsewhere (`p = malloc(...)`) or
  // runs the declaration again (a variable of the loop's body): its writes then go elsewhere.
  const held = (spawn: Construct) => (handed.get(spawn) ?? []).map(h => ({ spawn, ...h }));
  const repoints = (statement: SNode, { variable, address }: { variable: Variable; address: boolean }) =>
    (within(variable.span, statement) && statement.type === 'declaration') ||
    (!address && model.scopes.references.some(
      r => r.variable === variable && r.through === null && r.access !== 'read' && within(r.span, statement),
    ));
  pendingSpawns(model, dialect, held, (statement, pending) => {
    for (const { spawn, variable, address } of pending) {
      for (const w of writes) {
        if (w.variable !== variable || !reaches(w, address) || !within(w.span, statement)) continue;
        const key = `${spawn.start}:${w.span.start}`;
        if (seen.has(key)) continue;
        const lvalue = lvalueOf(w);
        if (!address && slotOfIteration(model, lvalue, spawn)) continue;
        seen.add(key);
        out.push({ spawn, variable, address, lvalue });
      }
    }
  }, repoints);
  return out.sort((a, b) => a.lvalue.start - b.lvalue.start || a.spawn.start - b.spawn.start);
}

/**
 * Whether the element `w` writes is picked by a variable that a loop around both the spawn and the
 * write steps (`count[i] = 0` before `spawn f(count, i)`): each iteration's write then goes to its own
 * slot, the pattern of children that each own one; what a child reads of the others is not seen here.
 */
function slotOfIteration(model: ItemModel, lvalue: SNode, spawn: Construct): boolean {
  const index: Variable[] = [];
  walk(lvalue, n => {
    const i = n.type === 'subscript_expression' ? child(n, 'index') ?? named(n).find(c => c.field !== 'argument') : undefined;
    if (i) index.push(...variablesIn(model.scopes, i, model.text));
    return true;
  });
  if (!index.length) return false;
  for (let p = lvalue.parent; p; p = p.parent) {
    if (p.type !== 'for_statement' || !within(spawn, p)) continue;
    const body = child(p, 'body');
    const header = { start: p.start, end: body ? body.start : p.end };
    if (model.scopes.references.some(r => r.variable && index.includes(r.variable) && r.access !== 'read' && within(r.span, header)))
      return true;
  }
  return false;
}

/** The l-value a write through `r` stores into: `r`'s identifier climbed through subscripts, fields, derefs. */
function lvalueOf(r: Reference): SNode {
  let node = r.node;
  for (let p = node.parent; p; p = node.parent) {
    if (p.type === 'assignment_expression' || p.type === 'update_expression') break;
    node = p;
  }
  return node;
}

/** "the spawned call 'f(n, b)' receives 'b', and the parent writes 'b[j]' here before that spawn is joined" */
export function describeWrite(w: ArgumentWrite, text: string): string {
  const call = w.spawn.call!;
  const shown = call.end - call.start > 60 ? `${text.slice(call.start, call.start + 57)}...` : text.slice(call.start, call.end);
  return `the spawned call '${shown}' receives '${w.address ? '&' : ''}${w.variable.name}', and the parent writes '${text.slice(w.lvalue.start, w.lvalue.end)}' here before that spawn is joined`;
}
