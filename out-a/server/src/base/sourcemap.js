"use strict";
// The user's text and the text the analyses read (the preprocessor's output: macros expanded,
// inactive groups and conditional lines blanked) side by side. Both are cut into the same
// sequence of segments: a verbatim segment is the same characters in both; a blank one is text the
// analyses read otherwise, at the same length: a conditional directive or an inactive group blanked
// (newlines kept), or what the grammars cannot read there (syntax/parser `analysed`); an expansion is a macro use in the user's text and what it expands to. The headers the
// file includes follow the file's own text (one `header` segment, standing for nothing of the
// user's text), so that their declarations are parsed with the file's and their offsets are the
// model's.
//
// The analyses speak in offsets of the analysed text. Diagnostics go back to the user's text
// through `toSource`; a transform's edits go back through `render`/`apply`, which keep every
// macro use and conditional line an edit leaves alone as the user wrote it.
Object.defineProperty(exports, "__esModule", { value: true });
exports.SourceMap = exports.SourceConflict = void 0;
const edits_1 = require("./edits");
/** Raised when a transform's edit would change text the user did not write as it reads (part of a
 * blanked conditional or inactive group): the transform refuses instead of losing that text. */
class SourceConflict extends Error {
    span;
    segment;
    constructor(span, segment) {
        super('the edit changes a conditional directive or an inactive group');
        this.span = span;
        this.segment = segment;
    }
}
exports.SourceConflict = SourceConflict;
class SourceMap {
    text;
    source;
    /** Segments in order; they tile both texts. Only the non-verbatim ones are stored. */
    special;
    constructor(text, source, segments = []) {
        this.text = text;
        this.source = source;
        this.special = segments.filter(s => s.kind !== 'verbatim');
    }
    /** The map of a text that needed no preprocessing: both texts are the same. */
    static identity(text) { return new SourceMap(text, text); }
    get isIdentity() { return this.special.length === 0; }
    /** Where the file's own text ends in the analysed text (the headers' text follows). */
    get fileEnd() {
        const last = this.special[this.special.length - 1];
        return last?.kind === 'header' ? last.text.start : this.text.length;
    }
    /** The analysed text of the file itself, without the headers after it. */
    get fileText() {
        const end = this.fileEnd;
        return end === this.text.length ? this.text : this.text.slice(0, end);
    }
    /** The macro uses and blanked stretches, in order. */
    get segments() { return this.special; }
    /** The last special segment starting at or before `offset` of the analysed text (`side`: of the
     * user's text), or -1. */
    indexAt(offset, side = 'text') {
        let lo = 0, hi = this.special.length - 1, found = -1;
        while (lo <= hi) {
            const mid = (lo + hi) >> 1;
            if (this.special[mid][side].start <= offset) {
                found = mid;
                lo = mid + 1;
            }
            else
                hi = mid - 1;
        }
        return found;
    }
    /** An offset of the analysed text in the user's text. Inside an expansion (not in one of its
     * arguments) it is the use's start, or its end for the end of a span (`end`). */
    offsetToSource(offset, end = false) {
        const i = this.indexAt(offset);
        if (i < 0)
            return offset;
        const s = this.special[i];
        if (s.kind === 'header')
            return s.source.start;
        if (offset >= s.text.end)
            return s.source.end + (offset - s.text.end);
        if (s.kind === 'blank')
            return s.source.start + (offset - s.text.start);
        for (const a of s.args ?? []) {
            if (a.text.start <= offset && offset <= a.text.end)
                return a.source.start + (offset - a.text.start);
        }
        return end ? s.source.end : s.source.start;
    }
    /** A span of the analysed text in the user's text (a span inside a macro's own text: the use). */
    toSource(span) {
        if (this.isIdentity)
            return span;
        // A span that starts in a macro argument and reaches past it covers the use from its start.
        const i = this.indexAt(span.start);
        const s = i >= 0 ? this.special[i] : undefined;
        const arg = s?.kind === 'expansion' && span.start < s.text.end
            ? s.args?.find(a => a.text.start <= span.start && span.start <= a.text.end) : undefined;
        const start = arg && span.end > arg.text.end ? s.source.start : this.offsetToSource(span.start);
        const end = Math.max(start, this.offsetToSource(span.end, span.end > span.start));
        return { start, end };
    }
    /** An offset of the user's text in the analysed text (inside a use: the start of its expansion,
     * or the argument character it was copied to). */
    offsetToText(offset) {
        if (this.isIdentity)
            return offset;
        const found = this.indexAt(offset, 'source');
        if (found < 0)
            return offset;
        const s = this.special[found];
        if (offset >= s.source.end)
            return s.text.end + (offset - s.source.end);
        if (s.kind === 'blank')
            return s.text.start + (offset - s.source.start);
        for (const a of s.args ?? []) {
            if (a.source.start <= offset && offset < a.source.end)
                return a.text.start + (offset - a.source.start);
        }
        return s.text.start;
    }
    /** A span of the user's text in the analysed text. */
    toText(span) {
        return this.isIdentity ? span : { ...span, start: this.offsetToText(span.start), end: this.offsetToText(span.end) };
    }
    /**
     * The text of `span` (of the analysed text) with `edits` applied, written the way the user wrote
     * it: a macro use or a blanked stretch no edit touches is its source text. A touched expansion is
     * rendered expanded (still correct code). `keep` may refuse to keep a use (a kernel that does not
     * have the variables a macro names). A blanked stretch an edit touches raises `SourceConflict`.
     */
    render(span, edits = [], keep = () => true, written) {
        const slice = this.text.slice(span.start, span.end);
        if (this.isIdentity)
            return (0, edits_1.applyEdits)(slice, shift(edits, span.start));
        const restored = [];
        for (let i = Math.max(0, this.indexAt(span.start)); i < this.special.length; i++) {
            const s = this.special[i];
            if (s.text.start >= span.end)
                break;
            if (s.text.end <= span.start)
                continue;
            const whole = span.start <= s.text.start && s.text.end <= span.end;
            const touching = edits.find(e => touches(e, s.text));
            if (s.kind === 'header') {
                if (touching || !whole)
                    throw new SourceConflict(touching ?? span, s);
                restored.push({ ...s.text, newText: '' });
            }
            else if (s.kind === 'blank') {
                if (!whole)
                    throw new SourceConflict(span, s);
                if (touching)
                    this.keepsBlank(touching, s, written);
                else {
                    restored.push({ ...s.text, newText: this.source.slice(s.source.start, s.source.end) });
                    written?.add(s);
                }
            }
            else if (whole && !touching && keep(s)) {
                restored.push({ ...s.text, newText: this.source.slice(s.source.start, s.source.end) });
            }
        }
        return (0, edits_1.applyEdits)(slice, shift([...edits, ...restored], span.start));
    }
    /** The user's text with `edits` (of the analysed text) applied. */
    apply(edits, keep, written) {
        return this.render({ start: 0, end: this.text.length }, edits, keep, written);
    }
    /** Edits of the analysed text as edits of the user's text: an edit reaching into a macro use
     * replaces the whole use (with what is left of its expansion around the edit). */
    toSourceEdits(edits, written) {
        if (this.isIdentity)
            return [...edits];
        const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
        const out = [];
        for (let i = 0; i < sorted.length;) {
            // The hull of the edits that reach into the same segments.
            const hull = this.widened(sorted[i], written);
            const group = [sorted[i++]];
            while (i < sorted.length && sorted[i].start < hull.end) {
                const next = this.widened(sorted[i], written);
                hull.end = Math.max(hull.end, next.end);
                group.push(sorted[i++]);
            }
            const simple = group.length === 1 && hull.start === group[0].start && hull.end === group[0].end;
            out.push({
                start: this.offsetToSource(hull.start),
                end: this.offsetToSource(hull.end, hull.end > hull.start),
                newText: simple ? group[0].newText : this.render(hull, group, undefined, written),
            });
        }
        return out;
    }
    /** An edit may replace a blanked stretch only whole, and with its text in the new text (a construct
     * rewritten around an `#ifdef` keeps it) or `written` elsewhere by the same transform (a kernel's
     * body moved out of its host function); otherwise the user's lines would be lost. */
    keepsBlank(e, s, written) {
        const whole = e.start <= s.text.start && s.text.end <= e.end;
        // Re-indented lines still count: a directive may stand at any indentation.
        const dedent = (t) => t.replace(/^[ \t]+/gm, '');
        const kept = written?.has(s) || dedent(e.newText).includes(dedent(this.source.slice(s.source.start, s.source.end)));
        if (!whole || !kept)
            throw new SourceConflict(e, s);
    }
    /** An edit's span widened to the whole expansions it reaches into. */
    widened(e, written) {
        let { start, end } = e;
        for (let i = Math.max(0, this.indexAt(start)); i < this.special.length; i++) {
            const s = this.special[i];
            if (s.text.start > end)
                break;
            if (!touches(e, s.text))
                continue;
            if (s.kind === 'header')
                throw new SourceConflict(e, s);
            if (s.kind === 'blank') {
                this.keepsBlank(e, s, written);
                continue;
            }
            start = Math.min(start, s.text.start);
            end = Math.max(end, s.text.end);
        }
        return { start, end };
    }
}
exports.SourceMap = SourceMap;
/** Whether an edit changes anything inside `span` (an insertion at either end does not). */
function touches(e, span) {
    if (e.start === e.end)
        return span.start < e.start && e.start < span.end;
    return e.start < span.end && e.end > span.start;
}
function shift(edits, by) {
    return by === 0 ? [...edits] : edits.map(e => ({ start: e.start - by, end: e.end - by, newText: e.newText }));
}
//# sourceMappingURL=sourcemap.js.map