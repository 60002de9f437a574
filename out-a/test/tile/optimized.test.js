"use strict";
// The loop-kernel corpus through `optimize`: each program tiled at its marked kernel, then
// optimized (its cases, each with its kernels, and the dispatcher choosing among them at run
// time), built for the race-checked emulation and run at the corpus's two sizes (no block size
// divides the second), unforced and with the dispatcher forced to each case in turn; every run
// must print what the serial program built with gcc prints.
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
const index_2 = require("../../server/src/optimize/index");
const solver_1 = require("../../server/src/optimize/solver");
const build_1 = require("../cuda/emu/build");
const run_1 = require("../cuda/emu/run");
const gcc_1 = require("../differential/gcc");
const corpus_1 = require("./corpus");
(0, node_test_1.after)(() => (0, solver_1.closeSolver)());
const DIR = (0, helpers_1.fixture)('tile');
const expected = JSON.parse(fs.readFileSync(path.join(DIR, 'expected.json'), 'utf8'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-tile-optimized-'));
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 && (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
/** Programs `optimize` refuses, with its reason (the cost model counts polynomials in the
 * program's values; a triangular loop's count depends on each thread's index). */
const REFUSED = {
    'trisym.c': "MF520 the cost model cannot count the iterations of this loop: they depend on 'i', which each thread computes (the counts are polynomials in the program's values)",
};
/** What the dispatcher prints when a forced case cannot run on the device it models. */
const NOT_A_CHOICE = /METAFORK_DISPATCH_FORCE="[^"]*": not a choice on this device/;
/** Tiled and optimized, one file after another, each built for the emulation beside the tests (lanes). */
async function prepare(file) {
    const text = fs.readFileSync(path.join(DIR, file), 'utf8');
    const offset = text.indexOf('for', text.indexOf('/* kernel begin */'));
    const tiled = await (0, index_1.tileText)(text, { fileName: file, offset });
    strict_1.default.ok(tiled.text, tiled.diagnostics.map(d => d.message).join('\n'));
    const r = await (0, index_2.optimizeText)(tiled.text, { fileName: file.replace(/\.c$/, '.mfc'), registers: 'estimate' });
    const stem = path.join(work, file.replace(/\W/g, '_'));
    if (!r.cuda)
        return { r, stem };
    fs.writeFileSync(`${stem}.cu`, r.cuda);
    const built = (0, build_1.buildEmulatedAsync)(`${stem}.cu`, `${stem}.emu`);
    built.catch(() => undefined); // reported by the test that awaits it
    return { r, stem, built };
}
const prepared = new Map();
let chain = Promise.resolve();
for (const file of Object.keys(corpus_1.SIZES)) {
    const p = chain.then(() => prepare(file));
    p.catch(() => undefined);
    prepared.set(file, p);
    chain = p.catch(() => undefined);
}
for (const file of Object.keys(corpus_1.SIZES)) {
    (0, node_test_1.test)(`${file}: tiled, optimized into cases, every case run in the emulation like the serial program`, { skip: gcc }, async () => {
        const { r, stem, built } = await prepared.get(file);
        if (REFUSED[file]) {
            strict_1.default.equal(r.cuda, undefined);
            strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`), [REFUSED[file]]);
            return;
        }
        strict_1.default.ok(r.cuda, r.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
        await built;
        const serial = `${stem}.serial`;
        const compiled = (0, child_process_1.spawnSync)('gcc', ['-std=c99', ...gcc_1.OPTIMIZED, '-o', serial, path.join(DIR, file), '-lm'], { encoding: 'utf8' });
        strict_1.default.equal(compiled.status, 0, compiled.stderr);
        const cases = r.schedules.reduce((n, s) => Math.max(n, s.cases.length), 0);
        strict_1.default.ok(cases >= 1, `${file}: no case`);
        let ran = 0;
        for (const args of [[], corpus_1.SIZES[file]]) {
            const want = args.length ? (0, child_process_1.spawnSync)(serial, args, { encoding: 'utf8' }).stdout : expected[file];
            for (const forced of [undefined, ...Array.from({ length: cases }, (_, k) => `case=${k + 1}`)]) {
                // The default sizes are hundreds per dimension: race-checked at the second (soakCheckedEnv).
                const env = { ...(args.length ? (0, run_1.racecheckEnv)('shuffle:1') : (0, run_1.soakCheckedEnv)((0, run_1.racecheckEnv)(), 'shuffle:1')), ...(forced ? { METAFORK_DISPATCH_FORCE: forced } : {}) };
                const got = (0, child_process_1.spawnSync)(`${stem}.emu`, args, { encoding: 'utf8', env, timeout: 120_000 });
                if (forced && got.status !== 0 && NOT_A_CHOICE.test(got.stderr))
                    continue;
                const what = `${file} ${args.join(' ')} ${forced ?? '(the dispatcher\'s choice)'}`;
                strict_1.default.equal(got.status, 0, `${what}: ${got.stderr}`);
                strict_1.default.equal(got.stdout, want, what);
                ran++;
            }
        }
        strict_1.default.ok(ran >= 2, `${file}: only ${ran} runs`);
    });
}
//# sourceMappingURL=optimized.test.js.map