"use strict";
// MF114: a transform that would rewrite a conditional line (or the group it leaves inactive)
// refuses, positioned at what it would have rewritten, instead of losing the user's lines.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const index_1 = require("../../server/src/tile/index");
const index_2 = require("../../server/src/translate/index");
const cases = [
    {
        name: 'tiling a loop whose body is chosen by #ifdef (the loop would be rewritten around the directive)',
        code: 'MF114',
        source: 'void f(int n, double *restrict a) {\n  for (int i = 0; i < n; i++)\n#ifdef TWICE\n    a[i] = 2 * i;\n#else\n    a[i] = i;\n#endif\n}\n',
        // TWICE is not defined: the loop's body is the #else group's statement.
        covers: 'for (int i = 0; i < n; i++)\n#ifdef TWICE\n    a[i] = 2 * i;\n#else\n    a[i] = i;',
        run: text => (0, index_1.tileText)(text, { fileName: 'ifdef.c' }),
    },
];
for (const c of cases) {
    (0, node_test_1.test)(`${c.code}: ${c.name}`, async () => {
        const r = await c.run(c.source);
        strict_1.default.equal(r.text, undefined);
        const found = r.diagnostics.filter(d => d.code === c.code);
        strict_1.default.deepEqual(found.map(d => [c.source.slice(d.start, d.end), d.message]), [[c.covers,
                'this rewrite would change a conditional directive (#if, #ifdef, #else, #endif) or the lines it leaves inactive; ' +
                    'move the directive out of the construct, or translate by hand']]);
    });
}
(0, node_test_1.test)('a construct beside an #ifdef group, not across it, is translated and the group kept as written', async () => {
    const text = '#include <stdio.h>\nint main(void) {\n  int s[8];\n#ifdef WIDE\n  int w = 2;\n#else\n  int w = 1;\n#endif\n' +
        '  meta_for (int i = 0; i < 8; i++)\n    s[i] = w * i;\n  printf("%d\\n", s[7]);\n  return 0;\n}\n';
    const r = await (0, index_2.translateText)(text, 'openmp', { fileName: 'group.mfc' });
    strict_1.default.equal(r.text, '#include <stdio.h>\nint main(void) {\n  int s[8];\n#ifdef WIDE\n  int w = 2;\n#else\n  int w = 1;\n#endif\n' +
        '  #pragma omp parallel for\n  for (int i = 0; i < 8; i++)\n    s[i] = w * i;\n  printf("%d\\n", s[7]);\n  return 0;\n}\n');
});
//# sourceMappingURL=transforms.test.js.map