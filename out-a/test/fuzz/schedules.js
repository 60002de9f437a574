"use strict";
// Differential fuzzing of `optimize -o`: seeded random meta_schedules (1-D and 2-D,
// random N, B, s, parametric and constant sizes, ceiling grids with guards and floor grids
// without, granularity loops, one or two arrays, offsets), each `.cu` built for the CPU
// emulation and run once per choice the dispatcher may make (METAFORK_DISPATCH_FORCE: every case,
// every candidate value of the parameters it may tune), race-checked and in shuffled order,
// against the serial elision built with gcc -O2.
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
exports.generateSchedule = generateSchedule;
exports.checkEveryChoice = checkEveryChoice;
exports.fuzzSchedules = fuzzSchedules;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const util_1 = require("util");
const index_1 = require("../../server/src/checks/index");
const elide_1 = require("../../server/src/model/elide");
const index_2 = require("../../server/src/optimize/index");
const dispatch_1 = require("../../server/src/optimize/dispatch");
const build_1 = require("../cuda/emu/build");
const seeds_1 = require("./seeds");
const run = (0, util_1.promisify)(child_process_1.execFile);
/** The program of one seed. */
function generateSchedule(seed) {
    const r = new seeds_1.Random(seed);
    if (r.chance(0.2))
        return rowsSchedule(seed, r);
    const twoD = r.chance(0.35);
    const coarsen = r.chance(0.6);
    const grid = r.pick(['ceil', 'ceil', 'floor', 'offset']);
    const constant = r.chance(0.3);
    const N = twoD ? r.int(1, 37) : r.pick([r.int(1, 40), r.int(41, 400), 97, 257, 1000]);
    const M = twoD ? r.int(1, 37) : N;
    const B = twoD ? 1 : r.pick([1, 2, 3, 4, 7, 8, 16, 32, 64]);
    const B0 = r.pick([1, 2, 3, 4, 8, 16]), B1 = r.pick([1, 2, 4, 5, 8, 16, 32]);
    const s = coarsen ? r.int(1, 4) : 1;
    const off = r.int(0, 3);
    const two = r.chance(0.5);
    const a = r.int(1, 5), c = r.int(-3, 3);
    const size = constant ? String(N) : 'N';
    const lines = ['#include <stdio.h>', '#include <stdlib.h>', '', 'int main(int argc, char **argv)', '{'];
    lines.push(constant ? `    int N = ${N};` : `    int N = argc > 1 ? atoi(argv[1]) : ${N};`);
    lines.push(twoD ? (constant ? `    int M = ${M};` : `    int M = argc > 2 ? atoi(argv[2]) : ${M};`) : '');
    const g = (q) => (coarsen ? `(${q} * s + k)` : q);
    let body;
    let description;
    if (!twoD) {
        lines.push(`    int B = ${B};`, ...(coarsen ? [`    int s = ${s};`] : []));
        lines.push(`    int in[${size} + ${off + 1}], out[${size} + 1];`);
        lines.push(`    for (int q = 0; q < ${size} + ${off + 1}; q++) in[q] = (q * 7 + 3) % 23 - 11;`);
        lines.push(`    for (int q = 0; q < ${size} + 1; q++) out[q] = -5;`);
        const per = coarsen ? 's * B' : 'B';
        // The limit of the index: N, or N - 2 (the `ub = (N - 2) / B` shape).
        const limit = grid === 'offset' ? `${size} - 2` : size;
        const floorGrid = grid === 'floor' || (grid === 'offset' && r.chance(0.5));
        lines.push(floorGrid ? `    int dim = (${limit}) / (${per});` : `    int dim = (${limit} + ${per} - 1) / (${per});`);
        const guarded = floorGrid ? r.chance(0.5) : true;
        const idx = `${g('i')} * B + j`;
        const write = two ? r.pick(['out[x]', `out[${size} - 1 - x]`]) : 'out[x]';
        const value = two ? `${a} * in[x + ${off}] + ${c}` : `out[x] * ${a} + ${c}`;
        const statement = `${write} = ${value};`;
        body = [
            '    meta_schedule {',
            '        meta_for (int i = 0; i < dim; i++)',
            '            meta_for (int j = 0; j < B; j++)',
            ...(coarsen ? ['                for (int k = 0; k < s; k++) {'] : ['                {']),
            `                    int x = ${idx};`,
            guarded ? `                    if (x < ${limit})` : `                    if (x >= 0)`,
            `                        ${statement}`,
            '                }',
            '    }',
        ];
        description = `1-D N=${N}${constant ? ' (constant)' : ''} B=${B}${coarsen ? ` s=${s}` : ''} ${grid}${guarded ? ' guarded' : ''} ${statement}`;
        lines.push(...body);
        lines.push(`    long sum = 0;`, `    for (int q = 0; q < ${size} + 1; q++) sum += (long) (q % 7 + 1) * out[q];`, `    printf("checksum=%ld\\n", sum);`);
    }
    else {
        const sizeM = constant ? String(M) : 'M';
        lines.push(`    int B0 = ${B0}, B1 = ${B1};`, ...(coarsen ? [`    int s = ${s};`] : []));
        lines.push(`    int in[${size} + ${off}][${sizeM} + ${off}], out[${size}][${sizeM}];`);
        lines.push(`    for (int p = 0; p < ${size} + ${off}; p++) for (int q = 0; q < ${sizeM} + ${off}; q++) in[p][q] = (p * 5 + q * 3) % 17 - 8;`);
        lines.push(`    for (int p = 0; p < ${size}; p++) for (int q = 0; q < ${sizeM}; q++) out[p][q] = p - q;`);
        const per1 = coarsen ? 'B1 * s' : 'B1';
        lines.push(grid === 'floor' ? `    int dim0 = ${size} / B0, dim1 = ${sizeM} / (${per1});` : `    int dim0 = (${size} + B0 - 1) / B0, dim1 = (${sizeM} + ${per1} - 1) / (${per1});`);
        const statement = two ? `out[i][j] = ${a} * in[i + ${off}][j] + ${c};` : `out[i][j] = out[i][j] * ${a} + ${c};`;
        body = [
            '    meta_schedule {',
            '        meta_for (int v0 = 0; v0 < dim0; v0++)',
            '            meta_for (int v1 = 0; v1 < dim1; v1++)',
            '                meta_for (int u0 = 0; u0 < B0; u0++)',
            '                    meta_for (int u1 = 0; u1 < B1; u1++)',
            ...(coarsen ? ['                        for (int k = 0; k < s; k++) {'] : ['                        {']),
            '                            int i = v0 * B0 + u0;',
            `                            int j = ${g('v1')} * B1 + u1;`,
            `                            if (i < ${size} && j < ${sizeM})`,
            `                                ${statement}`,
            '                        }',
            '    }',
        ];
        description = `2-D N=${N} M=${M}${constant ? ' (constant)' : ''} B0=${B0} B1=${B1}${coarsen ? ` s=${s}` : ''} ${grid === 'floor' ? 'floor' : 'ceil'} ${statement}`;
        lines.push(...body);
        lines.push(`    long sum = 0;`, `    for (int p = 0; p < ${size}; p++) for (int q = 0; q < ${sizeM}; q++) sum += (long) ((p + 2 * q) % 7 + 1) * out[p][q];`, `    printf("checksum=%ld\\n", sum);`);
    }
    lines.push('    return 0;', '}', '');
    return { text: lines.filter((l, i) => l !== '' || i < 3).join('\n'), args: [], description };
}
/** A matrix-vector shape: rows over the grid and block, columns over a serial tile loop between
 * them and a serial loop inside (`q = w * B + z`), each row folded in column order (an update
 * that depends on the order: the serial chain must keep it). */
function rowsSchedule(seed, r) {
    const N = r.int(1, 60), M = r.int(1, 60), B = r.pick([1, 2, 3, 4, 8, 16]), s = r.int(1, 3);
    const ceil = r.chance(0.7), guarded = ceil || r.chance(0.5);
    const fold = r.pick(['c[p] = c[p] * 3 % 100003 + a[p][q];', 'c[p] = c[p] + a[p][q] * (q % 3 + 1);']);
    const text = [
        '#include <stdio.h>', '#include <stdlib.h>', '', 'int main(int argc, char **argv)', '{',
        `    int N = argc > 1 ? atoi(argv[1]) : ${N};`, `    int M = argc > 2 ? atoi(argv[2]) : ${M};`,
        `    int B = ${B};`, `    int s = ${s};`,
        '    int a[N][M], c[N];',
        '    for (int p = 0; p < N; p++) { c[p] = p % 5; for (int q = 0; q < M; q++) a[p][q] = (p * 3 + q * 5) % 11 - 5; }',
        ceil ? '    int dim0 = (N + s * B - 1) / (s * B), dim1 = (M + B - 1) / B;' : '    int dim0 = N / (s * B), dim1 = M / B;',
        '    meta_schedule {',
        '        meta_for (int v = 0; v < dim0; v++)',
        '            for (int w = 0; w < dim1; w++)',
        '                meta_for (int u = 0; u < B; u++)',
        '                    for (int z = 0; z < B; z++)',
        '                        for (int k = 0; k < s; k++) {',
        '                            int p = (v * s + k) * B + u;',
        '                            int q = w * B + z;',
        guarded ? '                            if (p < N && q < M)' : '                            if (p >= 0)',
        `                                ${fold}`,
        '                        }',
        '    }',
        '    long sum = 0;',
        '    for (int p = 0; p < N; p++) sum += (long) (p % 7 + 1) * c[p];',
        '    printf("checksum=%ld\\n", sum);',
        '    return 0;', '}', '',
    ].join('\n');
    return { text, args: [], description: `rows N=${N} M=${M} B=${B} s=${s} ${ceil ? 'ceil' : 'floor'}${guarded ? ' guarded' : ''} ${fold}` };
}
/** The choices the dispatcher may make: every case with every candidate of each tunable parameter
 * (the whole product when it is small, else one parameter at a time, the others the program's). */
function choices(cases, tuned) {
    const lists = tuned.map(t => (t.role === 'granularity' ? dispatch_1.GRANULARITY_CANDIDATES : dispatch_1.BLOCK_CANDIDATES).map(v => `${t.name}=${v}`));
    const product = lists.reduce((acc, l) => acc.flatMap(a => l.map(v => [...a, v])), [[]]);
    const settings = product.length <= 200 ? product : [[], ...lists.flatMap(l => l.map(v => [v]))];
    const out = [];
    for (let k = 1; k <= cases; k++)
        for (const s of settings)
            out.push([`case=${k}`, ...s].join(';'));
    return out;
}
const REFUSED_CHOICE = /^metafork: METAFORK_DISPATCH_FORCE="[^"]*": not a choice on this device \(parameters outside their domains, more than T_B=\d+ threads a block, or more registers or shared memory than the case has\)$/m;
/** A program through `optimize -o`, built for the emulation and run once per choice the dispatcher
 * may make (and once unforced) with each argument list, against its serial elision (gcc -O2). */
async function checkEveryChoice(name, text, argLists, dir, order = 'shuffle:1') {
    const out = { runs: 0, cases: 0, casesRun: [], failures: [] };
    const r = await (0, index_2.optimizeText)(text, { fileName: `${name}.mfc`, registers: 'estimate' });
    if (!r.cuda)
        return { ...out, refused: r.diagnostics.map(d => d.message).join('; ') };
    const analysis = await (0, index_1.checkText)(text, `${name}.mfc`);
    const serial = (0, elide_1.elide)(analysis.model);
    analysis.syntax.dispose();
    const c = path.join(dir, `${name}.c`), cu = path.join(dir, `${name}.cu`), exe = path.join(dir, `${name}.emu`);
    fs.writeFileSync(c, serial);
    fs.writeFileSync(cu, r.cuda);
    await Promise.all([run('gcc', ['-std=gnu11', '-O2', '-o', `${c}.gcc`, c]), (0, build_1.buildEmulatedAsync)(cu, exe)]);
    const s = r.schedules[0];
    out.cases = s.cases.length;
    const tuned = s.tuning.tuned.map(n => ({ name: n, role: s.parameters.find(p => p.name === n)?.role === 'granularity' ? 'granularity' : 'block' }));
    for (const args of argLists) {
        const want = (await run(`${c}.gcc`, args)).stdout;
        for (const forced of [undefined, ...choices(s.cases.length, tuned)]) {
            const env = { ...process.env, MF_EMU_RACECHECK: '1', MF_EMU_ORDER: order, ...(forced ? { METAFORK_DISPATCH_FORCE: forced } : {}) };
            let got;
            try {
                got = await run(exe, args, { env, timeout: 60_000 });
            }
            catch (e) {
                const err = e;
                if (forced && REFUSED_CHOICE.test(err.stderr ?? ''))
                    continue;
                out.failures.push({ forced, message: `${args.join(' ')}: exit ${err.code}: ${(err.stderr ?? String(e)).trim().slice(0, 400)}` });
                return out;
            }
            out.runs++;
            const k = forced ? Number(/case=(\d+)/.exec(forced)[1]) : 0;
            if (k && !out.casesRun.includes(k))
                out.casesRun.push(k);
            if (got.stdout !== want) {
                out.failures.push({ forced, message: `${args.join(' ')}: printed ${JSON.stringify(got.stdout)}, gcc -O2 printed ${JSON.stringify(want)}` });
                return out;
            }
            if (/race|hazard/i.test(got.stderr)) {
                out.failures.push({ forced, message: `${args.join(' ')}: race reported: ${got.stderr.trim().slice(0, 400)}` });
                return out;
            }
        }
    }
    return out;
}
/** Checks the seeds in [from, to]: each program through `optimize -o`, every forced choice against gcc -O2. */
async function fuzzSchedules(from, to, options = {}) {
    const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mf-fuzz-schedules-'));
    const result = { checked: 0, runs: 0, refused: 0, wrong: 0, failures: [] };
    for (let seed = from; seed <= to; seed++) {
        const g = generateSchedule(seed);
        const fail = (message, forced) => { result.wrong++; result.failures.push({ seed, description: g.description, forced, message, program: g.text }); options.log?.(`seed ${seed}: ${g.description}${forced ? ` [${forced}]` : ''}: ${message}`); };
        try {
            const c = await checkEveryChoice(`s${seed}`, g.text, [g.args], dir, `shuffle:${seed}`);
            if (c.refused !== undefined) {
                result.refused++;
                options.log?.(`seed ${seed}: refused: ${c.refused}`);
                continue;
            }
            result.checked++;
            result.runs += c.runs;
            for (const f of c.failures)
                fail(f.message, f.forced);
            // Every tenth .cu also through nvcc (compile only): what g++ accepts for the emulation, nvcc must too.
            if (seed % 10 === 0 && (0, build_1.nvccAvailable)()) {
                try {
                    await (0, build_1.nvccCompileAsync)(path.join(dir, `s${seed}.cu`), path.join(dir, `s${seed}.o`));
                }
                catch (e) {
                    fail(`nvcc: ${e.message.slice(0, 600)}`);
                }
            }
        }
        catch (e) {
            fail(`internal: ${e.message.slice(0, 600)}`);
        }
    }
    return result;
}
//# sourceMappingURL=schedules.js.map