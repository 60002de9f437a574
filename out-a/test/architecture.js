"use strict";
// The house's rules, read from the code: every import of the server, the shared folder and the
// client, the layer each file stands on, and the invariants ARCHITECTURE.md names. Pure functions
// over an import graph, so a test can plant a violation and see it reported.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.RULES = exports.FLOORS = void 0;
exports.roomOf = roomOf;
exports.importsIn = importsIn;
exports.readImports = readImports;
exports.cycles = cycles;
exports.violations = violations;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const ts = __importStar(require("typescript"));
/** The folders of the house, bottom up. Folders on one floor are siblings: neither imports the other. */
exports.FLOORS = [
    ['shared'],
    ['server/src/base', 'server/src/version'],
    ['server/src/preprocess'],
    ['server/src/syntax'],
    ['server/src/symbolic'],
    ['server/src/model'],
    ['server/src/checks'],
    ['server/src/translate', 'server/src/cuda'],
    ['server/src/tile', 'server/src/cost'],
    ['server/src/optimize'],
    ['server/src/lsp'],
    ['server/src/cli'],
];
/** Packages only the editor adapters may use. */
const EDITOR_PACKAGES = /^(vscode|vscode-languageserver|vscode-languageclient|vscode-jsonrpc)(\/|$|-)/;
/** The invariants, in ARCHITECTURE.md's words. */
exports.RULES = {
    layers: 'a layer imports only the layers below it',
    siblings: 'the translators and the generator are siblings (and so are the tiler and the cost model): neither imports the other',
    syntax: '`syntax` knows nothing of the model, the checks or any editor',
    cost: 'the cost model never imports the optimizer',
    core: 'only the language server and the client know an editor protocol',
    client: 'the client talks only to the server: it imports the shared protocol and settings, never the server',
    cycles: 'no two files import each other, directly or around a circle',
};
/** The folder (or top-level file) of a repository path, as FLOORS names it. */
function roomOf(file) {
    if (file.startsWith('shared/'))
        return 'shared';
    if (file.startsWith('client/'))
        return 'client';
    const m = /^server\/src\/([^/]+)/.exec(file);
    return m ? `server/src/${m[1].replace(/\.ts$/, '')}` : file;
}
function floorOf(room) {
    return exports.FLOORS.findIndex(f => f.includes(room));
}
/** The imports a TypeScript source makes: static imports and re-exports, `import()` and `require()`. */
function importsIn(file, text) {
    const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const out = [];
    const visit = (n) => {
        if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
            const typeOnly = ts.isImportDeclaration(n) ? !!n.importClause?.isTypeOnly : n.isTypeOnly;
            out.push({ specifier: n.moduleSpecifier.text, typeOnly });
        }
        else if (ts.isCallExpression(n) && n.arguments.length === 1 && ts.isStringLiteral(n.arguments[0])
            && (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require'))) {
            out.push({ specifier: n.arguments[0].text, typeOnly: false });
        }
        else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
            out.push({ specifier: n.argument.literal.text, typeOnly: true });
        }
        ts.forEachChild(n, visit);
    };
    visit(src);
    return out;
}
/** Every import of the house's sources under `root` (server/src, shared, client/src). */
function readImports(root) {
    const imports = [];
    const walk = (dir) => {
        for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
            const rel = `${dir}/${e.name}`;
            if (e.isDirectory())
                walk(rel);
            else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) {
                const from = rel.replace(/\.ts$/, '');
                for (const { specifier, typeOnly } of importsIn(rel, fs.readFileSync(path.join(root, rel), 'utf8'))) {
                    const to = specifier.startsWith('.') ? path.posix.join(path.posix.dirname(rel), specifier) : specifier;
                    imports.push({ from, to, typeOnly });
                }
            }
        }
    };
    for (const dir of ['server/src', 'shared', 'client/src'])
        walk(dir);
    return imports;
}
/** The import cycles between files: each a strongly connected set of more than one file (or a
 * file importing itself), listed sorted. */
function cycles(imports) {
    const edges = new Map();
    for (const i of imports) {
        if (!isLocal(i.to))
            continue;
        if (!edges.has(i.from))
            edges.set(i.from, new Set());
        edges.get(i.from).add(i.to);
    }
    // Tarjan's strongly connected components.
    let counter = 0;
    const index = new Map(), low = new Map(), stack = [], onStack = new Set();
    const found = [];
    const connect = (v) => {
        index.set(v, counter);
        low.set(v, counter);
        counter++;
        stack.push(v);
        onStack.add(v);
        for (const w of edges.get(v) ?? []) {
            if (!index.has(w)) {
                connect(w);
                low.set(v, Math.min(low.get(v), low.get(w)));
            }
            else if (onStack.has(w))
                low.set(v, Math.min(low.get(v), index.get(w)));
        }
        if (low.get(v) !== index.get(v))
            return;
        const component = [];
        let w;
        do {
            w = stack.pop();
            onStack.delete(w);
            component.push(w);
        } while (w !== v);
        if (component.length > 1 || edges.get(v)?.has(v))
            found.push(component.sort());
    };
    for (const v of edges.keys())
        if (!index.has(v))
            connect(v);
    return found.sort((a, b) => a[0].localeCompare(b[0]));
}
const isLocal = (to) => /^(server|shared|client)\//.test(to);
/** Every broken rule, one line per import (and per cycle), sorted. */
function violations(imports) {
    const out = [];
    const add = (rule, i) => out.push({ rule, at: `${i.from} -> ${i.to}` });
    for (const i of imports) {
        const from = roomOf(i.from);
        if (from === 'client') {
            if (isLocal(i.to) && !i.to.startsWith('client/') && !i.to.startsWith('shared/'))
                add('client', i);
            continue;
        }
        if (!isLocal(i.to)) {
            if (EDITOR_PACKAGES.test(i.to) && from !== 'server/src/lsp' && from !== 'shared')
                add('core', i);
            continue;
        }
        const to = roomOf(i.to);
        if (to === from)
            continue;
        if (to === 'client') {
            add('client', i);
            continue;
        }
        const [a, b] = [floorOf(from), floorOf(to)];
        if (from === 'server/src/syntax' && !['server/src/base', 'server/src/preprocess', 'shared'].includes(to)) {
            add('syntax', i);
        }
        else if (from === 'server/src/cost' && to === 'server/src/optimize')
            add('cost', i);
        else if (a === b)
            add('siblings', i);
        else if (a < 0 || b < 0 || b > a)
            add('layers', i);
    }
    for (const c of cycles(imports))
        out.push({ rule: 'cycles', at: c.join(' -> ') });
    return out.sort((x, y) => x.rule.localeCompare(y.rule) || x.at.localeCompare(y.at));
}
//# sourceMappingURL=architecture.js.map