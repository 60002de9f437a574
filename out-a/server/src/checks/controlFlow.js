"use strict";
// Control flow around parallel constructs: branches that leave or enter a parallel region
// ("control flow cannot branch into or out of a parallel region", Chen 2017 §3.1), and
// MetaFork spawns that can reach a return with no meta_join (meta_fork has no implicit
// barrier at return).
Object.defineProperty(exports, "__esModule", { value: true });
exports.branchDiagnostics = branchDiagnostics;
exports.unjoinedSpawnDiagnostics = unjoinedSpawnDiagnostics;
const ast_1 = require("../syntax/ast");
const constructs_1 = require("../model/constructs");
const diagnostic_1 = require("../base/diagnostic");
const exits_1 = require("../model/exits");
const lines_1 = require("../base/lines");
const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);
function branchDiagnostics(model) {
    const regions = new Map();
    for (const c of model.constructs)
        if ((0, constructs_1.isRegion)(c) && c.region)
            regions.set(c.region, c);
    if (regions.size === 0)
        return [];
    const out = [];
    const labels = new Map();
    (0, ast_1.walk)(model.item, n => {
        if (n.type === 'labeled_statement') {
            const l = (0, ast_1.child)(n, 'label');
            if (l)
                labels.set(model.text.slice(l.start, l.end), n);
        }
    });
    const regionsAround = (n) => {
        const list = [];
        for (let p = n.parent; p; p = p.parent) {
            const r = regions.get(p);
            if (r)
                list.push(r);
        }
        return list;
    };
    (0, ast_1.walk)(model.item, n => {
        switch (n.type) {
            case 'break_statement':
            case 'continue_statement': {
                const isBreak = n.type === 'break_statement';
                for (let p = n.parent; p; p = p.parent) {
                    const r = regions.get(p);
                    const target = LOOPS.has(p.type) || (isBreak && p.type === 'switch_statement');
                    // `continue` in a parallel loop's own body moves to the next iteration: allowed; a region
                    // whose statement is a plain loop (`parallel` + `while (1) { ... break; }`) keeps its break.
                    if (r && !(r.loop && !isBreak && (0, ast_1.child)(r.loop, 'body') === p) && !(target && !r.loop)) {
                        const word = isBreak ? 'break' : 'continue';
                        out.push((0, diagnostic_1.diagnostic)('MF311', { start: n.start, end: n.start + word.length }, r.loop && (0, ast_1.child)(r.loop, 'body') === p
                            ? `'${word}' cannot leave the '${(0, constructs_1.constructLabel)(r)}' loop: its iterations run in parallel`
                            : `'${word}' would leave the parallel region of '${(0, constructs_1.constructLabel)(r)}'`, { construct: (0, constructs_1.constructLabel)(r) }));
                        break;
                    }
                    if (target)
                        break;
                }
                break;
            }
            case 'return_statement': {
                const r = regionsAround(n)[0];
                if (r)
                    out.push((0, diagnostic_1.diagnostic)('MF312', { start: n.start, end: n.start + 6 }, `'return' cannot leave the parallel region of '${(0, constructs_1.constructLabel)(r)}'`, { construct: (0, constructs_1.constructLabel)(r) }));
                break;
            }
            case 'goto_statement': {
                const l = (0, ast_1.child)(n, 'label');
                const name = l ? model.text.slice(l.start, l.end) : '';
                const target = labels.get(name);
                if (!target)
                    break;
                const from = regionsAround(n);
                const to = regionsAround(target);
                const leaving = from.find(r => !to.includes(r));
                const entering = to.find(r => !from.includes(r));
                if (leaving || entering) {
                    out.push((0, diagnostic_1.diagnostic)('MF313', { start: n.start, end: n.end }, leaving
                        ? `'goto ${name}' would leave the parallel region of '${(0, constructs_1.constructLabel)(leaving)}'`
                        : `'goto ${name}' would jump into the parallel region of '${(0, constructs_1.constructLabel)(entering)}'`, { label: name }));
                }
                break;
            }
        }
    });
    return out;
}
/** Warns where a MetaFork spawn can reach a return (or the end of its function) unjoined. */
function unjoinedSpawnDiagnostics(model) {
    const exits = (0, exits_1.unjoinedExits)(model, 'metafork');
    if (exits.length === 0)
        return [];
    const text = model.text;
    const usesPragmas = model.constructs.some(c => c.dialect === 'metafork' && (c.kind === 'spawn' || c.kind === 'block-spawn') && c.form === 'pragma');
    const joinText = usesPragmas ? '#pragma mf join' : 'meta_join;';
    const lines = new lines_1.LineIndex(text);
    return exits.map(({ kind, node, pending }) => {
        const first = pending[0];
        const call = first.call ? text.slice(first.call.start, Math.min(first.call.end, first.call.start + 40)) : 'block';
        const at = kind === 'return' ? { start: node.start, end: node.start + 6 } : { start: node.end - 1, end: node.end };
        // The message cites a line and the data holds offsets: both listed in diagnostic.ts
        // (CITES_LINE, DATA_OFFSETS) so that the per-item cache moves them with the item.
        return (0, diagnostic_1.diagnostic)('MF314', at, `'${(0, constructs_1.constructLabel)(first)} ${call}' (line ${lines.position(first.start).line + 1}) can reach ${kind === 'return' ? 'this return' : 'the end of the function'} without a '${usesPragmas ? '#pragma mf join' : 'meta_join'}': meta_fork has no implicit join at return`, { insert: joinText, at: at.start, spawn: first.start });
    });
}
//# sourceMappingURL=controlFlow.js.map