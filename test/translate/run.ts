// Translated programs built and run (shared by the translation tests): a translation that must
// succeed, the serial elision of a MetaFork or CilkPlus text, a build like a user's (gcc -O2,
// warnings as errors but for unused variables and unknown pragmas).

import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { checkSource } from '../helpers';
import { elide } from '../../server/src/model/elide';
import { translateText, type Dialect } from '../../server/src/translate/index';
import { gcc, OPTIMIZED } from '../differential/gcc';

export const STRICT = [
  '-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-unknown-pragmas',
];

/** Writes `source` as `name.c` in `work` and builds it (`-fopenmp` and such in `flags`); the executable. */
export function build(work: string, source: string, name: string, flags: string[]): string {
  const src = path.join(work, `${name}.c`);
  const exe = path.join(work, `${name}.out`);
  fs.writeFileSync(src, source);
  gcc(src, exe, ['-std=gnu11', ...OPTIMIZED, ...STRICT, ...flags], source);
  return exe;
}

/** The translation of `text`, which must not be refused. */
export async function translated(text: string, to: Dialect, file: string): Promise<string> {
  const r = await translateText(text, to, { fileName: file });
  const errors = r.diagnostics.filter(d => d.severity === 'error');
  const why = errors.map(d => `${d.code} ${d.message} @${d.start}`).join('\n');
  assert.notEqual(r.text, undefined, `${file} -> ${to} refused:\n${why}`);
  return r.text!;
}

/** The serial elision of a MetaFork or CilkPlus text, which must check without errors. */
export async function elision(text: string, file: string): Promise<string> {
  const { model, diagnostics } = await checkSource(text, file);
  const errors = diagnostics.filter(d => d.severity === 'error').map(d => d.message);
  assert.deepEqual(errors, [], `${file} has errors:\n${text}`);
  return elide(model);
}
