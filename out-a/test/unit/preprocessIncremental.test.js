"use strict";
// An edit preprocessed in step with the result before it (server/src/preprocess/incremental): where
// it answers, its result is exactly a fresh run's; where an edit touches what the preprocessor does
// more than copy, it leaves the edit to a fresh run.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const preprocess_1 = require("../../server/src/preprocess");
const incremental_1 = require("../../server/src/preprocess/incremental");
const HEADER = '#ifndef LIB_H\n#define LIB_H\n#define SQUARE(v) ((v) * (v))\nint lib(int);\n#endif\n';
const headers = { '/w/lib.h': HEADER };
const files = { read: p => headers[p] };
const options = { fileName: '/w/main.c', files };
// Every kind of thing the preprocessor does to a file, among plain lines.
const SOURCE = [
    '#include "lib.h"',
    '#define N 64',
    '#define HERE __LINE__',
    '#define CALL(f) f(0)',
    '/* a comment',
    '   over lines */',
    'int a[N];',
    'static int line = HERE;',
    'int b(int x) {',
    '  int y = x + 1;',
    '  const char *s = "// not a comment";',
    '#pragma omp parallel for',
    '  for (int i = 0; i < 8; i++)',
    '    y += SQUARE(i);',
    '  int z = CALL',
    '    (lib);',
    '#if 0',
    '  y = 0;',
    '#endif',
    '  return y + z;',
    '}',
    'int c(void) {',
    '  return 2;',
    '}',
    '',
].join('\n');
/** What a fresh run gives, without the clock's names (a second may pass between two runs). */
function comparable(p) {
    const clock = (name) => name === '__DATE__' || name === '__TIME__';
    return JSON.stringify({ ...p, map: p.map.segments, macros: [...p.macros].filter(([name]) => !clock(name)), uses: p.uses.filter(u => !clock(u.name)) }, (_, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v));
}
const at = (text, find) => {
    const i = text.indexOf(find);
    strict_1.default.ok(i >= 0, find);
    return i;
};
const edit = (text, e) => text.slice(0, e.start) + e.newText + text.slice(e.end);
/** The edit in step (its result a fresh run's), or undefined where it is not. */
function tryEdit(before, e, given = true) {
    const after = edit(before.source, e);
    const quick = (0, incremental_1.inStep)(before, after, options, given ? [e] : undefined);
    if (quick)
        strict_1.default.equal(comparable(quick), comparable((0, preprocess_1.preprocess)(after, options)), JSON.stringify(e));
    return quick;
}
(0, node_test_1.test)('plain lines edited in step: the text, the map, the macros defined after them, the uses and groups moved', () => {
    const before = (0, preprocess_1.preprocess)(SOURCE, options);
    strict_1.default.ok(before.reading, 'the whole preprocessor ran');
    const typed = { start: at(SOURCE, 'x + 1') + 5, end: at(SOURCE, 'x + 1') + 5, newText: ' * 2' };
    const quick = tryEdit(before, typed);
    strict_1.default.ok(quick);
    strict_1.default.equal(quick.text.slice(at(quick.text, '  int y'), at(quick.text, ';\n  const') + 1), '  int y = x + 1 * 2;');
    // The use of SQUARE after the edit, moved in both texts.
    const square = quick.uses.find(u => u.name === 'SQUARE');
    strict_1.default.equal(quick.source.slice(square.source.start, square.source.end), 'SQUARE(i)');
    strict_1.default.equal(quick.text.slice(square.text.start, square.text.end), '((i) * (i))');
    strict_1.default.deepEqual(quick.inactive.map(s => quick.source.slice(s.start, s.end)), ['  y = 0;']);
    // The same found by comparing the texts, as the editor's update does.
    strict_1.default.ok(tryEdit(before, typed, false));
});
(0, node_test_1.test)('a line added or removed is in step, a pragma line edited too, and several edits at once', () => {
    const before = (0, preprocess_1.preprocess)(SOURCE, options);
    const noLine = (0, preprocess_1.preprocess)(SOURCE.replace('static int line = HERE;\n', ''), options);
    const newLine = { start: at(noLine.source, '  return 2;'), end: at(noLine.source, '  return 2;'), newText: '  int w = 3;\n' };
    strict_1.default.ok(tryEdit(noLine, newLine), 'a new line where nothing reads __LINE__');
    const pragma = at(SOURCE, 'parallel for') + 'parallel for'.length;
    strict_1.default.ok(tryEdit(before, { start: pragma, end: pragma, newText: ' schedule(static)' }));
    const edits = [
        { start: at(SOURCE, 'x + 1'), end: at(SOURCE, 'x + 1') + 1, newText: 'x2' },
        { start: at(SOURCE, 'return 2;') + 7, end: at(SOURCE, 'return 2;') + 8, newText: '3' },
    ];
    const after = edits.reduceRight((text, e) => edit(text, e), SOURCE);
    const quick = (0, incremental_1.inStep)(before, after, options, edits);
    strict_1.default.ok(quick);
    strict_1.default.equal(comparable(quick), comparable((0, preprocess_1.preprocess)(after, options)));
});
(0, node_test_1.test)('edits that reach what the preprocessor does are left to a fresh run', () => {
    const before = (0, preprocess_1.preprocess)(SOURCE, options);
    const line = (find, newText) => ({ start: at(SOURCE, find), end: at(SOURCE, find) + find.length, newText });
    const cases = [
        ['a macro name typed', line('  return 2;', '  return N;')],
        ['a new line above a use of __LINE__', { start: at(SOURCE, 'int a[N];'), end: at(SOURCE, 'int a[N];'), newText: 'int q;\n' }],
        ['inside a block comment', line('   over lines */', '   over more lines */')],
        ['a directive', line('  return 2;', '#define M 1')],
        ['#pragma once', line('  return 2;', '#pragma once')],
        ['a line splice', line('  return 2;', '  return \\\n2;')],
        ['a comment opened', line('  return 2;', '  return 2; /* open')],
        ['inside an inactive group', line('  y = 0;', '  y = 1;')],
        ['a use across lines', line('    (lib);', '    (lib );')],
        ['an argument list a macro name before could take', line('  return 2;', '  (2);')],
    ];
    for (const [what, e] of cases)
        strict_1.default.equal(tryEdit(before, e), undefined, what);
    // The line between a function-like macro's name and a `(` taken away: a use appears.
    const split = (0, preprocess_1.preprocess)('#define F(x) x\nint v = F\n  + 1\n(2);\n', options);
    strict_1.default.equal(tryEdit(split, { start: at(split.source, '  + 1\n'), end: at(split.source, '(2)'), newText: '' }), undefined);
    // A header read otherwise since.
    headers['/w/lib.h'] = HEADER.replace('int lib', 'long lib');
    try {
        strict_1.default.equal(tryEdit(before, line('  return 2;', '  return 3;')), undefined);
    }
    finally {
        headers['/w/lib.h'] = HEADER;
    }
    // The text unchanged: the same result.
    strict_1.default.equal((0, incremental_1.preprocessEdited)(before, SOURCE, options), before);
});
(0, node_test_1.test)('random edits, twenty in a row from each result: every result in step is a fresh run\'s, and a fifth of them or more are in step', () => {
    let seed = 2026;
    const random = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
    const pieces = ['x', ' ', '\n', 'int k = 0;\n', '(', ')', ';', '// c\n', '"s"', 'N', 'SQUARE', '#pragma omp barrier\n', '/*', '\\', '__LINE__', 'CALL'];
    const base = (0, preprocess_1.preprocess)(SOURCE, options);
    let before = base;
    let tried = 0, answered = 0;
    for (let k = 0; k < 400; k++) {
        // Twenty edits in a row, each from the one before (in step where it was), then the file anew.
        if (k % 20 === 0)
            before = base;
        const text = before.source;
        const start = random(text.length + 1);
        const e = random(2) ? { start, end: start, newText: pieces[random(pieces.length)] }
            : { start, end: Math.min(text.length, start + random(10)), newText: '' };
        tried++;
        const quick = tryEdit(before, e);
        if (quick)
            answered++;
        before = quick ?? (0, preprocess_1.preprocess)(edit(text, e), options);
    }
    strict_1.default.ok(answered > tried / 5, `${answered} of ${tried} in step`);
});
//# sourceMappingURL=preprocessIncremental.test.js.map