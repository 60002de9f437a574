"use strict";
// Inactive regions: the groups an `#if` leaves out, sent after each check for the editor to grey
// out, as clangd does.
Object.defineProperty(exports, "__esModule", { value: true });
exports.inactiveRegions = inactiveRegions;
const convert_1 = require("../convert");
function inactiveRegions(state) {
    const ranges = state.checked.syntax.unit.inactive.map(span => (0, convert_1.sourceRangeOf)(state.lines, span));
    return { uri: state.uri, version: state.version, ranges };
}
//# sourceMappingURL=inactiveRegions.js.map