"use strict";
// A kernel's time on a GPU as the MWP-CWP model of Hong and Kim ("An analytical model for a GPU
// architecture with memory-level and thread-level parallelism awareness", ISCA 2009), the model
// KLARAPTOR fits: while one warp waits for memory, the SM runs others. MWP, the memory warp
// parallelism, is how many warps' requests the memory system serves at once (bounded by the
// latency over the gap between two warps' requests, by the bandwidth shared among the active SMs,
// and by the warps there are); CWP, the computation warp parallelism, is how many warps compute
// in the time one waits. Their comparison decides whether the SM waits on memory or computes.
// The MCM's `(α + β)·U` per thread (mcm.ts) charges every word its whole latency; this overlaps
// them, and cannot go below the time to move the kernel's bytes at the card's bandwidth; each launch
// adds the GPU's cost of a launch (./gpus launchCycles), which is most of a small kernel's time.
Object.defineProperty(exports, "__esModule", { value: true });
exports.warpEstimate = warpEstimate;
/** The cycles of one launch (Hong and Kim 2009, Eqs. (1)–(20) with their Table 1's names; a mix of
 * coalesced and uncoalesced requests weighs their latencies and departure delays by the share of
 * uncoalesced ones, as their model does for such a mix). */
function warpEstimate(gpu, k) {
    const wordBytes = k.wordBytes ?? 4;
    const warpsPerBlock = Math.ceil(k.threadsPerBlock / gpu.threadsPerWarp);
    // The requests that reach memory: a coalesced word one per warp, a scattered word one sector per
    // thread, a walked word one per sector (the sector's other words come from the cache).
    const scatteredWords = Math.min(k.scattered, k.words);
    const walked = Math.min(k.walked, scatteredWords);
    const scattered = scatteredWords - walked + walked / (SECTOR_BYTES / wordBytes);
    const memInsts = k.words - scatteredWords + scattered;
    // The share of uncoalesced requests among those (Hong and Kim's Uncoal_ratio, by requests).
    const uncoalesced = memInsts > 0 ? scattered / memInsts : 0;
    const bytesPerThread = wordBytes * (k.words - scatteredWords + walked) + SECTOR_BYTES * (scatteredWords - walked);
    const bytes = k.blocks * k.threadsPerBlock * bytesPerThread;
    const bandwidthCycles = (bytes / (gpu.bandwidthGBs * 1e9)) * gpu.clockMHz * 1e6;
    if (k.activeBlocks < 1 || k.blocks < 1) {
        const none = k.blocks < 1 ? 0 : Infinity;
        return { cycles: none, warps: 0, mwp: 0, cwp: 0, regime: 'latency', rounds: 0, bandwidthCycles };
    }
    // Blocks go to the SMs in turn: a launch of fewer blocks than SMs leaves some idle.
    const activeSms = Math.min(gpu.sms, k.blocks);
    const rounds = Math.ceil(k.blocks / (k.activeBlocks * gpu.sms));
    // N: the warps of the active blocks, no more than the launch gives one SM.
    const N = Math.min(k.activeBlocks, Math.ceil(k.blocks / activeSms)) * warpsPerBlock;
    // Mem_L and Departure_delay: an uncoalesced access is one request per thread, each `departure`
    // apart; weighed by the shares of the two kinds.
    const perWarp = gpu.threadsPerWarp;
    const memL = gpu.wordCycles + uncoalesced * (perWarp - 1) * gpu.departureCycles;
    const departure = gpu.departureCycles * (1 - uncoalesced + uncoalesced * perWarp);
    const loadBytesPerWarp = (1 - uncoalesced) * gpu.threadsPerWarp * wordBytes + uncoalesced * perWarp * SECTOR_BYTES;
    const bandwidthPerWarp = (gpu.clockMHz * 1e6 * loadBytesPerWarp) / memL; // bytes per second
    const mwpWithoutBandwidth = memL / departure;
    const mwpPeakBandwidth = (gpu.bandwidthGBs * 1e9) / (bandwidthPerWarp * activeSms);
    const mwp = Math.max(1, Math.min(mwpWithoutBandwidth, mwpPeakBandwidth, N));
    // A warp instruction takes threadsPerWarp / coresPerSm issue cycles of the SM (4 on the GT200
    // Hong and Kim measured, 1 on Fermi, 0.25 on Hopper's four schedulers); every word issues one,
    // a cached one included.
    const compCycles = (gpu.threadsPerWarp * (k.ops + k.words)) / gpu.coresPerSm;
    const memCycles = memL * memInsts;
    let cycles, cwp, regime;
    if (memInsts === 0) {
        cwp = N;
        regime = 'compute';
        cycles = compCycles * N;
    }
    else {
        cwp = Math.min(compCycles > 0 ? (memCycles + compCycles) / compCycles : N, N);
        const between = compCycles / memInsts; // computation between two memory requests of a warp
        if (mwp === N && cwp === N) {
            regime = 'latency';
            cycles = memCycles + compCycles + between * (mwp - 1);
        }
        else if (cwp >= mwp || compCycles > memCycles) {
            regime = 'memory';
            cycles = memCycles * (N / mwp) + between * (mwp - 1);
        }
        else {
            regime = 'compute';
            cycles = memL + compCycles * N;
        }
    }
    // The launch's own cost comes on top: its blocks start after it and are drained before the next.
    const total = Math.max(cycles * rounds, bandwidthCycles) + gpu.launchCycles;
    return { cycles: total, warps: N, mwp, cwp, regime, rounds, bandwidthCycles };
}
/** The bytes an uncoalesced word moves: one 32-byte sector (the smallest transaction since Fermi). */
const SECTOR_BYTES = 32;
//# sourceMappingURL=warps.js.map