// Whole-file jobs (translations, the `.cu` of a file) for the server, run one at a time in a
// worker thread (dist/worker.js beside the bundled server). Requests for the same result share one job; a job nobody waits for any
// more is dropped, or stopped by terminating the worker; a job past its time limit is stopped too.
// Work done ahead of a request (a document prepared, translations made while the user reads) waits
// behind every request, and becomes one when a request asks for its result.
// Where the worker bundle is absent (the server run from compiled sources), jobs run in-process.

import { existsSync } from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import type { CancellationToken } from 'vscode-languageserver';
import { perform } from './worker';
import type { Job as WorkerJob, Reply, Result, Work } from './worker';

export class Cancelled extends Error { constructor() { super('cancelled'); } }
export class Overdue extends Error {
  constructor(seconds: number) {
    super(`the job took longer than ${seconds} s and was stopped`);
  }
}

interface Job {
  key: string;
  job: WorkerJob;
  waiters: Set<{ resolve: (t: any) => void; reject: (e: Error) => void }>;
  started?: number;
  /** Done ahead of any request: queued behind every request's job. */
  ahead: boolean;
}

export class Jobs {
  private worker?: Worker;
  private readonly queue: Job[] = [];
  private readonly pending = new Map<string, Job>();
  private running?: Job;
  private nextId = 1;
  private timer?: NodeJS.Timeout;
  private readonly workerPath = path.join(__dirname, 'worker.js');
  private readonly inProcess = !existsSync(this.workerPath);

  /** `trace`: told of each job done, what and how long (the LSP trace, when the client turns it on). */
  constructor(private readonly limitSeconds = 20, private readonly trace?: (message: string) => void) {}

  /** Whether jobs run off the server's thread (work done ahead of a request is then free for it). */
  get inWorker(): boolean { return !this.inProcess; }

  /** Whether a job would find its worker running (or jobs run in-process): one that only tidies the
   * worker's state is not worth starting one for. */
  get started(): boolean { return this.inProcess || !!this.worker; }

  /** `key` names the result (document, version, what and how): equal keys share a job. `ahead`: no
   * request waits for it yet. */
  run<W extends Work>(key: string, work: W, token?: CancellationToken, ahead = false): Promise<Result<W>> {
    if (this.inProcess) return perform(work) as Promise<Result<W>>;
    let job = this.pending.get(key);
    if (!job) {
      const created: Job = { key, job: { id: this.nextId++, work }, waiters: new Set(), ahead };
      this.pending.set(key, created);
      this.queue.push(created);
      job = created;
    } else if (!ahead && job.ahead) {
      // Asked for now: queued as the latest request.
      job.ahead = false;
      const i = this.queue.indexOf(job);
      if (i >= 0) this.queue.push(...this.queue.splice(i, 1));
    }
    return this.wait<Result<W>>(job, token).finally(() => {
      if (this.pending.get(key) === job && job.waiters.size === 0) this.pending.delete(key);
    });
  }

  /** Another request for a job already under way. */
  private wait<T>(job: Job, token?: CancellationToken): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiter = { resolve, reject };
      job.waiters.add(waiter);
      token?.onCancellationRequested(() => {
        if (!job.waiters.delete(waiter)) return;
        reject(new Cancelled());
        if (job.waiters.size === 0) this.drop(job);
      });
      this.pump();
    });
  }

  /** Drops the queued work done ahead whose key starts with `prefix` (for a version of a document
   * that changed since); one running goes on. */
  dropAhead(prefix: string): void {
    for (const [key, job] of this.pending) {
      const i = this.queue.indexOf(job);
      if (!job.ahead || i < 0 || !key.startsWith(prefix)) continue;
      this.queue.splice(i, 1);
      this.pending.delete(key);
      const waiters = [...job.waiters];
      job.waiters.clear();
      for (const w of waiters) w.reject(new Cancelled());
    }
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = undefined;
    clearTimeout(this.timer);
  }

  private drop(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i >= 0) { this.queue.splice(i, 1); return; }
    if (this.running === job) this.restart();
  }

  private restart(): void {
    this.dispose();
    this.running = undefined;
    this.pump();
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const request = this.queue.findIndex(j => !j.ahead);
    const [job] = this.queue.splice(Math.max(request, 0), 1);
    this.running = job;
    job.started = Date.now();
    const worker = this.ensureWorker();
    worker.postMessage(job.job);
    this.timer = setTimeout(() => {
      if (this.running !== job) return;
      const waiters = [...job.waiters];
      job.waiters.clear();
      for (const w of waiters) w.reject(new Overdue(this.limitSeconds));
      this.restart();
    }, this.limitSeconds * 1000);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerPath);
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const job = this.running;
      if (!job || job.job.id !== reply.id) return;
      clearTimeout(this.timer);
      this.running = undefined;
      const ms = Date.now() - job.started!;
      this.trace?.(`job ${job.key}: ${'error' in reply ? 'failed' : 'done'} in ${ms} ms${job.ahead ? ', ahead of any request' : ''}`);
      const waiters = [...job.waiters];
      job.waiters.clear();
      for (const w of waiters) 'result' in reply ? w.resolve(reply.result) : w.reject(new Error(reply.error));
      this.pump();
    });
    worker.on('error', e => {
      const job = this.running;
      if (this.worker === worker) this.worker = undefined;
      const waiters = job ? [...job.waiters] : [];
      job?.waiters.clear();
      for (const w of waiters) w.reject(e);
      this.running = undefined;
      this.pump();
    });
    this.worker = worker;
    return worker;
  }
}
