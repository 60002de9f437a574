"use strict";
// Shared by the editor tests (Neovim, Emacs): the README snippets they run, the fixtures they
// open, and a child process with a hard time limit.
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
Object.defineProperty(exports, "__esModule", { value: true });
exports.HOVER_SAYS = exports.HOVER_AT = exports.FIXTURES = exports.SERVER_CMD = void 0;
exports.readmeSnippets = readmeSnippets;
exports.substituteOnce = substituteOnce;
exports.hasCommand = hasCommand;
exports.runWithTimeout = runWithTimeout;
exports.fixtureDir = fixtureDir;
exports.lastFor = lastFor;
exports.hoverText = hoverText;
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
/** The server command as the tests run it: absolute paths, no `metafork` on the PATH needed. */
exports.SERVER_CMD = [process.execPath, path.join(helpers_1.ROOT, 'bin', 'metafork'), 'lsp', '--stdio'];
/** The fenced code blocks of one language in the README section "## Other editors (Neovim, Emacs)". */
function readmeSnippets(lang) {
    const readme = fs.readFileSync(path.join(helpers_1.ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('\n## Other editors (Neovim, Emacs)\n');
    if (start < 0)
        throw new Error('README.md has no section "## Other editors (Neovim, Emacs)"');
    const next = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, next < 0 ? undefined : next);
    const blocks = [];
    const fence = new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g');
    for (let m = fence.exec(section); m; m = fence.exec(section))
        blocks.push(m[1]);
    return blocks;
}
/** Replaces the one occurrence of `from` in `snippet` (failing when it is not there exactly once). */
function substituteOnce(snippet, from, to) {
    const at = snippet.indexOf(from);
    if (at < 0 || snippet.indexOf(from, at + 1) >= 0)
        throw new Error(`expected exactly one '${from}' in the README snippet:\n${snippet}`);
    return snippet.slice(0, at) + to + snippet.slice(at + from.length);
}
/** The README's fib without its meta_join (MF314 at the return, line 6), and an OpenMP file with
 * a misspelled directive (MF201 on line 4). */
exports.FIXTURES = [
    {
        file: 'fib.mfc',
        text: 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n  y = fib(n - 2);\n  return x + y;\n}\n',
        expect: [{ code: 'MF314', line: 5 }],
    },
    {
        file: 'omp.c',
        text: '#include <stdio.h>\nint main(void) {\n  int a[100];\n#pragma omp paralel for\n  for (int i = 0; i < 100; i++) a[i] = i;\n  printf("%d\\n", a[5]);\n  return 0;\n}\n',
        expect: [{ code: 'MF201', line: 3 }],
    },
];
/** Where the hover is asked: on `meta_fork` in fib.mfc (line 4, 1-based). */
exports.HOVER_AT = { file: 'fib.mfc', line: 3, character: 8 };
function hasCommand(cmd, args = ['--version']) {
    const r = (0, child_process_1.spawnSync)(cmd, args, { stdio: 'ignore', timeout: 10000 });
    return !r.error && r.status === 0;
}
/** Runs a command in its own process group; after `timeoutMs` the whole group (the editor and the
 * server it started) is killed, so a stuck editor fails the test instead of hanging it. */
function runWithTimeout(cmd, args, options) {
    const t0 = performance.now();
    return new Promise(resolve => {
        const child = (0, child_process_1.spawn)(cmd, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
        let stdout = '', stderr = '', timedOut = false;
        child.stdout.on('data', d => { stdout += d; });
        child.stderr.on('data', d => { stderr += d; });
        const killGroup = () => { try {
            process.kill(-child.pid, 'SIGKILL');
        }
        catch { /* already gone */ } };
        const timer = setTimeout(() => { timedOut = true; killGroup(); }, options.timeoutMs);
        child.on('close', (status, signal) => {
            clearTimeout(timer);
            killGroup(); // the server, should the editor have left it behind
            resolve({ status, signal, timedOut, stdout, stderr, ms: performance.now() - t0 });
        });
    });
}
/** A fresh directory holding the fixtures. */
function fixtureDir(prefix) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    for (const f of exports.FIXTURES)
        fs.writeFileSync(path.join(dir, f.file), f.text);
    return dir;
}
/** The last publication for `file` among those an editor recorded. */
function lastFor(published, file) {
    return published.filter(p => p.uri.endsWith('/' + file)).pop();
}
/** The text of a hover's contents: a string, a MarkedString, MarkupContent, or a list of them. */
function hoverText(contents) {
    if (contents === undefined || contents === null)
        return '';
    if (typeof contents === 'string')
        return contents;
    if (Array.isArray(contents))
        return contents.map(hoverText).join('\n');
    const value = contents.value;
    return typeof value === 'string' ? value : '';
}
/** A hover on `meta_fork` says what it is: a spawn. */
exports.HOVER_SAYS = /spawn/i;
//# sourceMappingURL=common.js.map