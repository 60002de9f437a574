"use strict";
// Small C and MetaFork programs, valid or with one defect in names or calls, from a seed (the seed
// replays its program). Each program is a few features, each adding file-scope declarations and
// statements of `main`; a defect rewrites one feature. The defects gcc rejects for reasons the name
// check does not cover (a wrong member, an unknown type, a missing label, a call through a pointer
// with the wrong count) are marked `outside`.
Object.defineProperty(exports, "__esModule", { value: true });
exports.OUTSIDE = void 0;
exports.generateProgram = generateProgram;
const seeds_1 = require("../fuzz/seeds");
/** Defects gcc rejects for a reason MF120-MF122 do not check. A static function called
 * before its declaration is an implicit declaration the static definition then contradicts (C11 6.2.2p7);
 * MF121 does not look at where the file declares a function. */
exports.OUTSIDE = new Set(['wrong-member', 'undefined-label', 'pointer-count', 'called-before-definition']);
/** Each feature with the defects it can carry. */
const FEATURES = [
    { defects: ['too-many-arguments', 'too-few-arguments', 'misspelt-function'], add: (p, d) => {
            p.top.push('int helper(int a, int b) {\n  return a * b + a;\n}');
            const call = d === 'too-many-arguments' ? 'helper(total, 3, 4)' : d === 'too-few-arguments' ? 'helper(total)'
                : d === 'misspelt-function' ? 'helpr(total, 3)' : 'helper(total, 3)';
            p.body.push(`total += ${call};`);
        } },
    { defects: ['wrong-member'], add: (p, d) => {
            p.top.push('struct point {\n  int x;\n  int y;\n};');
            p.body.push('struct point pt = { 1, 2 };', `total += pt.x + ${d ? 'pt.z' : 'pt.y'};`);
        } },
    { defects: ['misspelt-enum'], add: (p, d) => {
            p.top.push('enum mode { MODE_A, MODE_B = 5 };');
            p.body.push(`total += ${d ? 'MODE_C' : 'MODE_B'} + MODE_A;`);
        } },
    { defects: ['undeclared-type'], add: (p, d) => {
            p.top.push('typedef double real;');
            p.body.push(`${d ? 'reel' : 'real'} v = 1.5;`, 'total += (int) v;');
        } },
    { defects: ['pointer-count'], add: (p, d) => {
            p.top.push('static int twice(int v) {\n  return 2 * v;\n}');
            p.body.push('int (*op)(int) = twice;', `total += op(${d ? '3, 4' : '3'});`);
        } },
    { defects: ['undefined-label'], add: (p, d) => {
            p.body.push(`if (total < 0) goto ${d ? 'finish' : 'done'};`);
            p.end.push('done:');
        } },
    { defects: [], add: p => {
            p.top.push('int later(int a);');
            p.body.push('total += later(2);');
            p.tail.push('int later(int a) {\n  return a + 1;\n}');
        } },
    { defects: ['variadic-without-format', 'missing-include-call'], add: (p, d) => {
            if (d !== 'missing-include-call')
                p.includes.add('stdio.h');
            p.end.push(d === 'variadic-without-format' ? 'printf();' : 'printf("%d\\n", total);');
        } },
    { defects: ['library-count', 'missing-include-macro', 'missing-include-call'], add: (p, d) => {
            if (!d?.startsWith('missing-include'))
                p.includes.add('math.h');
            const root = d === 'library-count' ? 'sqrt(2.0, 3.0)' : 'sqrt(2.0)';
            p.body.push(`double s = ${root}${d === 'missing-include-call' ? '' : ' * M_PI'};`, 'total += (int) s;');
        } },
    { defects: ['missing-include-macro'], add: (p, d) => {
            if (!d)
                p.includes.add('limits.h');
            p.body.push('if (total > INT_MAX - 10) total = 0;');
        } },
    { defects: ['missing-include-macro', 'missing-include-call'], add: (p, d) => {
            if (!d)
                p.includes.add('stdlib.h');
            p.body.push(d === 'missing-include-call' ? 'total += abs(-3);' : 'total += rand() % RAND_MAX;');
            if (d !== 'missing-include-call')
                p.end.push('if (total < 0) return EXIT_FAILURE;');
        } },
    { defects: ['missing-include-call'], add: (p, d) => {
            if (!d)
                p.includes.add('stdlib.h');
            p.body.push('int *buf = malloc(n * sizeof *buf);', 'buf[0] = n;', 'total += buf[0];', 'free(buf);');
        } },
    { defects: ['out-of-scope'], add: (p, d) => {
            p.body.push('{\n    int t = total * 2;\n    total = t;\n  }');
            if (d)
                p.body.push('total += t;');
        } },
    { defects: [], add: p => {
            p.body.push('int x = 1;', '{\n    int x = 2;\n    total += x;\n  }', 'total += x;');
        } },
    { defects: ['use-before-declaration'], add: (p, d) => {
            p.body.push(...(d ? ['count = 3;', 'int count;'] : ['int count;', 'count = 3;']), 'total += count;');
        } },
    { defects: ['undeclared-variable'], add: (p, d) => {
            p.body.push(`total += ${d ? 'missing_count' : 'n'};`);
        } },
    { defects: [], add: p => {
            p.top.push('#define SCALE 3\n#define SQUARE(v) ((v) * (v))');
            p.body.push('total = total * SCALE + SQUARE(2);');
        } },
    { defects: ['void-with-argument'], add: (p, d) => {
            p.top.push('static int counter = 0;\nstatic void bump(void) {\n  counter++;\n}');
            p.body.push(`bump(${d ? '1' : ''});`, 'total += counter;');
        } },
    { defects: [], add: p => {
            p.top.push('int old();');
            p.body.push('total += old(1, 2);');
            p.tail.push('int old(a, b)\n  int a, b;\n{\n  return a + b;\n}');
        } },
    { defects: [], add: p => {
            p.top.push('int sum(int count, ...);');
            p.body.push('total += sum(2, 3, 4);');
        } },
    { metafork: true, defects: ['undeclared-in-meta-for'], add: (p, d) => {
            p.top.push('static int work(int v) {\n  return v * v;\n}');
            p.body.push('int arr[8], a, b;', 'a = meta_fork work(3);', 'b = work(4);', 'meta_join;', `meta_for (int i = 0; i < 8; i++)\n    arr[i] = i * ${d ? 'scale' : 'n'};`, 'total += a + b + arr[3];');
        } },
    { defects: ['undeclared-in-omp-loop'], add: (p, d) => {
            p.includes.add('omp.h');
            const loop = `#pragma omp parallel for\n  for (int i = 0; i < 8; i++)\n    sq[i] = i * ${d ? 'width' : 'i'};`;
            p.body.push('int sq[8];', loop, 'total += sq[2] + omp_get_max_threads();');
        } },
    // What tree-sitter reads without knowing typedefs: a pointer to rows declared with a typedef.
    { defects: [], add: p => {
            p.includes.add('stdlib.h');
            p.top.push('typedef double elem_t;');
            p.body.push('elem_t (*grid)[4] = (elem_t (*)[4]) malloc(4 * sizeof *grid);', 'grid[1][2] = 3.0;', 'total += (int) grid[1][2];', 'free(grid);');
        } },
    { defects: [], add: p => {
            p.includes.add('stdarg.h');
            p.top.push('#define MEMBER(s, m) ((s).m)\nstruct pair { int first, second; };', 'static int firsts(int count, ...) {\n  va_list ap;\n  va_start(ap, count);\n  int s = 0;\n' +
                '  for (int i = 0; i < count; i++) {\n    struct pair q = { va_arg(ap, int), 0 };\n' +
                '    s += MEMBER(q, first);\n  }\n' +
                '  va_end(ap);\n  return s;\n}');
            p.body.push('struct pair pq = { .first = 1, .second = 2 };', 'total += firsts(1, pq.first);');
        } },
    { defects: ['called-before-definition'], add: (p, d) => {
            if (!d)
                p.top.push('static int cube(int v);');
            p.body.push('total += cube(2);');
            p.tail.push('static int cube(int v) {\n  return v * v * v;\n}');
        } },
    { defects: ['undeclared-in-initializer'], add: (p, d) => {
            const table = `static int table[ROWS][COLS] = { [1] = { ${d ? 'COLUMNS' : 'COLS'}, ROWS } };`;
            p.top.push('enum { ROWS = 2, COLS = 3 };', table);
            p.body.push('total += table[1][0];');
        } },
];
const DEFECTS = [...new Set(FEATURES.flatMap(f => f.defects))];
function generateProgram(seed) {
    const r = new seeds_1.Random(seed);
    const defect = r.chance(0.4) ? 'none' : r.pick(DEFECTS);
    const carriers = FEATURES.filter(f => f.defects.includes(defect));
    const chosen = new Set(FEATURES.filter(() => r.chance(0.3)));
    if (defect !== 'none')
        chosen.add(r.pick(carriers));
    if (chosen.size === 0)
        chosen.add(r.pick(FEATURES));
    const parts = { includes: new Set(), top: [], body: [], tail: [], end: [] };
    const metafork = [...chosen].some(f => f.metafork);
    let defectPlaced = false;
    for (const f of FEATURES) {
        if (!chosen.has(f))
            continue;
        const carries = !defectPlaced && f.defects.includes(defect);
        if (carries)
            defectPlaced = true;
        f.add(parts, carries ? defect : undefined);
    }
    const text = [
        ...[...parts.includes].sort().map(h => `#include <${h}>`),
        ...parts.top,
        'int main(void) {\n  int total = 0;\n  int n = 8;\n' + [...parts.body, ...parts.end, 'return total;'].map(s => s.endsWith(':') ? s : `  ${s}`).join('\n') + '\n}',
        ...parts.tail,
    ].join('\n') + '\n';
    return { seed, defect, file: metafork ? 'program.mfc' : 'program.c', text };
}
//# sourceMappingURL=names-generate.js.map