"use strict";
// An edit of the user's text preprocessed in step with the result before it: where every edited
// line is plain text the preprocessor only copies (no directive but a `#pragma`, no name that is a
// macro anywhere in the unit, no comment or splice reaching across lines, nothing blanked or
// expanded there), the result of a fresh run is the earlier one with the same edits made to its
// analysed text and everything after them moved. A keystroke in a 10,000-line file that includes a
// header or defines a macro, and a translation stage's edits, then cost no run of the whole file.
// Anything else runs the preprocessor again: a result in step is exactly what a fresh run gives
// (test/unit/preprocessIncremental checks that on every edit it tries).
Object.defineProperty(exports, "__esModule", { value: true });
exports.preprocessEdited = preprocessEdited;
exports.inStep = inStep;
const edits_1 = require("../base/edits");
const sourcemap_1 = require("../base/sourcemap");
const engine_1 = require("./engine");
const index_1 = require("./index");
/** The unit of `source`, `before`'s text after `edits` (sorted, apart; offsets of `before.source`;
 * found by comparing the texts when not given). */
function preprocessEdited(before, source, options, edits) {
    return inStep(before, source, options, edits) ?? (0, index_1.preprocess)(source, options);
}
/** `preprocessEdited`'s result made in step, or undefined where the preprocessor must run. */
function inStep(before, source, options, edits) {
    const reading = before.reading;
    if (!reading)
        return undefined;
    // A header saved since (or one appearing where none was found) may read otherwise.
    const files = options.files ?? engine_1.DISK;
    for (const [path, text] of reading.files)
        if (files.read(path) !== text)
            return undefined;
    const list = edits ?? differenceOf(before.source, source);
    if (!list || !describes(list, before.source, source))
        return undefined;
    if (list.length === 0)
        return before;
    const groups = lineGroups(list, before.source);
    const defines = (options.flags?.defines ?? []).map(([spec]) => spec.replace(/\(.*$/, ''));
    let newlines = 0;
    for (const g of groups) {
        const edited = (0, edits_1.applyEdits)(g.text, g.edits.map(e => ({ ...e, start: e.start - g.start, end: e.end - g.start })));
        if (!plain(g.text, reading.macroNames, defines) || !plain(edited, reading.macroNames, defines))
            return undefined;
        if (!plainAround(before, g, edited))
            return undefined;
        newlines += count(edited, '\n') - count(g.text, '\n');
    }
    if (newlines !== 0 && reading.readsLines)
        return undefined;
    return moved(before, source, list);
}
/** The one stretch where two texts differ, as an edit of the first. */
function differenceOf(a, b) {
    if (a === b)
        return [];
    const { prefix, suffix } = (0, edits_1.commonEnds)(a, b);
    return [{ start: prefix, end: a.length - suffix, newText: b.slice(prefix, b.length - suffix) }];
}
/** Whether `edits` (sorted, apart) make `before` into `after`. */
function describes(edits, before, after) {
    let delta = 0, at = 0;
    for (const e of edits) {
        if (e.start < at || e.end < e.start || e.end > before.length)
            return false;
        if (after.slice(e.start + delta, e.start + delta + e.newText.length) !== e.newText)
            return false;
        delta += e.newText.length - (e.end - e.start);
        at = e.end;
    }
    return before.length + delta === after.length;
}
function lineGroups(edits, source) {
    const out = [];
    for (const e of edits) {
        const start = source.lastIndexOf('\n', e.start - 1) + 1;
        const newline = source.indexOf('\n', e.end);
        const end = newline < 0 ? source.length : newline;
        const last = out[out.length - 1];
        if (last && start <= last.end) {
            last.end = Math.max(last.end, end);
            last.edits.push(e);
        }
        else
            out.push({ start, end, edits: [e], text: '' });
    }
    for (const g of out)
        g.text = source.slice(g.start, g.end);
    return out;
}
const PRAGMA = /^[ \t]*(?:#|%:)[ \t]*pragma\b/;
const ONCE = /^[ \t]*(?:#|%:)[ \t]*pragma[ \t]+once\b/;
const DIRECTIVE = /^[ \t]*(?:#|%:)/;
const WORD = /[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*/g;
/**
 * Whether lines are text the preprocessor copies as they are wherever they stand in the active
 * code: no directive but a `#pragma` (other than `once`: the others change nothing it keeps), no
 * splice, no comment that could reach over a line, and no word (in code, a comment or a string
 * alike) that is a macro's name anywhere in the unit or names a `-D` macro.
 */
function plain(lines, macroNames, defines) {
    if (lines.includes('\\') || lines.includes('/*') || lines.includes('*/') || lines.includes('??'))
        return false;
    for (const line of lines.split('\n'))
        if (DIRECTIVE.test(line) && (!PRAGMA.test(line) || ONCE.test(line)))
            return false;
    for (const [word] of lines.matchAll(WORD))
        if (macroNames.has(word))
            return false;
    return !defines.some(name => lines.includes(name));
}
/**
 * Whether what stands around a group of lines leaves them read as lines of their own in the active
 * code, before and after the edit: nothing the preprocessor blanked, expanded or reported on there;
 * not inside a block comment or continued from the line before; and no `(` first in them (or first
 * after them, where they hold no token), which a function-like macro's name before them would take
 * for its arguments.
 */
function plainAround(before, g, edited) {
    const source = before.source;
    const touches = (s) => s.start <= g.end && s.end >= g.start;
    if (before.map.segments.some(s => touches(s.source)))
        return false;
    if (before.diagnostics.some(touches) || before.uses.some(u => touches(u.source)))
        return false;
    const open = g.start >= 2 ? source.lastIndexOf('/*', g.start - 2) : -1;
    const close = g.start >= 2 ? source.lastIndexOf('*/', g.start - 2) : -1;
    if (open >= 0 && close < open + 2)
        return false;
    if (/\\\r?\n$/.test(source.slice(Math.max(0, g.start - 3), g.start)))
        return false;
    const after = () => {
        const found = firstToken(source.slice(g.end, g.end + 4096));
        return found === null && g.end + 4096 < source.length ? undefined : found;
    };
    for (const lines of [g.text, edited]) {
        let first = firstToken(lines);
        if (first === null)
            first = after();
        if (first === undefined || first === '(')
            return false;
    }
    return true;
}
/** The first character of the first token of `lines` (a line comment is none); null where they hold
 * none; undefined where that cannot be told (a block comment first). */
function firstToken(lines) {
    for (const line of lines.split('\n')) {
        const text = line.trimStart();
        if (text === '' || text.startsWith('//'))
            continue;
        return text.startsWith('/*') ? undefined : text[0];
    }
    return null;
}
function count(text, c) {
    let n = 0;
    for (let i = text.indexOf(c); i >= 0; i = text.indexOf(c, i + 1))
        n++;
    return n;
}
/** `before` with `edits` made to both its texts and everything after them moved. */
function moved(before, source, edits) {
    const map = before.map;
    // Every edit lies in text copied as it is: the same edit of the analysed text, at its place there.
    const textEdits = edits.map(e => ({ start: map.offsetToText(e.start), end: map.offsetToText(e.end), newText: e.newText }));
    const inSource = shifter(edits);
    const inText = shifter(textEdits);
    const span = (s, at) => ({ start: at(s.start), end: at(s.end) });
    const segments = map.segments.map(s => ({
        ...s, text: span(s.text, inText), source: span(s.source, inSource),
        ...(s.args ? { args: s.args.map(a => ({ text: span(a.text, inText), source: span(a.source, inSource) })) } : {}),
    }));
    const definitions = new Map();
    const definition = (d) => {
        if (d.file !== undefined)
            return d;
        let moved = definitions.get(d);
        if (!moved)
            definitions.set(d, (moved = { ...d, span: span(d.span, inSource) }));
        return moved;
    };
    const text = (0, edits_1.applyEdits)(before.text, textEdits);
    return {
        ...before,
        source,
        text,
        map: new sourcemap_1.SourceMap(text, source, segments),
        macros: new Map([...before.macros].map(([name, d]) => [name, definition(d)])),
        uses: before.uses.map(u => ({ ...u, definition: definition(u.definition), source: span(u.source, inSource), text: span(u.text, inText) })),
        includes: before.includes.map(l => ({ ...l, span: span(l.span, inSource) })),
        headers: before.headers.map(h => ({ ...h, includedAt: span(h.includedAt, inSource) })),
        inactive: before.inactive.map(s => span(s, inSource)),
        openmpConditionals: before.openmpConditionals.map(c => ({ ...c, lines: c.lines.map(l => span(l, inSource)) })),
        diagnostics: before.diagnostics.map(d => ({ ...d, ...span(d, inSource) })),
    };
}
/** An offset outside every edit, where it lands after them. */
function shifter(edits) {
    const ends = edits.map(e => e.end);
    const deltas = [];
    let delta = 0;
    for (const e of edits)
        deltas.push((delta += e.newText.length - (e.end - e.start)));
    return offset => {
        // The last edit ending at or before the offset.
        let lo = 0, hi = ends.length;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (ends[mid] <= offset)
                lo = mid + 1;
            else
                hi = mid;
        }
        return offset + (lo > 0 ? deltas[lo - 1] : 0);
    };
}
//# sourceMappingURL=incremental.js.map