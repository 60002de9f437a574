"use strict";
// All diagnostics of a document. Each top-level item is analysed on its own; results are
// cached by (item text, file-scope signature) with offsets (ranges and the offsets in `data`)
// relative to the item, so after an edit only the edited item is analysed again. A result whose
// message cites a line is reused only at the same line: a cached result is exactly what a fresh
// analysis gives.
Object.defineProperty(exports, "__esModule", { value: true });
exports.diagnoseDocument = diagnoseDocument;
const document_1 = require("../model/document");
const pragma_1 = require("../syntax/pragma");
const controlFlow_1 = require("./controlFlow");
const diagnostic_1 = require("../base/diagnostic");
const lines_1 = require("../base/lines");
const stack_1 = require("../base/stack");
const loops_1 = require("./loops");
const names_1 = require("./names");
const schedule_1 = require("./schedule");
const sharing_1 = require("./sharing");
const syntaxErrors_1 = require("./syntaxErrors");
/** Problems the syntax layer and the construct builder found. */
function directiveDiagnostics(model) {
    const out = [];
    for (const d of model.directives)
        for (const p of d.problems)
            out.push((0, diagnostic_1.diagnostic)(p.code, p.span, p.message, p.data));
    for (const k of model.keywords) {
        for (const u of k.unknownClauses) {
            out.push((0, diagnostic_1.diagnostic)('MF205', u.nameSpan, `unknown clause '${u.name}' on '${k.spelling}'; did you mean '${u.suggestion}'?`, { replace: u.name, with: u.suggestion }));
        }
        for (const c of k.clauses) {
            if (c.unterminated)
                out.push((0, diagnostic_1.diagnostic)('MF203', c.nameSpan, `missing ')' to close '${c.name}('`));
            else if (c.items.length === 0)
                out.push((0, diagnostic_1.diagnostic)('MF203', c, `'${c.name}(...)' needs at least one variable`));
            if (c.name === 'reduction' && !c.operator)
                out.push((0, diagnostic_1.diagnostic)('MF203', c, `'reduction' needs an operator: 'reduction(+: ${c.argsText.trim()})'`));
        }
    }
    for (const p of model.problems)
        out.push((0, diagnostic_1.diagnostic)(p.code, p.span, p.message, p.data));
    return out;
}
const CHECKS = [
    m => (0, syntaxErrors_1.syntaxDiagnostics)(m.item, m.text),
    directiveDiagnostics,
    loops_1.loopDiagnostics,
    controlFlow_1.branchDiagnostics,
    controlFlow_1.unjoinedSpawnDiagnostics,
    sharing_1.clauseVariableDiagnostics,
    sharing_1.privateWriteDiagnostics,
    sharing_1.raceDiagnostics,
    sharing_1.spawnArgumentDiagnostics,
    sharing_1.defaultNoneDiagnostics,
    schedule_1.scheduleDiagnostics,
    names_1.nameDiagnostics,
];
/** Checks whose every finding is a warning (MF314, MF403, MF406): a transform, which stops only at
 * errors (checks/index `blocking`), does without them. */
const ADVISORY = new Set([controlFlow_1.unjoinedSpawnDiagnostics, sharing_1.raceDiagnostics, sharing_1.spawnArgumentDiagnostics]);
function diagnoseItem(model, names, blockingOnly) {
    const out = [];
    const incomplete = () => (0, diagnostic_1.diagnostic)('MF100', { start: model.item.start, end: Math.min(model.item.end, model.item.start + 1) }, 'this code is nested too deeply to be analysed completely; some checks were skipped');
    if (model.incomplete)
        out.push(incomplete());
    for (const check of CHECKS) {
        if (blockingOnly && ADVISORY.has(check))
            continue;
        try {
            out.push(...check(model, names));
        }
        catch (e) {
            // Pathological input (e.g. thousands of nested blocks) must degrade, never crash.
            if (!(0, stack_1.isStackExhausted)(e))
                throw e;
            if (!model.incomplete)
                out.push(incomplete());
            break;
        }
    }
    // Nested constructs can find the same problem twice (a race seen from both loops of a nest).
    const seen = new Set();
    return out.filter(d => {
        const key = `${d.code}:${d.start}:${d.end}:${d.message}`;
        return seen.has(key) ? false : (seen.add(key), true);
    }).sort((a, b) => a.start - b.start || a.end - b.end);
}
/** Beyond this many, a document is more noise than code (binary junk): the rest are counted, and
 * one MF100 at the first of them says how many were left out. */
const MAX_DIAGNOSTICS = 1000;
/** `until`: only the items that start before this offset (a large file's first publication);
 * `blockingOnly`: without the advisory checks (a transform's check). */
function diagnoseDocument(doc, previous, until = Infinity, blockingOnly = false) {
    // What the name check reads of the whole file (includes, macros, prototypes) is part of the key,
    // and so is which checks ran.
    const names = (0, names_1.nameContext)(doc, previous?.names);
    const signature = `${doc.fileScope.signature}\n${names.signature}${blockingOnly ? '\nblocking only' : ''}`;
    const cache = { signature, items: new Map(), names: names.memo };
    const reusable = previous?.signature === signature ? previous.items : undefined;
    const diagnostics = [];
    const text = doc.text;
    let lines;
    const lineOf = (offset) => (lines ??= new lines_1.LineIndex(text)).position(offset).line;
    doc.items.forEach((ref, i) => {
        if (ref.start >= until)
            return;
        // The item's keywords and pragma lines may reach past its node (a clause being typed after a
        // syntax error): what they cover belongs to the key too.
        let end = ref.end;
        for (const k of (0, document_1.inSpan)(doc.syntax.layer.keywords, ref))
            end = Math.max(end, k.headEnd);
        for (const p of (0, document_1.inSpan)(doc.syntax.layer.pragmas, ref))
            end = Math.max(end, p.end);
        const key = text.slice(ref.start, end);
        let entry = cache.items.get(key) ?? reusable?.get(key);
        if (entry?.line !== undefined && entry.line !== lineOf(ref.start))
            entry = undefined;
        if (!entry) {
            const found = diagnoseItem(doc.item(i), names, blockingOnly);
            entry = { diagnostics: found.map(d => (0, diagnostic_1.shifted)(d, -ref.start)) };
            if (found.some(d => diagnostic_1.CITES_LINE.has(d.code)))
                entry.line = lineOf(ref.start);
        }
        cache.items.set(key, entry);
        for (const d of entry.diagnostics)
            diagnostics.push((0, diagnostic_1.shifted)(d, ref.start));
    });
    // Pragmas outside every item (between top-level nodes) still get their directive checks.
    for (const line of doc.orphanTokens().pragmas) {
        if (line.start >= until)
            continue;
        const d = (0, pragma_1.parsePragma)(line);
        if (d)
            for (const p of d.problems)
                diagnostics.push((0, diagnostic_1.diagnostic)(p.code, p.span, p.message, p.data));
    }
    return { diagnostics: capped(diagnostics), cache };
}
/** The first MAX_DIAGNOSTICS diagnostics in the order of the text, and a note of how many more. */
function capped(diagnostics) {
    if (diagnostics.length <= MAX_DIAGNOSTICS)
        return diagnostics;
    const sorted = [...diagnostics].sort((a, b) => a.start - b.start);
    const first = sorted[MAX_DIAGNOSTICS];
    const more = sorted.length - MAX_DIAGNOSTICS;
    return [
        ...sorted.slice(0, MAX_DIAGNOSTICS),
        (0, diagnostic_1.diagnostic)('MF100', { start: first.start, end: first.start }, `${more} more diagnostic${more === 1 ? '' : 's'} from here on not shown: only the first ${MAX_DIAGNOSTICS} are (is this a C file?)`),
    ];
}
//# sourceMappingURL=diagnose.js.map