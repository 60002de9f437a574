"use strict";
// The parser and the diagnostics never throw and stay fast on any text: every prefix of
// every fixture (what typing produces, through incremental updates), random mutations,
// deep nesting and binary junk.
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
const index_1 = require("../../server/src/checks/index");
const elide_1 = require("../../server/src/model/elide");
const helpers_1 = require("../helpers");
const files = [
    ...fs.readdirSync((0, helpers_1.fixture)('seeds')).filter(f => !f.endsWith('.json')).map(f => (0, helpers_1.fixture)('seeds', f)),
    ...fs.readdirSync((0, helpers_1.fixture)('programs')).filter(f => !f.endsWith('.json')).map(f => (0, helpers_1.fixture)('programs', f)),
    ...fs.readdirSync(path.join(helpers_1.ROOT, 'examples')).map(f => path.join(helpers_1.ROOT, 'examples', f)),
];
/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed) {
    let s = seed >>> 0;
    return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s % n; };
}
/** Longest time one analysis may take here: a hang shows up as a failure, not a stuck run. */
const BOUND_MS = 2000;
function checkedAnalysis(run, what) {
    const t0 = performance.now();
    run();
    const ms = performance.now() - t0;
    strict_1.default.ok(ms < BOUND_MS, `${what} took ${ms.toFixed(0)} ms`);
}
(0, node_test_1.test)('every prefix of every fixture, typed character by character', async () => {
    let analyses = 0;
    for (const file of files) {
        const text = fs.readFileSync(file, 'utf8');
        let syntax = await (0, index_1.parseText)('', file);
        let previous;
        // Typing: each prefix is an incremental update of the previous one (stride keeps big files quick).
        const stride = Math.max(1, Math.floor(text.length / 1500));
        for (let i = 0; i <= text.length; i += stride) {
            const next = syntax.update(text.slice(0, i));
            syntax.dispose();
            syntax = next;
            checkedAnalysis(() => { previous = (0, index_1.checkSyntax)(syntax, previous); }, `${path.basename(file)} prefix ${i}`);
            analyses++;
        }
        // The full text, fresh and incremental, must give the same diagnostics.
        const fresh = await (0, index_1.parseText)(text, file);
        const full = syntax.update(text);
        strict_1.default.deepEqual((0, index_1.checkSyntax)(full, previous).diagnostics, (0, index_1.checkSyntax)(fresh).diagnostics, path.basename(file));
        fresh.dispose();
        full.dispose();
        syntax.dispose();
    }
    strict_1.default.ok(analyses > 10000, `only ${analyses} analyses`);
});
(0, node_test_1.test)('random mutations of every fixture', async () => {
    const random = lcg(20261121);
    const pieces = ['{', '}', '(', ')', ';', 'meta_fork', 'meta_for', 'meta_join;', 'cilk_spawn', '#pragma omp parallel for\n', '#pragma mf fork shared(\n', '/*', '*/', '"', '\'', '\\\n', 'shared(', 'cache(', '\n', ' '];
    for (const file of files) {
        const original = fs.readFileSync(file, 'utf8');
        for (let round = 0; round < 12; round++) {
            let text = original;
            for (let m = 0; m < 1 + random(6); m++) {
                const at = random(text.length + 1);
                const kind = random(4);
                if (kind === 0)
                    text = text.slice(0, at) + text.slice(at + 1 + random(20));
                else if (kind === 1)
                    text = text.slice(0, at) + pieces[random(pieces.length)] + text.slice(at);
                else if (kind === 2) {
                    const from = random(text.length + 1);
                    text = text.slice(0, at) + text.slice(from, from + random(40)) + text.slice(at);
                }
                else
                    text = text.slice(0, at) + String.fromCharCode(random(0x3000)) + text.slice(at);
            }
            const syntax = await (0, index_1.parseText)(text, file);
            checkedAnalysis(() => { (0, elide_1.elide)((0, index_1.checkSyntax)(syntax).model); }, `${path.basename(file)} mutation ${round}`);
            syntax.dispose();
        }
    }
});
(0, node_test_1.test)('deep nesting, long files and binary junk', async () => {
    const cases = [
        ['10,000 nested blocks', `void f(int x) {${'{'.repeat(10000)}x++;${'}'.repeat(10000)}}\n`],
        ['10,000 nested parentheses', `int f(int x) { return ${'('.repeat(10000)}x${')'.repeat(10000)}; }\n`],
        ['5,000 nested meta_fork blocks', `void f(int x) {${'meta_fork {'.repeat(5000)}x++;${'}'.repeat(5000)} meta_join; }\n`],
        ['unterminated comment', '/* never closed\nmeta_fork f();'],
        ['binary junk', Array.from({ length: 50000 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('')],
    ];
    for (const [name, text] of cases) {
        const syntax = await (0, index_1.parseText)(text, 'junk.mfc');
        const t0 = performance.now();
        const { diagnostics, model } = (0, index_1.checkSyntax)(syntax);
        (0, elide_1.elide)(model);
        strict_1.default.ok(performance.now() - t0 < 10000, name);
        strict_1.default.ok(Array.isArray(diagnostics), name);
        syntax.dispose();
    }
});
//# sourceMappingURL=robustness.test.js.map