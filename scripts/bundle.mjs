// Bundles the extension client, the language server and the CLI with esbuild into dist/,
// with the tree-sitter WASM files beside them (loaded at run time from the bundle's folder).
import { build } from 'esbuild';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { execFileSync } from 'child_process';
import { createHash } from 'crypto';
import { dirname } from 'path';
import { createRequire } from 'module';

const require = createRequire(import.meta.url);
mkdirSync('dist', { recursive: true });
// web-tree-sitter reads import.meta.url, which a CommonJS bundle must provide itself.
const common = {
  bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: true, logLevel: 'warning',
  define: { 'import.meta.url': 'import_meta_url' },
  banner: { js: "const import_meta_url = require('url').pathToFileURL(__filename).href;" },
};
await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/src/lsp/main.ts'], outfile: 'dist/server.js' }),
  build({ ...common, entryPoints: ['server/src/lsp/worker.ts'], outfile: 'dist/worker.js' }),
  build({ ...common, entryPoints: ['server/src/cli.ts'], outfile: 'dist/cli.js' }),
  // The z3 worker of server/src/optimize/solver.ts. z3-solver stays external, required at run time
  // from node_modules: its Emscripten glue finds z3-built.wasm and starts its pthread workers
  // (z3-built.js) from its own folder, which a bundle would break.
  build({ ...common, entryPoints: ['server/src/optimize/z3worker.ts'], outfile: 'dist/z3worker.js', external: ['z3-solver'] }),
  build({ ...common, entryPoints: ['server/src/optimize/registersJob.ts'], outfile: 'dist/registersJob.js' }),
  // The estimate plot's webview script, for the browser; Chart.js beside it (copied below).
  build({ entryPoints: ['client/src/webview/plotView.ts'], outfile: 'dist/plotView.js', bundle: true, platform: 'browser', format: 'iife', target: 'es2020', logLevel: 'warning' }),
  // The extension-host e2e suite (client/test/suite), shipped in the .vsix so that the packaged
  // extension is what the tests exercise.
  build({ ...common, entryPoints: ['client/test/suite/index.ts'], outfile: 'dist/test/suite.js', external: ['vscode'],
    // Mocha's parallel mode (never used here) resolves its worker files by path; only loaded on demand.
    logOverride: { 'require-resolve-not-external': 'silent' } }),
]);
// chart.js's exports map hides its dist/ files: found from its package folder.
copyFileSync(new URL('../node_modules/chart.js/dist/chart.umd.js', import.meta.url), 'dist/chart.umd.js');
for (const [pkg, file] of [['web-tree-sitter', 'tree-sitter.wasm'], ['tree-sitter-c', 'tree-sitter-c.wasm'], ['tree-sitter-cpp', 'tree-sitter-cpp.wasm']]) {
  copyFileSync(require.resolve(`${pkg}/${file}`), `dist/${file}`);
}

// z3-solver (with what it requires) beside the z3 worker, in dist/node_modules, so that the .vsix,
// which carries dist/ and no node_modules, decides the systems the exact checks leave open.
rmSync('dist/node_modules', { recursive: true, force: true });
for (const pkg of ['z3-solver', 'async-mutex', 'tslib']) {
  const from = dirname(require.resolve(`${pkg}/package.json`, { paths: [dirname(require.resolve('z3-solver'))] }));
  cpSync(from, `dist/node_modules/${pkg}`, { recursive: true, filter: source => !/\.(d\.ts|map|md)$/.test(source) });
}

// bin/metafork compiles the CLI bundle with V8's code cache of it, made here by a translation
// (OpenMP -> CilkPlus: the parser, the checks of input and output, both kinds of stage). A script
// compiled with a cache has no dynamic import() (Node rejects it at run time): web-tree-sitter's two,
// of Node's own modules, become requires. The alias: its Emscripten glue declares a `require` of its own.
const cli = readFileSync('dist/cli.js', 'utf8');
const imports = [['await import("fs/promises")', 'node_require("fs/promises")'], ['await import("module")', 'node_require("module")']];
let patched = cli.replace('const import_meta_url =', 'const node_require = require; const import_meta_url =');
for (const [from, to] of imports) {
  if (patched.split(from).length !== 2) throw new Error(`dist/cli.js: expected one '${from}' (web-tree-sitter changed?)`);
  patched = patched.replace(from, to);
}
if (patched.includes('import(')) throw new Error('dist/cli.js: a dynamic import() is left, which its code cache cannot load');
// The bundle's digest, in its first line, names the bundle the cache was made from.
const digest = createHash('sha1').update(patched).digest('hex');
writeFileSync('dist/cli.js', patched.replace('\n', ` /* build ${digest} */\n`));
rmSync('dist/cli.js.cache', { force: true });
execFileSync(process.execPath, ['bin/metafork', 'translate', '--to', 'cilkplus', 'examples/jacobi1d_omp.c'], {
  env: { ...process.env, METAFORK_WRITE_CODE_CACHE: '1' }, stdio: 'ignore',
});
