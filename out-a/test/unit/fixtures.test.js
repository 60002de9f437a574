"use strict";
// Every program printed in the seeds is a fixture: it parses with no diagnostic beyond the
// true findings recorded in expected-diagnostics.json, and its elision matches a golden file.
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
const helpers_1 = require("../helpers");
const elide_1 = require("../../server/src/model/elide");
const lines_1 = require("../../server/src/base/lines");
const manifest = JSON.parse(fs.readFileSync((0, helpers_1.fixture)('seeds', 'manifest.json'), 'utf8'));
const expected = JSON.parse(fs.readFileSync((0, helpers_1.fixture)('seeds', 'expected-diagnostics.json'), 'utf8'));
const goldenDir = path.join(helpers_1.ROOT, 'test', 'golden', 'elide');
const update = process.env.UPDATE_GOLDEN === '1';
(0, node_test_1.test)('the manifest lists every seed fixture', () => {
    const files = fs.readdirSync((0, helpers_1.fixture)('seeds')).filter(f => !f.endsWith('.json'));
    strict_1.default.deepEqual(files.sort(), manifest.map(e => e.file).sort());
});
for (const entry of manifest) {
    (0, node_test_1.test)(`seed fixture ${entry.file}: diagnostics and elision`, async () => {
        const text = fs.readFileSync((0, helpers_1.fixture)('seeds', entry.file), 'utf8');
        const { diagnostics, model } = await (0, helpers_1.checkSource)(text, entry.file);
        const lines = new lines_1.LineIndex(text);
        // `CODE@LINE` for each finding; the expected list documents why each one is right.
        const found = diagnostics.map(d => `${d.code}@${lines.position(d.start).line + 1}`);
        strict_1.default.deepEqual(found, expected[entry.file] ?? [], diagnostics.map(d => d.message).join('\n'));
        const elision = (0, elide_1.elide)(model);
        strict_1.default.doesNotMatch(elision, /\b(meta_(fork|for|join|schedule|device|copy|pipe|wait|continue)|cilk_(spawn|sync|for|scope)|_Cilk_\w+)\b|#\s*pragma\s+(omp|mf|cilk|meta)\b/);
        const golden = path.join(goldenDir, entry.file.replace(/\.(mfc|cpp|c)$/, '') + '.elided' + (entry.file.endsWith('.cpp') || text.includes('std::') ? '.cpp' : '.c'));
        if (update || !fs.existsSync(golden))
            fs.writeFileSync(golden, elision);
        strict_1.default.equal(elision, fs.readFileSync(golden, 'utf8'));
    });
}
//# sourceMappingURL=fixtures.test.js.map