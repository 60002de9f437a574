"use strict";
// The team's corpus of kernels written the way benchmark suites are (test/fixtures/headers and its
// README): each kernel includes bench.h and a header of its dataset sizes and is written through
// their macros; expanded/ holds each one with the macros expanded by hand. First gcc, the oracle:
// every kernel builds cleanly in every variant of the header and prints what its expanded copy
// prints. Then the tool, run as a user runs it: `tile`, each tiled program through `cuda` to a .cu
// that nvcc compiles and that computes in the emulation what gcc's build computes at two sizes
// (race-checked at the shrunk one; at the standard dataset too in `npm run soak`); on the kernels
// as written (-I), every nest has the outcome it has on the expanded copy.
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
const cli_1 = require("../../server/src/cli");
const build_1 = require("../cuda/emu/build");
const gcc_1 = require("../differential/gcc");
const emulate_1 = require("../tile/emulate");
const DIR = (0, helpers_1.fixture)('headers');
const KERNELS = fs.readdirSync(DIR).filter(f => f.endsWith('.c') && f !== 'bench.c').map(f => f.slice(0, -2)).sort();
const source = (kernel) => path.join(DIR, `${kernel}.c`);
const expanded = (kernel) => path.join(DIR, 'expanded', `${kernel}.c`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-corpus-'));
const found = (tool) => (0, child_process_1.spawnSync)(tool, ['--version']).status === 0;
const gcc = found('gcc') && found('g++') ? false : 'gcc or g++ not found';
const nvcc = (0, build_1.nvccAvailable)() ? false : 'nvcc not found';
/** Every build: a user's optimisation, and strict C99 without a warning, so that the corpus stays clean. */
const STRICT = ['-std=c99', ...gcc_1.OPTIMIZED, '-Wall', '-Wextra', '-pedantic', '-Werror'];
/** The second size of every run: each size of the dataset divided by this (bench_size in bench.h). */
const SHRINK = '3';
/**
 * Expanded copies the parser does not read yet: the kernel -> why, and the syntax errors `tile`
 * reports on it today ('CODE line'). The harness asserts exactly these; when the parser reads the
 * copy, the assertion fails: remove the entry.
 */
const PARSE_GAPS = {};
/** Runs `jobs` at most `lanes` at a time (the test machines have 2 cores), in order of the list. */
async function inLanes(jobs, lanes = 2) {
    const results = new Array(jobs.length);
    let next = 0;
    const lane = async () => { while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
    } };
    await Promise.all(Array.from({ length: lanes }, lane));
    return results;
}
function compile(args, exe) {
    return new Promise((resolve, reject) => {
        (0, child_process_1.execFile)('gcc', [...STRICT, ...args, '-o', exe, '-lm'], { encoding: 'utf8' }, (err, stdout, stderr) => {
            if (err)
                reject(new Error(`gcc ${args.join(' ')}:\n${stdout}${stderr}`));
            else
                resolve();
        });
    });
}
/** What a build prints for `size` (its argument): standard output, and standard error when asked. */
function run(exe, size, withStderr = false) {
    const r = (0, child_process_1.spawnSync)(exe, [size], { encoding: 'utf8', timeout: 60_000 });
    strict_1.default.equal(r.status, 0, `${exe} ${size}: exit ${r.status ?? r.signal}\n${r.stderr}`);
    return withStderr ? `${r.stdout}${r.stderr}` : r.stdout;
}
/** The builds of each kernel: the dataset and the switches of bench.h, each against another. */
const VARIANTS = {
    standard: k => ['-I', DIR, source(k)],
    expanded: k => [expanded(k)],
    mini: k => ['-DMINI_DATASET', '-I', DIR, source(k)],
    // The other side of every switch: loops bounded by the declared sizes (which leaves size
    // parameters unused), C99 VLA parameters, no restrict, correlation's stricter guard (no NaN arises).
    switched: k => ['-Wno-unused-parameter', '-DMINI_DATASET', '-DBENCH_FIXED_BOUNDS', '-DBENCH_VLA_PARAMS',
        '-DBENCH_NO_RESTRICT', '-DCORR_STRICT', '-I', DIR, source(k)],
    // Single precision, timed: bench.c linked in.
    float: k => ['-DBENCH_FLOAT', '-DBENCH_TIME', '-I', DIR, source(k), path.join(DIR, 'bench.c')],
};
const exe = (kernel, variant) => path.join(work, `${kernel}.${variant}`);
/** The numbers of a line the kernels print (`name: 1.5e+03`, editdist's `name: 160 1234`). */
const numbers = (line) => line.replace(/^\w+:/, '').trim().split(/\s+/).map(Number);
(0, node_test_1.test)('every kernel builds with gcc -Wall -Wextra -pedantic -Werror in every variant of bench.h and prints, at two '
    + 'sizes, what its expanded copy prints', { skip: gcc }, async () => {
    strict_1.default.equal(KERNELS.length, 24, KERNELS.join(' '));
    const builds = KERNELS.flatMap(k => Object.entries(VARIANTS).map(([v, args]) => () => compile(args(k), exe(k, v))));
    await inLanes(builds);
    for (const k of KERNELS) {
        const standard = run(exe(k, 'standard'), '1');
        strict_1.default.match(standard, new RegExp(`^${k}: \\S+( \\S+)?\\n$`), k);
        strict_1.default.equal(run(exe(k, 'expanded'), '1'), standard, `${k}: the expanded copy`);
        const smaller = run(exe(k, 'standard'), SHRINK);
        strict_1.default.equal(run(exe(k, 'expanded'), SHRINK), smaller, `${k}: the expanded copy, sizes / ${SHRINK}`);
        const mini = run(exe(k, 'mini'), '1');
        strict_1.default.notEqual(mini, standard, `${k}: -DMINI_DATASET computes on other sizes`);
        strict_1.default.equal(run(exe(k, 'switched'), '1'), mini, `${k}: the switches of bench.h change nothing computed`);
        // Single precision agrees with double to its own precision; the timer reports on stderr.
        const float = run(exe(k, 'float'), '1', true).split('\n');
        strict_1.default.match(float[1], /^time: \d+\.\d{6} s$/, k);
        const [want, got] = [numbers(standard), numbers(float[0])];
        strict_1.default.equal(got.length, want.length, `${k}: ${float[0]}`);
        for (const [i, w] of want.entries())
            strict_1.default.ok(Math.abs(got[i] - w) <= 1e-3 * Math.abs(w), `${k} in float: ${float[0]}, in double: ${standard}`);
    }
});
(0, node_test_1.test)('every dataset of every kernel header, and the kernels\' own switches, compile (-fsyntax-only)', { skip: gcc }, async () => {
    const check = (flags) => () => new Promise((resolve, reject) => {
        (0, child_process_1.execFile)('gcc', [...STRICT, '-fsyntax-only', ...flags, '-I', DIR, ...KERNELS.map(source)], { encoding: 'utf8' }, (err, stdout, stderr) => (err ? reject(new Error(`${flags.join(' ')}:\n${stdout}${stderr}`)) : resolve()));
    });
    // MATCH_ONLY: editdist's other side of the braces split across #ifdef (it computes another distance).
    const builds = [['-DSMALL_DATASET'], ['-DSTANDARD_DATASET'], ['-DLARGE_DATASET'], ['-DMATCH_ONLY']];
    await inLanes(builds.map(check));
});
(0, node_test_1.test)('the expanded copies are plain C: the C library\'s includes, no other directive, no macro of the corpus', () => {
    const defined = (file) => [...fs.readFileSync(file, 'utf8').matchAll(/^\s*#\s*define\s+(\w+)/gm)].map(m => m[1]);
    const shared = defined(path.join(DIR, 'bench.h'));
    for (const k of KERNELS) {
        const text = fs.readFileSync(expanded(k), 'utf8');
        const directives = text.split('\n').filter(l => /^\s*#/.test(l));
        strict_1.default.deepEqual(directives, ['#include <stdio.h>', '#include <stdlib.h>', '#include <math.h>'], k);
        const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/"[^"\n]*"/g, '""');
        const macros = new Set([...shared, ...defined(path.join(DIR, `${k}.h`)), ...defined(source(k))]);
        const left = [...new Set(code.match(/\b[A-Za-z_]\w*\b/g))].filter(w => macros.has(w));
        strict_1.default.deepEqual(left, [], `${k}: macros left in the expanded copy`);
    }
});
async function cli(...args) {
    let stdout = '', stderr = '';
    const code = await (0, cli_1.main)(args, { stdout: s => { stdout += s; }, stderr: s => { stderr += s; } });
    return { code, stdout, stderr };
}
/**
 * A message with what may differ between a source and its expansion taken out: line numbers and
 * quoted code (the text of a macro use, or of its expansion); quoted names stay.
 */
const gist = (message) => message.replace(/ \(line \d+\)/g, '').replace(/'([^']*)'/g, (q, s) => (/^\w+$/.test(s) ? q : "'…'"));
/** `metafork tile FILE [flags] --json`: the tiled text, the errors ('CODE line'), and each nest's outcome. */
async function tile(file, flags) {
    const r = await cli('tile', file, ...flags, '--json');
    strict_1.default.ok(r.stdout, `tile ${file} ${flags.join(' ')}: exit ${r.code}\n${r.stderr}`);
    const report = JSON.parse(r.stdout);
    const errors = report.diagnostics.filter(d => d.severity === 1).map(d => `${d.code} ${d.line}`);
    const outcome = report.nests.map(n => {
        const d = report.diagnostics.find(x => x.line === n.line && /^MF70[12]$/.test(x.code));
        strict_1.default.ok(d, `${file}: no MF701/MF702 for the nest of line ${n.line}`);
        const how = n.tiled ? `offloaded (${n.kernels} kernel${n.kernels > 1 ? 's' : ''})` : 'serial';
        return `${how} ${d.code}: ${gist(d.message)}`;
    });
    return { code: r.code, text: report.text, errors, outcome };
}
/**
 * One .cu at a time beside the emulation: nvcc -c on each distinct generated file (-D MINI_DATASET
 * on the command line gives the very .cu of the standard build), awaited at the end.
 */
function nvccInTurn() {
    let last = Promise.resolve();
    const all = [];
    const compiled = new Set();
    return {
        add(cu) {
            const text = fs.readFileSync(cu, 'utf8');
            if (compiled.has(text))
                return;
            compiled.add(text);
            const p = last.then(() => (0, build_1.nvccCompileAsync)(cu, cu.replace(/\.cu$/, '.o')));
            last = p.catch(() => undefined);
            all.push(p);
        },
        done: () => Promise.all(all),
    };
}
/**
 * What a user gets from `tile` on `file` (with `flags`), and the checks every offloaded program
 * passes: `cuda` on the tiled file writes a .cu that nvcc compiles, and the tiled program computes
 * in the emulation, at each size, what gcc's build of `original` computes. `out`: the folder of
 * the generated files (it holds the headers a .cu may include). `prelude` goes before both programs
 * compared, for what `flags` defined (sameAsGcc passes no -D).
 */
async function offload(name, file, flags, out, original, sizes, nvccQueue, prelude = '') {
    const t = await tile(file, flags);
    strict_1.default.deepEqual(t.errors, [], `${name}: tile reports errors`);
    strict_1.default.equal(t.code, t.text === undefined ? 1 : 0, name);
    if (t.text === undefined)
        return t;
    const tiled = path.join(out, `${name}.tiled.mfc`), cu = path.join(out, `${name}.cli.cu`);
    fs.writeFileSync(tiled, t.text);
    const c = await cli('cuda', tiled, ...flags, '-o', cu);
    strict_1.default.equal(c.code, 0, `${name}: cuda on the tiled file\n${c.stderr}`);
    if (!nvcc)
        nvccQueue.add(cu);
    // The folder holds the headers: gcc's build of the original and the emulated .cu find them there.
    // Beside the shrunk size, the standard dataset's own ('1') is the large one (runLarge); the mini
    // dataset, run alone, is small.
    await (0, emulate_1.sameAsGcc)(out, name, prelude + original, prelude + t.text, sizes, { large: sizes.length > 1 ? ['1'] : [] });
    return t;
}
/** A folder of its own for one kernel's generated files, with the corpus headers a .cu may include. */
function folder(name) {
    const dir = path.join(work, name);
    fs.mkdirSync(dir, { recursive: true });
    for (const h of fs.readdirSync(DIR).filter(f => f.endsWith('.h')))
        fs.copyFileSync(path.join(DIR, h), path.join(dir, h));
    return dir;
}
(0, node_test_1.test)('tile on every expanded copy: whatever it offloads generates, compiles with nvcc and computes what gcc '
    + 'computes at two sizes', { skip: gcc }, async (t) => {
    const queue = nvccInTurn();
    const table = [];
    let offloaded = 0, kernels = 0;
    // Two kernels at a time: one's builds run while the other's programs do.
    const rows = await inLanes(KERNELS.map(k => async () => {
        const file = expanded(k);
        const gap = PARSE_GAPS[k];
        if (gap) {
            const r = await tile(file, []);
            strict_1.default.deepEqual(r.errors, gap.errors, `${k}: the parser now reads ${gap.why}: remove it from PARSE_GAPS`);
            return [`${k}: not read: ${gap.why}`];
        }
        const r = await offload(k, file, [], folder(`expanded-${k}`), fs.readFileSync(file, 'utf8'), ['1', SHRINK], queue);
        const count = r.outcome.filter(o => o.startsWith('offloaded')).length;
        offloaded += count;
        if (count)
            kernels++;
        return [`${k}:`, ...r.outcome.map(o => `  ${o}`)];
    }));
    table.push(...rows.flat());
    await queue.done();
    t.diagnostic(`${nvcc || 'nvcc -c on every .cu'}; the outcome of each nest:\n${table.join('\n')}`);
    // Every kernel but the unread ones has a parallel initialisation at least.
    strict_1.default.equal(kernels, KERNELS.length - Object.keys(PARSE_GAPS).length);
    strict_1.default.ok(offloaded >= 60, `${offloaded} nests offloaded`);
});
(0, node_test_1.test)('tile on every kernel as written (-I, and -D MINI_DATASET): each nest has the outcome it has on the expanded '
    + 'copy, and every offloaded program computes what gcc computes', { skip: gcc }, async () => {
    const queue = nvccInTurn();
    const mini = '#define MINI_DATASET\n';
    await inLanes(KERNELS.map(k => async () => {
        const want = await tile(expanded(k), []);
        const original = fs.readFileSync(source(k), 'utf8');
        if (want.errors.length) {
            // The expanded copy is not read (PARSE_GAPS): the source as written has the same errors, at its own lines.
            const got = await tile(source(k), ['-I', DIR]);
            strict_1.default.equal(got.errors.length, want.errors.length, k);
            return;
        }
        const got = await offload(k, source(k), ['-I', DIR], folder(k), original, ['1', SHRINK], queue);
        strict_1.default.deepEqual(got.outcome, want.outcome, `${k}: as written and expanded`);
        // The small dataset, chosen on the command line; the programs compared define it in their text.
        const flags = ['-I', DIR, '-D', 'MINI_DATASET'];
        const small = await offload(k, source(k), flags, folder(`${k}-mini`), original, ['1'], queue, mini);
        strict_1.default.deepEqual(small.outcome, want.outcome, `${k} -D MINI_DATASET: as written and expanded`);
    }));
    await queue.done();
});
//# sourceMappingURL=headers.test.js.map