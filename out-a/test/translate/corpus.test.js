"use strict";
// The translators proven by running what they produce (every corpus program
// in every other dialect). For each complete program of the corpus (examples/ and
// test/fixtures/programs/, with their expected output in expected.json):
// - to OpenMP: compiled with gcc -O2 -fopenmp -Wall, run with 1, 2 and 4 threads;
// - to MetaFork and to CilkPlus (no Cilk compiler here): the serial elision is compiled and run,
//   and the result is translated once more, to OpenMP, compiled and run with 1, 2 and 4 threads;
// - the OpenMP translation and the elisions are built again with the sanitizers (ASan, UBSan:
//   test/differential/gcc.ts) and run clean, with the same output;
// - round trips are stable: translating the result back and forth again changes nothing.
// Every output must equal the program's expected output (its serial elision's).
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
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/translate/index");
const gcc_1 = require("../differential/gcc");
const run_1 = require("./run");
const expected = JSON.parse(fs.readFileSync((0, helpers_1.fixture)('programs', 'expected.json'), 'utf8'));
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0;
const work = (0, run_1.workDir)('mf-translate-');
const build = (source, name, flags, sanitized = false) => (0, run_1.build)(work, source, name, flags, sanitized);
const ext = { metafork: '.mfc', openmp: '_omp.c', cilkplus: '_cilk.c' };
for (const [file, output] of Object.entries(expected)) {
    const text = fs.readFileSync(path.join(helpers_1.ROOT, file), 'utf8');
    const base = path.basename(file).replace(/\W/g, '_');
    for (const to of ['metafork', 'openmp', 'cilkplus']) {
        (0, node_test_1.test)(`${file} translated to ${to} computes what the program computes`, { skip: gcc ? false : 'gcc not found' }, async (t) => {
            const { model } = await (0, helpers_1.checkSource)(text, file);
            const source = (0, index_1.dialectsOf)(model);
            if (source.length === 1 && source[0] === to)
                return; // its own dialect: nothing to translate
            let out = await (0, run_1.translated)(text, to, file);
            const name = `${base}_to_${to}`;
            fs.writeFileSync(path.join(work, name + ext[to]), out);
            if (to === 'openmp') {
                const exe = build(out, name, ['-fopenmp']), sanitized = build(out, name, ['-fopenmp'], true);
                for (const threads of gcc_1.THREADS) {
                    strict_1.default.equal((0, gcc_1.run)(exe, threads), output, `OMP_NUM_THREADS=${threads}\n${out}`);
                    strict_1.default.equal((0, gcc_1.runSanitized)(sanitized, threads), output, `sanitized, OMP_NUM_THREADS=${threads}\n${out}`);
                }
            }
            else {
                const serial = await (0, run_1.elision)(out, file + ext[to]);
                strict_1.default.equal((0, gcc_1.run)(build(serial, `${name}_serial`, []), 1), output, out);
                strict_1.default.equal((0, gcc_1.runSanitized)(build(serial, `${name}_serial`, [], true)), output, `sanitized\n${out}`);
                const omp = await (0, run_1.translated)(out, 'openmp', name + ext[to]);
                const exe = build(omp, `${name}_then_omp`, ['-fopenmp']);
                for (const threads of gcc_1.THREADS)
                    strict_1.default.equal((0, gcc_1.run)(exe, threads), output, `OMP_NUM_THREADS=${threads}\n${omp}`);
            }
            // Stable: back through MetaFork and here again gives the same text.
            if (to !== 'metafork') {
                const roundTrip = async (program) => (0, run_1.translated)(await (0, run_1.translated)(program, 'metafork', name + ext[to]), to, name + ext[to]);
                let again = await roundTrip(out);
                // OpenMP -> MetaFork turns depend-ordered tasks into joins (it does not rebuild a meta_pipe),
                // and a file's own OpenMP, kept as written the first time, comes back in the shape MetaFork
                // gives it (a `parallel for` a team reaches, a taskloop): the first round trip changes the
                // text, and must compute the same.
                const reshaped = /\bmeta_pipe\b/.test(text) ? 'a meta_pipe comes back from OpenMP as tasks and joins'
                    : source.length > 1 && source.includes('openmp') ? "the file's own OpenMP comes back in MetaFork's shape" : undefined;
                if (to === 'openmp' && reshaped) {
                    const exe = build(again, `${name}_round_trip`, ['-fopenmp']);
                    for (const threads of gcc_1.THREADS)
                        strict_1.default.equal((0, gcc_1.run)(exe, threads), output, `OMP_NUM_THREADS=${threads}\n${again}`);
                    t.diagnostic(`${reshaped}: stability checked from the second round trip`);
                    out = again;
                    again = await roundTrip(out);
                }
                strict_1.default.equal(again, out, `round trip ${to} -> metafork -> ${to} is not stable`);
            }
        });
    }
}
//# sourceMappingURL=corpus.test.js.map