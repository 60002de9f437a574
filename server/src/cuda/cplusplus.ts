// nvcc compiles a .cu file as C++: the C the user wrote around the schedules must
// become valid C++ where the two languages differ. Today: the `void *` that malloc and friends
// return converts implicitly to any pointer in C only, so the allocation gets a cast; C's
// `restrict` is no C++ keyword, so it becomes `__restrict__` (which nvcc and g++ read alike), or
// goes where C++ has no place for it; and C99's variably modified parameters (`long a[n]`,
// `long b[n][m]`) do not exist in C++.

import { child, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { DocumentModel } from '../model/document';
import type { TextEdit } from '../base/edits';
import type { ItemModel } from '../model/constructs';
import { variableOf, variablesIn } from '../model/scopes';
import { declarationFor } from '../model/declarations';
import { indentUnit } from '../base/layout';

const ALLOCATORS = new Set(['malloc', 'calloc', 'realloc', 'aligned_alloc']);

export function cplusplusEdits(doc: DocumentModel): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const model of doc.allItems()) {
    const text = model.text;
    const parameters = variableParameterEdits(model);
    edits.push(...parameters);
    walk(model.item, n => {
      // A restrict inside a parameter rewritten whole is the rewrite's to keep or drop.
      if (
        n.type === 'type_qualifier' &&
        text.slice(n.start, n.end) === 'restrict' &&
        !parameters.some(e => e.start <= n.start && n.end <= e.end)
      ) {
        // Inside an array parameter's brackets (`c[restrict n]`) C++ has no place for it: a hint only, dropped.
        const inBrackets = n.parent?.type === 'array_declarator';
        let end = n.end;
        if (inBrackets) while (text[end] === ' ' || text[end] === '\t') end++;
        edits.push({ start: n.start, end, newText: inBrackets ? '' : '__restrict__' });
      }
      if (n.type !== 'call_expression') return true;
      const f = child(n, 'function');
      if (!f || f.type !== 'identifier' || !ALLOCATORS.has(text.slice(f.start, f.end))) return true;
      let use: SNode = n;
      while (use.parent?.type === 'parenthesized_expression') use = use.parent;
      const p = use.parent;
      // The variable the allocation initializes or is assigned to.
      const target =
        p?.type === 'init_declarator' && child(p, 'value') === use
          ? child(p, 'declarator')
          : p?.type === 'assignment_expression' &&
              child(p, 'right') === use &&
              text.slice(child(p, 'left')!.end, use.start).trim() === '='
            ? child(p, 'left')
            : undefined;
      if (!target) return true;
      const v = model.scopes.variables.find(x => target.start <= x.span.start && x.span.end <= target.end)
        ?? variableOf(model.scopes, target);
      if (!v || v.shape !== 'pointer') return true;
      edits.push({ start: use.start, end: use.start, newText: `(${declarationFor(v, text, '').trim()}) ` });
      return true;
    });
  }
  return edits;
}

/**
 * Array parameters whose extents name variables (`long a[4 * n + 64]`, `long b[n][m]`). The
 * outer extent is a pointer in C anyway: `long (*a)`, `long (*b)[8]`. An inner extent naming a
 * variable has no C++ parameter type: the parameter becomes `void *mf_b` and the pointer to rows
 * is declared first in the body (g++ and nvcc accept variably modified local types).
 */
function variableParameterEdits(model: ItemModel): TextEdit[] {
  const text = model.text, edits: TextEdit[] = [];
  const fn = model.item;
  if (fn.type !== 'function_definition') return edits;
  let declarator = child(fn, 'declarator');
  while (declarator && declarator.type !== 'function_declarator') declarator = child(declarator, 'declarator');
  const parameters = declarator && child(declarator, 'parameters');
  const body = child(fn, 'body');
  if (!parameters || !body) return edits;
  const variable = (size: SNode | undefined) => !!size && variablesIn(model.scopes, size, text).length > 0;
  for (const p of parameters.children) {
    if (p.type !== 'parameter_declaration') continue;
    const outer = child(p, 'declarator');
    const chain: SNode[] = [];
    for (let d = outer; d?.type === 'array_declarator'; d = child(d, 'declarator')) chain.push(d);
    const first = chain[chain.length - 1];
    const id = first && child(first, 'declarator');
    if (!outer || !first || id?.type !== 'identifier' || !chain.some(d => variable(child(d, 'size')))) continue;
    const name = text.slice(id.start, id.end), rows = text.slice(first.end, outer.end);
    if (!chain.slice(0, -1).some(d => variable(child(d, 'size')))) {
      // `c[restrict n]`: the qualifier of the pointer the parameter is.
      const restrict = first.children.some(
        k => k.type === 'type_qualifier' && text.slice(k.start, k.end) === 'restrict',
      );
      edits.push({ start: id.start, end: first.end, newText: `(*${restrict ? '__restrict__ ' : ''}${name})` });
      continue;
    }
    const type = text.slice(p.start, outer.start).trim();
    edits.push({ start: p.start, end: p.end, newText: `${/\bconst\b/.test(type) ? 'const ' : ''}void *mf_${name}` });
    edits.push({
      start: body.start + 1,
      end: body.start + 1,
      newText: `\n${indentUnit(model.map.fileText)}${type} (*${name})${rows} = (${type} (*)${rows}) mf_${name};`,
    });
  }
  return edits;
}
