"use strict";
// The run-time half of the comprehensive optimization (Xie 2016 §7.2): the schedule of the `.cu` becomes
// a dispatcher that reads the device's limits (cudaGetDeviceProperties), keeps the cases whose
// constraints hold, chooses the program parameters and launches that case's kernels.
//
// Choice: the valid case and program parameters the cost model ranks best. The program's
// own values of the tunable parameters (with the first case, in order of preference, that holds
// with them) compete with every candidate (block sizes 256, 128, 512, 64, 1024, 32, 16, 8, 4, 2, 1;
// granularity 8, 4, 2, 1) of every case that holds; each is estimated on this device (../cost:
// occupancy from the device's limits, the MWP-CWP overlap of the warps' memory waits) and the
// cheapest runs (the program's own values on a tie). With METAFORK_DISPATCH_KEEP set, the program's
// own values are kept whenever some case holds with them. METAFORK_DISPATCH_LOG prints the choice
// and its estimate on stderr. Only the parameters the result does not depend on are candidates
// (./invariance.ts); the others keep the program's values.
//
// For tests, METAFORK_DISPATCH_FORCE="case=K;B=V;s=V" runs case K with those values of the tunable
// parameters (those not named keep the program's values), whether or not the ranking would pick
// it: every choice the dispatcher may make can be run and compared. The values must be the
// program's own or among the candidates, within the parameters' domains, and the device must have
// the threads per block, registers and shared memory the case needs; anything else stops the
// program with a message (exit 1).
Object.defineProperty(exports, "__esModule", { value: true });
exports.GRANULARITY_CANDIDATES = exports.BLOCK_CANDIDATES = void 0;
exports.limitsHelper = limitsHelper;
exports.dispatcherView = dispatcherView;
exports.dispatcher = dispatcher;
const layout_1 = require("../base/layout");
const poly_1 = require("../symbolic/poly");
const expression_1 = require("../symbolic/expression");
const print_1 = require("../cuda/print");
const constraints_1 = require("./constraints");
const program_1 = require("./program");
const gpus_1 = require("../cost/gpus");
const LIMITS_TYPE = 'mfDeviceLimits';
exports.BLOCK_CANDIDATES = [256, 128, 512, 64, 1024, 32, 16, 8, 4, 2, 1];
exports.GRANULARITY_CANDIDATES = [8, 4, 2, 1].filter(g => BigInt(g) <= constraints_1.MAX_GRANULARITY);
/** The machine parameters as the device reports them, and the cost estimate of one launch on it
 * (printed once per `.cu`; the estimate follows ../cost/occupancy.ts and ../cost/warps.ts). */
function limitsHelper() {
    return [
        `#include <stdlib.h> /* getenv, strtoll, exit: the dispatcher's METAFORK_DISPATCH_* variables */`,
        `/* metafork: the machine parameters of the comprehensive optimization, read from the device:`,
        ` * R_B registers per thread (255 from compute capability 3.5 on, 63 before), Z_B shared-memory`,
        ` * words of 4 bytes a block may use (with the opt-in beyond 48 KB), T_B threads per block; and`,
        ` * what the occupancy estimate needs per SM. */`,
        `typedef struct { long long R_B, Z_B, T_B; double sms, warps_per_sm, blocks_per_sm, regs_per_sm, shared_per_sm, shared_reserved,`,
        `                 reg_unit, shared_unit, word_cycles, departure, cores_per_sm, clock_mhz, bandwidth_gbs, launch_cycles; } ${LIMITS_TYPE};`,
        ...architectureHelper(),
        `static ${LIMITS_TYPE} mfReadDeviceLimits(void)`,
        `{`,
        `    int device = 0;`,
        `    cudaDeviceProp prop;`,
        `    mfCudaCheck(cudaGetDevice(&device));`,
        `    mfCudaCheck(cudaGetDeviceProperties(&prop, device));`,
        `    ${LIMITS_TYPE} limits;`,
        `    limits.R_B = prop.major > 3 || (prop.major == 3 && prop.minor >= 5) ? 255 : 63;`,
        `    limits.Z_B = (long long) ((prop.sharedMemPerBlockOptin > prop.sharedMemPerBlock ? prop.sharedMemPerBlockOptin : prop.sharedMemPerBlock) / 4);`,
        `    limits.T_B = prop.maxThreadsPerBlock;`,
        `    limits.sms = prop.multiProcessorCount;`,
        `    limits.warps_per_sm = prop.maxThreadsPerMultiProcessor / 32;`,
        `    limits.blocks_per_sm = prop.maxBlocksPerMultiProcessor > 0 ? prop.maxBlocksPerMultiProcessor : 8;`,
        `    limits.regs_per_sm = prop.regsPerMultiprocessor;`,
        `    limits.shared_per_sm = (double) prop.sharedMemPerMultiprocessor;`,
        `    limits.shared_reserved = prop.major >= 8 ? 1024 : 0;`,
        `    mfArchitecture(prop.major, &limits);`,
        `    return limits;`,
        `}`,
        ``,
        `/* metafork: METAFORK_DISPATCH_FORCE="case=K;NAME=VALUE;..." (tests): the value given for NAME. */`,
        `static int mfForced(const char *name, long long *value)`,
        `{`,
        `    const char *p = getenv("METAFORK_DISPATCH_FORCE");`,
        `    while (p && *p) {`,
        `        const char *n = name;`,
        `        while (*p == ' ') p++;`,
        `        while (*n && *p == *n) { p++; n++; }`,
        `        if (!*n && *p == '=') { char *end; *value = strtoll(p + 1, &end, 10); return end != p + 1 && (*end == ';' || *end == 0); }`,
        `        while (*p && *p != ';') p++;`,
        `        if (*p == ';') p++;`,
        `    }`,
        `    return 0;`,
        `}`,
        `/* Each NAME=VALUE of METAFORK_DISPATCH_FORCE names one of \`known\` (" case B s "). */`,
        `static int mfForcedNamesKnown(const char *known)`,
        `{`,
        `    const char *p = getenv("METAFORK_DISPATCH_FORCE");`,
        `    while (p && *p) {`,
        `        while (*p == ' ') p++;`,
        `        const char *e = p;`,
        `        while (*e && *e != '=' && *e != ';') e++;`,
        `        int found = 0;`,
        `        for (const char *k = known; *k && !found; k++) {`,
        `            if (*k != ' ') continue;`,
        `            const char *a = k + 1, *b = p;`,
        `            while (b < e && *a == *b) { a++; b++; }`,
        `            found = e > p && b == e && *a == ' ';`,
        `        }`,
        `        if (!found || *e != '=') return 0;`,
        `        while (*e && *e != ';') e++;`,
        `        p = *e ? e + 1 : e;`,
        `    }`,
        `    return 1;`,
        `}`,
        ``,
        `static double mfFloor(double x) { return (double) (long long) x; }  /* x >= 0: no <math.h> needed */`,
        `static double mfCeil(double x) { return mfFloor(x) < x ? mfFloor(x) + 1 : mfFloor(x); }`,
        `/* metafork: the cost model's estimate of a kernel's launches, in cycles (MWP-CWP, Hong and Kim`,
        ` * 2009): the active blocks per SM (the least of the warps, resident blocks, registers per warp in`,
        ` * allocation units and shared memory in allocation units an SM has) give the warps an SM`,
        ` * overlaps; memory requests in flight (MWP: latency over the gap between requests, the bandwidth`,
        ` * shared by the busy SMs) against the warps computing meanwhile (CWP) decide whether it waits on`,
        ` * memory or computes, uncoalesced requests (one 32-byte sector per thread) weighed by their share`,
        ` * and a word a thread walks in its row served by the sector before it (one request in 8); never`,
        ` * less than the launch's bytes at the card's bandwidth; plus the cost of a launch itself. */`,
        `static double mfEstimateCycles(const ${LIMITS_TYPE} *d, double launches, double blocks, double threads, double registers,`,
        `                               double shared_bytes, double ops, double words, double scattered, double walked)`,
        `{`,
        `    const double warps = mfCeil(threads / 32);`,
        `    double active = mfFloor(d->warps_per_sm / warps);`,
        `    if (d->blocks_per_sm < active) active = d->blocks_per_sm;`,
        `    const double per_warp = mfCeil(registers * 32 / d->reg_unit) * d->reg_unit;`,
        `    if (per_warp > 0 && mfFloor(mfFloor(d->regs_per_sm / per_warp) / warps) < active) active = mfFloor(mfFloor(d->regs_per_sm / per_warp) / warps);`,
        `    if (shared_bytes > 0) {`,
        `        const double per_block = mfCeil((shared_bytes + d->shared_reserved) / d->shared_unit) * d->shared_unit;`,
        `        if (mfFloor(d->shared_per_sm / per_block) < active) active = mfFloor(d->shared_per_sm / per_block);`,
        `    }`,
        `    if (active < 1 || blocks < 1) return active < 1 ? 1e300 : 0;`,
        `    /* MWP-CWP (Hong and Kim 2009), as ../cost/warps.ts computes it */`,
        `    const double active_sms = blocks < d->sms ? blocks : d->sms;`,
        `    const double rounds = mfCeil(blocks / (active * d->sms));`,
        `    const double per_sm = mfCeil(blocks / active_sms) < active ? mfCeil(blocks / active_sms) : active;`,
        `    const double n = per_sm * warps;`,
        `    if (scattered > words) scattered = words;`,
        `    if (walked > scattered) walked = scattered;`,
        `    const double requests = scattered - walked + walked / 8, mem_insts = words - scattered + requests;`,
        `    const double uncoalesced = mem_insts > 0 ? requests / mem_insts : 0;`,
        `    const double mem_l = d->word_cycles + uncoalesced * 31 * d->departure;`,
        `    const double load_bytes = (1 - uncoalesced) * 32 * 4 + uncoalesced * 32 * 32;`,
        `    const double bandwidth_per_warp = d->clock_mhz * 1e6 * load_bytes / mem_l;`,
        `    double mwp = mem_l / (d->departure * (1 - uncoalesced + uncoalesced * 32));`,
        `    const double mwp_bandwidth = d->bandwidth_gbs * 1e9 / (bandwidth_per_warp * active_sms);`,
        `    if (mwp_bandwidth < mwp) mwp = mwp_bandwidth;`,
        `    if (n < mwp) mwp = n;`,
        `    if (mwp < 1) mwp = 1;`,
        `    const double comp = 32 * (ops + words) / d->cores_per_sm, mem = mem_l * mem_insts;`,
        `    double cycles;`,
        `    if (mem_insts == 0) cycles = comp * n;`,
        `    else {`,
        `        double cwp = comp > 0 ? (mem + comp) / comp : n;`,
        `        if (cwp > n) cwp = n;`,
        `        if (mwp == n && cwp == n) cycles = mem + comp + comp / mem_insts * (mwp - 1);`,
        `        else if (cwp >= mwp || comp > mem) cycles = mem * (n / mwp) + comp / mem_insts * (mwp - 1);`,
        `        else cycles = mem_l + comp * n;`,
        `    }`,
        `    cycles *= rounds;`,
        `    const double bytes = blocks * threads * (4 * (words - scattered + walked) + 32 * (scattered - walked));`,
        `    const double bandwidth_cycles = bytes / (d->bandwidth_gbs * 1e9) * d->clock_mhz * 1e6;`,
        `    return launches * ((cycles > bandwidth_cycles ? cycles : bandwidth_cycles) + d->launch_cycles);`,
        `}`,
    ].join('\n');
}
/**
 * The per-architecture constants the estimate needs and the device does not report (register and
 * shared-memory allocation units, the MCM's U), from the same presets as the TypeScript model
 * (../cost/gpus.ts): the newest preset whose compute capability the device's reaches.
 */
function architectureHelper() {
    const byMajor = architectures();
    const majors = [...byMajor.keys()].sort((a, b) => b - a);
    const set = (g) => `d->reg_unit = ${g.registerAllocationUnit}; d->shared_unit = ${g.sharedAllocationUnit}; d->word_cycles = ${g.wordCycles}; ` +
        `d->departure = ${g.departureCycles}; d->cores_per_sm = ${g.coresPerSm}; d->clock_mhz = ${g.clockMHz}; d->bandwidth_gbs = ${g.bandwidthGBs}; d->launch_cycles = ${g.launchCycles};`;
    return [
        `static void mfArchitecture(int major, ${LIMITS_TYPE} *d)`,
        `{`,
        ...majors.map((m, i) => `    ${i ? 'else ' : ''}${i < majors.length - 1 ? `if (major >= ${m}) ` : ''}{ ${set(byMajor.get(m))} }  /* ${byMajor.get(m).name} */`),
        `}`,
    ];
}
/** The preset whose constants stand for each compute capability's major version (the first listed). */
function architectures() {
    const byMajor = new Map();
    for (const g of Object.values(gpus_1.GPUS)) {
        const major = Number(g.computeCapability.split('.')[0]);
        if (!byMajor.has(major))
            byMajor.set(major, g);
    }
    return byMajor;
}
/** A device of compute capability `major` as the dispatcher sees it: its own limits, the
 * architecture's constants (the device does not report them). */
function dispatcherView(device) {
    const major = Number(device.computeCapability.split('.')[0]);
    const arch = [...architectures()].filter(([m]) => m <= major).sort((a, b) => b[0] - a[0])[0]?.[1] ?? device;
    return {
        ...device, registerAllocationUnit: arch.registerAllocationUnit, sharedAllocationUnit: arch.sharedAllocationUnit,
        wordCycles: arch.wordCycles, departureCycles: arch.departureCycles, coresPerSm: arch.coresPerSm,
        clockMHz: arch.clockMHz, bandwidthGBs: arch.bandwidthGBs, launchCycles: arch.launchCycles,
    };
}
/** A polynomial as C over the limits and the candidate values (`mf_v_B`); other symbols (and the
 * tunables inside atoms like `(n + 3) / 4`) as written, renamed where they are candidates. */
function polyC(p, rename) {
    let q = p;
    for (const s of p.symbols()) {
        // The cost model's placeholders (`trips@LINE`, a sum's `i#`) are refused before: one here is a bug.
        if (/[@#]/.test(s))
            throw new Error(`internal error: the placeholder '${s}' reached the dispatcher's C`);
        const atom = rename.get(s)
            ?? (/^[A-Za-z_]\w*$/.test(s) ? `(long long) ${s}` : `(long long) (${(0, expression_1.renameInAtom)(s, w => rename.get(w))})`);
        q = q.substitute(s, poly_1.Poly.symbol(atom));
    }
    return q.toC();
}
const constraintC = (c, rename) => `${polyC(c.lhs, rename)} ${c.op} ${polyC(c.rhs, rename)}`;
/** `costs`: per case, its kernels' counts (the estimate ranks the candidates). */
function dispatcher(src, result, systems, costs) {
    const text = src.text;
    const unit = (0, layout_1.indentUnit)(text);
    const indent = (0, layout_1.lineIndent)(text, src.span.start);
    const i1 = indent + unit, i2 = i1 + unit;
    const tunables = src.tunables;
    const rename = new Map([
        [constraints_1.MACHINE.registers, 'mf_limits.R_B'],
        [constraints_1.MACHINE.sharedWords, 'mf_limits.Z_B'],
        [constraints_1.MACHINE.threads, 'mf_limits.T_B'],
        ...[...tunables, ...src.derived].map(t => [t.name, `mf_v_${t.name}`]),
    ]);
    // Variables derived from the parameters (`B = min(B0, B1)`) are recomputed from each candidate.
    const chosen = new Set([...tunables, ...src.derived].map(t => t.name));
    const candidate = (name) => (chosen.has(name) ? `mf_v_${name}` : undefined);
    const derivedFromCandidates = (at, type = 'const long long') => src.derived.map(d => `${at}${type} mf_v_${d.name} = ${(0, program_1.printExpression)(d.init, candidate)};`);
    const granularity = src.granularity?.parameter;
    // The parameters' own domains (B ≥ 1, 1 ≤ s ≤ 8) hold for every case. A case's constraints are
    // about the program's parameters as given (a case with granularity 1 is there because the given
    // s does not fit); that case then runs with s = 1.
    const domain = tunables.map(t => t.role === 'granularity' ? `mf_v_${t.name} >= 1 && mf_v_${t.name} <= ${constraints_1.MAX_GRANULARITY}` : `mf_v_${t.name} >= 1`);
    const holds = (k) => (domain.length ? `${domain.join(' && ')} && ` : '') +
        '(' +
        systems[k]
            .map(sys => (sys.length ? sys.map(x => `(${constraintC(x, rename)})`).join(' && ') : '1'))
            .map(s => `(${s})`)
            .join(' || ') +
        ')';
    const cases = result.cases;
    // A case's estimate at the candidate values: Σ over its kernels (../cost/counts.ts).
    // A case with granularity 1 runs with s = 1: its estimate reads the derived variables at s = 1.
    const atOne = new Map([...rename].map(([k, v]) => [k, src.derived.some(d => d.name === k) ? `mf_w_${k}` : v]));
    const isDerived = (w) => src.derived.some(x => x.name === w);
    const atOneOf = (w) => !chosen.has(w) ? undefined : w === granularity ? '1' : isDerived(w) ? `mf_w_${w}` : `mf_v_${w}`;
    const derivedAtOne = (at) => !granularity
        ? []
        : src.derived.map(d => `${at}const long long mf_w_${d.name} = ${(0, program_1.printExpression)(d.init, atOneOf)};`);
    const estimate = (k) => {
        const launches = costs[k] ?? [];
        if (launches.length === 0)
            return '0';
        const one = !cases[k].variant.granularity && !!granularity;
        const names = one ? atOne : rename;
        return launches
            .map(({ counts: c, boxes }) => {
            const d = (p) => `(double) (${polyC(p, names)})`;
            const candidate = (w) => (!chosen.has(w) ? undefined : one && isDerived(w) ? `mf_w_${w}` : `mf_v_${w}`);
            const shared = (0, print_1.sharedBytes)(boxes, s => (0, expression_1.renameInAtom)(s, candidate)) ?? '0';
            const perThread = `${d(c.reads.add(c.writes))} + ${d(c.boxLoads.add(c.boxStores))} / ${d(c.threads)}`;
            return `mfEstimateCycles(&mf_limits, ${d(c.launches)}, ${d(c.blocks)}, ${d(c.threads)}, ${cases[k].registers}, (double) (${shared}), ${d(c.ops)}, ${perThread}, ${d(c.scattered)}, ${d(c.walked)})`;
        })
            .join(' + ');
    };
    const record = (depth, k) => [
        `${depth}mf_case = ${cases[k].index};`,
        ...tunables.map(t => `${depth}mf_${t.name} = mf_v_${t.name};`),
    ];
    // The program's own values: the first case (in order of preference) that holds with them.
    const userTries = cases.flatMap((c, k) => [
        `${i2}if (!mf_case && (${holds(k)})) { /* case ${c.index}: ${c.summary} */`,
        ...record(i2 + unit, k),
        `${i2}${unit}mf_cost = ${estimate(k)};`,
        `${i2}}`,
    ]);
    // Every candidate of every case that holds, ranked by the estimate.
    const candidateTries = cases.flatMap((c, k) => {
        const lines = [`${i2}/* case ${c.index}: ${c.summary} */`];
        let depth = i2;
        for (const t of tunables) {
            const list = t.role === 'granularity' ? exports.GRANULARITY_CANDIDATES : exports.BLOCK_CANDIDATES;
            lines.push(`${depth}for (int mf_i_${t.name} = 0; mf_i_${t.name} < ${list.length}; mf_i_${t.name}++) {`, `${depth}${unit}static const int mf_try_${t.name}[] = { ${list.join(', ')} };`, `${depth}${unit}const long long mf_v_${t.name} = mf_try_${t.name}[mf_i_${t.name}];`);
            depth += unit;
        }
        lines.push(...derivedFromCandidates(depth), ...(!c.variant.granularity ? derivedAtOne(depth) : []));
        lines.push(`${depth}if (${holds(k)}) {`, `${depth}${unit}const double mf_estimate = ${estimate(k)};`, `${depth}${unit}if (!mf_case || mf_estimate < mf_cost) {`, `${depth}${unit}${unit}mf_cost = mf_estimate;`, ...record(depth + unit + unit, k), `${depth}${unit}}`, `${depth}}`);
        for (let d = tunables.length - 1; d >= 0; d--)
            lines.push(`${i2}${unit.repeat(d)}}`);
        return lines;
    });
    // METAFORK_DISPATCH_FORCE (tests): the case and values named, checked against what the
    // dispatcher may choose (the program's own value or a candidate, the domains, T_B).
    const forced = () => {
        const known = ` case ${tunables.map(t => t.name).join(' ')} `.replace(/ +/g, ' ');
        const usage = `metafork: METAFORK_DISPATCH_FORCE=\\"%s\\" must be \\"case=K${tunables.map(t => `;${t.name}=V`).join('')}\\" with K in 1..${cases.length}${src.fixed ? ` (${src.fixed.names.join(', ')} kept at the program's values)` : ''}\\n`;
        const candidate = (t) => (t.role === 'granularity' ? exports.GRANULARITY_CANDIDATES : exports.BLOCK_CANDIDATES)
            .map(v => `mf_v_${t.name} == ${v}`)
            .join(' || ');
        const threadsFit = src.threads.map(t => `${polyC(t, rename)} <= mf_limits.T_B`);
        // What a case needs of the device (its registers, its shared words: `need ≤ R_B`, `need ≤ Z_B`);
        // the other constraints only say when another case is preferred.
        const machine = new Set([constraints_1.MACHINE.registers, constraints_1.MACHINE.sharedWords]);
        const needs = (k) => {
            const own = systems[k]
                .flat()
                .filter(c => c.origin !== 'initial' &&
                c.op === '<=' &&
                c.rhs.symbols().size === 1 &&
                machine.has([...c.rhs.symbols()][0]) &&
                c.rhs.sub(poly_1.Poly.symbol([...c.rhs.symbols()][0])).isZero);
            return [...new Set(own.map(c => constraintC(c, rename)))].map(c => `(${c})`).join(' && ') || '1';
        };
        return [
            `${i1}if (getenv("METAFORK_DISPATCH_FORCE")) { /* tests: run the case and values named there */`,
            `${i2}long long mf_forced = 0;`,
            `${i2}if (!mfForcedNamesKnown("${known}") || !mfForced("case", &mf_forced) || mf_forced < 1 || mf_forced > ${cases.length}) {`,
            `${i2}${unit}fprintf(stderr, "${usage}", getenv("METAFORK_DISPATCH_FORCE"));`,
            `${i2}${unit}exit(EXIT_FAILURE);`,
            `${i2}}`,
            ...tunables.map(t => `${i2}long long mf_v_${t.name} = ${t.name};`),
            ...tunables.map(t => `${i2}if (mfForced("${t.name}", &mf_v_${t.name}) && mf_v_${t.name} != ${t.name} && !(${candidate(t)})) { fprintf(stderr, "metafork: METAFORK_DISPATCH_FORCE: ${t.name}=%lld is not a value the dispatcher may choose\\n", mf_v_${t.name}); exit(EXIT_FAILURE); }`),
            ...derivedFromCandidates(i2, 'long long'),
            `${i2}int mf_fits = 0;`,
            `${i2}switch (mf_forced) {`,
            ...cases.map((c, k) => `${i2}case ${c.index}: mf_fits = ${needs(k)}; break;`),
            `${i2}}`,
            `${i2}if (!(${[...domain, ...threadsFit, 'mf_fits'].join(' && ')})) {`,
            `${i2}${unit}fprintf(stderr, "metafork: METAFORK_DISPATCH_FORCE=\\"%s\\": not a choice on this device (parameters outside their domains, more than T_B=%lld threads a block, or more registers or shared memory than the case has)\\n", getenv("METAFORK_DISPATCH_FORCE"), mf_limits.T_B);`,
            `${i2}${unit}exit(EXIT_FAILURE);`,
            `${i2}}`,
            `${i2}mf_case = (int) mf_forced;`,
            ...tunables.map(t => `${i2}mf_${t.name} = mf_v_${t.name};`),
            `${i1}}`,
        ];
    };
    const say = (s) => s.replace(/\*\//g, '* /');
    const tuning = src.fixed
        ? `${i1}/* kept at the program's values: ${src.fixed.names.join(', ')} (${say(src.fixed.reason)}) */`
        : tunables.length
            ? `${i1}/* chosen at run time: ${tunables.map(t => t.name).join(', ')} (the kernels compute the same elements whatever their values) */`
            : undefined;
    const body = [
        `{ /* meta_schedule, optimized (metafork optimize): ${cases.length} case${cases.length === 1 ? '' : 's'}, chosen at run time */`,
        ...(tuning ? [tuning] : []),
        `${i1}const ${LIMITS_TYPE} mf_limits = mfReadDeviceLimits();`,
        // The program's variables the choice changes get their own values back after the schedule.
        ...[...tunables, ...src.derived].map(t => `${i1}const long long mf_own_${t.name} = ${t.name};`),
        `${i1}int mf_case = 0;`,
        `${i1}double mf_cost = 0;`,
        ...tunables.map(t => `${i1}long long mf_${t.name} = ${t.name};`),
        `${i1}{ /* the program's own parameters, if a case holds with them */`,
        ...tunables.map(t => `${i2}const long long mf_v_${t.name} = ${t.name};`),
        ...derivedFromCandidates(i2),
        ...derivedAtOne(i2),
        ...userTries,
        `${i1}}`,
        `${i1}if (!mf_case || !getenv("METAFORK_DISPATCH_KEEP")) { /* the candidates, ranked by the estimate */`,
        ...candidateTries,
        `${i1}}`,
        ...forced(),
        `${i1}if (!mf_case) {`,
        `${i2}fprintf(stderr, "metafork: no case of the optimized schedule (line ${result.line}) fits this device: R_B=%lld Z_B=%lld T_B=%lld\\n", mf_limits.R_B, mf_limits.Z_B, mf_limits.T_B);`,
        `${i2}exit(EXIT_FAILURE);`,
        `${i1}}`,
        ...tunables.map(t => `${i1}${t.name} = (int) mf_${t.name};`),
        ...src.derived.map(d => `${i1}${d.name} = ${d.init.text};`),
        `${i1}if (getenv("METAFORK_DISPATCH_LOG"))`,
        `${i2}fprintf(stderr, "metafork: schedule at line ${result.line}: case %d${tunables.map(t => ` ${t.name}=%lld`).join('')} estimate=%.0f cycles (R_B=%lld Z_B=%lld T_B=%lld)\\n", mf_case${tunables.map(t => `, mf_${t.name}`).join('')}, mf_cost, mf_limits.R_B, mf_limits.Z_B, mf_limits.T_B);`,
        `${i1}switch (mf_case) {`,
        ...cases.flatMap(c => [
            `${i1}case ${c.index}: { /* ${c.summary} */`,
            ...(!c.variant.granularity && granularity
                ? [`${i2}${granularity} = 1;`, ...src.derived.map(d => `${i2}${d.name} = ${d.init.text};`)]
                : []),
            `${i2}${(0, layout_1.reindent)(c.host, indent, i2)}`,
            `${i2}break;`,
            `${i1}}`,
        ]),
        `${i1}}`,
        ...[...tunables, ...src.derived].map(t => `${i1}${t.name} = mf_own_${t.name};`),
        `${indent}}`,
    ];
    return {
        at: src.span.start,
        host: body.join('\n'),
        kernels: cases.flatMap(c => c.kernels),
        helpers: limitsHelper(),
        staged: cases.some(c => c.tiles.length > 0),
    };
}
//# sourceMappingURL=dispatch.js.map