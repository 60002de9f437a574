"use strict";
// The state of one translation unit while it is preprocessed: the macro table, what each open
// header read from it (for the header cache), and what the unit gathers (headers, dependencies,
// diagnostics, the names read as constants).
Object.defineProperty(exports, "__esModule", { value: true });
exports.HeaderCache = exports.UnitState = exports.ONCE = exports.noEffect = void 0;
const noEffect = () => ({
    defines: [], undefs: [], kept: new Set(), expanded: new Set(), headers: [], deps: new Set(), diags: [], guards: [],
    system: new Set(),
});
exports.noEffect = noEffect;
/** The names `#pragma once` marks are kept in the table under this prefix, so that the cache sees
 * them like any macro. */
exports.ONCE = '\0once:';
class UnitState {
    files;
    notConstants;
    macros = new Map();
    frames = [];
    /** Distinct definitions per name (a repeated identical one counts once: C11 6.10.3p2). */
    definitions = new Map();
    undefined = new Set();
    kept = new Set();
    expanded = new Set();
    headers = [];
    headerPaths = new Set();
    deps = new Set();
    guards = new Map();
    /** The C library and runtime headers included, by the file or by a header it reads (`stdio.h`). */
    system = new Set();
    constructor(files, notConstants) {
        this.files = files;
        this.notConstants = notConstants;
    }
    lookup(name) {
        const m = this.macros.get(name);
        for (let i = this.frames.length - 1; i >= 0; i--) {
            const f = this.frames[i];
            if (f.written.has(name))
                break;
            if (!f.reads.has(name))
                f.reads.set(name, m?.key);
        }
        return m;
    }
    define(m, counted = true) {
        const name = m.def.name;
        this.macros.set(name, m);
        this.wrote(name);
        if (!counted)
            return;
        this.count(name, m.key);
        for (const f of this.frames)
            f.effect.defines.push([name, m.key]);
    }
    count(name, key) {
        let s = this.definitions.get(name);
        if (!s)
            this.definitions.set(name, s = new Set());
        s.add(key);
    }
    undef(name) {
        this.macros.delete(name);
        this.wrote(name);
        this.undefined.add(name);
        for (const f of this.frames)
            f.effect.undefs.push(name);
    }
    markOnce(path) {
        const def = { name: exports.ONCE + path, body: '', span: { start: 0, end: 0 } };
        this.macros.set(exports.ONCE + path, { def, variadic: false, body: [], key: '' });
        this.wrote(exports.ONCE + path);
    }
    wrote(name) { for (const f of this.frames)
        f.written.add(name); }
    /** A header's text, every path tried recorded as a dependency. */
    read(path) {
        const text = this.files.read(path);
        this.deps.add(path);
        for (const f of this.frames) {
            if (!f.files.has(path))
                f.files.set(path, text);
            f.effect.deps.add(path);
        }
        return text;
    }
    keep(name, expanded) {
        const set = expanded ? this.expanded : this.kept;
        set.add(name);
        for (const f of this.frames)
            (expanded ? f.effect.expanded : f.effect.kept).add(name);
    }
    addHeader(path, includedAt) {
        if (this.headerPaths.has(path))
            return undefined;
        this.headerPaths.add(path);
        const h = { path, text: '', includedAt };
        this.headers.push(h);
        for (const f of this.frames)
            f.effect.headers.push(h);
        return h;
    }
    addSystem(header) {
        this.system.add(header);
        for (const f of this.frames)
            f.effect.system.add(header);
    }
    addGuard(path, name) {
        this.guards.set(path, name);
        for (const f of this.frames)
            f.effect.guards.push([path, name]);
    }
    /** A header's diagnostic, to be reported on the user's `#include` line. */
    headerDiagnostic(code, message) {
        for (const f of this.frames)
            f.effect.diags.push({ code, message });
    }
    /** A cached header's effect replayed: the table as it left it, and everything it gathered. */
    replay(entry, includedAt, report) {
        for (const [name, key] of entry.reads) {
            for (let i = this.frames.length - 1; i >= 0; i--) {
                const f = this.frames[i];
                if (f.written.has(name))
                    break;
                if (!f.reads.has(name))
                    f.reads.set(name, key);
            }
        }
        for (const [path, text] of entry.files) {
            this.deps.add(path);
            for (const f of this.frames)
                if (!f.files.has(path))
                    f.files.set(path, text);
        }
        for (const [name, m] of entry.writes) {
            if (m)
                this.macros.set(name, m);
            else
                this.macros.delete(name);
            this.wrote(name);
        }
        const e = entry.effect;
        for (const [name, key] of e.defines) {
            this.count(name, key);
            for (const f of this.frames)
                f.effect.defines.push([name, key]);
        }
        for (const name of e.undefs) {
            this.undefined.add(name);
            for (const f of this.frames)
                f.effect.undefs.push(name);
        }
        for (const name of e.kept)
            this.keep(name, false);
        for (const name of e.expanded)
            this.keep(name, true);
        for (const h of e.headers) {
            const added = this.addHeader(h.path, includedAt);
            if (added)
                added.text = h.text;
        }
        for (const p of e.deps)
            for (const f of this.frames)
                f.effect.deps.add(p);
        for (const d of e.diags) {
            this.headerDiagnostic(d.code, d.message);
            report(d.code, d.message);
        }
        for (const [p, n] of e.guards)
            this.addGuard(p, n);
        for (const h of e.system)
            this.addSystem(h);
    }
}
exports.UnitState = UnitState;
/** Preprocessed headers by path, flags and constants rule; an entry answers when every file it
 * read is unchanged and every macro it read at its entry has the same definition. */
class HeaderCache {
    entries = new Map();
    chars = 0;
    static PER_KEY = 4;
    /** The characters the cache may hold (texts read and produced): about 128 MB. */
    static CHARS = 64 << 20;
    find(key, unit) {
        const list = this.entries.get(key);
        const hit = list?.find(e => this.valid(e, unit));
        if (hit) {
            // Most recently used last: eviction takes the oldest keys first.
            this.entries.delete(key);
            this.entries.set(key, list);
        }
        return hit;
    }
    valid(e, unit) {
        for (const [name, key] of e.reads)
            if (unit.macros.get(name)?.key !== key)
                return false;
        for (const [path, text] of e.files)
            if (unit.files.read(path) !== text)
                return false;
        return true;
    }
    store(key, entry) {
        let list = this.entries.get(key);
        if (!list)
            this.entries.set(key, list = []);
        list.unshift(entry);
        this.chars += size(entry);
        if (list.length > HeaderCache.PER_KEY)
            this.chars -= size(list.pop());
        for (const [k, l] of this.entries) {
            if (this.chars <= HeaderCache.CHARS || k === key)
                break;
            for (const e of l)
                this.chars -= size(e);
            this.entries.delete(k);
        }
    }
}
exports.HeaderCache = HeaderCache;
function size(e) {
    let n = 0;
    for (const text of e.files.values())
        n += text?.length ?? 0;
    for (const h of e.effect.headers)
        n += h.text.length;
    return n;
}
//# sourceMappingURL=unit.js.map