"use strict";
// Whole-file jobs (translations, the `.cu` of a file) for the server, run one at a time in a
// worker thread (dist/worker.js beside the bundled server). Requests for the same result share one job; a job nobody waits for any
// more is dropped, or stopped by terminating the worker; a job past its time limit is stopped too.
// Work done ahead of a request (a document prepared, translations made while the user reads) waits
// behind every request, and becomes one when a request asks for its result.
// Where the worker bundle is absent (the server run from compiled sources), jobs run in-process.
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
exports.Jobs = exports.Overdue = exports.Cancelled = void 0;
const fs_1 = require("fs");
const path = __importStar(require("path"));
const worker_threads_1 = require("worker_threads");
const worker_1 = require("./worker");
class Cancelled extends Error {
    constructor() { super('cancelled'); }
}
exports.Cancelled = Cancelled;
class Overdue extends Error {
    constructor(seconds) {
        super(`the job took longer than ${seconds} s and was stopped`);
    }
}
exports.Overdue = Overdue;
class Jobs {
    limitSeconds;
    trace;
    worker;
    queue = [];
    pending = new Map();
    running;
    nextId = 1;
    timer;
    workerPath = path.join(__dirname, 'worker.js');
    inProcess = !(0, fs_1.existsSync)(this.workerPath);
    /** `trace`: told of each job done, what and how long (the LSP trace, when the client turns it on). */
    constructor(limitSeconds = 20, trace) {
        this.limitSeconds = limitSeconds;
        this.trace = trace;
    }
    /** Whether jobs run off the server's thread (work done ahead of a request is then free for it). */
    get inWorker() { return !this.inProcess; }
    /** Whether a job would find its worker running (or jobs run in-process): one that only tidies the
     * worker's state is not worth starting one for. */
    get started() { return this.inProcess || !!this.worker; }
    /** `key` names the result (document, version, what and how): equal keys share a job. `ahead`: no
     * request waits for it yet. */
    run(key, work, token, ahead = false) {
        if (this.inProcess)
            return (0, worker_1.perform)(work);
        let job = this.pending.get(key);
        if (!job) {
            const created = { key, job: { id: this.nextId++, work }, waiters: new Set(), ahead };
            this.pending.set(key, created);
            this.queue.push(created);
            job = created;
        }
        else if (!ahead && job.ahead) {
            // Asked for now: queued as the latest request.
            job.ahead = false;
            const i = this.queue.indexOf(job);
            if (i >= 0)
                this.queue.push(...this.queue.splice(i, 1));
        }
        return this.wait(job, token).finally(() => {
            if (this.pending.get(key) === job && job.waiters.size === 0)
                this.pending.delete(key);
        });
    }
    /** Another request for a job already under way. */
    wait(job, token) {
        return new Promise((resolve, reject) => {
            const waiter = { resolve, reject };
            job.waiters.add(waiter);
            token?.onCancellationRequested(() => {
                if (!job.waiters.delete(waiter))
                    return;
                reject(new Cancelled());
                if (job.waiters.size === 0)
                    this.drop(job);
            });
            this.pump();
        });
    }
    /** Drops the queued work done ahead whose key starts with `prefix` (for a version of a document
     * that changed since); one running goes on. */
    dropAhead(prefix) {
        for (const [key, job] of this.pending) {
            const i = this.queue.indexOf(job);
            if (!job.ahead || i < 0 || !key.startsWith(prefix))
                continue;
            this.queue.splice(i, 1);
            this.pending.delete(key);
            const waiters = [...job.waiters];
            job.waiters.clear();
            for (const w of waiters)
                w.reject(new Cancelled());
        }
    }
    dispose() {
        void this.worker?.terminate();
        this.worker = undefined;
        clearTimeout(this.timer);
    }
    drop(job) {
        const i = this.queue.indexOf(job);
        if (i >= 0) {
            this.queue.splice(i, 1);
            return;
        }
        if (this.running === job)
            this.restart();
    }
    restart() {
        this.dispose();
        this.running = undefined;
        this.pump();
    }
    pump() {
        if (this.running || this.queue.length === 0)
            return;
        const request = this.queue.findIndex(j => !j.ahead);
        const [job] = this.queue.splice(Math.max(request, 0), 1);
        this.running = job;
        job.started = Date.now();
        const worker = this.ensureWorker();
        worker.postMessage(job.job);
        this.timer = setTimeout(() => {
            if (this.running !== job)
                return;
            const waiters = [...job.waiters];
            job.waiters.clear();
            for (const w of waiters)
                w.reject(new Overdue(this.limitSeconds));
            this.restart();
        }, this.limitSeconds * 1000);
    }
    ensureWorker() {
        if (this.worker)
            return this.worker;
        const worker = new worker_threads_1.Worker(this.workerPath);
        worker.unref();
        worker.on('message', (reply) => {
            const job = this.running;
            if (!job || job.job.id !== reply.id)
                return;
            clearTimeout(this.timer);
            this.running = undefined;
            const ms = Date.now() - job.started;
            this.trace?.(`job ${job.key}: ${'error' in reply ? 'failed' : 'done'} in ${ms} ms${job.ahead ? ', ahead of any request' : ''}`);
            const waiters = [...job.waiters];
            job.waiters.clear();
            for (const w of waiters)
                'result' in reply ? w.resolve(reply.result) : w.reject(new Error(reply.error));
            this.pump();
        });
        worker.on('error', e => {
            const job = this.running;
            if (this.worker === worker)
                this.worker = undefined;
            const waiters = job ? [...job.waiters] : [];
            job?.waiters.clear();
            for (const w of waiters)
                w.reject(e);
            this.running = undefined;
            this.pump();
        });
        this.worker = worker;
        return worker;
    }
}
exports.Jobs = Jobs;
//# sourceMappingURL=jobs.js.map