"use strict";
// A `meta_schedule` read as kernels (Xie 2016 §5.3, App. C.1): every meta_for nest of 2 or 4
// loops is one kernel, its grid loops mapped to blocks (the first of two to blockIdx.y), its
// block loops to threads, serial loops between them kept inside the kernel, and the arrays
// and scalars it uses becoming kernel arguments. The schedule's rules themselves are checked
// by checks/schedule.ts; this module only reads a schedule that passed them.
Object.defineProperty(exports, "__esModule", { value: true });
exports.receiveBoxNames = receiveBoxNames;
exports.scheduleKernels = scheduleKernels;
exports.accessEdits = accessEdits;
const ast_1 = require("../syntax/ast");
const expression_1 = require("../symbolic/expression");
const span_1 = require("../base/span");
const scopes_1 = require("../model/scopes");
const loops_1 = require("../model/loops");
const diagnostic_1 = require("../base/diagnostic");
const edits_1 = require("../base/edits");
const layout_1 = require("../base/layout");
const declarations_1 = require("../model/declarations");
const footprint_1 = require("./footprint");
/** The type of an array's or pointer's elements on the device, without qualifiers. */
function elementType(v, text) {
    return (0, declarations_1.typeSpecifiers)(v, text).replace(/\b(const|volatile|static|restrict|__restrict__)\b\s*/g, '').trim();
}
/** The element type and extents of an array variable, from its declarator (`at`: the declarator). */
function arrayShape(v, text) {
    const declarators = v.declaration.type === 'parameter_declaration'
        ? [(0, ast_1.child)(v.declaration, 'declarator')]
        : v.declaration.children.filter(c => c.field === 'declarator');
    for (let d of declarators) {
        if (!d)
            continue;
        if (d.type === 'init_declarator')
            d = (0, ast_1.child)(d, 'declarator');
        const extents = [];
        let n = d;
        while (n && n.type === 'array_declarator') {
            const size = (0, ast_1.child)(n, 'size');
            extents.unshift(size ? text.slice(size.start, size.end).trim() : undefined);
            n = (0, ast_1.child)(n, 'declarator');
        }
        // A pointer to rows (`int (*a)[M]`, from malloc): the rows are counted from the schedule's
        // footprint (an empty first extent until then), the row length is written.
        const pointee = n?.type === 'parenthesized_declarator' ? (0, ast_1.named)(n)[0] : undefined;
        if (pointee?.type === 'pointer_declarator' && extents.length && !extents.some(e => e === undefined)) {
            const id = (0, ast_1.child)(pointee, 'declarator');
            if (id?.type === 'identifier' && text.slice(id.start, id.end) === v.name)
                return { element: elementType(v, text), extents: ['', ...extents] };
        }
        if (!n || n.type !== 'identifier' || text.slice(n.start, n.end) !== v.name)
            continue;
        if (extents.length === 0 || extents.some(e => e === undefined))
            return undefined;
        return { element: elementType(v, text), extents: extents };
    }
    return undefined;
}
/** Names a kernel has without receiving them: CUDA's built-in variables, and constants of the
 * standard headers (which the .cu includes as the program does). */
const DEVICE_NAMES = new Set([
    'threadIdx', 'blockIdx', 'blockDim', 'gridDim', 'warpSize', 'NULL', 'EOF', 'RAND_MAX', 'CHAR_BIT', 'CHAR_MAX',
    'CHAR_MIN', 'SCHAR_MAX', 'SCHAR_MIN', 'UCHAR_MAX', 'SHRT_MAX', 'SHRT_MIN', 'USHRT_MAX', 'INT_MAX', 'INT_MIN',
    'UINT_MAX', 'LONG_MAX', 'LONG_MIN', 'ULONG_MAX', 'LLONG_MAX', 'LLONG_MIN', 'ULLONG_MAX', 'SIZE_MAX', 'INT8_MAX',
    'INT8_MIN', 'INT16_MAX', 'INT16_MIN', 'INT32_MAX', 'INT32_MIN', 'INT64_MAX', 'INT64_MIN', 'UINT8_MAX', 'UINT16_MAX',
    'UINT32_MAX', 'UINT64_MAX', 'FLT_MAX', 'FLT_MIN', 'FLT_EPSILON', 'DBL_MAX', 'DBL_MIN', 'DBL_EPSILON', 'HUGE_VAL',
    'HUGE_VALF', 'INFINITY', 'NAN', 'M_E', 'M_LOG2E', 'M_LOG10E', 'M_LN2', 'M_LN10', 'M_PI', 'M_PI_2', 'M_PI_4', 'M_1_PI',
    'M_2_PI', 'M_2_SQRTPI', 'M_SQRT2', 'M_SQRT1_2',
]);
/**
 * Functions device code has without this file defining them: CUDA's device versions of <math.h>
 * (double and float), integer min/max/abs, printf/malloc/memcpy, atomics, barriers and fences.
 * A kernel may call these and the functions this file defines (they get `__host__ __device__`);
 * any other function has no device version, and nvcc would reject the .cu.
 */
const MATH = [
    'sqrt', 'cbrt', 'rsqrt', 'hypot', 'exp', 'exp2', 'exp10', 'expm1', 'log', 'log2', 'log10', 'log1p', 'logb', 'ilogb',
    'pow', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh',
    'sincos', 'sinpi', 'cospi', 'ceil', 'floor', 'round', 'trunc', 'rint', 'nearbyint', 'lround', 'llround', 'lrint',
    'llrint', 'fabs', 'fmod', 'remainder', 'remquo', 'fmin', 'fmax', 'fdim', 'fma', 'copysign', 'erf', 'erfc', 'tgamma',
    'lgamma', 'frexp', 'ldexp', 'modf', 'scalbn', 'scalbln', 'nextafter',
];
const DEVICE_FUNCTIONS = new Set([
    ...MATH,
    ...MATH.map(f => `${f}f`),
    'isnan', 'isinf', 'isfinite', 'signbit', 'min', 'max', 'umin', 'umax', 'llmin', 'llmax', 'abs', 'labs', 'llabs',
    'printf', 'malloc', 'free', 'memcpy', 'memset', 'assert', 'atomicAdd', 'atomicSub', 'atomicExch', 'atomicMin',
    'atomicMax', 'atomicInc', 'atomicDec', 'atomicCAS', 'atomicAnd', 'atomicOr', 'atomicXor', '__syncthreads',
    '__syncthreads_count', '__syncthreads_and', '__syncthreads_or', '__syncwarp', '__threadfence', '__threadfence_block',
    '__threadfence_system', '__shfl_sync', '__shfl_up_sync', '__shfl_down_sync', '__shfl_xor_sync', '__ballot_sync',
    '__any_sync', '__all_sync', '__activemask', 'clock', 'clock64',
]);
/** Why a kernel cannot call `name`: only functions this file defines and the device's own have a device version. */
const CALLABLE = "a kernel can call only the functions this file defines (they get a __host__ __device__ version) and CUDA's device functions";
const NOT_VISIBLE = 'is declared nowhere in this file (in a header or behind a macro): the generator cannot tell what it is, and a kernel has only the variables it receives';
function resolver(model, kernel) {
    const received = new Set([...kernel.scalars.map(s => s.name), ...kernel.arrays.map(a => a.name)]);
    const file = model.fileScope;
    const visible = (name, at) => model.scopes.variables
        .filter(v => v.name === name && v.span.start < at.start && (0, span_1.within)(at, v.scope))
        .sort((a, b) => b.span.start - a.span.start)[0] ?? file.variables.get(name);
    // Macros are read expanded: what is left of them are constants (`#define N 4000`), which the .cu
    // defines as the file does.
    const why = (name) => DEVICE_NAMES.has(name) || file.constants.has(name) || file.macroConstants.has(name) ||
        file.functions.has(name) || file.typedefs.has(name)
        ? undefined
        : `'${name}' ${NOT_VISIBLE}`;
    return { received, visible, why };
}
/** An array reference that hands its storage to other code (`f(a)`, `&a[i]`, `a + i`): what it
 * reaches may be written there, so the array is copied back as if the kernel wrote it. */
function handedOut(r, text) {
    return !r.through || (0, ast_1.elementAddressTaken)(r.node, text);
}
const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement']);
/** `v` may be written after `written` (a declaration naming it) and before `at` runs: between
 * them in the text, or anywhere after it inside a loop around `at` that does not hold `written`
 * (the next iteration's `at`). A write through its address (`scanf("%d", &n)`) counts. */
function changedSince(model, v, written, at) {
    const loops = [];
    for (let m = at.parent; m; m = m.parent)
        if (LOOPS.has(m.type) && !(0, span_1.within)(written, m))
            loops.push(m);
    return model.scopes.references.some(r => r.variable === v &&
        (0, scopes_1.changesVariable)(r) &&
        r.span.start >= written.end &&
        (r.span.start < at.start || loops.some(l => (0, span_1.within)(r.span, l))));
}
/**
 * The kernel's free variables from what the printer writes besides its body: every host variable
 * a printed expression names becomes an argument (one the kernel does not use costs nothing).
 * Returns the check of the other names (constants, macros), run after the body's own names.
 */
function receivePrinted(model, kernel, r, printed, out) {
    const text = model.text, outer = kernel.nest;
    const refuse = (p, word, message) => {
        if (!out.some(d => d.code === 'MF513' && d.start === p.at.start && d.end === p.at.end))
            out.push((0, diagnostic_1.diagnostic)('MF513', p.at, message, { variable: word }));
    };
    const pending = [];
    for (const p of printed) {
        for (const word of (0, expression_1.expressionIdentifiers)(p.expression)) {
            // The kernel's own variables (its loop indices, in a tile's origin).
            if (model.scopes.variables.some(v => v.name === word && (0, span_1.within)(v.span, outer)))
                continue;
            const v = r.visible(word, outer);
            // Written elsewhere (an array's declaration), it must mean there what it means at the launch,
            // whether the kernel receives it already or not.
            const there = v && p.written && r.visible(word, p.written);
            if (there && there !== v) {
                refuse(p, word, `'${word}' in ${p.what} denotes another variable where the schedule runs: the generator cannot print it in the kernel`);
                continue;
            }
            if (v && p.written && changedSince(model, v, p.written, outer)) {
                refuse(p, word, `'${word}' in ${p.what} may change between the declaration and the schedule: its value there is not the array's size`);
                continue;
            }
            if (r.received.has(word))
                continue;
            if (!v) {
                pending.push({ word, p });
                continue;
            }
            if (v.shape !== 'value') {
                refuse(p, word, `'${word}' in ${p.what} is not a scalar: the generator cannot pass it to the kernel`);
                continue;
            }
            r.received.add(word);
            kernel.scalars.push({
                variable: v,
                name: v.name,
                declaration: (0, declarations_1.declarationFor)(v, text, v.name).replace(/^\s*const\s+/, ''),
            });
        }
    }
    return () => {
        for (const { word, p } of pending) {
            // Refused already at its use in the body (or by another kernel printing it).
            if (out.some(d => d.code === 'MF513' && d.data?.variable === word))
                continue;
            const reason = r.why(word);
            if (reason)
                refuse(p, word, `in ${p.what}: ${reason}`);
        }
    };
}
/** Every variable the printed tile code names is an argument of its kernel, or the kernel is
 * refused (MF513): its tiles' origins, extents, row strides and branch conditions. */
function receiveBoxNames(model, kernel, boxes, out) {
    const printed = boxes.flatMap(t => {
        const what = `the shared-memory tile of '${t.array.name}'`, at = t.refs[0] ?? kernel.nest;
        return [...t.origin, ...t.extent]
            .map(e => e.toC())
            .concat(t.stride ?? [], t.context.map(b => b.condition))
            .map(expression => ({ expression, what, at }));
    });
    receivePrinted(model, kernel, resolver(model, kernel), printed, out)();
}
/**
 * Every name a kernel uses must be one it has: a variable it receives or declares, a function, a
 * constant (an enumerator, a macro whose expansion names only such things, a built-in). A name
 * declared nowhere (`total_out = s;`) would not compile: refused at its first use (MF513), an
 * array declared nowhere (`g[i]`, `extern` in a header) as one whose size is unknown (MF509).
 * The variables the extents of its arrays name are arguments too (see receivePrinted).
 */
function resolveNames(model, kernel, out) {
    const outer = kernel.nest;
    const r = resolver(model, kernel);
    const extents = kernel.arrays.flatMap(use => use.extents.map((expression, d) => ({
        expression,
        what: `the extent of '${use.name}'`,
        at: use.variable.span,
        ...(d === 0 && use.counted ? {} : { written: use.variable.declaration }),
    })));
    const rest = receivePrinted(model, kernel, r, extents, out);
    const reported = new Set();
    for (const ref of model.scopes.references) {
        if (ref.variable || !(0, span_1.within)(ref.span, outer) || reported.has(ref.name))
            continue;
        if (ref.through === 'subscript' || ref.through === 'deref') {
            reported.add(ref.name);
            out.push((0, diagnostic_1.diagnostic)('MF509', ref.span, `the generator cannot tell how many elements of '${ref.name}' to transfer: its declaration is not visible (in a header or behind a macro); declare it in this file with its extents`, { variable: ref.name }));
            continue;
        }
        const reason = r.why(ref.name);
        if (!reason)
            continue;
        reported.add(ref.name);
        out.push((0, diagnostic_1.diagnostic)('MF513', ref.span, reason, { variable: ref.name }));
    }
    rest();
}
/** Reads every kernel of a schedule, or explains what it cannot use. */
function scheduleKernels(model, schedule, first, out) {
    const text = model.text;
    const region = schedule.region;
    const parallel = new Set(model.constructs.filter(c => c.kind === 'parallel-for' && c.dialect === 'metafork' && c.loop).map(c => c.loop));
    const outers = [];
    (0, ast_1.walk)(region, n => {
        if (n.type === 'for_statement' && parallel.has(n)) {
            outers.push(n);
            return false;
        }
        return true;
    });
    const functions = model.fileScope.functions;
    const arrays = new Map();
    const kernels = [];
    const failed = out.length;
    for (const outer of outers) {
        const nest = (0, loops_1.nestSpine)(outer, parallel);
        const roles = nest.spine.map(s => (s.parallel ? 'grid' : 'serial'));
        const parallelAt = nest.spine.map((s, i) => (s.parallel ? i : -1)).filter(i => i >= 0);
        const half = parallelAt.length / 2;
        for (const i of parallelAt.slice(half))
            roles[i] = 'block';
        const mapped = (i) => {
            const loop = nest.spine[i].loop;
            const h = (0, loops_1.canonicalHeader)(loop, text).header;
            return { loop, variable: h.variable, bound: text.slice(h.bound.start, h.bound.end).trim() };
        };
        const kernel = {
            index: first + kernels.length,
            grid: parallelAt.slice(0, half).map(mapped),
            block: parallelAt.slice(half).map(mapped),
            spine: nest.spine.map((s, i) => ({ loop: s.loop, role: roles[i] })),
            nest: outer,
            arrays: [],
            scalars: [],
            calls: [],
        };
        // Everything the nest uses that is declared outside it becomes an argument.
        const seen = new Set();
        const scalar = (v) => {
            if (seen.has(v))
                return;
            seen.add(v);
            kernel.scalars.push({
                variable: v,
                name: v.name,
                declaration: (0, declarations_1.declarationFor)(v, text, v.name).replace(/^\s*const\s+/, ''),
            });
        };
        for (const r of model.scopes.references) {
            const v = r.variable;
            if (!v || !(0, span_1.within)(r.span, outer) || (0, span_1.within)(v.span, outer))
                continue;
            if (v.shape === 'array' || v.shape === 'pointer') {
                // Array parameters (`int a[N]`) are pointers in C, but their extents are written.
                let use = arrays.get(v);
                if (!use) {
                    // Without extents (a pointer, `int a[]`), the footprint over the schedule tells the size.
                    const shape = arrayShape(v, text) ?? { element: elementType(v, text), extents: [] };
                    use = { variable: v, name: v.name, ...shape, read: false, written: false };
                    arrays.set(v, use);
                }
                if (r.access !== 'read' || handedOut(r, text))
                    use.written = true;
                if (r.access !== 'write')
                    use.read = true;
                if (!kernel.arrays.includes(use))
                    kernel.arrays.push(use);
            }
            else if (v.shape === 'value')
                scalar(v);
        }
        (0, ast_1.walk)(outer, n => {
            if (n.type !== 'call_expression')
                return true;
            const f = (0, ast_1.child)(n, 'function');
            const name = f && f.type === 'identifier' ? text.slice(f.start, f.end) : undefined;
            if (!name)
                return true;
            if (model.fileScope.definitions.has(name)) {
                if (!kernel.calls.includes(name))
                    kernel.calls.push(name);
                return true;
            }
            if (DEVICE_FUNCTIONS.has(name))
                return true;
            const what = functions.has(name)
                ? 'is declared in this file but not defined here'
                : model.scopes.variables.some(v => v.name === name) || model.fileScope.variables.has(name)
                    ? 'is a variable, not a function this file defines'
                    : 'is declared nowhere in this file (in a header or behind a macro)';
            out.push((0, diagnostic_1.diagnostic)('MF513', f, `'${name}' ${what}: ${CALLABLE}`, { variable: name }));
            return true;
        });
        kernels.push(kernel);
    }
    for (const use of arrays.values()) {
        if (use.extents.length && use.extents[0] !== '')
            continue;
        const found = (0, footprint_1.pointerExtent)(model, kernels.filter(k => k.arrays.includes(use)), use.variable, region, use.extents.length > 1);
        if ('extent' in found) {
            use.extents = [found.extent, ...use.extents.slice(1)];
            use.counted = true;
            continue;
        }
        out.push((0, diagnostic_1.diagnostic)('MF509', found.at, `the generator cannot tell how many elements of '${use.name}' to transfer: ${found.reason}; declare it with its extents (e.g. '${use.element} ${use.name}[N]') or bound its index`, { variable: use.name }));
    }
    // After the pointers' extents are known: the printer names them too.
    for (const kernel of kernels)
        resolveNames(model, kernel, out);
    if (out.length > failed)
        return undefined;
    return { schedule, kernels, arrays: [...arrays.values()] };
}
/**
 * The kernel's array references as the kernel writes them: `a[i][j]` -> `a[i * M + j]` for
 * arrays passed as flat pointers, and a staged reference -> its shared tile
 * `shared_a[(i - mf_a_o0) * mf_a_e1 + (j - mf_a_o1)]` (3-D: `((...) * mf_a_e1 + (...)) * mf_a_e2 + (...)`).
 */
function accessEdits(kernel, text, staged = new Map()) {
    const edits = [];
    const byName = new Map(kernel.arrays.map(a => [a.name, a]));
    (0, ast_1.walk)(kernel.nest, n => {
        if (n.type !== 'subscript_expression')
            return true;
        // The outermost subscript of a chain `a[i][j]`: its argument is itself a subscript.
        const indices = [];
        let base = n;
        while (base && base.type === 'subscript_expression') {
            const index = (0, ast_1.child)(base, 'index') ?? (0, ast_1.named)(base).find(c => c.field !== 'argument');
            if (index)
                indices.unshift(index);
            base = (0, ast_1.child)(base, 'argument');
        }
        const use = base && base.type === 'identifier' ? byName.get(text.slice(base.start, base.end)) : undefined;
        if (!use || indices.length !== use.extents.length)
            return true;
        // An index may hold subscripts of its own (`a[b[i][j]][k]`): they are rewritten in its text.
        const indexText = (ix) => {
            const inner = [];
            (0, ast_1.walk)(ix, m => {
                if (m !== ix && m.type === 'subscript_expression') {
                    inner.push(...accessEdits({ ...kernel, nest: m }, text, staged));
                    return false;
                }
                return true;
            });
            return (0, layout_1.atom)((0, edits_1.applyEdits)(text.slice(ix.start, ix.end), inner.map(e => ({ ...e, start: e.start - ix.start, end: e.end - ix.start }))));
        };
        const box = staged.get(n);
        if (box) {
            // A flat array read as rows: the row and column of the element, from its index.
            const local = box.stride
                ? [
                    `${indexText(indices[0])} / ${box.stride} - mf_${box.id}_o0`,
                    `${indexText(indices[0])} % ${box.stride} - mf_${box.id}_o1`,
                ]
                : indices.map((ix, d) => `${indexText(ix)} - mf_${box.id}_o${d}`);
            // Row-major in the tile, as the copy loops lay it out (print.ts).
            let flat = local[0];
            for (let d = 1; d < local.length; d++)
                flat = `(${flat}) * mf_${box.id}_e${d} + (${local[d]})`;
            edits.push({ start: n.start, end: n.end, newText: `shared_${box.id}[${flat}]` });
            return false;
        }
        if (indices.length === 1)
            return true;
        let flat = indexText(indices[0]);
        for (let k = 1; k < indices.length; k++)
            flat = `${k > 1 ? `(${flat})` : flat} * ${(0, layout_1.atom)(use.extents[k])} + ${indexText(indices[k])}`;
        edits.push({ start: n.start, end: n.end, newText: `${use.name}[${flat}]` });
        return false;
    });
    return edits;
}
//# sourceMappingURL=kernels.js.map