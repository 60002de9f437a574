"use strict";
// Every LSP feature of the server over a real JSON-RPC connection to the server process: quick
// fixes and translations applied and the resulting text asserted, hovers, symbols, code lenses,
// semantic tokens, the custom requests, cancellation, and bad requests answered with errors.
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
const fs = __importStar(require("fs"));
const node_1 = require("vscode-jsonrpc/node");
const helpers_1 = require("../helpers");
const generate_1 = require("../bench/generate");
const client_1 = require("./client");
const path = __importStar(require("path"));
const helpers_2 = require("../helpers");
const registers_1 = require("../../server/src/optimize/registers");
const run_1 = require("../translate/run");
const child_process_1 = require("child_process");
let client;
let counter = 0;
/** Fibonacci with OpenMP tasks outside any region of their function (fib) and the team in main. */
const FIB_OMP = [
    '#include <stdio.h>', '',
    'long fib(int n) {', '  long x, y;', '  if (n < 2) return n;', '  #pragma omp task shared(x)', '  x = fib(n - 1);', '  y = fib(n - 2);',
    '  #pragma omp taskwait', '  return x + y;', '}', '',
    'int main(void) {', '  long r = 0, s = 0;', '  #pragma omp parallel', '  {', '    #pragma omp single', '    {',
    '      #pragma omp task shared(r)', '      r = fib(24);', '      s = fib(23);', '      #pragma omp taskwait', '    }', '  }',
    '  printf("fib(24) = %ld, fib(23) = %ld\\n", r, s);', '  return 0;', '}', '',
].join('\n');
const fresh = (ext = 'mfc') => `file:///tmp/lsp-features/doc${++counter}.${ext}`;
(0, node_test_1.before)(async () => { client = (await client_1.TestClient.start()).client; });
(0, node_test_1.after)(async () => {
    await client.stop();
    strict_1.default.doesNotMatch(client.stderr.join(''), /Error|failed/, 'the server logged an error');
});
/** Edits of an action's workspace edit for `uri`. */
function editsOf(action, uri) {
    const e = action.edit;
    return e.documentChanges ? e.documentChanges.filter(d => d.textDocument.uri === uri).flatMap(d => d.edits) : e.changes[uri];
}
/** Waits for a `window/showMessage` after the `heard`-th (it may follow the response it goes with). */
async function waitForMessage(heard, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    while (client.messages.length <= heard && Date.now() < deadline)
        await new Promise(r => setTimeout(r, 20));
}
async function actionsAt(uri, offset, diagnostics = [], only) {
    const text = client.text(uri);
    const at = (0, client_1.position)(text, offset);
    return client.request('textDocument/codeAction', { textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics, ...(only ? { only } : {}) } });
}
/** Opens `text`, takes the quick fix titled `title` for the diagnostic `code`, applies it, and
 * returns the new text with the diagnostics published for it. */
async function applyFix(text, code, title, ext = 'mfc') {
    const uri = fresh(ext);
    const published = await client.open(uri, text, ext === 'mfc' ? 'metafork' : 'c');
    const d = published.diagnostics.find(x => x.code === code);
    strict_1.default.ok(d, `expected ${code} in ${JSON.stringify(published.diagnostics.map(x => x.code))}`);
    const actions = await client.request('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } });
    const action = actions.find(a => typeof title === 'string' ? a.title === title : title.test(a.title));
    strict_1.default.ok(action, `no fix '${title}' among ${JSON.stringify(actions.map(a => a.title))}`);
    strict_1.default.equal(action.kind, 'quickfix');
    const after = (0, client_1.applyLspEdits)(text, editsOf(action, uri));
    const version = await client.edit(uri, 0, text.length, after);
    const republished = await client.diagnostics(uri, version);
    return { text: after, diagnostics: republished.diagnostics };
}
const FIB = 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n  y = fib(n - 2);\n  return x + y;\n}\n';
(0, node_test_1.describe)('quick fixes', () => {
    (0, node_test_1.test)('MF314: meta_join inserted before the return', async () => {
        const r = await applyFix(FIB, 'MF314', "Insert 'meta_join;' before the return");
        strict_1.default.match(r.text, /y = fib\(n - 2\);\n  meta_join;\n  return x \+ y;/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF314: a return that is the whole body of an if gets braces', async () => {
        const text = 'long f(long n) {\n  long x;\n  x = meta_fork f(n - 1);\n  if (n > 5)\n    return x;\n  meta_join;\n  return 0;\n}\n';
        const r = await applyFix(text, 'MF314', "Insert 'meta_join;' before the return");
        strict_1.default.match(r.text, /if \(n > 5\)\n    \{ meta_join; return x; \}/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF314: a join at the end of a void function', async () => {
        const text = 'void g(int *a) {\n  meta_fork g(a + 1);\n  a[0] = 1;\n}\n';
        const r = await applyFix(text, 'MF314', "Insert 'meta_join;' at the end of the function");
        strict_1.default.equal(r.text, 'void g(int *a) {\n  meta_fork g(a + 1);\n  a[0] = 1;\n  meta_join;\n}\n');
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    // A cached diagnostic once kept the offset of its fix from before the edit.
    (0, node_test_1.test)('MF314 after three lines inserted above the function: the join lands before the return', async () => {
        const uri = fresh();
        await client.open(uri, FIB);
        const inserted = '// one\n// two\n// three\n';
        const version = await client.edit(uri, 0, 0, inserted);
        const { diagnostics } = await client.diagnostics(uri, version);
        const text = client.text(uri);
        const d = diagnostics.find(x => x.code === 'MF314');
        strict_1.default.ok(d, JSON.stringify(diagnostics));
        strict_1.default.equal(d.message, "'meta_fork fib(n - 1)' (line 7) can reach this return without a 'meta_join': meta_fork has no implicit join at return");
        const actions = await client.request('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } });
        const action = actions.find(a => a.title === "Insert 'meta_join;' before the return");
        strict_1.default.ok(action, JSON.stringify(actions.map(a => a.title)));
        strict_1.default.equal((0, client_1.applyLspEdits)(text, editsOf(action, uri)), inserted + FIB.replace('  return x + y;', '  meta_join;\n  return x + y;'));
    });
    (0, node_test_1.test)('MF402: shared(x) added to the block spawn', async () => {
        const text = 'int main() {\n  int x = 0;\n  meta_fork { x = 1; }\n  meta_join;\n  return x;\n}\n';
        const r = await applyFix(text, 'MF402', "Add 'shared(x)' to the spawn");
        strict_1.default.match(r.text, /meta_fork shared\(x\) \{ x = 1; \}/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF201: a misspelled OpenMP directive is corrected', async () => {
        const text = '#include <stdio.h>\nint main() {\n  int a[8];\n  #pragma omp paralel for\n  for (int i = 0; i < 8; i++) a[i] = i;\n  printf("%d\\n", a[7]);\n  return 0;\n}\n';
        const r = await applyFix(text, 'MF201', "Change 'paralel' to 'parallel'", 'c');
        strict_1.default.match(r.text, /#pragma omp parallel for\n/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF202: a misspelled clause is corrected', async () => {
        const text = 'int main() {\n  int a[8], s = 0;\n  #pragma omp parallel for reduktion(+: s)\n  for (int i = 0; i < 8; i++) s += i;\n  return s;\n}\n';
        const r = await applyFix(text, 'MF202', "Change 'reduktion' to 'reduction'", 'c');
        strict_1.default.match(r.text, /#pragma omp parallel for reduction\(\+: s\)/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF203: a misspelled clause keyword is corrected', async () => {
        const text = 'int main() {\n  int n = 0;\n  #pragma omp parallel default(shraed)\n  {\n    #pragma omp atomic\n    n++;\n  }\n  return n;\n}\n';
        const r = await applyFix(text, 'MF203', "Change 'shraed' to 'shared'", 'c');
        strict_1.default.match(r.text, /default\(shared\)\n/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF205: a misspelled MetaFork clause is corrected', async () => {
        const text = 'int main() {\n  int x = 0;\n  meta_fork sahred(x) { x = 1; }\n  meta_join;\n  return x;\n}\n';
        const r = await applyFix(text, 'MF205', "Change 'sahred' to 'shared'");
        strict_1.default.match(r.text, /meta_fork shared\(x\)/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF403: a race on an accumulator becomes a reduction (meta_for and OpenMP)', async () => {
        const mf = 'int main() {\n  int s = 0;\n  meta_for (int i = 0; i < 10; i++)\n    s += i;\n  return s;\n}\n';
        const r1 = await applyFix(mf, 'MF403', "Add 'reduction(+: s)' to 'meta_for'");
        strict_1.default.match(r1.text, /meta_for reduction\(\+: s\) \(int i = 0;/);
        strict_1.default.deepEqual(r1.diagnostics, []);
        const omp = 'int main() {\n  int s = 0;\n  #pragma omp parallel for\n  for (int i = 0; i < 10; i++)\n    s += i;\n  return s;\n}\n';
        const r2 = await applyFix(omp, 'MF403', "Add 'reduction(+: s)' to '#pragma omp parallel for'", 'c');
        strict_1.default.match(r2.text, /#pragma omp parallel for reduction\(\+: s\)\n/);
        strict_1.default.deepEqual(r2.diagnostics, []);
    });
    (0, node_test_1.test)('MF404: a needless shared(...) item is removed', async () => {
        const text = 'int main() {\n  const int c = 4;\n  int x = 0;\n  meta_fork shared(x, c) { x = c; }\n  meta_join;\n  return x;\n}\n';
        const r = await applyFix(text, 'MF404', "Remove 'c' from the clause");
        strict_1.default.match(r.text, /meta_fork shared\(x\) \{ x = c; \}/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF204: a clause not valid on the directive is removed', async () => {
        // (Each thread's 'n++' would be a race: MF403.)
        const text = 'int main() {\n  int n = 0;\n  #pragma omp parallel nowait\n  {\n  #pragma omp atomic\n    n++;\n  }\n  return n;\n}\n';
        const r = await applyFix(text, 'MF204', "Remove the clause 'nowait'", 'c');
        strict_1.default.match(r.text, /#pragma omp parallel\n/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF405: default(none) gets the missing data-sharing clause', async () => {
        const text = 'int main() {\n  int a[4], n = 4;\n  #pragma omp parallel for default(none) shared(a)\n  for (int i = 0; i < n; i++) a[i] = i;\n  return a[3];\n}\n';
        const r = await applyFix(text, 'MF405', "Add 'shared(n)' to '#pragma omp parallel for'", 'c');
        strict_1.default.match(r.text, /default\(none\) shared\(a\) shared\(n\)\n/);
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('MF102: a missing semicolon is inserted', async () => {
        const text = 'int main() {\n  int x = 1\n  return x;\n}\n';
        const r = await applyFix(text, 'MF102', "Insert ';'", 'c');
        strict_1.default.equal(r.text, 'int main() {\n  int x = 1;\n  return x;\n}\n');
        strict_1.default.deepEqual(r.diagnostics, []);
    });
    (0, node_test_1.test)('a fix is not offered for a diagnostic the server did not publish for this version', async () => {
        const uri = fresh();
        await client.open(uri, FIB);
        const forged = { code: 'MF314', message: 'x', severity: 2, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } };
        const actions = await client.request('textDocument/codeAction', { textDocument: { uri }, range: forged.range, context: { diagnostics: [{ ...forged, source: 'metafork' }], only: ['quickfix'] } });
        strict_1.default.deepEqual(actions, []);
    });
});
const LOOPS = '#include <stdio.h>\nint main() {\n  int a[100], b[100];\n  meta_for (int i = 0; i < 100; i++) a[i] = i;\n  meta_for (int j = 0; j < 100; j++) b[j] = a[j] * 2;\n  printf("%d\\n", b[99]);\n  return 0;\n}\n';
(0, node_test_1.describe)('offloading a loop nest', () => {
    (0, node_test_1.test)('"Offload this loop nest to the GPU": resolved lazily into a meta_schedule, then the CUDA view; disabled with the dependence', async () => {
        const text = '#include <stdio.h>\nint main(void) {\n  int n = 1000;\n  float a[n], b[n];\n  for (int i = 0; i < n; i++)\n    b[i] = 2 * i;\n  for (int i = 1; i < n; i++)\n    a[i] = a[i - 1] + b[i];\n  for (int i = 0; i < n; i++)\n    b[i] = 3 * a[i];\n  printf("%f\\n", a[n - 1]);\n  return 0;\n}\n';
        const uri = fresh('c');
        await client.open(uri, text);
        const actions = await actionsAt(uri, text.indexOf('b[i] = 2'), [], ['refactor.rewrite']);
        const offload = actions.find(a => a.title === 'Offload this loop nest to the GPU (meta_schedule)');
        strict_1.default.ok(offload && !offload.edit && !offload.disabled, JSON.stringify(actions.map(a => a.title)));
        strict_1.default.deepEqual(offload.command?.command, 'metafork.showCuda');
        const resolved = await client.request('codeAction/resolve', offload);
        const after = (0, client_1.applyLspEdits)(text, editsOf(resolved, uri));
        strict_1.default.match(after, /int B = 256;\n\s+int dim = \(B \+ n - 1\) \/ B;\n\s+meta_schedule \{\n\s+meta_for \(int v = 0; v < dim; v\+\+\)/);
        strict_1.default.match(after, /for \(int i = 1; i < n; i\+\+\)\n\s+a\[i\] = a\[i - 1\] \+ b\[i\];/, 'the other nest is untouched');
        // The recurrence: offered disabled, with the dependence.
        const serial = (await actionsAt(uri, text.indexOf('a[i] = a[i - 1]'), [], ['refactor.rewrite'])).find(a => a.title.startsWith('Offload'));
        strict_1.default.match(serial.disabled.reason, /stays serial: 'a\[i\]' \(line 8\) and 'a\[i - 1\]' \(line 8\) .* distance 1 on 'i'/);
        // Every nest of the file at once: both parallel ones become schedules, the recurrence stays.
        const every = actions.find(a => a.title === 'Offload every loop nest of the file that may run in parallel to the GPU');
        strict_1.default.ok(every && !every.disabled, JSON.stringify(actions.map(a => a.title)));
        const all = (0, client_1.applyLspEdits)(text, editsOf(await client.request('codeAction/resolve', every), uri));
        strict_1.default.equal(all.match(/meta_schedule \{/g)?.length, 2, all);
        strict_1.default.match(all, /for \(int i = 1; i < n; i\+\+\)\n\s+a\[i\] = a\[i - 1\] \+ b\[i\];/, 'the recurrence is untouched');
    });
});
(0, node_test_1.describe)('translation actions', () => {
    (0, node_test_1.test)('the construct under the cursor, resolved lazily, then applied', async () => {
        const uri = fresh();
        await client.open(uri, LOOPS);
        const all = await actionsAt(uri, LOOPS.indexOf('meta_for (int j') + 3, [], ['refactor']);
        // A meta_for outside any schedule is a parallel loop the offload actions take too.
        strict_1.default.equal(all[0].title, 'Offload this loop nest to the GPU (meta_schedule)');
        const actions = all.filter(a => !a.title.startsWith('Offload'));
        strict_1.default.deepEqual(actions.map(a => a.title), [
            "Translate this 'meta_for' to OpenMP", "Translate this 'meta_for' to CilkPlus",
            'Translate the file to OpenMP', 'Translate the file to CilkPlus',
        ]);
        strict_1.default.ok(all.every(a => a.kind === 'refactor.rewrite' && !a.edit), 'edits are computed on resolve');
        const resolved = await client.request('codeAction/resolve', actions[0]);
        const after = (0, client_1.applyLspEdits)(LOOPS, editsOf(resolved, uri));
        strict_1.default.equal(after, LOOPS.replace('  meta_for (int j', '  #pragma omp parallel for\n  for (int j'));
        const version = await client.edit(uri, 0, LOOPS.length, after);
        strict_1.default.deepEqual((await client.diagnostics(uri, version)).diagnostics, []);
    });
    (0, node_test_1.test)('spawns and joins are translated with their function; the whole file to CilkPlus', async () => {
        const text = FIB.replace('  return x + y;', '  meta_join;\n  return x + y;') + '\nint main() {\n  int a[4];\n  meta_for (int i = 0; i < 4; i++) a[i] = fib(i);\n  return a[3];\n}\n';
        const uri = fresh();
        await client.open(uri, text);
        const actions = await actionsAt(uri, text.indexOf('meta_join'));
        const fn = actions.find(a => a.title === "Translate the spawns and joins of 'fib' to OpenMP");
        strict_1.default.ok(fn, JSON.stringify(actions.map(a => a.title)));
        const one = (0, client_1.applyLspEdits)(text, editsOf(await client.request('codeAction/resolve', fn), uri));
        strict_1.default.match(one, /#pragma omp task shared\(x\)\n  x = fib\(n - 1\);/);
        strict_1.default.match(one, /#pragma omp taskwait/);
        // main's loop stays MetaFork, inside the team the tasks of 'fib' need.
        strict_1.default.ok(one.endsWith('int main() {\n  int a[4];\n  /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */\n  #pragma omp parallel\n  #pragma omp single\n  {\n    meta_for (int i = 0; i < 4; i++) a[i] = fib(i);\n  }\n  return a[3];\n}\n'), one);
        const file = actions.find(a => a.title === 'Translate the file to CilkPlus');
        const all = (0, client_1.applyLspEdits)(text, editsOf(await client.request('codeAction/resolve', file), uri));
        strict_1.default.match(all, /#include <cilk\/cilk.h>/);
        strict_1.default.match(all, /x = cilk_spawn fib\(n - 1\);/);
        strict_1.default.match(all, /cilk_for \(int i = 0/);
        strict_1.default.doesNotMatch(all, /meta_/);
    });
    (0, node_test_1.test)('one spawn to OpenMP: the team its tasks need is opened in main, the Cilk header dropped, and the editor told; the program runs alike at 1, 2 and 4 threads', async () => {
        const text = [
            '#include <stdio.h>', '#include <cilk/cilk.h>', '',
            'long fib(int n) {', '  if (n < 2) return n;', '  long x = cilk_spawn fib(n - 1);', '  long y = fib(n - 2);',
            '  cilk_sync;', '  return x + y;', '}', '',
            'int main(void) {', '  printf("%ld\\n", fib(27));', '  return 0;', '}', '',
        ].join('\n');
        const uri = fresh('c');
        await client.open(uri, text, 'c');
        const actions = await actionsAt(uri, text.indexOf('cilk_spawn'));
        const action = actions.find(a => a.title === "Translate the spawns and joins of 'fib' to OpenMP");
        strict_1.default.ok(action, JSON.stringify(actions.map(a => a.title)));
        const heard = client.messages.length;
        const after = (0, client_1.applyLspEdits)(text, editsOf(await client.request('codeAction/resolve', action), uri));
        strict_1.default.equal(after, [
            '#include <stdio.h>', '',
            'long fib(int n) {', '  if (n < 2) return n;', '  long x;', '  #pragma omp task shared(x)', '  x = fib(n - 1);',
            '  long y = fib(n - 2);', '  #pragma omp taskwait', '  return x + y;', '}', '',
            'int main(void) {',
            '  /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
            '  #pragma omp parallel', '  #pragma omp single', '  {', '    printf("%ld\\n", fib(27));', '  }', '  return 0;', '}', '',
        ].join('\n'));
        await waitForMessage(heard);
        strict_1.default.deepEqual(client.messages.slice(heard), [{
                type: 3,
                message: "MetaFork: translated the spawns and joins of 'fib' to OpenMP: 12:5: statements of 'main' now run inside '#pragma omp parallel' + '#pragma omp single', so that the translated tasks have a team of threads; 2:1: '#include <cilk/cilk.h>' removed: no Cilk construct is left in the file",
            }]);
        const work = (0, run_1.workDir)('lsp-focus-');
        const exe = (0, run_1.build)(work, after, 'fib-omp', ['-fopenmp']);
        for (const threads of ['1', '2', '4']) {
            const run = (0, child_process_1.spawnSync)(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: threads } });
            strict_1.default.equal(run.stdout, '196418\n', `at ${threads} threads`);
        }
    });
    (0, node_test_1.test)('a spawn translated to OpenMP in a file without main: the editor is warned that its tasks need a team', async () => {
        const text = 'long fib(int n) {\n  if (n < 2) return n;\n  long x = cilk_spawn fib(n - 1);\n  long y = fib(n - 2);\n  cilk_sync;\n  return x + y;\n}\n';
        const uri = fresh('c');
        await client.open(uri, text, 'c');
        const action = (await actionsAt(uri, text.indexOf('cilk_sync'))).find(a => a.title === "Translate the spawns and joins of 'fib' to OpenMP");
        const heard = client.messages.length;
        await client.request('codeAction/resolve', action);
        await waitForMessage(heard);
        strict_1.default.deepEqual(client.messages.slice(heard), [{
                type: 2,
                message: "MetaFork: translated the spawns and joins of 'fib' to OpenMP: 1:6: the file has no 'main' to open a team of threads in: these tasks run in parallel only when 'fib' is called inside '#pragma omp parallel' + '#pragma omp single'",
            }]);
    });
    (0, node_test_1.test)("an OpenMP task or taskwait to CilkPlus: the tasks and taskwaits of its function together (a task alone became a spawn the taskwait did not wait for); the program runs alike at 1, 2 and 4 threads", async () => {
        const uri = fresh('c');
        await client.open(uri, FIB_OMP, 'c');
        for (const at of ['#pragma omp task shared(x)', '#pragma omp taskwait\n  return']) {
            const actions = await actionsAt(uri, FIB_OMP.indexOf(at));
            const action = actions.find(a => a.title === "Translate the tasks and taskwaits of 'fib' to CilkPlus");
            strict_1.default.ok(action, JSON.stringify(actions.map(a => a.title)));
            const after = (0, client_1.applyLspEdits)(FIB_OMP, editsOf(await client.request('codeAction/resolve', action), uri));
            strict_1.default.equal(after, FIB_OMP
                .replace('#include <stdio.h>\n', '#include <stdio.h>\n#include <cilk/cilk.h>\n')
                .replace('  #pragma omp task shared(x)\n  x = fib(n - 1);', '  x = cilk_spawn fib(n - 1);')
                .replace('  #pragma omp taskwait\n  return', '  cilk_sync;\n  return'));
            // The serial elision of fib, called from main's OpenMP tasks.
            const exe = (0, run_1.build)((0, run_1.workDir)('lsp-omp-focus-'), await (0, run_1.elision)(after, 'fib.c'), 'fib', ['-fopenmp']);
            for (const threads of ['1', '2', '4']) {
                const run = (0, child_process_1.spawnSync)(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: threads } });
                strict_1.default.equal(run.stdout, 'fib(24) = 46368, fib(23) = 28657\n', `at ${threads} threads`);
            }
        }
    });
    (0, node_test_1.test)("an OpenMP region translated alone while a function it calls keeps its tasks: the editor is warned that they lose their team", async () => {
        const uri = fresh('c');
        await client.open(uri, FIB_OMP, 'c');
        const action = (await actionsAt(uri, FIB_OMP.indexOf('#pragma omp parallel'))).find(a => a.title === "Translate this '#pragma omp parallel' to CilkPlus");
        strict_1.default.ok(action);
        const heard = client.messages.length;
        const after = (0, client_1.applyLspEdits)(FIB_OMP, editsOf(await client.request('codeAction/resolve', action), uri));
        strict_1.default.equal(after, FIB_OMP
            .replace('#include <stdio.h>\n', '#include <stdio.h>\n#include <cilk/cilk.h>\n')
            .replace('  #pragma omp parallel\n  {\n    #pragma omp single\n    {\n      #pragma omp task shared(r)\n      r = fib(24);\n      s = fib(23);\n      #pragma omp taskwait\n    }\n  }', '  {\n    r = cilk_spawn fib(24);\n    s = fib(23);\n    cilk_sync;\n  }'));
        await waitForMessage(heard);
        strict_1.default.deepEqual(client.messages.slice(heard), [{
                type: 2,
                message: "MetaFork: translated this '#pragma omp parallel' to CilkPlus: 3:6: 'fib' keeps its '#pragma omp task' and had the team of the '#pragma omp parallel' region in 'main', translated now: its tasks have no team of threads and run one at a time (translate 'fib' too, or the file)",
            }]);
    });
    (0, node_test_1.test)('metafork/dialects: the dialects a document holds (the translation pick leaves out a file\'s only one)', async () => {
        const cases = [
            ['c', 'int main(void) {\n  int s = 0;\n  #pragma omp parallel for reduction(+: s)\n  for (int i = 0; i < 4; i++) s += i;\n  return s;\n}\n', ['openmp']],
            ['c', 'int f(int n) {\n  int x = cilk_spawn f(n - 1);\n  cilk_sync;\n  return x;\n}\n', ['cilkplus']],
            ['mfc', LOOPS, ['metafork']],
            ['c', 'int main(void) { return 0; }\n', []],
        ];
        for (const [ext, text, expected] of cases) {
            const uri = fresh(ext);
            await client.open(uri, text, ext === 'mfc' ? 'metafork' : 'c');
            strict_1.default.deepEqual(await client.request('metafork/dialects', { textDocument: { uri } }), { version: 1, dialects: expected });
        }
    });
    (0, node_test_1.test)('an OpenMP region to MetaFork', async () => {
        const text = '#include <omp.h>\nint main() {\n  int a[8];\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++) a[i] = i;\n  return a[7];\n}\n';
        const uri = fresh('c');
        await client.open(uri, text, 'c');
        const actions = await actionsAt(uri, text.indexOf('parallel'));
        const action = actions.find(a => a.title === "Translate this '#pragma omp parallel for' to MetaFork");
        strict_1.default.ok(action, JSON.stringify(actions.map(a => a.title)));
        const after = (0, client_1.applyLspEdits)(text, editsOf(await client.request('codeAction/resolve', action), uri));
        strict_1.default.match(after, /\n  meta_for \(int i = 0; i < 8; i\+\+\) a\[i\] = i;/);
    });
    (0, node_test_1.test)('with errors in the file, translations are offered disabled, with the reason', async () => {
        const uri = fresh();
        const text = LOOPS.replace('b[j] = a[j] * 2;', 'b[j] = a[j] * 2');
        await client.open(uri, text);
        const actions = await actionsAt(uri, text.indexOf('meta_for (int i'), [], ['refactor.rewrite']);
        strict_1.default.ok(actions.length > 0);
        strict_1.default.ok(actions.every(a => a.disabled?.reason === 'the file has errors: fix them first'));
    });
    (0, node_test_1.test)('a translation with no counterpart resolves to no edit', async () => {
        const text = '#include <stdio.h>\nint main() {\n  int s = 0;\n  #pragma omp parallel\n  {\n    #pragma omp cancel parallel\n    s++;\n  }\n  printf("%d\\n", s);\n  return 0;\n}\n';
        const uri = fresh('c');
        await client.open(uri, text, 'c');
        const actions = await actionsAt(uri, text.indexOf('cancel'));
        const action = actions.find(a => a.title.endsWith('to MetaFork'));
        const resolved = await client.request('codeAction/resolve', action);
        strict_1.default.deepEqual(resolved.edit, { changes: {} });
    });
    (0, node_test_1.test)('a stale action is refused with ContentModified', async () => {
        const uri = fresh();
        await client.open(uri, LOOPS);
        const [action] = await actionsAt(uri, LOOPS.indexOf('meta_for (int i'), [], ['refactor']);
        await client.diagnostics(uri, await client.edit(uri, 0, 0, '// changed\n'));
        await strict_1.default.rejects(client.request('codeAction/resolve', action), (e) => e.code === -32801);
    });
    (0, node_test_1.test)('clients without resolve support get the edit in the list', async () => {
        const { client: plain } = await client_1.TestClient.start({ textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor'] } } } } });
        try {
            const uri = fresh();
            await plain.open(uri, LOOPS);
            const text = plain.text(uri);
            const at = (0, client_1.position)(text, text.indexOf('meta_for (int i'));
            const actions = await plain.request('textDocument/codeAction', { textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics: [] } });
            const action = actions.find(a => a.title === "Translate this 'meta_for' to CilkPlus");
            strict_1.default.ok(action.edit?.changes, 'edit given inline, as `changes`');
            strict_1.default.match((0, client_1.applyLspEdits)(text, action.edit.changes[uri]), /cilk_for \(int i = 0; i < 100; i\+\+\) a\[i\] = i;/);
        }
        finally {
            await plain.stop();
        }
    });
});
const REVERSAL = fs.readFileSync((0, helpers_1.fixture)('cuda', 'thesis-reversal.mfc'), 'utf8');
const MATMUL = fs.readFileSync((0, helpers_1.fixture)('cuda', 'thesis-matmul.mfc'), 'utf8');
async function hoverAt(uri, needle, delta = 0) {
    const text = client.text(uri);
    const at = text.indexOf(needle);
    strict_1.default.ok(at >= 0, needle);
    const h = await client.request('textDocument/hover', { textDocument: { uri }, position: (0, client_1.position)(text, at + delta) });
    return h ? h.contents.value : null;
}
(0, node_test_1.describe)('hover', () => {
    (0, node_test_1.test)('a spawn: its counterparts and the sharing of each variable', async () => {
        const uri = fresh();
        await client.open(uri, FIB);
        const value = (await hoverAt(uri, 'meta_fork', 2));
        strict_1.default.match(value, /\*\*meta_fork\*\*/);
        strict_1.default.match(value, /\| CilkPlus \| `x = cilk_spawn f\(args\);` \|/);
        strict_1.default.match(value, /\| `x` \| result \|/);
        strict_1.default.match(value, /\| `n` \| firstprivate \| argument evaluated by the parent/);
    });
    (0, node_test_1.test)('a variable inside a parallel loop: its declaration and how the loop shares it', async () => {
        const uri = fresh();
        await client.open(uri, LOOPS);
        const value = (await hoverAt(uri, 'a[j]'));
        strict_1.default.match(value, /int a\[100\], b\[100\];/);
        strict_1.default.match(value, /in `meta_for` \(line 5\): \*\*shared\*\* — declared outside the loop/);
        const j = (await hoverAt(uri, 'b[j]', 2));
        strict_1.default.match(j, /\*\*private\*\* — loop control variable/);
    });
    (0, node_test_1.test)('an OpenMP directive: its MetaFork and CilkPlus counterparts', async () => {
        const text = 'int main() {\n  int a[8];\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++) a[i] = i;\n  return a[7];\n}\n';
        const uri = fresh('c');
        await client.open(uri, text, 'c');
        const value = (await hoverAt(uri, 'parallel for'));
        strict_1.default.match(value, /\| MetaFork \| `meta_for`/);
        strict_1.default.match(value, /\| CilkPlus \| `cilk_for` \|/);
    });
    (0, node_test_1.test)('a meta_schedule: the CUDA kernel and its launch shape', async () => {
        const uri = fresh();
        await client.open(uri, REVERSAL);
        const value = (await hoverAt(uri, 'meta_schedule', 3));
        strict_1.default.match(value, /becomes 1 CUDA kernel/);
        strict_1.default.match(value, /\*\*kernel0\*\*: grid `ub_v` blocks of `B` threads/);
        strict_1.default.match(value, /```cuda-cpp\n__global__ void kernel0\(int \*Out, int \*In, int ub_v, int B, int N\)/);
        strict_1.default.match(value, /kernel0<<<mf_grid, mf_block>>>/);
    });
    (0, node_test_1.test)('a kernel meta_for of a 2-D schedule: its kernel', async () => {
        const uri = fresh();
        await client.open(uri, MATMUL);
        const text = client.text(uri);
        const inner = text.indexOf('meta_for', text.indexOf('meta_schedule'));
        const h = await client.request('textDocument/hover', { textDocument: { uri }, position: (0, client_1.position)(text, inner + 1) });
        strict_1.default.match(h.contents.value, /\*\*kernel0\*\*: grid `[^`]+` × `[^`]+` blocks of `[^`]+` × `[^`]+` threads/);
        strict_1.default.match(h.contents.value, /__global__ void kernel0/);
    });
    (0, node_test_1.test)('kernels keep their numbers in the file: the second schedule shows kernel1, its lens too', async () => {
        const one = (name) => `void ${name}(int n, int B, float a[n]) {\n  int dim = (n + B - 1) / B;\n  meta_schedule {\n    meta_for (int v = 0; v < dim; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int p = v * B + u;\n        if (p < n) a[p] = 2 * a[p];\n      }\n  }\n}\n`;
        const uri = fresh();
        await client.open(uri, one('first') + one('second'));
        const text = client.text(uri);
        const h = await client.request('textDocument/hover', { textDocument: { uri }, position: (0, client_1.position)(text, text.lastIndexOf('meta_schedule') + 1) });
        strict_1.default.match(h.contents.value, /\*\*kernel1\*\*/);
        const lenses = await client.request('textDocument/codeLens', { textDocument: { uri } });
        const resolved = await Promise.all(lenses.filter(l => l.data.kind === 'cuda').map(l => client.request('codeLens/resolve', l)));
        strict_1.default.deepEqual(resolved.map(l => l.command.title.replace(/ \(≈ .*\)$/, '')), ['Show CUDA: kernel0', 'Show CUDA: kernel1']);
    });
    (0, node_test_1.test)('a schedule the generator refuses: the reason', async () => {
        const text = 'void f(int n, int *p) {\n  meta_schedule {\n    meta_for (int v = 0; v < n; v++)\n      meta_for (int u = 0; u < 32; u++)\n        p[-1] = u;\n  }\n}\n';
        const uri = fresh();
        await client.open(uri, text);
        const value = (await hoverAt(uri, 'meta_schedule', 1));
        strict_1.default.match(value, /no CUDA: MF509/);
    });
    (0, node_test_1.test)('plain code: nothing, and no error', async () => {
        const uri = fresh();
        await client.open(uri, '/* nothing here */\n');
        strict_1.default.equal(await hoverAt(uri, 'nothing'), null);
    });
});
(0, node_test_1.describe)('symbols, code lens, semantic tokens', () => {
    (0, node_test_1.test)('document symbols: functions with their parallel constructs nested', async () => {
        const text = 'int g;\n' + FIB.replace('  return x + y;', '  meta_join;\n  return x + y;') + 'int main() {\n  meta_for (int i = 0; i < 4; i++) {\n    meta_fork fib(i);\n    meta_join;\n  }\n  return 0;\n}\n';
        const uri = fresh();
        await client.open(uri, text);
        const symbols = await client.request('textDocument/documentSymbol', { textDocument: { uri } });
        const shape = (s) => [s.name, s.detail ?? '', ...(s.children?.length ? [s.children.map(shape)] : [])];
        strict_1.default.deepEqual(symbols.map(shape), [
            ['g', 'int'],
            ['fib', 'long', [['meta_fork', 'fib(n - 1)'], ['meta_join', '']]],
            ['main', 'int', [['meta_for', '(int i = 0; i < 4; i++)', [['meta_fork', 'fib(i)'], ['meta_join', '']]]]],
        ]);
        strict_1.default.equal(symbols[1].kind, 12); // Function
    });
    (0, node_test_1.test)('code lens over each meta_schedule opens the CUDA view', async () => {
        const uri = fresh();
        await client.open(uri, MATMUL);
        const lenses = await client.request('textDocument/codeLens', { textDocument: { uri } });
        strict_1.default.equal(lenses.length, 2);
        strict_1.default.equal(lenses[0].range.start.line, client.text(uri).slice(0, client.text(uri).indexOf('meta_schedule')).split('\n').length - 1);
        // Both resolved on demand (a file may hold hundreds of schedules).
        strict_1.default.deepEqual(lenses.map(l => l.command), [undefined, undefined]);
        const cuda = await client.request('codeLens/resolve', lenses[0]);
        strict_1.default.deepEqual({ ...cuda.command, title: undefined }, { title: undefined, command: 'metafork.showCuda', arguments: [uri] });
        // The title carries the estimate on the configured GPU (default H100).
        strict_1.default.match(cuda.command.title, /^Show CUDA: kernel0 \(≈ [\d.,]+ (µs|ms) on H100 \(SXM5\)\)$/);
    });
    (0, node_test_1.test)('the "N cases" lens: resolved on demand, opens the case discussion; stale after an edit; the reason when a schedule has no case', async () => {
        const uri = fresh();
        const text = fs.readFileSync((0, helpers_1.fixture)('optimize', 'matvec.mfc'), 'utf8');
        await client.open(uri, text);
        const lenses = await client.request('textDocument/codeLens', { textDocument: { uri } });
        const unresolved = lenses.find(l => l.data.kind === 'cases');
        strict_1.default.equal(unresolved.range.start.line, (0, client_1.position)(text, text.indexOf('meta_schedule')).line);
        const resolved = await client.request('codeLens/resolve', unresolved);
        strict_1.default.equal(resolved.command.command, 'metafork.showCases');
        strict_1.default.deepEqual(resolved.command.arguments, [uri]);
        strict_1.default.match(resolved.command.title, /^3 cases \(no kernel when R_B < \d+\)$/);
        // After an edit the lens is stale: the client asks for lenses again.
        await client.edit(uri, 0, 0, '// edited\n');
        await strict_1.default.rejects(client.request('codeLens/resolve', unresolved), (e) => e.code === -32801);
        // A schedule the optimizer refuses (its block loop has no bound it can read): the reason.
        const refused = fresh();
        await client.open(refused, 'void f(int n, int *p) {\n  meta_schedule {\n    meta_for (int v = 0; v < n; v++)\n      meta_for (int u = 0; u < 32; u++)\n        p[-1] = u;\n  }\n}\n');
        const [, open] = await client.request('textDocument/codeLens', { textDocument: { uri: refused } });
        const why = await client.request('codeLens/resolve', open);
        strict_1.default.match(why.command.title, /^Cases: 1 error \(MF5\d\d\): /);
        // A correct schedule in a file with an error in another function: the lenses say where that is.
        const elsewhere = fresh();
        const schedule = 'void good(int n, int B, float *a, float *b) {\n  int g = (n + B - 1) / B;\n  meta_schedule {\n    meta_for (int v = 0; v < g; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int i = v * B + u;\n        if (i < n) b[i] = 2 * a[i];\n      }\n  }\n}\n';
        await client.open(elsewhere, `${schedule}\nint other(int n) {\n  return n +;\n}\n`);
        const both = await client.request('textDocument/codeLens', { textDocument: { uri: elsewhere } });
        const titles = await Promise.all(both.map(l => client.request('codeLens/resolve', l).then(r => r.command.title)));
        // The CUDA of the schedule is made all the same; its cases wait for the file to check.
        strict_1.default.match(titles[0], /^Show CUDA: kernel0 \(≈ /);
        strict_1.default.equal(titles[1], 'Cases: none while the file has an error at line 13 (MF102)');
    });
    (0, node_test_1.test)('semantic tokens: keywords, clauses, pragma directives', async () => {
        const text = 'int main() {\n  int x = 0, s = 0;\n  meta_fork shared(x) { x = 1; }\n  meta_join;\n  #pragma omp parallel for reduction(+: s)\n  for (int i = 0; i < 4; i++) s += i;\n  return x + s;\n}\n';
        const uri = fresh();
        await client.open(uri, text);
        const init = (await client_1.TestClient.start()).client; // legend check on a second connection
        await init.stop();
        const { data } = await client.request('textDocument/semanticTokens/full', { textDocument: { uri } });
        const types = ['keyword', 'macro', 'property', 'variable'];
        const lines = text.split('\n');
        const decoded = [];
        let line = 0, ch = 0;
        for (let i = 0; i < data.length; i += 5) {
            line += data[i];
            ch = data[i] ? data[i + 1] : ch + data[i + 1];
            const mods = ['metafork', 'openmp', 'cilkplus'].filter((_, b) => data[i + 4] & (1 << b));
            decoded.push(`${lines[line].slice(ch, ch + data[i + 2])}:${types[data[i + 3]]}:${mods.join(',')}`);
        }
        strict_1.default.deepEqual(decoded, [
            'meta_fork:keyword:metafork', 'shared:property:metafork', 'x:variable:metafork', 'meta_join:keyword:metafork',
            '#pragma omp:macro:openmp', 'parallel for:keyword:openmp', 'reduction:property:openmp', 's:variable:openmp',
        ]);
    });
});
(0, node_test_1.describe)('custom requests', () => {
    (0, node_test_1.test)('metafork/translate: the whole file, and the construct at a position', async () => {
        const uri = fresh();
        await client.open(uri, LOOPS);
        const whole = await client.request('metafork/translate', { textDocument: { uri }, to: 'openmp' });
        strict_1.default.equal(whole.version, 1);
        strict_1.default.deepEqual(whole.from, ['metafork']);
        strict_1.default.equal((whole.text.match(/#pragma omp parallel for/g) ?? []).length, 2);
        const one = await client.request('metafork/translate', { textDocument: { uri }, to: 'cilkplus', position: (0, client_1.position)(LOOPS, LOOPS.indexOf('meta_for (int i')) });
        strict_1.default.match(one.text, /cilk_for \(int i/);
        strict_1.default.match(one.text, /meta_for \(int j/);
        strict_1.default.deepEqual(one.range, { start: (0, client_1.position)(LOOPS, LOOPS.indexOf('meta_for (int i')), end: (0, client_1.position)(LOOPS, LOOPS.indexOf('\n  meta_for (int j')) });
    });
    (0, node_test_1.test)('metafork/translate: a refusal carries its diagnostics', async () => {
        const uri = fresh('c');
        const text = 'int main() {\n  int s = 0;\n  #pragma omp parallel\n  {\n    #pragma omp cancel parallel\n    s++;\n  }\n  return s;\n}\n';
        await client.open(uri, text, 'c');
        const r = await client.request('metafork/translate', { textDocument: { uri }, to: 'metafork' });
        strict_1.default.equal(r.text, undefined);
        strict_1.default.ok(r.diagnostics.some((d) => d.code === 'MF601' && d.range.start.line === 4), JSON.stringify(r.diagnostics));
    });
    (0, node_test_1.test)('metafork/cuda: the .cu with kernels, schedules and tiles, in either memory mode', async () => {
        const uri = fresh();
        await client.open(uri, MATMUL);
        const global = await client.request('metafork/cuda', { textDocument: { uri }, memory: 'global' });
        strict_1.default.deepEqual(global.kernels, ['kernel0']);
        strict_1.default.match(global.text, /__global__ void kernel0/);
        strict_1.default.deepEqual(global.tiles, []);
        strict_1.default.equal(global.schedules.length, 1);
        strict_1.default.equal(global.schedules[0].kernels[0].grid.length, 2);
        const shared = await client.request('metafork/cuda', { textDocument: { uri }, memory: 'shared' });
        strict_1.default.ok(shared.tiles.length > 0);
        strict_1.default.match(shared.text, /extern __shared__/);
    });
    (0, node_test_1.test)('metafork/optimize: the case discussion, its cases and the .cu with the dispatcher, for the schedule at a position', async () => {
        const uri = fresh();
        const text = fs.readFileSync((0, helpers_1.fixture)('optimize', 'matvec.mfc'), 'utf8');
        await client.open(uri, text);
        const at = text.indexOf('meta_schedule');
        const r = await client.request('metafork/optimize', { textDocument: { uri }, position: (0, client_1.position)(text, at + 3) });
        strict_1.default.equal(r.schedules.length, 1);
        strict_1.default.deepEqual(r.schedules[0].cases.map((c) => c.summary), ['cache(c, a, b), granularity s, CSE level 2', 'cache(c, a, b), granularity s = 1, CSE level 2', 'no caching, granularity s = 1, CSE level 2']);
        strict_1.default.deepEqual(r.schedules[0].cases[0].strategies[0], ['1', '4a', '3a', '2', '2']);
        strict_1.default.equal(r.schedules[0].range.start.line, (0, client_1.position)(text, at).line);
        strict_1.default.match(r.text, /meta_schedule: 3 cases/);
        strict_1.default.match(r.cuda, /mfReadDeviceLimits/);
        // metafork.cuda.nvccPath is empty: nvcc is never run, even when one is on the PATH (a workspace
        // must not pick the program the server runs).
        strict_1.default.match(r.text, /registers per thread: \d+ \(estimated without nvcc\)/);
    });
    (0, node_test_1.test)("metafork/optimize without nvcc configured: the counts the command line's nvcc took, the same as its own", { skip: (0, registers_1.nvccPath)() ? false : 'nvcc not found: no count to share' }, async () => {
        const text = fs.readFileSync((0, helpers_1.fixture)('optimize', 'transpose.mfc'), 'utf8');
        const file = path.join(client_1.TEST_CACHE, 'transpose.mfc');
        fs.writeFileSync(file, text);
        const cli = (0, child_process_1.spawnSync)(process.execPath, [path.join(helpers_2.ROOT, 'bin', 'metafork'), 'optimize', '--registers', 'nvcc', file], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: client_1.TEST_CACHE } });
        strict_1.default.equal(cli.status, 0, cli.stderr);
        const counted = [...cli.stdout.matchAll(/registers per thread: (\d+) \(nvcc --resource-usage\)/g)].map(m => m[1]);
        strict_1.default.ok(counted.length > 0, cli.stdout);
        const uri = fresh();
        await client.open(uri, text);
        const r = await client.request('metafork/optimize', { textDocument: { uri } });
        strict_1.default.deepEqual([...r.text.matchAll(/registers per thread: (\d+) \(nvcc --resource-usage\)/g)].map((m) => m[1]), counted);
        strict_1.default.deepEqual(r.schedules[0].cases.map((c) => c.registersBy), counted.map(() => 'nvcc --resource-usage'));
    });
    (0, node_test_1.test)('metafork/optimize with metafork.cuda.nvccPath set: registers counted by that nvcc', { skip: (0, registers_1.nvccPath)() ? false : 'nvcc not found' }, async () => {
        // Settings from the initialization options (a client without workspace/configuration).
        const { client: configured } = await client_1.TestClient.start({ textDocument: client_1.DEFAULT_CAPABILITIES.textDocument }, { settings: { cuda: { nvccPath: (0, registers_1.nvccPath)() } } });
        try {
            const uri = fresh();
            await configured.open(uri, fs.readFileSync((0, helpers_1.fixture)('optimize', 'reversal.mfc'), 'utf8'));
            const r = await configured.request('metafork/optimize', { textDocument: { uri } });
            strict_1.default.match(r.text, /registers per thread: \d+ \(nvcc --resource-usage\)/);
        }
        finally {
            await configured.stop();
        }
    });
    (0, node_test_1.test)('metafork/analyze: the cost model of the schedule at a position, on a chosen GPU; the hover gives the estimate', async () => {
        const uri = fresh();
        const text = fs.readFileSync((0, helpers_1.fixture)('cuda', 'thesis-jacobi1d.mfc'), 'utf8');
        await client.open(uri, text);
        const at = text.indexOf('meta_schedule {');
        const r = await client.request('metafork/analyze', { textDocument: { uri }, position: (0, client_1.position)(text, at + 3), gpu: 'k20c', set: { N: 65538 } });
        strict_1.default.equal(r.gpu.name, 'Tesla K20c');
        strict_1.default.equal(r.schedules.length, 1);
        const [s] = r.schedules;
        strict_1.default.equal(s.range.start.line, (0, client_1.position)(text, at).line);
        strict_1.default.equal(s.values.N, 65538);
        strict_1.default.deepEqual(s.kernels.map((k) => [k.name, k.formulas.ops, k.formulas.launches]), [['kernel0', '10', 'T'], ['kernel1', '6', 'T']]);
        strict_1.default.ok(s.cycles > 0 && s.sweep.length === 6);
        strict_1.default.match(r.text, /meta_schedule on Tesla K20c/);
        const h = await client.request('textDocument/hover', { textDocument: { uri }, position: (0, client_1.position)(text, at + 3) });
        strict_1.default.match(h.contents.value, /\*\*Estimate\*\*: ≈ [\d.,]+ (µs|ms) on H100 \(SXM5\) with B = 64/);
    });
    (0, node_test_1.test)('metafork/plot: each case by block size on a GPU, the points its constraints allow, the chosen one', async () => {
        const uri = fresh();
        const text = fs.readFileSync((0, helpers_1.fixture)('optimize', 'matvec.mfc'), 'utf8');
        await client.open(uri, text);
        const at = text.indexOf('meta_schedule {');
        const r = await client.request('metafork/plot', { textDocument: { uri }, position: (0, client_1.position)(text, at + 20), gpu: 'gtx-670' });
        strict_1.default.equal(r.gpu, 'GeForce GTX 670');
        strict_1.default.equal(r.range.start.line, (0, client_1.position)(text, at).line);
        strict_1.default.deepEqual(r.blockParameters, ['B']);
        strict_1.default.deepEqual(r.values, { N: 300, s: 2 });
        strict_1.default.deepEqual(r.assumed, []);
        strict_1.default.deepEqual(r.cases.map((c) => c.index), [1, 2, 3]);
        const [one, , three] = r.cases.map((c) => c.points);
        // Case 1 caches sB² + sB + B words: from B = 128 on that passes the GTX 670's 48 KB a block.
        strict_1.default.deepEqual(one.map((p) => [p.threads, p.microseconds === null, p.fits]), [[32, false, true], [64, false, true], [128, true, false], [256, true, false], [512, true, false], [1024, true, false]]);
        // Case 3 (no cache) is the case exactly where caching does not fit.
        strict_1.default.deepEqual(three.map((p) => p.fits), [false, false, true, true, true, true]);
        // The fastest point some case allows.
        const allowed = r.cases.flatMap((c) => c.points.filter(p => p.fits && p.microseconds !== null).map(p => ({ ...p, case: c.index })));
        const fastest = allowed.reduce((a, b) => (b.microseconds < a.microseconds ? b : a));
        strict_1.default.deepEqual([r.chosen.case, r.chosen.threads], [fastest.case, fastest.threads]);
        // Outside a schedule: no cases, and why.
        const none = await client.request('metafork/plot', { textDocument: { uri }, position: { line: 0, character: 0 } });
        strict_1.default.deepEqual(none.cases, []);
    });
    (0, node_test_1.test)('metafork/cuda: follows edits (the version it answers for is the newest)', async () => {
        const uri = fresh();
        await client.open(uri, REVERSAL);
        const text = client.text(uri);
        const at = text.indexOf('Out[outoffset] = In[inoffset];');
        const version = await client.edit(uri, at, at + 'Out[outoffset] = In[inoffset];'.length, 'Out[outoffset] = 2 * In[inoffset];');
        const r = await client.request('metafork/cuda', { textDocument: { uri } });
        strict_1.default.equal(r.version, version);
        strict_1.default.match(r.text, /Out\[outoffset\] = 2 \* In\[inoffset\];/);
    });
    (0, node_test_1.test)('cancellation: a cancelled translation answers RequestCancelled', async () => {
        const uri = fresh();
        const big = (0, generate_1.generateProgram)(3000);
        await client.open(uri, big);
        const source = new node_1.CancellationTokenSource();
        const pending = client.connection.sendRequest('metafork/translate', { textDocument: { uri }, to: 'cilkplus' }, source.token);
        setTimeout(() => source.cancel(), 20);
        await strict_1.default.rejects(pending, (e) => e.code === -32800);
        // The server goes on: the same translation, not cancelled, completes.
        const r = await client.request('metafork/translate', { textDocument: { uri }, to: 'cilkplus' });
        strict_1.default.match(r.text, /cilk_spawn/);
    });
    (0, node_test_1.test)('bad requests get LSP errors, and the server goes on', async () => {
        const uri = fresh();
        await client.open(uri, FIB);
        const code = async (p) => { try {
            await p;
            return 'answered';
        }
        catch (e) {
            return e.code;
        } };
        strict_1.default.equal(await code(client.request('textDocument/hover', { textDocument: { uri: 'file:///nope.mfc' }, position: { line: 0, character: 0 } })), -32602);
        strict_1.default.equal(await code(client.request('textDocument/hover', { textDocument: { uri } })), -32602);
        strict_1.default.equal(await code(client.request('textDocument/hover', { textDocument: {}, position: { line: 0, character: 0 } })), -32602);
        strict_1.default.equal(await code(client.request('metafork/translate', { textDocument: { uri }, to: 'fortran' })), -32602);
        strict_1.default.equal(await code(client.request('metafork/cuda', { textDocument: { uri }, memory: 'texture' })), -32602);
        strict_1.default.equal(await code(client.request('codeAction/resolve', { title: 'x', data: { kind: 'nonsense' } })), -32602);
        strict_1.default.equal(await code(client.request('metafork/nonexistent', {})), -32601);
        strict_1.default.equal(await code(client.request('metafork/analyze', { textDocument: { uri }, gpu: 'gtx-9000' })), -32602);
        strict_1.default.equal(await code(client.request('metafork/analyze', { textDocument: { uri }, set: { N: 'big' } })), -32602);
        // No schedule to optimize: an answer with the diagnostic, not an error.
        const none = await client.request('metafork/optimize', { textDocument: { uri } });
        strict_1.default.deepEqual(none.diagnostics.map((d) => d.code), ['MF510']);
        strict_1.default.equal(none.text, undefined);
        // Still alive and answering.
        strict_1.default.match((await hoverAt(uri, 'meta_fork')), /meta_fork/);
    });
});
//# sourceMappingURL=features.test.js.map