"use strict";
// runner.py without a GPU: a folder of stand-in programs built with gcc (a serial program timed by
// the real instrumentation, and programs that print kernel times, a right or wrong result, a
// dispatcher's choice, or fail) and a stand-in compute-sanitizer, run by the runner; results.json
// checked field by field, and a spent time budget recorded as skipped checks and runs.
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
const helpers_1 = require("../../helpers");
const timing_1 = require("./timing");
const python = (0, child_process_1.spawnSync)('python3', ['--version']).status === 0 && (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 ? false : 'python3 or gcc not found';
const SERIAL = `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    long s = 0;
    mfBenchSerialBegin();
    for (int i = 0; i < n; i++) s += i;
    mfBenchSerialEnd();
    printf("fake: n=%d checksum=%ld\\n", n, s);
    return 0;
}
`;
/** A stand-in for a timed CUDA program: kernel times 9, 1, 2, 3, 4, 5 ms (times argv[2]), a tenth
 * of them with its launches timed back to back (${STREAM_VARIABLE}=1). */
const kernelProgram = (offset, status, dispatch = '') => `#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 10;
    const int runs = getenv("${timing_1.REPEAT_VARIABLE}") ? atoi(getenv("${timing_1.REPEAT_VARIABLE}")) : 1;
    const double ms[] = {9, 1, 2, 3, 4, 5};
    const double scale = getenv("${timing_1.STREAM_VARIABLE}") ? 0.1 : 1;
    for (int r = 0; r < runs; r++) {
        printf("fake: n=%d checksum=%ld\\n", n, (long) n * (n - 1) / 2 + ${offset});
        fflush(stdout);
        ${dispatch}
        fprintf(stderr, "metafork-kernel-ms: %.6f launches: 2\\n", ms[r % 6] * scale * (argc > 2 ? atoi(argv[2]) : 1));
    }
    return ${status};
}
`;
function folder() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-runner-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.copyFileSync(path.join(helpers_1.ROOT, 'test', 'bench', 'gpu', 'runner.py'), path.join(dir, 'runner.py'));
    const programs = {
        'fake.serial': (0, timing_1.timeSerial)(SERIAL, 'fake.serial.c'),
        'fake.global': kernelProgram(0, 0),
        'fake.shared': kernelProgram(1, 0),
        'fake.dispatcher': kernelProgram(0, 0, 'fprintf(stderr, "metafork: schedule at line 3: case 2 B=64 estimate=100 cycles (R_B=255)\\n");'),
        'fake.baseline': kernelProgram(0, 3),
    };
    for (const [name, text] of Object.entries(programs))
        fs.writeFileSync(path.join(dir, 'src', `${name}.c`), text);
    const reference = (argv) => ({ program: 'fake.serial', argv, repeat: 1 });
    const run = (kind, size, format, argv) => ({ program: `fake.${kind}`, benchmark: 'fake', kind, size, format, argv, reference: reference([size]), quick: true });
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({
        repeatVariable: timing_1.REPEAT_VARIABLE, streamVariable: timing_1.STREAM_VARIABLE, repeat: 6, notes: [], refusals: [],
        checks: ['fake.global', 'fake.shared'].map(program => ({ program, argv: ['100'], reference: reference(['100']) })),
        benchmarks: [{ name: 'fake', title: 'fake', origin: 'none', blocks: ['B'], formats: ['2'], sizes: [{ label: '100', argv: ['100'] }, { label: '7', argv: ['7'] }], small: [], state: [], notes: [] }],
        programs: Object.keys(programs).map(name => ({ name, benchmark: 'fake', kind: name.split('.')[1], source: `src/${name}.c`, compiler: 'gcc', libraries: [] })),
        runs: [
            run('global', '100', '2', ['100', '2']), run('shared', '100', '2', ['100', '2']), run('dispatcher', '100', 'chosen', ['100']),
            run('baseline', '100', '32', ['100']), run('global', '7', '2', ['7', '2']),
        ],
    }));
    // A stand-in for compute-sanitizer: runs the program; racecheck finds a hazard in fake.shared.
    fs.mkdirSync(path.join(dir, 'bin'));
    fs.writeFileSync(path.join(dir, 'bin', 'compute-sanitizer'), `#!/bin/bash
tool=$2; shift 4
[ "$1" = --racecheck-report ] && shift 2
"$@"; rc=$?
if [[ $1 == *shared && $tool == racecheck ]]; then echo "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)"; exit 99; fi
echo "========= ERROR SUMMARY: 0 errors"
exit $rc
`, { mode: 0o755 });
    return dir;
}
function runner(dir, ...args) {
    const out = path.join(dir, 'results.json');
    const r = (0, child_process_1.spawnSync)('python3', [path.join(dir, 'runner.py'), '--arch', 'sm_90', '--check-jobs', '2', '--out', out, ...args], { encoding: 'utf8', env: { ...process.env, PATH: `${path.join(dir, 'bin')}:/usr/bin:/bin` } });
    strict_1.default.equal(r.status, 0, r.stdout + r.stderr);
    return { stdout: r.stdout, results: JSON.parse(fs.readFileSync(out, 'utf8')) };
}
(0, node_test_1.test)('runner.py: medians after the warm-up, outputs against the serial program, the dispatcher\'s choice, a failing program recorded, sanitizer verdicts, a spent budget (gcc and compute-sanitizer stand-ins, no GPU)', { skip: python }, () => {
    const dir = folder();
    const { stdout, results } = runner(dir);
    // Five programs, and the context holder where nvcc is installed.
    strict_1.default.match(stdout, /^built ([56]) of \1 programs in [\d.]+ s /);
    strict_1.default.match(stdout, /\n4 of 5 measured \(1 wrong results, 0 skipped by the budget\) in /);
    strict_1.default.equal(results.device, null);
    strict_1.default.match(stdout, /\n2 of 4 sanitizer runs clean, at /);
    strict_1.default.deepEqual(results.checks.map((c) => { const { wall_s: _, error, ...rest } = c; return { ...rest, error: typeof error }; }), [
        { program: 'fake.global', tool: 'racecheck', argv: ['100'], rc: 0, summary: 'ERROR SUMMARY: 0 errors', output_ok: true, clean: true, error: 'undefined' },
        { program: 'fake.global', tool: 'memcheck', argv: ['100'], rc: 0, summary: 'ERROR SUMMARY: 0 errors', output_ok: true, clean: true, error: 'undefined' },
        { program: 'fake.shared', tool: 'racecheck', argv: ['100'], rc: 99, summary: 'RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)', output_ok: false, clean: false, error: 'string' },
        { program: 'fake.shared', tool: 'memcheck', argv: ['100'], rc: 0, summary: 'ERROR SUMMARY: 0 errors', output_ok: false, clean: false, error: 'undefined' },
    ]);
    strict_1.default.deepEqual(results.references.map((r) => [r.program, r.argv, r.output, r.times_ms.length, r.median_ms === r.times_ms[0]]), [
        ['fake.serial', ['100'], ['fake: n=100 checksum=4950'], 1, true],
        ['fake.serial', ['7'], ['fake: n=7 checksum=21'], 1, true],
    ]);
    const runs = results.runs.map((r) => { const { wall_s: _, ...rest } = r; return rest; });
    const common = { benchmark: 'fake', size: '100', rc: 0, launches: 2 };
    strict_1.default.deepEqual(runs, [
        { ...common, program: 'fake.global', kind: 'global', format: '2', argv: ['100', '2'], times_ms: [18, 2, 4, 6, 8, 10], checksum_ok: true, warmup_ms: 18, median_ms: 6 },
        { ...common, program: 'fake.shared', kind: 'shared', format: '2', argv: ['100', '2'], times_ms: [18, 2, 4, 6, 8, 10], checksum_ok: false, warmup_ms: 18, median_ms: 6 },
        { ...common, program: 'fake.dispatcher', kind: 'dispatcher', format: 'chosen', argv: ['100'], times_ms: [9, 1, 2, 3, 4, 5], checksum_ok: true, dispatch: { case: 2, values: { B: '64' } }, warmup_ms: 9, median_ms: 3 },
        { ...common, program: 'fake.baseline', kind: 'baseline', format: '32', argv: ['100'], rc: 3, times_ms: [9, 1, 2, 3, 4, 5], checksum_ok: true, error: 'exit status 3' },
        { ...common, program: 'fake.global', kind: 'global', size: '7', format: '2', argv: ['7', '2'], times_ms: [18, 2, 4, 6, 8, 10], checksum_ok: true, warmup_ms: 18, median_ms: 6 },
    ]);
    // No time left: every check and measurement is recorded as skipped, none is run.
    const spent = runner(dir, '--budget', '0').results;
    strict_1.default.deepEqual(spent.checks.map((c) => [c.program, c.tool, c.skipped]), [
        ['fake.global', 'racecheck', 'time budget spent'], ['fake.global', 'memcheck', 'time budget spent'],
        ['fake.shared', 'racecheck', 'time budget spent'], ['fake.shared', 'memcheck', 'time budget spent'],
    ]);
    strict_1.default.deepEqual(spent.runs.map((r) => [r.program, r.skipped]), [
        ['fake.global', 'time budget spent'], ['fake.shared', 'time budget spent'], ['fake.dispatcher', 'time budget spent'],
        ['fake.baseline', 'time budget spent'], ['fake.global', 'time budget spent'],
    ]);
    // --only: the runs whose 'PROGRAM FORMAT' the expression finds, the checks whose program; the
    // references those runs need and no others.
    const only = runner(dir, '--only', String.raw `\.(global|baseline)( 32)?$`);
    strict_1.default.match(only.stdout, /\n2 of 2 sanitizer runs clean, at /);
    strict_1.default.deepEqual(only.results.checks.map((c) => [c.program, c.tool]), [['fake.global', 'racecheck'], ['fake.global', 'memcheck']]);
    strict_1.default.deepEqual(only.results.runs.map((r) => [r.program, r.size]), [['fake.baseline', '100']]);
    strict_1.default.deepEqual(only.results.references.map((r) => [r.program, r.argv]), [['fake.serial', ['100']]]);
    // --stream: the programs see the variable; their runs say how they were timed.
    const stream = runner(dir, '--stream', '--no-checks', '--only', String.raw `^fake\.global 2$`).results;
    strict_1.default.equal(stream.timing, 'stream');
    strict_1.default.deepEqual(stream.runs.map((r) => [r.size, r.timing, r.median_ms]), [['100', 'stream', 0.6], ['7', 'stream', 0.6]]);
    strict_1.default.equal(only.results.timing, 'launch');
    strict_1.default.equal(only.results.only, String.raw `\.(global|baseline)( 32)?$`);
});
//# sourceMappingURL=runner.test.js.map