// An edit of the user's text preprocessed in step with the result before it: where every edited
// line is plain text the preprocessor only copies (no directive but a `#pragma`, no name that is a
// macro anywhere in the unit, no comment or splice reaching across lines, nothing blanked or
// expanded there), the result of a fresh run is the earlier one with the same edits made to its
// analysed text and everything after them moved. A keystroke in a 10,000-line file that includes a
// header or defines a macro, and a translation stage's edits, then cost no run of the whole file.
// Anything else runs the preprocessor again: a result in step is exactly what a fresh run gives
// (test/unit/preprocessIncremental checks that on every edit it tries).

import { applyEdits, commonEnds, type TextEdit } from '../base/edits';
import { SourceMap, type Segment } from '../base/sourcemap';
import type { Span } from '../base/span';
import { DISK } from './engine';
import { lex } from './lexer';
import { preprocess } from './index';
import type { MacroDefinition, Preprocessed, PreprocessOptions } from './types';

/** The unit of `source`, `before`'s text after `edits` (sorted, apart; offsets of `before.source`;
 * found by comparing the texts when not given). */
export function preprocessEdited(
  before: Preprocessed, source: string, options: PreprocessOptions, edits?: readonly TextEdit[],
): Preprocessed {
  return inStep(before, source, options, edits) ?? preprocess(source, options);
}

/** `preprocessEdited`'s result made in step, or undefined where the preprocessor must run. */
export function inStep(
  before: Preprocessed, source: string, options: PreprocessOptions, edits?: readonly TextEdit[],
): Preprocessed | undefined {
  const reading = before.reading;
  if (!reading) return undefined;
  // A header saved since (or one appearing where none was found) may read otherwise.
  const files = options.files ?? DISK;
  for (const [path, text] of reading.files) if (files.read(path) !== text) return undefined;
  const list = edits ?? differenceOf(before.source, source);
  if (!list || !describes(list, before.source, source)) return undefined;
  if (list.length === 0) return before;
  const groups = lineGroups(list, before.source);
  const defines = (options.flags?.defines ?? []).map(([spec]) => spec.replace(/\(.*$/, ''));
  const { expanded, whileUsed } = constantsCopied(before, reading.macroNames);
  let newlines = 0;
  const around = new Surroundings(before);
  for (const g of groups) {
    const edited = applyEdits(g.text, g.edits.map(e => ({ ...e, start: e.start - g.start, end: e.end - g.start })));
    if (!plain(g.text, expanded, defines) || !plain(edited, expanded, defines)) return undefined;
    if (!usesKept(g.text, edited, whileUsed)) return undefined;
    if (!around.plain(g, edited)) return undefined;
    newlines += count(edited, '\n') - count(g.text, '\n');
  }
  if (newlines !== 0 && reading.readsLines) return undefined;
  return moved(before, source, list);
}

/** The one stretch where two texts differ, as an edit of the first. */
function differenceOf(a: string, b: string): TextEdit[] {
  if (a === b) return [];
  const { prefix, suffix } = commonEnds(a, b);
  return [{ start: prefix, end: a.length - suffix, newText: b.slice(prefix, b.length - suffix) }];
}

/** Whether `edits` (sorted, apart) make `before` into `after`. */
function describes(edits: readonly TextEdit[], before: string, after: string): boolean {
  let delta = 0, at = 0;
  for (const e of edits) {
    if (e.start < at || e.end < e.start || e.end > before.length) return false;
    if (after.slice(e.start + delta, e.start + delta + e.newText.length) !== e.newText) return false;
    delta += e.newText.length - (e.end - e.start);
    at = e.end;
  }
  return before.length + delta === after.length;
}

/** The edits by the whole lines they touch: edits on one line, or on lines that touch, together. */
interface LineGroup extends Span { edits: TextEdit[]; text: string }
function lineGroups(edits: readonly TextEdit[], source: string): LineGroup[] {
  const out: LineGroup[] = [];
  for (const e of edits) {
    // (lastIndexOf reads a negative position as 0: a text opening with a newline would put an edit at 0 after its line's start.)
    const start = e.start === 0 ? 0 : source.lastIndexOf('\n', e.start - 1) + 1;
    const newline = source.indexOf('\n', e.end);
    const end = newline < 0 ? source.length : newline;
    const last = out[out.length - 1];
    if (last && start <= last.end) { last.end = Math.max(last.end, end); last.edits.push(e); }
    else out.push({ start, end, edits: [e], text: '' });
  }
  for (const g of out) g.text = source.slice(g.start, g.end);
  return out;
}

/**
 * The macro names an edit may not touch (`expanded`: every macro's but the program constants), and
 * the constants it may touch only while a use stays. The preprocessor copies a constant (`#define N
 * 64`: defined once, never undefined) as written wherever it stands (before the definition, a plain
 * name). One the file or its headers define stays one, used or not; one defined elsewhere (a system
 * header's `INT_MIN`, a predefined name) is one only while the file uses it.
 */
function constantsCopied(before: Preprocessed, macroNames: ReadonlySet<string>): { expanded: ReadonlySet<string>; whileUsed: string[] } {
  const constants = [...before.constants.keys()];
  if (!constants.length) return { expanded: macroNames, whileUsed: [] };
  const expanded = new Set(macroNames);
  for (const name of constants) expanded.delete(name);
  const whileUsed = constants.filter(name => before.macros.get(name)?.file?.startsWith('<') ?? false);
  return { expanded, whileUsed };
}

/** Whether an edit of `lines` into `edited` leaves a use of each of `names` it had one of. */
function usesKept(lines: string, edited: string, names: readonly string[]): boolean {
  for (const name of names)
    if (lines.includes(name) && codeUses(lines, name) > 0 && codeUses(edited, name) === 0) return false;
  return true;
}

/** How many times plain lines use `name` (the preprocessor reads no name in a pragma line, a comment or a string). */
function codeUses(lines: string, name: string): number {
  let n = 0, directive = false;
  for (const t of lex(lines)) {
    if (t.kind === 'newline') directive = false;
    else if (t.bol && (t.text === '#' || t.text === '%:')) directive = true;
    else if (!directive && t.kind === 'id' && t.text === name) n++;
  }
  return n;
}

const PRAGMA = /^[ \t]*(?:#|%:)[ \t]*pragma\b/;
const ONCE = /^[ \t]*(?:#|%:)[ \t]*pragma[ \t]+once\b/;
const DIRECTIVE = /^[ \t]*(?:#|%:)/;
const WORD = /[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*/g;

/**
 * Whether lines are text the preprocessor copies as they are wherever they stand in the active
 * code: no directive but a `#pragma` (other than `once`: the others change nothing it keeps), no
 * splice, no comment that could reach over a line (one closed on its line is copied with it), and
 * no word (in code, a comment or a string alike) that is one of `macroNames` or names a `-D` macro.
 */
function plain(lines: string, macroNames: ReadonlySet<string>, defines: readonly string[]): boolean {
  if (lines.includes('\\') || lines.includes('??')) return false;
  for (const line of lines.split('\n')) {
    if (DIRECTIVE.test(line) && (!PRAGMA.test(line) || ONCE.test(line))) return false;
    if ((line.includes('/*') || line.includes('*/')) && !commentsClosed(line)) return false;
  }
  for (const [word] of lines.matchAll(WORD)) if (macroNames.has(word)) return false;
  return !defines.some(name => lines.includes(name));
}

/** Whether every block comment `line` opens closes on it, and it closes none it did not open: the
 * comment (copied as it is) then reaches no other line. Strings and characters are skipped; one left
 * open counts as not closed. */
function commentsClosed(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"' || c === "'") {
      for (i++; i < line.length && line[i] !== c; i++) if (line[i] === '\\') i++;
      if (i >= line.length) return false;
    } else if (c === '/' && line[i + 1] === '/') return true;
    else if (c === '/' && line[i + 1] === '*') {
      const close = line.indexOf('*/', i + 2);
      if (close < 0) return false;
      i = close + 1;
    } else if (c === '*' && line[i + 1] === '/') return false;
  }
  return true;
}

/**
 * Whether what stands around a group of lines leaves them read as lines of their own in the active
 * code, before and after the edit: nothing the preprocessor blanked, expanded or reported on there;
 * not inside a block comment or continued from the line before; and no `(` first in them (or first
 * after them, where they hold no token), which a function-like macro's name before them would take
 * for its arguments. Made once per edit: a translation stage edits hundreds of places in a large
 * file, and each question is a binary search, not a scan of the whole text.
 */
class Surroundings {
  private readonly source: string;
  /** Where what the preprocessor did in the source (segments, uses, findings) starts, in order;
   * `reach[i]`, the furthest end among the first i + 1. */
  private readonly starts: number[];
  private readonly reach: number[] = [];
  /** Where `/*` and `*\/` stand in the source, in order. */
  private readonly opens: number[];
  private readonly closes: number[];

  constructor(before: Preprocessed) {
    this.source = before.source;
    const spans = [...before.map.segments.map(s => s.source), ...before.diagnostics, ...before.uses.map(u => u.source)]
      .sort((a, b) => a.start - b.start);
    this.starts = spans.map(s => s.start);
    let furthest = -1;
    for (const s of spans) this.reach.push((furthest = Math.max(furthest, s.end)));
    this.opens = occurrences(this.source, '/*');
    this.closes = occurrences(this.source, '*/');
  }

  plain(g: LineGroup, edited: string): boolean {
    if (this.touched(g)) return false;
    const source = this.source;
    if (g.start >= 2) {
      const open = lastAtOrBefore(this.opens, g.start - 2);
      if (open >= 0 && lastAtOrBefore(this.closes, g.start - 2) < open + 2) return false;
    }
    if (/\\\r?\n$/.test(source.slice(Math.max(0, g.start - 3), g.start))) return false;
    const after = () => {
      const found = firstToken(source.slice(g.end, g.end + 4096));
      return found === null && g.end + 4096 < source.length ? undefined : found;
    };
    for (const lines of [g.text, edited]) {
      let first = firstToken(lines);
      if (first === null) first = after();
      if (first === undefined || first === '(') return false;
    }
    return true;
  }

  /** Whether a span the preprocessor made or reported meets the group (ends included). */
  private touched(g: Span): boolean {
    // The spans starting at or before the group's end: one of them reaching the group's start meets it.
    const n = countAtOrBefore(this.starts, g.end);
    return n > 0 && this.reach[n - 1] >= g.start;
  }
}

/** Every offset where `needle` starts in `text`, in order. */
function occurrences(text: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) out.push(i);
  return out;
}

/** The greatest of sorted `offsets` at or before `limit`, or -1. */
function lastAtOrBefore(offsets: readonly number[], limit: number): number {
  const n = countAtOrBefore(offsets, limit);
  return n > 0 ? offsets[n - 1] : -1;
}

/** How many of sorted `values` are at or before `limit` (a binary search). */
function countAtOrBefore(values: readonly number[], limit: number): number {
  let lo = 0, hi = values.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (values[mid] <= limit) lo = mid + 1; else hi = mid; }
  return lo;
}

/** The first character of the first token of `lines` (a line comment is none); null where they hold
 * none; undefined where that cannot be told (a block comment first). */
function firstToken(lines: string): string | null | undefined {
  for (const line of lines.split('\n')) {
    const text = line.trimStart();
    if (text === '' || text.startsWith('//')) continue;
    return text.startsWith('/*') ? undefined : text[0];
  }
  return null;
}

function count(text: string, c: string): number {
  let n = 0;
  for (let i = text.indexOf(c); i >= 0; i = text.indexOf(c, i + 1)) n++;
  return n;
}

/** `before` with `edits` made to both its texts and everything after them moved. */
function moved(before: Preprocessed, source: string, edits: readonly TextEdit[]): Preprocessed {
  const map = before.map;
  // Every edit lies in text copied as it is: the same edit of the analysed text, at its place there.
  const textEdits = edits.map(e => ({ start: map.offsetToText(e.start), end: map.offsetToText(e.end), newText: e.newText }));
  const inSource = shifter(edits);
  const inText = shifter(textEdits);
  const span = (s: Span, at: (n: number) => number): Span => ({ start: at(s.start), end: at(s.end) });
  const segments: Segment[] = map.segments.map(s => ({
    ...s, text: span(s.text, inText), source: span(s.source, inSource),
    ...(s.args ? { args: s.args.map(a => ({ text: span(a.text, inText), source: span(a.source, inSource) })) } : {}),
  }));
  const definitions = new Map<MacroDefinition, MacroDefinition>();
  const definition = (d: MacroDefinition) => {
    if (d.file !== undefined) return d;
    let moved = definitions.get(d);
    if (!moved) definitions.set(d, (moved = { ...d, span: span(d.span, inSource) }));
    return moved;
  };
  const text = applyEdits(before.text, textEdits);
  return {
    ...before,
    source,
    text,
    map: new SourceMap(text, source, segments),
    macros: new Map([...before.macros].map(([name, d]) => [name, definition(d)])),
    uses: before.uses.map(u => ({ ...u, definition: definition(u.definition), source: span(u.source, inSource), text: span(u.text, inText) })),
    includes: before.includes.map(l => ({ ...l, span: span(l.span, inSource) })),
    headers: before.headers.map(h => ({ ...h, includedAt: span(h.includedAt, inSource) })),
    inactive: before.inactive.map(s => span(s, inSource)),
    openmpConditionals: before.openmpConditionals.map(c => ({ ...c, lines: c.lines.map(l => span(l, inSource)) })),
    diagnostics: before.diagnostics.map(d => ({ ...d, ...span(d, inSource) })),
  };
}

/** An offset outside every edit, where it lands after them. */
function shifter(edits: readonly TextEdit[]): (offset: number) => number {
  const ends = edits.map(e => e.end);
  const deltas: number[] = [];
  let delta = 0;
  for (const e of edits) deltas.push((delta += e.newText.length - (e.end - e.start)));
  return offset => {
    // The edits ending at or before the offset move it.
    const n = countAtOrBefore(ends, offset);
    return offset + (n > 0 ? deltas[n - 1] : 0);
  };
}
