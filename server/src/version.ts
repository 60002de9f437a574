import * as fs from 'fs';
import * as path from 'path';

/** The package version, read from the nearest package.json (works from out/ and from dist/). */
export function packageVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(dir) === dir) return '0.0.0';
  }
}
