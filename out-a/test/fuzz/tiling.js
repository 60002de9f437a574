"use strict";
// The tiling fuzzer: each seed's program (affine.ts) goes through `tile` in several
// configurations, then `cuda` (global or shared memory), is built for the CPU emulation and run
// race-checked, blocks and threads in a shuffled order, at sizes no block size divides; it must
// print what the program built by gcc -O2 prints. A nest left serial is fine; a crash, a `.cu`
// that does not build, another output, a reported race, or a loop that carries a known dependence
// made parallel is wrong.
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
exports.SIZES = exports.CONFIGS = void 0;
exports.checkProgram = checkProgram;
exports.fuzzTile = fuzzTile;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const index_1 = require("../../server/src/tile/index");
const index_2 = require("../../server/src/cuda/index");
const build_1 = require("../cuda/emu/build");
const affine_1 = require("./affine");
/** Default blocks; odd blocks with granularity 3 in shared memory; RT-CUDA's merge and staged
 * tiles; a collapsed nest with merging. Blocks 256, 16x16, 7x5, 5x3, 7: 37 and 61 are prime. */
exports.CONFIGS = [
    { label: 'default', tile: {}, memory: 'global' },
    { label: 'odd-shared', tile: { block: [7, 5], granularity: 3 }, memory: 'shared' },
    { label: 'rtcuda', tile: { block: [5, 3], merge: 2, granularity: 2, cache: ['a', 'b', 'c'], strip: 4 }, memory: 'shared' },
    { label: 'collapsed', tile: { block: [7], collapse: true, merge: 3 }, memory: 'global' },
];
exports.SIZES = ['37', '61', '1', '0'];
function run(file, args, env, timeout = 60_000) {
    return new Promise(resolve => {
        (0, child_process_1.execFile)(file, args, { encoding: 'utf8', env: { ...process.env, ...env }, timeout, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
            const e = err;
            resolve({ code: e ? (typeof e.code === 'number' ? e.code : -1) : 0, stdout, stderr, signal: e?.signal });
        });
    });
}
/** The original built by gcc -O2 (with -fopenmp when it has pragmas) and its output per size. */
async function reference(program, src, sizes) {
    const exe = `${src}.gcc`;
    const flags = ['-std=c99', '-O2', ...(program.openmp ? ['-fopenmp'] : [])];
    const built = await run('gcc', [...flags, '-o', exe, src, '-lm'], {});
    if (built.code !== 0)
        throw new Error(`does not build with gcc:\n${built.stderr}`);
    const outs = [];
    for (const n of sizes) {
        const r = await run(exe, [n], { OMP_NUM_THREADS: '1' });
        if (r.code !== 0)
            throw new Error(`fails at n = ${n}: ${r.stderr}`);
        outs.push(r.stdout);
    }
    if (program.openmp) {
        // The generator's word that its pragmas hold: the same output on 3 threads.
        const r = await run(exe, [sizes[0]], { OMP_NUM_THREADS: '3' });
        if (r.stdout !== outs[0])
            throw new Error(`its OpenMP loops are not parallel (3 threads print another result)`);
    }
    return outs;
}
/** Checks one program in every configuration; failures are returned, counts added to `result`. */
async function checkProgram(program, options, result) {
    const { configs: all = exports.CONFIGS, sizes = exports.SIZES, work, env = {} } = options;
    const configs = options.rotate && all.length > 2 ? [all[0], all[1 + program.seed % (all.length - 1)]] : all;
    const stem = path.join(work, `seed${program.seed}`);
    const src = `${stem}.c`;
    fs.writeFileSync(src, program.text);
    const failures = [];
    const fail = (config, kind, message, files) => failures.push({ seed: program.seed, config, kind, message, files: [src, ...files] });
    let want;
    try {
        want = await reference(program, src, sizes);
    }
    catch (e) {
        fail('gcc', 'generator', e.message, []);
        return failures;
    }
    for (const config of configs) {
        const mfc = `${stem}.${config.label}.mfc`, cu = `${stem}.${config.label}.cu`;
        let tiledText, cudaText;
        try {
            const tiled = await (0, index_1.tileText)(program.text, { fileName: `seed${program.seed}.c`, ...config.tile });
            if (config === configs[0]) {
                for (const nest of program.nests) {
                    const t = tiled.nests.find(x => x.line === nest.line + (nest.omp ? 1 : 0));
                    if (t?.tiled)
                        result.tiled++;
                    else {
                        result.serial++;
                        if (nest.kind === 'parallel')
                            result.parallelLeftSerial++;
                    }
                    if (t?.host)
                        result.hostLoops++;
                    if (t?.wavefront)
                        result.wavefronts++;
                    // A wavefront replaces the loops by its lines: the runs below prove it.
                    if (t?.tiled && !t.wavefront && nest.carriedHeader && tiled.text && !tiled.text.includes(nest.carriedHeader)) {
                        fs.writeFileSync(mfc, tiled.text);
                        fail(config.label, 'recurrence', `the loop '${nest.carried}' (line ${nest.line}) carries a dependence but was made parallel`, [mfc]);
                    }
                }
            }
            tiledText = tiled.text;
            if (!tiledText)
                continue;
            fs.writeFileSync(mfc, tiledText);
            const cuda = await (0, index_2.generateCuda)(tiledText, { fileName: `seed${program.seed}.mfc`, memory: config.memory });
            if (!cuda.text) {
                const errors = cuda.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`).join('; ');
                if (config.memory === 'shared' && !/internal/i.test(errors)) {
                    result.sharedRefusals++;
                    continue;
                }
                fail(config.label, 'refused', `cuda --memory ${config.memory} refused tile's output: ${errors}`, [mfc]);
                continue;
            }
            cudaText = cuda.text;
        }
        catch (e) {
            fail(config.label, 'crash', e.stack ?? String(e), tiledText ? [mfc] : []);
            continue;
        }
        fs.writeFileSync(cu, cudaText);
        const exe = `${cu}.emu`;
        try {
            await (0, build_1.buildEmulatedAsync)(cu, exe);
        }
        catch (e) {
            fail(config.label, 'build', e.message, [mfc, cu]);
            continue;
        }
        for (const [i, n] of sizes.entries()) {
            const got = await run(exe, [n], { MF_EMU_RACECHECK: '1', MF_EMU_ORDER: `shuffle:${program.seed}`, ...env });
            const race = /race/i.test(got.stderr);
            if (race)
                fail(config.label, 'race', `n = ${n}: ${got.stderr.trim().slice(0, 2000)}`, [mfc, cu]);
            else if (got.code !== 0)
                fail(config.label, 'run', `n = ${n}: exit ${got.code}${got.signal ? ` (${got.signal})` : ''}: ${got.stderr.trim().slice(0, 2000)}`, [mfc, cu]);
            else if (got.stdout !== want[i])
                fail(config.label, 'differs', `n = ${n}: printed\n${got.stdout}instead of\n${want[i]}`, [mfc, cu]);
            else
                continue;
            break;
        }
    }
    return failures;
}
/** Runs the seeds [from, to] through every configuration. */
async function fuzzTile(from, to, options) {
    fs.mkdirSync(options.work, { recursive: true });
    const result = { checked: 0, tiled: 0, serial: 0, parallelLeftSerial: 0, hostLoops: 0, wavefronts: 0, sharedRefusals: 0, wrong: 0, failures: [] };
    let next = from;
    const worker = async () => {
        while (next <= to) {
            const seed = next++;
            const failures = await checkProgram((0, affine_1.generateProgram)(seed), options, result);
            result.checked++;
            if (failures.length)
                result.wrong++;
            result.failures.push(...failures);
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
    result.failures.sort((a, b) => a.seed - b.seed);
    return result;
}
//# sourceMappingURL=tiling.js.map