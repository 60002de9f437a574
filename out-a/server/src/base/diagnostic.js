"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CITES_LINE = void 0;
exports.shifted = shifted;
exports.inSource = inSource;
exports.conflictDiagnostic = conflictDiagnostic;
exports.diagnostic = diagnostic;
exports.toLsp = toLsp;
const codes_1 = require("./codes");
/** The `data` fields that hold offsets in the text (where a quick fix edits, the spawn a message
 * cites). Like the range, they move with the item when an edit above it shifts it. */
const DATA_OFFSETS = ['at', 'spawn'];
/** Codes whose message cites a line number (MF314: the spawn's line), which an inserted line above
 * the item changes while its text stays the same. */
exports.CITES_LINE = new Set(['MF314']);
/** The diagnostic moved by `delta` characters: its range and the offsets in its data. */
function shifted(d, delta) {
    const moved = { ...d, start: d.start + delta, end: d.end + delta };
    if (d.data && DATA_OFFSETS.some(k => typeof d.data[k] === 'number')) {
        const data = { ...d.data };
        for (const k of DATA_OFFSETS)
            if (typeof data[k] === 'number')
                data[k] = data[k] + delta;
        moved.data = data;
    }
    return moved;
}
/** A diagnostic on the analysed text moved to the user's text: its range and the offsets in its data. */
function inSource(d, map) {
    if (map.isIdentity)
        return d;
    const moved = { ...d, ...map.toSource(d) };
    if (d.data && DATA_OFFSETS.some(k => typeof d.data[k] === 'number')) {
        const data = { ...d.data };
        for (const k of DATA_OFFSETS)
            if (typeof data[k] === 'number')
                data[k] = map.offsetToSource(data[k]);
        moved.data = data;
    }
    return moved;
}
/** A transform's refusal to rewrite what the user wrote around a conditional directive. */
function conflictDiagnostic(e) {
    return diagnostic('MF114', e.span, 'this rewrite would change a conditional directive (#if, #ifdef, #else, #endif) or the lines it ' +
        'leaves inactive; move the directive out of the construct, or translate by hand');
}
function diagnostic(code, span, message, data) {
    return { code, severity: codes_1.CODES[code].severity, message, start: span.start, end: span.end, ...(data ? { data } : {}) };
}
const LSP_SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 };
function toLsp(d, lines) {
    const start = lines.position(d.start);
    return {
        range: { start, end: lines.position(d.end, d.end > d.start) }, severity: LSP_SEVERITY[d.severity], code: d.code,
        source: 'metafork', message: d.message, ...(d.data ? { data: d.data } : {}), line: start.line + 1,
    };
}
//# sourceMappingURL=diagnostic.js.map