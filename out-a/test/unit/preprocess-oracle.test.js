"use strict";
// The preprocessor against gcc: for each case, the tokens of our analysed text (constants put
// back, headers' texts put in place of their `#include` lines, directives other than `#pragma`
// dropped) are the tokens `gcc -E -P` writes for the same files and flags.
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
const preprocess_1 = require("../../server/src/preprocess");
const lexer_1 = require("../../server/src/preprocess/lexer");
const GUARDED = (g, body) => `#ifndef ${g}\n#define ${g}\n${body}\n#endif\n`;
const CASES = [
    { name: 'object-like', main: '#define A 1\n#define B A + A\nint x = B;\n' },
    { name: 'type macro', main: '#define T double\n#define P T *\nP p; T q;\n' },
    { name: 'function-like', main: '#define SQ(x) ((x) * (x))\nint y = SQ(a + 1) + SQ(SQ(b));\n' },
    { name: 'not a call', main: '#define f(x) (x)\nint f = 3; int g = f + f(2);\n' },
    { name: 'recursion', main: '#define f(x) x+f(x)\nf(f(1));\n#define g g+1\ng;\n' },
    { name: 'mutual recursion', main: '#define a b\n#define b a\na; b;\n' },
    { name: 'stringize', main: '#define S(x) #x\nconst char *s = S(a  +  "b\\n" \'c\');\nS( spaced   out );\n' },
    { name: 'stringize after expansion', main: '#define S(x) #x\n#define X(x) S(x)\n#define V 42\nX(V); S(V);\n' },
    { name: 'paste', main: '#define CAT(a, b) a ## b\n#define V 3\nint CAT(x, y) = CAT(1, 2); CAT(V, V);\n'
            + '#define CAT2(a, b) CAT(a, b)\nCAT2(V, V); CAT2(1, V);\n' },
    { name: 'paste to a macro name', main: '#define CAT(a, b) a ## b\n#define xy 7\nCAT(x, y);\n' },
    { name: 'paste with empty', main: '#define CAT(a, b) a ## b\nCAT(, y) CAT(x, ) CAT(,);\n' },
    { name: 'paste operators', main: '#define P(a, b) a ## b\nx P(+, =) 1; y P(<, <) 2; P(-, >);\n' },
    { name: 'variadic', main: '#define F(...) g(__VA_ARGS__)\nF(); F(1); F(1, 2, (3, 4));\n' },
    { name: 'variadic with named', main: '#define F(a, ...) g(a, __VA_ARGS__)\nF(1, 2, 3); F(x,);\n' },
    { name: 'gnu comma paste', main: '#define E(fmt, ...) printf(fmt, ## __VA_ARGS__)\nE("a"); E("b", 1, 2);\n' },
    { name: 'gnu named variadic', main: '#define E(fmt, args...) printf(fmt, ## args)\nE("a"); E("b", x);\n' },
    { name: 'va_opt', main: '#define F(a, ...) f(a __VA_OPT__(,) __VA_ARGS__)\nF(1); F(1, 2);\n' },
    { name: 'nested calls', main: '#define ADD(a, b) ((a) + (b))\n#define MUL(a, b) ((a) * (b))\n'
            + 'ADD(MUL(1, 2), MUL(ADD(3, 4), 5));\n' },
    { name: 'multi-line invocation', main: '#define ADD(a, b) ((a) + (b))\nint z = ADD(1,\n   2) + ADD(\n3\n,\n4);\n'
            + 'int w;\n' },
    { name: 'name then newline then paren', main: '#define f(x) [x]\nf\n(1) f\n;\n' },
    { name: 'expansion ends in a function name', main: '#define g f\n#define f(x) <x>\ng(1); g;\n' },
    { name: 'args with parens and commas', main: '#define F(a, b) {a|b}\nF((1, 2), [3]) F(f(1, 2), "x,y");\n' },
    { name: 'hide set across args', main: '#define f(a) a*g\n#define g(a) f(a)\nf(2)(9);\n' },
    { name: 'C11 6.10.3.5 example 3', main: '#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n'
            + '#define g f\n#define z z[0]\n#define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n'
            + '#define p() int\n#define q(x) x\n#define r(x,y) x ## y\n'
            + 'f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\ng(x+(3,4)-w) | h 5) & m\n(f)^m(m);\n'
            + 'p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\n' },
    { name: 'C11 6.10.3.5 example 4', main: '#define str(s) # s\n#define xstr(s) str(s)\n'
            + '#define INCFILE(n) vers ## n\nxstr(INCFILE(2).h)\nstr(: @\\n)\n' },
    { name: 'C11 6.10.3.5 example 5', main: '#define t(x,y,z) x ## y ## z\n'
            + 'int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),\nt(10,,), t(,11,), t(,,12), t(,,) };\n' },
    { name: 'conditionals', main: '#define A 2\n#if A == 2\nyes;\n#else\nno;\n#endif\n#if A > 3\nbig;\n#elif A > 1\n'
            + 'mid;\n#else\nsmall;\n#endif\n' },
    { name: 'ifdef ifndef', main: '#define X\n#ifdef X\nx;\n#endif\n#ifndef X\nnx;\n#endif\n#ifdef Y\ny;\n#else\nny;\n'
            + '#endif\n' },
    { name: 'defined forms', main: '#define X 0\n#if defined X && defined(X) && !defined Y\nd;\n#endif\n#if X\nno;\n'
            + '#endif\n' },
    { name: 'nested inactive', main: '#if 0\n#if 1\na;\n#else\nb;\n#endif\n#define Z 1\n#elif 1\nc;\n#if 0\nd;\n'
            + '#endif\n#endif\n#ifdef Z\nz;\n#endif\n' },
    { name: 'arithmetic', main: '#if (1 << 62) * 2 < 0 && -1 < 0u == 0 && 7 / 2 == 3 && -7 % 3 == -1\nok;\n#endif\n'
            + '#if 0x10 == 16 && 010 == 8 && (2 ? 3 : 4) == 3 && (0 || 2) == 1 && ~0 == -1\nok2;\n#endif\n' },
    { name: 'short circuit division', main: '#if 0 && (1 / 0)\nno;\n#else\nyes;\n#endif\n#if 1 || 1 / 0\nyes2;\n'
            + '#endif\n' },
    { name: 'char constants', main: "#if 'a' == 97 && '\\n' == 10 && '\\377' < 0 && 'ab' == 24930\nok;\n#endif\n" },
    { name: 'unknown identifiers are 0', main: '#if FOO == 0 && !BAR\nok;\n#endif\n#define F(x) x\n#if F(3) == 3\nf;\n'
            + '#endif\n' },
    { name: 'undef and redefine', main: '#define N 10\nint a[N];\n#undef N\n#define N 20\nint b[N];\n' },
    { name: 'constants', main: '#define N 4000\n#define M (2*N)\n#define K (1L << 20)\n#define R 1.5\n'
            + 'int a[N][M]; long k = K; double r = R;\n' },
    { name: 'constant inside a function macro', main: '#define N 8\n#define ARRAY_2D(a, x, y, n, m) a[x][y]\n'
            + 'double ARRAY_2D(A, N, N, n, n);\n' },
    { name: 'line and file', main: '#define L __LINE__\nint a = __LINE__;\nint b = L;\n\nint c = __LINE__;\n' },
    { name: 'pragma kept', main: '#define NT 4\n#pragma omp parallel for num_threads(NT)\nfor (;;) NT;\n' },
    { name: 'comments and splices', main: '#define A /* c */ 1 + \\\n 2 // tail\nint x = A; /* A */ // A\n#def\\\n'
            + 'ine B 3\nB;\n' },
    { name: 'string contents untouched', main: '#define A 1\nconst char *s = "A"; char c = \'A\'; A;\n' },
    { name: 'openmp', main: '#ifdef _OPENMP\nomp;\n#else\nserial;\n#endif\n#if __STDC_VERSION__ >= 201112L\nc11;\n'
            + '#endif\n' },
    {
        name: 'headers with guards', main: '#include "a.h"\n#include "a.h"\n#include <b.h>\nint m[N]; T t = MAKE(1);\n',
        files: {
            'a.h': GUARDED('A_H', '#define N 100\ntypedef int T;\nint decl(int);'),
            'inc/b.h': GUARDED('B_H', '#include "c.h"\n#define MAKE(x) (x + C)'),
            'inc/c.h': '#pragma once\n#define C 5\n',
        },
        includes: ['inc'],
    },
    {
        name: 'header conditionals see -D', main: '#include "cfg.h"\nint n = SIZE;\n',
        files: { 'cfg.h': '#ifdef LARGE\n#define SIZE 4000\n#else\n#define SIZE 40\n#endif\n' },
        defines: [['LARGE', undefined]],
    },
    {
        name: '-D and -U', main: '#ifdef X\nx = X;\n#endif\n#ifdef Y\ny;\n#endif\nint n = N; F(2);\n',
        defines: [['X', '3'], ['Y', undefined], ['Y', null], ['N', '100'], ['F(a)', 'a*a']],
    },
    {
        name: 'header defines function macros used later', main: '#include "m.h"\n'
            + 'DATA_TYPE s = SCALAR_VAL(1.5) + POW(x, 2);\n',
        files: { 'm.h': '#define DATA_TYPE double\n#define SCALAR_VAL(x) x\n#define POW(x, y) pow(x, y)\n' },
    },
    {
        name: 'a quoted include is looked for beside the including header first',
        main: '#include "sub/a.h"\n#include <c.h>\nint v = B + C;\n',
        files: {
            'sub/a.h': '#include "b.h"\n', 'sub/b.h': '#define B 1\n', 'b.h': '#define B 2\n',
            'c.h': '#define C 3\n', 'inc/c.h': '#define C 4\n',
        },
        includes: ['inc'],
    },
    {
        name: '-iquote before -I for quoted names',
        main: '#include "q.h"\nint v = Q;\n',
        files: { 'quoted/q.h': '#define Q 5\n', 'inc/q.h': '#define Q 6\n' },
        includes: ['inc'], quotes: ['quoted'],
    },
    { name: 'empty macro and empty args', main: '#define E\n#define F(x) [x]\nE int E a; F() F( );\n' },
    { name: 'object-like with parens body', main: '#define P (1)\n#define Q P(2)\nQ;\n' },
    { name: 'function macro name as argument', main: '#define APPLY(f, x) f(x)\n#define DBL(x) (2*(x))\n'
            + 'APPLY(DBL, 3);\n' },
    {
        name: 'deferred calls and indirection', main: '#define EMPTY()\n#define DEFER(id) id EMPTY()\n#define A() 123\n'
            + 'DEFER(A)();\n#define EXPAND(...) __VA_ARGS__\nEXPAND(DEFER(A)());\n#define LPAREN (\n#define f(x) <x>\n'
            + 'f LPAREN 1);\n#define OBJ f\nOBJ(2) OBJ;\n#define h() H\nh() h( ) h\n();\n',
    },
    {
        name: 'stringize and paste corners', main: '#define str(x) #x\n#define xstr(x) str(x)\n#define EMPTY()\n'
            + 'xstr(__LINE__) str(  a   "\\n"   \'\\\'\' ) str() xstr(EMPTY());\n#define cat3(a,b,c) a##b##c\n'
            + 'cat3(1,,2) cat3(,,) cat3(x,y,z) cat3(+,+,)\n',
    },
    {
        name: 'rescanning through helpers',
        main: '#define NIL(x) x\n#define G_0(arg) NIL(G_1)(arg)\n#define G_1(arg) NIL(arg)\n'
            + 'G_0(42)\n#define q(x) x\nq(q)(1) q(q(q))(2)\n#define AA BB\n#define BB AA\nAA BB q(AA)\n',
    },
    { name: 'elif chain with defined', main: '#define B\n#if defined(A)\na;\n#elif defined(B)\nb;\n#elif 1\nc;\n'
            + '#else\nd;\n#endif\n' },
];
function tokens(text) {
    return (0, lexer_1.lex)(text).filter(t => t.kind !== 'newline').map(t => t.text);
}
/** Our analysed text as gcc would print it: constants expanded, headers in place, directives
 * other than `#pragma` gone. */
function asGccWould(r, done = new Set()) {
    const out = [];
    const expand = (text, depth) => {
        const lines = text.replace(/\\\n/g, '').split('\n');
        for (const line of lines) {
            const d = /^\s*#\s*(\w+)\s*(.*)$/.exec(line);
            if (d && d[1] === 'include') {
                const name = /["<](.*)[">]/.exec(d[2])[1];
                const h = r.headers.find(x => x.path.endsWith('/' + name));
                if (h && !done.has(h.path)) {
                    done.add(h.path);
                    expand(h.text, depth + 1);
                }
                continue;
            }
            if (d && (d[1] !== 'pragma' || d[2].trim() === 'once'))
                continue;
            for (const t of tokens(line)) {
                const c = r.constants.get(t);
                out.push(...(c !== undefined ? tokens(c) : [t]));
            }
        }
    };
    expand(r.text, 0);
    return out;
}
function hasGcc() {
    try {
        (0, child_process_1.execFileSync)('gcc', ['--version'], { stdio: 'ignore' });
        return true;
    }
    catch {
        return false;
    }
}
(0, node_test_1.test)('the analysed text has the tokens gcc -E writes', t => {
    if (!hasGcc()) {
        t.skip('gcc is not installed: no oracle');
        console.log('skipped: gcc is not installed');
        return;
    }
    strict_1.default.ok(CASES.length >= 40);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-pp-'));
    try {
        CASES.forEach((c, k) => {
            const dir = path.join(root, String(k));
            fs.mkdirSync(dir);
            for (const [rel, text] of Object.entries(c.files ?? {})) {
                fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
                fs.writeFileSync(path.join(dir, rel), text);
            }
            const main = path.join(dir, 'main.c');
            fs.writeFileSync(main, c.main);
            const includePaths = (c.includes ?? []).map(i => path.join(dir, i));
            const quotePaths = (c.quotes ?? []).map(i => path.join(dir, i));
            const defines = c.defines ?? [];
            const args = ['-E', '-P', '-std=c17', '-fopenmp', ...quotePaths.map(i => '-iquote' + i),
                ...includePaths.map(i => '-I' + i),
                ...defines.map(([n, v]) => v === null ? `-U${n}` : v === undefined ? `-D${n}` : `-D${n}=${v}`), main];
            const expected = tokens((0, child_process_1.execFileSync)('gcc', args, { encoding: 'utf8' }));
            const r = (0, preprocess_1.preprocess)(c.main, { fileName: main, flags: { includePaths, quotePaths, defines } });
            strict_1.default.deepEqual(r.diagnostics, [], c.name);
            strict_1.default.equal(asGccWould(r).join(' '), expected.join(' '), c.name);
        });
    }
    finally {
        fs.rmSync(root, { recursive: true, force: true });
    }
});
//# sourceMappingURL=preprocess-oracle.test.js.map