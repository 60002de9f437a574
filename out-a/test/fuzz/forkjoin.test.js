"use strict";
// The fork-join differential fuzzer (forkjoin.ts) over a bounded seed range: every translation
// and round trip of every generated program computes what its serial elision computes, or is
// refused with a positioned diagnostic. Soak: METAFORK_FUZZ_SEEDS=0-999 (a range A-B or one seed);
// METAFORK_FUZZ_VERBOSE=1 prints one line per program; METAFORK_FUZZ_SANITIZE=1 builds everything
// with -fsanitize=address,undefined.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const forkjoin_1 = require("./forkjoin");
const seeds_1 = require("./seeds");
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 ? false : 'gcc not found';
const SEEDS = (0, seeds_1.fuzzSeeds)('0-89');
const show = (f) => `seed ${f.seed}: ${f.kind} on ${f.path} (segments: ${f.kinds.join(', ')})\n${f.detail.slice(0, 2000)}\n--- smallest failing program ---\n${f.program}`;
(0, node_test_1.test)(`fork-join programs, seeds ${SEEDS.from}-${SEEDS.to}: every translation and round trip computes what the serial elision computes (gcc -O2, 1/2/4 threads)`, { skip: gcc, timeout: 3_600_000 }, async (t) => {
    const r = await (0, forkjoin_1.fuzzForkJoin)(SEEDS, { sanitize: !!process.env.METAFORK_FUZZ_SANITIZE, log: process.env.METAFORK_FUZZ_VERBOSE ? line => t.diagnostic(line) : undefined });
    t.diagnostic(`${r.checked} programs, ${r.translations} translations, ${r.refused} refused (${Object.entries(r.refusals).map(([c, n]) => `${c}: ${n}`).join(', ') || 'none'}), ${r.wrong} wrong`);
    for (const o of r.ownRefusals)
        t.diagnostic(`seed ${o.seed}: refuses its own translation on ${o.path}: ${o.codes.join('; ')}`);
    strict_1.default.equal(r.checked, SEEDS.to - SEEDS.from + 1);
    strict_1.default.ok(r.translations >= 4 * r.checked, `only ${r.translations} translations`);
    strict_1.default.equal(r.wrong, 0, r.failures.map(show).join('\n\n'));
});
(0, node_test_1.test)('the fuzzer reports a translation that loses its joins (a planted bug), minimised to the failing segment', { skip: gcc }, async () => {
    // Seed 12: MetaFork with value spawns; without taskwait, OpenMP's deferred tasks (1 thread) have not run when their results are read.
    const r = await (0, forkjoin_1.fuzzForkJoin)({ from: 12, to: 12 }, { mutate: (text, to) => to === 'openmp' ? text.replace(/^[ \t]*#pragma omp taskwait\n/gm, '') : text });
    strict_1.default.ok(r.wrong > 0, 'the planted bug went unnoticed');
    strict_1.default.ok(r.failures.every(f => f.kind === 'wrong output' && / -> openmp \(\d threads\)$/.test(f.path)), r.failures.map(f => `${f.kind} ${f.path}`).join('\n'));
    // Every segment of seed 12 joins spawns: one alone still fails.
    strict_1.default.deepEqual(r.failures.map(f => f.kinds.length), r.failures.map(() => 1), 'not minimised');
});
//# sourceMappingURL=forkjoin.test.js.map