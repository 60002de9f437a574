"use strict";
// Parser for `#pragma omp|mf|meta|cilk` lines: directive name, clauses and their
// variable lists, each with its exact span in the user's text.
Object.defineProperty(exports, "__esModule", { value: true });
exports.pragmaFamily = pragmaFamily;
exports.familyDialect = familyDialect;
exports.parsePragma = parsePragma;
exports.fromKeywordClause = fromKeywordClause;
const keywords_1 = require("./keywords");
const openmp_1 = require("./openmp");
const clauseText_1 = require("./clauseText");
/** MetaFork and Cilk pragma directives: name -> clauses (Chen 2017 Ch. 6, Table 6.1/6.2). */
const MF_DIRECTIVES = new Map([
    ['fork', ['shared']], ['parallel for', ['reduction']], ['join', []], ['schedule', ['cache']],
]);
const CILK_DIRECTIVES = new Map([
    ['spawn', []], ['sync', []], ['parallel for', []], ['grainsize', []],
]);
const META_DIRECTIVES = new Map([['grainsize', []]]);
const STANDALONE = new Set(['mf join', 'cilk sync', 'cilk grainsize', 'meta grainsize']);
const TABLES = {
    omp: openmp_1.OMP_DIRECTIVES, mf: MF_DIRECTIVES, cilk: CILK_DIRECTIVES, meta: META_DIRECTIVES,
};
/** Every clause name a family knows, to tell "unknown" (MF202) from "not valid here" (MF204). */
const KNOWN_CLAUSES = {
    omp: openmp_1.OMP_CLAUSES,
    mf: new Set([...MF_DIRECTIVES.values()].flat()),
    cilk: new Set([...CILK_DIRECTIVES.values()].flat()),
    meta: new Set([...META_DIRECTIVES.values()].flat()),
};
const FAMILY_WORDS = { omp: 'omp', mf: 'mf', meta: 'meta', cilk: 'cilk' };
class Cursor {
    text;
    i;
    base;
    constructor(text, i, base) {
        this.text = text;
        this.i = i;
        this.base = base;
    }
    // A pragma's text is one logical line; a newline left in it is a blanked multi-line comment.
    skip() { while (this.i < this.text.length && /[\s,]/.test(this.text[this.i]))
        this.i++; }
    skipBlanks() { while (this.i < this.text.length && /[ \t\r\n\f\v]/.test(this.text[this.i]))
        this.i++; }
    ident() {
        const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.i));
        if (!m)
            return undefined;
        const id = { name: m[0], start: this.base + this.i, end: this.base + this.i + m[0].length };
        this.i += m[0].length;
        return id;
    }
    peekIdent() { return /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.i))?.[0]; }
    get done() { return this.i >= this.text.length; }
    get char() { return this.text[this.i]; }
    abs(i = this.i) { return this.base + i; }
}
/** Parses `(...)` at the cursor; returns its inner text and span, or a problem when unbalanced. */
function readParens(cur) {
    const open = cur.i;
    let depth = 0;
    for (let j = open; j < cur.text.length; j++) {
        if (cur.text[j] === '"')
            j = (0, clauseText_1.closingQuote)(cur.text, j); // `message("a (b")`
        else if (cur.text[j] === '(')
            depth++;
        else if (cur.text[j] === ')' && --depth === 0) {
            cur.i = j + 1;
            return { text: cur.text.slice(open + 1, j), span: { start: cur.abs(open + 1), end: cur.abs(j) }, closed: true };
        }
    }
    cur.i = cur.text.length;
    return {
        text: cur.text.slice(open + 1),
        span: { start: cur.abs(open + 1), end: cur.abs(cur.text.length) },
        closed: false,
    };
}
/** Returns the family of a pragma line, or undefined for pragmas of other tools (`once`, `GCC`...). */
function pragmaFamily(line) {
    const m = /^#\s*pragma\s+([A-Za-z_]+)/.exec(line.text);
    return m ? FAMILY_WORDS[m[1]] : undefined;
}
/** The dialect a family's constructs belong to (`mf` and `meta` are MetaFork's). */
function familyDialect(family) {
    return family === 'omp' ? 'openmp' : family === 'cilk' ? 'cilkplus' : 'metafork';
}
function parsePragma(line) {
    const head = /^#\s*pragma\s+([A-Za-z_]+)/.exec(line.text);
    const family = head && FAMILY_WORDS[head[1]];
    if (!head || !family)
        return undefined;
    const cur = new Cursor(line.text, head[0].length, line.start);
    const table = TABLES[family];
    const directive = {
        family, name: '', nameSpan: { start: line.start, end: line.start }, clauses: [], problems: [],
        standalone: false, start: line.start, end: line.end,
    };
    // Longest directive name made of the following words.
    cur.skipBlanks();
    const nameStart = cur.i;
    const words = [];
    let matched = 0;
    let matchedEnd = cur.i;
    for (;;) {
        cur.skipBlanks();
        const w = cur.ident();
        if (!w)
            break;
        words.push(w);
        const candidate = words.map(x => x.name).join(' ');
        if (table.has(candidate)) {
            matched = words.length;
            matchedEnd = cur.i;
        }
        if (![...table.keys()].some(k => (k + ' ').startsWith(candidate + ' ')))
            break;
    }
    if (matched === 0) {
        directive.problems.push(unknownDirective(line, family, table, words));
        const first = words[0];
        directive.name = first?.name ?? '';
        directive.nameSpan = first ? { start: first.start, end: first.end } : { start: line.start, end: line.end };
        return directive;
    }
    directive.name = words.slice(0, matched).map(w => w.name).join(' ');
    directive.nameSpan = { start: line.start + nameStart, end: line.start + matchedEnd };
    cur.i = matchedEnd;
    directive.standalone =
        family === 'omp' ? openmp_1.OMP_STANDALONE.has(directive.name) : STANDALONE.has(`${family} ${directive.name}`);
    if (directive.name === 'grainsize') {
        // `#pragma meta grainsize = e`, `#pragma cilk grainsize [=] e`.
        cur.skipBlanks();
        if (cur.char === '=')
            cur.i++;
        cur.skipBlanks();
        const text = line.text.slice(cur.i).trim();
        const span = { start: cur.abs(), end: cur.abs() + text.length };
        if (!text)
            directive.problems.push({
                code: 'MF203',
                message: `'#pragma ${family} grainsize' needs an expression, e.g. '#pragma ${family} grainsize = 64'`,
                span: directive.nameSpan,
            });
        directive.argument = {
            text,
            span,
            items: (0, keywords_1.identList)(line.text, cur.i, cur.i + text.length).map(id => shift(id, line.start)),
        };
        return directive;
    }
    if (family === 'omp' && openmp_1.OMP_DIRECTIVE_ARGUMENT.has(directive.name)) {
        cur.skipBlanks();
        if (cur.char === '(') {
            const p = readParens(cur);
            directive.argument = {
                text: p.text,
                span: p.span,
                items: (0, keywords_1.identList)(line.text, p.span.start - line.start, p.span.end - line.start).map(id => shift(id, line.start)),
            };
            if (!p.closed)
                directive.problems.push({ code: 'MF203', message: `missing ')' after '${directive.name}('`, span: p.span });
        }
    }
    const allowed = table.get(directive.name) ?? [];
    const known = KNOWN_CLAUSES[family];
    for (;;) {
        cur.skip();
        if (cur.done)
            break;
        const name = cur.ident();
        if (!name) {
            const bad = cur.i++; // at least one character: the loop must advance
            while (!cur.done && !/[\s,]/.test(cur.char))
                cur.i++;
            directive.problems.push({
                code: 'MF203',
                message: `unexpected '${line.text.slice(bad, cur.i)}' in '#pragma ${family} ${directive.name}'`,
                span: { start: cur.abs(bad), end: cur.abs() },
            });
            continue;
        }
        cur.skipBlanks();
        const clause = {
            name: name.name,
            nameSpan: { start: name.start, end: name.end },
            start: name.start,
            end: name.end,
            items: [],
        };
        if (cur.char === '(') {
            const p = readParens(cur);
            clause.args = { text: p.text, span: p.span };
            clause.end = p.closed ? p.span.end + 1 : p.span.end;
            if (!p.closed)
                directive.problems.push({
                    code: 'MF203',
                    message: `missing ')' to close '${name.name}('`,
                    span: { start: name.start, end: p.span.end },
                });
            parseClauseArguments(clause, line, directive.name);
        }
        directive.clauses.push(clause);
        checkClause(directive, clause, allowed, known);
    }
    for (const c of line.trailingClauses)
        directive.clauses.push(fromKeywordClause(c));
    if (family === 'omp')
        directive.standalone ||= standaloneByClauses(directive);
    return directive;
}
/** `ordered depend(source)` is stand-alone; a metadirective is when each variant is (or is empty). */
function standaloneByClauses(directive) {
    const by = openmp_1.OMP_STANDALONE_CLAUSES[directive.name];
    if (by)
        return directive.clauses.some(c => by.includes(c.name));
    if (!openmp_1.OMP_VARIANT_DIRECTIVES.has(directive.name))
        return false;
    const variants = directive.clauses.filter(c => openmp_1.OMP_VARIANT_CLAUSES.has(c.name));
    return variants.length > 0 && variants.every(c => !c.variant || c.variant.standalone || c.variant.name === 'nothing');
}
/** MF201 for a name no directive has: a misspelled first word, or a known first word followed by
 * a word no directive continues with (`declare varient`), each with the closest directive. */
function unknownDirective(line, family, table, words) {
    const first = words[0];
    if (!first)
        return { code: 'MF201', message: `missing directive name after '#pragma ${family}'`, span: line };
    const label = familyLabel(family);
    const names = [...table.keys()];
    const written = words.map(w => w.name).join(' ');
    if (words.length === 1 && names.some(k => k.startsWith(first.name + ' '))) {
        const expected = names.filter(k => k.startsWith(first.name + ' ')).map(k => `'${k}'`);
        return {
            code: 'MF201',
            message: `incomplete ${label} directive '${first.name}': expected ${expected.join(', ')}`,
            span: first,
        };
    }
    const firstWords = new Set(names.map(k => k.split(' ')[0]));
    // A misspelled first word is corrected alone; after a known one, the words so far are.
    const span = firstWords.has(first.name) ? { start: first.start, end: words[words.length - 1].end } : first;
    const wrong = firstWords.has(first.name)
        ? line.text.slice(span.start - line.start, span.end - line.start)
        : first.name;
    const suggestion = firstWords.has(first.name)
        ? (0, keywords_1.closest)(written, names.filter(k => k.split(' ').length === words.length))
        : (0, keywords_1.closest)(first.name, firstWords);
    const shown = firstWords.has(first.name) ? written : first.name;
    return {
        code: 'MF201',
        message: `unknown ${label} directive '${shown}'${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
        span: { start: span.start, end: span.end },
        data: suggestion ? { replace: wrong, with: suggestion } : undefined,
    };
}
function familyLabel(family) {
    return family === 'omp' ? 'OpenMP' : family === 'mf' ? 'MetaFork' : family === 'cilk' ? 'Cilk' : '`meta`';
}
function shift(id, by) { return { name: id.name, start: id.start + by, end: id.end + by }; }
function fromKeywordClause(c) {
    return {
        name: c.name,
        nameSpan: c.nameSpan,
        start: c.start,
        end: c.end,
        args: { text: c.argsText, span: c.argsSpan },
        items: c.items,
        modifier: c.operator,
    };
}
function parseClauseArguments(clause, line, directive) {
    const args = clause.args;
    const rel = args.span.start - line.start;
    if (openmp_1.OMP_VARIANT_DIRECTIVES.has(directive) && openmp_1.OMP_VARIANT_CLAUSES.has(clause.name))
        return parseVariant(clause, line);
    if (!openmp_1.OMP_LIST_CLAUSES.has(clause.name) && clause.name !== 'shared' && clause.name !== 'cache')
        return;
    // `reduction(+: a, b)`, `depend(in: x)`, `map(always, tofrom: a[0:n])` carry modifiers before ':';
    // `linear(i: 2)`, `aligned(p: 32)` carry a step/alignment after it.
    const colon = (0, clauseText_1.topLevelColon)(args.text);
    if (colon >= 0 && openmp_1.OMP_MODIFIER_FIRST.has(clause.name)) {
        const parts = (0, clauseText_1.splitTopLevel)(args.text.slice(0, colon));
        const last = parts[parts.length - 1];
        const op = last.text.trim();
        const opAt = last.at + last.text.indexOf(op);
        clause.modifier = { name: op, start: args.span.start + opAt, end: args.span.start + opAt + op.length };
        if (parts.length > 1)
            clause.modifiers = parts.slice(0, -1).map(p => p.text.trim());
        clause.items = (0, clauseText_1.listItems)(line.text, rel + colon + 1, rel + args.text.length, line.start);
    }
    else if (clause.name === 'depend' || clause.name === 'doacross') {
        // `depend(source)` names no variable.
        clause.items = [];
    }
    else {
        const end = colon >= 0 ? colon : args.text.length;
        clause.items = (0, clauseText_1.listItems)(line.text, rel, rel + end, line.start);
    }
    // OpenMP 4.5's `linear(val(x): 1)`: the variable is inside the modifier's parentheses.
    if (clause.name === 'linear')
        clause.items = clause.items.flatMap(it => (0, clauseText_1.linearVariable)(line, it));
}
/** A metadirective's variant: `when(selector: directive clauses)`, `otherwise(directive clauses)`;
 * parsed as the directive it names, so its problems are the metadirective's (OpenMP 5.2 §7.4). */
function parseVariant(clause, line) {
    const args = clause.args;
    const colon = clause.name === 'when' ? (0, clauseText_1.topLevelColon)(args.text) : -1;
    if (clause.name === 'when' && colon < 0)
        return;
    const from = colon + 1;
    if (!args.text.slice(from).trim())
        return; // `when(...:)`: nothing
    const prefix = '#pragma omp ';
    const at = args.span.start + from;
    const variant = parsePragma({
        start: at - prefix.length, end: args.span.end, text: prefix + args.text.slice(from), trailingClauses: [],
    });
    if (variant)
        clause.variant = variant;
}
function checkClause(directive, clause, allowed, known) {
    const where = `'#pragma ${directive.family} ${directive.name}'`;
    const problems = directive.problems;
    if (!known.has(clause.name)) {
        const suggestion = (0, keywords_1.closest)(clause.name, allowed.length ? allowed : known);
        problems.push({
            code: 'MF202',
            message: `unknown clause '${clause.name}' on ${where}${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
            span: clause.nameSpan,
            data: suggestion ? { replace: clause.name, with: suggestion } : undefined,
        });
        return;
    }
    if (!allowed.includes(clause.name)) {
        problems.push({
            code: 'MF204',
            message: `clause '${clause.name}' is not valid on ${where}`,
            span: clause.nameSpan,
            data: { clause: clause.name },
        });
        return;
    }
    if (directive.family !== 'omp') {
        if (!clause.args)
            problems.push({
                code: 'MF203',
                message: `clause '${clause.name}' needs a parenthesized variable list`,
                span: clause.nameSpan,
            });
        return;
    }
    const bare = openmp_1.OMP_BARE_CLAUSES.has(clause.name);
    if (bare && clause.args && !openmp_1.OMP_OPTIONAL_ARGUMENT.has(clause.name)) {
        problems.push({
            code: 'MF203',
            message: `clause '${clause.name}' takes no argument`,
            span: { start: clause.start, end: clause.end },
        });
    }
    else if (!bare && !clause.args && !openmp_1.OMP_OPTIONAL_ARGUMENT.has(clause.name)) {
        problems.push({
            code: 'MF203',
            message: `clause '${clause.name}' needs a parenthesized argument`,
            span: clause.nameSpan,
        });
    }
    else if (clause.args && !clause.args.text.trim()) {
        problems.push({
            code: 'MF203',
            message: `clause '${clause.name}' has an empty argument`,
            span: { start: clause.start, end: clause.end },
        });
    }
    else if (clause.variant) {
        // A metadirective's variant reports its own problems; the metadirective's name says where.
        problems.push(...clause.variant.problems);
    }
    else if (clause.args && openmp_1.OMP_CLAUSE_KEYWORDS[clause.name] && !openmp_1.OMP_VARIANT_DIRECTIVES.has(directive.name)) {
        // `order(reproducible: concurrent)`: the keyword follows the modifier.
        const colon = clause.args.text.lastIndexOf(':');
        const value = clause.args.text.slice(colon + 1).trim();
        const valueAt = clause.args.span.start + clause.args.text.indexOf(value, colon + 1);
        const options = openmp_1.OMP_CLAUSE_KEYWORDS[clause.name];
        if (!options.includes(value)) {
            const suggestion = (0, keywords_1.closest)(value, options);
            const quoted = options.map(o => `'${o}'`);
            const expected = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted[0];
            problems.push({
                code: 'MF203',
                message: `'${clause.name}(${value})' is not valid: expected ${expected}${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
                span: { start: valueAt, end: valueAt + value.length },
                data: suggestion ? { replace: value, with: suggestion } : undefined,
            });
        }
    }
    else if (clause.name === 'reduction' && clause.args && !clause.modifier) {
        problems.push({
            code: 'MF203',
            message: `'reduction' needs an operator: 'reduction(+: ${clause.args.text.trim()})'`,
            span: clause.args.span,
        });
    }
}
//# sourceMappingURL=pragma.js.map