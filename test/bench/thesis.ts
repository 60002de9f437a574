// The cost model against the thesis's measurements (Xie 2016, Tables 4.1-4.8, Tesla M2050): for
// each benchmark and data size, the model's estimate on the `tesla-m2050` preset at every block
// format the thesis ran, and the Spearman rank correlation between the model's speed (1 / its
// time) and the measured speedup over those formats. `npm run bench` prints the table; the README
// holds it, and test/cost/thesis.test.ts checks that the README's copy is what the model computes.

import * as fs from 'fs';
import * as path from 'path';
import { estimateCost } from '../../server/src/cost/index';
import type { MemoryMode } from '../../server/src/cuda/footprint';

export interface ThesisTable {
  table: string; name: string; file: string; memory: MemoryMode; size: string;
  sizes: number[]; sizeLabels: string[]; blocks: string[];
  /** Block format ('a*b'), then the speedup at each size. */
  rows: [string, ...number[]][];
}

export interface Comparison {
  table: string; name: string; size: string;
  /** The format the thesis measured fastest, and its speedup; the format the model ranks first. */
  measuredBest: string; measuredSpeedup: number; modelBest: string;
  /** The model's time at the thesis's fastest format, microseconds. */
  modelMicroseconds: number;
  /** Spearman's ρ between the model's 1/time and the measured speedups over the formats. */
  rho: number;
  /** The same for the estimate before MWP-CWP: waves of active blocks, each a block's MCM span
   * plus overhead (every word at its whole latency U). */
  rhoWaves: number;
}

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Ranks from 1, ties sharing their mean rank. */
function ranks(xs: number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let k = i; k <= j; k++) out[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation (Pearson's on the ranks); NaN when either side is constant. */
export function spearman(a: number[], b: number[]): number {
  const ra = ranks(a), rb = ranks(b);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
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
export function thesisTables(): ThesisTable[] {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'thesis', 'm2050.json'), 'utf8')) as { tables: ThesisTable[] }).tables;
}

export async function thesisComparison(): Promise<Comparison[]> {
  const out: Comparison[] = [];
  for (const t of thesisTables()) {
    const text = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'cuda', t.file), 'utf8');
    for (let col = 0; col < t.sizes.length; col++) {
      const times: number[] = [], waves: number[] = [], speedups: number[] = [];
      for (const [format, ...measured] of t.rows) {
        const set: Record<string, number> = { [t.size]: t.sizes[col] };
        format.split('*').forEach((b, i) => { set[t.blocks[i]] = Number(b); });
        const r = await estimateCost(text, { fileName: t.file, gpu: 'tesla-m2050', memory: t.memory, set });
        const s = r.schedules[0];
        if (!s) throw new Error(`${t.file} at ${JSON.stringify(set)}: ${r.diagnostics.map(d => d.message).join('; ')}`);
        times.push(s.microseconds);
        waves.push(s.kernels.reduce((sum, k) => sum + k.at.launches * Math.ceil(k.at.blocks / (k.at.activeBlocks * r.gpu.sms)) * k.at.blockCycles, 0));
        speedups.push(measured[col]);
      }
      const best = (xs: number[], better: (a: number, b: number) => boolean) =>
        xs.reduce((bi, x, i) => (better(x, xs[bi]) ? i : bi), 0);
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
export function comparisonMarkdown(rows: Comparison[]): string {
  const rho = (x: number) => (Number.isNaN(x) ? 'n/a (the model ties every format)' : x.toFixed(2));
  const time = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
  const lines = [
    '| table | benchmark | size | fastest measured (speedup) | fastest by the model | model at the measured best | Spearman ρ | ρ before (MCM waves) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(r => `| ${r.table} | ${r.name} | ${r.size} | ${r.measuredBest} (${r.measuredSpeedup}) | ${r.modelBest} | ${time(r.modelMicroseconds)} | ${rho(r.rho)} | ${rho(r.rhoWaves)} |`),
  ];
  const mean = (f: (r: Comparison) => number) => {
    const defined = rows.map(f).filter(x => !Number.isNaN(x));
    return `${(defined.reduce((s, x) => s + x, 0) / defined.length).toFixed(2)} over ${defined.length} columns`;
  };
  lines.push('', `Mean ρ: ${mean(r => r.rho)} (MCM waves before: ${mean(r => r.rhoWaves)}; a column where the model ties every format has no ρ).`);
  return lines.join('\n');
}
