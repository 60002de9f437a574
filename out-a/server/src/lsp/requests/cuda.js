"use strict";
// `metafork/cuda`: the `.cu` file of the document's `meta_schedule`s, in the worker.
Object.defineProperty(exports, "__esModule", { value: true });
exports.cuda = cuda;
const node_1 = require("vscode-languageserver/node");
const settings_1 = require("../../../../shared/settings");
const documents_1 = require("../documents");
const convert_1 = require("../convert");
async function cuda(ctx, params, token) {
    const state = await ctx.stateOf(params?.textDocument?.uri, token);
    const memory = params.memory ?? ctx.settings.cuda.memory;
    const problem = (0, settings_1.settingProblem)('cuda.memory', memory, "'memory'");
    if (problem)
        throw new node_1.ResponseError(node_1.ErrorCodes.InvalidParams, problem);
    const options = { fileName: (0, documents_1.pathOf)(state.uri), flags: (0, documents_1.flagsOf)(state), memory };
    const result = await ctx.job(state, `cuda:${memory}`, { kind: 'cuda', text: state.text, options }, token);
    return {
        version: state.version, ...(result.text === undefined ? {} : { text: result.text }),
        diagnostics: (0, convert_1.lspDiagnostics)(result.diagnostics, state.lines), kernels: result.kernels, tiles: result.tiles,
        schedules: result.schedules.map(s => ({
            range: (0, convert_1.rangeOf)(state.lines, s),
            kernels: s.kernels.map(k => ({ name: k.name, source: k.source, launch: k.launch, grid: k.grid, block: k.block })),
        })),
    };
}
//# sourceMappingURL=cuda.js.map