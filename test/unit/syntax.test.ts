// The keyword layer and the pragma parser.

import { test } from 'node:test';
import { Parser, type Point } from 'web-tree-sitter';
import assert from 'node:assert/strict';
import { closest, editDistance, scanKeywords } from '../../server/src/syntax/keywords';
import { parsePragma } from '../../server/src/syntax/pragma';
import { OMP_CLAUSES, OMP_DIRECTIVES } from '../../server/src/syntax/openmp';
import { parseText } from '../../server/src/checks/index';
import { spanOf } from '../helpers';
import { afterIncludes, includeLines, includeEdit } from '../../server/src/syntax/includes';
import { generateCuda } from '../../server/src/cuda/index';
import { convert, convertThroughCursor, convertsDirectly, type SNode } from '../../server/src/syntax/parser';
import { commonEnds } from '../../server/src/base/edits';
import * as fs from 'fs';
import * as path from 'path';

test('masking keeps every offset and newline, and yields a tree with no error', async () => {
  const text = 'int f(int *a, int n) {\n  int x, s = 0;\n  x = meta_fork g(n);\n  meta_fork shared(s,\n    x) { s = x; }\n  meta_for (int i = 0; i < n; i++) a[i] = 0;\n  cilk_for (int i = 0; i < n; i++) a[i] = 1;\n  meta_join;\n  _Cilk_sync;\n  meta_schedule cache(a) { }\n  return s; /* meta_fork in a comment */\n}\n';
  const layer = scanKeywords(text);
  assert.equal(layer.masked.length, text.length);
  assert.deepEqual([...layer.masked].map((c, i) => c === '\n' ? i : -1).filter(i => i >= 0), [...text].map((c, i) => c === '\n' ? i : -1).filter(i => i >= 0));
  assert.deepEqual(layer.keywords.map(k => k.spelling), ['meta_fork', 'meta_fork', 'meta_for', 'cilk_for', 'meta_join', '_Cilk_sync', 'meta_schedule']);
  const shared = layer.keywords[1].clauses[0];
  assert.deepEqual(shared.items.map(i => [i.name, text.slice(i.start, i.end)]), [['s', 's'], ['x', 'x']]);
  assert.equal(layer.keywords[6].clauses[0].name, 'cache');
  const syntax = await parseText(text, 'a.mfc');
  assert.equal(syntax.tree.rootNode.hasError, false);
});

test("an old-style definition returning a pointer reads as tree-sitter reads the prototype form: its '*'s masked, pointer declarators put back around the function declarator", async () => {
  const text = [
    '/* my_index (s, c)\n   int c;\n{ */', // a head in a comment is no definition
    'static char *',
    'my_index (str, chr)',
    '     const char *str;',
    '     int chr;',
    '{',
    '  while (*str && *str != chr) str++;',
    '  return (char *) str;',
    '}',
    'char **split(s, n) char *s; int n; { static char *v[2]; v[0] = s; v[1] = s + n; return v; }',
    'int twice(c) int c; { return 2 * c; }',
    'int scale(int *v, int k) { return *v * k; }',
    '',
  ].join('\n');
  const layer = scanKeywords(text);
  const stars = [text.indexOf('*\nmy_index'), text.indexOf('**split'), text.indexOf('**split') + 1];
  assert.deepEqual(layer.oldStylePointers, stars);
  assert.deepEqual(stars.map(s => layer.masked[s]), [' ', ' ', ' ']);
  const syntax = await parseText(text, 'a.c');
  assert.equal(syntax.tree.rootNode.hasError, false);
  const shape = (n: SNode): string => `${n.field ? `${n.field}:` : ''}${n.type}@${n.start}` +
    (n.children.length && n.type !== 'parameter_list' && n.type !== 'compound_statement' ? `(${n.children.map(shape).join(' ')})` : '');
  const definitions = syntax.topLevelNodes().filter(n => n.type === 'function_definition').map(n => syntax.convert(n));
  const declarators = definitions.map(d => shape(d.children.find(c => c.field === 'declarator')!));
  const at = (s: string) => text.indexOf(s);
  assert.deepEqual(declarators, [
    `declarator:pointer_declarator@${stars[0]}(*@${stars[0]} declarator:function_declarator@${at('my_index (str')}(declarator:identifier@${at('my_index (str')} parameters:parameter_list@${at('(str, chr)')}))`,
    `declarator:pointer_declarator@${stars[1]}(*@${stars[1]} declarator:pointer_declarator@${stars[2]}(*@${stars[2]} declarator:function_declarator@${at('split')}(declarator:identifier@${at('split')} parameters:parameter_list@${at('(s, n)')})))`,
    `declarator:function_declarator@${at('twice')}(declarator:identifier@${at('twice')} parameters:parameter_list@${at('(c)')})`,
    `declarator:function_declarator@${at('scale')}(declarator:identifier@${at('scale')} parameters:parameter_list@${at('(int *v')})`,
  ]);
  // Every node's parent is the node holding it.
  const parents = (n: SNode): boolean => n.children.every(c => c.parent === n && parents(c));
  assert.ok(definitions.every(parents));
  // The declarator converted alone (the file scope reads a definition's name from it) is the pointer's too.
  const declarator = syntax.topLevelNodes().filter(n => n.type === 'function_definition')[0].childForFieldName('declarator')!;
  assert.equal(shape(syntax.convert(declarator)).split('(')[0], `declarator:pointer_declarator@${stars[0]}`);
});

test("va_arg's type is one word of its length for the parser; a comment's opening in a directive's string literal is masked", async () => {
  const text = [
    '#include <stdarg.h>',
    '#define DESC "/* CLASS = %c */\\n" /* a comment */',
    '#define URL "http://x.org/*"',
    'typedef struct { int n; } VEC;',
    'int f(int count, ...) {',
    '  va_list ap;',
    '  va_start(ap, count);',
    '  VEC **p = va_arg(ap, VEC **);',
    '  unsigned long u = va_arg(ap, unsigned long);',
    '  double d = va_arg(ap, double);',
    '  va_end(ap);',
    '  return (*p)->n + (int) u + (int) d;',
    '}',
    '',
  ].join('\n');
  const layer = scanKeywords(text);
  const lines = layer.masked.split('\n');
  assert.deepEqual([lines[1], lines[2], lines[7], lines[8], lines[9]], [
    '#define DESC "/  CLASS = %c */\\n" /* a comment */',
    '#define URL "http://x.org/ "',
    '  VEC **p = va_arg(ap, ______);',
    '  unsigned long u = va_arg(ap, _____________);',
    '  double d = va_arg(ap, double);',
  ]);
  const syntax = await parseText(text, 'a.c');
  assert.equal(syntax.tree.rootNode.hasError, false);
});

test('keywords inside strings, comments and other identifiers are not keywords', () => {
  const layer = scanKeywords('char *s = "meta_fork"; // cilk_spawn\nint my_meta_for = 1; /* meta_join; */ char c = \'m\';\n#define SPAWN cilk_spawn\n');
  assert.deepEqual(layer.keywords, []);
});

test('meta_pipe becomes a while or a for loop for the parser', () => {
  assert.match(scanKeywords('meta_pipe(k < n) { }').masked, /^while {4}\(k < n\)/);
  assert.match(scanKeywords('meta_pipe(int i = 0; i < n; i++) { }').masked, /^for {6}\(/);
});

test('#pragma mf fork takes shared(...) clauses from the next line (thesis quirk)', () => {
  const text = '#pragma mf fork\nshared(x, y)\nx = f();\n';
  const layer = scanKeywords(text);
  const d = parsePragma(layer.pragmas[0])!;
  assert.equal(d.name, 'fork');
  assert.deepEqual(d.clauses.map(c => [c.name, c.items.map(i => i.name)]), [['shared', ['x', 'y']]]);
  assert.equal(layer.masked, '#pragma mf fork\n            \nx = f();\n');
});

test('OpenMP 5.2: every directive and clause is known', () => {
  assert.equal(OMP_DIRECTIVES.size, 92);
  for (const c of ['if', 'num_threads', 'default', 'private', 'firstprivate', 'shared', 'copyin', 'reduction', 'proc_bind', 'lastprivate', 'linear', 'schedule', 'collapse', 'ordered', 'nowait', 'safelen', 'simdlen', 'aligned', 'uniform', 'inbranch', 'notinbranch', 'final', 'untied', 'mergeable', 'depend', 'priority', 'grainsize', 'num_tasks', 'nogroup', 'device', 'map', 'is_device_ptr', 'use_device_ptr', 'defaultmap', 'to', 'from', 'link', 'num_teams', 'thread_limit', 'dist_schedule', 'copyprivate', 'threads', 'simd', 'hint', 'read', 'write', 'update', 'capture', 'seq_cst',
    // OpenMP 5.0-5.2
    'acq_rel', 'acquire', 'release', 'relaxed', 'compare', 'fail', 'weak', 'order', 'nontemporal', 'allocate', 'affinity', 'detach', 'in_reduction', 'task_reduction', 'bind', 'filter', 'inclusive', 'exclusive', 'when', 'otherwise', 'match', 'adjust_args', 'append_args', 'enter', 'indirect', 'device_type', 'at', 'severity', 'message', 'reverse_offload', 'unified_address', 'unified_shared_memory', 'atomic_default_mem_order', 'dynamic_allocators', 'full', 'partial', 'sizes', 'absent', 'contains', 'holds', 'no_openmp', 'no_openmp_routines', 'no_parallelism', 'allocator', 'align', 'init', 'destroy', 'use', 'novariants', 'nocontext', 'has_device_addr', 'use_device_addr', 'uses_allocators', 'doacross', 'initializer']) {
    assert.ok(OMP_CLAUSES.has(c), c);
  }
});

test('OpenMP 5.2 clause modifiers: the last before the colon is the modifier, the others are kept', () => {
  const parse = (s: string) => parsePragma(scanKeywords(s).pragmas[0])!;
  const red = parse('#pragma omp for reduction(inscan, +: s) lastprivate(conditional: x)');
  assert.deepEqual(red.problems, []);
  assert.deepEqual(red.clauses.map(c => [c.modifier?.name, c.modifiers, c.items.map(i => i.name)]), [['+', ['inscan'], ['s']], ['conditional', undefined, ['x']]]);
  const map = parse('#pragma omp target map(always, close, tofrom: a[0:n]) depend(iterator(k = 0:n), in: b[k])');
  assert.deepEqual(map.clauses.map(c => [c.modifier?.name, c.modifiers, c.items.map(i => i.name)]), [['tofrom', ['always', 'close'], ['a']], ['in', ['iterator(k = 0:n)'], ['b']]]);
  assert.deepEqual(parse('#pragma omp simd linear(val(x): 1) linear(y, z: step(2))').clauses.map(c => c.items.map(i => i.name)), [['x'], ['y', 'z']]);
  assert.deepEqual(parse('#pragma omp ordered depend(source)').clauses[0].items, []);
  assert.equal(parse('#pragma omp ordered depend(sink: i - 1)').standalone, true);
  assert.equal(parse('#pragma omp ordered threads').standalone, false);
});

test('a metadirective parses its variants as directives and reports their problems', () => {
  const parse = (s: string) => parsePragma(scanKeywords(s).pragmas[0])!;
  const text = '#pragma omp metadirective when(device = {kind(gpu)}: target teams loop) otherwise(parallel for privte(x))';
  const d = parse(text);
  assert.deepEqual(d.clauses.map(c => c.variant?.name), ['target teams loop', 'parallel for']);
  assert.deepEqual(d.problems.map(p => [p.code, text.slice(p.span.start, p.span.end)]), [['MF202', 'privte']]);
  assert.equal(d.standalone, false);
  assert.equal(parse('#pragma omp metadirective when(user = {condition(1)}: barrier) default(nothing)').standalone, true);
});

test('OpenMP directives parse into name, clauses and list items with exact spans', () => {
  const line = '#pragma omp target teams distribute parallel for simd map(tofrom: a[0:n]) reduction(+: s, t) \\\n    collapse(2) private(i)';
  const layer = scanKeywords(line);
  const d = parsePragma(layer.pragmas[0])!;
  assert.equal(d.name, 'target teams distribute parallel for simd');
  assert.deepEqual(d.problems, []);
  assert.deepEqual(d.clauses.map(c => c.name), ['map', 'reduction', 'collapse', 'private']);
  const red = d.clauses[1];
  assert.equal(red.modifier!.name, '+');
  assert.deepEqual(red.items.map(i => line.slice(i.start, i.end)), ['s', 't']);
  assert.deepEqual(d.clauses[0].items.map(i => line.slice(i.start, i.end)), ['a']);
  assert.deepEqual({ start: d.clauses[3].items[0].start, end: d.clauses[3].items[0].end }, spanOf(line, 'i)', 1) && { start: line.lastIndexOf('i)'), end: line.lastIndexOf('i)') + 1 });
});

test('critical(name), flush(list), default(none), depend(in: x)', () => {
  const parse = (s: string) => parsePragma(scanKeywords(s).pragmas[0])!;
  assert.equal(parse('#pragma omp critical(lock1)').argument!.text, 'lock1');
  assert.deepEqual(parse('#pragma omp flush(a, b)').argument!.items.map(i => i.name), ['a', 'b']);
  assert.deepEqual(parse('#pragma omp parallel default(none) shared(a)').problems, []);
  const task = parse('#pragma omp task depend(in: x) depend(out: y[0:4])');
  assert.deepEqual(task.clauses.map(c => [c.modifier!.name, c.items[0].name]), [['in', 'x'], ['out', 'y']]);
  assert.match(parse('#pragma omp parallel default(nonee)').problems[0].message, /did you mean 'none'/);
  assert.equal(parse('#pragma omp parallel nowait').problems[0].code, 'MF204');
});

test('lines added after the includes go after a conditional group, not into it (#ifdef __cilk ... #endif)', async () => {
  const text = '#include <stdio.h>\n#ifdef __cilk\n#include <cilk/cilk.h>\n#endif\nint x;\n';
  assert.equal(afterIncludes(text), text.indexOf('int x;'));
  assert.deepEqual(includeLines(text).map(l => [l.header, l.conditional]), [['stdio.h', false], ['cilk/cilk.h', true]]);
  assert.equal(afterIncludes('#include <a.h>\n#if X\n#define Y 1\n#endif\nint x;\n'), '#include <a.h>\n'.length);
  assert.equal(afterIncludes('int x;\n'), 0);
  // A header included only under a condition is added for good.
  const edit = includeEdit('#ifdef A\n#include <stdlib.h>\n#endif\n', 'stdlib.h');
  assert.deepEqual(edit, { start: '#ifdef A\n#include <stdlib.h>\n#endif\n'.length, end: '#ifdef A\n#include <stdlib.h>\n#endif\n'.length, newText: '#include <stdlib.h>\n' });
  // The generated .cu defines its checked-call macro where the host code sees it.
  const cu = await generateCuda(`${text}void f(int n, float *a) {\n  int B = 32, dim = (n + B - 1) / B;\n  meta_schedule {\n    meta_for (int v = 0; v < dim; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int i = v * B + u;\n        if (i < n) a[i] = 0;\n      }\n  }\n}\n`, { fileName: 'c.mfc' });
  assert.ok(cu.text);
  assert.ok(cu.text.indexOf('#define mfCudaCheck') > cu.text.indexOf('#endif'), cu.text.slice(0, 400));
});

test('trees convert through the cursor\'s WASM calls to the very nodes the TreeCursor walk gives', async () => {
  const root = path.join(__dirname, '..', '..', '..', 'test', 'fixtures');
  const files: string[] = [];
  const visit = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else if (/\.(c|h|mfc|cpp|mfcpp)$/.test(e.name)) files.push(p);
    }
  };
  visit(root);
  // Broken input too: ERROR nodes (outside the type table) and MISSING ones.
  const texts = [
    ...files.map(f => ({ name: f, text: fs.readFileSync(f, 'utf8') })),
    { name: 'broken.c', text: 'int f(int n) {\n  int x = (n + ;\n  for (int i = 0; i < n i++) x += i\n  return x;\n}\nint g( { @@ }\n' },
    { name: 'missing.c', text: 'int f(void) { return 1 }\nstruct s { int a; \n' },
  ];
  const syntax0 = await parseText('int x;', 'a.c');
  syntax0.dispose();
  assert.equal(convertsDirectly(), true, 'web-tree-sitter 0.25.8 has the cursor calls');
  let nodes = 0;
  for (const { name, text } of texts) {
    const syntax = await parseText(text, name);
    for (const node of syntax.topLevelNodes()) {
      assert.deepEqual(convert(node, syntax.grammar), convertThroughCursor(node, syntax.grammar), `${name} at ${node.startIndex}`);
      nodes++;
    }
    syntax.dispose();
  }
  assert.ok(files.length > 100 && nodes > 1000, `${files.length} files, ${nodes} items`);
});

/** A small deterministic generator (the tests below must fail the same way every time). */
function generator(seed: number): (n: number) => number {
  let x = seed >>> 0;
  return n => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x % n; };
}

test('the edit distance on three rows equals the whole table\'s, swaps of adjacent letters one edit', () => {
  // The table in full, as the definition reads (optimal string alignment distance).
  const reference = (a: string, b: string): number => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++)
      for (let j = 1; j <= b.length; j++) {
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    return d[a.length][b.length];
  };
  const next = generator(7);
  const word = () => Array.from({ length: next(8) }, () => 'abcs'[next(4)]).join('');
  for (let k = 0; k < 2000; k++) {
    const a = word(), b = word();
    assert.equal(editDistance(a, b), reference(a, b), `${JSON.stringify(a)} ${JSON.stringify(b)}`);
  }
  assert.deepEqual([editDistance('frok', 'fork'), editDistance('', 'shared'), editDistance('shared', 'shared')], [1, 6, 0]);
  assert.equal(closest('shraed', ['shared', 'cache']), 'shared');
  assert.equal(closest('f', ['shared', 'cache']), undefined);
});

test('the common prefix and suffix of two texts, compared a block at a time, are the character-by-character ones', () => {
  const reference = (a: string, b: string) => {
    const shortest = Math.min(a.length, b.length);
    let prefix = 0;
    while (prefix < shortest && a[prefix] === b[prefix]) prefix++;
    let suffix = 0;
    while (suffix < shortest - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
    return { prefix, suffix };
  };
  const next = generator(11);
  const base = Array.from({ length: 5000 }, () => 'ab\n '[next(4)]).join('');
  for (let k = 0; k < 300; k++) {
    // One to three edits anywhere (block boundaries included), or none, or the whole text changed.
    let b = base;
    for (let e = next(4); e > 0; e--) {
      const at = [0, 1023, 1024, 1025, 2048, base.length - 1024, base.length][next(7)] + next(3) - 1;
      const start = Math.max(0, Math.min(b.length, at));
      b = b.slice(0, start) + 'xyz'.slice(0, next(4)) + b.slice(Math.min(b.length, start + next(3)));
    }
    assert.deepEqual(commonEnds(base, b), reference(base, b));
    assert.deepEqual(commonEnds(b, base), reference(b, base));
  }
  assert.deepEqual(commonEnds('', 'abc'), { prefix: 0, suffix: 0 });
  assert.deepEqual(commonEnds('abab', 'ab'), { prefix: 2, suffix: 0 });
});

test("a translation stage's edits far apart, in a file whose macros expand to another length than their uses: re-parsed around the edits only, to the tree a fresh parse gives", async () => {
  const head = '#define SQUARE(x) ((x) * (x))\n#define TWICE(x) (2 * (x))\n';
  const fn = (i: number) => `int f${i}(int a) {\n  int s = SQUARE(a) + TWICE(a);\n  return s + ${i};\n}\n`;
  const text = head + Array.from({ length: 300 }, (_, i) => fn(i)).join('');
  const at = (s: string) => text.indexOf(s);
  // A stage's edits (of the user's text, sorted): every use before them expands longer than it is written.
  const edits = [
    { start: at('return s + 1;'), end: at('return s + 1;') + 6, newText: 'return -' },
    { start: at('int f150('), end: at('int f150('), newText: 'static ' },
    { start: at('return s + 299;') + 9, end: at('return s + 299;') + 10, newText: '-' },
  ];
  const edited = edits.reduceRight((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text);
  const before = await parseText(text, 'm.c');
  assert.notEqual(before.text.length, text.length, 'the macros expand to another length');
  before.tree;
  const parse = Parser.prototype.parse;
  let read = 0;
  Parser.prototype.parse = function (this: Parser, input, old, options) {
    const counted = typeof input === 'function' ? (i: number, p: Point) => { const s = input(i, p); read += s?.length ?? 0; return s; } : input;
    return parse.call(this, counted, old, options);
  };
  let after;
  try {
    after = before.update(edited, edits, true);
  } finally {
    Parser.prototype.parse = parse;
  }
  const fresh = await parseText(edited, 'm.c');
  assert.equal(after.tree.rootNode.toString(), fresh.tree.rootNode.toString());
  assert.equal(after.text, fresh.text);
  // Around each of the three edits, a piece of the text (the parser asks for 5,120 characters at a
  // time); all of it from the first edit to the last when the edits were placed at the user's offsets.
  assert.ok(read <= 4 * 5120, `${read} characters of ${after.text.length} read again`);
  for (const d of [before, after, fresh]) d.dispose();
});
