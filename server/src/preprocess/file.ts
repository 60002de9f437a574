// One file preprocessed (C11 6.10): its directives carried out, its text lines' macro uses
// expanded, its conditional lines and inactive groups blanked. The output is built from the
// file's text: verbatim stretches copied, each blank and each expansion a segment.

import type { Code } from '../base/codes';
import { LineIndex } from '../base/lines';
import type { Segment } from '../base/sourcemap';
import type { Span } from '../base/span';
import { evaluateCondition } from './conditions';
import { ExpansionError, Expander, type ExpanderHost, type TokenSource, type XToken } from './expand';
import type { IncludeLine, MacroUse, OpenmpConditional } from './types';
import { lex, wouldGlue, type PpToken } from './lexer';
import { parseDefine, spell, type Macro } from './macro';
import type { UnitState } from './unit';
import { DIALECT_OF, KEYWORD_SPELLINGS } from '../base/dialects';
import { DIALECT_LABELS } from '../../../shared/dialects';

/** What a file run needs from the unit around it. */
export interface FileContext {
  unit: UnitState;
  /** `#include`: the header found, read and preprocessed (or the reason it was not). */
  include(line: IncludeLine, from: FileRun): void;
  /** Whether `__has_include` finds the header. */
  hasInclude(spelled: string, angled: boolean, from: FileRun): boolean;
  /** A diagnostic at `span` of this file (a header's goes to the user's `#include` line). */
  report(code: Code, span: Span, message: string, from: FileRun): void;
  /** Whether a use of the object-like `m` stays as written (a program constant). */
  isConstant(name: string, m: Macro): boolean;
  /** A constant's full expansion. */
  constantValue(m: Macro): XToken[] | undefined;
}

export interface FileOutput {
  text: string;
  segments: Segment[];
  uses: MacroUse[];
  includes: IncludeLine[];
  inactive: Span[];
  openmpConditionals: OpenmpConditional[];
  /** A use expanded `__LINE__` (whose value moves with every line added or removed above it). */
  readsLines: boolean;
}

interface Group {
  parentActive: boolean;
  active: boolean;
  taken: boolean;
  sawElse: boolean;
  at: Span;
  kw: string;
  /** Its directive lines, whole, and which of the groups between them is active (-1: none). */
  lines: Span[];
  activeGroup: number;
  /** A condition of the chain reads `_OPENMP`. */
  openmp: boolean;
}

/** Whether a conditional's tokens name `_OPENMP` (`#ifdef _OPENMP`, `#if _OPENMP >= 201511`). */
function readsOpenmp(rest: PpToken[]): boolean {
  return rest.some(t => t.kind === 'id' && t.text === '_OPENMP');
}

const CONDITIONALS = new Set(['if', 'ifdef', 'ifndef', 'elif', 'elifdef', 'elifndef', 'else', 'endif']);

export class FileRun {
  readonly lines: LineIndex;
  private toks: PpToken[] = [];
  private readonly groups: Group[] = [];
  private out = '';
  private copied = 0;
  private readonly segments: Segment[] = [];
  private readonly uses: MacroUse[] = [];
  private readonly includes: IncludeLine[] = [];
  private readonly inactive: Span[] = [];
  private readonly openmpConditionals: OpenmpConditional[] = [];
  private regionFrom = -1;
  private useLine = 0;
  private readsLines = false;
  /** The first error of the current use (reported once, on the use). */
  private pendingError?: string;
  private readonly text: Expander;
  private readonly cond: Expander;
  /** Include guard detection (what gcc's multiple-include optimisation looks for): `#ifndef G`
   * before anything else, `#define G` in it, nothing after its `#endif`. */
  private guardCandidate?: string;
  private guardOpen = -1;
  private guardClosed = false;
  /** Something outside every group: text, a directive, another group. */
  private sawCode = false;

  constructor(private readonly ctx: FileContext, readonly source: string, readonly path: string | undefined,
    readonly displayName: string, readonly user: boolean) {
    this.lines = new LineIndex(source);
    const host = (mode: 'text' | 'if'): ExpanderHost => ({
      lookup: name => ctx.unit.lookup(name),
      expands: (name, m) => mode === 'if' || !!m.params || !!m.dynamic || !ctx.isConstant(name, m),
      dynamic: kind => kind === 'line'
        ? (this.readsLines = true, { kind: 'number', text: String(this.useLine + 1), space: false })
        : { kind: 'string', text: JSON.stringify(this.displayName), space: false },
      error: message => { this.pendingError ??= message; },
      value: name => {
        const m = ctx.unit.lookup(name);
        return (m && !m.system && ctx.constantValue(m)) || [{ kind: 'id', text: name, space: false }];
      },
    });
    this.text = new Expander(host('text'));
    this.cond = new Expander(host('if'));
  }

  /** The include guard, if the whole file is one `#ifndef G / #define G ... #endif`. */
  get guard(): string | undefined {
    return this.guardClosed && !this.sawCode && this.groups.length === 0 ? this.guardCandidate : undefined;
  }

  run(): FileOutput {
    const toks = this.toks = lex(this.source);
    let i = 0;
    while (i < toks.length) {
      const t = toks[i];
      if (t.kind === 'newline') { i++; continue; }
      if (t.bol && (t.text === '#' || t.text === '%:')) { i = this.directive(i); continue; }
      if (this.groups.length === 0) this.sawCode = true;
      i = this.isActive() ? this.textLine(i) : this.lineEnd(i);
    }
    for (const g of this.groups.splice(0).reverse()) {
      this.report('MF112', g.at, `unterminated #${g.kw}`);
      if (g.parentActive && !g.active) this.closeRegion(this.source.length + 1);
    }
    this.out += this.source.slice(this.copied);
    const { out: text, segments, uses, includes, inactive, openmpConditionals, readsLines } = this;
    return { text, segments, uses, includes, inactive, openmpConditionals, readsLines };
  }

  private isActive(): boolean { return this.groups.length === 0 || this.groups[this.groups.length - 1].active; }

  /** The index of the newline token ending the line of token `i` (or the end). */
  private lineEnd(i: number): number {
    while (i < this.toks.length && this.toks[i].kind !== 'newline') i++;
    return i;
  }

  private report(code: Code, span: Span, message: string): void { this.ctx.report(code, span, message, this); }

  // ---- output ----

  /** The user's text up to `start` copied, then `text` standing for `start..end`. */
  private emit(kind: 'blank' | 'expansion', start: number, end: number, text: string, extra?: Partial<Segment>): void {
    const prev = this.segments[this.segments.length - 1];
    if (kind === 'blank' && prev?.kind === 'blank' && prev.source.end <= start && this.copied === prev.source.end
      && /^[\r\n]*$/.test(this.source.slice(prev.source.end, start))) {
      this.out += this.source.slice(prev.source.end, start) + text;
      prev.text.end += end - prev.source.end;
      prev.source.end = end;
      this.copied = end;
      return;
    }
    this.out += this.source.slice(this.copied, start);
    const at = this.out.length;
    this.out += text;
    this.segments.push({ kind, text: { start: at, end: this.out.length }, source: { start, end }, ...extra });
    this.copied = end;
  }

  private blank(start: number, end: number): void {
    if (end > start) this.emit('blank', start, end, this.source.slice(start, end).replace(/[^\n]/g, ' '));
  }

  private closeRegion(upto: number): void {
    const from = this.regionFrom;
    this.regionFrom = -1;
    const end = Math.min(upto - 1, this.source.length);
    if (from < 0 || end <= from) return;
    this.blank(from, end);
    if (this.user) this.inactive.push({ start: from, end });
  }

  // ---- text lines ----

  /** The tokens of a text line from `i`: each macro use expanded. Returns the index after them. */
  private textLine(i: number): number {
    const toks = this.toks;
    while (i < toks.length && toks[i].kind !== 'newline') {
      const t = toks[i];
      if (t.kind === 'id') {
        const m = this.ctx.unit.lookup(t.text);
        if (m && !m.system && (m.params || m.dynamic || !this.ctx.isConstant(t.text, m))) { i = this.use(i, m); continue; }
      }
      i++;
    }
    return i;
  }

  /** The use of `m` whose name is token `i`; returns the index after it. */
  private use(i: number, m: Macro): number {
    const toks = this.toks, name = toks[i];
    let j = i + 1, lastEnd = name.end;
    const skip = (k: number) => { while (k < toks.length && toks[k].kind === 'newline') k++; return k; };
    const at = (k: number): XToken | undefined => {
      const t = toks[k];
      if (!t || (t.bol && (t.text === '#' || t.text === '%:'))) return undefined;
      return { kind: t.kind, text: t.text, space: t.space, src: t.start };
    };
    const src: TokenSource = {
      peek: () => at(skip(j)),
      next: () => {
        const k = skip(j);
        const t = at(k);
        if (t) { j = k + 1; lastEnd = toks[k].end; }
        return t;
      },
    };
    if (m.params && src.peek()?.text !== '(') return i + 1;
    this.useLine = this.lines.position(name.start).line;
    this.pendingError = undefined;
    let result: XToken[];
    try {
      result = this.text.expandUse({ kind: 'id', text: name.text, space: false, src: name.start }, src);
    } catch (e) {
      if (!(e instanceof ExpansionError)) throw e;
      this.report('MF113', { start: name.start, end: lastEnd }, e.message);
      return i + 1;
    }
    const failed = result[0]?.blue && result[0].src === name.start;
    if (this.pendingError) {
      this.report('MF113', { start: name.start, end: failed ? name.end : lastEnd }, this.pendingError);
    }
    if (failed) return i + 1;
    const { text, args } = render(result, this.source);
    const newlines = countNewlines(this.source, name.start, lastEnd);
    this.out += this.source.slice(this.copied, name.start);
    this.copied = name.start;
    const base = this.out.length;
    const shifted = args.map(a => ({ text: { start: a.text.start + base, end: a.text.end + base }, source: a.source }));
    this.emit('expansion', name.start, lastEnd, text + '\n'.repeat(newlines),
      { macro: name.text, ...(shifted.length ? { args: shifted } : {}) });
    if (this.user) {
      this.uses.push({ name: name.text, definition: m.def, source: { start: name.start, end: lastEnd },
        text: { start: base, end: base + text.length } });
    }
    return j;
  }

  // ---- directives ----

  private directive(i: number): number {
    const toks = this.toks, hash = toks[i];
    const end = this.lineEnd(i);
    const line = toks.slice(i + 1, end);
    const lineStart = this.source.lastIndexOf('\n', hash.start - 1) + 1;
    let lineEndOffset = end < toks.length ? toks[end].start : this.source.length;
    const nextLine = end < toks.length ? toks[end].end : this.source.length + 1;
    if (this.source.charCodeAt(lineEndOffset - 1) === 13 && lineEndOffset - 1 > hash.start) lineEndOffset--;
    const span = { start: hash.start, end: lineEndOffset };
    const kw = line[0]?.kind === 'id' ? line[0].text : '';
    if (CONDITIONALS.has(kw)) {
      this.conditional(kw, line.slice(1), span, lineStart, nextLine);
      return end;
    }
    if (!this.isActive()) return end;
    if (this.groups.length === 0) this.sawCode = true;
    const rest = line.slice(1);
    switch (kw) {
      case 'define': {
        const m = parseDefine(rest, this.user ? undefined : this.path, t => ({ start: t.start, end: t.end }));
        if (typeof m === 'string') this.report('MF112', span, m);
        else {
          if (this.user) {
            const redefined = keywordMacro(m);
            if (redefined) this.report('MF115', span, redefined);
          }
          this.ctx.unit.define(m);
          if (this.guardOpen === 1 && this.guardCandidate === m.def.name) this.guardOpen = 2;
        }
        break;
      }
      case 'undef':
        if (rest[0]?.kind !== 'id') this.report('MF112', span, 'no macro name given in #undef directive');
        else this.ctx.unit.undef(rest[0].text);
        break;
      case 'include': case 'include_next': case 'import':
        this.include(rest, span);
        break;
      case 'error':
        this.report('MF111', span, `#error ${spell(rest.map((t, k) => k === 0 ? { ...t, space: false } : t))}`.trim());
        break;
      case 'pragma':
        if (rest[0]?.text === 'once' && this.path) this.ctx.unit.markOnce(this.path);
        break;
      case 'warning': case 'line': case 'ident': case 'sccs': case 'assert': case 'unassert': case '':
        break;
      default:
        this.report('MF112', span, `invalid preprocessing directive #${line[0].text}`);
    }
    return end;
  }

  private include(rest: PpToken[], span: Span): void {
    let toks: readonly { kind: string; text: string; start?: number; end?: number }[] = rest;
    if (rest[0] && rest[0].kind !== 'string' && rest[0].text !== '<') {
      // A computed include (C11 6.10.2p4): the line macro-expanded first.
      toks = this.cond.expandLine(rest.map(t => ({ kind: t.kind, text: t.text, space: t.space })));
    }
    let spelled: string | undefined, angled = false;
    if (toks[0]?.kind === 'string' && toks[0].text.startsWith('"')) spelled = toks[0].text.slice(1, -1);
    else if (toks === rest && rest[0]?.text === '<') {
      // A header name is read as characters (C11 6.4.7): `//` in it starts no comment.
      const close = this.source.indexOf('>', rest[0].end);
      if (close >= 0 && close <= span.end) { angled = true; spelled = this.source.slice(rest[0].end, close); }
    } else if (toks[0]?.text === '<') {
      const close = toks.findIndex(t => t.text === '>');
      if (close > 0) { angled = true; spelled = toks.slice(1, close).map(t => t.text).join(''); }
    }
    if (spelled === undefined) { this.report('MF112', span, '#include expects "FILENAME" or <FILENAME>'); return; }
    const line: IncludeLine = { span, spelled, angled };
    if (this.user) this.includes.push(line);
    this.ctx.include(line, this);
  }

  /** `span`: the directive; `next`: the start of the line after it. */
  private conditional(kw: string, rest: PpToken[], span: Span, lineStart: number, next: number): void {
    const groups = this.groups;
    const top = groups[groups.length - 1];
    const lineEnd = span.end;
    if (kw === 'if' || kw === 'ifdef' || kw === 'ifndef') {
      const parentActive = this.isActive();
      const g: Group = {
        parentActive, active: false, taken: false, sawElse: false, at: span, kw,
        lines: [{ start: lineStart, end: next }], activeGroup: -1, openmp: readsOpenmp(rest),
      };
      if (parentActive) {
        this.blank(lineStart, lineEnd);
        g.active = this.test(kw, rest, span);
        g.taken = g.active;
        if (g.active) g.activeGroup = 0;
        if (!g.active) this.regionFrom = next;
        if (kw === 'ifndef' && groups.length === 0 && !this.sawCode && this.guardOpen < 0 && rest[0]?.kind === 'id') {
          this.guardCandidate = rest[0].text;
          this.guardOpen = 1;
        } else if (groups.length === 0) this.sawCode = true;
      }
      groups.push(g);
      return;
    }
    if (!top) {
      this.report('MF112', span, `#${kw} without #if`);
      if (this.isActive()) this.blank(lineStart, lineEnd);
      return;
    }
    if (top.parentActive) {
      if (!top.active) this.closeRegion(lineStart);
      this.blank(lineStart, lineEnd);
    }
    top.lines.push({ start: lineStart, end: next });
    top.openmp ||= readsOpenmp(rest);
    if (kw === 'endif') {
      groups.pop();
      if (top.parentActive && top.openmp && this.user) this.openmpConditionals.push({ lines: top.lines, active: top.activeGroup });
      if (groups.length === 0 && this.guardOpen === 2) this.guardClosed = true;
      return;
    }
    if (groups.length === 1) this.guardOpen = -1;
    if (top.sawElse) { this.report('MF112', span, `#${kw} after #else`); top.active = false; }
    else if (kw === 'else') {
      top.sawElse = true;
      top.active = top.parentActive && !top.taken;
      top.taken = true;
    } else if (!top.parentActive || top.taken) top.active = false;
    else { top.active = this.test(kw, rest, span); top.taken = top.active; }
    if (top.active) top.activeGroup = top.lines.length - 1;
    if (top.parentActive && !top.active) this.regionFrom = next;
  }

  /** The value of the condition of `#if`/`#elif` (`#ifdef`...): a malformed one is reported and false. */
  private test(kw: string, rest: PpToken[], span: Span): boolean {
    if (kw.endsWith('def')) {
      if (rest[0]?.kind !== 'id') {
        this.report('MF112', span, `no macro name given in #${kw} directive`);
        return false;
      }
      return (this.ctx.unit.lookup(rest[0].text) !== undefined) === !kw.endsWith('ndef');
    }
    this.useLine = this.lines.position(span.start).line;
    const v = evaluateCondition(rest.map(t => ({ kind: t.kind, text: t.text, space: t.space })), {
      isDefined: name => this.ctx.unit.lookup(name) !== undefined,
      hasInclude: (spelled, angled) => this.ctx.hasInclude(spelled, angled, this),
      expander: this.cond,
    });
    if (typeof v === 'string') { this.report('MF112', span, v); return false; }
    return v;
  }
}

type ArgStretch = { text: Span; source: Span };

function countNewlines(s: string, start: number, end: number): number {
  let n = 0;
  for (let k = s.indexOf('\n', start); k >= 0 && k < end; k = s.indexOf('\n', k + 1)) n++;
  return n;
}

/** An expansion's text (a space where the source had one or where tokens would glue) and the
 * stretches of it copied unchanged from `source`. */
export function render(tokens: readonly XToken[], source?: string): { text: string; args: ArgStretch[] } {
  let text = '';
  const args: { text: Span; source: Span }[] = [];
  let prev: XToken | undefined;
  for (const t of tokens) {
    if (prev && (t.space || wouldGlue(prev.text, t.text))) text += ' ';
    const at = text.length;
    text += t.text;
    if (source !== undefined && t.src !== undefined && source.startsWith(t.text, t.src)) {
      const last = args[args.length - 1];
      const gap = last && source.slice(last.source.end, t.src);
      if (last && gap === text.slice(last.text.end, at) && prev?.src !== undefined) {
        last.text.end = text.length; last.source.end = t.src + t.text.length;
      } else args.push({ text: { start: at, end: text.length }, source: { start: t.src, end: t.src + t.text.length } });
    }
    prev = t;
  }
  return { text, args };
}

/**
 * What to say where the user's file defines a parallel keyword as a macro (OpenCilk's bzip2:
 * `#define cilk_spawn` in the `#else` of `#ifdef __cilk`): its uses then read as the macro makes
 * them, serial code where it expands to nothing, and no translation sees a construct there.
 */
function keywordMacro(m: Macro): string | undefined {
  const name = m.def.name;
  const keyword = Object.hasOwn(KEYWORD_SPELLINGS, name) ? KEYWORD_SPELLINGS[name] : undefined;
  if (!keyword) return undefined;
  const dialect = DIALECT_OF[keyword];
  const body = m.def.body.trim();
  const reads = body ? `as '${body}'` : 'as nothing: the code around its uses reads as serial code';
  const hint = dialect === 'cilkplus' ? ` (OpenCilk's compiler defines '__cilk': '-D __cilk=200' reads a file that tests it as OpenCilk does)` : '';
  return `'${name}' is defined as a macro here, so its uses read ${reads}, not as ${DIALECT_LABELS[dialect]}'s '${keyword}'${hint}`;
}
