// `#define`s as the compiler sees them (server/src/syntax/macros): not in comments, not under `#if 0`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isConstantMacro, macroDefinitions, macroWrites } from '../../server/src/syntax/macros';

const names = (text: string) => [...macroDefinitions(text).keys()];

test('definitions, continuation lines joined and comments dropped', () => {
  const m = macroDefinitions('#define N 4096 /* size */\n'
    + '  #  define MIN(a, b) \\\n  ((a) < (b) ? (a) : (b))\n#define E\n');
  assert.deepEqual([...m.values()].map(x => [x.name, x.params, x.body]),
    [['N', undefined, '4096'], ['MIN', ['a', 'b'], '((a) < (b) ? (a) : (b))'], ['E', undefined, '']]);
  assert.deepEqual([...m.values()].map(isConstantMacro), [true, false, false]);
});

test('a definition inside a block comment or an #if 0 group is not one', () => {
  assert.deepEqual(names('/* old:\n#define A 1\n*/\n#define B 2\n'), ['B']);
  assert.deepEqual(names('const char *s = "/*";\n#define C 3\n// */\n'), ['C']);
  assert.deepEqual(names('#if 0\n#define D 4\n#if X\n#define E 5\n#else\n#define F 6\n#endif\n'
    + '#else\n#define G 7\n#endif\n'), ['G']);
  assert.deepEqual(names('#if 0 /* off */\n#define H 8\n#elif Y\n#define I 9\n#endif\n'
    + '#ifdef Z\n#define J 10\n#endif\n'), ['I', 'J']);
  assert.deepEqual(names('#if 0\n#define K 11\n'), []);
  assert.deepEqual(names('#if N > 0\n#define L 12\n#endif\n'), ['L']);
});

test('a macro body that assigns or increments writes', () => {
  const m = macroDefinitions('#define SQ(x) ((x) * (x))\n#define LE(a, b) ((a) <= (b) || (a) == (b))\n'
    + '#define SET(a, v) ((a) = (v))\n#define ADD(a) ((a) += 1)\n#define INC(a) ((a)++)\n');
  assert.deepEqual([...m.values()].map(x => [x.name, macroWrites(x)]),
    [['SQ', false], ['LE', false], ['SET', true], ['ADD', true], ['INC', true]]);
});
