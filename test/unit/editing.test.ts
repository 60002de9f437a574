// Bugs the typing fuzz test found (test/fuzz/typing.test.ts), each pinned down on its own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSyntax, parseText } from '../../server/src/analyze';
import { LineIndex } from '../../server/src/syntax/lines';
import { analyze } from '../helpers';

test('a comment running over a newline inside a pragma: no hang, no false syntax error', async () => {
  const text = 'void g(int);\nvoid f(int n) {\n#pragma omp parallel /* a comment\n   across two lines */ num_threads(4)\n  {\n#pragma omp task /* inline */ firstprivate(n)\n    g(n);\n  }\n}\n';
  assert.deepEqual((await analyze(text, 'a.c')).diagnostics, []);
  // While it is being typed: the comment not closed yet.
  const open = (await analyze(text.slice(0, text.indexOf('a comment') + 10), 'a.c')).diagnostics;
  assert.ok(open.length > 0);
});

test('line ends: \\n, \\r\\n and a lone \\r all end a line (as LSP counts them)', () => {
  for (const [text, positions] of [
    ['a\nbc\n', [[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [2, 0]]],
    ['a\r\nbc\r\n', [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [1, 3], [2, 0]]],
    ['a\rbc\r', [[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [2, 0]]],
  ] as const) {
    const lines = new LineIndex(text);
    assert.deepEqual(positions.map((_, i) => { const p = lines.position(i); return [p.line, p.character]; }), positions, JSON.stringify(text));
    positions.forEach(([line, character], i) => { if (text[i - 1] !== '\r' || text[i] !== '\n') assert.equal(lines.offset({ line, character }), i); });
    assert.equal(lines.offset({ line: 9, character: 0 }), text.length);
  }
});

test('a clause typed past a broken function gets the diagnostics a fresh analysis gives', async () => {
  const before = 'int f(void) {\n  int s = 0\n  meta_for reduction(+';
  let syntax = await parseText(before, 'r.mfc');
  let previous = analyzeSyntax(syntax);
  for (const text of [before + ':', before + ': s', before + ': s)']) {
    const next = syntax.update(text);
    previous = analyzeSyntax(next, previous);
    syntax.dispose();
    syntax = next;
    const fresh = await analyze(text, 'r.mfc');
    assert.deepEqual(previous.diagnostics, fresh.diagnostics, JSON.stringify(text));
  }
  syntax.dispose();
});
