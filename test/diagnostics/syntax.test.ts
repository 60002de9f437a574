// MF101 (syntax error) and MF102 (missing token): tree-sitter ERROR/MISSING nodes and the
// `;` a join keyword needs.

import { offsetOf } from '../helpers';
import { Case, runCases, runClean } from './harness';

const after = (needle: string) => (source: string) => offsetOf(source, needle) + needle.length;

const cases: Case[] = [
  // ---- MF100 ----
  {
    name: 'pathologically deep nesting degrades to a note instead of crashing',
    source: `void f(int n){\n${'{'.repeat(20000)} n++; ${'}'.repeat(20000)}\n}\n`,
    code: 'MF100', message: 'this code is nested too deeply to be analysed completely; some checks were skipped', covers: 'v',
  },

  // ---- MF101 ----
  {
    name: 'stray closing brace at file scope',
    source: 'void f(void) {}\n}\n',
    code: 'MF101', message: "syntax error: unexpected '}'", covers: '}', occurrence: 2, data: null,
  },
  {
    name: "CilkPlus array notation, said as what it is",
    source: 'void f(int *a, int *b){\n  a[0:100] = b[0:100] * 2;\n}\n',
    code: 'MF101', message: "'a[0:100]' is CilkPlus array notation (an array section), which this tool does not read (GCC removed it with Cilk Plus in version 8): write the loop it stands for",
    covers: 'a[0:100]', data: null,
  },
  {
    name: 'stray parenthesis after a function',
    source: 'int main(void) { return 0; }\n)\n',
    code: 'MF101', message: "syntax error: unexpected ')'", covers: ')', after: '}\n)',
  },
  {
    name: 'garbage line between functions',
    source: 'int f(int n) {\n  return n;\n}\n@@ garbage here\n',
    code: 'MF101', message: "syntax error: unexpected '@@'", covers: '@@', also: ['MF102'],
  },
  {
    name: 'unbalanced parenthesis inside a function body',
    source: 'void f(int n){\n  n = n + ) 3;\n}\n',
    code: 'MF101', message: /^syntax error: unexpected '\)'/, covers: ')', after: '+ )',
  },
  {
    name: 'identifier starting with a digit inside a function body',
    source: 'void f(int n){\n  int 3x = n;\n}\n',
    code: 'MF101', message: /^syntax error: unexpected '3'/, covers: '3',
  },
  {
    name: 'unclosed call inside a function body',
    source: 'void g(int);\nvoid f(int n){\n  g(n\n}\n',
    code: 'MF101', message: /^syntax error: unexpected 'g\(n'/, covers: 'g(n',
  },
  {
    name: 'meta_for without a body',
    source: 'void f(int n) {\n  meta_for (int i = 0; i < n; i++) }\n}\n',
    code: 'MF101', message: /^syntax error: unexpected 'meta_for/, covers: 'meta_for (int i = 0; i < n; i++) }',
  },

  // ---- MF103 ----
  {
    // Read as a call statement, it left the barrier out of every check, and a translation kept it
    // as a call inside the loop over thread ids (exit 0) until 2026-11-28.
    name: "'_Pragma' in a region: refused where it stands, with the line to write",
    source: 'int a[2];\nint main(void) {\n#pragma omp parallel\n  {\n    a[0] = 1;\n    _Pragma("omp barrier");\n    a[1] = a[0] + 1;\n  }\n  return 0;\n}\n',
    file: 'pragma.c',
    code: 'MF103',
    message: "the '_Pragma' operator is not read here, so its pragma would be lost: write '#pragma omp barrier' on a line of its own",
    covers: '_Pragma("omp barrier")',
    absent: ['MF101', 'MF102', 'MF120'],
  },
  {
    name: "'_Pragma' from a macro, before a loop: at the macro's use, with no ';' said missing",
    source: '#define PARFOR _Pragma("omp parallel for \\"x\\"")\nvoid f(int *a) {\n  PARFOR\n  for (int i = 0; i < 8; i++) a[i] = i;\n}\n',
    file: 'macro.c',
    code: 'MF103',
    message: "the '_Pragma' operator is not read here, so its pragma would be lost: write '#pragma omp parallel for \"x\"' on a line of its own",
    covers: 'PARFOR',
    after: '{',
    absent: ['MF101', 'MF102'],
  },

  // ---- MF102 ----
  {
    // NAS IS's `main( argc, argv )`, Rodinia backprop's helpers: read as a call outside any function.
    name: 'a K&R definition without its return type (implicit int, removed in C99)',
    source: 'int n;\nmain( argc, argv )\n    int argc;\n    char **argv;\n{\n    n = argc;\n    return 0;\n}\n',
    file: 'kr.c',
    code: 'MF102',
    message: "'main( argc, argv )' defines 'main' without a return type: C99 removed the implicit 'int' ('int main( argc, argv )')",
    covers: 'main',
    data: s => ({ insert: 'int ', at: s.indexOf('main(') }),
  },
  {
    // NPB's setparams: the grammar breaks the definition into pieces, three syntax errors over three
    // top-level nodes (the head, a statement, the closing brace), said as one.
    name: 'a definition with typed parameters but no return type (implicit int, removed in C99)',
    source: '#include <stdio.h>\nmain(int argc, char *argv[])\n{\n  printf("%d\\n", argc);\n  return 0;\n}\n',
    file: 'ansi.c',
    code: 'MF102',
    message: "'main(int argc, char *argv[])' defines 'main' without a return type: C99 removed the implicit 'int' ('int main(int argc, char *argv[])')",
    covers: 'main',
    data: s => ({ insert: 'int ', at: s.indexOf('main(') }),
    absent: ['MF101'],
  },
  {
    name: 'the same with storage classes and parameters over two lines: quoted on one line, int after them',
    source: 'static inline helper(int x,\n    double *y)\n{\n  return x + (int)*y;\n}\nint use(double *y) { return helper(1, y); }\n',
    file: 'helper.c',
    code: 'MF102',
    message: "'static inline helper(int x, double *y)' defines 'helper' without a return type: C99 removed the implicit 'int' ('static inline int helper(int x, double *y)')",
    covers: 'helper',
    data: s => ({ insert: 'int ', at: s.indexOf('helper(') }),
    absent: ['MF101'],
  },
  // Rodinia backprop's imagenet.c: the grammar reads `extern layer_size;` and the K&R definition
  // after it as one definition, its only error at the `;`; both are said.
  ...(['layer_size', 'load'] as const).map((covers): Case => ({
    name: `a declaration without a type before a K&R definition without one: '${covers}'`,
    source: 'extern layer_size;\n\nload(net)\ndouble *net;\n{\n  return layer_size + (int)net[0];\n}\n',
    file: 'imagenet.c',
    code: 'MF102',
    message: covers === 'load'
      ? "'load(net)' defines 'load' without a return type: C99 removed the implicit 'int' ('int load(net)')"
      : "'extern layer_size' declares 'layer_size' without a type: C99 removed the implicit 'int' ('extern int layer_size')",
    covers,
    count: 2,
    data: s => ({ insert: 'int ', at: s.indexOf(covers) }),
    absent: ['MF101'],
  })),
  {
    // Rodinia backprop's imagenet.c: `extern layer_size;`, read as a type with no name.
    name: 'a declaration with a storage class but no type (implicit int, removed in C99)',
    source: 'extern layer_size;\nint f(void) { return layer_size; }\n',
    file: 'extern.c',
    code: 'MF102',
    message: "'extern layer_size' declares 'layer_size' without a type: C99 removed the implicit 'int' ('extern int layer_size')",
    covers: 'layer_size',
    data: s => ({ insert: 'int ', at: s.indexOf('layer_size') }),
  },
  {
    name: 'the same with a value',
    source: 'static count = 3;\nint f(void) { return count; }\n',
    file: 'static.c',
    code: 'MF102',
    message: "'static count' declares 'count' without a type: C99 removed the implicit 'int' ('static int count')",
    covers: 'count',
    data: s => ({ insert: 'int ', at: s.indexOf('count') }),
  },
  {
    name: 'a call outside any function with a value for an argument is not read as a definition',
    source: 'int n;\nf(n + 1)\nint g(void) { return n; }\n',
    file: 'call.c',
    code: 'MF102', message: "expected ';' in statement", covers: ')', after: '+ 1)',
  },
  {
    name: "missing ';' after a declaration",
    source: 'int f(int n){\n  int x = n\n  return x;\n}\n',
    code: 'MF102', message: "expected ';' in declaration", covers: 'n', after: 'n\n  return',
    data: s => ({ insert: ';', at: after('int x = n')(s) }),
  },
  {
    name: "missing '}' in an initializer",
    source: 'void f(int n){\n  int a[4] = {1, 2;\n  a[0] = n;\n}\n',
    code: 'MF102', message: "expected '}' in initializer", covers: '2', after: '2;',
    data: s => ({ insert: '}', at: after('{1, 2')(s) }),
  },
  {
    name: 'missing operand in a condition',
    source: 'void f(int n){\n  if (n > ) { n = 0; }\n}\n',
    code: 'MF102', message: 'expected identifier in expression', covers: '>',
    data: s => ({ insert: 'identifier', at: after('n >')(s) }),
  },
  {
    name: "meta_join without ';'",
    source: 'void g(int);\nvoid f(int n){\n  meta_fork g(n);\n  g(n + 1);\n  meta_join\n}\n',
    code: 'MF102', message: "expected ';' after 'meta_join'", covers: 'meta_join',
    data: s => ({ insert: ';', at: after('meta_join')(s) }),
  },
  {
    name: "cilk_sync without ';'",
    source: 'void g(int);\nvoid f(int n){\n  cilk_spawn g(n);\n  cilk_sync\n}\n', file: 'a.c',
    code: 'MF102', message: "expected ';' after 'cilk_sync'", covers: 'cilk_sync',
    data: s => ({ insert: ';', at: after('cilk_sync')(s) }),
  },
];

runCases(cases);

runClean([
  {
    // A pragma the tool does not read: valid C, kept as written by a translation (gcc prints the same).
    name: "'_Pragma' of a pragma no construct is read from (GCC ivdep, diagnostic push), before a loop and alone",
    source: '#define QUIET _Pragma("GCC diagnostic push")\nint main(void) {\n  int a[8];\n  QUIET\n  _Pragma("GCC ivdep")\n  for (int i = 0; i < 8; i++) a[i] = i;\n  return a[7];\n}\n',
    file: 'ivdep.c',
  },
  {
    // OpenCilk's bzip2: a linkage specification before a class defined alone is valid C++, which
    // the C++ grammar reads as a declaration missing its name.
    name: 'extern "C++" and extern "C" before a struct or class definition (C++)',
    source: 'extern "C++"\nstruct memblock\n{\n    int bytes;\n    memblock(int b) : bytes(b) { }\n};\nextern "C" class counter { public: long n; };\nint total(int k, long *a) {\n    memblock m(k);\n    counter c = {0};\n    cilk_for (int i = 0; i < m.bytes; i++) a[i] = c.n + i;\n    return m.bytes;\n}\n',
    file: 'a.cpp',
  },
]);
