// An edit preprocessed in step with the result before it (server/src/preprocess/incremental): where
// it answers, its result is exactly a fresh run's; where an edit touches what the preprocessor does
// more than copy, it leaves the edit to a fresh run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preprocess, type HeaderFiles, type Preprocessed, type PreprocessOptions } from '../../server/src/preprocess';
import { inStep, preprocessEdited } from '../../server/src/preprocess/incremental';
import type { TextEdit } from '../../server/src/base/edits';

const HEADER = '#ifndef LIB_H\n#define LIB_H\n#define SQUARE(v) ((v) * (v))\nint lib(int);\n#endif\n';
const headers: Record<string, string> = { '/w/lib.h': HEADER };
const files: HeaderFiles = { read: p => headers[p] };
const options: PreprocessOptions = { fileName: '/w/main.c', files };

// Every kind of thing the preprocessor does to a file, among plain lines.
const SOURCE = [
  '#include "lib.h"',
  '#include <limits.h>',
  '#define N 64',
  '#define HERE __LINE__',
  '#define CALL(f) f(0)',
  '/* a comment',
  '   over lines */',
  'int a[N];',
  'long lim = INT_MAX;',
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
function comparable(p: Preprocessed): string {
  const clock = (name: string) => name === '__DATE__' || name === '__TIME__';
  return JSON.stringify(
    { ...p, map: p.map.segments, macros: [...p.macros].filter(([name]) => !clock(name)), uses: p.uses.filter(u => !clock(u.name)) },
    (_, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v),
  );
}

const at = (text: string, find: string) => {
  const i = text.indexOf(find);
  assert.ok(i >= 0, find);
  return i;
};
const edit = (text: string, e: TextEdit) => text.slice(0, e.start) + e.newText + text.slice(e.end);

/** The edit in step (its result a fresh run's), or undefined where it is not. */
function tryEdit(before: Preprocessed, e: TextEdit, given = true): Preprocessed | undefined {
  const after = edit(before.source, e);
  const quick = inStep(before, after, options, given ? [e] : undefined);
  if (quick) assert.equal(comparable(quick), comparable(preprocess(after, options)), JSON.stringify(e));
  return quick;
}

test('plain lines edited in step: the text, the map, the macros defined after them, the uses and groups moved', () => {
  const before = preprocess(SOURCE, options);
  assert.ok(before.reading, 'the whole preprocessor ran');
  const typed = { start: at(SOURCE, 'x + 1') + 5, end: at(SOURCE, 'x + 1') + 5, newText: ' * 2' };
  const quick = tryEdit(before, typed);
  assert.ok(quick);
  assert.equal(quick.text.slice(at(quick.text, '  int y'), at(quick.text, ';\n  const') + 1), '  int y = x + 1 * 2;');
  // The use of SQUARE after the edit, moved in both texts.
  const square = quick.uses.find(u => u.name === 'SQUARE')!;
  assert.equal(quick.source.slice(square.source.start, square.source.end), 'SQUARE(i)');
  assert.equal(quick.text.slice(square.text.start, square.text.end), '((i) * (i))');
  assert.deepEqual(quick.inactive.map(s => quick.source.slice(s.start, s.end)), ['  y = 0;']);
  // The same found by comparing the texts, as the editor's update does.
  assert.ok(tryEdit(before, typed, false));
});

test('a line added or removed is in step, a pragma line edited too, and several edits at once', () => {
  const before = preprocess(SOURCE, options);
  const noLine = preprocess(SOURCE.replace('static int line = HERE;\n', ''), options);
  const newLine = { start: at(noLine.source, '  return 2;'), end: at(noLine.source, '  return 2;'), newText: '  int w = 3;\n' };
  assert.ok(tryEdit(noLine, newLine), 'a new line where nothing reads __LINE__');
  const pragma = at(SOURCE, 'parallel for') + 'parallel for'.length;
  assert.ok(tryEdit(before, { start: pragma, end: pragma, newText: ' schedule(static)' }));
  const edits = [
    { start: at(SOURCE, 'x + 1'), end: at(SOURCE, 'x + 1') + 1, newText: 'x2' },
    { start: at(SOURCE, 'return 2;') + 7, end: at(SOURCE, 'return 2;') + 8, newText: '3' },
  ];
  const after = edits.reduceRight((text, e) => edit(text, e), SOURCE);
  const quick = inStep(before, after, options, edits);
  assert.ok(quick);
  assert.equal(comparable(quick), comparable(preprocess(after, options)));
});

test('a program constant typed or removed is in step: it stays as written, before its definition too', () => {
  const before = preprocess(SOURCE, options);
  assert.equal(before.constants.get('N'), '64');
  const line = (find: string, newText: string) => ({ start: at(SOURCE, find), end: at(SOURCE, find) + find.length, newText });
  const typed = tryEdit(before, line('  return 2;', '  return N * 2;'));
  assert.ok(typed, 'N typed');
  assert.ok(typed.source.includes('  return N * 2;') && typed.text.includes('  return N * 2;'));
  assert.ok(tryEdit(before, line('int a[N];', 'int a[2];')), 'its use removed');
  // Above its definition it is a plain name, as a fresh run reads it.
  const later = preprocess('int f(void) {\n  return 1;\n}\n#define M 8\nint g[M];\n', options);
  assert.equal(later.constants.get('M'), '8');
  const above = tryEdit(later, { start: at(later.source, '1;'), end: at(later.source, '1;') + 1, newText: 'M' });
  assert.ok(above, 'M typed above its definition');
  assert.ok(above.text.startsWith('int f(void) {\n  return M;'));
  // A system header's constant is one only while the file uses it: an edit keeping a use is in step,
  // one taking the last away (as far as the edited lines tell) is not.
  const limits = preprocess('#include <limits.h>\n#define K 3\nint big = INT_MAX;\nint small = K;\n', options);
  assert.equal(limits.constants.get('INT_MAX'), '2147483647');
  const use = at(limits.source, 'INT_MAX');
  assert.ok(tryEdit(limits, { start: use, end: use, newText: '1 + ' }), 'a use kept');
  assert.ok(tryEdit(limits, { start: at(limits.source, 'small'), end: at(limits.source, 'small'), newText: 'x = INT_MAX, ' }), 'a use added');
  assert.equal(tryEdit(limits, { start: use, end: use + 7, newText: '2' }), undefined, 'its only use taken away');
  assert.equal(tryEdit(limits, { start: use, end: use + 7, newText: '2 /* INT_MAX */' }), undefined, 'left in a comment only');
});

test('a block comment closed on its line is in step, in code and in a pragma line; one left open or closing another is not', () => {
  const before = preprocess(SOURCE, options);
  const line = (find: string, newText: string) => ({ start: at(SOURCE, find), end: at(SOURCE, find) + find.length, newText });
  assert.ok(tryEdit(before, line('  return 2;', '  return 2; /* two */')));
  assert.ok(tryEdit(before, line('  return 2;', '  { /* a */ return "/*"; /* b */ }')));
  assert.ok(tryEdit(before, line('#pragma omp parallel for', '#pragma omp parallel for /* static */ schedule(static)')));
  assert.equal(tryEdit(before, line('  return 2;', '  return 2; /* open')), undefined);
  assert.equal(tryEdit(before, line('  return 2;', '  return 2; */')), undefined);
  assert.equal(tryEdit(before, line('  return 2;', '  return "/*;')), undefined, 'a string left open');
});

test('an edit at the very start of a text opening with a blank line is in step (it threw: its line was read from offset 1)', () => {
  const blank = preprocess('\n#define N 4\nint a[N];\n', options);
  const quick = tryEdit(blank, { start: 0, end: 0, newText: 'int b;' });
  assert.ok(quick);
  assert.equal(quick.text, 'int b;\n#define N 4\nint a[N];\n');
});

test('edits that reach what the preprocessor does are left to a fresh run', () => {
  const before = preprocess(SOURCE, options);
  const line = (find: string, newText: string) => ({ start: at(SOURCE, find), end: at(SOURCE, find) + find.length, newText });
  const cases: [string, TextEdit][] = [
    ['a function-like macro\'s name typed', line('  return 2;', '  return SQUARE(2);')],
    ['an object-like macro that expands typed', line('  return 2;', '  return HERE;')],
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
  for (const [what, e] of cases) assert.equal(tryEdit(before, e), undefined, what);
  // The line between a function-like macro's name and a `(` taken away: a use appears.
  const split = preprocess('#define F(x) x\nint v = F\n  + 1\n(2);\n', options);
  assert.equal(tryEdit(split, { start: at(split.source, '  + 1\n'), end: at(split.source, '(2)'), newText: '' }), undefined);
  // A header read otherwise since.
  headers['/w/lib.h'] = HEADER.replace('int lib', 'long lib');
  try {
    assert.equal(tryEdit(before, line('  return 2;', '  return 3;')), undefined);
  } finally {
    headers['/w/lib.h'] = HEADER;
  }
  // The text unchanged: the same result.
  assert.equal(preprocessEdited(before, SOURCE, options), before);
});

test('random edits, twenty in a row from each result: every result in step is a fresh run\'s, and a fifth of them or more are in step', () => {
  let seed = 2026;
  const random = (n: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
  const pieces = ['x', ' ', '\n', 'int k = 0;\n', '(', ')', ';', '// c\n', '"s"', 'N', 'SQUARE', 'INT_MAX', '#pragma omp barrier\n', '/*', '\\', '__LINE__', 'CALL', '/* c */', '*/', "'"];
  const base = preprocess(SOURCE, options);
  let before = base;
  let tried = 0, answered = 0;
  for (let k = 0; k < 400; k++) {
    // Twenty edits in a row, each from the one before (in step where it was), then the file anew.
    if (k % 20 === 0) before = base;
    const text = before.source;
    const start = random(text.length + 1);
    const e = random(2) ? { start, end: start, newText: pieces[random(pieces.length)] }
      : { start, end: Math.min(text.length, start + random(10)), newText: '' };
    tried++;
    const quick = tryEdit(before, e);
    if (quick) answered++;
    before = quick ?? preprocess(edit(text, e), options);
  }
  assert.ok(answered > tried / 5, `${answered} of ${tried} in step`);
});
