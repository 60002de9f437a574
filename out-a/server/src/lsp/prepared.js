"use strict";
// The worker's copy of the document it last worked on, parsed and modelled: the server asks for it
// when a large document settles (`prepare` jobs), and each later job on that document brings it to
// the new version by an incremental re-parse. A translation then starts from it instead of parsing
// and modelling the whole file again (3,000 lines: about half of a translation's time). One
// document only: it is the one being edited, and a copy of each would double the server's memory.
Object.defineProperty(exports, "__esModule", { value: true });
exports.PreparedDocument = void 0;
const parser_1 = require("../syntax/parser");
const document_1 = require("../model/document");
const index_1 = require("../translate/index");
class PreparedDocument {
    held;
    /**
     * The version of `text`, built from the one held where it is the same document (re-used as it is
     * for the same text where the analysis is the same or its headers read the same; otherwise they are
     * read again). It stays held: the caller must not dispose of it.
     */
    async version(key, analysis, text, context) {
        const held = this.held;
        const same = !!held && held.key.uri === key.uri && held.key.fileName === key.fileName && held.key.flags === key.flags;
        if (same && held.version.syntax.source === text) {
            if (held.analysis === analysis)
                return held.version;
            // Another analysis of the same text (the server checked it again: a header saved, settings
            // changed): the version held stands where the headers still read the same.
            if (held.version.syntax.readsAsBefore(context.files)) {
                held.analysis = analysis;
                return held.version;
            }
        }
        // The functions an edit left as they were are copied from the version held, not read from the tree.
        const syntax = same
            ? held.version.syntax.update(text, undefined, true)
            : parser_1.SyntaxDocument.parse(await (0, parser_1.loadGrammars)(), text, (0, parser_1.detectLanguage)(key.fileName, text), key.fileName, context);
        // Its converted nodes kept for the translation's stages to copy (set before any is converted).
        syntax.reusable = true;
        const model = document_1.DocumentModel.build(syntax, same ? held.version.model : undefined);
        // The item models every translation reads first (its source dialects).
        (0, index_1.dialectsOf)(model);
        syntax.forgetEarlier();
        held?.version.syntax.dispose();
        this.held = { key, analysis, version: { syntax, model } };
        return this.held.version;
    }
    /** Lets the document go (closed in the editor): its tree and models are most of the worker's memory. */
    forget(uri) {
        if (this.held?.key.uri !== uri)
            return;
        this.held.version.syntax.dispose();
        this.held = undefined;
    }
}
exports.PreparedDocument = PreparedDocument;
//# sourceMappingURL=prepared.js.map