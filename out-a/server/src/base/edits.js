"use strict";
// Text edits on the user's text: every transform (elision, translators) is a list of these,
// so untouched text stays byte-identical.
Object.defineProperty(exports, "__esModule", { value: true });
exports.OffsetMap = exports.remove = exports.insert = exports.replace = void 0;
exports.applyEdits = applyEdits;
exports.removeStatement = removeStatement;
exports.withTrailingBlanks = withTrailingBlanks;
exports.commonEnds = commonEnds;
const replace = (span, newText) => ({ start: span.start, end: span.end, newText });
exports.replace = replace;
const insert = (at, newText) => ({ start: at, end: at, newText });
exports.insert = insert;
const remove = (span) => ({ start: span.start, end: span.end, newText: '' });
exports.remove = remove;
/** Applies non-overlapping edits; insertions at the same offset keep their given order. */
function applyEdits(text, edits) {
    const sorted = edits
        .map((e, i) => ({ e, i }))
        .sort((a, b) => a.e.start - b.e.start || a.e.end - b.e.end || a.i - b.i);
    let out = '';
    let at = 0;
    for (const { e } of sorted) {
        if (e.start < at)
            throw new Error(`overlapping edits at offset ${e.start}`);
        out += text.slice(at, e.start) + e.newText;
        at = e.end;
    }
    return out + text.slice(at);
}
/**
 * A deletion widened to its whole line when nothing but blanks would remain there, so that
 * removing `meta_join;` or a pragma does not leave an empty line behind.
 */
function removeStatement(text, span) {
    const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
    let lineEnd = text.indexOf('\n', span.end);
    if (lineEnd < 0)
        lineEnd = text.length;
    const before = text.slice(lineStart, span.start);
    const after = text.slice(span.end, lineEnd);
    if (/^\s*$/.test(before) && /^\s*$/.test(after)) {
        return (0, exports.remove)({ start: lineStart, end: Math.min(text.length, lineEnd + 1) });
    }
    // Keep one separator when the statement sat between other code on the line.
    let end = span.end;
    while (end < lineEnd && (text[end] === ' ' || text[end] === '\t'))
        end++;
    return (0, exports.remove)({ start: span.start, end });
}
/** The end of a keyword plus the blanks after it on the same line. */
function withTrailingBlanks(text, end) {
    while (end < text.length && (text[end] === ' ' || text[end] === '\t'))
        end++;
    return end;
}
/** Offsets between a text and the text its edits make (a translation stage's output mapped back to
 * its input; where a tiled nest's schedule stands in the tiled file). */
class OffsetMap {
    pieces = [];
    constructor(edits) {
        const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
        let delta = 0;
        for (const e of sorted) {
            this.pieces.push({
                outStart: e.start + delta,
                outEnd: e.start + delta + e.newText.length,
                inStart: e.start,
                inEnd: e.end,
                edit: e,
            });
            delta += e.newText.length - (e.end - e.start);
        }
    }
    /** Where an edit's new text stands in the output. */
    output(edit) {
        const p = this.pieces.find(x => x.edit === edit);
        return p && { start: p.outStart, end: p.outEnd };
    }
    /**
     * Where a span of the input ends up in the output; edits touching it are inside it, and so are
     * insertions where an edit reaching past its end ends (a join a construct's translation writes
     * after the line it rewrote).
     */
    forward(span) {
        const shift = (x) => this.pieces.reduce((d, p) => (p.inEnd <= x ? d + (p.outEnd - p.outStart) - (p.inEnd - p.inStart) : d), 0);
        let start = span.start + shift(span.start), end = span.end + shift(span.end);
        let reach = span.end;
        for (const p of this.pieces) {
            if (p.inStart > reach || p.inEnd < span.start)
                continue;
            start = Math.min(start, p.outStart);
            // An end inside an edit's input is the end of its output (the shift left the edit out).
            end = p.inStart < span.end && span.end < p.inEnd ? p.outEnd : Math.max(end, p.outEnd);
            reach = Math.max(reach, p.inEnd);
        }
        return { start, end };
    }
    back(offset) {
        let delta = 0;
        for (const p of this.pieces) {
            if (offset < p.outStart)
                break;
            if (offset < p.outEnd)
                return p.inStart;
            delta = p.outEnd - p.inEnd;
        }
        return offset - delta;
    }
    /** `back` for the end of a span: an offset inside an edit's new text maps to the end of what the
     * edit replaced, so that a span of the new text covers the input it came from. */
    backEnd(offset) {
        const p = this.pieces.find(x => x.outStart < offset && offset < x.outEnd);
        return p ? p.inEnd : this.back(offset);
    }
}
exports.OffsetMap = OffsetMap;
/** The lengths of the longest common prefix of `a` and `b` and of the longest common suffix of
 * what is left: compared a block at a time (string equality is a memory comparison), then by
 * character within the block that differs. */
function commonEnds(a, b) {
    const BLOCK = 1024;
    const shortest = Math.min(a.length, b.length);
    let prefix = 0;
    while (prefix + BLOCK <= shortest && a.slice(prefix, prefix + BLOCK) === b.slice(prefix, prefix + BLOCK))
        prefix += BLOCK;
    while (prefix < shortest && a.charCodeAt(prefix) === b.charCodeAt(prefix))
        prefix++;
    const room = shortest - prefix;
    let suffix = 0;
    while (suffix + BLOCK <= room && a.slice(a.length - suffix - BLOCK, a.length - suffix) === b.slice(b.length - suffix - BLOCK, b.length - suffix))
        suffix += BLOCK;
    while (suffix < room && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix))
        suffix++;
    return { prefix, suffix };
}
//# sourceMappingURL=edits.js.map