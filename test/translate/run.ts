// What the translation tests share: building a program as a user would (gcc -O2, warnings as
// errors), translating with every refusal spelled out, and a translation's serial elision.

import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkSource } from '../helpers';
import { elide } from '../../server/src/model/elide';
import { translateText, Dialect } from '../../server/src/translate/index';
import { gccAsync, OPTIMIZED, SANITIZED } from '../differential/gcc';

/** Warnings that are errors in a translated program (unknown pragmas aside: hints gcc ignores). */
export const STRICT = ['-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-unknown-pragmas'];

/** A fresh folder for one test file's sources and builds. */
export function workDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes `source` to `work` and builds it (-O2 and STRICT, or the sanitizers); the executable. */
export async function build(work: string, source: string, name: string, flags: string[], sanitized = false): Promise<string> {
  const src = path.join(work, `${name}.c`);
  const exe = path.join(work, `${name}${sanitized ? '.sanitized' : ''}.out`);
  fs.writeFileSync(src, source);
  await gccAsync(src, exe, ['-std=gnu11', ...(sanitized ? SANITIZED : [...OPTIMIZED, ...STRICT]), ...flags], source);
  return exe;
}

/** The translation of `text` to `to`; fails with every error when it is refused. */
export async function translated(text: string, to: Dialect, file: string): Promise<string> {
  const r = await translateText(text, to, { fileName: file });
  const errors = r.diagnostics.filter(d => d.severity === 'error');
  assert.equal(r.text !== undefined, true, `${file} -> ${to} refused:\n${errors.map(d => `${d.code} ${d.message} @${d.start}`).join('\n')}`);
  return r.text!;
}

/** The serial elision of a translation, which must analyse without errors. */
export async function elision(text: string, file: string): Promise<string> {
  const { model, diagnostics } = await checkSource(text, file);
  assert.deepEqual(diagnostics.filter(d => d.severity === 'error').map(d => d.message), [], `the translation of ${file} has errors:\n${text}`);
  return elide(model);
}
