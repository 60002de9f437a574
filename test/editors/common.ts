// Shared by the editor tests (Neovim, Emacs): the README snippets they run, the fixtures they
// open, and a child process with a hard time limit.

import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT } from '../helpers';

/** The server command as the tests run it: absolute paths, no `metafork` on the PATH needed. */
export const SERVER_CMD = [process.execPath, path.join(ROOT, 'bin', 'metafork'), 'lsp', '--stdio'];

/** The fenced code blocks of one language in the README section "## Other editors (Neovim, Emacs)". */
export function readmeSnippets(lang: 'lua' | 'elisp'): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Other editors (Neovim, Emacs)\n');
  if (start < 0) throw new Error('README.md has no section "## Other editors (Neovim, Emacs)"');
  const next = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  const blocks: string[] = [];
  const fence = new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g');
  for (let m = fence.exec(section); m; m = fence.exec(section)) blocks.push(m[1]);
  return blocks;
}

/** Replaces the one occurrence of `from` in `snippet` (failing when it is not there exactly once). */
export function substituteOnce(snippet: string, from: string, to: string): string {
  const at = snippet.indexOf(from);
  if (at < 0 || snippet.indexOf(from, at + 1) >= 0) throw new Error(`expected exactly one '${from}' in the README snippet:\n${snippet}`);
  return snippet.slice(0, at) + to + snippet.slice(at + from.length);
}

export interface EditorFixture {
  file: string;
  text: string;
  /** What the server must publish: code and 0-based LSP line. */
  expect: { code: string; line: number }[];
}

/** The README's fib without its meta_join (MF314 at the return, line 6), and an OpenMP file with
 * a misspelled directive (MF201 on line 4). */
export const FIXTURES: EditorFixture[] = [
  {
    file: 'fib.mfc',
    text: 'long fib(long n) {\n  long x, y;\n  if (n < 2) return n;\n  x = meta_fork fib(n - 1);\n  y = fib(n - 2);\n  return x + y;\n}\n',
    expect: [{ code: 'MF314', line: 5 }],
  },
  {
    file: 'omp.c',
    text: '#include <stdio.h>\nint main(void) {\n  int a[100];\n#pragma omp paralel for\n  for (int i = 0; i < 100; i++) a[i] = i;\n  printf("%d\\n", a[5]);\n  return 0;\n}\n',
    expect: [{ code: 'MF201', line: 3 }],
  },
];
/** Where the hover is asked: on `meta_fork` in fib.mfc (line 4, 1-based). */
export const HOVER_AT = { file: 'fib.mfc', line: 3, character: 8 };

export function hasCommand(cmd: string, args: string[] = ['--version']): boolean {
  const r = spawnSync(cmd, args, { stdio: 'ignore', timeout: 10000 });
  return !r.error && r.status === 0;
}

export interface RunResult { status: number | null; signal: NodeJS.Signals | null; timedOut: boolean; stdout: string; stderr: string; ms: number }

/** Runs a command in its own process group; after `timeoutMs` the whole group (the editor and the
 * server it started) is killed, so a stuck editor fails the test instead of hanging it. */
export function runWithTimeout(cmd: string, args: string[], options: { cwd: string; timeoutMs: number; env?: NodeJS.ProcessEnv }): Promise<RunResult> {
  const t0 = performance.now();
  return new Promise(resolve => {
    const child = spawn(cmd, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '', stderr = '', timedOut = false;
    child.stdout.on('data', d => { stdout += d; });
    child.stderr.on('data', d => { stderr += d; });
    const killGroup = () => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ } };
    const timer = setTimeout(() => { timedOut = true; killGroup(); }, options.timeoutMs);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      killGroup(); // the server, should the editor have left it behind
      resolve({ status, signal, timedOut, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}

/** A fresh directory holding the fixtures. */
export function fixtureDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const f of FIXTURES) fs.writeFileSync(path.join(dir, f.file), f.text);
  return dir;
}

export interface Published { uri: string; version?: number; diagnostics: { code?: string; message: string; range: { start: { line: number } } }[] }

/** The last publication for `file` among those an editor recorded. */
export function lastFor(published: Published[], file: string): Published | undefined {
  return published.filter(p => p.uri.endsWith('/' + file)).pop();
}

/** The text of a hover's contents: a string, a MarkedString, MarkupContent, or a list of them. */
export function hoverText(contents: unknown): string {
  if (contents === undefined || contents === null) return '';
  if (typeof contents === 'string') return contents;
  if (Array.isArray(contents)) return contents.map(hoverText).join('\n');
  const value = (contents as { value?: unknown }).value;
  return typeof value === 'string' ? value : '';
}
/** A hover on `meta_fork` says what it is: a spawn. */
export const HOVER_SAYS = /spawn/i;
