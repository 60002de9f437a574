"use strict";
// C integer expressions read as polynomials. The caller says what an identifier stands for (a
// symbol, the polynomial of its definition, or nothing it can reason about) and whether a
// sub-expression that is not a polynomial (`(n + 3) / 4`) may stand as an opaque atom.
Object.defineProperty(exports, "__esModule", { value: true });
exports.polynomialOf = polynomialOf;
exports.renameInAtom = renameInAtom;
exports.expressionIdentifiers = expressionIdentifiers;
const ast_1 = require("../syntax/ast");
const poly_1 = require("./poly");
/** The polynomial an expression computes, or the sub-expression that stops the reading. */
function polynomialOf(e, text, reader) {
    const n = (0, ast_1.unparen)(e) ?? e;
    const opaque = () => {
        const p = reader.atom?.(n);
        return p ? { poly: p } : { stop: n };
    };
    switch (n.type) {
        case 'number_literal': {
            const lit = text.slice(n.start, n.end).replace(/[uUlL]+$/, '');
            if (!/^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)$/.test(lit))
                return { stop: n };
            return {
                poly: poly_1.Poly.constant(BigInt(lit.length > 1 && lit[0] === '0' && !/^0[xX]/.test(lit) ? `0o${lit.slice(1)}` : lit)),
            };
        }
        case 'identifier': {
            const p = reader.identifier(n);
            return p ? { poly: p } : { stop: n };
        }
        case 'unary_expression': {
            const op = text.slice(n.start, n.start + 1);
            if (op !== '-' && op !== '+')
                return opaque();
            const r = polynomialOf((0, ast_1.named)(n)[0], text, reader);
            return 'poly' in r && op === '-' ? { poly: r.poly.neg() } : r;
        }
        case 'binary_expression': {
            const l = (0, ast_1.child)(n, 'left'), r = (0, ast_1.child)(n, 'right');
            const op = l && r ? text.slice(l.end, r.start).trim() : '';
            if (!l || !r || !['+', '-', '*'].includes(op))
                return opaque();
            const a = polynomialOf(l, text, reader);
            if (!('poly' in a))
                return a;
            const b = polynomialOf(r, text, reader);
            if (!('poly' in b))
                return b;
            return { poly: op === '+' ? a.poly.add(b.poly) : op === '-' ? a.poly.sub(b.poly) : a.poly.mul(b.poly) };
        }
        case 'cast_expression': {
            const v = (0, ast_1.child)(n, 'value');
            return v ? polynomialOf(v, text, reader) : { stop: n };
        }
        default:
            return opaque();
    }
}
/**
 * An opaque atom's C text (`(n + B - 1) / B`) with the names `rename` gives replaced: read the way
 * a C lexer reads it, so a member name (`s.B`, `p->B`), a number's suffix or exponent (`10UL`,
 * `1e5`) and a character or string literal are never taken for a name.
 */
function renameInAtom(c, rename) {
    let out = '';
    for (let i = 0; i < c.length;) {
        const ch = c[i];
        let end = i + 1;
        if (ch === "'" || ch === '"') {
            while (end < c.length && c[end] !== ch)
                end += c[end] === '\\' ? 2 : 1;
            end = Math.min(end + 1, c.length);
        }
        else if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(c[i + 1] ?? ''))) {
            // A preprocessing number: digits, letters, '.', and a sign after an exponent letter.
            while (end < c.length && (/[\w.]/.test(c[end]) || (/[+-]/.test(c[end]) && /[eEpP]/.test(c[end - 1]))))
                end++;
        }
        else if (/[A-Za-z_]/.test(ch)) {
            while (end < c.length && /\w/.test(c[end]))
                end++;
            const member = /(\.|->)\s*$/.test(out);
            const to = member ? undefined : rename(c.slice(i, end));
            if (to !== undefined) {
                out += to;
                i = end;
                continue;
            }
        }
        out += c.slice(i, end);
        i = end;
    }
    return out;
}
/** C's keywords and type names: words of an expression that name no variable. */
const C_WORDS = new Set([
    'auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double', 'else', 'enum', 'extern', 'float',
    'for', 'goto', 'if', 'inline', 'int', 'long', 'register', 'restrict', 'return', 'short', 'signed', 'sizeof', 'static',
    'struct', 'switch', 'typedef', 'union', 'unsigned', 'void', 'volatile', 'while', '_Bool', '_Complex', 'bool', 'true',
    'false', 'size_t', 'ptrdiff_t', 'int8_t', 'int16_t', 'int32_t', 'int64_t', 'uint8_t', 'uint16_t', 'uint32_t',
    'uint64_t',
]);
/** The identifiers an expression's text names as values: not those called (`f(`), not member names
 * (`.x`, `->x`), not string or character contents, not C's words, not `params`. For expressions kept
 * as text, such as an array's extents. */
function expressionIdentifiers(expression, params = []) {
    const body = expression.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ');
    const out = [];
    for (const m of body.matchAll(/(\.|->)?\s*\b([A-Za-z_]\w*)\b(\s*\()?/g)) {
        if (m[1] || m[3] || params.includes(m[2]) || C_WORDS.has(m[2]))
            continue;
        if (!out.includes(m[2]))
            out.push(m[2]);
    }
    return out;
}
//# sourceMappingURL=expression.js.map