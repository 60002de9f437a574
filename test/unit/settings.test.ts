// The settings schema (shared/settings.ts) is what package.json contributes to VS Code: every
// setting, its type, default, allowed values and scope; and reading settings falls back to the
// defaults on a mistake, with one message per mistake.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from '../helpers';
import {
  DEFAULT_SETTINGS, SETTINGS_SCHEMA, SETTINGS_SECTION, SettingSchema, settingProblem, settingsFrom, valueAt,
} from '../../shared/settings';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const contributed = manifest.contributes.configuration.properties;

test("package.json's configuration is the schema: the same settings, types, defaults, enums and scopes", () => {
  const schema = SETTINGS_SCHEMA as Record<string, SettingSchema>;
  assert.deepEqual(Object.keys(contributed).sort(), Object.keys(schema).map(k => `${SETTINGS_SECTION}.${k}`).sort());
  for (const [key, s] of Object.entries(schema)) {
    const c = contributed[`${SETTINGS_SECTION}.${key}`];
    assert.equal(c.type, s.type, key);
    assert.deepEqual(c.default, s.default, key);
    assert.deepEqual(c.enum, s.enum ? [...s.enum] : undefined, key);
    assert.equal(c.scope, s.scope, key);
    assert.deepEqual(c.items, s.items, key);
    if (c.enumDescriptions) assert.equal(c.enumDescriptions.length, c.enum.length, key);
    assert.equal(typeof c.description, 'string', key);
  }
});

test('the defaults are the schema defaults', () => {
  assert.deepEqual(DEFAULT_SETTINGS, {
    enableForCAndCpp: true, includePaths: [], defines: [], cuda: { memory: 'global', gpu: 'h100', nvccPath: '', values: [] },
  });
});

test('settings read from a nested object; a mistake takes the default and is said once', () => {
  const problems: string[] = [];
  const sent = {
    enableForCAndCpp: false, includePaths: ['inc', '/opt/inc'], defines: ['N=4', '1X'],
    cuda: { memory: 'texture', gpu: 'v100', nvccPath: 3, values: ['N=65536', 'B=1.5'] },
  };
  const settings = settingsFrom(key => valueAt(sent, key), p => problems.push(p));
  assert.deepEqual(settings, {
    enableForCAndCpp: false, includePaths: ['inc', '/opt/inc'], defines: [],
    cuda: { memory: 'global', gpu: 'v100', nvccPath: '', values: [] },
  });
  assert.deepEqual(problems, [
    'metafork.defines must be an array of strings NAME or NAME=VALUE',
    'metafork.cuda.memory must be one of global, shared', 'metafork.cuda.nvccPath must be a string',
    'metafork.cuda.values must be an array of strings NAME=VALUE, VALUE an integer',
  ]);
});

test('one message per mistake, naming the flag or parameter it came from', () => {
  assert.equal(settingProblem('cuda.gpu', 'gtx-9000', '--gpu'),
    '--gpu must be one of tesla-m2050, gtx-670, k20c, v100, a100, h100, h200');
  assert.equal(settingProblem('cuda.memory', 'texture', "'memory'"), "'memory' must be one of global, shared");
  assert.equal(settingProblem('enableForCAndCpp', 'yes'), 'metafork.enableForCAndCpp must be a boolean');
  assert.equal(settingProblem('cuda.gpu', 'a100'), undefined);
  assert.equal(settingProblem('includePaths', 'inc'), 'metafork.includePaths must be an array of strings');
  assert.equal(settingProblem('includePaths', ['inc', 2]), 'metafork.includePaths must be an array of strings');
  assert.equal(settingProblem('defines', ['N', 'M=2', 'EMPTY=', 'S=a b']), undefined);
});
