"use strict";
// How the server reads each document: its compile flags (a compile_commands.json or
// compile_flags.txt found as clangd finds it, then the settings' include paths and defines) and
// its headers (open editors' buffers over a cache of the disk). The file watcher's changes
// invalidate both and say which documents to check again.
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
exports.CompileContexts = exports.WATCHED_FILES = void 0;
const path = __importStar(require("path"));
const flags_1 = require("../preprocess/flags");
const files_1 = require("../preprocess/files");
const documents_1 = require("./documents");
/** What the client is asked to watch: headers and compile databases (`workspace/didChangeWatchedFiles`). */
exports.WATCHED_FILES = ['**/*.{h,hh,hpp,hxx,inc}', '**/compile_commands.json', '**/compile_flags.txt'];
const DATABASE_NAMES = ['compile_commands.json', 'compile_flags.txt'];
class CompileContexts {
    say;
    headers;
    databases = new flags_1.CompileDatabases();
    /** Each open document's flags, found once (and again after a change of databases or settings). */
    flags = new Map();
    folders = [];
    constructor(
    /** The text of an open editor's buffer, by absolute path. */
    open, 
    /** Tells the user which flags a file is read with (the server's log), when they are new. */
    say) {
        this.say = say;
        this.headers = new files_1.HeaderCache(open);
    }
    /** The workspace folders (absolute paths): relative include paths of the settings are relative
     * to the folder of the document. */
    setFolders(folders) { this.folders = folders; }
    /** The context of the document at `uri` under `settings`. */
    contextOf(uri, settings) {
        const file = (0, documents_1.pathOf)(uri);
        let flags = this.flags.get(file);
        if (!flags) {
            // A buffer not on disk (untitled) is in no folder: no database governs it; the settings do,
            // relative to the first workspace folder.
            const onDisk = uri.startsWith('file:');
            const within = onDisk ? this.folders.filter(f => isWithin(file, f)).sort((a, b) => b.length - a.length) : [];
            const folder = within[0] ?? this.folders[0] ?? (onDisk ? path.dirname(file) : process.cwd());
            flags = (0, flags_1.flagsFor)(onDisk ? file : path.join(folder, path.basename(file)), {
                includePaths: settings.includePaths.map(p => path.resolve(folder, p)),
                defines: settings.defines.map(flags_1.defineOf).filter((d) => d !== undefined),
                cache: this.databases,
                discover: onDisk,
            });
            this.flags.set(file, flags);
            const from = flags.from ? `from ${flags.from}` : 'no compile_commands.json or compile_flags.txt';
            this.say([`metafork: ${file}: ${(0, flags_1.formatFlags)(flags) || 'no flags'} (${from})`, ...flags.notes].join('\n  '));
        }
        return { flags, files: this.headers };
    }
    /** The settings changed: every document's flags are found again. */
    settingsChanged() { this.flags.clear(); }
    /** Files changed on disk (absolute paths): forgets what was read of them. */
    filesChanged(files) {
        for (const file of files)
            this.headers.invalidate(file);
        const databases = files.filter(f => DATABASE_NAMES.includes(path.basename(f)));
        if (databases.length === 0)
            return { all: false, paths: new Set(files) };
        for (const file of databases)
            this.databases.invalidate(file);
        this.flags.clear();
        return { all: true };
    }
    closed(uri) { this.flags.delete((0, documents_1.pathOf)(uri)); }
}
exports.CompileContexts = CompileContexts;
function isWithin(file, folder) {
    const relative = path.relative(folder, file);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
//# sourceMappingURL=compile.js.map