"use strict";
// The estimate plot's chart description (client/src/plotSpec.ts): a series per case, a case whose
// times repeat another's named as such (its line lies under the other's), ticks and labels in order,
// one format for durations, the chosen point apart.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const plotSpec_1 = require("../../client/src/plotSpec");
const point = (B, microseconds, fits = true) => ({ block: { B }, threads: B, microseconds, fits });
(0, node_test_1.test)('chartSpec: series, a repeated curve named, ticks, the chosen point', () => {
    const data = {
        version: 1, gpu: 'H100 (SXM5)', blockParameters: ['B'], values: { N: 4096, s: 1 }, assumed: ['s'], diagnostics: [],
        cases: [
            { index: 1, summary: 'cache(a)', points: [point(64, 12.5), point(32, 20), point(1024, null)] },
            { index: 2, summary: 'no caching', points: [point(64, 12.5, false), point(32, 20, false)] },
        ],
        chosen: { case: 1, block: { B: 64 }, threads: 64, microseconds: 12.5 },
    };
    const spec = (0, plotSpec_1.chartSpec)(data);
    strict_1.default.deepEqual(spec.series.map(s => s.label), ['case 1: cache(a)', 'case 2: no caching (the same times as case 1)']);
    strict_1.default.deepEqual(spec.series[1].points.map(p => p.fits), [false, false]);
    strict_1.default.deepEqual(spec.xTicks, [32, 64]);
    strict_1.default.deepEqual(spec.xLabels, { 32: '32', 64: '64' });
    strict_1.default.equal(spec.subtitle, "at N = 4096, s = 1 (assumed); filled markers: the case's constraints hold there");
    strict_1.default.deepEqual(spec.chosen, { label: 'chosen: case 1, 64, 12.5 µs', threads: 64, microseconds: 12.5, block: { B: 64 } });
    strict_1.default.equal((0, plotSpec_1.chartSpec)({ ...data, cases: [{ index: 1, summary: 'x', points: [point(2048, null)] }] }), undefined);
    // Within 3% at every block: its line lies under the other's too; far apart at one block is a curve of its own.
    const close = (0, plotSpec_1.chartSpec)({ ...data, cases: [...data.cases, { index: 3, summary: 's = 1', points: [point(64, 12.2), point(32, 20.5)] }, { index: 4, summary: 'CSE', points: [point(64, 9), point(32, 20)] }] });
    strict_1.default.deepEqual(close.series.map(s => s.label).slice(2), ['case 3: s = 1 (within 3% of case 1: under its line)', 'case 4: CSE']);
});
(0, node_test_1.test)('durations: one format on every axis tick and label', () => {
    strict_1.default.deepEqual([0.5, 12.345, 999, 1000, 1234.5, 2e6].map(plotSpec_1.duration), ['0.5 µs', '12.3 µs', '999 µs', '1 ms', '1.23 ms', '2 s']);
});
//# sourceMappingURL=plotSpec.test.js.map