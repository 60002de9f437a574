"use strict";
// The comprehensive optimization on the thesis's Chapter 7 inputs (test/fixtures/optimize, digest
// 000 §4.11) with the thesis's register counts injected: the case structure and strategy logs of
// the thesis; soundness, coverage and optimality (Definition 2) checked on thousands of sampled
// parameter points; and the one .cu with the dispatcher, built for the CPU emulation, run on
// emulated devices whose limits select each case, against the serial program's output.
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
const index_1 = require("../../server/src/checks/index");
const program_1 = require("../../server/src/optimize/program");
const index_2 = require("../../server/src/optimize/index");
const constraints_1 = require("../../server/src/optimize/constraints");
const solver_1 = require("../../server/src/optimize/solver");
const build_1 = require("../cuda/emu/build");
const elide_1 = require("../../server/src/model/elide");
const gcc_1 = require("../differential/gcc");
const run_1 = require("../cuda/emu/run");
(0, node_test_1.after)(() => (0, solver_1.closeSolver)());
const cases = JSON.parse(fs.readFileSync((0, helpers_1.fixture)('optimize', 'cases.json'), 'utf8'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-optimize-'));
const gxx = (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'g++ not found';
/** Registers per thread from the thesis (§7.4 and the slides): with the coarsening loop / without. */
const THESIS_REGISTERS = {
    'reversal.mfc': [4, 3], 'matvec.mfc': [8, 7], 'jacobi1d.mfc': [9, 9],
    'matadd.mfc': [6, 6], 'transpose.mfc': [6, 5], 'matmul.mfc': [9, 8],
};
/** Shared-memory words of the generator's tiles (+3 words of alignment each), with s and s = 1. */
const WORDS = {
    'reversal.mfc': ['2*B*s + 6', '2*B + 6'],
    // The thesis's sB^2 + sB + B exactly (a: sB×B, c: sB, b: B).
    'matvec.mfc': ['B^2*s + B*s + B + 9', 'B^2 + 2*B + 9'],
    // The thesis's 2sB + 2: per time step one row of the double buffer is read (sB + 2) and the
    // other written (sB); the tiles of the two sides of t % 2 share their words.
    'jacobi1d.mfc': ['2*B*s + 8', '2*B + 8'],
    // The flat output c[i*N+j] is read as rows of N (0 ≤ j < N by its guard): a B0 × sB1 tile, as
    // in the thesis's 3sB0B1, 2sB0B1 and sB0B1 + sBB1 + B0B.
    'matadd.mfc': ['3*B0*B1*s + 9', '3*B0*B1 + 9'],
    'transpose.mfc': ['2*B0*B1*s + 6', '2*B0*B1 + 6'],
    'matmul.mfc': ['B*B1*s + B0*B1*s + B*B0 + 9', 'B*B0 + B*B1 + B0*B1 + 9'],
};
const registersOf = (file) => (v) => THESIS_REGISTERS[file][v.granularity ? 0 : 1];
const codes = (steps) => steps.map(s => `(${s})`).join(' ');
async function optimized(c) {
    const text = fs.readFileSync((0, helpers_1.fixture)('optimize', c.file), 'utf8');
    const analysis = await (0, index_1.checkText)(text, c.file);
    try {
        const { source, diagnostics } = (0, program_1.readScheduleSource)(analysis, c.file, { ordinal: 0 });
        strict_1.default.ok(source, diagnostics.map(d => d.message).join('\n'));
        return { text, source, ...(await (0, index_2.optimizeSchedule)(source, { fileName: c.file, registers: registersOf(c.file) })) };
    }
    finally {
        analysis.syntax.dispose();
    }
}
for (const c of cases) {
    const [r, r1] = THESIS_REGISTERS[c.file];
    (0, node_test_1.test)(`${c.file}: the thesis's case discussion (registers ${r} / ${r1} injected)`, async () => {
        const { result } = await optimized(c);
        const systems = result.cases.map(k => k.systems.map(s => `{ ${s.constraints.join(' ; ')} } ${codes(s.strategies)}`));
        const [zs, z1] = WORDS[c.file];
        strict_1.default.equal(result.cases.length, 3, systems.join('\n'));
        strict_1.default.deepEqual(result.cases.map(k => [k.variant.caching, k.variant.granularity]), [[true, true], [true, false], [false, false]]);
        const expected = [
            [`{ ${r} ≤ R_B ; ${zs} ≤ Z_B } (1) (4a) (3a) (2) (2)`],
            [
                ...(r1 < r ? [`{ ${r1} ≤ R_B < ${r} ; ${z1} ≤ Z_B } (2) (2) (3b) (1) (4a) (3a)`] : []),
                `{ ${r} ≤ R_B ; ${z1} ≤ Z_B < ${zs} } (1) (3b) (4a) (3a) (2) (2)`,
            ],
            [
                ...(r1 < r ? [`{ ${r1} ≤ R_B < ${r} ; Z_B < ${z1} } (2) (2) (3b) (1) (4b)`] : []),
                `{ ${r} ≤ R_B ; Z_B < ${z1} } (1) (3b) (2) (2) (4b)`,
            ],
        ];
        strict_1.default.deepEqual(systems, expected);
        // Below the smallest register count there is no kernel (∅).
        strict_1.default.deepEqual(result.empty.map(e => e.constraints), r1 < r ? [[`R_B < ${r1}`]] : [[`R_B < ${r}`]]);
        strict_1.default.match(result.cases[2].metafork, /^\{ \/\* granularity set to 1 \*\/\n\s+s = 1;/);
        strict_1.default.doesNotMatch(result.cases[2].metafork, /cache\(/);
        strict_1.default.match(result.cases[0].metafork, /meta_schedule cache\(/);
    });
    (0, node_test_1.test)(`${c.file}: soundness, coverage and optimality on sampled parameter points`, async () => {
        const { result, systems, emptySystems, initial, domains } = await optimized(c);
        // (i) soundness: every system was found consistent, with a witness that satisfies it.
        for (const [k, sys] of systems.entries()) {
            for (const [j, s] of sys.entries()) {
                const d = result.cases[k].systems[j];
                strict_1.default.equal(d.verdict, 'sat', `case ${k + 1} system ${j + 1}`);
                const point = new Map(Object.entries(d.witness).map(([n, v]) => [n, BigInt(v)]));
                for (const x of s)
                    strict_1.default.ok((0, constraints_1.holdsAt)(x, point), `case ${k + 1}: the witness ${JSON.stringify(d.witness)} breaks a constraint`);
            }
        }
        // Sampling: parameters in their domains, machine limits around the counters' values.
        let seed = 7;
        const rnd = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
        const blocks = [1, 2, 3, 4, 8, 16, 32, 33, 64, 100, 128, 256, 512, 1024];
        const names = [...domains.keys()];
        const chosen = new Set();
        let inside = 0;
        for (let i = 0; i < 4000; i++) {
            const point = new Map();
            for (const n of names) {
                const d = domains.get(n);
                if (n === constraints_1.MACHINE.registers)
                    point.set(n, BigInt(rnd(16)));
                else if (n === constraints_1.MACHINE.sharedWords)
                    point.set(n, BigInt(rnd(2) ? rnd(200) : rnd(300000)));
                else if (n === constraints_1.MACHINE.threads)
                    point.set(n, BigInt([64, 256, 512, 1024][rnd(4)]));
                else if (d.max !== undefined)
                    point.set(n, d.min + BigInt(rnd(Number(d.max - d.min) + 1)));
                else
                    point.set(n, BigInt(blocks[rnd(blocks.length)]));
            }
            // Derived parameters (matmul's B = min(B0, B1)) take their value from the others.
            if (point.has('B0') && point.has('B1'))
                point.set('B', point.get('B0') < point.get('B1') ? point.get('B0') : point.get('B1'));
            if (!initial.every(x => (0, constraints_1.holdsAt)(x, point)))
                continue;
            inside++;
            const holds = (s) => s.every(x => (0, constraints_1.holdsAt)(x, point));
            const caseAt = systems.findIndex(sys => sys.some(holds));
            // (iii) coverage: each point is in a case, or in an ∅ leaf (no kernel provided).
            strict_1.default.ok(caseAt >= 0 || emptySystems.some(holds), `no case and no ∅ leaf at ${JSON.stringify(Object.fromEntries([...point].map(([k, v]) => [k, String(v)])))}`);
            if (caseAt >= 0)
                chosen.add(caseAt);
        }
        strict_1.default.ok(inside > 1000, `only ${inside} points met the initial constraints`);
        // No case is dominated: each is the first that holds somewhere.
        strict_1.default.deepEqual([...chosen].sort(), result.cases.map((_, k) => k));
        // (iv) optimality: for each counter some case where every strategy that could lower it
        // (granularity to 1 and CSE for registers; those and no caching for shared memory) does not.
        const reg = registersOf(c.file);
        strict_1.default.ok(result.cases.some(k => reg({ ...k.variant, granularity: false, cse: 2 }) === k.registers), 'a case optimal for registers');
        strict_1.default.ok(result.cases.some(k => !k.variant.caching || k.sharedWords === '0'), 'a case optimal for shared memory');
    });
    (0, node_test_1.test)(`${c.file}: the .cu with the dispatcher runs every case correctly on emulated devices`, { skip: gxx }, async (t) => {
        // Race-checked, unless a race was found and written down.
        const unchecked = run_1.KNOWN_RACES[`test/fixtures/optimize/${c.file}`];
        if (unchecked)
            t.diagnostic(`not race-checked: ${unchecked}`);
        const checkedEnv = unchecked ? { ...process.env, MF_EMU_RACECHECK: '0' } : (0, run_1.racecheckEnv)();
        const text = fs.readFileSync((0, helpers_1.fixture)('optimize', c.file), 'utf8');
        const r = await (0, index_2.optimizeText)(text, { fileName: c.file, registers: registersOf(c.file) });
        strict_1.default.ok(r.cuda, r.diagnostics.map(d => d.message).join('\n'));
        const name = path.basename(c.file, '.mfc');
        const cu = path.join(work, `${name}.cu`), exe = path.join(work, `${name}.emu`);
        fs.writeFileSync(cu, r.cuda);
        (0, build_1.buildEmulated)(cu, exe);
        const { result, systems } = await optimized(c);
        const seen = new Set();
        c.runs.forEach((argv, i) => {
            const params = new Map(c.params.map((p, k) => [p, BigInt(argv[k])]));
            if (params.has('B0'))
                params.set('B', params.get('B0') < params.get('B1') ? params.get('B0') : params.get('B1'));
            // Devices whose shared memory fits case 1, only case 2, or neither (case 3).
            const words = (k) => result.cases[k]?.variant.caching ? evaluate(systems[k], params) : undefined;
            const devices = [{ Z_B: 58112 }];
            const z1 = words(1), zs = words(0);
            if (z1 !== undefined && zs !== undefined && z1 < zs)
                devices.push({ Z_B: z1 });
            if (z1 !== undefined && z1 > 1)
                devices.push({ Z_B: z1 - 1 });
            if (zs !== undefined && zs > 1)
                devices.push({ Z_B: zs - 1 });
            for (const dev of devices) {
                const point = new Map([...params, [constraints_1.MACHINE.registers, 255n], [constraints_1.MACHINE.sharedWords, BigInt(dev.Z_B)], [constraints_1.MACHINE.threads, 1024n]]);
                const expectedCase = systems.findIndex(sys => sys.some(s => s.every(x => (0, constraints_1.holdsAt)(x, point)))) + 1;
                // METAFORK_DISPATCH_KEEP: the program's own parameters whenever a case holds with them, so the
                // device's shared memory alone selects the case.
                const env = { ...checkedEnv, METAFORK_DISPATCH_LOG: '1', METAFORK_DISPATCH_KEEP: '1', MF_EMU_SHARED_MEM_OPTIN: '0', MF_EMU_SHARED_MEM_PER_BLOCK: String(dev.Z_B * 4) };
                const run = (0, child_process_1.spawnSync)(exe, argv, { encoding: 'utf8', timeout: 120000, env });
                strict_1.default.equal(run.status, 0, run.stderr);
                // The other orders of blocks and threads CUDA allows: the same output (soakCheckedEnv).
                for (const order of run_1.ORDERS.filter(o => o !== 'forward')) {
                    const other = (0, child_process_1.spawnSync)(exe, argv, { encoding: 'utf8', timeout: 120000, env: (0, run_1.soakCheckedEnv)(env, order) });
                    strict_1.default.equal(other.status, 0, `MF_EMU_ORDER=${order}: ${other.stderr}`);
                    strict_1.default.equal(other.stdout, run.stdout, `${argv.join(' ')} Z_B=${dev.Z_B} MF_EMU_ORDER=${order}`);
                }
                strict_1.default.equal(checksum(run.stdout), checksum(c.expected[i]), `${argv.join(' ')} Z_B=${dev.Z_B}`);
                if (expectedCase > 0) {
                    strict_1.default.match(run.stderr, new RegExp(`case ${expectedCase} `), `${argv.join(' ')} Z_B=${dev.Z_B}: ${run.stderr}`);
                    seen.add(expectedCase);
                }
            }
        });
        strict_1.default.deepEqual([...seen].sort(), result.cases.map(k => k.index), 'every case ran');
        // By default the estimate ranks the program's own values among every candidate of every case:
        // the choice is correct, its case's constraints hold at the chosen parameters on that device,
        // and it is never estimated worse than keeping the program's own values.
        const chosen = (stderr) => {
            const m = /case (\d+)((?: \w+=\d+)*) estimate=(\d+) cycles \(R_B=(\d+) Z_B=(\d+) T_B=(\d+)\)/.exec(stderr);
            strict_1.default.ok(m, stderr);
            const values = new Map([...m[2].trim().split(' ').filter(Boolean).map(kv => kv.split('=')).map(([k, v]) => [k, BigInt(v)])]);
            return { k: Number(m[1]), values, estimate: Number(m[3]), limits: [BigInt(m[4]), BigInt(m[5]), BigInt(m[6])] };
        };
        for (const dev of [{ Z_B: 58112 }, { Z_B: 600 }]) {
            const env = { ...checkedEnv, METAFORK_DISPATCH_LOG: '1', MF_EMU_SHARED_MEM_OPTIN: '0', MF_EMU_SHARED_MEM_PER_BLOCK: String(dev.Z_B * 4) };
            const ranked = (0, child_process_1.spawnSync)(exe, c.runs[0], { encoding: 'utf8', timeout: 120000, env });
            const kept = (0, child_process_1.spawnSync)(exe, c.runs[0], { encoding: 'utf8', timeout: 120000, env: { ...env, METAFORK_DISPATCH_KEEP: '1' } });
            strict_1.default.equal(ranked.status, 0, ranked.stderr);
            strict_1.default.equal(checksum(ranked.stdout), checksum(c.expected[0]), `ranked, Z_B=${dev.Z_B}: ${ranked.stderr}`);
            const r = chosen(ranked.stderr);
            const point = new Map([...r.values, [constraints_1.MACHINE.registers, r.limits[0]], [constraints_1.MACHINE.sharedWords, r.limits[1]], [constraints_1.MACHINE.threads, r.limits[2]]]);
            for (const n of c.params)
                if (!point.has(n))
                    point.set(n, BigInt(c.runs[0][c.params.indexOf(n)]));
            if (point.has('B0'))
                point.set('B', point.get('B0') < point.get('B1') ? point.get('B0') : point.get('B1'));
            strict_1.default.ok(systems[r.k - 1].some(sys => sys.every(x => (0, constraints_1.holdsAt)(x, point))), `case ${r.k} does not hold at ${ranked.stderr}`);
            if (kept.status === 0)
                strict_1.default.ok(r.estimate <= chosen(kept.stderr).estimate, `ranked ${ranked.stderr} against kept ${kept.stderr}`);
        }
    });
    (0, node_test_1.test)(`${c.file}: the .cu with every case and the dispatcher compiles with nvcc -arch=sm_90`, { skip: (0, build_1.nvccAvailable)() ? false : 'nvcc not found' }, async () => {
        const text = fs.readFileSync((0, helpers_1.fixture)('optimize', c.file), 'utf8');
        const r = await (0, index_2.optimizeText)(text, { fileName: c.file, registers: registersOf(c.file) });
        const cu = path.join(work, `${path.basename(c.file, '.mfc')}.nvcc.cu`);
        fs.writeFileSync(cu, r.cuda);
        (0, build_1.nvccCompile)(cu, cu.replace(/\.cu$/, '.o'));
    });
}
/** The shared words a case's `z ≤ Z_B` constraint asks for at the given parameters. */
function evaluate(systems, params) {
    for (const s of systems) {
        const c = s.find(x => x.origin === 'shared memory' && x.op === '<=' && x.rhs.symbols().has(constraints_1.MACHINE.sharedWords));
        if (c) {
            const v = c.lhs.evaluate(params);
            return Number(v.n / v.d);
        }
    }
    return undefined;
}
const checksum = (line) => /checksum=(-?\d+)/.exec(line)?.[1];
(0, node_test_1.test)('a device with too few registers gets a clear error from the dispatcher, not a wrong launch', { skip: gxx }, async () => {
    const c = cases.find(x => x.file === 'reversal.mfc');
    const text = fs.readFileSync((0, helpers_1.fixture)('optimize', c.file), 'utf8');
    // 300 registers per thread: more than any device offers.
    const r = await (0, index_2.optimizeText)(text, { fileName: c.file, registers: () => 300 });
    const cu = path.join(work, 'too-many.cu'), exe = path.join(work, 'too-many.emu');
    fs.writeFileSync(cu, r.cuda);
    (0, build_1.buildEmulated)(cu, exe);
    const run = (0, child_process_1.spawnSync)(exe, c.runs[0], { encoding: 'utf8', env: (0, run_1.racecheckEnv)() });
    strict_1.default.equal(run.status, 1);
    strict_1.default.match(run.stderr, /metafork: no case of the optimized schedule \(line \d+\) fits this device: R_B=255/);
    void child_process_1.execFileSync;
});
// The caching case of a 3-D stencil staged its planes k-1, k and k+1 into one
// element and named undefined positions. Each case runs (the device's shared memory picks it, the
// program's own sizes kept) at sizes no block size divides, against the serial elision (gcc -O2).
(0, node_test_1.test)('a 3-D stencil through optimize -o: the caching case and the uncached case compute what the program computes', { skip: gxx }, async () => {
    const file = (0, helpers_1.fixture)('cuda', 'own-stencil3d.mfc');
    const text = fs.readFileSync(file, 'utf8');
    const r = await (0, index_2.optimizeText)(text, { fileName: 'own-stencil3d.mfc', registers: () => 24 });
    strict_1.default.ok(r.cuda, r.diagnostics.map(d => d.message).join('\n'));
    const cases = r.schedules[0].cases;
    const cached = cases.find(k => k.variant.caching), uncached = cases.find(k => !k.variant.caching);
    strict_1.default.ok(cached && uncached, cases.map(k => k.summary).join('\n'));
    strict_1.default.match(cached.kernels.join('\n'), /shared_a\[\(\(i - mf_a_o0\) \* mf_a_e1 \+ \(j - mf_a_o1\)\) \* mf_a_e2 \+ \(\(k \+ 1\) - mf_a_o2\)\]/);
    const cu = path.join(work, 'stencil3d.cu'), exe = path.join(work, 'stencil3d.emu');
    fs.writeFileSync(cu, r.cuda);
    if ((0, build_1.nvccAvailable)())
        (0, build_1.nvccCompile)(cu, path.join(work, 'stencil3d.o'));
    (0, build_1.buildEmulated)(cu, exe);
    const { model } = await (0, index_1.checkText)(text, 'own-stencil3d.mfc');
    const src = path.join(work, 'stencil3d.serial.c');
    fs.writeFileSync(src, (0, elide_1.elide)(model));
    (0, child_process_1.execFileSync)('gcc', [...gcc_1.OPTIMIZED, '-Wall', '-Werror', '-o', `${src}.exe`, src]);
    const seen = new Set();
    for (const argv of [['13', '4', '8'], ['29', '8', '4'], ['23', '16', '2']]) {
        const want = (0, child_process_1.execFileSync)(`${src}.exe`, argv, { encoding: 'utf8' });
        // Shared memory for every case, then too little for the caching one.
        for (const words of [58112, 16]) {
            const run = (0, child_process_1.spawnSync)(exe, argv, { encoding: 'utf8', timeout: 120000, env: (0, run_1.racecheckEnv)('shuffle:18', { ...process.env, METAFORK_DISPATCH_LOG: '1', METAFORK_DISPATCH_KEEP: '1', MF_EMU_SHARED_MEM_OPTIN: '0', MF_EMU_SHARED_MEM_PER_BLOCK: String(words * 4) }) });
            strict_1.default.equal(run.status, 0, run.stderr);
            strict_1.default.equal(run.stdout, want, `${argv.join(' ')} Z_B=${words}: ${run.stderr}`);
            const k = Number(/case (\d+)/.exec(run.stderr)?.[1]);
            seen.add(k);
        }
    }
    strict_1.default.deepEqual([...seen].sort(), [cached.index, uncached.index].sort(), 'both cases ran');
});
//# sourceMappingURL=optimize.test.js.map