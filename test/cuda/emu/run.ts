// Running programs built by build.ts the way the tests run every generated kernel: race-checked
// (MF_EMU_RACECHECK=1) and, where a result is compared, in every order MF_EMU_ORDER offers, since
// CUDA orders neither the blocks of a launch nor the threads of a block (see cuda_emu.h).

import assert from 'node:assert/strict';
import { spawnSync, SpawnSyncReturns } from 'child_process';

/** The exit status of a race-checked program when a launch had hazards (cuda_emu.h). */
export const RACE_STATUS = 66;

/**
 * The generated programs of the test corpora in which the race checker found a race, run without
 * it (still in every order) until the generator is fixed: '<fixture> [options]' -> the finding.
 */
export const KNOWN_RACES: Record<string, string> = {};

/** The orders a result must not depend on: forward, reversed, and one fixed shuffle. */
export const ORDERS = ['forward', 'reverse', 'shuffle:1'] as const;

export interface EmulatedRun {
  /** MF_EMU_ORDER: forward (the default), reverse, shuffle[:SEED]. */
  order?: string;
  /** The environment to add MF_EMU_RACECHECK and MF_EMU_ORDER to (process.env by default). */
  env?: NodeJS.ProcessEnv;
  timeout?: number;
  /**
   * Why this program runs without race checking: a race found and written down (the reason names
   * it), or a run whose race check another run of the same program does. Unset: race-checked.
   */
  unchecked?: string;
}

/** The environment of a race-checked run in `order`. */
export function racecheckEnv(order = 'forward', env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, MF_EMU_RACECHECK: '1', MF_EMU_ORDER: order };
}

/** Runs an emulated program race-checked (unless `unchecked` says why not), in `order`. */
export function runEmulated(exe: string, args: string[] = [], { order = 'forward', env = process.env, timeout = 120_000, unchecked }: EmulatedRun = {}): SpawnSyncReturns<string> {
  const e = racecheckEnv(order, env);
  if (unchecked) e.MF_EMU_RACECHECK = '0';
  return spawnSync(exe, args, { encoding: 'utf8', timeout, env: e, maxBuffer: 64 << 20 });
}

/**
 * `npm run soak` (METAFORK_SOAK=1): every order race-checked. Elsewhere only the first: the race
 * checker makes a run about 25 times slower, and what it finds depends on the order only where a
 * word had more than two unordered reads before a write (it keeps the last write and two reads),
 * while a result that depends on the order shows without it.
 */
const RACECHECK_EVERY_ORDER = process.env.METAFORK_SOAK === '1';

/**
 * The environment `env` of a race-checked run, for a run of the same program in `order` whose race
 * check is the soak's: another order, or a large size (as runLarge).
 */
export function soakCheckedEnv(env: NodeJS.ProcessEnv, order: string): NodeJS.ProcessEnv {
  return { ...env, MF_EMU_ORDER: order, ...(RACECHECK_EVERY_ORDER ? {} : { MF_EMU_RACECHECK: '0' }) };
}

/**
 * Runs an emulated program in each of ORDERS, race-checked in the first (in every one in the soak;
 * in none where options.unchecked says why not): each run must exit 0 (a race exits with
 * RACE_STATUS, its report in the message) and print what the forward run prints, which is
 * returned.
 */
export function runInEveryOrder(exe: string, args: string[] = [], what = exe, options: Omit<EmulatedRun, 'order'> = {}): string {
  let forward: string | undefined;
  for (const order of ORDERS) {
    const checked = forward === undefined || RACECHECK_EVERY_ORDER;
    const r = runEmulated(exe, args, { ...options, order, unchecked: options.unchecked ?? (checked ? undefined : 'race-checked in the first order') });
    assert.equal(r.status, 0, `${what} (MF_EMU_ORDER=${order}): exit ${r.status ?? r.signal}\n${r.stderr}`);
    if (forward === undefined) forward = r.stdout;
    else assert.equal(r.stdout, forward, `${what}: MF_EMU_ORDER=${order} prints otherwise than forward`);
  }
  return forward!;
}

const LARGE_UNCHECKED = 'a large size: race-checked by npm run soak, at a smaller size here';

/**
 * A run at a large size, where even one race-checked order would be most of a test's time: once,
 * forward and unchecked, while the caller runs a smaller size of the same program through
 * runInEveryOrder; race-checked in every order in the soak. Must exit 0; returns what it prints.
 */
export function runLarge(exe: string, args: string[] = [], what = exe): string {
  if (RACECHECK_EVERY_ORDER) return runInEveryOrder(exe, args, what);
  const r = runEmulated(exe, args, { unchecked: LARGE_UNCHECKED });
  assert.equal(r.status, 0, `${what}: exit ${r.status ?? r.signal}\n${r.stderr}`);
  return r.stdout;
}
