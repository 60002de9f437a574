// Building CUDA programs for the tests: on the CPU through cuda_emu.h (g++), and with nvcc when
// it is installed (compile only: the test machines usually have no GPU).

import { execFile, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { emulate } from './rewrite';
import { nvccPath } from '../../../server/src/optimize/registers';

/** The repository root: the nearest directory above this file holding package.json. */
export function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = up;
  }
  return dir;
}

/** The directory of cuda_emu.h: the source tree's, since tsc does not copy headers to out/. */
export function emuIncludeDir(): string {
  return path.join(repoRoot(), 'test', 'cuda', 'emu');
}

/** The file the rewritten source of `exePath` is written to (next to the executable). */
export function emulatedSourcePath(exePath: string): string {
  return `${exePath}.emu.cpp`;
}

/** The object file that `exePath` is linked from (next to it). */
function objectPath(exePath: string): string {
  return `${exePath}.o`;
}

/**
 * Compiling: -O2 as a user's build; -fsanitize=thread only for its instrumentation, whose hooks
 * cuda_emu.h defines (the race checker, MF_EMU_RACECHECK=1), and -g1 for the line tables its
 * reports read. -iquote: the .cu's own #include "..." files, since the rewritten copy lives elsewhere.
 */
function compileArgs(cuPath: string, cppPath: string, exePath: string, extraFlags: string[]): string[] {
  return ['-std=c++20', '-O2', '-g1', '-pthread', '-fsanitize=thread', '--param', 'tsan-instrument-func-entry-exit=0',
    `-I${emuIncludeDir()}`, '-iquote', path.dirname(path.resolve(cuPath)), '-c', '-x', 'c++', cppPath, '-o', objectPath(exePath), ...extraFlags];
}

/** Linking, separately: without -fsanitize=thread, so that libtsan is not linked in. */
function linkArgs(exePath: string, extraFlags: string[]): string[] {
  return ['-pthread', objectPath(exePath), '-o', exePath, ...extraFlags];
}

function prepare(cuPath: string, exePath: string): string {
  const cpp = emulatedSourcePath(exePath);
  fs.writeFileSync(cpp, emulate(fs.readFileSync(cuPath, 'utf8'), cuPath));
  return cpp;
}

function failure(tool: string, source: string, output: string): Error {
  return new Error(`${tool} failed to build ${source}:\n${output.trim()}`);
}

/**
 * Builds a CUDA program for the CPU: rewrites `cuPath` (see rewrite.ts) into `<exePath>.emu.cpp`
 * and compiles that with g++ -std=c++20 -O2 (see compileArgs). The executable race-checks its
 * launches when run with MF_EMU_RACECHECK=1 (see cuda_emu.h). Throws with the compiler's output
 * on failure, and with the rewrite's message for CUDA it cannot emulate.
 */
export function buildEmulated(cuPath: string, exePath: string, extraFlags: string[] = []): void {
  const cpp = prepare(cuPath, exePath);
  for (const args of [compileArgs(cuPath, cpp, exePath, extraFlags), linkArgs(exePath, extraFlags)]) {
    const r = spawnSync('g++', args, { encoding: 'utf8' });
    if (r.error) throw r.error;
    if (r.status !== 0) throw failure('g++', cuPath, `${r.stdout}${r.stderr}`);
  }
  fs.rmSync(objectPath(exePath), { force: true });
}

function gxx(cuPath: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('g++', args, { encoding: 'utf8', maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) reject(failure('g++', cuPath, `${stdout}${stderr}` || err.message));
      else resolve();
    });
  });
}

/** Asynchronous builds (g++ and nvcc) under way, and those waiting for one to end: one per core at a time. */
const lanes = { free: Math.max(1, os.availableParallelism()), waiting: [] as (() => void)[] };

async function inLane<T>(job: () => Promise<T>): Promise<T> {
  if (lanes.free > 0) lanes.free--;
  else await new Promise<void>(resolve => lanes.waiting.push(resolve));
  try {
    return await job();
  } finally {
    const next = lanes.waiting.shift();
    if (next) next();
    else lanes.free++;
  }
}

/**
 * buildEmulated without blocking the event loop, so that builds run beside the tests' runs and
 * each other: as many at once as there are cores (g++ is most of what the emulation tests cost),
 * the others started in the order asked.
 */
export function buildEmulatedAsync(cuPath: string, exePath: string, extraFlags: string[] = []): Promise<void> {
  return inLane(async () => {
    const cpp = prepare(cuPath, exePath);
    await gxx(cuPath, compileArgs(cuPath, cpp, exePath, extraFlags));
    await gxx(cuPath, linkArgs(exePath, extraFlags));
    fs.rmSync(objectPath(exePath), { force: true });
  });
}

/** nvcc, found as the optimizer finds it (METAFORK_NVCC, the PATH, /usr/local/cuda). */
export function nvccAvailable(): string | undefined {
  return nvccPath();
}

function nvccArgs(cuPath: string, outPath: string): string[] {
  // An object file when asked for one, else a linked executable.
  return ['-arch=sm_90', ...(outPath.endsWith('.o') ? ['-c'] : []), cuPath, '-o', outPath];
}

/** Compiles with nvcc -arch=sm_90 (-c when outPath ends in .o); throws with nvcc's output on failure. */
export function nvccCompile(cuPath: string, outPath: string): void {
  const nvcc = nvccAvailable();
  if (!nvcc) throw new Error('nvcc not found');
  const r = spawnSync(nvcc, nvccArgs(cuPath, outPath), { encoding: 'utf8' });
  if (r.error) throw r.error;
  if (r.status !== 0) throw failure('nvcc', cuPath, `${r.stdout}${r.stderr}`);
}

/** nvccCompile without blocking the event loop, in the builds' lanes (buildEmulatedAsync). */
export function nvccCompileAsync(cuPath: string, outPath: string): Promise<void> {
  const nvcc = nvccAvailable();
  if (!nvcc) return Promise.reject(new Error('nvcc not found'));
  return inLane(() => new Promise((resolve, reject) => {
    execFile(nvcc, nvccArgs(cuPath, outPath), { encoding: 'utf8', maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) reject(failure('nvcc', cuPath, `${stdout}${stderr}` || err.message));
      else resolve();
    });
  }));
}
