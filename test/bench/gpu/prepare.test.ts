// `npm run bench:gpu -- --prepare DIR`: the folder holds every program and run the GPU machine needs,
// refers to nothing outside itself (no repository, no Node), and `run.sh --build-only` compiles
// every program in it with nvcc (sm_90 here, where there is no GPU) and gcc.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT } from '../../helpers';
import { nvccAvailable } from '../../cuda/emu/build';
import { closeSolver } from '../../../server/src/optimize/solver';
import { prepare, Manifest } from './prepare';

const nvcc = nvccAvailable() ? false : 'nvcc not found';
const python = spawnSync('python3', ['--version']).status === 0 ? false : 'python3 not found';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-gpu-'));
let manifest: Manifest;

test('the prepared folder: the thesis\'s eight benchmarks in global and shared memory, dispatchers, baselines, cuBLAS for the products, serial references; ten corpus programs', async () => {
  try {
    manifest = await prepare(dir);
  } finally {
    await closeSolver();
  }
  const kinds = (benchmark: string) => manifest.programs.filter(p => p.benchmark === benchmark).map(p => p.kind);
  for (const b of ['reversal', 'jacobi1d', 'jacobi2d', 'lu', 'transpose', 'matadd']) {
    assert.deepEqual(kinds(`thesis-${b}`), ['global', 'shared', 'dispatcher', 'baseline', 'serial'], b);
  }
  for (const b of ['matvec', 'matmul']) assert.deepEqual(kinds(`thesis-${b}`), ['global', 'shared', 'dispatcher', 'baseline', 'cublas', 'serial'], b);
  assert.deepEqual(manifest.benchmarks.filter(b => !b.table).map(b => [b.name, kinds(b.name).join(' ')]), [
    ['tile-vadd', 'global shared serial'], ['tile-matmul', 'global serial'], ['tile-transpose', 'global shared serial'],
    ['tile-mvt', 'global shared serial'], ['tile-conv2d', 'global shared serial'], ['tile-syrk', 'global serial'],
    ['tile-jacobi2d', 'global shared serial'], ['tile-heat', 'global shared serial'], ['tile-lu', 'global shared serial'],
    ['tile-prefix2d', 'global serial'],
  ]);
  assert.deepEqual(manifest.refusals.map(r => `${r.benchmark} ${r.kind}: ${r.reason}`), [
    'tile-matmul shared: nothing is staged in shared memory: the same program as global',
    'tile-syrk shared: nothing is staged in shared memory: the same program as global',
    'tile-prefix2d shared: nothing is staged in shared memory: the same program as global',
  ]);
  // Every block format of Tables 4.1-4.8 at every size kept, in both memories, and the baseline's.
  const matmul = manifest.runs.filter(r => r.benchmark === 'thesis-matmul');
  assert.deepEqual(matmul.filter(r => r.size === '2^11' && r.kind === 'shared').map(r => r.argv.join(' ')),
    ['2048 8 4', '2048 16 4', '2048 32 4', '2048 8 8', '2048 16 8', '2048 32 8', '2048 8 16', '2048 16 16', '2048 32 16', '2048 16 32']);
  assert.deepEqual(matmul.filter(r => r.size === '2^10' && !['global', 'shared'].includes(r.kind)).map(r => [r.kind, r.format, r.argv.join(' ')]),
    [['dispatcher', 'chosen', '1024'], ['baseline', '16*32', '1024'], ['cublas', '-', '1024']]);
  // The parametric kernels at the baseline's 16*32 too, which Table 4.8's sweep lacks: the same
  // block with its sizes compiled in or passed at run time.
  assert.deepEqual(matmul.filter(r => r.format === '16*32').map(r => [r.kind, r.size, r.argv.join(' '), r.quick]),
    [['global', '2^10', '1024 16 32', false], ['shared', '2^10', '1024 16 32', false], ['baseline', '2^10', '1024', true],
     ['global', '2^11', '2048 16 32', false], ['shared', '2^11', '2048 16 32', false], ['baseline', '2^11', '2048', false]]);
  assert.equal(manifest.runs.length, 383);
  // Every benchmark at two sizes at least: the thesis's where they fit one call, smaller ones beside them.
  assert.deepEqual(manifest.benchmarks.filter(b => b.formats.length).map(b => [b.name, b.sizes.map(x => x.label)]), [
    ['thesis-reversal', ['2^23', '2^24', '2^25']], ['thesis-jacobi1d', ['2^13+2', '2^14+2', '2^15+2']],
    ['thesis-jacobi2d', ['(2^12+2)^2', '(2^11+2)^2']], ['thesis-lu', ['2^10', '2^9']], ['thesis-transpose', ['2^12', '2^11']],
    ['thesis-matadd', ['2^12', '2^11']], ['thesis-matvec', ['2^11', '2^12', '2^13']], ['thesis-matmul', ['2^10', '2^11']],
  ]);
  assert.equal(manifest.runs.filter(r => r.quick).length, 83);
  // The first runs are every benchmark's first size: a budget cut leaves each benchmark measured.
  assert.deepEqual([...new Set(manifest.runs.map(r => `${r.benchmark} ${r.size}`))].slice(0, 3),
    ['thesis-reversal 2^23', 'thesis-jacobi1d 2^13+2', 'thesis-jacobi2d (2^12+2)^2']);
  // The corpus programs carry their LCG's seed from run to run: their references run as often.
  assert.deepEqual(manifest.runs.find(r => r.program === 'tile-vadd.global')!.reference, { program: 'tile-vadd.serial', argv: [], repeat: 6 });
  assert.deepEqual(manifest.runs.find(r => r.program === 'thesis-reversal.global')!.reference, { program: 'thesis-reversal.serial', argv: ['8388608'], repeat: 1 });
  assert.equal(manifest.checks.length, 49);
  for (const p of manifest.programs) assert.ok(fs.existsSync(path.join(dir, p.source)), p.source);
  const names = new Set(manifest.programs.map(p => p.name));
  for (const r of [...manifest.runs, ...manifest.checks]) assert.ok(names.has(r.program) && names.has(r.reference.program), r.program);
});

test('the prepared folder is self-contained: system headers only, no path of this machine, nothing that needs Node', { skip: python }, () => {
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(f => fs.statSync(path.join(dir, f)).isFile());
  assert.deepEqual(files.filter(f => !f.startsWith('src')).sort(), ['README.md', 'manifest.json', 'run.sh', 'runner.py']);
  for (const f of files) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    assert.ok(!text.includes(ROOT) && !text.includes(os.tmpdir() + '/'), `${f} names a path of this machine`);
    assert.doesNotMatch(text, /\bnode(_modules)?\b|\bnpx?\b(?! run bench)|require\(/, f);
    for (const include of text.match(/^\s*#\s*include\s*\S+/gm) ?? []) assert.match(include, /<[\w/.]+>$/, `${f}: ${include}`);
  }
  assert.equal(spawnSync('bash', ['-n', path.join(dir, 'run.sh')]).status, 0);
  assert.equal(spawnSync('python3', ['-m', 'py_compile', path.join(dir, 'runner.py')]).status, 0);
});

test('run.sh --build-only --arch sm_90 compiles every program of the folder in parallel (cuBLAS where nvcc finds it)', { skip: nvcc || python }, () => {
  const r = spawnSync(path.join(dir, 'run.sh'), ['--build-only', '--arch', 'sm_90', '-j', String(os.cpus().length)], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  // Every program and the context holder; the two cuBLAS programs only where its headers are.
  const skipped = [...r.stdout.matchAll(/^ {2}skipped: (\S+) \((.*)\)$/gm)].map(m => `${m[1]}: ${m[2]}`);
  const built = Number(/^built (\d+) of 70 programs in /.exec(r.stdout)?.[1]);
  assert.equal(built + skipped.length, 70, r.stdout);
  if (skipped.length) assert.deepEqual(skipped.sort(), ['thesis-matmul.cublas: cuBLAS headers not found by nvcc', 'thesis-matvec.cublas: cuBLAS headers not found by nvcc']);
  for (const p of manifest.programs) {
    if (!skipped.some(s => s.startsWith(`${p.name}:`))) assert.ok(fs.existsSync(path.join(dir, 'build', p.name)), p.name);
  }
});
