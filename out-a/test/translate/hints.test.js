"use strict";
// OpenMP -> MetaFork keeps the meaning of a program whose directives and clauses only advise the
// compiler (simd, declare simd, order(concurrent), nontemporal, unroll, assume, nothing,
// requires, error at(compilation)): they are dropped with a note, never a refusal, and the
// translation (through its serial elision) prints what the original prints at 1, 2 and 4 threads.
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
const PROGRAM = [
    '#include <stdio.h>',
    '#pragma omp requires dynamic_allocators',
    '#pragma omp declare simd uniform(a)',
    'double get(const double *a, int i);',
    'double get(const double *a, int i) { return a[i]; }',
    '#pragma omp error at(compilation) severity(warning) message("hints kept as a warning")',
    'int main(void) {',
    '  double a[100], s = 0;',
    '  int k = 0;',
    '#pragma omp parallel for simd order(concurrent) nontemporal(a)',
    '  for (int i = 0; i < 100; i++) a[i] = i;',
    '#pragma omp simd reduction(+: s) linear(k: 1)',
    '  for (int i = 0; i < 100; i++) { s += get(a, i); k++; }',
    '#pragma omp parallel for reduction(+: s)',
    '#pragma omp unroll partial(2)',
    '  for (int i = 0; i < 100; i++) s += a[i];',
    '#pragma omp assume holds(k > 0)',
    '  {',
    '#pragma omp nothing',
    '    s += k;',
    '  }',
    '  printf("%g %d\\n", s, k);',
    '  return 0;',
    '}',
    '',
].join('\n');
const EXPECTED = [
    '#include <stdio.h>',
    'double get(const double *a, int i);',
    'double get(const double *a, int i) { return a[i]; }',
    '#warning "hints kept as a warning"',
    'int main(void) {',
    '  double a[100], s = 0;',
    '  int k = 0;',
    '  meta_for (int i = 0; i < 100; i++) a[i] = i;',
    '  for (int i = 0; i < 100; i++) { s += get(a, i); k++; }',
    '  meta_for reduction(+: s) (int i = 0; i < 100; i++) s += a[i];',
    '  {',
    '    s += k;',
    '  }',
    '  printf("%g %d\\n", s, k);',
    '  return 0;',
    '}',
    '',
].join('\n');
(0, node_test_1.test)('hint directives and clauses are dropped with a note, and the program means the same', async (t) => {
    const r = await (0, index_1.translateText)(PROGRAM, 'metafork', { fileName: 'hints.c' });
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
    strict_1.default.equal(r.text, EXPECTED);
    strict_1.default.deepEqual(r.diagnostics.map(d => PROGRAM.slice(d.start, d.end)).sort(), [
        'assume', 'declare simd', 'error', 'nontemporal(a)', 'nothing', 'order(concurrent)', 'parallel for simd', 'requires',
        'simd',
        'unroll',
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-hints-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const original = path.join(dir, 'hints.c');
    fs.writeFileSync(original, PROGRAM);
    (0, gcc_1.gcc)(original, path.join(dir, 'omp'), [...gcc_1.OPTIMIZED, '-fopenmp']);
    const { model, diagnostics } = await (0, helpers_1.checkSource)(r.text, 'hints.mfc');
    strict_1.default.deepEqual(diagnostics.filter(d => d.severity === 'error'), []);
    const serial = path.join(dir, 'serial.c');
    fs.writeFileSync(serial, (0, elide_1.elide)(model));
    (0, gcc_1.gcc)(serial, path.join(dir, 'serial'), gcc_1.OPTIMIZED);
    const expected = (0, gcc_1.run)(path.join(dir, 'serial'));
    strict_1.default.equal(expected, '10000 100\n');
    for (const n of gcc_1.THREADS)
        strict_1.default.equal((0, gcc_1.run)(path.join(dir, 'omp'), n), expected, `${n} threads`);
});
//# sourceMappingURL=hints.test.js.map