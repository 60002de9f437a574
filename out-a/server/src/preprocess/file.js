"use strict";
// One file preprocessed (C11 6.10): its directives carried out, its text lines' macro uses
// expanded, its conditional lines and inactive groups blanked. The output is built from the
// file's text: verbatim stretches copied, each blank and each expansion a segment.
Object.defineProperty(exports, "__esModule", { value: true });
exports.FileRun = void 0;
exports.render = render;
const lines_1 = require("../base/lines");
const conditions_1 = require("./conditions");
const expand_1 = require("./expand");
const lexer_1 = require("./lexer");
const macro_1 = require("./macro");
const dialects_1 = require("../base/dialects");
const dialects_2 = require("../../../shared/dialects");
/** Whether a conditional's tokens name `_OPENMP` (`#ifdef _OPENMP`, `#if _OPENMP >= 201511`). */
function readsOpenmp(rest) {
    return rest.some(t => t.kind === 'id' && t.text === '_OPENMP');
}
const CONDITIONALS = new Set(['if', 'ifdef', 'ifndef', 'elif', 'elifdef', 'elifndef', 'else', 'endif']);
class FileRun {
    ctx;
    source;
    path;
    displayName;
    user;
    lines;
    toks = [];
    groups = [];
    out = '';
    copied = 0;
    segments = [];
    uses = [];
    includes = [];
    inactive = [];
    openmpConditionals = [];
    regionFrom = -1;
    useLine = 0;
    readsLines = false;
    /** The first error of the current use (reported once, on the use). */
    pendingError;
    text;
    cond;
    /** Include guard detection (what gcc's multiple-include optimisation looks for): `#ifndef G`
     * before anything else, `#define G` in it, nothing after its `#endif`. */
    guardCandidate;
    guardOpen = -1;
    guardClosed = false;
    /** Something outside every group: text, a directive, another group. */
    sawCode = false;
    constructor(ctx, source, path, displayName, user) {
        this.ctx = ctx;
        this.source = source;
        this.path = path;
        this.displayName = displayName;
        this.user = user;
        this.lines = new lines_1.LineIndex(source);
        const host = (mode) => ({
            lookup: name => ctx.unit.lookup(name),
            expands: (name, m) => mode === 'if' || !!m.params || !!m.dynamic || !ctx.isConstant(name, m),
            dynamic: kind => kind === 'line'
                ? (this.readsLines = true, { kind: 'number', text: String(this.useLine + 1), space: false })
                : { kind: 'string', text: JSON.stringify(this.displayName), space: false },
            error: message => { this.pendingError ??= message; },
            value: name => {
                const m = ctx.unit.lookup(name);
                return (m && ctx.constantValue(m)) ?? [{ kind: 'id', text: name, space: false }];
            },
        });
        this.text = new expand_1.Expander(host('text'));
        this.cond = new expand_1.Expander(host('if'));
    }
    /** The include guard, if the whole file is one `#ifndef G / #define G ... #endif`. */
    get guard() {
        return this.guardClosed && !this.sawCode && this.groups.length === 0 ? this.guardCandidate : undefined;
    }
    run() {
        const toks = this.toks = (0, lexer_1.lex)(this.source);
        let i = 0;
        while (i < toks.length) {
            const t = toks[i];
            if (t.kind === 'newline') {
                i++;
                continue;
            }
            if (t.bol && (t.text === '#' || t.text === '%:')) {
                i = this.directive(i);
                continue;
            }
            if (this.groups.length === 0)
                this.sawCode = true;
            i = this.isActive() ? this.textLine(i) : this.lineEnd(i);
        }
        for (const g of this.groups.splice(0).reverse()) {
            this.report('MF112', g.at, `unterminated #${g.kw}`);
            if (g.parentActive && !g.active)
                this.closeRegion(this.source.length + 1);
        }
        this.out += this.source.slice(this.copied);
        const { out: text, segments, uses, includes, inactive, openmpConditionals, readsLines } = this;
        return { text, segments, uses, includes, inactive, openmpConditionals, readsLines };
    }
    isActive() { return this.groups.length === 0 || this.groups[this.groups.length - 1].active; }
    /** The index of the newline token ending the line of token `i` (or the end). */
    lineEnd(i) {
        while (i < this.toks.length && this.toks[i].kind !== 'newline')
            i++;
        return i;
    }
    report(code, span, message) { this.ctx.report(code, span, message, this); }
    // ---- output ----
    /** The user's text up to `start` copied, then `text` standing for `start..end`. */
    emit(kind, start, end, text, extra) {
        const prev = this.segments[this.segments.length - 1];
        if (kind === 'blank' && prev?.kind === 'blank' && prev.source.end <= start && this.copied === prev.source.end
            && /^[\r\n]*$/.test(this.source.slice(prev.source.end, start))) {
            this.out += this.source.slice(prev.source.end, start) + text;
            prev.text.end += end - prev.source.end;
            prev.source.end = end;
            this.copied = end;
            return;
        }
        this.out += this.source.slice(this.copied, start);
        const at = this.out.length;
        this.out += text;
        this.segments.push({ kind, text: { start: at, end: this.out.length }, source: { start, end }, ...extra });
        this.copied = end;
    }
    blank(start, end) {
        if (end > start)
            this.emit('blank', start, end, this.source.slice(start, end).replace(/[^\n]/g, ' '));
    }
    closeRegion(upto) {
        const from = this.regionFrom;
        this.regionFrom = -1;
        const end = Math.min(upto - 1, this.source.length);
        if (from < 0 || end <= from)
            return;
        this.blank(from, end);
        if (this.user)
            this.inactive.push({ start: from, end });
    }
    // ---- text lines ----
    /** The tokens of a text line from `i`: each macro use expanded. Returns the index after them. */
    textLine(i) {
        const toks = this.toks;
        while (i < toks.length && toks[i].kind !== 'newline') {
            const t = toks[i];
            if (t.kind === 'id') {
                const m = this.ctx.unit.lookup(t.text);
                if (m && (m.params || m.dynamic || !this.ctx.isConstant(t.text, m))) {
                    i = this.use(i, m);
                    continue;
                }
            }
            i++;
        }
        return i;
    }
    /** The use of `m` whose name is token `i`; returns the index after it. */
    use(i, m) {
        const toks = this.toks, name = toks[i];
        let j = i + 1, lastEnd = name.end;
        const skip = (k) => { while (k < toks.length && toks[k].kind === 'newline')
            k++; return k; };
        const at = (k) => {
            const t = toks[k];
            if (!t || (t.bol && (t.text === '#' || t.text === '%:')))
                return undefined;
            return { kind: t.kind, text: t.text, space: t.space, src: t.start };
        };
        const src = {
            peek: () => at(skip(j)),
            next: () => {
                const k = skip(j);
                const t = at(k);
                if (t) {
                    j = k + 1;
                    lastEnd = toks[k].end;
                }
                return t;
            },
        };
        if (m.params && src.peek()?.text !== '(')
            return i + 1;
        this.useLine = this.lines.position(name.start).line;
        this.pendingError = undefined;
        let result;
        try {
            result = this.text.expandUse({ kind: 'id', text: name.text, space: false, src: name.start }, src);
        }
        catch (e) {
            if (!(e instanceof expand_1.ExpansionError))
                throw e;
            this.report('MF113', { start: name.start, end: lastEnd }, e.message);
            return i + 1;
        }
        const failed = result[0]?.blue && result[0].src === name.start;
        if (this.pendingError) {
            this.report('MF113', { start: name.start, end: failed ? name.end : lastEnd }, this.pendingError);
        }
        if (failed)
            return i + 1;
        const { text, args } = render(result, this.source);
        const newlines = countNewlines(this.source, name.start, lastEnd);
        this.out += this.source.slice(this.copied, name.start);
        this.copied = name.start;
        const base = this.out.length;
        const shifted = args.map(a => ({ text: { start: a.text.start + base, end: a.text.end + base }, source: a.source }));
        this.emit('expansion', name.start, lastEnd, text + '\n'.repeat(newlines), { macro: name.text, ...(shifted.length ? { args: shifted } : {}) });
        if (this.user) {
            this.uses.push({ name: name.text, definition: m.def, source: { start: name.start, end: lastEnd },
                text: { start: base, end: base + text.length } });
        }
        return j;
    }
    // ---- directives ----
    directive(i) {
        const toks = this.toks, hash = toks[i];
        const end = this.lineEnd(i);
        const line = toks.slice(i + 1, end);
        const lineStart = this.source.lastIndexOf('\n', hash.start - 1) + 1;
        let lineEndOffset = end < toks.length ? toks[end].start : this.source.length;
        const nextLine = end < toks.length ? toks[end].end : this.source.length + 1;
        if (this.source.charCodeAt(lineEndOffset - 1) === 13 && lineEndOffset - 1 > hash.start)
            lineEndOffset--;
        const span = { start: hash.start, end: lineEndOffset };
        const kw = line[0]?.kind === 'id' ? line[0].text : '';
        if (CONDITIONALS.has(kw)) {
            this.conditional(kw, line.slice(1), span, lineStart, nextLine);
            return end;
        }
        if (!this.isActive())
            return end;
        if (this.groups.length === 0)
            this.sawCode = true;
        const rest = line.slice(1);
        switch (kw) {
            case 'define': {
                const m = (0, macro_1.parseDefine)(rest, this.user ? undefined : this.path, t => ({ start: t.start, end: t.end }));
                if (typeof m === 'string')
                    this.report('MF112', span, m);
                else {
                    if (this.user) {
                        const redefined = keywordMacro(m);
                        if (redefined)
                            this.report('MF115', span, redefined);
                    }
                    this.ctx.unit.define(m);
                    if (this.guardOpen === 1 && this.guardCandidate === m.def.name)
                        this.guardOpen = 2;
                }
                break;
            }
            case 'undef':
                if (rest[0]?.kind !== 'id')
                    this.report('MF112', span, 'no macro name given in #undef directive');
                else
                    this.ctx.unit.undef(rest[0].text);
                break;
            case 'include':
            case 'include_next':
            case 'import':
                this.include(rest, span);
                break;
            case 'error':
                this.report('MF111', span, `#error ${(0, macro_1.spell)(rest.map((t, k) => k === 0 ? { ...t, space: false } : t))}`.trim());
                break;
            case 'pragma':
                if (rest[0]?.text === 'once' && this.path)
                    this.ctx.unit.markOnce(this.path);
                break;
            case 'warning':
            case 'line':
            case 'ident':
            case 'sccs':
            case 'assert':
            case 'unassert':
            case '':
                break;
            default:
                this.report('MF112', span, `invalid preprocessing directive #${line[0].text}`);
        }
        return end;
    }
    include(rest, span) {
        let toks = rest;
        if (rest[0] && rest[0].kind !== 'string' && rest[0].text !== '<') {
            // A computed include (C11 6.10.2p4): the line macro-expanded first.
            toks = this.cond.expandLine(rest.map(t => ({ kind: t.kind, text: t.text, space: t.space })));
        }
        let spelled, angled = false;
        if (toks[0]?.kind === 'string' && toks[0].text.startsWith('"'))
            spelled = toks[0].text.slice(1, -1);
        else if (toks === rest && rest[0]?.text === '<') {
            // A header name is read as characters (C11 6.4.7): `//` in it starts no comment.
            const close = this.source.indexOf('>', rest[0].end);
            if (close >= 0 && close <= span.end) {
                angled = true;
                spelled = this.source.slice(rest[0].end, close);
            }
        }
        else if (toks[0]?.text === '<') {
            const close = toks.findIndex(t => t.text === '>');
            if (close > 0) {
                angled = true;
                spelled = toks.slice(1, close).map(t => t.text).join('');
            }
        }
        if (spelled === undefined) {
            this.report('MF112', span, '#include expects "FILENAME" or <FILENAME>');
            return;
        }
        const line = { span, spelled, angled };
        if (this.user)
            this.includes.push(line);
        this.ctx.include(line, this);
    }
    /** `span`: the directive; `next`: the start of the line after it. */
    conditional(kw, rest, span, lineStart, next) {
        const groups = this.groups;
        const top = groups[groups.length - 1];
        const lineEnd = span.end;
        if (kw === 'if' || kw === 'ifdef' || kw === 'ifndef') {
            const parentActive = this.isActive();
            const g = {
                parentActive, active: false, taken: false, sawElse: false, at: span, kw,
                lines: [{ start: lineStart, end: next }], activeGroup: -1, openmp: readsOpenmp(rest),
            };
            if (parentActive) {
                this.blank(lineStart, lineEnd);
                g.active = this.test(kw, rest, span);
                g.taken = g.active;
                if (g.active)
                    g.activeGroup = 0;
                if (!g.active)
                    this.regionFrom = next;
                if (kw === 'ifndef' && groups.length === 0 && !this.sawCode && this.guardOpen < 0 && rest[0]?.kind === 'id') {
                    this.guardCandidate = rest[0].text;
                    this.guardOpen = 1;
                }
                else if (groups.length === 0)
                    this.sawCode = true;
            }
            groups.push(g);
            return;
        }
        if (!top) {
            this.report('MF112', span, `#${kw} without #if`);
            if (this.isActive())
                this.blank(lineStart, lineEnd);
            return;
        }
        if (top.parentActive) {
            if (!top.active)
                this.closeRegion(lineStart);
            this.blank(lineStart, lineEnd);
        }
        top.lines.push({ start: lineStart, end: next });
        top.openmp ||= readsOpenmp(rest);
        if (kw === 'endif') {
            groups.pop();
            if (top.parentActive && top.openmp && this.user)
                this.openmpConditionals.push({ lines: top.lines, active: top.activeGroup });
            if (groups.length === 0 && this.guardOpen === 2)
                this.guardClosed = true;
            return;
        }
        if (groups.length === 1)
            this.guardOpen = -1;
        if (top.sawElse) {
            this.report('MF112', span, `#${kw} after #else`);
            top.active = false;
        }
        else if (kw === 'else') {
            top.sawElse = true;
            top.active = top.parentActive && !top.taken;
            top.taken = true;
        }
        else if (!top.parentActive || top.taken)
            top.active = false;
        else {
            top.active = this.test(kw, rest, span);
            top.taken = top.active;
        }
        if (top.active)
            top.activeGroup = top.lines.length - 1;
        if (top.parentActive && !top.active)
            this.regionFrom = next;
    }
    /** The value of the condition of `#if`/`#elif` (`#ifdef`...): a malformed one is reported and false. */
    test(kw, rest, span) {
        if (kw.endsWith('def')) {
            if (rest[0]?.kind !== 'id') {
                this.report('MF112', span, `no macro name given in #${kw} directive`);
                return false;
            }
            return (this.ctx.unit.lookup(rest[0].text) !== undefined) === !kw.endsWith('ndef');
        }
        this.useLine = this.lines.position(span.start).line;
        const v = (0, conditions_1.evaluateCondition)(rest.map(t => ({ kind: t.kind, text: t.text, space: t.space })), {
            isDefined: name => this.ctx.unit.lookup(name) !== undefined,
            hasInclude: (spelled, angled) => this.ctx.hasInclude(spelled, angled, this),
            expander: this.cond,
        });
        if (typeof v === 'string') {
            this.report('MF112', span, v);
            return false;
        }
        return v;
    }
}
exports.FileRun = FileRun;
function countNewlines(s, start, end) {
    let n = 0;
    for (let k = s.indexOf('\n', start); k >= 0 && k < end; k = s.indexOf('\n', k + 1))
        n++;
    return n;
}
/** An expansion's text (a space where the source had one or where tokens would glue) and the
 * stretches of it copied unchanged from `source`. */
function render(tokens, source) {
    let text = '';
    const args = [];
    let prev;
    for (const t of tokens) {
        if (prev && (t.space || (0, lexer_1.wouldGlue)(prev.text, t.text)))
            text += ' ';
        const at = text.length;
        text += t.text;
        if (source !== undefined && t.src !== undefined && source.startsWith(t.text, t.src)) {
            const last = args[args.length - 1];
            const gap = last && source.slice(last.source.end, t.src);
            if (last && gap === text.slice(last.text.end, at) && prev?.src !== undefined) {
                last.text.end = text.length;
                last.source.end = t.src + t.text.length;
            }
            else
                args.push({ text: { start: at, end: text.length }, source: { start: t.src, end: t.src + t.text.length } });
        }
        prev = t;
    }
    return { text, args };
}
/**
 * What to say where the user's file defines a parallel keyword as a macro (OpenCilk's bzip2:
 * `#define cilk_spawn` in the `#else` of `#ifdef __cilk`): its uses then read as the macro makes
 * them, serial code where it expands to nothing, and no translation sees a construct there.
 */
function keywordMacro(m) {
    const name = m.def.name;
    const keyword = Object.hasOwn(dialects_1.KEYWORD_SPELLINGS, name) ? dialects_1.KEYWORD_SPELLINGS[name] : undefined;
    if (!keyword)
        return undefined;
    const dialect = dialects_1.DIALECT_OF[keyword];
    const body = m.def.body.trim();
    const reads = body ? `as '${body}'` : 'as nothing: the code around its uses reads as serial code';
    const hint = dialect === 'cilkplus' ? ` (OpenCilk's compiler defines '__cilk': '-D __cilk=200' reads a file that tests it as OpenCilk does)` : '';
    return `'${name}' is defined as a macro here, so its uses read ${reads}, not as ${dialects_2.DIALECT_LABELS[dialect]}'s '${keyword}'${hint}`;
}
//# sourceMappingURL=file.js.map