"use strict";
// `metafork/analyze`: the cost model of every schedule of the document, or of the one at a
// position, on a GPU preset (default: the setting), in the worker.
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
exports.analyze = analyze;
exports.requestedGpu = requestedGpu;
const path = __importStar(require("path"));
const node_1 = require("vscode-languageserver/node");
const settings_1 = require("../../../../shared/settings");
const format_1 = require("../../cost/format");
const documents_1 = require("../documents");
const convert_1 = require("../convert");
async function analyze(ctx, params, token) {
    const state = await ctx.stateOf(params?.textDocument?.uri, token);
    const gpu = requestedGpu(ctx, params.gpu);
    const set = { ...(0, settings_1.estimateValues)(ctx.settings), ...(params.set ?? {}) };
    if (typeof set !== 'object' || Object.values(set).some(v => typeof v !== 'number' || !Number.isFinite(v))) {
        throw new node_1.ResponseError(node_1.ErrorCodes.InvalidParams, "'set' must map names to numbers");
    }
    const offset = params.position === undefined ? undefined : (0, convert_1.offsetOf)(state.lines, params.position);
    const memory = ctx.settings.cuda.memory;
    const asked = { fileName: (0, documents_1.pathOf)(state.uri), gpu, set, memory, ...(offset === undefined ? {} : { offset }) };
    const work = { kind: 'analyze', text: state.text, options: { ...asked, flags: (0, documents_1.flagsOf)(state) } };
    const result = await ctx.job(state, `analyze:${JSON.stringify(asked)}`, work, token);
    const name = path.basename((0, documents_1.pathOf)(state.uri) ?? state.uri);
    return {
        version: state.version,
        ...(result.schedules.length ? { text: result.schedules.map(s => (0, format_1.formatSchedule)(name, result, s)).join('\n') } : {}),
        gpu: { name: result.gpu.name, sms: result.gpu.sms, clockMHz: result.gpu.clockMHz },
        diagnostics: (0, convert_1.lspDiagnostics)(result.diagnostics, state.lines),
        schedules: result.schedules.map(({ start, end, line: _line, ...s }) => ({
            range: (0, convert_1.rangeOf)(state.lines, { start, end }), ...s, kernels: s.kernels.map(k => ({ ...k, at: { ...k.at } })),
        })),
    };
}
/** The GPU a request names, else the configured one; an LSP error for one not among the presets. */
function requestedGpu(ctx, gpu) {
    const chosen = gpu ?? ctx.settings.cuda.gpu;
    const problem = (0, settings_1.settingProblem)('cuda.gpu', chosen, "'gpu'");
    if (problem)
        throw new node_1.ResponseError(node_1.ErrorCodes.InvalidParams, problem);
    return chosen;
}
//# sourceMappingURL=analyze.js.map