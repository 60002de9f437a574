"use strict";
// Where spawned work can still be running when control leaves its function: the flow of pending
// spawns through a function body, joins clearing them. The checks warn there (MF314) and the
// CilkPlus translator writes CilkPlus's implicit sync there as an explicit join.
Object.defineProperty(exports, "__esModule", { value: true });
exports.unjoinedExits = unjoinedExits;
exports.pendingSpawns = pendingSpawns;
const ast_1 = require("../syntax/ast");
const keywords_1 = require("../syntax/keywords");
function union(...sets) {
    let result = null;
    for (const s of sets)
        if (s) {
            result ??= new Set();
            for (const c of s)
                result.add(c);
        }
    return result;
}
/**
 * Where spawns of `dialect` can reach a return (or the end of their function) with no join on
 * the way: MF314 for MetaFork, and the places where CilkPlus's implicit sync becomes an
 * explicit `meta_join` (Chen 2017 §3.6.1). Parallel loops and `cilk_scope` end with a join.
 */
function unjoinedExits(model, dialect) {
    return spawnFlow(model, dialect, spawn => [spawn]);
}
/**
 * Each statement of the functions with spawns of `dialect` (leaves of the flow: expressions,
 * declarations), with what the spawns that may still be running when it starts hold: `held(spawn)`
 * when it is spawned, less what a statement `ends` on the way (`ends(statement, t)`), all of it at a
 * join. Spawns before a statement with no join between may be running, and in a loop those of
 * earlier iterations. Inside a parallel loop or a `cilk_scope`, which join at their end, the spawns
 * before them stay pending and each iteration starts with none of its own.
 */
function pendingSpawns(model, dialect, held, visit, ends) {
    spawnFlow(model, dialect, held, { visit, ends });
}
function spawnFlow(model, dialect, held, leaves) {
    const spawns = model.constructs.filter(c => c.dialect === dialect && (c.kind === 'spawn' || c.kind === 'block-spawn') && c.statement);
    if (spawns.length === 0)
        return [];
    const spawnOf = new Map();
    for (const s of spawns)
        spawnOf.set(s.statement, s);
    const joinAt = new Set();
    // A join missing its ';' (reported as MF102) still joins before the statement after it.
    const joinBefore = new Set();
    for (const c of model.constructs) {
        if (c.kind !== 'join' || c.dialect !== dialect)
            continue;
        if (c.statement || c.form === 'pragma')
            joinAt.add(c.statement ? c.statement.start : c.start);
        else
            joinBefore.add((0, keywords_1.skipTrivia)(model.text, c.end));
    }
    const joinsAtEnd = new Set(model.constructs
        .filter(c => (c.kind === 'parallel-for' && c.loop) || (c.kind === 'scope' && c.statement))
        .map(c => c.loop ?? c.statement));
    const seen = new Set(); // the loop fixpoint visits a return twice
    const exits = [];
    /** Exits are found where what is held is the spawns themselves (`unjoinedExits`). */
    const exit = (kind, node, pending) => {
        if (leaves || seen.has(node.start))
            return;
        seen.add(node.start);
        const spawned = [...pending];
        exits.push({ kind, node, pending: spawned.sort((a, b) => a.start - b.start) });
    };
    const flow = (n, state) => {
        if (state && joinBefore.has(n.start))
            state = new Set();
        const none = { out: state, breaks: [], continues: [] };
        if (!state)
            return none;
        const spawn = spawnOf.get(n);
        if (spawn)
            return { out: union(state, new Set(held(spawn))), breaks: [], continues: [] };
        if (joinAt.has(n.start) && (n.type === 'expression_statement' || n.type === 'preproc_call'))
            return { out: new Set(), breaks: [], continues: [] };
        if (joinsAtEnd.has(n)) {
            // Spawns inside are joined when it ends; the ones before it still run meanwhile.
            if (leaves) {
                const loop = n.type === 'for_statement' || n.type === 'for_range_loop';
                const inside = loop ? [(0, ast_1.child)(n, 'body')] : n.type === 'compound_statement' ? (0, ast_1.named)(n) : [];
                if (!loop && n.type !== 'compound_statement')
                    leaves.visit(n, state);
                let cur = state;
                for (const c of inside)
                    if (c && cur)
                        cur = flow(c, cur).out;
            }
            return none;
        }
        switch (n.type) {
            case 'compound_statement':
            case 'case_statement':
            case 'labeled_statement': {
                let cur = state;
                const breaks = [], continues = [];
                for (const c of (0, ast_1.named)(n)) {
                    if (n.type === 'case_statement' && c.field === 'value')
                        continue;
                    const f = flow(c, cur);
                    cur = f.out;
                    breaks.push(...f.breaks);
                    continues.push(...f.continues);
                }
                return { out: cur, breaks, continues };
            }
            case 'if_statement': {
                const a = flow((0, ast_1.child)(n, 'consequence'), state);
                const alt = (0, ast_1.child)(n, 'alternative');
                const b = alt ? flow((0, ast_1.named)(alt)[0] ?? alt, state) : none;
                return {
                    out: union(a.out, b.out),
                    breaks: [...a.breaks, ...b.breaks],
                    continues: [...a.continues, ...b.continues],
                };
            }
            case 'for_statement':
            case 'while_statement':
            case 'do_statement':
            case 'for_range_loop': {
                const body = (0, ast_1.child)(n, 'body');
                if (!body)
                    return none;
                const first = flow(body, state);
                const again = flow(body, union(state, first.out, ...first.continues));
                return {
                    out: union(state, again.out, ...again.continues, ...again.breaks, ...first.breaks),
                    breaks: [],
                    continues: [],
                };
            }
            case 'switch_statement': {
                const body = (0, ast_1.child)(n, 'body');
                if (!body)
                    return none;
                let cur = null;
                const breaks = [], continues = [];
                let hasDefault = false;
                for (const c of (0, ast_1.named)(body)) {
                    if (c.type === 'case_statement') {
                        cur = union(cur, state);
                        if (!(0, ast_1.child)(c, 'value'))
                            hasDefault = true;
                    }
                    const f = flow(c, cur);
                    cur = f.out;
                    breaks.push(...f.breaks);
                    continues.push(...f.continues);
                }
                return { out: union(cur, ...breaks, hasDefault ? null : state), breaks: [], continues };
            }
            case 'return_statement':
                if (state.size)
                    exit('return', n, state);
                return { out: null, breaks: [], continues: [] };
            case 'break_statement': return { out: null, breaks: [state], continues: [] };
            case 'continue_statement': return { out: null, breaks: [], continues: [state] };
            case 'goto_statement': return { out: null, breaks: [], continues: [] };
            default: {
                if (!leaves)
                    return none;
                leaves.visit(n, state);
                const ended = [...state].filter(t => leaves.ends(n, t));
                return ended.length ? { out: new Set([...state].filter(t => !ended.includes(t))), breaks: [], continues: [] } : none;
            }
        }
    };
    const functions = [];
    (0, ast_1.walk)(model.item, n => { if (n.type === 'function_definition')
        functions.push(n); });
    for (const fn of functions) {
        const body = (0, ast_1.child)(fn, 'body');
        if (!body || !spawns.some(s => s.functionNode === fn))
            continue;
        const end = flow(body, new Set()).out;
        if (end && end.size)
            exit('end', body, end);
    }
    return exits;
}
//# sourceMappingURL=exits.js.map