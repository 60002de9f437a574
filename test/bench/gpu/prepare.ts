// `npm run bench:gpu -- --prepare DIR`: the folder a GPU machine runs with bash, python3 and nvcc
// only (no Node there): the programs of ./programs under src/, manifest.json (every program, and every
// run: program, size, block format, arguments, the serial reference it is checked against), run.sh
// and runner.py (copied from this folder of the source tree), and a README.

import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { ROOT } from '../../helpers';
import { benchPrograms, Benchmark, Kind, Refusal } from './programs';
import { REPEAT_VARIABLE, STREAM_VARIABLE } from './timing';

/** Runs of each measurement in one process: a warm-up, then the five whose median is reported. */
export const REPEAT = 6;

export interface Run {
  program: string;
  benchmark: string;
  kind: Kind;
  size: string;
  /** The block format ('16*32'), 'default' where the program sets its own, 'chosen' for the
   * dispatcher, '-' for cuBLAS. */
  format: string;
  argv: string[];
  /** The serial program and arguments whose output this run's must equal. */
  reference: { program: string; argv: string[]; repeat: number };
  /** In the subset `run.sh --quick` runs. */
  quick: boolean;
}

export interface Check { program: string; argv: string[]; reference: { program: string; argv: string[]; repeat: number } }

export interface Manifest {
  /** The commit the programs were generated from ('+' where the checkout had changes), if known. */
  commit?: string;
  /** The environment variable the programs read, and its value for a measurement. */
  repeatVariable: string;
  /** The environment variable that times a run's launches as one span (runner.py --stream). */
  streamVariable: string;
  repeat: number;
  notes: string[];
  benchmarks: Benchmark[];
  programs: { name: string; benchmark: string; kind: Kind; source: string; compiler: 'nvcc' | 'gcc'; libraries: string[]; format?: string }[];
  refusals: Refusal[];
  runs: Run[];
  /** One run of each CUDA program at its defaults under compute-sanitizer's racecheck and memcheck. */
  checks: Check[];
}

const NOTES = [
  'Times: the sum over a run of each kernel launch between two CUDA events (mfBenchBefore/mfBenchAfter), host work and transfers excluded; the serial time is the elided schedule (or the corpus kernel between its markers) under CLOCK_MONOTONIC, built with gcc -O2.',
  `Each measurement is one process running the program ${REPEAT} times (${REPEAT_VARIABLE}): the first run is the warm-up, the median of the other ${REPEAT - 1} is reported. Every run initializes its data again.`,
  'The serial reference of a thesis benchmark is the elision of its MetaFork program at the program\'s default block sizes: strip-mined loops, not the thesis\'s untiled serial code.',
  'Fixtures compute on ints (LU on doubles holding integers); cuBLAS computes on floats: the data are converted outside the timed call and the results are exact (every partial sum is an integer below 2^24), so cuBLAS is checked against the same checksum.',
  'The baseline is the generated kernel with its block sizes compiled in as constants at PPCG\'s defaults (32 in 1-D, 16 x 32 in 2-D), launched only at that format: what fixing the sizes buys, not PPCG\'s own code.',
  'The dispatcher was generated with register counts estimated from the kernels (metafork optimize --registers estimate).',
];

/** The checkout's commit, '+' added where it has uncommitted changes; undefined outside git. */
function sourceCommit(): string | undefined {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return undefined;
  return head.stdout.trim() + (git('status', '--porcelain', '--untracked-files=no').stdout.trim() ? '+' : '');
}

function runsOf(b: Benchmark, programs: Map<string, { kind: Kind; format?: string }>): Run[] {
  const serial = `${b.name}.serial`;
  const repeat = b.state.length ? REPEAT : 1;
  const runs: Run[] = [];
  b.sizes.forEach((size, sizeIndex) => {
    const reference = { program: serial, argv: size.argv, repeat };
    const add = (kind: Kind, format: string, argv: string[], quick: boolean) => {
      const program = `${b.name}.${kind}`;
      if (programs.has(program)) runs.push({ program, benchmark: b.name, kind, size: size.label, format, argv, reference, quick: quick && sizeIndex === 0 });
    };
    for (const kind of ['global', 'shared'] as const) {
      if (!b.formats.length) add(kind, 'default', size.argv, true);
      b.formats.forEach((format, i) => add(kind, format, [...size.argv, ...format.split('*')], i < 3));
    }
    // The parametric kernels at the baseline's format too, where the sweep lacks it: the same
    // block with the sizes compiled in or passed at run time, side by side.
    const fixed = programs.get(`${b.name}.baseline`)?.format;
    if (fixed && b.formats.length && !b.formats.includes(fixed)) {
      for (const kind of ['global', 'shared'] as const) add(kind, fixed, [...size.argv, ...fixed.split('*')], false);
    }
    add('dispatcher', 'chosen', size.argv, true);
    add('baseline', programs.get(`${b.name}.baseline`)?.format ?? '', size.argv, true);
    add('cublas', '-', size.argv, true);
  });
  return runs;
}

/** The runs in the order runner.py takes them: every benchmark's first size, then the second
 * sizes, ... so that a run cut short by its time budget still has each benchmark. */
function byPriority(benchmarks: Benchmark[], runs: Run[]): Run[] {
  const sizeIndex = (r: Run) => benchmarks.find(b => b.name === r.benchmark)!.sizes.findIndex(s => s.label === r.size);
  return runs.map((r, i) => ({ r, i })).sort((a, b) => sizeIndex(a.r) - sizeIndex(b.r) || a.i - b.i).map(x => x.r);
}

export async function prepare(dir: string, only?: (benchmark: string) => boolean): Promise<Manifest> {
  const set = await benchPrograms(only);
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  for (const p of set.programs) fs.writeFileSync(path.join(dir, 'src', p.file), p.text);
  const programs = new Map(set.programs.map(p => [p.name, p]));
  const manifest: Manifest = {
    repeatVariable: REPEAT_VARIABLE,
    streamVariable: STREAM_VARIABLE,
    repeat: REPEAT,
    notes: NOTES,
    commit: sourceCommit(),
    benchmarks: set.benchmarks,
    programs: set.programs.map(p => ({
      name: p.name, benchmark: p.benchmark, kind: p.kind, source: `src/${p.file}`, compiler: p.file.endsWith('.cu') ? 'nvcc' : 'gcc',
      libraries: p.libraries, ...(p.format ? { format: p.format } : {}),
    })),
    refusals: set.refusals,
    runs: byPriority(set.benchmarks, set.benchmarks.flatMap(b => runsOf(b, programs))),
    checks: set.programs
      .filter(p => p.kind !== 'serial' && p.kind !== 'cublas')
      .map(p => {
        const b = set.benchmarks.find(x => x.name === p.benchmark)!;
        return { program: p.name, argv: b.small, reference: { program: `${b.name}.serial`, argv: b.small, repeat: 1 } };
      }),
  };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  for (const file of ['run.sh', 'runner.py']) {
    fs.copyFileSync(path.join(ROOT, 'test', 'bench', 'gpu', file), path.join(dir, file));
  }
  fs.chmodSync(path.join(dir, 'run.sh'), 0o755);
  fs.writeFileSync(path.join(dir, 'README.md'), readme(manifest));
  return manifest;
}

function readme(m: Manifest): string {
  return `# MetaFork Studio: generated kernels to measure on a GPU (issue 24)

Written by \`npm run bench:gpu -- --prepare\`; needs bash, python3, nvcc (with cuBLAS) and, to
check, compute-sanitizer. ${m.programs.length} programs (${m.refusals.length} refused: see \`manifest.json\`),
${m.runs.length} measurements, ${m.checks.length} programs under the sanitizers.

    ./run.sh                       # build for this GPU, check, measure: results.json
    ./run.sh --quick               # the first size and three block formats of each benchmark
    ./run.sh --build-only --arch sm_90
    ./run.sh --out DIR/results.json --budget 540

Then, where the repository is: \`npm run bench:gpu -- --report results.json\`.

${m.notes.map(n => `- ${n}`).join('\n')}
`;
}
