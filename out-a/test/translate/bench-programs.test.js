"use strict";
// The programs `npm run bench` times translating are translations, not refusals (the bench would
// time how fast a refusal comes), and valid C: the OpenMP program in NAS's shape made of our fixtures.
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
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const child_process_1 = require("child_process");
const index_1 = require("../../server/src/translate/index");
const generate_1 = require("../bench/generate");
const helpers_1 = require("../helpers");
const skip = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 ? false : 'gcc not found';
(0, node_test_1.test)('the bench\'s OpenMP program in NAS\'s shape: gcc -fopenmp accepts it, and it translates to MetaFork and CilkPlus', { skip }, async () => {
    const program = (0, generate_1.nasShapedProgram)(3000, path.join(helpers_1.ROOT, 'test', 'fixtures'));
    strict_1.default.ok(program.split('\n').length >= 3000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-nas-shaped-'));
    const file = path.join(dir, 'nas.c');
    fs.writeFileSync(file, program);
    const gcc = (0, child_process_1.spawnSync)('gcc', ['-fopenmp', '-Wall', '-Werror', '-fsyntax-only', file], { encoding: 'utf8' });
    strict_1.default.equal(gcc.status, 0, gcc.stderr);
    for (const to of ['metafork', 'cilkplus']) {
        const r = await (0, index_1.translateText)(program, to, { fileName: 'nas.c', verify: true });
        strict_1.default.ok(r.text !== undefined, `${to}: ${r.diagnostics.filter(d => d.severity === 'error').map(d => d.message).join('; ')}`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
});
//# sourceMappingURL=bench-programs.test.js.map