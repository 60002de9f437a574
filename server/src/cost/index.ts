// `metafork analyze`: for each schedule, each kernel's counts as polynomials in
// the program's parameters, its many-core machine measures per block (work, span, overhead), and at
// one point of the parameters on a GPU preset: occupancy, the estimate (the MWP-CWP model of
// ./warps: memory waits overlapped across warps, never below the bandwidth's time) and the MCM's
// Graham–Brent bound `(N/K + L)·C`; plus the estimate over a sweep of block sizes (the editor's
// plot, the dispatcher's ranking).

import type { CompileContext } from '../preprocess/index';
import { checkText } from '../checks/index';
import type { DocumentModel } from '../model/document';
import type { MfDiagnostic } from '../base/diagnostic';
import { diagnostic } from '../base/diagnostic';
import { constructSpan } from '../model/constructs';
import { within } from '../base/span';
import { readScheduleKernels, ReadSchedule } from '../cuda/index';
import { boxLayout, type MemoryMode, type StagedBox } from '../cuda/footprint';
import { Poly, rational } from '../symbolic/poly';
import * as mcm from './mcm';
import { Environment } from './values';
import { LineIndex } from '../base/lines';
import type { GpuPreset } from '../../../shared/settings';
import { estimateRegisters } from './registers';
import { elementBytes } from '../cuda/kernel';
import { countKernel, KernelCounts, uncountedLoopDiagnostics } from './counts';
import { Gpu, GPUS } from './gpus';
import { occupancy } from './occupancy';
import { warpEstimate } from './warps';
import type { CostOutput, KernelEstimate, ScheduleCost } from '../../../shared/protocol';

export interface CostOptions extends CompileContext {
  fileName?: string;
  gpu?: GpuPreset;
  /** Values of parameters (data sizes, block sizes, granularity, U). */
  set?: Record<string, number>;
  memory?: MemoryMode;
  /** Registers per thread: estimated from the kernel's code, or given. */
  registers?: number;
  /** Only the schedule holding this offset. */
  offset?: number;
  /** Per-architecture constants in place of the preset's: those fitted to a device's measurements
   * (bench:gpu's calibration, issue 24). */
  constants?: Partial<Pick<Gpu, 'departureCycles' | 'bandwidthGBs' | 'wordCycles' | 'launchCycles'>>;
}

/** A schedule's estimate, where it lies in the text. */
export interface ScheduleEstimate extends ScheduleCost { start: number; end: number; line: number }

/** The cost model's estimate of a file's schedules on a GPU. */
export interface CostEstimate extends CostOutput<MfDiagnostic, ScheduleEstimate> { gpu: Gpu }

/** Default values: a data size, a 1-D block, a 2-D block's sides, the granularity. */
const DEFAULTS = { data: 4096, block1: 256, block2: 16, granularity: 1 };
const SWEEP_1D = [32, 64, 128, 256, 512, 1024];
const SWEEP_2D: [number, number][] = [
  [8, 8], [8, 16], [16, 8], [16, 16], [8, 32], [32, 8], [16, 32], [32, 16], [32, 32],
];

export async function estimateCost(text: string, options: CostOptions = {}): Promise<CostEstimate> {
  const analysis = await checkText(text, options.fileName, options);
  try {
    return estimateFromModel(analysis.model, analysis.diagnostics, options);
  } finally {
    analysis.syntax.dispose();
  }
}

/** The analysis from an analysed document (the server re-uses the model of its diagnostics). */
export function estimateFromModel(
  doc: DocumentModel, found: readonly MfDiagnostic[], options: CostOptions = {},
): CostEstimate {
  const gpu = { ...GPUS[options.gpu ?? 'h100'], ...options.constants };
  const at = options.offset === undefined ? undefined : { start: options.offset, end: options.offset };
  // The schedule holding the offset, read alone (only its item is modelled: a hover on a large file).
  const only =
    at &&
    doc
      .itemAt(at.start)
      ?.constructs.filter(c => c.kind === 'schedule')
      .map(constructSpan)
      .find(span => within(at, span));
  const { schedules, diagnostics } =
    at && !only
      ? { schedules: [], diagnostics: [] }
      : readScheduleKernels(doc, found, { memory: options.memory ?? 'global', ...(only ? { only } : {}) });
  const picked = schedules.filter(s => !only || within(only, constructSpan(s.read.schedule)));
  // A loop the model cannot count has no value to evaluate: the schedule is refused, not guessed.
  const uncounted = picked.flatMap(s =>
    s.read.kernels.flatMap(k => uncountedLoopDiagnostics(s.model, k, s.read.schedule.region!)),
  );
  if (uncounted.length) return { gpu, diagnostics: [...diagnostics, ...uncounted], schedules: [] };
  if (!diagnostics.some(d => d.severity === 'error') && picked.length === 0) {
    diagnostics.push(
      diagnostic(
        'MF510',
        { start: at?.start ?? 0, end: (at?.start ?? 0) + Math.min(1, doc.text.length) },
        `no 'meta_schedule' ${at ? 'here' : 'in this file'}: there is nothing to analyze`,
      ),
    );
  }
  const lines = new LineIndex(doc.text);
  return { gpu, diagnostics, schedules: picked.map(s => estimateSchedule(doc, s, gpu, options, lines)) };
}

function estimateSchedule(
  doc: DocumentModel, s: ReadSchedule, gpu: Gpu, options: CostOptions, lines: LineIndex,
): ScheduleEstimate {
  const text = s.model.text;
  const span = constructSpan(s.read.schedule);
  const counts = s.read.kernels.map((k, i) => countKernel(s.model, k, s.boxes[i], s.read.schedule.region!));
  const registers = s.read.kernels.map((k, i) => options.registers ?? estimateRegisters(k, text, s.boxes[i]));
  const blockParameters = [
    ...new Set(s.read.kernels.flatMap(k => k.block.map(b => b.bound.trim())).filter(b => /^[A-Za-z_]\w*$/.test(b))),
  ];
  const twoD = s.read.kernels.some(k => k.block.length === 2);
  const env = Environment.of(doc, s.model, span.start, options.set ?? {}, name =>
    blockParameters.includes(name)
      ? twoD
        ? DEFAULTS.block2
        : DEFAULTS.block1
      : /^s$|granularity/.test(name)
        ? DEFAULTS.granularity
        : DEFAULTS.data,
    lines,
  );
  const at = (values: Environment) => pointEstimate(gpu, counts, registers, s.boxes.map(ts => ts), values);
  const point = at(env);
  const sweep =
    blockParameters.length === 0
      ? []
      : (twoD && blockParameters.length === 2 ? SWEEP_2D : SWEEP_1D.map(b => blockParameters.map(() => b) as number[]))
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
function describe(c: KernelCounts): Pick<KernelEstimate, 'name' | 'formulas' | 'mcm' | 'coalesced' | 'uncoalesced' | 'walking'> {
  const m = (p: Poly) => p.toMath();
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
function pointEstimate(
  gpu: Gpu,
  counts: KernelCounts[],
  registers: number[],
  boxes: ReadSchedule['boxes'],
  env: Environment,
) {
  const U = env.value('U') ?? gpu.wordCycles;
  const exact = (x: number) =>
    Number.isInteger(x) ? rational(BigInt(x)) : rational(BigInt(Math.round(x * 1e6)), 1000000n);
  const number = (p: Poly | mcm.Fraction) => {
    const r = mcm.valueAt(p, new Map());
    return Number(r.n) / Number(r.d);
  };
  let cycles = 0,
    K = Infinity;
  const parts: mcm.Program[] = [];
  const kernels = counts.map((c, i) => {
    const threads = env.number(c.threads),
      blocks = env.number(c.blocks),
      launches = env.number(c.launches);
    const sharedBytes = layoutBytes(boxes[i], env);
    const o = occupancy(gpu, { threadsPerBlock: threads, registersPerThread: registers[i], sharedBytes });
    // A thread's share of its block's tile copies (coalesced: neighbouring threads copy neighbours).
    const share = (w: Poly) => env.number(w) / Math.max(threads, 1);
    const kernel: mcm.Kernel = {
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
    const w = warpEstimate({ ...gpu, wordCycles: U }, {
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
  const N = number(m.blocks),
    L = number(m.criticalPath),
    C = number(m.blockCost);
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
function layoutBytes(boxes: StagedBox[], env: Environment): number {
  const bytes = (ts: StagedBox[]) =>
    ts.reduce(
      (a, t) =>
        a +
        Math.ceil(
          (env.number(t.extent.reduce((p, e) => p.mul(e), Poly.constant(1))) * elementBytes(t.array.element)) / 16,
        ) *
          16,
      0,
    );
  return boxLayout(boxes).reduce(
    (a, u) => a + ('box' in u ? bytes([u.box]) : Math.max(bytes(u.then), bytes(u.otherwise))),
    0,
  );
}
