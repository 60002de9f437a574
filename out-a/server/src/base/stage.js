"use strict";
// The edit collector of one transform over one text (a translation stage, the CUDA generator,
// an optimizer variant): its edits, its findings, the headers its output needs. An outer
// construct renders its body with the inner constructs already transformed (inner first, as
// the thesis's translators do).
Object.defineProperty(exports, "__esModule", { value: true });
exports.Stage = void 0;
const diagnostic_1 = require("./diagnostic");
const layout_1 = require("./layout");
/** The edits and findings of one translation stage over one text. */
class Stage {
    map;
    partial;
    written;
    edits = [];
    diagnostics = [];
    /** Includes the output needs (`<string.h>` for memcpy, ...). */
    includes = new Set();
    /** `map`: the analysed text the edits are on, and the user's text they are written back to.
     * `partial`: only some constructs are translated (a quick fix), so the rest of the file still
     * needs what the source dialect needs (its headers). */
    constructor(map, partial = false, 
    /** The conditional lines its renders wrote out (they may leave the place an edit rewrites);
     * shared with the stages that print pieces of the same output (a kernel). */
    written = new Set()) {
        this.map = map;
        this.partial = partial;
        this.written = written;
    }
    /** The analysed text: every edit's offsets are in it. */
    get text() { return this.map.text; }
    edit(e) { this.edits.push(e); }
    unitOfText;
    /** The text's indentation unit (read once: a stage asks for it at every construct). */
    get unit() { return this.unitOfText ??= (0, layout_1.indentUnit)(this.map.fileText); }
    /**
     * The text of `span` with the edits inside it applied, written as the user wrote it (macro uses
     * no edit touches stay uses); those edits are consumed (an outer construct renders its body
     * first, then adds its own edits around it).
     */
    render(span) {
        const inside = [];
        for (let i = this.edits.length - 1; i >= 0; i--) {
            const e = this.edits[i];
            if (e.start >= span.start && e.end <= span.end) {
                inside.unshift(e);
                this.edits.splice(i, 1);
            }
        }
        return this.map.render(span, inside, undefined, this.written);
    }
    /** The user's text with this stage's edits applied. */
    output(extra = []) {
        return this.map.apply([...extra, ...this.edits], undefined, this.written);
    }
    refuse(code, span, message, data) {
        this.diagnostics.push((0, diagnostic_1.diagnostic)(code, span, message, data));
    }
    /** A finding that is not a refusal (a warning, or what the stage did beyond its constructs). */
    report(code, span, message) {
        this.diagnostics.push((0, diagnostic_1.diagnostic)(code, span, message));
    }
    note(span, message) {
        this.diagnostics.push((0, diagnostic_1.diagnostic)('MF604', span, message));
    }
    get failed() { return this.diagnostics.some(d => d.severity === 'error'); }
}
exports.Stage = Stage;
//# sourceMappingURL=stage.js.map