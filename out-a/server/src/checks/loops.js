"use strict";
// The canonical-form checks of parallel loops (MF301-MF304): `meta_for`, `cilk_for`,
// `#pragma mf parallel for` and OpenMP loop directives; the form itself is model/loops.
Object.defineProperty(exports, "__esModule", { value: true });
exports.loopDiagnostics = loopDiagnostics;
const constructs_1 = require("../model/constructs");
const loops_1 = require("../model/loops");
const diagnostic_1 = require("../base/diagnostic");
function loopDiagnostics(model) {
    const out = [];
    for (const c of model.constructs) {
        // A C++ range-based for loop is canonical by definition (OpenMP 5.2 §4.4.1).
        if (!(0, constructs_1.isParallelLoop)(c) || !c.loop || c.loop.type === 'for_range_loop')
            continue;
        const { problem } = (0, loops_1.canonicalHeader)(c.loop, model.text);
        if (problem)
            out.push((0, diagnostic_1.diagnostic)(problem.code, problem.node, `${labelFor(c)}: ${problem.message}`, { construct: (0, constructs_1.constructLabel)(c) }));
    }
    return out;
}
function labelFor(c) {
    return `non-canonical '${(0, constructs_1.constructLabel)(c)}' loop`;
}
//# sourceMappingURL=loops.js.map