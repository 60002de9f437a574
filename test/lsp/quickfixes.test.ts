// Every quick fix of the registry (checks/fixes.ts), through the server in this process: the
// whole text before, the fix picked by its title, the whole text after; the fixed text has no
// diagnostic left.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { FIXES } from '../../server/src/checks/fixes';
import { InProcessClient } from './harness';
import { applyLspEdits } from './client';

interface Case { code: string; title: string; before: string; after: string; c?: boolean }

const CASES: Case[] = [
  {
    code: 'MF314', title: "Insert 'meta_join;' before the return",
    before: 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n  y = fib(n - 2);\n  return x + y;\n}\n',
    after: 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n  y = fib(n - 2);\n  meta_join;\n  return x + y;\n}\n',
  },
  {
    code: 'MF402', title: "Add 'shared(x)' to the spawn",
    before: 'int main() {\n  int x = 0;\n  meta_fork { x = 1; }\n  meta_join;\n  return x;\n}\n',
    after: 'int main() {\n  int x = 0;\n  meta_fork shared(x) { x = 1; }\n  meta_join;\n  return x;\n}\n',
  },
  {
    code: 'MF102', title: "Insert ';'", c: true,
    before: 'int main() {\n  int x = 1\n  return x;\n}\n',
    after: 'int main() {\n  int x = 1;\n  return x;\n}\n',
  },
  {
    code: 'MF201', title: "Change 'paralel' to 'parallel'", c: true,
    before: 'int main() {\n  int a[8];\n  #pragma omp paralel for\n  for (int i = 0; i < 8; i++) a[i] = i;\n  return a[7];\n}\n',
    after: 'int main() {\n  int a[8];\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++) a[i] = i;\n  return a[7];\n}\n',
  },
  {
    code: 'MF202', title: "Change 'reduktion' to 'reduction'", c: true,
    before: 'int main() {\n  int s = 0;\n  #pragma omp parallel for reduktion(+: s)\n  for (int i = 0; i < 8; i++) s += i;\n  return s;\n}\n',
    after: 'int main() {\n  int s = 0;\n  #pragma omp parallel for reduction(+: s)\n  for (int i = 0; i < 8; i++) s += i;\n  return s;\n}\n',
  },
  {
    code: 'MF203', title: "Change 'shraed' to 'shared'", c: true,
    before: 'int main() {\n  int n = 0;\n  #pragma omp parallel default(shraed)\n  {\n    #pragma omp atomic\n    n++;\n  }\n  return n;\n}\n',
    after: 'int main() {\n  int n = 0;\n  #pragma omp parallel default(shared)\n  {\n    #pragma omp atomic\n    n++;\n  }\n  return n;\n}\n',
  },
  {
    code: 'MF205', title: "Change 'sahred' to 'shared'",
    before: 'int main() {\n  int x = 0;\n  meta_fork sahred(x) { x = 1; }\n  meta_join;\n  return x;\n}\n',
    after: 'int main() {\n  int x = 0;\n  meta_fork shared(x) { x = 1; }\n  meta_join;\n  return x;\n}\n',
  },
  {
    code: 'MF403', title: "Add 'reduction(+: s)' to 'meta_for'",
    before: 'int main() {\n  int s = 0;\n  meta_for (int i = 0; i < 10; i++)\n    s += i;\n  return s;\n}\n',
    after: 'int main() {\n  int s = 0;\n  meta_for reduction(+: s) (int i = 0; i < 10; i++)\n    s += i;\n  return s;\n}\n',
  },
  {
    code: 'MF401', title: "Remove 'y' from the clause",
    before: 'int main() {\n  int x = 0;\n  meta_fork shared(x, y) { x = 1; }\n  meta_join;\n  return x;\n}\n',
    after: 'int main() {\n  int x = 0;\n  meta_fork shared(x) { x = 1; }\n  meta_join;\n  return x;\n}\n',
  },
  {
    code: 'MF404', title: "Remove 'c' from the clause",
    before: 'int main() {\n  const int c = 4;\n  int x = 0;\n  meta_fork shared(c, x) { x = c; }\n  meta_join;\n  return x;\n}\n',
    after: 'int main() {\n  const int c = 4;\n  int x = 0;\n  meta_fork shared(x) { x = c; }\n  meta_join;\n  return x;\n}\n',
  },
  {
    code: 'MF204', title: "Remove the clause 'nowait'", c: true,
    before: 'int main() {\n  int n = 0;\n  #pragma omp parallel nowait\n  { n++; }\n  return n;\n}\n',
    after: 'int main() {\n  int n = 0;\n  #pragma omp parallel\n  { n++; }\n  return n;\n}\n',
  },
  {
    code: 'MF405', title: "Add 'firstprivate(n)' to '#pragma omp parallel for'", c: true,
    before: 'int main() {\n  int a[4], n = 4;\n  #pragma omp parallel for default(none) shared(a)\n  for (int i = 0; i < n; i++) a[i] = i;\n  return a[3];\n}\n',
    after: 'int main() {\n  int a[4], n = 4;\n  #pragma omp parallel for default(none) shared(a) firstprivate(n)\n  for (int i = 0; i < n; i++) a[i] = i;\n  return a[3];\n}\n',
  },
];

let client: InProcessClient;
let counter = 0;
before(async () => { client = (await InProcessClient.start()).client; });
after(() => client.stop());

test('every quick fix of the registry has a case here', () => {
  assert.deepEqual(CASES.map(c => c.code).sort(), [...FIXES.keys()].sort());
});

for (const c of CASES) {
  test(`${c.code}: ${c.title}`, async () => {
    const uri = `file:///tmp/quickfixes/doc${++counter}.${c.c ? 'c' : 'mfc'}`;
    const published = await client.open(uri, c.before, c.c ? 'c' : 'metafork');
    const d = published.diagnostics.find(x => x.code === c.code);
    assert.ok(d, `expected ${c.code} in ${JSON.stringify(published.diagnostics.map(x => x.code))}`);
    const context = { diagnostics: [d], only: ['quickfix'] };
    const actions = await client.request<any[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context });
    const action = actions.find(a => a.title === c.title);
    assert.ok(action, `no fix '${c.title}' among ${JSON.stringify(actions.map(a => a.title))}`);
    const edits = action.edit.documentChanges.flatMap((e: any) => e.edits);
    const fixed = applyLspEdits(c.before, edits);
    assert.equal(fixed, c.after);
    const version = await client.edit(uri, 0, c.before.length, fixed);
    assert.deepEqual((await client.diagnostics(uri, version)).diagnostics, []);
  });
}
