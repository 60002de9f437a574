"use strict";
// The case discussion as text (the CLI, the editor's view): each case's constraint systems with
// their strategy sequences in the thesis's Table 7.1 codes, its counters, MetaFork code and CUDA.
Object.defineProperty(exports, "__esModule", { value: true });
exports.registersSource = void 0;
exports.formatCaseDiscussion = formatCaseDiscussion;
const algorithm_1 = require("./algorithm");
const codes = (steps) => steps.map(s => `(${s})`).join(' ');
const indented = (text, by) => text.split('\n').map(l => (l ? by + l : l)).join('\n');
/** How a case's register count was obtained, for people (the discussion, the editor's tree). */
const registersSource = (by) => REGISTERS_BY[by];
exports.registersSource = registersSource;
const REGISTERS_BY = {
    nvcc: 'nvcc --resource-usage',
    given: 'given',
    estimate: 'estimated without nvcc',
    'estimate, nvcc pending': "estimated; nvcc is counting them in the background for the next run",
};
function formatCaseDiscussion(file, s, withCuda = true) {
    const out = [];
    const n = s.cases.length;
    out.push(`${file}:${s.line}: meta_schedule: ${n} case${n === 1 ? '' : 's'}${s.empty.length ? ` and ${s.empty.length} without a kernel (∅)` : ''} (${s.milliseconds} ms)`);
    out.push(`  parameters: ${s.parameters.map(p => `${p.name}${p.role ? ` (${p.role})` : ''} ${p.max !== undefined ? `in ${p.min}..${p.max}` : `≥ ${p.min}`}`).join('; ')}`);
    const t = s.tuning;
    if (t.tuned.length)
        out.push(`  chosen at run time: ${t.tuned.join(', ')} (${t.reason})`);
    if (t.fixed.length)
        out.push(`  kept at the program's values: ${t.fixed.join(', ')} (${t.reason})`);
    if (s.initial.length)
        out.push(`  initial constraints: ${s.initial.join(', ')}`);
    out.push(`  strategies: ${Object.entries(algorithm_1.STEP_NAMES).map(([k, v]) => `(${k}) ${v}`).join(', ')}`);
    for (const c of s.cases) {
        out.push('', `case ${c.index}: ${c.summary}`);
        for (const sys of c.systems) {
            const mark = sys.verdict === 'unknown' ? '   [consistency unknown: kept]' : '';
            out.push(`  when { ${sys.constraints.join(' ; ') || 'always'} }   strategies ${codes(sys.strategies)}${mark}`);
        }
        out.push(`  registers per thread: ${c.registers} (${REGISTERS_BY[c.registersBy]})`);
        out.push(`  shared-memory words per block: ${c.sharedWords}${c.tiles.length ? ` (${c.tiles.join(', ')}; 3 words of alignment per tile)` : ''}`);
        if (c.cse.length)
            out.push(`  CSE: ${c.cse.join('; ')}`);
        out.push('  MetaFork:', indented(c.metafork, '    '));
        if (withCuda)
            out.push('  CUDA:', indented(c.kernels.join('\n\n'), '    '));
    }
    for (const e of s.empty)
        out.push('', `∅ (no kernel): { ${e.constraints.join(' ; ')} }   strategies ${codes(e.strategies)}`);
    return out.join('\n') + '\n';
}
//# sourceMappingURL=format.js.map