// `npm run examples`: the main job on the bundled examples. For each program in examples/:
// `metafork check`, `metafork elide`, then the elision compiled with gcc and run; OpenMP
// programs are also compiled with -fopenmp and run with 4 threads; programs with loop nests the
// dependence test proves parallel are tiled (`metafork tile`), generated to CUDA (`metafork cuda`)
// and run in the CPU emulation of CUDA. Outputs must agree.
import { execFileSync, spawnSync } from 'child_process';
import { mkdirSync, readdirSync, readFileSync } from 'fs';
import path from 'path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const metafork = path.join(root, 'bin', 'metafork');
const outDir = path.join(root, 'out', 'examples');
mkdirSync(outDir, { recursive: true });
const hasGcc = spawnSync('gcc', ['--version']).status === 0;
let failures = 0;

for (const name of readdirSync(path.join(root, 'examples')).sort()) {
  const file = path.join('examples', name);
  const check = spawnSync(process.execPath, [metafork, 'check', file], { cwd: root, encoding: 'utf8' });
  const findings = check.stdout.trim();
  console.log(`== ${file}: ${check.status === 0 ? 'check ok' : 'check FAILED'}${findings ? `\n${findings}` : ''}`);
  if (check.status !== 0) { failures++; continue; }
  const elided = path.join(outDir, name.replace(/\.\w+$/, '') + '.elided.c');
  execFileSync(process.execPath, [metafork, 'elide', file, '-o', elided], { cwd: root });
  console.log(`   elision: ${path.relative(root, elided)}`);
  if (!hasGcc) { console.log('   (gcc not found: not compiled)'); continue; }
  const exe = elided.replace(/\.c$/, '');
  execFileSync('gcc', ['-O2', '-o', exe, elided, '-lm']);
  const serial = execFileSync(exe, { encoding: 'utf8' });
  console.log(`   serial elision prints: ${serial.trim()}`);
  if (/#\s*pragma\s+omp/.test(readFileSync(path.join(root, file), 'utf8'))) {
    const par = exe + '.omp';
    execFileSync('gcc', ['-O2', '-fopenmp', '-o', par, path.join(root, file), '-lm']);
    const parallel = execFileSync(par, { encoding: 'utf8', env: { ...process.env, OMP_NUM_THREADS: '4' } });
    const same = parallel === serial;
    if (!same) failures++;
    console.log(`   OpenMP, 4 threads:     ${parallel.trim()}  ${same ? '(same as the elision)' : '(DIFFERENT)'}`);
  }
  // Plain and OpenMP loops offloaded: tiled, generated, run in the emulation.
  const base = path.join(outDir, name.replace(/\.\w+$/, ''));
  const tile = spawnSync(process.execPath, [metafork, 'tile', file, '-o', `${base}.tiled.mfc`], { cwd: root, encoding: 'utf8' });
  const tiled = (tile.stderr.match(/\[MF701\]/g) ?? []).length;
  if (tile.status !== 0 || tiled === 0) continue;
  execFileSync(process.execPath, [metafork, 'cuda', `${base}.tiled.mfc`, '-o', `${base}.tiled.cu`], { cwd: root });
  const { buildEmulated } = await import(path.join(root, 'out', 'test', 'cuda', 'emu', 'build.js'));
  const { runEmulated } = await import(path.join(root, 'out', 'test', 'cuda', 'emu', 'run.js'));
  buildEmulated(`${base}.tiled.cu`, `${base}.tiled.emu`);
  // Race-checked (MF_EMU_RACECHECK=1): a data race between CUDA threads fails the example.
  const run = runEmulated(`${base}.tiled.emu`);
  if (run.status !== 0) process.stderr.write(run.stderr);
  const offloaded = run.status === 0 ? run.stdout : `exit status ${run.status}`;
  const same = offloaded === serial;
  if (!same) failures++;
  console.log(`   tiled (${tiled} nest${tiled === 1 ? '' : 's'}), CUDA emulated: ${offloaded.trim()}  ${same ? '(same as the elision)' : '(DIFFERENT)'}`);
}
console.log(failures ? `\n${failures} example(s) failed` : '\nall examples checked, elided, compiled and run');
process.exitCode = failures ? 1 : 0;
