// The background count of ./registers.ts `registersInBackground`: a detached process that runs
// nvcc on the case its argument names (a JSON file: nvcc, the .cu, the kernels), which puts the
// count in the cache, then deletes the file. It reports nothing: the next run reads the cache.

import * as fs from 'fs';
import * as path from 'path';
import { nvccRegisters } from './registers';

async function run(input: string): Promise<void> {
  try {
    const { nvcc, cu, kernels } = JSON.parse(fs.readFileSync(input, 'utf8')) as { nvcc: string; cu: string; kernels: string[] };
    await nvccRegisters(nvcc, cu, kernels);
  } finally {
    fs.rmSync(path.dirname(input), { recursive: true, force: true });
  }
}

if (process.argv[2]) void run(process.argv[2]).catch(() => { process.exitCode = 1; });
