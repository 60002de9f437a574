"use strict";
// CilkPlus -> MetaFork (Chen 2017 §3.6.1): cilk_spawn -> meta_fork, cilk_sync -> meta_join,
// cilk_for -> meta_for, grainsize pragmas kept as `#pragma meta grainsize`. CilkPlus syncs
// implicitly when a spawning function returns; MetaFork does not, so a `meta_join` goes before
// every return (and function end) a spawn can reach unjoined. `cilk_scope { B }` joins at its
// end: it becomes `{ B meta_join; }`, with a `meta_join` before every exit from B too.
Object.defineProperty(exports, "__esModule", { value: true });
exports.cilkToMetafork = cilkToMetafork;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const includes_1 = require("../syntax/includes");
const runtime_1 = require("./runtime");
const common_1 = require("./common");
const layout_1 = require("../base/layout");
function cilkToMetafork(stage, models) {
    const text = stage.text;
    for (const model of models) {
        for (const c of model.constructs)
            if (c.dialect === 'cilkplus')
                construct(stage, c);
        // An exit from a cilk_scope skips the join written at its end: one goes before the exit.
        const exits = new Set();
        for (const c of model.constructs)
            if (c.kind === 'scope' && c.dialect === 'cilkplus' && c.statement)
                for (const e of scopeExits(c.statement, text))
                    exits.add(e);
        for (const e of [...exits].sort((a, b) => a.start - b.start))
            (0, common_1.joinBefore)(stage, e);
        (0, common_1.joinAtExits)(stage, model, 'cilkplus');
    }
    // The CilkPlus header means nothing to MetaFork (unless CilkPlus is left elsewhere).
    if (!stage.partial)
        for (const line of (0, includes_1.systemIncludes)(stage.map.fileText, h => h === 'cilk/cilk.h'))
            stage.edit((0, edits_1.remove)(line));
    (0, runtime_1.cilkRuntimeToMetafork)(stage, models);
}
function construct(stage, c) {
    const text = stage.text;
    if (c.form === 'keyword') {
        const k = c.keyword;
        const word = { start: k.start, end: k.end };
        switch (k.keyword) {
            case 'cilk_spawn':
                stage.edit((0, edits_1.replace)(word, 'meta_fork'));
                return;
            case 'cilk_sync':
                stage.edit((0, edits_1.replace)(word, 'meta_join'));
                return;
            case 'cilk_for':
                stage.edit((0, edits_1.replace)(word, 'meta_for'));
                joinIterations(stage, c);
                return;
            case 'cilk_scope': {
                const body = c.statement;
                stage.edit((0, edits_1.remove)({ start: k.start, end: (0, edits_1.withTrailingBlanks)(text, k.headEnd) }));
                if (body.type === 'compound_statement')
                    stage.edit((0, edits_1.insert)(...(0, common_1.beforeClosingBrace)(stage, body, common_1.JOIN)));
                else {
                    stage.edit((0, edits_1.insert)(body.start, '{ '));
                    stage.edit((0, edits_1.insert)(body.end, ` ${common_1.JOIN} }`));
                }
                return;
            }
        }
        return;
    }
    // `#pragma cilk ...` forms become MetaFork keywords.
    const d = c.directive;
    const line = (0, layout_1.wholeLines)(text, c.head);
    switch (c.kind) {
        case 'grainsize':
            stage.edit((0, edits_1.replace)(c.head, `#pragma meta grainsize = ${d.argument?.text ?? ''}`));
            return;
        case 'join':
            stage.edit((0, edits_1.replace)(c.head, common_1.JOIN));
            return;
        case 'spawn':
            stage.edit((0, edits_1.remove)(line));
            stage.edit((0, edits_1.insert)(c.call.start, 'meta_fork '));
            return;
        case 'parallel-for':
            stage.edit((0, edits_1.remove)(line));
            stage.edit((0, edits_1.replace)({ start: c.loop.start, end: c.loop.start + 3 }, 'meta_for'));
            joinIterations(stage, c);
            return;
    }
}
/**
 * The statements that leave `body`: returns, and breaks, continues and gotos whose target is
 * outside it (nested functions and lambdas are not part of it). A join goes before the whole
 * statement, so that `return e;` reads the spawned results after the join.
 */
function scopeExits(body, text) {
    const labels = new Set();
    (0, ast_1.walk)(body, n => {
        if (n.type === 'labeled_statement') {
            const l = (0, ast_1.child)(n, 'label');
            if (l)
                labels.add(text.slice(l.start, l.end));
        }
    });
    const exits = [];
    const visit = (n, loops, switches) => {
        switch (n.type) {
            case 'function_definition':
            case 'lambda_expression': return;
            case 'return_statement':
                exits.push(n);
                return;
            case 'break_statement':
                if (loops + switches === 0)
                    exits.push(n);
                return;
            case 'continue_statement':
                if (loops === 0)
                    exits.push(n);
                return;
            case 'goto_statement': {
                const l = (0, ast_1.child)(n, 'label');
                if (!l || !labels.has(text.slice(l.start, l.end)))
                    exits.push(n);
                return;
            }
        }
        const loop = ['for_statement', 'while_statement', 'do_statement', 'for_range_loop'].includes(n.type) ? 1 : 0;
        const sw = n.type === 'switch_statement' ? 1 : 0;
        for (const k of n.children)
            visit(k, loops + loop, switches + sw);
    };
    visit(body, 0, 0);
    return exits;
}
/** `meta_join;` in front of a return (or another exit); one that is the body of an if/else/loop gets braces. */
/**
 * Each iteration of a cilk_for syncs its spawns when it ends (it is the body of a spawned
 * function); a meta_for joins only when the whole loop ends, so an iteration's spawns could
 * outlive the variables of its body. `meta_join;` goes where a spawn may still be pending at
 * the body's end and at each `continue` of the loop.
 */
function joinIterations(stage, loop) {
    const body = loop.loop && (0, ast_1.child)(loop.loop, 'body');
    if (!body)
        return;
    const spawnAt = new Set(), joinAt = new Set(), innerLoops = new Set();
    const visit = (c) => {
        for (const k of c.children) {
            if (k.kind === 'spawn' && k.statement)
                spawnAt.add(k.statement.start);
            else if (k.kind === 'join' && k.statement)
                joinAt.add(k.statement.start);
            if (k.kind === 'parallel-for' && k.loop)
                innerLoops.add(k.loop.start);
            else
                visit(k);
        }
    };
    visit(loop);
    if (!spawnAt.size)
        return;
    const spawnsIn = (n) => [...spawnAt].some(at => n.start <= at && at < n.end);
    const continues = [];
    const LOOPS = ['for_statement', 'while_statement', 'do_statement', 'for_range_loop'];
    /** Whether a spawn may be pending after `n`, given `pending` before it; `own`: a continue
     * here is the cilk_for's (not an inner loop's). */
    const flow = (n, pending, own = true) => {
        if (innerLoops.has(n.start))
            return pending; // a cilk_for joins its own spawns
        if (spawnAt.has(n.start))
            return true;
        if (joinAt.has(n.start) && n.type === 'expression_statement')
            return false;
        switch (n.type) {
            case 'compound_statement': return (0, ast_1.named)(n).reduce((p, s) => flow(s, p, own), pending);
            case 'if_statement': {
                const alternative = (0, ast_1.child)(n, 'alternative');
                return (flow((0, ast_1.child)(n, 'consequence'), pending, own) || (alternative ? flow(alternative, pending, own) : pending));
            }
            case 'else_clause': return (0, ast_1.named)(n).reduce((p, s) => flow(s, p, own), pending);
            case 'continue_statement':
                if (pending && own)
                    continues.push(n);
                return pending;
            case 'for_statement':
            case 'while_statement':
            case 'do_statement':
            case 'for_range_loop': {
                // An inner loop: its continues are its own; a break could leave it with a spawn pending.
                const inner = (0, ast_1.child)(n, 'body');
                if (!inner || !spawnsIn(n))
                    return pending;
                let breaks = false;
                (0, ast_1.walk)(inner, x => {
                    if (x.type === 'break_statement')
                        breaks = true;
                    return !breaks && !LOOPS.includes(x.type) && x.type !== 'switch_statement';
                });
                if (breaks)
                    return true;
                const once = flow(inner, pending, false);
                return pending || flow(inner, pending || once, false);
            }
            default:
                // Anything else (a switch, a labeled statement): its continues are the loop's.
                if (own && (pending || spawnsIn(n)))
                    (0, ast_1.walk)(n, x => {
                        if (x.type === 'continue_statement')
                            continues.push(x);
                        return !LOOPS.includes(x.type);
                    });
                return pending || spawnsIn(n);
        }
    };
    const atEnd = flow(body, false);
    for (const n of continues)
        (0, common_1.joinBefore)(stage, n);
    if (!atEnd)
        return;
    if (body.type === 'compound_statement') {
        stage.edit((0, edits_1.insert)(...(0, common_1.beforeClosingBrace)(stage, body, common_1.JOIN)));
        return;
    }
    // A body that is a spawn starts (in the text) at its keyword.
    const open = Math.min(body.start, ...loop.children.filter(k => k.statement === body).map(k => k.start));
    stage.edit((0, edits_1.insert)(open, '{ '));
    stage.edit((0, edits_1.insert)(body.end, ` ${common_1.JOIN} }`));
}
//# sourceMappingURL=cilkToMetafork.js.map