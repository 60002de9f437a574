"use strict";
// The text of pragma clause arguments: string literals, top-level commas and colons, the
// variables of a list (OpenMP 5.2 §3.2 list items, §4.4 array sections).
Object.defineProperty(exports, "__esModule", { value: true });
exports.closingQuote = closingQuote;
exports.linearVariable = linearVariable;
exports.splitTopLevel = splitTopLevel;
exports.topLevelColon = topLevelColon;
exports.listItems = listItems;
const keywords_1 = require("./keywords");
/** The offset of the quote closing the string literal opened at `open` (or the text's end). */
function closingQuote(text, open) {
    let j = open + 1;
    while (j < text.length && text[j] !== '"')
        j += text[j] === '\\' ? 2 : 1;
    return Math.min(j, text.length - 1);
}
/** `val(x)`, `ref(x)`, `uval(x)` -> `x`; any other item is the variable itself. */
function linearVariable(line, item) {
    if (!['val', 'ref', 'uval'].includes(item.name))
        return [item];
    const m = /^\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(line.text.slice(item.end - line.start));
    if (!m)
        return [item];
    const start = item.end + m[0].length - m[1].length;
    return [{ name: m[1], start, end: start + m[1].length }];
}
/** Comma-separated parts not inside brackets, each with its offset in `text`. */
function splitTopLevel(text) {
    const parts = [];
    let depth = 0;
    let at = 0;
    for (let i = 0; i <= text.length; i++) {
        const c = text[i];
        if (c === '[' || c === '(' || c === '{')
            depth++;
        else if (c === ']' || c === ')' || c === '}')
            depth--;
        else if (i === text.length || (c === ',' && depth === 0)) {
            parts.push({ text: text.slice(at, i), at });
            at = i + 1;
        }
    }
    return parts;
}
/** Index of a ':' not inside brackets (array sections `a[0:n]` have their own). */
function topLevelColon(text) {
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '[' || c === '(' || c === '{')
            depth++;
        else if (c === ']' || c === ')' || c === '}')
            depth--;
        else if (c === ':' && depth === 0 && text[i + 1] !== ':' && text[i - 1] !== ':')
            return i;
    }
    return -1;
}
/** The leading identifier of each comma-separated list item (`a[0:n]` -> `a`). */
function listItems(text, start, end, base) {
    const items = [];
    let depth = 0;
    let itemStart = start;
    for (let i = start; i <= end; i++) {
        const c = i < end ? text[i] : ',';
        if (c === '[' || c === '(')
            depth++;
        else if (c === ']' || c === ')')
            depth--;
        else if (c === ',' && depth === 0) {
            const j = (0, keywords_1.skipTrivia)(text, itemStart);
            const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(j, i));
            if (m)
                items.push({ name: m[0], start: base + j, end: base + j + m[0].length });
            itemStart = i + 1;
        }
    }
    return items;
}
//# sourceMappingURL=clauseText.js.map