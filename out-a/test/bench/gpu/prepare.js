"use strict";
// `npm run bench:gpu -- --prepare DIR`: the folder a GPU machine runs with bash, python3 and nvcc
// only (no Node there): the programs of ./programs under src/, manifest.json (every program, and every
// run: program, size, block format, arguments, the serial reference it is checked against), run.sh
// and runner.py (copied from this folder of the source tree), and a README.
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
exports.REPEAT = void 0;
exports.prepare = prepare;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const child_process_1 = require("child_process");
const helpers_1 = require("../../helpers");
const programs_1 = require("./programs");
const timing_1 = require("./timing");
/** Runs of each measurement in one process: a warm-up, then the five whose median is reported. */
exports.REPEAT = 6;
const NOTES = [
    'Times: the sum over a run of each kernel launch between two CUDA events (mfBenchBefore/mfBenchAfter), host work and transfers excluded; the serial time is the elided schedule (or the corpus kernel between its markers) under CLOCK_MONOTONIC, built with gcc -O2.',
    `Each measurement is one process running the program ${exports.REPEAT} times (${timing_1.REPEAT_VARIABLE}): the first run is the warm-up, the median of the other ${exports.REPEAT - 1} is reported. Every run initializes its data again.`,
    'The serial reference of a thesis benchmark is the elision of its MetaFork program at the program\'s default block sizes: strip-mined loops, not the thesis\'s untiled serial code.',
    'Fixtures compute on ints (LU on doubles holding integers); cuBLAS computes on floats: the data are converted outside the timed call and the results are exact (every partial sum is an integer below 2^24), so cuBLAS is checked against the same checksum.',
    'The baseline is the generated kernel with its block sizes compiled in as constants at PPCG\'s defaults (32 in 1-D, 16 x 32 in 2-D), launched only at that format: what fixing the sizes buys, not PPCG\'s own code.',
    'The dispatcher was generated with register counts estimated from the kernels (metafork optimize --registers estimate).',
];
/** The checkout's commit, '+' added where it has uncommitted changes; undefined outside git. */
function sourceCommit() {
    const git = (...args) => (0, child_process_1.spawnSync)('git', args, { cwd: helpers_1.ROOT, encoding: 'utf8' });
    const head = git('rev-parse', '--short', 'HEAD');
    if (head.status !== 0)
        return undefined;
    return head.stdout.trim() + (git('status', '--porcelain', '--untracked-files=no').stdout.trim() ? '+' : '');
}
function runsOf(b, programs) {
    const serial = `${b.name}.serial`;
    const repeat = b.state.length ? exports.REPEAT : 1;
    const runs = [];
    b.sizes.forEach((size, sizeIndex) => {
        const reference = { program: serial, argv: size.argv, repeat };
        const add = (kind, format, argv, quick) => {
            const program = `${b.name}.${kind}`;
            if (programs.has(program))
                runs.push({ program, benchmark: b.name, kind, size: size.label, format, argv, reference, quick: quick && sizeIndex === 0 });
        };
        for (const kind of ['global', 'shared']) {
            if (!b.formats.length)
                add(kind, 'default', size.argv, true);
            b.formats.forEach((format, i) => add(kind, format, [...size.argv, ...format.split('*')], i < 3));
        }
        // The parametric kernels at the baseline's format too, where the sweep lacks it: the same
        // block with the sizes compiled in or passed at run time, side by side.
        const fixed = programs.get(`${b.name}.baseline`)?.format;
        if (fixed && b.formats.length && !b.formats.includes(fixed)) {
            for (const kind of ['global', 'shared'])
                add(kind, fixed, [...size.argv, ...fixed.split('*')], false);
        }
        add('dispatcher', 'chosen', size.argv, true);
        add('baseline', programs.get(`${b.name}.baseline`)?.format ?? '', size.argv, true);
        add('cublas', '-', size.argv, true);
    });
    return runs;
}
/** The runs in the order runner.py takes them: every benchmark's first size, then the second
 * sizes, ... so that a run cut short by its time budget still has each benchmark. */
function byPriority(benchmarks, runs) {
    const sizeIndex = (r) => benchmarks.find(b => b.name === r.benchmark).sizes.findIndex(s => s.label === r.size);
    return runs.map((r, i) => ({ r, i })).sort((a, b) => sizeIndex(a.r) - sizeIndex(b.r) || a.i - b.i).map(x => x.r);
}
async function prepare(dir, only) {
    const set = await (0, programs_1.benchPrograms)(only);
    fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
    for (const p of set.programs)
        fs.writeFileSync(path.join(dir, 'src', p.file), p.text);
    const programs = new Map(set.programs.map(p => [p.name, p]));
    const manifest = {
        repeatVariable: timing_1.REPEAT_VARIABLE,
        streamVariable: timing_1.STREAM_VARIABLE,
        repeat: exports.REPEAT,
        notes: NOTES,
        commit: sourceCommit(),
        benchmarks: set.benchmarks,
        programs: set.programs.map(p => ({
            name: p.name, benchmark: p.benchmark, kind: p.kind, source: `src/${p.file}`, compiler: p.file.endsWith('.cu') ? 'nvcc' : 'gcc',
            libraries: p.libraries, ...(p.format ? { format: p.format } : {}),
        })),
        refusals: set.refusals,
        runs: byPriority(set.benchmarks, set.benchmarks.flatMap(b => runsOf(b, programs))),
        checks: set.programs
            .filter(p => p.kind !== 'serial' && p.kind !== 'cublas')
            .map(p => {
            const b = set.benchmarks.find(x => x.name === p.benchmark);
            return { program: p.name, argv: b.small, reference: { program: `${b.name}.serial`, argv: b.small, repeat: 1 } };
        }),
    };
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
    for (const file of ['run.sh', 'runner.py']) {
        fs.copyFileSync(path.join(helpers_1.ROOT, 'test', 'bench', 'gpu', file), path.join(dir, file));
    }
    fs.chmodSync(path.join(dir, 'run.sh'), 0o755);
    fs.writeFileSync(path.join(dir, 'README.md'), readme(manifest));
    return manifest;
}
function readme(m) {
    return `# MetaFork Studio: generated kernels to measure on a GPU (issue 24)

Written by \`npm run bench:gpu -- --prepare\`; needs bash, python3, nvcc (with cuBLAS) and, to
check, compute-sanitizer. ${m.programs.length} programs (${m.refusals.length} refused: see \`manifest.json\`),
${m.runs.length} measurements, ${m.checks.length} programs under the sanitizers.

    ./run.sh                       # build for this GPU, check, measure: results.json
    ./run.sh --quick               # the first size and three block formats of each benchmark
    ./run.sh --build-only --arch sm_90
    ./run.sh --out DIR/results.json --budget 540

Then, where the repository is: \`npm run bench:gpu -- --report results.json\`.

${m.notes.map(n => `- ${n}`).join('\n')}
`;
}
//# sourceMappingURL=prepare.js.map