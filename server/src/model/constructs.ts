// Parallel constructs of one top-level item, as a tree: MetaFork keywords and `#pragma mf`,
// CilkPlus keywords and pragmas, OpenMP directives, each tied to the statement it governs.

import type { SourceMap } from '../base/sourcemap';
import type { Dialect } from '../../../shared/dialects';
import { DIALECT_OF, OMP_LOOP_DIRECTIVES } from '../base/dialects';
import { child, named, nodeStartingAt, statementStartingAt, unparen, enclosingFunction } from '../syntax/ast';
import { KeywordToken, PragmaLine, skipTrivia } from '../syntax/keywords';
import { Span } from '../base/span';
import { isStackExhausted } from '../base/stack';
import type { SNode } from '../syntax/parser';
import { Directive, DirectiveClause, familyDialect, fromKeywordClause, parsePragma } from '../syntax/pragma';
import { FileScope, ItemScopes, resolveItem } from './scopes';


export type ConstructKind =
  | 'spawn'        // call spawn: `[x =] meta_fork f(a)`, `cilk_spawn f(a)`, `#pragma mf fork` + call
  | 'block-spawn'  // `meta_fork [shared(...)] stmt`
  | 'parallel-for' // `meta_for`, `cilk_for`, `#pragma mf parallel for`, `#pragma cilk parallel for`
  | 'join'         // `meta_join;`, `cilk_sync;`, `#pragma mf join`, `#pragma cilk sync`
  | 'schedule'     // `meta_schedule [cache(...)] stmt`
  | 'scope'        // `cilk_scope { }`
  | 'pipe' | 'pipe-stage' | 'device' | 'copy'
  | 'grainsize'    // `#pragma meta|cilk grainsize = e`
  | 'omp';         // any OpenMP directive (see `directive.name`)

export interface Construct extends Span {
  kind: ConstructKind;
  dialect: Dialect;
  form: 'keyword' | 'pragma';
  /** The keyword with its clauses, or the pragma line. */
  head: Span;
  keyword?: KeywordToken;
  directive?: Directive;
  clauses: DirectiveClause[];
  /** The statement the construct governs (for a call spawn, the statement holding the call). */
  statement?: SNode;
  /** For loops: the for statement; the loop body is `child(loop, 'body')`. */
  loop?: SNode;
  /** Call spawns: the spawned call and the l-value receiving its result, if any. */
  call?: SNode;
  lvalue?: SNode;
  /** The region executed in parallel (block-spawn statement, loop body, directive body). */
  region?: SNode;
  parent?: Construct;
  children: Construct[];
  /** The function definition the construct is in. */
  functionNode?: SNode;
}

export interface ItemModel {
  item: SNode;
  /** The analysed text (every offset of the model is one of its). */
  text: string;
  /** Between the analysed text and the user's: what a transform renders its output through. */
  map: SourceMap;
  constructs: Construct[]; // all, in source order
  roots: Construct[];
  scopes: ItemScopes;
  fileScope: FileScope;
  keywords: KeywordToken[];
  pragmas: PragmaLine[];
  /** Directives of pragma lines that govern no construct here (e.g. unknown families are absent). */
  directives: Directive[];
  /** Problems found while tying constructs to statements (reported as diagnostics). */
  problems: ConstructProblem[];
  /** Name resolution was abandoned (pathologically deep nesting). */
  incomplete: boolean;
}

export interface ConstructProblem {
  code: 'MF206' | 'MF207' | 'MF102';
  message: string;
  span: Span;
  data?: Record<string, unknown>;
}

/** What a construct's keyword or pragma line says, before the statement it governs is found. */
type ConstructHead = Pick<Construct, 'dialect' | 'form' | 'head' | 'keyword' | 'directive' | 'clauses'>;
type Governed = Pick<Construct, 'statement' | 'loop' | 'call' | 'lvalue' | 'region'>;

/**
 * A construct with every field present (unset ones undefined), so that all constructs share one
 * hidden class: built by spreading heads of varied shapes, they made an item model several times
 * slower to build and to nest (`parent` added afterwards changed each one's class again).
 */
function construct(head: ConstructHead, kind: ConstructKind, start: number, end: number, governed: Governed = {}): Construct {
  return {
    kind, dialect: head.dialect, form: head.form, start, end, head: head.head,
    keyword: head.keyword, directive: head.directive, clauses: head.clauses,
    statement: governed.statement, loop: governed.loop, call: governed.call, lvalue: governed.lvalue,
    region: governed.region, parent: undefined, children: [], functionNode: undefined,
  };
}

const CALL_TYPES = new Set(['call_expression']);
const FOR_TYPES = new Set(['for_statement', 'while_statement']);
const PRAGMA_TYPES = new Set(['preproc_call']);
const FOR_STATEMENT = new Set(['for_statement']);

export function buildItemModel(
  item: SNode,
  map: SourceMap,
  keywords: KeywordToken[],
  pragmas: PragmaLine[],
  fileScope: FileScope,
): ItemModel {
  const text = map.text;
  let scopes: ItemScopes;
  let incomplete = false;
  try {
    scopes = resolveItem(item, text, fileScope);
  } catch (e) {
    // Thousands of nested blocks exhaust the stack: keep going without name resolution.
    if (!isStackExhausted(e)) throw e;
    scopes = { variables: [], references: [] };
    incomplete = true;
  }
  const constructs: Construct[] = [];
  const problems: ConstructProblem[] = [];
  const directives: Directive[] = [];
  for (const token of keywords) {
    const c = keywordConstruct(item, text, token, problems);
    if (c) constructs.push(c);
  }
  for (const line of pragmas) {
    const directive = parsePragma(line);
    if (!directive) continue;
    directives.push(directive);
    if (directive.problems.some(p => p.code === 'MF201')) continue;
    const c = pragmaConstruct(item, line, directive, problems);
    if (c) constructs.push(c);
  }
  constructs.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots = nest(constructs);
  for (const c of constructs) c.functionNode = enclosingFunction(c.statement ?? c.call ?? item) ?? undefined;
  return { item, text, map, constructs, roots, scopes, fileScope, keywords, pragmas, directives, problems, incomplete };
}

/** Nests constructs by span containment (constructs are sorted by start, longest first). */
function nest(sorted: Construct[]): Construct[] {
  const roots: Construct[] = [];
  const open: Construct[] = [];
  for (const c of sorted) {
    while (open.length && open[open.length - 1].end <= c.start) open.pop();
    const parent = open[open.length - 1];
    if (parent && c.end <= parent.end) { c.parent = parent; parent.children.push(c); } else roots.push(c);
    open.push(c);
  }
  return roots;
}

function keywordConstruct(
  item: SNode,
  text: string,
  token: KeywordToken,
  problems: ConstructProblem[],
): Construct | undefined {
  const base: ConstructHead = {
    dialect: DIALECT_OF[token.keyword],
    form: 'keyword',
    head: { start: token.start, end: token.headEnd },
    keyword: token,
    clauses: token.clauses.map(fromKeywordClause),
  };
  const next = skipTrivia(text, token.headEnd);
  switch (token.keyword) {
    case 'meta_fork':
    case 'cilk_spawn': {
      const call = nodeStartingAt(item, next, CALL_TYPES);
      const holder = call && spawnHolder(call);
      if (call && holder) {
        return construct(base, 'spawn', token.start, holder.statement.end, {
          statement: holder.statement, call, lvalue: holder.lvalue,
        });
      }
      if (token.keyword === 'cilk_spawn') {
        const at = statementStartingAt(item, next);
        problems.push({
          code: 'MF207',
          message: `'${token.spelling}' must be followed by a function call, e.g. 'x = ${token.spelling} f(n);'`,
          span: { start: token.start, end: at ? at.end : token.end },
        });
        return undefined;
      }
      const statement = statementStartingAt(item, next);
      if (!statement) {
        problems.push({
          code: 'MF206',
          message: `'meta_fork' must be followed by a function call or a statement to spawn`,
          span: { start: token.start, end: token.end },
        });
        return undefined;
      }
      return construct(base, 'block-spawn', token.start, statement.end, { statement, region: statement });
    }
    case 'meta_for':
    case 'cilk_for': {
      const loop = nodeStartingAt(item, token.start, FOR_STATEMENT);
      if (!loop) return undefined;
      return construct(base, 'parallel-for', token.start, loop.end, { statement: loop, loop, region: child(loop, 'body') });
    }
    case 'meta_pipe': {
      const loop = nodeStartingAt(item, token.start, FOR_TYPES);
      if (!loop) return undefined;
      return construct(base, 'pipe', token.start, loop.end, { statement: loop, loop, region: child(loop, 'body') });
    }
    case 'meta_join':
    case 'cilk_sync': {
      const statement = statementStartingAt(item, next);
      if (
        !statement ||
        statement.type !== 'expression_statement' ||
        statement.children.length > 0 ||
        text[next] !== ';'
      ) {
        problems.push({
          code: 'MF102',
          message: `expected ';' after '${token.spelling}'`,
          span: { start: token.start, end: token.end },
          data: { insert: ';', at: token.end },
        });
        return construct(base, 'join', token.start, token.end);
      }
      return construct(base, 'join', token.start, statement.end, { statement });
    }
    case 'meta_schedule':
    case 'cilk_scope':
    case 'meta_device': {
      const statement = statementStartingAt(item, next);
      if (!statement) {
        problems.push({
          code: 'MF206',
          message: `'${token.spelling}' must be followed by a statement`,
          span: { start: token.start, end: token.end },
        });
        return undefined;
      }
      const kind = token.keyword === 'meta_schedule' ? 'schedule' : token.keyword === 'cilk_scope' ? 'scope' : 'device';
      return construct(base, kind, token.start, statement.end, { statement, region: statement });
    }
    case 'meta_wait':
    case 'meta_continue':
    case 'meta_copy': {
      const call = nodeStartingAt(item, token.start, CALL_TYPES);
      const statement = call?.parent?.type === 'expression_statement' ? call.parent : undefined;
      if (!statement) return undefined;
      const kind = token.keyword === 'meta_copy' ? 'copy' : 'pipe-stage';
      return construct(base, kind, token.start, statement.end, { statement, call });
    }
  }
}

/** The call a spawn pragma governs: the statement `f(x);`, or `y = f(x);` with its lvalue. */
function spawnedCall(statement: SNode): { call: SNode; lvalue?: SNode } | undefined {
  const expr = statement.type === 'expression_statement' ? unparen(named(statement)[0]) : undefined;
  if (expr?.type === 'call_expression') return { call: expr };
  const right = expr?.type === 'assignment_expression' ? unparen(child(expr, 'right')) : undefined;
  return right?.type === 'call_expression' ? { call: right, lvalue: child(expr!, 'left') } : undefined;
}

/** The statement holding a spawned call and the l-value receiving its result. */
function spawnHolder(call: SNode): { statement: SNode; lvalue?: SNode } | undefined {
  let node = call;
  while (node.parent && node.parent.type === 'parenthesized_expression') node = node.parent;
  const p = node.parent;
  if (!p) return undefined;
  if (p.type === 'expression_statement') return { statement: p };
  if (p.type === 'assignment_expression' && child(p, 'right') === node && p.parent?.type === 'expression_statement') {
    return { statement: p.parent, lvalue: child(p, 'left') };
  }
  if (p.type === 'init_declarator' && child(p, 'value') === node && p.parent?.type === 'declaration') {
    return { statement: p.parent, lvalue: child(p, 'declarator') };
  }
  return undefined;
}

/** The statement a pragma governs: the next sibling statement of its preproc_call node. */
function followingStatement(item: SNode, line: PragmaLine): { statement?: SNode } {
  const pragmaNode = nodeStartingAt(item, line.start, PRAGMA_TYPES);
  if (!pragmaNode || !pragmaNode.parent) return {};
  const siblings = pragmaNode.parent.children;
  for (let i = siblings.indexOf(pragmaNode) + 1; i < siblings.length; i++) {
    const s = siblings[i];
    if (s.type === 'comment' || !s.named) continue;
    // `#pragma mf fork` may have its shared(...) clauses on the next line, masked away.
    if (s.start < line.end) continue;
    return { statement: s };
  }
  return {};
}

function pragmaConstruct(
  item: SNode,
  line: PragmaLine,
  directive: Directive,
  problems: ConstructProblem[],
): Construct | undefined {
  const dialect = familyDialect(directive.family);
  const base: ConstructHead = {
    dialect,
    form: 'pragma',
    head: { start: line.start, end: line.end },
    directive,
    clauses: directive.clauses,
  };
  const label = `#pragma ${directive.family} ${directive.name}`;
  if (directive.standalone) {
    const kind: ConstructKind =
      directive.name === 'grainsize' ? 'grainsize' : directive.family === 'omp' ? 'omp' : 'join';
    return construct(base, kind, line.start, line.end);
  }
  const { statement: rawStatement } = followingStatement(item, line);
  if (!rawStatement) {
    // A pragma outside any function body (e.g. `#pragma omp declare ...` at file scope) or at the end of a block.
    if (item.type === 'function_definition' || item.parent) {
      problems.push({ code: 'MF206', message: `'${label}' must be followed by a statement`, span: directive.nameSpan });
    }
    return undefined;
  }
  // A directive followed by another directive governs that one (`parallel` + `for`).
  const statement =
    rawStatement.type === 'preproc_call' ? (innermostGoverned(rawStatement) ?? rawStatement) : rawStatement;
  const bodyEnd = statement.end;
  const loopDirective =
    (directive.family === 'omp' && OMP_LOOP_DIRECTIVES.has(directive.name)) || directive.name === 'parallel for';
  // C++ range-based for loops are loops of loop constructs too (OpenMP 5.2 §4.4.1).
  if (loopDirective && statement.type !== 'for_statement' && statement.type !== 'for_range_loop') {
    problems.push({ code: 'MF206', message: `'${label}' must be followed by a for loop`, span: directive.nameSpan });
    return undefined;
  }
  if (directive.family === 'omp') {
    return construct(base, 'omp', line.start, bodyEnd, {
      statement,
      loop: loopDirective ? statement : undefined,
      region: loopDirective ? child(statement, 'body') : statement,
    });
  }
  switch (directive.name) {
    case 'fork': {
      // A pragma spawn of an assignment is CilkPlus's form only; MetaFork's takes a block there.
      const spawned = spawnedCall(statement);
      if (spawned && (!spawned.lvalue || directive.family === 'cilk'))
        return construct(base, 'spawn', line.start, statement.end, { statement, ...spawned });
      return construct(base, 'block-spawn', line.start, statement.end, { statement, region: statement });
    }
    case 'spawn': {
      const spawned = spawnedCall(statement);
      if (!spawned) {
        const message = `'${label}' must be followed by a function call statement`;
        problems.push({ code: 'MF207', message, span: directive.nameSpan });
        return undefined;
      }
      return construct(base, 'spawn', line.start, statement.end, { statement, ...spawned });
    }
    case 'parallel for':
      return construct(base, 'parallel-for', line.start, statement.end, {
        statement, loop: statement, region: child(statement, 'body'),
      });
    case 'schedule':
      return construct(base, 'schedule', line.start, statement.end, { statement, region: statement });
    default:
      return undefined;
  }
}

/** Follows a chain of pragmas to the first real statement. */
function innermostGoverned(pragma: SNode): SNode | undefined {
  let node: SNode | undefined = pragma;
  const siblings = pragma.parent?.children ?? [];
  let i = siblings.indexOf(pragma);
  while (node && node.type === 'preproc_call') {
    i++;
    while (i < siblings.length && (siblings[i].type === 'comment' || !siblings[i].named)) i++;
    node = siblings[i];
  }
  return node;
}

/** Constructs whose region executes in parallel with (or for) other threads. */
export function isRegion(c: Construct): boolean {
  if (c.kind === 'block-spawn' || c.kind === 'parallel-for') return true;
  if (c.kind === 'omp')
    return (
      !!c.directive &&
      !c.directive.standalone &&
      c.directive.name !== 'atomic' &&
      !c.directive.name.startsWith('target data')
    );
  return false;
}

export function isParallelLoop(c: Construct): boolean {
  return c.kind === 'parallel-for' || (c.kind === 'omp' && !!c.loop);
}

/** The construct's whole text: its keyword or pragma line through the statement it governs. */
export function constructSpan(c: Construct): Span {
  return { start: Math.min(c.start, c.head.start), end: Math.max(c.end, c.head.end) };
}

/** The outermost construct whose text or head holds `offset`. */
export function outermostConstructAt(model: ItemModel, offset: number): Construct | undefined {
  let c = model.constructs.find(
    k => (k.start <= offset && offset <= k.end) || (k.head.start <= offset && offset <= k.head.end),
  );
  while (c?.parent) c = c.parent;
  return c;
}

/** A readable name for messages: `meta_fork`, `#pragma omp task`, ... */
export function constructLabel(c: Construct): string {
  if (c.keyword) return c.keyword.spelling;
  if (c.directive) return `#pragma ${c.directive.family} ${c.directive.name}`;
  return c.kind;
}
