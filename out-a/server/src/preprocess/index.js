"use strict";
// The C preprocessor, as far as the analyses need it: `#include` resolved (headers read and
// preprocessed, the C library's headers known from a table), macros defined, undefined and
// expanded, `#if` groups evaluated. Its output is the text the parser and every analysis read,
// with a map back to the user's text (base/sourcemap).
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.preprocess = preprocess;
exports.sameReading = sameReading;
const diagnostic_1 = require("../base/diagnostic");
const engine_1 = require("./engine");
__exportStar(require("./types"), exports);
/** The unit as the analyses read it. Never throws. */
function preprocess(source, options = {}) {
    try {
        return (0, engine_1.runPreprocessor)(source, options);
    }
    catch (e) {
        // A fault of the preprocessor itself: the analyses read the text as written.
        return (0, engine_1.asWritten)(source, {
            diagnostics: [(0, diagnostic_1.diagnostic)('MF100', { start: 0, end: 0 }, `preprocessor failed: ${e.message}`)],
        });
    }
}
/** Whether two readings of one text are the same: every header, macro, constant and conditional the
 * analyses see (a version read with `b`'s headers would be the one read with `a`'s). */
function sameReading(a, b) {
    const plain = (u) => JSON.stringify([
        u.source, u.text, u.map.segments, [...u.constants], [...u.macros], u.uses, u.includes, u.systemHeaders, u.headers, u.inactive,
        u.openmpConditionals, u.dependencies, u.diagnostics,
    ]);
    return a === b || (a.text === b.text && plain(a) === plain(b));
}
//# sourceMappingURL=index.js.map