"use strict";
// The two resource counters of the thesis's implementation, evaluated on a
// case's program: shared-memory words per thread block, a polynomial in the program parameters
// from the generator's own tiles (so the constraint is about the kernel that is really printed),
// and registers per thread: measured by compiling the case with `nvcc --resource-usage` (./registers.ts:
// cached on disk by the device code's text, taken now or in the background), estimated from the
// kernels' representation otherwise (../cost/registers.ts), or given by the caller (tests inject
// the thesis's numbers).
Object.defineProperty(exports, "__esModule", { value: true });
exports.measure = measure;
const index_1 = require("../checks/index");
const index_2 = require("../cuda/index");
const footprint_1 = require("../cuda/footprint");
const kernel_1 = require("../cuda/kernel");
const registers_1 = require("../cost/registers");
const counts_1 = require("../cost/counts");
const poly_1 = require("../symbolic/poly");
const constructs_1 = require("../model/constructs");
const constraints_1 = require("./constraints");
const registers_2 = require("./registers");
/** A tile's words: elements × size / 4, plus 3 for the rounding of its bytes up to 16. */
function boxWords(t) {
    const count = t.extent.reduce((a, e) => a.mul(e), poly_1.Poly.constant(1));
    const size = (0, kernel_1.elementBytes)(t.array.element);
    return count.scale((0, poly_1.rational)(size, 4)).add(poly_1.Poly.constant(3));
}
/** The larger of some word counts when one is provably the largest, else their sum (a bound). */
function largest(words, domains) {
    const max = words.find(p => words.every(q => (0, constraints_1.provablyNonNegative)(p.sub(q), domains)));
    return max ?? words.reduce((a, b) => a.add(b), poly_1.Poly.ZERO);
}
/** A kernel's words, laid out as the generator lays them out (the two sides of a uniform branch
 * share their words). */
function kernelWords(boxes, domains) {
    const sum = (ts) => ts.reduce((a, t) => a.add(boxWords(t)), poly_1.Poly.ZERO);
    return (0, footprint_1.boxLayout)(boxes).reduce((a, unit) => a.add('box' in unit ? boxWords(unit.box) : largest([sum(unit.then), sum(unit.otherwise)], domains)), poly_1.Poly.ZERO);
}
/** The words a launch needs: the larger kernel's. */
function scheduleWords(boxes, domains) {
    return boxes.length ? largest(boxes.map(ts => kernelWords(ts, domains)), domains) : poly_1.Poly.ZERO;
}
async function measure(src, program, registers, domains, kernelSuffix = '') {
    const analysis = await (0, index_1.checkText)(program.text, src.fileName, src.context);
    try {
        const schedule = (0, index_2.schedulesOf)(analysis.model)[src.ordinal];
        const pieces = (0, index_2.schedulePieces)(analysis.model, analysis.diagnostics, (0, constructs_1.constructSpan)(schedule), { kernelSuffix });
        const words = scheduleWords(pieces.boxes, domains);
        const boxes = pieces.boxes.flatMap(ts => ts.map(t => {
            const side = (0, footprint_1.boxCondition)(t);
            return `shared_${t.id}: ${t.extent.map(e => e.toMath()).join(' × ')} ${t.array.element}${side ? ` when ${side}` : ''}`;
        }));
        let count, by;
        if (typeof registers === 'function') {
            count = registers(program.variant);
            by = 'given';
        }
        else {
            const nvcc = registers === 'estimate' || registers === 'cached' ? undefined
                : typeof registers === 'object' ? registers.nvcc : (0, registers_2.nvccPath)();
            const whole = registers === 'estimate' ? undefined : (0, index_2.cudaFromModel)(analysis.model, analysis.diagnostics).text;
            const read = pieces.read?.read.kernels ?? [];
            // The whole file is generated without the suffix: its kernels keep their plain names.
            const names = read.map(k => (0, kernel_1.kernelName)({ ...k, suffix: undefined }));
            let measured = whole ? (0, registers_2.cachedRegisters)(whole, names) : undefined;
            let pending = false;
            if (measured === undefined && nvcc && whole) {
                if (registers === 'auto') {
                    (0, registers_2.registersInBackground)(nvcc, whole, names);
                    pending = true;
                }
                else {
                    measured = await (0, registers_2.nvccRegisters)(nvcc, whole, names);
                }
            }
            if (measured !== undefined) {
                count = measured;
                by = 'nvcc';
            }
            else {
                const r = pieces.read;
                count = Math.max(...read.map((k, i) => (0, registers_1.estimateRegisters)(k, r.model.text, r.boxes[i])), 0);
                by = pending ? 'estimate, nvcc pending' : 'estimate';
            }
        }
        const read = pieces.read;
        const launches = read
            ? read.read.kernels.map((k, i) => ({
                counts: (0, counts_1.countKernel)(read.model, k, read.boxes[i], read.read.schedule.region),
                boxes: read.boxes[i],
            }))
            : [];
        return {
            registers: count,
            registersBy: by,
            sharedWords: words,
            boxes,
            kernels: pieces.kernels,
            host: pieces.host,
            staged: pieces.staged,
            diagnostics: pieces.diagnostics,
            launches,
        };
    }
    finally {
        analysis.syntax.dispose();
    }
}
//# sourceMappingURL=counters.js.map