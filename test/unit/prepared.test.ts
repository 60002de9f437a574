// The worker's prepared document (lsp/prepared): a translation started from the version it holds,
// brought to each new text by an incremental re-parse, is the translation of that text read afresh.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { PreparedDocument } from '../../server/src/lsp/prepared';
import { translateDocument, translateText, type Dialect, type TranslateOptions } from '../../server/src/translate/index';
import { blocking, checkSyntax, parseText } from '../../server/src/checks/index';
import { generateProgram, wholeFunctions } from '../bench/generate';
import { ROOT } from '../helpers';

const TARGETS: Dialect[] = ['metafork', 'openmp', 'cilkplus'];


/** Whether the server would call the version checked (its diagnostics found nothing blocking). */
async function checkedAlready(text: string, options: TranslateOptions): Promise<boolean> {
  const syntax = await parseText(text, options.fileName, undefined, options);
  try { return !checkSyntax(syntax).diagnostics.some(blocking); } finally { syntax.dispose(); }
}

/** Every target's translation from the prepared version equals the fresh one, whole (text,
 * diagnostics and all), twice in a row (a translation leaves the version it started from as it was);
 * the fresh one translated, or `refused`. */
async function sameAsFresh(
  prepared: PreparedDocument, uri: string, analysis: number, text: string, options: TranslateOptions, label: string, refused = false,
) {
  const checked = await checkedAlready(text, options);
  const key = { uri, fileName: options.fileName, flags: JSON.stringify(options.flags ?? null) };
  for (const to of TARGETS) {
    const fresh = await translateText(text, to, { ...options, checked });
    assert.equal(fresh.text === undefined, refused, `${label}, to ${to}: ${fresh.diagnostics[0]?.message}`);
    for (let round = 0; round < 2; round++) {
      const version = await prepared.version(key, analysis, text, options);
      assert.deepEqual(translateDocument(version, to, { ...options, checked }), fresh, `${label}, to ${to}, round ${round + 1}`);
    }
  }
}

test('the bundled examples and corpus programs, one after another in one prepared document', async () => {
  const expected: Record<string, string> = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'programs', 'expected.json'), 'utf8'));
  const prepared = new PreparedDocument();
  for (const file of Object.keys(expected)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    // Each file as its own document, and again as the same document's next text.
    await sameAsFresh(prepared, `file:///${file}`, 1, text, { fileName: file }, file);
    await sameAsFresh(prepared, 'file:///one.mfc', 1, text, { fileName: 'one.mfc' }, `${file} as one.mfc`);
  }
});

test('a large document edited: each version translated from the one before equals a fresh translation', async () => {
  const prepared = new PreparedDocument();
  const options = { fileName: 'big.mfc' };
  let text = wholeFunctions(generateProgram(2500));
  await sameAsFresh(prepared, 'file:///big.mfc', 1, text, options, 'as opened');
  const at = (s: string) => { const i = text.indexOf(s); assert.ok(i >= 0, s); return i; };
  const edits: [string, (t: string) => string][] = [
    ['a comment typed in the middle', t => { const m = t.indexOf('\n', t.length >> 1) + 1; return `${t.slice(0, m)}/* note */\n${t.slice(m)}`; }],
    ['a reduction clause changed', t => t.replace('reduction(+: s) schedule(static)', 'reduction(max: s)')],
    ['a spawn made a plain call', t => t.replace('x = meta_fork fib6(n - 1);', 'x = fib6(n - 1);')],
    ['a Cilk function deleted', t => { const s = at('int tree11('); return t.slice(0, s) + t.slice(t.indexOf('\n}\n', s) + 3); }],
    ['a sync removed (CilkPlus joins at the return)', t => t.replace('  cilk_sync;\n  return l + r;', '  return l + r;')],
    ['an error typed', t => t.replace('long x, y;', 'long x, y')],
  ];
  for (const [label, edit] of edits) {
    text = edit(text);
    await sameAsFresh(prepared, 'file:///big.mfc', 1, text, options, label, label === 'an error typed');
  }
  // One construct at a time, as the quick fixes translate them.
  text = wholeFunctions(generateProgram(2500));
  const focus = text.indexOf('cilk_spawn tree5');
  for (const to of TARGETS) {
    const version = await prepared.version({ uri: 'file:///big.mfc', fileName: 'big.mfc', flags: 'null' }, 1, text, options);
    assert.deepEqual(translateDocument(version, to, { ...options, focus, checked: true }), await translateText(text, to, { ...options, focus, checked: true }), `focus, to ${to}`);
  }
});

test('the same text: the held version as it is, under a new analysis too while its headers read the same; read again when they do not; other flags read the text anew', async () => {
  const prepared = new PreparedDocument();
  const text = '#include "spawn.h"\nint f(int n) {\n  int x, y;\n  if (n < 2) return n;\n  x = SPAWN f(n - 1);\n  y = f(n - 2);\n  cilk_sync;\n  return x + y;\n}\n';
  let header = '#define SPAWN cilk_spawn\n';
  const options: TranslateOptions = { fileName: '/p/main.c', files: { read: p => (p === '/p/spawn.h' ? header : undefined) } };
  const key = { uri: 'file:///p/main.c', fileName: '/p/main.c', flags: 'null' };
  const first = await prepared.version(key, 1, text, options);
  assert.equal(await prepared.version(key, 1, text, options), first);
  await sameAsFresh(prepared, key.uri, 1, text, options, 'header spawning');
  // A new analysis (the server checked the document again: a header saved, settings) whose headers read the same.
  assert.equal(await prepared.version(key, 2, text, options), first);
  // A header saved with a new constant.
  header = '#define SPAWN cilk_spawn\n#define DEPTH 4\n';
  const constant = await prepared.version(key, 3, text, options);
  assert.notEqual(constant, first);
  assert.equal(constant.syntax.unit.constants.get('DEPTH'), '4');
  header = '#define SPAWN\n';
  const reread = await prepared.version(key, 4, text, options);
  assert.notEqual(reread, constant);
  assert.equal(reread.syntax.text.includes('cilk_spawn'), false);
  await sameAsFresh(prepared, key.uri, 4, text, options, 'header not spawning');
  const defined: TranslateOptions = { ...options, flags: { includePaths: [], defines: [['EXTRA', '1']] } };
  await sameAsFresh(prepared, key.uri, 4, text, defined, 'other flags');
});

test('a document closed is let go; another document\'s closing leaves the one held', async () => {
  const prepared = new PreparedDocument();
  const text = fs.readFileSync(path.join(ROOT, 'examples', 'fib.mfc'), 'utf8');
  const key = { uri: 'file:///fib.mfc', fileName: 'fib.mfc', flags: 'null' };
  const held = await prepared.version(key, 1, text, { fileName: 'fib.mfc' });
  prepared.forget('file:///other.mfc');
  assert.equal(await prepared.version(key, 1, text, { fileName: 'fib.mfc' }), held);
  prepared.forget(key.uri);
  const anew = await prepared.version(key, 1, text, { fileName: 'fib.mfc' });
  assert.notEqual(anew, held);
  assert.deepEqual(translateDocument(anew, 'openmp', { fileName: 'fib.mfc', checked: true }), await translateText(text, 'openmp', { fileName: 'fib.mfc', checked: true }));
});
