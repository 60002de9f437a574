// Translated programs built and run (shared by the translation tests): a translation that must
// succeed, the serial elision of a MetaFork or CilkPlus text, a build like a user's (gcc -O2,
// warnings as errors but for unused variables and unknown pragmas).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { execFile, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkSource, fixture } from '../helpers';
import { elide } from '../../server/src/model/elide';
import { translateText, type Dialect } from '../../server/src/translate/index';
import { compileError, gcc, gccCommand, OPTIMIZED, proveOpenmpProgram, SANITIZED } from '../differential/gcc';

export const STRICT = ['-Wall', '-Werror', '-Wno-unused-variable', '-Wno-unused-but-set-variable', '-Wno-unknown-pragmas'];

/** A fresh folder for one test file's sources and builds. */
export function workDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes `source` as `name.c` in `work`; the source, executable and compiler flags of its build
 * (-O2 and STRICT, or the sanitizers), `flags` (`-fopenmp` and such) added. */
function prepare(work: string, source: string, name: string, flags: string[], sanitized: boolean) {
  const src = path.join(work, `${name}.c`);
  const exe = path.join(work, `${name}${sanitized ? '.sanitized' : ''}.out`);
  fs.writeFileSync(src, source);
  return { src, exe, flags: ['-std=gnu11', ...(sanitized ? SANITIZED : [...OPTIMIZED, ...STRICT]), ...flags] };
}

/** Writes `source` as `name.c` in `work` and builds it (`-fopenmp` and such in `flags`); the executable. */
export function build(work: string, source: string, name: string, flags: string[], sanitized = false): string {
  const b = prepare(work, source, name, flags, sanitized);
  gcc(b.src, b.exe, b.flags, source);
  return b.exe;
}

/** `build` without blocking, so that several programs build side by side. */
export async function buildAsync(
  work: string,
  source: string,
  name: string,
  flags: string[],
  sanitized = false,
): Promise<string> {
  const b = prepare(work, source, name, flags, sanitized);
  const [compiler, args] = gccCommand(b.src, b.exe, b.flags);
  await new Promise<void>((resolve, reject) =>
    execFile(compiler, args, (e, _stdout, stderr) =>
      e ? reject(compileError(b.src, compiler, b.flags, stderr, source)) : resolve(),
    ),
  );
  return b.exe;
}

/** The translation of `text`, which must not be refused. */
export async function translated(text: string, to: Dialect, file: string): Promise<string> {
  const r = await translateText(text, to, { fileName: file });
  const errors = r.diagnostics.filter(d => d.severity === 'error');
  assert.notEqual(r.text, undefined, `${file} -> ${to} refused:\n${errors.map(d => `${d.code} ${d.message} @${d.start}`).join('\n')}`);
  return r.text!;
}

/** The serial elision of a MetaFork or CilkPlus text, which must check without errors. */
export async function elision(text: string, file: string): Promise<string> {
  const { model, diagnostics } = await checkSource(text, file);
  assert.deepEqual(diagnostics.filter(d => d.severity === 'error').map(d => d.message), [], `${file} has errors:\n${text}`);
  return elide(model);
}

/** An OpenMP text translated to MetaFork: the whole result (undefined: refused) and every finding. */
export interface TranslationCase {
  name: string;
  input: string;
  output: string | undefined;
  diagnostics: { code: string; text: string; message: string }[];
}

async function expectTranslation(c: TranslationCase): Promise<void> {
  const r = await translateText(c.input, 'metafork', { fileName: 'test.c' });
  assert.deepEqual(
    r.diagnostics.map(d => ({ code: d.code, text: c.input.slice(d.start, d.end), message: d.message })),
    c.diagnostics,
  );
  assert.equal(r.text, c.output);
}

/** One test per case, under `title`. */
export function translationCases(title: string, list: TranslationCase[]): void {
  describe(title, () => {
    for (const c of list) test(c.name, () => expectTranslation(c));
  });
}

const hasGcc = spawnSync('gcc', ['--version']).status === 0;

/** Programs of test/fixtures/`folder` proven through MetaFork and CilkPlus and back (`proveOpenmpProgram`). */
export function provenPrograms(folder: string, names: string[]): void {
  const work = workDir(`mf-${folder}-`);
  for (const name of names)
    test(`${name}.c through MetaFork and CilkPlus and back computes what it computes`, {
      skip: hasGcc ? false : 'gcc not found',
    }, () => proveOpenmpProgram(fs.readFileSync(fixture(folder, `${name}.c`), 'utf8'), name, work));
}
