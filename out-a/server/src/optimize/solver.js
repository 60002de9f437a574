"use strict";
// Satisfiability of systems of polynomial constraints over integer parameters (machine parameters
// such as R_B, Z_B, T_B, program parameters such as B, s, N), for the comprehensive optimization.
// z3 (`z3-solver`, WASM) runs in one worker thread (./z3worker.ts, compiled or bundled as
// `z3worker.js` beside this file), kept alive between calls but unref'd while idle so that it never
// keeps the process alive. Each system gets z3's own time-out; a system whose answer does not come
// within that time-out plus a margin (z3 does not check its time-out everywhere, e.g. while it parses
// huge numbers) gets 'unknown', and the worker is terminated and replaced for the next system.
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
exports.MARGIN_MS = void 0;
exports.solverAvailable = solverAvailable;
exports.decideSystems = decideSystems;
exports.closeSolver = closeSolver;
exports.toSmtLib = toSmtLib;
const fs_1 = require("fs");
const module_1 = require("module");
const path = __importStar(require("path"));
const worker_threads_1 = require("worker_threads");
const DEFAULT_TIMEOUT_MS = 2000;
/** How much longer than z3's own time-out an answer may take before the worker is stopped. */
exports.MARGIN_MS = 1500;
/** How long the worker may take to load z3. */
const START_LIMIT_MS = 30_000;
const workerPath = path.join(__dirname, 'z3worker.js');
/** z3-solver is resolvable from where the worker runs (and the worker is there). */
function solverAvailable() {
    if (!(0, fs_1.existsSync)(workerPath))
        return false;
    try {
        (0, module_1.createRequire)(workerPath).resolve('z3-solver');
        return true;
    }
    catch {
        return false;
    }
}
/** Decides each system; never throws for a bad or slow system: 'unknown' then, with a reason. */
function decideSystems(systems, options = {}) {
    const timeoutMs = options.timeoutMs !== undefined && Number.isFinite(options.timeoutMs) && options.timeoutMs > 0
        ? Math.min(Math.ceil(options.timeoutMs), 2 ** 31 - 1) : DEFAULT_TIMEOUT_MS;
    return Promise.all(systems.map(system => {
        let smt;
        try {
            smt = toSmtLib(system);
        }
        catch (e) {
            return Promise.resolve({
                verdict: 'unknown',
                reason: `bad system: ${e instanceof Error ? e.message : String(e)}`,
            });
        }
        return host.decide(smt.smt, smt.names, timeoutMs);
    }));
}
/** Ends the worker (tests and the CLI call it so that the process can exit). */
function closeSolver() {
    return host.close();
}
/** The SMT-LIB2 text of a system: a declaration per variable (names quoted as `|name|`), its bounds,
 * then each assertion. Throws for what z3 would misread rather than reject. */
function toSmtLib(system) {
    const lines = [];
    const names = [];
    for (const v of system.variables ?? []) {
        const name = v?.name;
        if (typeof name !== 'string' || name === '' || /[|\\]/.test(name))
            throw new Error(`variable name ${JSON.stringify(name)} cannot be written in SMT-LIB`);
        if (names.includes(name))
            throw new Error(`variable ${name} declared twice`);
        names.push(name);
        lines.push(`(declare-const |${name}| Int)`);
        if (v.min !== undefined)
            lines.push(`(assert (>= |${name}| ${integer(v.min, Math.ceil, `${name}.min`)}))`);
        if (v.max !== undefined)
            lines.push(`(assert (<= |${name}| ${integer(v.max, Math.floor, `${name}.max`)}))`);
    }
    for (const a of system.assertions ?? []) {
        if (typeof a !== 'string' || !oneTerm(a))
            throw new Error(`assertion ${JSON.stringify(a)} is not one SMT-LIB term`);
        // The newline ends a `;` comment the term may end with.
        lines.push(`(assert ${a}\n)`);
    }
    return { smt: lines.join('\n'), names };
}
function integer(x, round, what) {
    if (typeof x !== 'number' || !Number.isFinite(x))
        throw new Error(`${what} is not a finite number`);
    const n = BigInt(round(x));
    return n < 0n ? `(- ${-n})` : `${n}`;
}
/** Balanced parentheses (outside `|symbols|`, "strings" and comments), something besides blanks,
 * and no closing parenthesis that would end the enclosing `(assert`. */
function oneTerm(text) {
    let depth = 0, seen = false;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === ';') {
            while (i < text.length && text[i] !== '\n')
                i++;
            continue;
        }
        if (/\s/.test(c))
            continue;
        seen = true;
        if (c === '|' || c === '"') {
            const end = text.indexOf(c, i + 1);
            if (end < 0)
                return false;
            i = end;
            if (c === '"')
                while (text[i + 1] === '"') {
                    const next = text.indexOf('"', i + 2);
                    if (next < 0)
                        return false;
                    i = next;
                }
        }
        else if (c === '(')
            depth++;
        else if (c === ')' && --depth < 0)
            return false;
    }
    return seen && depth === 0;
}
/** The worker, its queue, and its replacement when it hangs or dies. */
class Host {
    worker;
    ready = false;
    queue = [];
    running;
    timer;
    nextId = 1;
    /** Set when z3-solver could not be loaded: every later system is 'unknown' at once. */
    unavailable;
    checked = false;
    decide(smt, names, timeoutMs) {
        if (!this.checked) {
            this.checked = true;
            if (!solverAvailable())
                this.unavailable = 'z3-solver not available';
        }
        if (this.unavailable !== undefined)
            return Promise.resolve({ verdict: 'unknown', reason: this.unavailable });
        return new Promise(resolve => {
            this.queue.push({ request: { id: this.nextId++, smt, names, timeoutMs }, resolve });
            this.pump();
        });
    }
    async close() {
        const waiting = [...(this.running ? [this.running] : []), ...this.queue.splice(0)];
        this.running = undefined;
        const stopped = this.stop();
        for (const task of waiting)
            task.resolve({ verdict: 'unknown', reason: 'solver closed' });
        await stopped;
    }
    stop() {
        clearTimeout(this.timer);
        this.timer = undefined;
        const worker = this.worker;
        this.worker = undefined;
        this.ready = false;
        return worker ? worker.terminate().catch(() => undefined) : Promise.resolve();
    }
    pump() {
        if (this.running)
            return;
        if (this.queue.length === 0) {
            this.worker?.unref();
            return;
        }
        const worker = this.ensureWorker();
        worker.ref();
        if (!this.ready)
            return; // pumped again on `ready`
        const task = this.queue.shift();
        this.running = task;
        worker.postMessage(task.request);
        this.timer = setTimeout(() => {
            if (this.running !== task)
                return;
            this.finish({ verdict: 'unknown', reason: 'time-out, worker stopped' }, true);
        }, task.request.timeoutMs + exports.MARGIN_MS);
    }
    /** Answers the running task, replaces the worker if asked, and goes on with the queue. */
    finish(decision, replace) {
        clearTimeout(this.timer);
        this.timer = undefined;
        const task = this.running;
        this.running = undefined;
        if (replace)
            void this.stop();
        task?.resolve(decision);
        this.pump();
    }
    /** Answers every waiting system (the worker could not start). */
    failAll(reason) {
        void this.stop();
        const waiting = [...(this.running ? [this.running] : []), ...this.queue.splice(0)];
        this.running = undefined;
        for (const task of waiting)
            task.resolve({ verdict: 'unknown', reason });
    }
    ensureWorker() {
        if (this.worker)
            return this.worker;
        const worker = new worker_threads_1.Worker(workerPath);
        this.worker = worker;
        this.ready = false;
        this.timer = setTimeout(() => {
            if (this.worker === worker && !this.ready)
                this.failAll(`z3 did not start within ${START_LIMIT_MS / 1000} s`);
        }, START_LIMIT_MS);
        worker.on('message', (m) => {
            if (this.worker !== worker)
                return;
            if (m.type === 'ready') {
                clearTimeout(this.timer);
                this.timer = undefined;
                this.ready = true;
                this.pump();
            }
            else if (m.type === 'unavailable') {
                this.unavailable = m.reason;
                this.failAll(m.reason);
            }
            else if (this.running?.request.id === m.id) {
                const { verdict, reason, model } = m;
                this.finish({ verdict, ...(reason !== undefined ? { reason } : {}), ...(model ? { model } : {}) }, m.fatal === true);
            }
        });
        const died = (why) => {
            if (this.worker !== worker)
                return;
            if (!this.ready) {
                this.failAll(`z3 worker failed to start: ${why}`);
                return;
            }
            this.worker = undefined;
            this.ready = false;
            if (this.running)
                this.finish({ verdict: 'unknown', reason: `z3 worker crashed: ${why}` }, false);
        };
        worker.on('error', e => died(e instanceof Error ? e.message : String(e)));
        worker.on('exit', code => died(`it exited with code ${code}`));
        return worker;
    }
}
const host = new Host();
//# sourceMappingURL=solver.js.map