"use strict";
// Every quick fix of the registry (checks/fixes.ts), through the server in this process: the
// whole text before, the fix picked by its title, the whole text after; the fixed text has no
// diagnostic left.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const fixes_1 = require("../../server/src/checks/fixes");
const harness_1 = require("./harness");
const client_1 = require("./client");
/** The lines of a text, each ending with a newline. */
const text = (...lines) => lines.map(l => `${l}\n`).join('');
const CASES = [
    {
        code: 'MF314', title: "Insert 'meta_join;' before the return",
        before: text('long fib(long n) {', '  long x, y;', '  if (n < 2) return n;', '  x = meta_fork fib(n - 1);', '  y = fib(n - 2);', '  return x + y;', '}'),
        after: text('long fib(long n) {', '  long x, y;', '  if (n < 2) return n;', '  x = meta_fork fib(n - 1);', '  y = fib(n - 2);', '  meta_join;', '  return x + y;', '}'),
    },
    {
        code: 'MF402', title: "Add 'shared(x)' to the spawn",
        before: text('int main() {', '  int x = 0;', '  meta_fork { x = 1; }', '  meta_join;', '  return x;', '}'),
        after: text('int main() {', '  int x = 0;', '  meta_fork shared(x) { x = 1; }', '  meta_join;', '  return x;', '}'),
    },
    {
        code: 'MF102', title: "Insert ';'", c: true,
        before: text('int main() {', '  int x = 1', '  return x;', '}'),
        after: text('int main() {', '  int x = 1;', '  return x;', '}'),
    },
    {
        code: 'MF102', title: "Insert 'int'", c: true,
        before: text('int n;', 'main(argc, argv)', '  int argc;', '  char **argv;', '{', '  n = argc;', '  return 0;', '}'),
        after: text('int n;', 'int main(argc, argv)', '  int argc;', '  char **argv;', '{', '  n = argc;', '  return 0;', '}'),
    },
    {
        code: 'MF201', title: "Change 'paralel' to 'parallel'", c: true,
        before: text('int main() {', '  int a[8];', '  #pragma omp paralel for', '  for (int i = 0; i < 8; i++) a[i] = i;', '  return a[7];', '}'),
        after: text('int main() {', '  int a[8];', '  #pragma omp parallel for', '  for (int i = 0; i < 8; i++) a[i] = i;', '  return a[7];', '}'),
    },
    {
        code: 'MF202', title: "Change 'reduktion' to 'reduction'", c: true,
        before: text('int main() {', '  int s = 0;', '  #pragma omp parallel for reduktion(+: s)', '  for (int i = 0; i < 8; i++) s += i;', '  return s;', '}'),
        after: text('int main() {', '  int s = 0;', '  #pragma omp parallel for reduction(+: s)', '  for (int i = 0; i < 8; i++) s += i;', '  return s;', '}'),
    },
    {
        code: 'MF203', title: "Change 'shraed' to 'shared'", c: true,
        before: text('int main() {', '  int n = 0;', '  #pragma omp parallel default(shraed)', '  {', '    #pragma omp atomic', '    n++;', '  }', '  return n;', '}'),
        after: text('int main() {', '  int n = 0;', '  #pragma omp parallel default(shared)', '  {', '    #pragma omp atomic', '    n++;', '  }', '  return n;', '}'),
    },
    {
        code: 'MF205', title: "Change 'sahred' to 'shared'",
        before: text('int main() {', '  int x = 0;', '  meta_fork sahred(x) { x = 1; }', '  meta_join;', '  return x;', '}'),
        after: text('int main() {', '  int x = 0;', '  meta_fork shared(x) { x = 1; }', '  meta_join;', '  return x;', '}'),
    },
    {
        code: 'MF403', title: "Add 'reduction(+: s)' to 'meta_for'",
        before: text('int main() {', '  int s = 0;', '  meta_for (int i = 0; i < 10; i++)', '    s += i;', '  return s;', '}'),
        after: text('int main() {', '  int s = 0;', '  meta_for reduction(+: s) (int i = 0; i < 10; i++)', '    s += i;', '  return s;', '}'),
    },
    {
        code: 'MF401', title: "Remove 'y' from the clause",
        before: text('int main() {', '  int x = 0;', '  meta_fork shared(x, y) { x = 1; }', '  meta_join;', '  return x;', '}'),
        after: text('int main() {', '  int x = 0;', '  meta_fork shared(x) { x = 1; }', '  meta_join;', '  return x;', '}'),
    },
    {
        code: 'MF404', title: "Remove 'c' from the clause",
        before: text('int main() {', '  const int c = 4;', '  int x = 0;', '  meta_fork shared(c, x) { x = c; }', '  meta_join;', '  return x;', '}'),
        after: text('int main() {', '  const int c = 4;', '  int x = 0;', '  meta_fork shared(x) { x = c; }', '  meta_join;', '  return x;', '}'),
    },
    {
        code: 'MF204', title: "Remove the clause 'nowait'", c: true,
        // (Each thread's 'n++' would be a race: MF403.)
        before: text('int main() {', '  int n = 0;', '  #pragma omp parallel nowait', '  {', '  #pragma omp atomic', '    n++;', '  }', '  return n;', '}'),
        after: text('int main() {', '  int n = 0;', '  #pragma omp parallel', '  {', '  #pragma omp atomic', '    n++;', '  }', '  return n;', '}'),
    },
    {
        code: 'MF405', title: "Add 'firstprivate(n)' to '#pragma omp parallel for'", c: true,
        before: text('int main() {', '  int a[4], n = 4;', '  #pragma omp parallel for default(none) shared(a)', '  for (int i = 0; i < n; i++) a[i] = i;', '  return a[3];', '}'),
        after: text('int main() {', '  int a[4], n = 4;', '  #pragma omp parallel for default(none) shared(a) firstprivate(n)', '  for (int i = 0; i < n; i++) a[i] = i;', '  return a[3];', '}'),
    },
];
let client;
let counter = 0;
(0, node_test_1.before)(async () => { client = (await harness_1.InProcessClient.start()).client; });
(0, node_test_1.after)(() => client.stop());
(0, node_test_1.test)('every quick fix of the registry has a case here', () => {
    strict_1.default.deepEqual([...new Set(CASES.map(c => c.code))].sort(), [...fixes_1.FIXES.keys()].sort());
});
for (const c of CASES) {
    (0, node_test_1.test)(`${c.code}: ${c.title}`, async () => {
        const uri = `file:///tmp/quickfixes/doc${++counter}.${c.c ? 'c' : 'mfc'}`;
        const published = await client.open(uri, c.before, c.c ? 'c' : 'metafork');
        const d = published.diagnostics.find(x => x.code === c.code);
        strict_1.default.ok(d, `expected ${c.code} in ${JSON.stringify(published.diagnostics.map(x => x.code))}`);
        const context = { diagnostics: [d], only: ['quickfix'] };
        const params = { textDocument: { uri }, range: d.range, context };
        const actions = await client.request('textDocument/codeAction', params);
        const action = actions.find(a => a.title === c.title);
        strict_1.default.ok(action, `no fix '${c.title}' among ${JSON.stringify(actions.map(a => a.title))}`);
        const edits = action.edit.documentChanges.flatMap((e) => e.edits);
        const fixed = (0, client_1.applyLspEdits)(c.before, edits);
        strict_1.default.equal(fixed, c.after);
        const version = await client.edit(uri, 0, c.before.length, fixed);
        strict_1.default.deepEqual((await client.diagnostics(uri, version)).diagnostics, []);
    });
}
//# sourceMappingURL=quickfixes.test.js.map