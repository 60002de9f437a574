"use strict";
// The report of `npm run bench:gpu -- --report` on a results.json this test makes up (SYNTHETIC: no
// GPU measured these numbers; nothing here is a result): the exact markdown, the calibration's grid
// search with an estimator whose best constants are known, the device-to-preset rule, and the cost
// model estimator against estimateCost.
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
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const helpers_1 = require("../../helpers");
const strict_1 = __importDefault(require("node:assert/strict"));
const index_1 = require("../../../server/src/cost/index");
const thesis_1 = require("../thesis");
const programs_1 = require("./programs");
const report_1 = require("./report");
const reversal = {
    name: 'thesis-reversal', title: 'array reversal', origin: 'test/fixtures/cuda/thesis-reversal.mfc', table: '4.1', memory: 'shared',
    blocks: ['B'], formats: ['64', '128', '256'], sizes: [{ label: '2^23', argv: ['8388608'], thesisColumn: 0 }], small: [], state: [], notes: [],
    dispatcher: { tuned: ['B'], fixed: [], reason: '' },
};
const matmul = {
    name: 'thesis-matmul', title: 'matrix multiplication', origin: 'test/fixtures/cuda/thesis-matmul.mfc', table: '4.8', memory: 'shared',
    blocks: ['B0', 'B1'], formats: ['8*4', '16*8', '16*16'], sizes: [{ label: 'synthetic', argv: ['1000'] }], small: [], state: [],
    notes: ['a synthetic note'], dispatcher: { tuned: [], fixed: ['B0', 'B1'], reason: "the bound '(n + 3) / 4' is not a polynomial" },
};
const vadd = {
    name: 'tile-vadd', title: 'vadd (tiling corpus)', origin: 'test/fixtures/tile/vadd.c', blocks: [], formats: [],
    sizes: [{ label: 'default', argv: [] }], small: [], state: ['seed'], notes: [],
};
function run(b, kind, format, median, extra = {}) {
    const size = b.sizes[0];
    return {
        program: `${b.name}.${kind}`, benchmark: b.name, kind, size: size.label, format, argv: [...size.argv, ...format.split('*')],
        ...(median === undefined ? {} : { median_ms: median, times_ms: [median * 2, median, median, median, median, median], checksum_ok: true }), ...extra,
    };
}
/** Made-up measurements: reversal's global times fall with the block, one shared run is wrong. */
const SYNTHETIC = {
    device: 'NVIDIA H100 80GB HBM3', arch: 'native', quick: false, repeat: 6, elapsed_s: 123.4,
    benchmarks: [reversal, matmul, vadd],
    refusals: [{ benchmark: 'tile-vadd', kind: 'shared', reason: 'nothing is staged in shared memory: the same program as global' }],
    builds: { 'thesis-matmul.cublas': { ok: false, skipped: 'cuBLAS headers not found by nvcc' } },
    references: [
        { program: 'thesis-reversal.serial', argv: ['8388608'], repeat: 1, median_ms: 40 },
        { program: 'thesis-matmul.serial', argv: ['1000'], repeat: 1, median_ms: 1000 },
        { program: 'tile-vadd.serial', argv: [], repeat: 6, median_ms: 3 },
    ],
    checks: [
        { program: 'thesis-reversal.shared', tool: 'racecheck', clean: false, summary: 'RACECHECK SUMMARY: 2 hazards displayed (2 errors, 0 warnings)' },
        { program: 'thesis-reversal.shared', tool: 'memcheck', clean: true, summary: 'ERROR SUMMARY: 0 errors' },
    ],
    runs: [
        run(reversal, 'global', '64', 4), run(reversal, 'global', '128', 2), run(reversal, 'global', '256', 1),
        run(reversal, 'shared', '64', 0.5), run(reversal, 'shared', '128', 0.25, { checksum_ok: false }), run(reversal, 'shared', '256', undefined, { skipped: 'time budget spent' }),
        run(reversal, 'dispatcher', 'chosen', 0.4, { argv: ['8388608'], dispatch: { case: 2, values: { B: '128' } } }),
        run(reversal, 'baseline', '32', 0.8, { argv: ['8388608'] }),
        run(matmul, 'global', '8*4', 8), run(matmul, 'global', '16*8', 2), run(matmul, 'global', '16*16', 1),
        run(matmul, 'shared', '8*4', 16), run(matmul, 'shared', '16*8', 4), run(matmul, 'shared', '16*16', 2),
        run(matmul, 'dispatcher', 'chosen', 2.5, { argv: ['1000'], dispatch: { case: 1, values: {} } }),
        run(matmul, 'baseline', '16*32', undefined, { argv: ['1000'], error: 'exit status 1: CUDA error', checksum_ok: null }),
        run(matmul, 'cublas', '-', undefined, { argv: ['1000'], error: 'not built' }),
        run(vadd, 'global', 'default', 0.03),
    ],
};
/** An estimate whose best constants are departureCycles 8, 80% of the H100's 3350 GB/s and a launch
 * of 0.5 µs (990 cycles): there it falls as the block grows (as the synthetic times do) and equals
 * the global times; elsewhere it grows with the block, and at other launch costs it is 5% above. */
const estimator = (_b, _size, _memory, format, preset, c) => {
    strict_1.default.equal(preset, 'h100');
    const threads = format.split('*').reduce((p, x) => p * Number(x), 1);
    const shape = c.departureCycles === 8 ? (threads === 32 ? 8 : 256 / threads) : threads / 64;
    return shape * 1000 * (2680 / c.bandwidthGBs) * (c.launchCycles === 990 ? 1 : 1.05);
};
(0, node_test_1.test)('report: the thesis-style tables, the dispatcher\'s rank, baseline, cuBLAS, bandwidth, the corpus and the calibration, exactly (SYNTHETIC results)', async () => {
    strict_1.default.equal(await (0, report_1.report)(SYNTHETIC, { estimator }), EXPECTED);
});
(0, node_test_1.test)('presetFor: a preset only where the device has its memory', () => {
    strict_1.default.deepEqual(['NVIDIA H100 80GB HBM3', 'NVIDIA H100 PCIe', 'NVIDIA H100 NVL', 'NVIDIA H200', 'NVIDIA A100-SXM4-80GB', 'NVIDIA A100-PCIE-40GB', 'Tesla V100-SXM2-16GB', 'Tesla M2050', 'NVIDIA L4'].map(report_1.presetFor), ['h100', undefined, undefined, 'h200', 'a100', undefined, 'v100', 'tesla-m2050', undefined]);
});
(0, node_test_1.test)('costModelEstimator: the cost model\'s microseconds for the measured program, with the constants given', async () => {
    const table = (0, thesis_1.thesisTables)().find(t => t.file === 'thesis-matadd.mfc');
    const b = { ...matmul, name: 'thesis-matadd', blocks: table.blocks, formats: ['16*32'] };
    const { estimate, dispose } = await (0, report_1.costModelEstimator)([b]);
    try {
        const size = { label: '2^12', argv: ['4096'] };
        for (const constants of [{ departureCycles: 4, bandwidthGBs: 3350, launchCycles: 3960 }, { departureCycles: 16, bandwidthGBs: 2000, launchCycles: 0 }]) {
            // The program measured: NMAX raised to 4096 (./programs).
            const expected = await (0, index_1.estimateCost)((0, programs_1.thesisSource)(table).text, { fileName: table.file, gpu: 'h100', memory: 'global', set: { n: 4096, B0: 16, B1: 32 }, constants });
            strict_1.default.equal(estimate(b, size, 'global', '16*32', 'h100', constants), expected.schedules[0].microseconds);
        }
        strict_1.default.notEqual(estimate(b, size, 'global', '16*32', 'h100', { departureCycles: 4, bandwidthGBs: 3350, launchCycles: 3960 }), estimate(b, size, 'global', '16*32', 'h100', { departureCycles: 4, bandwidthGBs: 1000, launchCycles: 3960 }));
        strict_1.default.notEqual(estimate(b, size, 'global', '16*32', 'h100', { departureCycles: 4, bandwidthGBs: 3350, launchCycles: 3960 }), estimate(b, size, 'global', '16*32', 'h100', { departureCycles: 4, bandwidthGBs: 3350, launchCycles: 0 }));
    }
    finally {
        dispose();
    }
});
const EXPECTED = `# The generated kernels measured on NVIDIA H100 80GB HBM3

Measured by bench:gpu's run.sh (\`npm run bench:gpu -- --prepare DIR\`, then \`DIR/run.sh\`) with nvcc -arch=native in 123.4 s. A time is the median of 5 runs after a warm-up, the sum of the kernels' times between CUDA events; a speedup is the serial program's time (gcc -O2) over it. The cost model's preset for this device: H100 (SXM5).

## Summary

- results equal to the serial program's: 14 of 18 measurements; wrong: thesis-reversal.shared 2^23 128; not measured: 3 (skipped, failed)
- racecheck: 0 of 1 programs clean; not clean: thesis-reversal.shared (RACECHECK SUMMARY: 2 hazards displayed (2 errors, 0 warnings))
- memcheck: 1 of 1 programs clean
- not built: thesis-matmul.cublas (cuBLAS headers not found by nvcc)
- refused: tile-vadd shared: nothing is staged in shared memory: the same program as global

## The thesis's benchmarks (Xie 2016, Tables 4.1-4.8; the thesis ran a Tesla M2050)

### Table 4.1: array reversal, N = 2^23 (serial 40.00 ms)

| block | global (ms) | speedup | shared (ms) | speedup | thesis (M2050, shared) |
|---|---|---|---|---|---|
| 64 | 4.00 | 10.00 | 0.500 | 80.00 | 13.183 |
| 128 | 2.00 | 20.00 | wrong result | - | 19.357 |
| 256 | 1.00 | 40.00 | skipped | - | 20.451 |

- fastest: global 256 (1.00 ms, 40.00x), shared 64 (0.500 ms, 80.00x); the thesis's: 256 (20.451x)
- dispatcher: case 2, B=128: 0.400 ms, 100.00x, rank 1 of 5 (its run among the 4 formats measured); 128 in the plain kernels: global 2.00 ms
- fixed-size baseline (32 compiled in, shared): 0.800 ms, 50.00x; the parametric kernels at their best: 0.500 ms (0.63 of the baseline's time)
- effective bandwidth at the best: 134 GB/s, 4% of the H100 (SXM5)'s 3350 GB/s

### Table 4.8: matrix multiplication, n = synthetic (serial 1000.0 ms)

| block | global (ms) | speedup | shared (ms) | speedup |
|---|---|---|---|---|
| 8*4 | 8.00 | 125.00 | 16.00 | 62.50 |
| 16*8 | 2.00 | 500.00 | 4.00 | 250.00 |
| 16*16 | 1.00 | 1000.00 | 2.00 | 500.00 |

- fastest: global 16*16 (1.00 ms, 1000.00x), shared 16*16 (2.00 ms, 500.00x)
- dispatcher: case 1 (B0, B1 kept at the program's defaults: the bound '(n + 3) / 4' is not a polynomial): 2.50 ms, 400.00x, rank 4 of 7 (its run among the 6 formats measured)
- baseline: failed
- cuBLAS: failed
- note: a synthetic note

## The tiling corpus (the tiler's default block sizes)

| program | size | serial (ms) | global (ms) | speedup | shared (ms) | speedup |
|---|---|---|---|---|---|---|
| tile-vadd | default | 3.00 | 0.030 | 100.00 | refused | - |

## Calibration: the cost model (H100 (SXM5) preset) against these measurements

Constants fitted by a grid search (departureCycles 1, 2, 4, 8, 16, 32; bandwidth 100%, 90%, 80%, 70%, 60% of the data sheet's): the point with the highest mean ρ, then the least mean |ln(estimate / measured)|; then the cost of a launch (0, 0.5, 1, 2, 4, 8, 16 µs), which moves no rank, by the least mean |ln(estimate / measured)|. ρ is Spearman's, between the estimate and the measured time over the block formats of one size and memory. Each launch here was timed alone (its own pair of events, waited for), so the fitted launch cost holds the host's time to issue it, which a program's launches issued back to back overlap.

| constant | preset | fitted |
|---|---|---|
| departureCycles | 4 | 8 |
| bandwidth (GB/s) | 3350 | 2680 |
| launch (cycles) | 3960 (2 µs) | 990 (0.5 µs) |

| benchmark | size | memory | formats | ρ before | ρ after | mean \\|ln(est/meas)\\| before | after |
|---|---|---|---|---|---|---|---|
| thesis-reversal | 2^23 | global | 3 | -1.00 | 1.00 | 0.98 | 0.00 |
| thesis-matmul | synthetic | global | 3 | -1.00 | 1.00 | 1.44 | 0.00 |
| thesis-matmul | synthetic | shared | 3 | -1.00 | 1.00 | 1.68 | 0.69 |
| mean | | | | -1.00 | 1.00 | 1.37 | 0.23 |
`;
(0, node_test_1.test)('report: a later call of run.sh merged into the first: its runs replace the same runs, the serial references stay the first call\'s, other devices refused', () => {
    const later = {
        ...SYNTHETIC, elapsed_s: 40.5, builds: { 'thesis-matmul.cublas': { ok: true } },
        references: [{ program: 'thesis-matmul.serial', argv: ['1000'], repeat: 1, median_ms: 900 }],
        checks: [],
        runs: [run(matmul, 'global', '16*16', 0.75), run(matmul, 'shared', '16*32', 1.5)],
    };
    const merged = (0, report_1.mergeResults)([SYNTHETIC, later]);
    strict_1.default.deepEqual(merged.calls, [{ only: null, runs: 18, elapsed_s: 123.4 }, { only: null, runs: 2, elapsed_s: 40.5 }]);
    strict_1.default.deepEqual((0, report_1.mergeResults)([merged, { ...later, only: 'matmul', elapsed_s: 1 }]).calls, [...merged.calls, { only: 'matmul', runs: 2, elapsed_s: 1 }]);
    strict_1.default.equal(merged.elapsed_s, 163.9);
    strict_1.default.deepEqual(merged.builds, { 'thesis-matmul.cublas': { ok: true } });
    const byProgram = (refs) => [...refs].sort((a, b) => a.program.localeCompare(b.program));
    strict_1.default.deepEqual(byProgram(merged.references), byProgram(SYNTHETIC.references));
    strict_1.default.deepEqual(merged.checks, SYNTHETIC.checks);
    const key = (r) => `${r.program} ${r.format} ${r.median_ms}`;
    strict_1.default.deepEqual(merged.runs.map(key), SYNTHETIC.runs.map(r => (r.program === 'thesis-matmul.global' && r.format === '16*16' ? 'thesis-matmul.global 16*16 0.75' : key(r))).concat('thesis-matmul.shared 16*32 1.5'));
    strict_1.default.throws(() => (0, report_1.mergeResults)([SYNTHETIC, { ...later, device: 'NVIDIA H200' }]), /results of different devices \(NVIDIA H100 80GB HBM3, NVIDIA H200\) cannot be merged/);
});
(0, node_test_1.test)('bench/gpu/RESULTS.md is the report of the committed measurements (results-*.json, in call order) with the cost model as it is now: a change of the model shows against the GPU', async () => {
    const dir = path.join(helpers_1.ROOT, 'bench', 'gpu');
    const calls = fs.readdirSync(dir).filter(f => /^results-.+-\d+\.json$/.test(f))
        .sort((a, b) => Number(/(\d+)\.json$/.exec(a)[1]) - Number(/(\d+)\.json$/.exec(b)[1]));
    strict_1.default.deepEqual(calls, ['results-h200-1.json', 'results-h200-2.json', 'results-h200-3.json']);
    const markdown = await (0, report_1.report)((0, report_1.mergeResults)(calls.map(f => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))));
    strict_1.default.equal(fs.readFileSync(path.join(dir, 'RESULTS.md'), 'utf8'), markdown, 'regenerate it: npm run bench:gpu -- --report bench/gpu/results-h200-1.json bench/gpu/results-h200-2.json bench/gpu/results-h200-3.json');
});
(0, node_test_1.test)('report: runs timed back to back (run.sh --stream) stay out of the tables and stand beside the same runs timed launch by launch, with the difference per launch', async () => {
    const withStream = {
        ...SYNTHETIC,
        runs: [...SYNTHETIC.runs, run(reversal, 'global', '256', 0.25, { timing: 'stream', launches: 50 }), run(reversal, 'global', '64', undefined, { timing: 'stream', error: 'exit status 1' })],
    };
    const markdown = await (0, report_1.report)(withStream, { estimator });
    const at = markdown.indexOf('## Launches back to back');
    // The tables as without them; the summary counts them (their outputs are checked too).
    const tables = (text, end) => text.slice(text.indexOf("## The thesis's benchmarks"), end);
    strict_1.default.equal(tables(markdown, at), tables(EXPECTED, EXPECTED.indexOf('## Calibration')));
    strict_1.default.match(markdown, /- results equal to the serial program's: 15 of 20 measurements; wrong: thesis-reversal\.shared 2\^23 128; not measured: 4 \(skipped, failed\)\n/);
    strict_1.default.equal(markdown.slice(at, markdown.indexOf('## Calibration')), [
        '## Launches back to back', '',
        'The same runs timed with each launch waited for (the tables above) and as one span of launches issued back to back (`run.sh --stream`).', '',
        '| program | size | format | launches | each waited for (ms) | back to back (ms) | difference per launch (µs) |', '|---|---|---|---|---|---|---|',
        '| thesis-reversal.global | 2^23 | 256 | 50 | 1.00 | 0.250 | 15.0 |', '', '',
    ].join('\n'));
});
//# sourceMappingURL=report.test.js.map