"use strict";
// The dispatcher's estimate in C (optimize/dispatch.ts, run on the device to rank the cases) and
// the TypeScript cost model (cost/occupancy.ts and cost/warps.ts, MWP-CWP) must agree: the C
// functions, taken from the generated helper, are compiled and run on every GPU preset's limits
// and a grid of kernels, and compared with the model figure by figure.
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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const dispatch_1 = require("../../server/src/optimize/dispatch");
const gpus_1 = require("../../server/src/cost/gpus");
const occupancy_1 = require("../../server/src/cost/occupancy");
const warps_1 = require("../../server/src/cost/warps");
const gxx = (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'g++ not found';
(0, node_test_1.test)('mfEstimateCycles in the .cu computes what the TypeScript model computes, on every GPU preset', { skip: gxx }, () => {
    // Everything of the helper but the function that asks the CUDA runtime.
    const helper = (0, dispatch_1.limitsHelper)().replace(/static mfDeviceLimits mfReadDeviceLimits\(void\)\n\{[^]*?\n\}\n/, '');
    strict_1.default.doesNotMatch(helper, /cudaGetDevice/);
    const program = `#include <stdio.h>
${helper}
int main(void) {
  int major; double sms, warps, blocks_sm, regs, shared, reserved, launches, blocks, threads, registers, bytes, ops, words, scattered, walked;
  while (scanf("%d %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf", &major, &sms, &warps, &blocks_sm, &regs, &shared, &reserved,
               &launches, &blocks, &threads, &registers, &bytes, &ops, &words, &scattered, &walked) == 16) {
    mfDeviceLimits d = { 0, 0, 0, sms, warps, blocks_sm, regs, shared, reserved, 0, 0, 0, 0, 0, 0, 0, 0 };
    mfArchitecture(major, &d);
    printf("%.17g\\n", mfEstimateCycles(&d, launches, blocks, threads, registers, bytes, ops, words, scattered, walked));
  }
  return 0;
}
`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-estimate-'));
    fs.writeFileSync(path.join(dir, 'estimate.cpp'), program);
    const built = (0, child_process_1.spawnSync)('g++', ['-std=c++17', '-o', path.join(dir, 'estimate'), path.join(dir, 'estimate.cpp')], { encoding: 'utf8' });
    strict_1.default.equal(built.status, 0, built.stderr);
    const lines = [], expected = [], labels = [];
    for (const [preset, device] of Object.entries(gpus_1.GPUS)) {
        // The device's own limits, its architecture's constants (the K20c's are the GTX 670's, the H200's the H100's).
        const gpu = (0, dispatch_1.dispatcherView)(device);
        for (const threads of [32, 100, 256, 1024])
            for (const registers of [16, 40, 63])
                for (const sharedBytes of [0, 3000, 24 * 1024]) {
                    // Coalesced; mixed, a walked word among them; uncoalesced; every word walked.
                    for (const [blocks, launches, ops, words, scattered, walked] of [[1, 1, 10, 2, 0, 0], [5000, 3, 240, 17, 5, 2], [123457, 10, 7, 3, 3, 0], [77, 2, 40, 9, 9, 9]]) {
                        if (sharedBytes > gpu.maxSharedBytesPerBlock || registers > gpu.maxRegistersPerThread)
                            continue;
                        const active = (0, occupancy_1.occupancy)(gpu, { threadsPerBlock: threads, registersPerThread: registers, sharedBytes }).activeBlocks;
                        const w = (0, warps_1.warpEstimate)(gpu, { blocks, threadsPerBlock: threads, activeBlocks: active, ops, words, scattered, walked });
                        expected.push(active === 0 ? 1e300 : launches * w.cycles);
                        labels.push(`${preset}: ${threads} threads, ${registers} registers, ${sharedBytes} B shared, ${blocks} blocks`);
                        lines.push([gpu.computeCapability.split('.')[0], gpu.sms, gpu.maxWarpsPerSm, gpu.maxBlocksPerSm, gpu.registersPerSm, gpu.sharedBytesPerSm,
                            gpu.sharedReservedPerBlock, launches, blocks, threads, registers, sharedBytes, ops, words, scattered, walked].join(' '));
                    }
                }
    }
    const run = (0, child_process_1.spawnSync)(path.join(dir, 'estimate'), [], { input: lines.join('\n') + '\n', encoding: 'utf8' });
    strict_1.default.equal(run.status, 0, run.stderr);
    const got = run.stdout.trim().split('\n').map(Number);
    strict_1.default.equal(got.length, expected.length);
    got.forEach((g, i) => strict_1.default.ok(Math.abs(g - expected[i]) <= 1e-9 * Math.max(1, expected[i]), `${labels[i]}: C ${g}, TypeScript ${expected[i]}`));
    strict_1.default.ok(expected.length > 150, `${expected.length} cases`);
});
//# sourceMappingURL=dispatch-estimate.test.js.map