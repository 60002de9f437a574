// The dispatcher's estimate in C (optimize/dispatch.ts, run on the device to rank the cases) and
// the TypeScript cost model (cost/occupancy.ts and cost/warps.ts, MWP-CWP) must agree: the C
// functions, taken from the generated helper, are compiled and run on every GPU preset's limits
// and a grid of kernels, and compared with the model figure by figure.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { dispatcherView, limitsHelper } from '../../server/src/optimize/dispatch';
import { GPUS } from '../../server/src/cost/gpus';
import { occupancy } from '../../server/src/cost/occupancy';
import { warpEstimate } from '../../server/src/cost/warps';

const gxx = spawnSync('g++', ['--version']).status === 0 ? false : 'g++ not found';

test('mfEstimateCycles in the .cu computes what the TypeScript model computes, on every GPU preset', { skip: gxx }, () => {
  // Everything of the helper but the function that asks the CUDA runtime.
  const helper = limitsHelper().replace(/static mfDeviceLimits mfReadDeviceLimits\(void\)\n\{[^]*?\n\}\n/, '');
  assert.doesNotMatch(helper, /cudaGetDevice/);
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
  const built = spawnSync('g++', ['-std=c++17', '-o', path.join(dir, 'estimate'), path.join(dir, 'estimate.cpp')], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);

  const lines: string[] = [], expected: number[] = [], labels: string[] = [];
  for (const [preset, device] of Object.entries(GPUS)) {
    // The device's own limits, its architecture's constants (the K20c's are the GTX 670's, the H200's the H100's).
    const gpu = dispatcherView(device);
    for (const threads of [32, 100, 256, 1024]) for (const registers of [16, 40, 63]) for (const sharedBytes of [0, 3000, 24 * 1024]) {
      // Coalesced; mixed, a walked word among them; uncoalesced; every word walked.
      for (const [blocks, launches, ops, words, scattered, walked] of [[1, 1, 10, 2, 0, 0], [5000, 3, 240, 17, 5, 2], [123457, 10, 7, 3, 3, 0], [77, 2, 40, 9, 9, 9]]) {
        if (sharedBytes > gpu.maxSharedBytesPerBlock || registers > gpu.maxRegistersPerThread) continue;
        const active = occupancy(gpu, { threadsPerBlock: threads, registersPerThread: registers, sharedBytes }).activeBlocks;
        const w = warpEstimate(gpu, { blocks, threadsPerBlock: threads, activeBlocks: active, ops, words, scattered, walked });
        expected.push(active === 0 ? 1e300 : launches * w.cycles);
        labels.push(`${preset}: ${threads} threads, ${registers} registers, ${sharedBytes} B shared, ${blocks} blocks`);
        lines.push([gpu.computeCapability.split('.')[0], gpu.sms, gpu.maxWarpsPerSm, gpu.maxBlocksPerSm, gpu.registersPerSm, gpu.sharedBytesPerSm,
          gpu.sharedReservedPerBlock, launches, blocks, threads, registers, sharedBytes, ops, words, scattered, walked].join(' '));
      }
    }
  }
  const run = spawnSync(path.join(dir, 'estimate'), [], { input: lines.join('\n') + '\n', encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const got = run.stdout.trim().split('\n').map(Number);
  assert.equal(got.length, expected.length);
  got.forEach((g, i) => assert.ok(Math.abs(g - expected[i]) <= 1e-9 * Math.max(1, expected[i]), `${labels[i]}: C ${g}, TypeScript ${expected[i]}`));
  assert.ok(expected.length > 150, `${expected.length} cases`);
});
