"use strict";
// A transform's check (checkSyntax with blockingOnly) leaves out the checks that only warn: it must
// find every finding that stops a transform, exactly where the whole check finds it.
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
const generate_1 = require("../bench/generate");
const helpers_1 = require("../helpers");
const key = (d) => `${d.code} ${d.start}-${d.end} ${d.message}`;
function sources(dir) {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
        const file = path.join(dir, e.name);
        if (e.isDirectory())
            return sources(file);
        return /\.(c|mfc|cpp|h)$/.test(e.name) ? [file] : [];
    });
}
/** The whole check's findings and the transform's, on one text. */
async function both(text, fileName) {
    const syntax = await (0, index_1.parseText)(text, fileName);
    const all = (0, index_1.checkSyntax)(syntax).diagnostics;
    const transform = (0, index_1.checkSyntax)(syntax, undefined, true).diagnostics;
    syntax.dispose();
    return { all, transform };
}
(0, node_test_1.test)('a transform\'s check finds the blocking findings of the whole check, on every fixture and example', async () => {
    const files = [...sources(path.join(helpers_1.ROOT, 'test', 'fixtures')), ...sources(path.join(helpers_1.ROOT, 'examples'))];
    const left = new Set();
    for (const file of files) {
        const { all, transform } = await both(fs.readFileSync(file, 'utf8'), path.basename(file));
        const rel = path.relative(helpers_1.ROOT, file);
        strict_1.default.deepEqual(transform.filter(index_1.blocking).map(key), all.filter(index_1.blocking).map(key), rel);
        // What it leaves out are warnings, and it leaves them all out.
        const kept = new Set(transform.map(key));
        for (const d of all)
            if (!kept.has(key(d))) {
                strict_1.default.equal(d.severity, 'warning', `${rel}: ${key(d)}`);
                left.add(d.code);
            }
        strict_1.default.deepEqual(transform.filter(d => d.code === 'MF314' || d.code === 'MF403'), [], rel);
    }
    // The fixtures hold races and unjoined spawns: the comparison above is not of two equal lists.
    strict_1.default.deepEqual([...left].sort(), ['MF314', 'MF403']);
});
(0, node_test_1.test)('a transform\'s check of a large generated program: the same blocking findings, none of its warnings', async () => {
    const text = (0, generate_1.generateProgram)(3000).replace('  if (n < 2) return n;', '  if (n < 2) return n\n  meta_join;');
    const { all, transform } = await both(text, 'big.mfc');
    strict_1.default.deepEqual(transform.filter(index_1.blocking).map(key), all.filter(index_1.blocking).map(key));
    strict_1.default.equal(transform.filter(index_1.blocking).length, 1);
});
//# sourceMappingURL=blocking.test.js.map