"use strict";
// Running programs built by build.ts the way the tests run every generated kernel: race-checked
// (MF_EMU_RACECHECK=1) and, where a result is compared, in every order MF_EMU_ORDER offers, since
// CUDA orders neither the blocks of a launch nor the threads of a block (see cuda_emu.h).
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ORDERS = exports.KNOWN_RACES = exports.RACE_STATUS = void 0;
exports.racecheckEnv = racecheckEnv;
exports.runEmulated = runEmulated;
exports.soakCheckedEnv = soakCheckedEnv;
exports.runInEveryOrder = runInEveryOrder;
exports.runLarge = runLarge;
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
/** The exit status of a race-checked program when a launch had hazards (cuda_emu.h). */
exports.RACE_STATUS = 66;
/**
 * The generated programs of the test corpora in which the race checker found a race, run without
 * it (still in every order) until the generator is fixed: '<fixture> [options]' -> the finding.
 */
exports.KNOWN_RACES = {};
/** The orders a result must not depend on: forward, reversed, and one fixed shuffle. */
exports.ORDERS = ['forward', 'reverse', 'shuffle:1'];
/** The environment of a race-checked run in `order`. */
function racecheckEnv(order = 'forward', env = process.env) {
    return { ...env, MF_EMU_RACECHECK: '1', MF_EMU_ORDER: order };
}
/** Runs an emulated program race-checked (unless `unchecked` says why not), in `order`. */
function runEmulated(exe, args = [], { order = 'forward', env = process.env, timeout = 120_000, unchecked } = {}) {
    const e = racecheckEnv(order, env);
    if (unchecked)
        e.MF_EMU_RACECHECK = '0';
    return (0, child_process_1.spawnSync)(exe, args, { encoding: 'utf8', timeout, env: e, maxBuffer: 64 << 20 });
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
function soakCheckedEnv(env, order) {
    return { ...env, MF_EMU_ORDER: order, ...(RACECHECK_EVERY_ORDER ? {} : { MF_EMU_RACECHECK: '0' }) };
}
/**
 * Runs an emulated program in each of ORDERS, race-checked in the first (in every one in the soak;
 * in none where options.unchecked says why not): each run must exit 0 (a race exits with
 * RACE_STATUS, its report in the message) and print what the forward run prints, which is
 * returned.
 */
function runInEveryOrder(exe, args = [], what = exe, options = {}) {
    let forward;
    for (const order of exports.ORDERS) {
        const checked = forward === undefined || RACECHECK_EVERY_ORDER;
        const r = runEmulated(exe, args, { ...options, order, unchecked: options.unchecked ?? (checked ? undefined : 'race-checked in the first order') });
        strict_1.default.equal(r.status, 0, `${what} (MF_EMU_ORDER=${order}): exit ${r.status ?? r.signal}\n${r.stderr}`);
        if (forward === undefined)
            forward = r.stdout;
        else
            strict_1.default.equal(r.stdout, forward, `${what}: MF_EMU_ORDER=${order} prints otherwise than forward`);
    }
    return forward;
}
const LARGE_UNCHECKED = 'a large size: race-checked by npm run soak, at a smaller size here';
/**
 * A run at a large size, where even one race-checked order would be most of a test's time: once,
 * forward and unchecked, while the caller runs a smaller size of the same program through
 * runInEveryOrder; race-checked in every order in the soak. Must exit 0; returns what it prints.
 */
function runLarge(exe, args = [], what = exe) {
    if (RACECHECK_EVERY_ORDER)
        return runInEveryOrder(exe, args, what);
    const r = runEmulated(exe, args, { unchecked: LARGE_UNCHECKED });
    strict_1.default.equal(r.status, 0, `${what}: exit ${r.status ?? r.signal}\n${r.stderr}`);
    return r.stdout;
}
//# sourceMappingURL=run.js.map