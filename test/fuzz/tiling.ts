// The tiling fuzzer: each seed's program (affine.ts) goes through `tile` in several
// configurations, then `cuda` (global or shared memory), is built for the CPU emulation and run
// race-checked, blocks and threads in a shuffled order, at sizes no block size divides; it must
// print what the program built by gcc -O2 prints. A nest left serial is fine; a crash, a `.cu`
// that does not build, another output, a reported race, or a loop that carries a known dependence
// made parallel is wrong.

import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { tileText, TileOptions } from '../../server/src/tile/index';
import { generateCuda } from '../../server/src/cuda/index';
import { buildEmulatedAsync } from '../cuda/emu/build';
import { AffineProgram, generateProgram } from './affine';

export interface TileConfig {
  label: string;
  tile: Omit<TileOptions, 'offset' | 'fileName'>;
  memory: 'global' | 'shared';
}

/** Default blocks; odd blocks with granularity 3 in shared memory; RT-CUDA's merge and staged
 * tiles; a collapsed nest with merging. Blocks 256, 16x16, 7x5, 5x3, 7: 37 and 61 are prime. */
export const CONFIGS: TileConfig[] = [
  { label: 'default', tile: {}, memory: 'global' },
  { label: 'odd-shared', tile: { block: [7, 5], granularity: 3 }, memory: 'shared' },
  { label: 'rtcuda', tile: { block: [5, 3], merge: 2, granularity: 2, cache: ['a', 'b', 'c'], strip: 4 }, memory: 'shared' },
  { label: 'collapsed', tile: { block: [7], collapse: true, merge: 3 }, memory: 'global' },
];
export const SIZES = ['37', '61', '1', '0'];

export interface TileFailure {
  seed: number;
  config: string;
  /** crash: tile or cuda threw; refused: cuda refused tile's own output in global memory (tile
   * promises it generates); build: the .cu did not build; run: nonzero exit; race: the race
   * checker reported one; differs: another output; recurrence: a loop with a known carried
   * dependence became parallel; generator: the program itself is not what the generator
   * promises (it does not build, fails, or its OpenMP loops race). */
  kind: 'crash' | 'refused' | 'build' | 'run' | 'race' | 'differs' | 'recurrence' | 'generator';
  message: string;
  /** The program (and what tile made of it), written for replay. */
  files: string[];
}

export interface TileFuzzResult {
  /** Programs run through their configurations. */
  checked: number;
  /** Generated nests tiled / left serial in the first configuration. */
  tiled: number;
  serial: number;
  /** Nests the generator knows are parallel that the default configuration left serial. */
  parallelLeftSerial: number;
  /** Tiled nests whose kernels run from a host loop, and wavefronts (in the first configuration). */
  hostLoops: number;
  wavefronts: number;
  /** Shared-memory generations refused with a diagnostic (not wrong: a refusal), by message. */
  sharedRefusals: number;
  wrong: number;
  failures: TileFailure[];
}

export interface TileFuzzOptions {
  configs?: TileConfig[];
  /** Each seed through the first configuration and one other, in turn (a quicker run: half the
   * builds); otherwise through every configuration. */
  rotate?: boolean;
  sizes?: string[];
  /** Programs checked at once (each one's builds and runs are child processes). */
  concurrency?: number;
  /** Where programs and builds go (kept for replay). */
  work: string;
  /** Extra environment of the emulated runs. */
  env?: Record<string, string>;
}

interface Ran { code: number | null; stdout: string; stderr: string; signal?: string | null }
function run(file: string, args: string[], env: Record<string, string>, timeout = 60_000): Promise<Ran> {
  return new Promise(resolve => {
    execFile(file, args, { encoding: 'utf8', env: { ...process.env, ...env }, timeout, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { code?: number | string; signal?: string }) | null;
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : -1) : 0, stdout, stderr, signal: e?.signal });
    });
  });
}

/** The original built by gcc -O2 (with -fopenmp when it has pragmas) and its output per size. */
async function reference(program: AffineProgram, src: string, sizes: string[]): Promise<string[]> {
  const exe = `${src}.gcc`;
  const flags = ['-std=c99', '-O2', ...(program.openmp ? ['-fopenmp'] : [])];
  const built = await run('gcc', [...flags, '-o', exe, src, '-lm'], {});
  if (built.code !== 0) throw new Error(`does not build with gcc:\n${built.stderr}`);
  const outs: string[] = [];
  for (const n of sizes) {
    const r = await run(exe, [n], { OMP_NUM_THREADS: '1' });
    if (r.code !== 0) throw new Error(`fails at n = ${n}: ${r.stderr}`);
    outs.push(r.stdout);
  }
  if (program.openmp) {
    // The generator's word that its pragmas hold: the same output on 3 threads.
    const r = await run(exe, [sizes[0]], { OMP_NUM_THREADS: '3' });
    if (r.stdout !== outs[0]) throw new Error(`its OpenMP loops are not parallel (3 threads print another result)`);
  }
  return outs;
}

/** Checks one program in every configuration; failures are returned, counts added to `result`. */
export async function checkProgram(program: AffineProgram, options: TileFuzzOptions, result: TileFuzzResult): Promise<TileFailure[]> {
  const { configs: all = CONFIGS, sizes = SIZES, work, env = {} } = options;
  const configs = options.rotate && all.length > 2 ? [all[0], all[1 + program.seed % (all.length - 1)]] : all;
  const stem = path.join(work, `seed${program.seed}`);
  const src = `${stem}.c`;
  fs.writeFileSync(src, program.text);
  const failures: TileFailure[] = [];
  const fail = (config: string, kind: TileFailure['kind'], message: string, files: string[]) => failures.push({ seed: program.seed, config, kind, message, files: [src, ...files] });
  let want: string[];
  try {
    want = await reference(program, src, sizes);
  } catch (e) {
    fail('gcc', 'generator', (e as Error).message, []);
    return failures;
  }
  for (const config of configs) {
    const mfc = `${stem}.${config.label}.mfc`, cu = `${stem}.${config.label}.cu`;
    let tiledText: string | undefined, cudaText: string | undefined;
    try {
      const tiled = await tileText(program.text, { fileName: `seed${program.seed}.c`, ...config.tile });
      if (config === configs[0]) {
        for (const nest of program.nests) {
          const t = tiled.nests.find(x => x.line === nest.line + (nest.omp ? 1 : 0));
          if (t?.tiled) result.tiled++;
          else {
            result.serial++;
            if (nest.kind === 'parallel') result.parallelLeftSerial++;
          }
          if (t?.host) result.hostLoops++;
          if (t?.wavefront) result.wavefronts++;
          // A wavefront replaces the loops by its lines: the runs below prove it.
          if (t?.tiled && !t.wavefront && nest.carriedHeader && tiled.text && !tiled.text.includes(nest.carriedHeader)) {
            fs.writeFileSync(mfc, tiled.text);
            fail(config.label, 'recurrence', `the loop '${nest.carried}' (line ${nest.line}) carries a dependence but was made parallel`, [mfc]);
          }
        }
      }
      tiledText = tiled.text;
      if (!tiledText) continue;
      fs.writeFileSync(mfc, tiledText);
      const cuda = await generateCuda(tiledText, { fileName: `seed${program.seed}.mfc`, memory: config.memory });
      if (!cuda.text) {
        const errors = cuda.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`).join('; ');
        if (config.memory === 'shared' && !/internal/i.test(errors)) { result.sharedRefusals++; continue; }
        fail(config.label, 'refused', `cuda --memory ${config.memory} refused tile's output: ${errors}`, [mfc]);
        continue;
      }
      cudaText = cuda.text;
    } catch (e) {
      fail(config.label, 'crash', (e as Error).stack ?? String(e), tiledText ? [mfc] : []);
      continue;
    }
    fs.writeFileSync(cu, cudaText);
    const exe = `${cu}.emu`;
    try {
      await buildEmulatedAsync(cu, exe);
    } catch (e) {
      fail(config.label, 'build', (e as Error).message, [mfc, cu]);
      continue;
    }
    for (const [i, n] of sizes.entries()) {
      const got = await run(exe, [n], { MF_EMU_RACECHECK: '1', MF_EMU_ORDER: `shuffle:${program.seed}`, ...env });
      const race = /race/i.test(got.stderr);
      if (race) fail(config.label, 'race', `n = ${n}: ${got.stderr.trim().slice(0, 2000)}`, [mfc, cu]);
      else if (got.code !== 0) fail(config.label, 'run', `n = ${n}: exit ${got.code}${got.signal ? ` (${got.signal})` : ''}: ${got.stderr.trim().slice(0, 2000)}`, [mfc, cu]);
      else if (got.stdout !== want[i]) fail(config.label, 'differs', `n = ${n}: printed\n${got.stdout}instead of\n${want[i]}`, [mfc, cu]);
      else continue;
      break;
    }
  }
  return failures;
}

/** Runs the seeds [from, to] through every configuration. */
export async function fuzzTile(from: number, to: number, options: TileFuzzOptions): Promise<TileFuzzResult> {
  fs.mkdirSync(options.work, { recursive: true });
  const result: TileFuzzResult = { checked: 0, tiled: 0, serial: 0, parallelLeftSerial: 0, hostLoops: 0, wavefronts: 0, sharedRefusals: 0, wrong: 0, failures: [] };
  let next = from;
  const worker = async () => {
    while (next <= to) {
      const seed = next++;
      const failures = await checkProgram(generateProgram(seed), options, result);
      result.checked++;
      if (failures.length) result.wrong++;
      result.failures.push(...failures);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  result.failures.sort((a, b) => a.seed - b.seed);
  return result;
}
