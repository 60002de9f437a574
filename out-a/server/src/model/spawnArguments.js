"use strict";
// A spawned call's pointer argument written through by its parent before the join (or a variable whose
// address it received, written by its parent): the child may read
// the new value. A Cilk child starts before its parent goes on, so such a program usually reads the
// old one (the OpenCilk tutorial's nqueens writes the board it handed to the child, in the next
// iteration); an OpenMP task starts later, so its translation reads the new one every time.
Object.defineProperty(exports, "__esModule", { value: true });
exports.argumentWrites = argumentWrites;
exports.describeWrite = describeWrite;
const ast_1 = require("../syntax/ast");
const span_1 = require("../base/span");
const scopes_1 = require("./scopes");
const exits_1 = require("./exits");
/** Where the parent writes what a running spawn of `dialect` received: through a pointer or an array
 * passed by name, or into a variable whose address it passed. */
function argumentWrites(model, dialect) {
    const handed = new Map();
    for (const c of model.constructs) {
        if (c.dialect !== dialect || c.kind !== 'spawn' || !c.call)
            continue;
        const args = (0, ast_1.child)(c.call, 'arguments');
        const held = [];
        for (const a of args ? (0, ast_1.named)(args) : []) {
            if (a.type === 'identifier') {
                const v = (0, scopes_1.variableOf)(model.scopes, a);
                if (v && (v.shape === 'pointer' || v.shape === 'array'))
                    held.push({ variable: v, address: false });
            }
            else if (a.type === 'pointer_expression' && model.text[a.start] === '&') {
                const target = (0, ast_1.child)(a, 'argument');
                // A scalar's address (a pointer's or an array's, as the CilkPlus outlining passes shared ones,
                // leads to elements, which each child may own one of).
                const v = target?.type === 'identifier' ? (0, scopes_1.variableOf)(model.scopes, target) : undefined;
                if (v && v.shape === 'value')
                    held.push({ variable: v, address: true });
            }
        }
        if (held.length)
            handed.set(c, held);
    }
    if (!handed.size)
        return [];
    const all = new Set([...handed.values()].flatMap(list => list.map(h => h.variable)));
    const writes = model.scopes.references.filter(r => r.variable && all.has(r.variable) && r.access !== 'read');
    if (!writes.length)
        return [];
    /** A write that reaches what was handed over: through the pointer, or to the variable whose address went. */
    const reaches = (w, address) => address || w.through === 'subscript' || w.through === 'deref';
    const out = [];
    const seen = new Set();
    // What a running spawn holds, until the parent points the pointer elsewhere (`p = malloc(...)`) or
    // runs the declaration again (a variable of the loop's body): its writes then go elsewhere.
    const held = (spawn) => (handed.get(spawn) ?? []).map(h => ({ spawn, ...h }));
    const repoints = (statement, { variable, address }) => ((0, span_1.within)(variable.span, statement) && statement.type === 'declaration') ||
        (!address && model.scopes.references.some(r => r.variable === variable && r.through === null && r.access !== 'read' && (0, span_1.within)(r.span, statement)));
    (0, exits_1.pendingSpawns)(model, dialect, held, (statement, pending) => {
        for (const { spawn, variable, address } of pending) {
            for (const w of writes) {
                if (w.variable !== variable || !reaches(w, address) || !(0, span_1.within)(w.span, statement))
                    continue;
                const key = `${spawn.start}:${w.span.start}`;
                if (seen.has(key))
                    continue;
                const lvalue = lvalueOf(w);
                if (!address && slotOfIteration(model, lvalue, spawn))
                    continue;
                seen.add(key);
                out.push({ spawn, variable, address, lvalue });
            }
        }
    }, repoints);
    return out.sort((a, b) => a.lvalue.start - b.lvalue.start || a.spawn.start - b.spawn.start);
}
/**
 * Whether the element `w` writes is picked by a variable that a loop around both the spawn and the
 * write steps (`count[i] = 0` before `spawn f(count, i)`): each iteration's write then goes to its own
 * slot, the pattern of children that each own one; what a child reads of the others is not seen here.
 */
function slotOfIteration(model, lvalue, spawn) {
    const index = [];
    (0, ast_1.walk)(lvalue, n => {
        const i = n.type === 'subscript_expression' ? (0, ast_1.child)(n, 'index') ?? (0, ast_1.named)(n).find(c => c.field !== 'argument') : undefined;
        if (i)
            index.push(...(0, scopes_1.variablesIn)(model.scopes, i, model.text));
        return true;
    });
    if (!index.length)
        return false;
    for (let p = lvalue.parent; p; p = p.parent) {
        if (p.type !== 'for_statement' || !(0, span_1.within)(spawn, p))
            continue;
        const body = (0, ast_1.child)(p, 'body');
        const header = { start: p.start, end: body ? body.start : p.end };
        if (model.scopes.references.some(r => r.variable && index.includes(r.variable) && r.access !== 'read' && (0, span_1.within)(r.span, header)))
            return true;
    }
    return false;
}
/** The l-value a write through `r` stores into: `r`'s identifier climbed through subscripts, fields, derefs. */
function lvalueOf(r) {
    let node = r.node;
    for (let p = node.parent; p; p = node.parent) {
        if (p.type === 'assignment_expression' || p.type === 'update_expression')
            break;
        node = p;
    }
    return node;
}
/** "the spawned call 'f(n, b)' receives 'b', and the parent writes 'b[j]' here before that spawn is joined" */
function describeWrite(w, text) {
    const call = w.spawn.call;
    const shown = call.end - call.start > 60 ? `${text.slice(call.start, call.start + 57)}...` : text.slice(call.start, call.end);
    return `the spawned call '${shown}' receives '${w.address ? '&' : ''}${w.variable.name}', and the parent writes '${text.slice(w.lvalue.start, w.lvalue.end)}' here before that spawn is joined`;
}
//# sourceMappingURL=spawnArguments.js.map