// MF610-MF611: C++ spawns whose argument passing the file does not show, and Cilk reducers with
// no MetaFork counterpart (issue 18, defects 6 and 7). Exact message and range; nothing printed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateText, Dialect } from '../../server/src/translate/index';
import { spanOf } from '../helpers';

interface Case { name: string; code: string; to: Dialect; file: string; program: string; covers: [string, number?]; message: string }

const cases: Case[] = [
  {
    name: 'an overloaded callee, and the argument changed while the spawned call may run',
    code: 'MF610', to: 'openmp', file: 'case.cpp', covers: ['b1', 2],
    message: "cannot tell whether 'inc' takes 'b1' by reference: this file has no single declaration of it (it is declared elsewhere, overloaded, a template or a member), and 'b1' is changed while the spawned call may run, so sharing it and copying it compute different things; declare 'inc' in this file or pass a copy explicitly",
    program: 'struct box { long v; };\nvoid inc(box &b);\nvoid inc(int b);\nint main() {\n    box b1 = {0};\n    cilk_spawn inc(b1);\n    b1.v = 3;\n    cilk_sync;\n    return (int) b1.v;\n}\n',
  },
];

for (const c of cases) {
  test(`${c.code}: ${c.name}`, async () => {
    const r = await translateText(c.program, c.to, { fileName: c.file });
    const errors = r.diagnostics.filter(d => d.severity === 'error');
    assert.deepEqual(errors.map(d => ({ code: d.code, start: d.start, end: d.end, message: d.message })),
      [{ code: c.code, ...spanOf(c.program, c.covers[0], c.covers[1]), message: c.message }]);
    assert.equal(r.text, undefined, 'a refused translation prints nothing');
  });
}
