// MF509-MF510: what the CUDA generator refuses, each with its position. A refused generation
// prints nothing: `text` is undefined whenever an error is given.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateCuda } from '../../server/src/cuda/index';

interface Case { name: string; code: string; program: string; covers: string; message: RegExp }

const schedule = (decl: string, use: string) =>
  `void f(int N, int B, ${decl}) {\n  int G = (N + B - 1) / B;\n  meta_schedule {\n    meta_for (int v = 0; v < G; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int p = v * B + u;\n        if (p < N) ${use}\n      }\n  }\n}\n`;

const cases: Case[] = [
  {
    name: 'a pointer has no size to transfer',
    code: 'MF509', covers: 'a', message: /'a' is a pointer: a kernel can only use arrays declared with their extents/,
    program: schedule('int *a', 'a[p] = p;'),
  },
  {
    name: 'an array parameter without its extent',
    code: 'MF509', covers: 'a', message: /'a' has no extents the generator can read from its declaration/,
    program: schedule('int a[]', 'a[p] = p;'),
  },
  {
    name: 'a file without a schedule',
    code: 'MF510', covers: 'i', message: /no 'meta_schedule' in this file/,
    program: 'int main(void) {\n  int s = 0;\n  meta_for (int i = 0; i < 8; i++)\n    s += i;\n  return 0;\n}\n',
  },
];

for (const c of cases) {
  test(`${c.code}: ${c.name}`, async () => {
    const r = await generateCuda(c.program, { fileName: 'case.mfc' });
    const found = r.diagnostics.filter(d => d.code === c.code);
    assert.equal(found.length > 0, true, `no ${c.code}: ${JSON.stringify(r.diagnostics)}`);
    const d = found[0];
    assert.match(d.message, c.message);
    assert.equal(c.program.slice(d.start, d.end).includes(c.covers) || c.covers.includes(c.program.slice(d.start, d.end)), true, `range '${c.program.slice(d.start, d.end)}' should cover '${c.covers}'`);
    assert.equal(r.text, undefined, 'a refused generation prints nothing');
  });
}

test('a schedule with an array of known extent generates', async () => {
  const r = await generateCuda(schedule('int a[N]', 'a[p] = p;'), { fileName: 'case.mfc' });
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
  assert.deepEqual(r.kernels, ['kernel0']);
  assert.match(r.text!, /__global__ void kernel0\(int \*a, int G, int B, int N\)/);
  assert.match(r.text!, /cudaMemcpy\(mf_dev_a, a, sizeof\(int\) \* N, cudaMemcpyHostToDevice\)/);
});
