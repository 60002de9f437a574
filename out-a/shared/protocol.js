"use strict";
// The custom requests of the MetaFork language server, shared by the server, the VS Code client
// and the tests. Every request names a document the client has opened; the server answers for
// the text it holds (the latest version it was sent) and says which version that was.
Object.defineProperty(exports, "__esModule", { value: true });
exports.TRANSLATION_SCHEME = exports.CASES_SCHEME = exports.CUDA_SCHEME = exports.COMMANDS = exports.PLOT_REQUEST = exports.ANALYZE_REQUEST = exports.STEP_NAMES = exports.OPTIMIZE_REQUEST = exports.CUDA_REQUEST = exports.INACTIVE_REGIONS_NOTIFICATION = exports.DIALECTS_REQUEST = exports.TRANSLATE_REQUEST = void 0;
/** `metafork/translate`: the document, or the construct at `position`, in another dialect. */
exports.TRANSLATE_REQUEST = 'metafork/translate';
/** `metafork/dialects`: the dialects whose constructs the document holds (the translation pick
 * leaves out a translation to a file's only dialect). */
exports.DIALECTS_REQUEST = 'metafork/dialects';
/** `metafork/inactiveRegions` (server -> client, after each check): the lines of the document an
 * `#if` leaves out, to be shown inactive as clangd shows them. */
exports.INACTIVE_REGIONS_NOTIFICATION = 'metafork/inactiveRegions';
/** `metafork/cuda`: the `.cu` file for the document's `meta_schedule`s. */
exports.CUDA_REQUEST = 'metafork/cuda';
/** `metafork/optimize`: the comprehensive optimization of every schedule of the document, or of
 * the one at `position`: the case discussion as text (what `metafork optimize` prints), each
 * schedule's cases, and the `.cu` with the dispatcher. */
exports.OPTIMIZE_REQUEST = 'metafork/optimize';
exports.STEP_NAMES = {
    '1': 'Accept register pressure',
    '2': 'CSE applied',
    '3a': 'No granularity reduction',
    '3b': 'Granularity set to 1',
    '4a': 'Accept caching',
    '4b': 'Refuse caching',
};
/** `metafork/analyze`: the cost model of every schedule of the document, or of the one at
 * `position`, on a GPU preset (default: the `metafork.cuda.gpu` setting): per kernel the counts,
 * the many-core machine measures and the occupancy; the estimate; the estimate by block size. */
exports.ANALYZE_REQUEST = 'metafork/analyze';
/** `metafork/plot`: for the schedule at `position`, each case's estimated time against the block
 * size on a GPU preset (default: the setting), which points the case's constraints allow there,
 * and the fastest of those (the editor's plot). */
exports.PLOT_REQUEST = 'metafork/plot';
/** Client-side command identifiers (the code lens and the code actions name them). */
exports.COMMANDS = {
    translateToMetafork: 'metafork.translateToMetafork',
    translateToOpenmp: 'metafork.translateToOpenmp',
    translateToCilkplus: 'metafork.translateToCilkplus',
    /** Argument: the source document's URI (string); without it, the active editor's. */
    showCuda: 'metafork.showCuda',
    /** Arguments: the source URI and the dialect; without them, the active editor and a pick. */
    showTranslation: 'metafork.showTranslation',
    /** Argument: the source URI; without it, the active editor's. The live case discussion. */
    showCases: 'metafork.showCases',
    /** Arguments: the source URI and the target file URI; without them, the active editor and a
     * save dialog. Writes the `.cu` with every case and the dispatcher. */
    saveOptimizedCuda: 'metafork.saveOptimizedCuda',
    /** The plot of estimated time against block size for the schedule under the cursor. */
    showPlot: 'metafork.showPlot',
    /** Stops the language server and starts it again (the views render again). */
    restartServer: 'metafork.restartServer',
    /** The MetaFork output channel: the server's log and every message the commands showed. */
    showOutput: 'metafork.showOutput',
    /** Arguments (optional): the source URI, a name, a value. Sets `metafork.cuda.values`. */
    setEstimateValue: 'metafork.setEstimateValue',
};
/** Schemes of the live read-only views: `metafork-cuda:/<path>.cu?<source uri, encoded>` and
 * `metafork-translation:/<path>.<dialect>.c?<source uri, encoded>` (`.cpp` for a C++ source). */
exports.CUDA_SCHEME = 'metafork-cuda';
/** `metafork-cases:/<path>.cases?<source uri, encoded>`: the case discussion of every schedule. */
exports.CASES_SCHEME = 'metafork-cases';
exports.TRANSLATION_SCHEME = 'metafork-translation';
//# sourceMappingURL=protocol.js.map