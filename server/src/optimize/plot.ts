// The data of the editor's plot: for the schedule at a position, the estimated time of
// each case of its comprehensive optimization against the block size, on a GPU preset; a point
// is marked feasible when the case's constraints hold there with the preset's limits, and the
// chosen point is the fastest feasible one (what the dispatcher's ranking picks on that GPU).

import type { CompileContext } from '../preprocess/index';
import { checkText } from '../checks/index';
import type { MfDiagnostic } from '../base/diagnostic';
import { schedulesOf } from '../cuda/index';
import { constructSpan } from '../model/constructs';
import { holdsAt, MACHINE } from './constraints';
import { optimizeSchedule } from './index';
import { readScheduleSource } from './program';
import type { GpuPreset } from '../../../shared/settings';
import { estimateFromModel } from '../cost/index';
import { GPUS, machineLimits } from '../cost/gpus';

export interface PlotPoint { block: Record<string, number>; threads: number; microseconds: number; fits: boolean }
export interface PlotData {
  gpu: string;
  start: number;
  end: number;
  blockParameters: string[];
  /** The values the curves share (data sizes, the granularity as the program sets it), and those
   * no value was given or derivable for. */
  values: Record<string, number>;
  assumed: string[];
  cases: { index: number; summary: string; points: PlotPoint[] }[];
  chosen?: { case: number; block: Record<string, number>; threads: number; microseconds: number };
  diagnostics: MfDiagnostic[];
}

export interface PlotOptions extends CompileContext {
  fileName?: string; offset: number; gpu?: GpuPreset; set?: Record<string, number> }

export async function plotData(text: string, options: PlotOptions): Promise<PlotData> {
  const gpu = GPUS[options.gpu ?? 'h100'];
  const empty = (diagnostics: MfDiagnostic[]): PlotData => ({
    gpu: gpu.name,
    start: options.offset,
    end: options.offset,
    blockParameters: [],
    values: {},
    assumed: [],
    cases: [],
    diagnostics,
  });
  const analysis = await checkText(text, options.fileName, options);
  try {
    const { source, diagnostics } = readScheduleSource(analysis, options.fileName, { offset: options.offset });
    if (!source) return empty(diagnostics);
    const { result, systems, programs } = await optimizeSchedule(source, {
      fileName: options.fileName,
      // nvcc's counts where it took them (the case view's), never run here: the plot follows the cursor.
      registers: 'cached',
    });
    const limits = machineLimits(gpu);
    const cases: PlotData['cases'] = [];
    let values: Record<string, number> = {}, blockParameters: string[] = [], assumed: string[] = [];
    for (const [k, c] of result.cases.entries()) {
      // The case's own program, analysed like the input: its schedule is the same ordinal.
      const program = await checkText(programs[k], options.fileName, analysis.syntax.context);
      try {
        const schedule = schedulesOf(program.model)[source.ordinal];
        const cost = estimateFromModel(program.model, program.diagnostics, {
          gpu: options.gpu,
          set: options.set,
          registers: c.registers,
          offset: constructSpan(schedule).start,
        });
        const s = cost.schedules[0];
        if (!s) continue;
        if (k === 0) {
          values = Object.fromEntries(
            Object.entries(s.values).filter(
              ([n]) => !s.blockParameters.includes(n) && !source.derived.some(d => d.name === n),
            ),
          );
          blockParameters = s.blockParameters;
          assumed = s.assumed.filter(n => n in values);
        }
        // A case's constraints are about the program's parameters as given (its own s), the machine's limits.
        const given = Object.fromEntries(
          source.tunables.filter(t => t.role === 'granularity').map(t => [t.name, values[t.name] ?? s.values[t.name]]),
        );
        const points = s.sweep.map(p => {
          const point = new Map<string, bigint>([
            [MACHINE.registers, BigInt(limits.R_B)],
            [MACHINE.sharedWords, BigInt(limits.Z_B)],
            [MACHINE.threads, BigInt(limits.T_B)],
          ]);
          for (const [n, v] of Object.entries({ ...s.values, ...given, ...p.block }))
            if (v !== undefined) point.set(n, BigInt(Math.round(v)));
          const fits = systems[k].some(sys =>
            sys.every(x => {
              try {
                return holdsAt(x, point);
              } catch {
                return false;
              }
            }),
          );
          return { block: p.block, threads: p.threads, microseconds: p.microseconds, fits };
        });
        cases.push({ index: c.index, summary: c.summary, points });
      } finally {
        program.syntax.dispose();
      }
    }
    let chosen: PlotData['chosen'];
    for (const c of cases)
      for (const p of c.points)
        if (p.fits && Number.isFinite(p.microseconds) && (!chosen || p.microseconds < chosen.microseconds))
          chosen = { case: c.index, block: p.block, threads: p.threads, microseconds: p.microseconds };
    return {
      gpu: gpu.name,
      start: result.start,
      end: result.end,
      blockParameters,
      values,
      assumed,
      cases,
      ...(chosen ? { chosen } : {}),
      diagnostics: [...diagnostics, ...result.notes],
    };
  } finally {
    analysis.syntax.dispose();
  }
}
