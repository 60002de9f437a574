// The thesis's variable-attribute examples (Chen 2017 §3.3, tests T2-T5) and OpenMP rules.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import { checkSource, fixture, offsetOf } from '../helpers';
import { sharingAt } from '../../server/src/model/sharing';
import type { Checked } from '../../server/src/checks/index';

/** name -> sharing at the construct that starts at `keyword` (first occurrence). */
function sharingTable(a: Checked, text: string, keyword: string, occurrence = 1): Record<string, string> {
  const at = offsetOf(text, keyword, occurrence);
  const item = a.model.itemAt(at)!;
  const c = item.constructs.find(x => x.start === at);
  assert.ok(c, `no construct at '${keyword}'`);
  return Object.fromEntries(sharingAt(item, c).map(e => [e.variable.name, e.local && e.sharing === 'private' && !e.variable.loopControl ? 'local' : e.sharing]));
}

test('T3 (Figure 3.4): a, c, d, f, g shared; b private; e local', async () => {
  const text = fs.readFileSync(fixture('seeds', 's003-fig3.4-var-attributes-fork.mfc'), 'utf8');
  const a = await checkSource(text, 'fig3.4.mfc');
  assert.deepEqual(sharingTable(a, text, 'meta_fork'), { e: 'local', b: 'firstprivate', c: 'shared', d: 'shared' });
  // a, f and g are not referenced in the block; check the rule on them directly.
  const src = text.replace('int e = b;', 'int e = b + a + f + g;');
  const b = await checkSource(src, 'fig3.4.mfc');
  assert.deepEqual(sharingTable(b, src, 'meta_fork'), { e: 'local', b: 'firstprivate', a: 'shared', f: 'shared', g: 'shared', c: 'shared', d: 'shared' });
});

test('T4 (Figure 3.5): array, basecase, var, var1 shared; i, j private', async () => {
  const text = fs.readFileSync(fixture('seeds', 's003-fig3.5-var-attributes-for.mfc'), 'utf8');
  const a = await checkSource(text, 'fig3.5.mfc');
  const table = sharingTable(a, text, 'meta_for');
  assert.deepEqual(table, { j: 'private', array: 'shared', i: 'local', basecase: 'shared', var: 'shared', var1: 'shared' });
});

test('T5 (Figures 3.6/3.7): x receives the result or is shared; n private in both', async () => {
  const spawn = fs.readFileSync(fixture('seeds', 's003-fig3.6-fib-function-spawn.mfc'), 'utf8');
  assert.deepEqual(sharingTable(await checkSource(spawn, 'a.mfc'), spawn, 'meta_fork'), { x: 'result', n: 'firstprivate' });
  const block = fs.readFileSync(fixture('seeds', 's003-fig3.7-fib-block-spawn.mfc'), 'utf8');
  assert.deepEqual(sharingTable(await checkSource(block, 'b.mfc'), block, 'meta_fork'), { x: 'shared', n: 'firstprivate' });
});

test('T2 (Figure 3.2): t shared (array parameter); i, k private', async () => {
  const text = fs.readFileSync(fixture('seeds', 's003-fig3.2-parallel-scanup.mfc'), 'utf8');
  const table = sharingTable(await checkSource(text, 'scan.mfc'), text, 'meta_fork');
  assert.equal(table.t, 'shared');
  assert.equal(table.x, 'shared');
  assert.equal(table.i, 'firstprivate');
  assert.equal(table.k, 'firstprivate');
});

test('OpenMP: clauses, loop variable, task firstprivate default', async () => {
  const text = `int g;
void f(int *a, int n) {
  int s = 0, t = 1, u = 2;
  #pragma omp parallel for private(t) reduction(+: s)
  for (int i = 0; i < n; i++) { int w = i; t = w; s += a[i] + g + u; }
  #pragma omp parallel
  {
    int mine = 0;
    #pragma omp task
    { mine += u; }
  }
}`;
  const a = await checkSource(text, 'x.c');
  assert.deepEqual(sharingTable(a, text, '#pragma omp parallel for'), { i: 'private', w: 'local', t: 'private', s: 'reduction', a: 'shared', g: 'shared', u: 'shared', n: 'shared' });
  assert.deepEqual(sharingTable(a, text, '#pragma omp task'), { mine: 'firstprivate', u: 'shared' });
});

test('pragma and keyword forms agree (Figures 6.2 and 6.3)', async () => {
  const pragma = fs.readFileSync(fixture('seeds', 's003-fig6.2-pragma-region.mfc'), 'utf8');
  const keyword = fs.readFileSync(fixture('seeds', 's003-fig6.3-keyword-region.mfc'), 'utf8');
  assert.deepEqual(
    sharingTable(await checkSource(pragma, 'p.mfc'), pragma, '#pragma mf fork'),
    sharingTable(await checkSource(keyword, 'k.mfc'), keyword, 'meta_fork'));
});
