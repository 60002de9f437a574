// Offloading whole programs: every program of the differential corpus (test/fixtures/programs and
// examples/, with their expected outputs) has its loop nests that may run in parallel tiled, the
// result generated to CUDA and run in the emulation; it must print what the program prints. The
// nests that stay serial (reductions, recursion, indirect writes, constructs inside) are left as
// they are, and nothing may crash.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT } from '../helpers';
import { tileText } from '../../server/src/tile/index';
import { generateCuda } from '../../server/src/cuda/index';
import { buildEmulatedAsync } from '../cuda/emu/build';
import { runEmulated } from '../cuda/emu/run';

const gcc = spawnSync('g++', ['--version']).status === 0 ? false : 'g++ not found';
const expected: Record<string, string> = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'programs', 'expected.json'), 'utf8'));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-offload-'));

test('every corpus program, its parallel loop nests offloaded to CUDA, prints what it printed', { skip: gcc }, async () => {
  let tiled = 0;
  const offloaded: string[] = [];
  // Each program built for the emulation as soon as it is generated (in lanes), run once all are.
  const builds: { file: string; want: string; count: number; exe: string; built: Promise<void> }[] = [];
  for (const [file, want] of Object.entries(expected)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const r = await tileText(text, { fileName: file });
    const count = r.nests.filter(n => n.tiled).length;
    if (!count) continue;
    tiled += count;
    offloaded.push(file);
    const cuda = await generateCuda(r.text!, { fileName: file });
    assert.ok(cuda.text, `${file}: ${cuda.diagnostics.filter(d => d.severity === 'error').map(d => d.message).join('; ')}`);
    const cu = path.join(work, `${path.basename(file)}.cu`);
    fs.writeFileSync(cu, cuda.text);
    const built = buildEmulatedAsync(cu, `${cu}.emu`);
    built.catch(() => undefined);  // reported below, in order
    builds.push({ file, want, count, exe: `${cu}.emu`, built });
  }
  for (const { file, want, count, exe, built } of builds) {
    await built;
    const run = runEmulated(exe);
    assert.equal(run.status, 0, `${file}: ${run.stderr}`);
    assert.equal(run.stdout, want, `${file} offloaded (${count} nests)`);
  }
  // Loops of every dialect: plain C, OpenMP (collapse, private, sections' loops, LU's triangular
  // bounds), CilkPlus cilk_for, MetaFork meta_for.
  for (const f of ['test/fixtures/programs/omp-collapse.c', 'test/fixtures/programs/omp-lu.c', 'test/fixtures/programs/cilk-matvec.c', 'test/fixtures/programs/mf-matmul.mfc', 'examples/jacobi1d_omp.c']) {
    assert.ok(offloaded.includes(f), `${f} was not offloaded`);
  }
  assert.ok(tiled >= 25, `only ${tiled} nests offloaded`);
});

test('every source file of the fixtures, with and without the restructurings: no crash, and whatever is tiled generates', async () => {
  const files: string[] = [];
  const walk = (d: string) => { for (const f of fs.readdirSync(d)) { const p = path.join(d, f); if (fs.statSync(p).isDirectory()) walk(p); else if (/\.(c|mfc|cpp)$/.test(f)) files.push(p); } };
  walk(path.join(ROOT, 'test', 'fixtures'));
  assert.ok(files.length > 150, `${files.length} files`);
  let tiled = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const options of [{}, { collapse: true, merge: 2, granularity: 2 }, { cache: ['a', 'A', 'b', 'B'], tile: 4 }]) {
      const r = await tileText(text, { fileName: file, ...options });
      assert.ok(r.diagnostics.every(d => d.start >= 0 && d.end <= text.length && d.start <= d.end), file);
      if (!r.text) continue;
      tiled++;
      const cuda = await generateCuda(r.text, { fileName: file });
      assert.ok(cuda.text, `${file} ${JSON.stringify(options)}: ${cuda.diagnostics.filter(d => d.severity === 'error').map(d => d.message).join('; ')}`);
    }
  }
  assert.ok(tiled >= 120, `${tiled} tiled`);
});
