// The map between the user's text and the analysed text (server/src/base/sourcemap): offsets both
// ways, diagnostics at macro uses, and edits written back keeping what no edit touched.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Segment, SourceConflict, SourceMap } from '../../server/src/base/sourcemap';
import { applyEdits, OffsetMap } from '../../server/src/base/edits';

/** `x = MAX(a, b) + N;` with MAX expanded (its arguments copied), after an `#ifdef` line blanked. */
function example(): SourceMap {
  const source = '#ifdef F\nx = MAX(a, b) + N;\n#endif\n';
  const expansion = '((a) > (b) ? (a) : (b))';
  const text = '        \nx = ' + expansion + ' + N;\n      \n';
  const use = source.indexOf('MAX(a, b)');
  const at = text.indexOf(expansion);
  const segments: Segment[] = [
    { kind: 'blank', text: { start: 0, end: 8 }, source: { start: 0, end: 8 } },
    {
      kind: 'expansion', macro: 'MAX', text: { start: at, end: at + expansion.length },
      source: { start: use, end: use + 'MAX(a, b)'.length },
      args: [
        { text: { start: at + 2, end: at + 3 }, source: { start: use + 4, end: use + 5 } },
        { text: { start: at + 8, end: at + 9 }, source: { start: use + 7, end: use + 8 } },
      ],
    },
    { kind: 'blank', text: { start: text.lastIndexOf('      '), end: text.lastIndexOf('      ') + 6 },
      source: { start: source.indexOf('#endif'), end: source.indexOf('#endif') + 6 } },
  ];
  return new SourceMap(text, source, segments);
}

test('offsets inside a macro use go to the use (start and end of a span), arguments to themselves', () => {
  const m = example();
  const { text, source } = m;
  const expansion = text.indexOf('((a)');
  const inner = { start: expansion + 5, end: expansion + 10 }; // '> (b)': the macro's own text
  assert.equal(source.slice(m.toSource(inner).start, m.toSource(inner).end), 'MAX(a, b)');
  const b = text.indexOf('(b)', expansion) + 1;
  assert.equal(source.slice(m.toSource({ start: b, end: b + 1 }).start, m.toSource({ start: b, end: b + 1 }).end), 'b');
  const n = text.indexOf('N;');
  assert.equal(m.toSource({ start: n, end: n + 1 }).start, source.indexOf('N;'));
  assert.equal(m.offsetToText(source.indexOf('N;')), n);
  assert.equal(m.offsetToText(source.indexOf('MAX')), expansion);
  assert.equal(m.offsetToText(source.indexOf('(a, b)') + 1), expansion + 2);
});

test('edits written back keep the macro uses and conditional lines no edit touches', () => {
  const m = example();
  const n = m.text.indexOf('N;');
  assert.equal(m.apply([{ start: n, end: n + 1, newText: 'M' }]), '#ifdef F\nx = MAX(a, b) + M;\n#endif\n');
  // An edit inside the expansion: the use is rewritten expanded.
  const gt = m.text.indexOf('>');
  assert.equal(m.apply([{ start: gt, end: gt + 1, newText: '<' }]), '#ifdef F\nx = ((a) < (b) ? (a) : (b)) + N;\n#endif\n');
  assert.deepEqual(m.toSourceEdits([{ start: gt, end: gt + 1, newText: '<' }]),
    [{ start: 13, end: 22, newText: '((a) < (b) ? (a) : (b))' }]);
  // A rendered statement, then replaced whole: the use and the lines around it survive.
  const stmt = { start: m.text.indexOf('x ='), end: m.text.indexOf(';') + 1 };
  assert.equal(m.render(stmt), 'x = MAX(a, b) + N;');
  const whole = { start: 0, end: m.text.length };
  assert.equal(m.render(whole, [{ ...stmt, newText: `{ ${m.render(stmt)} }` }]),
    '#ifdef F\n{ x = MAX(a, b) + N; }\n#endif\n');
  // A use the caller will not keep (a kernel without the variables it names) is written expanded.
  assert.equal(m.render(stmt, [], s => s.macro !== 'MAX'), 'x = ((a) > (b) ? (a) : (b)) + N;');
});

test('an edit that would rewrite a conditional line is refused, not lost', () => {
  const m = example();
  const all = { start: 0, end: m.text.indexOf('x =') + 2 };
  assert.throws(() => m.apply([{ ...all, newText: 'y' }]), SourceConflict);
  assert.throws(() => m.toSourceEdits([{ ...all, newText: 'y' }]), SourceConflict);
  // Replaced whole with its own text kept: allowed.
  const line = { start: 0, end: 8 };
  assert.deepEqual(m.toSourceEdits([{ ...line, newText: '#ifdef F // on' }]), [{ start: 0, end: 8, newText: '#ifdef F // on' }]);
});

test('the identity map changes nothing and costs nothing', () => {
  const m = SourceMap.identity('int x;\n');
  assert.equal(m.isIdentity, true);
  assert.deepEqual(m.toSource({ start: 4, end: 5 }), { start: 4, end: 5 });
  assert.equal(m.apply([{ start: 4, end: 5, newText: 'y' }]), applyEdits('int x;\n', [{ start: 4, end: 5, newText: 'y' }]));
});

test('headers after the file: dropped from the output, offsets there stand for the end of the file', () => {
  const source = 'int a;\n';
  const text = source + '\nextern int g;\n';
  const m = new SourceMap(text, source, [
    { kind: 'header', text: { start: source.length, end: text.length }, source: { start: source.length, end: source.length } },
  ]);
  assert.equal(m.fileEnd, source.length);
  assert.equal(m.fileText, source);
  assert.equal(m.apply([{ start: 4, end: 5, newText: 'b' }]), 'int b;\n');
  assert.equal(m.offsetToSource(text.indexOf('g')), source.length);
  assert.throws(() => m.apply([{ start: text.indexOf('g'), end: text.indexOf('g') + 1, newText: 'h' }]), SourceConflict);
});

test('OffsetMap.forward: a span ending inside an edit ends with its output, and takes the insertion where that edit ends', () => {
  // A region's lines rewritten (the edit reaching past the span's end, through the newline), then
  // a join inserted after them: both belong to the region.
  const input = 'a;\n#region\n  {\n  x;\n  }\nb;\n';
  const span = { start: input.indexOf('#region'), end: input.indexOf('}') + 1 };
  const rewritten = { start: input.indexOf('  {'), end: input.indexOf('b;') };
  const edits = [
    { start: span.start, end: rewritten.start, newText: '' },
    { ...rewritten, newText: '  fork x;\n' },
    { start: rewritten.end, end: rewritten.end, newText: '  join;\n' },
  ];
  const output = applyEdits(input, edits);
  assert.equal(output, 'a;\n  fork x;\n  join;\nb;\n');
  const out = new OffsetMap(edits).forward(span);
  assert.equal(output.slice(out.start, out.end), '  fork x;\n  join;\n');
  // Text no edit touches moves by what the edits before it changed.
  assert.deepEqual(new OffsetMap(edits).forward({ start: 0, end: 2 }), { start: 0, end: 2 });
  const semicolon = input.indexOf('b;') + 1;
  const moved = new OffsetMap(edits).forward({ start: semicolon, end: semicolon + 1 });
  assert.deepEqual(moved, { start: output.indexOf('b;') + 1, end: output.indexOf('b;') + 2 });
});
