// MF520-MF521: what `metafork optimize` (and `analyze`, for MF520) says about a schedule, with its
// position: a kernel loop the cost model cannot count, and program parameters kept at the
// program's own values because the result depends on them.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { optimizeText } from '../../server/src/optimize/index';
import { closeSolver } from '../../server/src/optimize/solver';

after(() => closeSolver());

interface Case { name: string; code: string; program: string; covers: string; message: RegExp }

const schedule = (grid: string, body: string) =>
  `void f(int n, int B, double a[n], double b[n]) {\n  int dim = ${grid};\n  meta_schedule {\n    meta_for (int v = 0; v < dim; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int i = v * B + u;\n        ${body}\n      }\n  }\n}\n`;

const cases: Case[] = [
  {
    name: 'a kernel loop whose trip count is a value of the thread',
    code: 'MF520', covers: 'for (int j = 0; j < i; j++)', message: /^the cost model cannot count the iterations of this loop: they depend on 'i', which each thread computes/,
    program: schedule('(n + B - 1) / B', 'if (i < n) { for (int j = 0; j < i; j++) b[i] += a[j]; }'),
  },
  {
    // A zero step gives the loop no range: once an internal error (a division by zero in the trip count).
    name: 'a kernel loop that steps by zero',
    code: 'MF520', covers: 'for (int j = 0; j < n; j += 0)', message: /^the cost model cannot count the iterations of this loop \(its header gives no trip count\)/,
    program: schedule('(n + B - 1) / B', 'if (i < n) { for (int j = 0; j < n; j += 0) b[i] += a[j]; }'),
  },
  {
    name: 'a floor grid: the elements computed depend on B',
    code: 'MF521', covers: 'dim', message: /^the program's own 'B' (is|are) kept, not chosen at run time/,
    program: schedule('n / B', 'b[i] = 2 * a[i];'),
  },
];

for (const c of cases) {
  test(`${c.code}: ${c.name}`, async () => {
    const r = await optimizeText(c.program, { fileName: 'case.mfc', registers: 'estimate' });
    const all = [...r.diagnostics, ...r.schedules.flatMap(s => s.notes)];
    const d = all.find(x => x.code === c.code);
    assert.ok(d, `no ${c.code}: ${all.map(x => `${x.code} ${x.message}`).join('; ')}`);
    assert.match(d.message, c.message);
    assert.equal(c.program.slice(d.start, d.end), c.covers);
  });
}
