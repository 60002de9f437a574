// What the comprehensive optimization of a `meta_schedule` finds: its cases (each a variant of the
// program with its constraint systems, counters and code), the parameters the dispatcher tunes, and
// the result of a whole file (the CLI prints it as JSON, the server sends it to the editor).

import type { MfDiagnostic } from '../base/diagnostic';
import type { Step } from './algorithm';
import type { Constraint, Decision, Domain } from './constraints';
import type { Measured } from './counters';
import type { Variant } from './program';
import type { CaseInfo, OptimizeOutput } from '../../../shared/protocol';

export interface CaseSystem {
  /** The case's own constraints as the thesis prints them (the initial ones are common to all). */
  constraints: string[];
  /** Table 7.1 codes in the order applied, and their names. */
  strategies: Step[];
  strategyNames: string[];
  verdict: Decision['verdict'];
  decidedBy: Decision['by'];
  witness?: Record<string, string>;
  /** Every constraint, structured (C syntax for the polynomials). */
  all: { lhs: string; op: '<=' | '<'; rhs: string; origin: Constraint['origin'] }[];
}

/** A case as the editor shows it (../../../shared/protocol.ts: index, summary, registers, shared
 * words, MetaFork code, kernels), with what the dispatcher and the discussion also need. */
export interface OptimizedCase extends CaseInfo {
  variant: Variant;
  systems: CaseSystem[];
  registersBy: Measured['registersBy'];
  tiles: string[];
  cse: string[];
  /** The host code of the case's launches. */
  host: string;
}

export interface ScheduleOptimization {
  start: number;
  end: number;
  line: number;
  parameters: { name: string; kind: Domain['kind']; role?: string; min: string; max?: string }[];
  /** The program parameters the dispatcher may choose at run time, and those kept at the program's
   * values with the reason (./invariance.ts). */
  tuning: Tuning;
  initial: string[];
  cases: OptimizedCase[];
  /** ∅ leaves: parameters for which no kernel is provided. */
  empty: { constraints: string[]; strategies: Step[] }[];
  notes: MfDiagnostic[];
  milliseconds: number;
}

export interface Tuning { tuned: string[]; fixed: string[]; reason: string }

/** Every schedule of a file optimized, and the `.cu` with the dispatchers. */
export type OptimizeResult = OptimizeOutput<MfDiagnostic, ScheduleOptimization>;
