// `check` agrees with gcc -fsyntax-only (gnu17) on the elision: no program gets an error from the
// name check (MF120, MF122) that gcc accepts, and no program gcc accepts gets any error from us.
// Programs gcc rejects and we accept are missed errors: listed, counted, and those whose defect the
// name check covers (not `OUTSIDE`) must be none. The same for every fixture and example.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkText } from '../../server/src/checks/index';
import { elide } from '../../server/src/model/elide';
import type { MfDiagnostic } from '../../server/src/base/diagnostic';
import { ROOT } from '../helpers';
import { generateProgram, OUTSIDE, type Program } from './names-generate';
import { programOf } from '../fuzz/forkjoin-generate';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-compiles-'));
const NAME_ERRORS = new Set(['MF120', 'MF122']);
const PROGRAMS = 240;

/** gcc's verdict on a C text: its first error line, or undefined when it accepts it. */
function gccError(text: string, includeDir?: string): string | undefined {
  const file = path.join(dir, 'elided.c');
  fs.writeFileSync(file, text);
  const r = spawnSync('gcc', ['-std=gnu17', '-fsyntax-only', ...(includeDir ? ['-I', includeDir] : []), file],
    { encoding: 'utf8' });
  return r.status === 0 ? undefined : (/error: .*/.exec(r.stderr)?.[0] ?? r.stderr.trim());
}

interface Verdict { ours: MfDiagnostic[]; gcc: string | undefined }

async function judge(text: string, fileName: string, includeDir?: string): Promise<Verdict> {
  const checked = await checkText(text, fileName);
  try {
    const ours = checked.diagnostics.filter(d => d.severity === 'error');
    return { ours, gcc: gccError(elide(checked.model), includeDir) };
  } finally {
    checked.syntax.dispose();
  }
}

test(`check agrees with gcc -fsyntax-only on ${PROGRAMS} generated programs`, async () => {
  const falseErrors: string[] = [], refusedValid: string[] = [], missed: string[] = [], beyond: string[] = [];
  let valid = 0, invalid = 0, caught = 0;
  /** Per defect: programs, rejected by gcc, rejected by us. */
  const byDefect = new Map<string, [number, number, number]>();
  for (let seed = 0; seed < PROGRAMS; seed++) {
    const p: Program = generateProgram(seed);
    const v = await judge(p.text, p.file);
    const named = v.ours.filter(d => NAME_ERRORS.has(d.code));
    const describe = () => `seed ${seed} (${p.defect}): ours ${v.ours.map(d => `${d.code} ${d.message}`).join('; ') ||
      'none'}; gcc ${v.gcc ?? 'accepts'}\n${p.text}`;
    const row = byDefect.get(p.defect) ?? [0, 0, 0];
    byDefect.set(p.defect, [row[0] + 1, row[1] + (v.gcc ? 1 : 0), row[2] + (v.ours.length ? 1 : 0)]);
    if (v.gcc === undefined) {
      valid++;
      if (v.ours.length) refusedValid.push(describe());
    } else {
      invalid++;
      if (v.ours.length) caught++;
      else if (OUTSIDE.has(p.defect)) beyond.push(`seed ${seed} (${p.defect}): gcc ${v.gcc}`);
      else missed.push(describe());
    }
    if (named.length && v.gcc === undefined) falseErrors.push(describe());
  }
  console.log(`compiles: ${PROGRAMS} programs, gcc accepts ${valid}, rejects ${invalid}; we reject ${caught} of ` +
    `those; missed ${missed.length + beyond.length} (${beyond.length} outside the name check, ` +
    `${missed.length} inside)`);
  for (const [defect, [n, rejected, ours]] of [...byDefect].sort())
    console.log(`  ${defect}: ${n} programs, gcc rejects ${rejected}, we reject ${ours}`);
  for (const m of [...missed, ...beyond]) console.log(`  missed: ${m}`);
  assert.deepEqual(falseErrors, [], 'an MF120/MF122 error on a program gcc accepts');
  assert.deepEqual(refusedValid, [], 'an error on a program gcc accepts');
  assert.ok(valid >= 80 && invalid >= 80, `both kinds well represented (${valid} valid, ${invalid} invalid)`);
  assert.deepEqual(missed, [], 'a defect the name check covers went unreported');
});

test('the fork-join fuzzer\'s programs (MetaFork, CilkPlus, OpenMP), which gcc accepts, get no error', async () => {
  const wrong: string[] = [];
  for (let seed = 0; seed < 90; seed++) {
    const p = programOf(seed);
    const v = await judge(p.text, p.fileName);
    assert.equal(v.gcc, undefined, `seed ${seed}: the fuzzer writes valid programs\n${p.text}`);
    if (v.ours.length) wrong.push(`seed ${seed} (${p.fileName}): ${v.ours.map(d => `${d.code} ${d.message}`)}`);
  }
  assert.deepEqual(wrong, []);
});

/** Every C and MetaFork file of the fixtures and examples (C++ and CUDA are not checked). */
function sources(): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) visit(f);
      else if (/\.(c|mfc)$/.test(e.name)) out.push(f);
    }
  };
  visit(path.join(ROOT, 'test', 'fixtures'));
  visit(path.join(ROOT, 'examples'));
  return out.sort();
}

test('no fixture or example gets an MF120/MF122 error unless gcc rejects its elision', async () => {
  const files = sources();
  const wrong: string[] = [];
  let flagged = 0;
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8');
    const v = await judge(text, f, path.dirname(f));
    const named = v.ours.filter(d => NAME_ERRORS.has(d.code));
    if (!named.length) continue;
    flagged++;
    if (v.gcc === undefined)
      wrong.push(`${path.relative(ROOT, f)}: ${named.map(d => `${d.code} '${text.slice(d.start, d.end)}'`)}`);
  }
  console.log(`compiles: ${files.length} fixtures and examples, ${flagged} with an MF120/MF122 error`);
  assert.deepEqual(wrong, []);
});
