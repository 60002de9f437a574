"use strict";
// One check the tiling tests share: a tiled program's CUDA, run in the emulation race-checked and
// in every block and thread order (runInEveryOrder; a large size once, runLarge), prints what the
// original program built with gcc -O2 prints (OpenMP programs at 1, 2 and 4 threads), for each
// size given as its first argument.
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
exports.sameAsGcc = sameAsGcc;
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const index_1 = require("../../server/src/cuda/index");
const build_1 = require("../cuda/emu/build");
const gcc_1 = require("../differential/gcc");
const run_1 = require("../cuda/emu/run");
/** The generated `.cu` text, once the emulation has printed what gcc's build printed for every size. */
async function sameAsGcc(dir, name, original, tiled, sizes, { flags = [], memory = 'global', what = name, threads, large = [] } = {}) {
    // Named in `dir`, where the headers it includes are.
    const cuda = await (0, index_1.generateCuda)(tiled, { fileName: path.join(dir, `${name}.mfc`), memory });
    strict_1.default.ok(cuda.text, `${tiled}\n${cuda.diagnostics.map(d => d.message).join('\n')}`);
    const src = path.join(dir, `${name}.c`), cu = path.join(dir, `${name}.cu`);
    fs.writeFileSync(src, original);
    fs.writeFileSync(cu, cuda.text);
    const built = (0, child_process_1.spawnSync)('gcc', ['-std=c99', ...gcc_1.OPTIMIZED, ...flags, '-o', `${src}.gcc`, src, '-lm'], { encoding: 'utf8' });
    strict_1.default.equal(built.status, 0, built.stderr);
    await (0, build_1.buildEmulatedAsync)(cu, `${cu}.emu`);
    for (const n of sizes) {
        const got = (large.includes(n) ? run_1.runLarge : run_1.runInEveryOrder)(`${cu}.emu`, [n], `${what}: n = ${n}`);
        for (const t of threads ?? (flags.includes('-fopenmp') ? gcc_1.THREADS : [1])) {
            const want = (0, child_process_1.spawnSync)(`${src}.gcc`, [n], { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: String(t) } }).stdout;
            strict_1.default.equal(got, want, `${what}: n = ${n}, gcc's build on ${t} thread${t > 1 ? 's' : ''}`);
        }
    }
    return cuda.text;
}
//# sourceMappingURL=emulate.js.map