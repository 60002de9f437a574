"use strict";
// A stretch of the user's text: offsets in UTF-16 code units, as LSP counts them. Every layer
// speaks in spans; positions (line, character) are made from them only at the edges.
Object.defineProperty(exports, "__esModule", { value: true });
exports.within = within;
/** `s` lies inside `outer`. */
function within(s, outer) { return outer.start <= s.start && s.end <= outer.end; }
//# sourceMappingURL=span.js.map