// OpenMP -> MetaFork: a loop directive over a C++ range-based for loop (valid OpenMP 5.x) is
// refused at the directive with its reason: meta_for takes a loop with a control variable.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateText } from '../../server/src/translate/index';

test('a parallel for over a range-based for loop is refused at the directive', async () => {
  const program = [
    '#include <vector>',
    'int total(std::vector<int> &v) {',
    '  int s = 0;',
    '#pragma omp parallel for reduction(+: s)',
    '  for (int &x : v) s += x;',
    '  return s;',
    '}',
    '',
  ].join('\n');
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(program, to, { fileName: 'ranges.cpp' });
    assert.equal(r.text, undefined);
    assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, program.slice(d.start, d.end), d.message]), [[
      'MF601', 'parallel for',
      "'#pragma omp parallel for' over a C++ range-based for loop has no meta_for form (meta_for takes a loop with a control variable)",
    ]]);
  }
});
