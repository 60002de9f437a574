"use strict";
// Translated programs built and run (shared by the translation tests): a translation that must
// succeed, the serial elision of a MetaFork or CilkPlus text, a build like a user's (gcc -O2,
// warnings as errors but for unused variables and unknown pragmas).
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
exports.STRICT = void 0;
exports.workDir = workDir;
exports.build = build;
exports.buildAsync = buildAsync;
exports.translated = translated;
exports.elision = elision;
exports.translationCases = translationCases;
exports.provenPrograms = provenPrograms;
const strict_1 = __importDefault(require("node:assert/strict"));
const node_test_1 = require("node:test");
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const elide_1 = require("../../server/src/model/elide");
const index_1 = require("../../server/src/translate/index");
const gcc_1 = require("../differential/gcc");
exports.STRICT = ['-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-unknown-pragmas'];
/** A fresh folder for one test file's sources and builds. */
function workDir(prefix) {
    return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
/** Writes `source` as `name.c` in `work`; the source, executable and compiler flags of its build
 * (-O2 and STRICT, or the sanitizers), `flags` (`-fopenmp` and such) added. */
function prepare(work, source, name, flags, sanitized) {
    const src = path.join(work, `${name}.c`);
    const exe = path.join(work, `${name}${sanitized ? '.sanitized' : ''}.out`);
    fs.writeFileSync(src, source);
    return { src, exe, flags: ['-std=gnu11', ...(sanitized ? gcc_1.SANITIZED : [...gcc_1.OPTIMIZED, ...exports.STRICT]), ...flags] };
}
/** Writes `source` as `name.c` in `work` and builds it (`-fopenmp` and such in `flags`); the executable. */
function build(work, source, name, flags, sanitized = false) {
    const b = prepare(work, source, name, flags, sanitized);
    (0, gcc_1.gcc)(b.src, b.exe, b.flags, source);
    return b.exe;
}
/** `build` without blocking, so that several programs build side by side. */
async function buildAsync(work, source, name, flags, sanitized = false) {
    const b = prepare(work, source, name, flags, sanitized);
    const [compiler, args] = (0, gcc_1.gccCommand)(b.src, b.exe, b.flags);
    await new Promise((resolve, reject) => (0, child_process_1.execFile)(compiler, args, (e, _stdout, stderr) => e ? reject((0, gcc_1.compileError)(b.src, compiler, b.flags, stderr, source)) : resolve()));
    return b.exe;
}
/** The translation of `text`, which must not be refused. */
async function translated(text, to, file) {
    const r = await (0, index_1.translateText)(text, to, { fileName: file });
    const errors = r.diagnostics.filter(d => d.severity === 'error');
    strict_1.default.notEqual(r.text, undefined, `${file} -> ${to} refused:\n${errors.map(d => `${d.code} ${d.message} @${d.start}`).join('\n')}`);
    return r.text;
}
/** The serial elision of a MetaFork or CilkPlus text, which must check without errors. */
async function elision(text, file) {
    const { model, diagnostics } = await (0, helpers_1.checkSource)(text, file);
    strict_1.default.deepEqual(diagnostics.filter(d => d.severity === 'error').map(d => d.message), [], `${file} has errors:\n${text}`);
    return (0, elide_1.elide)(model);
}
async function expectTranslation(c) {
    const r = await (0, index_1.translateText)(c.input, 'metafork', { fileName: 'test.c' });
    strict_1.default.deepEqual(r.diagnostics.map(d => ({ code: d.code, text: c.input.slice(d.start, d.end), message: d.message })), c.diagnostics);
    strict_1.default.equal(r.text, c.output);
}
/** One test per case, under `title`. */
function translationCases(title, list) {
    (0, node_test_1.describe)(title, () => {
        for (const c of list)
            (0, node_test_1.test)(c.name, () => expectTranslation(c));
    });
}
const hasGcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0;
/** Programs of test/fixtures/`folder` proven through MetaFork and CilkPlus and back (`proveOpenmpProgram`). */
function provenPrograms(folder, names) {
    const work = workDir(`mf-${folder}-`);
    for (const name of names)
        (0, node_test_1.test)(`${name}.c through MetaFork and CilkPlus and back computes what it computes`, {
            skip: hasGcc ? false : 'gcc not found',
        }, () => (0, gcc_1.proveOpenmpProgram)(fs.readFileSync((0, helpers_1.fixture)(folder, `${name}.c`), 'utf8'), name, work));
}
//# sourceMappingURL=run.js.map