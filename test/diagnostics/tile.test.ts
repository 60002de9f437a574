// MF701-MF704: what `metafork tile` says about each loop nest, with its position (the header of
// the nest's outermost loop): tiled, staying serial with the dependence, or nothing to tile.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tileText, TileOptions } from '../../server/src/tile/index';

interface Case { name: string; code: string; program: string; covers: string; message: RegExp; options?: TileOptions }

const cases: Case[] = [
  {
    name: 'a parallel loop',
    code: 'MF701', covers: 'for (int i = 0; i < n; i++)', message: /tiled into a meta_schedule of 1 kernel/,
    program: 'void f(int n, int a[n]) {\n  for (int i = 0; i < n; i++)\n    a[i] = 2 * i;\n}\n',
  },
  {
    name: 'a recurrence',
    code: 'MF702', covers: 'for (int i = 1; i < n; i++)', message: /stays serial: 'a\[i\]' \(line 3\) and 'a\[i - 1\]' \(line 3\) touch the same element of 'a' at different iterations of 'i': distance 1 on 'i'/,
    program: 'void f(int n, int a[n]) {\n  for (int i = 1; i < n; i++)\n    a[i] = a[i - 1] + 1;\n}\n',
  },
  {
    name: 'a dependence without a constant distance: its direction',
    code: 'MF702', covers: 'for (int i = 0; i < n; i++)', message: /stays serial: 'a\[2 \* i\]' \(line 3\) and 'a\[i\]' \(line 3\) touch the same element of 'a' at different iterations of 'i': direction '<' on 'i' \(the second at a later iteration of 'i'\)/,
    program: 'void f(int n, int a[2 * n]) {\n  for (int i = 0; i < n; i++)\n    a[2 * i] = a[i] + 1;\n}\n',
  },
  {
    name: 'a file without loops',
    code: 'MF703', covers: 'v', message: /no loop nest in this file to tile/,
    program: 'void f(int *a) {\n  a[0] = 1;\n}\n',
  },
  {
    name: 'cache() of an array the nest does not use',
    code: 'MF704', covers: 'for (int i = 0; i < n; i++)', message: /cache: 'b' is not an array of the tiled loop nests, so nothing stages it/,
    program: 'void f(int n, int a[n], int b[n]) {\n  for (int i = 0; i < n; i++)\n    a[i] = 2 * i;\n  b[0] = 1;\n}\n',
    options: { cache: ['a', 'b'] },
  },
];

for (const c of cases) {
  test(`${c.code}: ${c.name}`, async () => {
    const r = await tileText(c.program, { fileName: 'case.c', ...c.options });
    const d = r.diagnostics.find(x => x.code === c.code);
    assert.ok(d, `no ${c.code}: ${r.diagnostics.map(x => `${x.code} ${x.message}`).join('; ')}`);
    assert.match(d.message, c.message);
    assert.equal(c.program.slice(d.start, d.end), c.covers);
  });
}
