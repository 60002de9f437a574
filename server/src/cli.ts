// The `metafork` command line: argument parsing and printing only.
// Exit codes: 0 success, 1 user error (bad input, error diagnostics), 2 usage.

import * as fs from 'fs';
import * as path from 'path';
import { checkText } from './checks/index';
import { fixRound } from './checks/fixes';
import { applyEdits, OffsetMap } from './base/edits';
import { LspDiagnostic, MfDiagnostic, toLsp } from './base/diagnostic';
import { elide } from './model/elide';
import { Dialect, DIALECTS } from '../../shared/dialects';
import { translateRead } from './translate/index';
import { generateCuda } from './cuda/index';
import { LineIndex } from './base/lines';
import type { CompileContext } from './preprocess/index';
import { detectLanguage, readUnit } from './syntax/parser';
import { CompileDatabases, Define, defineOf, flagsFor, formatFlags } from './preprocess/flags';
import { HeaderCache } from './preprocess/files';
import { SourceConflict } from './base/sourcemap';
import { packageVersion } from './version';
import { closest } from './syntax/keywords';
import type { RegisterSource } from './optimize/counters';
import { estimateCost } from './cost/index';
import { tileText } from './tile/index';
import { formatSchedule } from './cost/format';
import { GPU_PRESETS, GpuPreset, MemoryMode, SETTINGS_SCHEMA, settingProblem } from '../../shared/settings';

const USAGE = `usage: metafork <command> [options] FILE...

commands:
  check FILE...        report diagnostics; exit 1 if any error
  check --fix FILE [-o OUT]
                       apply every available quick fix (the preferred one of each diagnostic),
                       write the file back (or OUT), print what was fixed and what remains
  elide FILE           print the serial C-elision
  translate FILE --to metafork|openmp|cilkplus [--from auto|metafork|openmp|cilkplus]
                       print the program in another dialect (nothing when a construct cannot be
                       translated: diagnostics and exit 1)
  translate FILE... --to DIALECT -o DIR
                       a program's files in one run, each written under DIR where it stands
                       relative to the folder they share (also one FILE into an existing DIR);
                       nothing is written when any file cannot be translated
  cuda FILE [--memory global|shared]
                       print the program as one CUDA .cu file: each meta_schedule's loop nests
                       become parametric kernels (nothing when the schedule breaks a rule:
                       diagnostics and exit 1)
  optimize FILE [--registers auto|nvcc|estimate|N] [-o OUT.cu]
                       the comprehensive optimization of each meta_schedule: its cases (constraints
                       on the machine and program parameters, strategies, MetaFork code, CUDA);
                       -o writes one .cu with every case and a dispatcher choosing at run time
  analyze FILE [--gpu PRESET] [--set NAME=VALUE,...] [--memory global|shared] [--registers N]
                       the cost model of each meta_schedule's kernels: counts per thread as
                       polynomials, the many-core machine measures, occupancy on a GPU preset
                       (${GPU_PRESETS.join(', ')};
                       default h100) and the estimated time, also by block size
  tile FILE [--block B|B0,B1] [--granularity s] [--merge M] [--collapse] [--cache A,...]
            [--tile T] [--at LINE]
                       plain loop nests (and OpenMP parallel for) the dependence test proves
                       parallel become parametric meta_schedules; the others stay serial, with
                       the dependence that forbids them. RT-CUDA's restructurings: --collapse
                       runs a 2-D nest as one dimension; --merge M and --granularity s (also
                       --skew) give each thread M results along y and s along x; --cache stages
                       arrays in shared memory, the serial loop along them in tiles of T; --at
                       takes only the nest on that line
  flags FILE...        print the include paths and macros each FILE is read with, and where
                       they were found
  lsp --stdio          run the language server over stdio

options:
  --json               machine-readable output (LSP Diagnostic objects, plus 'line', 1-based)
  -o OUT               write the result to OUT instead of standard output
  -                    read standard input instead of a file
  -h, --help           this help
  --version            the version

compile flags, for every command (after those of the compile_commands.json or compile_flags.txt
found in the file's folder or above, as clangd finds them):
  -I DIR               search DIR for #include headers (also -IDIR)
  -D NAME[=VALUE]      define a macro (also -DNAME[=VALUE])
  -U NAME              undefine a macro (also -UNAME)
  --compile-commands-dir DIR
                       read compile_commands.json or compile_flags.txt from DIR only`;

class UsageError extends Error {}

/** A file the command cannot take (missing, a folder, not text): `FILE: reason`, exit 1. */
class InputError extends Error {}

const COMMANDS = ['check', 'elide', 'translate', 'cuda', 'optimize', 'analyze', 'tile', 'flags', 'lsp'];
const OPTIONS = [
  '--json', '--fix', '-o', '--output', '--to', '--from', '--memory', '--registers', '--collapse', '--block',
  '--granularity', '--skew', '--merge', '--cache', '--tile', '--at', '--gpu', '--set', '--stdio',
  '--compile-commands-dir', '--help', '--version',
];

/** ` (did you mean 'x'?)` when one candidate is a typo away from `word`. */
function didYouMean(word: string, candidates: string[]): string {
  const bare = word.replace(/=.*$/, '');
  // One or two letters are a typo away from too much to guess.
  const near = bare.replace(/^-+/, '').length >= 3 ? closest(bare, candidates) : undefined;
  return near ? ` (did you mean '${near}'?)` : '';
}

/** The help of one command: its entries in the command list, then the options every command takes. */
function commandHelp(command: string): string {
  const lines = USAGE.split('\n');
  const start = lines.indexOf('commands:'), end = lines.indexOf('options:');
  const entries: string[] = [];
  let mine = false;
  for (const line of lines.slice(start + 1, end)) {
    if (/^ {2}\S/.test(line)) mine = line.trim().split(/\s/)[0] === command;
    if (mine && line.trim()) entries.push(line);
  }
  return [`usage: metafork ${command} [options] FILE...`, '', ...entries, '', ...lines.slice(end)].join('\n');
}

/** What a usage error prints after its message: where the whole help is, not the whole help. */
const USAGE_HINT = "usage: metafork <command> [options] FILE... (see 'metafork --help', 'metafork <command> --help')";

interface Options {
  json: boolean; fix?: boolean; out?: string; files: string[]; stdio: boolean; to?: string; from?: string;
  memory?: string; registers?: string; gpu?: string; set?: string; block?: string; granularity?: string;
  merge?: string; collapse?: boolean; cache?: string; tile?: string; at?: string; help?: boolean;
  /** Compile flags: -I, -D/-U in order, --compile-commands-dir; the databases read for them. */
  includePaths: string[]; defines: Define[]; compileCommandsDir?: string; databases: CompileDatabases;
  /** The headers, each read from the disk once per command: a translation's stages preprocess the
   * file again, and a program's files include the same headers. */
  headers: HeaderCache;
}

/** What `-I`, `-D` and `-U` take. */
const COMPILE_FLAG_VALUES = { I: 'a directory', D: 'NAME or NAME=VALUE', U: 'a NAME' };

function parseOptions(args: string[]): Options {
  const o: Options = {
    json: false, files: [], stdio: false, includePaths: [], defines: [], databases: new CompileDatabases(),
    headers: new HeaderCache(),
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const flag = /^-([IDU])(.*)$/s.exec(a);
    if (flag) {
      const letter = flag[1] as keyof typeof COMPILE_FLAG_VALUES;
      const v = flag[2] || args[++i];
      if (!v) throw new UsageError(`'-${letter}' needs ${COMPILE_FLAG_VALUES[letter]}`);
      const define = defineOf(v);
      if (letter === 'I') o.includePaths.push(v);
      else if (define && letter === 'D') o.defines.push(define);
      else if (define && define[1] === undefined) o.defines.push([v, null]);
      else throw new UsageError(`'-${letter}' takes ${COMPILE_FLAG_VALUES[letter]}, not '${v}'`);
    } else if (a === '--compile-commands-dir' || a.startsWith('--compile-commands-dir=')) {
      o.compileCommandsDir = a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[++i];
      if (!o.compileCommandsDir) throw new UsageError(`'--compile-commands-dir' needs a directory`);
    } else if (a === '-h' || a === '--help') o.help = true;
    else if (a === '--json') o.json = true;
    else if (a === '--stdio') o.stdio = true;
    else if (a === '--fix') o.fix = true;
    else if (a === '-o' || a === '--output') {
      o.out = args[++i];
      if (!o.out) throw new UsageError(`'${a}' needs a file name`);
    } else if (a === '--to' || a === '--from') {
      const v = args[++i];
      if (!v) throw new UsageError(`'${a}' needs a dialect`);
      o[a === '--to' ? 'to' : 'from'] = v;
    } else if (a === '--memory') {
      o.memory = args[++i];
      if (!o.memory) throw new UsageError(`'--memory' needs global or shared`);
    } else if (a.startsWith('--memory=')) o.memory = a.slice('--memory='.length);
    else if (a === '--registers') {
      o.registers = args[++i];
      if (!o.registers) throw new UsageError(`'--registers' needs auto, nvcc, estimate or a number`);
    } else if (a.startsWith('--registers=')) o.registers = a.slice('--registers='.length);
    else if (a === '--collapse') o.collapse = true;
    else if (/^--(block|granularity|skew|merge|cache|tile|at)(=|$)/.test(a)) {
      const [flag, inline] = a.includes('=')
        ? [a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a.slice(2), args[++i]];
      if (!inline) throw new UsageError(`'--${flag}' needs a value`);
      o[(flag === 'skew' ? 'granularity' : flag) as 'block' | 'granularity' | 'merge' | 'cache' | 'tile' | 'at'] =
        inline;
    } else if (a === '--gpu' || a === '--set') {
      const v = args[++i];
      if (!v) throw new UsageError(`'${a}' needs a value`);
      o[a === '--gpu' ? 'gpu' : 'set'] = v;
    } else if (a.startsWith('--gpu=') || a.startsWith('--set=')) {
      const [k, v] = [a.slice(2, 5), a.slice(6)];
      o[k as 'gpu' | 'set'] = v;
    } else if (a.startsWith('--to=') || a.startsWith('--from=')) {
      const [k, v] = a.slice(2).split('=');
      o[k as 'to' | 'from'] = v;
    } else if (a === '-' || !a.startsWith('-')) o.files.push(a);
    else throw new UsageError(`unknown option '${a}'${didYouMean(a, OPTIONS)}`);
  }
  return o;
}

/** Why the system could not read or write a file, in words (not Node's codes). */
const SYSTEM_ERRORS: Record<string, string> = {
  ENOENT: 'no such file', EISDIR: 'a folder, not a file', EACCES: 'permission denied', EPERM: 'permission denied',
  ENOTDIR: 'a part of its path is a file, not a folder', ELOOP: 'too many symbolic links', ENAMETOOLONG: 'name too long',
  ENOSPC: 'no space left on the device', EIO: 'input/output error', EROFS: 'a read-only file system',
  EDQUOT: 'disk quota exceeded', EFBIG: 'file too large', EBADF: 'not open for writing',
};

/** A system error in words: ours where we have them, else the system's message without Node's code
 * in front and the call and path behind. */
function inWords(err: NodeJS.ErrnoException): string {
  return SYSTEM_ERRORS[err.code ?? ''] ?? err.message.replace(/^[A-Z]+: /, '').replace(/, \w+( '.*')?$/, '');
}

/** A file's text; a binary file (a NUL byte in its first 64 KiB, as grep and git tell) is refused. */
function readInput(file: string): string {
  let bytes: Buffer;
  try {
    bytes = file === '-' ? fs.readFileSync(0) : fs.readFileSync(file);
  } catch (e) {
    throw new InputError(`${displayName(file)}: error: cannot read: ${inWords(e as NodeJS.ErrnoException)}`);
  }
  const head = bytes.subarray(0, 65536);
  if (head.includes(0)) throw new InputError(`${displayName(file)}: error: not a text file (it holds NUL bytes)`);
  // Without NULs, a binary still shows itself by its control characters (tab, line ends, form
  // feed and vertical tab aside), which C source holds none of: random bytes have about 9%.
  let control = 0;
  for (const b of head) if ((b < 32 && b !== 9 && b !== 10 && b !== 11 && b !== 12 && b !== 13) || b === 127) control++;
  if (control > head.length / 100) throw new InputError(`${displayName(file)}: error: not a text file (${Math.round((100 * control) / head.length)}% of its first bytes are control characters)`);
  return bytes.toString('utf8');
}

/** `readInput` for a command that goes on to its next FILE: a file it cannot take is said on standard
 * error, and undefined. */
function readOrSay(file: string, io: Io): string | undefined {
  try {
    return readInput(file);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.stderr(`${e.message}\n`);
    return undefined;
  }
}

const displayName = (file: string) => (file === '-' ? '<stdin>' : file);
const nameOf = (file: string) => (file === '-' ? undefined : file);

/** The compile flags of `file` (standard input: a file in the current folder) on this command line. */
function flagsOf(o: Options, file: string) {
  const { includePaths, defines, compileCommandsDir, databases: cache } = o;
  return flagsFor(file === '-' ? path.resolve('<stdin>') : file, { includePaths, defines, compileCommandsDir, cache });
}

/** How the preprocessor reads `file`: its compile flags, headers from the disk (once per command). */
function contextOf(o: Options, file: string): CompileContext {
  return { flags: flagsOf(o, file), files: o.headers };
}

/** Lines of the user's text, mapped from the analysed text every result's offsets are in. */
function linesOf(text: string, file: string, o: Options): LineIndex {
  const fileName = nameOf(file);
  return new LineIndex(text, readUnit(text, detectLanguage(fileName, text), fileName, contextOf(o, file)).map);
}

/** `flags`: the compile flags of each file and the database they came from. */
function flagsCommand(o: Options, io: Io): number {
  if (o.files.length === 0) throw new UsageError('flags needs at least one FILE');
  const found = o.files.map(file => ({ file: displayName(file), ...flagsOf(o, file) }));
  write(o, io, o.json ? JSON.stringify({ files: found }, null, 2) + '\n' : found.map(f => [
    `${f.file}: ${formatFlags(f)}`.trimEnd(),
    `  from ${f.from ?? 'the command line only (no compile_commands.json or compile_flags.txt)'}`,
    ...f.notes.map(n => `  note: ${n}`),
  ].map(l => l + '\n').join('')).join(''));
  return 0;
}

/** `FILE:LINE:COL: severity: message [CODE]`, like gcc and clang. */
function formatDiagnostic(file: string, d: MfDiagnostic, lines: LineIndex): string {
  const p = lines.position(d.start);
  return `${displayName(file)}:${p.line + 1}:${p.character + 1}: ${d.severity === 'information' ? 'note' : d.severity}: ${d.message} [${d.code}]`;
}

interface Io { stdout: (s: string) => void; stderr: (s: string) => void }

async function check(o: Options, io: Io): Promise<number> {
  if (o.files.length === 0) throw new UsageError('check needs at least one FILE (or - for standard input)');
  if (o.fix) return fix(o, io);
  let errors = 0;
  const results: { file: string; diagnostics: LspDiagnostic[] }[] = [];
  const lines: string[] = [];
  for (const file of o.files) {
    const text = readOrSay(file, io);
    if (text === undefined) { errors++; continue; }
    const { diagnostics, syntax } = await checkText(text, nameOf(file), contextOf(o, file));
    const index = new LineIndex(text, syntax.map);
    errors += diagnostics.filter(d => d.severity === 'error').length;
    if (o.json) results.push({ file: displayName(file), diagnostics: diagnostics.map(d => toLsp(d, index)) });
    else for (const d of diagnostics) lines.push(formatDiagnostic(file, d, index));
  }
  const output = o.json ? JSON.stringify({ files: results }, null, 2) + '\n' : lines.map(l => l + '\n').join('');
  write(o, io, output);
  return errors ? 1 : 0;
}

/** The most rounds of fixes: a fix may reveal another, or overlap one left for the next round. */
const FIX_ROUNDS = 8;

/** `check --fix`: applies the preferred quick fix of each diagnostic, round after round, writes
 * the text back (or to -o, or to standard output for standard input), and reports like check. */
async function fix(o: Options, io: Io): Promise<number> {
  if (o.json) throw new UsageError('check --fix has no --json output');
  if (o.out && o.files.length !== 1) throw new UsageError('check --fix -o OUT takes exactly one FILE');
  let errors = 0;
  for (const file of o.files) {
    const toStdout = file === '-' && !o.out;
    const say = toStdout ? io.stderr : io.stdout;
    let text = readInput(file);
    const fileName = file === '-' ? undefined : file;
    let checked = await checkText(text, fileName, contextOf(o, file));
    // Where each fix's text stands, carried through the later rounds: reported in the text written.
    const fixed: { at: number; code: string; title: string }[] = [];
    for (let round = 0; round < FIX_ROUNDS; round++) {
      const source = checked.syntax.map;
      // A fix that would rewrite an #if line or an inactive group is left for the user.
      const fixes = fixRound(checked.model.text, checked.model, checked.diagnostics).flatMap(f => {
        try { return [{ ...f, edits: source.toSourceEdits(f.fix.edits) }]; } catch (e) {
          if (e instanceof SourceConflict) return [];
          throw e;
        }
      });
      if (fixes.length === 0) break;
      const edits = fixes.flatMap(f => f.edits);
      const map = new OffsetMap(edits);
      for (const f of fixed) f.at = map.forward({ start: f.at, end: f.at }).start;
      for (const { d, fix, edits: own } of fixes) {
        fixed.push({ at: map.output(own[0])!.start, code: d.code, title: fix.title });
      }
      text = applyEdits(text, edits);
      checked.syntax.dispose();
      checked = await checkText(text, fileName, contextOf(o, file));
    }
    const index = new LineIndex(text, checked.syntax.map);
    for (const f of fixed.sort((a, b) => a.at - b.at)) {
      const p = index.sourcePosition(f.at);
      say(`${displayName(file)}:${p.line + 1}:${p.character + 1}: fixed: ${f.title} [${f.code}]\n`);
    }
    for (const d of checked.diagnostics) say(formatDiagnostic(file, d, index) + '\n');
    errors += checked.diagnostics.filter(d => d.severity === 'error').length;
    checked.syntax.dispose();
    if (toStdout) io.stdout(text);
    else {
      writeFile(o.out ?? file, text);
      o.headers.invalidate(o.out ?? file); // a later FILE may include it
    }
  }
  return errors ? 1 : 0;
}

async function elideCommand(o: Options, io: Io): Promise<number> {
  if (o.files.length !== 1) throw new UsageError('elide needs exactly one FILE (or - for standard input)');
  const file = o.files[0];
  const text = readInput(file);
  const { diagnostics, model } = await checkText(text, nameOf(file), contextOf(o, file));
  const index = new LineIndex(text, model.map);
  const errors = diagnostics.filter(d => d.severity === 'error');
  if (errors.length) {
    // No partial output: the elision of a program with errors is not a program.
    if (o.json) io.stdout(jsonReport(file, {}, errors, index));
    else for (const d of errors) io.stderr(formatDiagnostic(file, d, index) + '\n');
    return 1;
  }
  const elision = elide(model);
  write(o, io, o.json ? jsonReport(file, { elision }, diagnostics, index) : elision);
  return 0;
}

async function translateCommand(o: Options, io: Io): Promise<number> {
  const known = (d: string): d is Dialect => (DIALECTS as readonly string[]).includes(d);
  if (o.files.length === 0) throw new UsageError('translate needs a FILE (or - for standard input)');
  if (!o.to || !known(o.to)) throw new UsageError(`translate needs --to ${DIALECTS.join('|')}`);
  if (o.from && o.from !== 'auto' && !known(o.from))
    throw new UsageError(`--from must be auto, ${DIALECTS.join(', ')}`);
  const to = o.to;
  const from = (o.from ?? 'auto') as Dialect | 'auto';
  // Into a folder: several files, or an -o that is one (or ends with a slash, as a folder to make).
  if (o.files.length > 1 || (o.out !== undefined && (isFolder(o.out) || /[\\/]$/.test(o.out)))) return translateInto(o, io, to, from);
  const file = o.files[0];
  const text = readInput(file);
  const { translation: result, map } = await translateRead(text, to, { fileName: nameOf(file), from, verify: true, ...contextOf(o, file) });
  const index = new LineIndex(text, map);
  if (o.json) {
    io.stdout(jsonReport(file, { from: result.from, to: result.to, text: result.text }, result.diagnostics, index));
  } else {
    for (const d of result.diagnostics) io.stderr(formatDiagnostic(file, d, index) + '\n');
    // No partial output: a refused translation prints nothing.
    if (result.text !== undefined) write(o, io, result.text);
  }
  if (result.text === undefined) return 1;
  if (o.json && o.out) writeFile(o.out, result.text);
  return 0;
}

const isFolder = (p: string) => { try { return fs.statSync(p).isDirectory(); } catch { return false; } };

/**
 * `translate -o DIR FILE...`: a program's files translated in one process (its start and V8's
 * compilation paid once, not per file), each written under DIR at its place relative to the
 * folder the files share. All or nothing: one refused or unreadable file and nothing is written,
 * so that DIR never mixes this run's translations with an earlier run's of the refused file.
 */
async function translateInto(o: Options, io: Io, to: Dialect, from: Dialect | 'auto'): Promise<number> {
  if (o.out === undefined) throw new UsageError('translate with several FILEs writes them into a folder: add -o DIR');
  if (o.files.includes('-')) throw new UsageError("translate reads standard input ('-') alone, without other FILEs");
  // Each file once, by where it is, under the name it was given first.
  const given = new Map<string, string>();
  for (const f of o.files) if (!given.has(path.resolve(f))) given.set(path.resolve(f), f);
  const files = [...given.keys()];
  const shared = files.map(path.dirname).reduce(commonFolder);
  const folder = path.resolve(o.out);
  const made: { file: string; output: string; text: string }[] = [];
  const reports: object[] = [];
  let refused = 0;
  for (const [absolute, file] of given) {
    const output = path.join(folder, path.relative(shared, absolute));
    if (output === absolute) throw new UsageError(`-o ${o.out} is the folder of ${file}: its translation would overwrite it`);
    const text = readOrSay(file, io);
    if (text === undefined) { refused++; continue; }
    const { translation: result, map } = await translateRead(text, to, { fileName: file, from, verify: true, ...contextOf(o, file) });
    const index = new LineIndex(text, map);
    if (o.json) reports.push({ file, output: result.text === undefined ? undefined : output, from: result.from, to, diagnostics: result.diagnostics.map(d => toLsp(d, index)) });
    else for (const d of result.diagnostics) io.stderr(formatDiagnostic(file, d, index) + '\n');
    if (result.text === undefined) refused++;
    else made.push({ file, output, text: result.text });
  }
  if (o.json) io.stdout(JSON.stringify({ files: reports }, null, 2) + '\n');
  if (refused) {
    io.stderr(`metafork: ${refused} of ${files.length} files not translated: nothing written to ${o.out}\n`);
    return 1;
  }
  for (const { output, text } of made) {
    try { fs.mkdirSync(path.dirname(output), { recursive: true }); } catch (e) {
      throw new InputError(`${path.dirname(output)}: error: cannot make the folder: ${inWords(e as NodeJS.ErrnoException)}`);
    }
    writeFile(output, text);
  }
  return 0;
}

/** The deepest folder holding both. */
function commonFolder(a: string, b: string): string {
  const outside = (rel: string) => rel === '..' || rel.startsWith(`..${path.sep}`);
  while (a !== b && outside(path.relative(a, b))) a = path.dirname(a);
  return a;
}

async function cudaCommand(o: Options, io: Io): Promise<number> {
  if (o.files.length !== 1) throw new UsageError('cuda needs exactly one FILE (or - for standard input)');
  const memory = memoryOption(o);
  const file = o.files[0];
  const text = readInput(file);
  const result = await generateCuda(text, { fileName: nameOf(file), memory, ...contextOf(o, file) });
  const index = linesOf(text, file, o);
  if (o.json) {
    const fields = { memory, kernels: result.kernels, tiles: result.tiles, text: result.text };
    io.stdout(jsonReport(file, fields, result.diagnostics, index));
  } else {
    for (const d of result.diagnostics) io.stderr(formatDiagnostic(file, d, index) + '\n');
    if (result.text !== undefined) write(o, io, result.text);
  }
  if (result.text === undefined) return 1;
  if (o.json && o.out) writeFile(o.out, result.text);
  return 0;
}

async function optimizeCommand(o: Options, io: Io): Promise<number> {
  if (o.files.length !== 1) throw new UsageError('optimize needs exactly one FILE (or - for standard input)');
  const r = o.registers ?? 'auto';
  if (!['auto', 'nvcc', 'estimate'].includes(r) && !/^\d+$/.test(r))
    throw new UsageError(`--registers must be auto, nvcc, estimate or a number`);
  const registers: RegisterSource = /^\d+$/.test(r) ? () => Number(r) : r as 'auto' | 'nvcc' | 'estimate';
  const file = o.files[0];
  const text = readInput(file);
  // Loaded by this command alone: the solver's worker threads and nvcc's processes bring Node's
  // worker_threads, child_process and crypto, 10-20 ms of every other command's start.
  const { optimizeText } = require('./optimize/index') as typeof import('./optimize/index');
  const { formatCaseDiscussion } = require('./optimize/format') as typeof import('./optimize/format');
  const { closeSolver } = require('./optimize/solver') as typeof import('./optimize/solver');
  try {
    const result = await optimizeText(text, { fileName: nameOf(file), registers, ...contextOf(o, file) });
    const index = linesOf(text, file, o);
    const notes = [...result.diagnostics, ...result.schedules.flatMap(s => s.notes)];
    if (o.json) {
      io.stdout(jsonReport(file, { schedules: result.schedules.map(s => ({ ...s, notes: undefined })) }, notes, index));
    } else {
      for (const d of notes) io.stderr(formatDiagnostic(file, d, index) + '\n');
      io.stdout(result.schedules.map(s => formatCaseDiscussion(displayName(file), s)).join('\n'));
    }
    if (result.schedules.length === 0 || result.diagnostics.some(d => d.severity === 'error')) return 1;
    if (o.out) {
      if (result.cuda === undefined) {
        io.stderr(`${displayName(file)}: error: no case to generate CUDA for\n`);
        return 1;
      }
      writeFile(o.out, result.cuda);
    }
    return 0;
  } finally {
    await closeSolver();
  }
}

async function analyzeCommand(o: Options, io: Io): Promise<number> {
  if (o.files.length !== 1) throw new UsageError('analyze needs exactly one FILE (or - for standard input)');
  const gpu = o.gpu ?? SETTINGS_SCHEMA['cuda.gpu'].default;
  const problem = settingProblem('cuda.gpu', gpu, '--gpu');
  if (problem) throw new UsageError(problem);
  const memory = memoryOption(o);
  if (o.registers !== undefined && !/^\d+$/.test(o.registers))
    throw new UsageError(`--registers must be a number (analyze estimates them otherwise)`);
  const set: Record<string, number> = {};
  for (const pair of (o.set ?? '').split(',').filter(Boolean)) {
    const m = /^\s*([A-Za-z_]\w*)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(pair);
    if (!m) throw new UsageError(`--set takes NAME=NUMBER pairs separated by commas, not '${pair}'`);
    set[m[1]] = Number(m[2]);
  }
  const file = o.files[0];
  const text = readInput(file);
  const result = await estimateCost(text, {
    fileName: nameOf(file),
    gpu: gpu as GpuPreset,
    set,
    memory,
    ...(o.registers ? { registers: Number(o.registers) } : {}),
    ...contextOf(o, file),
  });
  // A name no schedule has would change nothing: say so rather than show estimates it did not touch.
  const names = [...new Set(result.schedules.flatMap(s => Object.keys(s.values)))].sort();
  const unknown = result.schedules.length ? Object.keys(set).filter(n => !names.includes(n)) : [];
  if (unknown.length)
    throw new UsageError(
      `--set ${unknown.map(n => `'${n}'${didYouMean(n, names)}`).join(', ')}: no value of the schedules of ${displayName(file)} (they have ${names.join(', ')})`,
    );
  const index = linesOf(text, file, o);
  if (o.json) {
    io.stdout(jsonReport(file, { gpu: result.gpu, schedules: result.schedules }, result.diagnostics, index));
  } else {
    for (const d of result.diagnostics) io.stderr(formatDiagnostic(file, d, index) + '\n');
    write(o, io, result.schedules.map(s => formatSchedule(displayName(file), result, s)).join('\n'));
  }
  return result.schedules.length === 0 || result.diagnostics.some(d => d.severity === 'error') ? 1 : 0;
}

async function tileCommand(o: Options, io: Io): Promise<number> {
  if (o.files.length !== 1) throw new UsageError('tile needs exactly one FILE (or - for standard input)');
  if (o.block !== undefined && !/^\d+(,\d+)?$/.test(o.block))
    throw new UsageError(`--block takes B or B0,B1 (positive integers)`);
  const count = (flag: string, v: string | undefined) => {
    if (v !== undefined && !/^[1-9]\d*$/.test(v)) throw new UsageError(`--${flag} takes a positive integer`);
    return v === undefined ? undefined : Number(v);
  };
  const [granularity, merge, tile, at] = [
    count('granularity', o.granularity),
    count('merge', o.merge),
    count('tile', o.tile),
    count('at', o.at),
  ];
  const block = o.block?.split(',').map(Number);
  if (block?.some(b => b < 1)) throw new UsageError('block sizes must be at least 1');
  if (block && block.reduce((a, b) => a * b, 1) > 1024) throw new UsageError('a block has at most 1024 threads');
  const cache = o.cache?.split(',').map(a => a.trim());
  if (cache?.some(a => !/^[A-Za-z_]\w*$/.test(a)))
    throw new UsageError('--cache takes array names separated by commas');
  if (tile !== undefined && !cache)
    throw new UsageError('--tile sets the tiles of the loop along the arrays of --cache: give --cache too');
  const file = o.files[0];
  const text = readInput(file);
  const index = linesOf(text, file, o);
  if (at !== undefined && at > index.lineCount)
    throw new UsageError(`--at ${at}: the file has ${index.lineCount} lines`);
  const lineStart = at === undefined ? undefined : firstCode(text, index.sourceOffset({ line: at - 1, character: 0 }));
  const offset = lineStart === undefined || !index.map ? lineStart : index.map.offsetToText(lineStart);
  const result = await tileText(text, {
    ...contextOf(o, file),
    fileName: nameOf(file),
    block,
    granularity,
    merge,
    strip: tile,
    cache,
    collapse: o.collapse,
    offset,
  });
  if (o.json) {
    io.stdout(jsonReport(file, { nests: result.nests, text: result.text }, result.diagnostics, index));
    if (o.out && result.text !== undefined) writeFile(o.out, result.text);
  } else {
    for (const d of result.diagnostics) io.stderr(formatDiagnostic(file, d, index) + '\n');
    if (result.text !== undefined) write(o, io, result.text);
  }
  return result.text === undefined ? 1 : 0;
}

/** The first non-blank character from `offset` on its line (a nest is found by an offset inside it). */
function firstCode(text: string, offset: number): number {
  while (offset < text.length && (text[offset] === ' ' || text[offset] === '\t')) offset++;
  return offset;
}

/** --memory, checked against the setting it overrides (default: the setting's default). */
function memoryOption(o: Options): MemoryMode {
  const memory = o.memory ?? SETTINGS_SCHEMA['cuda.memory'].default;
  const problem = settingProblem('cuda.memory', memory, '--memory');
  if (problem) throw new UsageError(problem);
  return memory as MemoryMode;
}

/** A command's JSON report on one file: its name, the command's own fields (an undefined one is
 * left out), then its diagnostics in LSP form. */
function jsonReport(file: string, fields: object, diagnostics: readonly MfDiagnostic[], index: LineIndex): string {
  const report = { file: displayName(file), ...fields, diagnostics: diagnostics.map(d => toLsp(d, index)) };
  return JSON.stringify(report, null, 2) + '\n';
}

function write(o: Options, io: Io, output: string): void {
  if (o.out) writeFile(o.out, output);
  else io.stdout(output);
}

/** Every file a command writes (-o OUT, a file fixed in place): a failure is one line in words. */
function writeFile(file: string, text: string): void {
  try {
    fs.writeFileSync(file, text);
  } catch (e) {
    throw new InputError(`${file}: error: cannot write: ${inWords(e as NodeJS.ErrnoException)}`);
  }
}

/** The process's own streams; a reader that stops early (`| head`) ends the command quietly. */
let pipeGuarded = false;
function processIo(): Io {
  if (!pipeGuarded)
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      process.stderr.write(`metafork: error: cannot write the standard output: ${inWords(e)}\n`);
      process.exit(1);
    });
  pipeGuarded = true;
  return { stdout: s => process.stdout.write(s), stderr: s => process.stderr.write(s) };
}

export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '-h' || command === '--help' || command === 'help') {
      io.stdout(USAGE + '\n');
      return command ? 0 : 2;
    }
    if (command === '--version') {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    if (!COMMANDS.includes(command)) throw new UsageError(`unknown command '${command}'${didYouMean(command, COMMANDS)}`);
    const o = parseOptions(rest);
    if (o.help) {
      io.stdout(commandHelp(command) + '\n');
      return 0;
    }
    switch (command) {
      case 'check':
        return await check(o, io);
      case 'elide':
        return await elideCommand(o, io);
      case 'translate':
        return await translateCommand(o, io);
      case 'cuda':
        return await cudaCommand(o, io);
      case 'optimize':
        return await optimizeCommand(o, io);
      case 'analyze':
        return await analyzeCommand(o, io);
      case 'tile':
        return await tileCommand(o, io);
      case 'flags':
        return flagsCommand(o, io);
      case 'lsp': {
        if (!o.stdio) throw new UsageError("lsp needs '--stdio'");
        const { createLspConnection } = require('./lsp/connection') as typeof import('./lsp/connection');
        createLspConnection();
        return -1; // keeps running
      }
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`metafork: ${e.message}\n${USAGE_HINT}\n`);
      return 2;
    }
    if (e instanceof InputError) {
      io.stderr(`${e.message}\n`);
      return 1;
    }
    const err = e as NodeJS.ErrnoException;
    // A system error from elsewhere (files are read and written in readInput and writeFile): in words too.
    if (err.code && err.syscall) {
      io.stderr(`metafork: error: ${err.path ? `${err.path}: ` : ''}cannot ${err.syscall === 'open' ? 'write' : err.syscall}: ${inWords(err)}\n`);
      return 1;
    }
    throw e;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(code => { if (code >= 0) process.exitCode = code; }, e => {
    process.stderr.write(`metafork: internal error: ${(e as Error).stack ?? e}\n`);
    process.exitCode = 2;
  });
}
