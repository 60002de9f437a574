"use strict";
// The cost model against the thesis's measurements (Xie 2016, Tables 4.1-4.8, Tesla M2050): for
// each benchmark and data size, the model's estimate on the `tesla-m2050` preset at every block
// format the thesis ran, and the Spearman rank correlation between the model's speed (1 / its
// time) and the measured speedup over those formats. `npm run bench` prints the table; the README
// holds it, and test/cost/thesis.test.ts checks that the README's copy is what the model computes.
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
Object.defineProperty(exports, "__esModule", { value: true });
exports.spearman = spearman;
exports.thesisTables = thesisTables;
exports.thesisComparison = thesisComparison;
exports.comparisonMarkdown = comparisonMarkdown;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const index_1 = require("../../server/src/cost/index");
const ROOT = path.resolve(__dirname, '..', '..', '..');
/** Ranks from 1, ties sharing their mean rank. */
function ranks(xs) {
    const order = xs.map((x, i) => [x, i]).sort((a, b) => a[0] - b[0]);
    const out = new Array(xs.length);
    for (let i = 0; i < order.length;) {
        let j = i;
        while (j + 1 < order.length && order[j + 1][0] === order[i][0])
            j++;
        for (let k = i; k <= j; k++)
            out[order[k][1]] = (i + j) / 2 + 1;
        i = j + 1;
    }
    return out;
}
/** Spearman's rank correlation (Pearson's on the ranks); NaN when either side is constant. */
function spearman(a, b) {
    const ra = ranks(a), rb = ranks(b);
    const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const ma = mean(ra), mb = mean(rb);
    let num = 0, da = 0, db = 0;
    for (let i = 0; i < ra.length; i++) {
        num += (ra[i] - ma) * (rb[i] - mb);
        da += (ra[i] - ma) ** 2;
        db += (rb[i] - mb) ** 2;
    }
    return num / Math.sqrt(da * db);
}
/** The thesis's Tables 4.1-4.8 (test/fixtures/thesis/m2050.json). */
function thesisTables() {
    return JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'thesis', 'm2050.json'), 'utf8')).tables;
}
async function thesisComparison() {
    const out = [];
    for (const t of thesisTables()) {
        const text = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'cuda', t.file), 'utf8');
        for (let col = 0; col < t.sizes.length; col++) {
            const times = [], waves = [], speedups = [];
            for (const [format, ...measured] of t.rows) {
                const set = { [t.size]: t.sizes[col] };
                format.split('*').forEach((b, i) => { set[t.blocks[i]] = Number(b); });
                const r = await (0, index_1.estimateCost)(text, { fileName: t.file, gpu: 'tesla-m2050', memory: t.memory, set });
                const s = r.schedules[0];
                if (!s)
                    throw new Error(`${t.file} at ${JSON.stringify(set)}: ${r.diagnostics.map(d => d.message).join('; ')}`);
                times.push(s.microseconds);
                waves.push(s.kernels.reduce((sum, k) => sum + k.at.launches * Math.ceil(k.at.blocks / (k.at.activeBlocks * r.gpu.sms)) * k.at.blockCycles, 0));
                speedups.push(measured[col]);
            }
            const best = (xs, better) => xs.reduce((bi, x, i) => (better(x, xs[bi]) ? i : bi), 0);
            const measuredBest = best(speedups, (a, b) => a > b);
            out.push({
                table: t.table, name: t.name, size: t.sizeLabels[col],
                measuredBest: t.rows[measuredBest][0], measuredSpeedup: speedups[measuredBest],
                modelBest: t.rows[best(times, (a, b) => a < b)][0],
                modelMicroseconds: times[measuredBest],
                rho: spearman(times.map(x => 1 / x), speedups),
                rhoWaves: spearman(waves.map(x => 1 / x), speedups),
            });
        }
    }
    return out;
}
/** The comparison as the README's markdown table, with the mean ρ under it. */
function comparisonMarkdown(rows) {
    const rho = (x) => (Number.isNaN(x) ? 'n/a (the model ties every format)' : x.toFixed(2));
    const time = (us) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
    const lines = [
        '| table | benchmark | size | fastest measured (speedup) | fastest by the model | model at the measured best | Spearman ρ | ρ before (MCM waves) |',
        '|---|---|---|---|---|---|---|---|',
        ...rows.map(r => `| ${r.table} | ${r.name} | ${r.size} | ${r.measuredBest} (${r.measuredSpeedup}) | ${r.modelBest} | ${time(r.modelMicroseconds)} | ${rho(r.rho)} | ${rho(r.rhoWaves)} |`),
    ];
    const mean = (f) => {
        const defined = rows.map(f).filter(x => !Number.isNaN(x));
        return `${(defined.reduce((s, x) => s + x, 0) / defined.length).toFixed(2)} over ${defined.length} columns`;
    };
    lines.push('', `Mean ρ: ${mean(r => r.rho)} (MCM waves before: ${mean(r => r.rhoWaves)}; a column where the model ties every format has no ρ).`);
    return lines.join('\n');
}
//# sourceMappingURL=thesis.js.map