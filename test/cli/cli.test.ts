// The command line as a user meets it: the installed `bin/metafork`, real files, stdin,
// exit codes 0/1/2 and the JSON shape the README gives.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT } from '../helpers';
import { nvccPath } from '../../server/src/optimize/registers';

const BIN = path.join(ROOT, 'bin', 'metafork');
const run = (args: string[], input?: string) => spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', cwd: ROOT });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cli-'));
const write = (name: string, text: string) => { const p = path.join(tmp, name); fs.writeFileSync(p, text); return p; };

const BAD = 'void f(int *a, int n) {\n  #pragma omp paralel for\n  for (int i = 0; i < n; i++) a[i] = 0;\n}\n';

test('check: clean files exit 0 with no output', () => {
  const r = run(['check', 'examples/fib.mfc', 'examples/loop_omp.c', 'examples/jacobi1d.mfc']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
});

test('check: errors print FILE:LINE:COL and exit 1', () => {
  const file = write('bad.c', BAD);
  const r = run(['check', file]);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, `${file}:2:15: error: unknown OpenMP directive 'paralel'; did you mean 'parallel'? [MF201]\n`);
});

test('check: warnings alone exit 0', () => {
  const file = write('warn.mfc', 'long f(long n) { long x; x = meta_fork g(n); return x; }\n');
  const r = run(['check', file]);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /warn\.mfc:1:46: warning: .* can reach this return without a 'meta_join'.* \[MF314\]/);
});

test('check --json: LSP diagnostics with a 1-based line', () => {
  const file = write('bad2.c', BAD);
  const r = run(['check', '--json', file]);
  assert.equal(r.status, 1);
  const out = JSON.parse(r.stdout);
  const [d] = out.files[0].diagnostics;
  assert.equal(out.files[0].file, file);
  assert.deepEqual(d.range, { start: { line: 1, character: 14 }, end: { line: 1, character: 21 } });
  assert.equal(d.line, 2);
  assert.equal(d.severity, 1);
  assert.equal(d.code, 'MF201');
  assert.equal(d.source, 'metafork');
  assert.deepEqual(d.data, { replace: 'paralel', with: 'parallel' });
});

test('check: - reads standard input', () => {
  const r = run(['check', '-'], BAD);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^<stdin>:2:15: error: unknown OpenMP directive 'paralel'/);
});

/** The lines of a text, each ending with a newline. */
const lines = (...ls: string[]) => ls.map(l => `${l}\n`).join('');
const FIB_UNJOINED = lines(
  'long fib(long n) {', '  long x, y;', '  if (n < 2) return n;', '  x = meta_fork fib(n - 1);', '  y = fib(n - 2);',
);
const SUM_HEAD = lines('}', '', 'int sum(int *a, int n) {', '  int s = 0;');
const SUM_TAIL = lines('  for (int i = 0; i < n; i++)', '    s += a[i];', '  return s;', '}');
const FIXABLE = FIB_UNJOINED + lines('  return x + y;') + SUM_HEAD
  + lines('  #pragma omp paralel for default(none) shared(a)') + SUM_TAIL;
const FIXED = FIB_UNJOINED + lines('  meta_join;', '  return x + y;') + SUM_HEAD
  + lines('  #pragma omp parallel for default(none) shared(a) shared(n) reduction(+: s)') + SUM_TAIL;

test('check --fix -o OUT: every quick fix applied, round after round; what was fixed, where it now stands', () => {
  const file = write('fixable.mfc', FIXABLE);
  const out = path.join(tmp, 'fixed.mfc');
  const r = run(['check', '--fix', file, '-o', out]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(fs.readFileSync(out, 'utf8'), FIXED);
  assert.equal(fs.readFileSync(file, 'utf8'), FIXABLE);
  assert.equal(r.stdout, [
    `${file}:6:3: fixed: Insert 'meta_join;' before the return [MF314]`,
    `${file}:12:15: fixed: Change 'paralel' to 'parallel' [MF201]`,
    `${file}:12:51: fixed: Add 'shared(n)' to '#pragma omp parallel for' [MF405]`,
    `${file}:12:61: fixed: Add 'reduction(+: s)' to '#pragma omp parallel for' [MF403]`,
  ].map(l => l + '\n').join(''));
});

test('check --fix: the file written back; a misspelled clause corrected, not added again; what remains, exit 1', () => {
  const serial = lines('void h(int n) {', '  #pragma omp for', '  n++;', '}');
  const unfixed = lines('int main() {', '  int x = 1', '  meta_fork sahred(x) { x = 2; }', '  return x;', '}');
  const file = write('fixable2.mfc', unfixed + serial);
  const r = run(['check', '--fix', file]);
  assert.equal(r.status, 1);
  const fixed = lines(
    'int main() {', '  int x = 1;', '  meta_fork shared(x) { x = 2; }', '  meta_join;', '  return x;', '}',
  );
  assert.equal(fs.readFileSync(file, 'utf8'), fixed + serial);
  assert.equal(r.stdout, [
    `${file}:2:12: fixed: Insert ';' [MF102]`,
    `${file}:3:13: fixed: Change 'sahred' to 'shared' [MF205]`,
    `${file}:4:3: fixed: Insert 'meta_join;' before the return [MF314]`,
    `${file}:8:15: error: '#pragma omp for' must be followed by a for loop [MF206]`,
  ].map(l => l + '\n').join(''));
});

test('check --fix: a race no reduction computes (a running sum reset in the loop, a prefix sum) gets no reduction clause; the warnings say so, the file is left as it was', () => {
  const racy = lines(
    'long f(int n, int *a) {',
    '  long s = 0, t = 0;',
    '#pragma omp parallel for',
    '  for (int i = 0; i < n; i++) { s += a[i]; if (s > 100) s = 0; }',
    '#pragma omp parallel for',
    '  for (int i = 0; i < n; i++) { t += a[i]; a[i] = (int)t; }',
    '  return s + t;',
    '}',
  );
  const file = write('running.c', racy);
  const r = run(['check', '--fix', file]);
  assert.equal(fs.readFileSync(file, 'utf8'), racy);
  const advice = "its value goes from one iteration to the next (read before it is set), and not by one reduction's updates alone: keep the loop serial, or write it as a reduction";
  assert.equal(r.stdout, [
    `${file}:4:33: warning: data race: 's' is shared by all iterations of '#pragma omp parallel for' (OpenMP default: shared) and written here; ${advice} [MF403]`,
    `${file}:6:33: warning: data race: 't' is shared by all iterations of '#pragma omp parallel for' (OpenMP default: shared) and written here; ${advice} [MF403]`,
  ].map(l => l + '\n').join(''));
  assert.equal(r.status, 0);
});

test('check --fix under default(none): the clause that keeps what each loop computes (private for a temporary, the reduction for a sum, shared for a value read); none for a running value, which stays an error', () => {
  const source = (clauses: [string, string]) => lines(
    'double f(int n, double *a, double *b) {',
    '  int t; double s = 0, m = 0;',
    `#pragma omp parallel for default(none) shared(a)${clauses[0]}`,
    '  for (int i = 0; i < n; i++) { t = (int)a[i] * 2; s = s + t; }',
    `#pragma omp parallel for default(none) shared(a, b, n)${clauses[1]}`,
    '  for (int i = 0; i < n; i++) { m = m + a[i]; b[i] = m; }',
    '  return s + m;',
    '}',
  );
  const file = write('defaultnone.c', source(['', '']));
  const r = run(['check', '--fix', file]);
  assert.equal(fs.readFileSync(file, 'utf8'), source([' shared(n) private(t) reduction(+: s)', '']));
  assert.equal(r.status, 1);
  assert.match(r.stdout, /:6:33: error: 'm' must appear in a data-sharing clause: '#pragma omp parallel for' has default\(none\) \[MF405\]\n/);
  assert.doesNotMatch(r.stdout, /fixed: Add '[a-z]+\(m\)'/);
});

test('check --fix: a block spawn\'s lost write whose variable the parent also uses before the join is not shared unasked (that would race); the warning says what to move', () => {
  const racy = lines('int g(int n);', 'int f(int n) {', '  int x = 0;', '  meta_fork { x = g(n); }', '  int y = x + 1;', '  meta_join;', '  return x + y;', '}');
  const file = write('lostwrite.mfc', racy);
  const r = run(['check', '--fix', file]);
  assert.equal(fs.readFileSync(file, 'utf8'), racy);
  assert.equal(r.stdout, `${file}:4:15: warning: 'x' is private to this 'meta_fork' block (a value-type local not listed in shared(...)): the write changes the child's copy and is lost when the block ends; add 'shared(x)', and move the parent's use of 'x' on line 5 after the join (shared, it would race with this write) [MF402]\n`);
  assert.equal(r.status, 0);
});

test('check --fix -: the fixed text on standard output, what was fixed on standard error', () => {
  const r = run(['check', '--fix', '-'], FIXABLE);
  assert.equal(r.status, 0);
  assert.equal(r.stdout, FIXED);
  assert.match(r.stderr, /^<stdin>:6:3: fixed: Insert 'meta_join;' before the return \[MF314\]\n/);
});

test('check: a missing file is a user error', () => {
  const r = run(['check', path.join(tmp, 'nope.mfc')]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /nope\.mfc: error: cannot read/);
});

test('elide prints the serial C-elision', () => {
  const r = run(['elide', '-'], 'int f(int n) {\n  int x, y;\n  x = meta_fork g(n);\n  y = g(n - 1);\n  meta_join;\n  return x + y;\n}\n');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'int f(int n) {\n  int x, y;\n  x = g(n);\n  y = g(n - 1);\n  return x + y;\n}\n');
});

test('elide -o and --json', () => {
  const out = path.join(tmp, 'fib.c');
  assert.equal(run(['elide', 'examples/fib.mfc', '-o', out]).status, 0);
  assert.doesNotMatch(fs.readFileSync(out, 'utf8'), /meta_/);
  const r = run(['elide', '--json', 'examples/loop.mfc']);
  const json = JSON.parse(r.stdout);
  assert.equal(json.file, 'examples/loop.mfc');
  assert.match(json.elision, /\bfor \(/);
  assert.deepEqual(json.diagnostics, []);
});

test('elide refuses a program with errors: diagnostics on stderr, exit 1, no output', () => {
  const r = run(['elide', '-'], BAD);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /<stdin>:2:15: error:/);
});

test('usage errors exit 2', () => {
  assert.equal(run([]).status, 2);
  assert.equal(run(['frobnicate']).status, 2);
  assert.equal(run(['check']).status, 2);
  assert.equal(run(['check', '--bogus', 'x.mfc']).status, 2);
  assert.equal(run(['elide', 'a.mfc', 'b.mfc']).status, 2);
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /usage: metafork/);
});

test('translate: MetaFork to OpenMP on stdout, exit 0', () => {
  const r = run(['translate', 'test/fixtures/seeds/s003-fig3.25-metafork.mfc', '--to', 'openmp']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, fs.readFileSync(path.join(ROOT, 'test/golden/translate/s003-fig3.25-metafork.mfc.to-openmp'), 'utf8'));
  // A function without a `main` to open a team in: its tasks need the caller's (a warning, exit 0).
  assert.equal(r.stderr, "test/fixtures/seeds/s003-fig3.25-metafork.mfc:1:6: warning: the file has no 'main' to open a team of threads in: these tasks run in parallel only when 'fib' is called inside '#pragma omp parallel' + '#pragma omp single' [MF608]\n");
});

test('translate: stdin, --from and -o', () => {
  const out = path.join(tmp, 'fib.mfc');
  const r = run(['translate', '-', '--from', 'cilkplus', '--to', 'metafork', '-o', out], fs.readFileSync(path.join(ROOT, 'examples/fib_cilk.c'), 'utf8'));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(fs.readFileSync(out, 'utf8'), /= meta_fork fib\(n - 1\);/);
});

test('translate: an untranslatable construct prints diagnostics, no output, exit 1', () => {
  const file = write('cancel.c', 'int main(void) {\n  int s = 0;\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++) {\n    #pragma omp cancel for\n    s += i;\n  }\n  return s;\n}\n');
  const out = path.join(tmp, 'cancel.mfc');
  const r = run(['translate', file, '--to', 'metafork', '-o', out]);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.equal(fs.existsSync(out), false, 'no partial output file');
  assert.match(r.stderr, /cancel\.c:5:17: error: '#pragma omp cancel' cannot be translated: .* \[MF601\]/);
});

test('translate --json: the text and the diagnostics, positions 1-based in line', () => {
  const r = run(['translate', 'test/fixtures/seeds/s003-listingA.1-pairalign-omp.c', '--to', 'metafork', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(j.from, ['openmp']);
  assert.equal(j.to, 'metafork');
  assert.match(j.text, /meta_fork/);
  assert.equal(j.diagnostics[0].code, 'MF604');
  assert.equal(j.diagnostics[0].line, 36);
});

test('translate: usage errors exit 2', () => {
  assert.equal(run(['translate', 'examples/fib.mfc']).status, 2);
  assert.equal(run(['translate', 'examples/fib.mfc', '--to', 'cuda']).status, 2);
});

test('translate FILE... -o DIR: the files of a program in one run, each where it stands under the folder they share, as each alone gives it', () => {
  const program = path.join(tmp, 'program');
  fs.mkdirSync(path.join(program, 'solver'), { recursive: true });
  fs.mkdirSync(path.join(program, 'util'), { recursive: true });
  const files = [
    ['solver/jacobi.c', 'examples/jacobi1d_omp.c'], ['util/fib.c', 'examples/fib_omp.c'], ['util/loop.c', 'examples/loop_omp.c'],
  ].map(([name, example]) => { const p = path.join(program, name); fs.copyFileSync(path.join(ROOT, example), p); return p; });
  const out = path.join(tmp, 'program-cilk');
  const r = run(['translate', '--to', 'cilkplus', '-o', out, ...files]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
  const written = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
    .flatMap(e => e.isDirectory() ? written(path.join(dir, e.name)).map(f => `${e.name}/${f}`) : [e.name]).sort();
  assert.deepEqual(written(out), ['solver/jacobi.c', 'util/fib.c', 'util/loop.c']);
  let notes = '';
  for (const f of files) {
    const alone = run(['translate', '--to', 'cilkplus', f]);
    assert.equal(alone.status, 0, alone.stderr);
    notes += alone.stderr;
    assert.equal(fs.readFileSync(path.join(out, path.relative(program, f)), 'utf8'), alone.stdout, f);
  }
  // Each file's findings, as each alone prints them.
  assert.equal(r.stderr, notes);

  // One FILE into an existing folder: there under its own name, as cp puts it.
  const folder = fs.mkdtempSync(path.join(tmp, 'into-'));
  const one = run(['translate', '--to', 'metafork', '-o', folder, 'examples/fib_omp.c']);
  assert.equal(one.status, 0, one.stderr);
  assert.equal(fs.readFileSync(path.join(folder, 'fib_omp.c'), 'utf8'), run(['translate', '--to', 'metafork', 'examples/fib_omp.c']).stdout);

  // A folder to make, named so by its trailing slash.
  const made = path.join(tmp, 'made', 'here');
  assert.equal(run(['translate', '--to', 'metafork', '-o', `${made}/`, 'examples/fib_omp.c']).status, 0);
  assert.equal(fs.readFileSync(path.join(made, 'fib_omp.c'), 'utf8'), run(['translate', '--to', 'metafork', 'examples/fib_omp.c']).stdout);

  // --json: each file's report, with where its translation went.
  const json = run(['translate', '--to', 'cilkplus', '-o', path.join(tmp, 'program-json'), '--json', ...files]);
  assert.equal(json.status, 0, json.stderr);
  const reports = JSON.parse(json.stdout).files;
  assert.deepEqual(reports.map((f: { file: string; output: string }) => [f.file, f.output]), files.map(f => [f, path.join(tmp, 'program-json', path.relative(program, f))]));
  assert.deepEqual(reports.map((f: { from: string[]; to: string }) => [f.from, f.to]), [[['openmp'], 'cilkplus'], [['openmp'], 'cilkplus'], [['openmp'], 'cilkplus']]);
});

test('translate FILE... -o DIR: all or nothing — a refused or unreadable file, and no file is written', () => {
  const good = write('good.c', fs.readFileSync(path.join(ROOT, 'examples/loop_omp.c'), 'utf8'));
  const refused = write('refused.c', 'int main(void) {\n  int s = 0;\n  #pragma omp parallel for\n  for (int i = 0; i < 8; i++) {\n    #pragma omp cancel for\n    s += i;\n  }\n  return s;\n}\n');
  const out = path.join(tmp, 'none-written');
  const r = run(['translate', '--to', 'metafork', '-o', out, good, refused, path.join(tmp, 'missing.c')]);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.equal(fs.existsSync(out), false, 'nothing written');
  assert.equal(r.stderr.split('\n').filter(l => l).length, 3, r.stderr);
  assert.match(r.stderr, /refused\.c:5:17: error: '#pragma omp cancel' cannot be translated: .* \[MF601\]\n/);
  assert.match(r.stderr, /missing\.c: error: cannot read: no such file\n/);
  assert.ok(r.stderr.endsWith(`metafork: 2 of 3 files not translated: nothing written to ${out}\n`), r.stderr);
});

test('translate FILE...: usage errors (no -o, standard input among files, -o the files\' own folder) exit 2', () => {
  const a = write('ua.c', 'int main(void) { return 0; }\n'), b = write('ub.c', 'int main(void) { return 1; }\n');
  const noFolder = run(['translate', '--to', 'metafork', a, b]);
  assert.deepEqual([noFolder.status, noFolder.stderr.split('\n')[0]], [2, 'metafork: translate with several FILEs writes them into a folder: add -o DIR']);
  const stdin = run(['translate', '--to', 'metafork', '-o', path.join(tmp, 'x'), a, '-'], '');
  assert.deepEqual([stdin.status, stdin.stderr.split('\n')[0]], [2, "metafork: translate reads standard input ('-') alone, without other FILEs"]);
  const over = run(['translate', '--to', 'metafork', '-o', tmp, a, b]);
  assert.deepEqual([over.status, over.stderr.split('\n')[0]], [2, `metafork: -o ${tmp} is the folder of ${a}: its translation would overwrite it`]);
  assert.equal(fs.readFileSync(a, 'utf8'), 'int main(void) { return 0; }\n');
});

test('cuda: both memory modes, the tiles in --json, usage errors exit 2', () => {
  const global = run(['cuda', 'test/fixtures/cuda/thesis-jacobi1d.mfc']);
  assert.equal(global.status, 0, global.stderr);
  assert.doesNotMatch(global.stdout, /__shared__/);
  const out = path.join(tmp, 'jacobi.cu');
  const shared = run(['cuda', 'test/fixtures/cuda/thesis-jacobi1d.mfc', '--memory', 'shared', '-o', out]);
  assert.equal(shared.status, 0, shared.stderr);
  assert.match(fs.readFileSync(out, 'utf8'), /extern __shared__ __align__\(16\) unsigned char mf_shared\[\];/);
  const j = JSON.parse(run(['cuda', 'test/fixtures/cuda/thesis-jacobi1d.mfc', '--memory', 'shared', '--json']).stdout);
  assert.equal(j.memory, 'shared');
  assert.deepEqual(j.kernels, ['kernel0', 'kernel1']);
  assert.deepEqual(j.tiles.map((t: { name: string; extent: string[] }) => `${t.name}[${t.extent.join('][')}]`), ['shared_a[B + 2]', 'shared_b[B]']);
  assert.equal(run(['cuda', 'test/fixtures/cuda/thesis-jacobi1d.mfc', '--memory', 'texture']).status, 2);
});

test('optimize: the case discussion as text, as --json, and -o with the dispatcher', () => {
  const input = 'test/fixtures/optimize/matvec.mfc';
  const text = run(['optimize', input, '--registers', 'estimate']);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^test\/fixtures\/optimize\/matvec\.mfc:\d+: meta_schedule: 3 cases/);
  assert.match(text.stdout, /case 1: cache\(c, a, b\), granularity s, CSE level 2\n {2}when \{ \d+ ≤ R_B ; B\^2\*s \+ B\*s \+ B \+ 9 ≤ Z_B \} {3}strategies \(1\) \(4a\) \(3a\) \(2\) \(2\)/);
  assert.match(text.stdout, /__global__ void kernel0_case3\(/);
  const json = run(['optimize', input, '--json', '--registers', '12']);
  assert.equal(json.status, 0, json.stderr);
  const parsed = JSON.parse(json.stdout);
  assert.equal(parsed.schedules.length, 1);
  assert.deepEqual(parsed.schedules[0].cases.map((c: { systems: { strategies: string[] }[] }) => c.systems[0].strategies.join(' ')), ['1 4a 3a 2 2', '1 3b 4a 3a 2 2', '1 3b 2 2 4b']);
  assert.equal(parsed.schedules[0].cases[0].registers, 12);
  const out = path.join(tmp, 'matvec.cu');
  const written = run(['optimize', input, '--registers', 'estimate', '-o', out]);
  assert.equal(written.status, 0, written.stderr);
  const cu = fs.readFileSync(out, 'utf8');
  assert.match(cu, /mfReadDeviceLimits\(\)/);
  assert.match(cu, /switch \(mf_case\)/);
  assert.equal((cu.match(/__global__ void kernel0_case\d/g) ?? []).length, 3);
});

test('optimize: bad input gets a diagnostic and exit 1; a bad option exit 2', () => {
  const none = run(['optimize', 'examples/fib.mfc']);
  assert.equal(none.status, 1);
  assert.match(none.stderr, /no 'meta_schedule' in this file: there is nothing to optimize \[MF510\]/);
  const bad = run(['optimize', 'test/fixtures/optimize/matvec.mfc', '--registers', 'lots']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--registers must be auto, nvcc, estimate or a number/);
});

test('usage errors are two lines: the message, with the command or option meant where one is a typo away, and where the help is', () => {
  const hint = "usage: metafork <command> [options] FILE... (see 'metafork --help', 'metafork <command> --help')\n";
  assert.ok(hint.length <= 100, 'the hint fits 100 columns, as the help does');
  for (const [args, message] of [
    [['chek', 'x.c'], "metafork: unknown command 'chek' (did you mean 'check'?)\n"],
    [['frobnicate'], "metafork: unknown command 'frobnicate'\n"],
    [['check', '--jsn', 'x.c'], "metafork: unknown option '--jsn' (did you mean '--json'?)\n"],
    [['tile', 'x.c', '--granularty=2'], "metafork: unknown option '--granularty=2' (did you mean '--granularity'?)\n"],
    [['check'], 'metafork: check needs at least one FILE (or - for standard input)\n'],
  ] as [string[], string][]) {
    const r = run(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, message + hint, args.join(' '));
  }
});

test('each command has its own help: its entries of the command list and the common options, exit 0', () => {
  const r = run(['check', '--help']);
  assert.equal(r.status, 0);
  assert.equal(r.stderr, '');
  const lines = r.stdout.split('\n');
  assert.equal(lines[0], 'usage: metafork check [options] FILE...');
  assert.equal(lines[2], '  check FILE...        report diagnostics; exit 1 if any error');
  assert.equal(lines[3], '  check --fix FILE [-o OUT]');
  assert.ok(lines.includes('options:') && lines.some(l => l.startsWith('  -I DIR')), r.stdout);
  assert.ok(!lines.some(l => /^ {2}(tile|cuda|elide) /.test(l)), r.stdout);
  const tile = run(['tile', '-h']);
  assert.equal(tile.status, 0);
  assert.match(tile.stdout, /^usage: metafork tile \[options\] FILE\.\.\.\n\n {2}tile FILE \[--block B\|B0,B1\]/);
  assert.deepEqual([...r.stdout.split('\n'), ...tile.stdout.split('\n')].filter(l => l.length > 100), []);
});

test('files it cannot take: in words, not Node\'s error codes; a binary file is refused as not text, exit 1, nothing on stdout', () => {
  const binary = path.join(tmp, 'junk.bin');
  fs.writeFileSync(binary, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 10, 0x41]));
  const notDir = path.join(write('plain.txt', 'x\n'), 'inside.c');
  // Bytes of a pseudo-random sequence with the NULs left out: the control characters give it away.
  const noNul = path.join(tmp, 'noise.bin');
  let seed = 12345;
  fs.writeFileSync(noNul, Buffer.from(Array.from({ length: 4000 }, () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return 1 + (seed >> 16) % 255; })));
  // A C file with a form feed and a tab (page breaks of old sources) stays text.
  const paged = write('paged.c', 'int f(void)\n{\n\treturn 0;\n}\n\f\nint g(void) { return 1; }\n');
  assert.equal(run(['check', paged]).status, 0);
  for (const [args, message] of [
    [['check', binary], `${binary}: error: not a text file (it holds NUL bytes)\n`],
    [['check', noNul], `${noNul}: error: not a text file (10% of its first bytes are control characters)\n`],
    [['tile', binary], `${binary}: error: not a text file (it holds NUL bytes)\n`],
    [['check', path.join(tmp, 'nope.mfc')], `${path.join(tmp, 'nope.mfc')}: error: cannot read: no such file\n`],
    [['elide', tmp], `${tmp}: error: cannot read: a folder, not a file\n`],
    [['tile', notDir], `${notDir}: error: cannot read: a part of its path is a file, not a folder\n`],
  ] as [string[], string][]) {
    const r = run(args);
    assert.equal(r.status, 1, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, message);
  }
});

test('past 1,000 diagnostics, one more says how many were left out, where the first of them is', () => {
  // 1,200 functions that each read an undeclared name: one error apiece.
  const noisy = write('noisy.c', Array.from({ length: 1200 }, (_, i) => `int f${i}(void) { return undeclared${i}; }`).join('\n') + '\n');
  const r = run(['check', noisy]);
  assert.equal(r.status, 1);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 1001);
  assert.equal(lines[999], `${noisy}:1000:25: error: 'undeclared999' undeclared (first use in this function) [MF120]`);
  assert.equal(lines[1000], `${noisy}:1001:26: note: 200 more diagnostics from here on not shown: only the first 1000 are (is this a C file?) [MF100]`);
});

test('a reader that stops early (| head) ends the command quietly: exit 0, no stack trace, every time', () => {
  const big = write('big.mfc', Array.from({ length: 4000 }, (_, i) => `int f${i}(int x) { return x + ${i}; }`).join('\n') + '\n');
  for (let i = 0; i < 8; i++) {
    const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${BIN}" elide "${big}" | head -c 20 > /dev/null`], { encoding: 'utf8', cwd: ROOT });
    assert.equal(r.stderr, '', `run ${i}`);
    assert.equal(r.status, 0, `run ${i}`);
  }
});

test('a file or standard output that cannot be written: one line in words, exit 1, no stack trace', { skip: fs.existsSync('/dev/full') ? false : 'no /dev/full here' }, () => {
  const out = run(['elide', 'examples/fib_omp.c', '-o', '/dev/full']);
  assert.deepEqual([out.status, out.stdout, out.stderr], [1, '', '/dev/full: error: cannot write: no space left on the device\n']);
  const folder = run(['elide', 'examples/fib_omp.c', '-o', os.tmpdir()]);
  assert.deepEqual([folder.status, folder.stderr], [1, `${os.tmpdir()}: error: cannot write: a folder, not a file\n`]);
  const stdout = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" elide examples/fib_omp.c > /dev/full`], { encoding: 'utf8', cwd: ROOT });
  assert.deepEqual([stdout.status, stdout.stderr], [1, 'metafork: error: cannot write the standard output: no space left on the device\n']);
});

test('translate --from naming a dialect the file does not use warns and says which it has (the text comes back unchanged)', () => {
  const r = run(['translate', 'examples/loop_omp.c', '--from', 'cilkplus', '--to', 'metafork']);
  assert.equal(r.status, 0);
  assert.equal(r.stdout, fs.readFileSync(path.join(ROOT, 'examples/loop_omp.c'), 'utf8'));
  assert.equal(r.stderr, 'examples/loop_omp.c:1:1: warning: the source is read as CilkPlus, but the file has no CilkPlus construct (it has OpenMP): nothing is translated [MF606]\n');
  const auto = run(['translate', 'examples/loop_omp.c', '--to', 'metafork']);
  assert.doesNotMatch(auto.stderr, /MF606/);
});

test('analyze --set with a name no schedule has is a usage error naming the ones it has', () => {
  const r = run(['analyze', 'examples/jacobi1d.mfc', '--set', 'Q=5']);
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr.split('\n')[0], "metafork: --set 'Q': no value of the schedules of examples/jacobi1d.mfc (they have B, N, T, ub_v)");
  const near = run(['analyze', 'examples/jacobi1d.mfc', '--set', 'ub_w=5']);
  assert.equal(near.stderr.split('\n')[0], "metafork: --set 'ub_w' (did you mean 'ub_v'?): no value of the schedules of examples/jacobi1d.mfc (they have B, N, T, ub_v)");
  assert.equal(run(['analyze', 'examples/jacobi1d.mfc', '--set', 'T=5']).status, 0);
});

test('optimize answers at once: nvcc counts registers in the background for the next run, cached by the device code', { skip: nvccPath() ? false : 'nvcc not found: the background count needs it' }, async () => {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cli-cache-'));
  const env = { ...process.env, XDG_CACHE_HOME: cache };
  const optimize = (file: string) => spawnSync(process.execPath, [BIN, 'optimize', file], { encoding: 'utf8', cwd: ROOT, env });
  const source = fs.readFileSync(path.join(ROOT, 'test/fixtures/optimize/matvec.mfc'), 'utf8');
  const file = write('matvec-regs.mfc', source);
  const first = optimize(file);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /registers per thread: \d+ \(estimated; nvcc is counting them in the background for the next run\)/);
  // The detached counts land in the cache (each case's device code its own entry, one file each:
  // counts finishing together all stay; in one file, a count written after another was read lost it).
  const counts = path.join(cache, 'metafork-studio', 'registers');
  const cases = (first.stdout.match(/registers per thread: \d+ \(estimated; nvcc is counting/g) ?? []).length;
  const deadline = Date.now() + 240_000;
  const entries = () => { try { return fs.readdirSync(counts).filter(f => /^[0-9a-f]{64}$/.test(f)).length; } catch { return 0; } };
  while (entries() < cases && Date.now() < deadline) await new Promise(r => setTimeout(r, 250));
  const second = optimize(file);
  assert.doesNotMatch(second.stdout, /estimated/);
  assert.match(second.stdout, /registers per thread: \d+ \(nvcc --resource-usage\)/);
  // An edit of the host code only (the output) keeps every count.
  const edited = write('matvec-regs-edited.mfc', source.replace(/printf\("/, 'printf("result: '));
  assert.notEqual(fs.readFileSync(edited, 'utf8'), source);
  assert.doesNotMatch(optimize(edited).stdout, /estimated/);
});

test('the bundled command starts from V8\'s code cache of its bundle; a cache of another build or a damaged one is passed over, with the same output', () => {
  const bundle = path.join(ROOT, 'dist', 'cli.js');
  // A copy of the installed layout (bin/, dist/ with the grammars), so the caches tried here are no
  // other test's.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cli-code-cache-'));
  fs.mkdirSync(path.join(root, 'bin'));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.copyFileSync(BIN, path.join(root, 'bin', 'metafork'));
  for (const f of fs.readdirSync(path.dirname(bundle)).filter(f => /^cli\.js(\.cache)?$|\.wasm$/.test(f)))
    fs.copyFileSync(path.join(ROOT, 'dist', f), path.join(root, 'dist', f));
  const cache = path.join(root, 'dist', 'cli.js.cache');
  const build = fs.readFileSync(cache).subarray(0, 40).toString('latin1');
  assert.match(fs.readFileSync(bundle, 'utf8').split('\n')[0], new RegExp(`/\\* build ${build} \\*/$`));
  const translate = (env: Record<string, string> = {}) => {
    const r = spawnSync(process.execPath, [path.join(root, 'bin', 'metafork'), 'translate', '--to', 'cilkplus', 'examples/jacobi1d_omp.c'],
      { encoding: 'utf8', cwd: ROOT, env: { ...process.env, METAFORK_TRACE_CODE_CACHE: '1', ...env } });
    assert.equal(r.status, 0, r.stderr);
    return { cache: r.stderr.split('\n')[0], text: r.stdout };
  };
  const made = translate();
  assert.equal(made.cache, 'metafork: code cache used');
  // What the compiled sources (out/: no bundle, no cache) print.
  const compiled = path.join(ROOT, 'out', 'server', 'src', 'cli.js');
  const expected = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(compiled)}).main(process.argv.slice(1)).then(c => { process.exitCode = c; })`,
    'translate', '--to', 'cilkplus', 'examples/jacobi1d_omp.c'], { encoding: 'utf8', cwd: ROOT }).stdout;
  assert.match(expected, /cilk_for/);
  assert.equal(made.text, expected);
  const valid = fs.readFileSync(cache);
  fs.writeFileSync(cache, Buffer.concat([Buffer.from('0'.repeat(40), 'latin1'), valid.subarray(40)]));
  assert.deepEqual(translate(), { cache: 'metafork: code cache of another build', text: expected });
  fs.writeFileSync(cache, Buffer.concat([valid.subarray(0, 40), Buffer.alloc(valid.length - 40, 7)]));
  assert.deepEqual(translate(), { cache: 'metafork: code cache rejected by V8', text: expected });
  fs.rmSync(cache);
  assert.deepEqual(translate({ METAFORK_WRITE_CODE_CACHE: '1' }), { cache: 'metafork: code cache absent', text: expected });
  assert.deepEqual(translate(), { cache: 'metafork: code cache used', text: expected });
  fs.rmSync(root, { recursive: true, force: true });
});
