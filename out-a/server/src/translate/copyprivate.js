"use strict";
// `single copyprivate(x)` in an SPMD region (./spmd): the single runs once, between the loops over
// thread ids, and its value of each listed private variable becomes every thread's (OpenMP 5.2
// §5.7.2). It is kept in a shared copy declared with the region, which each later loop over
// thread ids reads into its declaration of the variable.
Object.defineProperty(exports, "__esModule", { value: true });
exports.copiesOf = copiesOf;
exports.readCopies = readCopies;
const scopes_1 = require("../model/scopes");
const declarations_1 = require("../model/declarations");
const span_1 = require("../base/span");
const refusal = (k, v, why) => ({
    span: k.clauses.find(cl => cl.name === 'copyprivate'),
    message: `'copyprivate(${v.name})': ${why}`,
    data: { construct: 'copyprivate', variable: v.name },
});
/**
 * The copies of the single `k`, or why not: each listed variable is a scalar private to each
 * thread, only read after the single (so every later reader sees the single's value), and not used
 * before it.
 */
function copiesOf(model, k, listed, threadVariables, fresh) {
    const stmt = k.statement;
    const out = [];
    for (const v of listed) {
        if (!threadVariables.includes(v))
            return refusal(k, v, 'it is not private to each thread');
        if (v.shape !== 'value')
            return refusal(k, v, 'only a scalar is copied to every thread here');
        for (const r of model.scopes.references.filter(x => x.variable === v && !(0, span_1.within)(x.span, stmt))) {
            if ((0, span_1.within)(r.span, v.span))
                continue; // its declaration
            if (r.span.start < stmt.start)
                return refusal(k, v, 'it is used before the single');
            if ((0, scopes_1.changesVariable)(r))
                return refusal(k, v, 'it is written after the single');
        }
        out.push({ variable: v, shared: fresh(`mf_copy_${v.name}`), single: k });
    }
    return out;
}
/**
 * Each later loop over thread ids that reads a copied variable declares it with the single's
 * value (assigns it, when the region's `private` clause declares it already); code run once
 * between loops cannot read it.
 */
function readCopies(model, copies, segments, listedPrivate) {
    const text = model.text;
    for (const copy of copies) {
        const v = copy.variable;
        const after = segments.filter(s => s.units[0].span.start >= copy.single.statement.end);
        for (const s of after) {
            const reads = model.scopes.references.some(r => r.variable === v && s.units.some(u => (0, span_1.within)(r.span, u.span)));
            if (!reads)
                continue;
            if (s.kind !== 'team')
                return refusal(copy.single, v, 'it is read in code that runs once after the single');
            const text2 = listedPrivate(v)
                ? `${v.name} = ${copy.shared};`
                : `${(0, declarations_1.declarationFor)(v, text, v.name)} = ${copy.shared};`;
            s.redeclared.push({ variable: v, text: text2 });
        }
    }
    return undefined;
}
//# sourceMappingURL=copyprivate.js.map