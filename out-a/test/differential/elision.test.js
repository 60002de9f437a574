"use strict";
// Elision checked by running: every complete program (examples and test/fixtures/programs)
// prints the same thing as its serial elision compiled with gcc -O2 -Wall, and again with the
// sanitizers (gcc.ts); OpenMP programs are also compiled with -fopenmp, at -O2 and sanitized, and
// run with 1, 2 and 4 threads.
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
const gcc_1 = require("./gcc");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const elide_1 = require("../../server/src/model/elide");
const index_1 = require("../../server/src/translate/index");
const expected = JSON.parse(fs.readFileSync((0, helpers_1.fixture)('programs', 'expected.json'), 'utf8'));
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-elide-'));
function build(source, name, flags) {
    const src = path.join(work, `${name}.c`);
    const exe = path.join(work, `${name}.out`);
    fs.writeFileSync(src, source);
    (0, gcc_1.gcc)(src, exe, ['-std=gnu11', ...flags], source);
    return exe;
}
const STRICT = ['-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable'];
for (const [file, output] of Object.entries(expected)) {
    (0, node_test_1.test)(`elision of ${file} runs like the program (-O2, and sanitized)`, { skip: gcc ? false : 'gcc not found' }, async () => {
        const text = fs.readFileSync(path.join(helpers_1.ROOT, file), 'utf8');
        const { model, diagnostics } = await (0, helpers_1.checkSource)(text, file);
        strict_1.default.deepEqual(diagnostics.filter(d => d.severity === 'error'), []);
        const name = path.basename(file).replace(/\W/g, '_');
        const elision = (0, elide_1.elide)(model);
        strict_1.default.equal((0, gcc_1.run)(build(elision, `${name}_serial`, [...gcc_1.OPTIMIZED, ...STRICT])), output);
        strict_1.default.equal((0, gcc_1.runSanitized)(build(elision, `${name}_serial_sanitized`, gcc_1.SANITIZED)), output, 'sanitized');
        // An OpenMP program (one with MetaFork or Cilk in it as well is no C for gcc) also runs as it is.
        const dialects = (0, index_1.dialectsOf)(model);
        if (dialects.length === 1 && dialects[0] === 'openmp') {
            const exe = build(text, `${name}_omp`, [...gcc_1.OPTIMIZED, '-fopenmp']);
            const sanitized = build(text, `${name}_omp_sanitized`, [...gcc_1.SANITIZED, '-fopenmp']);
            for (const threads of gcc_1.THREADS) {
                strict_1.default.equal((0, gcc_1.run)(exe, threads), output, `OMP_NUM_THREADS=${threads}`);
                strict_1.default.equal((0, gcc_1.runSanitized)(sanitized, threads), output, `sanitized, OMP_NUM_THREADS=${threads}`);
            }
        }
    });
}
const seeds = JSON.parse(fs.readFileSync((0, helpers_1.fixture)('seeds', 'manifest.json'), 'utf8'));
fs.writeFileSync(path.join(work, 'a.h'), 'void test(int *a);\n'); // Figure 3.5's header
for (const entry of seeds.filter(e => e.complete)) {
    (0, node_test_1.test)(`elision of the seed program ${entry.file} builds and runs`, { skip: gcc ? false : 'gcc not found' }, async () => {
        const text = fs.readFileSync((0, helpers_1.fixture)('seeds', entry.file), 'utf8');
        const { model } = await (0, helpers_1.checkSource)(text, entry.file);
        const name = entry.file.replace(/\W/g, '_');
        const cpp = entry.cpp;
        const src = path.join(work, `${name}.${cpp ? 'cpp' : 'c'}`);
        fs.writeFileSync(src, (0, elide_1.elide)(model));
        const buildAndRun = (source, flags, threads = 1) => {
            fs.writeFileSync(src, source);
            const exe = path.join(work, `${name}.out`);
            const includes = cpp ? ['-include', 'cstdlib', '-include', 'ctime'] : ['-include', 'stdio.h', '-include', 'stdlib.h'];
            (0, child_process_1.execFileSync)(cpp ? 'g++' : 'gcc', ['-w', ...gcc_1.OPTIMIZED, '-DN=64', '-DBASE=10', `-I${work}`, ...includes, src, '-o', exe, ...flags], { stdio: ['ignore', 'ignore', 'pipe'] });
            return (0, child_process_1.execFileSync)(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(threads) }, timeout: 20000 });
        };
        const serial = buildAndRun((0, elide_1.elide)(model), []);
        if (/#\s*pragma\s+omp/.test(text))
            for (const threads of gcc_1.THREADS)
                strict_1.default.equal(buildAndRun(text, ['-fopenmp'], threads), serial);
    });
}
//# sourceMappingURL=elision.test.js.map