"use strict";
// Offloading whole programs: every program of the differential corpus (test/fixtures/programs and
// examples/, with their expected outputs) has its loop nests that may run in parallel tiled, the
// result generated to CUDA and run in the emulation; it must print what the program prints. The
// nests that stay serial (reductions, recursion, indirect writes, constructs inside) are left as
// they are, and nothing may crash.
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
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/tile/index");
const index_2 = require("../../server/src/cuda/index");
const build_1 = require("../cuda/emu/build");
const run_1 = require("../cuda/emu/run");
const gcc = (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'g++ not found';
const expected = JSON.parse(fs.readFileSync(path.join(helpers_1.ROOT, 'test', 'fixtures', 'programs', 'expected.json'), 'utf8'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-offload-'));
(0, node_test_1.test)('every corpus program, its parallel loop nests offloaded to CUDA, prints what it printed', { skip: gcc }, async () => {
    let tiled = 0;
    const offloaded = [];
    // Each program built for the emulation as soon as it is generated (in lanes), run once all are.
    const builds = [];
    for (const [file, want] of Object.entries(expected)) {
        const text = fs.readFileSync(path.join(helpers_1.ROOT, file), 'utf8');
        const r = await (0, index_1.tileText)(text, { fileName: file });
        const count = r.nests.filter(n => n.tiled).length;
        if (!count)
            continue;
        tiled += count;
        offloaded.push(file);
        const cuda = await (0, index_2.generateCuda)(r.text, { fileName: file });
        strict_1.default.ok(cuda.text, `${file}: ${cuda.diagnostics.filter(d => d.severity === 'error').map(d => d.message).join('; ')}`);
        const cu = path.join(work, `${path.basename(file)}.cu`);
        fs.writeFileSync(cu, cuda.text);
        const built = (0, build_1.buildEmulatedAsync)(cu, `${cu}.emu`);
        built.catch(() => undefined); // reported below, in order
        builds.push({ file, want, count, exe: `${cu}.emu`, built });
    }
    for (const { file, want, count, exe, built } of builds) {
        await built;
        const run = (0, run_1.runEmulated)(exe);
        strict_1.default.equal(run.status, 0, `${file}: ${run.stderr}`);
        strict_1.default.equal(run.stdout, want, `${file} offloaded (${count} nests)`);
    }
    // Loops of every dialect: plain C, OpenMP (collapse, private, sections' loops, LU's triangular
    // bounds), CilkPlus cilk_for, MetaFork meta_for.
    for (const f of ['test/fixtures/programs/omp-collapse.c', 'test/fixtures/programs/omp-lu.c', 'test/fixtures/programs/cilk-matvec.c', 'test/fixtures/programs/mf-matmul.mfc', 'examples/jacobi1d_omp.c']) {
        strict_1.default.ok(offloaded.includes(f), `${f} was not offloaded`);
    }
    strict_1.default.ok(tiled >= 25, `only ${tiled} nests offloaded`);
});
(0, node_test_1.test)('every source file of the fixtures, with and without the restructurings: no crash, and whatever is tiled generates', async () => {
    const files = [];
    const walk = (d) => { for (const f of fs.readdirSync(d)) {
        const p = path.join(d, f);
        if (fs.statSync(p).isDirectory())
            walk(p);
        else if (/\.(c|mfc|cpp)$/.test(f))
            files.push(p);
    } };
    walk(path.join(helpers_1.ROOT, 'test', 'fixtures'));
    strict_1.default.ok(files.length > 150, `${files.length} files`);
    let tiled = 0;
    for (const file of files) {
        const text = fs.readFileSync(file, 'utf8');
        for (const options of [{}, { collapse: true, merge: 2, granularity: 2 }, { cache: ['a', 'A', 'b', 'B'], tile: 4 }]) {
            const r = await (0, index_1.tileText)(text, { fileName: file, ...options });
            strict_1.default.ok(r.diagnostics.every(d => d.start >= 0 && d.end <= text.length && d.start <= d.end), file);
            if (!r.text)
                continue;
            tiled++;
            const cuda = await (0, index_2.generateCuda)(r.text, { fileName: file });
            strict_1.default.ok(cuda.text, `${file} ${JSON.stringify(options)}: ${cuda.diagnostics.filter(d => d.severity === 'error').map(d => d.message).join('; ')}`);
        }
    }
    strict_1.default.ok(tiled >= 120, `${tiled} tiled`);
});
//# sourceMappingURL=programs.test.js.map