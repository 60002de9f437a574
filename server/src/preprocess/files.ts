// Where the preprocessor reads headers from: the disk (the version the server's worker prepares,
// which outlives a job), or the disk through a cache: for one command, for one of the worker's other
// jobs, or the server's, which the file watcher invalidates, under the buffers of the files open in
// the editor (a header being edited is read as it stands in its editor).

import * as fs from 'fs';
import * as path from 'path';
import type { HeaderFiles } from './index';

/** The text of a file, or undefined where there is none (missing, a folder, unreadable). */
function readDisk(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Headers read from the disk at every read. */
export function diskHeaders(): HeaderFiles {
  return { read: readDisk };
}

/**
 * The server's headers: an open editor's buffer where the header is open (`open` answers by
 * absolute path), else the disk, read once and kept (a missing file too) until `invalidate`d
 * by the file watcher.
 */
export class HeaderCache implements HeaderFiles {
  private readonly kept = new Map<string, string | undefined>();

  constructor(private readonly open: (file: string) => string | undefined = () => undefined) {}

  read(file: string): string | undefined {
    const buffer = this.open(file);
    if (buffer !== undefined) return buffer;
    const key = path.resolve(file);
    if (!this.kept.has(key)) this.kept.set(key, readDisk(file));
    return this.kept.get(key);
  }

  /** Forgets what was read of one file (a path) or of all. */
  invalidate(file?: string): void {
    if (file === undefined) this.kept.clear();
    else this.kept.delete(path.resolve(file));
  }
}
