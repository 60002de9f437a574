// The keyword layer: finds MetaFork and CilkPlus keywords (outside comments, strings and
// preprocessor lines), their clauses, and every #pragma line, and produces a "masked" copy
// of the text that stock tree-sitter-c parses. Masking replaces each keyword by a
// same-length filler (`meta_for` -> `for     `, `meta_fork` -> spaces) and never touches
// newlines, so every offset in the tree equals the offset in the user's text
// (the tree-sitter generator is not available to build a grammar of our own; the thesis's
// compiler turned keywords into pragmas the same way).

import type { Span } from '../base/span';
import { KEYWORD_SPELLINGS as SPELLINGS, type KeywordName } from '../base/dialects';

/** Clauses each keyword may carry, written between the keyword and its statement. */
const KEYWORD_CLAUSES: Partial<Record<KeywordName, readonly string[]>> = {
  meta_fork: ['shared'],
  meta_schedule: ['cache'],
  meta_for: ['reduction'],
};

export interface Ident extends Span { name: string }

export interface KeywordClause extends Span {
  name: string;
  nameSpan: Span;
  /** Text between the parentheses, and its span. */
  argsText: string;
  argsSpan: Span;
  /** Identifiers of the list (for `reduction(op: list)`, those after the colon). */
  items: Ident[];
  /** `reduction` operator, when present. */
  operator?: Ident;
  /** True when the closing parenthesis is missing. */
  unterminated: boolean;
}

/** A clause-like word after a keyword that is close to, but not, a known clause. */
export interface UnknownClause extends Span { name: string; nameSpan: Span; suggestion: string }

export interface KeywordToken extends Span {
  keyword: KeywordName;
  /** The spelling used in the text (e.g. `_Cilk_spawn`). */
  spelling: string;
  clauses: KeywordClause[];
  unknownClauses: UnknownClause[];
  /** End of the keyword and its clauses: the statement it governs starts after this. */
  headEnd: number;
}

export interface PragmaLine extends Span {
  /** Text of the logical line (continuations joined, `\`+newline replaced by spaces). */
  text: string;
  /** `shared(...)`/`cache(...)` clauses written on the lines after `#pragma mf fork|schedule`. */
  trailingClauses: KeywordClause[];
}

export interface KeywordLayer {
  masked: string;
  keywords: KeywordToken[];
  pragmas: PragmaLine[];
  /** OpenCilk's `cilk_reducer(identity, reduce)` in a declaration's type (masked, so that the
   * declaration reads as one of the plain type); `items` are the two functions' names. */
  reducers: KeywordClause[];
  /** The `*`s of an old-style (K&R) definition's pointer return type, `char *f(s) char *s; { ... }`,
   * in increasing order: tree-sitter's C grammar reads old-style parameters only after a function
   * declarator that is no pointer's, so they are masked, and the conversion puts the pointer
   * declarators back (SyntaxDocument.convert). */
  oldStylePointers: number[];
}

export const isIdentStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdentChar = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57);

/** Same-length replacements of the text, in increasing order of position. */
class Mask {
  private readonly edits: { start: number; end: number; text: string }[] = [];
  constructor(private readonly source: string) {}

  /** Blanks [start, end) except newlines; `word` (e.g. `for`) may overwrite its beginning. */
  blank(start: number, end: number, word = ''): void {
    const original = this.source.slice(start, end);
    const rest = original.length - word.length;
    const blanked =
      word + (/[\r\n]/.test(original) ? original.slice(word.length).replace(/[^\r\n]/g, ' ') : ' '.repeat(rest));
    this.edits.push({ start, end, text: blanked });
  }

  /** Same-length text for [start, end). */
  put(start: number, text: string): void { this.edits.push({ start, end: start + text.length, text }); }

  apply(): string {
    if (this.edits.length === 0) return this.source;
    this.edits.sort((a, b) => a.start - b.start);
    let out = '';
    let at = 0;
    for (const e of this.edits) { out += this.source.slice(at, e.start) + e.text; at = e.end; }
    return out + this.source.slice(at);
  }
}

/** Edit distance where swapping two adjacent letters costs one edit (`frok` -> `fork`). Three rows
 * of the table are kept (a swap reads two rows back): every spawned call's name is measured
 * against the clause names, at every re-scan. */
export function editDistance(a: string, b: string): number {
  const n = b.length;
  let back2 = new Int32Array(n + 1), back = new Int32Array(n + 1), row = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) back[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(back[j] + 1, row[j - 1] + 1, back[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, back2[j - 2] + 1);
      row[j] = d;
    }
    [back2, back, row] = [back, row, back2];
  }
  return back[n];
}

/** The closest candidate within a small edit distance, for did-you-mean messages. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const limit = word.length <= 4 ? 1 : 2;
  for (const c of candidates) {
    if (Math.abs(c.length - word.length) > limit) continue; // cannot be close enough
    const d = editDistance(word, c);
    if (d < bestDistance && d <= limit) { best = c; bestDistance = d; }
  }
  return best;
}

/** Skips blanks and comments from `i`; returns the next significant offset. */
export function skipTrivia(text: string, i: number, stopAtNewline = false): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 && stopAtNewline) return i;
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11) { i++; continue; }
    if (c === 92 && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
      i += text[i + 1] === '\n' ? 2 : 3; continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 47) { while (i < n && text[i] !== '\n') i++; continue; }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2; continue;
    }
    return i;
  }
  return n;
}

/** Comments (of a pragma line, of code a transform reads as text) become blanks of the same length. */
export function blankComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, m => m.replace(/[^\n]/g, ' '));
}

/** Whether `pattern` (no `g` flag) matches `text` outside its comments. The comments are blanked only
 * where it matches at all: blanking a whole file's costs more than a look for a name most files lack. */
export function matchesInCode(text: string, pattern: RegExp): boolean {
  return pattern.test(text) && pattern.test(blankComments(text));
}

export function readIdent(text: string, i: number): string {
  let j = i;
  while (j < text.length && isIdentChar(text.charCodeAt(j))) j++;
  return text.slice(i, j);
}

/** Offset just after the parenthesis matching the one at `open` (or -1 when unbalanced). */
export function matchParen(text: string, open: number, limit = text.length, insideStatement = true): number {
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') { depth--; if (depth === 0) return i + 1; }
    else if ((c === ';' && insideStatement) || c === '{' || c === '}') return -1;
    else if (c === '"' || c === '\'') i = skipQuoted(text, i);
  }
  return -1;
}

/** The offset of the quote closing the literal opened at `i` (or of the line's end). */
export function skipQuoted(text: string, i: number): number {
  const q = text[i];
  let j = i + 1;
  while (j < text.length && text[j] !== q && text[j] !== '\n') { if (text[j] === '\\') j++; j++; }
  return j;
}

/** Identifiers of a comma-separated list between `start` and `end`. */
export function identList(text: string, start: number, end: number): Ident[] {
  const items: Ident[] = [];
  const re = /[A-Za-z_][A-Za-z0-9_]*/g;
  re.lastIndex = start;
  for (let m = re.exec(text); m && m.index < end; m = re.exec(text)) {
    if (m.index + m[0].length > end) break;
    items.push({ name: m[0], start: m.index, end: m.index + m[0].length });
  }
  return items;
}

/** Parses `name(args)` at `i` (name already known to be there). */
function readClause(text: string, i: number, limit = text.length): KeywordClause | undefined {
  const name = readIdent(text, i);
  const open = skipTrivia(text, i + name.length);
  if (text[open] !== '(') return undefined;
  const close = matchParen(text, open, limit);
  const unterminated = close < 0;
  const end = unterminated ? lineEnd(text, open) : close;
  const argsStart = open + 1;
  const argsEnd = unterminated ? end : close - 1;
  const argsText = text.slice(argsStart, argsEnd);
  let items: Ident[];
  let operator: Ident | undefined;
  const colon = argsText.indexOf(':');
  if (name === 'reduction' && colon >= 0) {
    const opText = argsText.slice(0, colon).trim();
    const opStart = argsStart + argsText.indexOf(opText);
    operator = { name: opText, start: opStart, end: opStart + opText.length };
    items = identList(text, argsStart + colon + 1, argsEnd);
  } else {
    items = identList(text, argsStart, argsEnd);
  }
  return {
    name, start: i, end, nameSpan: { start: i, end: i + name.length },
    argsText, argsSpan: { start: argsStart, end: argsEnd }, items, operator, unterminated,
  };
}

function lineEnd(text: string, i: number): number {
  const nl = text.indexOf('\n', i);
  return nl < 0 ? text.length : nl;
}

/** End of a preprocessor logical line starting at `i` (backslash continuations followed). */
export function logicalLineEnd(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      let k = i - 1;
      if (text[k] === '\r') k--;
      if (text[k] === '\\') { i++; continue; }
      return i;
    }
    if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2; continue;
    }
    if (c === '/' && text[i + 1] === '/') return lineEnd(text, i);
    if (c === '"' || c === '\'') { i = skipQuoted(text, i) + 1; continue; }
    i++;
  }
  return n;
}

/** Reads clauses of `allowed` names after a keyword; masks them; reports near-misses. */
function readKeywordClauses(
  text: string, mask: Mask, from: number, allowed: readonly string[],
): { clauses: KeywordClause[]; unknown: UnknownClause[]; end: number } {
  const clauses: KeywordClause[] = [];
  const unknown: UnknownClause[] = [];
  let i = from;
  for (;;) {
    const j = skipTrivia(text, i);
    if (!isIdentStart(text.charCodeAt(j))) return { clauses, unknown, end: i };
    const name = readIdent(text, j);
    if (SPELLINGS[name]) return { clauses, unknown, end: i };
    const afterName = skipTrivia(text, j + name.length);
    if (text[afterName] !== '(') return { clauses, unknown, end: i };
    // Most words here are spawned functions (`meta_fork f(x);`): settle that before parsing.
    const suggestion = allowed.includes(name) ? undefined : closest(name, allowed);
    if (!allowed.includes(name) && !suggestion) return { clauses, unknown, end: i };
    const clause = readClause(text, j);
    if (!clause) return { clauses, unknown, end: i };
    if (allowed.includes(name)) {
      clauses.push(clause);
    } else {
      // `meta_fork share(x);` is a call spawn, not a clause: only a near-miss of a clause name
      // followed by more than `;` is taken for a misspelled clause.
      const next = skipTrivia(text, clause.end);
      if (!suggestion || clause.unterminated || text[next] === ';' || text[next] === undefined) {
        return { clauses, unknown, end: i };
      }
      unknown.push({ name, start: clause.start, end: clause.end, nameSpan: clause.nameSpan, suggestion });
    }
    mask.blank(clause.start, clause.end);
    i = clause.end;
  }
}

/**
 * Scans the whole text once. Cost is linear; it allocates one character array for the
 * masked copy, which is only joined when something was masked.
 */
/** Where the scan must look: comments, literals, preprocessor lines, words that may be keywords. */
const SIGNIFICANT = /\/\/|\/\*|"|'|\bR"|^[ \t]*#|\b(?:meta_|cilk_|_Cilk_)[A-Za-z0-9_]*|\bva_arg\b/gm;

export function scanKeywords(text: string): KeywordLayer {
  const mask = new Mask(text);
  const keywords: KeywordToken[] = [];
  const pragmas: PragmaLine[] = [];
  const reducers: KeywordClause[] = [];
  // A regular expression finds the next place of interest: much faster than a loop per character.
  /** Comments and literals, where no code is. */
  const inert: Span[] = [];
  const re = new RegExp(SIGNIFICANT.source, SIGNIFICANT.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const i = m.index;
    const token = m[0];
    if (token === '//' || token === '/*') {
      re.lastIndex = Math.max(skipTrivia(text, i, true), i + 1);
      inert.push({ start: i, end: re.lastIndex });
    } else if (token === '"' || token === "'") {
      re.lastIndex = skipQuoted(text, i) + 1;
      inert.push({ start: i, end: re.lastIndex });
    } else if (token === 'R"') { // C++ raw string R"delim( ... )delim"
      const open = text.indexOf('(', i + 2);
      const delim = text.slice(i + 2, open);
      const close = open < 0 ? -1 : text.indexOf(')' + delim + '"', open);
      re.lastIndex = close >= 0 ? close + delim.length + 2 : i + 2;
    } else if (token.endsWith('#')) {
      re.lastIndex = preprocessorLine(text, i + token.length - 1, mask, pragmas);
      inert.push({ start: i, end: re.lastIndex });
    } else {
      if (token === 'va_arg') {
        re.lastIndex = maskVaArgType(text, i + token.length, mask);
        continue;
      }
      if (token === 'cilk_reducer') {
        const clause = readClause(text, i);
        if (clause && !clause.unterminated) {
          reducers.push(clause);
          mask.blank(clause.start, clause.end);
          re.lastIndex = clause.end;
        }
        continue;
      }
      const keyword = SPELLINGS[token];
      if (!keyword) continue;
      const kw: KeywordToken = {
        keyword,
        spelling: token,
        start: i,
        end: i + token.length,
        clauses: [],
        unknownClauses: [],
        headEnd: i + token.length,
      };
      keywords.push(kw);
      maskKeyword(text, mask, kw);
      re.lastIndex = kw.headEnd;
    }
  }
  const oldStylePointers = oldStylePointerStars(text, inert);
  for (const star of oldStylePointers) mask.put(star, ' ');
  return { masked: mask.apply(), keywords, pragmas, reducers, oldStylePointers };
}

/**
 * `va_arg(ap, T)`'s type, where it is more than a word (`char *`, `unsigned long`, `struct s`):
 * tree-sitter's C grammar takes only expressions as a call's arguments (a lone word it reads as a
 * name), so the type is masked as one word of its length, `_`s (the names check reads no argument
 * of a function-like macro). Returns where scanning resumes.
 */
function maskVaArgType(text: string, after: number, mask: Mask): number {
  const open = skipTrivia(text, after);
  if (text[open] !== '(') return after;
  let depth = 0, comma = -1, i = open;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') { if (--depth === 0) break; }
    else if (c === ',' && depth === 1 && comma < 0) comma = i;
    else if (c === ';' || c === '{' || c === '}' || c === '"' || c === "'" || c === '/' || c === '#') return after;
  }
  if (i >= text.length || comma < 0) return after;
  const type = text.slice(comma + 1, i);
  const start = comma + 1 + (type.length - type.trimStart().length);
  const word = type.trim();
  if (!word || /^[A-Za-z_]\w*$/.test(word) || /[\r\n]/.test(word)) return i + 1;
  mask.put(start, '_'.repeat(word.length));
  return i + 1;
}

/** `*`s, a name and a list of names in parentheses: the head of an old-style definition returning a
 * pointer, where declarations of the names and then the body follow. */
const OLD_STYLE_HEAD = /(?<![/*])\*[ \t\r\n*]*[A-Za-z_]\w*[ \t]*\([ \t]*[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*[ \t]*\)/g;

/** The `*`s of old-style definitions' pointer return types (see `KeywordLayer.oldStylePointers`),
 * outside comments and literals (`inert`, in order). */
function oldStylePointerStars(text: string, inert: readonly Span[]): number[] {
  const stars: number[] = [];
  let k = 0;
  for (const m of text.matchAll(OLD_STYLE_HEAD)) {
    const at = m.index!;
    while (k < inert.length && inert[k].end <= at) k++;
    if (k < inert.length && inert[k].start <= at) continue;
    if (oldStyleBody(text, at + m[0].length) < 0) continue;
    for (let i = at; i < at + m[0].length && text[i] !== '('; i++) if (text[i] === '*') stars.push(i);
  }
  return stars;
}

/** Where the body of an old-style definition starts (its `{`), after the parameters' declarations
 * (`int n;`, `char *s, **v;`, `int (*f)();`, one or more) that follow `i`; -1 where they do not. */
export function oldStyleBody(text: string, i: number): number {
  let declarations = 0;
  for (;;) {
    i = skipTrivia(text, i);
    const c = text.charCodeAt(i);
    if (c === 123) return declarations > 0 ? i : -1; // {
    if (!isIdentStart(c) || declarations === 64) return -1;
    // A declaration: up to its `;`, with no brace, directive or initializer on the way.
    for (; i < text.length; i++) {
      const d = text[i];
      if (d === ';') break;
      if (d === '{' || d === '}' || d === '#' || d === '=' || d === '"' || d === "'") return -1;
    }
    if (i >= text.length) return -1;
    i++;
    declarations++;
  }
}

/** A directive's string and character literals holding `/*` (NPB's `#define DESC_LINE "/* CLASS = %c
 * *\/\n"`): tree-sitter's C grammar ends a macro's body at a `/*` wherever it stands, and reads the rest
 * as a comment and stray tokens. Its `*` is masked (what the macro means is the preprocessor's). */
function maskCommentsInLiterals(text: string, start: number, end: number, mask: Mask): void {
  const line = text.slice(start, end);
  if (!line.includes('/*') || !/["']/.test(line)) return;
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '/' && (text[i + 1] === '*' || text[i + 1] === '/')) {
      // A comment of the directive: up to its end (a literal inside it is none).
      const close = text[i + 1] === '*' ? text.indexOf('*/', i + 2) : -1;
      i = close < 0 || close >= end ? end : close + 1;
    } else if (c === '"' || c === "'") {
      const close = Math.min(skipQuoted(text, i), end);
      for (let k = text.indexOf('/*', i + 1); k >= 0 && k < close; k = text.indexOf('/*', k + 2)) mask.put(k + 1, ' ');
      i = close;
    }
  }
}

/** Records a #pragma line (other directives are skipped); returns where scanning resumes. */
function preprocessorLine(text: string, hash: number, mask: Mask, pragmas: PragmaLine[]): number {
  const end = logicalLineEnd(text, hash);
  if (readIdent(text, skipTrivia(text, hash + 1, true)) !== 'pragma') {
    maskCommentsInLiterals(text, hash, end, mask);
    return end;
  }
  const raw = text.slice(hash, end);
  const pragma: PragmaLine = {
    start: hash,
    end,
    text: blankComments(raw.replace(/\\\r?\n/g, m => ' '.repeat(m.length))),
    trailingClauses: [],
  };
  pragmas.push(pragma);
  // The preprocessor reads a comment in a directive as one space, even one running over a newline;
  // tree-sitter ends the directive at the comment and parses the rest of the line as code. So the
  // masked text has blanks there (newlines too).
  for (const c of raw.matchAll(/\/\*[\s\S]*?(?:\*\/|$)|\/\/[^\n]*/g))
    mask.put(hash + c.index!, ' '.repeat(c[0].length));
  // Thesis quirk (Chen 2017 Ch. 6): `#pragma mf fork` / `schedule` may have their
  // shared(...)/cache(...) clauses on the following lines.
  const m = /^#\s*pragma\s+mf\s+(fork|schedule)\b/.exec(pragma.text);
  if (!m) return end;
  const r = readKeywordClauses(text, mask, end, m[1] === 'fork' ? ['shared'] : ['cache']);
  pragma.trailingClauses = r.clauses;
  return Math.max(r.end, end);
}

function maskKeyword(text: string, mask: Mask, token: KeywordToken): void {
  const { start, end, keyword } = token;
  switch (keyword) {
    case 'meta_for':
    case 'cilk_for':
      // Becomes `for` so that tree-sitter sees an ordinary for statement.
      mask.blank(start, end, 'for');
      break;
    case 'meta_pipe': {
      // `meta_pipe (cond)` elides to a while loop, `meta_pipe (I; C; S)` to a for loop.
      const open = skipTrivia(text, end);
      // A loop header may hold semicolons.
      const close = text[open] === '(' ? matchParen(text, open, text.length, false) : -1;
      const header = close > 0 ? text.slice(open, close) : '';
      mask.blank(start, end, /;/.test(header) ? 'for' : 'while');
      break;
    }
    case 'meta_wait':
    case 'meta_continue':
    case 'meta_copy':
      // Already an ordinary function call for the C grammar.
      return;
    default:
      mask.blank(start, end);
  }
  const allowed = KEYWORD_CLAUSES[keyword];
  if (allowed) {
    const r = readKeywordClauses(text, mask, end, allowed);
    token.clauses = r.clauses;
    token.unknownClauses = r.unknown;
    token.headEnd = r.end;
  }
}
