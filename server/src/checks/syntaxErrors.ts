// tree-sitter ERROR and MISSING nodes turned into messages a person understands.

import { walk } from '../syntax/ast';
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

/**
 * A definition without its return type, K&R style (`main( argc, argv )`, NAS IS; Rodinia's backprop):
 * C99 removed the implicit 'int', and the grammar reads the line as a call standing outside any
 * function, missing its ';'. Said as what it is, with `int ` to insert; undefined for anything else.
 */
function implicitInt(item: SNode, text: string): MfDiagnostic | undefined {
  // An item stands at the file's top level, where no statement may.
  if (item.type !== 'expression_statement') return undefined;
  const call = item.children[0];
  const name = call?.type === 'call_expression' ? call.children.find(c => c.field === 'function') : undefined;
  const args = call?.children.find(c => c.field === 'arguments');
  if (name?.type !== 'identifier' || !args || !args.children.every(a => a.type === 'identifier' || a.type === 'comment')) return undefined;
  if (!item.children.some(c => c.missing && c.type === ';')) return undefined;
  const written = text.slice(call.start, call.end);
  return diagnostic(
    'MF102',
    { start: name.start, end: name.end },
    `'${written}' outside any function: a definition needs its return type since C99 removed the implicit 'int' ('int ${written}')`,
    { insert: 'int ', at: item.start },
  );
}

/**
 * A declaration without its type, but for a storage class (`extern layer_size;`, Rodinia backprop's
 * imagenet.c; `static count = 3;`): C99 removed the implicit 'int', and the grammar reads the name
 * as a type with no declarator. Said as what it is, with `int ` to insert; undefined for anything else.
 */
function implicitIntDeclaration(item: SNode, text: string): MfDiagnostic | undefined {
  if (item.type !== 'declaration' || !item.children.some(c => c.type === 'storage_class_specifier')) return undefined;
  const type = item.children.find(c => c.field === 'type');
  const declarators = item.children.filter(c => c.field === 'declarator');
  const missing = (d: SNode) => d.missing || (d.type === 'init_declarator' && !!d.children.find(c => c.field === 'declarator')?.missing);
  if (type?.type !== 'type_identifier' || declarators.length !== 1 || !missing(declarators[0])) return undefined;
  const name = text.slice(type.start, type.end);
  const written = text.slice(item.start, type.end);
  return diagnostic(
    'MF102',
    type,
    `'${written}' declares '${name}' without a type: C99 removed the implicit 'int' ('${text.slice(item.start, type.start)}int ${name}')`,
    { insert: 'int ', at: type.start },
  );
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
  const implicit = implicitInt(item, text) ?? implicitIntDeclaration(item, text);
  if (implicit) return [implicit];
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
      const message = bad
        ? `syntax error: unexpected '${bad}'${context ? ` in ${context}` : ''}`
        : `syntax error${context ? ` in ${context}` : ''}`;
      out.push(diagnostic('MF101', { start: n.start, end: Math.max(end, n.start + 1) }, message));
      return false;
    }
    return true;
  });
  return out;
}
