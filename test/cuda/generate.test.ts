// MetaFork -> CUDA on the fixtures of test/fixtures/cuda (the eight thesis cases and programs
// of our own, cases.json): every generated .cu compiles with nvcc as printed (no -D flags) and,
// built for the CPU emulation harness (test/cuda/emu), prints for every listed size and block
// size exactly what the program's serial elision prints. The thesis cases' generated code is
// also kept as golden files (test/golden/cuda, `UPDATE_GOLDEN=1` rewrites them after review).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fixture, ROOT } from '../helpers';
import { generateCuda } from '../../server/src/cuda/index';
import { buildEmulated, nvccAvailable, nvccCompile } from './emu/build';

interface Case { file: string; dims: 1 | 2; thesis: boolean; runs: string[][]; expected: string[] }

const cases: Case[] = JSON.parse(fs.readFileSync(fixture('cuda', 'cases.json'), 'utf8'));
const GOLDEN = path.join(ROOT, 'test', 'golden', 'cuda');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cuda-'));
const nvcc = nvccAvailable();

for (const c of cases) {
  const name = path.basename(c.file, '.mfc');
  const generated = (async () => {
    const text = fs.readFileSync(fixture('cuda', c.file), 'utf8');
    const r = await generateCuda(text, { fileName: c.file });
    const errors = r.diagnostics.filter(d => d.severity === 'error');
    assert.deepEqual(errors.map(d => `${d.code} ${d.message}`), [], `${c.file}: generation refused`);
    const cu = path.join(work, `${name}.cu`);
    fs.writeFileSync(cu, r.text!);
    return { cu, text: r.text!, kernels: r.kernels };
  })();
  // Awaited by each test; a rejection is reported there, not as an unhandled promise.
  generated.catch(() => undefined);

  test(`${c.file}: generated kernels, emulated, compute what the elision computes (${c.runs.length} sizes)`, async () => {
    const { cu, kernels } = await generated;
    assert.ok(kernels.length > 0);
    const exe = path.join(work, `${name}.emu`);
    buildEmulated(cu, exe);
    c.runs.forEach((argv, i) => {
      const out = execFileSync(exe, argv, { encoding: 'utf8', timeout: 120000 });
      assert.equal(out, c.expected[i], `${c.file} ${argv.join(' ')}`);
    });
  });

  test(`${c.file}: the .cu compiles with nvcc -arch=sm_90`, { skip: nvcc ? false : 'nvcc not found' }, async () => {
    const { cu } = await generated;
    nvccCompile(cu, path.join(work, `${name}.o`));
  });

  if (c.thesis) {
    test(`${c.file}: generated code equals its reviewed golden file`, async () => {
      const { text } = await generated;
      const golden = path.join(GOLDEN, `${name}.cu`);
      if (process.env.UPDATE_GOLDEN) { fs.mkdirSync(GOLDEN, { recursive: true }); fs.writeFileSync(golden, text); }
      assert.equal(text, fs.readFileSync(golden, 'utf8'));
    });
  }
}
