"use strict";
// `metafork optimize` (Xie 2016 Ch. 7): the case discussion of a `meta_schedule` and one `.cu` holding
// every case's kernels with a dispatcher that reads the device's limits at run time.
Object.defineProperty(exports, "__esModule", { value: true });
exports.optimizeSchedule = optimizeSchedule;
exports.optimizeText = optimizeText;
const index_1 = require("../checks/index");
const index_2 = require("../cuda/index");
const poly_1 = require("../symbolic/poly");
const lines_1 = require("../base/lines");
const algorithm_1 = require("./algorithm");
const constraints_1 = require("./constraints");
const counters_1 = require("./counters");
const dispatch_1 = require("./dispatch");
const program_1 = require("./program");
/** What the dispatcher may choose, and why. */
function tuningOf(src) {
    if (src.fixed)
        return { tuned: [], fixed: src.fixed.names, reason: src.fixed.reason };
    return {
        tuned: src.tunables.map(t => t.name),
        fixed: [],
        reason: src.tunables.length
            ? 'the kernels compute the same elements whatever their values: every index is reassembled exactly from its loops (a ceiling grid with a guard)'
            : 'no block size or granularity given by a variable',
    };
}
const MACHINE_DOMAINS = [
    [constraints_1.MACHINE.registers, { kind: 'machine', min: 0n }],
    [constraints_1.MACHINE.sharedWords, { kind: 'machine', min: 0n }],
    [constraints_1.MACHINE.threads, { kind: 'machine', min: 1n }],
];
function domainsOf(src) {
    const d = new Map(MACHINE_DOMAINS);
    // The parameters kept at the program's values keep their domains: the constraints are about them.
    for (const t of [...src.tunables, ...(src.fixed?.tunables ?? [])])
        d.set(t.name, t.role === 'granularity' ? { kind: 'program', min: 1n, max: constraints_1.MAX_GRANULARITY } : { kind: 'program', min: 1n });
    return d;
}
/** The slides' natural constraints: a block has at most T_B threads (parameters ≥ 1, s ≤ 8 are domains). */
function initialConstraints(src) {
    const seen = new Set();
    return src.threads
        .filter(t => !seen.has(t.toC()) && seen.add(t.toC()))
        .map(t => ({ lhs: t, op: '<=', rhs: poly_1.Poly.symbol(constraints_1.MACHINE.threads), origin: 'initial' }));
}
async function optimizeSchedule(src, options = {}) {
    const began = Date.now();
    const domains = domainsOf(src);
    const initial = initialConstraints(src);
    const programs = new Map();
    const measured = new Map();
    const program = (v) => {
        const key = (0, program_1.variantKey)(v);
        if (!programs.has(key))
            programs.set(key, (0, program_1.deriveProgram)(src, { ...v }));
        return programs.get(key);
    };
    const counters = (v) => {
        const key = (0, program_1.variantKey)(v);
        if (!measured.has(key))
            measured.set(key, program(v).then(p => (0, counters_1.measure)(src, p, options.registers ?? 'auto', domains)));
        return measured.get(key);
    };
    const decisions = new Map();
    const oracle = {
        counters: async (v) => {
            const m = await counters(v);
            return { registers: m.registers, words: m.sharedWords };
        },
        decide: (cs) => {
            const key = cs.map(constraints_1.constraintText).sort().join(' ∧ ');
            if (!decisions.has(key))
                decisions.set(key, (0, constraints_1.decide)([...initial, ...cs], domains, options.timeoutMs));
            return decisions.get(key);
        },
    };
    const start = (0, algorithm_1.initialPlan)({ granularity: !!src.granularity, caching: src.cacheList.length > 0, cse: 0 }, src.cacheList.length > 0, !!src.granularity);
    const outcome = await (0, algorithm_1.comprehensiveOptimization)(start, oracle, domains);
    const system = (p) => ({
        constraints: (0, constraints_1.describeSystem)(p.constraints, domains),
        strategies: p.log,
        strategyNames: p.log.map(s => algorithm_1.STEP_NAMES[s]),
        verdict: p.decision?.verdict ?? 'unknown',
        decidedBy: p.decision?.by ?? 'undecided',
        witness: p.decision?.witness,
        all: [...initial, ...p.constraints].map(c => ({ lhs: c.lhs.toC(), op: c.op, rhs: c.rhs.toC(), origin: c.origin })),
    });
    const groups = (0, algorithm_1.groupLeaves)(outcome.leaves);
    const cases = [];
    const costs = [];
    const texts = [];
    for (const [i, g] of groups.entries()) {
        const p = await program(g.variant);
        // The counters as measured during the optimization; the pieces again, with the case's names.
        const first = await counters(g.variant);
        const m = await (0, counters_1.measure)(src, p, () => first.registers, domains, `_case${i + 1}`);
        const words = m.sharedWords.isZero ? '0' : m.sharedWords.toMath();
        costs.push(m.launches);
        texts.push(p.text);
        cases.push({
            index: i + 1,
            variant: g.variant,
            summary: summaryOf(g.variant, src),
            systems: g.plans.map(system),
            registers: first.registers,
            registersBy: first.registersBy,
            sharedWords: words,
            tiles: m.boxes,
            cse: p.cse,
            metafork: p.code,
            kernels: m.kernels,
            host: m.host,
        });
    }
    const lines = new lines_1.LineIndex(src.text);
    return {
        result: {
            start: src.span.start,
            end: src.span.end,
            line: lines.position(src.span.start).line + 1,
            parameters: [...domains].map(([name, d]) => ({
                name,
                kind: d.kind,
                role: [...src.tunables, ...(src.fixed?.tunables ?? [])].find(t => t.name === name)?.role ??
                    (d.kind === 'machine' ? machineRole(name) : undefined),
                min: String(d.min),
                ...(d.max !== undefined ? { max: String(d.max) } : {}),
            })),
            tuning: tuningOf(src),
            initial: initial.map(constraints_1.constraintText),
            cases,
            empty: outcome.empty.map(p => ({ constraints: (0, constraints_1.describeSystem)(p.constraints, domains), strategies: p.log })),
            notes: src.notes,
            milliseconds: Date.now() - began,
        },
        systems: groups.map(g => g.plans.map(p => [...initial, ...p.constraints])),
        emptySystems: outcome.empty.map(p => [...initial, ...p.constraints]),
        initial,
        domains,
        costs,
        programs: texts,
    };
}
function machineRole(name) {
    return name === constraints_1.MACHINE.registers
        ? 'registers per thread'
        : name === constraints_1.MACHINE.sharedWords
            ? 'shared-memory words (4 bytes) per block'
            : 'threads per block';
}
function summaryOf(v, src) {
    const parts = [
        v.caching ? `cache(${src.cacheList.join(', ')})` : src.cacheList.length ? 'no caching' : 'nothing to cache',
        src.granularity
            ? v.granularity
                ? `granularity ${src.granularity.parameter}`
                : `granularity ${src.granularity.parameter} = 1`
            : undefined,
        v.cse ? `CSE level ${v.cse}` : undefined,
    ];
    return parts.filter(Boolean).join(', ');
}
/** Every schedule of the file (or the one at `offset`) optimized, and the `.cu` with dispatchers. */
async function optimizeText(text, options = {}) {
    // One analysis of the input serves every schedule and the final `.cu`.
    const analysis = await (0, index_1.checkText)(text, options.fileName, options);
    try {
        const count = (0, index_2.schedulesOf)(analysis.model).length;
        const picks = options.offset !== undefined
            ? [{ offset: options.offset }]
            : count
                ? [...Array(count).keys()].map(ordinal => ({ ordinal }))
                : [{ ordinal: 0 }];
        const diagnostics = [];
        const optimized = [];
        for (const pick of picks) {
            const { source, diagnostics: d } = (0, program_1.readScheduleSource)(analysis, options.fileName, pick);
            diagnostics.push(...d);
            if (!source)
                continue;
            const { result, systems, costs } = await optimizeSchedule(source, options);
            optimized.push({ src: source, result, systems, costs });
        }
        const schedules = optimized.map(o => o.result);
        if (diagnostics.some(d => d.severity === 'error'))
            return { diagnostics, schedules };
        // The generator's replacement hook puts the dispatchers; schedules without cases stay as generated.
        const replace = optimized
            .filter(o => o.result.cases.length)
            .map(o => (0, dispatch_1.dispatcher)(o.src, o.result, o.systems, o.costs));
        const cuda = replace.length ? (0, index_2.cudaFromModel)(analysis.model, analysis.diagnostics, { replace }).text : undefined;
        return { diagnostics, schedules, cuda };
    }
    finally {
        analysis.syntax.dispose();
    }
}
//# sourceMappingURL=index.js.map