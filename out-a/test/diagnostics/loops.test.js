"use strict";
// MF301-MF304: parallel loops (`meta_for`, `cilk_for`, `#pragma mf parallel for`, OpenMP loop
// directives) must have a canonical header.
Object.defineProperty(exports, "__esModule", { value: true });
const harness_1 = require("./harness");
const fn = (body, params = 'int n, int *a') => `void f(${params}){\n${body}}\n`;
const INCREMENT = (v) => `the loop increment must be '${v}++', '${v}--', '${v} += e', '${v} -= e' or '${v} = ${v} + e'`;
const CONDITION = (v) => `the loop condition must compare '${v}' with '<', '<=', '>', '>=' or '!=', e.g. '${v} < n'`;
const INIT = "the loop initialization must give its control variable a start value, e.g. 'int i = 0'";
const cases = [
    // ---- MF301 initialization ----
    {
        name: 'meta_for declaring two variables',
        source: fn('  meta_for (int i = 0, j = 0; i < n; i++) a[i] = j;\n'),
        code: 'MF301', message: `non-canonical 'meta_for' loop: ${INIT}`, covers: 'int i = 0, j = 0;',
        data: { construct: 'meta_for' },
    },
    {
        name: 'meta_for initializing with a comma expression',
        source: fn('  int i, j;\n  meta_for (i = 0, j = 0; i < n; i++) a[i] = j;\n'),
        code: 'MF301', message: `non-canonical 'meta_for' loop: ${INIT}`, covers: 'i = 0, j = 0',
    },
    {
        name: "'#pragma omp for' loop declaring two variables",
        source: fn('#pragma omp for\n  for (int i = 0, k = 1; i < n; i++) a[i] = k;\n'), file: 'a.c',
        code: 'MF301', message: `non-canonical '#pragma omp for' loop: ${INIT}`, covers: 'int i = 0, k = 1;',
        data: { construct: '#pragma omp for' },
    },
    {
        name: 'cilk_for with an empty initialization is reported on its header, not the whole loop',
        source: fn('  int i = 0;\n  cilk_for (; i < n; i++) {\n    a[i] = 0;\n  }\n'), file: 'a.c',
        code: 'MF301', message: `non-canonical 'cilk_for' loop: ${INIT}`, covers: 'cilk_for (; i < n; i++)',
    },
    // ---- MF302 condition ----
    {
        name: "meta_for compared with '=='",
        source: fn('  meta_for (int i = 0; i == n; i++) a[i] = 0;\n'),
        code: 'MF302', message: `non-canonical 'meta_for' loop: ${CONDITION('i')}`, covers: 'i == n',
        data: { construct: 'meta_for' },
    },
    {
        name: "'#pragma omp for' compared with '=='",
        source: fn('#pragma omp for\n  for (int i = 0; i == n; i++) a[i] = 0;\n'), file: 'a.c',
        code: 'MF302', message: `non-canonical '#pragma omp for' loop: ${CONDITION('i')}`, covers: 'i == n',
        data: { construct: '#pragma omp for' },
    },
    {
        name: "cilk_for compared with '=='",
        source: fn('  cilk_for (int i = 0; i == n; ++i) a[i] = 0;\n'), file: 'a.c',
        code: 'MF302', message: `non-canonical 'cilk_for' loop: ${CONDITION('i')}`, covers: 'i == n',
    },
    {
        name: 'meta_for whose condition tests another variable',
        source: fn('  int j = 0;\n  meta_for (int i = 0; j < n; i++) a[i] = 0;\n'),
        code: 'MF302', message: `non-canonical 'meta_for' loop: ${CONDITION('i')}`, covers: 'j < n',
    },
    // ---- MF303 increment ----
    {
        name: "meta_for stepping with 'i *= 2'",
        source: fn('  meta_for (int i = 1; i < n; i *= 2) a[i] = 0;\n'),
        code: 'MF303', message: `non-canonical 'meta_for' loop: ${INCREMENT('i')}`, covers: 'i *= 2',
        data: { construct: 'meta_for' },
    },
    {
        name: "'#pragma omp parallel for' stepping with 'i *= 2'",
        source: fn('#pragma omp parallel for\n  for (int i = 1; i < n; i *= 2) a[i] = 0;\n'), file: 'a.c',
        code: 'MF303', message: `non-canonical '#pragma omp parallel for' loop: ${INCREMENT('i')}`, covers: 'i *= 2',
    },
    {
        name: "meta_for stepping with 'i = i * 2'",
        source: fn('  meta_for (int i = 1; i < n; i = i * 2) a[i] = 0;\n'),
        code: 'MF303', message: `non-canonical 'meta_for' loop: ${INCREMENT('i')}`, covers: 'i = i * 2',
    },
    {
        name: 'meta_for incrementing another variable',
        source: fn('  int j = 0;\n  meta_for (int i = 0; i < n; j++) a[i] = 0;\n'),
        code: 'MF303', message: `non-canonical 'meta_for' loop: ${INCREMENT('i')}`, covers: 'j++',
    },
    {
        name: "'#pragma mf parallel for' stepping with 'i *= 3'",
        source: fn('#pragma mf parallel for\n  for (int i = 1; i <= n; i *= 3) a[i] = 0;\n'),
        code: 'MF303', message: `non-canonical '#pragma mf parallel for' loop: ${INCREMENT('i')}`, covers: 'i *= 3',
        data: { construct: '#pragma mf parallel for' },
    },
    // ---- MF304 control variable type ----
    {
        name: 'meta_for over a float',
        source: fn('  meta_for (float x = 0; x < n; x++) a[0] = x;\n', 'int n, float *a'),
        code: 'MF304', message: "non-canonical 'meta_for' loop: the control variable 'x' has type 'float': it must be an integer or a pointer", covers: 'float', after: 'float x',
        data: { construct: 'meta_for' },
    },
    {
        name: 'cilk_for over a double',
        source: fn('  cilk_for (double x = 0.0; x < n; x += 0.5) a[0] = x;\n', 'int n, double *a'), file: 'a.c',
        code: 'MF304', message: "non-canonical 'cilk_for' loop: the control variable 'x' has type 'double': it must be an integer or a pointer", covers: 'double', after: 'double x',
    },
    {
        name: "'#pragma omp parallel for' over a double",
        source: fn('#pragma omp parallel for\n  for (double x = 0; x < n; x++) a[0] = 1;\n'), file: 'a.c',
        code: 'MF304', message: "non-canonical '#pragma omp parallel for' loop: the control variable 'x' has type 'double': it must be an integer or a pointer", covers: 'double',
    },
];
(0, harness_1.runCases)(cases);
//# sourceMappingURL=loops.test.js.map