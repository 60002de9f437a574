"use strict";
// How the differential tests build and run the C the tool writes: like a user's build (gcc -O2,
// strict aliasing and all), and again under AddressSanitizer and UndefinedBehaviorSanitizer
// (outputs that only looked right at -O1). OpenMP programs run at 1, 2 and 4 threads. An OpenMP program is
// proven through the translators by running what each direction gives back.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SANITIZED = exports.THREADS = exports.UNOPTIMIZED = exports.OPTIMIZED = void 0;
exports.gccCommand = gccCommand;
exports.compileError = compileError;
exports.gcc = gcc;
exports.run = run;
exports.runSanitized = runSanitized;
exports.proveOpenmpProgram = proveOpenmpProgram;
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const index_1 = require("../../server/src/translate/index");
const index_2 = require("../../server/src/checks/index");
const elide_1 = require("../../server/src/model/elide");
/** The optimisation level of every build the differential tests compare. */
exports.OPTIMIZED = ['-O2'];
/** A translated OpenMP program is built once more at -O0, where every variable lives in memory, and
 * run at the most threads: a race a register hides at -O2 shows (NAS CG's round trip, whose threads
 * shared a private 'd', verified at -O2 and failed at -O0). */
exports.UNOPTIMIZED = '-O0';
/** OMP_NUM_THREADS of every run of an OpenMP build. */
exports.THREADS = [1, 2, 4];
/** The sanitizer build: the first report is fatal. */
exports.SANITIZED = ['-O1', '-g', '-fno-omit-frame-pointer', '-fsanitize=address,undefined', '-fno-sanitize-recover=all'];
/** Leaks are not wrong results (the corpus programs exit without freeing): only memory errors and UB count. */
const SANITIZER_ENV = { ASAN_OPTIONS: 'detect_leaks=0:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1' };
/** The compiler and its arguments for one build (C, or C++ when `cpp`), linked with libm. Libraries
 * among the flags (`-lgomp`) go after the source, where the linker looks for what it uses. */
function gccCommand(src, exe, flags, cpp = false) {
    const libraries = flags.filter(f => f.startsWith('-l'));
    const options = flags.filter(f => !f.startsWith('-l'));
    const language = cpp ? 'c++' : 'c';
    return [cpp ? 'g++' : 'gcc', [...options, '-x', language, src, '-x', 'none', '-o', exe, ...libraries, '-lm']];
}
/** A failed build: the compiler's output, and the source when given. */
function compileError(src, compiler, flags, stderr, source) {
    const listing = source ? `\n--- source ---\n${source}` : '';
    return new Error(`${src} does not compile (${compiler} ${flags.join(' ')}):\n${stderr}${listing}`);
}
/** Compiles with gcc (g++ when `cpp`); throws with the compiler's output (and the source) on failure. */
function gcc(src, exe, flags, source = '', cpp = false) {
    const [compiler, args] = gccCommand(src, exe, flags, cpp);
    try {
        (0, child_process_1.execFileSync)(compiler, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    }
    catch (e) {
        throw compileError(src, compiler, flags, e.stderr?.toString(), source);
    }
}
/** Runs a build on `threads` OpenMP threads; its standard output. */
function run(exe, threads = 1) {
    return (0, child_process_1.execFileSync)(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(threads) }, timeout: 30000 });
}
/** Runs a sanitized build: it must exit 0 with no report; its standard output. */
function runSanitized(exe, threads = 1) {
    const r = (0, child_process_1.spawnSync)(exe, { encoding: 'utf8', env: { ...process.env, ...SANITIZER_ENV, OMP_NUM_THREADS: String(threads) }, timeout: 60000 });
    strict_1.default.equal(r.status, 0, `${exe} (sanitized, ${threads} thread${threads > 1 ? 's' : ''}) exited with ${r.status ?? r.signal}:\n${r.stderr}`);
    strict_1.default.doesNotMatch(r.stderr, /runtime error|AddressSanitizer|UndefinedBehaviorSanitizer/, r.stderr);
    return r.stdout;
}
/** The warnings every translated build treats as errors (unused variables are the translation's leftovers). */
const STRICT = ['-std=gnu11', '-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-unknown-pragmas'];
/**
 * An OpenMP program proven through the translators: built with gcc -O2 -fopenmp, it prints the same at
 * 1, 2 and 4 threads; its MetaFork and CilkPlus translations' serial elisions print that too, and so
 * do those translations translated back to OpenMP, at 1, 2 and 4 threads. Builds go under `work`.
 */
async function proveOpenmpProgram(source, name, work) {
    const build = (text, suffix, openmp, level = exports.OPTIMIZED[0]) => {
        const src = path.join(work, `${name}${suffix}.c`);
        const exe = path.join(work, `${name}${suffix}.out`);
        fs.writeFileSync(src, text);
        gcc(src, exe, [level, ...STRICT, ...(openmp ? ['-fopenmp'] : [])], text);
        return exe;
    };
    const original = build(source, '', true);
    const expected = run(original, 1);
    for (const threads of exports.THREADS)
        strict_1.default.equal(run(original, threads), expected, `${name}: the original at ${threads} threads`);
    for (const to of ['metafork', 'cilkplus']) {
        const r = await (0, index_1.translateText)(source, to, { fileName: `${name}.c` });
        strict_1.default.ok(r.text !== undefined, `${name} -> ${to} refused:\n${r.diagnostics.map(d => d.message).join('\n')}`);
        const checked = await (0, index_2.checkText)(r.text, `${name}${to === 'metafork' ? '.mfc' : '_cilk.c'}`);
        const errors = checked.diagnostics.filter(d => d.severity === 'error').map(d => d.message);
        strict_1.default.deepEqual(errors, [], `the ${to} translation of ${name} has errors:\n${r.text}`);
        // MetaFork keeps the lock API's calls: its elision links with the OpenMP runtime when it calls it.
        // CilkPlus has them as POSIX and Cilk calls: its elision links without it.
        const serial = (0, elide_1.elide)(checked.model);
        const runtime = to === 'metafork' && /\bomp_/.test(serial);
        strict_1.default.equal(run(build(serial, `_${to}_serial`, runtime), 1), expected, `${name} -> ${to}, elided:\n${serial}`);
        const back = await (0, index_1.translateText)(r.text, 'openmp', { fileName: `${name}_${to}.c` });
        strict_1.default.ok(back.text !== undefined, `${name} -> ${to} -> openmp refused:\n${back.diagnostics.map(d => d.message).join('\n')}`);
        const exe = build(back.text, `_${to}_omp`, true);
        for (const threads of exports.THREADS)
            strict_1.default.equal(run(exe, threads), expected, `${name} -> ${to} -> openmp at ${threads} threads:\n${back.text}`);
        const most = exports.THREADS[exports.THREADS.length - 1];
        strict_1.default.equal(run(build(back.text, `_${to}_omp_O0`, true, exports.UNOPTIMIZED), most), expected, `${name} -> ${to} -> openmp at -O0, ${most} threads:\n${back.text}`);
    }
}
//# sourceMappingURL=gcc.js.map