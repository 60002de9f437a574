"use strict";
// MF110-MF115: the preprocessor's diagnostics (a header not found, `#error`, a malformed directive
// or unbalanced conditional or bad `#if`, a macro called wrongly, a parallel keyword defined as a
// macro), on the user's text. The cases
// run the preprocessor itself (preprocess()), with the same expectations as the checker's cases.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const codes_1 = require("../../server/src/base/codes");
const preprocess_1 = require("../../server/src/preprocess");
const index_1 = require("../../server/src/translate/index");
const harness_1 = require("./harness");
const HEADERS = {
    '/d/broken.h': '#define OK 1\n#if OK +\n#endif\n',
};
const cases = [
    // ---- MF110 ----
    {
        name: 'a quoted header found nowhere',
        source: '#include "nowhere.h"\nint x;\n',
        code: 'MF110', message: "'nowhere.h' file not found (searched /d)", covers: '#include "nowhere.h"',
    },
    // ---- MF111 ----
    {
        name: '#error in an active group',
        source: '#ifndef SIZE\n#error SIZE must be defined\n#endif\n',
        code: 'MF111', message: '#error SIZE must be defined', covers: '#error SIZE must be defined',
    },
    // ---- MF112 ----
    {
        name: 'an #if never closed',
        source: '#if 1\nint x;\n',
        code: 'MF112', message: 'unterminated #if', covers: '#if 1',
    },
    {
        name: '#endif without #if',
        source: 'int x;\n#endif\n',
        code: 'MF112', message: '#endif without #if', covers: '#endif',
    },
    {
        name: 'division by zero in #if',
        source: '#if 4 / (2 - 2)\n#endif\n',
        code: 'MF112', message: 'division by zero in #if', covers: '#if 4 / (2 - 2)',
    },
    {
        name: 'a bad #if inside a header: reported on the #include line, naming the header and line',
        source: '#include "broken.h"\n',
        code: 'MF112', message: "/d/broken.h:2: operator '+' has no right operand", covers: '#include "broken.h"',
    },
    // ---- MF113 ----
    {
        name: 'a macro called with too few arguments',
        source: '#define MIN(a, b) ((a) < (b) ? (a) : (b))\nint m = MIN(1);\n',
        code: 'MF113', message: 'macro "MIN" requires 2 arguments, but only 1 given', covers: 'MIN', occurrence: 2,
    },
    {
        name: 'an argument list never closed',
        source: '#define F(x) (x)\nint m = F(1;\n',
        code: 'MF113', message: 'unterminated argument list invoking macro "F"', covers: 'F', occurrence: 2,
    },
    // ---- MF115 ----
    {
        name: 'a Cilk keyword defined away in the group a compiler without Cilk reads (OpenCilk\'s bzip2)',
        source: '#ifdef __cilk\n#include <cilk/cilk.h>\n#else\n#define cilk_spawn\n#endif\nint f(int n);\n',
        code: 'MF115',
        message: "'cilk_spawn' is defined as a macro here, so its uses read as nothing: the code around its uses reads as serial code, not as CilkPlus's 'cilk_spawn' (OpenCilk's compiler defines '__cilk': '-D __cilk=200' reads a file that tests it as OpenCilk does)",
        covers: '#define cilk_spawn',
    },
    {
        name: 'a MetaFork keyword defined as a macro with a body',
        source: '#define meta_join meta_wait()\nint f(int n);\n',
        code: 'MF115',
        message: "'meta_join' is defined as a macro here, so its uses read as 'meta_wait()', not as MetaFork's 'meta_join'",
        covers: '#define meta_join meta_wait()',
    },
];
for (const c of cases) {
    (0, node_test_1.test)(`${c.code} ${c.name}`, () => {
        const r = (0, preprocess_1.preprocess)(c.source, { fileName: '/d/main.c', files: { read: p => HEADERS[p] } });
        const span = (0, harness_1.spanIn)(c.source, c.covers, c.occurrence, c.after);
        strict_1.default.deepEqual(r.diagnostics.map(d => [d.code, d.severity, d.message, d.start, d.end]), [[c.code, codes_1.CODES[c.code].severity, c.message, span.start, span.end]]);
    });
}
(0, node_test_1.test)('MF115 is the user file\'s only: a header defining a keyword away says nothing; with __cilk defined, the Cilk group is read and nothing is said', async () => {
    const header = (0, preprocess_1.preprocess)('#include "serial.h"\nint f(int n);\n', { fileName: '/d/main.c', files: { read: p => (p === '/d/serial.h' ? '#define cilk_sync\n' : undefined) } });
    strict_1.default.deepEqual(header.diagnostics, []);
    const source = '#ifdef __cilk\n#include <cilk/cilk.h>\n#else\n#define cilk_spawn\n#endif\nint f(int n);\n';
    const cilk = (0, preprocess_1.preprocess)(source, { fileName: '/d/main.c', flags: { includePaths: [], defines: [['__cilk', '200']] }, files: { read: () => undefined } });
    strict_1.default.deepEqual(cilk.diagnostics, []);
});
(0, node_test_1.test)('MF115 comes with a translation of the file (the command line shows no check otherwise): read without __cilk, the spawn is no construct; with it, a task', async () => {
    const source = '#ifdef __cilk\n#include <cilk/cilk.h>\n#else\n#define cilk_spawn\n#define cilk_sync\n#endif\nint fib(int n) {\n  int x, y;\n  if (n < 2) return n;\n  x = cilk_spawn fib(n - 1);\n  y = fib(n - 2);\n  cilk_sync;\n  return x + y;\n}\n';
    const serial = await (0, index_1.translateText)(source, 'openmp', { fileName: '/d/fib.c', files: { read: () => undefined } });
    strict_1.default.deepEqual(serial.diagnostics.map(d => [d.code, source.slice(d.start, d.end)]), [['MF115', '#define cilk_spawn'], ['MF115', '#define cilk_sync']]);
    strict_1.default.doesNotMatch(serial.text, /omp task/);
    const cilk = await (0, index_1.translateText)(source, 'openmp', { fileName: '/d/fib.c', flags: { includePaths: [], defines: [['__cilk', '200']] }, files: { read: () => undefined } });
    strict_1.default.equal(cilk.diagnostics.filter(d => d.code === 'MF115').length, 0);
    strict_1.default.match(cilk.text, /#pragma omp task/);
});
//# sourceMappingURL=preprocess.test.js.map