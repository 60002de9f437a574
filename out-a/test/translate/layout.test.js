"use strict";
// Where translated code is laid out. OpenMP code often writes its directives at column 0, in the
// preprocessor's style: what takes a directive's place there is indented like the code around it
// (base/layout directiveIndent), where a keyword at column 0 would read like a label.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const index_1 = require("../../server/src/translate/index");
const run_1 = require("./run");
(0, run_1.translationCases)('directives at column 0', [
    {
        name: 'tasks, a continued directive, task if, taskwait, a region with its single, loop and flush',
        input: `static int fib(int n) {
  int x, y;
  if (n < 2) return n;
#pragma omp task shared(x) firstprivate(n)
  x = fib(n - 1);
#pragma omp task \\
    shared(y) if (n > 10)
  {
    y = fib(n - 2);
  }
#pragma omp taskwait
  return x + y;
}
int run(int *a) {
  int r = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp single
    r = fib(16);
#pragma omp for
    for (int i = 0; i < 64; i++)
      a[i] = i;
#pragma omp single
    {
      a[0] = r;
#pragma omp flush
    }
  }
  return r;
}
`,
        output: `static int fib(int n) {
  int x, y;
  if (n < 2) return n;
  x = meta_fork fib(n - 1);
  if (n > 10) {
    meta_fork shared(y)
    {
      y = fib(n - 2);
    }
  } else {
    {
      y = fib(n - 2);
    }
  }
  meta_join;
  return x + y;
}
int run(int *a) {
  int r = 0;
  meta_set_nworkers(4);
  r = fib(16);
  meta_for (int i = 0; i < 64; i++)
    a[i] = i;
  {
    a[0] = r;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
  }
  return r;
}
`,
        diagnostics: [
            {
                code: 'MF604',
                text: 'num_threads(4)',
                message: "'num_threads(4)' became 'meta_set_nworkers(4)', which holds for the rest of the program, not this region alone: the file's other parallel code runs with as many workers once this has run",
            },
        ],
    },
]);
(0, node_test_1.test)('one region at column 0 translated alone (a quick fix): the join written after it is the region\'s, and only one', async () => {
    const input = [
        'int f(int *a, int *b) {',
        '  int s = 0;',
        '#pragma omp parallel sections',
        '  {',
        '#pragma omp section',
        '    a[0] = 1;',
        '#pragma omp section',
        '    b[0] = 2;',
        '  }',
        '  s = a[0] + b[0];',
        '  return s;',
        '}',
    ].join('\n') + '\n';
    const r = await (0, index_1.translateText)(input, 'metafork', { fileName: 'sections.c', focus: input.indexOf('#pragma omp parallel') });
    strict_1.default.deepEqual(r.diagnostics, []);
    strict_1.default.equal(r.text, [
        'int f(int *a, int *b) {',
        '  int s = 0;',
        '  meta_fork',
        '  a[0] = 1;',
        '  meta_fork',
        '  b[0] = 2;',
        '  meta_join;',
        '  s = a[0] + b[0];',
        '  return s;',
        '}',
    ].join('\n') + '\n');
});
//# sourceMappingURL=layout.test.js.map