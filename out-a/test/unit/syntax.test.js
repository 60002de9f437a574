"use strict";
// The keyword layer and the pragma parser.
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
const web_tree_sitter_1 = require("web-tree-sitter");
const strict_1 = __importDefault(require("node:assert/strict"));
const keywords_1 = require("../../server/src/syntax/keywords");
const pragma_1 = require("../../server/src/syntax/pragma");
const openmp_1 = require("../../server/src/syntax/openmp");
const index_1 = require("../../server/src/checks/index");
const helpers_1 = require("../helpers");
const includes_1 = require("../../server/src/syntax/includes");
const index_2 = require("../../server/src/cuda/index");
const parser_1 = require("../../server/src/syntax/parser");
const edits_1 = require("../../server/src/base/edits");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
(0, node_test_1.test)('masking keeps every offset and newline, and yields a tree with no error', async () => {
    const text = 'int f(int *a, int n) {\n  int x, s = 0;\n  x = meta_fork g(n);\n  meta_fork shared(s,\n    x) { s = x; }\n  meta_for (int i = 0; i < n; i++) a[i] = 0;\n  cilk_for (int i = 0; i < n; i++) a[i] = 1;\n  meta_join;\n  _Cilk_sync;\n  meta_schedule cache(a) { }\n  return s; /* meta_fork in a comment */\n}\n';
    const layer = (0, keywords_1.scanKeywords)(text);
    strict_1.default.equal(layer.masked.length, text.length);
    strict_1.default.deepEqual([...layer.masked].map((c, i) => c === '\n' ? i : -1).filter(i => i >= 0), [...text].map((c, i) => c === '\n' ? i : -1).filter(i => i >= 0));
    strict_1.default.deepEqual(layer.keywords.map(k => k.spelling), ['meta_fork', 'meta_fork', 'meta_for', 'cilk_for', 'meta_join', '_Cilk_sync', 'meta_schedule']);
    const shared = layer.keywords[1].clauses[0];
    strict_1.default.deepEqual(shared.items.map(i => [i.name, text.slice(i.start, i.end)]), [['s', 's'], ['x', 'x']]);
    strict_1.default.equal(layer.keywords[6].clauses[0].name, 'cache');
    const syntax = await (0, index_1.parseText)(text, 'a.mfc');
    strict_1.default.equal(syntax.tree.rootNode.hasError, false);
});
(0, node_test_1.test)('keywords inside strings, comments and other identifiers are not keywords', () => {
    const layer = (0, keywords_1.scanKeywords)('char *s = "meta_fork"; // cilk_spawn\nint my_meta_for = 1; /* meta_join; */ char c = \'m\';\n#define SPAWN cilk_spawn\n');
    strict_1.default.deepEqual(layer.keywords, []);
});
(0, node_test_1.test)('meta_pipe becomes a while or a for loop for the parser', () => {
    strict_1.default.match((0, keywords_1.scanKeywords)('meta_pipe(k < n) { }').masked, /^while {4}\(k < n\)/);
    strict_1.default.match((0, keywords_1.scanKeywords)('meta_pipe(int i = 0; i < n; i++) { }').masked, /^for {6}\(/);
});
(0, node_test_1.test)('#pragma mf fork takes shared(...) clauses from the next line (thesis quirk)', () => {
    const text = '#pragma mf fork\nshared(x, y)\nx = f();\n';
    const layer = (0, keywords_1.scanKeywords)(text);
    const d = (0, pragma_1.parsePragma)(layer.pragmas[0]);
    strict_1.default.equal(d.name, 'fork');
    strict_1.default.deepEqual(d.clauses.map(c => [c.name, c.items.map(i => i.name)]), [['shared', ['x', 'y']]]);
    strict_1.default.equal(layer.masked, '#pragma mf fork\n            \nx = f();\n');
});
(0, node_test_1.test)('OpenMP 5.2: every directive and clause is known', () => {
    strict_1.default.equal(openmp_1.OMP_DIRECTIVES.size, 92);
    for (const c of ['if', 'num_threads', 'default', 'private', 'firstprivate', 'shared', 'copyin', 'reduction', 'proc_bind', 'lastprivate', 'linear', 'schedule', 'collapse', 'ordered', 'nowait', 'safelen', 'simdlen', 'aligned', 'uniform', 'inbranch', 'notinbranch', 'final', 'untied', 'mergeable', 'depend', 'priority', 'grainsize', 'num_tasks', 'nogroup', 'device', 'map', 'is_device_ptr', 'use_device_ptr', 'defaultmap', 'to', 'from', 'link', 'num_teams', 'thread_limit', 'dist_schedule', 'copyprivate', 'threads', 'simd', 'hint', 'read', 'write', 'update', 'capture', 'seq_cst',
        // OpenMP 5.0-5.2
        'acq_rel', 'acquire', 'release', 'relaxed', 'compare', 'fail', 'weak', 'order', 'nontemporal', 'allocate', 'affinity', 'detach', 'in_reduction', 'task_reduction', 'bind', 'filter', 'inclusive', 'exclusive', 'when', 'otherwise', 'match', 'adjust_args', 'append_args', 'enter', 'indirect', 'device_type', 'at', 'severity', 'message', 'reverse_offload', 'unified_address', 'unified_shared_memory', 'atomic_default_mem_order', 'dynamic_allocators', 'full', 'partial', 'sizes', 'absent', 'contains', 'holds', 'no_openmp', 'no_openmp_routines', 'no_parallelism', 'allocator', 'align', 'init', 'destroy', 'use', 'novariants', 'nocontext', 'has_device_addr', 'use_device_addr', 'uses_allocators', 'doacross', 'initializer']) {
        strict_1.default.ok(openmp_1.OMP_CLAUSES.has(c), c);
    }
});
(0, node_test_1.test)('OpenMP 5.2 clause modifiers: the last before the colon is the modifier, the others are kept', () => {
    const parse = (s) => (0, pragma_1.parsePragma)((0, keywords_1.scanKeywords)(s).pragmas[0]);
    const red = parse('#pragma omp for reduction(inscan, +: s) lastprivate(conditional: x)');
    strict_1.default.deepEqual(red.problems, []);
    strict_1.default.deepEqual(red.clauses.map(c => [c.modifier?.name, c.modifiers, c.items.map(i => i.name)]), [['+', ['inscan'], ['s']], ['conditional', undefined, ['x']]]);
    const map = parse('#pragma omp target map(always, close, tofrom: a[0:n]) depend(iterator(k = 0:n), in: b[k])');
    strict_1.default.deepEqual(map.clauses.map(c => [c.modifier?.name, c.modifiers, c.items.map(i => i.name)]), [['tofrom', ['always', 'close'], ['a']], ['in', ['iterator(k = 0:n)'], ['b']]]);
    strict_1.default.deepEqual(parse('#pragma omp simd linear(val(x): 1) linear(y, z: step(2))').clauses.map(c => c.items.map(i => i.name)), [['x'], ['y', 'z']]);
    strict_1.default.deepEqual(parse('#pragma omp ordered depend(source)').clauses[0].items, []);
    strict_1.default.equal(parse('#pragma omp ordered depend(sink: i - 1)').standalone, true);
    strict_1.default.equal(parse('#pragma omp ordered threads').standalone, false);
});
(0, node_test_1.test)('a metadirective parses its variants as directives and reports their problems', () => {
    const parse = (s) => (0, pragma_1.parsePragma)((0, keywords_1.scanKeywords)(s).pragmas[0]);
    const text = '#pragma omp metadirective when(device = {kind(gpu)}: target teams loop) otherwise(parallel for privte(x))';
    const d = parse(text);
    strict_1.default.deepEqual(d.clauses.map(c => c.variant?.name), ['target teams loop', 'parallel for']);
    strict_1.default.deepEqual(d.problems.map(p => [p.code, text.slice(p.span.start, p.span.end)]), [['MF202', 'privte']]);
    strict_1.default.equal(d.standalone, false);
    strict_1.default.equal(parse('#pragma omp metadirective when(user = {condition(1)}: barrier) default(nothing)').standalone, true);
});
(0, node_test_1.test)('OpenMP directives parse into name, clauses and list items with exact spans', () => {
    const line = '#pragma omp target teams distribute parallel for simd map(tofrom: a[0:n]) reduction(+: s, t) \\\n    collapse(2) private(i)';
    const layer = (0, keywords_1.scanKeywords)(line);
    const d = (0, pragma_1.parsePragma)(layer.pragmas[0]);
    strict_1.default.equal(d.name, 'target teams distribute parallel for simd');
    strict_1.default.deepEqual(d.problems, []);
    strict_1.default.deepEqual(d.clauses.map(c => c.name), ['map', 'reduction', 'collapse', 'private']);
    const red = d.clauses[1];
    strict_1.default.equal(red.modifier.name, '+');
    strict_1.default.deepEqual(red.items.map(i => line.slice(i.start, i.end)), ['s', 't']);
    strict_1.default.deepEqual(d.clauses[0].items.map(i => line.slice(i.start, i.end)), ['a']);
    strict_1.default.deepEqual({ start: d.clauses[3].items[0].start, end: d.clauses[3].items[0].end }, (0, helpers_1.spanOf)(line, 'i)', 1) && { start: line.lastIndexOf('i)'), end: line.lastIndexOf('i)') + 1 });
});
(0, node_test_1.test)('critical(name), flush(list), default(none), depend(in: x)', () => {
    const parse = (s) => (0, pragma_1.parsePragma)((0, keywords_1.scanKeywords)(s).pragmas[0]);
    strict_1.default.equal(parse('#pragma omp critical(lock1)').argument.text, 'lock1');
    strict_1.default.deepEqual(parse('#pragma omp flush(a, b)').argument.items.map(i => i.name), ['a', 'b']);
    strict_1.default.deepEqual(parse('#pragma omp parallel default(none) shared(a)').problems, []);
    const task = parse('#pragma omp task depend(in: x) depend(out: y[0:4])');
    strict_1.default.deepEqual(task.clauses.map(c => [c.modifier.name, c.items[0].name]), [['in', 'x'], ['out', 'y']]);
    strict_1.default.match(parse('#pragma omp parallel default(nonee)').problems[0].message, /did you mean 'none'/);
    strict_1.default.equal(parse('#pragma omp parallel nowait').problems[0].code, 'MF204');
});
(0, node_test_1.test)('lines added after the includes go after a conditional group, not into it (#ifdef __cilk ... #endif)', async () => {
    const text = '#include <stdio.h>\n#ifdef __cilk\n#include <cilk/cilk.h>\n#endif\nint x;\n';
    strict_1.default.equal((0, includes_1.afterIncludes)(text), text.indexOf('int x;'));
    strict_1.default.deepEqual((0, includes_1.includeLines)(text).map(l => [l.header, l.conditional]), [['stdio.h', false], ['cilk/cilk.h', true]]);
    strict_1.default.equal((0, includes_1.afterIncludes)('#include <a.h>\n#if X\n#define Y 1\n#endif\nint x;\n'), '#include <a.h>\n'.length);
    strict_1.default.equal((0, includes_1.afterIncludes)('int x;\n'), 0);
    // A header included only under a condition is added for good.
    const edit = (0, includes_1.includeEdit)('#ifdef A\n#include <stdlib.h>\n#endif\n', 'stdlib.h');
    strict_1.default.deepEqual(edit, { start: '#ifdef A\n#include <stdlib.h>\n#endif\n'.length, end: '#ifdef A\n#include <stdlib.h>\n#endif\n'.length, newText: '#include <stdlib.h>\n' });
    // The generated .cu defines its checked-call macro where the host code sees it.
    const cu = await (0, index_2.generateCuda)(`${text}void f(int n, float *a) {\n  int B = 32, dim = (n + B - 1) / B;\n  meta_schedule {\n    meta_for (int v = 0; v < dim; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int i = v * B + u;\n        if (i < n) a[i] = 0;\n      }\n  }\n}\n`, { fileName: 'c.mfc' });
    strict_1.default.ok(cu.text);
    strict_1.default.ok(cu.text.indexOf('#define mfCudaCheck') > cu.text.indexOf('#endif'), cu.text.slice(0, 400));
});
(0, node_test_1.test)('trees convert through the cursor\'s WASM calls to the very nodes the TreeCursor walk gives', async () => {
    const root = path.join(__dirname, '..', '..', '..', 'test', 'fixtures');
    const files = [];
    const visit = (dir) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
            const p = path.join(dir, e.name);
            if (e.isDirectory())
                visit(p);
            else if (/\.(c|h|mfc|cpp|mfcpp)$/.test(e.name))
                files.push(p);
        }
    };
    visit(root);
    // Broken input too: ERROR nodes (outside the type table) and MISSING ones.
    const texts = [
        ...files.map(f => ({ name: f, text: fs.readFileSync(f, 'utf8') })),
        { name: 'broken.c', text: 'int f(int n) {\n  int x = (n + ;\n  for (int i = 0; i < n i++) x += i\n  return x;\n}\nint g( { @@ }\n' },
        { name: 'missing.c', text: 'int f(void) { return 1 }\nstruct s { int a; \n' },
    ];
    const syntax0 = await (0, index_1.parseText)('int x;', 'a.c');
    syntax0.dispose();
    strict_1.default.equal((0, parser_1.convertsDirectly)(), true, 'web-tree-sitter 0.25.8 has the cursor calls');
    let nodes = 0;
    for (const { name, text } of texts) {
        const syntax = await (0, index_1.parseText)(text, name);
        for (const node of syntax.topLevelNodes()) {
            strict_1.default.deepEqual((0, parser_1.convert)(node, syntax.grammar), (0, parser_1.convertThroughCursor)(node, syntax.grammar), `${name} at ${node.startIndex}`);
            nodes++;
        }
        syntax.dispose();
    }
    strict_1.default.ok(files.length > 100 && nodes > 1000, `${files.length} files, ${nodes} items`);
});
/** A small deterministic generator (the tests below must fail the same way every time). */
function generator(seed) {
    let x = seed >>> 0;
    return n => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x % n; };
}
(0, node_test_1.test)('the edit distance on three rows equals the whole table\'s, swaps of adjacent letters one edit', () => {
    // The table in full, as the definition reads (optimal string alignment distance).
    const reference = (a, b) => {
        const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
        for (let i = 1; i <= a.length; i++)
            for (let j = 1; j <= b.length; j++) {
                d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
                if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
            }
        return d[a.length][b.length];
    };
    const next = generator(7);
    const word = () => Array.from({ length: next(8) }, () => 'abcs'[next(4)]).join('');
    for (let k = 0; k < 2000; k++) {
        const a = word(), b = word();
        strict_1.default.equal((0, keywords_1.editDistance)(a, b), reference(a, b), `${JSON.stringify(a)} ${JSON.stringify(b)}`);
    }
    strict_1.default.deepEqual([(0, keywords_1.editDistance)('frok', 'fork'), (0, keywords_1.editDistance)('', 'shared'), (0, keywords_1.editDistance)('shared', 'shared')], [1, 6, 0]);
    strict_1.default.equal((0, keywords_1.closest)('shraed', ['shared', 'cache']), 'shared');
    strict_1.default.equal((0, keywords_1.closest)('f', ['shared', 'cache']), undefined);
});
(0, node_test_1.test)('the common prefix and suffix of two texts, compared a block at a time, are the character-by-character ones', () => {
    const reference = (a, b) => {
        const shortest = Math.min(a.length, b.length);
        let prefix = 0;
        while (prefix < shortest && a[prefix] === b[prefix])
            prefix++;
        let suffix = 0;
        while (suffix < shortest - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix])
            suffix++;
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
        strict_1.default.deepEqual((0, edits_1.commonEnds)(base, b), reference(base, b));
        strict_1.default.deepEqual((0, edits_1.commonEnds)(b, base), reference(b, base));
    }
    strict_1.default.deepEqual((0, edits_1.commonEnds)('', 'abc'), { prefix: 0, suffix: 0 });
    strict_1.default.deepEqual((0, edits_1.commonEnds)('abab', 'ab'), { prefix: 2, suffix: 0 });
});
(0, node_test_1.test)("a translation stage's edits far apart, in a file whose macros expand to another length than their uses: re-parsed around the edits only, to the tree a fresh parse gives", async () => {
    const head = '#define SQUARE(x) ((x) * (x))\n#define TWICE(x) (2 * (x))\n';
    const fn = (i) => `int f${i}(int a) {\n  int s = SQUARE(a) + TWICE(a);\n  return s + ${i};\n}\n`;
    const text = head + Array.from({ length: 300 }, (_, i) => fn(i)).join('');
    const at = (s) => text.indexOf(s);
    // A stage's edits (of the user's text, sorted): every use before them expands longer than it is written.
    const edits = [
        { start: at('return s + 1;'), end: at('return s + 1;') + 6, newText: 'return -' },
        { start: at('int f150('), end: at('int f150('), newText: 'static ' },
        { start: at('return s + 299;') + 9, end: at('return s + 299;') + 10, newText: '-' },
    ];
    const edited = edits.reduceRight((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text);
    const before = await (0, index_1.parseText)(text, 'm.c');
    strict_1.default.notEqual(before.text.length, text.length, 'the macros expand to another length');
    before.tree;
    const parse = web_tree_sitter_1.Parser.prototype.parse;
    let read = 0;
    web_tree_sitter_1.Parser.prototype.parse = function (input, old, options) {
        const counted = typeof input === 'function' ? (i, p) => { const s = input(i, p); read += s?.length ?? 0; return s; } : input;
        return parse.call(this, counted, old, options);
    };
    let after;
    try {
        after = before.update(edited, edits, true);
    }
    finally {
        web_tree_sitter_1.Parser.prototype.parse = parse;
    }
    const fresh = await (0, index_1.parseText)(edited, 'm.c');
    strict_1.default.equal(after.tree.rootNode.toString(), fresh.tree.rootNode.toString());
    strict_1.default.equal(after.text, fresh.text);
    // Around each of the three edits, a piece of the text (the parser asks for 5,120 characters at a
    // time); all of it from the first edit to the last when the edits were placed at the user's offsets.
    strict_1.default.ok(read <= 4 * 5120, `${read} characters of ${after.text.length} read again`);
    for (const d of [before, after, fresh])
        d.dispose();
});
//# sourceMappingURL=syntax.test.js.map