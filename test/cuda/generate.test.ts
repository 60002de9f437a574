// MetaFork -> CUDA on the fixtures of test/fixtures/cuda (the eight thesis cases and programs
// of our own, cases.json). First, each listed output is checked against the program's serial
// elision compiled with gcc. Then, in both memory modes, every generated .cu compiles with nvcc
// as printed (no -D flags) and, built for the CPU emulation harness (test/cuda/emu), prints for
// every listed size and block size exactly what the elision prints. The thesis cases' generated
// code is kept as golden files (test/golden/cuda, `UPDATE_GOLDEN=1` rewrites them after review).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkSource, fixture, ROOT } from '../helpers';
import { elide } from '../../server/src/model/elide';
import { generateCuda } from '../../server/src/cuda/index';
import type { MemoryMode } from '../../server/src/cuda/footprint';
import { buildEmulatedAsync, nvccAvailable, nvccCompileAsync } from './emu/build';
import { OPTIMIZED } from '../differential/gcc';
import { KNOWN_RACES, runInEveryOrder } from './emu/run';

interface Case { file: string; dims: 1 | 2; thesis: boolean; runs: string[][]; expected: string[] }

const cases: Case[] = JSON.parse(fs.readFileSync(fixture('cuda', 'cases.json'), 'utf8'));
const GOLDEN = path.join(ROOT, 'test', 'golden', 'cuda');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cuda-'));
const nvcc = nvccAvailable();
const gcc = spawnSync('gcc', ['--version']).status === 0;
const MODES: MemoryMode[] = ['global', 'shared'];

for (const c of cases) {
  const name = path.basename(c.file, '.mfc');
  const source = fs.readFileSync(fixture('cuda', c.file), 'utf8');

  test(`${c.file}: the listed outputs are what its serial elision prints (gcc)`, { skip: gcc ? false : 'gcc not found' }, async () => {
    const { model, diagnostics } = await checkSource(source, c.file);
    assert.deepEqual(diagnostics.filter(d => d.severity === 'error'), []);
    const src = path.join(work, `${name}.serial.c`), exe = path.join(work, `${name}.serial`);
    fs.writeFileSync(src, elide(model));
    execFileSync('gcc', [...OPTIMIZED, '-x', 'c', src, '-x', 'none', '-o', exe], { stdio: ['ignore', 'ignore', 'pipe'] });
    c.runs.forEach((argv, i) => assert.equal(execFileSync(exe, argv, { encoding: 'utf8', timeout: 120000 }), c.expected[i], argv.join(' ')));
  });

  const generated = new Map<MemoryMode, Promise<{ cu: string; text: string; kernels: string[] }>>();
  for (const memory of MODES) {
    const p = (async () => {
      const r = await generateCuda(source, { fileName: c.file, memory });
      const errors = r.diagnostics.filter(d => d.severity === 'error');
      assert.deepEqual(errors.map(d => `${d.code} ${d.message}`), [], `${c.file}: generation refused`);
      const cu = path.join(work, `${name}.${memory}.cu`);
      fs.writeFileSync(cu, r.text!);
      return { cu, text: r.text!, kernels: r.kernels };
    })();
    // Awaited by each test; a rejection is reported there, not as an unhandled promise.
    p.catch(() => undefined);
    generated.set(memory, p);
  }
  // Built for the emulation and compiled with nvcc -c from the start, beside the tests before
  // (buildEmulatedAsync's lanes). The executable is undefined when shared memory stages nothing
  // (the same .cu as global).
  const emulated = new Map<MemoryMode, Promise<string | undefined>>();
  const compiled = new Map<MemoryMode, Promise<void>>();
  for (const memory of MODES) {
    const e = (async () => {
      const { cu, text } = await generated.get(memory)!;
      if (memory === 'shared' && text === (await generated.get('global')!).text) return undefined;
      const exe = path.join(work, `${name}.${memory}.emu`);
      await buildEmulatedAsync(cu, exe);
      return exe;
    })();
    const n = nvcc ? generated.get(memory)!.then(({ cu }) => nvccCompileAsync(cu, path.join(work, `${name}.${memory}.o`))) : Promise.resolve();
    for (const p of [e, n]) p.catch(() => undefined);
    emulated.set(memory, e);
    compiled.set(memory, n);
  }

  for (const memory of MODES) {
    test(`${c.file} (${memory} memory): generated kernels, emulated, compute what the elision computes (${c.runs.length} sizes)`, async (t) => {
      const { kernels } = await generated.get(memory)!;
      assert.ok(kernels.length > 0);
      const exe = await emulated.get(memory)!;
      if (!exe) {
        t.diagnostic('nothing to stage: the same .cu as in global memory, run there');
        return;
      }
      const unchecked = KNOWN_RACES[`test/fixtures/cuda/${c.file} --memory ${memory}`];
      if (unchecked) t.diagnostic(`not race-checked: ${unchecked}`);
      c.runs.forEach((argv, i) => {
        assert.equal(runInEveryOrder(exe, argv, `${c.file} ${argv.join(' ')}`, { unchecked }), c.expected[i], `${c.file} ${argv.join(' ')}`);
      });
    });

    test(`${c.file} (${memory} memory): the .cu compiles with nvcc -arch=sm_90`, { skip: nvcc ? false : 'nvcc not found' }, async () => {
      await compiled.get(memory)!;
    });

    if (c.thesis) {
      test(`${c.file} (${memory} memory): generated code equals its reviewed golden file`, async () => {
        const { text } = await generated.get(memory)!;
        const golden = path.join(GOLDEN, memory === 'global' ? `${name}.cu` : `${name}.${memory}.cu`);
        if (process.env.UPDATE_GOLDEN) { fs.mkdirSync(GOLDEN, { recursive: true }); fs.writeFileSync(golden, text); }
        assert.equal(text, fs.readFileSync(golden, 'utf8'));
      });
    }
  }
}
