// `npm run bench:gpu -- --prepare DIR` writes the folder a GPU machine runs (./prepare);
// `npm run bench:gpu -- --report results.json [more.json ...] [--out FILE.md]` prints the tables of what it measured
// and writes them to bench/gpu/RESULTS.md (./report).

import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from '../../helpers';
import { closeSolver } from '../../../server/src/optimize/solver';
import { prepare } from './prepare';
import { mergeResults, report } from './report';

const USAGE = 'usage: npm run bench:gpu -- --prepare DIR | --report results.json [more.json ...] [--out FILE.md]';

async function main(argv: string[]): Promise<number> {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const dir = value('--prepare'), results = value('--report');
  if (!dir === !results) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (dir) {
    try {
      const m = await prepare(path.resolve(dir));
      process.stdout.write(`${dir}: ${m.programs.length} programs, ${m.runs.length} measurements, ${m.checks.length} sanitizer checks\n`);
      for (const r of m.refusals) process.stdout.write(`  refused: ${r.benchmark} ${r.kind}: ${r.reason}\n`);
    } finally {
      await closeSolver();
    }
    return 0;
  }
  const out = value('--out') ?? path.join(ROOT, 'bench', 'gpu', 'RESULTS.md');
  // Further results files (later calls of run.sh --only ...) are merged into the first.
  const files = [results!];
  for (let i = argv.indexOf('--report') + 2; i < argv.length && !argv[i].startsWith('--'); i++) files.push(argv[i]);
  const markdown = await report(mergeResults(files.map(f => JSON.parse(fs.readFileSync(f, 'utf8')))));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, markdown);
  process.stdout.write(`${markdown}\n(written to ${out})\n`);
  return 0;
}

// `npm test` loads every file of out/test, this one too (see ../run.ts): it is a command, not a test.
if (!process.env.NODE_TEST_CONTEXT) {
  main(process.argv.slice(2)).then(code => process.exit(code), e => {
    process.stderr.write(`${e instanceof Error ? e.stack : e}\n`);
    process.exit(1);
  });
}
