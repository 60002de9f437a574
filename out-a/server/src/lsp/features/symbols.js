"use strict";
// Document symbols: functions, file-scope variables, and the parallel constructs inside
// functions as a tree.
Object.defineProperty(exports, "__esModule", { value: true });
exports.DocumentSymbols = void 0;
const vscode_languageserver_1 = require("vscode-languageserver");
const constructs_1 = require("../../model/constructs");
const ast_1 = require("../../syntax/ast");
const documents_1 = require("../documents");
const convert_1 = require("../convert");
/** The symbols of each open document's versions; keeps, per document, the symbols of each
 * function by its text from one version to the next (see `documentSymbols`). */
class DocumentSymbols {
    memos = new Map();
    async provide(ctx, params, token) {
        const state = await ctx.stateOf(params.textDocument?.uri, token);
        return (0, documents_1.derive)(state, 'symbols', () => {
            const { symbols, memo } = documentSymbols(state, this.memos.get(state.uri) ?? new Map());
            this.memos.set(state.uri, memo);
            return symbols;
        });
    }
    forget(uri) { this.memos.delete(uri); }
}
exports.DocumentSymbols = DocumentSymbols;
const CONSTRUCT_SYMBOL = {
    'spawn': vscode_languageserver_1.SymbolKind.Event, 'block-spawn': vscode_languageserver_1.SymbolKind.Event, 'join': vscode_languageserver_1.SymbolKind.Key,
    'parallel-for': vscode_languageserver_1.SymbolKind.Operator, 'schedule': vscode_languageserver_1.SymbolKind.Module, 'scope': vscode_languageserver_1.SymbolKind.Namespace,
    'pipe': vscode_languageserver_1.SymbolKind.Operator, 'omp': vscode_languageserver_1.SymbolKind.Namespace,
};
/**
 * `memo` keeps each function's symbols, with lines counted from the function's first line, by
 * the function's text: after an edit only the edited function is read again (reading all of a
 * 10,000-line file's functions takes ~200 ms). The caller keeps it from one version to the next.
 */
function documentSymbols(state, memo) {
    const doc = state.checked.model;
    const text = state.checked.model.text;
    const out = [];
    const used = new Map();
    doc.items.forEach((ref, i) => {
        if (ref.type === 'function_definition') {
            const first = state.lines.position(ref.start);
            const key = `${first.character}:${text.slice(ref.start, ref.end)}`;
            let relative = used.get(key) ?? memo.get(key);
            if (!relative)
                relative = shiftLines(functionSymbol(state, doc.item(i)), -first.line);
            used.set(key, relative);
            out.push(shiftLines(relative, first.line));
        }
        else {
            for (const v of doc.fileScope.variables.values()) {
                if (v.span.start >= ref.start && v.span.end <= ref.end) {
                    out.push({
                        name: v.name, kind: vscode_languageserver_1.SymbolKind.Variable, detail: v.typeText,
                        range: (0, convert_1.rangeOf)(state.lines, ref), selectionRange: (0, convert_1.rangeOf)(state.lines, v.span),
                    });
                }
            }
        }
    });
    return { symbols: out, memo: used };
}
function functionSymbol(state, model) {
    const item = model.item;
    const name = (0, ast_1.functionName)(item, state.checked.model.text);
    const nameSpan = name ?? item;
    return {
        name: name?.name ?? 'function', kind: vscode_languageserver_1.SymbolKind.Function,
        range: (0, convert_1.rangeOf)(state.lines, item), selectionRange: (0, convert_1.rangeOf)(state.lines, nameSpan),
        detail: state.checked.model.text.slice(item.start, nameSpan.start).trim(),
        children: model.roots.flatMap(c => constructSymbol(state, c)),
    };
}
function shiftLines(s, delta) {
    const move = (r) => ({
        start: { line: r.start.line + delta, character: r.start.character },
        end: { line: r.end.line + delta, character: r.end.character },
    });
    const children = s.children ? { children: s.children.map(c => shiftLines(c, delta)) } : {};
    return { ...s, range: move(s.range), selectionRange: move(s.selectionRange), ...children };
}
function constructSymbol(state, c) {
    const kind = CONSTRUCT_SYMBOL[c.kind];
    const children = c.children.flatMap(k => constructSymbol(state, k));
    const name = c.directive?.name;
    const standalone = c.kind === 'omp' && c.directive?.standalone && name !== 'taskwait' && name !== 'barrier';
    if (kind === undefined || standalone)
        return children;
    return [{
            name: (0, constructs_1.constructLabel)(c), detail: detail(state.checked.model.text, c), kind,
            range: (0, convert_1.rangeOf)(state.lines, (0, constructs_1.constructSpan)(c)), selectionRange: (0, convert_1.rangeOf)(state.lines, c.head), children,
        }];
}
function detail(text, c) {
    const short = (s) => s ? text.slice(s.start, Math.min(s.end, s.start + 60)).replace(/\s+/g, ' ').trim() : '';
    if (c.kind === 'spawn')
        return short(c.call);
    if (c.loop) {
        const header = /\(([^)]*)\)/.exec(text.slice(c.loop.start, Math.min(c.loop.end, c.loop.start + 200)));
        return header ? `(${header[1].replace(/\s+/g, ' ').trim()})` : '';
    }
    return '';
}
//# sourceMappingURL=symbols.js.map