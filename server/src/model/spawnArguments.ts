// A spawned call's pointer argument written through by its parent before the join: the child may read
// the new value. A Cilk child starts before its parent goes on, so such a program usually reads the
// old one (the OpenCilk tutorial's nqueens writes the board it handed to the child, in the next
// iteration); an OpenMP task starts later, so its translation reads the new one every time.

import { child, named } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { within } from '../base/span';
import type { Construct, ItemModel } from './constructs';
import type { Reference, Variable } from './scopes';
import { pendingSpawns } from './exits';

export interface ArgumentWrite {
  /** The call spawn still running. */
  spawn: Construct;
  /** Its argument, a pointer or an array, named by itself (`f(b)`, not `f(b + i)`). */
  variable: Variable;
  /** The parent's write through it (`b[j] = i`, `*b = 0`, `b->n++`): the l-value. */
  lvalue: SNode;
}

/** Where the parent writes through a pointer or array a running spawn of `dialect` received. */
export function argumentWrites(model: ItemModel, dialect: 'metafork' | 'cilkplus'): ArgumentWrite[] {
  const handed = new Map<Construct, Set<Variable>>();
  for (const c of model.constructs) {
    if (c.dialect !== dialect || c.kind !== 'spawn' || !c.call) continue;
    const args = child(c.call, 'arguments');
    const vars = new Set<Variable>();
    for (const a of args ? named(args) : []) {
      const v = a.type === 'identifier' ? model.scopes.references.find(r => r.span.start === a.start)?.variable : undefined;
      if (v && (v.shape === 'pointer' || v.shape === 'array')) vars.add(v);
    }
    if (vars.size) handed.set(c, vars);
  }
  if (!handed.size) return [];
  const all = new Set([...handed.values()].flatMap(s => [...s]));
  const writes = model.scopes.references.filter(
    r => r.variable && all.has(r.variable) && r.access !== 'read' && (r.through === 'subscript' || r.through === 'deref'),
  );
  if (!writes.length) return [];
  const out: ArgumentWrite[] = [];
  const seen = new Set<string>();
  // What a running spawn holds: each pointer it received, until the parent points the variable
  // elsewhere (`p = malloc(...)`, a declaration run again): its writes then go elsewhere too.
  const held = (spawn: Construct) => [...handed.get(spawn) ?? []].map(variable => ({ spawn, variable }));
  const repoints = (statement: SNode, { variable }: { variable: Variable }) =>
    (within(variable.span, statement) && statement.type === 'declaration') ||
    model.scopes.references.some(
      r => r.variable === variable && r.through === null && r.access !== 'read' && within(r.span, statement),
    );
  pendingSpawns(model, dialect, held, (statement, pending) => {
    for (const { spawn, variable } of pending) {
      for (const w of writes) {
        if (w.variable !== variable || !within(w.span, statement)) continue;
        const key = `${spawn.start}:${w.span.start}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ spawn, variable, lvalue: lvalueOf(w) });
      }
    }
  }, repoints);
  return out.sort((a, b) => a.lvalue.start - b.lvalue.start || a.spawn.start - b.spawn.start);
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
  return `the spawned call '${shown}' receives '${w.variable.name}', and the parent writes '${text.slice(w.lvalue.start, w.lvalue.end)}' here before that spawn is joined`;
}
