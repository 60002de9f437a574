// Macro expansion (C11 6.10.3): arguments collected and fully expanded before substitution
// unless an operand of `#` or `##`, the result rescanned with the rest of the input. Recursion
// stops by hide sets (Prosser's algorithm): a token carries the names of the macros whose
// expansion produced it, and a name in its own hide set is never expanded again, which makes
// `#define f(x) x+f(x)` end where gcc ends it.

import { lex, type TokenKind } from './lexer';
import type { Macro } from './macro';

export interface XToken {
  kind: TokenKind | 'placemarker';
  text: string;
  space: boolean;
  hide?: HideSet;
  /** The offset in the file's text of a token copied unchanged from it. */
  src?: number;
  /** A macro name met inside its own expansion: never expanded again (C11 6.10.3.4p2). */
  blue?: boolean;
  /** A program constant's name left standing where the expansion would have replaced it. */
  constant?: boolean;
}

/** Tokens read one at a time, newlines skipped. */
export interface TokenSource {
  peek(): XToken | undefined;
  next(): XToken | undefined;
}

export class ExpansionError extends Error {}

/** A hide set. Adding a name to a set is remembered, so that the sets an expansion builds again
 * and again (every token of every use of a macro) are made once per expander. */
export class HideSet {
  private readonly added = new Map<string, HideSet>();
  private constructor(private readonly names: ReadonlySet<string>) {}

  static empty(): HideSet { return new HideSet(new Set()); }

  has(name: string): boolean { return this.names.has(name); }

  with(name: string): HideSet {
    if (this.names.has(name)) return this;
    let s = this.added.get(name);
    if (!s) { s = new HideSet(new Set([...this.names, name])); this.added.set(name, s); }
    return s;
  }

  union(o: HideSet | undefined): HideSet {
    let r: HideSet = this;
    if (o && o !== this) for (const n of o.names) r = r.with(n);
    return r;
  }

  /** The names of both, added to `base` (an empty set of the same expander). */
  intersect(o: HideSet | undefined, base: HideSet): HideSet {
    let r = base;
    if (o) for (const n of this.names) if (o.has(n)) r = r.with(n);
    return r;
  }
}

export interface ExpanderHost {
  lookup(name: string): Macro | undefined;
  /** Whether a use of `name` is expanded (a program constant is not, in the analysed text). */
  expands(name: string, macro: Macro): boolean;
  /** The value of `__LINE__` / `__FILE__` at the current use. */
  dynamic(kind: 'file' | 'line'): XToken;
  /** A malformed use: reported, and the name is left as written. */
  error(message: string): void;
  /** The full expansion of a constant left standing (`expands` false), for `#` and `##`, which
   * see what gcc's expansion would have put there. */
  value(name: string): XToken[];
}

/** Tokens produced past this stop an expansion: a definition that grows without end. */
export const EXPANSION_LIMIT = 1_000_000;

export class Expander {
  private produced = 0;
  private readonly empty = HideSet.empty();

  /** `limit`: the tokens one use may produce before it is abandoned. */
  constructor(private readonly host: ExpanderHost, private readonly limit = EXPANSION_LIMIT) {}

  /** `tokens` fully expanded on their own (an `#if` line, a constant's value). */
  expandLine(tokens: readonly XToken[]): XToken[] {
    this.produced = 0;
    return this.expandList(tokens).filter(t => t.kind !== 'placemarker');
  }

  /** An argument fully expanded before substitution (C11 6.10.3.1). */
  private expandList(tokens: readonly XToken[]): XToken[] {
    let i = 0;
    const src: TokenSource = { peek: () => tokens[i], next: () => tokens[i++] };
    const out: XToken[] = [];
    const pending: XToken[] = [];
    for (let t = this.read(pending, src); t; t = this.read(pending, src)) this.step(t, pending, src, out);
    return out;
  }

  /** The expansion of the use that starts with `name`, reading its arguments (and those of a
   * function-like macro its expansion ends with, as gcc does) from `src`. */
  expandUse(name: XToken, src: TokenSource): XToken[] {
    this.produced = 0;
    const out: XToken[] = [];
    const pending: XToken[] = [];
    this.step(name, pending, src, out);
    while (pending.length) this.step(pending.pop()!, pending, src, out);
    return out.filter(t => t.kind !== 'placemarker');
  }

  private read(pending: XToken[], src: TokenSource): XToken | undefined {
    return pending.length ? pending.pop() : src.next();
  }

  private peek(pending: XToken[], src: TokenSource): XToken | undefined {
    return pending.length ? pending[pending.length - 1] : src.peek();
  }

  /** `t` read: a macro use expands onto `pending` (rescanned), anything else goes out. */
  private step(t: XToken, pending: XToken[], src: TokenSource, out: XToken[]): void {
    if (t.kind !== 'id' || t.blue) { out.push(t); return; }
    const m = this.host.lookup(t.text);
    if (!m || m.system) { out.push(t); return; }
    if (!this.host.expands(t.text, m)) { out.push({ ...t, constant: true }); return; }
    if (t.hide?.has(t.text)) { out.push({ ...t, blue: true }); return; }
    if (m.dynamic) { out.push({ ...this.host.dynamic(m.dynamic), space: t.space }); return; }
    let result: XToken[];
    if (!m.params) {
      result = this.substitute(m, [], (t.hide ?? this.empty).with(t.text), t.space);
    } else {
      if (this.peek(pending, src)?.text !== '(') { out.push(t); return; }
      const consumed: XToken[] = [];
      const args = this.collect(t.text, m, pending, src, consumed);
      if (!args) {
        out.push({ ...t, blue: true });
        for (let k = consumed.length - 1; k >= 0; k--) pending.push(consumed[k]);
        return;
      }
      const rparen = consumed[consumed.length - 1];
      const hs = (t.hide ? t.hide.intersect(rparen.hide, this.empty) : this.empty).with(t.text);
      result = this.substitute(m, args, hs, t.space);
    }
    this.produced += result.length;
    if (this.produced > this.limit) throw new ExpansionError(`expansion of '${t.text}' exceeds ${this.limit} tokens`);
    for (let k = result.length - 1; k >= 0; k--) pending.push(result[k]);
  }

  /** The arguments of a call (C11 6.10.3p10-12), or undefined after reporting a wrong count or an
   * unterminated list. `consumed` gets every token read, `(` to `)`. */
  private collect(
    name: string, m: Macro, pending: XToken[], src: TokenSource, consumed: XToken[],
  ): XToken[][] | undefined {
    consumed.push(this.read(pending, src)!);
    const args: XToken[][] = [[]];
    let depth = 0;
    for (;;) {
      const t = this.read(pending, src);
      if (!t) { this.host.error(`unterminated argument list invoking macro "${name}"`); return undefined; }
      consumed.push(t);
      if (t.text === '(') depth++;
      else if (t.text === ')') { if (depth-- === 0) break; }
      else if (t.text === ',' && depth === 0 && !(m.variadic && args.length === m.params!.length)) {
        args.push([]); continue;
      }
      args[args.length - 1].push(t);
    }
    const n = m.params!.length;
    if (args.length === 1 && args[0].length === 0 && n === 0) return [];
    if (m.variadic && args.length === n - 1) args.push([]);
    if (args.length !== n) {
      const given = args.length === 1 && args[0].length === 0 ? 0 : args.length;
      this.host.error(`macro "${name}" ${given > n ? 'passed' : 'requires'} ${given > n ? given : n} arguments, but ${
        given > n ? `takes just ${n}` : `only ${given} given`}`);
      return undefined;
    }
    return args;
  }

  /** The replacement list with the arguments in place, `#` and `##` applied (C11 6.10.3.1-3). */
  private substitute(m: Macro, args: XToken[][], hs: HideSet, space: boolean): XToken[] {
    const params = m.params ?? [];
    const expanded: (XToken[] | undefined)[] = [];
    const vaIndex = m.variadic ? params.length - 1 : -1;
    const vaEmpty = vaIndex >= 0 && args[vaIndex].length === 0;
    const out: XToken[] = [];
    const body = m.body;
    let pasteNext = false;
    // One operand's tokens in place (`sp`: the space before the first), pasted to what precedes
    // when a `##` stands between them.
    const put = (toks: readonly XToken[], sp: boolean) => {
      let k = 0;
      if (pasteNext) {
        pasteNext = false;
        if (toks.length === 0) return;
        const popped = out.pop();
        if (popped?.constant) out.push(...this.valued([popped]).map(t => tagged(t, t.space, hs)));
        const lhs = popped?.constant ? out.pop() : popped;
        const right = this.valued(toks.slice(0, 1));
        for (const t of paste(lhs, right[0])) out.push(tagged(t, t.space, hs));
        for (let r = 1; r < right.length; r++) out.push(tagged(right[r], right[r].space, hs));
        k = 1;
      } else if (toks.length === 0) { out.push(PLACEMARKER); return; }
      for (; k < toks.length; k++) out.push(tagged(toks[k], k === 0 ? sp : toks[k].space, hs));
    };
    for (let i = 0; i < body.length; i++) {
      const b = body[i];
      const sp = i === 0 ? space : b.space;
      if (b.text === '##' && i > 0) { pasteNext = true; continue; }
      if (b.text === '#' && m.params) {
        const p = params.indexOf(body[i + 1].text);
        i++;
        put([{ kind: 'string', text: stringize(p >= 0 ? this.valued(args[p]) : []), space: b.space }], sp);
        continue;
      }
      if (b.kind === 'id' && b.text === '__VA_OPT__' && m.variadic && body[i + 1]?.text === '(') {
        let depth = 0, j = i + 1;
        for (; j < body.length; j++) {
          if (body[j].text === '(') depth++;
          else if (body[j].text === ')' && --depth === 0) break;
        }
        put(vaEmpty ? [] : this.substituteRange(m, args, body.slice(i + 2, j)), sp);
        i = j;
        continue;
      }
      const p = b.kind === 'id' && m.params ? params.indexOf(b.text) : -1;
      if (p < 0) {
        if (pasteNext) put([b as XToken], sp);
        else out.push(tagged(b as XToken, sp, hs));
        continue;
      }
      // GNU: `, ## __VA_ARGS__` drops the comma when the variable arguments are empty.
      if (pasteNext && p === vaIndex && out[out.length - 1]?.text === ',') {
        pasteNext = false;
        if (vaEmpty) out.pop();
        else args[p].forEach((t, k) => out.push(tagged(t, k === 0 ? b.space : t.space, hs)));
        continue;
      }
      const raw = pasteNext || body[i + 1]?.text === '##';
      put(raw ? args[p] : (expanded[p] ??= this.expandList(args[p])), sp);
    }
    return out.some(t => t === PLACEMARKER) ? out.filter(t => t !== PLACEMARKER) : out;
  }

  /** Constants left standing replaced by their values. */
  private valued(toks: readonly XToken[]): XToken[] {
    if (!toks.some(t => t.constant)) return toks as XToken[];
    return toks.flatMap(t => !t.constant ? [t]
      : this.host.value(t.text).map((v, k) => k === 0 ? { ...v, space: t.space } : v));
  }

  /** The tokens of a `__VA_OPT__` group, its parameters replaced by their expanded arguments. */
  private substituteRange(m: Macro, args: XToken[][], body: readonly XToken[]): XToken[] {
    const sub: Macro = { ...m, body: body as Macro['body'], dynamic: undefined };
    return this.substitute(sub, args, this.empty, body[0]?.space ?? false);
  }
}

const PLACEMARKER: XToken = { kind: 'placemarker', text: '', space: false };

/** `t` as it stands in an expansion whose hide set is `hs`. */
function tagged(t: XToken, space: boolean, hs: HideSet): XToken {
  return {
    kind: t.kind, text: t.text, space, hide: t.hide ? t.hide.union(hs) : hs,
    src: t.src, blue: t.blue, constant: t.constant,
  };
}

/** `#x`: the argument's spelling as a string literal (C11 6.10.3.2). */
function stringize(arg: readonly XToken[]): string {
  let s = '';
  arg.forEach((t, k) => {
    const text = t.kind === 'string' || t.kind === 'char' ? t.text.replace(/[\\"]/g, c => '\\' + c) : t.text;
    s += (k > 0 && t.space ? ' ' : '') + text;
  });
  return `"${s}"`;
}

/** `a ## b`: the spellings joined and read again; gcc keeps both tokens when that is not one token. */
function paste(a: XToken | undefined, b: XToken | undefined): XToken[] {
  if (!b || b.kind === 'placemarker') return a ? [a] : [];
  if (!a || a.kind === 'placemarker') return [b];
  const toks = lex(a.text + b.text);
  if (toks.length === 1) return [{ kind: toks[0].kind, text: toks[0].text, space: a.space, hide: a.hide }];
  return [a, b];
}
