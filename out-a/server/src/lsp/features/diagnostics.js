"use strict";
// Diagnostics: published for each analysed version (the store publishes once per burst of
// changes), and cleared when the document closes.
Object.defineProperty(exports, "__esModule", { value: true });
exports.published = published;
exports.cleared = cleared;
const convert_1 = require("../convert");
function published(state) {
    const diagnostics = (0, convert_1.lspDiagnostics)(state.checked.diagnostics, state.lines);
    return { uri: state.uri, version: state.version, diagnostics };
}
/** What a closed document shows: nothing. */
function cleared(uri) {
    return { uri, diagnostics: [] };
}
//# sourceMappingURL=diagnostics.js.map