// The parser and the diagnostics never throw and stay fast on any text: every prefix of
// every fixture (what typing produces, through incremental updates), random mutations,
// deep nesting and binary junk.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { checkSyntax, parseText } from '../../server/src/checks/index';
import { elide } from '../../server/src/model/elide';
import { fixture, ROOT } from '../helpers';

const files = [
  ...fs.readdirSync(fixture('seeds')).filter(f => !f.endsWith('.json')).map(f => fixture('seeds', f)),
  ...fs.readdirSync(fixture('programs')).filter(f => !f.endsWith('.json')).map(f => fixture('programs', f)),
  ...fs.readdirSync(path.join(ROOT, 'examples')).map(f => path.join(ROOT, 'examples', f)),
];

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s % n; };
}

/** Longest time one analysis may take here: a hang shows up as a failure, not a stuck run. */
const BOUND_MS = 2000;

function checkedAnalysis(run: () => void, what: string): void {
  const t0 = performance.now();
  run();
  const ms = performance.now() - t0;
  assert.ok(ms < BOUND_MS, `${what} took ${ms.toFixed(0)} ms`);
}

test('every prefix of every fixture, typed character by character', async () => {
  let analyses = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    let syntax = await parseText('', file);
    let previous: ReturnType<typeof checkSyntax> | undefined;
    // Typing: each prefix is an incremental update of the previous one (stride keeps big files quick).
    const stride = Math.max(1, Math.floor(text.length / 1500));
    for (let i = 0; i <= text.length; i += stride) {
      const next = syntax.update(text.slice(0, i));
      syntax.dispose();
      syntax = next;
      checkedAnalysis(() => { previous = checkSyntax(syntax, previous); }, `${path.basename(file)} prefix ${i}`);
      analyses++;
    }
    // The full text, fresh and incremental, must give the same diagnostics.
    const fresh = await parseText(text, file);
    const full = syntax.update(text);
    assert.deepEqual(checkSyntax(full, previous).diagnostics, checkSyntax(fresh).diagnostics, path.basename(file));
    fresh.dispose(); full.dispose(); syntax.dispose();
  }
  assert.ok(analyses > 10000, `only ${analyses} analyses`);
});

test('random mutations of every fixture', async () => {
  const random = lcg(20261121);
  const pieces = ['{', '}', '(', ')', ';', 'meta_fork', 'meta_for', 'meta_join;', 'cilk_spawn', '#pragma omp parallel for\n', '#pragma mf fork shared(\n', '/*', '*/', '"', '\'', '\\\n', 'shared(', 'cache(', '\n', ' '];
  for (const file of files) {
    const original = fs.readFileSync(file, 'utf8');
    for (let round = 0; round < 12; round++) {
      let text = original;
      for (let m = 0; m < 1 + random(6); m++) {
        const at = random(text.length + 1);
        const kind = random(4);
        if (kind === 0) text = text.slice(0, at) + text.slice(at + 1 + random(20));
        else if (kind === 1) text = text.slice(0, at) + pieces[random(pieces.length)] + text.slice(at);
        else if (kind === 2) { const from = random(text.length + 1); text = text.slice(0, at) + text.slice(from, from + random(40)) + text.slice(at); }
        else text = text.slice(0, at) + String.fromCharCode(random(0x3000)) + text.slice(at);
      }
      const syntax = await parseText(text, file);
      checkedAnalysis(() => { elide(checkSyntax(syntax).model); }, `${path.basename(file)} mutation ${round}`);
      syntax.dispose();
    }
  }
});

test('deep nesting, long files and binary junk', async () => {
  const cases: [string, string][] = [
    ['10,000 nested blocks', `void f(int x) {${'{'.repeat(10000)}x++;${'}'.repeat(10000)}}\n`],
    ['10,000 nested parentheses', `int f(int x) { return ${'('.repeat(10000)}x${')'.repeat(10000)}; }\n`],
    ['5,000 nested meta_fork blocks', `void f(int x) {${'meta_fork {'.repeat(5000)}x++;${'}'.repeat(5000)} meta_join; }\n`],
    ['unterminated comment', '/* never closed\nmeta_fork f();'],
    ['binary junk', Array.from({ length: 50000 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('')],
  ];
  for (const [name, text] of cases) {
    const syntax = await parseText(text, 'junk.mfc');
    const t0 = performance.now();
    const { diagnostics, model } = checkSyntax(syntax);
    elide(model);
    assert.ok(performance.now() - t0 < 10000, name);
    assert.ok(Array.isArray(diagnostics), name);
    syntax.dispose();
  }
});
