"use strict";
// What the estimate plot draws, as plain data: built by the extension from the server's
// `metafork/plot` answer (./plot.ts), drawn in the webview by Chart.js (./webview/plotView.ts), and
// read by the extension-host tests (the command `metafork.plotState`).
Object.defineProperty(exports, "__esModule", { value: true });
exports.duration = void 0;
exports.chartSpec = chartSpec;
const COLORS = [
    '--vscode-charts-blue', '--vscode-charts-orange', '--vscode-charts-green', '--vscode-charts-purple',
    '--vscode-charts-red',
];
/** 1,234 µs as "1.23 ms": one format for every tick and label. */
const duration = (us) => {
    const [value, unit] = us >= 1e6 ? [us / 1e6, 's'] : us >= 1e3 ? [us / 1e3, 'ms'] : [us, 'µs'];
    return `${Number(value.toPrecision(3))} ${unit}`;
};
exports.duration = duration;
/** The chart of a plot answer: a series per case (one that repeats an earlier case's points, or
 * comes within 3% of them at every block, says so in its label, since its line lies under the
 * other's), the chosen point apart. */
function chartSpec(d) {
    const series = d.cases.map((c, i) => ({
        label: `case ${c.index}: ${c.summary}`,
        color: COLORS[i % COLORS.length],
        points: c.points.filter(p => p.microseconds !== null).map(p => ({ threads: p.threads, microseconds: p.microseconds, fits: p.fits, block: p.block })),
    }));
    if (!series.some(s => s.points.length))
        return undefined;
    const key = (s) => JSON.stringify(s.points.map(p => [p.threads, p.microseconds]));
    const near = (s, t) => s.points.length === t.points.length &&
        s.points.every((p, k) => p.threads === t.points[k].threads && Math.abs(p.microseconds - t.points[k].microseconds) <= 0.03 * Math.max(p.microseconds, t.points[k].microseconds));
    series.forEach((s, i) => {
        const same = series.findIndex(t => key(t) === key(s));
        const close = series.findIndex(t => near(s, t));
        if (same < i)
            s.label += ` (the same times as case ${d.cases[same].index})`;
        else if (close < i)
            s.label += ` (within 3% of case ${d.cases[close].index}: under its line)`;
    });
    const xLabels = {};
    for (const s of series)
        for (const p of s.points)
            xLabels[String(p.threads)] ??= Object.values(p.block).join('×');
    const xTicks = Object.keys(xLabels).map(Number).sort((a, b) => a - b);
    const values = Object.entries(d.values).map(([k, v]) => `${k} = ${v}${d.assumed.includes(k) ? ' (assumed)' : ''}`).join(', ');
    return {
        title: `Estimated time by block size on ${d.gpu}`,
        subtitle: values ? `at ${values}; filled markers: the case's constraints hold there` : "filled markers: the case's constraints hold there",
        xTitle: `${d.blockParameters.join(' × ') || 'block'} (threads per block, log scale)`,
        xTicks, xLabels, series,
        ...(d.chosen
            ? {
                chosen: {
                    label: `chosen: case ${d.chosen.case}, ${Object.values(d.chosen.block).join('×')}, ${(0, exports.duration)(d.chosen.microseconds)}`,
                    threads: d.chosen.threads, microseconds: d.chosen.microseconds, block: d.chosen.block,
                },
            }
            : {}),
    };
}
//# sourceMappingURL=plotSpec.js.map