"use strict";
// What the dependence test cannot see is a dependence (two pointers that may point into one array,
// a struct's field, a name declared nowhere): each nest stays serial with a reason naming it. What
// the preprocessor shows it (an array declared in an included header, an array parameter declared
// through a header's macro) it reads like any declaration. What the test can prove apart (restrict,
// fresh allocations, distinct arrays) still tiles and runs like gcc -O2's build of the program.
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
const index_1 = require("../../server/src/tile/index");
const cli_1 = require("../../server/src/cli");
const emulate_1 = require("./emulate");
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-unseen-'));
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 && (0, child_process_1.spawnSync)('g++', ['--version']).status === 0 ? false : 'gcc or g++ not found';
async function cli(...args) {
    let stdout = '', stderr = '';
    const code = await (0, cli_1.main)(args, { stdout: s => { stdout += s; }, stderr: s => { stderr += s; } });
    return { code, stdout, stderr };
}
/** Writes `files` into a fresh folder and tiles its `main.c` with the CLI, as a user would. */
async function tileFolder(name, files) {
    const dir = path.join(work, name);
    fs.mkdirSync(dir);
    for (const [file, text] of Object.entries(files))
        fs.writeFileSync(path.join(dir, file), text);
    return { file: path.join(dir, 'main.c'), ...(await cli('tile', path.join(dir, 'main.c'))) };
}
(0, node_test_1.test)('a recurrence on an array declared in an included header stays serial for its true dependence: exit 1, nothing on stdout', async () => {
    const r = await tileFolder('header-array', {
        'g.h': 'extern double g[100];\n',
        'main.c': '#include "g.h"\nvoid f(int n) {\n  for (int i = 1; i < n; i++) g[i] = g[i-1] + 1;\n}\n',
    });
    strict_1.default.equal(r.stdout, '');
    strict_1.default.equal(r.stderr, `${r.file}:3:3: note: this loop nest stays serial: 'g[i]' (line 3) and 'g[i-1]' (line 3) touch the same element of 'g' at different iterations of 'i': distance 1 on 'i' [MF702]\n`);
    strict_1.default.equal(r.code, 1);
});
(0, node_test_1.test)('an array parameter declared through a header\'s macro (double VEC(a, LEN)) is seen: its recurrence stays serial for it', async () => {
    const r = await tileFolder('header-macro', {
        'v.h': '#define LEN 100\n#define VEC(name, len) name[len]\n',
        'main.c': '#include "v.h"\nvoid f(double VEC(a, LEN), int n) {\n  for (int i = 1; i < n; i++) a[i] = a[i-1] + 1;\n}\n',
    });
    strict_1.default.equal(r.stdout, '');
    strict_1.default.equal(r.stderr, `${r.file}:3:3: note: this loop nest stays serial: 'a[i]' (line 3) and 'a[i-1]' (line 3) touch the same element of 'a' at different iterations of 'i': distance 1 on 'i' [MF702]\n`);
    strict_1.default.equal(r.code, 1);
});
(0, node_test_1.test)('a write to a name declared nowhere stays serial (it may be a scalar every iteration writes)', async () => {
    const text = 'void f(int n, int *restrict a) {\n  for (int i = 0; i < n; i++) { a[i] = i; last = i; }\n}\n';
    const r = await (0, index_1.tileText)(text, { fileName: 'w.c' });
    strict_1.default.equal(r.text, undefined);
    strict_1.default.deepEqual(r.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), [['MF702', 'for (int i = 0; i < n; i++)',
            "this loop nest stays serial: 'last' (line 2) uses 'last', whose declaration is not visible (in a header or behind a macro): the test cannot tell which elements iterations of 'i' touch"]]);
});
/** Copies b shifted by one into a: through two pointers, or fresh allocations, the same loop. */
const shift = (params) => `#include <stdio.h>
#include <stdlib.h>
void shift(int n, ${params}) {
  for (int i = 1; i < n; i++)
    a[i] = b[i - 1] + 1;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) { x[i] = i % 7; y[i] = i % 5; }
  shift(n, x, y);
  double s = 0;
  for (int i = 0; i < n; i++) s += (i % 3 + 1) * x[i];
  printf("%.1f\\n", s);
  free(x); free(y);
  return 0;
}
`;
(0, node_test_1.test)('two pointer parameters that may alias: a[i] = b[i - 1] stays serial; declared restrict, it tiles and runs like gcc -O2', { skip: gcc }, async () => {
    const text = shift('double *a, double *b');
    const r = await (0, index_1.tileText)(text, { fileName: 'alias.c', offset: text.indexOf('for') });
    strict_1.default.equal(r.text, undefined);
    strict_1.default.deepEqual(r.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), [['MF702', 'for (int i = 1; i < n; i++)',
            "this loop nest stays serial: 'a[i]' (line 5) and 'b[i - 1]' (line 5) may touch the same element: 'a' and 'b' may point into the same array (declare them 'restrict' if they never overlap)"]]);
    // The caller's shift(n, x + 1, x) is what the refusal protects: the serial loop copies x[0] along.
    const restricted = shift('double *restrict a, double *restrict b');
    const t = await (0, index_1.tileText)(restricted, { fileName: 'restrict.c', offset: restricted.indexOf('for') });
    strict_1.default.ok(t.text, t.diagnostics.map(d => d.message).join('\n'));
    strict_1.default.deepEqual(t.nests.map(n => n.tiled), [true]);
    await (0, emulate_1.sameAsGcc)(work, 'restrict', restricted, t.text, ['1000', '12347'], { flags: ['-O2'] });
});
(0, node_test_1.test)('fresh allocations never alias; a pointer derived from one does, and so does a global pointer', async () => {
    const fresh = 'void f(int n) {\n  int *a = malloc(n * sizeof(int));\n  int *b = (int *) calloc(n, sizeof(int));\n  if (!a || !b) return;\n  for (int i = 1; i < n; i++)\n    a[i] = b[i - 1];\n  free(a); free(b);\n}\n';
    const t = await (0, index_1.tileText)(fresh, { fileName: 'fresh.c', offset: fresh.indexOf('for') });
    strict_1.default.deepEqual(t.nests.map(n => n.tiled), [true], t.diagnostics.map(d => d.message).join('\n'));
    const derived = 'void f(int n) {\n  int *a = malloc(n * sizeof(int));\n  int *b = a + 1;\n  for (int i = 1; i < n; i++)\n    a[i] = b[i - 1];\n}\n';
    const d = await (0, index_1.tileText)(derived, { fileName: 'derived.c', offset: derived.indexOf('for') });
    strict_1.default.deepEqual(d.diagnostics.map(x => x.message), ["this loop nest stays serial: 'a[i]' (line 5) and 'b[i - 1]' (line 5) may touch the same element: 'a' and 'b' may point into the same array (declare them 'restrict' if they never overlap)"]);
    // &c[1] hands c's address out as surely as c + 1 does.
    const element = 'void f(int n) {\n  int *c = malloc(n * sizeof(int));\n  int *row = &c[1];\n  for (int i = 1; i < n - 1; i++)\n    row[i] = c[i - 1];\n}\n';
    const e = await (0, index_1.tileText)(element, { fileName: 'element.c', offset: element.indexOf('for') });
    strict_1.default.deepEqual(e.diagnostics.map(x => x.message), ["this loop nest stays serial: 'row[i]' (line 5) and 'c[i - 1]' (line 5) may touch the same element: 'row' and 'c' may point into the same array (declare them 'restrict' if they never overlap)"]);
    const global = 'int *p;\nvoid f(int n) {\n  int a[100];\n  use(a);\n  for (int i = 1; i < n; i++)\n    p[i] = a[i - 1];\n}\n';
    const g = await (0, index_1.tileText)(global, { fileName: 'global.c', offset: global.indexOf('for') });
    strict_1.default.deepEqual(g.diagnostics.map(x => x.message), ["this loop nest stays serial: 'p[i]' (line 6) and 'a[i - 1]' (line 6) may touch the same element: 'p' and 'a' may point into the same array (declare them 'restrict' if they never overlap)"]);
    // A local array never handed out is out of every pointer's reach.
    const sealed = 'int *p;\nvoid f(int n) {\n  int a[100];\n  for (int i = 1; i < n; i++)\n    p[i] = a[i - 1];\n}\n';
    const s = await (0, index_1.tileText)(sealed, { fileName: 'sealed.c', offset: sealed.indexOf('for') });
    strict_1.default.deepEqual(s.nests.map(n => n.tiled), [true], s.diagnostics.map(x => x.message).join('\n'));
});
(0, node_test_1.test)('a field of a struct written at every iteration stays serial in the dependence test (s.a[i] = s.a[i - 1])', async () => {
    const text = 'struct box { double a[100]; };\nvoid f(struct box s, int n) {\n  for (int i = 1; i < n; i++) s.a[i] = s.a[i-1] + 1;\n}\n';
    const r = await (0, index_1.tileText)(text, { fileName: 'field.c' });
    strict_1.default.deepEqual(r.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), [['MF702', 'for (int i = 1; i < n; i++)',
            "this loop nest stays serial: 's.a[i]' (line 3) writes a field of 's': the test does not compare the elements of fields, so iterations of 'i' may touch the same one"]]);
});
//# sourceMappingURL=unseen.test.js.map