"use strict";
// The compile flags of a file, found the way clangd finds them: a compilation database
// (`compile_commands.json`, also in a `build/` folder) or a `compile_flags.txt` in the file's
// folder or the nearest one above (or in the folder given), then the flags of the command line
// or the settings. Only what changes how the preprocessor reads the file is kept: `-I`,
// `-iquote`, `-isystem`, `-D`, `-U`.
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
exports.CompileDatabases = void 0;
exports.defineOf = defineOf;
exports.flagsFor = flagsFor;
exports.formatFlags = formatFlags;
exports.shellSplit = shellSplit;
exports.parseArguments = parseArguments;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
/** `NAME` or `NAME=VALUE` (a `-D` argument) as a define; undefined when NAME is not an identifier. */
function defineOf(spec) {
    const m = /^([A-Za-z_]\w*)(?:=([\s\S]*))?$/.exec(spec);
    return m ? [m[1], m[2]] : undefined;
}
/** The flags `fileName` is compiled with: the database's, then `options`' (a later `-D`/`-U`
 * wins; their `-I` directories are searched after the database's). */
function flagsFor(fileName, options = {}) {
    const file = path.resolve(fileName);
    const cache = options.cache ?? new CompileDatabases();
    const found = options.discover === false ? undefined : findDatabase(file, options.compileCommandsDir, cache);
    const discovered = found?.argumentsFor(file);
    const base = discovered ?? parseArguments([], '');
    const includePaths = unique([...base.includePaths, ...(options.includePaths ?? []).map(p => path.resolve(p))]);
    const flags = {
        includePaths,
        defines: [...base.defines, ...(options.defines ?? [])],
        notes: base.notes,
        ...(base.quotePaths.length ? { quotePaths: unique(base.quotePaths) } : {}),
        ...(found && discovered ? { from: found.path } : {}),
    };
    return flags;
}
/** The flags as a compiler's arguments (`-I/abs/inc -DN=4 -UX`), for a log line. */
function formatFlags(flags) {
    const quote = (s) => (/^[\w./=+,:@%-]*$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
    return [
        ...(flags.quotePaths ?? []).map(p => `-iquote ${quote(p)}`),
        ...flags.includePaths.map(p => `-I${quote(p)}`),
        ...flags.defines.map(([n, v]) => (v === null ? `-U${n}` : quote(v === undefined ? `-D${n}` : `-D${n}=${v}`))),
    ].join(' ');
}
/**
 * The parsed databases by path, each kept with the modification time it was read at: a database
 * changed on disk is read again, and the server's file watcher may `invalidate` one whose time
 * did not move (a rewrite within the file system's time resolution).
 */
class CompileDatabases {
    parsed = new Map();
    /** The database at `file`, or undefined if there is none (or it cannot be read). */
    load(file) {
        let stat;
        try {
            stat = fs.statSync(file);
        }
        catch {
            return undefined;
        }
        if (!stat.isFile())
            return undefined;
        const kept = this.parsed.get(file);
        if (kept && kept.mtimeMs === stat.mtimeMs)
            return kept.database;
        let text;
        try {
            text = fs.readFileSync(file, 'utf8');
        }
        catch {
            return undefined;
        }
        const database = path.basename(file) === 'compile_flags.txt' ? flagsFile(file, text) : commandsFile(file, text);
        this.parsed.set(file, { mtimeMs: stat.mtimeMs, database });
        return database;
    }
    /** Forgets one database (a path) or all. */
    invalidate(file) {
        if (file === undefined)
            this.parsed.clear();
        else
            this.parsed.delete(path.resolve(file));
    }
}
exports.CompileDatabases = CompileDatabases;
/** The database that governs `file`: the nearest folder (the file's, then each above) with a
 * `compile_commands.json`, a `build/compile_commands.json` or a `compile_flags.txt`, in that
 * order, as clangd looks; with `dir`, only that folder. */
function findDatabase(file, dir, cache) {
    const candidates = (folder) => [
        path.join(folder, 'compile_commands.json'),
        ...(dir === undefined ? [path.join(folder, 'build', 'compile_commands.json')] : []),
        path.join(folder, 'compile_flags.txt'),
    ];
    const folders = dir !== undefined ? [path.resolve(dir)] : ancestors(path.dirname(file));
    for (const folder of folders) {
        for (const candidate of candidates(folder)) {
            const database = cache.load(candidate);
            if (database)
                return database;
        }
    }
    return undefined;
}
function ancestors(folder) {
    const list = [folder];
    for (let parent = path.dirname(folder); parent !== list[list.length - 1]; parent = path.dirname(parent)) {
        list.push(parent);
    }
    return list;
}
/** `compile_flags.txt`: one argument per line, for every file below its folder; relative paths
 * are relative to that folder. */
function flagsFile(file, text) {
    const args = text.split(/\r?\n/).map(l => l.trim()).filter(l => l !== '');
    const parsed = parseArguments(args, path.dirname(file));
    return { path: file, argumentsFor: () => parsed };
}
/** `compile_commands.json` (the JSON Compilation Database format of Clang): the entry whose file
 * is the file; for a file it lists not, the first entry of a file in the same folder (clangd infers
 * from the closest entry; a sibling is the one that surely shares the flags); else none. A file
 * that is not such a database governs nothing. */
function commandsFile(file, text) {
    let entries = [];
    try {
        const json = JSON.parse(text);
        if (Array.isArray(json))
            entries = json.filter(isCommand);
    }
    catch { /* not JSON: no entries */ }
    const byFile = new Map();
    for (const e of entries) {
        const source = path.resolve(path.dirname(file), e.directory, e.file);
        if (!byFile.has(source))
            byFile.set(source, e);
    }
    const parsed = new Map();
    const argumentsOf = (e) => {
        if (!parsed.has(e)) {
            // The first argument is the compiler.
            const args = (e.arguments ?? shellSplit(e.command ?? '')).slice(1);
            parsed.set(e, parseArguments(args, path.resolve(path.dirname(file), e.directory)));
        }
        return parsed.get(e);
    };
    return {
        path: file,
        argumentsFor(source) {
            const entry = byFile.get(source)
                ?? [...byFile].find(([other]) => path.dirname(other) === path.dirname(source))?.[1];
            return entry && argumentsOf(entry);
        },
    };
}
function isCommand(e) {
    const c = e;
    return !!c && typeof c.directory === 'string' && typeof c.file === 'string'
        && (Array.isArray(c.arguments) ? c.arguments.every(a => typeof a === 'string') : typeof c.command === 'string');
}
/** A command line split into arguments as a POSIX shell does: blanks separate, quotes group,
 * a backslash escapes the next character (inside double quotes, only `"`, `\`, `$` and a backquote). */
function shellSplit(command) {
    const args = [];
    let current;
    for (let i = 0; i < command.length; i++) {
        const c = command[i];
        if (/\s/.test(c)) {
            if (current !== undefined)
                args.push(current);
            current = undefined;
        }
        else if (c === "'") {
            const end = command.indexOf("'", i + 1);
            const stop = end < 0 ? command.length : end;
            current = (current ?? '') + command.slice(i + 1, stop);
            i = stop;
        }
        else if (c === '"') {
            current = current ?? '';
            for (i++; i < command.length && command[i] !== '"'; i++) {
                if (command[i] === '\\' && i + 1 < command.length && '"\\$`'.includes(command[i + 1]))
                    i++;
                current += command[i];
            }
        }
        else if (c === '\\' && i + 1 < command.length) {
            current = (current ?? '') + command[++i];
        }
        else {
            current = (current ?? '') + c;
        }
    }
    if (current !== undefined)
        args.push(current);
    return args;
}
/** The arguments that change how the file is preprocessed (GCC manual, "Preprocessor Options"
 * and "Directory Options"); every other argument is ignored. Relative directories are relative
 * to `directory`. `-isystem` directories are searched as `-I` ones (the analyses read system
 * headers like any other). */
function parseArguments(args, directory) {
    const out = { includePaths: [], quotePaths: [], defines: [], notes: [] };
    for (let i = 0; i < args.length; i++) {
        const m = /^(-I|-iquote|-isystem|-D|-U|-include(?!-pch))(.*)$/s.exec(args[i]);
        if (!m)
            continue;
        const [, flag, joined] = m;
        const value = joined !== '' ? joined : args[++i];
        if (value === undefined)
            break;
        if (flag === '-D') {
            const define = defineOf(value);
            if (define)
                out.defines.push(define);
        }
        else if (flag === '-U') {
            if (/^[A-Za-z_]\w*$/.test(value))
                out.defines.push([value, null]);
        }
        else if (flag === '-include') {
            out.notes.push(`-include ${path.resolve(directory, value)} is not read: its declarations are not seen`);
        }
        else {
            (flag === '-iquote' ? out.quotePaths : out.includePaths).push(path.resolve(directory, value));
        }
    }
    return out;
}
function unique(paths) {
    return [...new Set(paths)];
}
//# sourceMappingURL=flags.js.map