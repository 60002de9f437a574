"use strict";
// `#if` and `#elif` (C11 6.10.1): `defined` read before expansion, the line macro-expanded, the
// names left standing read as 0, the expression evaluated in intmax_t / uintmax_t (64 bits, as
// gcc on x86-64) with the usual arithmetic conversions and short-circuit operators.
Object.defineProperty(exports, "__esModule", { value: true });
exports.evaluateCondition = evaluateCondition;
class EvalError extends Error {
}
/** The value of a `#if` line (`tokens`: after the directive's name), or the reason it has none. */
function evaluateCondition(tokens, host) {
    try {
        const line = host.expander.expandLine(resolveDefined(tokens, host));
        if (line.length === 0)
            return '#if with no expression';
        const p = new Parser(line);
        const v = p.comma(false);
        if (p.pos < line.length) {
            const t = line[p.pos];
            throw new EvalError(t.text === ')' ? "missing '(' in expression"
                : `missing binary operator before token "${t.text}"`);
        }
        return v.v !== 0n;
    }
    catch (e) {
        if (e instanceof EvalError)
            return e.message;
        throw e;
    }
}
const one = (t, yes) => ({ kind: 'number', text: yes ? '1' : '0', space: t.space });
/** `defined X`, `defined(X)` and `__has_include(...)` replaced by 1 or 0 (C11 6.10.1p1, before
 * the line is expanded so that the operand is not). */
function resolveDefined(tokens, host) {
    const out = [];
    for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i];
        if (t.kind === 'id' && t.text === 'defined') {
            const paren = tokens[i + 1]?.text === '(';
            const name = tokens[i + (paren ? 2 : 1)];
            if (name?.kind !== 'id')
                throw new EvalError('operator "defined" requires an identifier');
            if (paren && tokens[i + 3]?.text !== ')')
                throw new EvalError('missing \')\' after "defined"');
            out.push(one(t, host.isDefined(name.text) || OPERATORS.has(name.text)));
            i += paren ? 3 : 1;
        }
        else if (t.kind === 'id' && (t.text === '__has_include' || t.text === '__has_include_next')) {
            if (tokens[i + 1]?.text !== '(')
                throw new EvalError('missing \'(\' before "__has_include" operand');
            let j = i + 2;
            let found;
            if (tokens[j]?.kind === 'string') {
                found = host.hasInclude(tokens[j].text.slice(1, -1), false);
                j++;
            }
            else if (tokens[j]?.text === '<') {
                let name = '';
                for (j++; j < tokens.length && tokens[j].text !== '>'; j++) {
                    name += (tokens[j].space && name ? ' ' : '') + tokens[j].text;
                }
                if (j >= tokens.length)
                    throw new EvalError("missing terminating '>' character");
                found = host.hasInclude(name, true);
                j++;
            }
            else
                throw new EvalError('operator "__has_include" requires a header-name');
            if (tokens[j]?.text !== ')')
                throw new EvalError('missing \')\' after "__has_include" operand');
            out.push(one(t, found));
            i = j;
        }
        else if (t.kind === 'id' && OPERATORS.has(t.text) && tokens[i + 1]?.text === '(') {
            // gcc's `__has_attribute(x)` and the like: read as 0 (the portable branch is taken).
            let depth = 0, j = i + 1;
            for (; j < tokens.length; j++) {
                if (tokens[j].text === '(')
                    depth++;
                else if (tokens[j].text === ')' && --depth === 0)
                    break;
            }
            if (j >= tokens.length)
                throw new EvalError(`missing ')' after "${t.text}" operand`);
            out.push(one(t, false));
            i = j;
        }
        else
            out.push(t);
    }
    return out;
}
/** The operators gcc 12 gives `#if` besides `defined`: `defined` says yes to them. */
const OPERATORS = new Set(['__has_include', '__has_include_next', '__has_attribute', '__has_cpp_attribute',
    '__has_c_attribute', '__has_builtin']);
const MAX = (1n << 64n) - 1n;
const norm = (v, unsigned) => ({ v: unsigned ? BigInt.asUintN(64, v) : BigInt.asIntN(64, v), unsigned });
const bool = (b) => ({ v: b ? 1n : 0n, unsigned: false });
// Binary operators by precedence, loosest first (C11 6.5.5-6.5.14).
const LEVELS = [
    ['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], ['<', '>', '<=', '>='], ['<<', '>>'], ['+', '-'], ['*', '/', '%'],
];
class Parser {
    toks;
    pos = 0;
    constructor(toks) {
        this.toks = toks;
    }
    peek() { return this.toks[this.pos]?.text; }
    expect(text, message) {
        if (this.peek() !== text)
            throw new EvalError(message);
        this.pos++;
    }
    /** `skip`: an operand that is not evaluated (no division-by-zero error from it). */
    comma(skip) {
        let v = this.conditional(skip);
        while (this.peek() === ',') {
            this.pos++;
            v = this.conditional(skip);
        }
        return v;
    }
    conditional(skip) {
        const c = this.binary(0, skip);
        if (this.peek() !== '?')
            return c;
        this.pos++;
        const yes = c.v !== 0n;
        const a = this.comma(skip || !yes);
        this.expect(':', "'?' without following ':'");
        const b = this.conditional(skip || yes);
        const unsigned = a.unsigned || b.unsigned;
        return norm(yes ? a.v : b.v, unsigned);
    }
    binary(level, skip) {
        if (level === LEVELS.length)
            return this.unary(skip);
        let a = this.binary(level + 1, skip);
        for (;;) {
            const op = this.peek();
            if (!op || !LEVELS[level].includes(op))
                return a;
            this.pos++;
            if (op === '&&' || op === '||') {
                const decided = op === '&&' ? a.v === 0n : a.v !== 0n;
                const b = this.binary(level + 1, skip || decided);
                a = bool(op === '&&' ? a.v !== 0n && b.v !== 0n : a.v !== 0n || b.v !== 0n);
                continue;
            }
            const b = this.binary(level + 1, skip);
            a = apply(op, a, b, skip);
        }
    }
    unary(skip) {
        const t = this.toks[this.pos];
        if (!t) {
            throw new EvalError(this.pos === 0 ? '#if with no expression'
                : `operator '${this.toks[this.pos - 1].text}' has no right operand`);
        }
        this.pos++;
        switch (t.text) {
            case '+': return this.unary(skip);
            case '-': {
                const v = this.unary(skip);
                return norm(-v.v, v.unsigned);
            }
            case '~': {
                const v = this.unary(skip);
                return norm(~v.v, v.unsigned);
            }
            case '!': return bool(this.unary(skip).v === 0n);
            case '(': {
                const v = this.comma(skip);
                this.expect(')', "missing ')' in expression");
                return v;
            }
        }
        if (t.kind === 'number')
            return integer(t.text);
        if (t.kind === 'char')
            return character(t.text);
        if (t.kind === 'id')
            return { v: 0n, unsigned: false };
        throw new EvalError(t.kind === 'string' ? `token "${t.text}" is not valid in preprocessor expressions`
            : `operator '${t.text}' has no left operand`);
    }
}
function apply(op, a, b, skip) {
    if (op === '<<' || op === '>>') {
        const n = b.unsigned || b.v >= 0n ? b.v : -b.v;
        const left = (op === '<<') === (b.unsigned || b.v >= 0n);
        if (n >= 64n)
            return norm(left || a.unsigned || a.v >= 0n ? 0n : -1n, a.unsigned);
        return norm(left ? a.v << n : a.v >> n, a.unsigned);
    }
    const unsigned = a.unsigned || b.unsigned;
    const x = norm(a.v, unsigned).v, y = norm(b.v, unsigned).v;
    switch (op) {
        case '==': return bool(x === y);
        case '!=': return bool(x !== y);
        case '<': return bool(x < y);
        case '>': return bool(x > y);
        case '<=': return bool(x <= y);
        case '>=': return bool(x >= y);
        case '+': return norm(x + y, unsigned);
        case '-': return norm(x - y, unsigned);
        case '*': return norm(x * y, unsigned);
        case '&': return norm(x & y, unsigned);
        case '|': return norm(x | y, unsigned);
        case '^': return norm(x ^ y, unsigned);
    }
    if (y === 0n) {
        if (skip)
            return { v: 0n, unsigned };
        throw new EvalError('division by zero in #if');
    }
    return norm(op === '/' ? x / y : x % y, unsigned);
}
/** An integer constant (C11 6.4.4.1): decimal, octal, hexadecimal or binary (GNU), with suffixes. */
function integer(text) {
    const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)$/.exec(text);
    if (!m) {
        if (/^(?:0[xX][0-9a-fA-F.]*[pP]|[0-9.]*[.eE])/.test(text) && !/^0[xX][0-9a-fA-F]+$/.test(text)) {
            throw new EvalError('floating constant in preprocessor expression');
        }
        throw new EvalError(`invalid integer constant "${text}" in #if`);
    }
    const suffix = m[2];
    if (!/^(?:[uU]?(?:l|L|ll|LL)?|(?:l|L|ll|LL)[uU])$/.test(suffix)) {
        throw new EvalError(`invalid suffix "${suffix}" on integer constant`);
    }
    const digits = m[1];
    const v = /^0[bB]/.test(digits) ? BigInt('0b' + digits.slice(2))
        : /^0[0-7]/.test(digits) ? BigInt('0o' + digits.slice(1)) : BigInt(digits);
    if (v > MAX)
        throw new EvalError('integer constant is too large for its type');
    // gcc: a constant too large for intmax_t is unsigned.
    return norm(v, /[uU]/.test(suffix) || v > MAX >> 1n);
}
const ESCAPES = {
    n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, e: 27, '\\': 92, "'": 39, '"': 34, '?': 63,
};
/** A character constant (C11 6.4.4.4): a plain `char` is signed, as on x86-64; several characters
 * combine as gcc combines them. */
function character(text) {
    const q = text.indexOf("'");
    const prefixed = q > 0;
    const body = text.slice(q + 1, -1);
    const codes = [];
    for (let i = 0; i < body.length; i++) {
        if (body[i] !== '\\') {
            codes.push(body.codePointAt(i));
            if (body.codePointAt(i) > 0xffff)
                i++;
            continue;
        }
        const e = body[++i];
        if (e === 'x') {
            const h = /^[0-9a-fA-F]+/.exec(body.slice(i + 1))?.[0] ?? '0';
            codes.push(parseInt(h, 16));
            i += h.length;
        }
        else if (/[0-7]/.test(e)) {
            const o = /^[0-7]{1,3}/.exec(body.slice(i))[0];
            codes.push(parseInt(o, 8));
            i += o.length - 1;
        }
        else
            codes.push(ESCAPES[e] ?? e.charCodeAt(0));
    }
    if (codes.length === 0)
        throw new EvalError('empty character constant');
    if (prefixed)
        return { v: BigInt(codes[codes.length - 1]), unsigned: false };
    if (codes.length === 1)
        return { v: BigInt(BigInt.asIntN(8, BigInt(codes[0] & 0xff))), unsigned: false };
    let v = 0n;
    for (const c of codes)
        v = (v << 8n) | BigInt(c & 0xff);
    return { v: BigInt.asIntN(32, v), unsigned: false };
}
//# sourceMappingURL=conditions.js.map