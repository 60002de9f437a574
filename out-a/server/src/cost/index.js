"use strict";
// `metafork analyze`: for each schedule, each kernel's counts as polynomials in
// the program's parameters, its many-core machine measures per block (work, span, overhead), and at
// one point of the parameters on a GPU preset: occupancy, the estimate (the MWP-CWP model of
// ./warps: memory waits overlapped across warps, never below the bandwidth's time) and the MCM's
// Graham–Brent bound `(N/K + L)·C`; plus the estimate over a sweep of block sizes (the editor's
// plot, the dispatcher's ranking).
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
exports.estimateCost = estimateCost;
exports.estimateFromModel = estimateFromModel;
const index_1 = require("../checks/index");
const diagnostic_1 = require("../base/diagnostic");
const constructs_1 = require("../model/constructs");
const span_1 = require("../base/span");
const index_2 = require("../cuda/index");
const footprint_1 = require("../cuda/footprint");
const poly_1 = require("../symbolic/poly");
const mcm = __importStar(require("./mcm"));
const values_1 = require("./values");
const lines_1 = require("../base/lines");
const registers_1 = require("./registers");
const kernel_1 = require("../cuda/kernel");
const counts_1 = require("./counts");
const gpus_1 = require("./gpus");
const occupancy_1 = require("./occupancy");
const warps_1 = require("./warps");
/** Default values: a data size, a 1-D block, a 2-D block's sides, the granularity. */
const DEFAULTS = { data: 4096, block1: 256, block2: 16, granularity: 1 };
const SWEEP_1D = [32, 64, 128, 256, 512, 1024];
const SWEEP_2D = [
    [8, 8], [8, 16], [16, 8], [16, 16], [8, 32], [32, 8], [16, 32], [32, 16], [32, 32],
];
async function estimateCost(text, options = {}) {
    const analysis = await (0, index_1.checkText)(text, options.fileName, options);
    try {
        return estimateFromModel(analysis.model, analysis.diagnostics, options);
    }
    finally {
        analysis.syntax.dispose();
    }
}
/** The analysis from an analysed document (the server re-uses the model of its diagnostics). */
function estimateFromModel(doc, found, options = {}) {
    const gpu = { ...gpus_1.GPUS[options.gpu ?? 'h100'], ...options.constants };
    const at = options.offset === undefined ? undefined : { start: options.offset, end: options.offset };
    // The schedule holding the offset, read alone (only its item is modelled: a hover on a large file).
    const only = at &&
        doc
            .itemAt(at.start)
            ?.constructs.filter(c => c.kind === 'schedule')
            .map(constructs_1.constructSpan)
            .find(span => (0, span_1.within)(at, span));
    const { schedules, diagnostics } = at && !only
        ? { schedules: [], diagnostics: [] }
        : (0, index_2.readScheduleKernels)(doc, found, { memory: options.memory ?? 'global', ...(only ? { only } : {}) });
    const picked = schedules.filter(s => !only || (0, span_1.within)(only, (0, constructs_1.constructSpan)(s.read.schedule)));
    // A loop the model cannot count has no value to evaluate: the schedule is refused, not guessed.
    const uncounted = picked.flatMap(s => s.read.kernels.flatMap(k => (0, counts_1.uncountedLoopDiagnostics)(s.model, k, s.read.schedule.region)));
    if (uncounted.length)
        return { gpu, diagnostics: [...diagnostics, ...uncounted], schedules: [] };
    if (!diagnostics.some(d => d.severity === 'error') && picked.length === 0) {
        diagnostics.push((0, diagnostic_1.diagnostic)('MF510', { start: at?.start ?? 0, end: (at?.start ?? 0) + Math.min(1, doc.text.length) }, `no 'meta_schedule' ${at ? 'here' : 'in this file'}: there is nothing to analyze`));
    }
    const lines = new lines_1.LineIndex(doc.text);
    return { gpu, diagnostics, schedules: picked.map(s => estimateSchedule(doc, s, gpu, options, lines)) };
}
function estimateSchedule(doc, s, gpu, options, lines) {
    const text = s.model.text;
    const span = (0, constructs_1.constructSpan)(s.read.schedule);
    const counts = s.read.kernels.map((k, i) => (0, counts_1.countKernel)(s.model, k, s.boxes[i], s.read.schedule.region));
    const registers = s.read.kernels.map((k, i) => options.registers ?? (0, registers_1.estimateRegisters)(k, text, s.boxes[i]));
    const blockParameters = [
        ...new Set(s.read.kernels.flatMap(k => k.block.map(b => b.bound.trim())).filter(b => /^[A-Za-z_]\w*$/.test(b))),
    ];
    const twoD = s.read.kernels.some(k => k.block.length === 2);
    const env = values_1.Environment.of(doc, s.model, span.start, options.set ?? {}, name => blockParameters.includes(name)
        ? twoD
            ? DEFAULTS.block2
            : DEFAULTS.block1
        : /^s$|granularity/.test(name)
            ? DEFAULTS.granularity
            : DEFAULTS.data, lines);
    const at = (values) => pointEstimate(gpu, counts, registers, s.boxes.map(ts => ts), values);
    const point = at(env);
    const sweep = blockParameters.length === 0
        ? []
        : (twoD && blockParameters.length === 2 ? SWEEP_2D : SWEEP_1D.map(b => blockParameters.map(() => b)))
            .map(sizes => {
            const block = Object.fromEntries(blockParameters.map((b, i) => [b, sizes[i] ?? sizes[0]]));
            const e = at(env.with(block));
            return {
                block,
                threads: Object.values(block).reduce((a, b) => a * b, 1),
                cycles: e.cycles,
                microseconds: e.cycles / gpu.clockMHz,
            };
        })
            .filter(p => p.threads <= gpu.maxThreadsPerBlock);
    return {
        start: span.start, end: span.end, line: lines.position(span.start).line + 1,
        values: env.used(), assumed: env.assumedNames(), origins: env.originsOf(), blockParameters,
        kernels: point.kernels.map((k, i) => ({ ...k, ...describe(counts[i]) })),
        bound: point.bound, cycles: point.cycles, microseconds: point.cycles / gpu.clockMHz,
        sweep,
    };
}
/** The formulas of one kernel's counts and its MCM measures per block. */
function describe(c) {
    const m = (p) => p.toMath();
    const words = c.reads.add(c.writes);
    const boxWords = c.boxLoads.add(c.boxStores);
    const perThread = boxWords.isZero ? m(words) : `${m(words)} + (${m(boxWords)})/(${m(c.threads)})`;
    const coalesced = c.uncoalesced.length === 0;
    return {
        name: c.name,
        formulas: {
            threads: m(c.threads),
            blocks: m(c.blocks),
            launches: m(c.launches),
            ops: m(c.ops),
            reads: m(c.reads),
            writes: m(c.writes),
            tileLoads: m(c.boxLoads),
            tileStores: m(c.boxStores),
        },
        mcm: {
            work: m(c.threads.mul(c.ops)),
            span: m(c.ops),
            overhead: `${coalesced ? '' : `${m(c.threads)} · `}U · (${perThread})`,
        },
        coalesced,
        uncoalesced: c.uncoalesced,
        walking: c.walking,
    };
}
/** The estimate at one point of the parameters. */
function pointEstimate(gpu, counts, registers, boxes, env) {
    const U = env.value('U') ?? gpu.wordCycles;
    const exact = (x) => Number.isInteger(x) ? (0, poly_1.rational)(BigInt(x)) : (0, poly_1.rational)(BigInt(Math.round(x * 1e6)), 1000000n);
    const number = (p) => {
        const r = mcm.valueAt(p, new Map());
        return Number(r.n) / Number(r.d);
    };
    let cycles = 0, K = Infinity;
    const parts = [];
    const kernels = counts.map((c, i) => {
        const threads = env.number(c.threads), blocks = env.number(c.blocks), launches = env.number(c.launches);
        const sharedBytes = layoutBytes(boxes[i], env);
        const o = (0, occupancy_1.occupancy)(gpu, { threadsPerBlock: threads, registersPerThread: registers[i], sharedBytes });
        // A thread's share of its block's tile copies (coalesced: neighbouring threads copy neighbours).
        const share = (w) => env.number(w) / Math.max(threads, 1);
        const kernel = {
            name: c.name,
            blocks: exact(blocks),
            threads: exact(threads),
            span: exact(env.number(c.ops)),
            reads: exact(env.number(c.reads) + share(c.boxLoads)),
            writes: exact(env.number(c.writes) + share(c.boxStores)),
            coalesced: c.uncoalesced.length === 0,
        };
        parts.push(mcm.repeat(exact(launches), kernel));
        const blockCycles = number(mcm.blockCost(mcm.launch(kernel), U));
        // The estimate overlaps the warps' memory waits (MWP-CWP); the MCM's block cost charges each
        // word its whole latency and stays beside it as the thesis's measure.
        const w = (0, warps_1.warpEstimate)({ ...gpu, wordCycles: U }, {
            blocks, threadsPerBlock: threads, activeBlocks: o.activeBlocks, ops: env.number(c.ops),
            words: env.number(c.reads) + share(c.boxLoads) + env.number(c.writes) + share(c.boxStores),
            scattered: env.number(c.scattered), walked: env.number(c.walked),
        });
        const kernelCycles = launches * w.cycles;
        cycles += kernelCycles;
        K = Math.min(K, Math.max(1, o.activeBlocks * gpu.sms));
        return {
            name: c.name,
            at: {
                threads,
                blocks,
                launches,
                registers: registers[i],
                sharedBytes,
                activeBlocks: o.activeBlocks,
                limitedBy: o.limitedBy,
                occupancy: o.occupancy,
                blockCycles,
                warps: w.warps,
                mwp: w.mwp,
                cwp: w.cwp,
                regime: w.regime,
                rounds: w.rounds,
                bandwidthCycles: launches * w.bandwidthCycles,
                cycles: kernelCycles,
            },
        };
    });
    // Xie 2016 Corollary 4.2.2 on this device: K, the blocks that run at once, is what its SMs hold.
    const m = mcm.measure(mcm.seq(...parts), U);
    const N = number(m.blocks), L = number(m.criticalPath), C = number(m.blockCost);
    const k = Number.isFinite(K) ? K : 1;
    return {
        kernels,
        cycles,
        bound: {
            work: number(m.work),
            span: number(m.span),
            overhead: number(m.overhead),
            N,
            L,
            C,
            K: k,
            cycles: number(mcm.timeBound(m, k)),
        },
    };
}
/** Bytes of a kernel's tiles as the generator lays them out (16-byte aligned; the two sides of a
 * uniform branch share theirs). */
function layoutBytes(boxes, env) {
    const bytes = (ts) => ts.reduce((a, t) => a +
        Math.ceil((env.number(t.extent.reduce((p, e) => p.mul(e), poly_1.Poly.constant(1))) * (0, kernel_1.elementBytes)(t.array.element)) / 16) *
            16, 0);
    return (0, footprint_1.boxLayout)(boxes).reduce((a, u) => a + ('box' in u ? bytes([u.box]) : Math.max(bytes(u.then), bytes(u.otherwise))), 0);
}
//# sourceMappingURL=index.js.map