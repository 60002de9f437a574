"use strict";
// Satisfiability of polynomial constraint systems with z3 in a worker thread (server/src/optimize/solver.ts).
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
const child_process_1 = require("child_process");
const path = __importStar(require("path"));
const solver_1 = require("../../server/src/optimize/solver");
const skip = (0, solver_1.solverAvailable)() ? false : 'z3-solver is not installed (npm install), or z3worker.js is not beside solver.js';
if (skip)
    console.log(`# solver tests skipped: ${skip}`);
(0, node_test_1.after)(() => (0, solver_1.closeSolver)());
const int = (model, name) => {
    strict_1.default.ok(model && name in model, `model has ${name}: ${JSON.stringify(model)}`);
    return BigInt(model[name]);
};
/** The thesis's condition for a tile of B×B (s blocks per thread) fitting: B^2 + 2B <= Z < sB^2 + sB + B. */
const thesis = (extra = []) => ({
    variables: [{ name: 'B', min: 1 }, { name: 's', min: 1 }, { name: 'Z_B', min: 0 }],
    assertions: ['(<= (+ (* B B) (* 2 B)) Z_B)', '(< Z_B (+ (* s B B) (* s B) B))', ...extra],
});
(0, node_test_1.test)('SMT-LIB text: quoted names, bounds, one term per assertion', () => {
    const { smt, names } = (0, solver_1.toSmtLib)({ variables: [{ name: 'R_B', min: -3.5, max: 7.9 }, { name: 'x[0]' }], assertions: ['(< |x[0]| R_B) ; R'] });
    strict_1.default.deepEqual(names, ['R_B', 'x[0]']);
    strict_1.default.equal(smt, '(declare-const |R_B| Int)\n(assert (>= |R_B| (- 3)))\n(assert (<= |R_B| 7))\n(declare-const |x[0]| Int)\n(assert (< |x[0]| R_B) ; R\n)');
    strict_1.default.throws(() => (0, solver_1.toSmtLib)({ variables: [{ name: 'a|b' }], assertions: [] }));
    strict_1.default.throws(() => (0, solver_1.toSmtLib)({ variables: [], assertions: ['(> x 1)) (assert false'] }));
    strict_1.default.throws(() => (0, solver_1.toSmtLib)({ variables: [], assertions: ['(> x 1'] }));
    strict_1.default.throws(() => (0, solver_1.toSmtLib)({ variables: [], assertions: ['  '] }));
    strict_1.default.throws(() => (0, solver_1.toSmtLib)({ variables: [{ name: 'x', min: Infinity }], assertions: [] }));
});
(0, node_test_1.test)('a linear system is sat, with a model that satisfies it', { skip }, async () => {
    const [d] = await (0, solver_1.decideSystems)([{
            variables: [{ name: 'R_B', min: 1 }, { name: 'T_B', min: 32, max: 1024 }, { name: 'N', min: 0 }],
            assertions: ['(<= (+ (* 4 R_B) T_B) 2000)', '(= (* 2 N) (+ T_B 6))', '(> R_B 300)'],
        }]);
    strict_1.default.equal(d.verdict, 'sat', d.reason);
    const R = int(d.model, 'R_B'), T = int(d.model, 'T_B'), N = int(d.model, 'N');
    strict_1.default.ok(R >= 1n && R > 300n && T >= 32n && T <= 1024n && N >= 0n, JSON.stringify(d.model));
    strict_1.default.ok(4n * R + T <= 2000n && 2n * N === T + 6n, JSON.stringify(d.model));
});
(0, node_test_1.test)('10 <= R and R < 10 is unsat', { skip }, async () => {
    const [d] = await (0, solver_1.decideSystems)([{ variables: [{ name: 'R' }], assertions: ['(<= 10 R)', '(< R 10)'] }]);
    strict_1.default.deepEqual(d, { verdict: 'unsat' });
});
(0, node_test_1.test)("the thesis's B^2 + 2B <= Z < sB^2 + sB + B: sat with s >= 2, unsat with s = 1", { skip }, async () => {
    const [sat, unsat] = await (0, solver_1.decideSystems)([thesis(), thesis(['(= s 1)'])]);
    strict_1.default.equal(sat.verdict, 'sat', sat.reason);
    const B = int(sat.model, 'B'), s = int(sat.model, 's'), Z = int(sat.model, 'Z_B');
    strict_1.default.ok(B >= 1n && s >= 2n, JSON.stringify(sat.model));
    strict_1.default.ok(B * B + 2n * B <= Z && Z < s * B * B + s * B + B, JSON.stringify(sat.model));
    strict_1.default.equal(unsat.verdict, 'unsat', unsat.reason);
});
(0, node_test_1.test)('a hard nonlinear equation: unknown at z3\'s time-out, and the next call works', { skip }, async () => {
    const cubes = {
        variables: ['x', 'y', 'z'].map(name => ({ name, min: -1_000_000, max: 1_000_000 })),
        assertions: ['(= (+ (* x x x) (* y y y) (* z z z)) 42)'],
    };
    const t = Date.now();
    const [d] = await (0, solver_1.decideSystems)([cubes], { timeoutMs: 200 });
    const ms = Date.now() - t;
    strict_1.default.equal(d.verdict, 'unknown');
    strict_1.default.match(d.reason ?? '', /timeout|time-out|incomplete|canceled/);
    strict_1.default.ok(ms < 200 + solver_1.MARGIN_MS + 3000, `${ms} ms`);
    const [next] = await (0, solver_1.decideSystems)([thesis()]);
    strict_1.default.equal(next.verdict, 'sat', next.reason);
});
(0, node_test_1.test)('a system z3 cannot interrupt: the worker is stopped, and a fresh one answers the next call', { skip }, async () => {
    // z3 converts huge decimal constants without looking at its time-out (seconds for 10^5 digits).
    const huge = '7'.repeat(150_000);
    const t = Date.now();
    const [d] = await (0, solver_1.decideSystems)([{ variables: [{ name: 'x' }], assertions: [`(= x (* ${huge} ${huge}))`] }], { timeoutMs: 200 });
    const ms = Date.now() - t;
    strict_1.default.deepEqual(d, { verdict: 'unknown', reason: 'time-out, worker stopped' });
    strict_1.default.ok(ms >= 200 + solver_1.MARGIN_MS && ms < 200 + solver_1.MARGIN_MS + 3000, `${ms} ms`);
    const [next, unsat] = await (0, solver_1.decideSystems)([thesis(), thesis(['(= s 1)'])]);
    strict_1.default.equal(next.verdict, 'sat', next.reason);
    strict_1.default.equal(unsat.verdict, 'unsat', unsat.reason);
});
(0, node_test_1.test)('many systems in one call, in order, a bad one among them', { skip }, async () => {
    const systems = [];
    for (let i = 0; i < 40; i++) {
        systems.push(i % 3 === 2
            ? { variables: [{ name: 'k', min: i }], assertions: [`(< (* k k) ${i * i})`] }
            : { variables: [{ name: 'k', min: 0 }, { name: 'T.B', min: 1 }], assertions: [`(= (* k |T.B|) ${i * 6})`, `(>= |T.B| 2)`, `(= k ${i})`] });
    }
    systems.push({ variables: [{ name: 'x' }], assertions: ['(> x y)'] });
    systems.push({ variables: [{ name: 'x|y' }], assertions: [] });
    const t = Date.now();
    const ds = await (0, solver_1.decideSystems)(systems);
    const ms = Date.now() - t;
    for (let i = 0; i < 40; i++) {
        const d = ds[i];
        if (i % 3 === 2)
            strict_1.default.equal(d.verdict, 'unsat', `${i}: ${d.reason}`);
        else if (i === 0)
            strict_1.default.equal(d.verdict, 'sat', `${i}: ${d.reason}`);
        else {
            strict_1.default.equal(d.verdict, 'sat', `${i}: ${d.reason}`);
            strict_1.default.equal(int(d.model, 'k'), BigInt(i));
            strict_1.default.equal(int(d.model, 'T.B'), 6n);
        }
    }
    strict_1.default.equal(ds[40].verdict, 'unknown');
    strict_1.default.match(ds[40].reason ?? '', /bad system: .*unknown constant y/);
    strict_1.default.equal(ds[41].verdict, 'unknown');
    strict_1.default.match(ds[41].reason ?? '', /bad system/);
    console.log(`# ${systems.length} systems in ${ms} ms`);
});
(0, node_test_1.test)('concurrent calls are answered, each in order', { skip }, async () => {
    const [a, b] = await Promise.all([
        (0, solver_1.decideSystems)([thesis(), thesis(['(= s 1)'])]),
        (0, solver_1.decideSystems)([{ variables: [{ name: 'R' }], assertions: ['(<= 10 R)', '(< R 10)'] }, thesis(['(>= B 40)'])]),
    ]);
    strict_1.default.deepEqual([a[0].verdict, a[1].verdict, b[0].verdict, b[1].verdict], ['sat', 'unsat', 'unsat', 'sat']);
    strict_1.default.ok(int(b[1].model, 'B') >= 40n);
});
(0, node_test_1.test)('a process that used the solver exits, with closeSolver() and without it (idle worker is unref\'d)', { skip }, () => {
    const solver = path.join(__dirname, '..', '..', 'server', 'src', 'optimize', 'solver.js');
    for (const close of [true, false]) {
        const script = `const s = require(${JSON.stringify(solver)});
      s.decideSystems([{ variables: [{ name: 'R' }], assertions: ['(<= 10 R)', '(< R 10)'] }])
        .then(d => { console.log(JSON.stringify(d)); return ${close} && s.closeSolver(); });`;
        const t = Date.now();
        const run = (0, child_process_1.spawnSync)(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
        strict_1.default.equal(run.status, 0, `close=${close}: ${run.stderr} ${run.error ?? ''}`);
        strict_1.default.equal(run.stdout.trim(), '[{"verdict":"unsat"}]');
        strict_1.default.ok(Date.now() - t < 20_000);
    }
});
//# sourceMappingURL=solver.test.js.map