// The estimate plot's chart description (client/src/plotSpec.ts): a series per case, a case whose
// times repeat another's named as such (its line lies under the other's), ticks and labels in order,
// one format for durations, the chosen point apart.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chartSpec, duration } from '../../client/src/plotSpec';
import type { PlotResult } from '../../shared/protocol';

const point = (B: number, microseconds: number | null, fits = true) => ({ block: { B }, threads: B, microseconds, fits });

test('chartSpec: series, a repeated curve named, ticks, the chosen point', () => {
  const data: PlotResult = {
    version: 1, gpu: 'H100 (SXM5)', blockParameters: ['B'], values: { N: 4096, s: 1 }, assumed: ['s'], diagnostics: [],
    cases: [
      { index: 1, summary: 'cache(a)', points: [point(64, 12.5), point(32, 20), point(1024, null)] },
      { index: 2, summary: 'no caching', points: [point(64, 12.5, false), point(32, 20, false)] },
    ],
    chosen: { case: 1, block: { B: 64 }, threads: 64, microseconds: 12.5 },
  };
  const spec = chartSpec(data)!;
  assert.deepEqual(spec.series.map(s => s.label), ['case 1: cache(a)', 'case 2: no caching (the same times as case 1)']);
  assert.deepEqual(spec.series[1].points.map(p => p.fits), [false, false]);
  assert.deepEqual(spec.xTicks, [32, 64]);
  assert.deepEqual(spec.xLabels, { 32: '32', 64: '64' });
  assert.equal(spec.subtitle, "at N = 4096, s = 1 (assumed); filled markers: the case's constraints hold there");
  assert.deepEqual(spec.chosen, { label: 'chosen: case 1, 64, 12.5 µs', threads: 64, microseconds: 12.5, block: { B: 64 } });
  assert.equal(chartSpec({ ...data, cases: [{ index: 1, summary: 'x', points: [point(2048, null)] }] }), undefined);
  // Within 3% at every block: its line lies under the other's too; far apart at one block is a curve of its own.
  const close = chartSpec({ ...data, cases: [...data.cases, { index: 3, summary: 's = 1', points: [point(64, 12.2), point(32, 20.5)] }, { index: 4, summary: 'CSE', points: [point(64, 9), point(32, 20)] }] })!;
  assert.deepEqual(close.series.map(s => s.label).slice(2), ['case 3: s = 1 (within 3% of case 1: under its line)', 'case 4: CSE']);
});

test('durations: one format on every axis tick and label', () => {
  assert.deepEqual([0.5, 12.345, 999, 1000, 1234.5, 2e6].map(duration), ['0.5 µs', '12.3 µs', '999 µs', '1 ms', '1.23 ms', '2 s']);
});
