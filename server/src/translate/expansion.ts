// Array expansion in an SPMD region (./spmd): a thread's private array that lives across a
// barrier (a private histogram filled by a work-sharing loop, merged after it) becomes one row per
// thread of an array the threads share, allocated with the region and freed after it. Each loop
// over thread ids that uses it declares, under the array's own name, a pointer to its thread's row,
// so its uses (each one a subscript, where the pointer and the array read the same element) stay
// as written.

import { child } from '../syntax/ast';
import type { ItemModel } from '../model/constructs';
import type { Variable } from '../model/scopes';
import { declarationFor } from '../model/declarations';
import { within } from '../base/span';
import type { Segment } from './barriers';

export interface Expansion {
  variable: Variable;
  rows: string;
  /** A loop over thread ids' pointer to its row. */
  row: string;
}

/** `int local[B];` or `int local[B] = {0};`: its only initializer is zeros, which calloc gives. */
const ZEROS = /^\{\s*0?\s*\}$/;

/**
 * The thread arrays of the region that segments other than their own use, expanded (each later
 * segment using one declares its row); one that cannot be is left to the checks that refuse it.
 */
export function expansions(
  model: ItemModel,
  threadVariables: Variable[],
  segments: Segment[],
  fresh: (name: string) => string,
  tid: string,
): Expansion[] {
  const text = model.text;
  const out: Expansion[] = [];
  for (const v of threadVariables) {
    const home = segments.find(s => s.units.some(u => u.node?.start === v.declaration.start));
    if (!home || home.kind !== 'team' || v.shape !== 'array' || v.isStatic) continue;
    const uses = model.scopes.references.filter(r => r.variable === v && !within(r.span, v.declaration));
    const others = segments.filter(s => s !== home && uses.some(r => s.units.some(u => within(r.span, u.span))));
    if (!others.length || others.some(s => s.kind !== 'team')) continue;
    // Each use reads an element: `local[i]` through a pointer to the row is the same element.
    if (!uses.every(r => r.node.parent?.type === 'subscript_expression' && r.node.field === 'argument')) continue;
    // One declarator, its size known before the region (no variable in it), zeros or no initializer.
    const declarators = v.declaration.children.filter(c => c.field === 'declarator');
    const value = declarators[0]?.type === 'init_declarator' ? child(declarators[0], 'value') : undefined;
    if (declarators.length !== 1 || (value && !ZEROS.test(text.slice(value.start, value.end)))) continue;
    const sized = model.scopes.references.some(r => r.variable && r.variable !== v && within(r.span, v.declaration));
    if (sized) continue;
    const rows = fresh(`mf_${v.name}`);
    const row = `__typeof__(${rows}[0][0]) *${v.name} = ${rows}[${tid}];`;
    out.push({ variable: v, rows, row });
    for (const s of others) s.redeclared.push({ variable: v, text: row });
  }
  return out;
}

/** The shared rows' allocation, with the region. */
export function allocation(e: Expansion, text: string, nthreads: string): string {
  return `${declarationFor(e.variable, text, `(*${e.rows})`)} = calloc(${nthreads}, sizeof *${e.rows});`;
}
