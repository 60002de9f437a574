"use strict";
// The GPU benchmark's instrumentation (./timing): the exact text of the timing rewrite on a small
// CUDA program, its refusals, and the repeating driver of a serial program built with gcc and run.
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
const timing_1 = require("./timing");
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 ? false : 'gcc not found';
const DRIVER = `
/* metafork bench:gpu: METAFORK_BENCH_REPEAT=R runs the program's main R times in this process (one
 * CUDA context for all; runner.py takes the first run as the warm-up), each run printing its time. */
int main(int argc, char **argv)
{
    const char *mf_bench_repeat = getenv("METAFORK_BENCH_REPEAT");
    const int mf_bench_runs = mf_bench_repeat ? atoi(mf_bench_repeat) : 1;
    for (int mf_bench_run = 0; mf_bench_run < mf_bench_runs; mf_bench_run++) {
        mfBenchReset();
        const int mf_bench_status = mf_bench_main(argc, argv);
        fflush(stdout);
        mfBenchReport();
        if (mf_bench_status != 0) return mf_bench_status;
    }
    return 0;
}
`;
(0, node_test_1.test)('timeKernels: every launch between mfBenchBefore and mfBenchAfter on its stream, main renamed and run by the driver', () => {
    const cu = `#include <stdio.h>
__global__ void k(int *a, int n) { if (threadIdx.x < n) a[threadIdx.x] = n; }
int main(int argc, char **argv)
{
    int *d = 0;
    cudaStream_t s = 0;
    k<<<1, 32>>>(d, argc);
    for (int t = 0; t < 2; t++)
        k <<< dim3(1), dim3(32), 0, s >>> (d, /* n, not >>> */ t);
    printf("k: launched\\n");
    return 0;
}
`;
    const out = (0, timing_1.timeKernels)(cu, 'sample.cu');
    const line = out.indexOf('#line 1 "sample.cu"\n');
    strict_1.default.ok(out.startsWith('/* metafork bench:gpu: every kernel launch below is wrapped as\n'));
    strict_1.default.match(out.slice(0, line), new RegExp(`fprintf\\(stderr, "${timing_1.KERNEL_LINE} %\\.6f launches: %ld\\\\n", mf_bench_ms, mf_bench_launches\\)`));
    strict_1.default.equal(out.slice(line), `#line 1 "sample.cu"
#include <stdio.h>
__global__ void k(int *a, int n) { if (threadIdx.x < n) a[threadIdx.x] = n; }
static int mf_bench_main(int argc, char **argv)
{
    int *d = 0;
    cudaStream_t s = 0;
    (mfBenchBefore(0), k<<<1, 32>>>(d, argc), mfBenchAfter(0));
    for (int t = 0; t < 2; t++)
        (mfBenchBefore(s), k <<< dim3(1), dim3(32), 0, s >>> (d, /* n, not >>> */ t), mfBenchAfter(s));
    printf("k: launched\\n");
    return 0;
}
${DRIVER}`);
});
(0, node_test_1.test)('the instrumentation refuses what it would time wrongly: no launch, no main, a main it cannot call', () => {
    strict_1.default.throws(() => (0, timing_1.timeKernels)('int main(void) { return 0; }\n', 'none.cu'), /^Error: none\.cu: no kernel launch to time$/);
    strict_1.default.throws(() => (0, timing_1.timeKernels)('__global__ void k() {}\nvoid f() { k<<<1, 1>>>(); }\n', 'lib.cu'), /^Error: lib\.cu: no 'int main\(\.\.\.\) \{' to run repeatedly$/);
    strict_1.default.throws(() => (0, timing_1.timeKernels)('__global__ void k() {}\nint main(int argc, char **argv, char **envp) { k<<<1, 1>>>(); return 0; }\n', 'env.cu'), /^Error: env\.cu: main\(int argc, char \*\*argv, char \*\*envp\): expected main\(void\) or main\(int, char \*\*\)$/);
    strict_1.default.throws(() => (0, timing_1.timeSerial)('int main(void) { return 0; }\n', 'plain.c'), /^Error: plain\.c: no timed region$/);
});
(0, node_test_1.test)(`timeSerial: ${timing_1.REPEAT_VARIABLE}=3 runs main three times in one process, each printing its output and its time`, { skip: gcc }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-timing-'));
    const c = (0, timing_1.timeSerial)(`#include <stdio.h>
static int calls;
int main(void)
{
    long s = 0;
    mfBenchSerialBegin();
    for (int i = 0; i < 1000; i++) s += i;
    mfBenchSerialEnd();
    printf("serial: call %d sum=%ld\\n", ++calls, s);
    return 0;
}
`, 'serial.c');
    // main(void) is called without arguments.
    strict_1.default.match(c, /\nstatic int mf_bench_main\(void\)\n/);
    strict_1.default.match(c, /\n    \(void\) argc; \(void\) argv;\n    for \(int mf_bench_run = 0;[^]*mf_bench_main\(\);/);
    fs.writeFileSync(path.join(dir, 'serial.c'), c);
    const build = (0, child_process_1.spawnSync)('gcc', ['-O2', '-Wall', '-Werror', '-o', path.join(dir, 'serial'), path.join(dir, 'serial.c')], { encoding: 'utf8' });
    strict_1.default.equal(build.status, 0, build.stderr);
    const r = (0, child_process_1.spawnSync)(path.join(dir, 'serial'), [], { encoding: 'utf8', env: { ...process.env, [timing_1.REPEAT_VARIABLE]: '3' } });
    strict_1.default.equal(r.status, 0);
    // The file-scope counter goes on from run to run: what runner.py's references account for.
    strict_1.default.equal(r.stdout, 'serial: call 1 sum=499500\nserial: call 2 sum=499500\nserial: call 3 sum=499500\n');
    strict_1.default.match(r.stderr, new RegExp(`^(${timing_1.SERIAL_LINE} \\d+\\.\\d{6}\\n){3}$`));
});
//# sourceMappingURL=timing.test.js.map