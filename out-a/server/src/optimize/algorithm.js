"use strict";
// The comprehensive optimization as the thesis implemented it (Xie 2016 §7.3, Algorithms 7–9):
// plans hold a program variant, the constraints gathered so far, a log of strategies (Table 7.1
// codes) and four tasks taken in order: register pressure, caching, CSE (two levels),
// granularity. A resource counter splits a plan into an accept branch (counter ≤ limit) and a
// refuse branch (limit < counter) where a strategy is applied and the counter evaluated again;
// branches whose constraints are inconsistent are dropped, and a refused plan with no strategy
// left is an ∅ leaf (no kernel for those parameters). Each constraint added on one branch has its
// negation on the other, which gives coverage (Lemma 7.1.4).
//
// One deviation, for code soundness: Algorithm 8 accepts a register count and then lets later
// strategies change the program; when the finished program needs more registers (or more shared
// memory) than the count that was accepted, its task is opened again so that the constraints are
// about the kernel that runs.
Object.defineProperty(exports, "__esModule", { value: true });
exports.STEP_NAMES = void 0;
exports.initialPlan = initialPlan;
exports.comprehensiveOptimization = comprehensiveOptimization;
exports.groupLeaves = groupLeaves;
const poly_1 = require("../symbolic/poly");
const constraints_1 = require("./constraints");
const program_1 = require("./program");
const protocol_1 = require("../../../shared/protocol");
Object.defineProperty(exports, "STEP_NAMES", { enumerable: true, get: function () { return protocol_1.STEP_NAMES; } });
const ORDER = ['registers', 'caching', 'cse', 'granularity'];
const pending = (t) => t.current <= t.final;
const finish = (t) => { t.current = t.final + 1; };
/** Adds a constraint unless the plan has it already (a counter refused twice at one value). */
function add(p, c) {
    const text = (0, constraints_1.constraintText)(c);
    if (!p.constraints.some(o => (0, constraints_1.constraintText)(o) === text))
        p.constraints.push(c);
}
function copy(p) {
    return {
        variant: { ...p.variant },
        constraints: [...p.constraints],
        log: [...p.log],
        tasks: {
            registers: { ...p.tasks.registers },
            caching: { ...p.tasks.caching },
            cse: { ...p.tasks.cse },
            granularity: { ...p.tasks.granularity },
        },
        accepted: { ...p.accepted },
    };
}
function initialPlan(variant, canCache, canCoarsen) {
    return {
        variant, constraints: [], log: [], accepted: {},
        tasks: {
            registers: { current: 0, final: 0 },
            caching: canCache ? { current: 0, final: 0 } : { current: 1, final: 0 },
            cse: { current: 0, final: 1 },
            granularity: canCoarsen ? { current: 0, final: 0 } : { current: 1, final: 0 },
        },
    };
}
const R = poly_1.Poly.symbol(constraints_1.MACHINE.registers), Z = poly_1.Poly.symbol(constraints_1.MACHINE.sharedWords);
/** Algorithm 7: plans are taken depth first until every task of each is done. */
async function comprehensiveOptimization(start, oracle, domains) {
    const leaves = [], empty = [];
    let plans = [start];
    let steps = 0;
    const consistent = async (p) => {
        p.decision = await oracle.decide(p.constraints);
        return p.decision.verdict !== 'unsat';
    };
    /** Algorithms 8 and 9: one task of a plan; [] when the task has nothing left to do. */
    const optimize = async (plan, task) => {
        const out = [];
        const t = plan.tasks[task];
        if (!pending(t))
            return out;
        if (task === 'registers') {
            const alternative = copy(plan);
            const r = (await oracle.counters(plan.variant)).registers;
            const bound = poly_1.Poly.constant(r);
            add(plan, { lhs: bound, op: '<=', rhs: R, origin: 'registers' });
            if (await consistent(plan)) {
                finish(plan.tasks.registers);
                plan.accepted.registers = r;
                plan.log.push('1');
                if (!pending(plan.tasks.caching)) {
                    finish(plan.tasks.granularity);
                    plan.log.push('3a');
                }
                out.push(plan);
            }
            add(alternative, { lhs: R, op: '<', rhs: bound, origin: 'registers' });
            if (await consistent(alternative)) {
                const rt = alternative.tasks.registers;
                if (rt.current < rt.final) {
                    rt.current++;
                    out.push(alternative);
                }
                else {
                    let next = await optimize(alternative, 'cse');
                    if (!next.length)
                        next = await optimize(alternative, 'granularity');
                    if (next.length)
                        out.push(...next);
                    // Nothing left to lower register pressure: no kernel for these parameters.
                    else
                        empty.push(alternative);
                }
            }
            return out;
        }
        if (task === 'caching') {
            const alternative = copy(plan);
            const z = (await oracle.counters(plan.variant)).words;
            add(plan, { lhs: z, op: '<=', rhs: Z, origin: 'shared memory' });
            if (await consistent(plan)) {
                plan.log.push('4a');
                finish(plan.tasks.caching);
                plan.accepted.words = z;
                if (!pending(plan.tasks.registers)) {
                    finish(plan.tasks.granularity);
                    plan.log.push('3a');
                }
                out.push(plan);
            }
            add(alternative, { lhs: Z, op: '<', rhs: z, origin: 'shared memory' });
            if (await consistent(alternative)) {
                let next = await optimize(alternative, 'granularity');
                if (!next.length)
                    next = await optimize(alternative, 'cse');
                if (next.length)
                    out.push(...next);
                else {
                    finish(alternative.tasks.caching);
                    alternative.variant.caching = false;
                    alternative.accepted.words = poly_1.Poly.ZERO;
                    alternative.log.push('4b');
                    out.push(alternative);
                }
            }
            return out;
        }
        if (task === 'cse') {
            t.current++;
            plan.variant.cse = t.current;
            plan.log.push('2');
            return [plan];
        }
        finish(t);
        plan.variant.granularity = false;
        plan.log.push('3b');
        return [plan];
    };
    while (plans.length) {
        const plan = plans.shift();
        const task = ORDER.find(n => pending(plan.tasks[n]));
        const next = task ? await optimize(plan, task) : [plan];
        steps++;
        for (const p of next) {
            if (ORDER.some(n => pending(p.tasks[n]))) {
                plans = [p, ...plans];
                continue;
            }
            // Finished: the counters of the program that runs must be within what was accepted.
            const final = await oracle.counters(p.variant);
            if (p.accepted.registers !== undefined && final.registers > p.accepted.registers) {
                p.tasks.registers = { current: 0, final: 0 };
                plans = [p, ...plans];
                continue;
            }
            if (p.accepted.words && !(0, constraints_1.provablyNonNegative)(p.accepted.words.sub(final.words), domains)) {
                p.tasks.caching = { current: 0, final: 0 };
                plans = [p, ...plans];
                continue;
            }
            leaves.push(p);
        }
        if (steps > 500)
            throw new Error('the comprehensive optimization did not terminate in 500 steps');
    }
    return { leaves, empty, steps };
}
/** Leaves grouped by the program they run, most resources first (cache, coarsening, CSE). */
function groupLeaves(leaves) {
    const groups = new Map();
    for (const l of leaves) {
        const key = (0, program_1.variantKey)(l.variant);
        const g = groups.get(key) ?? { variant: l.variant, plans: [] };
        g.plans.push(l);
        groups.set(key, g);
    }
    const rank = (v) => (v.caching ? 4 : 0) + (v.granularity ? 2 : 0) + v.cse / 10;
    return [...groups.values()].sort((a, b) => rank(b.variant) - rank(a.variant));
}
//# sourceMappingURL=algorithm.js.map