"use strict";
// MetaFork -> CUDA on the fixtures of test/fixtures/cuda (the eight thesis cases and programs
// of our own, cases.json). First, each listed output is checked against the program's serial
// elision compiled with gcc. Then, in both memory modes, every generated .cu compiles with nvcc
// as printed (no -D flags) and, built for the CPU emulation harness (test/cuda/emu), prints for
// every listed size and block size exactly what the elision prints. The thesis cases' generated
// code is kept as golden files (test/golden/cuda, `UPDATE_GOLDEN=1` rewrites them after review).
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
const elide_1 = require("../../server/src/model/elide");
const index_1 = require("../../server/src/cuda/index");
const build_1 = require("./emu/build");
const gcc_1 = require("../differential/gcc");
const run_1 = require("./emu/run");
const cases = JSON.parse(fs.readFileSync((0, helpers_1.fixture)('cuda', 'cases.json'), 'utf8'));
const GOLDEN = path.join(helpers_1.ROOT, 'test', 'golden', 'cuda');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cuda-'));
const nvcc = (0, build_1.nvccAvailable)();
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0;
const MODES = ['global', 'shared'];
for (const c of cases) {
    const name = path.basename(c.file, '.mfc');
    const source = fs.readFileSync((0, helpers_1.fixture)('cuda', c.file), 'utf8');
    (0, node_test_1.test)(`${c.file}: the listed outputs are what its serial elision prints (gcc)`, { skip: gcc ? false : 'gcc not found' }, async () => {
        const { model, diagnostics } = await (0, helpers_1.checkSource)(source, c.file);
        strict_1.default.deepEqual(diagnostics.filter(d => d.severity === 'error'), []);
        const src = path.join(work, `${name}.serial.c`), exe = path.join(work, `${name}.serial`);
        fs.writeFileSync(src, (0, elide_1.elide)(model));
        (0, child_process_1.execFileSync)('gcc', [...gcc_1.OPTIMIZED, '-x', 'c', src, '-x', 'none', '-o', exe], { stdio: ['ignore', 'ignore', 'pipe'] });
        c.runs.forEach((argv, i) => strict_1.default.equal((0, child_process_1.execFileSync)(exe, argv, { encoding: 'utf8', timeout: 120000 }), c.expected[i], argv.join(' ')));
    });
    const generated = new Map();
    for (const memory of MODES) {
        const p = (async () => {
            const r = await (0, index_1.generateCuda)(source, { fileName: c.file, memory });
            const errors = r.diagnostics.filter(d => d.severity === 'error');
            strict_1.default.deepEqual(errors.map(d => `${d.code} ${d.message}`), [], `${c.file}: generation refused`);
            const cu = path.join(work, `${name}.${memory}.cu`);
            fs.writeFileSync(cu, r.text);
            return { cu, text: r.text, kernels: r.kernels };
        })();
        // Awaited by each test; a rejection is reported there, not as an unhandled promise.
        p.catch(() => undefined);
        generated.set(memory, p);
    }
    // Built for the emulation and compiled with nvcc -c from the start, beside the tests before
    // (buildEmulatedAsync's lanes). The executable is undefined when shared memory stages nothing
    // (the same .cu as global).
    const emulated = new Map();
    const compiled = new Map();
    for (const memory of MODES) {
        const e = (async () => {
            const { cu, text } = await generated.get(memory);
            if (memory === 'shared' && text === (await generated.get('global')).text)
                return undefined;
            const exe = path.join(work, `${name}.${memory}.emu`);
            await (0, build_1.buildEmulatedAsync)(cu, exe);
            return exe;
        })();
        const n = nvcc ? generated.get(memory).then(({ cu }) => (0, build_1.nvccCompileAsync)(cu, path.join(work, `${name}.${memory}.o`))) : Promise.resolve();
        for (const p of [e, n])
            p.catch(() => undefined);
        emulated.set(memory, e);
        compiled.set(memory, n);
    }
    for (const memory of MODES) {
        (0, node_test_1.test)(`${c.file} (${memory} memory): generated kernels, emulated, compute what the elision computes (${c.runs.length} sizes)`, async (t) => {
            const { kernels } = await generated.get(memory);
            strict_1.default.ok(kernels.length > 0);
            const exe = await emulated.get(memory);
            if (!exe) {
                t.diagnostic('nothing to stage: the same .cu as in global memory, run there');
                return;
            }
            const unchecked = run_1.KNOWN_RACES[`test/fixtures/cuda/${c.file} --memory ${memory}`];
            if (unchecked)
                t.diagnostic(`not race-checked: ${unchecked}`);
            c.runs.forEach((argv, i) => {
                strict_1.default.equal((0, run_1.runInEveryOrder)(exe, argv, `${c.file} ${argv.join(' ')}`, { unchecked }), c.expected[i], `${c.file} ${argv.join(' ')}`);
            });
        });
        (0, node_test_1.test)(`${c.file} (${memory} memory): the .cu compiles with nvcc -arch=sm_90`, { skip: nvcc ? false : 'nvcc not found' }, async () => {
            await compiled.get(memory);
        });
        if (c.thesis) {
            (0, node_test_1.test)(`${c.file} (${memory} memory): generated code equals its reviewed golden file`, async () => {
                const { text } = await generated.get(memory);
                const golden = path.join(GOLDEN, memory === 'global' ? `${name}.cu` : `${name}.${memory}.cu`);
                if (process.env.UPDATE_GOLDEN) {
                    fs.mkdirSync(GOLDEN, { recursive: true });
                    fs.writeFileSync(golden, text);
                }
                strict_1.default.equal(text, fs.readFileSync(golden, 'utf8'));
            });
        }
    }
}
//# sourceMappingURL=generate.test.js.map