"use strict";
// The worker for whole-file jobs: translations re-parse the text between stages, and the `.cu`
// of a whole file reads every function; on a large file either takes long enough to delay
// diagnostics, so the server runs them here, off its own thread. A cancelled or overdue job is
// stopped by terminating this worker. Jobs come with the document's compile flags (plain data);
// the worker reads headers from the disk. It keeps the document it last worked on parsed (prepared.ts).
Object.defineProperty(exports, "__esModule", { value: true });
exports.perform = perform;
const worker_threads_1 = require("worker_threads");
const translate_1 = require("../translate");
const cuda_1 = require("../cuda");
const index_1 = require("../optimize/index");
const index_2 = require("../cost/index");
const plot_1 = require("../optimize/plot");
const index_3 = require("../tile/index");
const files_1 = require("../preprocess/files");
const prepared_1 = require("./prepared");
const prepared = new prepared_1.PreparedDocument();
async function perform(work) {
    if (work.kind === 'forget') {
        prepared.forget(work.uri);
        return null;
    }
    const files = (0, files_1.diskHeaders)();
    if (work.kind === 'prepare' || (work.kind === 'translate' && work.document)) {
        const { uri, analysis } = work.document;
        const options = { ...work.options, files };
        const key = { uri, fileName: options.fileName, flags: JSON.stringify(options.flags ?? null) };
        const version = await prepared.version(key, analysis, work.text, options);
        return work.kind === 'prepare' ? null : (0, translate_1.translateDocument)(version, work.to, options);
    }
    if (work.kind === 'translate')
        return (0, translate_1.translateText)(work.text, work.to, { ...work.options, files });
    if (work.kind === 'cuda')
        return (0, cuda_1.generateCuda)(work.text, { ...work.options, files });
    if (work.kind === 'analyze')
        return (0, index_2.estimateCost)(work.text, { ...work.options, files });
    if (work.kind === 'plot')
        return (0, plot_1.plotData)(work.text, { ...work.options, files });
    if (work.kind === 'tile')
        return (0, index_3.tileText)(work.text, { ...work.options, files });
    return (0, index_1.optimizeText)(work.text, { ...work.options, files });
}
worker_threads_1.parentPort?.on('message', async (job) => {
    let reply;
    try {
        reply = { id: job.id, result: await perform(job.work) };
    }
    catch (e) {
        reply = { id: job.id, error: e.stack ?? String(e) };
    }
    worker_threads_1.parentPort.postMessage(reply);
});
//# sourceMappingURL=worker.js.map