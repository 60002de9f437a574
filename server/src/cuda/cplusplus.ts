// nvcc compiles a .cu file as C++ (SPEC §4): the C the user wrote around the schedules must
// become valid C++ where the two languages differ. Today: the `void *` that malloc and friends
// return converts implicitly to any pointer in C only, so the allocation gets a cast; C's
// `restrict` is no C++ keyword, so it becomes `__restrict__` (which nvcc and g++ read alike), or
// goes where C++ has no place for it.

import { child, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { DocumentModel } from '../model/document';
import type { TextEdit } from '../syntax/edits';
import { declarationFor } from '../translate/common';

const ALLOCATORS = new Set(['malloc', 'calloc', 'realloc', 'aligned_alloc']);

export function cplusplusEdits(doc: DocumentModel): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const model of doc.allItems()) {
    const text = model.text;
    walk(model.item, n => {
      if (n.type === 'type_qualifier' && text.slice(n.start, n.end) === 'restrict') {
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
      const target = p?.type === 'init_declarator' && child(p, 'value') === use ? child(p, 'declarator')
        : p?.type === 'assignment_expression' && child(p, 'right') === use && text.slice(child(p, 'left')!.end, use.start).trim() === '=' ? child(p, 'left') : undefined;
      if (!target) return true;
      const v = model.scopes.variables.find(x => target.start <= x.span.start && x.span.end <= target.end)
        ?? model.scopes.references.find(r => r.span.start === target.start && r.span.end === target.end)?.variable;
      if (!v || v.shape !== 'pointer') return true;
      edits.push({ start: use.start, end: use.start, newText: `(${declarationFor(v, text, '').trim()}) ` });
      return true;
    });
  }
  return edits;
}
