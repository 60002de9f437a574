// Satisfiability of polynomial constraint systems with z3 in a worker thread (server/src/optimize/solver.ts).

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as path from 'path';
import { closeSolver, decideSystems, MARGIN_MS, solverAvailable, toSmtLib, SolverSystem } from '../../server/src/optimize/solver';

const skip = solverAvailable() ? false : 'z3-solver is not installed (npm install), or z3worker.js is not beside solver.js';
if (skip) console.log(`# solver tests skipped: ${skip}`);

after(() => closeSolver());

const int = (model: Record<string, string> | undefined, name: string): bigint => {
  assert.ok(model && name in model, `model has ${name}: ${JSON.stringify(model)}`);
  return BigInt(model[name]);
};

/** The thesis's condition for a tile of B×B (s blocks per thread) fitting: B^2 + 2B <= Z < sB^2 + sB + B. */
const thesis = (extra: string[] = []): SolverSystem => ({
  variables: [{ name: 'B', min: 1 }, { name: 's', min: 1 }, { name: 'Z_B', min: 0 }],
  assertions: ['(<= (+ (* B B) (* 2 B)) Z_B)', '(< Z_B (+ (* s B B) (* s B) B))', ...extra],
});

test('SMT-LIB text: quoted names, bounds, one term per assertion', () => {
  const { smt, names } = toSmtLib({ variables: [{ name: 'R_B', min: -3.5, max: 7.9 }, { name: 'x[0]' }], assertions: ['(< |x[0]| R_B) ; R'] });
  assert.deepEqual(names, ['R_B', 'x[0]']);
  assert.equal(smt, '(declare-const |R_B| Int)\n(assert (>= |R_B| (- 3)))\n(assert (<= |R_B| 7))\n(declare-const |x[0]| Int)\n(assert (< |x[0]| R_B) ; R\n)');
  assert.throws(() => toSmtLib({ variables: [{ name: 'a|b' }], assertions: [] }));
  assert.throws(() => toSmtLib({ variables: [], assertions: ['(> x 1)) (assert false'] }));
  assert.throws(() => toSmtLib({ variables: [], assertions: ['(> x 1'] }));
  assert.throws(() => toSmtLib({ variables: [], assertions: ['  '] }));
  assert.throws(() => toSmtLib({ variables: [{ name: 'x', min: Infinity }], assertions: [] }));
});

test('a linear system is sat, with a model that satisfies it', { skip }, async () => {
  const [d] = await decideSystems([{
    variables: [{ name: 'R_B', min: 1 }, { name: 'T_B', min: 32, max: 1024 }, { name: 'N', min: 0 }],
    assertions: ['(<= (+ (* 4 R_B) T_B) 2000)', '(= (* 2 N) (+ T_B 6))', '(> R_B 300)'],
  }]);
  assert.equal(d.verdict, 'sat', d.reason);
  const R = int(d.model, 'R_B'), T = int(d.model, 'T_B'), N = int(d.model, 'N');
  assert.ok(R >= 1n && R > 300n && T >= 32n && T <= 1024n && N >= 0n, JSON.stringify(d.model));
  assert.ok(4n * R + T <= 2000n && 2n * N === T + 6n, JSON.stringify(d.model));
});

test('10 <= R and R < 10 is unsat', { skip }, async () => {
  const [d] = await decideSystems([{ variables: [{ name: 'R' }], assertions: ['(<= 10 R)', '(< R 10)'] }]);
  assert.deepEqual(d, { verdict: 'unsat' });
});

test("the thesis's B^2 + 2B <= Z < sB^2 + sB + B: sat with s >= 2, unsat with s = 1", { skip }, async () => {
  const [sat, unsat] = await decideSystems([thesis(), thesis(['(= s 1)'])]);
  assert.equal(sat.verdict, 'sat', sat.reason);
  const B = int(sat.model, 'B'), s = int(sat.model, 's'), Z = int(sat.model, 'Z_B');
  assert.ok(B >= 1n && s >= 2n, JSON.stringify(sat.model));
  assert.ok(B * B + 2n * B <= Z && Z < s * B * B + s * B + B, JSON.stringify(sat.model));
  assert.equal(unsat.verdict, 'unsat', unsat.reason);
});

test('a hard nonlinear equation: unknown at z3\'s time-out, and the next call works', { skip }, async () => {
  const cubes: SolverSystem = {
    variables: ['x', 'y', 'z'].map(name => ({ name, min: -1_000_000, max: 1_000_000 })),
    assertions: ['(= (+ (* x x x) (* y y y) (* z z z)) 42)'],
  };
  const t = Date.now();
  const [d] = await decideSystems([cubes], { timeoutMs: 200 });
  const ms = Date.now() - t;
  assert.equal(d.verdict, 'unknown');
  assert.match(d.reason ?? '', /timeout|time-out|incomplete|canceled/);
  assert.ok(ms < 200 + MARGIN_MS + 3000, `${ms} ms`);
  const [next] = await decideSystems([thesis()]);
  assert.equal(next.verdict, 'sat', next.reason);
});

test('a system z3 cannot interrupt: the worker is stopped, and a fresh one answers the next call', { skip }, async () => {
  // z3 converts huge decimal constants without looking at its time-out (seconds for 10^5 digits).
  const huge = '7'.repeat(150_000);
  const t = Date.now();
  const [d] = await decideSystems([{ variables: [{ name: 'x' }], assertions: [`(= x (* ${huge} ${huge}))`] }], { timeoutMs: 200 });
  const ms = Date.now() - t;
  assert.deepEqual(d, { verdict: 'unknown', reason: 'time-out, worker stopped' });
  assert.ok(ms >= 200 + MARGIN_MS && ms < 200 + MARGIN_MS + 3000, `${ms} ms`);
  const [next, unsat] = await decideSystems([thesis(), thesis(['(= s 1)'])]);
  assert.equal(next.verdict, 'sat', next.reason);
  assert.equal(unsat.verdict, 'unsat', unsat.reason);
});

test('many systems in one call, in order, a bad one among them', { skip }, async () => {
  const systems: SolverSystem[] = [];
  for (let i = 0; i < 40; i++) {
    systems.push(i % 3 === 2
      ? { variables: [{ name: 'k', min: i }], assertions: [`(< (* k k) ${i * i})`] }
      : { variables: [{ name: 'k', min: 0 }, { name: 'T.B', min: 1 }], assertions: [`(= (* k |T.B|) ${i * 6})`, `(>= |T.B| 2)`, `(= k ${i})`] });
  }
  systems.push({ variables: [{ name: 'x' }], assertions: ['(> x y)'] });
  systems.push({ variables: [{ name: 'x|y' }], assertions: [] });
  const t = Date.now();
  const ds = await decideSystems(systems);
  const ms = Date.now() - t;
  for (let i = 0; i < 40; i++) {
    const d = ds[i];
    if (i % 3 === 2) assert.equal(d.verdict, 'unsat', `${i}: ${d.reason}`);
    else if (i === 0) assert.equal(d.verdict, 'sat', `${i}: ${d.reason}`);
    else {
      assert.equal(d.verdict, 'sat', `${i}: ${d.reason}`);
      assert.equal(int(d.model, 'k'), BigInt(i));
      assert.equal(int(d.model, 'T.B'), 6n);
    }
  }
  assert.equal(ds[40].verdict, 'unknown');
  assert.match(ds[40].reason ?? '', /bad system: .*unknown constant y/);
  assert.equal(ds[41].verdict, 'unknown');
  assert.match(ds[41].reason ?? '', /bad system/);
  console.log(`# ${systems.length} systems in ${ms} ms`);
});

test('concurrent calls are answered, each in order', { skip }, async () => {
  const [a, b] = await Promise.all([
    decideSystems([thesis(), thesis(['(= s 1)'])]),
    decideSystems([{ variables: [{ name: 'R' }], assertions: ['(<= 10 R)', '(< R 10)'] }, thesis(['(>= B 40)'])]),
  ]);
  assert.deepEqual([a[0].verdict, a[1].verdict, b[0].verdict, b[1].verdict], ['sat', 'unsat', 'unsat', 'sat']);
  assert.ok(int(b[1].model, 'B') >= 40n);
});

test('a process that used the solver exits, with closeSolver() and without it (idle worker is unref\'d)', { skip }, () => {
  const solver = path.join(__dirname, '..', '..', 'server', 'src', 'optimize', 'solver.js');
  for (const close of [true, false]) {
    const script = `const s = require(${JSON.stringify(solver)});
      s.decideSystems([{ variables: [{ name: 'R' }], assertions: ['(<= 10 R)', '(< R 10)'] }])
        .then(d => { console.log(JSON.stringify(d)); return ${close} && s.closeSolver(); });`;
    const t = Date.now();
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(run.status, 0, `close=${close}: ${run.stderr} ${run.error ?? ''}`);
    assert.equal(run.stdout.trim(), '[{"verdict":"unsat"}]');
    assert.ok(Date.now() - t < 20_000);
  }
});
