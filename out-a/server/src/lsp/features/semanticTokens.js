"use strict";
// Semantic tokens for the MetaFork, CilkPlus and OpenMP keywords, clauses and directives.
Object.defineProperty(exports, "__esModule", { value: true });
exports.TOKEN_LEGEND = void 0;
exports.tokensOf = tokensOf;
const vscode_languageserver_1 = require("vscode-languageserver");
const pragma_1 = require("../../syntax/pragma");
const documents_1 = require("../documents");
async function tokensOf(ctx, params, token) {
    const state = await ctx.stateOf(params.textDocument?.uri, token);
    return (0, documents_1.derive)(state, 'tokens', () => semanticTokens(state));
}
exports.TOKEN_LEGEND = {
    tokenTypes: ['keyword', 'macro', 'property', 'variable'],
    tokenModifiers: ['metafork', 'openmp', 'cilkplus'],
};
const TYPE = { keyword: 0, macro: 1, property: 2, variable: 3 };
const MODIFIER = { metafork: 1, openmp: 2, cilkplus: 4 };
function semanticTokens(state) {
    const layer = state.checked.syntax.layer;
    const tokens = [];
    const add = (s, type, modifier) => {
        if (s.end > s.start)
            tokens.push({ start: s.start, end: s.end, type, modifier });
    };
    for (const k of layer.keywords) {
        const modifier = k.keyword.startsWith('meta_') ? MODIFIER.metafork : MODIFIER.cilkplus;
        add({ start: k.start, end: k.start + k.spelling.length }, TYPE.keyword, modifier);
        for (const cl of k.clauses) {
            add(cl.nameSpan, TYPE.property, modifier);
            for (const item of cl.items)
                add(item, TYPE.variable, modifier);
        }
    }
    for (const line of layer.pragmas) {
        const directive = (0, pragma_1.parsePragma)(line);
        if (!directive)
            continue;
        const family = directive.family;
        const modifier = family === 'omp' ? MODIFIER.openmp : family === 'cilk' ? MODIFIER.cilkplus : MODIFIER.metafork;
        const head = /^#\s*pragma\s+[A-Za-z_]+/.exec(line.text);
        if (head)
            add({ start: line.start, end: line.start + head[0].length }, TYPE.macro, modifier);
        add(directive.nameSpan, TYPE.keyword, modifier);
        for (const item of directive.argument?.items ?? [])
            add(item, TYPE.variable, modifier);
        for (const cl of [...directive.clauses, ...line.trailingClauses]) {
            add(cl.nameSpan, TYPE.property, modifier);
            for (const item of cl.items)
                add(item, TYPE.variable, modifier);
        }
    }
    tokens.sort((a, b) => a.start - b.start);
    const builder = new vscode_languageserver_1.SemanticTokensBuilder();
    const text = state.checked.model.text;
    let last = -1;
    for (const t of tokens) {
        if (t.start < last || text.slice(t.start, t.end).includes('\n'))
            continue; // overlapping or multi-line
        const p = state.lines.position(t.start);
        builder.push(p.line, p.character, t.end - t.start, t.type, t.modifier);
        last = t.end;
    }
    return builder.build();
}
//# sourceMappingURL=semanticTokens.js.map