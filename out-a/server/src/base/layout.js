"use strict";
// Layout of generated text inside the user's: keep the indentation of the line it lands on, the
// file's indentation unit, whole lines. Every transform (translators, the CUDA generator, the
// tiler, quick fixes) lays its text out with these.
Object.defineProperty(exports, "__esModule", { value: true });
exports.lineIndent = lineIndent;
exports.directiveIndent = directiveIndent;
exports.directivePlace = directivePlace;
exports.atLineStart = atLineStart;
exports.atLineEnd = atLineEnd;
exports.indentUnit = indentUnit;
exports.linesBefore = linesBefore;
exports.reindent = reindent;
exports.wholeLines = wholeLines;
exports.atom = atom;
/** The blanks at the start of the line holding `offset`. */
function lineIndent(text, offset) {
    const start = text.lastIndexOf('\n', offset - 1) + 1;
    let end = start;
    while (end < text.length && (text[end] === ' ' || text[end] === '\t'))
        end++;
    return text.slice(start, end);
}
/**
 * The indentation of code that takes the place of the directive line `head`. A directive at column
 * 0 (as OpenMP code often writes them, preprocessor style) gives it the indentation of the code it
 * stands among, where a keyword at column 0 would read like a label: the next code line's (past
 * other directive lines), one `unit` more before a closing brace. Any other directive line keeps its
 * own, which may be meant (a statement hanging under its directive).
 */
function directiveIndent(text, head, unit) {
    const own = lineIndent(text, head.start);
    if (own !== '' || !atLineStart(text, head.start))
        return own;
    let directive = false;
    for (let at = text.indexOf('\n', head.end); at >= 0; at = text.indexOf('\n', at + 1)) {
        // A directive's continuation lines are the directive's.
        const continued = directive && text[text[at - 1] === '\r' ? at - 2 : at - 1] === '\\';
        if (continued)
            continue;
        const indent = lineIndent(text, at + 1);
        const first = text[at + 1 + indent.length];
        if (first === undefined)
            break;
        directive = first === '#';
        if (directive || first === '\n' || first === '\r')
            continue;
        return first === '}' ? indent + unit : indent;
    }
    return own;
}
/** `directiveIndent`, and what the directive line's own blanks lack of it: inserted at the directive
 * by what replaces it (an edit of the blanks before could meet an enclosing construct's, which
 * starts there). */
function directivePlace(text, head, unit) {
    const indent = directiveIndent(text, head, unit);
    return { indent, lead: indent.slice(lineIndent(text, head.start).length) };
}
/** True when only blanks precede `offset` on its line. */
function atLineStart(text, offset) {
    const start = text.lastIndexOf('\n', offset - 1) + 1;
    return /^[ \t]*$/.test(text.slice(start, offset));
}
/** True when only blanks (or a line comment) follow `offset` on its line. */
function atLineEnd(text, offset) {
    let end = text.indexOf('\n', offset);
    if (end < 0)
        end = text.length;
    return /^[ \t]*(\/\/.*|\/\*.*\*\/[ \t]*)?\r?$/.test(text.slice(offset, end));
}
/** The file's indentation unit, guessed from its indented lines (4 spaces when unsure). */
function indentUnit(text) {
    // Asked by each construct a stage rewrites, of one text: read once.
    if (text !== guessed.text)
        guessed = { text, unit: guessUnit(text) };
    return guessed.unit;
}
let guessed = { text: '', unit: '    ' };
function guessUnit(text) {
    const counts = new Map();
    let tabs = 0;
    // Block comments' lines (` * ...` or free text) say nothing about the code's indentation.
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '');
    for (const m of code.matchAll(/^([ \t]+)[^\s*]/gm)) {
        if (m[1].startsWith('\t')) {
            tabs++;
            continue;
        }
        counts.set(m[1].length, (counts.get(m[1].length) ?? 0) + 1);
    }
    const spaced = [...counts.values()].reduce((a, b) => a + b, 0);
    if (tabs > spaced)
        return '\t';
    const smallest = [...counts.keys()].filter(n => n > 0 && (counts.get(n) ?? 0) > 0).sort((a, b) => a - b)[0];
    return ' '.repeat(smallest && smallest <= 8 ? smallest : 4);
}
/**
 * Text that puts `lines` (directives or statements, one per line) in front of the statement
 * starting at `at`, keeping the statement's indentation. Returns the insertion for `at`.
 */
function linesBefore(text, at, lines) {
    const indent = lineIndent(text, at);
    if (atLineStart(text, at))
        return lines.map(l => `${l}\n${indent}`).join('');
    return '\n' + lines.map(l => `${indent}${l}\n`).join('') + indent;
}
/** Moves a block of text from one indentation to another (its first line is left alone). */
function reindent(block, from, to) {
    return block.split('\n').map((line, i) => {
        if (i === 0 || line.trim() === '')
            return i === 0 ? line : line.trimEnd();
        return line.startsWith(from) ? to + line.slice(from.length) : to + line.replace(/^[ \t]*/, '');
    }).join('\n');
}
/** The whole lines spanned by `span` (from the line start to after its newline). */
function wholeLines(text, span) {
    const start = text.lastIndexOf('\n', span.start - 1) + 1;
    let end = text.indexOf('\n', span.end);
    end = end < 0 ? text.length : end + 1;
    return { start, end };
}
/** An expression as an operand of generated arithmetic: parenthesized unless it is a name or a literal. */
function atom(e) {
    return /^[\w.]+$/.test(e.trim()) ? e.trim() : `(${e.trim()})`;
}
//# sourceMappingURL=layout.js.map