"use strict";
// `metafork/optimize`: the comprehensive optimization of every schedule of the document, or of
// the one at a position: the case discussion, each schedule's cases, the `.cu` with the dispatcher.
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
exports.optimize = optimize;
exports.optimization = optimization;
const path = __importStar(require("path"));
const format_1 = require("../../optimize/format");
const documents_1 = require("../documents");
const convert_1 = require("../convert");
async function optimize(ctx, params, token) {
    const state = await ctx.stateOf(params?.textDocument?.uri, token);
    const offset = params.position === undefined ? undefined : (0, convert_1.offsetOf)(state.lines, params.position);
    const result = await optimization(ctx, state, offset, token);
    // The discussion names the file as people see it in the editor's tab.
    const name = path.basename((0, documents_1.pathOf)(state.uri) ?? state.uri);
    return {
        version: state.version,
        ...(result.schedules.length ? { text: result.schedules.map(s => (0, format_1.formatCaseDiscussion)(name, s)).join('\n') } : {}),
        ...(result.cuda === undefined ? {} : { cuda: result.cuda }),
        diagnostics: (0, convert_1.lspDiagnostics)([...result.diagnostics, ...result.schedules.flatMap(s => s.notes)], state.lines),
        schedules: result.schedules.map(s => ({
            range: (0, convert_1.rangeOf)(state.lines, s),
            cases: s.cases.map(c => ({
                index: c.index, summary: c.summary,
                constraints: c.systems.map(x => x.constraints), strategies: c.systems.map(x => x.strategies),
                registers: c.registers, registersBy: (0, format_1.registersSource)(c.registersBy), sharedWords: c.sharedWords, metafork: c.metafork, kernels: c.kernels,
            })),
            empty: s.empty.map(e => e.constraints),
            milliseconds: s.milliseconds,
        })),
    };
}
/** The optimization of a version (every schedule, or the one at `offset`), in the worker; the
 * cases lens shares it. Registers come from the configured nvcc only, never one found on the
 * PATH (an untrusted workspace's settings must not pick the program run); without one, from the
 * counts nvcc took before (the command line's, cached by device code), else the estimate. */
function optimization(ctx, state, offset, token) {
    const nvcc = ctx.settings.cuda.nvccPath;
    const registers = nvcc ? { nvcc } : 'cached';
    const options = {
        fileName: (0, documents_1.pathOf)(state.uri), flags: (0, documents_1.flagsOf)(state), registers, ...(offset === undefined ? {} : { offset }),
    };
    return ctx.job(state, `optimize:${offset ?? ''}:${nvcc}`, { kind: 'optimize', text: state.text, options }, token);
}
//# sourceMappingURL=optimize.js.map