"use strict";
// `#if` chains reading `_OPENMP`: the tool reads a file with `_OPENMP` defined, as an OpenMP compiler
// does, and translates the groups that makes active. A MetaFork or CilkPlus compiler does not define
// it, so out of OpenMP each such chain keeps the group that was read, without its #if lines (MF607
// says so); a chain inside an inactive group stays as written. Found on DataRaceBench: a version
// guard (`#if (_OPENMP < 201511) #error`) stopped every CilkPlus build.
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
const child_process_1 = require("child_process");
const index_1 = require("../../server/src/translate/index");
const helpers_1 = require("../helpers");
const gcc_1 = require("../differential/gcc");
const run_1 = require("./run");
const skip = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0 ? false : 'gcc not found';
const work = (0, run_1.workDir)('mf-conditionals-');
const read = (name) => fs.readFileSync((0, helpers_1.fixture)('conditionals', name), 'utf8');
const note = (directive, kept) => `'${directive}': a MetaFork or CilkPlus compiler does not define _OPENMP, so the translation keeps the group it read (${kept}) without its #if lines`;
async function translation(file, to) {
    const text = read(file);
    const r = await (0, index_1.translateText)(text, to, { fileName: file });
    return { text: r.text, findings: r.diagnostics.map(d => ({ code: d.code, at: text.slice(d.start, d.end), message: d.message })) };
}
(0, node_test_1.test)('an optional <omp.h>, a version guard and a value per branch: the groups read are kept, in MetaFork and in CilkPlus', async () => {
    const notes = [
        { code: 'MF607', at: '#ifdef _OPENMP', message: note('#ifdef _OPENMP', "OpenMP's") },
        { code: 'MF607', at: '#if (_OPENMP < 201511)', message: note('#if (_OPENMP < 201511)', 'none') },
        { code: 'MF607', at: '#if defined(_OPENMP)', message: note('#if defined(_OPENMP)', "OpenMP's") },
    ];
    for (const [to, expected] of [['metafork', 'openmp-guards.mfc'], ['cilkplus', 'openmp-guards_cilk.c']]) {
        const r = await translation('openmp-guards.c', to);
        strict_1.default.deepEqual(r.findings, notes, to);
        strict_1.default.equal(r.text, read(expected), to);
    }
});
(0, node_test_1.test)('an #ifndef _OPENMP keeps its #else group; an _OPENMP test inside #if 0 stays as written', async () => {
    for (const [to, expected] of [['metafork', 'openmp-ifndef.mfc'], ['cilkplus', 'openmp-ifndef_cilk.c']]) {
        const r = await translation('openmp-ifndef.c', to);
        strict_1.default.deepEqual(r.findings.filter(f => f.code === 'MF607'), [
            { code: 'MF607', at: '#ifndef _OPENMP', message: note('#ifndef _OPENMP', "OpenMP's") },
        ], to);
        strict_1.default.equal(r.text, read(expected), to);
        strict_1.default.match(r.text, /#if 0\n#ifdef _OPENMP\n#error "never read"\n#endif\n#endif\n/, to);
    }
});
(0, node_test_1.test)('the CilkPlus translations build without OpenMP and print what the OpenMP programs print (gcc -O2, 1, 2 and 4 threads)', { skip }, async () => {
    for (const name of ['openmp-guards', 'openmp-ifndef']) {
        const original = (0, run_1.build)(work, read(`${name}.c`), `${name}_omp`, ['-fopenmp']);
        const expected = (0, gcc_1.run)(original, 1);
        for (const threads of gcc_1.THREADS)
            strict_1.default.equal((0, gcc_1.run)(original, threads), expected, `${name} at ${threads} threads`);
        const serial = await (0, run_1.elision)(read(`${name}_cilk.c`), `${name}_cilk.c`);
        strict_1.default.equal((0, gcc_1.run)((0, run_1.build)(work, serial, `${name}_cilk_serial`, [])), expected, name);
        strict_1.default.equal((0, gcc_1.run)((0, run_1.build)(work, serial, `${name}_cilk_sanitized`, [], true)), expected, `${name}, sanitized`);
    }
});
(0, node_test_1.test)("an _OPENMP guard inside a region (NPB's master reading the team size): its lines go before the stages, which then rewrite the region (it was MF114); MetaFork, CilkPlus and back print what the OpenMP program prints (gcc -O2, 1, 2 and 4 threads)", { skip }, async () => {
    const name = 'openmp-in-region';
    for (const [to, expected] of [['metafork', `${name}.mfc`], ['cilkplus', `${name}_cilk.c`]]) {
        const r = await translation(`${name}.c`, to);
        strict_1.default.deepEqual(r.findings, [{ code: 'MF607', at: '#if defined(_OPENMP)', message: note('#if defined(_OPENMP)', "OpenMP's") }], to);
        strict_1.default.equal(r.text, read(expected), to);
    }
    const original = (0, run_1.build)(work, read(`${name}.c`), `${name}_omp`, ['-fopenmp']);
    const expected = (0, gcc_1.run)(original, 1);
    for (const threads of gcc_1.THREADS)
        strict_1.default.equal((0, gcc_1.run)(original, threads), expected, `the original at ${threads} threads`);
    // The MetaFork keeps omp_get_max_threads() (the region's team size): its elision links the runtime.
    const mfSerial = (0, run_1.build)(work, await (0, run_1.elision)(read(`${name}.mfc`), `${name}.mfc`), `${name}_mf_serial`, ['-fopenmp']);
    for (const threads of gcc_1.THREADS)
        strict_1.default.equal((0, gcc_1.run)(mfSerial, threads), expected, `the MetaFork elision at ${threads} threads`);
    const back = (0, run_1.build)(work, await (0, run_1.translated)(read(`${name}.mfc`), 'openmp', `${name}.mfc`), `${name}_back`, ['-fopenmp']);
    for (const threads of gcc_1.THREADS)
        strict_1.default.equal((0, gcc_1.run)(back, threads), expected, `back to OpenMP at ${threads} threads`);
});
// A group of another `#if` that the file's reading leaves out holds constructs no stage sees: the
// translation keeps them as written and says so (MF612), naming the flag that would make it read.
const FIB_GROUPS = `#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif
int fib(int n) {
  if (n < 2) return n;
  int x, y;
#if defined(USE_CILK)
  x = cilk_spawn fib(n - 1); /* cilk_sync in a comment */
  y = fib(n - 2);
  cilk_sync;
#elif SERIAL_ONLY
  x = fib(n - 1); y = fib(n - 2);
#else
  #pragma omp task shared(x)
  x = fib(n - 1);
  y = fib(n - 2);
  #pragma omp taskwait
#endif
  return x + y;
}
int main(void) {
  int r;
  #pragma omp parallel
  #pragma omp single
  r = fib(20);
  printf("%d\\n", r);
  return 0;
}
`;
(0, node_test_1.test)('constructs in a group the conditionals leave out: a warning at the first, naming the flag (MF612); with that flag the group is translated and runs (gcc -O2 -fopenmp, 1, 2 and 4 threads)', { skip }, async () => {
    const findings = async (to, defines = []) => {
        const r = await (0, index_1.translateText)(FIB_GROUPS, to, { fileName: 'fib.c', flags: { includePaths: [], defines } });
        return { text: r.text, findings: r.diagnostics.map(d => ({ code: d.code, at: FIB_GROUPS.slice(d.start, d.end), message: d.message })) };
    };
    const cilkGroup = {
        code: 'MF612', at: 'cilk_spawn',
        message: "not translated: '#if defined(USE_CILK)' leaves this group out as the file is read, so its CilkPlus constructs stay as written; with -D USE_CILK the group is read and translated",
    };
    strict_1.default.deepEqual((await findings('metafork')).findings, [
        { code: 'MF607', at: '#ifdef _OPENMP', message: note('#ifdef _OPENMP', "OpenMP's") }, cilkGroup,
    ]);
    strict_1.default.deepEqual((await findings('openmp')).findings, [cilkGroup]);
    // The group holds the target's constructs: nothing to say.
    strict_1.default.deepEqual((await findings('cilkplus')).findings.map(f => f.code), ['MF607']);
    // Read with -D USE_CILK, the Cilk group is translated; the OpenMP group, now left out, is the target's.
    const withCilk = await findings('openmp', [['USE_CILK', undefined]]);
    strict_1.default.deepEqual(withCilk.findings, []);
    strict_1.default.match(withCilk.text, /#if defined\(USE_CILK\)\n {2}#pragma omp task shared\(x\)\n {2}x = fib\(n - 1\);/, withCilk.text);
    const exe = (0, run_1.build)(work, withCilk.text, 'fib_groups_omp', ['-fopenmp', '-DUSE_CILK']);
    for (const threads of gcc_1.THREADS)
        strict_1.default.equal((0, gcc_1.run)(exe, threads), '6765\n', `${threads} threads`);
});
// A conditional group inside a task body: outlined to CilkPlus, the body reads `a` through a pointer,
// and the group's inactive line, which no analysis read, would still write `a += 100` (pointer
// arithmetic once built with -D EXTRA). Refused (MF114) at the task, as the user must move it.
const GROUP_IN_TASK = `#include <stdio.h>
int main(void) {
  long a = 0, b = 0;
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp task shared(a)
    {
      a = 30;
#ifdef EXTRA
      a += 100;
#endif
      a += 1;
    }
    b = 20;
    #pragma omp taskwait
  }
  printf("%ld %ld\\n", a, b);
  return 0;
}
`;
(0, node_test_1.test)('a conditional group inside a task body that the outlining would move is refused to CilkPlus (MF114), not moved with its inactive lines unrewritten', async () => {
    const r = await (0, index_1.translateText)(GROUP_IN_TASK, 'cilkplus', { fileName: 'group.c' });
    strict_1.default.equal(r.text, undefined);
    strict_1.default.deepEqual(r.diagnostics.map(d => ({ code: d.code, at: GROUP_IN_TASK.slice(d.start, d.end).split('\n')[0] })), [
        { code: 'MF114', at: '#pragma omp task shared(a)' },
    ]);
});
// A group whose lines name nothing the outlining passes by pointer, or leaves behind, moves with the
// task body into the outlined function (BOTS's nqueens chooses its recursive call this way).
const CALL_IN_GROUP = `#include <stdio.h>
int count(int n, int k, int *out) {
  if (k == 0) { *out = n; return n; }
  return count(n + 1, k - 1, out);
}
int main(void) {
  int r[4] = {0}, n = 10;
  #pragma omp parallel
  #pragma omp single
  for (int i = 0; i < 4; i++) {
    #pragma omp task
    {
      int local = n + i, *slot = &r[i];
#ifndef TWICE
      count(local, i, slot);
#else
      count(2 * local, i, slot);
#endif
    }
  }
  printf("%d %d %d %d\\n", r[0], r[1], r[2], r[3]);
  return 0;
}
`;
(0, node_test_1.test)('a conditional group in a task body naming only what the body takes by value moves with it to CilkPlus; built with and without its macro, the elision prints what the OpenMP program does (gcc -O2, 1, 2 and 4 threads)', { skip }, async () => {
    const r = await (0, index_1.translateText)(CALL_IN_GROUP, 'cilkplus', { fileName: 'call.c' });
    strict_1.default.deepEqual(r.diagnostics.map(d => d.code), []);
    strict_1.default.match(r.text, /\n {4}int local = \(\*n\) \+ i, \*slot = &\(\*r\)\[i\];\n {2}#ifndef TWICE\n {4}count\(local, i, slot\);\n {2}#else\n {4}count\(2 \* local, i, slot\);\n {2}#endif\n/, r.text);
    // Naming the array the body reads through a pointer, the group is not moved: refused at the task.
    const named = await (0, index_1.translateText)(CALL_IN_GROUP.replace('count(2 * local, i, slot)', 'count(2 * local, i, &r[i])'), 'cilkplus', { fileName: 'call.c' });
    strict_1.default.deepEqual([named.text, named.diagnostics.map(d => d.code)], [undefined, ['MF114']]);
    for (const [flags, printed] of [[[], '10 12 14 16\n'], [['-DTWICE'], '20 23 26 29\n']]) {
        const original = (0, run_1.build)(work, CALL_IN_GROUP, `call_group_omp${flags.length}`, ['-fopenmp', ...flags]);
        for (const threads of gcc_1.THREADS)
            strict_1.default.equal((0, gcc_1.run)(original, threads), printed, `${flags} at ${threads} threads`);
        const serial = await (0, run_1.elision)(r.text, 'call_group_cilk.c');
        strict_1.default.equal((0, gcc_1.run)((0, run_1.build)(work, serial, `call_group_cilk${flags.length}`, [...flags])), printed, `${flags}`);
    }
});
//# sourceMappingURL=conditionals.test.js.map