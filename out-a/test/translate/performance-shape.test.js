"use strict";
// MetaFork -> OpenMP keeps the shape a person writes, so that translated code runs as fast as
// hand-written OpenMP: a parallel loop run by a team that already exists (main wrapped in
// parallel + single, code reached from a spawn or from another parallel loop) is a taskloop,
// never a nested parallel region; `parallel for` only where no team runs yet (scheduled
// dynamically when its iterations cost unevenly); no omp_set_max_active_levels unless the file
// opens parallel regions itself. The bench programs (test/bench/programs) keep these shapes; the
// bench times them against hand-written OpenMP. Translated programs run at 1, 2 and 4 threads.
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
const index_1 = require("../../server/src/translate/index");
const elide_1 = require("../../server/src/model/elide");
const helpers_1 = require("../helpers");
const gcc_1 = require("../differential/gcc");
const translated_1 = require("../bench/translated");
async function toOpenmp(text, file) {
    const r = await (0, index_1.translateText)(text, 'openmp', { fileName: file });
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
    return r.text;
}
/** The translation, built with gcc -O2 -fopenmp, prints at 1, 2 and 4 threads what the serial elision prints. */
async function runsAsElided(source, translated, name, file = `${name}.mfc`) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-shape-'));
    try {
        const { model } = await (0, helpers_1.checkSource)(source, file);
        fs.writeFileSync(path.join(dir, 'elided.c'), (0, elide_1.elide)(model));
        fs.writeFileSync(path.join(dir, 'omp.c'), translated);
        (0, gcc_1.gcc)(path.join(dir, 'elided.c'), path.join(dir, 'elided'), gcc_1.OPTIMIZED);
        (0, gcc_1.gcc)(path.join(dir, 'omp.c'), path.join(dir, 'omp'), [...gcc_1.OPTIMIZED, '-fopenmp'], translated);
        const expected = (0, gcc_1.run)(path.join(dir, 'elided'));
        for (const threads of gcc_1.THREADS)
            strict_1.default.equal((0, gcc_1.run)(path.join(dir, 'omp'), threads), expected, `${name} at ${threads} threads`);
    }
    finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
const SCAN = [
    '#include <stdio.h>',
    '',
    'static void scan(long *a, long n)',
    '{',
    '    if (n <= 64) {',
    '        for (long i = 1; i < n; i++)',
    '            a[i] += a[i - 1];',
    '        return;',
    '    }',
    '    long h = n / 2;',
    '    meta_fork scan(a, h);',
    '    scan(a + h, n - h);',
    '    meta_join;',
    '    long carry = a[h - 1];',
    '    meta_for (long i = h; i < n; i++)',
    '        a[i] += carry;',
    '}',
    '',
    'int main(void)',
    '{',
    '    long a[1000], last = 0, sum = 0;',
    '    int k;',
    '    meta_for (long i = 0; i < 1000; i++)',
    '        a[i] = i % 7;',
    '    scan(a, 1000);',
    '    meta_for (k = 0; k != 999; k += 3)',
    '        if (k == 501)',
    '            last = a[k];',
    '    #pragma meta grainsize = 100',
    '    meta_for reduction(+: sum) (long i = 0; i < 1000; i++)',
    '        sum += a[i];',
    '    printf("%ld %ld %d\\n", sum, last, k);',
    '    return 0;',
    '}',
].join('\n') + '\n';
(0, node_test_1.test)('a divide-and-conquer scan: taskloops of the one team (shared, lastprivate, reduction, grainsize)', async () => {
    const out = await toOpenmp(SCAN, 'scan.mfc');
    strict_1.default.equal(out, [
        '#include <stdio.h>',
        '',
        'static void scan(long *a, long n)',
        '{',
        '    if (n <= 64) {',
        '        for (long i = 1; i < n; i++)',
        '            a[i] += a[i - 1];',
        '        return;',
        '    }',
        '    long h = n / 2;',
        '    #pragma omp task',
        '    scan(a, h);',
        '    scan(a + h, n - h);',
        '    #pragma omp taskwait',
        '    long carry = a[h - 1];',
        '    #pragma omp taskloop',
        '    for (long i = h; i < n; i++)',
        '        a[i] += carry;',
        '}',
        '',
        'int main(void)',
        '{',
        '    long a[1000], last = 0, sum = 0;',
        '    int k;',
        '    /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
        '    #pragma omp parallel',
        '    #pragma omp single',
        '    {',
        '        #pragma omp taskloop shared(a)',
        '        for (long i = 0; i < 1000; i++)',
        '            a[i] = i % 7;',
        '        scan(a, 1000);',
        '        #pragma omp taskloop shared(last, a) lastprivate(k)',
        '        for (k = 0; k < 999; k += 3)',
        '            if (k == 501)',
        '                last = a[k];',
        '        #pragma omp taskloop shared(a) reduction(+: sum) grainsize(100)',
        '        for (long i = 0; i < 1000; i++)',
        '            sum += a[i];',
        '    }',
        '    printf("%ld %ld %d\\n", sum, last, k);',
        '    return 0;',
        '}',
    ].join('\n') + '\n');
    await runsAsElided(SCAN, out, 'scan');
});
const LOOPS = [
    '#include <stdio.h>',
    '',
    'static int collatz(int x)',
    '{',
    '    int s = 0;',
    '    while (x != 1) {',
    '        x = x % 2 ? 3 * x + 1 : x / 2;',
    '        s++;',
    '    }',
    '    return s;',
    '}',
    '',
    'int main(void)',
    '{',
    '    int m[8][8], steps[64];',
    '    meta_for (int i = 0; i < 8; i++)',
    '        meta_for (int j = 0; j < 8; j++)',
    '            m[i][j] = i * j;',
    '    meta_for (int i = 0; i < 64; i++) {',
    '        int x = i + 27, s = 0;',
    '        while (x != 1) {',
    '            x = x % 2 ? 3 * x + 1 : x / 2;',
    '            s++;',
    '        }',
    '        steps[i] = s;',
    '    }',
    '    long t = 0;',
    '    for (int i = 0; i < 64; i++)',
    '        t += steps[i] + m[i / 8][i % 8] + collatz(i + 1);',
    '    printf("%ld\\n", t);',
    '    return 0;',
    '}',
].join('\n') + '\n';
(0, node_test_1.test)('no spawns: parallel for where no team runs yet, taskloop inside it, schedule(dynamic) if uneven', async () => {
    const out = await toOpenmp(LOOPS, 'loops.mfc');
    strict_1.default.equal(out, [
        '#include <stdio.h>',
        '',
        'static int collatz(int x)',
        '{',
        '    int s = 0;',
        '    while (x != 1) {',
        '        x = x % 2 ? 3 * x + 1 : x / 2;',
        '        s++;',
        '    }',
        '    return s;',
        '}',
        '',
        'int main(void)',
        '{',
        '    int m[8][8], steps[64];',
        '    #pragma omp parallel for',
        '    for (int i = 0; i < 8; i++)',
        '        {',
        '            #pragma omp taskloop shared(m)',
        '            for (int j = 0; j < 8; j++)',
        '            m[i][j] = i * j;',
        '        }',
        '    #pragma omp parallel for schedule(dynamic)',
        '    for (int i = 0; i < 64; i++) {',
        '        int x = i + 27, s = 0;',
        '        while (x != 1) {',
        '            x = x % 2 ? 3 * x + 1 : x / 2;',
        '            s++;',
        '        }',
        '        steps[i] = s;',
        '    }',
        '    long t = 0;',
        '    for (int i = 0; i < 64; i++)',
        '        t += steps[i] + m[i / 8][i % 8] + collatz(i + 1);',
        '    printf("%ld\\n", t);',
        '    return 0;',
        '}',
    ].join('\n') + '\n');
    await runsAsElided(LOOPS, out, 'loops');
});
const CILK = [
    '#include <stdio.h>',
    '#include <cilk/cilk.h>',
    '',
    'static void fill(long *a, int n, int k)',
    '{',
    '    #pragma cilk grainsize = 128',
    '    cilk_for (int i = 0; i < n; i++)',
    '        a[i] = i * k;',
    '}',
    '',
    'int main(void)',
    '{',
    '    long a[1000], b[1000], t = 0;',
    '    cilk_spawn fill(a, 1000, 2);',
    '    fill(b, 1000, 3);',
    '    cilk_sync;',
    '    cilk_for (int i = 0; i < 1000; i++)',
    '        b[i] += a[i];',
    '    for (int i = 0; i < 1000; i++)',
    '        t += b[i];',
    '    printf("%ld\\n", t);',
    '    return 0;',
    '}',
].join('\n') + '\n';
(0, node_test_1.test)('CilkPlus: a cilk_for in spawned code or in the parallel region of main is a taskloop (grainsize kept)', async () => {
    const out = await toOpenmp(CILK, 'cilk.c');
    strict_1.default.equal(out, [
        '#include <stdio.h>',
        '',
        'static void fill(long *a, int n, int k)',
        '{',
        '    #pragma omp taskloop grainsize(128)',
        '    for (int i = 0; i < n; i++)',
        '        a[i] = i * k;',
        '}',
        '',
        'int main(void)',
        '{',
        '    long a[1000], b[1000], t = 0;',
        '    /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
        '    #pragma omp parallel',
        '    #pragma omp single',
        '    {',
        '        #pragma omp task shared(a)',
        '        fill(a, 1000, 2);',
        '        fill(b, 1000, 3);',
        '        #pragma omp taskwait',
        '        #pragma omp taskloop shared(b, a)',
        '        for (int i = 0; i < 1000; i++)',
        '            b[i] += a[i];',
        '    }',
        '    for (int i = 0; i < 1000; i++)',
        '        t += b[i];',
        '    printf("%ld\\n", t);',
        '    return 0;',
        '}',
    ].join('\n') + '\n');
    await runsAsElided(CILK, out, 'cilk', 'cilk.c');
});
(0, node_test_1.test)('a file without main: taskloops in the functions spawned code calls, a parallel for elsewhere', async () => {
    const out = await toOpenmp([
        'void fill(double *a, int n)',
        '{',
        '    meta_for (int i = 0; i < n; i++)',
        '        a[i] = 2.0 * i;',
        '}',
        '',
        'void halves(double *a, int n)',
        '{',
        '    meta_fork fill(a, n / 2);',
        '    fill(a + n / 2, n - n / 2);',
        '    meta_join;',
        '}',
        '',
        'void scale(double *a, int n, double s)',
        '{',
        '    meta_for (int i = 0; i < n; i++)',
        '        a[i] *= s;',
        '}',
    ].join('\n') + '\n', 'library.mfc');
    strict_1.default.equal(out, [
        'void fill(double *a, int n)',
        '{',
        '    #pragma omp taskloop',
        '    for (int i = 0; i < n; i++)',
        '        a[i] = 2.0 * i;',
        '}',
        '',
        'void halves(double *a, int n)',
        '{',
        '    #pragma omp task',
        '    fill(a, n / 2);',
        '    fill(a + n / 2, n - n / 2);',
        '    #pragma omp taskwait',
        '}',
        '',
        'void scale(double *a, int n, double s)',
        '{',
        '    #pragma omp parallel for',
        '    for (int i = 0; i < n; i++)',
        '        a[i] *= s;',
        '}',
    ].join('\n') + '\n');
});
(0, node_test_1.test)('a file that opens parallel regions itself keeps nested teams in the region around main\'s statements', async () => {
    const out = await toOpenmp([
        'void work(int *a, int n)',
        '{',
        '    #pragma omp parallel for',
        '    for (int i = 0; i < n; i++)',
        '        a[i] = i;',
        '}',
        'int main(void)',
        '{',
        '    int a[10], b[10];',
        '    meta_fork work(a, 10);',
        '    work(b, 10);',
        '    meta_join;',
        '    return a[3] + b[4];',
        '}',
    ].join('\n') + '\n', 'nested.mfc');
    strict_1.default.equal(out.slice(out.indexOf('int main(void)\n{')), [
        'int main(void)',
        '{',
        '    int a[10], b[10];',
        '    omp_set_max_active_levels(2); /* the team below, and the parallel regions its tasks open */',
        '    /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
        '    #pragma omp parallel',
        '    #pragma omp single',
        '    {',
        '        #pragma omp task shared(a)',
        '        work(a, 10);',
        '        work(b, 10);',
        '        #pragma omp taskwait',
        '    }',
        '    return a[3] + b[4];',
        '}',
        '',
    ].join('\n'));
});
/** The OpenMP directives of each bench program's translation, in order. */
const BENCH_SHAPES = {
    fib: ['#pragma omp task shared(x)', '#pragma omp taskwait', '#pragma omp parallel', '#pragma omp single'],
    scan: [
        '#pragma omp task', '#pragma omp taskwait', '#pragma omp taskloop', '#pragma omp parallel', '#pragma omp single',
        '#pragma omp taskloop',
    ],
    quicksort: ['#pragma omp task', '#pragma omp taskwait', '#pragma omp parallel', '#pragma omp single'],
    mergesort: [
        '#pragma omp task', '#pragma omp taskwait', '#pragma omp task', '#pragma omp taskwait', '#pragma omp taskloop',
        '#pragma omp parallel', '#pragma omp single',
    ],
    matmul: [
        '#pragma omp task', '#pragma omp task', '#pragma omp task', '#pragma omp taskwait', '#pragma omp task',
        '#pragma omp task', '#pragma omp task', '#pragma omp taskwait', '#pragma omp parallel', '#pragma omp single',
    ],
    mandelbrot: ['#pragma omp parallel for schedule(dynamic)'],
    fft: [
        '#pragma omp task', '#pragma omp taskwait', '#pragma omp taskloop', '#pragma omp parallel', '#pragma omp single',
    ],
    nqueens: ['#pragma omp task shared(counts)', '#pragma omp taskwait', '#pragma omp parallel', '#pragma omp single'],
    heat: ['#pragma omp parallel for'],
};
(0, node_test_1.test)('the bench programs translate to what a person writes: tasks, taskloops, no nested parallel regions', async () => {
    const dir = path.join(helpers_1.ROOT, 'test', 'bench', 'programs');
    strict_1.default.deepEqual(Object.keys(BENCH_SHAPES), translated_1.PROGRAMS);
    for (const program of translated_1.PROGRAMS) {
        const { text } = await (0, translated_1.translation)(dir, program);
        strict_1.default.deepEqual(text.match(/#pragma omp[^\n]*|omp_set_max_active_levels/g), BENCH_SHAPES[program], program);
    }
});
const AROUND = [
    '#include <stdio.h>',
    '#include <stdlib.h>',
    '',
    'static long twice(long x) { return 2 * x; }',
    '',
    'int main(int argc, char **argv)',
    '{',
    '    long n = argc + 4, r = 0;',
    '    long *a = malloc(64 * sizeof *a);',
    '    meta_fork shared(r) {',
    '        r = twice(n);',
    '    }',
    '    n = 100;',
    '    meta_for (int i = 0; i < 64; i++)',
    '        a[i] = i * n;',
    '    meta_join;',
    '    printf("%ld %ld %ld\\n", r, n, a[63]);',
    '    free(a);',
    '    return 0;',
    '}',
].join('\n') + '\n';
(0, node_test_1.test)("main's statements that reach parallel code run in the region, the rest outside; its locals declared before are firstprivate in its tasks", async () => {
    const out = await toOpenmp(AROUND, 'around.mfc');
    strict_1.default.equal(out.slice(out.indexOf('int main(')), [
        'int main(int argc, char **argv)',
        '{',
        '    long n = argc + 4, r = 0;',
        '    long *a = malloc(64 * sizeof *a);',
        '    /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
        '    #pragma omp parallel',
        '    #pragma omp single',
        '    {',
        '        #pragma omp task shared(r) firstprivate(n)',
        '        {',
        '            r = twice(n);',
        '        }',
        '        n = 100;',
        '        #pragma omp taskloop',
        '        for (int i = 0; i < 64; i++)',
        '            a[i] = i * n;',
        '        #pragma omp taskwait',
        '    }',
        '    printf("%ld %ld %ld\\n", r, n, a[63]);',
        '    free(a);',
        '    return 0;',
        '}',
        '',
    ].join('\n'));
    await runsAsElided(AROUND, out, 'around');
    // And back: the region goes, the statements are main's again.
    const back = await (0, index_1.translateText)(out, 'metafork', { fileName: 'around.c' });
    strict_1.default.equal(back.text.slice(back.text.indexOf('int main(')), AROUND.slice(AROUND.indexOf('int main(')).replace('    meta_fork shared(r) {\n', '    meta_fork shared(r)\n    {\n'));
});
//# sourceMappingURL=performance-shape.test.js.map