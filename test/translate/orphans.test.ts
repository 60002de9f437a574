// Orphaned work-sharing brought into regions (translate/orphans): a region around a lone call of a
// function whose work-sharing binds to the calling team goes into the function; what that does not
// cover stays refused where it was.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateText } from '../../server/src/translate/index';

const PROGRAM = `double a[100];
static void fill(void) {
  int i;
  #pragma omp for
  for (i = 0; i < 100; i++) a[i] = i;
}
int main(void) {
  #pragma omp parallel
  fill();
  return (int)a[99];
}
`;

test('a region around a lone call of a function with an orphaned loop goes into the function, and a note says so', async () => {
  const r = await translateText(PROGRAM, 'metafork', { fileName: 'fill.c' });
  assert.equal(r.text, `double a[100];
static void fill(void) {
{
  int i;
  meta_for (i = 0; i < 100; i++) a[i] = i;
}
}
int main(void) {
  fill();
  return (int)a[99];
}
`);
  assert.deepEqual(r.diagnostics.map(d => ({ code: d.code, at: PROGRAM.slice(d.start, d.end), message: d.message })), [{
    code: 'MF604',
    at: '#pragma omp parallel',
    message: "'#pragma omp parallel' around the call of 'fill', whose work-sharing binds to the calling team: the region is translated in 'fill', around its body",
  }]);
});

/** The refusal of the orphaned loop of `fill` in a variant of the program. */
async function refusal(program: string): Promise<string[]> {
  const r = await translateText(program, 'metafork', { fileName: 'fill.c' });
  assert.equal(r.text, undefined);
  return r.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${program.slice(d.start, d.end)}`);
}

test('called on one thread too, a function whose every thread would write a shared variable stays refused', async () => {
  // Run by a team of its own, each thread would add to 'calls': once became as many times as threads.
  const program = PROGRAM.replace('  int i;\n', '  int i;\n  calls++;\n').replace('double a[100];\n', 'double a[100];\nint calls;\n')
    .replace('  return (int)a[99];', '  fill();\n  return (int)a[99] + calls;');
  assert.deepEqual(await refusal(program), ['MF601 for']);
});

test('a region with a clause, or with more than the call, stays refused', async () => {
  assert.deepEqual(await refusal(PROGRAM.replace('#pragma omp parallel\n', '#pragma omp parallel num_threads(2)\n')), ['MF601 for']);
  assert.deepEqual(await refusal(PROGRAM.replace('  fill();\n  return', '  {\n    fill();\n    a[0] = 1;\n  }\n  return')), ['MF601 for']);
});

// C++: a region reaching a method through a member or qualified call. Before, the call was not
// followed: each MetaFork strand ran the method's orphaned loop whole, exit 0.
test('C++: orphaned loops of methods a region calls (g.clear(), p->bump(), Grid::reset()) are refused, naming the method', async () => {
  const program = `struct Grid {
  double a[1000];
  void bump() {
    #pragma omp for
    for (int i = 0; i < 1000; i++) a[i] += 1.0;
  }
  void clear();
  static void reset(Grid *g);
};
void Grid::clear() {
  #pragma omp for
  for (int i = 0; i < 1000; i++) a[i] = 0.0;
}
void Grid::reset(Grid *g) {
  #pragma omp single
  g->a[0] = 0.0;
}
int main() {
  static Grid g;
  Grid *p = &g;
  #pragma omp parallel
  {
    g.clear();
    p->bump();
    Grid::reset(p);
  }
  return (int)g.a[0];
}
`;
  const r = await translateText(program, 'metafork', { fileName: 'grid.cpp' });
  assert.equal(r.text, undefined);
  const refusals = r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, program.slice(d.start, d.end), d.message.replace(/: the calling team.*/, '')]);
  assert.deepEqual(refusals, [
    ['MF601', 'single', "'#pragma omp single' outside any parallel region of 'Grid::reset', which the '#pragma omp parallel' region in 'main' calls"],
    ['MF601', 'for', "'#pragma omp for' outside any parallel region of 'Grid::bump', which the '#pragma omp parallel' region in 'main' calls"],
    ['MF601', 'for', "'#pragma omp for' outside any parallel region of 'Grid::clear', which the '#pragma omp parallel' region in 'main' calls"],
  ]);
  // The same region translated alone (a quick fix) reads the methods too.
  const focused = await translateText(program, 'metafork', { fileName: 'grid.cpp', focus: program.indexOf('#pragma omp parallel') });
  assert.deepEqual(focused.diagnostics.filter(d => d.severity === 'error').map(d => d.message.replace(/: the calling team.*/, '')), refusals.map(r => r[2]));
  // Called by one thread only, a method's loop is a loop of its own.
  const serial = program.replace('  #pragma omp parallel\n', '');
  assert.notEqual((await translateText(serial, 'metafork', { fileName: 'grid.cpp' })).text, undefined);
});

test('a region calling through a pointer reaches every function whose address the file takes: their orphaned loops are refused', async () => {
  const program = PROGRAM.replace('int main(void) {\n  #pragma omp parallel\n  fill();', 'int main(void) {\n  void (*fp)(void) = fill;\n  #pragma omp parallel\n  fp();');
  assert.notEqual(program, PROGRAM);
  assert.deepEqual(await refusal(program), ['MF601 for']);
  // Through a table, the same.
  const table = PROGRAM.replace('int main(void) {\n  #pragma omp parallel\n  fill();', 'static void (*const steps[])(void) = { fill };\nint main(void) {\n  #pragma omp parallel\n  steps[0]();');
  assert.deepEqual(await refusal(table), ['MF601 for']);
});

test('C++: a lambda a region calls through its variable: its orphaned loop is refused, naming it; called by one thread only, it translates', async () => {
  const program = `int main() {
  static double a[1000];
  auto work = [&]() {
    #pragma omp for
    for (int i = 0; i < 1000; i++) a[i] += 1.0;
  };
  #pragma omp parallel
  {
    work();
  }
  return (int)a[0];
}
`;
  const r = await translateText(program, 'metafork', { fileName: 'lambda.cpp' });
  assert.equal(r.text, undefined);
  assert.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => [d.code, program.slice(d.start, d.end), d.message.replace(/: the calling team.*/, '')]), [
    ['MF601', 'for', "'#pragma omp for' outside any parallel region of 'work (a lambda, line 3)', which the '#pragma omp parallel' region in 'main' calls"],
  ]);
  const serial = program.replace('  #pragma omp parallel\n', '');
  assert.notEqual((await translateText(serial, 'metafork', { fileName: 'lambda.cpp' })).text, undefined);
});
