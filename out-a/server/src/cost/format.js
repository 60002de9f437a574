"use strict";
// The cost analysis as text (`metafork analyze`, the hover): per schedule the point it was taken
// at, per kernel the counts, the MCM measures per block and the occupancy, then the estimates.
Object.defineProperty(exports, "__esModule", { value: true });
exports.estimateSummary = estimateSummary;
exports.formatSchedule = formatSchedule;
const fixed = (x, digits = 0) => Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: digits }) : '∞';
const duration = (us) => !Number.isFinite(us) ? '∞' : us >= 1000 ? `${fixed(us / 1000, 2)} ms` : `${fixed(us, 1)} µs`;
/** The estimate in a few words (a hover, a lens): the time at the program's point, the values
 * that point takes, and the best block size of the sweep. */
function estimateSummary(gpu, s, short = false) {
    const time = `≈ ${duration(s.microseconds)} on ${gpu.name}`;
    if (short)
        return time;
    const mark = (name) => s.assumed.includes(name) ? ' (assumed)' : s.origins[name] && s.origins[name] !== 'given' ? ` (${s.origins[name]})` : '';
    const tunables = s.blockParameters.map(b => `${b} = ${s.values[b]}${mark(b)}`).join(', ');
    const best = s.sweep.length ? s.sweep.reduce((a, b) => (b.cycles < a.cycles ? b : a)) : undefined;
    // Another block size is named only when it is worth it (1% faster), not for a rounding's sake.
    const bestText = best && best.cycles < s.cycles * 0.99
        ? `; fastest block size ${Object.values(best.block).join('×')} (≈ ${duration(best.microseconds)})`
        : '';
    const others = s.assumed.filter(a => !s.blockParameters.includes(a));
    const assumed = others.length ? ` (assumed: ${others.map(a => `${a} = ${s.values[a]}`).join(', ')})` : '';
    return `${time}${tunables ? ` with ${tunables}` : ''}${assumed}${bestText}`;
}
function formatSchedule(file, r, s) {
    const out = [];
    const values = Object.entries(s.values)
        .map(([k, v]) => `${k} = ${v}${s.assumed.includes(k) ? ' (assumed)' : s.origins[k] ? ` (${s.origins[k]})` : ''}`)
        .join(', ');
    out.push(`${file}:${s.line}: meta_schedule on ${r.gpu.name} (${r.gpu.sms} SMs, ${r.gpu.clockMHz} MHz, ${r.gpu.bandwidthGBs} GB/s, U = ${r.gpu.wordCycles} cycles a word)`);
    if (values)
        out.push(`  at ${values}`);
    for (const k of s.kernels) {
        const a = k.at;
        out.push('', `  ${k.name}: ${k.formulas.blocks} blocks of ${k.formulas.threads} threads${k.formulas.launches !== '1' ? `, launched ${k.formulas.launches} times` : ''}`);
        const words = (w) => `${w} word${w === '1' ? '' : 's'}`;
        out.push(`    per thread: ${k.formulas.ops} operations, ${words(k.formulas.reads)} read and ${k.formulas.writes} written in global memory`);
        if (k.formulas.tileLoads !== '0')
            out.push(`    per block: ${k.formulas.tileLoads} words loaded into shared memory${k.formulas.tileStores !== '0' ? `, ${k.formulas.tileStores} stored back` : ''}`);
        out.push(`    MCM per block: work ${k.mcm.work}, span ${k.mcm.span}, overhead ${k.mcm.overhead}${k.coalesced ? ' (coalesced)' : ` (not coalesced: ${notCoalesced(k)})`}`);
        out.push(`    occupancy: ${a.activeBlocks} active blocks per SM (limited by ${a.limitedBy}; ${a.registers} registers, ${a.sharedBytes} bytes of shared memory a block), ${fixed(a.occupancy * 100)}% of the warps`);
        const bound = a.regime === 'memory' ? 'waits on memory' : a.regime === 'compute' ? 'computes (memory time hidden)' : 'too few warps to hide latency';
        out.push(`    estimate (MWP-CWP): ${fixed(a.warps)} warp${a.warps === 1 ? '' : 's'} per SM, MWP ${fixed(a.mwp, 1)}, CWP ${fixed(a.cwp, 1)}: ${bound}; ${fixed(a.rounds)} round${a.rounds === 1 ? '' : 's'} of active blocks${a.launches !== 1 ? ` × ${fixed(a.launches)} launches` : ''} = ${fixed(a.cycles)} cycles (the bytes alone at ${r.gpu.bandwidthGBs} GB/s: ${fixed(a.bandwidthCycles)})`);
    }
    out.push('', `  estimate: ${fixed(s.cycles)} cycles ≈ ${duration(s.microseconds)}`);
    out.push(`  MCM of the schedule: work ${fixed(s.bound.work)}, span ${fixed(s.bound.span)}, overhead ${fixed(s.bound.overhead)} (U = ${r.gpu.wordCycles})`);
    out.push(`  Graham–Brent bound (N/K + L)·C: N = ${fixed(s.bound.N)} blocks, K = ${fixed(s.bound.K)} at once, L = ${fixed(s.bound.L)}, C = ${fixed(s.bound.C)} cycles: ${fixed(s.bound.cycles)} cycles`);
    if (s.sweep.length) {
        const best = s.sweep.reduce((a, b) => (b.cycles < a.cycles ? b : a));
        out.push(`  by block size: ${s.sweep.map(p => `${Object.values(p.block).join('×')}: ${duration(p.microseconds)}${p === best ? ' (best)' : ''}`).join(', ')}`);
    }
    return out.join('\n') + '\n';
}
/** The references that do not coalesce, those a thread walks word by word said so. */
function notCoalesced(k) {
    const walking = new Set(k.walking);
    return k.uncoalesced.map(r => (walking.has(r) ? `${r} (each thread walks it word by word: a sector serves 8 of its accesses)` : r)).join(', ');
}
//# sourceMappingURL=format.js.map