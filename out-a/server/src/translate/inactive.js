"use strict";
// Parallel constructs in the groups of `#if`s that the file's reading leaves out (`#ifdef USE_CILK`
// with no `-D USE_CILK`): no stage sees them, so a translation keeps them as written. Said, since the
// program built with that macro would run them untranslated (an OpenMP pragma a Cilk compiler
// ignores runs serially; a Cilk keyword an OpenMP compiler does not know does not build).
Object.defineProperty(exports, "__esModule", { value: true });
exports.untranslatedGroups = untranslatedGroups;
const diagnostic_1 = require("../base/diagnostic");
const dialects_1 = require("../../../shared/dialects");
const dialects_2 = require("../base/dialects");
const keywords_1 = require("../syntax/keywords");
const pragma_1 = require("../syntax/pragma");
/**
 * A warning (MF612, on the user's text) at the first construct of each inactive group that holds
 * constructs of a dialect other than `to`, naming the directive that leaves the group out. `skip`:
 * groups the translation handles otherwise (the `_OPENMP` chains, translate/index `keepOpenmpGroups`).
 */
function untranslatedGroups(unit, to, skip) {
    const out = [];
    for (const group of unit.inactive) {
        if (skip.some(s => s.start <= group.start && group.end <= s.end))
            continue;
        const text = unit.source.slice(group.start, group.end);
        if (!/cilk|meta_|#\s*pragma/.test(text))
            continue;
        const layer = (0, keywords_1.scanKeywords)(text);
        const found = [
            ...layer.keywords.map(k => ({ span: k, dialect: dialects_2.DIALECT_OF[k.keyword] })),
            ...layer.pragmas.flatMap(p => {
                const family = (0, pragma_1.pragmaFamily)(p);
                return family ? [{ span: p, dialect: (0, pragma_1.familyDialect)(family) }] : [];
            }),
        ].filter(f => f.dialect !== to).sort((a, b) => a.span.start - b.span.start);
        if (!found.length)
            continue;
        const dialects = [...new Set(found.map(f => dialects_1.DIALECT_LABELS[f.dialect]))].join(' and ');
        const first = found[0].span;
        const directive = directiveBefore(unit.source, group.start);
        const name = directive && /^#\s*(?:ifdef|(?:el)?if\s*(?:defined\b\s*\(?)?)\s*([A-Za-z_]\w*)\s*\)?\s*$/.exec(directive)?.[1];
        out.push((0, diagnostic_1.diagnostic)('MF612', { start: group.start + first.start, end: group.start + first.end }, `not translated: ${directive ? `'${directive}'` : 'a conditional directive'} leaves this group out as the file is read, so its ${dialects} ${found.length === 1 ? 'construct stays' : 'constructs stay'} as written; with ${name && name !== 'defined' ? `-D ${name}` : 'the flags that make it active'} the group is read and translated`));
    }
    return out;
}
/** The conditional directive line right before a group (`#ifdef USE_CILK`), if it is one. */
function directiveBefore(source, groupStart) {
    const lineStart = source.lastIndexOf('\n', groupStart - 2) + 1;
    const line = source.slice(lineStart, groupStart).trim();
    return /^#\s*(?:if|ifdef|ifndef|elif|elifdef|elifndef|else)\b/.test(line) ? line : undefined;
}
//# sourceMappingURL=inactive.js.map