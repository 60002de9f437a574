"use strict";
// Building CUDA programs for the tests: on the CPU through cuda_emu.h (g++), and with nvcc when
// it is installed (compile only: the test machines usually have no GPU).
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
exports.repoRoot = repoRoot;
exports.emuIncludeDir = emuIncludeDir;
exports.emulatedSourcePath = emulatedSourcePath;
exports.buildEmulated = buildEmulated;
exports.buildEmulatedAsync = buildEmulatedAsync;
exports.nvccAvailable = nvccAvailable;
exports.nvccCompile = nvccCompile;
exports.nvccCompileAsync = nvccCompileAsync;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const rewrite_1 = require("./rewrite");
const registers_1 = require("../../../server/src/optimize/registers");
/** The repository root: the nearest directory above this file holding package.json. */
function repoRoot() {
    let dir = __dirname;
    while (!fs.existsSync(path.join(dir, 'package.json'))) {
        const up = path.dirname(dir);
        if (up === dir)
            throw new Error(`no package.json above ${__dirname}`);
        dir = up;
    }
    return dir;
}
/** The directory of cuda_emu.h: the source tree's, since tsc does not copy headers to out/. */
function emuIncludeDir() {
    return path.join(repoRoot(), 'test', 'cuda', 'emu');
}
/** The file the rewritten source of `exePath` is written to (next to the executable). */
function emulatedSourcePath(exePath) {
    return `${exePath}.emu.cpp`;
}
/** The object file that `exePath` is linked from (next to it). */
function objectPath(exePath) {
    return `${exePath}.o`;
}
/**
 * Compiling: -O2 as a user's build; -fsanitize=thread only for its instrumentation, whose hooks
 * cuda_emu.h defines (the race checker, MF_EMU_RACECHECK=1), and -g1 for the line tables its
 * reports read. -iquote: the .cu's own #include "..." files, since the rewritten copy lives elsewhere.
 */
function compileArgs(cuPath, cppPath, exePath, extraFlags) {
    return ['-std=c++20', '-O2', '-g1', '-pthread', '-fsanitize=thread', '--param', 'tsan-instrument-func-entry-exit=0',
        `-I${emuIncludeDir()}`, '-iquote', path.dirname(path.resolve(cuPath)), '-c', '-x', 'c++', cppPath, '-o', objectPath(exePath), ...extraFlags];
}
/** Linking, separately: without -fsanitize=thread, so that libtsan is not linked in. */
function linkArgs(exePath, extraFlags) {
    return ['-pthread', objectPath(exePath), '-o', exePath, ...extraFlags];
}
function prepare(cuPath, exePath) {
    const cpp = emulatedSourcePath(exePath);
    fs.writeFileSync(cpp, (0, rewrite_1.emulate)(fs.readFileSync(cuPath, 'utf8'), cuPath));
    return cpp;
}
function failure(tool, source, output) {
    return new Error(`${tool} failed to build ${source}:\n${output.trim()}`);
}
/**
 * Builds a CUDA program for the CPU: rewrites `cuPath` (see rewrite.ts) into `<exePath>.emu.cpp`
 * and compiles that with g++ -std=c++20 -O2 (see compileArgs). The executable race-checks its
 * launches when run with MF_EMU_RACECHECK=1 (see cuda_emu.h). Throws with the compiler's output
 * on failure, and with the rewrite's message for CUDA it cannot emulate.
 */
function buildEmulated(cuPath, exePath, extraFlags = []) {
    const cpp = prepare(cuPath, exePath);
    for (const args of [compileArgs(cuPath, cpp, exePath, extraFlags), linkArgs(exePath, extraFlags)]) {
        const r = (0, child_process_1.spawnSync)('g++', args, { encoding: 'utf8' });
        if (r.error)
            throw r.error;
        if (r.status !== 0)
            throw failure('g++', cuPath, `${r.stdout}${r.stderr}`);
    }
    fs.rmSync(objectPath(exePath), { force: true });
}
function gxx(cuPath, args) {
    return new Promise((resolve, reject) => {
        (0, child_process_1.execFile)('g++', args, { encoding: 'utf8', maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
            if (err)
                reject(failure('g++', cuPath, `${stdout}${stderr}` || err.message));
            else
                resolve();
        });
    });
}
/** Asynchronous builds (g++ and nvcc) under way, and those waiting for one to end: one per core at a time. */
const lanes = { free: Math.max(1, os.availableParallelism()), waiting: [] };
async function inLane(job) {
    if (lanes.free > 0)
        lanes.free--;
    else
        await new Promise(resolve => lanes.waiting.push(resolve));
    try {
        return await job();
    }
    finally {
        const next = lanes.waiting.shift();
        if (next)
            next();
        else
            lanes.free++;
    }
}
/**
 * buildEmulated without blocking the event loop, so that builds run beside the tests' runs and
 * each other: as many at once as there are cores (g++ is most of what the emulation tests cost),
 * the others started in the order asked.
 */
function buildEmulatedAsync(cuPath, exePath, extraFlags = []) {
    return inLane(async () => {
        const cpp = prepare(cuPath, exePath);
        await gxx(cuPath, compileArgs(cuPath, cpp, exePath, extraFlags));
        await gxx(cuPath, linkArgs(exePath, extraFlags));
        fs.rmSync(objectPath(exePath), { force: true });
    });
}
/** nvcc, found as the optimizer finds it (METAFORK_NVCC, the PATH, /usr/local/cuda). */
function nvccAvailable() {
    return (0, registers_1.nvccPath)();
}
function nvccArgs(cuPath, outPath) {
    // An object file when asked for one, else a linked executable.
    return ['-arch=sm_90', ...(outPath.endsWith('.o') ? ['-c'] : []), cuPath, '-o', outPath];
}
/** Compiles with nvcc -arch=sm_90 (-c when outPath ends in .o); throws with nvcc's output on failure. */
function nvccCompile(cuPath, outPath) {
    const nvcc = nvccAvailable();
    if (!nvcc)
        throw new Error('nvcc not found');
    const r = (0, child_process_1.spawnSync)(nvcc, nvccArgs(cuPath, outPath), { encoding: 'utf8' });
    if (r.error)
        throw r.error;
    if (r.status !== 0)
        throw failure('nvcc', cuPath, `${r.stdout}${r.stderr}`);
}
/** nvccCompile without blocking the event loop, in the builds' lanes (buildEmulatedAsync). */
function nvccCompileAsync(cuPath, outPath) {
    const nvcc = nvccAvailable();
    if (!nvcc)
        return Promise.reject(new Error('nvcc not found'));
    return inLane(() => new Promise((resolve, reject) => {
        (0, child_process_1.execFile)(nvcc, nvccArgs(cuPath, outPath), { encoding: 'utf8', maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
            if (err)
                reject(failure('nvcc', cuPath, `${stdout}${stderr}` || err.message));
            else
                resolve();
        });
    }));
}
//# sourceMappingURL=build.js.map