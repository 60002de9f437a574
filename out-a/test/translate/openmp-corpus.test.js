"use strict";
// The OpenMP acceptance corpus (test/fixtures/openmp/: small programs written by the team in the
// styles real OpenMP code is written, each printing results that a wrong translation changes).
// For each program of the manifest (expected.json):
// - the original, built with gcc -O2 -fopenmp, prints its recorded output at 1, 2 and 4 threads;
// - where the manifest says it translates: to MetaFork and to CilkPlus, the serial elisions print
//   it too, and both translated on to OpenMP print it at 1, 2 and 4 threads (and at 4 built at -O0,
//   where no register hides a race);
// - where it says it is refused: the refusal's code, construct and position (the text it covers)
//   are the manifest's, in both directions.
// The summary counts the programs that translate and compute the same; a `defect` names a known
// wrong translation (its test runs as a todo). MF_RECORD=1 writes what the translator does now
// into the manifest's `translates` instead of comparing (results are still checked); `target` is
// what the program should do once every construct MetaFork can express is translated.
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
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/translate/index");
const gcc_1 = require("../differential/gcc");
const run_1 = require("./run");
const MANIFEST = (0, helpers_1.fixture)('openmp', 'expected.json');
const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'));
const RECORD = process.env.MF_RECORD === '1';
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0;
const work = (0, run_1.workDir)('mf-openmp-corpus-');
/** What each program did in this run: translated, or refused with this finding. */
const observed = new Map();
/** The programs whose translations computed the program's output in every build. */
const verified = new Set();
/** Every output of a build at 1, 2 and 4 threads must be the program's. */
function runsAll(exe, output, what, source) {
    for (const threads of gcc_1.THREADS)
        strict_1.default.equal((0, gcc_1.run)(exe, threads), output, `${what}, OMP_NUM_THREADS=${threads}\n${source}`);
}
/** The translation of `text` to MetaFork, or the finding that refused it. */
async function attempt(text, file) {
    const r = await (0, index_1.translateText)(text, 'metafork', { fileName: file });
    if (r.text !== undefined)
        return true;
    const e = r.diagnostics.find(d => d.severity === 'error');
    strict_1.default.ok(e, `${file}: refused without an error`);
    const data = e.data ?? {};
    const at = text.slice(e.start, e.end);
    // Findings of the syntax check name no construct: the text they cover does.
    const construct = String(data.construct ?? data.call ?? data.variable ?? at);
    const previous = manifest[file].translates;
    const same = typeof previous === 'object' && previous.code === e.code && previous.construct === construct;
    return { code: e.code, construct, at, why: same ? previous.why : e.message };
}
(0, node_test_1.describe)('the OpenMP corpus', { concurrency: os.availableParallelism() }, () => {
    for (const [file, entry] of Object.entries(manifest)) {
        (0, node_test_1.test)(file, { skip: gcc ? false : 'gcc not found', todo: entry.defect }, async () => {
            const text = fs.readFileSync((0, helpers_1.fixture)('openmp', file), 'utf8');
            const name = file.replace(/\.c$/, '');
            runsAll(await (0, run_1.buildAsync)(work, text, name, ['-fopenmp']), entry.output, 'the original', '');
            const found = await attempt(text, file);
            observed.set(file, found);
            if (!RECORD) {
                if (found === true)
                    strict_1.default.equal(entry.translates, true, `${file} now translates: the manifest still says refused (MF_RECORD=1)`);
                else
                    strict_1.default.deepEqual(found, entry.translates, `${file} is refused other than as the manifest says`);
            }
            if (found !== true) {
                // Every direction goes through MetaFork: CilkPlus is refused at the same construct.
                const cilk = await (0, index_1.translateText)(text, 'cilkplus', { fileName: file });
                strict_1.default.equal(cilk.text, undefined, `${file} -> cilkplus translates though -> metafork is refused`);
                strict_1.default.ok(cilk.diagnostics.some(d => d.code === found.code && text.slice(d.start, d.end) === found.at));
                return;
            }
            for (const [to, ext] of [['metafork', '.mfc'], ['cilkplus', '_cilk.c']]) {
                const out = await (0, run_1.translated)(text, to, file);
                const serial = await (0, run_1.elision)(out, name + ext);
                // MetaFork keeps the OpenMP runtime's library calls (locks, omp_get_max_threads) as plain C, linked
                // with it; CilkPlus has them as POSIX and Cilk calls: its elision links without it.
                const exe = await (0, run_1.buildAsync)(work, serial, `${name}_${to}_serial`, to === 'cilkplus' ? [] : ['-lgomp']);
                strict_1.default.equal((0, gcc_1.run)(exe, 1), entry.output, `${to} elision\n${out}`);
                const omp = await (0, run_1.translated)(out, 'openmp', name + ext);
                runsAll(await (0, run_1.buildAsync)(work, omp, `${name}_${to}_then_omp`, ['-fopenmp']), entry.output, `${to} -> openmp`, omp);
                const most = gcc_1.THREADS[gcc_1.THREADS.length - 1];
                const unoptimized = await (0, run_1.buildAsync)(work, omp, `${name}_${to}_then_omp_O0`, ['-fopenmp', gcc_1.UNOPTIMIZED]);
                strict_1.default.equal((0, gcc_1.run)(unoptimized, most), entry.output, `${to} -> openmp at ${gcc_1.UNOPTIMIZED}, OMP_NUM_THREADS=${most}\n${omp}`);
            }
            verified.add(file);
        });
    }
});
(0, node_test_1.test)('every program of the folder is in the manifest', () => {
    const programs = fs.readdirSync((0, helpers_1.fixture)('openmp')).filter(f => f.endsWith('.c'));
    strict_1.default.deepEqual(programs.sort(), Object.keys(manifest).sort());
});
(0, node_test_1.test)('the share of the corpus that translates', { skip: gcc ? false : 'gcc not found' }, t => {
    const total = Object.keys(manifest).length;
    const expected = Object.values(manifest).filter(e => e.translates === true && !e.defect).length;
    const translating = verified.size;
    const summary = `${translating} of ${total} translate (${((100 * translating) / total).toFixed(1)}%)`;
    t.diagnostic(summary);
    console.log(summary);
    if (!RECORD)
        strict_1.default.ok(translating >= expected, `${translating} of ${total} translate; the manifest says ${expected}`);
});
(0, node_test_1.after)(() => {
    if (!RECORD)
        return;
    for (const [file, found] of observed) {
        manifest[file].translates = found;
        if (found === true && manifest[file].target === true)
            delete manifest[file].target; // reached
    }
    fs.writeFileSync(MANIFEST, JSON.stringify(manifest, null, 2) + '\n');
    console.log(`recorded ${observed.size} programs in ${MANIFEST}`);
});
//# sourceMappingURL=openmp-corpus.test.js.map