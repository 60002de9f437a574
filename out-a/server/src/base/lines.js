"use strict";
// Offsets <-> LSP positions (0-based line, UTF-16 character), by binary search on line starts.
// Lines end at \n, \r\n or a lone \r, as LSP counts them.
Object.defineProperty(exports, "__esModule", { value: true });
exports.LineIndex = void 0;
/** Lines of the user's text. With a `map`, `position` and `offset` speak the analysed text's offsets
 * (the model's), and `sourcePosition` the user's own. */
class LineIndex {
    text;
    map;
    starts = [0];
    constructor(text, map) {
        this.text = text;
        this.map = map;
        if (map?.isIdentity)
            this.map = undefined;
        if (!text.includes('\r')) {
            for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1))
                this.starts.push(i + 1);
            return;
        }
        for (const m of text.matchAll(/\r\n?|\n/g))
            this.starts.push(m.index + m[0].length);
    }
    /** The position of an offset (of the analysed text, with a map); `end`: the offset ends a span (inside a
     * macro use, the position after the use). */
    position(offset, end = false) {
        return this.sourcePosition(this.map ? this.map.offsetToSource(offset, end) : offset);
    }
    sourcePosition(offset) {
        let lo = 0, hi = this.starts.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (this.starts[mid] <= offset)
                lo = mid;
            else
                hi = mid - 1;
        }
        return { line: lo, character: offset - this.starts[lo] };
    }
    /** The offset of a position (in the analysed text, with a map). */
    offset(p) {
        const offset = this.sourceOffset(p);
        return this.map ? this.map.offsetToText(offset) : offset;
    }
    sourceOffset(p) {
        if (p.line >= this.starts.length)
            return this.text.length;
        const start = this.starts[Math.min(Math.max(p.line, 0), this.starts.length - 1)];
        // The end of the line, before its terminator: a position past it stays on the line.
        let end = p.line + 1 < this.starts.length ? this.starts[p.line + 1] - 1 : this.text.length;
        if (end > start && this.text[end] === '\n' && this.text[end - 1] === '\r')
            end--;
        return Math.min(start + Math.max(p.character, 0), end);
    }
    get lineCount() { return this.starts.length; }
}
exports.LineIndex = LineIndex;
//# sourceMappingURL=lines.js.map