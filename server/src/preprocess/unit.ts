// The state of one translation unit while it is preprocessed: the macro table, what each open
// header read from it (for the header cache), and what the unit gathers (headers, dependencies,
// diagnostics, the names read as constants).

import type { Code } from '../base/codes';
import type { Span } from '../base/span';
import type { HeaderFiles } from './types';
import type { Macro } from './macro';

/** What preprocessing a header did to the unit, replayed when the cache answers instead. */
export interface Effect {
  defines: [name: string, key: string][];
  undefs: string[];
  /** Names left unexpanded as constants / object-like names expanded. */
  kept: Set<string>;
  expanded: Set<string>;
  headers: { path: string; text: string }[];
  deps: Set<string>;
  diags: { code: Code; message: string }[];
  guards: [path: string, name: string][];
  /** C library and runtime headers named by an `#include` found no file for (`stdio.h`). */
  system: Set<string>;
}

export const noEffect = (): Effect => ({
  defines: [], undefs: [], kept: new Set(), expanded: new Set(), headers: [], deps: new Set(), diags: [], guards: [],
  system: new Set(),
});

/** An open header: what it read of the table before writing it, what it wrote, what it did. */
export interface Frame {
  reads: Map<string, string | undefined>;
  written: Set<string>;
  files: Map<string, string | undefined>;
  effect: Effect;
}

/** The names `#pragma once` marks are kept in the table under this prefix, so that the cache sees
 * them like any macro. */
export const ONCE = '\0once:';

export class UnitState {
  readonly macros = new Map<string, Macro>();
  readonly frames: Frame[] = [];
  /** Distinct definitions per name (a repeated identical one counts once: C11 6.10.3p2). */
  readonly definitions = new Map<string, Set<string>>();
  readonly undefined = new Set<string>();
  readonly kept = new Set<string>();
  readonly expanded = new Set<string>();
  readonly headers: { path: string; text: string; includedAt: Span }[] = [];
  private readonly headerPaths = new Set<string>();
  readonly deps = new Set<string>();
  readonly guards = new Map<string, string>();
  /** The C library and runtime headers included, by the file or by a header it reads (`stdio.h`). */
  readonly system = new Set<string>();

  constructor(readonly files: HeaderFiles, readonly notConstants: ReadonlySet<string>) {}

  lookup(name: string): Macro | undefined {
    const m = this.macros.get(name);
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i];
      if (f.written.has(name)) break;
      if (!f.reads.has(name)) f.reads.set(name, m?.key);
    }
    return m;
  }

  define(m: Macro, counted = true): void {
    const name = m.def.name;
    this.macros.set(name, m);
    this.wrote(name);
    if (!counted) return;
    this.count(name, m.key);
    for (const f of this.frames) f.effect.defines.push([name, m.key]);
  }

  private count(name: string, key: string): void {
    let s = this.definitions.get(name);
    if (!s) this.definitions.set(name, s = new Set());
    s.add(key);
  }

  undef(name: string): void {
    this.macros.delete(name);
    this.wrote(name);
    this.undefined.add(name);
    for (const f of this.frames) f.effect.undefs.push(name);
  }

  markOnce(path: string): void {
    const def = { name: ONCE + path, body: '', span: { start: 0, end: 0 } };
    this.macros.set(ONCE + path, { def, variadic: false, body: [], key: '' });
    this.wrote(ONCE + path);
  }

  private wrote(name: string): void { for (const f of this.frames) f.written.add(name); }

  /** A header's text, every path tried recorded as a dependency. */
  read(path: string): string | undefined {
    const text = this.files.read(path);
    this.deps.add(path);
    for (const f of this.frames) {
      if (!f.files.has(path)) f.files.set(path, text);
      f.effect.deps.add(path);
    }
    return text;
  }

  keep(name: string, expanded: boolean): void {
    const set = expanded ? this.expanded : this.kept;
    set.add(name);
    for (const f of this.frames) (expanded ? f.effect.expanded : f.effect.kept).add(name);
  }

  addHeader(path: string, includedAt: Span): { path: string; text: string } | undefined {
    if (this.headerPaths.has(path)) return undefined;
    this.headerPaths.add(path);
    const h = { path, text: '', includedAt };
    this.headers.push(h);
    for (const f of this.frames) f.effect.headers.push(h);
    return h;
  }

  addSystem(header: string): void {
    this.system.add(header);
    for (const f of this.frames) f.effect.system.add(header);
  }

  addGuard(path: string, name: string): void {
    this.guards.set(path, name);
    for (const f of this.frames) f.effect.guards.push([path, name]);
  }

  /** A header's diagnostic, to be reported on the user's `#include` line. */
  headerDiagnostic(code: Code, message: string): void {
    for (const f of this.frames) f.effect.diags.push({ code, message });
  }

  /** A cached header's effect replayed: the table as it left it, and everything it gathered. */
  replay(entry: CacheEntry, includedAt: Span, report: (code: Code, message: string) => void): void {
    for (const [name, key] of entry.reads) {
      for (let i = this.frames.length - 1; i >= 0; i--) {
        const f = this.frames[i];
        if (f.written.has(name)) break;
        if (!f.reads.has(name)) f.reads.set(name, key);
      }
    }
    for (const [path, text] of entry.files) {
      this.deps.add(path);
      for (const f of this.frames) if (!f.files.has(path)) f.files.set(path, text);
    }
    for (const [name, m] of entry.writes) {
      if (m) this.macros.set(name, m); else this.macros.delete(name);
      this.wrote(name);
    }
    const e = entry.effect;
    for (const [name, key] of e.defines) {
      this.count(name, key);
      for (const f of this.frames) f.effect.defines.push([name, key]);
    }
    for (const name of e.undefs) { this.undefined.add(name); for (const f of this.frames) f.effect.undefs.push(name); }
    for (const name of e.kept) this.keep(name, false);
    for (const name of e.expanded) this.keep(name, true);
    for (const h of e.headers) {
      const added = this.addHeader(h.path, includedAt);
      if (added) added.text = h.text;
    }
    for (const p of e.deps) for (const f of this.frames) f.effect.deps.add(p);
    for (const d of e.diags) { this.headerDiagnostic(d.code, d.message); report(d.code, d.message); }
    for (const [p, n] of e.guards) this.addGuard(p, n);
    for (const h of e.system) this.addSystem(h);
  }
}

export interface CacheEntry {
  files: Map<string, string | undefined>;
  reads: Map<string, string | undefined>;
  writes: Map<string, Macro | undefined>;
  effect: Effect;
}

/** Preprocessed headers by path, flags and constants rule; an entry answers when every file it
 * read is unchanged and every macro it read at its entry has the same definition. */
export class HeaderCache {
  private readonly entries = new Map<string, CacheEntry[]>();
  private chars = 0;
  private static readonly PER_KEY = 4;
  /** The characters the cache may hold (texts read and produced): about 128 MB. */
  private static readonly CHARS = 64 << 20;

  find(key: string, unit: UnitState): CacheEntry | undefined {
    const list = this.entries.get(key);
    const hit = list?.find(e => this.valid(e, unit));
    if (hit) {
      // Most recently used last: eviction takes the oldest keys first.
      this.entries.delete(key);
      this.entries.set(key, list!);
    }
    return hit;
  }

  private valid(e: CacheEntry, unit: UnitState): boolean {
    for (const [name, key] of e.reads) if (unit.macros.get(name)?.key !== key) return false;
    for (const [path, text] of e.files) if (unit.files.read(path) !== text) return false;
    return true;
  }

  store(key: string, entry: CacheEntry): void {
    let list = this.entries.get(key);
    if (!list) this.entries.set(key, list = []);
    list.unshift(entry);
    this.chars += size(entry);
    if (list.length > HeaderCache.PER_KEY) this.chars -= size(list.pop()!);
    for (const [k, l] of this.entries) {
      if (this.chars <= HeaderCache.CHARS || k === key) break;
      for (const e of l) this.chars -= size(e);
      this.entries.delete(k);
    }
  }
}

function size(e: CacheEntry): number {
  let n = 0;
  for (const text of e.files.values()) n += text?.length ?? 0;
  for (const h of e.effect.headers) n += h.text.length;
  return n;
}
