"use strict";
// The GPU benchmark's instrumentation of a program's text (issue 24): every kernel launch timed with
// CUDA events, the serial program's schedule timed with the clock, and a `main` that runs the
// program several times in one process, so that a CUDA context is made once per measurement and
// not once per run. The lines the programs print are the contract with runner.py, which parses them.
Object.defineProperty(exports, "__esModule", { value: true });
exports.STREAM_VARIABLE = exports.REPEAT_VARIABLE = exports.SERIAL_LINE = exports.KERNEL_LINE = void 0;
exports.timeKernels = timeKernels;
exports.timedByItself = timedByItself;
exports.timeSerial = timeSerial;
const rewrite_1 = require("../../cuda/emu/rewrite");
/** Printed on standard error after each run of a timed CUDA program: the sum of its kernels' times
 * (each launch between two events) and how many launches it made. */
exports.KERNEL_LINE = 'metafork-kernel-ms:';
/** Printed on standard error after each run of a serial program: the time of its timed region. */
exports.SERIAL_LINE = 'metafork-serial-ms:';
/** How many times the program runs in one process (the first is the warm-up). */
exports.REPEAT_VARIABLE = 'METAFORK_BENCH_REPEAT';
/** Set to 1, a run's launches are timed as one span, not waited for one by one (STREAM_TIMER). */
exports.STREAM_VARIABLE = 'METAFORK_BENCH_STREAM';
/** The helpers a timed CUDA program calls. Each launch is synchronized on: the events then measure
 * that kernel alone, and an error of the kernel itself (an illegal address) surfaces at its launch.
 * With ${STREAM_VARIABLE}=1 the launches go back to back as the program issues them, one pair of
 * events from the first one's start to the last one's end: the difference is what waiting for each
 * launch costs, the per-launch overhead a cost model must not take for the kernels' own time. */
const KERNEL_TIMER = `/* metafork bench:gpu: every kernel launch below is wrapped as
 * (mfBenchBefore(stream), k<<<...>>>(...), mfBenchAfter(stream)): CUDA events around the launch,
 * the launch's own error checked, the kernel waited for; each run prints the sum of the kernels'
 * times on standard error ("${exports.KERNEL_LINE} <ms> launches: <n>"). With ${exports.STREAM_VARIABLE}=1, one
 * span from the first launch's start to the last one's end, the launches not waited for. */
#include <stdio.h>
#include <stdlib.h>
#define mfBenchCheck(call) do { \\
    cudaError_t mf_bench_status_ = (call); \\
    if (mf_bench_status_ != cudaSuccess) { \\
        fprintf(stderr, "%s:%d: CUDA error: %s\\n", __FILE__, __LINE__, cudaGetErrorString(mf_bench_status_)); \\
        exit(1); \\
    } \\
} while (0)
static cudaEvent_t mf_bench_start, mf_bench_stop;
static double mf_bench_ms;
static long mf_bench_launches;
static int mf_bench_stream, mf_bench_open;
static void mfBenchBefore(cudaStream_t stream)
{
    if (!mf_bench_start) {
        mfBenchCheck(cudaEventCreate(&mf_bench_start));
        mfBenchCheck(cudaEventCreate(&mf_bench_stop));
        mf_bench_stream = getenv("${exports.STREAM_VARIABLE}") && atoi(getenv("${exports.STREAM_VARIABLE}")) == 1;
    }
    if (!mf_bench_stream || !mf_bench_open) mfBenchCheck(cudaEventRecord(mf_bench_start, stream));
    mf_bench_open = 1;
}
static void mfBenchSpan(void)
{
    float ms = 0;
    mfBenchCheck(cudaEventSynchronize(mf_bench_stop));
    mfBenchCheck(cudaEventElapsedTime(&ms, mf_bench_start, mf_bench_stop));
    mf_bench_ms += ms;
    mf_bench_open = 0;
}
static void mfBenchAfter(cudaStream_t stream)
{
    mfBenchCheck(cudaGetLastError());
    mfBenchCheck(cudaEventRecord(mf_bench_stop, stream));
    mf_bench_launches++;
    if (!mf_bench_stream) mfBenchSpan();
}
static void mfBenchReset(void) { mf_bench_ms = 0; mf_bench_launches = 0; }
static void mfBenchReport(void)
{
    if (mf_bench_open) mfBenchSpan();
    fprintf(stderr, "${exports.KERNEL_LINE} %.6f launches: %ld\\n", mf_bench_ms, mf_bench_launches);
    fflush(stderr);
}
`;
/** The helpers a timed serial program calls around the region it times. */
const SERIAL_TIMER = `/* metafork bench:gpu: the region between mfBenchSerialBegin() and mfBenchSerialEnd() is timed
 * with CLOCK_MONOTONIC; each run prints its time on standard error ("${exports.SERIAL_LINE} <ms>"). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double mf_bench_ms;
static struct timespec mf_bench_t0;
static void mfBenchSerialBegin(void) { clock_gettime(CLOCK_MONOTONIC, &mf_bench_t0); }
static void mfBenchSerialEnd(void)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    mf_bench_ms += (double) (t1.tv_sec - mf_bench_t0.tv_sec) * 1e3 + (double) (t1.tv_nsec - mf_bench_t0.tv_nsec) / 1e6;
}
static void mfBenchReset(void) { mf_bench_ms = 0; }
static void mfBenchReport(void) { fprintf(stderr, "${exports.SERIAL_LINE} %.6f\\n", mf_bench_ms); fflush(stderr); }
`;
/** The driver replacing `main`: the program's own main, renamed, run ${REPEAT_VARIABLE} times. */
function driver(withArguments) {
    return `
/* metafork bench:gpu: ${exports.REPEAT_VARIABLE}=R runs the program's main R times in this process (one
 * CUDA context for all; runner.py takes the first run as the warm-up), each run printing its time. */
int main(int argc, char **argv)
{
    const char *mf_bench_repeat = getenv("${exports.REPEAT_VARIABLE}");
    const int mf_bench_runs = mf_bench_repeat ? atoi(mf_bench_repeat) : 1;
    ${withArguments ? '' : '(void) argc; (void) argv;\n    '}for (int mf_bench_run = 0; mf_bench_run < mf_bench_runs; mf_bench_run++) {
        mfBenchReset();
        const int mf_bench_status = mf_bench_main(${withArguments ? 'argc, argv' : ''});
        fflush(stdout);
        mfBenchReport();
        if (mf_bench_status != 0) return mf_bench_status;
    }
    return 0;
}
`;
}
/** `main` renamed to a static `mf_bench_main` and the driver appended; the helpers go first, then a
 * `#line` so that compilers report the program's own lines. */
function withDriver(text, helpers, fileName) {
    const m = /\bint\s+main\s*\(([^()]*)\)\s*\{/.exec((0, rewrite_1.mask)(text));
    if (!m)
        throw new Error(`${fileName}: no 'int main(...) {' to run repeatedly`);
    const parameters = text.slice(m.index + m[0].indexOf('(') + 1, m.index + m[0].lastIndexOf(')')).trim();
    const withArguments = parameters !== '' && parameters !== 'void';
    if (withArguments && !/^int\s+\w+\s*,\s*char\s*(\*\s*\*\s*\w+|\*\s*\w+\s*\[\s*\])$/.test(parameters)) {
        throw new Error(`${fileName}: main(${parameters}): expected main(void) or main(int, char **)`);
    }
    const name = m.index + m[0].indexOf('main');
    const renamed = `${text.slice(0, m.index)}static ${text.slice(m.index, name)}mf_bench_main${text.slice(name + 'main'.length)}`;
    return `${helpers}#line 1 ${JSON.stringify(fileName)}\n${renamed}${driver(withArguments)}`;
}
/** A CUDA program with every kernel launch timed (`KERNEL_TIMER`) and run by the driver. A program
 * without a launch is refused: it would print a time of 0 and look fast. */
function timeKernels(cu, fileName) {
    const launches = (0, rewrite_1.findLaunches)(cu);
    if (!launches.length)
        throw new Error(`${fileName}: no kernel launch to time`);
    let out = '';
    let at = 0;
    for (const l of launches) {
        const stream = l.config[3]?.trim() ?? '0';
        out += `${cu.slice(at, l.start)}(mfBenchBefore(${stream}), ${cu.slice(l.start, l.end)}, mfBenchAfter(${stream}))`;
        at = l.end;
    }
    return withDriver(out + cu.slice(at), KERNEL_TIMER, fileName);
}
/** A CUDA program that times its library calls itself between mfBenchBefore(0) and mfBenchAfter(0)
 * (the cuBLAS programs), run by the driver. */
function timedByItself(cu, fileName) {
    if (!/\bmfBenchBefore\(/.test((0, rewrite_1.mask)(cu)))
        throw new Error(`${fileName}: nothing between mfBenchBefore and mfBenchAfter`);
    return withDriver(cu, KERNEL_TIMER, fileName);
}
/** A serial C program whose regions between `mfBenchSerialBegin();` and `mfBenchSerialEnd();`
 * (already inserted) are timed, run by the driver. */
function timeSerial(c, fileName) {
    if (!/\bmfBenchSerialBegin\(\);[^]*\bmfBenchSerialEnd\(\);/.test((0, rewrite_1.mask)(c)))
        throw new Error(`${fileName}: no timed region`);
    return withDriver(c, SERIAL_TIMER, fileName);
}
//# sourceMappingURL=timing.js.map