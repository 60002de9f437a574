// The preprocessor's interface types (re-exported by index.ts, which holds the entry point).

import type { MfDiagnostic } from '../base/diagnostic';
import type { SourceMap } from '../base/sourcemap';
import type { Span } from '../base/span';

/** The compile flags that change what the preprocessor does (`-I`, `-iquote`, `-D`, `-U`). */
export interface Flags {
  /** `-I` directories, searched for `<...>` and, after the including file's folder and
   * `quotePaths`, for `"..."`. Absolute paths. */
  includePaths: readonly string[];
  /** `-iquote` directories, searched for `"..."` only. */
  quotePaths?: readonly string[];
  /** `-D NAME`, `-D NAME=VALUE` (value undefined: `1`) and `-U NAME` (value null), in command-line
   * order: a later one wins. */
  defines: readonly (readonly [name: string, value: string | undefined | null])[];
}

/** Where header text comes from: the disk (command line), the disk with a watcher and open
 * editors' buffers (server), a table (tests). */
export interface HeaderFiles {
  /** The text of the file at an absolute path, or undefined if there is none. */
  read(path: string): string | undefined;
}

export interface MacroDefinition {
  name: string;
  /** Parameter names of a function-like macro; undefined for an object-like one. A variadic
   * macro's last parameter is `...` (or `name...` for GNU's named form). */
  params?: readonly string[];
  /** The replacement list as written, continuation lines joined, comments replaced by a space. */
  body: string;
  /** Where it was defined: a header's absolute path, undefined for the user's file, `<command line>`
   * for `-D`, `<built-in>` for predefined macros, the header's name in brackets (`<limits.h>`) for a
   * system header's integer constants (which the tool knows from a table, never reading the header). */
  file?: string;
  /** The span of the macro's name in that file (offsets of the user's text when `file` is undefined). */
  span: Span;
}

export interface MacroUse {
  name: string;
  definition: MacroDefinition;
  /** The whole use in the user's text: `N`, or `MIN(a, b)` with its arguments. */
  source: Span;
  /** Its expansion in the analysed text. */
  text: Span;
}

export interface IncludeLine {
  /** The directive in the user's text, `#` to the end of the line. */
  span: Span;
  /** The name as written, without its delimiters. */
  spelled: string;
  /** `<...>` (true) or `"..."`. */
  angled: boolean;
  /** The file it resolved to, if one was found. */
  path?: string;
  /** The C library or runtime header the name is known as (`stdio.h`, `omp.h`, `cilk/cilk.h`),
   * when no file was found for it. */
  known?: string;
}

/** A header read for the unit, preprocessed with the macros in force where it was included. */
export interface HeaderUnit {
  path: string;
  /** The header's preprocessed text (what a parser reads for its declarations). */
  text: string;
  /** The `#include` line of the user's file that brought it in (directly or through others). */
  includedAt: Span;
}

/** An `#if` chain of the user's text: its directive lines (whole lines), and which of the groups
 * between them is active (-1: none). */
export interface OpenmpConditional { lines: readonly Span[]; active: number }

export interface Preprocessed {
  /** The user's text. */
  source: string;
  /** What the analyses read: macros expanded (except `constants`), conditional lines and inactive
   * groups blanked. The same as `source` when nothing needed preprocessing. */
  text: string;
  map: SourceMap;
  /** Object-like macros defined once, never undefined, whose expansion names nothing (`#define N
   * 4000`, `#define M (2*N)`): left unexpanded in `text`, read as program constants. Name -> the
   * full expansion. */
  constants: ReadonlyMap<string, string>;
  /** The definitions in force at the end of the file. */
  macros: ReadonlyMap<string, MacroDefinition>;
  /** Every macro use of the user's file that was expanded, in order. */
  uses: readonly MacroUse[];
  includes: readonly IncludeLine[];
  /** The C library and runtime headers the unit includes, from the file or from a header it reads
   * (`"npb-C.h"` including `<stdio.h>`): their declarations are the unit's. */
  systemHeaders: readonly string[];
  /** Headers read (nested ones included), each once, in the order they were first included. */
  headers: readonly HeaderUnit[];
  /** Inactive groups of the user's text (whole lines), for the editor to grey out. */
  inactive: readonly Span[];
  /** The user's conditionals that read `_OPENMP` (outside inactive groups), which the tool reads
   * defined: a translation out of OpenMP keeps the groups it read (translate/index). */
  openmpConditionals: readonly OpenmpConditional[];
  /** Every absolute path the preprocessor read or looked for: a change to any of them (one
   * appearing included) may change this result. */
  dependencies: readonly string[];
  /** Errors as the compiler reports them (a header not found, `#error`, an unterminated `#if`, a
   * macro called with the wrong number of arguments), on the user's text. */
  diagnostics: readonly MfDiagnostic[];
  /** What an edit of the user's text must leave alone for this result to be edited in step
   * (./incremental), where the whole preprocessor ran: every name defined as a macro anywhere in the
   * unit (built in, on the command line, in a header, in the file; undefined later too), and the
   * text of every file read or looked for (undefined: none there). */
  reading?: {
    macroNames: ReadonlySet<string>;
    files: ReadonlyMap<string, string | undefined>;
    /** The file's text expanded `__LINE__` (in a use of its own or of a macro whose body names it). */
    readsLines: boolean;
  };
}

/** What, besides its text, decides how a file reads: its flags and where headers come from. */
export interface CompileContext {
  flags?: Flags;
  files?: HeaderFiles;
}

export interface PreprocessOptions extends CompileContext {
  /** The file's path: `"..."` headers are first looked for beside it. */
  fileName?: string;
  /** Read as C++, with g++'s predefined macros (`__cplusplus`); C's otherwise. */
  cplusplus?: boolean;
}
