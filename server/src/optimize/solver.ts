// Satisfiability of systems of polynomial constraints over integer parameters (machine parameters
// such as R_B, Z_B, T_B, program parameters such as B, s, N), for the comprehensive optimization.
// z3 (`z3-solver`, WASM) runs in one worker thread (./z3worker.ts, compiled or bundled as
// `z3worker.js` beside this file), kept alive between calls but unref'd while idle so that it never
// keeps the process alive. Each system gets z3's own time-out; a system whose answer does not come
// within that time-out plus a margin (z3 does not check its time-out everywhere, e.g. while it parses
// huge numbers) gets 'unknown', and the worker is terminated and replaced for the next system.

import { existsSync } from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { Worker } from 'worker_threads';
import type { Message, Request } from './z3worker';

export type Verdict = 'sat' | 'unsat' | 'unknown';

/** One system: integer variables with lower bounds, and constraints as SMT-LIB2 terms over them,
 * e.g. { variables: [{name:'B', min: 1}, {name:'Z_B', min: 0}], assertions: ['(<= (* 2 B s) Z_B)', '(< Z_B (+ (* 2 B) 2))'] } */
export interface SolverSystem { variables: { name: string; min?: number; max?: number }[]; assertions: string[] }

export interface SolverOptions { timeoutMs?: number /* per system, default 2000 */ }

export interface Decision { verdict: Verdict; reason?: string; model?: Record<string, string> }

const DEFAULT_TIMEOUT_MS = 2000;
/** How much longer than z3's own time-out an answer may take before the worker is stopped. */
export const MARGIN_MS = 1500;
/** How long the worker may take to load z3. */
const START_LIMIT_MS = 30_000;

const workerPath = path.join(__dirname, 'z3worker.js');

/** z3-solver is resolvable from where the worker runs (and the worker is there). */
export function solverAvailable(): boolean {
  if (!existsSync(workerPath)) return false;
  try {
    createRequire(workerPath).resolve('z3-solver');
    return true;
  } catch {
    return false;
  }
}

/** Decides each system; never throws for a bad or slow system: 'unknown' then, with a reason. */
export function decideSystems(systems: SolverSystem[], options: SolverOptions = {}): Promise<Decision[]> {
  const timeoutMs = options.timeoutMs !== undefined && Number.isFinite(options.timeoutMs) && options.timeoutMs > 0
    ? Math.min(Math.ceil(options.timeoutMs), 2 ** 31 - 1) : DEFAULT_TIMEOUT_MS;
  return Promise.all(systems.map(system => {
    let smt: { smt: string; names: string[] };
    try {
      smt = toSmtLib(system);
    } catch (e) {
      return Promise.resolve<Decision>({
        verdict: 'unknown',
        reason: `bad system: ${e instanceof Error ? e.message : String(e)}`,
      });
    }
    return host.decide(smt.smt, smt.names, timeoutMs);
  }));
}

/** Ends the worker (tests and the CLI call it so that the process can exit). */
export function closeSolver(): Promise<void> {
  return host.close();
}

/** The SMT-LIB2 text of a system: a declaration per variable (names quoted as `|name|`), its bounds,
 * then each assertion. Throws for what z3 would misread rather than reject. */
export function toSmtLib(system: SolverSystem): { smt: string; names: string[] } {
  const lines: string[] = [];
  const names: string[] = [];
  for (const v of system.variables ?? []) {
    const name = v?.name;
    if (typeof name !== 'string' || name === '' || /[|\\]/.test(name))
      throw new Error(`variable name ${JSON.stringify(name)} cannot be written in SMT-LIB`);
    if (names.includes(name)) throw new Error(`variable ${name} declared twice`);
    names.push(name);
    lines.push(`(declare-const |${name}| Int)`);
    if (v.min !== undefined) lines.push(`(assert (>= |${name}| ${integer(v.min, Math.ceil, `${name}.min`)}))`);
    if (v.max !== undefined) lines.push(`(assert (<= |${name}| ${integer(v.max, Math.floor, `${name}.max`)}))`);
  }
  for (const a of system.assertions ?? []) {
    if (typeof a !== 'string' || !oneTerm(a)) throw new Error(`assertion ${JSON.stringify(a)} is not one SMT-LIB term`);
    // The newline ends a `;` comment the term may end with.
    lines.push(`(assert ${a}\n)`);
  }
  return { smt: lines.join('\n'), names };
}

function integer(x: number, round: (x: number) => number, what: string): string {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error(`${what} is not a finite number`);
  const n = BigInt(round(x));
  return n < 0n ? `(- ${-n})` : `${n}`;
}

/** Balanced parentheses (outside `|symbols|`, "strings" and comments), something besides blanks,
 * and no closing parenthesis that would end the enclosing `(assert`. */
function oneTerm(text: string): boolean {
  let depth = 0, seen = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ';') { while (i < text.length && text[i] !== '\n') i++; continue; }
    if (/\s/.test(c)) continue;
    seen = true;
    if (c === '|' || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return false;
      i = end;
      if (c === '"')
        while (text[i + 1] === '"') {
          const next = text.indexOf('"', i + 2);
          if (next < 0) return false;
          i = next;
        }
    } else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return seen && depth === 0;
}

interface Task {
  request: Request;
  resolve: (d: Decision) => void;
}

/** The worker, its queue, and its replacement when it hangs or dies. */
class Host {
  private worker?: Worker;
  private ready = false;
  private readonly queue: Task[] = [];
  private running?: Task;
  private timer?: NodeJS.Timeout;
  private nextId = 1;
  /** Set when z3-solver could not be loaded: every later system is 'unknown' at once. */
  private unavailable?: string;
  private checked = false;

  decide(smt: string, names: string[], timeoutMs: number): Promise<Decision> {
    if (!this.checked) {
      this.checked = true;
      if (!solverAvailable()) this.unavailable = 'z3-solver not available';
    }
    if (this.unavailable !== undefined) return Promise.resolve({ verdict: 'unknown', reason: this.unavailable });
    return new Promise(resolve => {
      this.queue.push({ request: { id: this.nextId++, smt, names, timeoutMs }, resolve });
      this.pump();
    });
  }

  async close(): Promise<void> {
    const waiting = [...(this.running ? [this.running] : []), ...this.queue.splice(0)];
    this.running = undefined;
    const stopped = this.stop();
    for (const task of waiting) task.resolve({ verdict: 'unknown', reason: 'solver closed' });
    await stopped;
  }

  private stop(): Promise<unknown> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    return worker ? worker.terminate().catch(() => undefined) : Promise.resolve();
  }

  private pump(): void {
    if (this.running) return;
    if (this.queue.length === 0) { this.worker?.unref(); return; }
    const worker = this.ensureWorker();
    worker.ref();
    if (!this.ready) return; // pumped again on `ready`
    const task = this.queue.shift()!;
    this.running = task;
    worker.postMessage(task.request);
    this.timer = setTimeout(() => {
      if (this.running !== task) return;
      this.finish({ verdict: 'unknown', reason: 'time-out, worker stopped' }, true);
    }, task.request.timeoutMs + MARGIN_MS);
  }

  /** Answers the running task, replaces the worker if asked, and goes on with the queue. */
  private finish(decision: Decision, replace: boolean): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const task = this.running;
    this.running = undefined;
    if (replace) void this.stop();
    task?.resolve(decision);
    this.pump();
  }

  /** Answers every waiting system (the worker could not start). */
  private failAll(reason: string): void {
    void this.stop();
    const waiting = [...(this.running ? [this.running] : []), ...this.queue.splice(0)];
    this.running = undefined;
    for (const task of waiting) task.resolve({ verdict: 'unknown', reason });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerPath);
    this.worker = worker;
    this.ready = false;
    this.timer = setTimeout(() => {
      if (this.worker === worker && !this.ready) this.failAll(`z3 did not start within ${START_LIMIT_MS / 1000} s`);
    }, START_LIMIT_MS);
    worker.on('message', (m: Message) => {
      if (this.worker !== worker) return;
      if (m.type === 'ready') {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.ready = true;
        this.pump();
      } else if (m.type === 'unavailable') {
        this.unavailable = m.reason;
        this.failAll(m.reason);
      } else if (this.running?.request.id === m.id) {
        const { verdict, reason, model } = m;
        this.finish(
          { verdict, ...(reason !== undefined ? { reason } : {}), ...(model ? { model } : {}) },
          m.fatal === true,
        );
      }
    });
    const died = (why: string) => {
      if (this.worker !== worker) return;
      if (!this.ready) { this.failAll(`z3 worker failed to start: ${why}`); return; }
      this.worker = undefined;
      this.ready = false;
      if (this.running) this.finish({ verdict: 'unknown', reason: `z3 worker crashed: ${why}` }, false);
    };
    worker.on('error', e => died(e instanceof Error ? e.message : String(e)));
    worker.on('exit', code => died(`it exited with code ${code}`));
    return worker;
  }
}

const host = new Host();
