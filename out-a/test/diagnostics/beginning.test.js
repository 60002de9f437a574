"use strict";
// A large file's first diagnostics (checks/checkBeginning): its top read alone, without parsing the
// rest. What it reports must be what the whole check reports there — never a finding the rest of the
// file would take back.
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
/** The offset of line `n` (0-based). */
function lineStart(text, n) {
    let at = 0;
    for (let i = 0; i < n; i++)
        at = text.indexOf('\n', at) + 1;
    return at;
}
/** A program with findings near its top, and names its top uses but only its rest declares. */
function program() {
    const faulty = [
        'long unjoined(long n) {', '  long x;', '  if (n < 2) return n;', '  x = meta_fork unjoined(n - 1);', '  return x;', '}', '',
        'void racy(int n, int *a) {', '  int s = 0;', '  meta_for (int j = 0; j < n; j++)', '    s += a[j];', '  a[0] = s;', '}', '',
        'int uses_later(int n) {', '  return later_defined(n) + later_global;', '}', '',
        'int miscalls(void) {', '  return later_proto(1, 2);', '}', '',
        'int undeclared(void) {', '  return declared_nowhere;', '}', '',
    ].join('\n');
    const rest = ['int later_global = 3;', 'int later_defined(int n) { return n + 1; }', 'int later_proto(int a);', ''].join('\n');
    const generated = (0, generate_1.generateProgram)(900);
    const cut = generated.indexOf('\nlong fib', generated.length / 3) + 1;
    return generated.slice(0, cut) + faulty + '\n' + generated.slice(cut) + rest;
}
(0, node_test_1.test)('the top of a C file read alone: the whole check\'s findings there, but for the items with an undeclared name the rest names', async () => {
    const text = program();
    const whole = (0, index_1.checkSyntax)(await (0, index_1.parseText)(text, 'big.mfc'));
    const syntax = await (0, index_1.parseText)(text, 'big.mfc');
    const until = lineStart(text, 400);
    const early = (0, index_1.checkBeginning)(syntax, until);
    try {
        strict_1.default.notEqual(early.syntax, syntax, 'the top was read alone');
        const items = early.model.items;
        const end = items[items.length - 1].end;
        strict_1.default.ok(end >= until && end < text.length / 2, `the top ends after line 400 and well before the file (${end})`);
        const inTop = whole.diagnostics.filter(d => d.start < end);
        const of = (name) => { const s = text.indexOf(`int ${name}(`); return { start: s, end: text.indexOf('\n}\n', s) }; };
        const later = [of('uses_later'), of('miscalls')];
        const expected = inTop.filter(d => !later.some(f => d.start >= f.start && d.start < f.end)).map(key);
        // The faulty functions' findings are among them (the test tests something).
        strict_1.default.ok(expected.some(k => k.startsWith('MF314 ')), expected.join('\n'));
        // A name the rest of the file does not name cannot be declared there: decided at the top.
        strict_1.default.ok(expected.some(k => k.startsWith('MF120 ') && k.includes("'declared_nowhere'")), expected.join('\n'));
        strict_1.default.deepEqual(early.diagnostics.map(key).sort(), expected.sort());
        // The same parser then reads the whole text, as the server's whole check does next.
        strict_1.default.deepEqual((0, index_1.checkSyntax)(syntax).diagnostics.map(key), whole.diagnostics.map(key));
    }
    finally {
        early.syntax.dispose();
        syntax.dispose();
        whole.syntax.dispose();
    }
});
(0, node_test_1.test)('the top of every C program of the fixtures, cut at every 15th line: each first finding is one of the whole check\'s', async () => {
    const dirs = ['test/fixtures/programs', 'examples', 'test/fixtures/openmp', 'test/fixtures/cuda'];
    const files = dirs.flatMap(d => fs.readdirSync(path.join(helpers_1.ROOT, d)).filter(f => /\.(c|mfc)$/.test(f)).map(f => path.join(helpers_1.ROOT, d, f)));
    strict_1.default.ok(files.length > 40, `${files.length} files`);
    let tops = 0;
    for (const file of files) {
        const text = fs.readFileSync(file, 'utf8');
        const whole = (0, index_1.checkSyntax)(await (0, index_1.parseText)(text, file));
        const found = new Set(whole.diagnostics.map(key));
        const lines = text.split('\n').length;
        for (let n = 15; n < lines; n += 15) {
            const syntax = await (0, index_1.parseText)(text, file);
            const early = (0, index_1.checkBeginning)(syntax, lineStart(text, n));
            if (early.syntax !== syntax)
                tops++;
            for (const d of early.diagnostics)
                strict_1.default.ok(found.has(key(d)), `${path.relative(helpers_1.ROOT, file)} cut at line ${n + 1}: ${key(d)} is not the whole check's`);
            if (early.syntax !== syntax)
                early.syntax.dispose();
            syntax.dispose();
        }
        whole.syntax.dispose();
    }
    strict_1.default.ok(tops >= 40, `${tops} tops read alone`);
});
//# sourceMappingURL=beginning.test.js.map