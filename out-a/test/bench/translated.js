"use strict";
// The bench's "Translators" section: programs of the thesis's interoperability study (Chen 2017
// §3.7), each written by the team in its natural dialect (test/bench/programs/NAME.c for
// CilkPlus, NAME.mfc for MetaFork) beside a hand-written OpenMP version of the same algorithm
// (NAME.omp.c). The source is translated to OpenMP by the project's translator; both OpenMP
// programs are built with gcc -O2 -fopenmp, must print the same thing, and are timed at 1 and 2
// threads (medians, runs interleaved so that a busy machine slows both alike).
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
exports.PROGRAMS = void 0;
exports.translation = translation;
exports.translatedAgainstHandWritten = translatedAgainstHandWritten;
exports.translatedTable = translatedTable;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const index_1 = require("../../server/src/checks/index");
const elide_1 = require("../../server/src/model/elide");
const index_2 = require("../../server/src/translate/index");
/** The programs, in the thesis's order; each NAME has NAME.omp.c and NAME.c or NAME.mfc. */
exports.PROGRAMS = ['fib', 'scan', 'quicksort', 'mergesort', 'matmul', 'mandelbrot', 'fft', 'nqueens', 'heat'];
const THREADS = [1, 2];
const RUNS = 5;
function median(xs) {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
function build(source, exe) {
    (0, child_process_1.execFileSync)('gcc', ['-O2', '-fopenmp', source, '-o', exe, '-lm'], { stdio: ['ignore', 'ignore', 'pipe'] });
}
/** One run: its output and wall time in ms. */
function timed(exe, threads) {
    const t0 = performance.now();
    const env = { ...process.env, OMP_NUM_THREADS: String(threads) };
    const r = (0, child_process_1.spawnSync)(exe, { encoding: 'utf8', env, timeout: 60000 });
    const ms = performance.now() - t0;
    if (r.status !== 0)
        throw new Error(`${exe} (${threads} threads) exited with ${r.status ?? r.signal}: ${r.stderr}`);
    return { out: r.stdout, ms };
}
const differs = (out, expected) => `printed ${JSON.stringify(out)}, the hand-written version ${JSON.stringify(expected)}`;
/** The OpenMP translation of a bench program (throws with the diagnostics when refused). */
async function translation(dir, program) {
    const file = fs.existsSync(path.join(dir, `${program}.mfc`)) ? `${program}.mfc` : `${program}.c`;
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    const r = await (0, index_2.translateText)(source, 'openmp', { fileName: file });
    if (r.text === undefined)
        throw new Error(`${file} -> openmp refused: ${r.diagnostics.map(d => `${d.code} ${d.message}`).join('; ')}`);
    return { file, text: r.text, dialect: file.endsWith('.mfc') ? 'metafork' : 'cilkplus' };
}
async function translatedAgainstHandWritten(root) {
    const dir = path.join(root, 'test', 'bench', 'programs');
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-translated-'));
    const rows = [];
    try {
        for (const program of exports.PROGRAMS) {
            const { file, text, dialect } = await translation(dir, program);
            const exe = (kind) => path.join(work, `${program}.${kind}`);
            fs.writeFileSync(path.join(work, `${program}.translated.c`), text);
            build(path.join(work, `${program}.translated.c`), exe('translated'));
            build(path.join(dir, `${program}.omp.c`), exe('hand'));
            let original;
            if (dialect === 'cilkplus') {
                const source = fs.readFileSync(path.join(dir, file), 'utf8');
                const syntax = await (0, index_1.parseText)(source, file);
                fs.writeFileSync(path.join(work, `${program}.elided.c`), (0, elide_1.elide)((0, index_1.checkSyntax)(syntax).model));
                syntax.dispose();
                build(path.join(work, `${program}.elided.c`), exe('elided'));
                original = [];
            }
            for (const threads of THREADS) {
                const translated = [], hand = [];
                const expected = timed(exe('hand'), threads).out; // also warms the caches
                for (let i = 0; i < RUNS; i++) {
                    for (const [exeKind, samples] of [['translated', translated], ['hand', hand]]) {
                        const r = timed(exe(exeKind), threads);
                        if (r.out !== expected)
                            throw new Error(`${program} (${exeKind}, ${threads} threads) ${differs(r.out, expected)}`);
                        samples.push(r.ms);
                    }
                    if (original && threads === 1) {
                        const r = timed(exe('elided'), 1);
                        if (r.out !== expected)
                            throw new Error(`${program}'s serial elision ${differs(r.out, expected)}`);
                        original.push(r.ms);
                    }
                }
                rows.push({
                    program,
                    dialect,
                    threads,
                    translated: median(translated),
                    handWritten: median(hand),
                    original: original && threads === 1 ? median(original) : undefined,
                });
            }
        }
    }
    finally {
        fs.rmSync(work, { recursive: true, force: true });
    }
    return rows;
}
const ratio = (x, y) => (x === undefined ? '-' : (x / y).toFixed(2));
/** The table, one line per program and thread count. */
function translatedTable(rows) {
    const out = [
        'program     source    threads     original ms  translated ms  hand-written ms  translated/hand  original/hand',
    ];
    for (const r of rows) {
        const original = r.original !== undefined
            ? `${r.original.toFixed(0)} (elision)`
            : r.dialect === 'metafork' ? '= translated' : '-';
        out.push(`${r.program.padEnd(10)}  ${r.dialect.padEnd(8)}  ${String(r.threads).padStart(7)}  ${original.padStart(14)}  ` +
            `${r.translated.toFixed(0).padStart(13)}  ${r.handWritten.toFixed(0).padStart(15)}  ` +
            `${(r.translated / r.handWritten).toFixed(2).padStart(15)}  ${ratio(r.original, r.handWritten).padStart(13)}`);
    }
    return out;
}
//# sourceMappingURL=translated.js.map