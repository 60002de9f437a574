"use strict";
// Registers per thread measured by nvcc (`--resource-usage`), cached on disk by the device code's
// text: the kernels, the device functions and the preprocessor lines of the `.cu`, not its host
// code, so an edit elsewhere in the file keeps the count. A count not cached yet is taken either
// now (the caller waits: `--registers nvcc`, a configured nvcc in the editor) or in the background,
// by a detached process (./registersJob.ts) that fills the cache for the next run, while this run
// uses the estimate (`--registers auto`, the default: `optimize` answers within a second).
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
exports.nvccPath = nvccPath;
exports.cachedRegisters = cachedRegisters;
exports.nvccRegisters = nvccRegisters;
exports.registersInBackground = registersInBackground;
const child_process_1 = require("child_process");
const crypto_1 = require("crypto");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const util_1 = require("util");
/** nvcc from METAFORK_NVCC, the PATH, or /usr/local/cuda. */
function nvccPath() {
    const onPath = (process.env.PATH ?? '').split(path.delimiter).map(d => path.join(d, 'nvcc'));
    const candidates = [process.env.METAFORK_NVCC, ...onPath, '/usr/local/cuda/bin/nvcc'];
    return candidates.find(c => c && fs.existsSync(c));
}
const ARCH = () => process.env.METAFORK_NVCC_ARCH ?? 'sm_90';
const cacheFile = () => path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'metafork-studio', 'registers.json');
/** What a count is looked up by: the architecture, the kernels asked for, and the `.cu`'s device
 * code (top-level pieces that are `__global__` or `__device__` code or preprocessor lines). */
function registerKey(cu, kernels) {
    const device = cu.split(/\n(?=\S)/).filter(piece => /^#|__global__|__device__|__constant__/.test(piece));
    return (0, crypto_1.createHash)('sha256').update(`${ARCH()}\n${kernels.join(',')}\n${device.join('\n')}`).digest('hex');
}
function readCache() {
    // Read each time: several processes may add to it.
    try {
        return JSON.parse(fs.readFileSync(cacheFile(), 'utf8'));
    }
    catch {
        return {};
    }
}
/** The count nvcc took before for these kernels of this device code, if it did. */
function cachedRegisters(cu, kernels) {
    return readCache()[registerKey(cu, kernels)];
}
/** The most registers any of `kernels` uses, from ptxas's report (cached); undefined when nvcc fails. */
async function nvccRegisters(nvcc, cu, kernels) {
    const key = registerKey(cu, kernels);
    const cached = readCache()[key];
    if (cached !== undefined)
        return cached;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-regs-'));
    try {
        const file = path.join(dir, 'case.cu');
        fs.writeFileSync(file, cu);
        const { stdout, stderr } = await (0, util_1.promisify)(child_process_1.execFile)(nvcc, [`-arch=${ARCH()}`, '-c', '--resource-usage', file, '-o', path.join(dir, 'case.o')], { timeout: 120000 });
        const most = mostRegisters(stdout + stderr, kernels);
        if (most === undefined)
            return undefined;
        const cache = readCache();
        cache[key] = most;
        try {
            fs.mkdirSync(path.dirname(cacheFile()), { recursive: true });
            // Written whole and renamed: a reader never sees half a file.
            const partial = `${cacheFile()}.${process.pid}`;
            fs.writeFileSync(partial, JSON.stringify(cache));
            fs.renameSync(partial, cacheFile());
        }
        catch {
            /* a cache only */
        }
        return most;
    }
    catch {
        return undefined;
    }
    finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
/** "Compiling entry function '_Z7kernel0PiS_ii' for 'sm_90'" ... "Used 12 registers": the most of `kernels`. */
function mostRegisters(report, kernels) {
    let current;
    let most;
    for (const line of report.split('\n')) {
        const entry = /Compiling entry function '([^']+)'/.exec(line) ?? /Function properties for (\S+)/.exec(line);
        if (entry)
            current = entry[1];
        const used = /Used (\d+) registers/.exec(line);
        if (used && current && kernels.some(k => current.includes(`${k.length}${k}`) || current === k))
            most = Math.max(most ?? 0, Number(used[1]));
    }
    return most;
}
/** Counts taken by background processes started here, by key: one process per count. */
const started = new Set();
/** Starts nvcc's count in a detached process that outlives this one; the cache has it when done. */
function registersInBackground(nvcc, cu, kernels) {
    const key = registerKey(cu, kernels);
    if (started.has(key))
        return;
    started.add(key);
    const job = path.join(__dirname, 'registersJob.js');
    if (!fs.existsSync(job))
        return;
    const input = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-regs-job-')), 'case.json');
    fs.writeFileSync(input, JSON.stringify({ nvcc, cu, kernels }));
    const child = (0, child_process_1.spawn)(process.execPath, [job, input], { detached: true, stdio: 'ignore', env: process.env });
    child.on('error', () => undefined);
    child.unref();
}
//# sourceMappingURL=registers.js.map