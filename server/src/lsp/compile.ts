// How the server reads each document: its compile flags (a compile_commands.json or
// compile_flags.txt found as clangd finds it, then the settings' include paths and defines) and
// its headers (open editors' buffers over a cache of the disk). The file watcher's changes
// invalidate both and say which documents to check again.

import * as path from 'path';
import type { MetaforkSettings } from '../../../shared/settings';
import type { CompileContext } from '../preprocess/index';
import { CompileDatabases, defineOf, flagsFor, formatFlags, type Define, type FoundFlags } from '../preprocess/flags';
import { HeaderCache } from '../preprocess/files';
import { pathOf } from './documents';

/** What the client is asked to watch: headers and compile databases (`workspace/didChangeWatchedFiles`). */
export const WATCHED_FILES = ['**/*.{h,hh,hpp,hxx,inc}', '**/compile_commands.json', '**/compile_flags.txt'];

const DATABASE_NAMES = ['compile_commands.json', 'compile_flags.txt'];

/** Which documents a change of files concerns: every one (a compile database changed), or those
 * that read or looked for one of these paths. */
export type Affected = { all: true } | { all: false; paths: ReadonlySet<string> };

export class CompileContexts {
  readonly headers: HeaderCache;
  private readonly databases = new CompileDatabases();
  /** Each open document's flags, found once (and again after a change of databases or settings). */
  private readonly flags = new Map<string, FoundFlags>();
  private folders: readonly string[] = [];

  constructor(
    /** The text of an open editor's buffer, by absolute path. */
    open: (file: string) => string | undefined,
    /** Tells the user which flags a file is read with (the server's log), when they are new. */
    private readonly say: (message: string) => void,
  ) {
    this.headers = new HeaderCache(open);
  }

  /** The workspace folders (absolute paths): relative include paths of the settings are relative
   * to the folder of the document. */
  setFolders(folders: readonly string[]): void { this.folders = folders; }

  /** The context of the document at `uri` under `settings`. */
  contextOf(uri: string, settings: MetaforkSettings): CompileContext {
    const file = pathOf(uri);
    let flags = this.flags.get(file);
    if (!flags) {
      // A buffer not on disk (untitled) is in no folder: no database governs it; the settings do,
      // relative to the first workspace folder.
      const onDisk = uri.startsWith('file:');
      const within = onDisk ? this.folders.filter(f => isWithin(file, f)).sort((a, b) => b.length - a.length) : [];
      const folder = within[0] ?? this.folders[0] ?? (onDisk ? path.dirname(file) : process.cwd());
      flags = flagsFor(onDisk ? file : path.join(folder, path.basename(file)), {
        includePaths: settings.includePaths.map(p => path.resolve(folder, p)),
        defines: settings.defines.map(defineOf).filter((d): d is Define => d !== undefined),
        cache: this.databases,
        discover: onDisk,
      });
      this.flags.set(file, flags);
      const from = flags.from ? `from ${flags.from}` : 'no compile_commands.json or compile_flags.txt';
      this.say([`metafork: ${file}: ${formatFlags(flags) || 'no flags'} (${from})`, ...flags.notes].join('\n  '));
    }
    return { flags, files: this.headers };
  }

  /** The settings changed: every document's flags are found again. */
  settingsChanged(): void { this.flags.clear(); }

  /** Files changed on disk (absolute paths): forgets what was read of them. */
  filesChanged(files: readonly string[]): Affected {
    for (const file of files) this.headers.invalidate(file);
    const databases = files.filter(f => DATABASE_NAMES.includes(path.basename(f)));
    if (databases.length === 0) return { all: false, paths: new Set(files) };
    for (const file of databases) this.databases.invalidate(file);
    this.flags.clear();
    return { all: true };
  }

  closed(uri: string): void { this.flags.delete(pathOf(uri)); }
}

function isWithin(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
