"use strict";
// Context selectors resolved for a CPU host read as by gcc (OpenMP 5.2 §7): each selector kind chooses
// the variant gcc 12 would (checked on `declare variant`, which gcc 12 implements; it ignores
// `metadirective`, so there the variants compute the same), each unknown selector is refused at
// the selector, and every translated program prints what the original prints at 1, 2 and 4 threads.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const index_1 = require("../../server/src/translate/index");
const gcc_1 = require("../differential/gcc");
const run_1 = require("./run");
const fs = __importStar(require("fs"));
const METADIRECTIVES = [
    '#include <stdio.h>',
    '',
    'static long sum(int n, const int *a) {',
    '  long s = 0;',
    '#pragma omp metadirective when(user = {condition(n > 100)} : parallel for reduction(+ : s)) \\',
    '    when(user = {condition(n > 10)} : parallel for reduction(+ : s) num_threads(2)) otherwise(nothing)',
    '  for (int i = 0; i < n; i++) s += a[i];',
    '  return s;',
    '}',
    '',
    'int main(void) {',
    '  int a[200];',
    '  long t = 0, u = 0, v = 0, w = 0, x = 0;',
    '  for (int i = 0; i < 200; i++) a[i] = i % 7;',
    '#pragma omp metadirective when(device = {kind(gpu)} : parallel for reduction(+ : t)) \\',
    '    when(device = {kind(host), arch(x86_64)} : parallel for reduction(+ : t) num_threads(2)) otherwise(nothing)',
    '  for (int i = 0; i < 200; i++) t += a[i];',
    '#pragma omp metadirective when(implementation = {vendor(llvm)} : parallel for reduction(+ : u)) \\',
    '    otherwise(parallel for reduction(+ : u) num_threads(3))',
    '  for (int i = 0; i < 200; i++) u += a[i] * 2;',
    '#pragma omp metadirective when(implementation = {vendor(gnu)} : parallel for reduction(+ : v)) \\',
    '    when(device = {isa(sse2)} : parallel for reduction(+ : v) num_threads(2))',
    '  for (int i = 0; i < 200; i++) v += a[i] * 3;',
    '#pragma omp metadirective when(device = {isa(avx512f)} : parallel for) \\',
    '    when(user = {condition(score(10) : 1)} : parallel for reduction(+ : w) num_threads(4)) default(nothing)',
    '  for (int i = 0; i < 200; i++) w += a[i] * 4;',
    '#pragma omp parallel for reduction(+ : x) num_threads(4)',
    '  for (int k = 0; k < 8; k++) {',
    '#pragma omp metadirective when(construct = {for, parallel} : critical) when(construct = {parallel, for} : nothing)',
    '    x += a[k * 10] * k;',
    '  }',
    '  printf("%ld %ld %ld %ld %ld %ld %ld %ld\\n", sum(5, a), sum(50, a), sum(200, a), t, u, v, w, x);',
    '  return 0;',
    '}',
    ''
].join('\n');
const METADIRECTIVES_MF = [
    '#include <stdio.h>',
    '',
    'static long sum(int n, const int *a) {',
    '  long s = 0;',
    '  if (n > 100) {',
    '    meta_for reduction(+ : s) (int i = 0; i < n; i++) s += a[i];',
    '  } else if (n > 10) {',
    '    meta_set_nworkers(2);',
    '    meta_for reduction(+ : s) (int i = 0; i < n; i++) s += a[i];',
    '  } else {',
    '    for (int i = 0; i < n; i++) s += a[i];',
    '  }',
    '  return s;',
    '}',
    '',
    'int main(void) {',
    '  int a[200];',
    '  long t = 0, u = 0, v = 0, w = 0, x = 0;',
    '  for (int i = 0; i < 200; i++) a[i] = i % 7;',
    '  meta_set_nworkers(2);',
    '  meta_for reduction(+ : t) (int i = 0; i < 200; i++) t += a[i];',
    '  meta_set_nworkers(3);',
    '  meta_for reduction(+ : u) (int i = 0; i < 200; i++) u += a[i] * 2;',
    '  meta_set_nworkers(2);',
    '  meta_for reduction(+ : v) (int i = 0; i < 200; i++) v += a[i] * 3;',
    '  meta_set_nworkers(4);',
    '  meta_for reduction(+ : w) (int i = 0; i < 200; i++) w += a[i] * 4;',
    '  meta_set_nworkers(4);',
    '  meta_for reduction(+ : x) (int k = 0; k < 8; k++) {',
    '    x += a[k * 10] * k;',
    '  }',
    '  printf("%ld %ld %ld %ld %ld %ld %ld %ld\\n", sum(5, a), sum(50, a), sum(200, a), t, u, v, w, x);',
    '  return 0;',
    '}',
    ''
].join('\n');
const DECLARED = [
    '#include <stdio.h>',
    '',
    'int twice_gnu(int v) { return v + v + 10000; }',
    'int twice_gpu(int v) { return 2 * v + 1000; }',
    'int thrice_par(int v) { return 3 * v + 100; }',
    '',
    '#pragma omp declare variant(twice_gnu) match(implementation = {vendor(gnu)})',
    'int twice(int v);',
    '#pragma omp declare variant(twice_gpu) match(device = {kind(gpu)})',
    'int twice(int v) { return 2 * v; }',
    '#pragma omp declare variant(thrice_par) match(construct = {parallel, for})',
    'int thrice(int v) { return 3 * v; }',
    '',
    'int main(void) {',
    '  int r[8], q[8];',
    '#pragma omp parallel for num_threads(4)',
    '  for (int i = 0; i < 8; i++) { r[i] = thrice(i); q[i] = twice(i); }',
    '#pragma omp parallel num_threads(2)',
    '  {',
    '#pragma omp single',
    '    r[0] += thrice(1);',
    '  }',
    '  long s = 0;',
    '  for (int i = 0; i < 8; i++) s += r[i] + q[i];',
    '  printf("%ld %d %d\\n", s, thrice(5), twice(7));',
    '  return 0;',
    '}',
    ''
].join('\n');
const DECLARED_MF = [
    '#include <stdio.h>',
    '',
    'int twice_gnu(int v) { return v + v + 10000; }',
    'int twice_gpu(int v) { return 2 * v + 1000; }',
    'int thrice_par(int v) { return 3 * v + 100; }',
    '',
    'int twice(int v);',
    'int twice(int v) { return 2 * v; }',
    'int thrice(int v) { return 3 * v; }',
    '',
    'int main(void) {',
    '  int r[8], q[8];',
    '  meta_set_nworkers(4);',
    '  meta_for (int i = 0; i < 8; i++) { r[i] = thrice_par(i); q[i] = twice_gnu(i); }',
    '  meta_set_nworkers(2);',
    '  r[0] += thrice(1);',
    '  long s = 0;',
    '  for (int i = 0; i < 8; i++) s += r[i] + q[i];',
    '  printf("%ld %d %d\\n", s, thrice(5), twice_gnu(7));',
    '  return 0;',
    '}',
    ''
].join('\n');
const BLOCKS = [
    'int half(int v) { return v / 2; }',
    '',
    '#pragma omp begin declare variant match(device = {kind(host)})',
    'int quarter(int v) { return v / 4; }',
    '#pragma omp end declare variant',
    '#pragma omp begin declare variant match(device = {arch(nvptx)})',
    'int quarter_gpu(int v) { return v / 4 + 1000; }',
    '#pragma omp end declare variant',
    '',
    'int main(void) { return half(quarter(8)) - 1; }',
    ''
].join('\n');
/** The note on a num_threads(n) clause whose worker count outlives its region. */
const workers = (n) => `'num_threads(${n})' became 'meta_set_nworkers(${n})', which holds for the rest of the program, not this region ` +
    `alone: the file's other parallel code runs with as many workers once this has run`;
/** The whole metadirective of METADIRECTIVES (its continued lines too) that holds `needle`. */
/** `directive` and the line after it (the statement it governs). */
function withStatement(directive) {
    const start = METADIRECTIVES.indexOf(directive);
    return METADIRECTIVES.slice(start, METADIRECTIVES.indexOf('\n', start + directive.length + 1));
}
function metadirectiveHolding(needle) {
    const start = METADIRECTIVES.lastIndexOf('#pragma omp metadirective', METADIRECTIVES.indexOf(needle));
    let end = METADIRECTIVES.indexOf('\n', start);
    while (METADIRECTIVES[end - 1] === '\\')
        end = METADIRECTIVES.indexOf('\n', end + 1);
    return METADIRECTIVES.slice(start, end);
}
/** The translation's findings as [code, the text at their span, message]. */
function findings(source, r) {
    return r.diagnostics.map(d => [d.code, source.slice(d.start, d.end), d.message]);
}
(0, node_test_1.test)('metadirective: each selector kind and score picks its variant; run-time conditions make an if chain', async (t) => {
    const r = await (0, index_1.translateText)(METADIRECTIVES, 'metafork', { fileName: 'meta.c' });
    strict_1.default.equal(r.text, METADIRECTIVES_MF);
    strict_1.default.deepEqual(findings(METADIRECTIVES, r), [
        ['MF604', 'metadirective', `metadirective: 'nothing' chosen, 'construct = {parallel, for}' matches here (score 4)`],
        ['MF604', 'metadirective',
            `metadirective: 'parallel for reduction(+ : w) num_threads(4)' chosen, 'user = {condition(score(10) : 1)}' ` +
                `matches here (score 11)`],
        ['MF604', 'metadirective',
            `metadirective: 'parallel for reduction(+ : v) num_threads(2)' chosen, 'device = {isa(sse2)}' matches here ` +
                `(score 5)`],
        ['MF604', 'metadirective', `metadirective: 'parallel for reduction(+ : u) num_threads(3)' chosen, no 'when' ` +
                `matches here`],
        ['MF604', 'metadirective',
            `metadirective: 'parallel for reduction(+ : t) num_threads(2)' chosen, 'device = {kind(host), arch(x86_64)}' ` +
                `matches here (score 4)`],
        ['MF604', 'metadirective',
            `metadirective: 'parallel for reduction(+ : s)' if n > 100, 'parallel for reduction(+ : s) num_threads(2)' if ` +
                `n > 10, 'nothing' otherwise`],
        // Each chosen num_threads sets the workers of the later regions too (the first one's clause is
        // in the if chain the translation wrote for the metadirective and its loop; the others' in the
        // metadirective chosen from).
        ['MF604', withStatement(metadirectiveHolding('condition(n > 100)')), workers(2)],
        ['MF604', metadirectiveHolding('arch(x86_64)'), workers(2)],
        ['MF604', metadirectiveHolding('vendor(llvm)'), workers(3)],
        ['MF604', metadirectiveHolding('isa(sse2)'), workers(2)],
        ['MF604', metadirectiveHolding('isa(avx512f)'), workers(4)],
        ['MF604', 'num_threads(4)', workers(4)],
    ]);
    const work = (0, run_1.workDir)('mf-variants-');
    t.after(() => fs.rmSync(work, { recursive: true, force: true }));
    await (0, gcc_1.proveOpenmpProgram)(METADIRECTIVES, 'meta', work);
});
(0, node_test_1.test)('declare variant: calls become calls of the variant where the selector matches, as gcc chooses', async (t) => {
    const r = await (0, index_1.translateText)(DECLARED, 'metafork', { fileName: 'declared.c' });
    strict_1.default.equal(r.text, DECLARED_MF);
    strict_1.default.deepEqual(findings(DECLARED, r), [
        ['MF604', 'declare variant', `declare variant: 2 calls of 'twice' where 'implementation = {vendor(gnu)}' ` +
                `matches now call 'twice_gnu'`],
        ['MF604', 'declare variant',
            `declare variant: 'device = {kind(gpu)}' chooses 'twice_gpu' for no call of 'twice' here: dropped`],
        ['MF604', 'declare variant', `declare variant: 1 call of 'thrice' where 'construct = {parallel, for}' matches ` +
                `now calls 'thrice_par'`],
        ['MF604', 'num_threads(4)', workers(4)],
        ['MF604', 'num_threads(2)', workers(2)],
    ]);
    const work = (0, run_1.workDir)('mf-variants-');
    t.after(() => fs.rmSync(work, { recursive: true, force: true }));
    // gcc applies these variants itself: the original's output shows which it chose.
    await (0, gcc_1.proveOpenmpProgram)(DECLARED, 'declared', work);
});
// gcc 12 does not know `begin declare variant` (an error at `end declare variant`): text only.
(0, node_test_1.test)('begin declare variant: the block is kept where its selector matches, removed where it never does', async () => {
    const r = await (0, index_1.translateText)(BLOCKS, 'metafork', { fileName: 'blocks.c' });
    strict_1.default.equal(r.text, [
        'int half(int v) { return v / 2; }',
        '',
        'int quarter(int v) { return v / 4; }',
        '',
        'int main(void) { return half(quarter(8)) - 1; }',
        '',
    ].join('\n'));
    strict_1.default.deepEqual(findings(BLOCKS, r), [
        ['MF604', 'begin declare variant', `begin declare variant: 'device = {kind(host)}' matches here: its functions ` +
                `are kept`],
        ['MF604', 'begin declare variant', `begin declare variant: 'device = {arch(nvptx)}' never matches here: the ` +
                `block is removed`],
    ]);
});
const refusals = [
    ['device = {device_num(0)}', 'device_num(0)', `the context selector 'device={device_num(0)}' is not known here`],
    ['implementation = {extension(match_any)}', 'extension(match_any)',
        `the context selector 'implementation={extension(match_any)}' is not known here`],
    ['target_device = {kind(gpu)}', 'kind(gpu)', `the context selector 'target_device={kind(gpu)}' is not known here`],
    ['device = {kind(dsp)}', 'kind(dsp)', `the context selector 'device={kind(dsp)}' is not known here`],
    ['construct = {task}', 'task', `the context selector 'construct={task}' is not known here`],
];
for (const [selector, at, why] of refusals) {
    (0, node_test_1.test)(`an unknown selector is refused at the selector: ${selector}`, async () => {
        const source = [
            '#include <stdio.h>',
            'int main(void) {',
            '  int n = 5;',
            `#pragma omp metadirective when(${selector} : parallel) otherwise(nothing)`,
            '  { printf("%d\\n", n); }',
            '  return 0;',
            '}',
            '',
        ].join('\n');
        const r = await (0, index_1.translateText)(source, 'metafork', { fileName: 'unknown.c' });
        strict_1.default.equal(r.text, undefined);
        strict_1.default.deepEqual(findings(source, r), [['MF601', at, `'#pragma omp metadirective' cannot be translated: ${why}`]]);
        strict_1.default.deepEqual(r.diagnostics[0].data, { construct: 'metadirective', target: 'metafork' });
    });
}
(0, node_test_1.test)('declare variant with a run-time condition is refused at its selector', async () => {
    const source = [
        'int g(int v) { return v; }',
        '#pragma omp declare variant(g) match(user = {condition(v > 1)})',
        'int f(int v) { return v; }',
        'int main(void) { return f(2) - 2; }',
        '',
    ].join('\n');
    const r = await (0, index_1.translateText)(source, 'metafork', { fileName: 'runtime.c' });
    strict_1.default.equal(r.text, undefined);
    strict_1.default.deepEqual(findings(source, r), [
        ['MF601', 'user = {condition(v > 1)}', `'declare variant' with a condition known only at run time cannot be ` +
                `resolved`],
    ]);
});
// gcc 12 ignores `begin metadirective` (an unknown pragma), so these are checked as text only.
(0, node_test_1.test)('begin metadirective: the chosen directive governs the code up to end metadirective', async () => {
    const source = [
        'int main(void) {',
        '  int s = 0, t = 0;',
        '#pragma omp begin metadirective when(device = {kind(host)} : parallel for reduction(+ : s))',
        '  for (int i = 0; i < 10; i++) s += i;',
        '#pragma omp end metadirective',
        '#pragma omp begin metadirective when(device = {kind(fpga)} : parallel) otherwise(single)',
        '  t += s;',
        '#pragma omp end metadirective',
        '#pragma omp begin metadirective when(device = {kind(nohost)} : parallel)',
        '  t += 1;',
        '#pragma omp end metadirective',
        '  return t - 46;',
        '}',
        '',
    ].join('\n');
    const r = await (0, index_1.translateText)(source, 'metafork', { fileName: 'begin.c' });
    strict_1.default.equal(r.text, [
        'int main(void) {',
        '  int s = 0, t = 0;',
        '  meta_for reduction(+ : s) (int i = 0; i < 10; i++) s += i;',
        '  {',
        '  t += s;',
        '  }',
        '  t += 1;',
        '  return t - 46;',
        '}',
        '',
    ].join('\n'));
    strict_1.default.deepEqual(findings(source, r), [
        ['MF604', 'begin metadirective', `begin metadirective: 'parallel for reduction(+ : s)' chosen, 'device = ` +
                `{kind(host)}' matches here (score 2)`],
        ['MF604', 'begin metadirective', `begin metadirective: 'single' chosen, no 'when' matches here`],
        ['MF604', 'begin metadirective', `begin metadirective: 'nothing' chosen, no variant matches here`],
    ]);
});
(0, node_test_1.test)('refused: begin metadirective on a run-time condition, a begin declare variant redefining its base', async () => {
    const dynamic = [
        'int main(int argc, char **argv) {',
        '  int s = 0;',
        '#pragma omp begin metadirective when(user = {condition(argc > 1)} : parallel)',
        '  s += 1;',
        '#pragma omp end metadirective',
        '  return s - 1;',
        '}',
        '',
    ].join('\n');
    const r = await (0, index_1.translateText)(dynamic, 'metafork', { fileName: 'dynamic.c' });
    strict_1.default.equal(r.text, undefined);
    strict_1.default.deepEqual(findings(dynamic, r), [['MF601', 'begin metadirective',
            `'begin metadirective' with a condition known only at run time cannot be resolved: use 'metadirective' on one ` +
                `statement`]]);
    const redefined = [
        'int half(int v) { return v / 2; }',
        '#pragma omp begin declare variant match(device = {kind(cpu)})',
        'int half(int v) { return v >> 1; }',
        '#pragma omp end declare variant',
        'int main(void) { return half(2) - 1; }',
        '',
    ].join('\n');
    const s = await (0, index_1.translateText)(redefined, 'metafork', { fileName: 'redefined.c' });
    strict_1.default.equal(s.text, undefined);
    strict_1.default.deepEqual(findings(redefined, s), [['MF601', 'half',
            `'half' in a 'begin declare variant' block replaces the function of that name declared before it: not supported`]]);
});
(0, node_test_1.test)('stacked declare variants: each call gets the matching variant of the highest score, as gcc chooses', async (t) => {
    const source = [
        '#include <stdio.h>',
        'int f_gnu(int v) { return v + 1000; }',
        'int f_par(int v) { return v + 100; }',
        'int g_par(int v) { return v + 10; }',
        '#pragma omp declare variant(f_par) match(construct = {parallel})',
        '#pragma omp declare variant(f_gnu) match(implementation = {vendor(score(5) : gnu)})',
        'int f(int v) { return v; }',
        '#pragma omp declare variant(g_par) match(construct = {parallel})',
        '#pragma omp declare variant(f_gnu) match(implementation = {vendor(gnu)})',
        'int g(int v) { return v; }',
        'int main(void) {',
        '  int s = 0;',
        '#pragma omp parallel for reduction(+ : s) num_threads(2)',
        '  for (int i = 0; i < 4; i++) s += f(i) + g(i);',
        '  printf("%d %d %d\\n", s, f(1), g(1));',
        '  return 0;',
        '}',
        '',
    ].join('\n');
    const r = await (0, index_1.translateText)(source, 'metafork', { fileName: 'stacked.c' });
    strict_1.default.equal(r.text, [
        '#include <stdio.h>',
        'int f_gnu(int v) { return v + 1000; }',
        'int f_par(int v) { return v + 100; }',
        'int g_par(int v) { return v + 10; }',
        'int f(int v) { return v; }',
        'int g(int v) { return v; }',
        'int main(void) {',
        '  int s = 0;',
        '  meta_set_nworkers(2);',
        '  meta_for reduction(+ : s) (int i = 0; i < 4; i++) s += f_gnu(i) + g_par(i);',
        '  printf("%d %d %d\\n", s, f_gnu(1), f_gnu(1));',
        '  return 0;',
        '}',
        '',
    ].join('\n'));
    strict_1.default.deepEqual(findings(source, r).map(f => f[2]), [
        `declare variant: 'construct = {parallel}' chooses 'f_par' for no call of 'f' here: dropped`,
        `declare variant: 2 calls of 'f' where 'implementation = {vendor(score(5) : gnu)}' matches now call 'f_gnu'`,
        `declare variant: 1 call of 'g' where 'construct = {parallel}' matches now calls 'g_par'`,
        `declare variant: 1 call of 'g' where 'implementation = {vendor(gnu)}' matches now calls 'f_gnu'`,
    ]);
    const work = (0, run_1.workDir)('mf-variants-');
    t.after(() => fs.rmSync(work, { recursive: true, force: true }));
    await (0, gcc_1.proveOpenmpProgram)(source, 'stacked', work);
});
(0, node_test_1.test)('a construct selector inside another metadirective is refused: that one is not chosen yet', async () => {
    const source = [
        'int main(void) {',
        '  int s = 0;',
        '#pragma omp metadirective when(device = {kind(host)} : parallel num_threads(2)) otherwise(nothing)',
        '  {',
        '#pragma omp metadirective when(construct = {parallel} : single) otherwise(nothing)',
        '    s += 1;',
        '  }',
        '  return s - 1;',
        '}',
        '',
    ].join('\n');
    const r = await (0, index_1.translateText)(source, 'metafork', { fileName: 'nested.c' });
    strict_1.default.equal(r.text, undefined);
    strict_1.default.deepEqual(findings(source, r).filter(f => f[0] === 'MF601'), [['MF601', 'parallel',
            `'#pragma omp metadirective' cannot be translated: the construct selector 'parallel' is inside another ` +
                `metadirective, whose directive is not chosen yet: resolve that one by hand`]]);
});
(0, node_test_1.test)('a metadirective decided at run time is refused where its statement cannot be copied into each branch', async () => {
    const source = [
        'int main(int argc, char **argv) {',
        '  int s = 0;',
        '#pragma omp metadirective when(user = {condition(argc > 1)} : parallel for reduction(+ : s))',
        '  for (int i = 0; i < 4; i++) {',
        '    static int calls;',
        '    s += ++calls > 0;',
        '  }',
        '  return s - 4;',
        '}',
        '',
    ].join('\n');
    const r = await (0, index_1.translateText)(source, 'metafork', { fileName: 'copied.c' });
    strict_1.default.equal(r.text, undefined);
    strict_1.default.deepEqual(findings(source, r), [['MF601', 'metadirective',
            `a metadirective decided at run time copies its statement into each branch; the static variable 'calls' in it ` +
                `cannot be copied`]]);
});
//# sourceMappingURL=variants.test.js.map