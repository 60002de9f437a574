"use strict";
// The table of system headers against gcc 12 and glibc, in GNU C mode (gnu17): every name the table
// lists compiles after `#include <h>` alone, every function takes the listed number of arguments (one
// more, or one fewer for a variadic one, is rejected), every function-like macro too; and every public
// name the header makes visible is in the table (a name missing from it would be a false 'undeclared').
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
const system_1 = require("../../server/src/preprocess/system");
const index_1 = require("../../server/src/checks/index");
const scopes_1 = require("../../server/src/model/scopes");
const ast_1 = require("../../server/src/syntax/ast");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-system-'));
const GNU = ['-std=gnu17'];
function gccRun(args, source) {
    const file = path.join(dir, 'probe.c');
    fs.writeFileSync(file, source);
    const r = (0, child_process_1.spawnSync)('gcc', [...GNU, ...args, file], { encoding: 'utf8' });
    return { ok: r.status === 0, out: r.stdout + r.stderr };
}
/** The 1-based lines gcc reports an error on (whose message matches `what`). */
const errorLines = (out, what = /./) => new Set([...out.matchAll(/probe\.c:(\d+):\d+: error: ([^\n]*)/g)]
    .filter(m => what.test(m[2])).map(m => Number(m[1])));
const COUNT_ERROR = /^too (many|few) arguments to function/;
const available = (h) => gccRun(['-E', '-o', '/dev/null'], `#include <${h}>\n`).ok;
const checked = (0, system_1.knownHeaders)().filter(h => !h.open && available(h.name));
/** A C file with one line per probe after the include; the line of each probe. */
function probeFile(h, probes) {
    const head = `#include <${h.name}>\n`;
    return { source: head + probes.join('\n') + '\n', first: 2 };
}
/** A call of the function itself: the parentheses around its name keep a macro of the same name out. */
function callLine(name, args) {
    return `void probe_${name}_${args}(void) { (${name})(${Array(args).fill('0').join(', ')}); }`;
}
(0, node_test_1.test)('every name the table lists is declared by the header (gcc -fsyntax-only)', () => {
    let names = 0;
    for (const h of checked) {
        const probes = [];
        for (const f of h.functions.values())
            probes.push(`void probe_${f.name}(void) { (void)(${f.name}); }`);
        for (const m of h.macros.keys())
            probes.push(`#ifndef ${m}\n#error ${m}\n#endif`);
        for (const m of h.functionMacros.keys())
            probes.push(`#ifndef ${m}\n#error ${m}\n#endif`);
        for (const t of h.types)
            probes.push(`${t} *probe_type_${t.replace(/\W/g, '_')};`);
        for (const v of h.variables)
            probes.push(`void *probe_var_${v}(void) { return (void *)&${v}; }`);
        names += probes.length;
        const { source } = probeFile(h, probes);
        const r = gccRun(['-fsyntax-only', '-Werror=implicit-function-declaration', '-fmax-errors=0'], source);
        strict_1.default.ok(r.ok, `<${h.name}>:\n${r.out}`);
    }
    console.log(`system table: ${names} names in ${checked.length} headers compile`);
});
(0, node_test_1.test)('integer macro values are the compiler\'s', () => {
    for (const h of checked) {
        const integer = /^\(?-?[0-9][0-9xXa-fA-F]*[uUlL]*(-1)?\)?$/;
        const probes = [...h.macros].filter(([, v]) => v !== undefined && integer.test(v))
            .map(([m, v]) => `_Static_assert((${m}) == (${v}), "${m}");`);
        const r = gccRun(['-fsyntax-only'], probeFile(h, probes).source);
        strict_1.default.ok(r.ok, `<${h.name}>:\n${r.out}`);
    }
});
(0, node_test_1.test)('every function takes exactly its listed parameters: one more (or, variadic, one fewer) is an error', () => {
    let functions = 0;
    for (const h of checked) {
        const fs = [...h.functions.values()];
        const wrong = fs.filter(f => !f.variadic || f.params > 0);
        const probes = [
            ...fs.map(f => callLine(f.name, f.params)),
            ...wrong.map(f => callLine(f.name, f.variadic ? f.params - 1 : f.params + 1)),
        ];
        const { source, first } = probeFile(h, probes);
        const lines = errorLines(gccRun(['-fsyntax-only', '-fmax-errors=0'], source).out, COUNT_ERROR);
        const refused = fs.filter((_, i) => lines.has(first + i)).map(f => f.name);
        strict_1.default.deepEqual(refused, [], `<${h.name}>: the listed count is refused`);
        const accepted = wrong.filter((_, i) => !lines.has(first + fs.length + i)).map(f => f.name);
        strict_1.default.deepEqual(accepted, [], `<${h.name}>: a wrong argument count is accepted`);
        functions += fs.length;
    }
    console.log(`system table: ${functions} functions' parameter counts checked`);
});
(0, node_test_1.test)('every function-like macro takes exactly its listed parameters (gcc -E)', () => {
    for (const h of checked) {
        const fixed = [...h.functionMacros].filter(([, n]) => n !== undefined);
        const args = (n) => Array.from({ length: n }, (_, i) => `a${i}`).join(', ');
        const good = gccRun(['-E', '-o', '/dev/null'], probeFile(h, fixed.map(([m, n]) => `${m}(${args(n)})`)).source);
        strict_1.default.ok(good.ok, `<${h.name}>:\n${good.out}`);
        const probes = fixed.map(([m, n]) => `${m}(${args(n + 1)})`);
        const { source, first } = probeFile(h, probes);
        const lines = errorLines(gccRun(['-E', '-o', '/dev/null'], source).out);
        strict_1.default.deepEqual(fixed.filter((_, i) => !lines.has(first + i)).map(([m]) => m), [], `<${h.name}>`);
    }
});
/** The public names (not reserved to the implementation) `#include <h>` makes visible: declarations
 * read from the preprocessed header with our parser, and the macros gcc reports. */
async function visibleNames(h, predefined) {
    const pre = gccRun(['-E', '-P'], `#include <${h}>\n`).out;
    const syntax = await (0, index_1.parseText)(pre, 'header.c');
    const names = new Set();
    const typedefs = new Map();
    for (const node of syntax.topLevelNodes()) {
        const n = syntax.convert(node);
        const d = (0, scopes_1.fileScopeDeclarations)(n, pre, typedefs);
        for (const v of d.variables)
            names.add(v.name);
        for (const f of [...d.functions, ...d.constants])
            names.add(f);
        // A typedef's declarator names a type_identifier, which the model's declarator reader skips.
        if (n.type === 'type_definition')
            for (const c of (0, ast_1.children)(n, 'declarator'))
                (0, ast_1.walk)(c, x => (x.type === 'type_identifier' ? (names.add(pre.slice(x.start, x.end)), false) : true));
    }
    for (const m of gccRun(['-E', '-dM'], `#include <${h}>\n`).out.matchAll(/^#define (\w+)/gm))
        names.add(m[1]);
    syntax.dispose();
    return new Set([...names].filter(n => !n.startsWith('_') && !predefined.has(n)));
}
(0, node_test_1.test)('every public name gcc sees after #include <h> is in the table (no false undeclared name)', async () => {
    const predefined = new Set([...gccRun(['-E', '-dM'], '').out.matchAll(/^#define (\w+)/gm)].map(m => m[1]));
    const missing = [];
    let total = 0;
    for (const h of checked) {
        const scope = (0, system_1.systemScope)([h.name]);
        const names = await visibleNames(h.name, predefined);
        // The reader sees each kind of name (a function, a type, a variable, a macro), or the check is void.
        if (h.name === 'stdio.h')
            strict_1.default.deepEqual(['printf', 'FILE', 'stdout', 'EOF'].filter(n => !names.has(n)), []);
        total += names.size;
        for (const n of names)
            if (!scope.lookup(n))
                missing.push(`<${h.name}> ${n}`);
    }
    console.log(`system table: ${total} public names gcc makes visible through ${checked.length} headers, ` +
        `${missing.length} missing`);
    strict_1.default.deepEqual(missing, []);
});
(0, node_test_1.test)('the scope of a set of includes: chains followed, kinds, purity, openness', () => {
    const scope = (0, system_1.systemScope)(['stdlib.h', 'memory.h', 'math.h']);
    strict_1.default.equal(scope.open, false);
    strict_1.default.deepEqual(scope.lookup('size_t'), { kind: 'type', header: 'stddef.h' });
    strict_1.default.deepEqual(scope.lookup('EXIT_FAILURE'), { kind: 'macro', header: 'stdlib.h', value: '1' });
    strict_1.default.deepEqual(scope.lookup('isnan'), { kind: 'function-macro', header: 'math.h', params: 1 });
    const purity = (n) => { const s = scope.lookup(n); return s?.kind === 'function' ? s.function.purity : s?.kind; };
    strict_1.default.deepEqual(['sqrt', 'powf', 'frexp', 'lgamma', 'strlen', 'memcmp', 'abs', 'rand', 'malloc'].map(purity), ['pure', 'pure', 'impure', 'impure', 'reads', 'reads', 'pure', 'impure', 'impure']);
    const sqrtl = scope.lookup('sqrtl');
    strict_1.default.deepEqual(sqrtl?.kind === 'function' && sqrtl.function, { name: 'sqrtl', params: 1, variadic: false, returns: 'long double', purity: 'pure' });
    strict_1.default.equal(scope.lookup('printf'), undefined, 'stdio.h is not included');
    strict_1.default.equal((0, system_1.systemScope)(['stdio.h', 'mylib.h']).open, true, 'an unknown header may declare anything');
    strict_1.default.equal((0, system_1.systemScope)(['vector']).open, true, 'a C++ header is open');
    strict_1.default.equal((0, system_1.systemScope)(['cuda_runtime.h']).lookup('cudaMalloc')?.kind, 'function');
    strict_1.default.equal((0, system_1.headerDeclaring)('INT_MAX'), 'limits.h');
    strict_1.default.equal((0, system_1.headerDeclaring)('printf'), 'stdio.h');
    strict_1.default.equal((0, system_1.headerDeclaring)('no_such_name'), undefined);
    strict_1.default.deepEqual(['__func__', '_Bool', 'linux', 'unix', 'main'].map(system_1.isCompilerName), [true, true, true, true, false]);
    strict_1.default.equal((0, system_1.knownHeader)('cilk/cilk.h')?.name, 'cilk/cilk.h');
    strict_1.default.equal((0, system_1.knownHeader)('omp.h')?.functions.get('omp_get_wtime')?.returns, 'double');
});
//# sourceMappingURL=system.test.js.map