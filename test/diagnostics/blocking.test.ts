// A transform's check (checkSyntax with blockingOnly) leaves out the checks that only warn: it must
// find every finding that stops a transform, exactly where the whole check finds it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { blocking, checkSyntax, parseText } from '../../server/src/checks/index';
import type { MfDiagnostic } from '../../server/src/base/diagnostic';
import { generateProgram } from '../bench/generate';
import { ROOT } from '../helpers';

const key = (d: MfDiagnostic) => `${d.code} ${d.start}-${d.end} ${d.message}`;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.(c|mfc|cpp|h)$/.test(e.name) ? [file] : [];
  });
}

/** The whole check's findings and the transform's, on one text. */
async function both(text: string, fileName: string): Promise<{ all: MfDiagnostic[]; transform: MfDiagnostic[] }> {
  const syntax = await parseText(text, fileName);
  const all = checkSyntax(syntax).diagnostics;
  const transform = checkSyntax(syntax, undefined, true).diagnostics;
  syntax.dispose();
  return { all, transform };
}

test('a transform\'s check finds the blocking findings of the whole check, on every fixture and example', async () => {
  const files = [...sources(path.join(ROOT, 'test', 'fixtures')), ...sources(path.join(ROOT, 'examples'))];
  const left = new Set<string>();
  for (const file of files) {
    const { all, transform } = await both(fs.readFileSync(file, 'utf8'), path.basename(file));
    const rel = path.relative(ROOT, file);
    assert.deepEqual(transform.filter(blocking).map(key), all.filter(blocking).map(key), rel);
    // What it leaves out are warnings, and it leaves them all out.
    const kept = new Set(transform.map(key));
    for (const d of all) if (!kept.has(key(d))) { assert.equal(d.severity, 'warning', `${rel}: ${key(d)}`); left.add(d.code); }
    assert.deepEqual(transform.filter(d => d.code === 'MF314' || d.code === 'MF403' || d.code === 'MF406'), [], rel);
  }
  // The fixtures hold races, unjoined spawns and receivers read before the join: the comparison
  // above is not of two equal lists.
  assert.deepEqual([...left].sort(), ['MF314', 'MF403', 'MF406']);
});

test('a transform\'s check of a large generated program: the same blocking findings, none of its warnings', async () => {
  const text = generateProgram(3000).replace('  if (n < 2) return n;', '  if (n < 2) return n\n  meta_join;');
  const { all, transform } = await both(text, 'big.mfc');
  assert.deepEqual(transform.filter(blocking).map(key), all.filter(blocking).map(key));
  assert.equal(transform.filter(blocking).length, 1);
});
