// What every translator shares: edit collection with rendering of a span (so an outer
// construct can take its body with the inner constructs already translated, as the thesis's
// translators do, digest 003 §2.3), layout helpers that keep the user's indentation, the
// declarations translators print for variables, and the refusal diagnostics.

import { diagnostic, MfDiagnostic } from '../analysis/diagnostic';
import type { Code } from '../analysis/codes';
import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import { applyEdits, TextEdit } from '../syntax/edits';
import { afterIncludes, includeLines } from '../syntax/includes';
import type { Span } from '../syntax/keywords';
import { declaratorInfo, Variable } from '../model/scopes';

import type { Dialect } from '../model/constructs';
export type { Dialect };
export const DIALECTS: readonly Dialect[] = ['metafork', 'openmp', 'cilkplus'];

/** The edits and findings of one translation stage over one text. */
export class Stage {
  readonly edits: TextEdit[] = [];
  readonly diagnostics: MfDiagnostic[] = [];
  /** Includes the output needs (`<string.h>` for memcpy, ...). */
  readonly includes = new Set<string>();

  /** `partial`: only some constructs are translated (a quick fix), so the rest of the file
   * still needs what the source dialect needs (its headers). */
  constructor(readonly text: string, readonly partial = false) {}

  edit(e: TextEdit): void { this.edits.push(e); }

  /**
   * The text of `span` with the edits inside it applied; those edits are consumed (an outer
   * construct renders its body first, then adds its own edits around it).
   */
  render(span: Span): string {
    const inside: TextEdit[] = [];
    for (let i = this.edits.length - 1; i >= 0; i--) {
      const e = this.edits[i];
      if (e.start >= span.start && e.end <= span.end) {
        inside.unshift(e);
        this.edits.splice(i, 1);
      }
    }
    const shifted = inside.map(e => ({ start: e.start - span.start, end: e.end - span.start, newText: e.newText }));
    return applyEdits(this.text.slice(span.start, span.end), shifted);
  }

  refuse(code: Code, span: Span, message: string, data?: Record<string, unknown>): void {
    this.diagnostics.push(diagnostic(code, span, message, data));
  }

  note(span: Span, message: string): void {
    this.diagnostics.push(diagnostic('MF604', span, message));
  }

  get failed(): boolean { return this.diagnostics.some(d => d.severity === 'error'); }
}

// ---------------------------------------------------------------------------------------
// Layout

/** The blanks at the start of the line holding `offset`. */
export function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = start;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  return text.slice(start, end);
}

/** True when only blanks precede `offset` on its line. */
export function atLineStart(text: string, offset: number): boolean {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*$/.test(text.slice(start, offset));
}

/** True when only blanks (or a line comment) follow `offset` on its line. */
export function atLineEnd(text: string, offset: number): boolean {
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  return /^[ \t]*(\/\/.*|\/\*.*\*\/[ \t]*)?\r?$/.test(text.slice(offset, end));
}

/** The file's indentation unit, guessed from its indented lines (4 spaces when unsure). */
export function indentUnit(text: string): string {
  if (lastUnit.text !== text) lastUnit = { text, unit: guessIndentUnit(text) };
  return lastUnit.unit;
}

/** Translators ask once per construct; the text of a stage is the same each time. */
let lastUnit = { text: '', unit: '    ' };

function guessIndentUnit(text: string): string {
  const counts = new Map<number, number>();
  let tabs = 0;
  // ` * ...` continuation lines of block comments say nothing about the code's indentation.
  for (const m of text.matchAll(/^([ \t]+)[^\s*]/gm)) {
    if (m[1].startsWith('\t')) { tabs++; continue; }
    counts.set(m[1].length, (counts.get(m[1].length) ?? 0) + 1);
  }
  const spaced = [...counts.values()].reduce((a, b) => a + b, 0);
  if (tabs > spaced) return '\t';
  const smallest = [...counts.keys()].filter(n => n > 0 && (counts.get(n) ?? 0) > 0).sort((a, b) => a - b)[0];
  return ' '.repeat(smallest && smallest <= 8 ? smallest : 4);
}

/** Statements whose parent is a block can take a directive line in front; others need braces. */
export function inBlock(statement: SNode): boolean {
  const p = statement.parent;
  return !p || p.type === 'compound_statement' || p.type === 'translation_unit' || p.type === 'case_statement' && statement.field !== 'value';
}

/**
 * Text that puts `lines` (directives or statements, one per line) in front of the statement
 * starting at `at`, keeping the statement's indentation. Returns the insertion for `at`.
 */
export function linesBefore(text: string, at: number, lines: string[]): string {
  const indent = lineIndent(text, at);
  if (atLineStart(text, at)) return lines.map(l => `${l}\n${indent}`).join('');
  return '\n' + lines.map(l => `${indent}${l}\n`).join('') + indent;
}

/** `statement` on its own line before the closing brace of `block` (an insertion: offset and text). */
export function beforeClosingBrace(text: string, block: SNode, statement: string): [number, string] {
  const brace = block.end - 1;
  if (!atLineStart(text, brace)) return [brace, ` ${statement} `];
  const lineStart = text.lastIndexOf('\n', brace - 1) + 1;
  // Indent like the block's statements (its first one on a line of its own): one level more than the brace.
  const braceIndent = lineIndent(text, brace);
  const first = named(block).find(s => atLineStart(text, s.start));
  const inner = first ? lineIndent(text, first.start) : '';
  const indent = inner.length > braceIndent.length ? inner : braceIndent + indentUnit(text);
  return [lineStart, `${indent}${statement}\n`];
}

/** Moves a block of text from one indentation to another (its first line is left alone). */
export function reindent(block: string, from: string, to: string): string {
  return block.split('\n').map((line, i) => {
    if (i === 0 || line.trim() === '') return i === 0 ? line : line.trimEnd();
    return line.startsWith(from) ? to + line.slice(from.length) : to + line.replace(/^[ \t]*/, '');
  }).join('\n');
}

/** The whole lines spanned by `span` (from the line start to after its newline). */
export function wholeLines(text: string, span: Span): Span {
  const start = text.lastIndexOf('\n', span.start - 1) + 1;
  let end = text.indexOf('\n', span.end);
  end = end < 0 ? text.length : end + 1;
  return { start, end };
}

// ---------------------------------------------------------------------------------------
// Declarations printed for variables

/** The declarator node of `v` inside its declaration. */
function declaratorOf(v: Variable): SNode | undefined {
  const decl = v.declaration;
  const candidates = decl.type === 'parameter_declaration' || decl.type === 'optional_parameter_declaration'
    ? [child(decl, 'declarator')] : decl.children.filter(c => c.field === 'declarator');
  for (const d of candidates) {
    if (!d) continue;
    const info = declaratorInfo(d);
    if (info && info.id.start === v.span.start) return d.type === 'init_declarator' ? child(d, 'declarator') : d;
  }
  return undefined;
}

/** `const unsigned long` etc.: the declaration's type with its qualifiers, without storage class. */
export function typeSpecifiers(v: Variable, text: string): string {
  const parts: string[] = [];
  for (const c of v.declaration.children) {
    if (c.field === 'declarator' || c.field === 'default_value') break;
    if (c.type === 'storage_class_specifier' || c.type === 'attribute_specifier' || c.type === 'ms_declspec_modifier') continue;
    if (c.type === 'comment') continue;
    parts.push(text.slice(c.start, c.end));
  }
  return parts.join(' ');
}

/**
 * A declaration of `v` under the name `name`, written with the user's own declarator:
 * `int x[10]`, `double *p`. `pointer` declares a pointer to v's type instead: `int (*x)[10]`.
 * Types that cannot be restated (anonymous structs, array parameters) fall back to `__typeof__`.
 */
export function declarationFor(v: Variable, text: string, name: string, pointer = false): string {
  const d = declaratorOf(v);
  const type = typeSpecifiers(v, text);
  if (!d || /[{}]/.test(type)) return pointer ? `__typeof__(${v.name}) *${name}` : `__typeof__(${v.name}) ${name}`;
  const named = pointer ? `(*${name})` : name;
  // An array parameter is a pointer (C11 6.7.6.3p7): `double a[]` is restated `double (*a)`.
  const decayed = parameterArray(v, d);
  const declarator = decayed
    ? text.slice(d.start, decayed.start) + `(*${named})` + text.slice(decayed.end, d.end)
    : text.slice(d.start, v.span.start) + named + text.slice(v.span.end, d.end);
  return `${type} ${declarator}`;
}

/** The array declarator of a parameter declared as an array (`a[]` in `int a[][10]`), which C reads as a pointer. */
function parameterArray(v: Variable, d: SNode): SNode | undefined {
  if (v.storage !== 'param') return undefined;
  const bare = (n: SNode | undefined) => { while (n && n.type === 'parenthesized_declarator') n = named(n)[0]; return n; };
  for (let n = bare(d); n; n = bare(child(n, 'declarator'))) {
    const inner = n.type === 'array_declarator' ? bare(child(n, 'declarator')) : undefined;
    if (inner && inner.type === 'identifier' && inner.start === v.span.start) return n;
  }
  return undefined;
}

/**
 * True when the sizes in `v`'s type, restated by `declarationFor`, read variables (`int v[n]`,
 * `double (*p)[m]`; `isVariable` tells a variable's name from a macro or an enumerator): in C
 * the type is variably modified, and neither C nor C++ can restate it at file scope or in a
 * struct (C11 6.7.2.1p9, 6.7.6.2p2; in C++ the variable is not visible there).
 */
export function sizeReadsVariables(v: Variable, isVariable: (name: string, at: number) => boolean, text: string): boolean {
  const d = declaratorOf(v);
  if (!d) return false;
  const decayed = parameterArray(v, d);
  let found = false;
  walk(d, n => {
    if (found || (decayed && n === child(decayed, 'size'))) return false;
    if (n.type === 'identifier' && n.start !== v.span.start && isVariable(text.slice(n.start, n.end), n.start)) found = true;
    return !found;
  });
  return found;
}

/** Variables of the parent function (not globals, file-scope or static ones). */
export function isFunctionLocal(v: Variable): boolean {
  return (v.storage === 'local' || v.storage === 'param') && !v.isStatic;
}

/** MetaFork's own rule for a non-local variable at a spawn: shared or a private copy (digest 003 §1.6). */
export function sharedAtSpawn(v: Variable): boolean {
  return !isFunctionLocal(v) || v.isConst || v.shape !== 'value';
}

/** An expression as an operand of generated arithmetic: parenthesized unless it is a name or a literal. */
export function atom(e: string): string {
  return /^[\w.]+$/.test(e.trim()) ? e.trim() : `(${e.trim()})`;
}

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

/** Adds `#include <header>` after the file's last top-of-file include (or at the start). */
export function includeEdit(text: string, header: string): TextEdit | undefined {
  if (includeLines(text).some(l => l.system && l.header === header && !l.conditional)) return undefined;
  const at = afterIncludes(text);
  const line = `#include <${header}>\n`;
  if (at > 0 && !text.slice(0, at).endsWith('\n')) return { start: at, end: at, newText: '\n' + line };
  return { start: at, end: at, newText: line };
}

/**
 * Puts a directive line (or lines: declarations the directive needs, then the directive) in
 * front of a statement. A statement that is the body of an if/else/loop gets braces, because a
 * directive cannot stand there on its own.
 */
export function directiveBefore(stage: Stage, statement: SNode, directive: string | string[], replaceUpTo = statement.start, from = statement.start): void {
  const text = stage.text;
  const lines = typeof directive === 'string' ? [directive] : directive;
  if (inBlock(statement)) {
    stage.edit({ start: from, end: replaceUpTo, newText: linesBefore(text, from, lines) });
    return;
  }
  const indent = lineIndent(text, statement.start);
  const unit = indentUnit(text);
  stage.edit({ start: from, end: replaceUpTo, newText: `{\n${lines.map(l => `${indent}${unit}${l}\n`).join('')}${indent}${unit}` });
  stage.edit({ start: statement.end, end: statement.end, newText: `\n${indent}}` });
}
