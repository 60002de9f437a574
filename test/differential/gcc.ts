// How the differential tests build and run the C the tool writes: like a user's build (gcc -O2,
// strict aliasing and all), and again under AddressSanitizer and UndefinedBehaviorSanitizer
// (outputs that only looked right at -O1). OpenMP programs run at 1, 2 and 4 threads. An OpenMP program is
// proven through the translators by running what each direction gives back.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { translateText } from '../../server/src/translate/index';
import { checkText } from '../../server/src/checks/index';
import { elide } from '../../server/src/model/elide';

/** The optimisation level of every build the differential tests compare. */
export const OPTIMIZED = ['-O2'];
/** A translated OpenMP program is built once more at -O0, where every variable lives in memory, and
 * run at the most threads: a race a register hides at -O2 shows (NAS CG's round trip, whose threads
 * shared a private 'd', verified at -O2 and failed at -O0). */
export const UNOPTIMIZED = '-O0';
/** OMP_NUM_THREADS of every run of an OpenMP build. */
export const THREADS = [1, 2, 4];
/** The sanitizer build: the first report is fatal. */
export const SANITIZED = ['-O1', '-g', '-fno-omit-frame-pointer', '-fsanitize=address,undefined', '-fno-sanitize-recover=all'];
/** Leaks are not wrong results (the corpus programs exit without freeing): only memory errors and UB count. */
const SANITIZER_ENV = { ASAN_OPTIONS: 'detect_leaks=0:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1' };

/** The compiler and its arguments for one build (C, or C++ when `cpp`), linked with libm. Libraries
 * among the flags (`-lgomp`) go after the source, where the linker looks for what it uses. */
export function gccCommand(src: string, exe: string, flags: string[], cpp = false): [string, string[]] {
  const libraries = flags.filter(f => f.startsWith('-l'));
  const options = flags.filter(f => !f.startsWith('-l'));
  const language = cpp ? 'c++' : 'c';
  return [cpp ? 'g++' : 'gcc', [...options, '-x', language, src, '-x', 'none', '-o', exe, ...libraries, '-lm']];
}

/** A failed build: the compiler's output, and the source when given. */
export function compileError(src: string, compiler: string, flags: string[], stderr: unknown, source: string): Error {
  const listing = source ? `\n--- source ---\n${source}` : '';
  return new Error(`${src} does not compile (${compiler} ${flags.join(' ')}):\n${stderr}${listing}`);
}

/** Compiles with gcc (g++ when `cpp`); throws with the compiler's output (and the source) on failure. */
export function gcc(src: string, exe: string, flags: string[], source = '', cpp = false): void {
  const [compiler, args] = gccCommand(src, exe, flags, cpp);
  try {
    execFileSync(compiler, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    throw compileError(src, compiler, flags, (e as { stderr?: Buffer }).stderr?.toString(), source);
  }
}

/** Runs a build on `threads` OpenMP threads; its standard output. */
export function run(exe: string, threads = 1): string {
  return execFileSync(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(threads) }, timeout: 30000 });
}

/** Runs a sanitized build: it must exit 0 with no report; its standard output. */
export function runSanitized(exe: string, threads = 1): string {
  const r = spawnSync(exe, { encoding: 'utf8', env: { ...process.env, ...SANITIZER_ENV, OMP_NUM_THREADS: String(threads) }, timeout: 60000 });
  assert.equal(r.status, 0, `${exe} (sanitized, ${threads} thread${threads > 1 ? 's' : ''}) exited with ${r.status ?? r.signal}:\n${r.stderr}`);
  assert.doesNotMatch(r.stderr, /runtime error|AddressSanitizer|UndefinedBehaviorSanitizer/, r.stderr);
  return r.stdout;
}

/** The warnings every translated build treats as errors (unused variables are the translation's leftovers). */
const STRICT = ['-std=gnu11', '-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-unknown-pragmas'];

/**
 * An OpenMP program proven through the translators: built with gcc -O2 -fopenmp, it prints the same at
 * 1, 2 and 4 threads; its MetaFork and CilkPlus translations' serial elisions print that too, and so
 * do those translations translated back to OpenMP, at 1, 2 and 4 threads. Builds go under `work`.
 */
export async function proveOpenmpProgram(source: string, name: string, work: string): Promise<void> {
  const build = (text: string, suffix: string, openmp: boolean, level = OPTIMIZED[0]): string => {
    const src = path.join(work, `${name}${suffix}.c`);
    const exe = path.join(work, `${name}${suffix}.out`);
    fs.writeFileSync(src, text);
    gcc(src, exe, [level, ...STRICT, ...(openmp ? ['-fopenmp'] : [])], text);
    return exe;
  };
  const original = build(source, '', true);
  const expected = run(original, 1);
  for (const threads of THREADS) assert.equal(run(original, threads), expected, `${name}: the original at ${threads} threads`);
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(source, to, { fileName: `${name}.c` });
    assert.ok(r.text !== undefined, `${name} -> ${to} refused:\n${r.diagnostics.map(d => d.message).join('\n')}`);
    const checked = await checkText(r.text, `${name}${to === 'metafork' ? '.mfc' : '_cilk.c'}`);
    const errors = checked.diagnostics.filter(d => d.severity === 'error').map(d => d.message);
    assert.deepEqual(errors, [], `the ${to} translation of ${name} has errors:\n${r.text}`);
    // MetaFork keeps the lock API's calls: its elision links with the OpenMP runtime when it calls it.
    // CilkPlus has them as POSIX and Cilk calls: its elision links without it.
    const serial = elide(checked.model);
    const runtime = to === 'metafork' && /\bomp_/.test(serial);
    assert.equal(run(build(serial, `_${to}_serial`, runtime), 1), expected, `${name} -> ${to}, elided:\n${serial}`);
    const back = await translateText(r.text, 'openmp', { fileName: `${name}_${to}.c` });
    assert.ok(back.text !== undefined, `${name} -> ${to} -> openmp refused:\n${back.diagnostics.map(d => d.message).join('\n')}`);
    const exe = build(back.text, `_${to}_omp`, true);
    for (const threads of THREADS)
      assert.equal(run(exe, threads), expected, `${name} -> ${to} -> openmp at ${threads} threads:\n${back.text}`);
    const most = THREADS[THREADS.length - 1];
    assert.equal(run(build(back.text, `_${to}_omp_O0`, true, UNOPTIMIZED), most), expected, `${name} -> ${to} -> openmp at -O0, ${most} threads:\n${back.text}`);
  }
}
