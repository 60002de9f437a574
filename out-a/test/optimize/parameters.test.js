"use strict";
// The dispatcher chooses a program parameter at run time only where
// the result provably does not depend on it (server/src/optimize/invariance.ts); every choice it
// may make (METAFORK_DISPATCH_FORCE) is run in the emulation, at sizes no block size divides,
// against the serial elision built with gcc -O2. A decreasing serial loop in a kernel is counted
// (analyze) and leaves no placeholder in the .cu.
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
const index_1 = require("../../server/src/optimize/index");
const index_2 = require("../../server/src/cost/index");
const format_1 = require("../../server/src/cost/format");
const solver_1 = require("../../server/src/optimize/solver");
const build_1 = require("../cuda/emu/build");
const schedules_1 = require("../fuzz/schedules");
(0, node_test_1.after)(() => (0, solver_1.closeSolver)());
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-parameters-'));
const tools = (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'g++ not found';
// The thesis's inputs in test/fixtures/optimize; this programs in its issue18 folder (the
// bench times every program of the first, and some of these are refused).
const THESIS = new Set(['reversal.mfc', 'matvec.mfc', 'jacobi1d.mfc', 'matadd.mfc', 'transpose.mfc', 'matmul.mfc']);
const read = (name) => fs.readFileSync(THESIS.has(name) ? (0, helpers_1.fixture)('optimize', name) : (0, helpers_1.fixture)('optimize', 'issue18', name), 'utf8');
const FLOOR_REASON = `the loops 'i', 'k', 'j' run 'dim' × B * s indices, a number that depends on the parameters (a ceiling '(M + B * s - 1) / (B * s)' with a guard 'index < M' does not)`;
(0, node_test_1.test)('a floor grid N / (s * B): B and s are kept at the program\'s values, and said so in the text, the JSON and the .cu', async () => {
    const text = read('floorgrid.mfc');
    const r = await (0, index_1.optimizeText)(text, { fileName: 'floorgrid.mfc', registers: 'estimate' });
    strict_1.default.deepEqual(r.schedules[0].tuning, { tuned: [], fixed: ['s', 'B'], reason: FLOOR_REASON });
    strict_1.default.deepEqual(r.schedules[0].notes.map(d => [d.code, text.slice(d.start, d.end), d.message]), [
        ['MF521', 'dim', `the program's own 's', 'B' are kept, not chosen at run time: ${FLOOR_REASON}`],
    ]);
    strict_1.default.ok(r.cuda.includes(`/* kept at the program's values: s, B (${FLOOR_REASON}) */`));
    // No case sets the granularity to 1: that too would change the elements computed.
    strict_1.default.ok(r.schedules[0].cases.every(c => !c.metafork.includes('granularity set to 1')));
    strict_1.default.doesNotMatch(r.cuda, /\bs = 1;/);
});
(0, node_test_1.test)('a ceiling grid whose size is a constant macro (#define N 4096): B and s are chosen at run time', async () => {
    const text = fs.readFileSync((0, helpers_1.fixture)('e2e', 'reversal.mfc'), 'utf8');
    const r = await (0, index_1.optimizeText)(text, { fileName: 'reversal.mfc', registers: 'estimate' });
    strict_1.default.deepEqual(r.schedules[0].tuning, { tuned: ['s', 'B'], fixed: [], reason: 'the kernels compute the same elements whatever their values: every index is reassembled exactly from its loops (a ceiling grid with a guard)' });
});
(0, node_test_1.test)('a ceiling grid with a guard: B and s are chosen at run time', async () => {
    const r = await (0, index_1.optimizeText)(read('reversal.mfc'), { fileName: 'reversal.mfc', registers: 'estimate' });
    strict_1.default.deepEqual(r.schedules[0].tuning.tuned, ['s', 'B']);
    strict_1.default.deepEqual(r.schedules[0].tuning.fixed, []);
});
for (const [file, runs] of [
    ['floorgrid.mfc', [['1000', '32', '2'], ['1001', '16', '3'], ['77', '8', '4']]],
    ['offsetgrid.mfc', [['1000', '64'], ['1001', '7'], ['5', '3']]],
    ['reversal.mfc', [['1001', '16', '3'], ['77', '5', '2']]],
    ['decreasing.mfc', [['37'], ['100']]],
    // The thesis's inputs whose parameters are chosen at run time: every choice at a small size.
    ['jacobi1d.mfc', [['101', '16', '3']]],
    ['matvec.mfc', [['61', '8', '3']]],
    ['matmul.mfc', [['23', '4', '4', '3']]],
    ['transpose.mfc', [['29', '4', '8', '2']]],
]) {
    (0, node_test_1.test)(`${file}: every choice the dispatcher may make computes what gcc -O2 computes`, { skip: tools, timeout: 600_000 }, async () => {
        const c = await (0, schedules_1.checkEveryChoice)(path.basename(file, '.mfc'), read(file), runs, work);
        strict_1.default.equal(c.refused, undefined);
        strict_1.default.deepEqual(c.failures, []);
        strict_1.default.ok(c.runs > runs.length, `only ${c.runs} runs`);
        // Every case ran forced on the emulated device (its default limits fit each case here).
        strict_1.default.deepEqual(c.casesRun.sort(), [...Array(c.cases).keys()].map(k => k + 1));
    });
}
(0, node_test_1.test)('decreasing.mfc: analyze counts n - 1 iterations of the decreasing loop', async () => {
    const r = await (0, index_2.estimateCost)(read('decreasing.mfc'), { fileName: 'decreasing.mfc' });
    strict_1.default.deepEqual(r.diagnostics, []);
    // Per iteration: a[i][j] and a[i][j + 1] read, a[i][j] written; j = n - 2 down to 0: n - 1 iterations.
    const f = r.schedules[0].kernels[0].formulas;
    strict_1.default.deepEqual([f.reads, f.writes], ['2*n - 2', 'n - 1']);
    // Operations: per iteration j >= 0, j--, j + 1 and +=; once: n - 2, i < n and v * B + u.
    const printed = (0, format_1.formatSchedule)('decreasing.mfc', r, r.schedules[0]).split('\n');
    strict_1.default.ok(printed.includes('    per thread: 4*n operations, 2*n - 2 words read and n - 1 written in global memory'), printed.join('\n'));
});
(0, node_test_1.test)('decreasing.mfc: the .cu of optimize holds no placeholder and compiles with nvcc -arch=sm_90', { skip: (0, build_1.nvccAvailable)() ? false : 'nvcc not found' }, async () => {
    const r = await (0, index_1.optimizeText)(read('decreasing.mfc'), { fileName: 'decreasing.mfc', registers: 'estimate' });
    strict_1.default.ok(r.cuda, r.diagnostics.map(d => d.message).join('\n'));
    strict_1.default.doesNotMatch(r.cuda, /trips@|\w#/);
    const cu = path.join(work, 'decreasing.nvcc.cu');
    fs.writeFileSync(cu, r.cuda);
    (0, build_1.nvccCompile)(cu, cu.replace(/\.cu$/, '.o'));
});
(0, node_test_1.test)('a loop the cost model cannot count is refused by analyze and optimize (MF520), not leaked', async () => {
    const text = read('decreasing.mfc').replace('for (int j = n - 2; j >= 0; j--)\n                        a[i][j] += a[i][j + 1];', 'int j = n - 2;\n                    while (j >= 0) {\n                        a[i][j] += a[i][j + 1];\n                        j--;\n                    }');
    const header = 'while (j >= 0)';
    const message = `the cost model cannot count the iterations of this loop (a 'while' loop has no trip count): write it 'for (v = a; v < b; v += c)' or 'for (v = a; v >= b; v -= c)' with a constant step c`;
    const a = await (0, index_2.estimateCost)(text, { fileName: 'x.mfc' });
    strict_1.default.deepEqual(a.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), [['MF520', header, message]]);
    strict_1.default.deepEqual(a.schedules, []);
    const o = await (0, index_1.optimizeText)(text, { fileName: 'x.mfc', registers: 'estimate' });
    strict_1.default.deepEqual(o.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), [['MF520', header, message]]);
    strict_1.default.equal(o.cuda, undefined);
});
(0, node_test_1.test)('a decreasing loop by 2 is counted: ceil((n - 1) / 2) iterations, read as (n - 1)/2', async () => {
    const r = await (0, index_2.estimateCost)(read('decreasing.mfc').replace('j >= 0; j--)', 'j >= 0; j -= 2)'), { fileName: 'x.mfc' });
    strict_1.default.deepEqual(r.diagnostics, []);
    strict_1.default.equal(r.schedules[0].kernels[0].formulas.writes, 'n/2 - 1/2');
});
(0, node_test_1.test)('a loop whose trip count is a value of the thread is refused (MF520), not evaluated at a guess nor leaked into the .cu', async () => {
    const text = read('triangular.mfc');
    const expected = [['MF520', 'for (int j = 0; j < i; j++)', `the cost model cannot count the iterations of this loop: they depend on 'i', which each thread computes (the counts are polynomials in the program's values)`]];
    const a = await (0, index_2.estimateCost)(text, { fileName: 'triangular.mfc' });
    strict_1.default.deepEqual(a.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), expected);
    const o = await (0, index_1.optimizeText)(text, { fileName: 'triangular.mfc', registers: 'estimate' });
    strict_1.default.deepEqual(o.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), expected);
    strict_1.default.equal(o.cuda, undefined);
});
(0, node_test_1.test)('a recurrence under a ceiling grid: B and s keep the program\'s values (iterations share elements)', async () => {
    const r = await (0, index_1.optimizeText)(read('recurrence.mfc'), { fileName: 'recurrence.mfc', registers: 'estimate' });
    strict_1.default.deepEqual(r.schedules[0].tuning, { tuned: [], fixed: ['s', 'B'], reason: `'out[x + 1]' and 'out[x]' do not tell apart the values of the index of the loops 'i', 'k', 'j': two of them may touch one element of 'out'` });
});
(0, node_test_1.test)('jacobi1d: a[p + 1] written and a[N + p], a[N + p + 2] read, in the arms of a uniform branch: B and s are chosen at run time', async () => {
    const r = await (0, index_1.optimizeText)(read('jacobi1d.mfc'), { fileName: 'jacobi1d.mfc', registers: 'estimate' });
    strict_1.default.deepEqual(r.schedules[0].tuning.tuned, ['s', 'B']);
});
(0, node_test_1.test)('a const block size is the program\'s, not a parameter the dispatcher assigns: the .cu builds and every choice is right', { skip: tools, timeout: 600_000 }, async () => {
    const text = read('reversal.mfc').replace('int B = argc > 2 ? atoi(argv[2]) : 32;', 'const int B = 32;');
    const r = await (0, index_1.optimizeText)(text, { fileName: 'constblock.mfc', registers: 'estimate' });
    strict_1.default.deepEqual(r.schedules[0].tuning.tuned, ['s']);
    const c = await (0, schedules_1.checkEveryChoice)('constblock', text, [['1001', '0', '3']], work);
    strict_1.default.deepEqual(c.failures, []);
});
(0, node_test_1.test)('a partial sum across a loop on z < B: B keeps the program\'s value, and every choice is right', { skip: tools, timeout: 600_000 }, async () => {
    const text = read('accumulator.mfc');
    const r = await (0, index_1.optimizeText)(text, { fileName: 'accumulator.mfc', registers: 'estimate' });
    strict_1.default.deepEqual(r.schedules[0].tuning, { tuned: [], fixed: ['B'], reason: `'acc' is set in one iteration of the loop on 'z' and seen in the next: which iterations share it depends on the parameters` });
    strict_1.default.deepEqual(r.schedules[0].notes.map(d => text.slice(d.start, d.end)), ['acc']);
    const c = await (0, schedules_1.checkEveryChoice)('accumulator', text, [['101', '16'], ['37', '5']], work);
    strict_1.default.deepEqual(c.failures, []);
});
(0, node_test_1.test)('METAFORK_DISPATCH_FORCE: a case or value the dispatcher may not choose stops the program with a message', { skip: tools }, () => {
    const exe = path.join(work, 'reversal.emu');
    strict_1.default.ok(fs.existsSync(exe), 'built by the reversal.mfc test above');
    const forced = (value) => {
        const r = (0, child_process_1.spawnSync)(exe, ['101', '16', '3'], { encoding: 'utf8', env: { ...process.env, METAFORK_DISPATCH_FORCE: value } });
        return [r.status, r.stderr.trim()];
    };
    const usage = (v) => `metafork: METAFORK_DISPATCH_FORCE="${v}" must be "case=K;s=V;B=V" with K in 1..3`;
    strict_1.default.deepEqual(forced('case=4'), [1, usage('case=4')]);
    strict_1.default.deepEqual(forced('case=1;N=5'), [1, usage('case=1;N=5')]);
    strict_1.default.deepEqual(forced('B=16'), [1, usage('B=16')]);
    strict_1.default.deepEqual(forced('case=3;B=33'), [1, 'metafork: METAFORK_DISPATCH_FORCE: B=33 is not a value the dispatcher may choose']);
    strict_1.default.deepEqual(forced('case=3;B=2048'), [1, 'metafork: METAFORK_DISPATCH_FORCE: B=2048 is not a value the dispatcher may choose']);
    strict_1.default.deepEqual(forced('case=3;s=16'), [1, 'metafork: METAFORK_DISPATCH_FORCE: s=16 is not a value the dispatcher may choose']);
    // The program's own B (16) and a candidate s: case 3 runs them.
    const ok = (0, child_process_1.spawnSync)(exe, ['101', '16', '3'], { encoding: 'utf8', env: { ...process.env, METAFORK_DISPATCH_FORCE: 'case=3;s=4', METAFORK_DISPATCH_LOG: '1' } });
    strict_1.default.equal(ok.status, 0, ok.stderr);
    strict_1.default.match(ok.stderr, /^metafork: schedule at line \d+: case 3 s=4 B=16 /);
});
//# sourceMappingURL=parameters.test.js.map