"use strict";
// What the tiling fuzzer (test/fuzz/tiling.ts) found, minimised into fixtures
// (test/fixtures/tile/fuzz): each program's marked nest is tiled, generated in the memory mode
// that showed the failure, built for the emulation and run against gcc -O2 at sizes where it
// failed (small n: loops that run no iteration).
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
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/tile/index");
const emulate_1 = require("./emulate");
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-fuzzfound-'));
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 && (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
async function tiledRun(file, options, memory, sizes) {
    const text = fs.readFileSync((0, helpers_1.fixture)('tile', 'fuzz', file), 'utf8');
    const offset = text.indexOf('for', text.indexOf('/* kernel begin */'));
    const tiled = await (0, index_1.tileText)(text, { fileName: file, offset, ...options });
    strict_1.default.ok(tiled.text, tiled.diagnostics.map(d => `${d.code} ${d.message}`).join('\n'));
    strict_1.default.deepEqual(tiled.nests.map(n => n.tiled), [true]);
    return (0, emulate_1.sameAsGcc)(work, `${path.basename(file, '.c')}-${memory}`, text, tiled.text, sizes, { flags: ['-O2'], memory, what: `${file} (${memory})` });
}
(0, node_test_1.test)('a pointer\'s footprint over a loop that runs no iteration transfers 0 elements, not a negative count', { skip: gcc }, async () => {
    const cu = await tiledRun('empty-footprint.c', {}, 'global', ['1', '0', '3', '4', '37']);
    strict_1.default.match(cu, /cudaMalloc\(\(void \*\*\) &mf_dev_a, sizeof\(long\) \* \(\(n - 2\) > \(0\) \? \(n - 2\) : \(0\)\)\)\);/);
});
(0, node_test_1.test)('a kernel receives the sizes its arrays\' extents name, though its own text does not (row length, staged tile guard)', { skip: gcc }, async () => {
    const configs = [[{}, 'global'], [{ block: [5], cache: ['a'] }, 'shared']];
    for (const [options, memory] of configs) {
        const cu = await tiledRun('extent-scalar.c', options, memory, ['37', '1', '0']);
        strict_1.default.match(cu, /__global__ void kernel0\(long \*a, long \*b, int dim, int B, int n\)/);
    }
});
(0, node_test_1.test)('array parameters with extents naming a parameter (C99 VLA parameters) become C++ pointers in the .cu', { skip: gcc }, async () => {
    const cu = await tiledRun('vla-parameter.c', {}, 'global', ['37', '1', '0']);
    strict_1.default.match(cu, /static void kernels\(int n, long \(\*__restrict__ a\), void \*mf_b\)\n\{\n  long \(\*b\)\[n \+ 2\] = \(long \(\*\)\[n \+ 2\]\) mf_b;\n/);
});
(0, node_test_1.test)('a guarded index that a serial loop of the kernel starts from keeps its guard\'s range (the footprint of a[i] is n, not the grid\'s dim)', { skip: gcc }, async () => {
    const cu = await tiledRun('triangular-footprint.c', {}, 'global', ['37', '61', '1', '0']);
    strict_1.default.match(cu, /cudaMalloc\(\(void \*\*\) &mf_dev_a, sizeof\(double\) \* n\)\);/);
});
//# sourceMappingURL=fuzzfound.test.js.map