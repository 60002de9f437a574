"use strict";
// The statement of an `atomic` construct read as one of OpenMP 5.2 §15.8.4's forms (read, write,
// update, capture, compare), normalised to a location `x`, an operator and its operand: what
// translate/synchronise writes as `__atomic` builtins.
Object.defineProperty(exports, "__esModule", { value: true });
exports.updateForm = updateForm;
exports.atomicForm = atomicForm;
const ast_1 = require("../syntax/ast");
/** Expressions that designate a location (C11 6.3.2.1's lvalues, as atomic statements write them). */
const LOCATIONS = new Set(['identifier', 'subscript_expression', 'field_expression', 'pointer_expression']);
const UPDATE_OPS = new Set(['+', '*', '-', '/', '&', '^', '|', '<<', '>>', '&&', '||']);
class Reader {
    text;
    constructor(text) {
        this.text = text;
    }
    src(n) {
        return this.text.slice(n.start, n.end);
    }
    same(a, b) {
        return !!a && !!b && this.src(a).replace(/\s+/g, '') === this.src(b).replace(/\s+/g, '');
    }
    operator(n) {
        const l = (0, ast_1.child)(n, 'left') ?? (0, ast_1.child)(n, 'argument');
        const r = (0, ast_1.child)(n, 'right');
        if (n.type === 'update_expression')
            return this.src(n).replace(this.src(l), '').trim();
        return this.text.slice(l.end, r.start).trim();
    }
    unparen(n) {
        while (n?.type === 'parenthesized_expression')
            n = (0, ast_1.named)(n)[0];
        return n;
    }
    /** An expression statement, or its expression. */
    expression(s) {
        if (s.type !== 'expression_statement')
            return undefined;
        return (0, ast_1.named)(s).filter(k => k.type !== 'comment')[0];
    }
    /** `x++`, `x op= e`, `x = x op e`, `x = e op x` (and the decrements) as an update of x. */
    update(n) {
        n = this.unparen(n);
        if (!n)
            return undefined;
        if (n.type === 'update_expression') {
            const x = (0, ast_1.child)(n, 'argument');
            const op = this.operator(n) === '++' ? '+' : '-';
            return { x, kind: 'update', op, e: '1', after: this.src(n).trim().startsWith(op) };
        }
        if (n.type !== 'assignment_expression')
            return undefined;
        const x = (0, ast_1.child)(n, 'left');
        const right = (0, ast_1.child)(n, 'right');
        const op = this.operator(n);
        if (op !== '=' && UPDATE_OPS.has(op.slice(0, -1)))
            return { x, kind: 'update', op: op.slice(0, -1), e: this.src(right), after: true };
        const r = this.unparen(right);
        if (op !== '=' || r?.type !== 'binary_expression')
            return undefined;
        const bop = this.operator(r);
        if (!UPDATE_OPS.has(bop))
            return undefined;
        const [a, b] = [(0, ast_1.child)(r, 'left'), (0, ast_1.child)(r, 'right')];
        if (this.same(a, x))
            return { x, kind: 'update', op: bop, e: this.src(b), after: true };
        if (this.same(b, x))
            return { x, kind: 'update', op: bop, e: this.src(a), reversed: true, after: true };
        return undefined;
    }
    /** `x = x cmp e ? e : x`, `x = e cmp x ? e : x`, `x = x == e ? d : x`, and the same as `if`. */
    compare(n) {
        n = this.unparen(n);
        if (!n)
            return undefined;
        let cond, x, d;
        if (n.type === 'if_statement') {
            if ((0, ast_1.child)(n, 'alternative'))
                return undefined;
            let then = (0, ast_1.child)(n, 'consequence');
            if (then?.type === 'compound_statement') {
                const inner = (0, ast_1.named)(then).filter(k => k.type !== 'comment');
                then = inner.length === 1 ? inner[0] : undefined;
            }
            const a = this.unparen(then && this.expression(then));
            if (a?.type !== 'assignment_expression' || this.operator(a) !== '=')
                return undefined;
            cond = this.unparen((0, ast_1.child)(n, 'condition'));
            x = (0, ast_1.child)(a, 'left');
            d = (0, ast_1.child)(a, 'right');
        }
        else if (n.type === 'assignment_expression' && this.operator(n) === '=') {
            const r = this.unparen((0, ast_1.child)(n, 'right'));
            if (r?.type !== 'conditional_expression' || !this.same((0, ast_1.child)(r, 'alternative'), (0, ast_1.child)(n, 'left')))
                return undefined;
            cond = this.unparen((0, ast_1.child)(r, 'condition'));
            x = (0, ast_1.child)(n, 'left');
            d = (0, ast_1.child)(r, 'consequence');
        }
        if (!cond || !x || !d || cond.type !== 'binary_expression')
            return undefined;
        const op = this.operator(cond);
        const [a, b] = [(0, ast_1.child)(cond, 'left'), (0, ast_1.child)(cond, 'right')];
        const flip = { '<': '>', '>': '<', '==': '==' };
        let cmp, e;
        if (this.same(a, x) && flip[op])
            (cmp = op), (e = b);
        else if (this.same(b, x) && flip[op])
            (cmp = flip[op]), (e = a);
        // An ordering compare assigns the value it compares with (a minimum or a maximum).
        if (!cmp || !e || (cmp !== '==' && !this.same(e, d)))
            return undefined;
        return { x, kind: 'compare', cmp, e: this.src(e), d: this.src(d) };
    }
    /** `v = <update>` (capture in one statement). */
    capture(n) {
        n = this.unparen(n);
        if (n?.type !== 'assignment_expression' || this.operator(n) !== '=')
            return undefined;
        const u = this.update((0, ast_1.child)(n, 'right'));
        return u && { ...u, v: (0, ast_1.child)(n, 'left') };
    }
    /** `v = e`: the assignment's sides (a read when e is a location, a write of v otherwise). */
    assignment(n) {
        n = this.unparen(n);
        if (n?.type !== 'assignment_expression' || this.operator(n) !== '=')
            return undefined;
        return { v: (0, ast_1.child)(n, 'left'), x: this.unparen((0, ast_1.child)(n, 'right')) };
    }
    /** `v = x` where x is a location. */
    read(n) {
        const a = this.assignment(n);
        return a && LOCATIONS.has(a.x.type) ? a : undefined;
    }
}
/** An expression statement read as an update of a location (`x++`, `x op= e`, `x = x op e`). */
function updateForm(text, statement) {
    const r = new Reader(text);
    return r.update(r.expression(statement));
}
/** The atomic statement read as one of the forms its clauses allow, or undefined. */
function atomicForm(text, c, statement) {
    const r = new Reader(text);
    const has = (name) => c.clauses.some(cl => cl.name === name);
    const expr = r.expression(statement);
    if (has('read')) {
        const rd = r.read(expr);
        return rd && { kind: 'read', x: rd.x, v: rd.v };
    }
    if (has('write')) {
        const w = r.assignment(expr);
        return w && { kind: 'write', x: w.v, e: r.src(w.x) };
    }
    const compare = has('compare');
    if (!has('capture'))
        return compare ? (r.compare(expr ?? statement)) : r.update(expr);
    // capture: `v = x++`, or a block of a read of x and an update (or write, or compare) of x.
    if (expr)
        return compare ? undefined : r.capture(expr);
    if (statement.type !== 'compound_statement')
        return undefined;
    const parts = (0, ast_1.named)(statement).filter(k => k.type !== 'comment');
    if (parts.length !== 2)
        return undefined;
    const change = (s) => {
        const e = r.expression(s);
        const u = compare ? r.compare(e ?? s) : r.update(e);
        if (u)
            return u;
        const w = compare ? undefined : r.assignment(e);
        return w && { kind: 'write', x: w.v, e: r.src(w.x) };
    };
    for (const [first, second, after] of [[parts[0], parts[1], false], [parts[1], parts[0], true]]) {
        const rd = r.read(r.expression(first));
        const u = change(second);
        if (rd && u && r.same(rd.x, u.x) && !r.same(rd.v, u.x))
            return { ...u, v: rd.v, after };
    }
    return undefined;
}
//# sourceMappingURL=atomicForms.js.map