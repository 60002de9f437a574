// The house's invariants (ARCHITECTURE.md, "Invariants"), checked on every import of the code,
// and shown to catch a violation planted in an otherwise clean graph.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cycles, FLOORS, Import, importsIn, readImports, RULES, violations } from '../architecture';
import { ROOT } from '../helpers';
import * as fs from 'fs';
import * as path from 'path';

test('the code keeps every invariant of the house and has no import cycle', () => {
  const imports = readImports(ROOT);
  assert.ok(imports.length > 300, `read only ${imports.length} imports`);
  assert.deepEqual(violations(imports).map(v => `${v.rule}: ${v.at}`), []);
});

test('every folder of server/src stands on a floor of the house', () => {
  const rooms = fs.readdirSync(path.join(ROOT, 'server/src')).map(n => `server/src/${n.replace(/\.ts$/, '')}`);
  const placed = new Set(FLOORS.flat());
  assert.deepEqual(rooms.filter(r => !placed.has(r)), []);
});

test('imports are read from every form: import, import type, re-export, import(), require(), import types', () => {
  const text = [
    "import { a } from './a';",
    "import type { B } from '../b';",
    "export { c } from './c';",
    "export type { D } from './d';",
    "const e = require('./e');",
    "async function f() { return import('./f'); }",
    "let g: typeof import('./g');",
    "import 'h';",
  ].join('\n');
  assert.deepEqual(importsIn('x.ts', text), [
    { specifier: './a', typeOnly: false }, { specifier: '../b', typeOnly: true },
    { specifier: './c', typeOnly: false }, { specifier: './d', typeOnly: true },
    { specifier: './e', typeOnly: false }, { specifier: './f', typeOnly: false },
    { specifier: './g', typeOnly: true }, { specifier: 'h', typeOnly: false },
  ]);
});

test('a planted violation of each rule is reported, with the import that breaks it', () => {
  const clean = readImports(ROOT);
  const plant = (from: string, to: string, typeOnly = false): Import => ({ from, to, typeOnly });
  const planted = [
    plant('server/src/syntax/parser', 'server/src/model/document', true),
    plant('server/src/translate/index', 'server/src/cuda/index'),
    plant('server/src/cost/index', 'server/src/optimize/index'),
    plant('server/src/model/scopes', 'server/src/checks/diagnose'),
    plant('server/src/checks/diagnose', 'vscode-languageserver/node'),
    plant('client/src/views', 'server/src/translate/index'),
  ];
  const before = new Set(violations(clean).map(v => `${v.rule}: ${v.at}`));
  assert.deepEqual(violations([...clean, ...planted]).filter(v => v.rule !== 'cycles') // planted layer violations close cycles too: the next test
    .map(v => `${v.rule}: ${v.at}`).filter(v => !before.has(v)), [
    'client: client/src/views -> server/src/translate/index',
    'core: server/src/checks/diagnose -> vscode-languageserver/node',
    'cost: server/src/cost/index -> server/src/optimize/index',
    'layers: server/src/model/scopes -> server/src/checks/diagnose',
    'siblings: server/src/translate/index -> server/src/cuda/index',
    'syntax: server/src/syntax/parser -> server/src/model/document',
  ]);
  assert.equal(Object.keys(RULES).length, 7);
});

test('a planted cycle is found, inside one layer and through a type-only import', () => {
  const clean = readImports(ROOT);
  const loop: Import[] = [
    { from: 'server/src/base/span', to: 'server/src/base/layout', typeOnly: true },
  ];
  const before = new Set(cycles(clean).map(c => c.join(' -> ')));
  assert.deepEqual(cycles([...clean, ...loop]).filter(c => !before.has(c.join(' -> '))),
    [['server/src/base/layout', 'server/src/base/span']]);
});
