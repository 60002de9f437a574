// Compile flags on the command line: -I, -D, -U (joined or separate, repeatable, in order) and
// --compile-commands-dir on every command, `metafork flags` showing what a file is read with,
// and the usage errors. Driven through `main` in this process.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from '../../server/src/cli';
import { ROOT } from '../helpers';

const TMP = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mf-cli-flags-')));
after(() => fs.rmSync(TMP, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(TMP, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: s => { stdout += s; }, stderr: s => { stderr += s; } });
  return { code, stdout, stderr };
}

const KERNEL = write('proj/src/k.c',
  '#include "sizes.h"\nvoid f(double *a) {\n  for (int i = 0; i < 8; i++) a[i] = 0;\n}\n');
write('proj/inc/sizes.h', '#define N 8\n');
const DATABASE = write('proj/compile_commands.json', JSON.stringify([
  { directory: path.join(TMP, 'proj'), file: 'src/k.c', arguments: ['cc', '-Iinc', '-DSMALL', '-c', 'src/k.c'] },
]));

test('flags: the database found above the file, then -I, -D, -U in order, both spellings, repeatable', async () => {
  const r = await run(
    ['flags', KERNEL, '-I', 'more', '-I/opt/inc', '-D', 'N=4', '-DM', '-U', 'SMALL', '-UX', '-DX=a b']);
  assert.equal(r.stderr, '');
  assert.equal(r.code, 0);
  const proj = path.join(TMP, 'proj');
  assert.equal(r.stdout,
    `${KERNEL}: -I${proj}/inc -I${path.resolve('more')} -I/opt/inc -DSMALL -DN=4 -DM -USMALL -UX '-DX=a b'\n`
    + `  from ${DATABASE}\n`);
});

test('flags --json; --compile-commands-dir DIR and =DIR read only that folder', async () => {
  const db = path.join(TMP, 'db');
  write('db/compile_flags.txt', '-DFROM_DB\n-I\nheaders\n');
  for (const args of [['--compile-commands-dir', db], [`--compile-commands-dir=${db}`]]) {
    const r = await run(['flags', '--json', KERNEL, ...args]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { files: [{
      file: KERNEL, includePaths: [path.join(db, 'headers')], defines: [['FROM_DB', null]],
      notes: [], from: path.join(db, 'compile_flags.txt'),
    }] });
  }
  const none = await run(['flags', path.join(TMP, 'alone.c'), '--compile-commands-dir', path.join(TMP, 'empty')]);
  assert.equal(none.stdout,
    `${path.join(TMP, 'alone.c')}:\n  from the command line only (no compile_commands.json or compile_flags.txt)\n`);
});

test('every command takes the compile flags', async () => {
  const fib = path.join(ROOT, 'examples', 'fib.mfc');
  const jacobi = path.join(ROOT, 'examples', 'jacobi1d.mfc');
  const flags = ['-I', TMP, `-I${TMP}`, '-D', 'UNUSED_A', '-DUNUSED_B=2', '-U', 'UNUSED_C', '-UUNUSED_D',
    '--compile-commands-dir', path.join(TMP, 'empty')];
  const commands = [
    ['check', fib], ['elide', fib], ['translate', fib, '--to', 'cilkplus'], ['cuda', jacobi], ['analyze', jacobi],
    ['tile', path.join(ROOT, 'examples', 'loop_omp.c')],
  ];
  for (const command of commands) {
    const plain = await run(command);
    assert.equal(plain.code, 0, `${command[0]}: ${plain.stderr}`);
    assert.deepEqual(await run([...command, ...flags]), plain, command[0]);
  }
});

test('a compile flag without its value, or with a bad one, is a usage error', async () => {
  const cases: [string[], string][] = [
    [['check', KERNEL, '-I'], "'-I' needs a directory"],
    [['check', KERNEL, '-D'], "'-D' needs NAME or NAME=VALUE"],
    [['elide', KERNEL, '-U'], "'-U' needs a NAME"],
    [['cuda', KERNEL, '--compile-commands-dir'], "'--compile-commands-dir' needs a directory"],
    [['tile', KERNEL, '--compile-commands-dir='], "'--compile-commands-dir' needs a directory"],
    [['check', KERNEL, '-D', '1X'], "'-D' takes NAME or NAME=VALUE, not '1X'"],
    [['check', KERNEL, '-UX=1'], "'-U' takes a NAME, not 'X=1'"],
  ];
  for (const [args, message] of cases) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.split('\n')[0], `metafork: ${message}`);
    assert.match(r.stderr.split('\n')[1], /^usage: metafork/);
  }
});

test('the usage lists the compile flags once, in lines of at most 100 columns', async () => {
  const { stdout } = await run(['--help']);
  for (const flag of ['-I DIR', '-D NAME[=VALUE]', '-U NAME', '--compile-commands-dir DIR', 'flags FILE...']) {
    assert.equal(stdout.split(flag).length, 2, flag);
  }
  assert.deepEqual(stdout.split('\n').filter(l => l.length > 100), []);
});

test('a header found through -I (needs the preprocessor)', async t => {
  const file = write('alone/k.c', '#include "sizes.h"\nint a[N];\n');
  const missing = await run(['check', file]);
  assert.equal(missing.code, 1);
  const at = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  assert.match(missing.stdout, new RegExp(`^${at}:1:\\d+: error: .*sizes\\.h.* \\[MF110\\]$`, 'm'));
  const found = await run(['check', file, '-I', path.join(TMP, 'proj', 'inc')]);
  assert.deepEqual(found, { code: 0, stdout: '', stderr: '' });
});
