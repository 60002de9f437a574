// What only the translators share: where a directive line can stand in front of a statement,
// the braces a statement needs to take one, the joins a function's exits need, and the printing
// of clauses.

import { named } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { insert, replace } from '../base/edits';
import { atLineStart, directivePlace, lineIndent, linesBefore } from '../base/layout';
import type { Span } from '../base/span';
import type { Stage } from '../base/stage';
import type { ItemModel } from '../model/constructs';
import { unjoinedExits } from '../model/exits';

export const JOIN = 'meta_join;';

/** Statements whose parent is a block can take a directive line in front; others need braces. */
export function inBlock(statement: SNode): boolean {
  const p = statement.parent;
  return (
    !p ||
    p.type === 'compound_statement' ||
    p.type === 'translation_unit' ||
    (p.type === 'case_statement' && statement.field !== 'value')
  );
}

/** `meta_join;` right before a statement (braces added where it is no block's statement). */
export function joinBefore(stage: Stage, statement: SNode): void {
  const text = stage.text;
  if (inBlock(statement)) {
    stage.edit(
      insert(
        statement.start,
        atLineStart(text, statement.start) ? `${JOIN}\n${lineIndent(text, statement.start)}` : `${JOIN} `,
      ),
    );
    return;
  }
  stage.edit(insert(statement.start, `{ ${JOIN} `));
  stage.edit(insert(statement.end, ' }'));
}

/** A `meta_join;` before every return, and at the end of every function, that `dialect`'s spawns
 * can reach unjoined: where CilkPlus syncs implicitly, and where an OpenMP barrier or taskgroup
 * would wait for tasks a function left running (MetaFork's join waits for its own children only). */
export function joinAtExits(stage: Stage, model: ItemModel, dialect: 'cilkplus' | 'metafork'): void {
  for (const exit of unjoinedExits(model, dialect)) {
    if (exit.kind === 'end') stage.edit(insert(...beforeClosingBrace(stage, exit.node, JOIN)));
    else joinBefore(stage, exit.node);
  }
}

/** `statement` on its own line before the closing brace of `block` (an insertion: offset and text). */
export function beforeClosingBrace(stage: Stage, block: SNode, statement: string): [number, string] {
  const text = stage.text;
  const brace = block.end - 1;
  if (!atLineStart(text, brace)) return [brace, ` ${statement} `];
  const lineStart = text.lastIndexOf('\n', brace - 1) + 1;
  // Indent like the block's statements (its first one on a line of its own): one level more than the brace.
  const braceIndent = lineIndent(text, brace);
  const first = named(block).find(s => atLineStart(text, s.start));
  const inner = first ? lineIndent(text, first.start) : '';
  const indent = inner.length > braceIndent.length ? inner : braceIndent + stage.unit;
  return [lineStart, `${indent}${statement}\n`];
}

// ---------------------------------------------------------------------------------------
// Declarations printed for variables

/** `name(a, b)` or '' for an empty list. */
export function clauseText(name: string, items: string[]): string {
  return items.length ? `${name}(${items.join(', ')})` : '';
}

export function joinClauses(...clauses: string[]): string {
  return clauses.filter(Boolean).map(c => ' ' + c).join('');
}

/** Statement inside a compound statement holding just it: `{ f(x); }` -> `f(x);`. */
export function soleStatement(statement: SNode): SNode {
  let s = statement;
  while (s.type === 'compound_statement') {
    const inner = named(s).filter(c => c.type !== 'comment');
    if (inner.length !== 1 || named(s).length !== 1) return s;
    s = inner[0];
  }
  return s;
}

/**
 * Puts a directive line (or lines: declarations the directive needs, then the directive) in
 * front of a statement. A statement that is the body of an if/else/loop gets braces, because a
 * directive cannot stand there on its own.
 */
export function directiveBefore(
  stage: Stage,
  statement: SNode,
  directive: string | string[],
  replaceUpTo = statement.start,
  from = statement.start,
): void {
  const text = stage.text;
  const lines = typeof directive === 'string' ? [directive] : directive;
  if (inBlock(statement)) {
    stage.edit({ start: from, end: replaceUpTo, newText: linesBefore(text, from, lines) });
    return;
  }
  const indent = lineIndent(text, statement.start);
  const unit = stage.unit;
  stage.edit({
    start: from,
    end: replaceUpTo,
    newText: `{\n${lines.map(l => `${indent}${unit}${l}\n`).join('')}${indent}${unit}`,
  });
  stage.edit({ start: statement.end, end: statement.end, newText: `\n${indent}}` });
}

/**
 * The directive line `head` replaced by code (`lines`), at the indentation of the code it stands
 * among (base/layout `directiveIndent`); directives (`#pragma meta ...`) keep the line's own, where
 * they go being the user's style.
 */
export function replaceDirective(stage: Stage, head: Span, lines: string[]): void {
  const text = stage.text;
  const { indent, lead } = lines.every(l => l.startsWith('#'))
    ? { indent: lineIndent(text, head.start), lead: '' }
    : directivePlace(text, head, stage.unit);
  stage.edit(replace(head, lead + lines.join(`\n${indent}`)));
}
