"use strict";
// `npm run bench:gpu -- --prepare DIR`: the folder holds every program and run the GPU machine needs,
// refers to nothing outside itself (no repository, no Node), and `run.sh --build-only` compiles
// every program in it with nvcc (sm_90 here, where there is no GPU) and gcc.
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
const helpers_1 = require("../../helpers");
const build_1 = require("../../cuda/emu/build");
const solver_1 = require("../../../server/src/optimize/solver");
const prepare_1 = require("./prepare");
const nvcc = (0, build_1.nvccAvailable)() ? false : 'nvcc not found';
const python = (0, child_process_1.spawnSync)('python3', ['--version']).status === 0 ? false : 'python3 not found';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-gpu-'));
let manifest;
(0, node_test_1.test)('the prepared folder: the thesis\'s eight benchmarks in global and shared memory, dispatchers, baselines, cuBLAS for the products, serial references; ten corpus programs', async () => {
    try {
        manifest = await (0, prepare_1.prepare)(dir);
    }
    finally {
        await (0, solver_1.closeSolver)();
    }
    const kinds = (benchmark) => manifest.programs.filter(p => p.benchmark === benchmark).map(p => p.kind);
    for (const b of ['reversal', 'jacobi1d', 'jacobi2d', 'lu', 'transpose', 'matadd']) {
        strict_1.default.deepEqual(kinds(`thesis-${b}`), ['global', 'shared', 'dispatcher', 'baseline', 'serial'], b);
    }
    for (const b of ['matvec', 'matmul'])
        strict_1.default.deepEqual(kinds(`thesis-${b}`), ['global', 'shared', 'dispatcher', 'baseline', 'cublas', 'serial'], b);
    strict_1.default.deepEqual(manifest.benchmarks.filter(b => !b.table).map(b => [b.name, kinds(b.name).join(' ')]), [
        ['tile-vadd', 'global shared serial'], ['tile-matmul', 'global serial'], ['tile-transpose', 'global shared serial'],
        ['tile-mvt', 'global shared serial'], ['tile-conv2d', 'global shared serial'], ['tile-syrk', 'global serial'],
        ['tile-jacobi2d', 'global shared serial'], ['tile-heat', 'global shared serial'], ['tile-lu', 'global shared serial'],
        ['tile-prefix2d', 'global serial'],
    ]);
    strict_1.default.deepEqual(manifest.refusals.map(r => `${r.benchmark} ${r.kind}: ${r.reason}`), [
        'tile-matmul shared: nothing is staged in shared memory: the same program as global',
        'tile-syrk shared: nothing is staged in shared memory: the same program as global',
        'tile-prefix2d shared: nothing is staged in shared memory: the same program as global',
    ]);
    // Every block format of Tables 4.1-4.8 at every size kept, in both memories, and the baseline's.
    const matmul = manifest.runs.filter(r => r.benchmark === 'thesis-matmul');
    strict_1.default.deepEqual(matmul.filter(r => r.size === '2^11' && r.kind === 'shared').map(r => r.argv.join(' ')), ['2048 8 4', '2048 16 4', '2048 32 4', '2048 8 8', '2048 16 8', '2048 32 8', '2048 8 16', '2048 16 16', '2048 32 16', '2048 16 32']);
    strict_1.default.deepEqual(matmul.filter(r => r.size === '2^10' && !['global', 'shared'].includes(r.kind)).map(r => [r.kind, r.format, r.argv.join(' ')]), [['dispatcher', 'chosen', '1024'], ['baseline', '16*32', '1024'], ['cublas', '-', '1024']]);
    // The parametric kernels at the baseline's 16*32 too, which Table 4.8's sweep lacks: the same
    // block with its sizes compiled in or passed at run time.
    strict_1.default.deepEqual(matmul.filter(r => r.format === '16*32').map(r => [r.kind, r.size, r.argv.join(' '), r.quick]), [['global', '2^10', '1024 16 32', false], ['shared', '2^10', '1024 16 32', false], ['baseline', '2^10', '1024', true],
        ['global', '2^11', '2048 16 32', false], ['shared', '2^11', '2048 16 32', false], ['baseline', '2^11', '2048', false]]);
    strict_1.default.equal(manifest.runs.length, 383);
    // Every benchmark at two sizes at least: the thesis's where they fit one call, smaller ones beside them.
    strict_1.default.deepEqual(manifest.benchmarks.filter(b => b.formats.length).map(b => [b.name, b.sizes.map(x => x.label)]), [
        ['thesis-reversal', ['2^23', '2^24', '2^25']], ['thesis-jacobi1d', ['2^13+2', '2^14+2', '2^15+2']],
        ['thesis-jacobi2d', ['(2^12+2)^2', '(2^11+2)^2']], ['thesis-lu', ['2^10', '2^9']], ['thesis-transpose', ['2^12', '2^11']],
        ['thesis-matadd', ['2^12', '2^11']], ['thesis-matvec', ['2^11', '2^12', '2^13']], ['thesis-matmul', ['2^10', '2^11']],
    ]);
    strict_1.default.equal(manifest.runs.filter(r => r.quick).length, 83);
    // The first runs are every benchmark's first size: a budget cut leaves each benchmark measured.
    strict_1.default.deepEqual([...new Set(manifest.runs.map(r => `${r.benchmark} ${r.size}`))].slice(0, 3), ['thesis-reversal 2^23', 'thesis-jacobi1d 2^13+2', 'thesis-jacobi2d (2^12+2)^2']);
    // The corpus programs carry their LCG's seed from run to run: their references run as often.
    strict_1.default.deepEqual(manifest.runs.find(r => r.program === 'tile-vadd.global').reference, { program: 'tile-vadd.serial', argv: [], repeat: 6 });
    strict_1.default.deepEqual(manifest.runs.find(r => r.program === 'thesis-reversal.global').reference, { program: 'thesis-reversal.serial', argv: ['8388608'], repeat: 1 });
    strict_1.default.equal(manifest.checks.length, 49);
    for (const p of manifest.programs)
        strict_1.default.ok(fs.existsSync(path.join(dir, p.source)), p.source);
    const names = new Set(manifest.programs.map(p => p.name));
    for (const r of [...manifest.runs, ...manifest.checks])
        strict_1.default.ok(names.has(r.program) && names.has(r.reference.program), r.program);
});
(0, node_test_1.test)('the prepared folder is self-contained: system headers only, no path of this machine, nothing that needs Node', { skip: python }, () => {
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(f => fs.statSync(path.join(dir, f)).isFile());
    strict_1.default.deepEqual(files.filter(f => !f.startsWith('src')).sort(), ['README.md', 'manifest.json', 'run.sh', 'runner.py']);
    for (const f of files) {
        const text = fs.readFileSync(path.join(dir, f), 'utf8');
        strict_1.default.ok(!text.includes(helpers_1.ROOT) && !text.includes(os.tmpdir() + '/'), `${f} names a path of this machine`);
        strict_1.default.doesNotMatch(text, /\bnode(_modules)?\b|\bnpx?\b(?! run bench)|require\(/, f);
        for (const include of text.match(/^\s*#\s*include\s*\S+/gm) ?? [])
            strict_1.default.match(include, /<[\w/.]+>$/, `${f}: ${include}`);
    }
    strict_1.default.equal((0, child_process_1.spawnSync)('bash', ['-n', path.join(dir, 'run.sh')]).status, 0);
    strict_1.default.equal((0, child_process_1.spawnSync)('python3', ['-m', 'py_compile', path.join(dir, 'runner.py')]).status, 0);
});
(0, node_test_1.test)('run.sh --build-only --arch sm_90 compiles every program of the folder in parallel (cuBLAS where nvcc finds it)', { skip: nvcc || python }, () => {
    const r = (0, child_process_1.spawnSync)(path.join(dir, 'run.sh'), ['--build-only', '--arch', 'sm_90', '-j', String(os.cpus().length)], { encoding: 'utf8' });
    strict_1.default.equal(r.status, 0, r.stdout + r.stderr);
    // Every program and the context holder; the two cuBLAS programs only where its headers are.
    const skipped = [...r.stdout.matchAll(/^ {2}skipped: (\S+) \((.*)\)$/gm)].map(m => `${m[1]}: ${m[2]}`);
    const built = Number(/^built (\d+) of 70 programs in /.exec(r.stdout)?.[1]);
    strict_1.default.equal(built + skipped.length, 70, r.stdout);
    if (skipped.length)
        strict_1.default.deepEqual(skipped.sort(), ['thesis-matmul.cublas: cuBLAS headers not found by nvcc', 'thesis-matvec.cublas: cuBLAS headers not found by nvcc']);
    for (const p of manifest.programs) {
        if (!skipped.some(s => s.startsWith(`${p.name}:`)))
            strict_1.default.ok(fs.existsSync(path.join(dir, 'build', p.name)), p.name);
    }
});
//# sourceMappingURL=prepare.test.js.map