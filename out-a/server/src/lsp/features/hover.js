"use strict";
// Hovers: what a construct is and what it is in the other dialects, the sharing of every
// variable it touches, and for a `meta_schedule` (or a kernel's `meta_for`) the CUDA it becomes.
// Inside parallel regions a hover on a variable says how that region shares it.
Object.defineProperty(exports, "__esModule", { value: true });
exports.hoverAt = hoverAt;
const constructs_1 = require("../../model/constructs");
const sharing_1 = require("../../model/sharing");
const dialects_1 = require("../../../../shared/dialects");
const convert_1 = require("../convert");
const schedules_1 = require("./schedules");
const counterparts_1 = require("./counterparts");
/** The construct whose keyword or pragma line is at `offset`. */
function constructAt(model, offset) {
    return model.constructs.find(c => c.head.start <= offset && offset <= c.head.end);
}
async function hoverAt(ctx, params, token) {
    const state = await ctx.stateOf(params.textDocument?.uri, token);
    return hover(state, (0, convert_1.offsetOf)(state.lines, params.position), ctx.settings);
}
/** The hover at `offset`; a schedule's kernels and estimate follow the settings. */
function hover(state, offset, settings) {
    const cuda = (schedule) => (0, schedules_1.scheduleKernels)(state, schedule, settings);
    const cost = (schedule) => (0, schedules_1.scheduleEstimate)(state, schedule, settings);
    const model = state.checked.model.itemAt(offset);
    if (!model)
        return null;
    const c = constructAt(model, offset);
    if (c)
        return markdown(constructHover(model, c, cuda, cost), c.head, state);
    const inner = innermostRegion(model, offset);
    const ref = model.scopes.references.find(r => r.span.start <= offset && offset <= r.span.end && r.variable);
    const where = (k) => `\`${(0, constructs_1.constructLabel)(k)}\` (line ${state.lines.position(k.head.start).line + 1})`;
    if (ref?.variable) {
        const entry = inner && (0, sharing_1.sharingAt)(model, inner).find(e => e.variable === ref.variable);
        const lines = [declarationBlock(ref.variable.declaration, state.checked.model.text)];
        if (entry)
            lines.push(`in ${where(inner)}: **${entry.sharing}** — ${entry.reason}`);
        return markdown(lines.join('\n\n'), ref.span, state);
    }
    if (inner)
        return markdown(`inside ${where(inner)}`, { start: offset, end: offset }, state);
    return null;
}
function innermostRegion(model, offset) {
    let found;
    for (const c of model.constructs) {
        if (c.kind === 'join' || c.kind === 'grainsize' || c.kind === 'schedule')
            continue;
        const span = c.kind === 'spawn' ? c.statement : (c.loop ?? c.region);
        if (span && span.start <= offset && offset <= span.end && (!found || found.start <= c.start))
            found = c;
    }
    return found;
}
function constructHover(model, c, cuda, cost) {
    const parts = [];
    const label = (0, constructs_1.constructLabel)(c);
    const cp = (0, counterparts_1.counterparts)(c);
    parts.push(`**${label}** — ${cp?.what ?? c.kind}`);
    if (cp) {
        const rows = dialects_1.DIALECTS.filter(d => d !== c.dialect).map(d => `| ${dialects_1.DIALECT_LABELS[d]} | ${cp[d]} |`);
        parts.push(['| dialect | counterpart |', '|---|---|', ...rows].join('\n'));
    }
    // A kernel's grid loop: the kernel it becomes.
    if (c.kind === 'parallel-for' && c.dialect === 'metafork') {
        const schedule = ancestor(c, 'schedule');
        if (schedule) {
            const result = cuda(schedule);
            const kernel = scheduleOf(result, schedule)?.kernels.find(k => c.start >= k.start && c.start <= k.end);
            if (kernel) {
                parts.push(kernelMarkdown(kernel));
                return parts.join('\n\n');
            }
            parts.push(cudaProblems(result));
        }
    }
    if (c.kind === 'schedule') {
        const result = cuda(c);
        const summary = scheduleOf(result, c);
        if (summary) {
            const estimate = cost(c);
            if (estimate)
                parts.push(`**Estimate**: ${estimate} (\`metafork analyze\` for the counts)`);
            const n = summary.kernels.length;
            parts.push(`becomes ${n} CUDA kernel${n === 1 ? '' : 's'}${boxesLine(result, summary)}:`);
            for (const k of summary.kernels)
                parts.push(kernelMarkdown(k));
        }
        else {
            parts.push(cudaProblems(result));
        }
        return parts.join('\n\n');
    }
    if (['spawn', 'block-spawn', 'parallel-for', 'pipe', 'omp'].includes(c.kind)) {
        const entries = (0, sharing_1.sharingAt)(model, c).filter(e => !e.local || c.kind !== 'spawn');
        if (entries.length) {
            const rows = entries.map(e => `| \`${e.variable.name}\` | ${e.sharing} | ${e.reason} |`);
            parts.push([`| variable | sharing | why |`, '|---|---|---|', ...rows].join('\n'));
        }
    }
    return parts.join('\n\n');
}
function ancestor(c, kind) {
    for (let p = c.parent; p; p = p.parent)
        if (p.kind === kind)
            return p;
    return undefined;
}
function scheduleOf(result, c) {
    return result.schedules.find(s => s.start <= c.start && c.end <= s.end);
}
function boxesLine(result, s) {
    const names = new Set(s.kernels.map(k => k.name));
    const tiles = result.tiles.filter(t => names.has(t.kernel));
    const shown = tiles.map(t => `\`${t.name}[${t.extent.join('][')}]\``);
    return tiles.length ? ` (shared-memory tiles: ${shown.join(', ')})` : '';
}
function kernelMarkdown(k) {
    const dims = (xs) => xs.map(x => `\`${x}\``).join(' × ');
    const shape = `grid ${dims(k.grid)} blocks of ${dims(k.block)} threads`;
    return [`**${k.name}**: ${shape}`, '```cuda-cpp', k.source, '', '// launch', k.launch, '```'].join('\n');
}
function cudaProblems(result) {
    const errors = result.diagnostics.filter(d => d.severity === 'error');
    if (!errors.length)
        return 'no CUDA is generated for this schedule';
    return `no CUDA: ${errors.slice(0, 3).map(d => `${d.code} ${d.message}`).join('; ')}`;
}
function declarationBlock(decl, text) {
    const declText = text.slice(decl.start, Math.min(decl.end, decl.start + 120)).replace(/\s+/g, ' ').trim();
    return ['```c', declText, '```'].join('\n');
}
function markdown(value, span, state) {
    const contents = { kind: 'markdown', value };
    return { contents, range: (0, convert_1.rangeOf)(state.lines, span) };
}
//# sourceMappingURL=hover.js.map