"use strict";
// Shared test helpers: analysis of inline sources and positions found by substring.
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
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.fixture = exports.ROOT = void 0;
exports.checkSource = checkSource;
exports.offsetOf = offsetOf;
exports.spanOf = spanOf;
exports.summarize = summarize;
const path = __importStar(require("path"));
const index_1 = require("../server/src/checks/index");
exports.ROOT = path.resolve(__dirname, '..', '..');
const fixture = (...parts) => path.join(exports.ROOT, 'test', 'fixtures', ...parts);
exports.fixture = fixture;
async function checkSource(text, fileName = 'test.mfc') {
    return (0, index_1.checkText)(text, fileName);
}
/** Offset of the `occurrence`-th (1-based) appearance of `needle`; throws when absent. */
function offsetOf(text, needle, occurrence = 1) {
    let at = -1;
    for (let i = 0; i < occurrence; i++) {
        at = text.indexOf(needle, at + 1);
        if (at < 0)
            throw new Error(`'${needle}' (occurrence ${occurrence}) not found`);
    }
    return at;
}
/** The span of a substring, for asserting diagnostic ranges. */
function spanOf(text, needle, occurrence = 1) {
    const start = offsetOf(text, needle, occurrence);
    return { start, end: start + needle.length };
}
/** Diagnostics reduced to what tests compare: code, the text they cover, the message. */
function summarize(text, diagnostics) {
    return diagnostics.map(d => ({ code: d.code, text: text.slice(d.start, d.end), message: d.message }));
}
//# sourceMappingURL=helpers.js.map