// Bugs the typing fuzz test found (test/fuzz/typing.test.ts), each pinned down on its own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSyntax, parseText } from '../../server/src/checks/index';
import { LineIndex } from '../../server/src/base/lines';
import * as fs from 'fs';
import * as path from 'path';
import { checkSource, fixture } from '../helpers';

test('a comment running over a newline inside a pragma: no hang, no false syntax error', async () => {
  const text = 'void g(int);\nvoid f(int n) {\n#pragma omp parallel /* a comment\n   across two lines */ num_threads(4)\n  {\n#pragma omp task /* inline */ firstprivate(n)\n    g(n);\n  }\n}\n';
  assert.deepEqual((await checkSource(text, 'a.c')).diagnostics, []);
  // While it is being typed: the comment not closed yet.
  const open = (await checkSource(text.slice(0, text.indexOf('a comment') + 10), 'a.c')).diagnostics;
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
  let previous = checkSyntax(syntax);
  for (const text of [before + ':', before + ': s', before + ': s)']) {
    const next = syntax.update(text);
    previous = checkSyntax(next, previous);
    syntax.dispose();
    syntax = next;
    const fresh = await checkSource(text, 'r.mfc');
    assert.deepEqual(previous.diagnostics, fresh.diagnostics, JSON.stringify(text));
  }
  syntax.dispose();
});

// the per-item cache moved ranges but not the offsets in `data` (MF314,
// MF402, MF102) nor the line a message cites, so a quick fix after an edit above landed elsewhere.
test('lines and characters inserted above, inside and below each item: the incremental diagnostics are those of a fresh analysis, data and messages included', async () => {
  const files = fs.readdirSync(fixture('seeds')).filter(f => !f.endsWith('.json')).map(f => fixture('seeds', f))
    .concat(fs.readdirSync(fixture('e2e')).filter(f => /\.(c|mfc|cpp)$/.test(f)).map(f => fixture('e2e', f)));
  // The other diagnostics whose data holds offsets, where no fixture has them.
  const inline: [string, string][] = [
    ['mf402.mfc', 'int work(int);\nint f(int n) {\n  int x = 0;\n  meta_fork {\n    x = work(n);\n  }\n  meta_join;\n  return x;\n}\n'],
    ['mf102-join.mfc', 'int g(int);\nint f(int n) {\n  int x = meta_fork g(n);\n  meta_join\n  return x;\n}\n'],
    ['mf102-syntax.mfc', 'int f(int n) {\n  int x = n + 1\n  return x;\n}\n'],
  ];
  const programs: [string, string][] = files.map(f => [path.basename(f), fs.readFileSync(f, 'utf8')] as [string, string]).concat(inline);
  let checked = 0;
  const codes = new Set<string>();
  for (const [name, text] of programs) {
    const original = await checkSource(text, name);
    if (original.diagnostics.length === 0) continue;
    for (const d of original.diagnostics) if (d.data) codes.add(d.code);
    for (const item of original.model.items) {
      for (const at of [item.start, Math.floor((item.start + item.end) / 2), item.end]) {
        for (const insert of ['\n\n\n', '   ']) {
          const edited = text.slice(0, at) + insert + text.slice(at);
          const syntax = await parseText(text, name);
          const before = checkSyntax(syntax);
          const next = syntax.update(edited);
          const incremental = checkSyntax(next, before);
          const fresh = await checkSource(edited, name);
          assert.deepEqual(incremental.diagnostics, fresh.diagnostics, `${name}: ${JSON.stringify(insert)} at ${at}`);
          syntax.dispose(); next.dispose(); fresh.syntax.dispose();
          checked++;
        }
      }
    }
    original.syntax.dispose();
  }
  // The corpus holds every diagnostic that carries offsets in its data.
  for (const code of ['MF314', 'MF402', 'MF102']) assert.ok(codes.has(code), code);
  assert.ok(checked > 100, `${checked} edits checked`);
});
