"use strict";
// The rules a meta_schedule body must follow for the CUDA generator (Xie 2016 §5.3,
// App. C.1): loop nests of 2 or 4 meta_for loops, canonical headers, affine serial
// loops, polynomial array indices, no other parallel constructs, no scalar results.
// One deliberate widening of the thesis: array indices may be polynomials (`a[i*B+j]`),
// not only linear expressions hidden behind a temporary — our generator analyses them.
Object.defineProperty(exports, "__esModule", { value: true });
exports.SYMBOLIC_STRUCTS = void 0;
exports.scheduleDiagnostics = scheduleDiagnostics;
const ast_1 = require("../syntax/ast");
const constructs_1 = require("../model/constructs");
const diagnostic_1 = require("../base/diagnostic");
const loops_1 = require("../model/loops");
const POLY_OPERATORS = new Set(['+', '-', '*']);
/** Built-in CUDA-like names used as symbolic sizes in the thesis's templates (Figure 4.2). */
exports.SYMBOLIC_STRUCTS = /^(gridDim|blockDim|blockIdx|threadIdx)$/;
/** Why an index expression is not a polynomial in integer variables, or undefined if it is. */
function nonPolynomial(e, text, affineOnly = false, isMacro = () => false) {
    const n = (0, ast_1.unparen)(e) ?? e;
    switch (n.type) {
        case 'identifier':
        case 'number_literal':
            return n.type === 'number_literal' &&
                /[.eEpP]/.test(text.slice(n.start, n.end)) &&
                !/^0[xX]/.test(text.slice(n.start, n.end))
                ? n
                : undefined;
        case 'unary_expression': {
            const op = text.slice(n.start, n.start + 1);
            return op === '-' || op === '+' ? nonPolynomial((0, ast_1.named)(n)[0], text, affineOnly, isMacro) : n;
        }
        case 'binary_expression': {
            const op = (0, loops_1.opOf)(n, text);
            const l = (0, ast_1.child)(n, 'left'), r = (0, ast_1.child)(n, 'right');
            // Division and remainder by a constant are quasi-affine (`n / 16`, `N/2` in the thesis).
            if ((op === '/' || op === '%') && isConstant(r, text, isMacro))
                return nonPolynomial(l, text, affineOnly, isMacro);
            if (!op || !POLY_OPERATORS.has(op))
                return n;
            if (affineOnly && op === '*' && !isConstant(l, text, isMacro) && !isConstant(r, text, isMacro))
                return n;
            return nonPolynomial(l, text, affineOnly, isMacro) ?? nonPolynomial(r, text, affineOnly, isMacro);
        }
        case 'field_expression': {
            const arg = (0, ast_1.child)(n, 'argument');
            return arg && exports.SYMBOLIC_STRUCTS.test(text.slice(arg.start, arg.end)) ? undefined : n;
        }
        case 'cast_expression':
            return nonPolynomial((0, ast_1.child)(n, 'value'), text, affineOnly, isMacro);
        default:
            return n;
    }
}
/** A constant: literals, and names declared nowhere in the file (macros such as BLOCK). */
function isConstant(e, text, isMacro) {
    const n = (0, ast_1.unparen)(e) ?? e;
    if (n.type === 'number_literal')
        return true;
    if (n.type === 'identifier')
        return isMacro(text.slice(n.start, n.end));
    if (n.type === 'unary_expression' || n.type === 'binary_expression')
        return (0, ast_1.named)(n).every(c => isConstant(c, text, isMacro));
    return false;
}
const ALLOWED_HOST = new Set(['for_statement', 'compound_statement', 'comment']);
function scheduleDiagnostics(model) {
    const out = [];
    const schedules = model.constructs.filter(c => c.kind === 'schedule' && c.region);
    if (schedules.length === 0)
        return out;
    const parallel = new Set(model.constructs.filter(c => c.kind === 'parallel-for' && c.dialect === 'metafork' && c.loop).map(c => c.loop));
    const declared = new Set(model.scopes.variables.map(v => v.name));
    const isMacro = (name) => !declared.has(name) && !model.fileScope.variables.has(name);
    for (const schedule of schedules) {
        checkHost({ model, schedule, parallel, isMacro, out }, schedule.region);
        for (const c of model.constructs) {
            if (c === schedule || c.start < schedule.start || c.end > schedule.end)
                continue;
            if (c.kind === 'parallel-for' && c.dialect === 'metafork')
                continue;
            out.push((0, diagnostic_1.diagnostic)('MF507', c.head, `'${(0, constructs_1.constructLabel)(c)}' is not allowed inside 'meta_schedule': a schedule holds only loop nests that become CUDA kernels`));
        }
    }
    return out;
}
/** Host level of a schedule: compound statements and serial loops around meta_for nests. */
function checkHost(pass, stmt) {
    const { model, schedule, parallel, out } = pass;
    if (stmt.type === 'compound_statement') {
        for (const c of (0, ast_1.named)(stmt))
            checkHost(pass, c);
        return;
    }
    if (!ALLOWED_HOST.has(stmt.type)) {
        // Statements of other constructs (a masked `meta_fork g();`, a pragma) are reported as MF507.
        if (stmt.type === 'preproc_call' ||
            model.constructs.some(c => c !== schedule && c.kind !== 'parallel-for' && c.start <= stmt.start && stmt.end <= c.end))
            return;
        const what = stmt.type.replace(/_/g, ' ');
        out.push((0, diagnostic_1.diagnostic)('MF501', stmt, `'meta_schedule' body: only loop nests are allowed here (rule: a schedule is a sequence of for-loop nests); this is ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}`));
        return;
    }
    if (stmt.type !== 'for_statement')
        return;
    if (!parallel.has(stmt)) {
        checkSerialLoop(pass, stmt);
        const body = (0, ast_1.child)(stmt, 'body');
        if (body)
            checkHost(pass, body);
        return;
    }
    checkNest(pass, stmt);
}
function checkSerialLoop({ model, isMacro, out }, loop) {
    const text = model.text;
    const { header, problem } = (0, loops_1.canonicalHeader)(loop, text);
    if (problem) {
        out.push((0, diagnostic_1.diagnostic)('MF505', problem.node, `serial loop in 'meta_schedule': ${problem.message}`));
        return;
    }
    const h = header;
    const bad = nonPolynomial(h.lower, text, true, isMacro) ?? nonPolynomial(h.bound, text, true, isMacro);
    if (bad)
        out.push((0, diagnostic_1.diagnostic)('MF505', bad, `serial loop in 'meta_schedule': its bounds must be affine (rule: lower and upper bounds are linear expressions)`));
    else if (!/^\d+$/.test(h.step.text.trim()))
        out.push((0, diagnostic_1.diagnostic)('MF505', h.update, `serial loop in 'meta_schedule': its step must be a constant (rule: increment by a constant)`));
}
function checkNest(pass, outer) {
    const { model, parallel, out } = pass;
    const text = model.text;
    const nest = (0, loops_1.nestSpine)(outer, parallel);
    const metaFors = nest.spine.filter(s => s.parallel);
    const kw = (loop) => ({ start: loop.start, end: loop.start + 8 });
    if (metaFors.length !== 2 && metaFors.length !== 4) {
        out.push((0, diagnostic_1.diagnostic)('MF502', kw(outer), `this loop nest has ${metaFors.length} meta_for loop${metaFors.length === 1 ? '' : 's'}: a kernel needs 2 (1-D grid and block) or 4 (2-D grid and block) nested meta_for loops`, { count: metaFors.length }));
    }
    else if (metaFors.length === 4) {
        const idx = nest.spine.map((s, i) => (s.parallel ? i : -1)).filter(i => i >= 0);
        if (idx[1] !== idx[0] + 1 || idx[3] !== idx[2] + 1) {
            const at = idx[1] !== idx[0] + 1 ? nest.spine[idx[1]].loop : nest.spine[idx[3]].loop;
            out.push((0, diagnostic_1.diagnostic)('MF503', kw(at), `in a 2-D kernel the two grid meta_for loops and the two block meta_for loops must each be immediately nested (rule: App. C.1)`));
        }
    }
    for (const { loop } of metaFors) {
        const { header, problem } = (0, loops_1.canonicalHeader)(loop, text);
        const bad = problem ? problem.node
            : text.slice(header.lower.start, header.lower.end).trim() !== '0' ? header.lower
                : header.operator !== '<' ? header.condition
                    : header.step.text.trim() !== '1' || header.step.negative ? header.update : undefined;
        if (bad)
            out.push((0, diagnostic_1.diagnostic)('MF504', bad, `meta_for in 'meta_schedule' must read 'meta_for (int v = 0; v < bound; v++)' (rule: start at 0, compare with '<', step by 1)`));
    }
    // Serial loops, on the spine or in the kernel body, follow the serial-loop rule; a meta_for
    // off the spine (beside other statements in a kernel body) is not part of the nest.
    const spineLoops = new Set(nest.spine.map(s => s.loop));
    (0, ast_1.walk)(outer, n => {
        if (n.type !== 'for_statement')
            return true;
        if (!parallel.has(n)) {
            checkSerialLoop(pass, n);
            return true;
        }
        if (spineLoops.has(n))
            return true;
        out.push((0, diagnostic_1.diagnostic)('MF502', kw(n), `a meta_for inside a kernel body is not part of the grid/block nest: a kernel needs 2 or 4 meta_for loops nested one directly in another`));
        return false;
    });
    checkKernelBody(pass, outer);
}
function checkKernelBody({ model, schedule, out }, outer) {
    const text = model.text;
    (0, ast_1.walk)(outer, n => {
        if (n.type === 'subscript_expression') {
            const index = (0, ast_1.child)(n, 'index') ?? (0, ast_1.named)(n).find(c => c.field !== 'argument');
            const bad = index && nonPolynomial(index, text);
            if (bad) {
                out.push((0, diagnostic_1.diagnostic)('MF506', index, `array index '${text.slice(index.start, index.end)}' is not a polynomial in loop indices and parameters (rule: indices use +, - and * of integer variables and constants)`));
                return false;
            }
        }
        return true;
    });
    for (const r of model.scopes.references) {
        if (r.span.start < outer.start || r.span.end > outer.end || !r.variable)
            continue;
        if (r.access === 'read' || r.through === 'subscript' || r.through === 'deref')
            continue;
        const v = r.variable;
        if (v.shape !== 'value' || (v.span.start >= schedule.start && v.span.end <= schedule.end))
            continue;
        out.push((0, diagnostic_1.diagnostic)('MF508', r.span, `'${v.name}' is declared outside the 'meta_schedule' and written by a kernel: a kernel can only return results through arrays`, { variable: v.name }));
    }
}
//# sourceMappingURL=schedule.js.map