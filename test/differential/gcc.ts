// How the differential tests build and run the C the tool writes: like a user's build (gcc -O2,
// strict aliasing and all), and again under AddressSanitizer and UndefinedBehaviorSanitizer
// (outputs that only looked right at -O1). OpenMP programs run at 1, 2 and 4 threads.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'child_process';

/** The optimisation level of every build the differential tests compare. */
export const OPTIMIZED = ['-O2'];
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
