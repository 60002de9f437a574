"use strict";
// Preprocessing tokens (C11 6.4, 5.1.1.2 phases 1-3): line splices removed, comments read as one
// space, each token with its offsets in the file's text.
Object.defineProperty(exports, "__esModule", { value: true });
exports.lex = lex;
exports.wouldGlue = wouldGlue;
// The lexer takes the longest punctuator that matches (C11 6.4p4).
const THREE = new Set(['...', '<<=', '>>=']);
const TWO = new Set(['->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '*=', '/=', '%=', '+=', '-=',
    '&=', '^=', '|=', '##', '<:', ':>', '<%', '%>', '%:']);
const SINGLE = new Set('[](){}.&*+-~!/%<>^|?:;=,#');
/** Characters that glue to no neighbour. */
const LONE = new Set('()[]{},;?~');
const isIdStart = (c) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c > 127;
const isDigit = (c) => c >= 48 && c <= 57;
const isIdChar = (c) => isIdStart(c) || isDigit(c);
/** The text with its line splices (`\` at the end of a line) removed, and for each offset of the
 * result the offset it came from, when there were any. */
function unsplice(text) {
    if (!/\\\r?\n/.test(text))
        return { clean: text };
    const raw = new Int32Array(text.length + 1);
    let clean = '', n = 0;
    for (let i = 0; i < text.length; i++) {
        if (text[i] === '\\') {
            const j = text[i + 1] === '\r' && text[i + 2] === '\n' ? i + 2 : text[i + 1] === '\n' ? i + 1 : -1;
            if (j > 0) {
                i = j;
                continue;
            }
        }
        raw[n++] = i;
        clean += text[i];
    }
    raw[n] = text.length;
    return { clean, raw };
}
/** The preprocessing tokens of `text`, a `newline` token at the end of each line. */
function lex(text) {
    const { clean, raw } = unsplice(text);
    return new Lexer(clean, raw).run();
}
class Lexer {
    s;
    raw;
    out = [];
    space = false;
    bol = true;
    constructor(s, raw) {
        this.s = s;
        this.raw = raw;
    }
    push(kind, start, end) {
        const raw = this.raw;
        this.out.push({
            kind, text: this.s.slice(start, end), start: raw ? raw[start] : start, end: raw ? raw[end - 1] + 1 : end,
            space: this.space, bol: this.bol,
        });
        this.space = false;
        this.bol = false;
    }
    run() {
        const s = this.s, n = s.length;
        let i = 0;
        while (i < n) {
            const c = s.charCodeAt(i);
            if (c === 10) {
                this.push('newline', i, i + 1);
                this.bol = true;
                i++;
                continue;
            }
            if (c === 32 || c === 9 || c === 13 || c === 11 || c === 12) {
                this.space = true;
                i++;
                continue;
            }
            if (c === 47 && s.charCodeAt(i + 1) === 47) {
                const e = s.indexOf('\n', i);
                i = e < 0 ? n : e;
                this.space = true;
                continue;
            }
            if (c === 47 && s.charCodeAt(i + 1) === 42) {
                const e = s.indexOf('*/', i + 2);
                i = e < 0 ? n : e + 2;
                this.space = true;
                continue;
            }
            const start = i;
            if (isIdStart(c)) {
                i++;
                while (i < n && isIdChar(s.charCodeAt(i)))
                    i++;
                const q = s.charCodeAt(i);
                if ((q === 34 || q === 39) && i - start <= 2 && /^(?:u8|u|U|L)$/.test(s.slice(start, i))) {
                    const e = quoted(s, i);
                    if (e > 0) {
                        i = e;
                        this.push(q === 34 ? 'string' : 'char', start, i);
                        continue;
                    }
                }
                this.push('id', start, i);
                continue;
            }
            if (isDigit(c) || (c === 46 && isDigit(s.charCodeAt(i + 1)))) {
                i++;
                for (;;) {
                    const d = s.charCodeAt(i);
                    if ((d === 43 || d === 45) && /[eEpP]/.test(s[i - 1]))
                        i++;
                    else if (isIdChar(d) || d === 46)
                        i++;
                    else
                        break;
                }
                this.push('number', start, i);
                continue;
            }
            if (c === 34 || c === 39) {
                const e = quoted(s, i);
                if (e > 0) {
                    i = e;
                    this.push(c === 34 ? 'string' : 'char', start, i);
                    continue;
                }
                i++;
                this.push('other', start, i);
                continue;
            }
            const p = punctuatorAt(s, i);
            if (p > 0) {
                i += p;
                this.push('punct', start, i);
                continue;
            }
            i++;
            this.push('other', start, i);
        }
        return this.out;
    }
}
/** The end of the literal whose quote is at `i`, or -1 if the line ends first. */
function quoted(s, i) {
    const q = s.charCodeAt(i);
    for (let j = i + 1; j < s.length; j++) {
        const c = s.charCodeAt(j);
        if (c === q)
            return j + 1;
        if (c === 10)
            return -1;
        if (c === 92)
            j++;
    }
    return -1;
}
const pair = (a, b) => a * 128 + b;
const TWO_CODES = new Set([...TWO].map(p => pair(p.charCodeAt(0), p.charCodeAt(1))));
const SINGLE_CODES = new Set([...SINGLE].map(c => c.charCodeAt(0)));
function punctuatorAt(s, i) {
    const c = s.charCodeAt(i), d = s.charCodeAt(i + 1);
    if (!TWO_CODES.has(pair(c, d)) && c !== 46)
        return SINGLE_CODES.has(c) ? 1 : 0;
    if (s.startsWith('%:%:', i))
        return 4;
    if (THREE.has(s.substr(i, 3)))
        return 3;
    if (TWO_CODES.has(pair(c, d)))
        return 2;
    return 1;
}
/** Whether two tokens written side by side would lex as something else (gcc -E's `avoid_paste`):
 * they then need a space between them. */
function wouldGlue(a, b) {
    if (!a || !b || LONE.has(a[a.length - 1]) || LONE.has(b[0]))
        return false;
    const joined = lex(a + b);
    return joined.length === 0 || joined[0].text !== a;
}
//# sourceMappingURL=lexer.js.map