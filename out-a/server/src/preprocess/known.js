"use strict";
// Whether an angled header name no `-I` folder holds is the system's. The system's headers are
// never read (what the C library and the runtimes declare is known from preprocess/system), and
// whether one exists is the compiler's installation's business, not the program's: every such name
// is taken as the system's. A header the table does not list is "open" for the checks (it may
// declare anything), so reading it as known never makes a false error.
Object.defineProperty(exports, "__esModule", { value: true });
exports.isKnownSystemHeader = isKnownSystemHeader;
/** Whether `<name>` is taken as a system header (always: see above). */
function isKnownSystemHeader(_name) {
    return true;
}
//# sourceMappingURL=known.js.map