"use strict";
// Times translations of one text in a thread of its own, as the server runs them (lsp/worker): its
// heap is the translation's alone, not the bench's after everything measured before it.
Object.defineProperty(exports, "__esModule", { value: true });
const worker_threads_1 = require("worker_threads");
const index_1 = require("../../server/src/translate/index");
const prepared_1 = require("../../server/src/lsp/prepared");
async function time({ text, to, checked, runs, prepared, fileName = 'big.mfc' }) {
    // Unchecked, as `metafork translate` runs it: the input checked first, and the output after. Made
    // ahead (prepared), the output is checked too, as the server's worker does.
    const options = { fileName, checked, verify: !checked || !!prepared };
    const version = prepared
        ? await new prepared_1.PreparedDocument().version({ uri: `file:///${fileName}`, fileName, flags: 'null' }, 0, text, options)
        : undefined;
    const translate = () => (version ? Promise.resolve((0, index_1.translateDocument)(version, to, options)) : (0, index_1.translateText)(text, to, options));
    // One run first: the first of a size compiles what the others run. A refusal is no timing of a translation.
    const first = await translate();
    if (first.text === undefined)
        throw new Error(`${fileName} to ${to} is refused: ${first.diagnostics[0]?.message}`);
    const samples = [];
    for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await translate();
        samples.push(performance.now() - t0);
    }
    return samples;
}
if (worker_threads_1.parentPort && worker_threads_1.workerData)
    void time(worker_threads_1.workerData).then(samples => worker_threads_1.parentPort.postMessage(samples));
//# sourceMappingURL=translation-worker.js.map