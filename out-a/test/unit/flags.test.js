"use strict";
// Compile flags found as clangd finds them (server/src/preprocess/flags): compile_commands.json
// (also in build/), compile_flags.txt, the nearest folder first, --compile-commands-dir; the
// arguments that matter to the preprocessor; the command line's flags after; the cache of parsed
// databases. And the server's header reader (preprocess/files). Every case in its own temp folder.
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
const flags_1 = require("../../server/src/preprocess/flags");
const files_1 = require("../../server/src/preprocess/files");
const ROOT = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'metafork-flags-')));
(0, node_test_1.after)(() => fs.rmSync(ROOT, { recursive: true, force: true }));
let cases = 0;
/** A fresh folder with `files` (path -> text; an object is written as JSON). */
function tree(files) {
    const root = path.join(ROOT, `case${++cases}`);
    for (const [name, content] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        fs.writeFileSync(path.join(root, name), typeof content === 'string' ? content : JSON.stringify(content));
    }
    fs.mkdirSync(root, { recursive: true });
    return root;
}
(0, node_test_1.test)('compile_commands.json above the file: its entry, the arguments resolved against its directory', () => {
    const root = tree({});
    const build = path.join(root, 'build');
    fs.writeFileSync(path.join(root, 'compile_commands.json'), JSON.stringify([
        { directory: '/elsewhere', file: 'a.c', arguments: ['cc', '-DWRONG'] },
        {
            directory: build, file: '../src/a.c',
            arguments: ['gcc', '-O2', '-I', 'inc', '-I../common', '-iquote', 'q', '-isystem', '/opt/sys', '-D', 'N=100',
                '-DDEBUG', '-DEMPTY=', '-U', 'NDEBUG', '-include', 'pre.h', '-o', 'a.o', '-c', 'a.c'],
        },
    ]));
    const file = path.join(root, 'src', 'a.c');
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file), {
        includePaths: [path.join(build, 'inc'), path.join(root, 'common'), '/opt/sys'],
        quotePaths: [path.join(build, 'q')],
        defines: [['N', '100'], ['DEBUG', undefined], ['EMPTY', ''], ['NDEBUG', null]],
        notes: [`-include ${path.join(build, 'pre.h')} is not read: its declarations are not seen`],
        from: path.join(root, 'compile_commands.json'),
    });
});
(0, node_test_1.test)("a `command` is split as a shell does; the command line's flags come after (duplicates dropped)", () => {
    const root = tree({});
    fs.writeFileSync(path.join(root, 'compile_commands.json'), JSON.stringify([{
            directory: root, file: 'k.c', command: `clang -I'my inc' "-DS=a b" -DQ=\\"x\\" -UX -Iinc -c k.c`,
        }]));
    const flags = (0, flags_1.flagsFor)(path.join(root, 'k.c'), {
        includePaths: [path.join(root, 'inc'), path.join(root, 'more')], defines: [['X', '2'], ['S', null]],
    });
    strict_1.default.deepEqual(flags, {
        includePaths: [path.join(root, 'my inc'), path.join(root, 'inc'), path.join(root, 'more')],
        defines: [['S', 'a b'], ['Q', '"x"'], ['X', null], ['X', '2'], ['S', null]],
        notes: [],
        from: path.join(root, 'compile_commands.json'),
    });
    strict_1.default.equal((0, flags_1.formatFlags)(flags), `-I'${root}/my inc' -I${root}/inc -I${root}/more '-DS=a b' '-DQ="x"' -UX -DX=2 -US`);
});
(0, node_test_1.test)('a file the database does not list takes the entry of a file in its folder, else no flags', () => {
    const root = tree({});
    fs.writeFileSync(path.join(root, 'compile_commands.json'), JSON.stringify([
        { directory: root, file: 'lib/one.c', arguments: ['cc', '-DLIB'] },
        { directory: root, file: 'lib/two.c', arguments: ['cc', '-DTWO'] },
    ]));
    strict_1.default.deepEqual((0, flags_1.flagsFor)(path.join(root, 'lib', 'three.c')), {
        includePaths: [], defines: [['LIB', undefined]], notes: [], from: path.join(root, 'compile_commands.json'),
    });
    strict_1.default.deepEqual((0, flags_1.flagsFor)(path.join(root, 'app', 'main.c'), { defines: [['N', '4']] }), { includePaths: [], defines: [['N', '4']], notes: [] });
});
(0, node_test_1.test)('build/compile_commands.json is found as clangd finds it', () => {
    const root = tree({});
    fs.mkdirSync(path.join(root, 'build'));
    fs.writeFileSync(path.join(root, 'build', 'compile_commands.json'), JSON.stringify([
        { directory: path.join(root, 'build'), file: '../main.c', arguments: ['cc', '-I../include'] },
    ]));
    strict_1.default.deepEqual((0, flags_1.flagsFor)(path.join(root, 'main.c')), {
        includePaths: [path.join(root, 'include')], defines: [], notes: [],
        from: path.join(root, 'build', 'compile_commands.json'),
    });
});
(0, node_test_1.test)('compile_flags.txt: one argument a line, relative to its folder; the nearest folder wins', () => {
    const root = tree({
        'compile_commands.json': '[]',
        'src/compile_flags.txt': '-I\ninclude\n-DDEBUG\n\n-Wall\n-iquote../q\n',
    });
    strict_1.default.deepEqual((0, flags_1.flagsFor)(path.join(root, 'src', 'deep', 'x.c')), {
        includePaths: [path.join(root, 'src', 'include')], quotePaths: [path.join(root, 'q')],
        defines: [['DEBUG', undefined]], notes: [], from: path.join(root, 'src', 'compile_flags.txt'),
    });
});
(0, node_test_1.test)('--compile-commands-dir: only that folder is read', () => {
    const root = tree({
        'compile_flags.txt': '-DNEAR\n',
        'db/compile_commands.json': '',
    });
    fs.writeFileSync(path.join(root, 'db', 'compile_commands.json'), JSON.stringify([
        { directory: root, file: 'a.c', arguments: ['cc', '-DFAR'] },
    ]));
    const file = path.join(root, 'a.c');
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file, { compileCommandsDir: path.join(root, 'db') }), {
        includePaths: [], defines: [['FAR', undefined]], notes: [], from: path.join(root, 'db', 'compile_commands.json'),
    });
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file, { compileCommandsDir: path.join(root, 'none') }), { includePaths: [], defines: [], notes: [] });
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file).defines, [['NEAR', undefined]]);
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file, { discover: false, defines: [['X', null]] }), { includePaths: [], defines: [['X', null]], notes: [] }, 'no database looked for');
});
(0, node_test_1.test)('a database that is not JSON, or whose entries are malformed, gives no flags', () => {
    const root = tree({ 'compile_commands.json': '{ not json', 'sub/compile_commands.json': '[{"file": 3}]' });
    strict_1.default.deepEqual((0, flags_1.flagsFor)(path.join(root, 'a.c')), { includePaths: [], defines: [], notes: [] });
    strict_1.default.deepEqual((0, flags_1.flagsFor)(path.join(root, 'sub', 'a.c')), { includePaths: [], defines: [], notes: [] });
});
(0, node_test_1.test)('parsed databases are kept by path and modification time; invalidate forgets one', () => {
    const root = tree({ 'compile_flags.txt': '-DONE\n' });
    const file = path.join(root, 'a.c');
    const flags = path.join(root, 'compile_flags.txt');
    const cache = new flags_1.CompileDatabases();
    fs.utimesSync(flags, 1e9, 1e9);
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file, { cache }).defines, [['ONE', undefined]]);
    fs.writeFileSync(flags, '-DTWO\n');
    fs.utimesSync(flags, 1e9, 1e9);
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file, { cache }).defines, [['ONE', undefined]], 'same time: the parsed one');
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file).defines, [['TWO', undefined]], 'no cache: read anew');
    cache.invalidate(flags);
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file, { cache }).defines, [['TWO', undefined]]);
    fs.writeFileSync(flags, '-DTHREE\n');
    fs.utimesSync(flags, 1e9 + 5, 1e9 + 5);
    strict_1.default.deepEqual((0, flags_1.flagsFor)(file, { cache }).defines, [['THREE', undefined]], 'a new time: read again');
});
(0, node_test_1.test)('arguments: joined and separate forms; a flag missing its value ends the list', () => {
    const args = ['-Ia', '-I', 'b', '-isystemc', '-iquoted', '-DX=1=2', '-UY', '-D1BAD', '-U', '-I'];
    strict_1.default.deepEqual((0, flags_1.parseArguments)(args, '/d'), {
        includePaths: ['/d/a', '/d/b', '/d/c'], quotePaths: ['/d/d'], defines: [['X', '1=2'], ['Y', null]], notes: [],
    });
    strict_1.default.deepEqual((0, flags_1.parseArguments)(['-include-pch', 'p.pch', '-includepre.h', '-imacros', 'm.h'], '/d'), {
        includePaths: [], quotePaths: [], defines: [],
        notes: ['-include /d/pre.h is not read: its declarations are not seen'],
    });
});
(0, node_test_1.test)('shell splitting: blanks, both quotes, backslashes', () => {
    strict_1.default.deepEqual((0, flags_1.shellSplit)(`  cc -DA="x y" 'it''s' a\\ b "q\\"t\\n"  `), ['cc', '-DA=x y', 'its', 'a b', 'q"t\\n']);
    strict_1.default.deepEqual((0, flags_1.shellSplit)(''), []);
    strict_1.default.deepEqual((0, flags_1.shellSplit)(`'' ""`), ['', '']);
});
(0, node_test_1.test)('defines as the settings and -D write them', () => {
    strict_1.default.deepEqual((0, flags_1.defineOf)('N'), ['N', undefined]);
    strict_1.default.deepEqual((0, flags_1.defineOf)('N=100'), ['N', '100']);
    strict_1.default.deepEqual((0, flags_1.defineOf)('S= a b'), ['S', ' a b']);
    strict_1.default.equal((0, flags_1.defineOf)('1N'), undefined);
    strict_1.default.equal((0, flags_1.defineOf)('=1'), undefined);
});
(0, node_test_1.test)('headers: the disk, and the server reader: buffers first, the disk kept until invalidated', () => {
    const root = tree({ 'a.h': 'int a;\n' });
    const header = path.join(root, 'a.h');
    const missing = path.join(root, 'b.h');
    strict_1.default.equal((0, files_1.diskHeaders)().read(header), 'int a;\n');
    strict_1.default.equal((0, files_1.diskHeaders)().read(missing), undefined);
    strict_1.default.equal((0, files_1.diskHeaders)().read(root), undefined, 'a folder is no header');
    const open = new Map();
    const headers = new files_1.HeaderCache(file => open.get(file));
    strict_1.default.equal(headers.read(header), 'int a;\n');
    strict_1.default.equal(headers.read(missing), undefined);
    fs.writeFileSync(header, 'int a2;\n');
    fs.writeFileSync(missing, 'int b;\n');
    strict_1.default.equal(headers.read(header), 'int a;\n', 'kept');
    strict_1.default.equal(headers.read(missing), undefined, 'kept missing');
    open.set(header, 'int edited;\n');
    strict_1.default.equal(headers.read(header), 'int edited;\n', 'the open buffer');
    open.clear();
    headers.invalidate(header);
    strict_1.default.equal(headers.read(header), 'int a2;\n');
    strict_1.default.equal(headers.read(missing), undefined);
    headers.invalidate();
    strict_1.default.equal(headers.read(missing), 'int b;\n');
});
//# sourceMappingURL=flags.test.js.map