"use strict";
// Cilk reducers as the model sees them: a variable of a reducer library type (CilkPlus
// `cilk::reducer_opadd<T>`, `cilk::reducer< cilk::op_add<T> >`, ..., OpenCilk
// `cilk::opadd_reducer<T>`) or declared with OpenCilk's `cilk_reducer(identity, reduce)`.
// In a cilk_for, each strand updates its own view: not a race (translate/reducers.ts turns
// the ones with a known operation into reductions).
Object.defineProperty(exports, "__esModule", { value: true });
exports.libraryReducer = libraryReducer;
exports.isReducer = isReducer;
const OPS = { add: '+', mul: '*', and: '&', or: '|', xor: '^', min: 'min', max: 'max' };
/** A library reducer type: the operation and element type, or `unknown` for other reducers. */
function libraryReducer(typeText) {
    const t = typeText.replace(/\s+/g, ' ').trim();
    let m = /^(?:::\s*)?cilk\s*::\s*reducer_op(add|mul|and|or|xor)\s*<\s*(.+?)\s*>$/.exec(t);
    if (m)
        return { op: OPS[m[1]], element: m[2], classic: true };
    m = /^(?:::\s*)?cilk\s*::\s*reducer\s*<\s*(?:::\s*)?cilk\s*::\s*op_(add|mul|and|or|xor)\s*<\s*(.+?)\s*>\s*>$/.exec(t);
    if (m)
        return { op: OPS[m[1]], element: m[2], classic: true };
    m =
        /^(?:::\s*)?cilk\s*::\s*reducer_(min|max)\s*<\s*(.+?)\s*>$/.exec(t) ??
            /^(?:::\s*)?cilk\s*::\s*reducer\s*<\s*(?:::\s*)?cilk\s*::\s*op_(min|max)\s*<\s*(.+?)\s*>\s*>$/.exec(t);
    if (m)
        return { op: OPS[m[1]], element: m[2], classic: true };
    m = /^(?:::\s*)?cilk\s*::\s*op(add|mul|and|or|xor)_reducer\s*<\s*(.+?)\s*>$/.exec(t);
    if (m)
        return { op: OPS[m[1]], element: m[2], classic: false };
    return /\bcilk\s*::\s*(\w*reducer\w*|holder)\b/.test(t) ? 'unknown' : undefined;
}
/** The variable is a Cilk reducer (of any kind). */
function isReducer(v, text) {
    return !!libraryReducer(v.typeText) || /\bcilk_reducer\s*\(/.test(text.slice(v.declaration.start, v.span.start));
}
//# sourceMappingURL=reducers.js.map