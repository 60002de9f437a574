"use strict";
// Where the preprocessor reads headers from: the disk (the server's worker, whose prepared version
// outlives a job), or the disk through a cache: the command line's, for one command; the server's,
// which the file watcher invalidates, under the buffers of the files open in the editor (a header
// being edited is read as it stands in its editor).
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
exports.HeaderCache = void 0;
exports.diskHeaders = diskHeaders;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
/** The text of a file, or undefined where there is none (missing, a folder, unreadable). */
function readDisk(file) {
    try {
        return fs.readFileSync(file, 'utf8');
    }
    catch {
        return undefined;
    }
}
/** Headers read from the disk at every read. */
function diskHeaders() {
    return { read: readDisk };
}
/**
 * The server's headers: an open editor's buffer where the header is open (`open` answers by
 * absolute path), else the disk, read once and kept (a missing file too) until `invalidate`d
 * by the file watcher.
 */
class HeaderCache {
    open;
    kept = new Map();
    constructor(open = () => undefined) {
        this.open = open;
    }
    read(file) {
        const buffer = this.open(file);
        if (buffer !== undefined)
            return buffer;
        const key = path.resolve(file);
        if (!this.kept.has(key))
            this.kept.set(key, readDisk(file));
        return this.kept.get(key);
    }
    /** Forgets what was read of one file (a path) or of all. */
    invalidate(file) {
        if (file === undefined)
            this.kept.clear();
        else
            this.kept.delete(path.resolve(file));
    }
}
exports.HeaderCache = HeaderCache;
//# sourceMappingURL=files.js.map