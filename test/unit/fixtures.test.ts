// Every program printed in the seeds is a fixture: it parses with no diagnostic beyond the
// true findings recorded in expected-diagnostics.json, and its elision matches a golden file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { checkSource, fixture, ROOT } from '../helpers';
import { elide } from '../../server/src/model/elide';
import { LineIndex } from '../../server/src/base/lines';

interface Entry { file: string; dialect: string; complete: boolean }
const manifest: Entry[] = JSON.parse(fs.readFileSync(fixture('seeds', 'manifest.json'), 'utf8'));
const expected: Record<string, string[]> = JSON.parse(fs.readFileSync(fixture('seeds', 'expected-diagnostics.json'), 'utf8'));
const goldenDir = path.join(ROOT, 'test', 'golden', 'elide');
const update = process.env.UPDATE_GOLDEN === '1';

test('the manifest lists every seed fixture', () => {
  const files = fs.readdirSync(fixture('seeds')).filter(f => !f.endsWith('.json'));
  assert.deepEqual(files.sort(), manifest.map(e => e.file).sort());
});

for (const entry of manifest) {
  test(`seed fixture ${entry.file}: diagnostics and elision`, async () => {
    const text = fs.readFileSync(fixture('seeds', entry.file), 'utf8');
    const { diagnostics, model } = await checkSource(text, entry.file);
    const lines = new LineIndex(text);
    // `CODE@LINE` for each finding; the expected list documents why each one is right.
    const found = diagnostics.map(d => `${d.code}@${lines.position(d.start).line + 1}`);
    assert.deepEqual(found, expected[entry.file] ?? [], diagnostics.map(d => d.message).join('\n'));
    const elision = elide(model);
    assert.doesNotMatch(elision, /\b(meta_(fork|for|join|schedule|device|copy|pipe|wait|continue)|cilk_(spawn|sync|for|scope)|_Cilk_\w+)\b|#\s*pragma\s+(omp|mf|cilk|meta)\b/);
    const golden = path.join(goldenDir, entry.file.replace(/\.(mfc|cpp|c)$/, '') + '.elided' + (entry.file.endsWith('.cpp') || text.includes('std::') ? '.cpp' : '.c'));
    if (update || !fs.existsSync(golden)) fs.writeFileSync(golden, elision);
    assert.equal(elision, fs.readFileSync(golden, 'utf8'));
  });
}
