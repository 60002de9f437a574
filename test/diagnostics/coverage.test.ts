// Every diagnostic code has at least one (non-todo) case in this suite.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from '../helpers';
import { CODES } from '../../server/src/base/codes';

test('every code of codes.ts has a passing case', () => {
  const dir = path.join(ROOT, 'test', 'diagnostics');
  const counts = new Map<string, number>();
  for (const file of fs.readdirSync(dir).filter(f => f.endsWith('.test.ts'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    // A case is the text between one `code: 'MFxxx'` and the next; it counts unless marked todo.
    const parts = text.split(/(?=\bcode: 'MF\d{3}')/);
    for (const part of parts) {
      const m = /^code: '(MF\d{3})'/.exec(part);
      if (!m) continue;
      const caseText = part.slice(0, part.search(/\n  \},?\n/) >>> 0);
      if (/\btodo:/.test(caseText)) continue;
      counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
    }
  }
  const missing = Object.keys(CODES).filter(code => !counts.has(code));
  assert.deepEqual(missing, [], `codes without a case: ${missing.join(', ')}`);
});
