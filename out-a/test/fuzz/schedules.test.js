"use strict";
// The third fuzzer: random schedules through `optimize -o` with every choice of the
// dispatcher forced, against gcc -O2 (./schedules.ts). A bounded seed range here; the soak runs
// more (METAFORK_FUZZ_SEEDS=FROM-TO).
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const schedules_1 = require("./schedules");
const seeds_1 = require("./seeds");
const solver_1 = require("../../server/src/optimize/solver");
(0, node_test_1.after)(() => (0, solver_1.closeSolver)());
const tools = (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 && (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 ? false : 'gcc/g++ not found';
const { from, to } = (0, seeds_1.fuzzSeeds)('0-19');
// About 5 s a program on one core (a g++ build of the emulation and some hundred runs).
(0, node_test_1.test)('random schedules: every choice the dispatcher may make computes what gcc -O2 computes', { skip: tools, timeout: 120_000 + (to - from + 1) * 60_000 }, async () => {
    const r = await (0, schedules_1.fuzzSchedules)(from, to, { log: line => console.log(line) });
    console.log(`schedules fuzzer: seeds ${from}-${to}: ${r.checked} programs checked (${r.runs} forced runs), ${r.refused} refused, ${r.wrong} wrong`);
    strict_1.default.deepEqual(r.failures.map(f => `seed ${f.seed}: ${f.description} [${f.forced}]: ${f.message}`), []);
    strict_1.default.ok(r.checked > 0, 'no program was checked');
});
//# sourceMappingURL=schedules.test.js.map