"use strict";
// How the translation to CilkPlus is staged (translate/index.ts): a stage models only the items
// holding what it reads, and an item goes on to CilkPlus in the first stage that leaves it nothing
// to wait for (the OpenMP stage, an outlining pass), so later stages re-model only what changed.
// The output must be what a stage at a time gives: the whole text, exactly.
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
const index_1 = require("../../server/src/translate/index");
const helpers_1 = require("../helpers");
const findings = (text, r) => r.diagnostics.map(d => ({ code: d.code, text: text.slice(d.start, d.end), message: d.message }));
(0, node_test_1.test)('OpenMP and MetaFork to CilkPlus: reducers defined once before their first use, block spawns outlined in two passes, an unjoined spawn joined at its exit', async () => {
    // The program (test/fixtures/programs: the corpus runs its translations) has a MetaFork reduction
    // before an OpenMP one of the same type, a block spawn, a block spawn inside a block spawn, and a
    // spawn its function leaves unjoined, which the OpenMP stage's joins at exits close.
    const text = fs.readFileSync((0, helpers_1.fixture)('programs', 'mixed-outlining.c'), 'utf8');
    const r = await (0, index_1.translateText)(text, 'cilkplus', { fileName: 'mixed-outlining.c' });
    strict_1.default.deepEqual(findings(text, r), []);
    strict_1.default.equal(r.text, fs.readFileSync((0, helpers_1.fixture)('passes', 'mixed-outlining_cilk.c'), 'utf8'));
});
(0, node_test_1.test)('a worker count set in a function with no MetaFork construct is still translated to CilkPlus', async () => {
    // The item holds no keyword: the stage reads it for the call's name alone.
    const text = [
        'static void setup(void)',
        '{',
        '    meta_set_nworkers(4);',
        '}',
        '',
        'int main(void)',
        '{',
        '    int a[8];',
        '    setup();',
        '    meta_for (int i = 0; i < 8; i++)',
        '        a[i] = i;',
        '    return a[7];',
        '}',
        '',
    ].join('\n');
    const r = await (0, index_1.translateText)(text, 'cilkplus', { fileName: 'workers.mfc' });
    strict_1.default.deepEqual(findings(text, r), [
        {
            code: 'MF604',
            text: 'meta_set_nworkers(4)',
            message: "the worker count set here (4) has no CilkPlus call: dropped; set CILK_NWORKERS in the environment instead",
        },
    ]);
    strict_1.default.equal(r.text, [
        '#include <cilk/cilk.h>',
        'static void setup(void)',
        '{',
        '}',
        '',
        'int main(void)',
        '{',
        '    int a[8];',
        '    setup();',
        '    cilk_for (int i = 0; i < 8; i++)',
        '        a[i] = i;',
        '    return a[7];',
        '}',
        '',
    ].join('\n'));
});
//# sourceMappingURL=passes.test.js.map