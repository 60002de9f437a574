"use strict";
// The tiling fuzzer (tiling.ts) over a bounded seed range: random affine loop nests through
// `tile` -> `cuda` (global and shared memory) -> the race-checked, shuffled emulation against
// gcc -O2, at sizes no block size divides. METAFORK_FUZZ_SEEDS=A-B runs another range (the soak:
// `npm run soak:tile`); each failure names its seed and the files written for replay.
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
const tiling_1 = require("./tiling");
const seeds_1 = require("./seeds");
const affine_1 = require("./affine");
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 && (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
// The bounded range: each seed through the default configuration and one other in turn. A range
// given in the environment (the soak) takes every configuration.
const given = process.env.METAFORK_FUZZ_SEEDS;
const { from, to } = (0, seeds_1.seedRange)(given ?? '0-19');
(0, node_test_1.test)('the generator is deterministic and writes each kind of nest', () => {
    strict_1.default.equal((0, affine_1.generateProgram)(7).text, (0, affine_1.generateProgram)(7).text);
    strict_1.default.notEqual((0, affine_1.generateProgram)(7).text, (0, affine_1.generateProgram)(8).text);
    const kinds = new Set(Array.from({ length: 40 }, (_, s) => (0, affine_1.generateProgram)(s).nests.map(n => n.kind)).flat());
    strict_1.default.deepEqual([...kinds].sort(), ['host', 'map', 'near', 'parallel', 'recurrence', 'reduction']);
    strict_1.default.ok(Array.from({ length: 40 }, (_, s) => (0, affine_1.generateProgram)(s)).some(p => p.openmp));
});
(0, node_test_1.test)(`seeds ${from}-${to}: every tiling computes what gcc -O2 computes, races nowhere, and leaves every known recurrence serial`, { skip: gcc }, async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-fuzz-tile-'));
    const r = await (0, tiling_1.fuzzTile)(from, to, { work, concurrency: 2, rotate: !given });
    const report = r.failures.map(f => `seed ${f.seed} [${f.config}] ${f.kind}: ${f.message}\n  replay: ${f.files.join(' ')}`).join('\n');
    console.log(`tile fuzzer: ${r.checked} programs checked, ${r.tiled} nests tiled (${r.hostLoops} from a host loop, ${r.wavefronts} wavefronts), ${r.serial} serial (${r.parallelLeftSerial} known parallel), ${r.sharedRefusals} shared-memory refusals, ${r.wrong} wrong`);
    strict_1.default.equal(r.checked, to - from + 1);
    strict_1.default.equal(r.wrong, 0, report);
    // Something was tiled: a fuzzer whose programs all stay serial checks nothing.
    strict_1.default.ok(r.tiled > 0, 'no nest was tiled');
    fs.rmSync(work, { recursive: true, force: true });
});
(0, node_test_1.test)('the checker reports a loop it was told carries a dependence when the tiler makes it parallel', { skip: gcc }, async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-fuzz-tile-check-'));
    const text = `#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 37;
  long a[4 * n + 64];
  for (int i0 = 0; i0 < n; i0++)
    a[i0] = i0 % 1009;
  long long sum = 0;
  for (int q = 0; q < n; q++)
    sum += (q % 7 + 1) * a[q];
  printf("a: %lld\\n", sum);
  return 0;
}
`;
    const header = 'for (int i0 = 0; i0 < n; i0++)';
    const planted = { seed: 0, text, arrays: [], openmp: false, nests: [{ kind: 'recurrence', carried: 'i0', carriedHeader: header, omp: false, line: 8, text: '' }] };
    const result = { checked: 0, tiled: 0, serial: 0, parallelLeftSerial: 0, hostLoops: 0, wavefronts: 0, sharedRefusals: 0, wrong: 0, failures: [] };
    const failures = await (0, tiling_1.checkProgram)(planted, { work, configs: [tiling_1.CONFIGS[0]], sizes: ['37'] }, result);
    strict_1.default.deepEqual(failures.map(f => [f.kind, f.message]), [['recurrence', "the loop 'i0' (line 8) carries a dependence but was made parallel"]]);
    fs.rmSync(work, { recursive: true, force: true });
});
//# sourceMappingURL=tiling.test.js.map