// MF601-MF612: what the translators refuse (or drop with a note, or warn of), each with its position.
// A refused translation prints nothing: `text` is undefined whenever an error is given.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translateText, Dialect } from '../../server/src/translate/index';

interface Case { name: string; code: string; to: Dialect; program: string; covers: string; message: RegExp; construct?: string; from?: Dialect; focus?: string }

/** A loop shared by the team of whichever region calls its function. */
const ORPHAN = 'int a[100];\nvoid fill(void) {\n  #pragma omp for\n  for (int i = 0; i < 100; i++)\n    a[i] += 1;\n}\nvoid twice(int *b) {\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++)\n    b[i] *= 2;\n}\nint main(void) {\n  #pragma omp parallel num_threads(4)\n  {\n    fill();\n  }\n  return a[0];\n}\n';

const cases: Case[] = [
  {
    name: 'an ordered loop shared by the threads of a SPMD region',
    code: 'MF602', to: 'metafork', covers: 'ordered', message: /an 'ordered' or scan work-sharing loop inside a region every thread runs cannot be translated/,
    program: '#include <omp.h>\nint out[8];\nint main(void) {\n  #pragma omp parallel num_threads(2)\n  {\n    int id = omp_get_thread_num();\n    #pragma omp for ordered\n    for (int i = 0; i < 8; i++) {\n      #pragma omp ordered\n      out[i] = id;\n    }\n  }\n  return 0;\n}\n',
  },
  {
    name: 'a spawn\'s buffer written by its parent in the next iteration, to OpenMP: the task would read the new value',
    code: 'MF609', to: 'openmp', covers: 'b[j]', construct: 'meta_fork',
    message: /^the spawned call 'q\(n, j \+ 1, b\)' receives 'b', and the parent writes 'b\[j\]' here before that spawn is joined: an OpenMP task starts after its parent goes on, so it would read the new value \(a Cilk child starts first, and usually reads the old one\); copy what the child reads before spawning, or join first$/,
    program: '#include <cilk/cilk.h>\nint q(int n, int j, char *b);\nint f(int n, int j, char *b, int *count) {\n  cilk_scope {\n    for (int i = 0; i < n; i++) {\n      b[j] = i;\n      count[i] = cilk_spawn q(n, j + 1, b);\n    }\n  }\n  return count[0];\n}\n',
  },
  {
    name: 'cancel has no MetaFork counterpart',
    code: 'MF601', to: 'cilkplus', covers: 'cancel', construct: 'cancel', message: /cancellation has no MetaFork counterpart/,
    program: 'int main(void) {\n  int s = 0;\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++) {\n    #pragma omp cancel for\n    s += i;\n  }\n  return s;\n}\n',
  },
  {
    name: 'copyprivate has no MetaFork counterpart',
    code: 'MF601', to: 'metafork', covers: 'copyprivate(x)', construct: 'copyprivate', message: /clause 'copyprivate' of '#pragma omp single'/,
    program: 'int main(void) {\n  int x = 0;\n  #pragma omp parallel\n  {\n    #pragma omp single copyprivate(x)\n    x = 1;\n  }\n  return x;\n}\n',
  },
  {
    name: 'a reduction with an operator of its own cannot go to CilkPlus',
    code: 'MF601', to: 'cilkplus', covers: 'meta_for reduction(mul3: s)', construct: 'reduction', message: /'reduction\(mul3: s\)' has no CilkPlus translation: only \+, -, \*/,
    program: 'int main(void) {\n  int s = 0;\n  meta_for reduction(mul3: s) (int i = 0; i < 8; i++)\n    s += i;\n  return s;\n}\n',
  },
  {
    name: 'a pipeline inside a pipeline stage has no CilkPlus translation',
    code: 'MF601', to: 'cilkplus', covers: 'meta_pipe', construct: 'meta_pipe', message: /a 'meta_pipe' inside a pipeline has no CilkPlus translation/,
    program: 'void stage(int);\nvoid p(int n) {\n  int k = 0, j = 0;\n  meta_pipe (k < n) {\n    k++;\n    meta_wait(1);\n    j = 0;\n    meta_pipe (j < k) {\n      j++;\n      meta_continue(1);\n      stage(j);\n    }\n  }\n}\n',
  },
  {
    name: 'a stage boundary inside a nested statement cannot become a task',
    code: 'MF601', to: 'openmp', covers: 'meta_wait', construct: 'meta_wait', message: /inside a nested statement of the pipeline/,
    program: 'void stage(int);\nvoid p(int n) {\n  int k = 0;\n  meta_pipe (k < n) {\n    k++;\n    if (k > 1) { meta_wait(1); }\n    stage(k);\n  }\n}\n',
  },
  {
    name: 'a second statement in a section without its own directive',
    code: 'MF601', to: 'metafork', covers: 'b = 2', construct: 'section', message: /a statement between sections without its '#pragma omp section' line/,
    program: 'int main(void) {\n  int a = 0, b = 0;\n  #pragma omp parallel sections\n  {\n    a = 1;\n    b = 2;\n  }\n  return a + b;\n}\n',
  },
  {
    name: 'a thread id read outside any parallel region it could ask about',
    code: 'MF602', to: 'metafork', covers: 'omp_get_thread_num()', message: /cannot be translated outside any parallel region/,
    program: '#include <omp.h>\n#include <stdio.h>\nint id(void) { return omp_get_thread_num(); }\nint main(void) {\n  #pragma omp parallel\n  printf("%d\\n", id());\n  return 0;\n}\n',
  },
  {
    // Stored twice: no one store gives its value after the barrier (stored once, it is recomputed).
    name: "a thread's value living across a barrier",
    code: 'MF602', to: 'metafork', covers: '#pragma omp barrier', message: /lives across the '#pragma omp barrier'/,
    program: '#include <omp.h>\nint x[64];\nint main(void) {\n  #pragma omp parallel\n  {\n    int me;\n    me = omp_get_thread_num();\n    x[me] = 1;\n    me = (me + 1) % omp_get_num_threads();\n    #pragma omp barrier\n    x[me] += x[0];\n  }\n  return 0;\n}\n',
  },
  {
    name: 'the private accumulator of Figure 3.21',
    code: 'MF603', to: 'metafork', covers: 'm', message: /'m' is private to each thread of '#pragma omp for' and accumulates across iterations/,
    program: 'int main(void) {\n  int a[6] = {2,3,4,5,6,7}, m = 0;\n  #pragma omp parallel num_threads(3)\n  {\n    #pragma omp for private(m)\n    for (int i = 0; i < 6; i++)\n      m = m + a[i];\n  }\n  return m;\n}\n',
  },
  {
    name: 'untied only tunes scheduling (a note; the translation goes on)',
    code: 'MF604', to: 'metafork', covers: 'untied', message: /'untied' only tunes scheduling/,
    program: 'int f(int);\nint main(void) {\n  int x = 0;\n  #pragma omp task untied shared(x)\n  x = f(1);\n  #pragma omp taskwait\n  return x;\n}\n',
  },
  {
    name: 'a block spawn using a type declared in its function cannot be outlined',
    code: 'MF605', to: 'cilkplus', covers: 'meta_fork', message: /uses 'p' of type 'pt' declared inside 'f'/,
    program: 'void use(int);\nvoid f(void) {\n  typedef struct { int x; } pt;\n  pt p;\n  p.x = 1;\n  meta_fork { use(p.x); p.x = 2; }\n  meta_join;\n}\n',
  },
  {
    name: 'a source dialect the file has no construct of: a warning at the start, the text unchanged',
    code: 'MF606', to: 'metafork', from: 'cilkplus', covers: 'int',
    message: /^the source is read as CilkPlus, but the file has no CilkPlus construct \(it has OpenMP\): nothing is translated$/,
    program: 'int main(void) {\n  int a[8];\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++)\n    a[i] = i;\n  return a[7];\n}\n',
  },
  {
    name: "one function's spawns translated to OpenMP: main opens the team their tasks need, and says so",
    code: 'MF607', to: 'openmp', focus: 'cilk_sync', covers: 'main',
    // main's statements end in a return: it is renamed and run by a new main (the LSP test meets the region form).
    message: /^'main' is now 'mf_main', run by a new 'main' inside '#pragma omp parallel' \+ '#pragma omp single', so that the translated tasks have a team of threads$/,
    program: 'int fib(int n) {\n  if (n < 2) return n;\n  int x = cilk_spawn fib(n - 1);\n  int y = fib(n - 2);\n  cilk_sync;\n  return x + y;\n}\nint main(void) {\n  return fib(20) == 6765 ? 0 : 1;\n}\n',
  },
  {
    name: 'spawns translated to OpenMP in a file without main: nothing opens their team',
    code: 'MF608', to: 'openmp', covers: 'fib',
    message: /^the file has no 'main' to open a team of threads in: these tasks run in parallel only when 'fib' is called inside/,
    program: 'int fib(int n) {\n  if (n < 2) return n;\n  int x = cilk_spawn fib(n - 1);\n  int y = fib(n - 2);\n  cilk_sync;\n  return x + y;\n}\n',
  },
  {
    name: "lastprivate's conditional modifier (the last iteration that assigns, not the last iteration): refused",
    code: 'MF601', to: 'metafork', covers: 'lastprivate(conditional: x)', construct: 'lastprivate(conditional:)',
    message: /^the 'conditional' modifier of 'lastprivate' on '#pragma omp parallel for' has no MetaFork counterpart$/,
    program: 'int main(void) {\n  int x = -1, a[8] = {0, 3, 0, 5};\n  #pragma omp parallel for lastprivate(conditional: x)\n  for (int i = 0; i < 8; i++)\n    if (a[i]) x = a[i];\n  return x;\n}\n',
  },
  {
    name: "reduction's task modifier (the region's tasks join the reduction): refused",
    code: 'MF601', to: 'metafork', covers: 'reduction(task, +: s)', construct: 'reduction(task:)',
    message: /^the 'task' modifier of 'reduction' on '#pragma omp parallel' has no MetaFork counterpart$/,
    program: 'int main(void) {\n  int s = 0;\n  #pragma omp parallel reduction(task, +: s)\n  {\n    #pragma omp single\n    {\n      #pragma omp task in_reduction(+: s)\n      s += 1;\n    }\n  }\n  return s;\n}\n',
  },
  {
    name: 'a worker count set and read back, to CilkPlus: the count read would be the Cilk runtime\'s',
    code: 'MF601', to: 'cilkplus', covers: 'omp_set_num_threads(n)', construct: 'meta_set_nworkers',
    message: /^the worker count set here \(n\) has no CilkPlus call to keep it, and the file reads the count back \(a parallel region's team or a thread-count query\): it would read the Cilk runtime's count instead$/,
    program: '#include <stdlib.h>\n#include <omp.h>\nint main(void) {\n  int n = 4;\n  int *a = calloc(n, sizeof(int));\n  omp_set_num_threads(n);\n  #pragma omp parallel\n  a[omp_get_thread_num()] = 1;\n  return a[0];\n}\n',
  },
  {
    name: 'a construct in a group the conditionals leave out: a warning at it, naming the -D that makes the group read',
    code: 'MF612', to: 'metafork', covers: 'cilk_for',
    message: /^not translated: '#ifdef USE_CILK' leaves this group out as the file is read, so its CilkPlus construct stays as written; with -D USE_CILK the group is read and translated$/,
    program: 'int a[8];\nint main(void) {\n#ifdef USE_CILK\n  cilk_for (int i = 0; i < 8; i++)\n    a[i] = i;\n#else\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++)\n    a[i] = i;\n#endif\n  return a[7];\n}\n',
  },
  {
    name: "one region translated (a quick fix): an orphaned loop of a function it calls is read where it is",
    code: 'MF601', to: 'metafork', focus: 'num_threads(4)', covers: 'for', construct: 'for',
    message: /^'#pragma omp for' outside any parallel region of 'fill', which the '#pragma omp parallel' region in 'main' calls/,
    program: ORPHAN,
  },
  {
    name: "the orphaned loop translated alone: the region elsewhere that calls its function still shares it",
    code: 'MF601', to: 'metafork', focus: 'for (int i', covers: 'for', construct: 'for',
    message: /^'#pragma omp for' outside any parallel region of 'fill', which the '#pragma omp parallel' region in 'main' calls/,
    program: ORPHAN,
  },
  {
    name: 'one region translated: a function it calls waits for another thread',
    code: 'MF602', to: 'metafork', focus: '#pragma omp parallel', covers: '(!done)',
    message: /^this loop ends only once another thread has changed what it polls .* \(in 'wait_raised', which the '#pragma omp parallel' region calls\)$/,
    program: 'int flag, turns;\nint thread_id(void);\nstatic void wait_raised(int *f) {\n  int done = 0;\n  while (!done) {\n    #pragma omp critical\n    if (*f == 1) { *f = 0; done = 1; }\n  }\n}\nint main(void) {\n  #pragma omp parallel num_threads(2)\n  {\n    if (thread_id() == 0) {\n      #pragma omp critical\n      flag = 1;\n    } else {\n      wait_raised(&flag);\n      turns++;\n    }\n  }\n  return turns;\n}\n',
  },
];

for (const c of cases) {
  test(`${c.code}: ${c.name}`, async () => {
    const r = await translateText(c.program, c.to, { fileName: 'case.c', from: c.from, ...(c.focus ? { focus: c.program.indexOf(c.focus) } : {}) });
    const found = r.diagnostics.filter(d => d.code === c.code);
    assert.equal(found.length > 0, true, `no ${c.code}: ${JSON.stringify(r.diagnostics)}`);
    const d = found[0];
    assert.match(d.message, c.message);
    assert.equal(c.program.slice(d.start, d.end).includes(c.covers) || c.covers.includes(c.program.slice(d.start, d.end)), true, `range '${c.program.slice(d.start, d.end)}' should cover '${c.covers}'`);
    if (c.construct) assert.equal(d.data?.construct, c.construct);
    if (d.severity === 'error') assert.equal(r.text, undefined, 'a refused translation prints nothing');
    else assert.equal(typeof r.text, 'string');
  });
}

test('one construct translated in a file whose other code has an orphaned loop: the construct translates', async () => {
  const r = await translateText(ORPHAN, 'metafork', { fileName: 'case.c', focus: ORPHAN.indexOf('#pragma omp parallel for') });
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.text, ORPHAN.replace('  #pragma omp parallel for\n  for (', '  meta_for ('));
});
