// The programs `npm run bench` times translating are translations, not refusals (the bench would
// time how fast a refusal comes), and valid C: the OpenMP program in NAS's shape made of our fixtures.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { translateText } from '../../server/src/translate/index';
import { nasShapedProgram } from '../bench/generate';
import { ROOT } from '../helpers';

const skip = spawnSync('gcc', ['--version']).status === 0 ? false : 'gcc not found';

test('the bench\'s OpenMP program in NAS\'s shape: gcc -fopenmp accepts it, and it translates to MetaFork and CilkPlus', { skip }, async () => {
  const program = nasShapedProgram(3000, path.join(ROOT, 'test', 'fixtures'));
  assert.ok(program.split('\n').length >= 3000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-nas-shaped-'));
  const file = path.join(dir, 'nas.c');
  fs.writeFileSync(file, program);
  const gcc = spawnSync('gcc', ['-fopenmp', '-Wall', '-Werror', '-fsyntax-only', file], { encoding: 'utf8' });
  assert.equal(gcc.status, 0, gcc.stderr);
  for (const to of ['metafork', 'cilkplus'] as const) {
    const r = await translateText(program, to, { fileName: 'nas.c', verify: true });
    assert.ok(r.text !== undefined, `${to}: ${r.diagnostics.filter(d => d.severity === 'error').map(d => d.message).join('; ')}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});
