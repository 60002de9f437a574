// What a file's headers hold is read, not translated: a translation out of OpenMP that would leave a
// header's OpenMP bound to a team it replaces is refused, where the file reaches the header. Before,
// each of these translated with exit 0 and computed something else (the header kept its directive,
// the file's threads became MetaFork strands).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { translateText } from '../../server/src/translate/index';
import { checkText, reported } from '../../server/src/checks/index';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-headers-'));
const flags = { includePaths: [dir], defines: [] };

// A header's function is read, not translated: its orphaned construct or team query stayed OpenMP in
// a function each MetaFork thread ran whole (the team that shared the loop replaced), exit 0.
test('a function a header defines, reached from a region, holding a construct or query bound to the calling team is refused at the call', async () => {
  fs.writeFileSync(path.join(dir, 'work.h'), `static inline void work(double *a, int n) {
  #pragma omp for
  for (int i = 0; i < n; i++) a[i] += 1.0;
}
static inline void own(double *a, int n) {
  #pragma omp parallel
  {
    #pragma omp for
    for (int i = 0; i < n; i++) a[i] += 1.0;
  }
  #pragma omp simd
  for (int i = 0; i < n; i++) a[i] *= 2.0;
}
static inline void outer(double *a, int n) {
  #pragma omp parallel for
  for (int i = 0; i < n; i++) a[i] += 1.0;
  own(a, n);
}
static inline int who(void) { return omp_get_thread_num(); }
static inline void later(double *a) {
  #pragma omp parallel
  a[0] += 1;
  #pragma omp barrier
}
`);
  const program = `#include <omp.h>
#include "work.h"
static double a[100];
static void mine(void) { work(a, 100); }
int main(void) {
  #pragma omp parallel
  {
    mine();
    a[who()] += 1;
    later(a);
  }
  return (int)a[0];
}
`;
  const header = path.join(dir, 'work.h');
  const why = 'which binds to the calling team: MetaFork replaces the team, and a header is not translated (define the function in the file, or write the construct inside the region)';
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(program, to, { fileName: 'main.c', flags });
    assert.equal(r.text, undefined);
    assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, program.slice(d.start, d.end), d.message]), [
      ['MF601', 'who', `'who', which the '#pragma omp parallel' region in 'main' calls, is defined in a header and reaches 'omp_get_thread_num()' (${header}:19), ${why}`],
      ['MF601', 'later', `'later', which the '#pragma omp parallel' region in 'main' calls, is defined in a header and reaches '#pragma omp barrier' (${header}:23), ${why}`],
      ['MF601', 'work', `'work', which the '#pragma omp parallel' region in 'main' calls, is defined in a header and reaches '#pragma omp for' (${header}:2), ${why}`],
    ]);
  }
  // Parallel regions of their own and simd loops bind to no calling team: translated.
  const own = program.replace('work(a, 100)', 'outer(a, 100)').replace('    a[who()] += 1;\n    later(a);\n', '');
  const r = await translateText(own, 'metafork', { fileName: 'main.c', flags });
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error'), []);
  assert.match(r.text!, /meta_for \(int mf_tid = 0; mf_tid < mf_nthreads; mf_tid\+\+\) \{\n\s+mine\(\);/);
});

test("a header's threadprivate of a variable the file uses is refused at the #include; the variable is each thread's to the checks", async () => {
  fs.writeFileSync(path.join(dir, 'tp.h'), 'extern int counter;\n#pragma omp threadprivate(counter)\nextern int spare;\n');
  const program = `#include <stdio.h>
#include "tp.h"
int counter;
int main(void) {
  int total = 0;
  #pragma omp parallel reduction(+: total)
  {
    counter = 0;
    #pragma omp for
    for (int i = 0; i < 1000; i++) counter++;
    total += counter;
  }
  printf("%d\\n", total);
  return 0;
}
`;
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(program, to, { fileName: 'tp.c', flags });
    assert.equal(r.text, undefined);
    assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, program.slice(d.start, d.end), d.message]), [[
      'MF601', '#include "tp.h"',
      `${path.join(dir, 'tp.h')}:2: '#pragma omp threadprivate' of 'counter', which this file uses, cannot be translated: per-thread storage has no MetaFork counterpart (MetaFork has no threads, only strands)`,
    ]]);
  }
  // Each thread writes its own copy: no race (a plain global would be one).
  const races = async (text: string) => reported(await checkText(text, 'tp.c', { flags })).filter(d => d.code === 'MF403').map(d => text.slice(d.start, d.end));
  assert.deepEqual(await races(program), []);
  assert.deepEqual(await races(program.replace('counter', 'spare').replace(/counter/g, 'spare')), ['spare', 'spare']);
  // A file that does not name the variable translates.
  const other = program.replace('int counter;\n', '').replace(/counter/g, 'mine').replace('  int total = 0;\n', '  int total = 0, mine;\n');
  assert.notEqual((await translateText(other, 'metafork', { fileName: 'tp.c', flags })).text, undefined);
});

test("C++: a class a header declares, whose methods (in the class or defined after it) hold an orphaned loop, called in a region: refused at each call", async () => {
  fs.writeFileSync(path.join(dir, 'grid.hpp'), `#pragma once
struct Grid {
  double a[1000];
  void bump() {
    #pragma omp for
    for (int i = 0; i < 1000; i++) a[i] += 1.0;
  }
  void clear();
  double get(int i) const { return a[i]; }
};
inline void Grid::clear() {
  #pragma omp for
  for (int i = 0; i < 1000; i++) a[i] = 0.0;
}
`);
  const program = `#include "grid.hpp"
int main() {
  static Grid g;
  #pragma omp parallel
  {
    g.clear();
    g.bump();
  }
  return (int)g.get(0);
}
`;
  const r = await translateText(program, 'metafork', { fileName: 'grid.cpp', flags });
  assert.equal(r.text, undefined);
  const header = path.join(dir, 'grid.hpp');
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [program.slice(d.start, d.end), d.message.replace(/, which binds.*/, '')]), [
    ['clear', `'clear', which the '#pragma omp parallel' region in 'main' calls, is defined in a header and reaches '#pragma omp for' (${header}:12)`],
    ['bump', `'bump', which the '#pragma omp parallel' region in 'main' calls, is defined in a header and reaches '#pragma omp for' (${header}:5)`],
  ]);
});
