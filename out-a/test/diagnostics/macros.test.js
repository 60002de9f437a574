"use strict";
// Diagnostics inside and around macro uses point at what the user wrote: at an argument when the
// finding is in one, at the whole use when it is in the macro's own text, at the macro's name when
// the call itself is wrong (as gcc does), and at the right place after a use that spans lines. The analyses read the program expanded (a macro's body is code).
Object.defineProperty(exports, "__esModule", { value: true });
const harness_1 = require("./harness");
const ACC = '#define ACC(s, x) s += (x)\n';
const TWICE = '#define TWICE(x) (2 * (x))\n';
(0, harness_1.runCases)([
    {
        name: 'a race written by a macro is reported at the use',
        source: `${ACC}int f(int n, int *a) {\n  int sum = 0;\n  meta_for (int i = 0; i < n; i++)\n    ACC(sum, a[i]);\n  return sum;\n}\n`,
        code: 'MF403', covers: 'sum', after: 'ACC(sum',
        message: "data race: 'sum' is shared by all iterations of 'meta_for' (declared outside the loop: shared by all " +
            "iterations) and written here; use 'reduction(+: sum)'",
        data: { variable: 'sum', reduction: '+' },
    },
    {
        name: 'an undeclared name in a macro argument is reported at the argument',
        source: `${TWICE}int f(int n) {\n  return TWICE(m) + n;\n}\n`, file: 'a.c',
        code: 'MF120', covers: 'm', after: 'TWICE(m', message: "'m' undeclared (first use in this function)",
    },
    {
        name: "an undeclared name in a macro's own text is reported at the use",
        source: '#define SCALE(x) ((x) * factor)\nint f(int n) {\n  return SCALE(n);\n}\n', file: 'a.c',
        code: 'MF120', covers: 'SCALE(n)', message: "'factor' undeclared (first use in this function)",
    },
    {
        name: 'after a use spanning lines, a finding is on its own line and column',
        source: `${TWICE}int f(int n) {\n  int k = TWICE(n +\n                1);\n  return k + q;\n}\n`, file: 'a.c',
        code: 'MF120', covers: 'q', message: "'q' undeclared (first use in this function)",
    },
    {
        name: 'a macro called with the wrong number of arguments',
        source: `${TWICE}int f(int n) {\n  return TWICE(n, 1);\n}\n`, file: 'a.c',
        code: 'MF113', covers: 'TWICE', after: 'return TWICE', message: 'macro "TWICE" passed 2 arguments, but takes just 1',
    },
]);
(0, harness_1.runClean)([
    {
        name: 'value macros are expressions, not calls; constants are names (a meta_for over them is clean)',
        source: '#define N 1024\n#define SQ(x) ((x) * (x))\nvoid f(double *a) {\n  meta_for (int i = 0; i < N; i++)\n    a[i] = SQ(a[i]);\n}\n',
    },
    {
        name: 'braces split across #ifdef read as the active group has them',
        source: 'int f(int n, int *a) {\n#ifdef STRICT\n  if (n > 0 && a[0]) {\n#else\n  if (n > 0) {\n#endif\n    a[0] = 1;\n  }\n  return a[0];\n}\n',
        file: 'a.c',
    },
    {
        name: 'an attribute after an array declarator',
        source: '#define ALIGNED __attribute__((aligned(64)))\nstatic double buf[256] ALIGNED;\nvoid f(void) {\n  meta_for (int i = 0; i < 256; i++)\n    buf[i] = i;\n}\n',
    },
]);
//# sourceMappingURL=macros.test.js.map