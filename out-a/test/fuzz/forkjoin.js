"use strict";
// Differential fuzzing of the translators on random fork-join programs: each program
// (forkjoin-generate.ts) is translated to every other dialect and back (X -> Y -> X); every
// result is built with gcc -O2 -Wall and run, OpenMP with -fopenmp at 1, 2 and 4 threads,
// MetaFork and CilkPlus through their serial elision (no Cilk compiler here) and, for their
// parallel meaning, once more translated to OpenMP and run. Every output must print what the
// input's serial elision prints. A refusal is fine when it is positioned (an error diagnostic
// inside the input); a crash, an output that does not compile, that the tool itself rejects, or
// that prints something else is wrong. Each wrong program is minimised by dropping segments.
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
Object.defineProperty(exports, "__esModule", { value: true });
exports.fuzzForkJoin = fuzzForkJoin;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const index_1 = require("../../server/src/checks/index");
const elide_1 = require("../../server/src/model/elide");
const index_2 = require("../../server/src/translate/index");
const forkjoin_generate_1 = require("./forkjoin-generate");
const FLAGS = ['-std=gnu11', '-O2', '-Wall', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-unused-function', '-Wno-unknown-pragmas'];
const SANITIZE = ['-fsanitize=address,undefined', '-fno-sanitize-recover=undefined', '-fno-omit-frame-pointer'];
const EXT = { metafork: '.mfc', cilkplus: '_cilk.c', openmp: '_omp.c' };
/** A counting semaphore: at most `n` compilations or runs at a time. */
class Pool {
    free;
    waiting = [];
    constructor(free) {
        this.free = free;
    }
    async use(work) {
        if (this.free > 0)
            this.free--;
        else
            await new Promise(resolve => this.waiting.push(resolve));
        try {
            return await work();
        }
        finally {
            const next = this.waiting.shift();
            if (next)
                next();
            else
                this.free++;
        }
    }
}
function exec(file, args, env) {
    return new Promise(resolve => {
        (0, child_process_1.execFile)(file, args, { env, timeout: 30000, maxBuffer: 1 << 22, encoding: 'utf8' }, (error, stdout, stderr) => {
            const signal = error?.signal;
            const code = error ? (typeof error.code === 'number' ? error.code : signal ? 128 : 1) : 0;
            resolve({ code, stdout, stderr: signal ? `killed by ${signal}\n${stderr}` : stderr });
        });
    });
}
/** Builds and runs C texts, each text once (the same output often comes back from several paths). */
class Runner {
    pool;
    work;
    sanitize;
    builds = new Map();
    runs = new Map();
    count = 0;
    constructor(pool, work, sanitize = false) {
        this.pool = pool;
        this.work = work;
        this.sanitize = sanitize;
    }
    build(text, openmp) {
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
    run(exe, threads) {
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
function difference(expected, actual) {
    const a = expected.split('\n'), b = actual.split('\n');
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (a[i] !== b[i])
            return `line ${i + 1}: expected '${a[i] ?? '<none>'}', got '${b[i] ?? '<none>'}'`;
    }
    return 'same lines';
}
/** Checks one program along every path; `only` restricts to one path (minimisation). */
async function checkProgram(program, runner, threads, only, mutate) {
    const report = { failures: [], translations: 0, refused: 0, refusals: [], ownRefusals: [] };
    const fail = (f) => report.failures.push(f);
    const wanted = (p) => !only || only === p || only.startsWith(p + ' ->') || only.startsWith(p + ' (');
    // The oracle: the input's serial elision.
    const input = await (0, index_1.checkText)(program.text, program.fileName);
    const inputErrors = input.diagnostics.filter(d => d.severity === 'error');
    if (inputErrors.length) {
        fail({ path: program.dialect, kind: 'input rejected', detail: inputErrors.map(d => `${d.code} ${d.message} @${d.start}`).join('\n') });
        return report;
    }
    const serial = await runner.build((0, elide_1.elide)(input.model), false);
    if (!serial.exe) {
        fail({ path: `${program.dialect} (elision)`, kind: 'input rejected', detail: serial.error ?? '' });
        return report;
    }
    // A warning of gcc -Wall on the oracle (say, a variable read uninitialised) is a generator bug.
    if (serial.warnings?.includes('warning:')) {
        fail({ path: `${program.dialect} (elision)`, kind: 'input rejected', detail: serial.warnings });
        return report;
    }
    const oracle = await runner.run(serial.exe, 1);
    if (oracle.code !== 0) {
        fail({ path: `${program.dialect} (elision)`, kind: 'input rejected', detail: `exit ${oracle.code}\n${oracle.stderr}` });
        return report;
    }
    const expected = oracle.stdout;
    /** Builds and runs `text` of dialect `d` reached by `where`; false when it failed. */
    const runs = async (text, d, where, fileName) => {
        if (d === 'openmp') {
            const b = await runner.build(text, true);
            if (!b.exe) {
                fail({ path: where, kind: 'does not compile', detail: b.error ?? '', output: text });
                return false;
            }
            for (const t of threads) {
                const r = await runner.run(b.exe, t);
                if (r.code !== 0 || r.stdout !== expected) {
                    fail({ path: `${where} (${t} threads)`, kind: 'wrong output', detail: r.code !== 0 ? `exit ${r.code}: ${r.stderr.slice(0, 500)}` : difference(expected, r.stdout), output: text });
                    return false;
                }
            }
            return true;
        }
        const a = await (0, index_1.checkText)(text, fileName);
        const errors = a.diagnostics.filter(x => x.severity === 'error');
        if (errors.length) {
            fail({ path: where, kind: 'rejects its own output', detail: errors.map(x => `${x.code} ${x.message}: '${text.slice(x.start, x.end)}'`).join('\n'), output: text });
            return false;
        }
        const b = await runner.build((0, elide_1.elide)(a.model), false);
        if (!b.exe) {
            fail({ path: `${where} (elision)`, kind: 'does not compile', detail: b.error ?? '', output: text });
            return false;
        }
        const r = await runner.run(b.exe, 1);
        if (r.code !== 0 || r.stdout !== expected) {
            fail({ path: `${where} (elision)`, kind: 'wrong output', detail: r.code !== 0 ? `exit ${r.code}: ${r.stderr.slice(0, 500)}` : difference(expected, r.stdout), output: text });
            return false;
        }
        return true;
    };
    /** Translates `text` (dialect `from`, reached by `where`) to `to`; the text, or undefined (refused or failed). */
    const translate = async (text, from, to, where, own) => {
        const next = `${where} -> ${to}`;
        report.translations++;
        const fileName = `fuzz${program.seed}${EXT[from]}`;
        let r;
        try {
            r = await (0, index_2.translateText)(text, to, { fileName });
        }
        catch (e) {
            fail({ path: next, kind: 'crash', detail: String(e?.stack ?? e), output: text });
            return undefined;
        }
        if (r.text !== undefined)
            return mutate ? mutate(r.text, to) : r.text;
        const errors = r.diagnostics.filter(x => x.severity === 'error');
        const positioned = errors.length > 0 && errors.every(x => Number.isInteger(x.start) && Number.isInteger(x.end) && 0 <= x.start && x.start <= x.end && x.end <= text.length);
        if (!positioned) {
            fail({ path: next, kind: 'unpositioned refusal', detail: JSON.stringify(r.diagnostics), output: text });
            return undefined;
        }
        report.refused++;
        report.refusals.push(...new Set(errors.map(x => x.code)));
        if (own)
            report.ownRefusals.push({ path: next, codes: errors.map(x => `${x.code} ${x.message}`) });
        return undefined;
    };
    const X = program.dialect;
    if (X === 'openmp' && wanted(X))
        await runs(program.text, X, X, program.fileName);
    for (const Y of forkjoin_generate_1.DIALECTS) {
        if (Y === X)
            continue;
        const there = `${X} -> ${Y}`;
        if (!wanted(there))
            continue;
        const out = await translate(program.text, X, Y, X, false);
        if (out === undefined)
            continue;
        if (!(await runs(out, Y, there, `fuzz${program.seed}${EXT[Y]}`)))
            continue;
        // Its parallel meaning: MetaFork and CilkPlus outputs run as OpenMP.
        if (Y !== 'openmp' && X !== 'openmp' && wanted(`${there} -> openmp`)) {
            const omp = await translate(out, Y, 'openmp', there, true);
            if (omp !== undefined)
                await runs(omp, 'openmp', `${there} -> openmp`, '');
        }
        const back = `${there} -> ${X}`;
        if (!wanted(back))
            continue;
        const again = await translate(out, Y, X, there, true);
        if (again === undefined)
            continue;
        if (!(await runs(again, X, back, `fuzz${program.seed}_back${EXT[X]}`)))
            continue;
        if (X !== 'openmp' && wanted(`${back} -> openmp`)) {
            const omp = await translate(again, X, 'openmp', back, true);
            if (omp !== undefined)
                await runs(omp, 'openmp', `${back} -> openmp`, '');
        }
    }
    return report;
}
/** The fewest segments of `seed`'s program that still fail along `failure.path` the same way. */
async function minimise(seed, failure, runner, threads, mutate) {
    const full = (0, forkjoin_generate_1.programOf)(seed);
    let keep = Array.from({ length: full.segments }, (_, i) => i);
    let best = full;
    const stillFails = async (p) => {
        const base = failure.path.replace(/ \(.*\)$/, '');
        const r = await checkProgram(p, runner, threads, base, mutate);
        return r.failures.some(f => f.kind === failure.kind && f.path.replace(/ \(.*\)$/, '') === base);
    };
    for (let i = 0; i < keep.length && keep.length > 1;) {
        const fewer = keep.filter((_, j) => j !== i);
        const p = (0, forkjoin_generate_1.programOf)(seed, fewer);
        if (await stillFails(p)) {
            keep = fewer;
            best = p;
        }
        else
            i++;
    }
    return best;
}
/** Fuzzes seeds `from`..`to` (inclusive). */
async function fuzzForkJoin(seeds, options = {}) {
    const jobs = options.jobs ?? 2;
    const threads = options.threads ?? [1, 2, 4];
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-fuzz-fj-'));
    const runner = new Runner(new Pool(jobs), work, options.sanitize);
    const result = { checked: 0, translations: 0, refused: 0, refusals: {}, ownRefusals: [], wrong: 0, failures: [] };
    let nextSeed = seeds.from;
    // A few programs in flight, so that translating one overlaps compiling another.
    const worker = async () => {
        while (nextSeed <= seeds.to) {
            const seed = nextSeed++;
            const program = (0, forkjoin_generate_1.programOf)(seed);
            const r = await checkProgram(program, runner, threads, undefined, options.mutate);
            result.checked++;
            result.translations += r.translations;
            result.refused += r.refused;
            for (const code of r.refusals)
                result.refusals[code] = (result.refusals[code] ?? 0) + 1;
            for (const o of r.ownRefusals)
                result.ownRefusals.push({ seed, ...o });
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
    }
    finally {
        fs.rmSync(work, { recursive: true, force: true });
    }
    return result;
}
//# sourceMappingURL=forkjoin.js.map