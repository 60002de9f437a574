// Registers per thread measured by nvcc (`--resource-usage`), cached on disk by the device code's
// text: the kernels, the device functions and the preprocessor lines of the `.cu`, not its host
// code, so an edit elsewhere in the file keeps the count. A count not cached yet is taken either
// now (the caller waits: `--registers nvcc`, a configured nvcc in the editor) or in the background,
// by a detached process (./registersJob.ts) that fills the cache for the next run, while this run
// uses the estimate (`--registers auto`, the default: `optimize` answers within a second).

import { execFile, spawn } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';

/** nvcc from METAFORK_NVCC, the PATH, or /usr/local/cuda. */
export function nvccPath(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map(d => path.join(d, 'nvcc'));
  const candidates = [process.env.METAFORK_NVCC, ...onPath, '/usr/local/cuda/bin/nvcc'];
  return candidates.find(c => c && fs.existsSync(c));
}

const ARCH = () => process.env.METAFORK_NVCC_ARCH ?? 'sm_90';
/** The cache: one file per count, named by its key. Several processes add counts at once (one
 * background count per case); a single file of them all lost the counts whose writers read it
 * before another's write landed. */
const cacheFolder = () =>
  path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'metafork-studio', 'registers');

/** What a count is looked up by: the architecture, the kernels asked for, and the `.cu`'s device
 * code (top-level pieces that are `__global__` or `__device__` code or preprocessor lines). */
function registerKey(cu: string, kernels: string[]): string {
  const device = cu.split(/\n(?=\S)/).filter(piece => /^#|__global__|__device__|__constant__/.test(piece));
  return createHash('sha256').update(`${ARCH()}\n${kernels.join(',')}\n${device.join('\n')}`).digest('hex');
}

/** The count cached under `key`, if any (read each time: other processes add counts). */
function cached(key: string): number | undefined {
  try {
    const count = Number(fs.readFileSync(path.join(cacheFolder(), key), 'utf8'));
    return Number.isInteger(count) && count > 0 ? count : undefined;
  } catch {
    return undefined;
  }
}

/** Caches `count` under `key`: written whole and renamed, so a reader never sees half a file. */
function cache(key: string, count: number): void {
  try {
    fs.mkdirSync(cacheFolder(), { recursive: true });
    const partial = path.join(cacheFolder(), `${key}.${process.pid}`);
    fs.writeFileSync(partial, String(count));
    fs.renameSync(partial, path.join(cacheFolder(), key));
  } catch {
    /* a cache only */
  }
}

/** The count nvcc took before for these kernels of this device code, if it did. */
export function cachedRegisters(cu: string, kernels: string[]): number | undefined {
  return cached(registerKey(cu, kernels));
}

/** The most registers any of `kernels` uses, from ptxas's report (cached); undefined when nvcc fails. */
export async function nvccRegisters(nvcc: string, cu: string, kernels: string[]): Promise<number | undefined> {
  const key = registerKey(cu, kernels);
  const known = cached(key);
  if (known !== undefined) return known;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-regs-'));
  try {
    const file = path.join(dir, 'case.cu');
    fs.writeFileSync(file, cu);
    const { stdout, stderr } = await promisify(execFile)(
      nvcc,
      [`-arch=${ARCH()}`, '-c', '--resource-usage', file, '-o', path.join(dir, 'case.o')],
      { timeout: 120000 },
    );
    const most = mostRegisters(stdout + stderr, kernels);
    if (most === undefined) return undefined;
    cache(key, most);
    return most;
  } catch {
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** "Compiling entry function '_Z7kernel0PiS_ii' for 'sm_90'" ... "Used 12 registers": the most of `kernels`. */
function mostRegisters(report: string, kernels: string[]): number | undefined {
  let current: string | undefined;
  let most: number | undefined;
  for (const line of report.split('\n')) {
    const entry = /Compiling entry function '([^']+)'/.exec(line) ?? /Function properties for (\S+)/.exec(line);
    if (entry) current = entry[1];
    const used = /Used (\d+) registers/.exec(line);
    if (used && current && kernels.some(k => current!.includes(`${k.length}${k}`) || current === k))
      most = Math.max(most ?? 0, Number(used[1]));
  }
  return most;
}

/** Counts taken by background processes started here, by key: one process per count. */
const started = new Set<string>();

/** Starts nvcc's count in a detached process that outlives this one; the cache has it when done. */
export function registersInBackground(nvcc: string, cu: string, kernels: string[]): void {
  const key = registerKey(cu, kernels);
  if (started.has(key)) return;
  started.add(key);
  const job = path.join(__dirname, 'registersJob.js');
  if (!fs.existsSync(job)) return;
  const input = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-regs-job-')), 'case.json');
  fs.writeFileSync(input, JSON.stringify({ nvcc, cu, kernels }));
  const child = spawn(process.execPath, [job, input], { detached: true, stdio: 'ignore', env: process.env });
  child.on('error', () => undefined);
  child.unref();
}
