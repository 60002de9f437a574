// The GPU benchmark's instrumentation (./timing): the exact text of the timing rewrite on a small
// CUDA program, its refusals, and the repeating driver of a serial program built with gcc and run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KERNEL_LINE, REPEAT_VARIABLE, SERIAL_LINE, timeKernels, timeSerial } from './timing';

const gcc = spawnSync('gcc', ['--version']).status === 0 ? false : 'gcc not found';

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

test('timeKernels: every launch between mfBenchBefore and mfBenchAfter on its stream, main renamed and run by the driver', () => {
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
  const out = timeKernels(cu, 'sample.cu');
  const line = out.indexOf('#line 1 "sample.cu"\n');
  assert.ok(out.startsWith('/* metafork bench:gpu: every kernel launch below is wrapped as\n'));
  assert.match(out.slice(0, line), new RegExp(`fprintf\\(stderr, "${KERNEL_LINE} %\\.6f launches: %ld\\\\n", mf_bench_ms, mf_bench_launches\\)`));
  assert.equal(out.slice(line), `#line 1 "sample.cu"
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

test('the instrumentation refuses what it would time wrongly: no launch, no main, a main it cannot call', () => {
  assert.throws(() => timeKernels('int main(void) { return 0; }\n', 'none.cu'), /^Error: none\.cu: no kernel launch to time$/);
  assert.throws(() => timeKernels('__global__ void k() {}\nvoid f() { k<<<1, 1>>>(); }\n', 'lib.cu'), /^Error: lib\.cu: no 'int main\(\.\.\.\) \{' to run repeatedly$/);
  assert.throws(() => timeKernels('__global__ void k() {}\nint main(int argc, char **argv, char **envp) { k<<<1, 1>>>(); return 0; }\n', 'env.cu'),
    /^Error: env\.cu: main\(int argc, char \*\*argv, char \*\*envp\): expected main\(void\) or main\(int, char \*\*\)$/);
  assert.throws(() => timeSerial('int main(void) { return 0; }\n', 'plain.c'), /^Error: plain\.c: no timed region$/);
});

test(`timeSerial: ${REPEAT_VARIABLE}=3 runs main three times in one process, each printing its output and its time`, { skip: gcc }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-timing-'));
  const c = timeSerial(`#include <stdio.h>
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
  assert.match(c, /\nstatic int mf_bench_main\(void\)\n/);
  assert.match(c, /\n    \(void\) argc; \(void\) argv;\n    for \(int mf_bench_run = 0;[^]*mf_bench_main\(\);/);
  fs.writeFileSync(path.join(dir, 'serial.c'), c);
  const build = spawnSync('gcc', ['-O2', '-Wall', '-Werror', '-o', path.join(dir, 'serial'), path.join(dir, 'serial.c')], { encoding: 'utf8' });
  assert.equal(build.status, 0, build.stderr);
  const r = spawnSync(path.join(dir, 'serial'), [], { encoding: 'utf8', env: { ...process.env, [REPEAT_VARIABLE]: '3' } });
  assert.equal(r.status, 0);
  // The file-scope counter goes on from run to run: what runner.py's references account for.
  assert.equal(r.stdout, 'serial: call 1 sum=499500\nserial: call 2 sum=499500\nserial: call 3 sum=499500\n');
  assert.match(r.stderr, new RegExp(`^(${SERIAL_LINE} \\d+\\.\\d{6}\\n){3}$`));
});
