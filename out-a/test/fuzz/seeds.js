"use strict";
// What the fuzzers share: the seeded generator (a seed replays its program) and the seed range a
// fuzzer runs, its test's bounded range or METAFORK_FUZZ_SEEDS for a soak.
Object.defineProperty(exports, "__esModule", { value: true });
exports.Random = void 0;
exports.seedRange = seedRange;
exports.fuzzSeeds = fuzzSeeds;
/** Parses "A-B" (inclusive) or "A" (one seed). */
function seedRange(spec) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(spec);
    if (!m)
        throw new Error(`METAFORK_FUZZ_SEEDS: a seed range is A-B or A, not '${spec}'`);
    return { from: Number(m[1]), to: Number(m[2] ?? m[1]) };
}
/** METAFORK_FUZZ_SEEDS when set, else `bounded` (the range `npm test` runs). */
function fuzzSeeds(bounded) {
    return seedRange(process.env.METAFORK_FUZZ_SEEDS ?? bounded);
}
/** mulberry32: a small deterministic generator, so that a seed replays its program. */
class Random {
    a;
    constructor(seed) { this.a = seed >>> 0; }
    /** A uniform float in [0, 1). */
    next() {
        this.a = (this.a + 0x6d2b79f5) >>> 0;
        let t = this.a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    }
    /** An integer in [lo, hi]. */
    int(lo, hi) { return lo + Math.floor(this.next() * (hi - lo + 1)); }
    chance(p) { return this.next() < p; }
    pick(xs) { return xs[Math.floor(this.next() * xs.length)]; }
}
exports.Random = Random;
//# sourceMappingURL=seeds.js.map