"use strict";
// The server's view of each open document: the parsed text of the latest analysed version, its
// model and diagnostics, and a cache the features keep their results for that version in.
// Analyses coalesce: while one runs, later changes wait and only the newest text is analysed,
// so a burst of keystrokes costs one analysis (and one publish) per pause, not per key. A version
// is analysed again when what it reads besides its text changes (a header, its compile flags).
Object.defineProperty(exports, "__esModule", { value: true });
exports.DocumentStore = void 0;
exports.largeFile = largeFile;
exports.flagsOf = flagsOf;
exports.derive = derive;
exports.pathOf = pathOf;
exports.errorsOf = errorsOf;
const index_1 = require("../checks/index");
const lines_1 = require("../base/lines");
const KEEP_MODELS = 4;
/** A file opened with more than EARLY_FILE_LINES lines gets a first publication of its top
 * EARLY_LINES lines' diagnostics (what the editor shows), then the whole file's. Smaller files are
 * checked whole at once (fifty of them opened together would hold two models each meanwhile). */
const EARLY_LINES = 400;
const EARLY_FILE_LINES = 2000;
class DocumentStore {
    latest;
    publish;
    log;
    contextOf;
    states = new Map();
    running = new Map();
    waiting = new Map();
    /** Documents by last use, most recent first: only the first few keep their item models. */
    recent = [];
    /** The version whose analysis threw, per document. */
    failed = new Map();
    /** Analyses asked for (`recheck`) and done, per document: one asked and not done yet makes the
     * analysed version stale though its text is the newest. */
    rechecks = new Map();
    analyses = 0;
    constructor(latest, publish, log, contextOf) {
        this.latest = latest;
        this.publish = publish;
        this.log = log;
        this.contextOf = contextOf;
    }
    /** The open documents analysed so far. */
    uris() { return [...this.states.keys()]; }
    /** Analyses the document again (its version unchanged): a header it reads or its flags changed. */
    recheck(uri) {
        if (!this.states.has(uri))
            return;
        const asked = this.rechecks.get(uri) ?? { asked: 0, done: 0 };
        asked.asked++;
        this.rechecks.set(uri, asked);
        this.failed.delete(uri);
        this.changed(uri);
    }
    stale(uri) {
        const r = this.rechecks.get(uri);
        return !!r && r.asked > r.done;
    }
    get(uri) { return this.states.get(uri); }
    /** Analyses the document's newest text once the running analysis (if any) is done. */
    changed(uri) {
        if (this.running.has(uri))
            return; // the running loop picks the newest version up
        const loop = (async () => {
            for (;;) {
                await this.quiet(uri);
                const doc = this.latest(uri);
                const state = this.states.get(uri);
                if (!doc || (state && state.version >= doc.version && !this.stale(uri)))
                    break;
                const recheck = this.rechecks.get(uri);
                const asked = recheck?.asked ?? 0;
                try {
                    await this.check(doc);
                    if (recheck)
                        recheck.done = asked;
                }
                catch (e) {
                    // A bug, never the user's text: say so, and answer requests for this version with an error.
                    this.log(`metafork: analysis failed for ${uri} v${doc.version}: ${e.stack ?? e}`);
                    this.failed.set(uri, doc.version);
                    break;
                }
            }
        })().finally(() => {
            this.running.delete(uri);
            for (const w of this.waiting.get(uri)?.splice(0) ?? [])
                w();
        });
        this.running.set(uri, loop);
    }
    /** Lets the messages already received (the rest of a burst of changes) arrive first. The
     * connection hands over one message per turn of the event loop, scheduling the next after
     * whatever its handler scheduled: a turn is quiet when the version is the same two turns on. */
    async quiet(uri) {
        const turn = () => new Promise(resolve => setImmediate(resolve));
        for (let seen = -2; (this.latest(uri)?.version ?? -1) !== seen;) {
            seen = this.latest(uri)?.version ?? -1;
            await turn();
            await turn();
        }
    }
    /** The state of the document's current version (waits for its analysis). */
    async current(uri) {
        for (let tries = 0; tries < 1000; tries++) {
            const doc = this.latest(uri);
            if (!doc)
                return undefined;
            const state = this.states.get(uri);
            if (state && state.version >= doc.version && !this.stale(uri)) {
                this.used(uri);
                return state;
            }
            if (this.failed.get(uri) === doc.version) {
                throw new Error(`the analysis of version ${doc.version} failed (see the server's log)`);
            }
            if (!this.running.has(uri))
                this.changed(uri);
            await new Promise(resolve => {
                const list = this.waiting.get(uri) ?? [];
                list.push(resolve);
                this.waiting.set(uri, list);
            });
        }
        return this.states.get(uri);
    }
    closed(uri) {
        this.failed.delete(uri);
        this.rechecks.delete(uri);
        this.states.get(uri)?.checked.syntax.dispose();
        this.states.delete(uri);
        this.recent = this.recent.filter(u => u !== uri);
    }
    /** Marks a document used; the item models, syntax trees and derived results of all but the most
     * recently used few are released (with 50 open documents the models would take ~2 MB each, the
     * trees ~1 MB each of WASM memory, which never shrinks; diagnostics keep their own cache). They
     * are made again, from the same text, when the document is used. */
    used(uri) {
        if (this.recent[0] === uri)
            return;
        this.recent = [uri, ...this.recent.filter(u => u !== uri)];
        for (const old of this.recent.splice(KEEP_MODELS)) {
            const state = this.states.get(old);
            state?.checked.model.release();
            state?.checked.syntax.release();
            // The features' results too (symbols, tokens, lenses: ~0.3 MB a document), made again on use.
            state?.derived.clear();
            for (const listener of this.releaseListeners)
                listener(old);
        }
    }
    releaseListeners = [];
    /** `listener` is told of each document that lets its models go: what it keeps for it may go too. */
    onRelease(listener) { this.releaseListeners.push(listener); }
    /** A newly opened large file: the diagnostics of its first lines published at once (the state of
     * the version stays the whole check's, which requests wait for); what they cost is not paid twice. */
    async publishBeginning(doc, syntax) {
        const until = lineOffset(syntax.text, EARLY_LINES);
        const large = lineOffset(syntax.text, EARLY_FILE_LINES);
        if (until === undefined || large === undefined || large >= syntax.map.fileEnd)
            return undefined;
        const early = (0, index_1.checkBeginning)(syntax, until);
        const text = doc.getText();
        await this.publish({
            uri: doc.uri, version: doc.version, analysis: this.analyses, text, lines: new lines_1.LineIndex(text, syntax.map),
            checked: early, derived: new Map(),
        });
        return early;
    }
    /** The check under way, in any document: checks run one after another, so that fifty documents
     * opened at once do not hold fifty trees (and their garbage) at the same time. */
    queue = Promise.resolve();
    check(doc) {
        const run = this.queue.then(() => this.checkNow(doc));
        this.queue = run.catch(() => undefined);
        return run;
    }
    async checkNow(doc) {
        const previous = this.states.get(doc.uri);
        const text = doc.getText();
        const version = doc.version;
        const context = this.contextOf(doc.uri);
        // New flags read the text anew; the same flags re-use the tree (headers are read again either way).
        const syntax = previous && sameFlags(previous.checked.syntax.context.flags, context.flags)
            ? previous.checked.syntax.update(text)
            : await (0, index_1.parseText)(text, pathOf(doc.uri), undefined, context);
        const early = previous ? undefined : await this.publishBeginning(doc, syntax);
        // A top read alone has its own tree and file scope: nothing the whole check may re-use.
        if (early && early.syntax !== syntax)
            early.syntax.dispose();
        const analysis = (0, index_1.checkSyntax)(syntax, previous?.checked ?? (early?.syntax === syntax ? early : undefined));
        // Closed meanwhile.
        if (this.states.get(doc.uri) !== previous || !this.latest(doc.uri)) {
            syntax.dispose();
            return;
        }
        previous?.checked.syntax.dispose();
        const lines = new lines_1.LineIndex(text, analysis.syntax.map);
        const state = {
            uri: doc.uri, version, analysis: ++this.analyses, text, lines, checked: analysis, derived: new Map(),
        };
        this.states.set(doc.uri, state);
        this.used(doc.uri);
        await this.publish(state);
    }
}
exports.DocumentStore = DocumentStore;
/** A file of more than EARLY_FILE_LINES lines: its first diagnostics come early, and the server's
 * worker prepares it for a translation. */
function largeFile(text) {
    return lineOffset(text, EARLY_FILE_LINES) !== undefined;
}
/** The offset where line `n` (0-based) of `text` starts, or undefined past its end. */
function lineOffset(text, n) {
    let at = 0;
    for (let i = 0; i < n; i++) {
        at = text.indexOf('\n', at) + 1;
        if (at === 0)
            return undefined;
    }
    return at;
}
function sameFlags(a, b) {
    return a === b || JSON.stringify(a) === JSON.stringify(b);
}
/** The compile flags a version was analysed with (what a worker job reads it with). */
function flagsOf(state) {
    return state.checked.syntax.context.flags;
}
/** A result derived from one version, computed on first use. */
function derive(state, key, compute) {
    if (!state.derived.has(key))
        state.derived.set(key, compute());
    return state.derived.get(key);
}
/** The file path of a `file:` URI (for the language, C or C++, and in messages). */
function pathOf(uri) {
    if (!uri.startsWith('file:'))
        return uri.replace(/^[a-z-]+:/, '');
    try {
        return decodeURIComponent(new URL(uri).pathname);
    }
    catch {
        return uri;
    }
}
function errorsOf(state) {
    return state.checked.diagnostics.filter(d => d.severity === 'error');
}
//# sourceMappingURL=documents.js.map