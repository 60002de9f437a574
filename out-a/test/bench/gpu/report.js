"use strict";
// `npm run bench:gpu -- --report results.json`: what runner.py measured, as the thesis's tables
// (Xie 2016, Tables 4.1-4.8: speedup over the serial code at every block format and size) with the
// dispatcher's choice and its rank, the fixed-size baseline, cuBLAS, the effective bandwidth against
// the card's, the tiling corpus, and the cost model's calibration on the device: Spearman's ρ
// between its estimate and the measured times over the block formats, with the preset's
// constants and with constants fitted to these measurements.
Object.defineProperty(exports, "__esModule", { value: true });
exports.presetFor = presetFor;
exports.costModelEstimator = costModelEstimator;
exports.mergeResults = mergeResults;
exports.report = report;
const index_1 = require("../../../server/src/checks/index");
const index_2 = require("../../../server/src/cost/index");
const gpus_1 = require("../../../server/src/cost/gpus");
const thesis_1 = require("../thesis");
const programs_1 = require("./programs");
/** The preset a device is, by the name nvidia-smi gives; none where the memory differs from the
 * preset's (an H100 PCIe has 2 TB/s, the preset's SXM5 3.35 TB/s). */
function presetFor(device) {
    const rules = [
        [/H100(?!.*(PCIe|NVL))/i, 'h100'], [/H200/i, 'h200'], [/A100.*SXM/i, 'a100'], [/V100.*SXM/i, 'v100'],
        [/M2050/i, 'tesla-m2050'], [/K20c/i, 'k20c'], [/GTX 670/i, 'gtx-670'],
    ];
    return rules.find(([re]) => re.test(device))?.[1];
}
/**
 * The bytes a benchmark must move at least (every element of each array a kernel touches read or
 * written once by that kernel), for the effective bandwidth; the time steps are the fixtures' own
 * (T = 10 in 1-D Jacobi, 4 in 2-D). None for LU and the products, which compute more than they move.
 */
const TRAFFIC = {
    'thesis-reversal': n => 8 * n,
    'thesis-jacobi1d': n => 10 * 2 * 8 * n,
    'thesis-jacobi2d': n => 4 * 2 * 8 * n * n,
    'thesis-transpose': n => 8 * n * n,
    'thesis-matadd': n => 12 * n * n,
    'thesis-matvec': n => 4 * n * n + 12 * n,
};
const ms = (x) => (x >= 100 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
const times = (x) => `${x.toFixed(2)}x`;
const rho = (x) => (Number.isNaN(x) ? 'n/a' : x.toFixed(2));
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** A run's time when it ran and printed the serial program's result; else undefined. */
const measured = (r) => (r?.median_ms !== undefined && r.checksum_ok === true ? r.median_ms : undefined);
/** Why a run has no time, for a table's cell. */
function missing(r) {
    if (!r)
        return 'not run';
    if (r.skipped)
        return 'skipped';
    if (r.checksum_ok === false)
        return 'wrong result';
    if (r.error)
        return 'failed';
    return 'unchecked';
}
class Measurements {
    results;
    constructor(results) {
        this.results = results;
    }
    /** A run as the tables take it: each launch waited for and timed alone (not run.sh --stream's). */
    run(b, size, kind, format) {
        return this.results.runs.find(r => r.benchmark === b.name && r.size === size.label && r.kind === kind && (format === undefined || r.format === format) && r.timing === undefined);
    }
    serial(b, size) {
        return this.results.references.find(r => r.program === `${b.name}.serial` && r.argv.join(' ') === size.argv.join(' '))?.median_ms;
    }
    /** The time, and the speedup over the serial program, of a run as two cells. */
    cells(b, size, r) {
        const t = measured(r), serial = this.serial(b, size);
        if (t === undefined)
            return [missing(r), '-'];
        return [ms(t), serial === undefined ? '-' : (serial / t).toFixed(2)];
    }
    /** The fastest measured format of a kind, with its time. */
    best(b, size, kind) {
        let best;
        for (const format of b.formats) {
            const t = measured(this.run(b, size, kind, format));
            if (t !== undefined && (!best || t < best.ms))
                best = { format, ms: t };
        }
        return best;
    }
}
function summary(m) {
    const { results } = m;
    const runs = results.runs;
    const ok = runs.filter(r => r.checksum_ok === true).length;
    const wrong = runs.filter(r => r.checksum_ok === false);
    const notMeasured = runs.filter(r => r.checksum_ok !== true && r.checksum_ok !== false);
    const lines = [
        `- results equal to the serial program's: ${ok} of ${runs.length} measurements` +
            `${wrong.length ? `; wrong: ${wrong.map(r => `${r.program} ${r.size} ${r.format}`).join(', ')}` : ''}` +
            `${notMeasured.length ? `; not measured: ${notMeasured.length} (${[...new Set(notMeasured.map(missing))].join(', ')})` : ''}`,
    ];
    for (const tool of ['racecheck', 'memcheck']) {
        const checks = results.checks.filter(c => c.tool === tool);
        const dirty = checks.filter(c => !c.clean);
        lines.push(`- ${tool}: ${checks.length - dirty.length} of ${checks.length} programs clean` +
            `${dirty.length ? `; not clean: ${dirty.map(c => `${c.program} (${c.skipped ?? c.summary ?? c.error?.split('\n')[0] ?? (c.output_ok === false ? 'wrong result' : 'no summary')})`).join(', ')}` : ''}`);
    }
    const failed = Object.entries(results.builds).filter(([, b]) => !b.ok);
    if (failed.length)
        lines.push(`- not built: ${failed.map(([name, b]) => `${name} (${b.skipped ?? 'compile error'})`).join(', ')}`);
    for (const r of results.refusals)
        lines.push(`- refused: ${r.benchmark} ${r.kind}: ${r.reason}`);
    return lines;
}
function thesisSection(m, b, size, peakGBs, gpuName) {
    const table = (0, thesis_1.thesisTables)().find(t => (0, programs_1.stem)(t.file) === b.name);
    const serial = m.serial(b, size);
    const thesisColumn = size.thesisColumn;
    const lines = [
        `### Table ${b.table}: ${b.title}, ${table?.size ?? 'n'} = ${size.label} (serial ${serial === undefined ? 'not measured' : `${ms(serial)} ms`})`,
        '',
        `| block | global (ms) | speedup | shared (ms) | speedup |${thesisColumn !== undefined ? ` thesis (M2050, ${b.memory}) |` : ''}`,
        `|---|---|---|---|---|${thesisColumn !== undefined ? '---|' : ''}`,
    ];
    for (const format of b.formats) {
        const thesis = thesisColumn !== undefined ? ` ${table.rows.find(r => r[0] === format)[thesisColumn + 1]} |` : '';
        lines.push(`| ${format} | ${m.cells(b, size, m.run(b, size, 'global', format)).join(' | ')} | ${m.cells(b, size, m.run(b, size, 'shared', format)).join(' | ')} |${thesis}`);
    }
    lines.push('');
    const bestOf = (kind) => {
        const best = m.best(b, size, kind);
        return best ? `${kind} ${best.format} (${ms(best.ms)} ms${serial !== undefined ? `, ${times(serial / best.ms)}` : ''})` : `${kind}: none measured`;
    };
    let thesisBest = '';
    if (thesisColumn !== undefined) {
        const top = table.rows.reduce((a, r) => (r[thesisColumn + 1] > a[thesisColumn + 1] ? r : a));
        thesisBest = `; the thesis's: ${top[0]} (${top[thesisColumn + 1]}x)`;
    }
    lines.push(`- fastest: ${bestOf('global')}, ${bestOf('shared')}${thesisBest}`);
    const generated = ['global', 'shared'].flatMap(kind => b.formats.map(f => measured(m.run(b, size, kind, f)))).filter((t) => t !== undefined);
    const fastest = generated.length ? Math.min(...generated) : undefined;
    const dispatcher = m.run(b, size, 'dispatcher');
    if (dispatcher) {
        const t = measured(dispatcher);
        const chosen = dispatcher.dispatch
            ? `case ${dispatcher.dispatch.case}${Object.keys(dispatcher.dispatch.values).length ? `, ${Object.entries(dispatcher.dispatch.values).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}`
            : 'its choice not printed';
        // The chosen format's own runs: what the dispatcher's case costs beyond the plain kernel's.
        const values = dispatcher.dispatch?.values ?? {};
        const format = b.blocks.every(p => values[p] !== undefined) ? b.blocks.map(p => values[p]).join('*') : undefined;
        const alone = format ? ['global', 'shared'].map(kind => [kind, measured(m.run(b, size, kind, format))]).filter(([, x]) => x !== undefined) : [];
        const aloneText = alone.length ? `; ${format} in the plain kernels: ${alone.map(([kind, x]) => `${kind} ${ms(x)} ms`).join(', ')}` : '';
        const kept = b.dispatcher?.fixed.length ? ` (${b.dispatcher.fixed.join(', ')} kept at the program's defaults: ${b.dispatcher.reason})` : '';
        lines.push(t === undefined
            ? `- dispatcher: ${missing(dispatcher)}`
            : `- dispatcher: ${chosen}${kept}: ${ms(t)} ms${serial !== undefined ? `, ${times(serial / t)}` : ''}, rank ${1 + generated.filter(g => g < t).length} of ${generated.length + 1} (its run among the ${generated.length} formats measured)${aloneText}`);
    }
    const baseline = m.run(b, size, 'baseline');
    if (baseline) {
        const t = measured(baseline);
        if (t === undefined)
            lines.push(`- baseline: ${missing(baseline)}`);
        else {
            const same = measured(m.run(b, size, b.memory, baseline.format));
            lines.push(`- fixed-size baseline (${baseline.format} compiled in, ${b.memory}): ${ms(t)} ms${serial !== undefined ? `, ${times(serial / t)}` : ''}` +
                `${same !== undefined ? `; the parametric kernel at ${baseline.format}: ${ms(same)} ms (${(same / t).toFixed(2)} of the baseline's time)` : ''}` +
                `${fastest !== undefined ? `; the parametric kernels at their best: ${ms(fastest)} ms (${(fastest / t).toFixed(2)} of the baseline's time)` : ''}`);
        }
    }
    const cublas = m.run(b, size, 'cublas');
    if (cublas) {
        const t = measured(cublas);
        lines.push(t === undefined
            ? `- cuBLAS: ${missing(cublas)}`
            : `- cuBLAS (floats; the kernels compute on ints): ${ms(t)} ms${fastest !== undefined ? `; the parametric kernels at their best take ${(fastest / t).toFixed(2)} times as long` : ''}`);
    }
    const traffic = TRAFFIC[b.name];
    if (traffic && fastest !== undefined) {
        const gbs = traffic(Number(size.argv[0])) / (fastest * 1e6);
        lines.push(`- effective bandwidth at the best: ${gbs.toFixed(0)} GB/s${peakGBs ? `, ${((100 * gbs) / peakGBs).toFixed(0)}% of the ${gpuName}'s ${peakGBs} GB/s` : ''}`);
    }
    return lines;
}
function corpusSection(m) {
    const corpus = m.results.benchmarks.filter(b => !b.formats.length);
    if (!corpus.length)
        return [];
    const lines = [
        '## The tiling corpus (the tiler\'s default block sizes)', '',
        '| program | size | serial (ms) | global (ms) | speedup | shared (ms) | speedup |', '|---|---|---|---|---|---|---|',
    ];
    for (const b of corpus) {
        for (const size of b.sizes) {
            const serial = m.serial(b, size);
            const shared = m.run(b, size, 'shared') ? m.cells(b, size, m.run(b, size, 'shared')).join(' | ') : 'refused | -';
            lines.push(`| ${b.name} | ${size.label} | ${serial === undefined ? 'not measured' : ms(serial)} | ${m.cells(b, size, m.run(b, size, 'global')).join(' | ')} | ${shared} |`);
        }
    }
    return lines;
}
/** The cost model, each benchmark's program analysed once. */
async function costModelEstimator(benchmarks) {
    const analyses = new Map();
    for (const b of benchmarks) {
        const table = (0, thesis_1.thesisTables)().find(t => (0, programs_1.stem)(t.file) === b.name);
        if (table)
            analyses.set(b.name, await (0, index_1.checkText)((0, programs_1.thesisSource)(table).text, table.file));
    }
    const estimate = (b, size, memory, format, preset, constants) => {
        const analysis = analyses.get(b.name);
        const table = (0, thesis_1.thesisTables)().find(t => (0, programs_1.stem)(t.file) === b.name);
        if (!analysis || !table)
            return undefined;
        const set = { [table.size]: Number(size.argv[0]) };
        format.split('*').forEach((v, i) => { set[table.blocks[i]] = Number(v); });
        return (0, index_2.estimateFromModel)(analysis.model, analysis.diagnostics, { gpu: preset, memory, set, constants }).schedules[0]?.microseconds;
    };
    return { estimate, dispose: () => analyses.forEach(a => a.syntax.dispose()) };
}
/** ρ and the mean |ln(estimate / measured)| of each column at some constants. */
function agreement(columns, estimate, preset, constants) {
    return columns.map(c => {
        const model = c.formats.map(f => estimate(c.b, c.size, c.memory, f, preset, constants) ?? NaN);
        return {
            rho: model.some(Number.isNaN) ? NaN : (0, thesis_1.spearman)(model, c.measured),
            log: mean(model.map((e, i) => Math.abs(Math.log(e / 1000 / c.measured[i])))),
        };
    });
}
/** The grid the constants are fitted on: the gap between requests and a share of the data sheet's
 * bandwidth; the preset's own point first, so that it stays where nothing fits better. */
const DEPARTURES = [1, 2, 4, 8, 16, 32];
const BANDWIDTH_SHARES = [1, 0.9, 0.8, 0.7, 0.6];
/** Then the cost of a launch, in µs at the preset's clock: the same for every format of a column, it
 * moves no rank, only the distance. */
const LAUNCH_MICROSECONDS = [0, 0.5, 1, 2, 4, 8, 16];
function calibration(m, preset, estimate) {
    const columns = [];
    for (const b of m.results.benchmarks.filter(x => x.formats.length)) {
        for (const size of b.sizes) {
            for (const memory of ['global', 'shared']) {
                const pairs = b.formats.map(f => [f, measured(m.run(b, size, memory, f))]).filter((p) => p[1] !== undefined);
                if (pairs.length >= 3)
                    columns.push({ b, size, memory, formats: pairs.map(p => p[0]), measured: pairs.map(p => p[1]) });
            }
        }
    }
    const gpu = gpus_1.GPUS[preset];
    const title = `## Calibration: the cost model (${gpu.name} preset) against these measurements`;
    if (!columns.length)
        return [title, '', 'No benchmark has three block formats measured at one size: nothing to rank.'];
    const score = (rows) => {
        const rhos = rows.map(r => r.rho).filter(r => !Number.isNaN(r));
        return { rho: rhos.length ? mean(rhos) : NaN, log: mean(rows.map(r => r.log)) };
    };
    const presetConstants = { departureCycles: gpu.departureCycles, bandwidthGBs: gpu.bandwidthGBs, launchCycles: gpu.launchCycles };
    const before = agreement(columns, estimate, preset, presetConstants);
    let fitted = presetConstants, after = before, best = score(before);
    const launch = gpu.launchCycles;
    const grid = [presetConstants, ...DEPARTURES.flatMap(d => BANDWIDTH_SHARES.map(s => ({ departureCycles: d, bandwidthGBs: Math.round(s * gpu.bandwidthGBs), launchCycles: launch })))];
    for (const constants of grid) {
        const rows = agreement(columns, estimate, preset, constants);
        const s = score(rows);
        const better = s.rho > best.rho + 1e-9 || (Number.isNaN(best.rho) && !Number.isNaN(s.rho)) || (Math.abs(s.rho - best.rho) <= 1e-9 && s.log < best.log - 1e-9);
        if (better) {
            fitted = constants;
            after = rows;
            best = s;
        }
    }
    for (const us of LAUNCH_MICROSECONDS) {
        const constants = { ...fitted, launchCycles: Math.round(us * gpu.clockMHz) };
        const rows = agreement(columns, estimate, preset, constants);
        const s = score(rows);
        if (s.log < best.log - 1e-9) {
            fitted = constants;
            after = rows;
            best = s;
        }
    }
    const total = score(before);
    const microseconds = (cycles) => `${cycles} (${+(cycles / gpu.clockMHz).toFixed(2)} µs)`;
    return [
        title, '',
        `Constants fitted by a grid search (departureCycles ${DEPARTURES.join(', ')}; bandwidth ${BANDWIDTH_SHARES.map(s => `${s * 100}%`).join(', ')} of the data sheet's): the point with the highest mean ρ, then the least mean |ln(estimate / measured)|; then the cost of a launch (${LAUNCH_MICROSECONDS.join(', ')} µs), which moves no rank, by the least mean |ln(estimate / measured)|. ρ is Spearman's, between the estimate and the measured time over the block formats of one size and memory. Each launch here was timed alone (its own pair of events, waited for), so the fitted launch cost holds the host's time to issue it, which a program's launches issued back to back overlap.`,
        '',
        '| constant | preset | fitted |', '|---|---|---|',
        `| departureCycles | ${presetConstants.departureCycles} | ${fitted.departureCycles} |`,
        `| bandwidth (GB/s) | ${presetConstants.bandwidthGBs} | ${fitted.bandwidthGBs} |`,
        `| launch (cycles) | ${microseconds(presetConstants.launchCycles)} | ${microseconds(fitted.launchCycles)} |`,
        '',
        '| benchmark | size | memory | formats | ρ before | ρ after | mean \\|ln(est/meas)\\| before | after |', '|---|---|---|---|---|---|---|---|',
        ...columns.map((c, i) => `| ${c.b.name} | ${c.size.label} | ${c.memory} | ${c.formats.length} | ${rho(before[i].rho)} | ${rho(after[i].rho)} | ${before[i].log.toFixed(2)} | ${after[i].log.toFixed(2)} |`),
        `| mean | | | | ${rho(total.rho)} | ${rho(best.rho)} | ${total.log.toFixed(2)} | ${best.log.toFixed(2)} |`,
    ];
}
/** Runs measured both ways: each launch waited for, and back to back (run.sh --stream); what waiting
 * costs per launch is the overhead the per-launch times hold beyond the kernels' own work. */
function streamSection(m) {
    const rows = [];
    for (const s of m.results.runs.filter(r => r.timing === 'stream' && measured(r) !== undefined)) {
        const b = m.results.benchmarks.find(x => x.name === s.benchmark);
        const size = b?.sizes.find(x => x.label === s.size);
        const alone = b && size ? measured(m.run(b, size, s.kind, s.format)) : undefined;
        if (alone === undefined || !s.launches)
            continue;
        const each = ((alone - measured(s)) * 1000) / s.launches;
        rows.push(`| ${s.program} | ${s.size} | ${s.format} | ${s.launches} | ${ms(alone)} | ${ms(measured(s))} | ${each.toFixed(1)} |`);
    }
    return rows.length
        ? ['## Launches back to back', '', 'The same runs timed with each launch waited for (the tables above) and as one span of launches issued back to back (`run.sh --stream`).', '',
            '| program | size | format | launches | each waited for (ms) | back to back (ms) | difference per launch (µs) |', '|---|---|---|---|---|---|---|', ...rows]
        : [];
}
/** Several calls' results on one device as one: a run measured again (same program, size, format
 * and arguments) takes the later call's figures, so that side-by-side runs of a later call (the
 * parametric kernel and its baseline) were measured in the same process conditions; a serial
 * reference keeps the first call's time, the denominator of the whole table's speedups (on the
 * H200's host two calls timed the 2-D Jacobi's serial code at 506 and 334 ms). */
function mergeResults(all) {
    const devices = new Set(all.map(r => r.device));
    if (devices.size > 1)
        throw new Error(`results of different devices (${[...devices].join(', ')}) cannot be merged: their times do not compare`);
    const byKey = (lists, key) => {
        const map = new Map();
        for (const list of lists)
            for (const x of list)
                map.set(key(x), x);
        return [...map.values()];
    };
    const last = all[all.length - 1];
    return {
        ...all[0],
        benchmarks: last.benchmarks,
        refusals: last.refusals,
        calls: all.flatMap(r => r.calls ?? [{
                only: r.only ?? null, runs: r.runs.length, ...(r.elapsed_s !== undefined ? { elapsed_s: r.elapsed_s } : {}), ...(r.commit ? { commit: r.commit } : {}),
            }]),
        elapsed_s: all.every(r => r.elapsed_s !== undefined) ? Math.round(all.reduce((t, r) => t + r.elapsed_s, 0) * 10) / 10 : undefined,
        builds: Object.assign({}, ...all.map(r => r.builds)),
        references: byKey(all.map(r => r.references).reverse(), x => `${x.program} ${x.argv.join(' ')} ${x.repeat}`),
        checks: byKey(all.map(r => r.checks), x => `${x.program} ${x.tool}`),
        runs: byKey(all.map(r => r.runs), x => `${x.program} ${x.size} ${x.format} ${x.argv.join(' ')} ${x.timing ?? 'launch'}`),
    };
}
/** The report as markdown: RESULTS.md's text. */
async function report(results, options = {}) {
    const m = new Measurements(results);
    const device = results.device ?? 'an unnamed device';
    const preset = results.device ? presetFor(results.device) : undefined;
    const gpu = preset ? gpus_1.GPUS[preset] : undefined;
    const lines = [
        `# The generated kernels measured on ${device}`,
        '',
        `Measured by bench:gpu's run.sh (\`npm run bench:gpu -- --prepare DIR\`, then \`DIR/run.sh\`) with nvcc -arch=${results.arch}${results.quick ? ', --quick' : ''}` +
            `${results.elapsed_s !== undefined ? ` in ${results.elapsed_s} s` : ''}${(results.calls?.length ?? 1) > 1 ? ` over ${results.calls.length} calls (a run measured again takes the later call's figures, a serial reference the first call's)` : ''}. A time is the median of ${results.repeat - 1} runs after a warm-up, the sum of the kernels' times between CUDA events; a speedup is the serial program's time (gcc -O2) over it. ` +
            `${gpu ? `The cost model's preset for this device: ${gpu.name}.` : 'No GPU preset of the cost model matches this device: no peak bandwidth, no calibration.'}`,
        '',
        ...((results.calls?.length ?? 1) > 1
            ? [...results.calls.map((c, i) => `- call ${i + 1}: ${c.runs} runs ${c.only ? `(\`--only '${c.only}'\`)` : '(every run of the manifest)'}${c.elapsed_s !== undefined ? ` in ${c.elapsed_s} s` : ''}${c.commit ? `, programs generated at ${c.commit}` : ''}`), '']
            : []),
        '## Summary',
        '',
        ...summary(m),
        '',
        '## The thesis\'s benchmarks (Xie 2016, Tables 4.1-4.8; the thesis ran a Tesla M2050)',
    ];
    for (const b of results.benchmarks.filter(x => x.formats.length)) {
        for (const size of b.sizes)
            lines.push('', ...thesisSection(m, b, size, gpu?.bandwidthGBs, gpu?.name));
        for (const note of b.notes)
            lines.push(`- note: ${note}`);
    }
    const corpus = corpusSection(m);
    if (corpus.length)
        lines.push('', ...corpus);
    const stream = streamSection(m);
    if (stream.length)
        lines.push('', ...stream);
    if (preset) {
        const model = options.estimator ? undefined : await costModelEstimator(results.benchmarks);
        try {
            lines.push('', ...calibration(m, preset, options.estimator ?? model.estimate));
        }
        finally {
            model?.dispose();
        }
    }
    return lines.join('\n') + '\n';
}
//# sourceMappingURL=report.js.map