// A large file's first diagnostics (checks/checkBeginning): its top read alone, without parsing the
// rest. What it reports must be what the whole check reports there — never a finding the rest of the
// file would take back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { checkBeginning, checkSyntax, parseText } from '../../server/src/checks/index';
import type { MfDiagnostic } from '../../server/src/base/diagnostic';
import { generateProgram } from '../bench/generate';
import { ROOT } from '../helpers';

const key = (d: MfDiagnostic) => `${d.code} ${d.start}-${d.end} ${d.message}`;

/** The offset of line `n` (0-based). */
function lineStart(text: string, n: number): number {
  let at = 0;
  for (let i = 0; i < n; i++) at = text.indexOf('\n', at) + 1;
  return at;
}

/** A program with findings near its top, and names its top uses but only its rest declares. */
function program(): string {
  const faulty = [
    'long unjoined(long n) {', '  long x;', '  if (n < 2) return n;', '  x = meta_fork unjoined(n - 1);', '  return x;', '}', '',
    'void racy(int n, int *a) {', '  int s = 0;', '  meta_for (int j = 0; j < n; j++)', '    s += a[j];', '  a[0] = s;', '}', '',
    'int uses_later(int n) {', '  return later_defined(n) + later_global;', '}', '',
    'int miscalls(void) {', '  return later_proto(1, 2);', '}', '',
    'int undeclared(void) {', '  return declared_nowhere;', '}', '',
  ].join('\n');
  const rest = ['int later_global = 3;', 'int later_defined(int n) { return n + 1; }', 'int later_proto(int a);', ''].join('\n');
  const generated = generateProgram(900);
  const cut = generated.indexOf('\nlong fib', generated.length / 3) + 1;
  return generated.slice(0, cut) + faulty + '\n' + generated.slice(cut) + rest;
}

test('the top of a C file read alone: the whole check\'s findings there, but for the items with an undeclared name the rest names', async () => {
  const text = program();
  const whole = checkSyntax(await parseText(text, 'big.mfc'));
  const syntax = await parseText(text, 'big.mfc');
  const until = lineStart(text, 400);
  const early = checkBeginning(syntax, until);
  try {
    assert.notEqual(early.syntax, syntax, 'the top was read alone');
    const items = early.model.items;
    const end = items[items.length - 1].end;
    assert.ok(end >= until && end < text.length / 2, `the top ends after line 400 and well before the file (${end})`);
    const inTop = whole.diagnostics.filter(d => d.start < end);
    const of = (name: string) => { const s = text.indexOf(`int ${name}(`); return { start: s, end: text.indexOf('\n}\n', s) }; };
    const later = [of('uses_later'), of('miscalls')];
    const expected = inTop.filter(d => !later.some(f => d.start >= f.start && d.start < f.end)).map(key);
    // The faulty functions' findings are among them (the test tests something).
    assert.ok(expected.some(k => k.startsWith('MF314 ')), expected.join('\n'));
    // A name the rest of the file does not name cannot be declared there: decided at the top.
    assert.ok(expected.some(k => k.startsWith('MF120 ') && k.includes("'declared_nowhere'")), expected.join('\n'));
    assert.deepEqual(early.diagnostics.map(key).sort(), expected.sort());
    // The same parser then reads the whole text, as the server's whole check does next.
    assert.deepEqual(checkSyntax(syntax).diagnostics.map(key), whole.diagnostics.map(key));
  } finally {
    early.syntax.dispose();
    syntax.dispose();
    whole.syntax.dispose();
  }
});

test('the top of every C program of the fixtures, cut at every 15th line: each first finding is one of the whole check\'s', async () => {
  const dirs = ['test/fixtures/programs', 'examples', 'test/fixtures/openmp', 'test/fixtures/cuda'];
  const files = dirs.flatMap(d => fs.readdirSync(path.join(ROOT, d)).filter(f => /\.(c|mfc)$/.test(f)).map(f => path.join(ROOT, d, f)));
  assert.ok(files.length > 40, `${files.length} files`);
  let tops = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const whole = checkSyntax(await parseText(text, file));
    const found = new Set(whole.diagnostics.map(key));
    const lines = text.split('\n').length;
    for (let n = 15; n < lines; n += 15) {
      const syntax = await parseText(text, file);
      const early = checkBeginning(syntax, lineStart(text, n));
      if (early.syntax !== syntax) tops++;
      for (const d of early.diagnostics) assert.ok(found.has(key(d)), `${path.relative(ROOT, file)} cut at line ${n + 1}: ${key(d)} is not the whole check's`);
      if (early.syntax !== syntax) early.syntax.dispose();
      syntax.dispose();
    }
    whole.syntax.dispose();
  }
  assert.ok(tops >= 40, `${tops} tops read alone`);
});
