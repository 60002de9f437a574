"use strict";
// The worker thread that runs z3 (the `z3-solver` WASM build) for ./solver.ts, which starts it,
// gives it one system at a time and terminates it when a system takes too long.
// It loads z3 once, then checks each system with a fresh Solver under z3's own `timeout`, one
// after another (z3-solver allows one asynchronous call at a time).
// `z3-solver` is required at run time, from node_modules (the bundle marks it external: its
// Emscripten glue loads z3-built.js/.wasm and starts its pthread workers from its own folder).
//
// Messages: in `Request`; out `Message` (first `ready` or `unavailable`, then one `answer` per request).
Object.defineProperty(exports, "__esModule", { value: true });
const worker_threads_1 = require("worker_threads");
const port = worker_threads_1.parentPort;
if (port) {
    const post = (m) => port.postMessage(m);
    const started = Date.now();
    const ready = start().then(ctx => {
        post({ type: 'ready', startMs: Date.now() - started });
        return ctx;
    }, (e) => {
        post({ type: 'unavailable', reason: `z3-solver not available: ${message(e).split('\n')[0]}` });
        return undefined;
    });
    // One system at a time, in the order they came.
    let queue = ready;
    port.on('message', (request) => {
        queue = queue.then(async () => {
            const ctx = await ready;
            post(ctx
                ? await decide(ctx, request)
                : { type: 'answer', id: request.id, verdict: 'unknown', reason: 'z3-solver not available' });
        });
    });
}
async function start() {
    const z3 = require('z3-solver');
    const { Context } = await z3.init();
    return new Context('metafork');
}
async function decide(ctx, request) {
    const { id } = request;
    const solver = new ctx.Solver();
    try {
        solver.set('timeout', request.timeoutMs);
        try {
            solver.fromString(request.smt);
        }
        catch (e) {
            return { type: 'answer', id, verdict: 'unknown', reason: `bad system: ${message(e)}` };
        }
        const verdict = await solver.check();
        if (verdict === 'unknown')
            return { type: 'answer', id, verdict, reason: `z3: ${solver.reasonUnknown() || 'unknown'}` };
        if (verdict === 'unsat')
            return { type: 'answer', id, verdict };
        const model = solver.model();
        const values = {};
        for (const name of request.names) {
            const value = model.eval(ctx.Int.const(name), true);
            values[name] = ctx.isIntVal(value) ? value.value().toString() : value.toString();
        }
        model.release();
        return { type: 'answer', id, verdict, model: values };
    }
    catch (e) {
        return { type: 'answer', id, verdict: 'unknown', reason: `z3 failed: ${message(e)}`, fatal: true };
    }
    finally {
        try {
            solver.release();
        }
        catch { /* already gone with a failed z3 */ }
    }
}
function message(e) {
    const text = e instanceof Error ? e.message : String(e);
    // z3's errors read `(error "line 1 column 5: unknown constant y")`.
    const m = /^\(error "(.*)"\)\s*$/s.exec(text);
    return m ? m[1] : text;
}
//# sourceMappingURL=z3worker.js.map