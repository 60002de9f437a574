// `metafork optimize` (Xie 2016 Ch. 7): the case discussion of a `meta_schedule` and one `.cu` holding
// every case's kernels with a dispatcher that reads the device's limits at run time.

import type { CompileContext } from '../preprocess/index';
import { checkText } from '../checks/index';
import type { MfDiagnostic } from '../base/diagnostic';
import { cudaFromModel, schedulesOf } from '../cuda/index';
import { Poly } from '../symbolic/poly';
import { LineIndex } from '../base/lines';
import { comprehensiveOptimization, groupLeaves, initialPlan, Plan, STEP_NAMES } from './algorithm';
import {
  Constraint,
  constraintText,
  decide,
  Decision,
  describeSystem,
  Domain,
  MACHINE,
  MAX_GRANULARITY,
} from './constraints';
import { LaunchCost, measure, Measured, RegisterSource } from './counters';
import { dispatcher } from './dispatch';
import { deriveProgram, Program, readScheduleSource, ScheduleSource, Variant, variantKey } from './program';
import type { CaseSystem, OptimizedCase, OptimizeResult, ScheduleOptimization, Tuning } from './result';

export interface OptimizeOptions extends CompileContext {
  fileName?: string;
  /** The schedule holding this offset; default: every schedule of the file, in order. */
  offset?: number;
  registers?: RegisterSource;
  /** z3's time per system (ms). */
  timeoutMs?: number;
}

/** What the dispatcher may choose, and why. */
function tuningOf(src: ScheduleSource): Tuning {
  if (src.fixed) return { tuned: [], fixed: src.fixed.names, reason: src.fixed.reason };
  return {
    tuned: src.tunables.map(t => t.name),
    fixed: [],
    reason: src.tunables.length
      ? 'the kernels compute the same elements whatever their values: every index is reassembled exactly from its loops (a ceiling grid with a guard)'
      : 'no block size or granularity given by a variable',
  };
}

const MACHINE_DOMAINS: [string, Domain][] = [
  [MACHINE.registers, { kind: 'machine', min: 0n }],
  [MACHINE.sharedWords, { kind: 'machine', min: 0n }],
  [MACHINE.threads, { kind: 'machine', min: 1n }],
];

function domainsOf(src: ScheduleSource): Map<string, Domain> {
  const d = new Map<string, Domain>(MACHINE_DOMAINS);
  // The parameters kept at the program's values keep their domains: the constraints are about them.
  for (const t of [...src.tunables, ...(src.fixed?.tunables ?? [])])
    d.set(
      t.name,
      t.role === 'granularity' ? { kind: 'program', min: 1n, max: MAX_GRANULARITY } : { kind: 'program', min: 1n },
    );
  return d;
}

/** The slides' natural constraints: a block has at most T_B threads (parameters ≥ 1, s ≤ 8 are domains). */
function initialConstraints(src: ScheduleSource): Constraint[] {
  const seen = new Set<string>();
  return src.threads
    .filter(t => !seen.has(t.toC()) && seen.add(t.toC()))
    .map(t => ({ lhs: t, op: '<=' as const, rhs: Poly.symbol(MACHINE.threads), origin: 'initial' as const }));
}

export async function optimizeSchedule(
  src: ScheduleSource,
  options: OptimizeOptions = {},
): Promise<{
  result: ScheduleOptimization;
  systems: Constraint[][][];
  emptySystems: Constraint[][];
  initial: Constraint[];
  domains: Map<string, Domain>;
  costs: LaunchCost[][];
  programs: string[];
}> {
  const began = Date.now();
  const domains = domainsOf(src);
  const initial = initialConstraints(src);
  const programs = new Map<string, Promise<Program>>();
  const measured = new Map<string, Promise<Measured>>();
  const program = (v: Variant) => {
    const key = variantKey(v);
    if (!programs.has(key)) programs.set(key, deriveProgram(src, { ...v }));
    return programs.get(key)!;
  };
  const counters = (v: Variant) => {
    const key = variantKey(v);
    if (!measured.has(key))
      measured.set(
        key,
        program(v).then(p => measure(src, p, options.registers ?? 'auto', domains)),
      );
    return measured.get(key)!;
  };
  const decisions = new Map<string, Promise<Decision>>();
  const oracle = {
    counters: async (v: Variant) => {
      const m = await counters(v);
      return { registers: m.registers, words: m.sharedWords };
    },
    decide: (cs: readonly Constraint[]) => {
      const key = cs.map(constraintText).sort().join(' ∧ ');
      if (!decisions.has(key)) decisions.set(key, decide([...initial, ...cs], domains, options.timeoutMs));
      return decisions.get(key)!;
    },
  };
  const start = initialPlan(
    { granularity: !!src.granularity, caching: src.cacheList.length > 0, cse: 0 },
    src.cacheList.length > 0,
    !!src.granularity,
  );
  const outcome = await comprehensiveOptimization(start, oracle, domains);
  const system = (p: Plan): CaseSystem => ({
    constraints: describeSystem(p.constraints, domains),
    strategies: p.log,
    strategyNames: p.log.map(s => STEP_NAMES[s]),
    verdict: p.decision?.verdict ?? 'unknown',
    decidedBy: p.decision?.by ?? 'undecided',
    witness: p.decision?.witness,
    all: [...initial, ...p.constraints].map(c => ({ lhs: c.lhs.toC(), op: c.op, rhs: c.rhs.toC(), origin: c.origin })),
  });
  const groups = groupLeaves(outcome.leaves);
  const cases: OptimizedCase[] = [];
  const costs: LaunchCost[][] = [];
  const texts: string[] = [];
  for (const [i, g] of groups.entries()) {
    const p = await program(g.variant);
    // The counters as measured during the optimization; the pieces again, with the case's names.
    const first = await counters(g.variant);
    const m = await measure(src, p, () => first.registers, domains, `_case${i + 1}`);
    const words = m.sharedWords.isZero ? '0' : m.sharedWords.toMath();
    costs.push(m.launches);
    texts.push(p.text);
    cases.push({
      index: i + 1,
      variant: g.variant,
      summary: summaryOf(g.variant, src),
      systems: g.plans.map(system),
      registers: first.registers,
      registersBy: first.registersBy,
      sharedWords: words,
      tiles: m.boxes,
      cse: p.cse,
      metafork: p.code,
      kernels: m.kernels,
      host: m.host,
    });
  }
  const lines = new LineIndex(src.text);
  return {
    result: {
      start: src.span.start,
      end: src.span.end,
      line: lines.position(src.span.start).line + 1,
      parameters: [...domains].map(([name, d]) => ({
        name,
        kind: d.kind,
        role:
          [...src.tunables, ...(src.fixed?.tunables ?? [])].find(t => t.name === name)?.role ??
          (d.kind === 'machine' ? machineRole(name) : undefined),
        min: String(d.min),
        ...(d.max !== undefined ? { max: String(d.max) } : {}),
      })),
      tuning: tuningOf(src),
      initial: initial.map(constraintText),
      cases,
      empty: outcome.empty.map(p => ({ constraints: describeSystem(p.constraints, domains), strategies: p.log })),
      notes: src.notes,
      milliseconds: Date.now() - began,
    },
    systems: groups.map(g => g.plans.map(p => [...initial, ...p.constraints])),
    emptySystems: outcome.empty.map(p => [...initial, ...p.constraints]),
    initial,
    domains,
    costs,
    programs: texts,
  };
}

function machineRole(name: string): string {
  return name === MACHINE.registers
    ? 'registers per thread'
    : name === MACHINE.sharedWords
      ? 'shared-memory words (4 bytes) per block'
      : 'threads per block';
}

function summaryOf(v: Variant, src: ScheduleSource): string {
  const parts = [
    v.caching ? `cache(${src.cacheList.join(', ')})` : src.cacheList.length ? 'no caching' : 'nothing to cache',
    src.granularity
      ? v.granularity
        ? `granularity ${src.granularity.parameter}`
        : `granularity ${src.granularity.parameter} = 1`
      : undefined,
    v.cse ? `CSE level ${v.cse}` : undefined,
  ];
  return parts.filter(Boolean).join(', ');
}

/** Every schedule of the file (or the one at `offset`) optimized, and the `.cu` with dispatchers. */
export async function optimizeText(text: string, options: OptimizeOptions = {}): Promise<OptimizeResult> {
  // One analysis of the input serves every schedule and the final `.cu`.
  const analysis = await checkText(text, options.fileName, options);
  try {
    const count = schedulesOf(analysis.model).length;
    const picks =
      options.offset !== undefined
        ? [{ offset: options.offset }]
        : count
          ? [...Array(count).keys()].map(ordinal => ({ ordinal }))
          : [{ ordinal: 0 }];
    const diagnostics: MfDiagnostic[] = [];
    const optimized: {
      src: ScheduleSource;
      result: ScheduleOptimization;
      systems: Constraint[][][];
      costs: LaunchCost[][];
    }[] = [];
    for (const pick of picks) {
      const { source, diagnostics: d } = readScheduleSource(analysis, options.fileName, pick);
      diagnostics.push(...d);
      if (!source) continue;
      const { result, systems, costs } = await optimizeSchedule(source, options);
      optimized.push({ src: source, result, systems, costs });
    }
    const schedules = optimized.map(o => o.result);
    if (diagnostics.some(d => d.severity === 'error')) return { diagnostics, schedules };
    // The generator's replacement hook puts the dispatchers; schedules without cases stay as generated.
    const replace = optimized
      .filter(o => o.result.cases.length)
      .map(o => dispatcher(o.src, o.result, o.systems, o.costs));
    const cuda = replace.length ? cudaFromModel(analysis.model, analysis.diagnostics, { replace }).text : undefined;
    return { diagnostics, schedules, cuda };
  } finally {
    analysis.syntax.dispose();
  }
}
