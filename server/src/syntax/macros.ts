// The `#define`s of a file: what a name expands to. Text-level on purpose, like includes.ts: a
// definition may sit anywhere (inside a function too) and its body is tokens, not C the parser reads.

export interface Macro {
  name: string;
  /** The parameters of a function-like macro (`MIN(a, b)`); undefined for an object-like one. */
  params?: string[];
  /** The replacement text, continuation lines joined, comments dropped. */
  body: string;
  /** Offset of the `#` of its line. */
  start: number;
}

const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)(\([^)]*\))?((?:[^\n\\]|\\[^\n]|\\\n)*)$/gm;

/** Every `#define` of the text by name (the last one wins, as after an `#undef` and a new definition),
 * except those inside a block comment or an `#if 0` group, which the compiler never sees. */
export function macroDefinitions(text: string): Map<string, Macro> {
  const out = new Map<string, Macro>();
  const dead = deadSpans(text);
  for (const m of text.matchAll(DEFINE)) {
    if (dead.some(d => d.start <= m.index! && m.index! < d.end)) continue;
    const params = m[2] ? m[2].slice(1, -1).split(',').map(p => p.trim()).filter(Boolean) : undefined;
    const body = m[3].replace(/\\\n/g, ' ').replace(/\/\*[^]*?\*\/|\/\/.*$/g, ' ').trim();
    out.set(m[1], { name: m[1], ...(params ? { params } : {}), body, start: m.index! });
  }
  return out;
}

// Block comments, string and character literals (a `/*` inside one opens nothing), conditional lines.
const TOKEN = new RegExp([
  /\/\*[^]*?(?:\*\/|$(?![^]))/, /\/\/[^\n]*/, /"(?:[^"\\\n]|\\.)*"/, /'(?:[^'\\\n]|\\.)*'/,
  /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b([^\n]*)/,
].map(r => r.source).join('|'), 'gm');

/** Where directives are not seen: block comments, and the lines of `#if 0` up to its `#else`,
 * `#elif` or `#endif` (conditionals nested inside it included). */
function deadSpans(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  /** Open conditionals; `deadFrom` where the one that hides its lines began hiding them. */
  const open: { deadFrom?: number }[] = [];
  const hidden = () => open.some(c => c.deadFrom !== undefined);
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index!, directive = m[1];
    if (!directive) {
      if (m[0].startsWith('/*') && !hidden()) out.push({ start: at, end: at + m[0].length });
      continue;
    }
    const condition = (m[2] ?? '').replace(/\/\*[^]*?\*\/|\/\/.*$/g, '').trim();
    if (directive === 'if' || directive === 'ifdef' || directive === 'ifndef') {
      open.push(!hidden() && directive === 'if' && condition === '0' ? { deadFrom: at } : {});
    } else if (open.length) {
      const top = open[open.length - 1];
      if (top.deadFrom !== undefined && (directive === 'endif' || directive === 'else' || directive === 'elif')) {
        out.push({ start: top.deadFrom, end: at });
        top.deadFrom = undefined;
      }
      if (directive === 'endif') open.pop();
    }
  }
  const still = open.find(c => c.deadFrom !== undefined);
  if (still) out.push({ start: still.deadFrom!, end: text.length });
  return out;
}

/** An object-like macro whose body names nothing (`#define N 4096`, `(long) 1 << 20`): one value
 * for the whole program, a constant wherever it is used. */
export function isConstantMacro(macro: Macro | undefined): boolean {
  return !!macro && !macro.params && macro.body !== '' && macroIdentifiers(macro).length === 0;
}

/** Whether a macro's body assigns or increments (`=`, `+=`, `++`, `--`; not `==`, `<=`): a
 * function-like macro that does neither changes no memory when called. */
export function macroWrites(macro: Macro): boolean {
  return /(^|[^=!<>])=(?!=)|\+\+|--/.test(macro.body);
}

/** C's keywords and type names: words of a macro body that name no variable. */
const C_WORDS = new Set([
  'auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double', 'else', 'enum', 'extern', 'float',
  'for', 'goto', 'if', 'inline', 'int', 'long', 'register', 'restrict', 'return', 'short', 'signed', 'sizeof', 'static',
  'struct', 'switch', 'typedef', 'union', 'unsigned', 'void', 'volatile', 'while', '_Bool', '_Complex', 'bool', 'true',
  'false', 'size_t', 'ptrdiff_t', 'int8_t', 'int16_t', 'int32_t', 'int64_t', 'uint8_t', 'uint16_t', 'uint32_t',
  'uint64_t',
]);

/** The identifiers a macro's body names as values: not those called (`f(`), not member names
 * (`.x`, `->x`), not string or character contents, not the macro's own parameters. */
export function macroIdentifiers(macro: Macro): string[] {
  return expressionIdentifiers(macro.body, macro.params);
}

/** The identifiers an expression's text names as values (as `macroIdentifiers` reads a body),
 * except `params`: for expressions kept as text, such as an array's extents. */
export function expressionIdentifiers(expression: string, params: readonly string[] = []): string[] {
  const body = expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ');
  const out: string[] = [];
  for (const m of body.matchAll(/(\.|->)?\s*\b([A-Za-z_]\w*)\b(\s*\()?/g)) {
    if (m[1] || m[3] || params.includes(m[2]) || C_WORDS.has(m[2])) continue;
    if (!out.includes(m[2])) out.push(m[2]);
  }
  return out;
}
