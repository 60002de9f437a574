"use strict";
// The programs `npm run bench:gpu -- --prepare` writes (issue 24): for each of the thesis's eight
// benchmarks (test/fixtures/cuda/thesis-*.mfc, Tables 4.1-4.8) the generated .cu in global and in
// shared memory, the `optimize` dispatcher, a fixed-size baseline, cuBLAS for the two products, and
// the serial elision; for a part of the tiling corpus (test/fixtures/tile) the tiled kernel in
// global and shared memory and the serial program. Every program is instrumented by ./timing and
// prints its fixture's own checksum line, which runner.py compares with the serial program's.
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
exports.stem = void 0;
exports.thesisSource = thesisSource;
exports.benchPrograms = benchPrograms;
const fs = __importStar(require("fs"));
const helpers_1 = require("../../helpers");
const index_1 = require("../../../server/src/checks/index");
const index_2 = require("../../../server/src/cuda/index");
const constructs_1 = require("../../../server/src/model/constructs");
const elide_1 = require("../../../server/src/model/elide");
const edits_1 = require("../../../server/src/base/edits");
const index_3 = require("../../../server/src/optimize/index");
const index_4 = require("../../../server/src/tile/index");
const thesis_1 = require("../thesis");
const timing_1 = require("./timing");
/**
 * The data sizes run on the GPU. Every run of a program initializes its data on the host again (the
 * fixtures' LCG loops, LU's A = L0 * U0 in O(n^3)), so the thesis's largest sizes would not fit one
 * 10-minute call with every block format; where a size is left out the reason is in the manifest.
 */
const THESIS_SIZES = {
    'thesis-reversal.mfc': { columns: [0, 1, 2] },
    'thesis-jacobi1d.mfc': { columns: [0, 1, 2] },
    'thesis-jacobi2d.mfc': {
        columns: [0],
        extra: [{ label: '(2^11+2)^2', argv: ['2050'] }],
        reduced: 'N = 2^13+2 left out: 537 MB initialized on the host by an LCG at each of 108 runs; (2^11+2)^2, not a thesis size, as a second size',
    },
    'thesis-lu.mfc': {
        columns: [0],
        extra: [{ label: '2^9', argv: ['512'] }],
        reduced: 'n = 2^11 left out: the host builds A = L0 * U0 in O(n^3) at every run (seconds each); 2^9, not a thesis size, as a second size',
    },
    'thesis-transpose.mfc': {
        columns: [],
        extra: [{ label: '2^12', argv: ['4096'] }, { label: '2^11', argv: ['2048'] }],
        reduced: 'n = 2^13 and 2^14 left out (256 MB and 1 GB initialized on the host at each of 132 runs); n = 2^12 and 2^11 instead, not thesis sizes',
    },
    'thesis-matadd.mfc': {
        columns: [0],
        extra: [{ label: '2^11', argv: ['2048'] }],
        reduced: 'n = 2^13 left out: three 256 MB arrays initialized on the host at each of 108 runs; 2^11, not a thesis size, as a second size',
    },
    'thesis-matvec.mfc': { columns: [0, 1, 2] },
    'thesis-matmul.mfc': { columns: [0, 1] },
};
/** PPCG's default block sizes (32 threads in 1-D, 16 x 32 in 2-D), as a format of each table's
 * block parameters. LU's 2-D block is a square (Sqrt_T x Sqrt_T): 16 x 16 is the closest. */
function ppcgFormat(t) {
    if (t.blocks.length === 1)
        return { format: '32' };
    if (t.blocks.join() === 'B0,B1')
        return { format: '16*32' };
    if (t.blocks.join() === 'B,Sqrt_T') {
        return { format: '32*16', note: "the baseline's 2-D block is 16 x 16 (Sqrt_T = 16): the block is square, PPCG's 16 x 32 is not" };
    }
    throw new Error(`${t.file}: no PPCG default for the block parameters ${t.blocks.join(', ')}`);
}
/** The corpus's programs run here: one of each shape (1-D, 2-D, a reduction loop in the body, a
 * time loop of kernels, a host loop, a wavefront), at their defaults and at one larger size. */
const CORPUS = {
    'vadd.c': ['16777216'],
    'matmul.c': ['512', '512', '512'],
    'transpose.c': ['4096', '4096'],
    'mvt.c': ['4096'],
    'conv2d.c': ['4096', '4096'],
    'syrk.c': ['512', '512'],
    'jacobi2d.c': ['1024', '100'],
    'heat.c': ['1024', '100'],
    'lu.c': ['512'],
    'prefix2d.c': ['2048', '2048'],
};
/** A bench name for a fixture: `thesis-matmul`, `tile-matmul`. */
const stem = (file) => file.replace(/\.(mfc|c)$/, '');
exports.stem = stem;
/** The file-scope variables of a program that are not const: what a second run in one process
 * would find changed. */
function fileState(doc) {
    return [...doc.fileScope.variables.values()].filter(v => !v.isConst && v.shape !== 'function').map(v => v.name).sort();
}
/** The generated .cu, or the generator's reason for refusing it. */
async function cuda(text, fileName, memory) {
    const r = await (0, index_2.generateCuda)(text, { fileName, memory });
    if (r.text === undefined)
        return { reason: r.diagnostics.map(d => `${d.code} ${d.message}`).join('; ') };
    return { text: r.text };
}
/** The elision with the schedules timed: the serial reference of a MetaFork program. */
async function serialElision(text, fileName) {
    const { model, diagnostics, syntax } = await (0, index_1.checkText)(text, fileName);
    try {
        const errors = diagnostics.filter(d => d.severity === 'error');
        if (errors.length)
            throw new Error(`${fileName}: ${errors.map(d => d.message).join('; ')}`);
        const timers = (0, index_2.schedulesOf)(model).flatMap(c => {
            const span = (0, constructs_1.constructSpan)(c);
            return [(0, edits_1.insert)(span.start, 'mfBenchSerialBegin(); '), (0, edits_1.insert)(span.end, ' mfBenchSerialEnd();')];
        });
        return { c: model.map.apply([...(0, elide_1.elisionEdits)(model), ...timers]), state: fileState(model) };
    }
    finally {
        syntax.dispose();
    }
}
/**
 * The fixed-size baseline: the program with its block-size variables replaced by `#define`s of
 * PPCG's defaults, generated again, so that nvcc folds the block sizes into the kernel as a
 * non-parametric generator's code has them. It is the same kernel as the parametric one at that
 * format, not PPCG's code (no PPCG is run here): it measures what fixing the sizes at compile time
 * buys, not what PPCG's schedule would.
 */
function fixedBlocks(text, t, format) {
    const values = format.split('*');
    let out = text;
    const defines = [];
    for (const [i, name] of t.blocks.entries()) {
        const declaration = new RegExp(`^[ \\t]*int ${name} = argc > (\\d+) \\? atoi\\(argv\\[\\1\\]\\) : \\d+;[ \\t]*\\n`, 'm');
        if (!declaration.test(out))
            return { reason: `no 'int ${name} = argc > K ? atoi(argv[K]) : D;' line to replace by a constant` };
        out = out.replace(declaration, '');
        defines.push(`#define ${name} ${values[i]} /* bench:gpu baseline: a compile-time block size */\n`);
    }
    const includes = [...out.matchAll(/^#include [<"][^>"]+[>"][ \t]*\n/gm)];
    const last = includes[includes.length - 1];
    const at = last ? last.index + last[0].length : 0;
    return `${out.slice(0, at)}${defines.join('')}${out.slice(at)}`;
}
/** The cuBLAS call standing for a product's schedule: the fixture's int arrays copied to floats (the
 * values and every partial sum are integers below 2^24, so the float result is the int result),
 * the call alone between the timing events. Row-major C = A B is column-major C^T = B^T A^T. */
const CUBLAS = {
    'thesis-matmul.mfc': {
        what: 'cublasSgemm: c = a * b + c',
        arrays: [['a', 'n * n'], ['b', 'n * n'], ['c', 'n * n']],
        call: 'cublasSgemm(mf_handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &mf_one, mf_dev_b, n, mf_dev_a, n, &mf_one, mf_dev_c, n)',
    },
    'thesis-matvec.mfc': {
        what: 'cublasSgemv: c = a * b + c',
        arrays: [['a', 'n * n'], ['b', 'n'], ['c', 'n']],
        call: 'cublasSgemv(mf_handle, CUBLAS_OP_T, n, n, &mf_one, mf_dev_a, n, mf_dev_b, 1, &mf_one, mf_dev_c, 1)',
    },
};
/** The host code standing for the schedule, its lines after the first indented as the schedule is. */
function cublasHost(spec, written, indent) {
    const lines = [`{ /* bench:gpu: ${spec.what} on floats in place of the schedule */`, '    const float mf_one = 1;', '    cublasHandle_t mf_handle;', '    mfCublasCheck(cublasCreate(&mf_handle));'];
    for (const [a, count] of spec.arrays) {
        lines.push(`    const size_t mf_${a}_count = (size_t) (${count});`, `    float *mf_host_${a} = (float *) malloc(sizeof(float) * mf_${a}_count), *mf_dev_${a};`, `    if (!mf_host_${a}) { fprintf(stderr, "out of memory\\n"); exit(1); }`, `    for (size_t mf_i = 0; mf_i < mf_${a}_count; mf_i++) mf_host_${a}[mf_i] = (float) ((int *) ${a})[mf_i];`, `    mfCudaCheck(cudaMalloc((void **) &mf_dev_${a}, sizeof(float) * mf_${a}_count));`, `    mfCudaCheck(cudaMemcpy(mf_dev_${a}, mf_host_${a}, sizeof(float) * mf_${a}_count, cudaMemcpyHostToDevice));`);
    }
    lines.push('    mfBenchBefore(0);', `    mfCublasCheck(${spec.call});`, '    mfBenchAfter(0);');
    lines.push(`    mfCudaCheck(cudaMemcpy(mf_host_${written}, mf_dev_${written}, sizeof(float) * mf_${written}_count, cudaMemcpyDeviceToHost));`, `    for (size_t mf_i = 0; mf_i < mf_${written}_count; mf_i++) ((int *) ${written})[mf_i] = (int) mf_host_${written}[mf_i];`);
    for (const [a] of spec.arrays)
        lines.push(`    mfCudaCheck(cudaFree(mf_dev_${a}));`, `    free(mf_host_${a});`);
    lines.push('    mfCublasCheck(cublasDestroy(mf_handle));', '}');
    return lines.map((l, i) => (i ? indent + l : l)).join('\n');
}
const CUBLAS_HELPERS = `#include <cublas_v2.h>
/* bench:gpu: every cuBLAS call is checked. */
#define mfCublasCheck(call) do { \\
    cublasStatus_t mf_cublas_status_ = (call); \\
    if (mf_cublas_status_ != CUBLAS_STATUS_SUCCESS) { \\
        fprintf(stderr, "%s:%d: cuBLAS error %d\\n", __FILE__, __LINE__, (int) mf_cublas_status_); \\
        exit(1); \\
    } \\
} while (0)`;
async function cublasProgram(text, fileName) {
    const spec = CUBLAS[fileName];
    const { model, syntax } = await (0, index_1.checkText)(text, fileName);
    let at, indent;
    try {
        const schedules = (0, index_2.schedulesOf)(model);
        if (schedules.length !== 1)
            return { reason: `${schedules.length} schedules: one cuBLAS call stands for one` };
        at = (0, constructs_1.constructSpan)(schedules[0]).start;
        indent = /[ \t]*$/.exec(model.text.slice(0, at))[0];
    }
    finally {
        syntax.dispose();
    }
    const r = await (0, index_2.generateCuda)(text, {
        fileName, memory: 'global',
        replace: [{ at, host: cublasHost(spec, 'c', indent), kernels: [], helpers: CUBLAS_HELPERS, staged: false }],
    });
    if (r.text === undefined)
        return { reason: r.diagnostics.map(d => d.message).join('; ') };
    return (0, timing_1.timedByItself)(r.text, `${(0, exports.stem)(fileName)}.cublas.cu`);
}
/** A thesis benchmark's MetaFork program as measured (the report's cost model reads the same). */
function thesisSource(t) {
    const text = fs.readFileSync((0, helpers_1.fixture)('cuda', t.file), 'utf8');
    if (t.file !== 'thesis-matadd.mfc')
        return { text, notes: [] };
    // The fixture's static arrays are NMAX x NMAX with NMAX = 1100; the thesis's sizes need more.
    if (!text.includes('#define NMAX 1100\n'))
        throw new Error(`${t.file}: '#define NMAX 1100' not found`);
    return {
        text: text.replace('#define NMAX 1100\n', '#define NMAX 4096\n'),
        notes: ['NMAX raised from 1100 to 4096 so that n = 2^12 fits its static arrays (rows stay NMAX ints apart)'],
    };
}
async function thesisBenchmark(t, set) {
    const name = (0, exports.stem)(t.file);
    const { text, notes } = thesisSource(t);
    const plan = THESIS_SIZES[t.file];
    const sizes = [
        ...plan.columns.map(c => ({ label: t.sizeLabels[c], argv: [String(t.sizes[c])], thesisColumn: c })),
        ...(plan.extra ?? []),
    ];
    if (plan.reduced)
        notes.push(plan.reduced);
    const add = (kind, file, program, libraries = [], format) => set.programs.push({ name: `${name}.${kind}`, benchmark: name, kind, file, text: program, libraries, ...(format ? { format } : {}) });
    const refuse = (kind, reason) => set.refusals.push({ benchmark: name, kind, reason });
    for (const memory of ['global', 'shared']) {
        const r = await cuda(text, t.file, memory);
        if (r.text === undefined)
            refuse(memory, r.reason);
        else if (memory === 'shared' && !/__shared__/.test(r.text))
            refuse(memory, 'nothing is staged in shared memory: the same program as global');
        else
            add(memory, `${name}.${memory}.cu`, (0, timing_1.timeKernels)(r.text, `${name}.${memory}.cu`));
    }
    const optimized = await (0, index_3.optimizeText)(text, { fileName: t.file, registers: 'estimate' });
    const tuning = optimized.schedules[0]?.tuning;
    if (optimized.cuda === undefined)
        refuse('dispatcher', optimized.diagnostics.map(d => d.message).join('; ') || 'no case to generate CUDA for');
    else
        add('dispatcher', `${name}.dispatcher.cu`, (0, timing_1.timeKernels)(optimized.cuda, `${name}.dispatcher.cu`));
    const ppcg = ppcgFormat(t);
    if (ppcg.note)
        notes.push(ppcg.note);
    const fixed = fixedBlocks(text, t, ppcg.format);
    if (typeof fixed !== 'string')
        refuse('baseline', fixed.reason);
    else {
        const r = await cuda(fixed, t.file, t.memory);
        if (r.text === undefined)
            refuse('baseline', r.reason);
        else
            add('baseline', `${name}.baseline.cu`, (0, timing_1.timeKernels)(r.text, `${name}.baseline.cu`), [], ppcg.format);
    }
    if (CUBLAS[t.file]) {
        const r = await cublasProgram(text, t.file);
        if (typeof r !== 'string')
            refuse('cublas', r.reason);
        else
            add('cublas', `${name}.cublas.cu`, r, ['-lcublas']);
    }
    const serial = await serialElision(text, t.file);
    add('serial', `${name}.serial.c`, (0, timing_1.timeSerial)(serial.c, `${name}.serial.c`));
    set.benchmarks.push({
        name, title: t.name, origin: `test/fixtures/cuda/${t.file}`, table: t.table, memory: t.memory, blocks: t.blocks,
        formats: t.rows.map(r => r[0]), sizes, small: [], state: serial.state, notes, ...(tuning ? { dispatcher: tuning } : {}),
    });
}
async function corpusBenchmark(file, large, set) {
    const name = `tile-${(0, exports.stem)(file)}`;
    const text = fs.readFileSync((0, helpers_1.fixture)('tile', file), 'utf8');
    const begin = text.indexOf('/* kernel begin */'), end = text.indexOf('/* kernel end */');
    if (begin < 0 || end < begin)
        throw new Error(`${file}: no /* kernel begin */ ... /* kernel end */`);
    const tiled = await (0, index_4.tileText)(text, { fileName: file, offset: text.indexOf('for', begin) });
    const refuse = (kind, reason) => set.refusals.push({ benchmark: name, kind, reason });
    if (tiled.text === undefined) {
        refuse('global', `not tiled: ${tiled.diagnostics.map(d => d.message).join('; ')}`);
        return;
    }
    for (const memory of ['global', 'shared']) {
        const r = await cuda(tiled.text, file, memory);
        if (r.text === undefined)
            refuse(memory, r.reason);
        else if (memory === 'shared' && !/__shared__/.test(r.text))
            refuse(memory, 'nothing is staged in shared memory: the same program as global');
        else
            set.programs.push({ name: `${name}.${memory}`, benchmark: name, kind: memory, file: `${name}.${memory}.cu`, text: (0, timing_1.timeKernels)(r.text, `${name}.${memory}.cu`), libraries: [] });
    }
    // The serial reference is the corpus's own program, its kernel timed between the markers.
    const timed = `${text.slice(0, begin)}/* kernel begin */ mfBenchSerialBegin();${text.slice(begin + '/* kernel begin */'.length, end)}mfBenchSerialEnd(); ${text.slice(end)}`;
    set.programs.push({ name: `${name}.serial`, benchmark: name, kind: 'serial', file: `${name}.serial.c`, text: (0, timing_1.timeSerial)(timed, `${name}.serial.c`), libraries: [] });
    const { model, syntax } = await (0, index_1.checkText)(text, file);
    const state = fileState(model);
    syntax.dispose();
    set.benchmarks.push({
        name, title: `${(0, exports.stem)(file)} (tiling corpus)`, origin: `test/fixtures/tile/${file}`, blocks: [], formats: [],
        sizes: [{ label: 'default', argv: [] }, { label: large.join('x'), argv: large }], small: [], state,
        notes: ['block sizes: the tiler\'s defaults, compiled as the tiled program sets them'],
    });
}
/** Every benchmark's programs; `only` limits them to some benchmarks (a test's representative set). */
async function benchPrograms(only) {
    const set = { benchmarks: [], programs: [], refusals: [] };
    for (const t of (0, thesis_1.thesisTables)())
        if (!only || only((0, exports.stem)(t.file)))
            await thesisBenchmark(t, set);
    for (const [file, large] of Object.entries(CORPUS))
        if (!only || only(`tile-${(0, exports.stem)(file)}`))
            await corpusBenchmark(file, large, set);
    return set;
}
//# sourceMappingURL=programs.js.map