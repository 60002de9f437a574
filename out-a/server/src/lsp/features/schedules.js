"use strict";
// The `meta_schedule`s of a version, and the kernels and estimate of one of them, which the
// hover and the code lens show: computed in-process from the analysed model, once per version
// and setting (the whole file's `.cu` is a worker's job: requests/cuda.ts).
Object.defineProperty(exports, "__esModule", { value: true });
exports.schedules = schedules;
exports.scheduleKernels = scheduleKernels;
exports.scheduleEstimate = scheduleEstimate;
const cuda_1 = require("../../cuda");
const index_1 = require("../../cost/index");
const format_1 = require("../../cost/format");
const gpus_1 = require("../../cost/gpus");
const settings_1 = require("../../../../shared/settings");
const documents_1 = require("../documents");
/** The `meta_schedule` constructs of a state, in file order. */
function schedules(state) {
    return (0, documents_1.derive)(state, 'schedules', () => (0, cuda_1.schedulesOf)(state.checked.model));
}
/** The kernels of one schedule in the configured memory mode. */
function scheduleKernels(state, schedule, settings) {
    const memory = settings.cuda.memory;
    return (0, documents_1.derive)(state, `cuda:${memory}:${schedule.start}`, () => (0, cuda_1.cudaFromModel)(state.checked.model, state.checked.diagnostics, {
        fileName: (0, documents_1.pathOf)(state.uri), memory, only: schedule,
    }));
}
/** A schedule's estimate on the configured GPU, in a sentence (`short`: the time alone). */
function scheduleEstimate(state, schedule, settings, short = false) {
    const { memory, gpu, values } = settings.cuda;
    const estimate = (0, documents_1.derive)(state, `cost:${memory}:${gpu}:${values.join(',')}:${schedule.start}`, () => (0, index_1.estimateFromModel)(state.checked.model, state.checked.diagnostics, {
        fileName: (0, documents_1.pathOf)(state.uri), memory, gpu, offset: schedule.start, set: (0, settings_1.estimateValues)(settings),
    }).schedules[0]);
    return estimate && (0, format_1.estimateSummary)(gpus_1.GPUS[gpu], estimate, short);
}
//# sourceMappingURL=schedules.js.map