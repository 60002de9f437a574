// Every LSP feature of the server over a real JSON-RPC connection to the server process: quick
// fixes and translations applied and the resulting text asserted, hovers, symbols, code lenses,
// semantic tokens, the custom requests, cancellation, and bad requests answered with errors.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { fixture } from '../helpers';
import { generateProgram } from '../bench/generate';
import { applyLspEdits, DEFAULT_CAPABILITIES, LspDiagnostic, position, TEST_CACHE, TestClient } from './client';
import * as path from 'path';
import { ROOT } from '../helpers';
import { nvccPath } from '../../server/src/optimize/registers';
import { build, elision, workDir } from '../translate/run';
import { spawnSync } from 'child_process';

interface Action { title: string; kind: string; data?: unknown; disabled?: { reason: string }; edit?: { documentChanges?: { textDocument: { uri: string; version: number }; edits: any[] }[]; changes?: Record<string, any[]> } }

let client: TestClient;
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

before(async () => { client = (await TestClient.start()).client; });
after(async () => {
  await client.stop();
  assert.doesNotMatch(client.stderr.join(''), /Error|failed/, 'the server logged an error');
});

/** Edits of an action's workspace edit for `uri`. */
function editsOf(action: Action, uri: string): any[] {
  const e = action.edit!;
  return e.documentChanges ? e.documentChanges.filter(d => d.textDocument.uri === uri).flatMap(d => d.edits) : e.changes![uri];
}

/** Waits for a `window/showMessage` after the `heard`-th (it may follow the response it goes with). */
async function waitForMessage(heard: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (client.messages.length <= heard && Date.now() < deadline) await new Promise(r => setTimeout(r, 20));
}

async function actionsAt(uri: string, offset: number, diagnostics: LspDiagnostic[] = [], only?: string[]): Promise<Action[]> {
  const text = client.text(uri);
  const at = position(text, offset);
  return client.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics, ...(only ? { only } : {}) } });
}

/** Opens `text`, takes the quick fix titled `title` for the diagnostic `code`, applies it, and
 * returns the new text with the diagnostics published for it. */
async function applyFix(text: string, code: string, title: string | RegExp, ext = 'mfc') {
  const uri = fresh(ext);
  const published = await client.open(uri, text, ext === 'mfc' ? 'metafork' : 'c');
  const d = published.diagnostics.find(x => x.code === code);
  assert.ok(d, `expected ${code} in ${JSON.stringify(published.diagnostics.map(x => x.code))}`);
  const actions = await client.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } });
  const action = actions.find(a => typeof title === 'string' ? a.title === title : title.test(a.title));
  assert.ok(action, `no fix '${title}' among ${JSON.stringify(actions.map(a => a.title))}`);
  assert.equal(action.kind, 'quickfix');
  const after = applyLspEdits(text, editsOf(action, uri));
  const version = await client.edit(uri, 0, text.length, after);
  const republished = await client.diagnostics(uri, version);
  return { text: after, diagnostics: republished.diagnostics };
}

const FIB = 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n  y = fib(n - 2);\n  return x + y;\n}\n';

describe('quick fixes', () => {
  test('MF314: meta_join inserted before the return', async () => {
    const r = await applyFix(FIB, 'MF314', "Insert 'meta_join;' before the return");
    assert.match(r.text, /y = fib\(n - 2\);\n  meta_join;\n  return x \+ y;/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF314: a return that is the whole body of an if gets braces', async () => {
    const text = 'long f(long n) {\n  long x;\n  x = meta_fork f(n - 1);\n  if (n > 5)\n    return x;\n  meta_join;\n  return 0;\n}\n';
    const r = await applyFix(text, 'MF314', "Insert 'meta_join;' before the return");
    assert.match(r.text, /if \(n > 5\)\n    \{ meta_join; return x; \}/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF314: a join at the end of a void function', async () => {
    const text = 'void g(int *a) {\n  meta_fork g(a + 1);\n  a[0] = 1;\n}\n';
    const r = await applyFix(text, 'MF314', "Insert 'meta_join;' at the end of the function");
    assert.equal(r.text, 'void g(int *a) {\n  meta_fork g(a + 1);\n  a[0] = 1;\n  meta_join;\n}\n');
    assert.deepEqual(r.diagnostics, []);
  });

  // A cached diagnostic once kept the offset of its fix from before the edit.
  test('MF314 after three lines inserted above the function: the join lands before the return', async () => {
    const uri = fresh();
    await client.open(uri, FIB);
    const inserted = '// one\n// two\n// three\n';
    const version = await client.edit(uri, 0, 0, inserted);
    const { diagnostics } = await client.diagnostics(uri, version);
    const text = client.text(uri);
    const d = diagnostics.find(x => x.code === 'MF314');
    assert.ok(d, JSON.stringify(diagnostics));
    assert.equal(d.message, "'meta_fork fib(n - 1)' (line 7) can reach this return without a 'meta_join': meta_fork has no implicit join at return");
    const actions = await client.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } });
    const action = actions.find(a => a.title === "Insert 'meta_join;' before the return");
    assert.ok(action, JSON.stringify(actions.map(a => a.title)));
    assert.equal(applyLspEdits(text, editsOf(action, uri)), inserted + FIB.replace('  return x + y;', '  meta_join;\n  return x + y;'));
  });

  test('MF402: shared(x) added to the block spawn', async () => {
    const text = 'int main() {\n  int x = 0;\n  meta_fork { x = 1; }\n  meta_join;\n  return x;\n}\n';
    const r = await applyFix(text, 'MF402', "Add 'shared(x)' to the spawn");
    assert.match(r.text, /meta_fork shared\(x\) \{ x = 1; \}/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF201: a misspelled OpenMP directive is corrected', async () => {
    const text = '#include <stdio.h>\nint main() {\n  int a[8];\n  #pragma omp paralel for\n  for (int i = 0; i < 8; i++) a[i] = i;\n  printf("%d\\n", a[7]);\n  return 0;\n}\n';
    const r = await applyFix(text, 'MF201', "Change 'paralel' to 'parallel'", 'c');
    assert.match(r.text, /#pragma omp parallel for\n/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF202: a misspelled clause is corrected', async () => {
    const text = 'int main() {\n  int a[8], s = 0;\n  #pragma omp parallel for reduktion(+: s)\n  for (int i = 0; i < 8; i++) s += i;\n  return s;\n}\n';
    const r = await applyFix(text, 'MF202', "Change 'reduktion' to 'reduction'", 'c');
    assert.match(r.text, /#pragma omp parallel for reduction\(\+: s\)/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF203: a misspelled clause keyword is corrected', async () => {
    const text = 'int main() {\n  int n = 0;\n  #pragma omp parallel default(shraed)\n  {\n    #pragma omp atomic\n    n++;\n  }\n  return n;\n}\n';
    const r = await applyFix(text, 'MF203', "Change 'shraed' to 'shared'", 'c');
    assert.match(r.text, /default\(shared\)\n/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF205: a misspelled MetaFork clause is corrected', async () => {
    const text = 'int main() {\n  int x = 0;\n  meta_fork sahred(x) { x = 1; }\n  meta_join;\n  return x;\n}\n';
    const r = await applyFix(text, 'MF205', "Change 'sahred' to 'shared'");
    assert.match(r.text, /meta_fork shared\(x\)/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF403: a race on an accumulator becomes a reduction (meta_for and OpenMP)', async () => {
    const mf = 'int main() {\n  int s = 0;\n  meta_for (int i = 0; i < 10; i++)\n    s += i;\n  return s;\n}\n';
    const r1 = await applyFix(mf, 'MF403', "Add 'reduction(+: s)' to 'meta_for'");
    assert.match(r1.text, /meta_for reduction\(\+: s\) \(int i = 0;/);
    assert.deepEqual(r1.diagnostics, []);
    const omp = 'int main() {\n  int s = 0;\n  #pragma omp parallel for\n  for (int i = 0; i < 10; i++)\n    s += i;\n  return s;\n}\n';
    const r2 = await applyFix(omp, 'MF403', "Add 'reduction(+: s)' to '#pragma omp parallel for'", 'c');
    assert.match(r2.text, /#pragma omp parallel for reduction\(\+: s\)\n/);
    assert.deepEqual(r2.diagnostics, []);
  });

  test('MF404: a needless shared(...) item is removed', async () => {
    const text = 'int main() {\n  const int c = 4;\n  int x = 0;\n  meta_fork shared(x, c) { x = c; }\n  meta_join;\n  return x;\n}\n';
    const r = await applyFix(text, 'MF404', "Remove 'c' from the clause");
    assert.match(r.text, /meta_fork shared\(x\) \{ x = c; \}/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF204: a clause not valid on the directive is removed', async () => {
    // (Each thread's 'n++' would be a race: MF403.)
    const text = 'int main() {\n  int n = 0;\n  #pragma omp parallel nowait\n  {\n  #pragma omp atomic\n    n++;\n  }\n  return n;\n}\n';
    const r = await applyFix(text, 'MF204', "Remove the clause 'nowait'", 'c');
    assert.match(r.text, /#pragma omp parallel\n/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF405: default(none) gets the missing data-sharing clause', async () => {
    const text = 'int main() {\n  int a[4], n = 4;\n  #pragma omp parallel for default(none) shared(a)\n  for (int i = 0; i < n; i++) a[i] = i;\n  return a[3];\n}\n';
    const r = await applyFix(text, 'MF405', "Add 'shared(n)' to '#pragma omp parallel for'", 'c');
    assert.match(r.text, /default\(none\) shared\(a\) shared\(n\)\n/);
    assert.deepEqual(r.diagnostics, []);
  });

  test('MF102: a missing semicolon is inserted', async () => {
    const text = 'int main() {\n  int x = 1\n  return x;\n}\n';
    const r = await applyFix(text, 'MF102', "Insert ';'", 'c');
    assert.equal(r.text, 'int main() {\n  int x = 1;\n  return x;\n}\n');
    assert.deepEqual(r.diagnostics, []);
  });

  test('a fix is not offered for a diagnostic the server did not publish for this version', async () => {
    const uri = fresh();
    await client.open(uri, FIB);
    const forged: LspDiagnostic = { code: 'MF314', message: 'x', severity: 2, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } };
    const actions = await client.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: forged.range, context: { diagnostics: [{ ...forged, source: 'metafork' }], only: ['quickfix'] } });
    assert.deepEqual(actions, []);
  });
});

const LOOPS = '#include <stdio.h>\nint main() {\n  int a[100], b[100];\n  meta_for (int i = 0; i < 100; i++) a[i] = i;\n  meta_for (int j = 0; j < 100; j++) b[j] = a[j] * 2;\n  printf("%d\\n", b[99]);\n  return 0;\n}\n';

describe('offloading a loop nest', () => {
  test('"Offload this loop nest to the GPU": resolved lazily into a meta_schedule, then the CUDA view; disabled with the dependence', async () => {
    const text = '#include <stdio.h>\nint main(void) {\n  int n = 1000;\n  float a[n], b[n];\n  for (int i = 0; i < n; i++)\n    b[i] = 2 * i;\n  for (int i = 1; i < n; i++)\n    a[i] = a[i - 1] + b[i];\n  for (int i = 0; i < n; i++)\n    b[i] = 3 * a[i];\n  printf("%f\\n", a[n - 1]);\n  return 0;\n}\n';
    const uri = fresh('c');
    await client.open(uri, text);
    const actions = await actionsAt(uri, text.indexOf('b[i] = 2'), [], ['refactor.rewrite']);
    const offload = actions.find(a => a.title === 'Offload this loop nest to the GPU (meta_schedule)')!;
    assert.ok(offload && !offload.edit && !(offload as { disabled?: unknown }).disabled, JSON.stringify(actions.map(a => a.title)));
    assert.deepEqual((offload as { command?: { command: string } }).command?.command, 'metafork.showCuda');
    const resolved = await client.request<Action>('codeAction/resolve', offload);
    const after = applyLspEdits(text, editsOf(resolved, uri));
    assert.match(after, /int B = 256;\n\s+int dim = \(B \+ n - 1\) \/ B;\n\s+meta_schedule \{\n\s+meta_for \(int v = 0; v < dim; v\+\+\)/);
    assert.match(after, /for \(int i = 1; i < n; i\+\+\)\n\s+a\[i\] = a\[i - 1\] \+ b\[i\];/, 'the other nest is untouched');
    // The recurrence: offered disabled, with the dependence.
    const serial = (await actionsAt(uri, text.indexOf('a[i] = a[i - 1]'), [], ['refactor.rewrite'])).find(a => a.title.startsWith('Offload'));
    assert.match((serial as { disabled?: { reason: string } }).disabled!.reason, /stays serial: 'a\[i\]' \(line 8\) and 'a\[i - 1\]' \(line 8\) .* distance 1 on 'i'/);
    // Every nest of the file at once: both parallel ones become schedules, the recurrence stays.
    const every = actions.find(a => a.title === 'Offload every loop nest of the file that may run in parallel to the GPU');
    assert.ok(every && !(every as { disabled?: unknown }).disabled, JSON.stringify(actions.map(a => a.title)));
    const all = applyLspEdits(text, editsOf(await client.request<Action>('codeAction/resolve', every), uri));
    assert.equal(all.match(/meta_schedule \{/g)?.length, 2, all);
    assert.match(all, /for \(int i = 1; i < n; i\+\+\)\n\s+a\[i\] = a\[i - 1\] \+ b\[i\];/, 'the recurrence is untouched');
  });
});

describe('translation actions', () => {
  test('the construct under the cursor, resolved lazily, then applied', async () => {
    const uri = fresh();
    await client.open(uri, LOOPS);
    const all = await actionsAt(uri, LOOPS.indexOf('meta_for (int j') + 3, [], ['refactor']);
    // A meta_for outside any schedule is a parallel loop the offload actions take too.
    assert.equal(all[0].title, 'Offload this loop nest to the GPU (meta_schedule)');
    const actions = all.filter(a => !a.title.startsWith('Offload'));
    assert.deepEqual(actions.map(a => a.title), [
      "Translate this 'meta_for' to OpenMP", "Translate this 'meta_for' to CilkPlus",
      'Translate the file to OpenMP', 'Translate the file to CilkPlus',
    ]);
    assert.ok(all.every(a => a.kind === 'refactor.rewrite' && !a.edit), 'edits are computed on resolve');
    const resolved = await client.request<Action>('codeAction/resolve', actions[0]);
    const after = applyLspEdits(LOOPS, editsOf(resolved, uri));
    assert.equal(after, LOOPS.replace('  meta_for (int j', '  #pragma omp parallel for\n  for (int j'));
    const version = await client.edit(uri, 0, LOOPS.length, after);
    assert.deepEqual((await client.diagnostics(uri, version)).diagnostics, []);
  });

  test('spawns and joins are translated with their function; the whole file to CilkPlus', async () => {
    const text = FIB.replace('  return x + y;', '  meta_join;\n  return x + y;') + '\nint main() {\n  int a[4];\n  meta_for (int i = 0; i < 4; i++) a[i] = fib(i);\n  return a[3];\n}\n';
    const uri = fresh();
    await client.open(uri, text);
    const actions = await actionsAt(uri, text.indexOf('meta_join'));
    const fn = actions.find(a => a.title === "Translate the spawns and joins of 'fib' to OpenMP");
    assert.ok(fn, JSON.stringify(actions.map(a => a.title)));
    const one = applyLspEdits(text, editsOf(await client.request<Action>('codeAction/resolve', fn), uri));
    assert.match(one, /#pragma omp task shared\(x\)\n  x = fib\(n - 1\);/);
    assert.match(one, /#pragma omp taskwait/);
    // main's loop stays MetaFork, inside the team the tasks of 'fib' need.
    assert.ok(one.endsWith('int main() {\n  int a[4];\n  /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */\n  #pragma omp parallel\n  #pragma omp single\n  {\n    meta_for (int i = 0; i < 4; i++) a[i] = fib(i);\n  }\n  return a[3];\n}\n'), one);
    const file = actions.find(a => a.title === 'Translate the file to CilkPlus')!;
    const all = applyLspEdits(text, editsOf(await client.request<Action>('codeAction/resolve', file), uri));
    assert.match(all, /#include <cilk\/cilk.h>/);
    assert.match(all, /x = cilk_spawn fib\(n - 1\);/);
    assert.match(all, /cilk_for \(int i = 0/);
    assert.doesNotMatch(all, /meta_/);
  });

  test('one spawn to OpenMP: the team its tasks need is opened in main, the Cilk header dropped, and the editor told; the program runs alike at 1, 2 and 4 threads', async () => {
    const text = [
      '#include <stdio.h>', '#include <cilk/cilk.h>', '',
      'long fib(int n) {', '  if (n < 2) return n;', '  long x = cilk_spawn fib(n - 1);', '  long y = fib(n - 2);',
      '  cilk_sync;', '  return x + y;', '}', '',
      'int main(void) {', '  printf("%ld\\n", fib(27));', '  return 0;', '}', '',
    ].join('\n');
    const uri = fresh('c');
    await client.open(uri, text, 'c');
    const actions = await actionsAt(uri, text.indexOf('cilk_spawn'));
    const action = actions.find(a => a.title === "Translate the spawns and joins of 'fib' to OpenMP")!;
    assert.ok(action, JSON.stringify(actions.map(a => a.title)));
    const heard = client.messages.length;
    const after = applyLspEdits(text, editsOf(await client.request<Action>('codeAction/resolve', action), uri));
    assert.equal(after, [
      '#include <stdio.h>', '',
      'long fib(int n) {', '  if (n < 2) return n;', '  long x;', '  #pragma omp task shared(x)', '  x = fib(n - 1);',
      '  long y = fib(n - 2);', '  #pragma omp taskwait', '  return x + y;', '}', '',
      'int main(void) {',
      '  /* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */',
      '  #pragma omp parallel', '  #pragma omp single', '  {', '    printf("%ld\\n", fib(27));', '  }', '  return 0;', '}', '',
    ].join('\n'));
    await waitForMessage(heard);
    assert.deepEqual(client.messages.slice(heard), [{
      type: 3,
      message: "MetaFork: translated the spawns and joins of 'fib' to OpenMP: 12:5: statements of 'main' now run inside '#pragma omp parallel' + '#pragma omp single', so that the translated tasks have a team of threads; 2:1: '#include <cilk/cilk.h>' removed: no Cilk construct is left in the file",
    }]);
    const work = workDir('lsp-focus-');
    const exe = build(work, after, 'fib-omp', ['-fopenmp']);
    for (const threads of ['1', '2', '4']) {
      const run = spawnSync(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: threads } });
      assert.equal(run.stdout, '196418\n', `at ${threads} threads`);
    }
  });

  test('a spawn translated to OpenMP in a file without main: the editor is warned that its tasks need a team', async () => {
    const text = 'long fib(int n) {\n  if (n < 2) return n;\n  long x = cilk_spawn fib(n - 1);\n  long y = fib(n - 2);\n  cilk_sync;\n  return x + y;\n}\n';
    const uri = fresh('c');
    await client.open(uri, text, 'c');
    const action = (await actionsAt(uri, text.indexOf('cilk_sync'))).find(a => a.title === "Translate the spawns and joins of 'fib' to OpenMP")!;
    const heard = client.messages.length;
    await client.request<Action>('codeAction/resolve', action);
    await waitForMessage(heard);
    assert.deepEqual(client.messages.slice(heard), [{
      type: 2,
      message: "MetaFork: translated the spawns and joins of 'fib' to OpenMP: 1:6: the file has no 'main' to open a team of threads in: these tasks run in parallel only when 'fib' is called inside '#pragma omp parallel' + '#pragma omp single'",
    }]);
  });

  test("an OpenMP task or taskwait to CilkPlus: the tasks and taskwaits of its function together (a task alone became a spawn the taskwait did not wait for); the program runs alike at 1, 2 and 4 threads", async () => {
    const uri = fresh('c');
    await client.open(uri, FIB_OMP, 'c');
    for (const at of ['#pragma omp task shared(x)', '#pragma omp taskwait\n  return']) {
      const actions = await actionsAt(uri, FIB_OMP.indexOf(at));
      const action = actions.find(a => a.title === "Translate the tasks and taskwaits of 'fib' to CilkPlus");
      assert.ok(action, JSON.stringify(actions.map(a => a.title)));
      const after = applyLspEdits(FIB_OMP, editsOf(await client.request<Action>('codeAction/resolve', action), uri));
      assert.equal(after, FIB_OMP
        .replace('#include <stdio.h>\n', '#include <stdio.h>\n#include <cilk/cilk.h>\n')
        .replace('  #pragma omp task shared(x)\n  x = fib(n - 1);', '  x = cilk_spawn fib(n - 1);')
        .replace('  #pragma omp taskwait\n  return', '  cilk_sync;\n  return'));
      // The serial elision of fib, called from main's OpenMP tasks.
      const exe = build(workDir('lsp-omp-focus-'), await elision(after, 'fib.c'), 'fib', ['-fopenmp']);
      for (const threads of ['1', '2', '4']) {
        const run = spawnSync(exe, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: threads } });
        assert.equal(run.stdout, 'fib(24) = 46368, fib(23) = 28657\n', `at ${threads} threads`);
      }
    }
  });

  test("an OpenMP region translated alone while a function it calls keeps its tasks: the editor is warned that they lose their team", async () => {
    const uri = fresh('c');
    await client.open(uri, FIB_OMP, 'c');
    const action = (await actionsAt(uri, FIB_OMP.indexOf('#pragma omp parallel'))).find(a => a.title === "Translate this '#pragma omp parallel' to CilkPlus")!;
    assert.ok(action);
    const heard = client.messages.length;
    const after = applyLspEdits(FIB_OMP, editsOf(await client.request<Action>('codeAction/resolve', action), uri));
    assert.equal(after, FIB_OMP
      .replace('#include <stdio.h>\n', '#include <stdio.h>\n#include <cilk/cilk.h>\n')
      .replace('  #pragma omp parallel\n  {\n    #pragma omp single\n    {\n      #pragma omp task shared(r)\n      r = fib(24);\n      s = fib(23);\n      #pragma omp taskwait\n    }\n  }',
        '  {\n    r = cilk_spawn fib(24);\n    s = fib(23);\n    cilk_sync;\n  }'));
    await waitForMessage(heard);
    assert.deepEqual(client.messages.slice(heard), [{
      type: 2,
      message: "MetaFork: translated this '#pragma omp parallel' to CilkPlus: 3:6: 'fib' keeps its '#pragma omp task' and had the team of the '#pragma omp parallel' region in 'main', translated now: its tasks have no team of threads and run one at a time (translate 'fib' too, or the file)",
    }]);
  });

  test('metafork/dialects: the dialects a document holds (the translation pick leaves out a file\'s only one)', async () => {
    const cases: [string, string, string[]][] = [
      ['c', 'int main(void) {\n  int s = 0;\n  #pragma omp parallel for reduction(+: s)\n  for (int i = 0; i < 4; i++) s += i;\n  return s;\n}\n', ['openmp']],
      ['c', 'int f(int n) {\n  int x = cilk_spawn f(n - 1);\n  cilk_sync;\n  return x;\n}\n', ['cilkplus']],
      ['mfc', LOOPS, ['metafork']],
      ['c', 'int main(void) { return 0; }\n', []],
    ];
    for (const [ext, text, expected] of cases) {
      const uri = fresh(ext);
      await client.open(uri, text, ext === 'mfc' ? 'metafork' : 'c');
      assert.deepEqual(await client.request('metafork/dialects', { textDocument: { uri } }), { version: 1, dialects: expected });
    }
  });

  test('an OpenMP region to MetaFork', async () => {
    const text = '#include <omp.h>\nint main() {\n  int a[8];\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++) a[i] = i;\n  return a[7];\n}\n';
    const uri = fresh('c');
    await client.open(uri, text, 'c');
    const actions = await actionsAt(uri, text.indexOf('parallel'));
    const action = actions.find(a => a.title === "Translate this '#pragma omp parallel for' to MetaFork")!;
    assert.ok(action, JSON.stringify(actions.map(a => a.title)));
    const after = applyLspEdits(text, editsOf(await client.request<Action>('codeAction/resolve', action), uri));
    assert.match(after, /\n  meta_for \(int i = 0; i < 8; i\+\+\) a\[i\] = i;/);
  });

  test('with errors in the file, translations are offered disabled, with the reason', async () => {
    const uri = fresh();
    const text = LOOPS.replace('b[j] = a[j] * 2;', 'b[j] = a[j] * 2');
    await client.open(uri, text);
    const actions = await actionsAt(uri, text.indexOf('meta_for (int i'), [], ['refactor.rewrite']);
    assert.ok(actions.length > 0);
    assert.ok(actions.every(a => a.disabled?.reason === 'the file has errors: fix them first'));
  });

  test('a translation with no counterpart resolves to no edit', async () => {
    const text = '#include <stdio.h>\nint main() {\n  int s = 0;\n  #pragma omp parallel\n  {\n    #pragma omp cancel parallel\n    s++;\n  }\n  printf("%d\\n", s);\n  return 0;\n}\n';
    const uri = fresh('c');
    await client.open(uri, text, 'c');
    const actions = await actionsAt(uri, text.indexOf('cancel'));
    const action = actions.find(a => a.title.endsWith('to MetaFork'))!;
    const resolved = await client.request<Action>('codeAction/resolve', action);
    assert.deepEqual(resolved.edit, { changes: {} });
  });

  test('a stale action is refused with ContentModified', async () => {
    const uri = fresh();
    await client.open(uri, LOOPS);
    const [action] = await actionsAt(uri, LOOPS.indexOf('meta_for (int i'), [], ['refactor']);
    await client.diagnostics(uri, await client.edit(uri, 0, 0, '// changed\n'));
    await assert.rejects(client.request('codeAction/resolve', action), (e: any) => e.code === -32801);
  });

  test('clients without resolve support get the edit in the list', async () => {
    const { client: plain } = await TestClient.start({ textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor'] } } } } });
    try {
      const uri = fresh();
      await plain.open(uri, LOOPS);
      const text = plain.text(uri);
      const at = position(text, text.indexOf('meta_for (int i'));
      const actions = await plain.request<Action[]>('textDocument/codeAction', { textDocument: { uri }, range: { start: at, end: at }, context: { diagnostics: [] } });
      const action = actions.find(a => a.title === "Translate this 'meta_for' to CilkPlus")!;
      assert.ok(action.edit?.changes, 'edit given inline, as `changes`');
      assert.match(applyLspEdits(text, action.edit.changes![uri]), /cilk_for \(int i = 0; i < 100; i\+\+\) a\[i\] = i;/);
    } finally {
      await plain.stop();
    }
  });
});

const REVERSAL = fs.readFileSync(fixture('cuda', 'thesis-reversal.mfc'), 'utf8');
const MATMUL = fs.readFileSync(fixture('cuda', 'thesis-matmul.mfc'), 'utf8');

async function hoverAt(uri: string, needle: string, delta = 0): Promise<string | null> {
  const text = client.text(uri);
  const at = text.indexOf(needle);
  assert.ok(at >= 0, needle);
  const h = await client.request<{ contents: { kind: string; value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: position(text, at + delta) });
  return h ? h.contents.value : null;
}

describe('hover', () => {
  test('a spawn: its counterparts and the sharing of each variable', async () => {
    const uri = fresh();
    await client.open(uri, FIB);
    const value = (await hoverAt(uri, 'meta_fork', 2))!;
    assert.match(value, /\*\*meta_fork\*\*/);
    assert.match(value, /\| CilkPlus \| `x = cilk_spawn f\(args\);` \|/);
    assert.match(value, /\| `x` \| result \|/);
    assert.match(value, /\| `n` \| firstprivate \| argument evaluated by the parent/);
  });

  test('a variable inside a parallel loop: its declaration and how the loop shares it', async () => {
    const uri = fresh();
    await client.open(uri, LOOPS);
    const value = (await hoverAt(uri, 'a[j]'))!;
    assert.match(value, /int a\[100\], b\[100\];/);
    assert.match(value, /in `meta_for` \(line 5\): \*\*shared\*\* — declared outside the loop/);
    const j = (await hoverAt(uri, 'b[j]', 2))!;
    assert.match(j, /\*\*private\*\* — loop control variable/);
  });

  test('an OpenMP directive: its MetaFork and CilkPlus counterparts', async () => {
    const text = 'int main() {\n  int a[8];\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++) a[i] = i;\n  return a[7];\n}\n';
    const uri = fresh('c');
    await client.open(uri, text, 'c');
    const value = (await hoverAt(uri, 'parallel for'))!;
    assert.match(value, /\| MetaFork \| `meta_for`/);
    assert.match(value, /\| CilkPlus \| `cilk_for` \|/);
  });

  test('a meta_schedule: the CUDA kernel and its launch shape', async () => {
    const uri = fresh();
    await client.open(uri, REVERSAL);
    const value = (await hoverAt(uri, 'meta_schedule', 3))!;
    assert.match(value, /becomes 1 CUDA kernel/);
    assert.match(value, /\*\*kernel0\*\*: grid `ub_v` blocks of `B` threads/);
    assert.match(value, /```cuda-cpp\n__global__ void kernel0\(int \*Out, int \*In, int ub_v, int B, int N\)/);
    assert.match(value, /kernel0<<<mf_grid, mf_block>>>/);
  });

  test('a kernel meta_for of a 2-D schedule: its kernel', async () => {
    const uri = fresh();
    await client.open(uri, MATMUL);
    const text = client.text(uri);
    const inner = text.indexOf('meta_for', text.indexOf('meta_schedule'));
    const h = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: position(text, inner + 1) });
    assert.match(h.contents.value, /\*\*kernel0\*\*: grid `[^`]+` × `[^`]+` blocks of `[^`]+` × `[^`]+` threads/);
    assert.match(h.contents.value, /__global__ void kernel0/);
  });

  test('kernels keep their numbers in the file: the second schedule shows kernel1, its lens too', async () => {
    const one = (name: string) => `void ${name}(int n, int B, float a[n]) {\n  int dim = (n + B - 1) / B;\n  meta_schedule {\n    meta_for (int v = 0; v < dim; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int p = v * B + u;\n        if (p < n) a[p] = 2 * a[p];\n      }\n  }\n}\n`;
    const uri = fresh();
    await client.open(uri, one('first') + one('second'));
    const text = client.text(uri);
    const h = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: position(text, text.lastIndexOf('meta_schedule') + 1) });
    assert.match(h.contents.value, /\*\*kernel1\*\*/);
    const lenses = await client.request<{ data: { kind: string }; command?: { title: string } }[]>('textDocument/codeLens', { textDocument: { uri } });
    const resolved = await Promise.all(lenses.filter(l => l.data.kind === 'cuda').map(l => client.request<{ command: { title: string } }>('codeLens/resolve', l)));
    assert.deepEqual(resolved.map(l => l.command.title.replace(/ \(≈ .*\)$/, '')), ['Show CUDA: kernel0', 'Show CUDA: kernel1']);
  });

  test('a schedule the generator refuses: the reason', async () => {
    const text = 'void f(int n, int *p) {\n  meta_schedule {\n    meta_for (int v = 0; v < n; v++)\n      meta_for (int u = 0; u < 32; u++)\n        p[-1] = u;\n  }\n}\n';
    const uri = fresh();
    await client.open(uri, text);
    const value = (await hoverAt(uri, 'meta_schedule', 1))!;
    assert.match(value, /no CUDA: MF509/);
  });

  test('plain code: nothing, and no error', async () => {
    const uri = fresh();
    await client.open(uri, '/* nothing here */\n');
    assert.equal(await hoverAt(uri, 'nothing'), null);
  });
});

describe('symbols, code lens, semantic tokens', () => {
  test('document symbols: functions with their parallel constructs nested', async () => {
    const text = 'int g;\n' + FIB.replace('  return x + y;', '  meta_join;\n  return x + y;') + 'int main() {\n  meta_for (int i = 0; i < 4; i++) {\n    meta_fork fib(i);\n    meta_join;\n  }\n  return 0;\n}\n';
    const uri = fresh();
    await client.open(uri, text);
    type Sym = { name: string; detail?: string; kind: number; children?: Sym[] };
    const symbols = await client.request<Sym[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const shape = (s: Sym): unknown => [s.name, s.detail ?? '', ...(s.children?.length ? [s.children.map(shape)] : [])];
    assert.deepEqual(symbols.map(shape), [
      ['g', 'int'],
      ['fib', 'long', [['meta_fork', 'fib(n - 1)'], ['meta_join', '']]],
      ['main', 'int', [['meta_for', '(int i = 0; i < 4; i++)', [['meta_fork', 'fib(i)'], ['meta_join', '']]]]],
    ]);
    assert.equal(symbols[1].kind, 12); // Function
  });

  test('code lens over each meta_schedule opens the CUDA view', async () => {
    const uri = fresh();
    await client.open(uri, MATMUL);
    type Lens = { range: { start: { line: number } }; data: unknown; command?: { title: string; command: string; arguments: unknown[] } };
    const lenses = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri } });
    assert.equal(lenses.length, 2);
    assert.equal(lenses[0].range.start.line, client.text(uri).slice(0, client.text(uri).indexOf('meta_schedule')).split('\n').length - 1);
    // Both resolved on demand (a file may hold hundreds of schedules).
    assert.deepEqual(lenses.map(l => l.command), [undefined, undefined]);
    const cuda = await client.request<Lens>('codeLens/resolve', lenses[0]);
    assert.deepEqual({ ...cuda.command, title: undefined }, { title: undefined, command: 'metafork.showCuda', arguments: [uri] });
    // The title carries the estimate on the configured GPU (default H100).
    assert.match(cuda.command!.title, /^Show CUDA: kernel0 \(≈ [\d.,]+ (µs|ms) on H100 \(SXM5\)\)$/);
  });

  test('the "N cases" lens: resolved on demand, opens the case discussion; stale after an edit; the reason when a schedule has no case', async () => {
    type Lens = { range: { start: { line: number } }; command?: { title: string; command: string; arguments: unknown[] }; data?: unknown };
    const uri = fresh();
    const text = fs.readFileSync(fixture('optimize', 'matvec.mfc'), 'utf8');
    await client.open(uri, text);
    const lenses = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri } });
    const unresolved = lenses.find(l => (l.data as { kind: string }).kind === 'cases')!;
    assert.equal(unresolved.range.start.line, position(text, text.indexOf('meta_schedule')).line);
    const resolved = await client.request<Lens>('codeLens/resolve', unresolved);
    assert.equal(resolved.command!.command, 'metafork.showCases');
    assert.deepEqual(resolved.command!.arguments, [uri]);
    assert.match(resolved.command!.title, /^3 cases \(no kernel when R_B < \d+\)$/);
    // After an edit the lens is stale: the client asks for lenses again.
    await client.edit(uri, 0, 0, '// edited\n');
    await assert.rejects(client.request('codeLens/resolve', unresolved), (e: any) => e.code === -32801);
    // A schedule the optimizer refuses (its block loop has no bound it can read): the reason.
    const refused = fresh();
    await client.open(refused, 'void f(int n, int *p) {\n  meta_schedule {\n    meta_for (int v = 0; v < n; v++)\n      meta_for (int u = 0; u < 32; u++)\n        p[-1] = u;\n  }\n}\n');
    const [, open] = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri: refused } });
    const why = await client.request<Lens>('codeLens/resolve', open);
    assert.match(why.command!.title, /^Cases: 1 error \(MF5\d\d\): /);
    // A correct schedule in a file with an error in another function: the lenses say where that is.
    const elsewhere = fresh();
    const schedule = 'void good(int n, int B, float *a, float *b) {\n  int g = (n + B - 1) / B;\n  meta_schedule {\n    meta_for (int v = 0; v < g; v++)\n      meta_for (int u = 0; u < B; u++) {\n        int i = v * B + u;\n        if (i < n) b[i] = 2 * a[i];\n      }\n  }\n}\n';
    await client.open(elsewhere, `${schedule}\nint other(int n) {\n  return n +;\n}\n`);
    const both = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri: elsewhere } });
    const titles = await Promise.all(both.map(l => client.request<Lens>('codeLens/resolve', l).then(r => r.command!.title)));
    // The CUDA of the schedule is made all the same; its cases wait for the file to check.
    assert.match(titles[0], /^Show CUDA: kernel0 \(≈ /);
    assert.equal(titles[1], 'Cases: none while the file has an error at line 13 (MF102)');
  });

  test('semantic tokens: keywords, clauses, pragma directives', async () => {
    const text = 'int main() {\n  int x = 0, s = 0;\n  meta_fork shared(x) { x = 1; }\n  meta_join;\n  #pragma omp parallel for reduction(+: s)\n  for (int i = 0; i < 4; i++) s += i;\n  return x + s;\n}\n';
    const uri = fresh();
    await client.open(uri, text);
    const init = (await TestClient.start()).client; // legend check on a second connection
    await init.stop();
    const { data } = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    const types = ['keyword', 'macro', 'property', 'variable'];
    const lines = text.split('\n');
    const decoded: string[] = [];
    let line = 0, ch = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i]; ch = data[i] ? data[i + 1] : ch + data[i + 1];
      const mods = ['metafork', 'openmp', 'cilkplus'].filter((_, b) => data[i + 4] & (1 << b));
      decoded.push(`${lines[line].slice(ch, ch + data[i + 2])}:${types[data[i + 3]]}:${mods.join(',')}`);
    }
    assert.deepEqual(decoded, [
      'meta_fork:keyword:metafork', 'shared:property:metafork', 'x:variable:metafork', 'meta_join:keyword:metafork',
      '#pragma omp:macro:openmp', 'parallel for:keyword:openmp', 'reduction:property:openmp', 's:variable:openmp',
    ]);
  });
});

describe('custom requests', () => {
  test('metafork/translate: the whole file, and the construct at a position', async () => {
    const uri = fresh();
    await client.open(uri, LOOPS);
    const whole = await client.request('metafork/translate', { textDocument: { uri }, to: 'openmp' });
    assert.equal(whole.version, 1);
    assert.deepEqual(whole.from, ['metafork']);
    assert.equal((whole.text.match(/#pragma omp parallel for/g) ?? []).length, 2);
    const one = await client.request('metafork/translate', { textDocument: { uri }, to: 'cilkplus', position: position(LOOPS, LOOPS.indexOf('meta_for (int i')) });
    assert.match(one.text, /cilk_for \(int i/);
    assert.match(one.text, /meta_for \(int j/);
    assert.deepEqual(one.range, { start: position(LOOPS, LOOPS.indexOf('meta_for (int i')), end: position(LOOPS, LOOPS.indexOf('\n  meta_for (int j')) });
  });

  test('metafork/translate: a refusal carries its diagnostics', async () => {
    const uri = fresh('c');
    const text = 'int main() {\n  int s = 0;\n  #pragma omp parallel\n  {\n    #pragma omp cancel parallel\n    s++;\n  }\n  return s;\n}\n';
    await client.open(uri, text, 'c');
    const r = await client.request('metafork/translate', { textDocument: { uri }, to: 'metafork' });
    assert.equal(r.text, undefined);
    assert.ok(r.diagnostics.some((d: LspDiagnostic) => d.code === 'MF601' && d.range.start.line === 4), JSON.stringify(r.diagnostics));
  });

  test('metafork/cuda: the .cu with kernels, schedules and tiles, in either memory mode', async () => {
    const uri = fresh();
    await client.open(uri, MATMUL);
    const global = await client.request('metafork/cuda', { textDocument: { uri }, memory: 'global' });
    assert.deepEqual(global.kernels, ['kernel0']);
    assert.match(global.text, /__global__ void kernel0/);
    assert.deepEqual(global.tiles, []);
    assert.equal(global.schedules.length, 1);
    assert.equal(global.schedules[0].kernels[0].grid.length, 2);
    const shared = await client.request('metafork/cuda', { textDocument: { uri }, memory: 'shared' });
    assert.ok(shared.tiles.length > 0);
    assert.match(shared.text, /extern __shared__/);
  });

  test('metafork/optimize: the case discussion, its cases and the .cu with the dispatcher, for the schedule at a position', async () => {
    const uri = fresh();
    const text = fs.readFileSync(fixture('optimize', 'matvec.mfc'), 'utf8');
    await client.open(uri, text);
    const at = text.indexOf('meta_schedule');
    const r = await client.request('metafork/optimize', { textDocument: { uri }, position: position(text, at + 3) });
    assert.equal(r.schedules.length, 1);
    assert.deepEqual(r.schedules[0].cases.map((c: { summary: string }) => c.summary), ['cache(c, a, b), granularity s, CSE level 2', 'cache(c, a, b), granularity s = 1, CSE level 2', 'no caching, granularity s = 1, CSE level 2']);
    assert.deepEqual(r.schedules[0].cases[0].strategies[0], ['1', '4a', '3a', '2', '2']);
    assert.equal(r.schedules[0].range.start.line, position(text, at).line);
    assert.match(r.text, /meta_schedule: 3 cases/);
    assert.match(r.cuda, /mfReadDeviceLimits/);
    // metafork.cuda.nvccPath is empty: nvcc is never run, even when one is on the PATH (a workspace
    // must not pick the program the server runs).
    assert.match(r.text, /registers per thread: \d+ \(estimated without nvcc\)/);
  });

  test("metafork/optimize without nvcc configured: the counts the command line's nvcc took, the same as its own", { skip: nvccPath() ? false : 'nvcc not found: no count to share' }, async () => {
    const text = fs.readFileSync(fixture('optimize', 'transpose.mfc'), 'utf8');
    const file = path.join(TEST_CACHE, 'transpose.mfc');
    fs.writeFileSync(file, text);
    const cli = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'metafork'), 'optimize', '--registers', 'nvcc', file], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: TEST_CACHE } });
    assert.equal(cli.status, 0, cli.stderr);
    const counted = [...cli.stdout.matchAll(/registers per thread: (\d+) \(nvcc --resource-usage\)/g)].map(m => m[1]);
    assert.ok(counted.length > 0, cli.stdout);
    const uri = fresh();
    await client.open(uri, text);
    const r = await client.request('metafork/optimize', { textDocument: { uri } });
    assert.deepEqual([...r.text.matchAll(/registers per thread: (\d+) \(nvcc --resource-usage\)/g)].map((m: RegExpMatchArray) => m[1]), counted);
    assert.deepEqual(r.schedules[0].cases.map((c: { registersBy: string }) => c.registersBy), counted.map(() => 'nvcc --resource-usage'));
  });

  test('metafork/optimize with metafork.cuda.nvccPath set: registers counted by that nvcc', { skip: nvccPath() ? false : 'nvcc not found' }, async () => {
    // Settings from the initialization options (a client without workspace/configuration).
    const { client: configured } = await TestClient.start({ textDocument: DEFAULT_CAPABILITIES.textDocument }, { settings: { cuda: { nvccPath: nvccPath() } } });
    try {
      const uri = fresh();
      await configured.open(uri, fs.readFileSync(fixture('optimize', 'reversal.mfc'), 'utf8'));
      const r = await configured.request('metafork/optimize', { textDocument: { uri } });
      assert.match(r.text, /registers per thread: \d+ \(nvcc --resource-usage\)/);
    } finally {
      await configured.stop();
    }
  });

  test('metafork/analyze: the cost model of the schedule at a position, on a chosen GPU; the hover gives the estimate', async () => {
    const uri = fresh();
    const text = fs.readFileSync(fixture('cuda', 'thesis-jacobi1d.mfc'), 'utf8');
    await client.open(uri, text);
    const at = text.indexOf('meta_schedule {');
    const r = await client.request('metafork/analyze', { textDocument: { uri }, position: position(text, at + 3), gpu: 'k20c', set: { N: 65538 } });
    assert.equal(r.gpu.name, 'Tesla K20c');
    assert.equal(r.schedules.length, 1);
    const [s] = r.schedules;
    assert.equal(s.range.start.line, position(text, at).line);
    assert.equal(s.values.N, 65538);
    assert.deepEqual(s.kernels.map((k: { name: string; formulas: { ops: string; launches: string } }) => [k.name, k.formulas.ops, k.formulas.launches]), [['kernel0', '10', 'T'], ['kernel1', '6', 'T']]);
    assert.ok(s.cycles > 0 && s.sweep.length === 6);
    assert.match(r.text, /meta_schedule on Tesla K20c/);
    const h = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri }, position: position(text, at + 3) });
    assert.match(h.contents.value, /\*\*Estimate\*\*: ≈ [\d.,]+ (µs|ms) on H100 \(SXM5\) with B = 64/);
  });

  test('metafork/plot: each case by block size on a GPU, the points its constraints allow, the chosen one', async () => {
    const uri = fresh();
    const text = fs.readFileSync(fixture('optimize', 'matvec.mfc'), 'utf8');
    await client.open(uri, text);
    const at = text.indexOf('meta_schedule {');
    const r = await client.request('metafork/plot', { textDocument: { uri }, position: position(text, at + 20), gpu: 'gtx-670' });
    assert.equal(r.gpu, 'GeForce GTX 670');
    assert.equal(r.range.start.line, position(text, at).line);
    assert.deepEqual(r.blockParameters, ['B']);
    assert.deepEqual(r.values, { N: 300, s: 2 });
    assert.deepEqual(r.assumed, []);
    assert.deepEqual(r.cases.map((c: { index: number }) => c.index), [1, 2, 3]);
    type Point = { threads: number; microseconds: number | null; fits: boolean };
    const [one, , three] = r.cases.map((c: { points: Point[] }) => c.points);
    // Case 1 caches sB² + sB + B words: from B = 128 on that passes the GTX 670's 48 KB a block.
    assert.deepEqual(one.map((p: Point) => [p.threads, p.microseconds === null, p.fits]), [[32, false, true], [64, false, true], [128, true, false], [256, true, false], [512, true, false], [1024, true, false]]);
    // Case 3 (no cache) is the case exactly where caching does not fit.
    assert.deepEqual(three.map((p: Point) => p.fits), [false, false, true, true, true, true]);
    // The fastest point some case allows.
    const allowed = r.cases.flatMap((c: { index: number; points: Point[] }) => c.points.filter(p => p.fits && p.microseconds !== null).map(p => ({ ...p, case: c.index })));
    const fastest = allowed.reduce((a: Point, b: Point) => (b.microseconds! < a.microseconds! ? b : a));
    assert.deepEqual([r.chosen.case, r.chosen.threads], [(fastest as unknown as { case: number }).case, fastest.threads]);
    // Outside a schedule: no cases, and why.
    const none = await client.request('metafork/plot', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.deepEqual(none.cases, []);
  });

  test('metafork/cuda: follows edits (the version it answers for is the newest)', async () => {
    const uri = fresh();
    await client.open(uri, REVERSAL);
    const text = client.text(uri);
    const at = text.indexOf('Out[outoffset] = In[inoffset];');
    const version = await client.edit(uri, at, at + 'Out[outoffset] = In[inoffset];'.length, 'Out[outoffset] = 2 * In[inoffset];');
    const r = await client.request('metafork/cuda', { textDocument: { uri } });
    assert.equal(r.version, version);
    assert.match(r.text, /Out\[outoffset\] = 2 \* In\[inoffset\];/);
  });

  test('cancellation: a cancelled translation answers RequestCancelled', async () => {
    const uri = fresh();
    const big = generateProgram(3000);
    await client.open(uri, big);
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest('metafork/translate', { textDocument: { uri }, to: 'cilkplus' }, source.token);
    setTimeout(() => source.cancel(), 20);
    await assert.rejects(pending, (e: any) => e.code === -32800);
    // The server goes on: the same translation, not cancelled, completes.
    const r = await client.request('metafork/translate', { textDocument: { uri }, to: 'cilkplus' });
    assert.match(r.text, /cilk_spawn/);
  });

  test('bad requests get LSP errors, and the server goes on', async () => {
    const uri = fresh();
    await client.open(uri, FIB);
    const code = async (p: Promise<unknown>) => { try { await p; return 'answered'; } catch (e: any) { return e.code; } };
    assert.equal(await code(client.request('textDocument/hover', { textDocument: { uri: 'file:///nope.mfc' }, position: { line: 0, character: 0 } })), -32602);
    assert.equal(await code(client.request('textDocument/hover', { textDocument: { uri } })), -32602);
    assert.equal(await code(client.request('textDocument/hover', { textDocument: {}, position: { line: 0, character: 0 } })), -32602);
    assert.equal(await code(client.request('metafork/translate', { textDocument: { uri }, to: 'fortran' })), -32602);
    assert.equal(await code(client.request('metafork/cuda', { textDocument: { uri }, memory: 'texture' })), -32602);
    assert.equal(await code(client.request('codeAction/resolve', { title: 'x', data: { kind: 'nonsense' } })), -32602);
    assert.equal(await code(client.request('metafork/nonexistent', {})), -32601);
    assert.equal(await code(client.request('metafork/analyze', { textDocument: { uri }, gpu: 'gtx-9000' })), -32602);
    assert.equal(await code(client.request('metafork/analyze', { textDocument: { uri }, set: { N: 'big' } })), -32602);
    // No schedule to optimize: an answer with the diagnostic, not an error.
    const none = await client.request('metafork/optimize', { textDocument: { uri } });
    assert.deepEqual(none.diagnostics.map((d: LspDiagnostic) => d.code), ['MF510']);
    assert.equal(none.text, undefined);
    // Still alive and answering.
    assert.match((await hoverAt(uri, 'meta_fork'))!, /meta_fork/);
  });
});
