// Differential fuzzing of the translators on random fork-join programs: each program
// (forkjoin-generate.ts) is translated to every other dialect and back (X -> Y -> X); every
// result is built with gcc -O2 -Wall and run, OpenMP with -fopenmp at 1, 2 and 4 threads,
// MetaFork and CilkPlus through their serial elision (no Cilk compiler here) and, for their
// parallel meaning, once more translated to OpenMP and run. Every output must print what the
// input's serial elision prints. A refusal is fine when it is positioned (an error diagnostic
// inside the input); a crash, an output that does not compile, that the tool itself rejects or
// refuses to translate further, or that prints something else is wrong. Each wrong program is minimised by dropping segments.

import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkText } from '../../server/src/checks/index';
import { elide } from '../../server/src/model/elide';
import { translateText } from '../../server/src/translate/index';
import { Dialect, DIALECTS, Program, programOf } from './forkjoin-generate';

export type FailureKind = 'crash' | 'unpositioned refusal' | 'rejects its own output' | 'refuses to translate its own output' | 'does not compile' | 'wrong output' | 'input rejected';

export interface FuzzFailure {
  seed: number;
  /** The dialects the program went through, e.g. `metafork -> cilkplus -> metafork`, `... (4 threads)`. */
  path: string;
  kind: FailureKind;
  detail: string;
  /** The smallest program (fewest segments) that still fails this way, and its segments' kinds. */
  program: string;
  kinds: string[];
  /** The text that failed (the translation). */
  output?: string;
}

export interface FuzzResult {
  /** Programs generated and checked. */
  checked: number;
  /** Translations made (every direction and round trip). */
  translations: number;
  /** Translations refused with a positioned diagnostic, by code. */
  refused: number;
  refusals: Record<string, number>;
  /** Round trips where the tool refused its own (successful) translation: counted in `refused`. */
  ownRefusals: { seed: number; path: string; codes: string[] }[];
  /** Paths that crashed, did not compile or printed something else. */
  wrong: number;
  failures: FuzzFailure[];
}

export interface FuzzOptions {
  /** Concurrent compilations and runs (default 2). */
  jobs?: number;
  threads?: number[];
  /** Minimise each failure by dropping segments (default true). */
  minimise?: boolean;
  /** Builds everything with -fsanitize=address,undefined (slower: for soaks). */
  sanitize?: boolean;
  /** Changes every translation before it is checked (a planted bug: the fuzzer must see it). */
  mutate?: (text: string, to: Dialect) => string;
  /** Progress: one line per program. */
  log?: (line: string) => void;
}

const FLAGS = ['-std=gnu11', '-O2', '-Wall', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-unused-function', '-Wno-unknown-pragmas'];
const SANITIZE = ['-fsanitize=address,undefined', '-fno-sanitize-recover=undefined', '-fno-omit-frame-pointer'];
const EXT: Record<Dialect, string> = { metafork: '.mfc', cilkplus: '_cilk.c', openmp: '_omp.c' };

/** A counting semaphore: at most `n` compilations or runs at a time. */
class Pool {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async use<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>(resolve => this.waiting.push(resolve));
    try { return await work(); } finally {
      const next = this.waiting.shift();
      if (next) next(); else this.free++;
    }
  }
}

function exec(file: string, args: string[], env?: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise(resolve => {
    execFile(file, args, { env, timeout: 30000, maxBuffer: 1 << 22, encoding: 'utf8' }, (error, stdout, stderr) => {
      const signal = (error as { signal?: string } | null)?.signal;
      const code = error ? (typeof error.code === 'number' ? error.code : signal ? 128 : 1) : 0;
      resolve({ code, stdout, stderr: signal ? `killed by ${signal}\n${stderr}` : stderr });
    });
  });
}

/** Builds and runs C texts, each text once (the same output often comes back from several paths). */
class Runner {
  private builds = new Map<string, Promise<{ exe?: string; error?: string; warnings?: string }>>();
  private runs = new Map<string, Promise<{ code: number; stdout: string; stderr: string }>>();
  private count = 0;

  constructor(private pool: Pool, private work: string, private sanitize = false) {}

  build(text: string, openmp: boolean): Promise<{ exe?: string; error?: string; warnings?: string }> {
    const key = `${openmp}\n${text}`;
    let b = this.builds.get(key);
    if (!b) {
      const name = path.join(this.work, `p${this.count++}`);
      b = this.pool.use(async () => {
        fs.writeFileSync(`${name}.c`, text);
        const r = await exec('gcc', [...FLAGS, ...(this.sanitize ? SANITIZE : []), ...(openmp ? ['-fopenmp'] : []), '-x', 'c', `${name}.c`, '-x', 'none', '-o', `${name}.out`, '-lm']);
        return r.code === 0 ? { exe: `${name}.out`, warnings: r.stderr } : { error: r.stderr };
      });
      this.builds.set(key, b);
    }
    return b;
  }

  run(exe: string, threads: number): Promise<{ code: number; stdout: string; stderr: string }> {
    const key = `${exe}@${threads}`;
    let r = this.runs.get(key);
    if (!r) {
      r = this.pool.use(() => exec(exe, [], { ...process.env, OMP_NUM_THREADS: String(threads) }));
      this.runs.set(key, r);
    }
    return r;
  }
}

/** The first line where two outputs differ, for the message. */
function difference(expected: string, actual: string): string {
  const a = expected.split('\n'), b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `line ${i + 1}: expected '${a[i] ?? '<none>'}', got '${b[i] ?? '<none>'}'`;
  }
  return 'same lines';
}

interface PathFailure { path: string; kind: FailureKind; detail: string; output?: string }

interface ProgramReport {
  failures: PathFailure[];
  translations: number;
  refused: number;
  refusals: string[];
  ownRefusals: { path: string; codes: string[] }[];
}

/** Checks one program along every path; `only` restricts to one path (minimisation). */
async function checkProgram(program: Program, runner: Runner, threads: number[], only?: string, mutate?: FuzzOptions['mutate']): Promise<ProgramReport> {
  const report: ProgramReport = { failures: [], translations: 0, refused: 0, refusals: [], ownRefusals: [] };
  const fail = (f: PathFailure) => report.failures.push(f);
  const wanted = (p: string) => !only || only === p || only.startsWith(p + ' ->') || only.startsWith(p + ' (');

  // The oracle: the input's serial elision.
  const input = await checkText(program.text, program.fileName);
  const inputErrors = input.diagnostics.filter(d => d.severity === 'error');
  if (inputErrors.length) {
    fail({ path: program.dialect, kind: 'input rejected', detail: inputErrors.map(d => `${d.code} ${d.message} @${d.start}`).join('\n') });
    return report;
  }
  const serial = await runner.build(elide(input.model), false);
  if (!serial.exe) { fail({ path: `${program.dialect} (elision)`, kind: 'input rejected', detail: serial.error ?? '' }); return report; }
  // A warning of gcc -Wall on the oracle (say, a variable read uninitialised) is a generator bug.
  if (serial.warnings?.includes('warning:')) { fail({ path: `${program.dialect} (elision)`, kind: 'input rejected', detail: serial.warnings }); return report; }
  const oracle = await runner.run(serial.exe, 1);
  if (oracle.code !== 0) { fail({ path: `${program.dialect} (elision)`, kind: 'input rejected', detail: `exit ${oracle.code}\n${oracle.stderr}` }); return report; }
  const expected = oracle.stdout;

  /** Builds and runs `text` of dialect `d` reached by `where`; false when it failed. */
  const runs = async (text: string, d: Dialect, where: string, fileName: string): Promise<boolean> => {
    if (d === 'openmp') {
      const b = await runner.build(text, true);
      if (!b.exe) { fail({ path: where, kind: 'does not compile', detail: b.error ?? '', output: text }); return false; }
      for (const t of threads) {
        const r = await runner.run(b.exe, t);
        if (r.code !== 0 || r.stdout !== expected) {
          fail({ path: `${where} (${t} threads)`, kind: 'wrong output', detail: r.code !== 0 ? `exit ${r.code}: ${r.stderr.slice(0, 500)}` : difference(expected, r.stdout), output: text });
          return false;
        }
      }
      return true;
    }
    const a = await checkText(text, fileName);
    const errors = a.diagnostics.filter(x => x.severity === 'error');
    if (errors.length) {
      fail({ path: where, kind: 'rejects its own output', detail: errors.map(x => `${x.code} ${x.message}: '${text.slice(x.start, x.end)}'`).join('\n'), output: text });
      return false;
    }
    const b = await runner.build(elide(a.model), false);
    if (!b.exe) { fail({ path: `${where} (elision)`, kind: 'does not compile', detail: b.error ?? '', output: text }); return false; }
    const r = await runner.run(b.exe, 1);
    if (r.code !== 0 || r.stdout !== expected) {
      fail({ path: `${where} (elision)`, kind: 'wrong output', detail: r.code !== 0 ? `exit ${r.code}: ${r.stderr.slice(0, 500)}` : difference(expected, r.stdout), output: text });
      return false;
    }
    return true;
  };

  /** Translates `text` (dialect `from`, reached by `where`) to `to`; the text, or undefined (refused or failed). */
  const translate = async (text: string, from: Dialect, to: Dialect, where: string, own: boolean): Promise<string | undefined> => {
    const next = `${where} -> ${to}`;
    report.translations++;
    const fileName = `fuzz${program.seed}${EXT[from]}`;
    let r;
    try {
      r = await translateText(text, to, { fileName });
    } catch (e) {
      fail({ path: next, kind: 'crash', detail: String((e as Error)?.stack ?? e), output: text });
      return undefined;
    }
    if (r.text !== undefined) return mutate ? mutate(r.text, to) : r.text;
    const errors = r.diagnostics.filter(x => x.severity === 'error');
    const positioned = errors.length > 0 && errors.every(x => Number.isInteger(x.start) && Number.isInteger(x.end) && 0 <= x.start && x.start <= x.end && x.end <= text.length);
    if (!positioned) { fail({ path: next, kind: 'unpositioned refusal', detail: JSON.stringify(r.diagnostics), output: text }); return undefined; }
    report.refused++;
    report.refusals.push(...new Set(errors.map(x => x.code)));
    if (own) {
      // Its own translation refused onwards: what it wrote cannot be translated as the input could
      // (an MF609, say: the output's spawns race where the input's tasks had copies).
      report.ownRefusals.push({ path: next, codes: errors.map(x => `${x.code} ${x.message}`) });
      fail({ path: next, kind: 'refuses to translate its own output', detail: errors.map(x => `${x.code} ${x.message}: '${text.slice(x.start, x.end)}'`).join('\n'), output: text });
    }
    return undefined;
  };

  const X = program.dialect;
  if (X === 'openmp' && wanted(X)) await runs(program.text, X, X, program.fileName);
  for (const Y of DIALECTS) {
    if (Y === X) continue;
    const there = `${X} -> ${Y}`;
    if (!wanted(there)) continue;
    const out = await translate(program.text, X, Y, X, false);
    if (out === undefined) continue;
    if (!(await runs(out, Y, there, `fuzz${program.seed}${EXT[Y]}`))) continue;
    // Its parallel meaning: MetaFork and CilkPlus outputs run as OpenMP.
    if (Y !== 'openmp' && X !== 'openmp' && wanted(`${there} -> openmp`)) {
      const omp = await translate(out, Y, 'openmp', there, true);
      if (omp !== undefined) await runs(omp, 'openmp', `${there} -> openmp`, '');
    }
    const back = `${there} -> ${X}`;
    if (!wanted(back)) continue;
    const again = await translate(out, Y, X, there, true);
    if (again === undefined) continue;
    if (!(await runs(again, X, back, `fuzz${program.seed}_back${EXT[X]}`))) continue;
    if (X !== 'openmp' && wanted(`${back} -> openmp`)) {
      const omp = await translate(again, X, 'openmp', back, true);
      if (omp !== undefined) await runs(omp, 'openmp', `${back} -> openmp`, '');
    }
  }
  return report;
}

/** The fewest segments of `seed`'s program that still fail along `failure.path` the same way. */
async function minimise(seed: number, failure: PathFailure, runner: Runner, threads: number[], mutate?: FuzzOptions['mutate']): Promise<Program> {
  const full = programOf(seed);
  let keep = Array.from({ length: full.segments }, (_, i) => i);
  let best = full;
  const stillFails = async (p: Program) => {
    const base = failure.path.replace(/ \(.*\)$/, '');
    const r = await checkProgram(p, runner, threads, base, mutate);
    return r.failures.some(f => f.kind === failure.kind && f.path.replace(/ \(.*\)$/, '') === base);
  };
  for (let i = 0; i < keep.length && keep.length > 1;) {
    const fewer = keep.filter((_, j) => j !== i);
    const p = programOf(seed, fewer);
    if (await stillFails(p)) { keep = fewer; best = p; } else i++;
  }
  return best;
}

/** Fuzzes seeds `from`..`to` (inclusive). */
export async function fuzzForkJoin(seeds: { from: number; to: number }, options: FuzzOptions = {}): Promise<FuzzResult> {
  const jobs = options.jobs ?? 2;
  const threads = options.threads ?? [1, 2, 4];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-fuzz-fj-'));
  const runner = new Runner(new Pool(jobs), work, options.sanitize);
  const result: FuzzResult = { checked: 0, translations: 0, refused: 0, refusals: {}, ownRefusals: [], wrong: 0, failures: [] };
  let nextSeed = seeds.from;
  // A few programs in flight, so that translating one overlaps compiling another.
  const worker = async () => {
    while (nextSeed <= seeds.to) {
      const seed = nextSeed++;
      const program = programOf(seed);
      const r = await checkProgram(program, runner, threads, undefined, options.mutate);
      result.checked++;
      result.translations += r.translations;
      result.refused += r.refused;
      for (const code of r.refusals) result.refusals[code] = (result.refusals[code] ?? 0) + 1;
      for (const o of r.ownRefusals) result.ownRefusals.push({ seed, ...o });
      result.wrong += r.failures.length;
      for (const f of r.failures) {
        const small = options.minimise === false ? program : await minimise(seed, f, runner, threads, options.mutate);
        result.failures.push({ seed, ...f, program: small.text, kinds: small.kinds });
      }
      options.log?.(`seed ${seed} (${program.dialect}: ${program.kinds.join(', ')}): ${r.failures.length ? r.failures.map(f => `${f.kind} on ${f.path}`).join('; ') : 'ok'}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: jobs + 1 }, worker));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return result;
}
