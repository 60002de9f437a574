// tree-sitter ERROR and MISSING nodes turned into messages a person understands.

import { walk } from '../syntax/ast';
import { isIdentStart, logicalLineEnd, matchParen, oldStyleBody, readIdent, skipQuoted, skipTrivia } from '../syntax/keywords';
import { C_KEYWORDS } from './names';
import type { SNode } from '../syntax/parser';
import { diagnostic, MfDiagnostic } from '../base/diagnostic';
import type { Span } from '../base/span';

/** Plain names for the node types an error is most often found in. */
const CONTEXT: Record<string, string> = {
  compound_statement: 'block', parameter_list: 'parameter list', argument_list: 'argument list',
  for_statement: 'for loop header', if_statement: 'if statement', while_statement: 'while loop',
  declaration: 'declaration', expression_statement: 'statement', function_definition: 'function definition',
  translation_unit: 'file', initializer_list: 'initializer', field_declaration_list: 'struct body',
  binary_expression: 'expression', call_expression: 'call', subscript_expression: 'subscript',
  parenthesized_expression: 'parenthesized expression', switch_statement: 'switch statement',
  return_statement: 'return statement', do_statement: 'do loop',
};

const MAX_PER_ITEM = 10;

function firstLine(text: string, start: number, end: number): number {
  const nl = text.indexOf('\n', start);
  return nl >= 0 && nl < end ? nl : end;
}

/** Trims a span to its first significant token-ish run for the message. */
function snippet(text: string, start: number, end: number): string {
  const s = text.slice(start, firstLine(text, start, end)).trim();
  return s.length > 30 ? s.slice(0, 27) + '...' : s;
}

/** Words that may stand before a declaration's name without being its type. */
const STORAGE = new Set(['static', 'extern', 'inline', 'register', 'auto', '__inline', '__inline__']);

/**
 * A definition or declaration at the file's top level written without its type, as C89 allowed:
 * `main(int argc, char *argv[]) {` (NPB's setparams), K&R's `main(argc, argv) int argc; ... {` (NAS
 * IS, Rodinia backprop), `extern layer_size;` (backprop's imagenet.c), `static count = 3;`. C99
 * removed the implicit 'int', and the grammar reads each otherwise: a call missing its ';', a type
 * with no declarator, broken pieces.
 */
interface ImplicitInt {
  kind: 'definition' | 'declaration';
  /** Where it starts (its storage class, or its name) and ends (the body's `}`, the `;`). */
  start: number; end: number;
  name: Span;
  /** The end of what a message quotes: the parameter list's `)`, or the name. */
  head: number;
}

/** The top-level definitions and declarations of `text` (an analysed text) that have no type. */
function implicitInts(text: string): ImplicitInt[] {
  const out: ImplicitInt[] = [];
  let depth = 0;
  /** Whether a declaration may start here: the file's start, or after a `;`, a `}` or a directive. */
  let atStart = true;
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') { i++; continue; }
    if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) { i = skipTrivia(text, i); continue; }
    if (c === '#' && /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', i - 1) + 1, i))) {
      i = logicalLineEnd(text, i);
      if (depth === 0) atStart = true;
      continue;
    }
    if (c === '"' || c === "'") { i = skipQuoted(text, i) + 1; atStart = false; continue; }
    if (isIdentStart(text.charCodeAt(i))) {
      const found = depth === 0 && atStart ? implicitIntAt(text, i) : undefined;
      atStart = false;
      if (!found) { i += readIdent(text, i).length; continue; }
      out.push(found);
      i = found.end;
      if (found.kind === 'definition') { i++; atStart = true; } // past the body's `}`; a declaration's `;` is read next
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    atStart = depth === 0 && (c === ';' || c === '}');
    i++;
  }
  return out;
}

function implicitIntAt(text: string, start: number): ImplicitInt | undefined {
  let at = start, word = readIdent(text, at), storage = 0;
  for (; STORAGE.has(word); storage++) {
    at = skipTrivia(text, at + word.length);
    word = readIdent(text, at);
  }
  // A type's word, or one of the names C reserves (`__attribute__`, `_Noreturn`): no implicit int.
  if (!word || C_KEYWORDS.has(word) || /^_[A-Z_]/.test(word)) return undefined;
  const name = { start: at, end: at + word.length };
  const next = skipTrivia(text, name.end);
  if (text[next] === '(') {
    const close = matchParen(text, next, text.length, false);
    if (close < 0) return undefined;
    const after = skipTrivia(text, close);
    const body = text[after] === '{' ? after : oldStyleBody(text, after);
    if (body < 0) return undefined;
    return { kind: 'definition', start, end: endAt(text, body, true), name, head: close };
  }
  if (storage > 0 && (text[next] === ';' || text[next] === '=' || text[next] === ',')) {
    return { kind: 'declaration', start, end: endAt(text, next, false), name, head: name.end };
  }
  return undefined;
}

/** Where what goes on at `i` ends, outside comments and literals: with `block`, the `}` closing the
 * block opened at `i`; otherwise the `;` ending a declaration, outside its initializer's braces (or
 * a `}` closing one around it). The text's end where nothing does. */
function endAt(text: string, i: number, block: boolean): number {
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) i = skipTrivia(text, i) - 1;
    else if (c === '"' || c === "'") i = skipQuoted(text, i);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === (block ? 0 : -1)) return i;
    else if (c === ';' && !block && depth === 0) return i;
  }
  return text.length;
}

function implicitIntDiagnostic(text: string, found: ImplicitInt): MfDiagnostic {
  const { start, name, head } = found;
  const oneLine = (s: string) => s.replace(/[ \t]*\r?\n\s*/g, ' ');
  const written = oneLine(text.slice(start, head));
  const meant = oneLine(`${text.slice(start, name.start)}int ${text.slice(name.start, head)}`);
  const word = text.slice(name.start, name.end);
  const message = found.kind === 'definition'
    ? `'${written}' defines '${word}' without a return type: C99 removed the implicit 'int' ('${meant}')`
    : `'${written}' declares '${word}' without a type: C99 removed the implicit 'int' ('${meant}')`;
  return diagnostic('MF102', name, message, { insert: 'int ', at: name.start });
}

/**
 * `diagnostics` (a C file's, in the order of its text) with the syntax errors (MF101, MF102) of each
 * top-level definition or declaration without a type replaced by one MF102 saying so, with `int ` to
 * insert: those errors are how the grammar misreads it, and they go once the type is there. One is
 * said where a syntax error falls in it or in the top-level node (of `items`) it starts in: the
 * grammar may read the error into an item before it (imagenet.c's `extern layer_size;` over the
 * K&R definition after it). Where there is no syntax error, `diagnostics` as they are: the file
 * reads, and a name before `(` at the top level may be a macro the tool cannot see.
 */
export function implicitIntErrors(text: string, diagnostics: MfDiagnostic[], items: readonly Span[]): MfDiagnostic[] {
  const errors = diagnostics.filter(d => d.code === 'MF101' || d.code === 'MF102');
  if (!errors.length) return diagnostics;
  const within = (d: Span, s: Span) => d.start >= s.start && d.start <= s.end;
  const itemAt = (at: number) => items.find(item => at >= item.start && at < item.end);
  const found = implicitInts(text).filter(f => {
    const item = itemAt(f.start);
    return errors.some(d => within(d, f) || (item && within(d, item)));
  });
  if (!found.length) return diagnostics;
  return [
    ...diagnostics.filter(d => !errors.includes(d) || !found.some(f => within(d, f))),
    ...found.map(f => implicitIntDiagnostic(text, f)),
  ].sort((a, b) => a.start - b.start);
}

/** The first words of the pragmas the tool reads (an OpenMP, Cilk or MetaFork construct). */
const READ_PRAGMAS = /^\s*(?:omp|cilk|mf|meta)\b/;

/**
 * The `_Pragma` operators (C99 6.10.9) of an item, written or from a macro, and the errors of those
 * that stand for a pragma the tool reads: the preprocessor does not read the operator, so such a
 * pragma would be lost to every check and translation. Said as what it is, with the line to write
 * instead. Another pragma (`GCC ivdep`, `GCC diagnostic ...`) means nothing to the analyses, and a
 * translation keeps its text.
 */
function pragmaOperators(item: SNode, text: string): { spans: Span[]; errors: MfDiagnostic[] } {
  const spans: Span[] = [];
  const errors: MfDiagnostic[] = [];
  walk(item, n => {
    if (n.type !== 'call_expression') return true;
    const callee = n.children.find(c => c.field === 'function');
    if (callee?.type !== 'identifier' || text.slice(callee.start, callee.end) !== '_Pragma') return true;
    spans.push(n);
    const args = n.children.find(c => c.field === 'arguments');
    const literal = args && /^\(\s*L?"((?:[^"\\]|\\.)*)"\s*\)$/.exec(text.slice(args.start, args.end));
    // C99 6.10.9: the string's \" and \\ stand for " and \.
    const pragma = literal?.[1].replace(/\\(["\\])/g, '$1');
    if (pragma === undefined || READ_PRAGMAS.test(pragma))
      errors.push(diagnostic(
        'MF103', n,
        `the '_Pragma' operator is not read here, so its pragma would be lost${pragma !== undefined ? `: write '#pragma ${pragma}' on a line of its own` : ''}`,
      ));
    return false;
  });
  return { spans, errors };
}

export function syntaxDiagnostics(item: SNode, text: string): MfDiagnostic[] {
  const operators = pragmaOperators(item, text);
  // The grammar reads an operator as a call missing its ';': no error of the program's.
  const afterOperator = (at: number) => operators.spans.some(s => at >= s.end && /^\s*$/.test(text.slice(s.end, at)));
  const out: MfDiagnostic[] = [...operators.errors];
  const seenLines = new Set<number>();
  // A line is known by the offset of the newline before it.
  const lineOf = (offset: number) => text.lastIndexOf('\n', offset - 1);
  walk(item, n => {
    if (out.length >= MAX_PER_ITEM) return false;
    if (n.missing) {
      const what = n.type.length <= 3 || !/^[a-z_]+$/.test(n.type) ? `'${n.type}'` : n.type.replace(/_/g, ' ');
      // Point at the end of the previous token: where the missing token belongs.
      let at = n.start;
      while (at > 0 && /\s/.test(text[at - 1])) at--;
      if (afterOperator(at)) return false;
      const context = CONTEXT[n.parent?.type ?? ''];
      out.push(
        diagnostic(
          'MF102',
          { start: Math.max(0, at - 1), end: at },
          `expected ${what}${context ? ` in ${context}` : ''}`,
          { insert: n.type, at },
        ),
      );
      return false;
    }
    if (n.type === 'ERROR') {
      if (afterOperator(n.start)) return false;
      const line = lineOf(n.start);
      if (seenLines.has(line)) return false;
      seenLines.add(line);
      const end = firstLine(text, n.start, n.end);
      const context = CONTEXT[n.parent?.type ?? ''];
      const bad = snippet(text, n.start, n.end);
      // CilkPlus's array notation (`a[0:n]`, an array section), which no compiler reads any more.
      const section = n.parent?.type === 'subscript_expression' && /:/.test(text.slice(n.start, n.end))
        ? snippet(text, n.parent.start, n.parent.end) : undefined;
      const message = section
        ? `'${section}' is CilkPlus array notation (an array section), which this tool does not read (GCC removed it with Cilk Plus in version 8): write the loop it stands for`
        : bad
        ? `syntax error: unexpected '${bad}'${context ? ` in ${context}` : ''}`
        : `syntax error${context ? ` in ${context}` : ''}`;
      const span = section ? { start: n.parent!.start, end: firstLine(text, n.parent!.start, n.parent!.end) } : { start: n.start, end: Math.max(end, n.start + 1) };
      out.push(diagnostic('MF101', span, message));
      return false;
    }
    return true;
  });
  return out;
}
