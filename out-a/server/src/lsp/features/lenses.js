"use strict";
// Code lenses over each `meta_schedule`: its kernels with their estimated time (opening the CUDA
// view) and its cases (opening the case discussion), both resolved only when on screen.
Object.defineProperty(exports, "__esModule", { value: true });
exports.lensesOf = lensesOf;
exports.resolveLens = resolveLens;
const node_1 = require("vscode-languageserver/node");
const constructs_1 = require("../../model/constructs");
const protocol_1 = require("../../../../shared/protocol");
const convert_1 = require("../convert");
const optimize_1 = require("../requests/optimize");
const schedules_1 = require("./schedules");
async function lensesOf(ctx, params, token) {
    const state = await ctx.stateOf(params.textDocument?.uri, token);
    return codeLenses(state, (0, schedules_1.schedules)(state));
}
async function resolveLens(ctx, lens, token) {
    const data = lens.data;
    if (!data || (data.kind !== 'cases' && data.kind !== 'cuda'))
        return lens;
    const state = await ctx.stateOf(data.uri, token);
    if (state.version !== data.version) {
        throw new node_1.ResponseError(node_1.LSPErrorCodes.ContentModified, 'the document changed since this lens was offered');
    }
    if (data.kind === 'cuda') {
        const estimate = (0, schedules_1.scheduleEstimate)(state, data, ctx.settings, true);
        return cudaLens(lens, data, (0, schedules_1.scheduleKernels)(state, data, ctx.settings), estimate, state.lines);
    }
    return casesLens(lens, data, await (0, optimize_1.optimization)(ctx, state, undefined, token), state.lines);
}
/** A lens's title when there is no result: the schedule's own errors, or where the file's first
 * error is when it lies outside the schedule (another function's error is not this schedule's). */
function errorsTitle(what, errors, data, lines, detail) {
    const own = errors.filter(d => d.severity === 'error' && d.start >= data.start && d.start < data.end);
    if (own.length)
        return `${what}: ${own.length} error${own.length === 1 ? '' : 's'} (${own[0].code})${detail ? `: ${own[0].message.split('\n')[0]}` : ''}`;
    const first = errors.find(d => d.severity === 'error');
    return first && `${what}: none while the file has an error at line ${lines.position(first.start).line + 1} (${first.code})`;
}
/** Two lenses over each schedule, both resolved only when on screen (a file may hold hundreds):
 * its kernels with their estimated time, which open the CUDA view (see `cudaLens`), and its
 * cases, which may run nvcc (see `casesLens`). */
function codeLenses(state, schedules) {
    return schedules.flatMap(c => {
        const range = (0, convert_1.rangeOf)(state.lines, c.head);
        const span = (0, constructs_1.constructSpan)(c);
        const data = (kind) => ({ kind, uri: state.uri, version: state.version, start: span.start, end: span.end });
        return [{ range, data: data('cuda') }, { range, data: data('cases') }];
    });
}
/** The resolved kernels lens: "Show CUDA: kernel0 (≈ 51 µs on H100)", or why there is no CUDA. */
function cudaLens(lens, data, result, estimate, lines) {
    const summary = result.schedules[0];
    const title = summary
        ? `Show CUDA: ${summary.kernels.map(k => k.name).join(', ')}${estimate ? ` (${estimate})` : ''}`
        : errorsTitle('CUDA', result.diagnostics, data, lines, false) ?? 'CUDA: no kernel';
    return { ...lens, command: { title, command: protocol_1.COMMANDS.showCuda, arguments: [data.uri] } };
}
/** The resolved cases lens of the schedule at `data`: "3 cases" (and the parameters left without
 * a kernel), or the error that stops its optimization; it opens the case discussion. */
function casesLens(lens, data, result, lines) {
    const schedule = result.schedules.find(s => s.start === data.start);
    let title;
    if (schedule) {
        const n = schedule.cases.length;
        const none = schedule.empty.map(e => e.constraints.join(', ')).join(' or ');
        title = `${n} case${n === 1 ? '' : 's'}${none ? ` (no kernel when ${none})` : ''}`;
    }
    else {
        title = errorsTitle('Cases', result.diagnostics, data, lines, true) ?? 'Cases: none';
    }
    return { ...lens, command: { title, command: protocol_1.COMMANDS.showCases, arguments: [data.uri] } };
}
//# sourceMappingURL=lenses.js.map