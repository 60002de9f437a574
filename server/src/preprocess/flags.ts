// The compile flags of a file, found the way clangd finds them: a compilation database
// (`compile_commands.json`, also in a `build/` folder) or a `compile_flags.txt` in the file's
// folder or the nearest one above (or in the folder given), then the flags of the command line
// or the settings. Only what changes how the preprocessor reads the file is kept: `-I`,
// `-iquote`, `-isystem`, `-D`, `-U`.

import * as fs from 'fs';
import * as path from 'path';
import type { Flags } from './index';

/** A `-D NAME[=VALUE]` (value undefined: `1`) or `-U NAME` (value null), as in `Flags.defines`. */
export type Define = Flags['defines'][number];

/** Flags with where they came from. */
export interface FoundFlags extends Flags {
  /** The compilation database or `compile_flags.txt` they were read from; undefined when none. */
  from?: string;
  /** What was read but not applied (`-include FILE`), one sentence each. */
  notes: readonly string[];
}

export interface FlagOptions {
  /** Look only here for `compile_commands.json` (then `compile_flags.txt`), as clangd's
   * `--compile-commands-dir`. */
  compileCommandsDir?: string;
  /** `-I` directories of the command line or the settings (relative ones: to the current folder). */
  includePaths?: readonly string[];
  /** `-D`/`-U` of the command line or the settings, in order. */
  defines?: readonly Define[];
  /** Parsed databases, kept between calls; without one every call reads them anew. */
  cache?: CompileDatabases;
  /** False: look for no database (a file not on disk, such as an editor's untitled buffer). */
  discover?: boolean;
}

/** `NAME` or `NAME=VALUE` (a `-D` argument) as a define; undefined when NAME is not an identifier. */
export function defineOf(spec: string): Define | undefined {
  const m = /^([A-Za-z_]\w*)(?:=([\s\S]*))?$/.exec(spec);
  return m ? [m[1], m[2]] : undefined;
}

/** The flags `fileName` is compiled with: the database's, then `options`' (a later `-D`/`-U`
 * wins; their `-I` directories are searched after the database's). */
export function flagsFor(fileName: string, options: FlagOptions = {}): FoundFlags {
  const file = path.resolve(fileName);
  const cache = options.cache ?? new CompileDatabases();
  const found = options.discover === false ? undefined : findDatabase(file, options.compileCommandsDir, cache);
  const discovered = found?.argumentsFor(file);
  const base = discovered ?? parseArguments([], '');
  const includePaths = unique([...base.includePaths, ...(options.includePaths ?? []).map(p => path.resolve(p))]);
  const flags: FoundFlags = {
    includePaths,
    defines: [...base.defines, ...(options.defines ?? [])],
    notes: base.notes,
    ...(base.quotePaths.length ? { quotePaths: unique(base.quotePaths) } : {}),
    ...(found && discovered ? { from: found.path } : {}),
  };
  return flags;
}

/** The flags as a compiler's arguments (`-I/abs/inc -DN=4 -UX`), for a log line. */
export function formatFlags(flags: Flags): string {
  const quote = (s: string) => (/^[\w./=+,:@%-]*$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return [
    ...(flags.quotePaths ?? []).map(p => `-iquote ${quote(p)}`),
    ...flags.includePaths.map(p => `-I${quote(p)}`),
    ...flags.defines.map(([n, v]) => (v === null ? `-U${n}` : quote(v === undefined ? `-D${n}` : `-D${n}=${v}`))),
  ].join(' ');
}

interface ParsedArguments {
  includePaths: string[];
  quotePaths: string[];
  defines: Define[];
  notes: string[];
}

/** One compilation database or `compile_flags.txt`, parsed. */
interface Database {
  path: string;
  /** The arguments for `file` (an absolute path); undefined when the database has none for it. */
  argumentsFor(file: string): ParsedArguments | undefined;
}

/**
 * The parsed databases by path, each kept with the modification time it was read at: a database
 * changed on disk is read again, and the server's file watcher may `invalidate` one whose time
 * did not move (a rewrite within the file system's time resolution).
 */
export class CompileDatabases {
  private readonly parsed = new Map<string, { mtimeMs: number; database: Database }>();

  /** The database at `file`, or undefined if there is none (or it cannot be read). */
  load(file: string): Database | undefined {
    let stat: fs.Stats;
    try { stat = fs.statSync(file); } catch { return undefined; }
    if (!stat.isFile()) return undefined;
    const kept = this.parsed.get(file);
    if (kept && kept.mtimeMs === stat.mtimeMs) return kept.database;
    let text: string;
    try { text = fs.readFileSync(file, 'utf8'); } catch { return undefined; }
    const database = path.basename(file) === 'compile_flags.txt' ? flagsFile(file, text) : commandsFile(file, text);
    this.parsed.set(file, { mtimeMs: stat.mtimeMs, database });
    return database;
  }

  /** Forgets one database (a path) or all. */
  invalidate(file?: string): void {
    if (file === undefined) this.parsed.clear();
    else this.parsed.delete(path.resolve(file));
  }
}

/** The database that governs `file`: the nearest folder (the file's, then each above) with a
 * `compile_commands.json`, a `build/compile_commands.json` or a `compile_flags.txt`, in that
 * order, as clangd looks; with `dir`, only that folder. */
function findDatabase(file: string, dir: string | undefined, cache: CompileDatabases): Database | undefined {
  const candidates = (folder: string) => [
    path.join(folder, 'compile_commands.json'),
    ...(dir === undefined ? [path.join(folder, 'build', 'compile_commands.json')] : []),
    path.join(folder, 'compile_flags.txt'),
  ];
  const folders = dir !== undefined ? [path.resolve(dir)] : ancestors(path.dirname(file));
  for (const folder of folders) {
    for (const candidate of candidates(folder)) {
      const database = cache.load(candidate);
      if (database) return database;
    }
  }
  return undefined;
}

function ancestors(folder: string): string[] {
  const list = [folder];
  for (let parent = path.dirname(folder); parent !== list[list.length - 1]; parent = path.dirname(parent)) {
    list.push(parent);
  }
  return list;
}

/** `compile_flags.txt`: one argument per line, for every file below its folder; relative paths
 * are relative to that folder. */
function flagsFile(file: string, text: string): Database {
  const args = text.split(/\r?\n/).map(l => l.trim()).filter(l => l !== '');
  const parsed = parseArguments(args, path.dirname(file));
  return { path: file, argumentsFor: () => parsed };
}

interface CompileCommand { directory: string; file: string; arguments?: string[]; command?: string }

/** `compile_commands.json` (the JSON Compilation Database format of Clang): the entry whose file
 * is the file; for a file it lists not, the first entry of a file in the same folder (clangd infers
 * from the closest entry; a sibling is the one that surely shares the flags); else none. A file
 * that is not such a database governs nothing. */
function commandsFile(file: string, text: string): Database {
  let entries: CompileCommand[] = [];
  try {
    const json: unknown = JSON.parse(text);
    if (Array.isArray(json)) entries = json.filter(isCommand);
  } catch { /* not JSON: no entries */ }
  const byFile = new Map<string, CompileCommand>();
  for (const e of entries) {
    const source = path.resolve(path.dirname(file), e.directory, e.file);
    if (!byFile.has(source)) byFile.set(source, e);
  }
  const parsed = new Map<CompileCommand, ParsedArguments>();
  const argumentsOf = (e: CompileCommand) => {
    if (!parsed.has(e)) {
      // The first argument is the compiler.
      const args = (e.arguments ?? shellSplit(e.command ?? '')).slice(1);
      parsed.set(e, parseArguments(args, path.resolve(path.dirname(file), e.directory)));
    }
    return parsed.get(e)!;
  };
  return {
    path: file,
    argumentsFor(source) {
      const entry = byFile.get(source)
        ?? [...byFile].find(([other]) => path.dirname(other) === path.dirname(source))?.[1];
      return entry && argumentsOf(entry);
    },
  };
}

function isCommand(e: unknown): e is CompileCommand {
  const c = e as Partial<CompileCommand> | null;
  return !!c && typeof c.directory === 'string' && typeof c.file === 'string'
    && (Array.isArray(c.arguments) ? c.arguments.every(a => typeof a === 'string') : typeof c.command === 'string');
}

/** A command line split into arguments as a POSIX shell does: blanks separate, quotes group,
 * a backslash escapes the next character (inside double quotes, only `"`, `\`, `$` and a backquote). */
export function shellSplit(command: string): string[] {
  const args: string[] = [];
  let current: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (/\s/.test(c)) {
      if (current !== undefined) args.push(current);
      current = undefined;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      const stop = end < 0 ? command.length : end;
      current = (current ?? '') + command.slice(i + 1, stop);
      i = stop;
    } else if (c === '"') {
      current = current ?? '';
      for (i++; i < command.length && command[i] !== '"'; i++) {
        if (command[i] === '\\' && i + 1 < command.length && '"\\$`'.includes(command[i + 1])) i++;
        current += command[i];
      }
    } else if (c === '\\' && i + 1 < command.length) {
      current = (current ?? '') + command[++i];
    } else {
      current = (current ?? '') + c;
    }
  }
  if (current !== undefined) args.push(current);
  return args;
}

/** The arguments that change how the file is preprocessed (GCC manual, "Preprocessor Options"
 * and "Directory Options"); every other argument is ignored. Relative directories are relative
 * to `directory`. `-isystem` directories are searched as `-I` ones (the analyses read system
 * headers like any other). */
export function parseArguments(args: readonly string[], directory: string): ParsedArguments {
  const out: ParsedArguments = { includePaths: [], quotePaths: [], defines: [], notes: [] };
  for (let i = 0; i < args.length; i++) {
    const m = /^(-I|-iquote|-isystem|-D|-U|-include(?!-pch))(.*)$/s.exec(args[i]);
    if (!m) continue;
    const [, flag, joined] = m;
    const value = joined !== '' ? joined : args[++i];
    if (value === undefined) break;
    if (flag === '-D') {
      const define = defineOf(value);
      if (define) out.defines.push(define);
    } else if (flag === '-U') {
      if (/^[A-Za-z_]\w*$/.test(value)) out.defines.push([value, null]);
    } else if (flag === '-include') {
      out.notes.push(`-include ${path.resolve(directory, value)} is not read: its declarations are not seen`);
    } else {
      (flag === '-iquote' ? out.quotePaths : out.includePaths).push(path.resolve(directory, value));
    }
  }
  return out;
}

function unique(paths: readonly string[]): string[] {
  return [...new Set(paths)];
}
