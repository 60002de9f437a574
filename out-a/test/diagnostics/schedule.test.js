"use strict";
// MF501-MF508: what a meta_schedule body may hold so that every meta_for nest becomes a CUDA
// kernel (Xie 2016 §5.3, App. C.1).
Object.defineProperty(exports, "__esModule", { value: true });
const harness_1 = require("./harness");
/** A schedule inside a kernel-launching function; `body` is the schedule's block content. */
const K = (body, prelude = '') => `${prelude}void k(int N, int B, int *a, int *b, int *c){\n  meta_schedule {\n${body}  }\n}\n`;
const GRID = '    meta_for (int i = 0; i < N / B; i++)\n';
const BLOCK = '      meta_for (int j = 0; j < B; j++)\n';
const HEADER = "meta_for in 'meta_schedule' must read 'meta_for (int v = 0; v < bound; v++)' (rule: start at 0, compare with '<', step by 1)";
const AFFINE = "serial loop in 'meta_schedule': its bounds must be affine (rule: lower and upper bounds are linear expressions)";
const STEP = "serial loop in 'meta_schedule': its step must be a constant (rule: increment by a constant)";
const index = (e) => `array index '${e}' is not a polynomial in loop indices and parameters (rule: indices use +, - and * of integer variables and constants)`;
const notAllowed = (what) => `'${what}' is not allowed inside 'meta_schedule': a schedule holds only loop nests that become CUDA kernels`;
const WRITTEN = (v) => `'${v}' is declared outside the 'meta_schedule' and written by a kernel: a kernel can only return results through arrays`;
const cases = [
    // ---- MF501 not a loop nest ----
    {
        name: 'an assignment beside the kernels',
        source: K(`    N = N + 1;\n${GRID}${BLOCK}        c[i * B + j] = 0;\n`),
        code: 'MF501', message: "'meta_schedule' body: only loop nests are allowed here (rule: a schedule is a sequence of for-loop nests); this is an expression statement",
        covers: 'N = N + 1;',
    },
    {
        name: 'a serial nest with no meta_for at all',
        source: K('    for (int i = 0; i < N; i++)\n      for (int j = 0; j < N; j++)\n        c[i] = j;\n'),
        code: 'MF501', message: /^'meta_schedule' body: only loop nests are allowed here/, covers: 'c[i] = j;',
    },
    // ---- MF502 2 or 4 meta_for ----
    {
        name: 'a nest of one meta_for',
        source: K('    meta_for (int i = 0; i < N; i++)\n      c[i] = a[i];\n'),
        code: 'MF502', message: 'this loop nest has 1 meta_for loop: a kernel needs 2 (1-D grid and block) or 4 (2-D grid and block) nested meta_for loops',
        covers: 'meta_for', data: { count: 1 },
    },
    {
        name: 'a nest of three meta_for',
        source: K('    meta_for (int i = 0; i < N; i++)\n      meta_for (int j = 0; j < N; j++)\n        meta_for (int k = 0; k < B; k++)\n          c[i * N + j] = a[k];\n'),
        code: 'MF502', message: 'this loop nest has 3 meta_for loops: a kernel needs 2 (1-D grid and block) or 4 (2-D grid and block) nested meta_for loops',
        covers: 'meta_for', data: { count: 3 },
    },
    {
        name: 'a meta_for beside statements of a kernel body',
        source: K(`${GRID}${BLOCK}      {\n        c[i * B + j] = 0;\n        meta_for (int k = 0; k < B; k++) c[k] = 1;\n      }\n`),
        code: 'MF502', message: 'a meta_for inside a kernel body is not part of the grid/block nest: a kernel needs 2 or 4 meta_for loops nested one directly in another',
        covers: 'meta_for', after: 'meta_for (int k',
    },
    // ---- MF503 consecutive grid/block loops ----
    {
        name: 'a serial loop between the two grid meta_for loops',
        source: K('    meta_for (int u = 0; u < N / B; u++)\n      for (int t = 0; t < 4; t++)\n        meta_for (int v = 0; v < N / B; v++)\n          meta_for (int x = 0; x < B; x++)\n            meta_for (int y = 0; y < B; y++)\n              c[u * N + v * B + x * y + t] = 0;\n'),
        code: 'MF503', message: 'in a 2-D kernel the two grid meta_for loops and the two block meta_for loops must each be immediately nested (rule: App. C.1)',
        covers: 'meta_for', after: 'meta_for (int v',
    },
    {
        name: 'a serial loop between the two block meta_for loops',
        source: K('    meta_for (int u = 0; u < N / B; u++)\n      meta_for (int v = 0; v < N / B; v++)\n        meta_for (int x = 0; x < B; x++)\n          for (int t = 0; t < 4; t++)\n            meta_for (int y = 0; y < B; y++)\n              c[u + v + x + y + t] = 0;\n'),
        code: 'MF503', message: /immediately nested/, covers: 'meta_for', after: 'meta_for (int y',
    },
    // ---- MF504 meta_for header ----
    {
        name: 'grid meta_for starting at 1',
        source: K(`    meta_for (int i = 1; i < N / B; i++)\n${BLOCK}        c[i * B + j] = 0;\n`),
        code: 'MF504', message: HEADER, covers: '1', after: '1; i <',
    },
    {
        name: "block meta_for compared with '<='",
        source: K(`${GRID}      meta_for (int j = 0; j <= B; j++)\n        c[i * B + j] = 0;\n`),
        code: 'MF504', message: HEADER, covers: 'j <= B',
    },
    {
        name: 'grid meta_for stepping by 2',
        source: K('    meta_for (int i = 0; i < N / B; i += 2)\n' + BLOCK + '        c[i * B + j] = 0;\n'),
        code: 'MF504', message: HEADER, covers: 'i += 2',
    },
    {
        name: "'#pragma mf schedule' with a grid loop starting at 1",
        source: 'void k(int N, int B, int *a, int *c){\n#pragma mf schedule\n  {\n    meta_for (int i = 1; i < N / B; i++)\n      meta_for (int j = 0; j < B; j++)\n        c[i * B + j] = a[i * B + j];\n  }\n}\n',
        code: 'MF504', message: HEADER, covers: '1', after: '1; i <',
    },
    // ---- MF505 serial loops ----
    {
        name: "time loop bounded by 'N * B'",
        source: K(`    for (int t = 0; t < N * B; t++)\n${GRID}${BLOCK}        c[i * B + j] += t;\n`),
        code: 'MF505', message: AFFINE, covers: 'N * B',
    },
    {
        name: "time loop stepping by the parameter B",
        source: K(`    for (int t = 0; t < N; t += B)\n${GRID}${BLOCK}        c[i * B + j] += t;\n`),
        code: 'MF505', message: STEP, covers: 't += B',
    },
    {
        name: "serial loop between grid and block bounded by 'i * i'",
        source: K(`${GRID}      for (int k = 0; k < i * i; k++)\n        meta_for (int j = 0; j < B; j++)\n          c[i * B + j] += a[k];\n`),
        code: 'MF505', message: AFFINE, covers: 'i * i',
    },
    {
        name: 'serial loop between grid and block stepping by B',
        source: K(`${GRID}      for (int k = 0; k < N; k += B)\n        meta_for (int j = 0; j < B; j++)\n          c[i * B + j] += a[k];\n`),
        code: 'MF505', message: STEP, covers: 'k += B',
    },
    {
        name: "time loop with the non-affine condition 't * t < N'",
        source: K(`    for (int t = 0; t * t < N; t++)\n${GRID}${BLOCK}        c[i * B + j] = t;\n`),
        code: 'MF505', message: "serial loop in 'meta_schedule': the loop condition must compare 't' with '<', '<=', '>', '>=' or '!=', e.g. 't < n'",
        covers: 't * t < N',
    },
    {
        name: "serial loop in the kernel body bounded by 'j * j'",
        source: K(`${GRID}${BLOCK}        for (int k = 0; k < j * j; k++)\n          c[i * B + j] += a[k];\n`),
        code: 'MF505', message: AFFINE, covers: 'j * j',
    },
    {
        name: 'serial loop in the kernel body stepping by j',
        source: K(`${GRID}${BLOCK}        for (int k = 0; k < N; k += j)\n          c[i * B + j] += a[k];\n`),
        code: 'MF505', message: STEP, covers: 'k += j',
    },
    // ---- MF506 array indices ----
    {
        name: 'indirect index a[b[...]]',
        source: K(`${GRID}${BLOCK}        c[i * B + j] = a[b[i * B + j]];\n`),
        code: 'MF506', message: index('b[i * B + j]'), covers: 'b[i * B + j]',
    },
    {
        name: 'call in an index a[f(j)]',
        source: K(`${GRID}${BLOCK}        c[i * B + j] = a[f(j)];\n`, 'int f(int);\n'),
        code: 'MF506', message: index('f(j)'), covers: 'f(j)', after: 'f(j)]',
    },
    {
        name: 'division by a variable a[i / j]',
        source: K(`${GRID}${BLOCK}        c[i * B + j] = a[i / j];\n`),
        code: 'MF506', message: index('i / j'), covers: 'i / j',
    },
    {
        name: 'remainder by a parameter a[j % N]',
        source: K(`${GRID}${BLOCK}        c[i * B + j] = a[j % N];\n`),
        code: 'MF506', message: index('j % N'), covers: 'j % N',
    },
    // ---- MF507 constructs not allowed ----
    {
        name: 'meta_fork inside a kernel body',
        source: K(`${GRID}${BLOCK}      {\n        meta_fork g(j);\n      }\n`, 'int g(int);\n'),
        code: 'MF507', message: notAllowed('meta_fork'), covers: 'meta_fork',
    },
    {
        name: "'#pragma omp atomic' inside a kernel body",
        source: K(`${GRID}${BLOCK}      {\n#pragma omp atomic\n        c[0] += a[i * B + j];\n      }\n`),
        code: 'MF507', message: notAllowed('#pragma omp atomic'), covers: '#pragma omp atomic',
    },
    {
        name: "'#pragma omp parallel for' loop in a schedule",
        source: K('#pragma omp parallel for\n    for (int i = 0; i < N; i++)\n      c[i] = 0;\n'),
        code: 'MF507', message: notAllowed('#pragma omp parallel for'), covers: '#pragma omp parallel for',
    },
    {
        name: 'meta_fork beside the kernels is reported once',
        source: K(`${GRID}${BLOCK}        c[i * B + j] = 0;\n    meta_fork g(N);\n`, 'int g(int);\n'),
        code: 'MF507', message: notAllowed('meta_fork'), covers: 'meta_fork',
    },
    {
        name: 'meta_join beside the kernels is reported once',
        source: K(`${GRID}${BLOCK}        c[i * B + j] = 0;\n    meta_join;\n`),
        code: 'MF507', message: notAllowed('meta_join'), covers: 'meta_join',
    },
    // ---- MF508 scalar results ----
    {
        name: 'kernel assigning a scalar declared before the schedule',
        source: 'void k(int N, int B, int *a){\n  int s = 0;\n  meta_schedule {\n    meta_for (int i = 0; i < N / B; i++)\n      meta_for (int j = 0; j < B; j++)\n        s = a[i * B + j];\n  }\n}\n',
        code: 'MF508', message: WRITTEN('s'), covers: 's', after: 's = a', data: { variable: 's' },
    },
    {
        name: 'kernel accumulating into a scalar',
        source: 'void k(int N, int B, int *a){\n  int total = 0;\n  meta_schedule {\n    meta_for (int i = 0; i < N / B; i++)\n      meta_for (int j = 0; j < B; j++) {\n        int v = a[i * B + j];\n        total += v;\n      }\n  }\n}\n',
        code: 'MF508', message: WRITTEN('total'), covers: 'total', after: 'total +=', data: { variable: 'total' },
    },
    {
        name: 'kernel writing a parameter',
        source: 'void k(int N, int B, int *a){\n  meta_schedule {\n    meta_for (int i = 0; i < N / B; i++)\n      meta_for (int j = 0; j < B; j++)\n        N = a[i * B + j];\n  }\n}\n',
        code: 'MF508', message: WRITTEN('N'), covers: 'N', after: 'N = a', data: { variable: 'N' },
    },
];
(0, harness_1.runCases)(cases);
(0, harness_1.runClean)([
    { name: '1-D kernel', source: K(`${GRID}${BLOCK}        c[i * B + j] = a[i * B + j] + b[i * B + j];\n`) },
    {
        name: '2-D kernel with 4 consecutive meta_for',
        source: K('    meta_for (int u = 0; u < N / B; u++)\n      meta_for (int v = 0; v < N / B; v++)\n        meta_for (int x = 0; x < B; x++)\n          meta_for (int y = 0; y < B; y++)\n            c[(u * B + x) * N + v * B + y] = a[(u * B + x) * N + v * B + y];\n'),
    },
    {
        name: 'serial time loop, serial tile loop and a kernel-local accumulator',
        source: K(`    for (int t = 0; t < 10; t++)\n${GRID}      for (int k = 0; k < N / 4; k++)\n        meta_for (int j = 0; j < B; j++) {\n          int s = 0;\n          int p = i * B + j;\n          s += a[k * 4 + j];\n          c[p] = s + t;\n        }\n`),
    },
    {
        name: 'CUDA-style symbolic sizes, 2-D subscripts and cache(...)',
        source: 'void k(int N, int a[64][64], int *c){\n  meta_schedule cache(a) {\n    meta_for (int i = 0; i < gridDim.x; i++)\n      meta_for (int j = 0; j < blockDim.x; j++)\n        a[i][j] = a[j][i] + c[i * blockDim.x + j];\n  }\n}\n',
    },
    {
        name: 'macro sizes in serial bounds',
        source: '#define T 10\n' + K(`    for (int t = 0; t < T * 2; t += 1)\n${GRID}${BLOCK}        c[i * B + j] += t;\n`),
    },
]);
//# sourceMappingURL=schedule.test.js.map