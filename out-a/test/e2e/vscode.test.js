"use strict";
// End-to-end test of the packaged extension in a real VS Code: code-server 4.100.3 on 127.0.0.1,
// driven by Debian's chromium through playwright-core. The .vsix is packaged from dist/ (built by
// `npm test` / `npm run build`), installed with `code-server --install-extension`, and the
// extension-host suite it ships (dist/test/suite.js, from client/test/suite) runs in the installed
// copy through the workbench's test hook: `extensionDevelopmentPath`/`extensionTestsPath` in the
// URL's payload, the exit code through `codeAutomationExit`. The suite asks for screenshots of a
// schedule's hover, of the source beside its CUDA view, beside its case discussion (the text and the
// explorer's tree) and beside the estimate plot (test-results/vscode-hover.png, vscode-cuda-view.png,
// vscode-cases-view.png, vscode-plot.png; CI artifacts).
//
// Skipped, with the reason, when code-server (scripts/install-code-server.sh) or chromium is missing.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const assert = __importStar(require("assert"));
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const net = __importStar(require("net"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const util_1 = require("util");
const playwright_core_1 = require("playwright-core");
const ROOT = path.resolve(__dirname, '..', '..', '..');
const RESULTS = path.join(ROOT, 'test-results');
const CODE_SERVER_VERSION = '4.100.3';
const CODE_SERVER_DIR = process.env.METAFORK_CODE_SERVER_DIR
    ?? path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'metafork-studio', `code-server-${CODE_SERVER_VERSION}`);
const CODE_SERVER = path.join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const CHROMIUM = process.env.METAFORK_CHROMIUM ?? '/usr/bin/chromium';
const EXTENSION_ID = 'metafork-studio.metafork-studio';
const SUITE = path.join('dist', 'test', 'suite.js');
const TOTAL_MS = 240_000;
const run = (0, util_1.promisify)(child_process_1.execFile);
const sleep = (ms) => new Promise(resolve => setTimeout(resolve, ms));
function freePort() {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => resolve(port));
        });
    });
}
/** Kills a process started with `detached: true` and everything it started (its process group). */
async function killGroup(child) {
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null)
        return;
    const exited = new Promise(resolve => child.once('exit', resolve));
    try {
        process.kill(-child.pid, 'SIGTERM');
    }
    catch {
        return;
    }
    if (await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]))
        return;
    try {
        process.kill(-child.pid, 'SIGKILL');
    }
    catch { /* gone */ }
}
(0, node_test_1.test)('the packaged extension in code-server: diagnostics, hover, quick fix, live CUDA view', { timeout: TOTAL_MS }, async (t) => {
    if (!fs.existsSync(path.join(CODE_SERVER_DIR, '.metafork-install-complete')) || !fs.existsSync(CODE_SERVER)) {
        t.skip(`code-server ${CODE_SERVER_VERSION} is not installed in ${CODE_SERVER_DIR}: run scripts/install-code-server.sh (or set METAFORK_CODE_SERVER_DIR)`);
        return;
    }
    if (!fs.existsSync(CHROMIUM)) {
        t.skip(`chromium not found at ${CHROMIUM}: apt-get install chromium (or set METAFORK_CHROMIUM)`);
        return;
    }
    assert.ok(fs.existsSync(path.join(ROOT, SUITE)), `${SUITE} is missing: run npm run build first`);
    const started = Date.now();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'metafork-e2e-'));
    const userData = path.join(tmp, 'user-data');
    const extensionsDir = path.join(tmp, 'extensions');
    const workspaceDir = path.join(tmp, 'workspace');
    const control = path.join(workspaceDir, '.metafork-e2e');
    const config = path.join(tmp, 'config.yaml');
    const vsix = path.join(tmp, 'metafork-studio.vsix');
    fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
    fs.mkdirSync(control, { recursive: true });
    fs.mkdirSync(RESULTS, { recursive: true });
    for (const stale of ['vscode-hover.png', 'vscode-cuda-view.png', 'vscode-cases-view.png', 'vscode-plot.png', 'vscode-failure.png'])
        fs.rmSync(path.join(RESULTS, stale), { force: true });
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'e2e'), workspaceDir, { recursive: true });
    fs.writeFileSync(path.join(control, 'control.json'), JSON.stringify({ screenshots: true }));
    fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'security.workspace.trust.enabled': false,
        'extensions.ignoreRecommendations': true,
        'extensions.autoCheckUpdates': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'editor.minimap.enabled': false,
        'window.commandCenter': false,
    }, null, 2));
    // code-server and chromium write caches, crash reports and ids under the XDG folders: keep them here.
    const env = { ...process.env, XDG_CONFIG_HOME: path.join(tmp, 'xdg-config'), XDG_CACHE_HOME: path.join(tmp, 'xdg-cache'), XDG_DATA_HOME: path.join(tmp, 'xdg-data') };
    let codeServer;
    let browser;
    let serverLog = '';
    const consoleLog = [];
    let passed = false;
    try {
        // 1. Package the .vsix from dist/ and install it as a user would.
        const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
        await run(process.execPath, [vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix], { cwd: ROOT });
        const common = ['--config', config, '--user-data-dir', userData, '--extensions-dir', extensionsDir];
        fs.writeFileSync(config, 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
        const install = await run(process.execPath, [CODE_SERVER, ...common, '--install-extension', vsix], { timeout: 60_000, env });
        const installed = fs.readdirSync(extensionsDir).find(name => name.startsWith(`${EXTENSION_ID}-`));
        assert.ok(installed, `the .vsix did not install into ${extensionsDir}:\n${install.stdout}${install.stderr}`);
        const extensionDir = path.join(extensionsDir, installed);
        assert.ok(fs.existsSync(path.join(extensionDir, SUITE)), `the .vsix lacks ${SUITE}`);
        // The optimizer's z3 comes in the .vsix (dist/node_modules): it loads and solves from the installed copy.
        const z3 = await run(process.execPath, ['-e', `
      const { init } = require(${JSON.stringify(path.join(extensionDir, 'dist', 'node_modules', 'z3-solver'))});
      init().then(async ({ Context }) => {
        const Z = new Context('main'), x = Z.Int.const('x'), solver = new Z.Solver();
        solver.add(x.mul(x).eq(49), x.gt(0));
        console.log(await solver.check(), String(solver.model().eval(x)));
        process.exit(0);
      });`], { timeout: 60_000 });
        assert.equal(z3.stdout.trim(), 'sat 7', `z3 from the installed extension: ${z3.stdout}${z3.stderr}`);
        t.diagnostic(`packaged and installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        // 2. code-server on a free port of 127.0.0.1.
        const port = await freePort();
        fs.writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
        codeServer = (0, child_process_1.spawn)(process.execPath, [CODE_SERVER, ...common, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', workspaceDir], {
            detached: true, stdio: ['ignore', 'pipe', 'pipe'], env,
        });
        codeServer.stdout.on('data', chunk => { serverLog += chunk; });
        codeServer.stderr.on('data', chunk => { serverLog += chunk; });
        const base = `http://127.0.0.1:${port}`;
        for (let ready = false; !ready;) {
            if (codeServer.exitCode !== null)
                assert.fail(`code-server exited (${codeServer.exitCode}):\n${serverLog}`);
            if (Date.now() - started > 60_000)
                assert.fail(`code-server did not answer on ${base}:\n${serverLog}`);
            ready = await fetch(`${base}/healthz`).then(r => r.ok, () => false);
            if (!ready)
                await sleep(200);
        }
        // 3. The workbench in chromium, with the installed extension as the one under test.
        browser = await playwright_core_1.chromium.launch({
            executablePath: CHROMIUM,
            headless: true,
            env,
            args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
                '--disable-component-update', '--disable-sync'],
        });
        const page = await browser.newPage({ viewport: { width: 1500, height: 850 } });
        page.on('console', message => { consoleLog.push(`[${message.type()}] ${message.text()}`); });
        page.on('pageerror', error => { consoleLog.push(`[pageerror] ${error.message}`); });
        let exitCode;
        const screenshots = new Set();
        await page.exposeFunction('codeAutomationExit', (code) => { exitCode = code; });
        const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
        const payload = [['extensionDevelopmentPath', remote(extensionDir)], ['extensionTestsPath', remote(path.join(extensionDir, SUITE))]];
        await page.goto(`${base}/?folder=${encodeURIComponent(workspaceDir)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
        // 4. Serve the suite's screenshot requests until the workbench reports the exit code.
        const deadline = started + TOTAL_MS - 20_000;
        while (exitCode === undefined) {
            if (Date.now() > deadline)
                assert.fail('the extension-host suite did not finish in time');
            if (codeServer.exitCode !== null)
                assert.fail(`code-server exited (${codeServer.exitCode}) during the tests`);
            for (const request of fs.readdirSync(control).filter(f => f.endsWith('.request'))) {
                const name = request.slice(0, -'.request'.length);
                await page.screenshot({ path: path.join(RESULTS, `${name}.png`) });
                fs.renameSync(path.join(control, request), path.join(control, `${name}.done`));
                screenshots.add(name);
                t.diagnostic(`screenshot: test-results/${name}.png`);
            }
            await sleep(200);
        }
        const resultsFile = path.join(control, 'results.json');
        assert.ok(fs.existsSync(resultsFile), `the suite wrote no results (exit code ${exitCode})`);
        const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
        for (const title of results.passed)
            t.diagnostic(`passed: ${title}`);
        for (const title of results.pending)
            t.diagnostic(`pending: ${title}`);
        if (results.failed.length || exitCode !== 0) {
            await page.screenshot({ path: path.join(RESULTS, 'vscode-failure.png') }).catch(() => undefined);
            assert.fail(`${results.failed.length} extension-host test(s) failed (exit code ${exitCode}):\n\n`
                + results.failed.map(f => `✗ ${f.title}\n${f.error}`).join('\n\n'));
        }
        assert.ok(results.passed.length > 0, 'the suite ran no tests');
        // METAFORK_E2E_GREP may leave out the test that asks for it.
        if (!process.env.METAFORK_E2E_GREP) {
            for (const name of ['vscode-hover', 'vscode-cuda-view', 'vscode-cases-view', 'vscode-plot'])
                assert.ok(screenshots.has(name), `the suite asked for no screenshot ${name}`);
        }
        t.diagnostic(`${results.passed.length} extension-host tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        passed = true;
    }
    finally {
        if (!passed) {
            const tail = (text, lines) => text.split('\n').slice(-lines).join('\n');
            t.diagnostic(`code-server log (tail):\n${tail(serverLog, 40)}`);
            t.diagnostic(`browser console (tail):\n${tail(consoleLog.join('\n'), 80)}`);
        }
        await browser?.close().catch(() => undefined);
        await killGroup(codeServer);
        if (passed)
            fs.rmSync(tmp, { recursive: true, force: true });
        else
            t.diagnostic(`kept for inspection: ${tmp}`);
    }
});
//# sourceMappingURL=vscode.test.js.map