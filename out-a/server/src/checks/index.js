"use strict";
// Checking a document: text in, its model and diagnostics out. The command line, the server,
// the transforms (which refuse input with errors) and the tests all start here.
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseText = parseText;
exports.checkSyntax = checkSyntax;
exports.checkBeginning = checkBeginning;
exports.checkText = checkText;
exports.reported = reported;
exports.blocking = blocking;
const diagnose_1 = require("./diagnose");
const diagnostic_1 = require("../base/diagnostic");
const document_1 = require("../model/document");
const parser_1 = require("../syntax/parser");
async function parseText(text, fileName, language, context) {
    const grammars = await (0, parser_1.loadGrammars)();
    return parser_1.SyntaxDocument.parse(grammars, text, language ?? (0, parser_1.detectLanguage)(fileName, text), fileName, context);
}
/** Model and diagnostics of a parsed document; `previous` re-uses results for unchanged items;
 * `blockingOnly`: all the findings that are `blocking`, and not every warning (a transform's check). */
function checkSyntax(syntax, previous, blockingOnly = false) {
    const model = document_1.DocumentModel.build(syntax, previous?.model);
    const { diagnostics, cache } = (0, diagnose_1.diagnoseDocument)(model, previous?.cache, Infinity, blockingOnly);
    const { unit, map } = syntax;
    // The preprocessor reports on the user's text; the model's diagnostics are on the analysed text.
    const preprocessing = unit.diagnostics.map(d => map.toText(d));
    return { syntax, model, diagnostics: preprocessing.length ? [...preprocessing, ...diagnostics] : diagnostics, cache };
}
/**
 * A large file's first diagnostics: those of its top (up to `until` and on to the end of the item
 * there, what an editor shows when it opens it), read from a tree of that part and of the headers
 * alone, without parsing the rest. In C what an item means does not depend on what follows it, but
 * for the names a later declaration may yet give (MF120-MF122): the items with such a finding on a
 * name the rest of the file names too are left to the whole check. C++ (calls bind by the parameter
 * lists of callees defined anywhere) and a top that does not end where an item does (a `}` line at
 * column 0) are read whole, and only the items before `until` checked. The result's `syntax` is
 * this document's or its own (a prefix's, to be disposed of).
 */
function checkBeginning(syntax, until) {
    const top = syntax.language === 'c' ? readTop(syntax, until) : undefined;
    const model = document_1.DocumentModel.build(top?.syntax ?? syntax);
    const end = top?.end ?? until;
    const { diagnostics, cache } = (0, diagnose_1.diagnoseDocument)(model, undefined, end);
    const preprocessing = syntax.unit.diagnostics.map(d => syntax.map.toText(d)).filter(d => d.start < end);
    const kept = top ? decided(model, diagnostics, syntax.text.slice(end, syntax.map.fileEnd)) : diagnostics;
    return { syntax: model.syntax, model, diagnostics: [...preprocessing, ...kept], cache };
}
/** Findings a later declaration in the file may change, at the name: a name declared nowhere before
 * (MF120), a function called before any declaration (MF121), a call with another count of arguments
 * (MF122). */
const UNDECIDED_BY_TOP = new Set(['MF120', 'MF121', 'MF122']);
/** The diagnostics of a top but those of its items with a finding on a name the rest of the file
 * (`rest`) names too: it may declare it there. */
function decided(model, diagnostics, rest) {
    const withheld = new Set();
    for (const d of diagnostics) {
        if (!UNDECIDED_BY_TOP.has(d.code))
            continue;
        const name = model.text.slice(d.start, d.end);
        if (!/^[A-Za-z_]\w*$/.test(name) || new RegExp(`\\b${name}\\b`).test(rest))
            withheld.add(model.itemIndexAt(d.start));
    }
    return withheld.size ? diagnostics.filter(d => !withheld.has(model.itemIndexAt(d.start))) : diagnostics;
}
/** The file read up to the end of the first item that ends at or after `until` (a line `}` or `};` at
 * column 0) and its headers; undefined where there is no such end before the file's, or the last
 * item read is not whole (such a line inside a function, or a syntax error there). */
function readTop(syntax, until) {
    const { text } = syntax;
    const fileEnd = syntax.map.fileEnd;
    for (let at = text.indexOf('\n}', until - 1); at >= 0; at = text.indexOf('\n}', at + 1)) {
        const lineEnd = text.indexOf('\n', at + 1);
        if (lineEnd < 0 || lineEnd + 1 >= fileEnd)
            return undefined;
        if (!/^\}\s*;?\s*$/.test(text.slice(at + 1, lineEnd)))
            continue;
        const end = lineEnd + 1;
        const top = syntax.prefix(end);
        const items = top.topLevelNodes().filter(n => n.startIndex < end);
        if (items.length && !items[items.length - 1].hasError)
            return { syntax: top, end };
        top.dispose();
        return undefined;
    }
    return undefined;
}
async function checkText(text, fileName, context) {
    return checkSyntax(await parseText(text, fileName, undefined, context));
}
/** The diagnostics of a check on the user's text (the model's offsets are the analysed text's). */
function reported(checked) {
    const { map } = checked.syntax;
    return map.isIdentity ? checked.diagnostics : checked.diagnostics.map(d => (0, diagnostic_1.inSource)(d, map));
}
/** Errors a transform refuses its input for: all but those of a program that is not whole (a name
 * declared nowhere, a call with the wrong count), which a fragment's translation or tiling does not
 * need — those transforms name what they cannot see themselves. */
function blocking(d) {
    return d.severity === 'error' && d.code !== 'MF120' && d.code !== 'MF122';
}
//# sourceMappingURL=index.js.map