"use strict";
// Registers per thread when nvcc is absent, read from the kernel as the generator represents it:
// the values the printed kernel names (parameters, locals, loop indices; a pointer takes two), a
// handful for indexing and addresses, and two per tile. It moves with the code the optimizer's
// strategies change, which is what the case discussion needs; the optimizer asks nvcc instead
// whenever nvcc is present.
Object.defineProperty(exports, "__esModule", { value: true });
exports.estimateRegisters = estimateRegisters;
const ast_1 = require("../syntax/ast");
/** The scalar types whose locals are counted; a declaration of another type (a pointer, an array,
 * `size_t`, a struct) lives in memory or is folded away. */
const COUNTED = new Set(['int', 'long', 'unsigned', 'float', 'double', 'char', 'short']);
function estimateRegisters(k, text, boxes = []) {
    const declarations = k.scalars.map(s => s.declaration);
    const pointers = k.arrays.length + declarations.filter(d => d.includes('*')).length;
    const values = declarations.length - declarations.filter(d => d.includes('*')).length;
    const locals = new Set([...k.grid, ...k.block].map(m => m.variable));
    // What the printer declares for tiles (print.ts): thread numbering, each tile's first extent and
    // origin, the copy loop's element and its first global index.
    if (boxes.length)
        for (const name of ['mf_tid', 'mf_threads', 'mf_e', 'mf_g0'])
            locals.add(name);
    for (const t of boxes)
        locals.add(`mf_${t.id}_e0`).add(`mf_${t.id}_o0`);
    (0, ast_1.walk)(k.nest, n => {
        const name = n.type === 'declaration' ? countedLocal(n, text) : undefined;
        // CSE's temporaries are values nvcc's own CSE keeps in registers anyway: they add none.
        if (name && !name.startsWith('mf_cse'))
            locals.add(name);
        return true;
    });
    return 4 + 2 * pointers + values + locals.size + 2 * boxes.length;
}
/** The first variable a declaration declares when it is a plain scalar of a counted type. */
function countedLocal(d, text) {
    let first = (0, ast_1.child)(d, 'declarator');
    if (!first)
        return undefined;
    const specifiers = text.slice(d.start, first.start).trim().split(/\s+/);
    if (!COUNTED.has(specifiers[specifiers.length - 1]))
        return undefined;
    if (first.type === 'init_declarator')
        first = (0, ast_1.child)(first, 'declarator');
    return first?.type === 'identifier' ? text.slice(first.start, first.end) : undefined;
}
//# sourceMappingURL=registers.js.map