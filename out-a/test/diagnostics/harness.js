"use strict";
// Table-driven harness for the diagnostics suite: each case is a deliberately wrong program
// and the one diagnostic it must produce (code, severity, message, covered text, data).
// Ranges are always found by substring in the source, never written as offsets.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.spanIn = spanIn;
exports.checkCase = checkCase;
exports.runCases = runCases;
exports.runClean = runClean;
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/checks/index");
const codes_1 = require("../../server/src/base/codes");
/** The span of `needle`'s `occurrence`-th appearance at or after the start of `after`. */
function spanIn(source, needle, occurrence = 1, after) {
    let at = after === undefined ? -1 : (0, helpers_1.offsetOf)(source, after) - 1;
    for (let i = 0; i < occurrence; i++) {
        at = source.indexOf(needle, at + 1);
        if (at < 0)
            throw new Error(`'${needle}' (occurrence ${occurrence}${after ? ` after '${after}'` : ''}) not found`);
    }
    return { start: at, end: at + needle.length };
}
function describe(source, diagnostics) {
    return JSON.stringify((0, helpers_1.summarize)(source, diagnostics), null, 1);
}
async function checkCase(c) {
    // On the user's text, as the editor and the command line show them.
    const diagnostics = (0, index_1.reported)(await (0, helpers_1.checkSource)(c.source, c.file ?? 'test.mfc'));
    const all = describe(c.source, diagnostics);
    const span = spanIn(c.source, c.covers, c.occurrence, c.after);
    const ofCode = diagnostics.filter(d => d.code === c.code);
    strict_1.default.equal(ofCode.length, c.count ?? 1, `number of ${c.code} diagnostics; got ${all}`);
    const hits = ofCode.filter(d => d.start === span.start && d.end === span.end);
    strict_1.default.equal(hits.length, 1, `exactly one ${c.code} covering '${c.covers}' at ${span.start}-${span.end}; got ${all}`);
    const d = hits[0];
    strict_1.default.equal(c.source.slice(d.start, d.end), c.covers);
    strict_1.default.equal(d.severity, codes_1.CODES[c.code].severity, `severity of ${c.code}`);
    if (typeof c.message === 'string')
        strict_1.default.equal(d.message, c.message);
    else
        strict_1.default.match(d.message, c.message);
    if (c.data === null)
        strict_1.default.equal(d.data, undefined, `${c.code} should carry no data`);
    else if (c.data !== undefined) {
        const expected = typeof c.data === 'function' ? c.data(c.source) : c.data;
        strict_1.default.deepEqual(d.data, expected);
    }
    const allowed = new Set([c.code, ...(c.also ?? [])]);
    const otherErrors = diagnostics.filter(x => x.severity === 'error' && !allowed.has(x.code));
    strict_1.default.deepEqual((0, helpers_1.summarize)(c.source, otherErrors), [], 'no other errors expected');
    const forbidden = diagnostics.filter(x => c.absent?.includes(x.code));
    strict_1.default.deepEqual((0, helpers_1.summarize)(c.source, forbidden), [], `none of ${c.absent?.join(', ')} expected`);
    for (const extra of c.also ?? []) {
        strict_1.default.ok(diagnostics.some(x => x.code === extra), `listed extra code ${extra} should appear; got ${all}`);
    }
    return d;
}
/** One `test()` per case. */
function runCases(cases) {
    for (const c of cases) {
        (0, node_test_1.test)(`${c.code} ${c.name}`, c.todo ? { todo: c.todo } : {}, async () => { await checkCase(c); });
    }
}
/** Valid programs that must yield no diagnostic at all (of any severity). */
function runClean(cases) {
    for (const c of cases) {
        (0, node_test_1.test)(`no false positive: ${c.name}`, c.todo ? { todo: c.todo } : {}, async () => {
            const diagnostics = (0, index_1.reported)(await (0, helpers_1.checkSource)(c.source, c.file ?? 'test.mfc'));
            strict_1.default.deepEqual((0, helpers_1.summarize)(c.source, diagnostics), []);
        });
    }
}
//# sourceMappingURL=harness.js.map