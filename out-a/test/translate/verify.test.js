"use strict";
// A translation's output is checked as its input was (`verify`: `metafork translate`, and the editor's
// translations of files up to 2,000 lines): each stage's output is only re-parsed, so an output that
// parses but is not valid in its dialect got out with exit 0 (stacked forks became `meta_fork
// meta_fork S`, found on BOTS). A mistake the tool's own analyses can see is now a refusal at the
// input's construct.
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
const index_1 = require("../../server/src/translate/index");
const parser_1 = require("../../server/src/syntax/parser");
const index_2 = require("../../server/src/checks/index");
const edits_1 = require("../../server/src/base/edits");
const helpers_1 = require("../helpers");
const document_1 = require("../../server/src/model/document");
const INPUT = '#include <omp.h>\nvoid g(int);\nvoid f(void) {\n  #pragma omp task\n  g(1);\n  #pragma omp taskwait\n}\n';
/** `INPUT` translated to MetaFork by hand, the spawn written `spawn`, and what the check finds in it. */
async function findings(spawn) {
    const syntax = parser_1.SyntaxDocument.parse(await (0, parser_1.loadGrammars)(), INPUT, 'c', 'f.c', {});
    try {
        const task = INPUT.indexOf('#pragma omp task\n');
        const wait = INPUT.indexOf('#pragma omp taskwait');
        const edits = [
            { start: 0, end: '#include <omp.h>\n'.length, newText: '' },
            { start: task, end: INPUT.indexOf('g(1);'), newText: spawn },
            { start: wait, end: wait + '#pragma omp taskwait'.length, newText: 'meta_join;' },
        ];
        const output = (0, edits_1.applyEdits)(INPUT, edits);
        return (0, index_1.outputFindings)(syntax, output, [new edits_1.OffsetMap(edits)], document_1.DocumentModel.build(syntax))
            .map(d => ({ code: d.code, at: INPUT.slice(d.start, d.end), message: d.message }));
    }
    finally {
        syntax.dispose();
    }
}
(0, node_test_1.test)('an output that parses but is not valid MetaFork (a spawn of a spawn) is found, at the input construct it came from', async () => {
    strict_1.default.deepEqual(await findings('meta_fork meta_fork '), [{
            code: 'MF206',
            at: '#pragma omp task\n  ',
            message: "translation produced invalid code here: 'meta_fork' must be followed by a function call or a statement to spawn",
        }]);
    strict_1.default.deepEqual(await findings('meta_fork '), []);
});
/** The programs of the fixtures and examples. */
function programs() {
    const files = [];
    const walk = (dir) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
            const p = path.join(dir, e.name);
            if (e.isDirectory())
                walk(p);
            else if (/\.(c|mfc|cpp)$/.test(e.name))
                files.push(p);
        }
    };
    walk(path.join(helpers_1.ROOT, 'test', 'fixtures'));
    walk(path.join(helpers_1.ROOT, 'examples'));
    return files;
}
(0, node_test_1.test)("an output that lost a declaration the input had (a name no declaration reaches, which alone the check leaves to the compiler) is found, at the use", async () => {
    const input = 'int a[8];\nvoid f(void) {\n  int i, k;\n  for (k = 0; k < 8; k++) a[k] = 0;\n  for (i = 0; i < 8; i++) a[i] += undeclared;\n}\n';
    const syntax = parser_1.SyntaxDocument.parse(await (0, parser_1.loadGrammars)(), input, 'c', 'f.c', {});
    try {
        const edits = [{ start: input.indexOf('int i, k;'), end: input.indexOf('int i, k;') + 'int i, k;'.length, newText: 'int i;' }];
        const found = (0, index_1.outputFindings)(syntax, (0, edits_1.applyEdits)(input, edits), [new edits_1.OffsetMap(edits)], document_1.DocumentModel.build(syntax));
        // 'undeclared' was undeclared in the input too: the compiler's to judge, as before.
        strict_1.default.deepEqual(found.map(d => ({ code: d.code, at: input.slice(d.start, d.end), message: d.message })), [
            { code: 'MF120', at: 'k', message: "translation produced invalid code here: 'k' undeclared (first use in this function)" },
        ]);
    }
    finally {
        syntax.dispose();
    }
});
(0, node_test_1.test)("every program of the fixtures and examples, translated into each dialect, passes its own check: the check refuses none of them", async () => {
    const files = programs();
    const refusedByCheck = [];
    let translated = 0;
    for (const file of files) {
        const text = fs.readFileSync(file, 'utf8');
        for (const to of ['metafork', 'openmp', 'cilkplus']) {
            const plain = await (0, index_1.translateText)(text, to, { fileName: file });
            if (plain.text === undefined)
                continue;
            translated++;
            const verified = await (0, index_1.translateText)(text, to, { fileName: file, verify: true });
            if (verified.text !== plain.text)
                refusedByCheck.push(`${path.relative(helpers_1.ROOT, file)} -> ${to}: ${verified.diagnostics.map(d => `${d.code} ${d.message}`).join('; ')}`);
        }
    }
    strict_1.default.ok(translated > 1000, `${translated} translations`);
    strict_1.default.deepEqual(refusedByCheck, []);
});
/** Translations whose output the race check reads wrong, and why. */
const MISREAD_RACES = {
    // A max reduction of a region split in chunks of thread ids: 'if (mf_tid == 0)' inside a chunk's
    // serial loop runs in the one chunk holding thread 0, which the check does not see.
    'test/fixtures/spmd/spmd-phases.c -> cilkplus': "'merged_by'",
};
(0, node_test_1.test)('no translation of the fixtures and examples has a race warning (MF403) its input does not have', async () => {
    // A translator's race shows there (a region's private counter left one for all iterations of a
    // meta_for, found on NAS BT, raced at -O0 only).
    const races = async (text, fileName) => {
        const syntax = await (0, index_2.parseText)(text, fileName);
        try {
            return (0, index_2.checkSyntax)(syntax).diagnostics.filter(d => d.code === 'MF403').map(d => `'${text.slice(d.start, d.end)}'`);
        }
        finally {
            syntax.dispose();
        }
    };
    const more = {};
    let compared = 0;
    for (const file of programs()) {
        const text = fs.readFileSync(file, 'utf8');
        const before = await races(text, file);
        for (const to of ['metafork', 'openmp', 'cilkplus']) {
            const r = await (0, index_1.translateText)(text, to, { fileName: file, verify: true });
            if (r.text === undefined || r.text === text)
                continue;
            compared++;
            const name = `${file.replace(/\.\w+$/, '')}.out${file.endsWith('.cpp') ? '.cpp' : to === 'metafork' ? '.mfc' : '.c'}`;
            const after = await races(r.text, name);
            if (after.length > before.length)
                more[`${path.relative(helpers_1.ROOT, file)} -> ${to}`] = after.filter(v => !before.includes(v)).join(', ');
        }
    }
    strict_1.default.ok(compared > 600, `${compared} translations compared`);
    strict_1.default.deepEqual(more, MISREAD_RACES);
});
//# sourceMappingURL=verify.test.js.map