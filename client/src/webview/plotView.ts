// The script of the estimate plot's webview (bundled for the browser as dist/plotView.js): draws
// the chart the extension describes (../plot.ts `chartSpec`, in the page as JSON) with Chart.js
// (dist/chart.umd.js): log axes with units, a line per case with its own dash and marker, filled
// markers where the case's constraints hold, the dispatcher's choice ringed, the legend under it.
// Colours come from the editor's theme and follow it when it changes.

import { duration, type ChartSpec } from '../plotSpec';

declare const Chart: any;

const DASHES = [[], [6, 4], [2, 3], [10, 3, 2, 3], [1, 5]];
const MARKERS = ['circle', 'rectRot', 'triangle', 'rect', 'star'];

/** Whether a log-axis tick is 1, 2 or 5 times a power of ten (the ticks that get a label). */
function labelled(v: number): boolean {
  const m = v / 10 ** Math.floor(Math.log10(v) + 1e-9);
  return [1, 2, 5].some(k => Math.abs(m - k) < 1e-6);
}

function draw(): void {
  const spec = JSON.parse(document.getElementById('spec')!.textContent!) as ChartSpec;
  const style = getComputedStyle(document.body);
  const themed = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const fg = themed('--vscode-editor-foreground', '#ccc');
  const gridColor = themed('--vscode-editorWidget-border', 'rgba(128,128,128,0.35)');
  const canvas = document.getElementById('chart') as HTMLCanvasElement;
  const datasets: any[] = spec.series.map((s, i) => {
    const color = themed(s.color, '#888');
    return {
      label: s.label,
      data: s.points.map(p => ({ x: p.threads, y: p.microseconds, fits: p.fits, block: p.block })),
      borderColor: color,
      backgroundColor: color,
      borderDash: DASHES[i % DASHES.length],
      borderWidth: 2,
      pointStyle: MARKERS[i % MARKERS.length],
      pointRadius: 5,
      pointBorderWidth: 1.5,
      pointBackgroundColor: s.points.map(p => (p.fits ? color : 'transparent')),
      tension: 0,
    };
  });
  if (spec.chosen) {
    datasets.push({
      label: spec.chosen.label,
      data: [{ x: spec.chosen.threads, y: spec.chosen.microseconds, block: spec.chosen.block }],
      showLine: false, pointStyle: 'circle', pointRadius: 11, pointBorderWidth: 2.5,
      borderColor: fg, backgroundColor: 'transparent', pointBackgroundColor: 'transparent',
    });
  }
  // eslint-disable-next-line no-new
  const chart = new Chart(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      responsive: true, maintainAspectRatio: false, animation: false, parsing: false,
      color: fg,
      scales: {
        x: {
          type: 'logarithmic', min: spec.xTicks[0] / 1.25, max: spec.xTicks[spec.xTicks.length - 1] * 1.25,
          title: { display: true, text: spec.xTitle, color: fg },
          grid: { color: gridColor }, ticks: { color: fg, autoSkip: false, callback: (v: number) => spec.xLabels[String(v)] ?? '' },
          afterBuildTicks: (axis: any) => { axis.ticks = spec.xTicks.map(value => ({ value })); },
        },
        y: {
          type: 'logarithmic',
          title: { display: true, text: 'estimated time (log scale)', color: fg },
          grid: { color: gridColor },
          ticks: {
            color: fg,
            // Only 1, 2 and 5 of each decade: readable, and every label in one format. A range
            // holding fewer than three of them (6-25 µs: only 10 and 20) labels every tick.
            autoSkip: false,
            callback: (v: number, _i: number, ticks: { value: number }[]) =>
              labelled(v) || ticks.filter(t => labelled(t.value)).length < 3 ? duration(v) : '',
          },
        },
      },
      plugins: {
        title: { display: true, text: spec.title, color: fg, font: { size: 14 } },
        subtitle: { display: !!spec.subtitle, text: spec.subtitle, color: fg },
        legend: { position: 'bottom', labels: { color: fg, usePointStyle: true, padding: 14 } },
        tooltip: {
          callbacks: {
            label: (ctx: any) => `${ctx.dataset.label}: ${Object.entries(ctx.raw.block).map(([k, v]) => `${k} = ${v}`).join(', ')}: ${duration(ctx.raw.y)}${ctx.raw.fits === false ? ' (its constraints do not hold here)' : ''}`,
          },
        },
      },
    },
  });
  // A theme change rewrites the body's class: the colours follow.
  new MutationObserver(() => { chart.destroy(); draw(); }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
}

draw();
