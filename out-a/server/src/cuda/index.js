"use strict";
// MetaFork -> CUDA (Xie 2016 Ch. 5): one `.cu` translation unit, the program with every
// `meta_schedule` replaced by host code (allocation, transfers of exactly the arrays its
// kernels use, launches, copy-back, free, error checks) and its kernels printed before the
// function holding it. Other MetaFork constructs of the file run serially (their elision),
// with a note. Any error: no output.
Object.defineProperty(exports, "__esModule", { value: true });
exports.generateCuda = generateCuda;
exports.cudaFromModel = cudaFromModel;
exports.readScheduleKernels = readScheduleKernels;
exports.schedulePieces = schedulePieces;
exports.schedulesOf = schedulesOf;
const span_1 = require("../base/span");
const ast_1 = require("../syntax/ast");
const index_1 = require("../checks/index");
const diagnostic_1 = require("../base/diagnostic");
const sourcemap_1 = require("../base/sourcemap");
const includes_1 = require("../syntax/includes");
const elide_1 = require("../model/elide");
const constructs_1 = require("../model/constructs");
const layout_1 = require("../base/layout");
const stage_1 = require("../base/stage");
const kernels_1 = require("./kernels");
const kernel_1 = require("./kernel");
const cplusplus_1 = require("./cplusplus");
const footprint_1 = require("./footprint");
const loops_1 = require("../model/loops");
const print_1 = require("./print");
async function generateCuda(text, options = {}) {
    const { model, diagnostics, syntax } = await (0, index_1.checkText)(text, options.fileName, options);
    try {
        return cudaFromModel(model, diagnostics, options);
    }
    finally {
        syntax.dispose();
    }
}
/** The generation from an analysed document (the server re-uses the model of its diagnostics). */
function cudaFromModel(doc, found, options = {}) {
    try {
        return generate(doc, found, options);
    }
    catch (e) {
        if (!(e instanceof sourcemap_1.SourceConflict))
            throw e;
        return { diagnostics: [(0, diagnostic_1.conflictDiagnostic)(e)], kernels: [], tiles: [], schedules: [] };
    }
}
function generate(doc, found, options) {
    const text = doc.text;
    const only = options.only;
    const holder = only && doc.itemAt(only.start);
    if (only && !holder)
        return { diagnostics: [], kernels: [], tiles: [], schedules: [] };
    const diagnostics = found.filter(d => d.severity === 'error' && (!holder || (d.start < holder.item.end && d.end > holder.item.start)));
    if (diagnostics.length)
        return { diagnostics, kernels: [], tiles: [], schedules: [] };
    const items = holder ? [holder] : doc.allItems();
    const schedules = readSchedules(doc, items, diagnostics, options);
    if (only) {
        const unit = (0, layout_1.indentUnit)(doc.map.fileText);
        return {
            diagnostics,
            kernels: schedules.flatMap(s => s.read.kernels.map(kernel_1.kernelName)),
            tiles: boxSummaries(schedules, text),
            schedules: schedules.map(s => scheduleSummary(s, doc.map, unit)),
        };
    }
    if (schedules.length === 0 && !diagnostics.some(d => d.severity === 'error')) {
        diagnostics.push((0, diagnostic_1.diagnostic)('MF510', { start: 0, end: Math.min(1, text.length) }, `no 'meta_schedule' in this file: there is nothing to generate CUDA for`));
    }
    if (diagnostics.some(d => d.severity === 'error'))
        return { diagnostics, kernels: [], tiles: [], schedules: [] };
    const stage = new stage_1.Stage(doc.map);
    const unit = (0, layout_1.indentUnit)(doc.map.fileText);
    // Everything outside the schedules runs as its serial elision.
    const spans = schedules.map(s => s.read.schedule);
    for (const e of (0, elide_1.elisionEdits)(doc))
        if (!spans.some(s => (0, span_1.within)(e, s) || (e.start < s.end && e.end > s.start)))
            stage.edit(e);
    for (const model of items) {
        for (const c of model.constructs) {
            if (c.kind !== 'schedule' && c.dialect === 'metafork' && !spans.some(s => (0, span_1.within)(c, s))) {
                diagnostics.push((0, diagnostic_1.diagnostic)('MF604', c.head, `outside 'meta_schedule' the CUDA program runs this construct serially (its elision)`));
            }
        }
    }
    for (const e of (0, cplusplus_1.cplusplusEdits)(doc))
        stage.edit(e);
    const kernelsAt = new Map();
    const devices = new Set();
    const summaries = [];
    for (const schedule of schedules) {
        const { read, host, boxes } = schedule;
        const summary = scheduleSummary(schedule, doc.map, unit, stage.written);
        summaries.push(summary);
        const at = (0, layout_1.wholeLines)(text, host).start;
        for (const k of read.kernels)
            for (const f of k.calls)
                devices.add(f);
        const c = read.schedule;
        const replace = options.replace?.find(r => r.at === (0, constructs_1.constructSpan)(c).start);
        kernelsAt.set(at, [
            ...(kernelsAt.get(at) ?? []),
            ...(replace ? replace.kernels : summary.kernels.map(k => k.source)),
        ]);
        if (replace)
            stage.edit({ start: replace.at, end: c.region.end, newText: replace.host });
        else
            hostCode(stage, read, boxes, unit);
    }
    for (const [at, kernels] of kernelsAt)
        stage.edit({ start: at, end: at, newText: kernels.join('\n\n') + '\n\n' });
    // Functions the kernels call run on the device too.
    for (const model of items) {
        const fn = model.item;
        if (fn.type !== 'function_definition')
            continue;
        const name = (0, ast_1.functionName)(fn, text)?.name;
        if (name && devices.has(name))
            stage.edit({ start: fn.start, end: fn.start, newText: '__host__ __device__ ' });
    }
    const headers = [];
    for (const h of ['stdio.h', 'stdlib.h']) {
        const e = (0, includes_1.includeEditIn)(doc.map, h);
        if (e)
            headers.push(e);
    }
    const after = (0, includes_1.afterIncludesIn)(doc.map);
    const staged = schedules.some(s => s.boxes.some(t => t.length > 0)) || !!options.replace?.some(r => r.staged);
    const helpers = [...new Set(options.replace?.map(r => r.helpers).filter(Boolean))].map(h => `\n${h}\n`).join('');
    headers.push({
        start: after,
        end: after,
        newText: `\n${(0, print_1.checkMacro)()}\n${staged ? `\n${(0, print_1.boxBytesHelper)()}\n` : ''}${helpers}\n`,
    });
    const out = stage.output(headers);
    const tiles = boxSummaries(schedules, text);
    return {
        text: out,
        diagnostics,
        kernels: schedules.flatMap(s => s.read.kernels.map(kernel_1.kernelName)),
        tiles,
        schedules: summaries,
    };
}
/** Every schedule of the items (inside `only` when given) read as kernels with their tiles. */
function readSchedules(doc, items, diagnostics, options) {
    const only = options.only;
    const schedules = [];
    let next = only ? kernelsBefore(doc, only.start) : 0;
    for (const model of items) {
        for (const c of model.constructs) {
            if (c.kind !== 'schedule' || !c.region || (only && !(0, span_1.within)(c, only)))
                continue;
            const read = (0, kernels_1.scheduleKernels)(model, c, next, diagnostics);
            if (!read || !c.functionNode)
                continue;
            next += read.kernels.length;
            if (options.kernelSuffix)
                for (const k of read.kernels)
                    k.suffix = options.kernelSuffix;
            const cacheItems = c.clauses.filter(x => x.name === 'cache').flatMap(x => x.items);
            const cache = cacheItems.length ? new Set(cacheItems.map(i => i.name)) : undefined;
            const boxes = read.kernels.map(k => {
                const staging = (0, footprint_1.stageBoxes)(model, k, options.memory ?? 'global', cache);
                for (const u of staging.unstaged) {
                    const item = cacheItems.find(i => i.name === u.array.name);
                    diagnostics.push(item
                        ? (0, diagnostic_1.diagnostic)('MF511', item, `'${u.array.name}' stays in global memory in ${(0, kernel_1.kernelName)(k)}: ${u.reason}`, {
                            variable: u.array.name,
                        })
                        : (0, diagnostic_1.diagnostic)('MF512', k.nest, `'${u.array.name}' stays in global memory in ${(0, kernel_1.kernelName)(k)}: ${u.reason}`, { variable: u.array.name }));
                }
                (0, kernels_1.receiveBoxNames)(model, k, staging.boxes, diagnostics);
                return staging.boxes;
            });
            for (const item of cacheItems) {
                if (!read.arrays.some(a => a.name === item.name))
                    diagnostics.push((0, diagnostic_1.diagnostic)('MF511', item, `'${item.name}' is not an array any kernel of this schedule uses: there is nothing to stage`, { variable: item.name }));
            }
            schedules.push({ read, host: c.functionNode, boxes, model });
        }
    }
    return schedules;
}
/** The schedules of the document as the generator reads them (the cost model counts their
 * kernels); none when an error stops the generation. */
function readScheduleKernels(doc, found, options = {}) {
    // With `only`, the item holding it alone is read (a hover on a large file), and only its errors stop it.
    const holder = options.only && doc.itemAt(options.only.start);
    if (options.only && !holder)
        return { schedules: [], diagnostics: [] };
    const diagnostics = found.filter(d => d.severity === 'error' && (!holder || (d.start < holder.item.end && d.end > holder.item.start)));
    if (diagnostics.length)
        return { schedules: [], diagnostics };
    const schedules = readSchedules(doc, holder ? [holder] : doc.allItems(), diagnostics, options);
    return { schedules: diagnostics.some(d => d.severity === 'error') ? [] : schedules, diagnostics };
}
/** The kernels and host code of the one schedule starting at `at` (the optimizer's cases). */
function schedulePieces(doc, found, at, options = {}) {
    const diagnostics = found.filter(d => d.severity === 'error');
    const holder = doc.itemAt(at.start);
    if (diagnostics.length || !holder)
        return { kernels: [], boxes: [], host: '', staged: false, diagnostics };
    const [schedule] = readSchedules(doc, [holder], diagnostics, { ...options, only: at });
    if (!schedule || diagnostics.some(d => d.severity === 'error'))
        return { kernels: [], boxes: [], host: '', staged: false, diagnostics };
    const stage = new stage_1.Stage(doc.map);
    const unit = (0, layout_1.indentUnit)(doc.map.fileText);
    hostCode(stage, schedule.read, schedule.boxes, unit);
    const c = schedule.read.schedule;
    const host = stage.render({ start: (0, constructs_1.constructSpan)(c).start, end: c.region.end });
    return {
        kernels: schedule.read.kernels.map((k, i) => (0, print_1.printKernel)(k, doc.map, unit, schedule.boxes[i])),
        boxes: schedule.boxes,
        host,
        staged: schedule.boxes.some(t => t.length > 0),
        diagnostics,
        read: schedule,
    };
}
function scheduleSummary({ read, boxes }, map, unit, written) {
    const c = read.schedule;
    return {
        ...(0, constructs_1.constructSpan)(c),
        kernels: read.kernels.map((k, i) => ({
            name: (0, kernel_1.kernelName)(k),
            source: (0, print_1.printKernel)(k, map, unit, boxes[i], written),
            launch: (0, print_1.printLaunch)(k, '', unit, (0, print_1.sharedBytes)(boxes[i])),
            grid: k.grid.map(g => g.bound),
            block: k.block.map(b => b.bound),
            start: k.nest.start,
            end: k.nest.end,
        })),
    };
}
function boxSummaries(schedules, text) {
    return schedules.flatMap(s => s.read.kernels.flatMap((k, i) => s.boxes[i].map((t) => ({
        kernel: (0, kernel_1.kernelName)(k), name: `shared_${t.id}`, array: t.array.name, extent: t.extent.map(e => e.toC()),
        level: t.level ? loopVariable(t.level, text) : null, stored: t.written,
    }))));
}
/** The `meta_schedule`s of a document in file order, those starting before `before` when it is
 * given; only the items holding one are read (cheap on a large file). */
function schedulesOf(doc, before = Infinity) {
    const layer = doc.syntax.layer;
    const holders = new Set();
    for (const k of layer.keywords)
        if (k.keyword === 'meta_schedule' && k.start < before)
            holders.add(doc.itemIndexAt(k.start));
    for (const p of layer.pragmas)
        if (p.start < before && /^#\s*pragma\s+mf\s+schedule\b/.test(p.text))
            holders.add(doc.itemIndexAt(p.start));
    return [...holders].filter(i => i >= 0).sort((a, b) => a - b)
        .flatMap(i => doc.item(i).constructs.filter(c => c.kind === 'schedule' && (0, constructs_1.constructSpan)(c).start < before));
}
/** How many kernels the schedules before `offset` make: one per outermost `meta_for` nest. */
function kernelsBefore(doc, offset) {
    return schedulesOf(doc, offset).reduce((n, c) => n + c.children.filter(k => k.kind === 'parallel-for').length, 0);
}
function loopVariable(loop, text) {
    return (0, loops_1.canonicalHeader)(loop, text).header?.variable ?? null;
}
/** The schedule's replacement: transfers in, its statements with launches for nests, transfers out. */
function hostCode(stage, read, boxes, unit) {
    const text = stage.text;
    const c = read.schedule;
    const indent = (0, layout_1.lineIndent)(text, c.start);
    const i1 = indent + unit;
    read.kernels.forEach((k, i) => stage.edit({
        start: k.nest.start,
        end: k.nest.end,
        newText: (0, print_1.printLaunch)(k, (0, layout_1.lineIndent)(text, k.nest.start), unit, (0, print_1.sharedBytes)(boxes[i])),
    }));
    const region = c.region;
    const body = stage.render(region);
    const inner = region.type === 'compound_statement'
        ? (0, print_1.blockInterior)(body)
        : i1 + body;
    const { before, after } = (0, print_1.printTransfers)(read.arrays, i1);
    const replacement = [
        `{ /* meta_schedule on the GPU: ${read.kernels.map(kernel_1.kernelName).join(', ')} */`,
        ...before,
        inner,
        ...after,
        `${indent}}`,
    ].join('\n');
    const start = (0, constructs_1.constructSpan)(c).start;
    stage.edit({ start, end: region.end, newText: replacement });
}
//# sourceMappingURL=index.js.map