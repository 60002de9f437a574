"use strict";
// Kernels and host code printed from `Kernel`s. Block sizes, grid sizes and data
// sizes stay the program's own variables, passed as kernel arguments. Grids are clamped to the
// thesis's limits (32768 blocks in 1-D, 256 per dimension in 2-D) and the kernel walks the rest
// with a stride loop; a serial loop between the grid and block loops keeps the block's
// iterations in step with `__syncthreads()` (the inner meta_for ends with a barrier).
Object.defineProperty(exports, "__esModule", { value: true });
exports.checkMacro = checkMacro;
exports.boxBytesHelper = boxBytesHelper;
exports.printKernel = printKernel;
exports.blockInterior = blockInterior;
exports.sharedBytes = sharedBytes;
exports.printLaunch = printLaunch;
exports.printTransfers = printTransfers;
const ast_1 = require("../syntax/ast");
const layout_1 = require("../base/layout");
const stage_1 = require("../base/stage");
const kernel_1 = require("./kernel");
const kernels_1 = require("./kernels");
const footprint_1 = require("./footprint");
/** The thesis's clamps (Xie 2016 §5.3). */
const GRID_CLAMP = { 1: 32768, 2: 256 };
const CHECK_MACRO = 'mfCudaCheck';
/** The error check every runtime call goes through: a failed call stops the program with its reason. */
function checkMacro() {
    return [
        `/* metafork: every CUDA runtime call is checked; a failure stops the program with its reason. */`,
        `#define ${CHECK_MACRO}(call) do { \\`,
        `    cudaError_t mf_status_ = (call); \\`,
        `    if (mf_status_ != cudaSuccess) { \\`,
        `        fprintf(stderr, "%s:%d: CUDA error: %s\\n", __FILE__, __LINE__, cudaGetErrorString(mf_status_)); \\`,
        `        exit(1); \\`,
        `    } \\`,
        `} while (0)`,
    ].join('\n');
}
const BOX_BYTES = 'mfTileBytes';
/** Boxes live in one dynamic shared-memory buffer, each rounded up so the next stays aligned. */
function boxBytesHelper() {
    return [
        `/* metafork: bytes of a shared-memory tile of \`count\` elements, rounded up to keep the next tile aligned. */`,
        `static __host__ __device__ inline size_t ${BOX_BYTES}(size_t element, long long count)`,
        `{`,
        `    return count > 0 ? ((size_t) count * element + 15) / 16 * 16 : 0;`,
        `}`,
    ].join('\n');
}
/** Where each tile starts in the buffer (terms of a sum of bytes) and the bytes of them all,
 * following `tileLayout` (the two sides of a uniform branch share their bytes: the larger side
 * counts); `bytes` prints one tile's size. */
function layoutOffsets(boxes, bytes) {
    const offsets = new Map();
    const place = (ts, at) => ts.reduce((o, t) => {
        offsets.set(t, o);
        return [...o, bytes(t)];
    }, at);
    let total = [];
    for (const unit of (0, footprint_1.boxLayout)(boxes)) {
        if ('box' in unit) {
            total = place([unit.box], total);
            continue;
        }
        const sides = [
            ...new Set([unit.then, unit.otherwise].map(side => place(side, total).slice(total.length).join(' + ')).filter(Boolean)),
        ];
        total = [...total, sides.length === 1 ? sides[0] : `(${sides[0]} > ${sides[1]} ? ${sides[0]} : ${sides[1]})`];
    }
    return { offsets, total };
}
const device = (a) => `mf_dev_${a.name}`;
const bytes = (a) => `sizeof(${a.element}) * ${a.extents.map(layout_1.atom).join(' * ')}`;
function parameters(k) {
    return [...k.arrays.map(a => `${a.element} *${a.name}`), ...k.scalars.map(s => s.declaration)];
}
/** The kernel function: the nest with its grid and block loops mapped to CUDA indices (`unit`: the
 * file's indentation unit, read once per file by the caller). */
function printKernel(k, map, unit, boxes = [], written) {
    const stage = new stage_1.Stage(map, false, written);
    const text = map.text;
    const staged = new Map(boxes.flatMap(t => t.refs.map(r => [r, t])));
    for (const e of (0, kernels_1.accessEdits)(k, text, staged))
        stage.edit(e);
    const axes = k.grid.length === 2 ? ['y', 'x'] : ['x'];
    // The block loops: one iteration per thread (the block has exactly `bound` threads per axis).
    const outerBlock = k.block[0].loop, innermost = k.block[k.block.length - 1].loop;
    const ib = (0, layout_1.lineIndent)(text, outerBlock.start), i1 = ib + unit;
    const body = (0, ast_1.child)(innermost, 'body');
    const rendered = stage.render(body);
    const threads = k.block.map((b, i) => `${i1}const int ${b.variable} = threadIdx.${axes[i]};`);
    // A `continue` of the meta_for ends the thread's iteration: inside `do { } while (0)` it still
    // reaches the barriers and tile stores after the body, which a jump to the grid loop would skip.
    let block = (0, ast_1.ownJump)(body, 'continue')
        ? ['{', ...threads, `${i1}do ${(0, layout_1.reindent)(rendered, (0, layout_1.lineIndent)(text, body.start), i1)} while (0);`, ib + '}'].join('\n')
        : body.type === 'compound_statement'
            ? ['{', ...threads].join('\n') + (0, layout_1.reindent)(rendered.slice(1), (0, layout_1.lineIndent)(text, innermost.start), ib)
            : ['{', ...threads, i1 + (0, layout_1.reindent)(rendered, (0, layout_1.lineIndent)(text, body.start), i1), ib + '}'].join('\n');
    // Inside a serial loop between grid and block, the meta_for's end is a barrier for the block.
    // (Unless that loop loads tiles: its own barrier then ends the iteration.)
    const serial = k.spine.some(s => s.role === 'serial' && s.loop.start < outerBlock.start);
    const above = k.spine[k.spine.findIndex(s => s.loop === outerBlock) - 1];
    if (serial && !(above.role === 'serial' && boxes.some(t => t.level === above.loop))) {
        block = outerBlock.parent?.type === 'compound_statement'
            ? `${block}\n${ib}__syncthreads();`
            : `{\n${i1}${(0, layout_1.reindent)(block, ib, i1)}\n${i1}__syncthreads();\n${ib}}`;
    }
    stage.edit({ start: outerBlock.start, end: outerBlock.end, newText: block });
    // The grid loops stride over the clamped grid.
    k.grid.forEach((g, i) => {
        const gbody = (0, ast_1.child)(g.loop, 'body');
        let headerEnd = gbody.start;
        while (/\s/.test(text[headerEnd - 1]))
            headerEnd--;
        const axis = axes[i];
        stage.edit({
            start: g.loop.start,
            end: headerEnd,
            newText: `for (int ${g.variable} = blockIdx.${axis}; ${g.variable} < ${g.bound}; ${g.variable} += gridDim.${axis})`,
        });
    });
    // Tiles are loaded when an iteration of their level starts and stored back when it ends.
    for (const s of [...k.spine].reverse()) {
        const here = boxes.filter(t => t.level === s.loop);
        if (s.role === 'block' || here.length === 0)
            continue;
        const body = (0, ast_1.child)(s.loop, 'body');
        const ind = (0, layout_1.lineIndent)(text, s.loop.start), i1 = ind + unit;
        const { before, after } = levelCode(here, unit, false);
        const rendered = stage.render(body);
        const inner = body.type === 'compound_statement'
            ? blockInterior(rendered)
            : i1 + (0, layout_1.reindent)(rendered, (0, layout_1.lineIndent)(text, body.start), i1);
        const lines = (ls) => ls.map(l => i1 + l);
        // A bare body gets its braces on the header's line.
        let start = body.start;
        if (body.type !== 'compound_statement')
            while (/\s/.test(text[start - 1]))
                start--;
        stage.edit({
            start,
            end: body.end,
            newText: [`${start < body.start ? ' ' : ''}{`, ...lines(before), inner, ...lines(after), ind + '}'].join('\n'),
        });
    }
    const kernelBody = (0, layout_1.reindent)(stage.render({ start: k.nest.start, end: k.nest.end }), (0, layout_1.lineIndent)(text, k.nest.start), unit);
    const top = boxes.filter(t => !t.level);
    const { before, after } = levelCode(top, unit, true);
    return [
        `__global__ void ${(0, kernel_1.kernelName)(k)}(${parameters(k).join(', ')})`,
        '{',
        ...boxPreamble(k, boxes).map(l => unit + l),
        ...before.map(l => unit + l),
        `${unit}${kernelBody}`,
        ...after.map(l => unit + l),
        '}',
    ].join('\n');
}
/** The statements of a rendered `{ ... }`, without the braces and the blank ends. */
function blockInterior(rendered) {
    return rendered.slice(1, rendered.lastIndexOf('}')).replace(/^[ \t]*\n/, '').replace(/\s+$/, '');
}
/** The tiles' extents, as C, outermost subscript first. */
const extents = (t, symbol) => t.extent.map(e => e.toC(symbol));
const elementCount = (es) => es.length === 1 ? (0, layout_1.atom)(es[0]) : es.map(e => `(long long) ${(0, layout_1.atom)(e)}`).join(' * ');
/** Bytes of dynamic shared memory a launch needs (the same layout the kernel carves); `symbol`
 * prints the extents' symbols (the dispatcher's candidate values). */
function sharedBytes(boxes, symbol) {
    if (boxes.length === 0)
        return undefined;
    const bytes = (t) => `${BOX_BYTES}(sizeof(${t.array.element}), ${elementCount(extents(t, symbol))})`;
    return layoutOffsets(boxes, bytes).total.join(' + ');
}
/** Thread numbering for the copy loops, tile extents and the tiles carved from the buffer. */
function boxPreamble(k, boxes) {
    if (boxes.length === 0)
        return [];
    const out = [
        'extern __shared__ __align__(16) unsigned char mf_shared[];',
        k.block.length === 2
            ? 'const int mf_tid = threadIdx.y * blockDim.x + threadIdx.x;'
            : 'const int mf_tid = threadIdx.x;',
        k.block.length === 2 ? 'const int mf_threads = blockDim.x * blockDim.y;' : 'const int mf_threads = blockDim.x;',
    ];
    const { offsets } = layoutOffsets(boxes, t => `${BOX_BYTES}(sizeof(${t.array.element}), ${elementCount(t.extent.map((_, d) => tileVariable(t, `e${d}`)))})`);
    for (const t of boxes) {
        const offset = offsets.get(t);
        out.push(`const int ${extents(t).map((e, d) => `${tileVariable(t, `e${d}`)} = ${e}`).join(', ')};`);
        if (t.extent.length === 2)
            out.push(...rowStepping(t));
        const side = (0, footprint_1.boxCondition)(t);
        out.push(`${t.array.element} *const shared_${t.id} = (${t.array.element} *) (mf_shared${offset.length ? ` + ${offset.join(' + ')}` : ''});${side ? ` /* used when ${side} */` : ''}`);
    }
    return out;
}
/** Loads of a level's tiles (after their origins) and stores of its written ones, with barriers. */
function levelCode(boxes, unit, kernelEnd) {
    if (boxes.length === 0)
        return { before: [], after: [] };
    const before = boxes.map(t => `const int ${t.origin.map((o, d) => `${tileVariable(t, `o${d}`)} = ${o.toC()}`).join(', ')};`);
    for (const t of boxes)
        before.push(...onItsSide(t, copyLoop(t, 'in', unit), unit));
    before.push('__syncthreads();');
    // Every thread is done with the tiles before they are stored or loaded again.
    const written = boxes.filter(t => t.written);
    if (kernelEnd && written.length === 0)
        return { before, after: [] };
    const after = ['__syncthreads();'];
    for (const t of written)
        after.push(...onItsSide(t, copyLoop(t, 'out', unit), unit));
    // A store and the next load may touch one element from two threads.
    if (written.length && !kernelEnd)
        after.push('__syncthreads();');
    return { before, after };
}
/** A tile's own variable in the kernel: `mf_a_e0` (extent), `mf_a_o0` (origin), `mf_a_r0`, ... */
const tileVariable = (t, what) => `mf_${t.id}_${what}`;
/**
 * Where a thread's first element of a two-dimensional tile lies (row, column) and how far one step of
 * the copy loop (all the block's threads) moves it: divisions by the tile's width, which is known at
 * run time only, done once per kernel rather than at every element of every copy (a parametric
 * matrix product ran 1.16 times as long as its fixed-size twin on an H200 with them in the loop).
 * A width of 0 (an empty tile, never copied) divides by 1.
 */
function rowStepping(t) {
    const v = (x) => tileVariable(t, x);
    return [
        `const int ${v('w')} = ${v('e1')} > 0 ? ${v('e1')} : 1;`,
        `const int ${v('r0')} = mf_tid / ${v('w')}, ${v('c0')} = mf_tid % ${v('w')}, ${v('dr')} = mf_threads / ${v('w')}, ${v('dc')} = mf_threads % ${v('w')};`,
    ];
}
/** A tile's copy, run only on its side of the uniform branches it lies under. */
function onItsSide(t, lines, unit) {
    const condition = (0, footprint_1.boxCondition)(t);
    return condition ? [`if (${condition}) {`, ...lines.map(l => unit + l), '}'] : lines;
}
/** The block's threads copy a tile element by element, skipping elements outside the array and,
 * where the tile has a reach, outside it (elements other blocks may touch). */
function copyLoop(t, direction, unit) {
    const v = (x) => tileVariable(t, x);
    const e = (d) => v(`e${d}`), o = (d) => v(`o${d}`);
    const dims = t.extent.length;
    // Element mf_e of the tile, row-major: the last subscript varies fastest; in two dimensions its row
    // and column (mf_r, mf_c) step with it (rowStepping).
    const stepped = dims === 2;
    const positions = stepped ? [`${o(0)} + mf_r`, `${o(1)} + mf_c`] : t.extent.map((_, d) => {
        const inner = t.extent.slice(d + 1).map((_, k) => e(d + 1 + k));
        const quotient = inner.length === 0 ? 'mf_e' : `mf_e / ${inner.length === 1 ? inner[0] : `(${inner.join(' * ')})`}`;
        return `${o(d)} + ${d === 0 ? quotient : `${quotient} % ${e(d)}`}`;
    });
    // A flat array read as rows of `stride`: element (r, c) is r * stride + c, inside the array.
    const inside = t.stride
        ? `mf_g0 >= 0 && mf_g1 >= 0 && mf_g1 < ${t.stride} && mf_g0 * ${t.stride} + mf_g1 < ${(0, layout_1.atom)(t.array.extents[0])}`
        : t.array.extents.map((x, d) => `mf_g${d} >= 0 && mf_g${d} < ${(0, layout_1.atom)(x)}`).join(' && ');
    let flat = 'mf_g0';
    for (let d = 1; d < dims; d++)
        flat = `${d > 1 ? `(${flat})` : flat} * ${d === 1 && t.stride ? t.stride : (0, layout_1.atom)(t.array.extents[d])} + mf_g${d}`;
    const global = `${t.array.name}[${flat}]`;
    const shared = `shared_${t.id}[mf_e]`;
    const reach = t.reach?.map(box => box.flatMap(r => {
        const x = r.on === 'flat' ? flat : `mf_g${r.on}`;
        return [...(r.lo ? [`${x} >= ${(0, layout_1.atom)(r.lo.toC())}`] : []), ...(r.hi ? [`${x} <= ${(0, layout_1.atom)(r.hi.toC())}`] : [])];
    }).join(' && '));
    const clipped = !reach
        ? inside
        : `${inside} && ${reach.length === 1 ? `${reach[0]}` : `(${reach.map(b => `(${b})`).join(' || ')})`}`;
    const counters = stepped ? `, mf_r = ${v('r0')}, mf_c = ${v('c0')}` : '';
    return [
        `for (int mf_e = mf_tid${counters}; mf_e < ${t.extent.map((_, d) => e(d)).join(' * ')}; mf_e += mf_threads) {${direction === 'out' ? ' /* store */' : ''}`,
        `${unit}const int ${positions.map((p, d) => `mf_g${d} = ${p}`).join(', ')};`,
        `${unit}if (${clipped})`,
        `${unit}${unit}${direction === 'in' ? `${shared} = ${global}` : `${global} = ${shared}`};`,
        ...(stepped ? [`${unit}mf_r += ${v('dr')}, mf_c += ${v('dc')};`, `${unit}if (mf_c >= ${e(1)}) mf_c -= ${e(1)}, mf_r++;`] : []),
        '}',
    ];
}
/** The launch that replaces a nest in the host code. */
function printLaunch(k, indent, unit, shared) {
    const clamp = GRID_CLAMP[k.grid.length];
    const limit = (g) => `${g} < ${clamp} ? ${g} : ${clamp}`;
    // dim3 lists x first: the innermost grid and block loops.
    const grid = [...k.grid].reverse().map(g => limit(g.bound));
    const block = [...k.block].reverse().map(b => b.bound);
    const args = [...k.arrays.map(device), ...k.scalars.map(s => s.name)];
    const positive = [...new Set([...k.grid, ...k.block].map(m => `${m.bound} > 0`))].join(' && ');
    const i1 = indent + unit;
    return [
        `if (${positive}) { /* ${(0, kernel_1.kernelName)(k)}: ${k.grid.length}-D grid of blocks ${k.grid.map(g => g.variable).join(', ')}, threads ${k.block.map(b => b.variable).join(', ')} */`,
        `${i1}dim3 mf_grid(${grid.join(', ')});`,
        `${i1}dim3 mf_block(${block.join(', ')});`,
        ...(shared
            ? [
                `${i1}const size_t mf_shared_bytes = ${shared};`,
                `${i1}if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */`,
                `${i1}${unit}${CHECK_MACRO}(cudaFuncSetAttribute(${(0, kernel_1.kernelName)(k)}, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));`,
            ]
            : []),
        `${i1}${(0, kernel_1.kernelName)(k)}<<<mf_grid, mf_block${shared ? ', mf_shared_bytes' : ''}>>>(${args.join(', ')});`,
        `${i1}${CHECK_MACRO}(cudaGetLastError());`,
        `${indent}}`,
    ].join('\n');
}
/** Allocation and transfers around the schedule's host code. */
function printTransfers(arrays, indent) {
    const before = [], after = [];
    for (const a of arrays) {
        before.push(`${a.element} *${device(a)};`);
        before.push(`${CHECK_MACRO}(cudaMalloc((void **) &${device(a)}, ${bytes(a)}));`);
        before.push(`${CHECK_MACRO}(cudaMemcpy(${device(a)}, ${a.name}, ${bytes(a)}, cudaMemcpyHostToDevice));`);
    }
    for (const a of arrays)
        if (a.written)
            after.push(`${CHECK_MACRO}(cudaMemcpy(${a.name}, ${device(a)}, ${bytes(a)}, cudaMemcpyDeviceToHost));`);
    for (const a of arrays)
        after.push(`${CHECK_MACRO}(cudaFree(${device(a)}));`);
    return { before: before.map(l => indent + l), after: after.map(l => indent + l) };
}
//# sourceMappingURL=print.js.map