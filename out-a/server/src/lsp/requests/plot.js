"use strict";
// `metafork/plot`: for the schedule at a position, each case's estimated time by block size on
// a GPU preset, the points its constraints allow, and the fastest (the editor's plot).
Object.defineProperty(exports, "__esModule", { value: true });
exports.plot = plot;
const constructs_1 = require("../../model/constructs");
const documents_1 = require("../documents");
const convert_1 = require("../convert");
const schedules_1 = require("../features/schedules");
const analyze_1 = require("./analyze");
const settings_1 = require("../../../../shared/settings");
async function plot(ctx, params, token) {
    const state = await ctx.stateOf(params?.textDocument?.uri, token);
    const gpu = (0, analyze_1.requestedGpu)(ctx, params.gpu);
    const offset = (0, convert_1.offsetOf)(state.lines, params.position);
    // One plot per schedule and version: the cursor moving inside it asks for the same job.
    const at = (0, schedules_1.schedules)(state).map(constructs_1.constructSpan).find(s => s.start <= offset && offset <= s.end);
    const set = (0, settings_1.estimateValues)(ctx.settings);
    const options = { fileName: (0, documents_1.pathOf)(state.uri), flags: (0, documents_1.flagsOf)(state), offset: at?.start ?? offset, gpu, set };
    const work = { kind: 'plot', text: state.text, options };
    const result = await ctx.job(state, `plot:${gpu}:${ctx.settings.cuda.values.join(',')}:${options.offset}`, work, token);
    return {
        version: state.version, gpu: result.gpu,
        ...(result.cases.length ? { range: (0, convert_1.rangeOf)(state.lines, { start: result.start, end: result.end }) } : {}),
        blockParameters: result.blockParameters, values: result.values, assumed: result.assumed,
        cases: result.cases.map(c => ({
            ...c,
            points: c.points.map(p => ({ ...p, microseconds: Number.isFinite(p.microseconds) ? p.microseconds : null })),
        })),
        ...(result.chosen ? { chosen: result.chosen } : {}),
        diagnostics: (0, convert_1.lspDiagnostics)(result.diagnostics, state.lines),
    };
}
//# sourceMappingURL=plot.js.map