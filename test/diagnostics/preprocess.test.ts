// MF110-MF113: the preprocessor's diagnostics (a header not found, `#error`, a malformed directive
// or unbalanced conditional or bad `#if`, a macro called wrongly), on the user's text. The cases
// run the preprocessor itself (preprocess()), with the same expectations as the checker's cases.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CODES } from '../../server/src/base/codes';
import { preprocess } from '../../server/src/preprocess';
import { spanIn, type Case } from './harness';

const HEADERS: Record<string, string> = {
  '/d/broken.h': '#define OK 1\n#if OK +\n#endif\n',
};

const cases: Case[] = [
  // ---- MF110 ----
  {
    name: 'a quoted header found nowhere',
    source: '#include "nowhere.h"\nint x;\n',
    code: 'MF110', message: "'nowhere.h' file not found (searched /d)", covers: '#include "nowhere.h"',
  },
  // ---- MF111 ----
  {
    name: '#error in an active group',
    source: '#ifndef SIZE\n#error SIZE must be defined\n#endif\n',
    code: 'MF111', message: '#error SIZE must be defined', covers: '#error SIZE must be defined',
  },
  // ---- MF112 ----
  {
    name: 'an #if never closed',
    source: '#if 1\nint x;\n',
    code: 'MF112', message: 'unterminated #if', covers: '#if 1',
  },
  {
    name: '#endif without #if',
    source: 'int x;\n#endif\n',
    code: 'MF112', message: '#endif without #if', covers: '#endif',
  },
  {
    name: 'division by zero in #if',
    source: '#if 4 / (2 - 2)\n#endif\n',
    code: 'MF112', message: 'division by zero in #if', covers: '#if 4 / (2 - 2)',
  },
  {
    name: 'a bad #if inside a header: reported on the #include line, naming the header and line',
    source: '#include "broken.h"\n',
    code: 'MF112', message: "/d/broken.h:2: operator '+' has no right operand", covers: '#include "broken.h"',
  },
  // ---- MF113 ----
  {
    name: 'a macro called with too few arguments',
    source: '#define MIN(a, b) ((a) < (b) ? (a) : (b))\nint m = MIN(1);\n',
    code: 'MF113', message: 'macro "MIN" requires 2 arguments, but only 1 given', covers: 'MIN', occurrence: 2,
  },
  {
    name: 'an argument list never closed',
    source: '#define F(x) (x)\nint m = F(1;\n',
    code: 'MF113', message: 'unterminated argument list invoking macro "F"', covers: 'F', occurrence: 2,
  },
];

for (const c of cases) {
  test(`${c.code} ${c.name}`, () => {
    const r = preprocess(c.source, { fileName: '/d/main.c', files: { read: p => HEADERS[p] } });
    const span = spanIn(c.source, c.covers, c.occurrence, c.after);
    assert.deepEqual(r.diagnostics.map(d => [d.code, d.severity, d.message, d.start, d.end]),
      [[c.code, CODES[c.code].severity, c.message, span.start, span.end]]);
  });
}
