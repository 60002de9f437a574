// The preprocessor (server/src/preprocess): the analysed text, its map to the user's text, the
// constants, headers, inactive groups and diagnostics.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preprocess, type HeaderFiles, type Preprocessed } from '../../server/src/preprocess';

const table = (files: Record<string, string>): HeaderFiles => ({ read: p => files[p] });
const diags = (r: Preprocessed) => r.diagnostics.map(d => [d.code, d.message, r.source.slice(d.start, d.end)]);

test('a file with nothing to preprocess is its own analysed text', () => {
  const source = 'int main(void) {\n  return 0; /* # */\n}\n';
  const r = preprocess(source);
  assert.ok(r.map.isIdentity);
  assert.equal(r.text, source);
  assert.deepEqual([r.uses, r.includes, r.headers, r.inactive, r.dependencies, r.diagnostics],
    [[], [], [], [], [], []]);
  const hashOnly = preprocess('const char *s = "#";\n');
  assert.ok(hashOnly.map.isIdentity);
  assert.equal(hashOnly.text, 'const char *s = "#";\n');
});

test('macro uses expanded, constants kept, conditional lines and inactive groups blanked', () => {
  const source = '#define N 4000\n#define M (2*N)\n#define DT double\n#define MIN(a, b) ((a) < (b) ? (a) : (b))\n'
    + 'DT x[N][M];\nint y = MIN(x,\n  y+1) + 2;\n#if N > 100\nbig\n#else\nsmall\n#endif\n#define f(x) x+f(x)\n'
      + 'f(f(1))\n';
  const r = preprocess(source);
  assert.equal(r.text, '#define N 4000\n#define M (2*N)\n#define DT double\n#define MIN(a, b) ((a) < (b) ? (a) : (b))\n'
    + 'double x[N][M];\nint y = ((x) < (y+1) ? (x) : (y+1))\n + 2;\n           \nbig\n     \n     \n      \n'
    + '#define f(x) x+f(x)\n1+f(1)+f(1+f(1))\n');
  assert.equal(r.text.split('\n').length, source.split('\n').length);
  assert.deepEqual([...r.constants], [['N', '4000'], ['M', '(2*4000)']]);
  const slice = (s: string, span: { start: number; end: number }) => s.slice(span.start, span.end);
  assert.deepEqual(r.uses.map(u => [u.name, slice(source, u.source), slice(r.text, u.text)]), [
    ['DT', 'DT', 'double'], ['MIN', 'MIN(x,\n'
      + '  y+1)', '((x) < (y+1) ? (x) : (y+1))'], ['f', 'f(f(1))', '1+f(1)+f(1+f(1))'],
  ]);
  assert.deepEqual(r.map.segments.map(s => [s.kind, slice(r.text, s.text), slice(source, s.source)]), [
    ['expansion', 'double', 'DT'],
    ['expansion', '((x) < (y+1) ? (x) : (y+1))\n', 'MIN(x,\n  y+1)'],
    ['blank', '           ', '#if N > 100'],
    ['blank', '     \n     \n      ', '#else\nsmall\n#endif'],
    ['expansion', '1+f(1)+f(1+f(1))', 'f(f(1))'],
  ]);
  assert.deepEqual(r.inactive.map(s => source.slice(s.start, s.end)), ['small']);
});

test('an expansion maps its argument stretches back to the arguments', () => {
  const source = '#define MIN(a, b) ((a) < (b) ? (a) : (b))\nint y = MIN(x,\n  y+1) + 2;\n';
  const r = preprocess(source);
  const [seg] = r.map.segments;
  assert.deepEqual(seg.args!.map(a => [r.text.slice(a.text.start, a.text.end), a.source]), [
    ['x', { start: 54, end: 55 }], ['y+1', { start: 59, end: 62 }],
    ['x', { start: 54, end: 55 }], ['y+1', { start: 59, end: 62 }],
  ]);
  const y = r.text.indexOf('y+1');
  assert.equal(r.map.offsetToSource(y), source.indexOf('y+1'));
  assert.deepEqual(r.map.toSource({ start: seg.text.start, end: seg.text.end - 1 }), { start: 50, end: 63 });
  assert.equal(r.map.offsetToText(source.indexOf('+ 2')), r.text.indexOf('+ 2'));
  assert.equal(r.map.apply([]), source);
  const plus = r.text.indexOf(' + 2');
  assert.equal(r.map.apply([{ start: plus, end: plus + 4, newText: ' - 3' }]), source.replace('+ 2', '- 3'));
});

test('#ifdef / #elif / #else: the inactive groups and the blank segments', () => {
  const source = '#ifdef X\na\n#elif 1\nb\n#else\nc\n#endif\nd\n';
  const r = preprocess(source);
  assert.equal(r.text, '        \n \n       \nb\n     \n \n      \nd\n');
  assert.deepEqual(r.inactive, [{ start: 9, end: 10 }, { start: 27, end: 28 }]);
  assert.deepEqual(r.map.segments.map(s => [s.kind, s.source]),
    [['blank', { start: 0, end: 18 }], ['blank', { start: 21, end: 35 }]]);
});

test('__LINE__, __FILE__, a call whose name is followed by its arguments on the next line, an empty macro', () => {
  const r = preprocess('#define L __LINE__\n#define F(x) __FILE__ x\nint a = L;\nF(\n1\n);\n', { fileName: '/w/m.c' });
  assert.equal(r.text, '#define L __LINE__\n#define F(x) __FILE__ x\nint a = 3;\n"/w/m.c" 1\n\n;\n');
  assert.equal(preprocess('#define f(x) [x]\nf\n(1) f\n;\n').text, '#define f(x) [x]\n[1]\n f\n;\n');
  const e = preprocess('#define N 4\n#define E\nint a[N] E;\n#define S "s"\nS;\n');
  assert.equal(e.text, '#define N 4\n#define E\nint a[N] ;\n#define S "s"\n"s";\n');
  assert.deepEqual([...e.constants], [['N', '4']]);
});

test('#pragma, #define and #undef lines stay as written', () => {
  const source = '#define N 4000\n#pragma omp parallel for num_threads(NT) if(N > 1)\n#define NT 4\n'
    + 'int y = NT + N;\n#undef NT\n';
  const r = preprocess(source);
  assert.equal(r.text, '#define N 4000\n#pragma omp parallel for num_threads(NT) if(N > 1)\n#define NT 4\n'
    + 'int y = 4 + N;\n#undef NT\n');
  assert.deepEqual([...r.constants], [['N', '4000']]);
  assert.deepEqual([...r.macros.keys()].filter(n => !n.startsWith('_')), ['N']);
  assert.deepEqual(r.macros.get('N'), { name: 'N', body: '4000', span: { start: 8, end: 9 } });
  const min = preprocess('#define MIN(a, /* b */ b) \\\n  ((a) < (b) /* less */ ? (a) : (b))\n'
    + '#define V(f, ...) f(__VA_ARGS__)\n');
  assert.deepEqual([...min.macros.values()].filter(m => m.file === undefined).map(m => [m.name, m.params, m.body]), [
    ['MIN', ['a', 'b'], '((a) < (b) ? (a) : (b))'], ['V', ['f', '...'], 'f(__VA_ARGS__)'],
  ]);
});

test('constants: defined once and never undefined; -D ones only when used', () => {
  const twice = preprocess('#define N 10\nint a[N];\n#define N 20\nint b[N];\n');
  assert.equal(twice.text, '#define N 10\nint a[10];\n#define N 20\nint b[20];\n');
  assert.deepEqual([...twice.constants], []);
  const undef = preprocess('#define K 3\nint k = K;\n#undef K\n');
  assert.equal(undef.text, '#define K 3\nint k = 3;\n#undef K\n');
  const flags = { includePaths: [], defines: [['N', '100'], ['M', 'n'], ['Q', '7']] as [string, string][] };
  const d = preprocess('int a[N]; int b[M];', { flags });
  assert.equal(d.text, 'int a[N]; int b[n];');
  assert.deepEqual([...d.constants], [['N', '100']]);
  const openmp = preprocess('#ifdef _OPENMP\nint omp;\n'
    + '#endif\n', { flags: { includePaths: [], defines: [['_OPENMP', null]] } });
  assert.equal(openmp.text, '              \n        \n      \n');
});

test('headers: beside the file, then -I; read with the macros in force; their errors on the #include line', () => {
  const files = table({
    '/p/a.h': '#ifndef A_H\n#define A_H\n#include "b.h"\n#define SIZE (N * 2)\n#ifdef BIG\nint big;\n#else\n'
      + 'int small;\n#endif\n'
      + 'DATA_TYPE arr[SIZE];\n#error in header\n#endif\n',
    '/p/b.h': '#pragma once\n#define DATA_TYPE double\n#define N 10\n',
    '/inc/c.h': 'int c;\n',
  });
  const source = '#include "a.h"\n#include <stdio.h>\n#include "missing.h"\n#include <c.h>\n#include "a.h"\n'
    + 'DATA_TYPE x = SIZE;\n';
  const options = { fileName: '/p/main.c', files, flags: { includePaths: ['/inc'], defines: [] } };
  const first = preprocess(source, options);
  // The second time the cache answers for a.h (and b.h in it): the same result.
  const r = preprocess(source, options);
  // __DATE__ and __TIME__ are the clock's at each run (a second may pass between the two).
  const clockless = (p: typeof r) => ({ ...p, map: undefined, macros: new Map([...p.macros].filter(([name]) => name !== '__DATE__' && name !== '__TIME__')) });
  assert.deepEqual(clockless(r), clockless(first));
  assert.equal(r.text, source.replace('DATA_TYPE', 'double'));
  assert.deepEqual([...r.constants], [['N', '10'], ['SIZE', '(10 * 2)']]);
  assert.deepEqual(r.headers.map(h => [h.path, h.text, source.slice(h.includedAt.start, h.includedAt.end)]), [
    ['/p/a.h', '           \n#define A_H\n#include "b.h"\n#define SIZE (N * 2)\n          \n        \n     \n'
      + 'int small;\n      \n'
      + 'double arr[SIZE];\n#error in header\n      \n', '#include "a.h"'],
    ['/p/b.h', '#pragma once\n#define DATA_TYPE double\n#define N 10\n', '#include "a.h"'],
    ['/inc/c.h', 'int c;\n', '#include <c.h>'],
  ]);
  assert.deepEqual(r.macros.get('SIZE'),
    { name: 'SIZE', body: '(N * 2)', file: '/p/a.h', span: { start: 47, end: 51 } });
  assert.deepEqual(r.includes.map(i => [i.spelled, i.angled, i.path, i.known]), [
    ['a.h', false, '/p/a.h', undefined], ['stdio.h', true, undefined, 'stdio.h'],
    ['missing.h', false, undefined, undefined],
    ['c.h', true, '/inc/c.h', undefined], ['a.h', false, '/p/a.h', undefined],
  ]);
  assert.deepEqual(r.dependencies, ['/p/a.h', '/p/b.h', '/inc/stdio.h', '/p/missing.h', '/inc/missing.h', '/inc/c.h']);
  assert.deepEqual(diags(r), [
    ['MF111', '/p/a.h:11: #error in header', '#include "a.h"'],
    ['MF110', "'missing.h' file not found (searched /p, /inc)", '#include "missing.h"'],
  ]);
});

test('a header sees the definitions made before its #include, also when the cache has it', () => {
  const files = table({ '/q/h.h': '#ifdef WIDE\ntypedef long T;\n#else\ntypedef int T;\n#endif\n'
    + '#define TWICE(x) ((x) + (x))\n' });
  const opts = { fileName: '/q/m.c', files };
  const wide = () => preprocess('#define WIDE\n#include "h.h"\nT t = TWICE(1);\n', opts);
  const narrow = () => preprocess('#include "h.h"\nT t = TWICE(2);\n', opts);
  for (let round = 0; round < 2; round++) {
    assert.equal(wide().headers[0].text, '           \ntypedef long T;\n     \n              \n      \n'
      + '#define TWICE(x) ((x) + (x))\n');
    assert.equal(narrow().headers[0].text, '           \n               \n     \ntypedef int T;\n      \n'
      + '#define TWICE(x) ((x) + (x))\n');
    assert.equal(narrow().text, '#include "h.h"\nT t = ((2) + (2));\n');
  }
  const changed = table({ '/q/h.h': '#define TWICE(x) (2 * (x))\n' });
  assert.equal(preprocess('#include "h.h"\n'
    + 'TWICE(3);\n', { fileName: '/q/m.c', files: changed }).text, '#include "h.h"\n(2 * (3));\n');
});

test('a header that includes itself stops at the nesting limit', () => {
  const files = table({ '/r/self.h': 'int x;\n#include "self.h"\n' });
  const r = preprocess('#include "self.h"\n', { fileName: '/r/m.c', files });
  assert.deepEqual(diags(r),
    [['MF112', '/r/self.h:2: #include nested depth 200 exceeds maximum of 200', '#include "self.h"']]);
  assert.equal(r.headers.length, 1);
});

test('malformed directives, unbalanced conditionals, bad #if expressions, wrong calls', () => {
  const r = preprocess('#if 1\n#else\n#endif\n#endif\n#else\n#if 1\n#else\n#elif 1\n#endif\n#define\n'
    + '#define F(a, a) a\n'
    + '#if 1 +\n#endif\n#if 1/0\n#endif\n#define G(a, b) a\nG(1) G(1, 2, 3) G(1\n#ifdef X\n');
  assert.deepEqual(diags(r), [
    ['MF112', '#endif without #if', '#endif'],
    ['MF112', '#else without #if', '#else'],
    ['MF112', '#elif after #else', '#elif 1'],
    ['MF112', 'macro names must be identifiers: no macro name given in #define directive', '#define'],
    ['MF112', 'duplicate macro parameter "a"', '#define F(a, a) a'],
    ['MF112', "operator '+' has no right operand", '#if 1 +'],
    ['MF112', 'division by zero in #if', '#if 1/0'],
    ['MF113', 'macro "G" requires 2 arguments, but only 1 given', 'G'],
    ['MF113', 'macro "G" passed 3 arguments, but takes just 2', 'G'],
    ['MF113', 'unterminated argument list invoking macro "G"', 'G'],
    ['MF112', 'unterminated #ifdef', '#ifdef X'],
  ]);
  assert.deepEqual(diags(preprocess('#error stop here\n#warning careful\n#bogus\n')), [
    ['MF111', '#error stop here', '#error stop here'], ['MF112', 'invalid preprocessing directive #bogus', '#bogus'],
  ]);
});

test('an expansion that grows without end is stopped and reported', () => {
  let source = '';
  const names = 'ABCDEFGHIJKLMNOPQRSTUV';
  for (let i = 0; i + 1 < names.length; i++) source += `#define ${names[i]} ${names[i + 1]} ${names[i + 1]}\n`;
  source += 'A;\n';
  const r = preprocess(source);
  assert.deepEqual(diags(r), [['MF113', "expansion of 'U' exceeds 1000000 tokens", 'A']]);
  assert.ok(r.text.endsWith('\nA;\n'));
});

test('a constant of a header redefined later is expanded everywhere, in the header too', () => {
  const files = table({ '/h/n.h': '#define N 10\nint h[N];\n' });
  const r = preprocess('#include "n.h"\nint a[N];\n#undef N\n#define N 20\nint b[N];\n'
    + '#if __has_include("n.h") && !__has_include("zz.h")\nyes\n#endif\n', { fileName: '/h/m.c', files });
  assert.equal(r.text, '#include "n.h"\nint a[10];\n#undef N\n#define N 20\nint b[20];\n'
    + '                                                  \nyes\n      \n');
  assert.deepEqual(r.headers.map(h => h.text), ['#define N 10\nint h[10];\n']);
  assert.deepEqual([...r.constants], []);
});

test("gcc's #if operators: defined says yes to them, __has_attribute(...) reads as 0", () => {
  const r = preprocess('#if defined(__has_attribute) && !__has_attribute(noinline) && defined __has_include\n'
    + 'ok\n#endif\n');
  assert.deepEqual(diags(r), []);
  assert.equal(r.text.split('\n')[1], 'ok');
  assert.deepEqual(r.inactive, []);
});

test('a file whose only directives are system includes and pragmas is read as written, its includes listed as the full run lists them', () => {
  const text = '#include <stdio.h>\n  #include <omp.h> // the runtime\n#pragma omp declare simd\nint f(int x) { return x; }\n';
  const fast = preprocess(text);
  assert.equal(fast.text, text);
  assert.equal(fast.map.isIdentity, true);
  // The same lines with a directive after them that needs the whole preprocessor.
  const full = preprocess(`${text}#define UNUSED_HERE 1\n`);
  assert.deepEqual(fast.includes, full.includes);
  assert.deepEqual(fast.includes.map(l => [text.slice(l.span.start, l.span.end), l.spelled, l.angled, l.known]), [
    ['#include <stdio.h>', 'stdio.h', true, 'stdio.h'],
    ['#include <omp.h> // the runtime', 'omp.h', true, 'omp.h'],
  ]);
});

test('read as C++, g++\'s predefined macros: __cplusplus and __GNUG__, not C\'s __STDC_VERSION__', () => {
  const source = '#ifdef __cplusplus\nlong cpp = __cplusplus;\n#else\nlong c = __STDC_VERSION__;\n#endif\n'
    + '#if defined __GNUG__ && !defined __STDC_VERSION__\nint gnug;\n#endif\n';
  const read = (r: Preprocessed) => [r.text.split('\n').filter(l => l.trim()), [...r.constants]];
  assert.deepEqual(read(preprocess(source, { cplusplus: true })),
    [['long cpp = __cplusplus;', 'int gnug;'], [['__cplusplus', '201703L']]]);
  assert.deepEqual(read(preprocess(source)), [['long c = __STDC_VERSION__;'], [['__STDC_VERSION__', '201710L']]]);
});

test('a system header\'s integer constants are defined from its #include on, for the #ifs after it (BOTS\'s uts tests UCHAR_MAX == 255u); C++\'s <climits> gives <limits.h>\'s', () => {
  const source = '#ifdef PATH_MAX\nint before;\n#endif\n#include <limits.h>\n'
    + '#if UCHAR_MAX == 255u && defined(PATH_MAX)\nint m = INT_MAX;\n#else\n#error no\n#endif\n';
  const r = preprocess(source);
  assert.equal(r.text, '               \n           \n      \n#include <limits.h>\n'
    + '                                          \nint m = INT_MAX;\n     \n         \n      \n');
  // Only what the file uses is one of its constants.
  assert.deepEqual([[...r.constants], r.uses, diags(r)], [[['INT_MAX', '2147483647']], [], []]);
  const cpp = preprocess('#include <climits>\n#if CHAR_BIT != 8\n#error bits\n#endif\nint x;\n', { cplusplus: true });
  assert.deepEqual([cpp.text, diags(cpp)], ['#include <climits>\n                 \n           \n      \nint x;\n', []]);
});

test("a system header's other macros are defined from its #include on for #ifdef and defined(), and kept as names (meschach's #ifndef HUGE_VAL after <math.h>)", () => {
  const source = '#ifdef M_PI\nint before;\n#endif\n#include <math.h>\n#include <stdio.h>\n'
    + '#ifndef HUGE_VAL\n#define HUGE_VAL HUGE\n#endif\n'
    + '#if defined(M_PI) && defined(isnan) && defined NULL\ndouble tiny = 10.0 / HUGE_VAL + M_PI;\n#else\n#error no\n#endif\n'
    + '#undef M_PI\n#ifdef M_PI\n#error undefined\n#endif\nint f(void) { return isnan(tiny) || stdout == NULL; }\n';
  const r = preprocess(source);
  const blank = (line: string) => line.replace(/./g, ' ');
  const lines = source.split('\n');
  assert.equal(r.text, [
    blank(lines[0]), blank(lines[1]), blank(lines[2]), lines[3], lines[4],
    blank(lines[5]), blank(lines[6]), blank(lines[7]),
    blank(lines[8]), lines[9], blank(lines[10]), blank(lines[11]), blank(lines[12]),
    lines[13], blank(lines[14]), blank(lines[15]), blank(lines[16]), lines[17], '',
  ].join('\n'));
  // No expansion, no constant, no macro of the file's: the names stand as the header's tables know them.
  const headers = ['M_PI', 'HUGE_VAL', 'isnan', 'NULL', 'stdout'];
  assert.deepEqual([r.uses, [...r.constants], headers.filter(n => r.macros.has(n)), diags(r)], [[], [], [], []]);
});

test('#include "omp.h" found nowhere beside the file is the system\'s, as gcc\'s search falls back to it; a program\'s own missing header is still an error', () => {
  const r = preprocess('#include "omp.h"\n#include "mine.h"\n#if __has_include("stdio.h")\nint yes;\n#endif\n', { fileName: '/p/a.c', files: table({}) });
  assert.deepEqual(r.includes.map(i => [i.spelled, i.known ?? null]), [['omp.h', 'omp.h'], ['mine.h', null]]);
  assert.deepEqual(diags(r), [['MF110', "'mine.h' file not found (searched /p)", '#include "mine.h"']]);
  assert.match(r.text, /\nint yes;\n/);
});
