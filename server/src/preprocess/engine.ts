// The preprocessor driver: the predefined and command-line macros, `#include` resolved and each
// header preprocessed (or answered from the cache), the constants rule decided over the whole
// unit, and the result assembled.

import * as fs from 'fs';
import * as nodePath from 'path';
import type { Code } from '../base/codes';
import { diagnostic, type MfDiagnostic } from '../base/diagnostic';
import { SourceMap } from '../base/sourcemap';
import type { Span } from '../base/span';
import { ExpansionError, Expander, type XToken } from './expand';
import { FileRun, render, type FileContext, type FileOutput } from './file';
import type { Flags, HeaderFiles, IncludeLine, MacroDefinition, PreprocessOptions, Preprocessed } from './types';
import { isKnownSystemHeader } from './known';
import { headerMacroNames, integerMacros, knownHeader } from './system';
import { commandLineMacro, type Macro } from './macro';
import { HeaderCache, noEffect, ONCE, UnitState, type Frame } from './unit';

/** gcc's limit on nested `#include`s. */
export const MAX_INCLUDE_DEPTH = 200;

/** Headers preprocessed, shared by every unit of the process (an edit re-preprocesses the user's
 * file, not the 5,000-line header it includes). */
const HEADER_CACHE = new HeaderCache();

export const DISK: HeaderFiles = {
  read(path: string): string | undefined {
    try { return fs.readFileSync(path, 'utf8'); } catch { return undefined; }
  },
};

const BUILT_IN = '<built-in>';
const COMMAND_LINE = '<command line>';

/** The macros gcc 12 predefines in C mode on x86-64 Linux that real code tests, and `_OPENMP`
 * (the tool reads programs as OpenMP ones; `-U_OPENMP` removes it). */
const PREDEFINED: readonly [string, string][] = [
  ['__STDC__', '1'], ['__STDC_VERSION__', '201710L'], ['__STDC_HOSTED__', '1'], ['__STDC_UTF_16__', '1'],
  ['__STDC_UTF_32__', '1'], ['__GNUC__', '12'], ['__GNUC_MINOR__', '2'], ['__GNUC_PATCHLEVEL__', '0'],
  ['__VERSION__', '"12.2.0"'], ['__x86_64__', '1'], ['__x86_64', '1'], ['__amd64__', '1'], ['__amd64', '1'],
  ['__linux__', '1'], ['__linux', '1'], ['__gnu_linux__', '1'], ['__unix__', '1'], ['__unix', '1'], ['__ELF__', '1'],
  ['__LP64__', '1'], ['_LP64', '1'], ['__CHAR_BIT__', '8'], ['__SIZEOF_SHORT__', '2'], ['__SIZEOF_INT__', '4'],
  ['__SIZEOF_LONG__', '8'], ['__SIZEOF_LONG_LONG__', '8'], ['__SIZEOF_POINTER__', '8'], ['__SIZEOF_FLOAT__', '4'],
  ['__SIZEOF_DOUBLE__', '8'], ['__SIZEOF_LONG_DOUBLE__', '16'], ['__SIZEOF_SIZE_T__', '8'], ['__SCHAR_MAX__', '0x7f'],
  ['__SHRT_MAX__', '0x7fff'], ['__INT_MAX__', '0x7fffffff'], ['__LONG_MAX__', '0x7fffffffffffffffL'],
  ['__LONG_LONG_MAX__', '0x7fffffffffffffffLL'], ['__SIZE_TYPE__', 'long unsigned int'],
  ['__PTRDIFF_TYPE__', 'long int'],
  ['__WCHAR_TYPE__', 'int'], ['__INTMAX_TYPE__', 'long int'], ['__UINTMAX_TYPE__', 'long unsigned int'],
  ['__ORDER_LITTLE_ENDIAN__', '1234'], ['__ORDER_BIG_ENDIAN__', '4321'], ['__BYTE_ORDER__', '__ORDER_LITTLE_ENDIAN__'],
  ['_OPENMP', '201511'],
];

/** What g++ 12 (C++17, its default) predefines instead of `__STDC_VERSION__`, which is C's alone. */
const PREDEFINED_CPLUSPLUS: readonly [string, string][] = [['__cplusplus', '201703L'], ['__GNUG__', '12']];

/** The predefined macros of the language the unit is read as. */
function predefinedNames(cplusplus: boolean): readonly [string, string][] {
  return cplusplus ? [...PREDEFINED.filter(([n]) => n !== '__STDC_VERSION__'), ...PREDEFINED_CPLUSPLUS] : PREDEFINED;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function predefined(now: Date, cplusplus: boolean): Macro[] {
  const p2 = (n: number) => String(n).padStart(2, '0');
  const date = `"${MONTHS[now.getMonth()]} ${String(now.getDate()).padStart(2, ' ')} ${now.getFullYear()}"`;
  const time = `"${p2(now.getHours())}:${p2(now.getMinutes())}:${p2(now.getSeconds())}"`;
  const list = [...predefinedNames(cplusplus), ['__DATE__', date], ['__TIME__', time]] as [string, string][];
  const out = list.map(([n, v]) => commandLineMacro(n, v, BUILT_IN)!);
  for (const kind of ['file', 'line'] as const) {
    const m = commandLineMacro(`__${kind.toUpperCase()}__`, '', BUILT_IN)!;
    out.push({ ...m, dynamic: kind, key: `<${kind}>` });
  }
  return out;
}

// Tokens a constant's expansion may hold besides numbers and character constants: operators and
// parentheses, nothing that declares, assigns or groups statements.
const NOT_IN_CONSTANTS = new Set(['{', '}', ';', '#', '##', '[', ']', '=', '*=', '/=', '%=', '+=', '-=', '<<=', '>>=',
  '&=', '^=', '|=', '++', '--', '.', '->', '...', '<:', ':>', '<%', '%>', '%:', '%:%:']);

/** A constant is a short expression: an object-like macro whose expansion grows past this is not
 * one, and is not expanded further to find out. */
const SHAPE_LIMIT = 10_000;

/** A name looked up and the key of its definition then. */
type MacroRead = [name: string, key: string | undefined];

class UnitRun implements FileContext {
  readonly diagnostics: MfDiagnostic[] = [];
  private depth = 0;
  private userInclude: Span = { start: 0, end: 0 };
  private readonly shapes: Expander;
  private readonly shapeCache = new Map<Macro, { tokens: XToken[] | undefined; reads: MacroRead[] }>();
  private shapeReads?: MacroRead[];
  private readonly cacheKey: string;

  constructor(readonly unit: UnitState, private readonly flags: Flags, private readonly userDir: string) {
    this.shapes = new Expander({
      lookup: name => {
        const m = unit.lookup(name);
        this.shapeReads?.push([name, m?.key]);
        return m;
      },
      expands: () => true,
      dynamic: () => ({ kind: 'id', text: '__dynamic__', space: false }),
      error: () => undefined,
      value: () => [],
    }, SHAPE_LIMIT);
    this.cacheKey = JSON.stringify([flags.includePaths, flags.quotePaths ?? [], flags.defines, [...unit.notConstants]]);
  }

  /** The full expansion of an object-like macro if it names nothing (a program constant). */
  shape(m: Macro): string | undefined {
    const toks = this.shapeTokens(m);
    return toks && render(toks).text;
  }

  /** The tokens of `shape`, remembered per definition with the definitions they read. */
  shapeTokens(m: Macro): XToken[] | undefined {
    const known = this.shapeCache.get(m);
    if (known && known.reads.every(([name, key]) => this.unit.lookup(name)?.key === key)) return known.tokens;
    this.shapeReads = [];
    const tokens = this.computeShape(m);
    this.shapeCache.set(m, { tokens, reads: this.shapeReads });
    this.shapeReads = undefined;
    return tokens;
  }

  private computeShape(m: Macro): XToken[] | undefined {
    if (m.params || m.dynamic || m.body.length === 0) return undefined;
    let toks: XToken[] = m.body.map(t => ({ kind: t.kind, text: t.text, space: t.space }));
    if (toks.some(t => t.kind === 'id')) {
      try {
        toks = this.shapes.expandLine(toks);
      } catch (e) {
        if (e instanceof ExpansionError) return undefined;
        throw e;
      }
    }
    // A value: some number, parentheses balanced, nothing but operators besides.
    let depth = 0, value = false;
    for (const t of toks) {
      if (t.kind === 'number' || t.kind === 'char') { value = true; continue; }
      if (t.kind !== 'punct' || NOT_IN_CONSTANTS.has(t.text)) return undefined;
      depth += t.text === '(' ? 1 : t.text === ')' ? -1 : 0;
      if (depth < 0) return undefined;
    }
    return value && depth === 0 ? toks : undefined;
  }

  constantValue(m: Macro): XToken[] | undefined { return this.shapeTokens(m); }

  isConstant(name: string, m: Macro): boolean {
    if (m.params || m.dynamic) return false;
    const constant = !this.unit.notConstants.has(name) && this.shape(m) !== undefined;
    this.unit.keep(name, !constant);
    return constant;
  }

  report(code: Code, span: Span, message: string, from: FileRun): void {
    if (from.user) { this.diagnostics.push(diagnostic(code, span, message)); return; }
    const text = `${from.displayName}:${from.lines.position(span.start).line + 1}: ${message}`;
    this.unit.headerDiagnostic(code, text);
    this.diagnostics.push(diagnostic(code, this.userInclude, text));
  }

  /** The folders searched for a header (GCC manual, "Search Path"). */
  private dirs(angled: boolean, from: FileRun): string[] {
    const here = from.path ? nodePath.dirname(from.path) : this.userDir;
    return angled ? [...this.flags.includePaths]
      : [here, ...this.flags.quotePaths ?? [], ...this.flags.includePaths];
  }

  private find(spelled: string, angled: boolean, from: FileRun): { path: string; text: string } | undefined {
    for (const dir of this.dirs(angled, from)) {
      const path = nodePath.resolve(dir, spelled);
      const text = this.unit.read(path);
      if (text !== undefined) return { path, text };
    }
    return undefined;
  }

  hasInclude(spelled: string, angled: boolean, from: FileRun): boolean {
    return this.find(spelled, angled, from) !== undefined || (angled ? isKnownSystemHeader(spelled) : knownHeader(spelled) !== undefined);
  }

  include(line: IncludeLine, from: FileRun): void {
    if (from.user) this.userInclude = line.span;
    const found = this.find(line.spelled, line.angled, from);
    if (!found) {
      // `#include "omp.h"` found nowhere beside the file falls back to the system's, as gcc's search
      // does; only for a header the tables know (a missing header of the program's own is an error).
      if (line.angled ? isKnownSystemHeader(line.spelled) : knownHeader(line.spelled) !== undefined) {
        line.known = line.spelled;
        this.unit.addSystem(line.spelled);
        // Its integer constants, for the `#if`s after it (a name left standing reads 0 there); its
        // other macros defined for `#ifdef` (`#ifndef HUGE_VAL`, meschach's, then defines its own), kept as names.
        const from = `<${line.spelled}>`;
        for (const [name, value] of integerMacros(line.spelled))
          if (!this.unit.lookup(name)) this.unit.define(commandLineMacro(name, value, from)!);
        for (const name of headerMacroNames(line.spelled))
          if (!this.unit.lookup(name)) this.unit.define(systemMacro(name, from), false);
        return;
      }
      const where = this.dirs(line.angled, from);
      const searched = where.length ? ` (searched ${where.join(', ')})` : ' (no include path given)';
      this.report('MF110', line.span, `'${line.spelled}' file not found${searched}`, from);
      return;
    }
    line.path = found.path;
    if (this.unit.lookup(ONCE + found.path)) return;
    const guard = this.unit.guards.get(found.path);
    if (guard !== undefined && this.unit.lookup(guard)) return;
    if (this.depth >= MAX_INCLUDE_DEPTH) {
      const message = `#include nested depth ${this.depth} exceeds maximum of ${MAX_INCLUDE_DEPTH}`;
      this.report('MF112', line.span, message, from);
      return;
    }
    this.header(found.path, found.text);
  }

  private header(path: string, text: string): void {
    const key = `${path}\0${this.cacheKey}`;
    const hit = HEADER_CACHE.find(key, this.unit);
    if (hit) {
      const at = this.userInclude;
      this.unit.replay(hit, at, (code, message) => this.diagnostics.push(diagnostic(code, at, message)));
      return;
    }
    const frame: Frame = { reads: new Map(), written: new Set(), files: new Map([[path, text]]), effect: noEffect() };
    this.unit.frames.push(frame);
    const unit = this.unit.addHeader(path, this.userInclude);
    this.depth++;
    const run = new FileRun(this, text, path, path, false);
    const out = run.run();
    this.depth--;
    this.unit.frames.pop();
    if (unit) unit.text = out.text;
    const guard = run.guard;
    if (guard) { this.unit.addGuard(path, guard); frame.effect.guards.push([path, guard]); }
    const writes = new Map<string, Macro | undefined>();
    for (const name of frame.written) writes.set(name, this.unit.macros.get(name));
    HEADER_CACHE.store(key, { files: frame.files, reads: frame.reads, writes, effect: frame.effect });
  }
}

/** A C library header's macro as the unit holds it (`Macro.system`), made once per name and header. */
function systemMacro(name: string, from: string): Macro {
  const key = `${from} ${name}`;
  let m = SYSTEM_MACROS.get(key);
  if (!m) SYSTEM_MACROS.set(key, (m = { ...commandLineMacro(name, name, from)!, system: true }));
  return m;
}
const SYSTEM_MACROS = new Map<string, Macro>();

/** One pass over the unit; `notConstants`: names the constants rule must not keep. */
function pass(source: string, options: PreprocessOptions, notConstants: ReadonlySet<string>, now: Date) {
  const flags = options.flags ?? { includePaths: [], defines: [] };
  const unit = new UnitState(options.files ?? DISK, notConstants);
  for (const m of predefined(now, !!options.cplusplus)) unit.define(m);
  for (const [spec, value] of flags.defines) {
    const name = spec.replace(/\(.*$/, '');
    if (value === null) { unit.macros.delete(name); continue; }
    const m = commandLineMacro(spec, value ?? '1', COMMAND_LINE);
    if (m) unit.define(m);
  }
  const userDir = options.fileName ? nodePath.dirname(options.fileName) : process.cwd();
  const run = new UnitRun(unit, flags, userDir);
  const out = new FileRun(run, source, options.fileName, options.fileName ?? '<stdin>', true).run();
  return { unit, run, out };
}

/** The constants of the unit: names whose every use was kept, defined once, never undefined. */
function constantsOf(unit: UnitState, run: UnitRun): Map<string, string> {
  const constants = new Map<string, string>();
  for (const [name, m] of unit.macros) {
    if (name.startsWith('\0') || m.params || m.dynamic || unit.undefined.has(name) || unit.expanded.has(name)) continue;
    if (unit.definitions.get(name)?.size !== 1) continue;
    // Not one of the file's or its headers': built in, from the command line, a system header's (`<limits.h>`).
    const fromFile = !m.def.file?.startsWith('<');
    if (!fromFile && !unit.kept.has(name)) continue;
    const shape = run.shape(m);
    if (shape !== undefined) constants.set(name, shape);
  }
  return constants;
}

/** The built-in names the preprocessor gives a value of its own at each use, or of the run. */
const DYNAMIC_NAMES = ['__FILE__', '__LINE__', '__DATE__', '__TIME__'];

/** Whether `source` names a predefined or `-D` macro (which expands even without a directive). */
function needsNames(source: string, flags: Flags | undefined, cplusplus: boolean): boolean {
  for (const [spec] of flags?.defines ?? []) if (source.includes(spec.replace(/\(.*$/, ''))) return true;
  const names = new Set(predefinedNames(cplusplus).map(p => p[0]).concat(DYNAMIC_NAMES));
  for (const m of source.matchAll(/\b_\w+/g)) if (names.has(m[0])) return true;
  return false;
}

/** The `#include <...>` lines of a file whose only directives are those and `#pragma`s, when no `-I`
 * folder could hold them (so none is read): such a file needs nothing else of the preprocessor, which
 * a large file would otherwise pay for at every keystroke. Undefined for any other file. */
function systemIncludesOnly(source: string, flags: Flags | undefined): IncludeLine[] | undefined {
  if (flags?.includePaths.length) return undefined;
  const includes: IncludeLine[] = [];
  for (const m of source.matchAll(/^[ \t]*#[^\n]*/gm)) {
    const line = m[0];
    if (/^[ \t]*#[ \t]*pragma\b/.test(line) && !line.endsWith('\\')) continue;
    const inc = /^[ \t]*#[ \t]*include[ \t]*<([^>\n]+)>[ \t]*(\/\/[^\n]*)?$/.exec(line);
    if (!inc || !isKnownSystemHeader(inc[1])) return undefined;
    const start = m.index! + line.indexOf('#');
    includes.push({ span: { start, end: m.index! + line.length }, spelled: inc[1], angled: true, known: inc[1] });
  }
  return includes;
}

/** The unit read as written: nothing expanded, no header read. */
export function asWritten(
  source: string, { includes = [], diagnostics = [] }: Pick<Partial<Preprocessed>, 'includes' | 'diagnostics'> = {},
): Preprocessed {
  return {
    source, text: source, map: SourceMap.identity(source), constants: new Map(), macros: new Map(), uses: [],
    includes, systemHeaders: includes.flatMap(l => (l.known ? [l.known] : [])), headers: [], inactive: [],
    openmpConditionals: [], dependencies: [], diagnostics,
  };
}

export function runPreprocessor(source: string, options: PreprocessOptions): Preprocessed {
  // Nothing to do without a directive or a predefined or `-D` name; little with system includes only.
  const { flags } = options;
  const includes = needsNames(source, flags, !!options.cplusplus) ? undefined
    : source.includes('#') ? systemIncludesOnly(source, flags) : [];
  if (includes) return asWritten(source, { includes });
  const now = new Date();
  // Every file read, with the text it had (a later edit is preprocessed in step only while they read the same).
  const read = new Map<string, string | undefined>();
  const files = options.files ?? DISK;
  options = { ...options, files: { read: path => { const text = files.read(path); read.set(path, text); return text; } } };
  let notConstants = new Set<string>();
  let result = pass(source, options, notConstants, now);
  let constants = constantsOf(result.unit, result.run);
  // A name kept as a constant at a use and found later to be redefined or undefined: the unit is
  // preprocessed again with that name expanded everywhere.
  for (let round = 0; round < 3; round++) {
    const wrong = [...result.unit.kept].filter(n => !constants.has(n));
    if (wrong.length === 0) break;
    notConstants = new Set([...notConstants, ...wrong]);
    result = pass(source, options, notConstants, now);
    constants = constantsOf(result.unit, result.run);
  }
  return assemble(source, result.out, result.unit, result.run, constants, read);
}

function assemble(
  source: string, out: FileOutput, unit: UnitState, run: UnitRun, constants: Map<string, string>,
  files: ReadonlyMap<string, string | undefined>,
): Preprocessed {
  const macros = new Map<string, MacroDefinition>();
  for (const [name, m] of unit.macros) if (!name.startsWith('\0') && !m.system) macros.set(name, m.def);
  return {
    source, text: out.text, map: new SourceMap(out.text, source, out.segments), constants, macros, uses: out.uses,
    includes: out.includes, systemHeaders: [...unit.system], headers: unit.headers, inactive: out.inactive, openmpConditionals: out.openmpConditionals,
    dependencies: [...unit.deps],
    diagnostics: run.diagnostics,
    reading: { macroNames: new Set([...unit.definitions.keys(), ...DYNAMIC_NAMES]), files, readsLines: out.readsLines },
  };
}
