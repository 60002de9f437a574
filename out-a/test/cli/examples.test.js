"use strict";
// The README's main job (`npm run examples`) as a user runs it, after the build `npm test` does:
// every example checked, elided, compiled and run, and its parallel loops offloaded (tiled,
// generated to CUDA, run in the emulation) with the same output as the serial program.
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
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 && (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
(0, node_test_1.test)('npm run examples: every example checked, elided, run; the offloaded loops print what the serial program prints', { skip: gcc }, () => {
    const r = (0, child_process_1.spawnSync)(process.execPath, [path.join(helpers_1.ROOT, 'scripts', 'examples.mjs')], { cwd: helpers_1.ROOT, encoding: 'utf8', timeout: 300_000 });
    strict_1.default.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    strict_1.default.match(r.stdout, /all examples checked, elided, compiled and run/);
    strict_1.default.doesNotMatch(r.stdout, /DIFFERENT|FAILED/);
    // The OpenMP, CilkPlus and MetaFork versions of both loop programs are offloaded.
    for (const name of ['jacobi1d_cilk.c', 'jacobi1d_omp.c', 'loop.mfc', 'loop_cilk.c', 'loop_omp.c']) {
        strict_1.default.match(r.stdout, new RegExp(`== examples/${name.replace('.', '\\.')}: check ok\\n(?:   .*\\n)*?   tiled \\(\\d nests?\\), CUDA emulated: .*\\(same as the elision\\)`), name);
    }
});
//# sourceMappingURL=examples.test.js.map