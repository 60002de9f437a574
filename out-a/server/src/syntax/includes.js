"use strict";
// `#include` lines: the translators add and drop system headers (omp.h, cilk/cilk.h, string.h)
// and the elision drops the CilkPlus ones. Text-level on purpose: an include can sit anywhere,
// and the parser's view of preprocessor lines adds nothing here.
Object.defineProperty(exports, "__esModule", { value: true });
exports.includeLines = includeLines;
exports.systemIncludes = systemIncludes;
exports.afterIncludes = afterIncludes;
exports.includeEdit = includeEdit;
exports.includeEditIn = includeEditIn;
exports.afterIncludesIn = afterIncludesIn;
const DIRECTIVE = /^[ \t]*#[ \t]*(\w+)[^\n]*\n?/gm;
const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\n]*)[>"]/;
/** Every `#include` line of the text, each span with its newline. */
function includeLines(text) {
    return scan(text).includes;
}
/** The `#include <header>` lines whose header passes `test`. */
function systemIncludes(text, test) {
    return includeLines(text).filter(l => l.system && test(l.header));
}
/**
 * Where a new line goes after the includes: after the last `#include` outside any `#if`, or after
 * the `#endif` that closes the conditional group of a later one (a line added after an include
 * under `#ifdef __cilk` would vanish with it); 0 when there is no include.
 */
function afterIncludes(text) {
    return scan(text).after;
}
function scan(text) {
    // A stage asks for each header it adds, twice each, of one text: read once.
    if (text !== scanned.text)
        scanned = { text, result: scanText(text) };
    return scanned.result;
}
let scanned = { text: '', result: { includes: [], after: 0 } };
function scanText(text) {
    const includes = [];
    let depth = 0, after = 0, pending = false;
    for (const m of text.matchAll(DIRECTIVE)) {
        const directive = m[1], end = m.index + m[0].length;
        if (directive === 'if' || directive === 'ifdef' || directive === 'ifndef')
            depth++;
        else if (directive === 'endif' && depth > 0 && --depth === 0 && pending) {
            after = end;
            pending = false;
        }
        else if (directive === 'include') {
            const inc = INCLUDE.exec(m[0]);
            if (inc)
                includes.push({ start: m.index, end, header: inc[2].trim(), system: inc[1] === '<', conditional: depth > 0 });
            if (depth === 0)
                after = end;
            else
                pending = true;
        }
    }
    return { includes, after };
}
/** Adds `#include <header>` after the file's last top-of-file include (or at the start). */
function includeEdit(text, header) {
    if (includeLines(text).some(l => l.system && l.header === header && !l.conditional))
        return undefined;
    const at = afterIncludes(text);
    const line = `#include <${header}>\n`;
    if (at > 0 && !text.slice(0, at).endsWith('\n'))
        return { start: at, end: at, newText: '\n' + line };
    return { start: at, end: at, newText: line };
}
/** `includeEdit` read on the user's text (where the conditional groups are: the analysed text has
 * them blank) and placed in the analysed text. */
function includeEditIn(map, header) {
    const e = includeEdit(map.source, header);
    if (!e)
        return undefined;
    const at = map.toText(e);
    // Between two conditional chains (`#endif` then `#if`): their lines are one blanked stretch, which
    // no edit may enter; the line goes after the stretch, where the next text starts.
    const blank = map.segments.find(s => s.kind === 'blank' && s.text.start < at.start && at.start < s.text.end);
    if (!blank)
        return at;
    const end = blank.text.end + (map.text[blank.text.end] === '\n' ? 1 : 0);
    return { start: end, end, newText: at.newText.replace(/^\n/, '') };
}
/** `afterIncludes` of the user's text, as an offset of the analysed text. */
function afterIncludesIn(map) {
    return map.offsetToText(afterIncludes(map.source));
}
//# sourceMappingURL=includes.js.map