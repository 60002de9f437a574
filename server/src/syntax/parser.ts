// Loads the tree-sitter C/C++ grammars (WASM) and keeps a parsed document: the user's text,
// the keyword layer, and the tree of the masked text. Updates re-parse incrementally.

import type { SNode } from './node';
import * as fs from 'fs';
import * as path from 'path';
import { Language, Parser, Tree, Node as TSNode, type Range } from 'web-tree-sitter';
import { KeywordLayer, matchParen, scanKeywords, skipTrivia } from './keywords';
import type { Span } from '../base/span';
import { commonEnds, type TextEdit } from '../base/edits';
import { preprocess, sameReading, type CompileContext, type Preprocessed } from '../preprocess/index';
import { preprocessEdited } from '../preprocess/incremental';
import { SourceMap } from '../base/sourcemap';
import { repairPragmaBodies } from './pragmaBodies';

export type SourceLanguage = 'c' | 'cpp';

export interface Grammars { c: Language; cpp: Language }

/** Finds a WASM file next to the bundle (dist/) or in node_modules. */
function wasmPath(file: string, pkg: string): string {
  const beside = path.join(__dirname, file);
  if (fs.existsSync(beside)) return beside;
  return require.resolve(`${pkg}/${file}`);
}

let grammarsPromise: Promise<Grammars> | undefined;

/** The WASM functions of a tree cursor, each reading the cursor from the binding's transfer buffer
 * and moving ones writing it back there: a walk that calls them directly keeps the cursor in the
 * buffer instead of copying it in and out, field by field, at every call as the TreeCursor class
 * does (that copying was half of converting a tree). */
interface CursorCalls {
  buffer: number;
  heap(): Int32Array;
  firstChild(tree: number): number;
  nextSibling(tree: number): number;
  parent(tree: number): number;
  typeId(tree: number): number;
  fieldId(tree: number): number;
  start(tree: number): number;
  end(tree: number): number;
  isNamed(tree: number): number;
  isMissing(tree: number): number;
}
let cursorCalls: CursorCalls | undefined;

/** The calls of the emscripten module web-tree-sitter was initialized with (the options object
 * becomes the module); undefined where it lacks them (another version), and the walk then goes
 * through TreeCursor. */
function cursorCallsOf(module: Record<string, unknown>): CursorCalls | undefined {
  const f = (name: string) => (typeof module[name] === 'function' ? (module[name] as (...a: number[]) => number) : undefined);
  const calls = {
    init: f('_ts_init'), firstChild: f('_ts_tree_cursor_goto_first_child_wasm'),
    nextSibling: f('_ts_tree_cursor_goto_next_sibling_wasm'), parent: f('_ts_tree_cursor_goto_parent_wasm'),
    typeId: f('_ts_tree_cursor_current_node_type_id_wasm'), fieldId: f('_ts_tree_cursor_current_field_id_wasm'),
    start: f('_ts_tree_cursor_start_index_wasm'), end: f('_ts_tree_cursor_end_index_wasm'),
    isNamed: f('_ts_tree_cursor_current_node_is_named_wasm'), isMissing: f('_ts_tree_cursor_current_node_is_missing_wasm'),
  };
  if (Object.values(calls).some(c => !c) || !(module.HEAP32 instanceof Int32Array)) return undefined;
  const { init, ...moves } = calls as Record<keyof typeof calls, (...a: number[]) => number>;
  // ts_init only fills and returns the binding's static transfer buffer: the same address each call.
  return { ...moves, buffer: init() >> 2, heap: () => module.HEAP32 as Int32Array };
}

/** Whether trees are converted through the direct calls (after loadGrammars). */
export const convertsDirectly = (): boolean => cursorCalls !== undefined;

/** Initializes web-tree-sitter and the grammars once per process (≈ 35 ms). */
export function loadGrammars(): Promise<Grammars> {
  grammarsPromise ??= (async () => {
    const module: Record<string, unknown> = { locateFile: (name: string) => wasmPath(name, 'web-tree-sitter') };
    await Parser.init(module);
    cursorCalls = cursorCallsOf(module);
    const [c, cpp] = await Promise.all([
      Language.load(wasmPath('tree-sitter-c.wasm', 'tree-sitter-c')),
      Language.load(wasmPath('tree-sitter-cpp.wasm', 'tree-sitter-cpp')),
    ]);
    return { c, cpp };
  })();
  return grammarsPromise;
}

const CPP_EXTENSIONS = /\.(cpp|cc|cxx|c\+\+|hpp|hh|hxx|mfcpp)$/i;
/** The line a translation of C++ starts with when nothing else in it says C++ (a `.mfc` file's
 * name does not decide), so that the tool reads its own output as C++ again. */
export const CPP_MARKER = '// metafork: C++';

// A qualified name (`ns::box`) is C++; C23 attributes (`[[gnu::hot]]`) are not qualified names.
// (`::` is matched first and the lookbehinds checked after it: this runs on every edit.)
const CPP_MARKERS =
  /^\s*(using\s+namespace\b|namespace\s+\w+\s*\{|template\s*<|class\s+\w+\s*[:{]|#\s*include\s*<(iostream|algorithm|vector|string|cstdio|cstdlib|map|functional)>|\/\/ metafork: C\+\+$)|\bstd::|::(?<=[A-Za-z_]\w*\s*::)(?<!\[\[[^\]\n]*::)\s*[A-Za-z_~]|\b(?:int|char|long|short|float|double|bool|auto|unsigned)\s*&\s*[A-Za-z_]\w*\s*=/m;

/** C++ for C++ file names, and for `.mfc` files that are plainly C++ (Figure 3.1 is, and so is
 * what the translators write for C++ input). */
export function detectLanguage(fileName: string | undefined, text: string): SourceLanguage {
  if (fileName && CPP_EXTENSIONS.test(fileName)) return 'cpp';
  if (fileName && /\.(c|h)$/i.test(fileName)) return 'c';
  return CPP_MARKERS.test(text) ? 'cpp' : 'c';
}

export type { SNode } from './node';

/** Anonymous tokens worth keeping: operators (fields) and a few keywords the checks read. */
const KEPT_ANONYMOUS = new Set([
  'static', 'const', 'extern', 'volatile', 'register', 'auto', 'inline', 'typedef', '&', '*',
]);

/**
 * Converts a tree-sitter subtree to SNodes with one cursor walk. Every cursor property is a
 * call into WASM, so a node costs as few as possible: names come from the language's table,
 * and an error-free subtree (the common case) has no MISSING node to ask about.
 */
export function convert(node: TSNode, language: Language): SNode {
  const calls = cursorCalls;
  return convertWith(node, language, calls ? () => directCursor(node, calls) : () => treeCursor(node));
}

/** `convert` through web-tree-sitter's TreeCursor class: where the direct calls are not found,
 * and the reference the direct calls are tested against. */
export function convertThroughCursor(node: TSNode, language: Language): SNode {
  return convertWith(node, language, () => treeCursor(node));
}

/** What the conversion asks of a cursor on the subtree: moves (false where there is no such node),
 * the current node's properties, and `done` to free it. */
interface Cursor {
  firstChild(): boolean; nextSibling(): boolean; parent(): boolean;
  typeId(): number; fieldId(): number; start(): number; end(): number; named(): boolean; missing(): boolean;
  done(): void;
}

/** The walk, with the cursor `open` gives once the node's own properties are read (reading them
 * goes through the transfer buffer a direct cursor lives in). */
function convertWith(node: TSNode, language: Language, open: () => Cursor): SNode {
  const { types, named: isNamed } = typeTable(language);
  const mayMiss = node.hasError;
  const root: SNode = {
    type: node.type, start: node.startIndex, end: node.endIndex, field: null, named: node.isNamed,
    missing: node.isMissing, children: [], parent: null,
  };
  const cursor = open();
  const stack: SNode[] = [root];
  if (cursor.firstChild()) {
    walk: for (;;) {
      const parent = stack[stack.length - 1];
      const typeId = cursor.typeId();
      const fieldId = cursor.fieldId();
      // ERROR nodes carry the builtin id 65535, outside the language's table.
      const known = typeId < types.length;
      const type = known ? types[typeId] : 'ERROR';
      const named = known ? isNamed[typeId] : cursor.named();
      const missing = mayMiss && cursor.missing();
      let pushed: SNode | undefined;
      if (named || fieldId || KEPT_ANONYMOUS.has(type) || missing) {
        pushed = {
          type, start: cursor.start(), end: cursor.end(),
          field: fieldId ? language.fields[fieldId] : null, named, missing,
          children: [], parent,
        };
        parent.children.push(pushed);
      }
      if (pushed && named && cursor.firstChild()) { stack.push(pushed); continue; }
      while (!cursor.nextSibling()) {
        if (stack.length === 1 || !cursor.parent()) break walk;
        stack.pop();
      }
    }
  }
  cursor.done();
  return root;
}

function treeCursor(node: TSNode): Cursor {
  const c = node.walk();
  return {
    firstChild: () => c.gotoFirstChild(), nextSibling: () => c.gotoNextSibling(), parent: () => c.gotoParent(),
    typeId: () => c.nodeTypeId, fieldId: () => c.currentFieldId, start: () => c.startIndex, end: () => c.endIndex,
    named: () => c.nodeIsNamed, missing: () => c.nodeIsMissing, done: () => c.delete(),
  };
}

/** A cursor moved and read through its WASM functions, left in the binding's transfer buffer
 * between calls. */
function directCursor(node: TSNode, calls: CursorCalls): Cursor {
  const cursor = node.walk() as unknown as Record<number, number> & { tree: Record<number, number>; delete(): void };
  const tree = cursor.tree[0];
  const { buffer } = calls;
  const heap = calls.heap();
  for (let i = 0; i < 4; i++) heap[buffer + i] = cursor[i];
  return {
    firstChild: () => calls.firstChild(tree) === 1, nextSibling: () => calls.nextSibling(tree) === 1,
    parent: () => calls.parent(tree) === 1,
    typeId: () => calls.typeId(tree), fieldId: () => calls.fieldId(tree), start: () => calls.start(tree), end: () => calls.end(tree),
    named: () => calls.isNamed(tree) === 1, missing: () => calls.isMissing(tree) === 1,
    done: () => {
      // The cursor's last state back into its object (a move may have grown its stack), then freed.
      const last = calls.heap();
      for (let i = 0; i < 4; i++) cursor[i] = last[buffer + i];
      cursor.delete();
    },
  };
}

const typeTables = new WeakMap<Language, { types: string[]; named: boolean[] }>();
function typeTable(language: Language): { types: string[]; named: boolean[] } {
  let table = typeTables.get(language);
  if (!table) {
    table = { types: [], named: [] };
    for (let id = 0; id < language.nodeTypeCount; id++) {
      table.types.push(language.nodeTypeForId(id) ?? '');
      table.named.push(language.nodeTypeIsNamed(id));
    }
    typeTables.set(language, table);
  }
  return table;
}

/** Row/column of an offset; tree-sitter wants them with every edit. */
function pointAt(text: string, offset: number): { row: number; column: number } {
  return advance({ row: 0, column: 0 }, text, 0, offset);
}

/** A list of edits of the user's text (sorted, apart) as edits of the texts tree-sitter parses,
 * read through the maps of the versions before and after them: where a macro expands to another
 * length than its use (NAS's `PROBLEM_SIZE`), offsets of the two texts differ after it. An edit
 * reaching into a use is placed at the use's expansion; `editedRegions` checks the result. */
function analysedEdits(edits: readonly TextEdit[], before: SourceMap, after: SourceMap, text: string): readonly TextEdit[] {
  if (before.isIdentity && after.isIdentity) return edits;
  let delta = 0;
  return edits.map(e => {
    const start = after.offsetToText(e.start + delta);
    const newText = text.slice(start, Math.max(start, after.offsetToText(e.start + delta + e.newText.length)));
    delta += e.newText.length - (e.end - e.start);
    return { start: before.offsetToText(e.start), end: before.offsetToText(e.end), newText };
  });
}

/** Where a list of edits of the parsed text (sorted, apart) changed `before` into `after`, the
 * texts tree-sitter parses, as regions of `before` with their length and place in `after`; undefined
 * unless the texts outside the regions are the same (the edits then describe the change exactly). */
function editedRegions(
  before: string, after: string, edits: readonly TextEdit[],
): { start: number; oldEnd: number; newStart: number; newLength: number }[] | undefined {
  const out: { start: number; oldEnd: number; newStart: number; newLength: number }[] = [];
  let delta = 0, at = 0;
  for (const e of edits) {
    if (e.start < at || e.end > before.length) return undefined;
    // The text between the previous edit and this one is the same in both.
    if (before.slice(at, e.start) !== after.slice(at + delta, e.start + delta)) return undefined;
    out.push({ start: e.start, oldEnd: e.end, newStart: e.start + delta, newLength: e.newText.length });
    delta += e.newText.length - (e.end - e.start);
    at = e.end;
  }
  if (before.length + delta !== after.length || before.slice(at) !== after.slice(at + delta)) return undefined;
  return out;
}

/** `text` to an incremental parse in pieces of `size`: web-tree-sitter copies what the callback returns
 * into WASM memory, up to 5,120 characters a call, and a re-parse asks at every place it re-reads. */
function chunks(text: string, size: number): (index: number) => string {
  return index => text.slice(index, index + size);
}

/** A copy of a converted node `delta` characters further on (a literal of the conversion's shape:
 * a spread gave the copies another hidden class than the nodes they sit among). */
function shifted(node: SNode, delta: number, parent: SNode | null): SNode {
  const copy: SNode = {
    type: node.type, start: node.start + delta, end: node.end + delta, field: node.field, named: node.named,
    missing: node.missing, children: [], parent,
  };
  for (const c of node.children) copy.children.push(shifted(c, delta, copy));
  return copy;
}

/** The masked `*`s of an old-style definition's return type (KeywordLayer.oldStylePointers) that
 * belong to `node`: a function definition's, before its declarator, or its declarator's own. */
function oldStylePointersOf(node: TSNode, stars: readonly number[]): number[] {
  if (!stars.length) return [];
  const definition = node.type === 'function_definition' ? node
    : node.type === 'function_declarator' && node.parent?.type === 'function_definition' ? node.parent : undefined;
  const declarator = definition?.childForFieldName('declarator');
  if (!definition || !declarator || (node !== definition && declarator.startIndex !== node.startIndex)) return [];
  return stars.filter(s => s >= definition.startIndex && s < declarator.startIndex);
}

/** `converted` (a function definition, or its function declarator) with the pointer declarators of
 * its masked `stars` around the declarator, as tree-sitter reads `char *f(char *s) { ... }`. */
function withPointers(converted: SNode, stars: readonly number[]): SNode {
  const definition = converted.type === 'function_definition' ? converted : undefined;
  const index = definition ? definition.children.findIndex(c => c.field === 'declarator') : -1;
  let inner = definition ? definition.children[index] : converted;
  const parent = inner.parent;
  for (const star of [...stars].reverse()) {
    const pointer: SNode = {
      type: 'pointer_declarator', start: star, end: inner.end, field: 'declarator', named: true, missing: false,
      children: [], parent,
    };
    pointer.children.push(
      { type: '*', start: star, end: star + 1, field: null, named: false, missing: false, children: [], parent: pointer },
      inner,
    );
    inner.parent = pointer;
    inner.field = 'declarator';
    inner = pointer;
  }
  if (!definition) return inner;
  definition.children[index] = inner;
  return definition;
}

export interface TopLevelSpan extends Span { type: string }

/** The offsets where each line of `text` starts. */
function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** The row and column of `offset` by the line starts. */
function pointIn(lines: number[], offset: number): { row: number; column: number } {
  let lo = 0, hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid] <= offset) lo = mid; else hi = mid - 1;
  }
  return { row: lo, column: offset - lines[lo] };
}

/** The point reached from `from` (the point of offset `start`) after text[start, end). */
function advance(
  from: { row: number; column: number },
  text: string,
  start: number,
  end: number,
): { row: number; column: number } {
  let { row } = from;
  let lineStart = -1;
  for (let i = text.indexOf('\n', start); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return lineStart < 0 ? { row, column: from.column + (end - start) } : { row, column: end - lineStart };
}

/** The unit of `source` as the parser reads it, preprocessed as `language` is (`analysed`). */
export function readUnit(source: string, language: SourceLanguage, fileName: string | undefined, context: CompileContext): Preprocessed {
  return read(source, language, fileName, context).unit;
}

/** The preprocessor's result (`preprocessed`) and the unit as the parser reads it (`analysed`); with
 * `before`, the version before an edit, its result made in step with the edit where it allows
 * (preprocess/incremental). */
function read(
  source: string, language: SourceLanguage, fileName: string | undefined, context: CompileContext,
  before?: { preprocessed: Preprocessed; unit: Preprocessed }, edits?: readonly TextEdit[],
): { preprocessed: Preprocessed; unit: Preprocessed } {
  const options = { ...context, fileName, cplusplus: language === 'cpp' };
  const preprocessed = before ? preprocessEdited(before.preprocessed, source, options, edits) : preprocess(source, options);
  return { preprocessed, unit: preprocessed === before?.preprocessed ? before.unit : analysed(preprocessed, language === 'cpp') };
}

/** The header of `unit` (as `analysed` joins them after the file's text) holding `offset`, the line
 * of it there, and the `#include` line of the user's file that brought it in; undefined in the file. */
export function headerAt(unit: Preprocessed, offset: number): { path: string; line: number; includedAt: Span } | undefined {
  let start = unit.map.fileEnd;
  if (offset < start) return undefined;
  for (const h of unit.headers) {
    start++; // the line break joining it
    const end = start + h.text.length;
    if (offset < end) {
      let line = 1;
      for (let i = h.text.indexOf('\n'); i >= 0 && i < offset - start; i = h.text.indexOf('\n', i + 1)) line++;
      return { path: h.path, line, includedAt: h.includedAt };
    }
    start = end;
  }
  return undefined;
}

/** The `#pragma omp threadprivate` lines of the unit's headers (the keyword layer reads the file's
 * pragmas only): where each is, and the variables it names. */
export function headerThreadprivates(unit: Preprocessed): { at: number; names: string[] }[] {
  const out: { at: number; names: string[] }[] = [];
  const line = /^[ \t]*#[ \t]*pragma[ \t]+omp[ \t]+threadprivate[ \t]*\(([^)]*)\)/gm;
  line.lastIndex = unit.map.fileEnd;
  for (let m; (m = line.exec(unit.text)); )
    out.push({ at: m.index + m[0].indexOf('#'), names: m[1].split(',').map(n => n.trim()).filter(n => /^\w+$/.test(n)) });
  return out;
}

/** The unit as the parser reads it: the file's preprocessed text, then the text of every header it
 * includes (their declarations are the file's; the checks and transforms read only the file's items),
 * with what the grammars cannot read there read otherwise (`standIns`). */
function analysed(unit: Preprocessed, cpp: boolean): Preprocessed {
  const file = unit.text;
  const text = unit.headers.length ? [file, ...unit.headers.map(h => h.text)].join('\n') : file;
  const segments = [...unit.map.segments];
  if (unit.headers.length) {
    const end = unit.source.length;
    segments.push({ kind: 'header', text: { start: file.length, end: text.length }, source: { start: end, end } });
  }
  const standIns: StandIn[] = [
    ...attributeSpans(text), ...typeLinkageSpans(text), ...(cpp ? [...typeofSpans(text), ...newPointerSpans(text)] : []),
  ].sort((a, b) => a.start - b.start);
  if (!standIns.length) return unit.headers.length ? { ...unit, text, map: new SourceMap(text, unit.source, segments) } : unit;
  // Each becomes a blank segment: a transform's edit may not change it, and the user's text comes
  // back wherever it is rendered, as for a conditional line.
  let read = '';
  let at = 0;
  for (const a of standIns) {
    const i = segments.findIndex(g => g.text.end > a.start);
    const next = i >= 0 ? segments[i] : undefined;
    const inside = next && next.text.start <= a.start;
    // Across a segment's edge (a macro use inside the attribute): left as it is.
    if (next && (inside ? a.end > next.text.end || next.kind === 'blank' : a.end > next.text.start)) continue;
    if (inside && next.kind === 'expansion' && a.changesMeaning) continue;
    read += text.slice(at, a.start) + (a.as ?? text.slice(a.start, a.end).replace(/[^\n]/g, ' '));
    at = a.end;
    // Inside a macro's expansion or a header, the text is the analyses' own: no segment needed.
    if (inside) continue;
    const source = { start: unit.map.offsetToSource(a.start), end: unit.map.offsetToSource(a.end) };
    segments.splice(i < 0 ? segments.length : i, 0, { kind: 'blank', text: { start: a.start, end: a.end }, source, standIn: true });
  }
  read += text.slice(at);
  return { ...unit, text: read, map: new SourceMap(read, unit.source, segments) };
}

/** Text the analyses read otherwise than written, and what they read (blanks when `as` is absent):
 * - `__attribute__((aligned(64)))` after a declarator, and `extern "C++"` before a class defined
 *   alone, mean nothing to the analyses, and the grammars reject them there (`double a[N]
 *   __attribute__(...)`; OpenCilk's bzip2 writes `extern "C++" struct memblock { ... };`): blanked;
 * - GNU's `__typeof__` and `__typeof` in C++, which g++ and clang++ take and tree-sitter's C++
 *   grammar does not: read as `decltype`, and written back as the user wrote them;
 * - the `*`s of an array of pointers allocated with C++'s `new` (`new int*[rows]`, Rodinia's
 *   pathfinder), which the C++ grammar rejects: blanked (the expression's type means nothing to the
 *   analyses; the variable's declaration gives it). */
interface StandIn extends Span {
  as?: string;
  /** Written out as the analyses read it, it would mean something else (`decltype` makes a
   * reference of `a[i]`; `new int [n]` is another type): not read otherwise inside a macro's
   * expansion, which a transform may write out expanded (the grammar's error stays, and refuses). */
  changesMeaning?: boolean;
}

/** The `*`s in `new T*[n]`, `new const T **[n]`, `new ns::T<U> *[n]` (C++; not in a directive line). */
function newPointerSpans(text: string): StandIn[] {
  const out: StandIn[] = [];
  for (const m of text.matchAll(/\bnew\s+(?:const\s+)?[A-Za-z_][\w:]*(?:\s*<[^<>;{}()]*>)?(?:\s+[A-Za-z_]\w*)*\s*(\*[\s*]*)\[/g)) {
    if (inDirective(text, m.index!)) continue;
    const stars = m.index! + m[0].length - 1 - m[1].length;
    out.push({ start: stars, end: stars + m[1].trimEnd().length, changesMeaning: true });
  }
  return out;
}

/** `__typeof__(` and `__typeof(` in C++ code (not in a directive line), each read as `decltype(`. */
function typeofSpans(text: string): StandIn[] {
  const out: StandIn[] = [];
  for (const m of text.matchAll(/\b__typeof(?:__)?\b/g)) {
    const open = skipTrivia(text, m.index! + m[0].length);
    if (text[open] !== '(') continue;
    if (inDirective(text, m.index!)) continue;
    out.push({ start: m.index!, end: m.index! + m[0].length, as: 'decltype'.padEnd(m[0].length), changesMeaning: true });
  }
  return out;
}

/** Whether `at` lies on a directive line (`#define` keeps an attribute's or a keyword's spelling). */
function inDirective(text: string, at: number): boolean {
  return /^\s*#/.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at));
}

/** `extern "C"` or `extern "C++"` right before a class, struct, union or enum definition (a linkage
 * specification the C++ grammar reads only before a declaration with a declarator). */
function typeLinkageSpans(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(/\bextern\s*"C(?:\+\+)?"(?=\s*(?:class|struct|union|enum)\b[^;{()]*\{)/g)) {
    if (inDirective(text, m.index!)) continue;
    out.push({ start: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

/** `__attribute__((...))` in code (not in comments, strings or directives the parser keeps), each
 * whole: the attribute lies in one segment, or it is left alone. */
function attributeSpans(text: string): Span[] {
  const out: Span[] = [];
  for (let i = text.indexOf('__attribute__'); i >= 0; i = text.indexOf('__attribute__', i + 1)) {
    const open = skipTrivia(text, i + '__attribute__'.length);
    if (text.slice(open, open + 1) !== '(') continue;
    // Only after a declarator (`a[N] __attribute__(...)`, `x __attribute__(...)`): before a
    // declaration or a function the grammar reads it, and the transforms keep it where it is.
    let before = i - 1;
    while (before >= 0 && /\s/.test(text[before])) before--;
    if (before < 0 || !/[\]\w]/.test(text[before])) continue;
    // Not in a directive (a `#define` of the attribute keeps its body).
    if (inDirective(text, i)) continue;
    const end = matchParen(text, open, text.length, false);
    if (end < 0) continue;
    out.push({ start: i, end });
    i = end - 1;
  }
  return out;
}

/** Keywords and pragmas of the file itself; the headers' text is parsed as it is. */
function keywordLayer(unit: Preprocessed): KeywordLayer {
  const end = unit.map.fileEnd;
  if (end === unit.text.length) return scanKeywords(unit.text);
  const layer = scanKeywords(unit.text.slice(0, end));
  return { ...layer, masked: layer.masked + unit.text.slice(end) };
}

/** A parsed document. The parser and every analysis read the preprocessed text (`text`: macros
 * expanded, inactive groups blanked); `source` is what the user wrote, `map` goes between them. */
export class SyntaxDocument {
  private constructor(
    readonly grammars: Grammars,
    readonly fileName: string | undefined,
    readonly unit: Preprocessed,
    /** The preprocessor's result `unit` was read from (before the headers were joined to it). */
    private readonly preprocessed: Preprocessed,
    readonly language: SourceLanguage,
    readonly grammar: Language,
    readonly layer: KeywordLayer,
    private treeValue: Tree | undefined,
    private readonly parser: Parser,
    readonly context: CompileContext,
    /** Nodes converted by the versions this one was updated from, by their parsed text (with `update(…, reuse)`). */
    private earlier?: ReadonlyMap<string, SNode>,
    /** The parts of the text the tree reads (`prefix`); all of it when undefined. */
    private readonly included?: Range[],
  ) {}

  /** This version's converted nodes by their parsed text, for a successor to copy from. */
  private readonly converted = new Map<string, SNode>();

  /** The tree of the masked text: parsed when first asked for, and again, the same, when it was
   * let go (`release`). */
  get tree(): Tree {
    if (!this.treeValue) {
      const tree = this.parser.parse(this.layer.masked, null, this.included && { includedRanges: this.included });
      if (!tree) throw new Error('tree-sitter returned no tree');
      this.treeValue = tree;
    }
    return this.treeValue;
  }

  /** The top-level nodes of the tree, read once per tree. */
  private nodes: TSNode[] | undefined;
  private spans: TopLevelSpan[] | undefined;

  /**
   * Lets the tree go (tree-sitter trees live in WASM memory, outside the collector's reach): a
   * document not in use keeps its text, layer and map; its tree is parsed again when asked for.
   */
  release(): void {
    this.treeValue?.delete();
    this.treeValue = undefined;
    this.nodes = undefined;
    this.spans = undefined;
  }

  /** The text the analyses read (offsets of every span in the model). */
  get text(): string { return this.unit.text; }
  /** The user's text. */
  get source(): string { return this.unit.source; }
  get map(): SourceMap { return this.unit.map; }

  static parse(
    grammars: Grammars, source: string, language: SourceLanguage, fileName?: string, context: CompileContext = {},
  ): SyntaxDocument {
    const grammar = grammars[language];
    const parser = new Parser();
    parser.setLanguage(grammar);
    const { preprocessed, unit } = read(source, language, fileName, context);
    const layer = keywordLayer(unit);
    return new SyntaxDocument(grammars, fileName, unit, preprocessed, language, grammar, layer, undefined, parser, context);
  }

  /**
   * This document with a tree of its text up to `end` and of its headers' (the parts past its own
   * text) alone: the top of a large file read without parsing the rest, for its first diagnostics.
   * Offsets are this document's. Dispose of it when done.
   */
  prefix(end: number): SyntaxDocument {
    const { grammars, fileName, unit, preprocessed, language, grammar, layer, parser, context } = this;
    const masked = layer.masked;
    const lines = lineStarts(masked);
    const range = (start: number, stop: number): Range => ({
      startIndex: start, endIndex: stop, startPosition: pointIn(lines, start), endPosition: pointIn(lines, stop),
    });
    const fileEnd = this.map.fileEnd;
    const included = fileEnd < masked.length ? [range(0, end), range(fileEnd, masked.length)] : [range(0, end)];
    return new SyntaxDocument(grammars, fileName, unit, preprocessed, language, grammar, layer, undefined, parser, context, undefined, included);
  }

  /**
   * A document for `text`, re-using this tree. The edit given to tree-sitter is the span
   * where the masked texts differ, so a keyword appearing or vanishing away from the
   * typed character (e.g. `meta_fo` -> `meta_for`) is still seen.
   */
  update(source: string, edits?: readonly TextEdit[], reuse = false): SyntaxDocument {
    // A file whose name does not decide may turn out to be C++ as it is typed.
    const language = detectLanguage(this.fileName, source);
    const { grammars, fileName, context } = this;
    if (language !== this.language) return SyntaxDocument.parse(grammars, source, language, fileName, context);
    const { preprocessed, unit } = read(source, language, fileName, context, { preprocessed: this.preprocessed, unit: this.unit }, edits);
    const layer = unit === this.unit ? this.layer : keywordLayer(unit);
    const before = this.layer.masked;
    const after = layer.masked;
    if (before === after) return this.successor(unit, preprocessed, layer, this.tree.copy(), reuse);
    // Several edits far apart (a translation stage's): each one its own tree edit, so tree-sitter
    // re-reads only around them, where they describe the masked texts exactly.
    const regions = edits && editedRegions(before, after, analysedEdits(edits, this.map, unit.map, after));
    if (regions) {
      const edited = this.tree.copy();
      const lines = lineStarts(before);
      for (let i = regions.length - 1; i >= 0; i--) {
        const r = regions[i];
        const startPosition = pointIn(lines, r.start);
        edited.edit({
          startIndex: r.start, oldEndIndex: r.oldEnd, newEndIndex: r.start + r.newLength,
          startPosition, oldEndPosition: pointIn(lines, r.oldEnd),
          newEndPosition: advance(startPosition, after, r.newStart, r.newStart + r.newLength),
        });
      }
      // Edits all over (a stage's): most of the text is read again, in pieces as long as the binding
      // takes (3,000 lines translated: 5-10 ms less than in short ones).
      const tree = this.parser.parse(chunks(after, 5120), edited);
      edited.delete();
      if (!tree) throw new Error('tree-sitter returned no tree');
      return this.successor(unit, preprocessed, layer, tree, reuse);
    }
    const { prefix, suffix } = commonEnds(before, after);
    const edited = this.tree.copy();
    const startPosition = pointAt(before, prefix);
    edited.edit({
      startIndex: prefix, oldEndIndex: before.length - suffix, newEndIndex: after.length - suffix,
      startPosition,
      oldEndPosition: advance(startPosition, before, prefix, before.length - suffix),
      newEndPosition: advance(startPosition, after, prefix, after.length - suffix),
    });
    // One place edited (a keystroke's): a short piece around it is read again.
    const tree = this.parser.parse(chunks(after, 512), edited);
    edited.delete();
    if (!tree) throw new Error('tree-sitter returned no tree');
    return this.successor(unit, preprocessed, layer, tree, reuse);
  }

  /** The next version of this document: same grammar, parser and flags; a new text, layer and tree.
   * `reuse`: its nodes whose text this version or an earlier one converted are copied from here, not
   * read from the tree again (a translation's stages leave most functions as they were, and a stage
   * reads only the items it needs). */
  private successor(unit: Preprocessed, preprocessed: Preprocessed, layer: KeywordLayer, tree: Tree, reuse = false): SyntaxDocument {
    const { grammars, fileName, language, grammar, parser, context } = this;
    let known: Map<string, SNode> | undefined;
    if (reuse) {
      known = new Map(this.earlier);
      for (const [text, node] of this.converted) known.set(text, node);
    }
    return new SyntaxDocument(grammars, fileName, unit, preprocessed, language, grammar, layer, tree, parser, context, known);
  }

  /** Whether this version's text, its headers read again (from `files`), reads as it did (a header
   * saved since may have changed a macro or a declaration): then a version read anew would be this one. */
  readsAsBefore(files = this.context.files): boolean {
    return sameReading(this.unit, readUnit(this.source, this.language, this.fileName, { ...this.context, files }));
  }

  /** Lets the nodes of the versions before this one go (a version kept while it is edited: each
   * next version copies this one's, which are enough, and the texts of every earlier one would pile up). */
  forgetEarlier(): void { this.earlier = undefined; }

  /** Frees the WASM tree; tree-sitter trees are not garbage-collected. */
  dispose(): void { this.release(); }

  /** The top-level items (functions, declarations, ...) of the translation unit. */
  topLevelNodes(): TSNode[] {
    return (this.nodes ??= this.tree.rootNode.children.filter((n): n is TSNode => n !== null));
  }

  /** The type and span of each top-level node, read once per tree (every property of a tree-sitter
   * node is a call into WASM, and every version's model and name check read them all). */
  topLevelSpans(): TopLevelSpan[] {
    return (this.spans ??= this.topLevelNodes().map(n => ({ type: n.type, start: n.startIndex, end: n.endIndex })));
  }

  convert(node: TSNode): SNode {
    const pointers = oldStylePointersOf(node, this.layer.oldStylePointers);
    if (pointers.length) return withPointers(convert(node, this.grammar), pointers);
    const key = this.earlier || this.reusable ? this.layer.masked.slice(node.startIndex, node.endIndex) : undefined;
    const known = key !== undefined ? this.earlier?.get(key) : undefined;
    let converted: SNode;
    if (known && known.type === node.type) {
      converted = shifted(known, node.startIndex - known.start, null);
    } else {
      converted = convert(node, this.grammar);
      if (node.hasError) repairPragmaBodies(converted, this.layer.masked);
    }
    if (key !== undefined) this.converted.set(key, converted);
    return converted;
  }

  /** Whether a successor may copy this version's nodes (set on a translation's first parse). */
  reusable = false;
}
