// Runs the extension-host e2e suite (dist/test/suite.js, from client/test/suite) of the packaged
// .vsix in a desktop VS Code downloaded by @vscode/test-electron: the same suite that
// test/e2e/vscode.test.ts runs in code-server, for machines that can download VS Code (a machine without
// internet access cannot).
//
//   npm run test:electron                       # packages the .vsix first
//   node scripts/test-electron.mjs [file.vsix]  # default metafork-studio-0.1.0.vsix
//
// Environment: METAFORK_VSCODE_VERSION (default 1.100.3, the version code-server 4.100.3 embeds;
// `stable` for the newest), METAFORK_E2E_GREP (only the tests whose title matches). On Linux
// without a display, run it under `xvfb-run -a`.

import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath, runTests } from '@vscode/test-electron';
import { spawnSync } from 'child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join, resolve } from 'path';
import { fileURLToPath } from 'url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vsix = resolve(process.argv[2] ?? join(root, 'metafork-studio-0.1.0.vsix'));
const version = process.env.METAFORK_VSCODE_VERSION ?? '1.100.3';
const extensionId = 'metafork-studio.metafork-studio';

if (!existsSync(vsix)) {
  console.error(`${vsix} not found: run npm run package first`);
  process.exit(2);
}

const tmp = mkdtempSync(join(tmpdir(), 'metafork-electron-'));
const extensionsDir = join(tmp, 'extensions');
const userDataDir = join(tmp, 'user-data');
const workspaceDir = join(tmp, 'workspace');
mkdirSync(join(userDataDir, 'User'), { recursive: true });
cpSync(join(root, 'test', 'fixtures', 'e2e'), workspaceDir, { recursive: true });
writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'extensions.autoCheckUpdates': false,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
}, null, 2));

let code = 1;
try {
  const vscodeExecutablePath = await downloadAndUnzipVSCode(version);
  // Install the .vsix as a user would, into a fresh extensions folder.
  const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(vscodeExecutablePath, { reuseMachineInstall: true });
  const install = spawnSync(cli, [...cliArgs, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsix],
    { encoding: 'utf8', stdio: 'inherit', shell: process.platform === 'win32' });
  if (install.status !== 0) throw new Error(`installing ${vsix} failed (exit ${install.status})`);
  const installed = readdirSync(extensionsDir).find(name => name.startsWith(`${extensionId}-`));
  if (!installed) throw new Error(`${vsix} did not install into ${extensionsDir}`);
  const extensionDir = join(extensionsDir, installed);

  // The installed copy is both the extension under development and the holder of the suite.
  await runTests({
    vscodeExecutablePath,
    reuseMachineInstall: true,
    extensionDevelopmentPath: extensionDir,
    extensionTestsPath: join(extensionDir, 'dist', 'test', 'suite.js'),
    launchArgs: [workspaceDir, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--disable-workspace-trust', '--disable-gpu'],
  });
  code = 0;
} catch (error) {
  console.error(`e2e suite failed: ${error instanceof Error ? error.message : error}`);
  const results = join(workspaceDir, '.metafork-e2e', 'results.json');
  if (existsSync(results)) {
    for (const failure of JSON.parse(readFileSync(results, 'utf8')).failed) console.error(`\n✗ ${failure.title}\n${failure.error}`);
  }
} finally {
  if (code === 0) rmSync(tmp, { recursive: true, force: true });
  else console.error(`kept for inspection: ${tmp}`);
}
process.exit(code);
