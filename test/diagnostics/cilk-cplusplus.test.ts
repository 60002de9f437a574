// MF610-MF611: C++ spawns whose argument passing the file does not show, Cilk reducers with no
// MetaFork counterpart.
// Exact message and range; nothing printed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateText, Dialect } from '../../server/src/translate/index';
import { checkSource, offsetOf } from '../helpers';

interface Case { name: string; code: string; to: Dialect; file: string; program: string; /** The text the range covers, found inside the first occurrence of a longer context. */
  covers: [string, string]; message: string }

const cases: Case[] = [
  {
    name: 'an overloaded callee, and the argument changed while the spawned call may run',
    code: 'MF610', to: 'openmp', file: 'case.cpp', covers: ['inc(b1)', 'b1'],
    message: "cannot tell whether 'inc' takes 'b1' by reference: this file has no single declaration of it (it is declared elsewhere, overloaded, a template or a member), and 'b1' is changed while the spawned call may run, so sharing it and copying it compute different things; declare 'inc' in this file or pass a copy explicitly",
    program: 'struct box { long v; };\nvoid inc(box &b);\nvoid inc(int b);\nint main() {\n    box b1 = {0};\n    cilk_spawn inc(b1);\n    b1.v = 3;\n    cilk_sync;\n    return (int) b1.v;\n}\n',
  },
  {
    name: "a namespace's function overloaded (as many parameters each) in the namespace and defined out of it, called inside it",
    code: 'MF610', to: 'openmp', file: 'case.cpp', covers: ['g(v, 2)', 'v'],
    message: "cannot tell whether 'g' takes 'v' by reference: this file has no single declaration of it (it is declared elsewhere, overloaded, a template or a member), and 'v' is changed while the spawned call may run, so sharing it and copying it compute different things; declare 'g' in this file or pass a copy explicitly",
    program: 'namespace ns {\n  void g(int x, long k);\n  void g(int &x, int k);\n  void f();\n}\nvoid ns::g(int x, long k) { (void)x; (void)k; }\nvoid ns::g(int &x, int k) { x += k; }\nvoid ns::f() {\n  int v = 1;\n  cilk_spawn g(v, 2);\n  v = 10;\n  cilk_sync;\n}\nint main() { ns::f(); return 0; }\n',
  },
  {
    name: 'inside a method, a data member called as a function (not the free function of that name)',
    code: 'MF610', to: 'openmp', file: 'case.cpp', covers: ['cb(v)', 'v'],
    message: "cannot tell whether 'cb' takes 'v' by reference: this file has no single declaration of it (it is declared elsewhere, overloaded, a template or a member), and 'v' is changed while the spawned call may run, so sharing it and copying it compute different things; declare 'cb' in this file or pass a copy explicitly",
    program: '#include <functional>\nvoid cb(int x) { (void)x; }\nstruct W {\n  std::function<void(int &)> cb;\n  int run() {\n    int v = 1;\n    cilk_spawn cb(v);\n    v = 5;\n    cilk_sync;\n    return v;\n  }\n};\nint main() { W w; return w.run(); }\n',
  },
  {
    name: 'a reducer whose operation MetaFork cannot reduce',
    code: 'MF611', to: 'openmp', file: 'case.cpp', covers: ['<int> l;', 'l'],
    message: "reducer 'l' (cilk::reducer_list_append<int>) is not translated: only add, mul, and, or, xor, min and max reducers have a MetaFork counterpart (a reduction)",
    program: '#include <cilk/cilk.h>\nint main() {\n    cilk::reducer_list_append<int> l;\n    cilk_for (int i = 0; i < 10; i++) l.push_back(i);\n    return 0;\n}\n',
  },
  {
    name: 'a max reducer with no initial value',
    code: 'MF611', to: 'openmp', file: 'case.cpp', covers: ['<int> m;', 'm'],
    message: "reducer 'm' (cilk::reducer_max<int>) is not translated: a max reducer constructed without a value has none until it is updated: give it an initial value to translate it",
    program: '#include <cilk/cilk.h>\nint main() {\n    cilk::reducer_max<int> m;\n    cilk_for (int i = 0; i < 10; i++) m.calc_max(i);\n    return m.get_value();\n}\n',
  },
  {
    name: 'a file-scope reducer',
    code: 'MF611', to: 'openmp', file: 'case.cpp', covers: ['total;', 'total'],
    message: "reducer 'total' (cilk::reducer_opadd<long>) is not translated: a file-scope reducer may be updated anywhere (in spawned functions too), which a reduction on one loop cannot express",
    program: '#include <cilk/cilk.h>\ncilk::reducer_opadd<long> total;\nint main() {\n    cilk_for (int i = 0; i < 10; i++) *total += i;\n    return (int) total.get_value();\n}\n',
  },
  {
    name: 'cilk_reducer with a reduce function that is not a known operation',
    code: 'MF611', to: 'openmp', file: 'case.c', covers: ['cilk_reducer(zero, plus)', 'cilk_reducer(zero, plus)'],
    message: "reducer 'sum' (long cilk_reducer(zero, plus)) is not translated: 'plus' is not of the form '*(long *)l op= *(long *)r;' with op one of + * & | ^",
    program: '#include <cilk/cilk.h>\nvoid zero(void *v) { *(long *)v = 0; }\nvoid plus(void *l, void *r) { *(long *)l += 2 * *(long *)r; }\nint main(void) {\n    long cilk_reducer(zero, plus) sum = 0;\n    cilk_for (int i = 0; i < 10; i++) sum += i;\n    return (int) sum;\n}\n',
  },
  {
    name: 'cilk_reducer whose identity is not the operation\'s',
    code: 'MF611', to: 'metafork', file: 'case.c', covers: ['cilk_reducer(one, plus)', 'cilk_reducer(one, plus)'],
    message: "reducer 'sum' (long cilk_reducer(one, plus)) is not translated: 'one' does not set '*(long *)v' to 0, the identity of '+'",
    program: '#include <cilk/cilk.h>\nvoid one(void *v) { *(long *)v = 1; }\nvoid plus(void *l, void *r) { *(long *)l += *(long *)r; }\nint main(void) {\n    long cilk_reducer(one, plus) sum = 0;\n    cilk_for (int i = 0; i < 10; i++) sum += i;\n    return (int) sum;\n}\n',
  },
  {
    name: 'a reducer read inside a cilk_for',
    code: 'MF611', to: 'openmp', file: 'case.cpp', covers: ['sum.get_value()', 'sum'],
    message: "reducer 'sum' (cilk::reducer_opadd<int>) is not translated: its value is read inside a cilk_for, where each strand sees only its own view",
    program: '#include <cilk/cilk.h>\nint a[10];\nint main() {\n    cilk::reducer_opadd<int> sum;\n    cilk_for (int i = 0; i < 10; i++) { *sum += i; a[i] = sum.get_value(); }\n    return 0;\n}\n',
  },
  {
    name: 'a reducer passed to spawned calls',
    code: 'MF611', to: 'openmp', file: 'case.c', covers: ['add(&sum, 3)', 'sum'],
    message: "reducer 'sum' (int cilk_reducer(zero, plus)) is not translated: it is used here in a way the translation cannot follow (it translates updates (+= -= ++ --) in cilk_for loops and reads of the value outside them)",
    program: '#include <cilk/cilk.h>\nvoid zero(void *v) { *(int *)v = 0; }\nvoid plus(void *l, void *r) { *(int *)l += *(int *)r; }\nvoid add(int *s, int k) { *s += k; }\nint main(void) {\n    int cilk_reducer(zero, plus) sum = 0;\n    cilk_spawn add(&sum, 3);\n    add(&sum, 4);\n    cilk_sync;\n    return sum;\n}\n',
  },
  {
    name: 'a reducer updated in a MetaFork loop (not Cilk code)',
    code: 'MF611', to: 'openmp', file: 'case.mfc', covers: ['*sum += i', 'sum'],
    message: "reducer 'sum' (cilk::reducer_opadd<long>) is not translated: it is updated inside a construct that is not a cilk_for",
    program: 'int main() {\n    cilk::reducer_opadd<long> sum;\n    meta_for (int i = 0; i < 10; i++) *sum += i;\n    return (int) sum.get_value();\n}\n',
  },
  {
    name: 'a reducer type behind a typedef',
    code: 'MF611', to: 'openmp', file: 'case.cpp', covers: ['typedef cilk::reducer_opadd<long> counter;', 'typedef cilk::reducer_opadd<long> counter;'],
    message: 'a reducer type behind a typedef or alias is not translated: declare each reducer with its type',
    program: '#include <cilk/cilk.h>\ntypedef cilk::reducer_opadd<long> counter;\nint main() {\n    counter c;\n    cilk_for (int i = 0; i < 10; i++) *c += i;\n    return (int) c.get_value();\n}\n',
  },
];

function covered(program: string, [context, name]: [string, string]): { start: number; end: number } {
  const start = offsetOf(program, context) + context.indexOf(name);
  return { start, end: start + name.length };
}

for (const c of cases) {
  test(`${c.code}: ${c.name}`, async () => {
    const r = await translateText(c.program, c.to, { fileName: c.file });
    const errors = r.diagnostics.filter(d => d.severity === 'error');
    assert.deepEqual(errors.map(d => ({ code: d.code, start: d.start, end: d.end, message: d.message })),
      [{ code: c.code, ...covered(c.program, c.covers), message: c.message }]);
    assert.equal(r.text, undefined, 'a refused translation prints nothing');
  });
}

// Each strand of a cilk_for updates its own view of a reducer: no race to report (MF403).
test('reducers updated in a cilk_for are not reported as races', async () => {
  const programs: [string, string][] = [
    ['case.c', '#include <cilk/cilk.h>\nvoid zero(void *v) { *(long *)v = 0; }\nvoid plus(void *l, void *r) { *(long *)l += *(long *)r; }\nint main(void) {\n    long cilk_reducer(zero, plus) sum = 0;\n    cilk_for (int i = 0; i < 10; i++) sum += i;\n    return (int) sum;\n}\n'],
    ['case.cpp', '#include <cilk/cilk.h>\nint main() {\n    cilk::reducer< cilk::op_add<long> > s;\n    cilk_for (int i = 0; i < 10; i++) s += i;\n    return (int) s.get_value();\n}\n'],
  ];
  for (const [file, program] of programs) {
    const { diagnostics } = await checkSource(program, file);
    assert.deepEqual(diagnostics.map(d => `${d.code} ${d.message}`), [], file);
  }
});
