"use strict";
// `check` agrees with gcc -fsyntax-only (gnu17) on the elision: no program gets an error from the
// name check (MF120, MF122) that gcc accepts, and no program gcc accepts gets any error from us.
// Programs gcc rejects and we accept are missed errors: listed, counted, and those whose defect the
// name check covers (not `OUTSIDE`) must be none. The same for every fixture and example.
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
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const index_1 = require("../../server/src/checks/index");
const elide_1 = require("../../server/src/model/elide");
const helpers_1 = require("../helpers");
const names_generate_1 = require("./names-generate");
const forkjoin_generate_1 = require("../fuzz/forkjoin-generate");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-compiles-'));
const NAME_ERRORS = new Set(['MF120', 'MF122']);
const PROGRAMS = 240;
/** gcc's verdict on a C text: its first error line, or undefined when it accepts it. */
function gccError(text, includeDir) {
    const file = path.join(dir, 'elided.c');
    fs.writeFileSync(file, text);
    const r = (0, child_process_1.spawnSync)('gcc', ['-std=gnu17', '-fsyntax-only', ...(includeDir ? ['-I', includeDir] : []), file], { encoding: 'utf8' });
    return r.status === 0 ? undefined : (/error: .*/.exec(r.stderr)?.[0] ?? r.stderr.trim());
}
async function judge(text, fileName, includeDir) {
    const checked = await (0, index_1.checkText)(text, fileName);
    try {
        const ours = checked.diagnostics.filter(d => d.severity === 'error');
        return { ours, gcc: gccError((0, elide_1.elide)(checked.model), includeDir) };
    }
    finally {
        checked.syntax.dispose();
    }
}
(0, node_test_1.test)(`check agrees with gcc -fsyntax-only on ${PROGRAMS} generated programs`, async () => {
    const falseErrors = [], refusedValid = [], missed = [], beyond = [];
    let valid = 0, invalid = 0, caught = 0;
    /** Per defect: programs, rejected by gcc, rejected by us. */
    const byDefect = new Map();
    for (let seed = 0; seed < PROGRAMS; seed++) {
        const p = (0, names_generate_1.generateProgram)(seed);
        const v = await judge(p.text, p.file);
        const named = v.ours.filter(d => NAME_ERRORS.has(d.code));
        const describe = () => `seed ${seed} (${p.defect}): ours ${v.ours.map(d => `${d.code} ${d.message}`).join('; ') ||
            'none'}; gcc ${v.gcc ?? 'accepts'}\n${p.text}`;
        const row = byDefect.get(p.defect) ?? [0, 0, 0];
        byDefect.set(p.defect, [row[0] + 1, row[1] + (v.gcc ? 1 : 0), row[2] + (v.ours.length ? 1 : 0)]);
        if (v.gcc === undefined) {
            valid++;
            if (v.ours.length)
                refusedValid.push(describe());
        }
        else {
            invalid++;
            if (v.ours.length)
                caught++;
            else if (names_generate_1.OUTSIDE.has(p.defect))
                beyond.push(`seed ${seed} (${p.defect}): gcc ${v.gcc}`);
            else
                missed.push(describe());
        }
        if (named.length && v.gcc === undefined)
            falseErrors.push(describe());
    }
    console.log(`compiles: ${PROGRAMS} programs, gcc accepts ${valid}, rejects ${invalid}; we reject ${caught} of ` +
        `those; missed ${missed.length + beyond.length} (${beyond.length} outside the name check, ` +
        `${missed.length} inside)`);
    for (const [defect, [n, rejected, ours]] of [...byDefect].sort())
        console.log(`  ${defect}: ${n} programs, gcc rejects ${rejected}, we reject ${ours}`);
    for (const m of [...missed, ...beyond])
        console.log(`  missed: ${m}`);
    strict_1.default.deepEqual(falseErrors, [], 'an MF120/MF122 error on a program gcc accepts');
    strict_1.default.deepEqual(refusedValid, [], 'an error on a program gcc accepts');
    strict_1.default.ok(valid >= 80 && invalid >= 80, `both kinds well represented (${valid} valid, ${invalid} invalid)`);
    strict_1.default.deepEqual(missed, [], 'a defect the name check covers went unreported');
});
(0, node_test_1.test)('the fork-join fuzzer\'s programs (MetaFork, CilkPlus, OpenMP), which gcc accepts, get no error', async () => {
    const wrong = [];
    for (let seed = 0; seed < 90; seed++) {
        const p = (0, forkjoin_generate_1.programOf)(seed);
        const v = await judge(p.text, p.fileName);
        strict_1.default.equal(v.gcc, undefined, `seed ${seed}: the fuzzer writes valid programs\n${p.text}`);
        if (v.ours.length)
            wrong.push(`seed ${seed} (${p.fileName}): ${v.ours.map(d => `${d.code} ${d.message}`)}`);
    }
    strict_1.default.deepEqual(wrong, []);
});
/** Every C and MetaFork file of the fixtures and examples (C++ and CUDA are not checked). */
function sources() {
    const out = [];
    const visit = (d) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
            const f = path.join(d, e.name);
            if (e.isDirectory())
                visit(f);
            else if (/\.(c|mfc)$/.test(e.name))
                out.push(f);
        }
    };
    visit(path.join(helpers_1.ROOT, 'test', 'fixtures'));
    visit(path.join(helpers_1.ROOT, 'examples'));
    return out.sort();
}
(0, node_test_1.test)('no fixture or example gets an MF120/MF122 error unless gcc rejects its elision', async () => {
    const files = sources();
    const wrong = [];
    let flagged = 0;
    for (const f of files) {
        const text = fs.readFileSync(f, 'utf8');
        const v = await judge(text, f, path.dirname(f));
        const named = v.ours.filter(d => NAME_ERRORS.has(d.code));
        if (!named.length)
            continue;
        flagged++;
        if (v.gcc === undefined)
            wrong.push(`${path.relative(helpers_1.ROOT, f)}: ${named.map(d => `${d.code} '${text.slice(d.start, d.end)}'`)}`);
    }
    console.log(`compiles: ${files.length} fixtures and examples, ${flagged} with an MF120/MF122 error`);
    strict_1.default.deepEqual(wrong, []);
});
//# sourceMappingURL=compiles.test.js.map