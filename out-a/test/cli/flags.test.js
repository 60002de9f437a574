"use strict";
// Compile flags on the command line: -I, -D, -U (joined or separate, repeatable, in order) and
// --compile-commands-dir on every command, `metafork flags` showing what a file is read with,
// and the usage errors. Driven through `main` in this process.
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
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const cli_1 = require("../../server/src/cli");
const helpers_1 = require("../helpers");
const TMP = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cli-flags-')));
(0, node_test_1.after)(() => fs.rmSync(TMP, { recursive: true, force: true }));
function write(name, text) {
    const file = path.join(TMP, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
}
async function run(args) {
    let stdout = '';
    let stderr = '';
    const code = await (0, cli_1.main)(args, { stdout: s => { stdout += s; }, stderr: s => { stderr += s; } });
    return { code, stdout, stderr };
}
const KERNEL = write('proj/src/k.c', '#include "sizes.h"\nvoid f(double *a) {\n  for (int i = 0; i < 8; i++) a[i] = 0;\n}\n');
write('proj/inc/sizes.h', '#define N 8\n');
const DATABASE = write('proj/compile_commands.json', JSON.stringify([
    { directory: path.join(TMP, 'proj'), file: 'src/k.c', arguments: ['cc', '-Iinc', '-DSMALL', '-c', 'src/k.c'] },
]));
(0, node_test_1.test)('flags: the database found above the file, then -I, -D, -U in order, both spellings, repeatable', async () => {
    const r = await run(['flags', KERNEL, '-I', 'more', '-I/opt/inc', '-D', 'N=4', '-DM', '-U', 'SMALL', '-UX', '-DX=a b']);
    strict_1.default.equal(r.stderr, '');
    strict_1.default.equal(r.code, 0);
    const proj = path.join(TMP, 'proj');
    strict_1.default.equal(r.stdout, `${KERNEL}: -I${proj}/inc -I${path.resolve('more')} -I/opt/inc -DSMALL -DN=4 -DM -USMALL -UX '-DX=a b'\n`
        + `  from ${DATABASE}\n`);
});
(0, node_test_1.test)('flags --json; --compile-commands-dir DIR and =DIR read only that folder', async () => {
    const db = path.join(TMP, 'db');
    write('db/compile_flags.txt', '-DFROM_DB\n-I\nheaders\n');
    for (const args of [['--compile-commands-dir', db], [`--compile-commands-dir=${db}`]]) {
        const r = await run(['flags', '--json', KERNEL, ...args]);
        strict_1.default.equal(r.code, 0, r.stderr);
        strict_1.default.deepEqual(JSON.parse(r.stdout), { files: [{
                    file: KERNEL, includePaths: [path.join(db, 'headers')], defines: [['FROM_DB', null]],
                    notes: [], from: path.join(db, 'compile_flags.txt'),
                }] });
    }
    const none = await run(['flags', path.join(TMP, 'alone.c'), '--compile-commands-dir', path.join(TMP, 'empty')]);
    strict_1.default.equal(none.stdout, `${path.join(TMP, 'alone.c')}:\n  from the command line only (no compile_commands.json or compile_flags.txt)\n`);
});
(0, node_test_1.test)('every command takes the compile flags', async () => {
    const fib = path.join(helpers_1.ROOT, 'examples', 'fib.mfc');
    const jacobi = path.join(helpers_1.ROOT, 'examples', 'jacobi1d.mfc');
    const flags = ['-I', TMP, `-I${TMP}`, '-D', 'UNUSED_A', '-DUNUSED_B=2', '-U', 'UNUSED_C', '-UUNUSED_D',
        '--compile-commands-dir', path.join(TMP, 'empty')];
    const commands = [
        ['check', fib], ['elide', fib], ['translate', fib, '--to', 'cilkplus'], ['cuda', jacobi], ['analyze', jacobi],
        ['tile', path.join(helpers_1.ROOT, 'examples', 'loop_omp.c')],
    ];
    for (const command of commands) {
        const plain = await run(command);
        strict_1.default.equal(plain.code, 0, `${command[0]}: ${plain.stderr}`);
        strict_1.default.deepEqual(await run([...command, ...flags]), plain, command[0]);
    }
});
(0, node_test_1.test)('a compile flag without its value, or with a bad one, is a usage error', async () => {
    const cases = [
        [['check', KERNEL, '-I'], "'-I' needs a directory"],
        [['check', KERNEL, '-D'], "'-D' needs NAME or NAME=VALUE"],
        [['elide', KERNEL, '-U'], "'-U' needs a NAME"],
        [['cuda', KERNEL, '--compile-commands-dir'], "'--compile-commands-dir' needs a directory"],
        [['tile', KERNEL, '--compile-commands-dir='], "'--compile-commands-dir' needs a directory"],
        [['check', KERNEL, '-D', '1X'], "'-D' takes NAME or NAME=VALUE, not '1X'"],
        [['check', KERNEL, '-UX=1'], "'-U' takes a NAME, not 'X=1'"],
    ];
    for (const [args, message] of cases) {
        const r = await run(args);
        strict_1.default.equal(r.code, 2, args.join(' '));
        strict_1.default.equal(r.stdout, '');
        strict_1.default.equal(r.stderr.split('\n')[0], `metafork: ${message}`);
        strict_1.default.match(r.stderr.split('\n')[1], /^usage: metafork/);
    }
});
(0, node_test_1.test)('the usage lists the compile flags once, in lines of at most 100 columns', async () => {
    const { stdout } = await run(['--help']);
    for (const flag of ['-I DIR', '-D NAME[=VALUE]', '-U NAME', '--compile-commands-dir DIR', 'flags FILE...']) {
        strict_1.default.equal(stdout.split(flag).length, 2, flag);
    }
    strict_1.default.deepEqual(stdout.split('\n').filter(l => l.length > 100), []);
});
(0, node_test_1.test)('a header found through -I (needs the preprocessor)', async (t) => {
    const file = write('alone/k.c', '#include "sizes.h"\nint a[N];\n');
    const missing = await run(['check', file]);
    strict_1.default.equal(missing.code, 1);
    const at = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    strict_1.default.match(missing.stdout, new RegExp(`^${at}:1:\\d+: error: .*sizes\\.h.* \\[MF110\\]$`, 'm'));
    const found = await run(['check', file, '-I', path.join(TMP, 'proj', 'inc')]);
    strict_1.default.deepEqual(found, { code: 0, stdout: '', stderr: '' });
});
//# sourceMappingURL=flags.test.js.map