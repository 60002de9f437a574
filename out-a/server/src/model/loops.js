"use strict";
// Loops as the model sees them: the canonical form of a for header (OpenMP 4.5 §2.6; the
// thesis's meta_for, cilk_for), and the spine of a loop nest (a schedule's kernel, a tiled nest).
Object.defineProperty(exports, "__esModule", { value: true });
exports.canonicalHeader = canonicalHeader;
exports.loopRange = loopRange;
exports.countsFromZero = countsFromZero;
exports.rangeOf = rangeOf;
exports.opOf = opOf;
exports.nestSpine = nestSpine;
const ast_1 = require("../syntax/ast");
const expression_1 = require("../symbolic/expression");
const poly_1 = require("../symbolic/poly");
const scopes_1 = require("./scopes");
const RELATIONS = new Set(['<', '<=', '>', '>=', '!=']);
const FLIPPED = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '!=': '!=' };
const FLOAT_TYPES = /\b(float|double|long double|_Complex)\b/;
const textOf = (text, n) => text.slice(n.start, n.end);
/** Parses a for statement's header in canonical form, or explains what is not. */
function canonicalHeader(loop, text) {
    const init = (0, ast_1.child)(loop, 'initializer');
    const cond = (0, ast_1.child)(loop, 'condition');
    const update = (0, ast_1.child)(loop, 'update');
    // A missing part is reported on the header `for (...)`, not on the whole loop.
    const body = (0, ast_1.child)(loop, 'body');
    let headerEnd = body ? body.start : loop.end;
    while (headerEnd > loop.start && /\s/.test(text[headerEnd - 1]))
        headerEnd--;
    const headerNode = { start: loop.start, end: headerEnd };
    let variable;
    let lower;
    if (init?.type === 'declaration') {
        const declarators = init.children.filter(c => c.field === 'declarator');
        const d = declarators[0];
        const info = d && (0, scopes_1.declaratorInfo)(d);
        if (declarators.length === 1 && d.type === 'init_declarator' && info) {
            variable = textOf(text, info.id);
            lower = (0, ast_1.child)(d, 'value');
            const type = (0, ast_1.child)(init, 'type');
            if (info.shape === 'value' && type && FLOAT_TYPES.test(textOf(text, type))) {
                return {
                    problem: {
                        code: 'MF304',
                        node: type,
                        message: `the control variable '${variable}' has type '${textOf(text, type)}': it must be an integer or a pointer`,
                    },
                };
            }
        }
    }
    else if (init) {
        const e = (0, ast_1.unparen)(init.type === 'comma_expression' ? undefined : init);
        if (e?.type === 'assignment_expression' &&
            (0, ast_1.unparen)((0, ast_1.child)(e, 'left'))?.type === 'identifier' &&
            opOf(e, text) === '=') {
            variable = textOf(text, (0, ast_1.unparen)((0, ast_1.child)(e, 'left')));
            lower = (0, ast_1.child)(e, 'right');
        }
    }
    if (!variable || !lower || !init) {
        return {
            problem: {
                code: 'MF301',
                node: init ?? headerNode,
                message: "the loop initialization must give its control variable a start value, e.g. 'int i = 0'",
            },
        };
    }
    const c = (0, ast_1.unparen)(cond);
    const op = c?.type === 'binary_expression' ? opOf(c, text) : undefined;
    const left = c && (0, ast_1.unparen)((0, ast_1.child)(c, 'left'));
    const right = c && (0, ast_1.unparen)((0, ast_1.child)(c, 'right'));
    const isVar = (n) => n?.type === 'identifier' && textOf(text, n) === variable;
    if (!c || !op || !RELATIONS.has(op) || !(isVar(left) || isVar(right))) {
        return {
            problem: {
                code: 'MF302',
                node: cond ?? headerNode,
                message: `the loop condition must compare '${variable}' with '<', '<=', '>', '>=' or '!=', e.g. '${variable} < n'`,
            },
        };
    }
    const bound = isVar(left) ? right : left;
    const u = (0, ast_1.unparen)(update);
    let step;
    if (u?.type === 'update_expression' && isVar((0, ast_1.unparen)((0, ast_1.named)(u)[0]))) {
        step = { negative: textOf(text, u).includes('--') };
    }
    else if (u?.type === 'assignment_expression' && isVar((0, ast_1.unparen)((0, ast_1.child)(u, 'left')))) {
        const aop = opOf(u, text);
        const rhs = (0, ast_1.child)(u, 'right');
        if (aop === '+=' || aop === '-=')
            step = { by: rhs, negative: aop === '-=' };
        else if (aop === '=') {
            const r = (0, ast_1.unparen)(rhs);
            const rop = r?.type === 'binary_expression' ? opOf(r, text) : undefined;
            const rl = r && (0, ast_1.unparen)((0, ast_1.child)(r, 'left'));
            const rr = r && (0, ast_1.unparen)((0, ast_1.child)(r, 'right'));
            if (r && ((rop === '+' && (isVar(rl) || isVar(rr))) || (rop === '-' && isVar(rl)))) {
                step = { by: isVar(rl) ? rr : rl, negative: rop === '-' };
            }
        }
    }
    if (!step || !update) {
        return {
            problem: {
                code: 'MF303',
                node: update ?? headerNode,
                message: `the loop increment must be '${variable}++', '${variable}--', '${variable} += e', '${variable} -= e' or '${variable} = ${variable} + e'`,
            },
        };
    }
    const magnitude = step.by ? integerConstant(step.by, text) : 1n;
    const value = magnitude === undefined ? undefined : step.negative ? -magnitude : magnitude;
    const operator = op;
    return {
        header: {
            variable,
            init,
            lower,
            condition: cond,
            operator,
            relation: isVar(left) ? operator : FLIPPED[operator],
            bound,
            variableOnLeft: isVar(left),
            update,
            step: {
                text: step.by ? textOf(text, step.by) : '1',
                negative: step.negative,
                ...(value === undefined ? {} : { value }),
            },
        },
    };
}
/** The value of an integer constant expression (`4`, `(2)`, `2 * 8`, `1u`); names are not read. */
function integerConstant(e, text) {
    const r = (0, expression_1.polynomialOf)(e, text, { identifier: () => undefined });
    return 'poly' in r ? r.poly.integer : undefined;
}
/**
 * The range of a canonical loop: every relation (`<`, `<=`, `>`, `>=`, `!=`, the variable on either
 * side), every step (`++`, `--`, `+=`, `-=`, `x = x + e`, negative constants) whose value is an
 * integer constant moving towards the bound. `!=` is read as `<` going up and `>` going down: the
 * loop must reach its bound (OpenMP 5.0 §2.9.1 requires a step of 1 with it; callers that cannot
 * take that on trust test `header.relation`).
 */
function loopRange(h, read) {
    const by = h.step.value;
    if (by === undefined || by === 0n) {
        return { at: h.update, why: `the step of '${h.variable}' is not a nonzero integer constant` };
    }
    // Both read whatever the outcome: a reader may note the names it meets.
    const first = read(h.lower), bound = read(h.bound);
    const direction = by > 0n ? 1 : -1;
    const up = h.relation === '<' || h.relation === '<=' || (h.relation === '!=' && direction === 1);
    const down = h.relation === '>' || h.relation === '>=' || (h.relation === '!=' && direction === -1);
    if (direction === 1 ? !up : !down) {
        return { at: h.condition, why: `the step of '${h.variable}' moves away from its bound` };
    }
    if (!first)
        return { at: h.lower, why: `the start value of '${h.variable}' is not read` };
    if (!bound)
        return { at: h.bound, why: `the bound of '${h.variable}' is not read` };
    // The last value the bound lets through: the bound itself for `<=` and `>=`, one short of it otherwise.
    const inclusive = h.relation === '<=' || h.relation === '>=';
    const last = inclusive ? bound : bound.sub(poly_1.Poly.constant(direction));
    const [lo, hi] = direction === 1 ? [first, last] : [last, first];
    const step = direction === 1 ? by : -by;
    const trips = hi.sub(lo).add(poly_1.Poly.constant(1)).scale((0, poly_1.rational)(1n, step));
    return { header: h, direction, step, first, lo, hi, trips };
}
/** `for (v = 0; v < U; v++)`, however 0, the step 1 and the comparison are spelled (`U > v`): the
 * loop runs v = 0, 1, ..., U - 1 in order whatever U is, without reading U. */
function countsFromZero(h, text) {
    return h.relation === '<' && h.step.value === 1n && integerConstant(h.lower, text) === 0n;
}
/** The range, or undefined with the reason dropped (for callers that refuse any loop without one). */
function rangeOf(h, read) {
    const r = h && loopRange(h, read);
    return r && 'lo' in r ? r : undefined;
}
function opOf(n, text) {
    const op = n.children.find(c => c.field === 'operator');
    return op ? textOf(text, op) : undefined;
}
/** The single loop statement a loop body consists of, if any (declarations around it allowed). */
function onlyLoopIn(body) {
    if (!body)
        return undefined;
    if (body.type === 'for_statement')
        return body;
    if (body.type !== 'compound_statement')
        return undefined;
    const stmts = (0, ast_1.named)(body).filter(c => c.type !== 'comment');
    const loops = stmts.filter(c => c.type === 'for_statement');
    return loops.length === 1 && stmts.every(s => s === loops[0] || s.type === 'declaration') ? loops[0] : undefined;
}
function nestSpine(outer, parallel) {
    const spine = [];
    for (let loop = outer; loop; loop = onlyLoopIn((0, ast_1.child)(loop, 'body'))) {
        spine.push({ loop, parallel: parallel.has(loop) });
    }
    // Serial loops after the last meta_for belong to the kernel body, not to the nest.
    while (spine.length && !spine[spine.length - 1].parallel)
        spine.pop();
    return { outer, spine };
}
//# sourceMappingURL=loops.js.map