// The bench's "Translators" section: programs of the thesis's interoperability study (Chen 2017
// §3.7), each written by the team in its natural dialect (test/bench/programs/NAME.c for
// CilkPlus, NAME.mfc for MetaFork) beside a hand-written OpenMP version of the same algorithm
// (NAME.omp.c). The source is translated to OpenMP by the project's translator; both OpenMP
// programs are built with gcc -O2 -fopenmp, must print the same thing, and are timed at 1 and 2
// threads (medians, runs interleaved so that a busy machine slows both alike).

import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkSyntax, parseText } from '../../server/src/checks/index';
import { elide } from '../../server/src/model/elide';
import { translateText } from '../../server/src/translate/index';

/** The programs, in the thesis's order; each NAME has NAME.omp.c and NAME.c or NAME.mfc. */
export const PROGRAMS = ['fib', 'scan', 'quicksort', 'mergesort', 'matmul', 'mandelbrot', 'fft', 'nqueens', 'heat'];
const THREADS = [1, 2];
const RUNS = 5;

export interface TranslatedRow {
  program: string;
  dialect: 'cilkplus' | 'metafork';
  threads: number;
  translated: number;
  handWritten: number;
  /** The original's own time: a CilkPlus program's serial elision at 1 thread (no Cilk compiler
   * here); a MetaFork program has no other runnable form than its translation. */
  original?: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function build(source: string, exe: string): void {
  execFileSync('gcc', ['-O2', '-fopenmp', source, '-o', exe, '-lm'], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** One run: its output and wall time in ms. */
function timed(exe: string, threads: number): { out: string; ms: number } {
  const t0 = performance.now();
  const env = { ...process.env, OMP_NUM_THREADS: String(threads) };
  const r = spawnSync(exe, { encoding: 'utf8', env, timeout: 60000 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${exe} (${threads} threads) exited with ${r.status ?? r.signal}: ${r.stderr}`);
  return { out: r.stdout, ms };
}

const differs = (out: string, expected: string) =>
  `printed ${JSON.stringify(out)}, the hand-written version ${JSON.stringify(expected)}`;

/** The OpenMP translation of a bench program (throws with the diagnostics when refused). */
export async function translation(
  dir: string,
  program: string,
): Promise<{ file: string; text: string; dialect: TranslatedRow['dialect'] }> {
  const file = fs.existsSync(path.join(dir, `${program}.mfc`)) ? `${program}.mfc` : `${program}.c`;
  const source = fs.readFileSync(path.join(dir, file), 'utf8');
  const r = await translateText(source, 'openmp', { fileName: file });
  if (r.text === undefined)
    throw new Error(`${file} -> openmp refused: ${r.diagnostics.map(d => `${d.code} ${d.message}`).join('; ')}`);
  return { file, text: r.text, dialect: file.endsWith('.mfc') ? 'metafork' : 'cilkplus' };
}

export async function translatedAgainstHandWritten(root: string): Promise<TranslatedRow[]> {
  const dir = path.join(root, 'test', 'bench', 'programs');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-translated-'));
  const rows: TranslatedRow[] = [];
  try {
    for (const program of PROGRAMS) {
      const { file, text, dialect } = await translation(dir, program);
      const exe = (kind: string) => path.join(work, `${program}.${kind}`);
      fs.writeFileSync(path.join(work, `${program}.translated.c`), text);
      build(path.join(work, `${program}.translated.c`), exe('translated'));
      build(path.join(dir, `${program}.omp.c`), exe('hand'));
      let original: number[] | undefined;
      if (dialect === 'cilkplus') {
        const source = fs.readFileSync(path.join(dir, file), 'utf8');
        const syntax = await parseText(source, file);
        fs.writeFileSync(path.join(work, `${program}.elided.c`), elide(checkSyntax(syntax).model));
        syntax.dispose();
        build(path.join(work, `${program}.elided.c`), exe('elided'));
        original = [];
      }
      for (const threads of THREADS) {
        const translated: number[] = [], hand: number[] = [];
        const expected = timed(exe('hand'), threads).out; // also warms the caches
        for (let i = 0; i < RUNS; i++) {
          for (const [exeKind, samples] of [['translated', translated], ['hand', hand]] as const) {
            const r = timed(exe(exeKind), threads);
            if (r.out !== expected)
              throw new Error(`${program} (${exeKind}, ${threads} threads) ${differs(r.out, expected)}`);
            samples.push(r.ms);
          }
          if (original && threads === 1) {
            const r = timed(exe('elided'), 1);
            if (r.out !== expected) throw new Error(`${program}'s serial elision ${differs(r.out, expected)}`);
            original.push(r.ms);
          }
        }
        rows.push({
          program,
          dialect,
          threads,
          translated: median(translated),
          handWritten: median(hand),
          original: original && threads === 1 ? median(original) : undefined,
        });
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

const ratio = (x: number | undefined, y: number) => (x === undefined ? '-' : (x / y).toFixed(2));

/** The table, one line per program and thread count. */
export function translatedTable(rows: TranslatedRow[]): string[] {
  const out = [
    'program     source    threads     original ms  translated ms  hand-written ms  translated/hand  original/hand',
  ];
  for (const r of rows) {
    const original = r.original !== undefined
      ? `${r.original.toFixed(0)} (elision)`
      : r.dialect === 'metafork' ? '= translated' : '-';
    out.push(
      `${r.program.padEnd(10)}  ${r.dialect.padEnd(8)}  ${String(r.threads).padStart(7)}  ${original.padStart(14)}  ` +
        `${r.translated.toFixed(0).padStart(13)}  ${r.handWritten.toFixed(0).padStart(15)}  ` +
        `${(r.translated / r.handWritten).toFixed(2).padStart(15)}  ${ratio(r.original, r.handWritten).padStart(13)}`,
    );
  }
  return out;
}
