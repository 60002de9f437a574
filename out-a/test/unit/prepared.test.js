"use strict";
// The worker's prepared document (lsp/prepared): a translation started from the version it holds,
// brought to each new text by an incremental re-parse, is the translation of that text read afresh.
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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const prepared_1 = require("../../server/src/lsp/prepared");
const index_1 = require("../../server/src/translate/index");
const index_2 = require("../../server/src/checks/index");
const generate_1 = require("../bench/generate");
const helpers_1 = require("../helpers");
const TARGETS = ['metafork', 'openmp', 'cilkplus'];
/** Whether the server would call the version checked (its diagnostics found nothing blocking). */
async function checkedAlready(text, options) {
    const syntax = await (0, index_2.parseText)(text, options.fileName, undefined, options);
    try {
        return !(0, index_2.checkSyntax)(syntax).diagnostics.some(index_2.blocking);
    }
    finally {
        syntax.dispose();
    }
}
/** Every target's translation from the prepared version equals the fresh one, whole (text,
 * diagnostics and all), twice in a row (a translation leaves the version it started from as it was);
 * the fresh one translated, or `refused`. */
async function sameAsFresh(prepared, uri, analysis, text, options, label, refused = false) {
    const checked = await checkedAlready(text, options);
    const key = { uri, fileName: options.fileName, flags: JSON.stringify(options.flags ?? null) };
    for (const to of TARGETS) {
        const fresh = await (0, index_1.translateText)(text, to, { ...options, checked });
        strict_1.default.equal(fresh.text === undefined, refused, `${label}, to ${to}: ${fresh.diagnostics[0]?.message}`);
        for (let round = 0; round < 2; round++) {
            const version = await prepared.version(key, analysis, text, options);
            strict_1.default.deepEqual((0, index_1.translateDocument)(version, to, { ...options, checked }), fresh, `${label}, to ${to}, round ${round + 1}`);
        }
    }
}
(0, node_test_1.test)('the bundled examples and corpus programs, one after another in one prepared document', async () => {
    const expected = JSON.parse(fs.readFileSync(path.join(helpers_1.ROOT, 'test', 'fixtures', 'programs', 'expected.json'), 'utf8'));
    const prepared = new prepared_1.PreparedDocument();
    for (const file of Object.keys(expected)) {
        const text = fs.readFileSync(path.join(helpers_1.ROOT, file), 'utf8');
        // Each file as its own document, and again as the same document's next text.
        await sameAsFresh(prepared, `file:///${file}`, 1, text, { fileName: file }, file);
        await sameAsFresh(prepared, 'file:///one.mfc', 1, text, { fileName: 'one.mfc' }, `${file} as one.mfc`);
    }
});
(0, node_test_1.test)('a large document edited: each version translated from the one before equals a fresh translation', async () => {
    const prepared = new prepared_1.PreparedDocument();
    const options = { fileName: 'big.mfc' };
    let text = (0, generate_1.wholeFunctions)((0, generate_1.generateProgram)(2500));
    await sameAsFresh(prepared, 'file:///big.mfc', 1, text, options, 'as opened');
    const at = (s) => { const i = text.indexOf(s); strict_1.default.ok(i >= 0, s); return i; };
    const edits = [
        ['a comment typed in the middle', t => { const m = t.indexOf('\n', t.length >> 1) + 1; return `${t.slice(0, m)}/* note */\n${t.slice(m)}`; }],
        ['a reduction clause changed', t => t.replace('reduction(+: s) schedule(static)', 'reduction(max: s)')],
        ['a spawn made a plain call', t => t.replace('x = meta_fork fib6(n - 1);', 'x = fib6(n - 1);')],
        ['a Cilk function deleted', t => { const s = at('int tree11('); return t.slice(0, s) + t.slice(t.indexOf('\n}\n', s) + 3); }],
        ['a sync removed (CilkPlus joins at the return)', t => t.replace('  cilk_sync;\n  return l + r;', '  return l + r;')],
        ['an error typed', t => t.replace('long x, y;', 'long x, y')],
    ];
    for (const [label, edit] of edits) {
        text = edit(text);
        await sameAsFresh(prepared, 'file:///big.mfc', 1, text, options, label, label === 'an error typed');
    }
    // One construct at a time, as the quick fixes translate them.
    text = (0, generate_1.wholeFunctions)((0, generate_1.generateProgram)(2500));
    const focus = text.indexOf('cilk_spawn tree5');
    for (const to of TARGETS) {
        const version = await prepared.version({ uri: 'file:///big.mfc', fileName: 'big.mfc', flags: 'null' }, 1, text, options);
        strict_1.default.deepEqual((0, index_1.translateDocument)(version, to, { ...options, focus, checked: true }), await (0, index_1.translateText)(text, to, { ...options, focus, checked: true }), `focus, to ${to}`);
    }
});
(0, node_test_1.test)('the same text: the held version as it is, under a new analysis too while its headers read the same; read again when they do not; other flags read the text anew', async () => {
    const prepared = new prepared_1.PreparedDocument();
    const text = '#include "spawn.h"\nint f(int n) {\n  int x, y;\n  if (n < 2) return n;\n  x = SPAWN f(n - 1);\n  y = f(n - 2);\n  cilk_sync;\n  return x + y;\n}\n';
    let header = '#define SPAWN cilk_spawn\n';
    const options = { fileName: '/p/main.c', files: { read: p => (p === '/p/spawn.h' ? header : undefined) } };
    const key = { uri: 'file:///p/main.c', fileName: '/p/main.c', flags: 'null' };
    const first = await prepared.version(key, 1, text, options);
    strict_1.default.equal(await prepared.version(key, 1, text, options), first);
    await sameAsFresh(prepared, key.uri, 1, text, options, 'header spawning');
    // A new analysis (the server checked the document again: a header saved, settings) whose headers read the same.
    strict_1.default.equal(await prepared.version(key, 2, text, options), first);
    // A header saved with a new constant.
    header = '#define SPAWN cilk_spawn\n#define DEPTH 4\n';
    const constant = await prepared.version(key, 3, text, options);
    strict_1.default.notEqual(constant, first);
    strict_1.default.equal(constant.syntax.unit.constants.get('DEPTH'), '4');
    header = '#define SPAWN\n';
    const reread = await prepared.version(key, 4, text, options);
    strict_1.default.notEqual(reread, constant);
    strict_1.default.equal(reread.syntax.text.includes('cilk_spawn'), false);
    await sameAsFresh(prepared, key.uri, 4, text, options, 'header not spawning');
    const defined = { ...options, flags: { includePaths: [], defines: [['EXTRA', '1']] } };
    await sameAsFresh(prepared, key.uri, 4, text, defined, 'other flags');
});
(0, node_test_1.test)('a document closed is let go; another document\'s closing leaves the one held', async () => {
    const prepared = new prepared_1.PreparedDocument();
    const text = fs.readFileSync(path.join(helpers_1.ROOT, 'examples', 'fib.mfc'), 'utf8');
    const key = { uri: 'file:///fib.mfc', fileName: 'fib.mfc', flags: 'null' };
    const held = await prepared.version(key, 1, text, { fileName: 'fib.mfc' });
    prepared.forget('file:///other.mfc');
    strict_1.default.equal(await prepared.version(key, 1, text, { fileName: 'fib.mfc' }), held);
    prepared.forget(key.uri);
    const anew = await prepared.version(key, 1, text, { fileName: 'fib.mfc' });
    strict_1.default.notEqual(anew, held);
    strict_1.default.deepEqual((0, index_1.translateDocument)(anew, 'openmp', { fileName: 'fib.mfc', checked: true }), await (0, index_1.translateText)(text, 'openmp', { fileName: 'fib.mfc', checked: true }));
});
//# sourceMappingURL=prepared.test.js.map