// Entry point of the extension-host test suite (bundled to dist/test/suite.js and shipped in the
// .vsix). VS Code loads it as `extensionTestsPath` and calls `run()`; code-server (through the
// workbench's `codeAutomationExit` hook, test/e2e/vscode.test.ts) and @vscode/test-electron
// (scripts/test-electron.mjs) both use it.
//
// Besides the spec reporter's output (the extension host's console), the results are written as
// JSON to `<workspace>/.metafork-e2e/results.json`, where the runner reads the failures from.

import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import { workspace } from 'vscode';
import { defineTests } from './extension.test';

export interface SuiteResults {
  passed: string[];
  failed: { title: string; error: string }[];
  pending: string[];
}

export function run(): Promise<void> {
  const folder = workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) return Promise.reject(new Error('the e2e suite needs a workspace folder holding the fixtures'));
  const control = path.join(folder, '.metafork-e2e');
  fs.mkdirSync(control, { recursive: true });

  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000, reporter: 'spec' });
  const grep = process.env.METAFORK_E2E_GREP;
  if (grep) mocha.grep(grep);
  defineTests(mocha.suite, folder, control);

  const results: SuiteResults = { passed: [], failed: [], pending: [] };
  return new Promise((resolve, reject) => {
    const runner = mocha.run(failures => {
      fs.writeFileSync(path.join(control, 'results.json'), JSON.stringify(results, null, 2));
      if (failures > 0) reject(new Error(`${failures} of ${results.passed.length + results.failed.length} e2e tests failed`));
      else resolve();
    });
    runner.on('pass', test => results.passed.push(test.fullTitle()));
    runner.on('pending', test => results.pending.push(test.fullTitle()));
    runner.on('fail', (test, error: Error) => results.failed.push({ title: test.fullTitle(), error: error.stack ?? String(error) }));
  });
}
