// The dispatcher chooses a program parameter at run time only where
// the result provably does not depend on it (server/src/optimize/invariance.ts); every choice it
// may make (METAFORK_DISPATCH_FORCE) is run in the emulation, at sizes no block size divides,
// against the serial elision built with gcc -O2. A decreasing serial loop in a kernel is counted
// (analyze) and leaves no placeholder in the .cu.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixture } from '../helpers';
import { optimizeText } from '../../server/src/optimize/index';
import { estimateCost } from '../../server/src/cost/index';
import { formatSchedule } from '../../server/src/cost/format';
import { closeSolver } from '../../server/src/optimize/solver';
import { nvccAvailable, nvccCompile } from '../cuda/emu/build';
import { checkEveryChoice } from '../fuzz/schedules';

after(() => closeSolver());
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-parameters-'));
const tools = spawnSync('g++', ['--version']).status === 0 ? false : 'g++ not found';
// The thesis's inputs in test/fixtures/optimize; this programs in its issue18 folder (the
// bench times every program of the first, and some of these are refused).
const THESIS = new Set(['reversal.mfc', 'matvec.mfc', 'jacobi1d.mfc', 'matadd.mfc', 'transpose.mfc', 'matmul.mfc']);
const read = (name: string) => fs.readFileSync(THESIS.has(name) ? fixture('optimize', name) : fixture('optimize', 'issue18', name), 'utf8');

const FLOOR_REASON = `the loops 'i', 'k', 'j' run 'dim' × B * s indices, a number that depends on the parameters (a ceiling '(M + B * s - 1) / (B * s)' with a guard 'index < M' does not)`;

test('a floor grid N / (s * B): B and s are kept at the program\'s values, and said so in the text, the JSON and the .cu', async () => {
  const text = read('floorgrid.mfc');
  const r = await optimizeText(text, { fileName: 'floorgrid.mfc', registers: 'estimate' });
  assert.deepEqual(r.schedules[0].tuning, { tuned: [], fixed: ['s', 'B'], reason: FLOOR_REASON });
  assert.deepEqual(r.schedules[0].notes.map(d => [d.code, text.slice(d.start, d.end), d.message]), [
    ['MF521', 'dim', `the program's own 's', 'B' are kept, not chosen at run time: ${FLOOR_REASON}`],
  ]);
  assert.ok(r.cuda!.includes(`/* kept at the program's values: s, B (${FLOOR_REASON}) */`));
  // No case sets the granularity to 1: that too would change the elements computed.
  assert.ok(r.schedules[0].cases.every(c => !c.metafork.includes('granularity set to 1')));
  assert.doesNotMatch(r.cuda!, /\bs = 1;/);
});

test('a ceiling grid whose size is a constant macro (#define N 4096): B and s are chosen at run time', async () => {
  const text = fs.readFileSync(fixture('e2e', 'reversal.mfc'), 'utf8');
  const r = await optimizeText(text, { fileName: 'reversal.mfc', registers: 'estimate' });
  assert.deepEqual(r.schedules[0].tuning, { tuned: ['s', 'B'], fixed: [], reason: 'the kernels compute the same elements whatever their values: every index is reassembled exactly from its loops (a ceiling grid with a guard)' });
});

test('a ceiling grid with a guard: B and s are chosen at run time', async () => {
  const r = await optimizeText(read('reversal.mfc'), { fileName: 'reversal.mfc', registers: 'estimate' });
  assert.deepEqual(r.schedules[0].tuning.tuned, ['s', 'B']);
  assert.deepEqual(r.schedules[0].tuning.fixed, []);
});

for (const [file, runs] of [
  ['floorgrid.mfc', [['1000', '32', '2'], ['1001', '16', '3'], ['77', '8', '4']]],
  ['offsetgrid.mfc', [['1000', '64'], ['1001', '7'], ['5', '3']]],
  ['reversal.mfc', [['1001', '16', '3'], ['77', '5', '2']]],
  ['decreasing.mfc', [['37'], ['100']]],
  // The thesis's inputs whose parameters are chosen at run time: every choice at a small size.
  ['jacobi1d.mfc', [['101', '16', '3']]],
  ['matvec.mfc', [['61', '8', '3']]],
  ['matmul.mfc', [['23', '4', '4', '3']]],
  ['transpose.mfc', [['29', '4', '8', '2']]],
] as [string, string[][]][]) {
  test(`${file}: every choice the dispatcher may make computes what gcc -O2 computes`, { skip: tools, timeout: 600_000 }, async () => {
    const c = await checkEveryChoice(path.basename(file, '.mfc'), read(file), runs, work);
    assert.equal(c.refused, undefined);
    assert.deepEqual(c.failures, []);
    assert.ok(c.runs > runs.length, `only ${c.runs} runs`);
    // Every case ran forced on the emulated device (its default limits fit each case here).
    assert.deepEqual(c.casesRun.sort(), [...Array(c.cases).keys()].map(k => k + 1));
  });
}

test('decreasing.mfc: analyze counts n - 1 iterations of the decreasing loop', async () => {
  const r = await estimateCost(read('decreasing.mfc'), { fileName: 'decreasing.mfc' });
  assert.deepEqual(r.diagnostics, []);
  // Per iteration: a[i][j] and a[i][j + 1] read, a[i][j] written; j = n - 2 down to 0: n - 1 iterations.
  const f = r.schedules[0].kernels[0].formulas;
  assert.deepEqual([f.reads, f.writes], ['2*n - 2', 'n - 1']);
  // Operations: per iteration j >= 0, j--, j + 1 and +=; once: n - 2, i < n and v * B + u.
  const printed = formatSchedule('decreasing.mfc', r, r.schedules[0]).split('\n');
  assert.ok(printed.includes('    per thread: 4*n operations, 2*n - 2 words read and n - 1 written in global memory'), printed.join('\n'));
});

test('decreasing.mfc: the .cu of optimize holds no placeholder and compiles with nvcc -arch=sm_90', { skip: nvccAvailable() ? false : 'nvcc not found' }, async () => {
  const r = await optimizeText(read('decreasing.mfc'), { fileName: 'decreasing.mfc', registers: 'estimate' });
  assert.ok(r.cuda, r.diagnostics.map(d => d.message).join('\n'));
  assert.doesNotMatch(r.cuda!, /trips@|\w#/);
  const cu = path.join(work, 'decreasing.nvcc.cu');
  fs.writeFileSync(cu, r.cuda!);
  nvccCompile(cu, cu.replace(/\.cu$/, '.o'));
});

test('a loop the cost model cannot count is refused by analyze and optimize (MF520), not leaked', async () => {
  const text = read('decreasing.mfc').replace('for (int j = n - 2; j >= 0; j--)\n                        a[i][j] += a[i][j + 1];', 'int j = n - 2;\n                    while (j >= 0) {\n                        a[i][j] += a[i][j + 1];\n                        j--;\n                    }');
  const header = 'while (j >= 0)';
  const message = `the cost model cannot count the iterations of this loop (a 'while' loop has no trip count): write it 'for (v = a; v < b; v += c)' or 'for (v = a; v >= b; v -= c)' with a constant step c`;
  const a = await estimateCost(text, { fileName: 'x.mfc' });
  assert.deepEqual(a.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), [['MF520', header, message]]);
  assert.deepEqual(a.schedules, []);
  const o = await optimizeText(text, { fileName: 'x.mfc', registers: 'estimate' });
  assert.deepEqual(o.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), [['MF520', header, message]]);
  assert.equal(o.cuda, undefined);
});

test('a decreasing loop by 2 is counted: ceil((n - 1) / 2) iterations, read as (n - 1)/2', async () => {
  const r = await estimateCost(read('decreasing.mfc').replace('j >= 0; j--)', 'j >= 0; j -= 2)'), { fileName: 'x.mfc' });
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.schedules[0].kernels[0].formulas.writes, 'n/2 - 1/2');
});

test('a loop whose trip count is a value of the thread is refused (MF520), not evaluated at a guess nor leaked into the .cu', async () => {
  const text = read('triangular.mfc');
  const expected = [['MF520', 'for (int j = 0; j < i; j++)', `the cost model cannot count the iterations of this loop: they depend on 'i', which each thread computes (the counts are polynomials in the program's values)`]];
  const a = await estimateCost(text, { fileName: 'triangular.mfc' });
  assert.deepEqual(a.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), expected);
  const o = await optimizeText(text, { fileName: 'triangular.mfc', registers: 'estimate' });
  assert.deepEqual(o.diagnostics.map(d => [d.code, text.slice(d.start, d.end), d.message]), expected);
  assert.equal(o.cuda, undefined);
});

test('a recurrence under a ceiling grid: B and s keep the program\'s values (iterations share elements)', async () => {
  const r = await optimizeText(read('recurrence.mfc'), { fileName: 'recurrence.mfc', registers: 'estimate' });
  assert.deepEqual(r.schedules[0].tuning, { tuned: [], fixed: ['s', 'B'], reason: `'out[x + 1]' and 'out[x]' do not tell apart the values of the index of the loops 'i', 'k', 'j': two of them may touch one element of 'out'` });
});

test('jacobi1d: a[p + 1] written and a[N + p], a[N + p + 2] read, in the arms of a uniform branch: B and s are chosen at run time', async () => {
  const r = await optimizeText(read('jacobi1d.mfc'), { fileName: 'jacobi1d.mfc', registers: 'estimate' });
  assert.deepEqual(r.schedules[0].tuning.tuned, ['s', 'B']);
});

test('a const block size is the program\'s, not a parameter the dispatcher assigns: the .cu builds and every choice is right', { skip: tools, timeout: 600_000 }, async () => {
  const text = read('reversal.mfc').replace('int B = argc > 2 ? atoi(argv[2]) : 32;', 'const int B = 32;');
  const r = await optimizeText(text, { fileName: 'constblock.mfc', registers: 'estimate' });
  assert.deepEqual(r.schedules[0].tuning.tuned, ['s']);
  const c = await checkEveryChoice('constblock', text, [['1001', '0', '3']], work);
  assert.deepEqual(c.failures, []);
});

test('a partial sum across a loop on z < B: B keeps the program\'s value, and every choice is right', { skip: tools, timeout: 600_000 }, async () => {
  const text = read('accumulator.mfc');
  const r = await optimizeText(text, { fileName: 'accumulator.mfc', registers: 'estimate' });
  assert.deepEqual(r.schedules[0].tuning, { tuned: [], fixed: ['B'], reason: `'acc' is set in one iteration of the loop on 'z' and seen in the next: which iterations share it depends on the parameters` });
  assert.deepEqual(r.schedules[0].notes.map(d => text.slice(d.start, d.end)), ['acc']);
  const c = await checkEveryChoice('accumulator', text, [['101', '16'], ['37', '5']], work);
  assert.deepEqual(c.failures, []);
});

test('METAFORK_DISPATCH_FORCE: a case or value the dispatcher may not choose stops the program with a message', { skip: tools }, () => {
  const exe = path.join(work, 'reversal.emu');
  assert.ok(fs.existsSync(exe), 'built by the reversal.mfc test above');
  const forced = (value: string) => {
    const r = spawnSync(exe, ['101', '16', '3'], { encoding: 'utf8', env: { ...process.env, METAFORK_DISPATCH_FORCE: value } });
    return [r.status, r.stderr.trim()];
  };
  const usage = (v: string) => `metafork: METAFORK_DISPATCH_FORCE="${v}" must be "case=K;s=V;B=V" with K in 1..3`;
  assert.deepEqual(forced('case=4'), [1, usage('case=4')]);
  assert.deepEqual(forced('case=1;N=5'), [1, usage('case=1;N=5')]);
  assert.deepEqual(forced('B=16'), [1, usage('B=16')]);
  assert.deepEqual(forced('case=3;B=33'), [1, 'metafork: METAFORK_DISPATCH_FORCE: B=33 is not a value the dispatcher may choose']);
  assert.deepEqual(forced('case=3;B=2048'), [1, 'metafork: METAFORK_DISPATCH_FORCE: B=2048 is not a value the dispatcher may choose']);
  assert.deepEqual(forced('case=3;s=16'), [1, 'metafork: METAFORK_DISPATCH_FORCE: s=16 is not a value the dispatcher may choose']);
  // The program's own B (16) and a candidate s: case 3 runs them.
  const ok = spawnSync(exe, ['101', '16', '3'], { encoding: 'utf8', env: { ...process.env, METAFORK_DISPATCH_FORCE: 'case=3;s=4', METAFORK_DISPATCH_LOG: '1' } });
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stderr, /^metafork: schedule at line \d+: case 3 s=4 B=16 /);
});
