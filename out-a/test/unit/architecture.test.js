"use strict";
// The house's invariants (ARCHITECTURE.md, "Invariants"), checked on every import of the code,
// and shown to catch a violation planted in an otherwise clean graph.
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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const architecture_1 = require("../architecture");
const helpers_1 = require("../helpers");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
(0, node_test_1.test)('the code keeps every invariant of the house and has no import cycle', () => {
    const imports = (0, architecture_1.readImports)(helpers_1.ROOT);
    strict_1.default.ok(imports.length > 300, `read only ${imports.length} imports`);
    strict_1.default.deepEqual((0, architecture_1.violations)(imports).map(v => `${v.rule}: ${v.at}`), []);
});
(0, node_test_1.test)('every folder of server/src stands on a floor of the house', () => {
    const rooms = fs.readdirSync(path.join(helpers_1.ROOT, 'server/src')).map(n => `server/src/${n.replace(/\.ts$/, '')}`);
    const placed = new Set(architecture_1.FLOORS.flat());
    strict_1.default.deepEqual(rooms.filter(r => !placed.has(r)), []);
});
(0, node_test_1.test)('imports are read from every form: import, import type, re-export, import(), require(), import types', () => {
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
    strict_1.default.deepEqual((0, architecture_1.importsIn)('x.ts', text), [
        { specifier: './a', typeOnly: false }, { specifier: '../b', typeOnly: true },
        { specifier: './c', typeOnly: false }, { specifier: './d', typeOnly: true },
        { specifier: './e', typeOnly: false }, { specifier: './f', typeOnly: false },
        { specifier: './g', typeOnly: true }, { specifier: 'h', typeOnly: false },
    ]);
});
(0, node_test_1.test)('a planted violation of each rule is reported, with the import that breaks it', () => {
    const clean = (0, architecture_1.readImports)(helpers_1.ROOT);
    const plant = (from, to, typeOnly = false) => ({ from, to, typeOnly });
    const planted = [
        plant('server/src/syntax/parser', 'server/src/model/document', true),
        plant('server/src/translate/index', 'server/src/cuda/index'),
        plant('server/src/cost/index', 'server/src/optimize/index'),
        plant('server/src/model/scopes', 'server/src/checks/diagnose'),
        plant('server/src/checks/diagnose', 'vscode-languageserver/node'),
        plant('client/src/views', 'server/src/translate/index'),
    ];
    const before = new Set((0, architecture_1.violations)(clean).map(v => `${v.rule}: ${v.at}`));
    strict_1.default.deepEqual((0, architecture_1.violations)([...clean, ...planted]).filter(v => v.rule !== 'cycles') // planted layer violations close cycles too: the next test
        .map(v => `${v.rule}: ${v.at}`).filter(v => !before.has(v)), [
        'client: client/src/views -> server/src/translate/index',
        'core: server/src/checks/diagnose -> vscode-languageserver/node',
        'cost: server/src/cost/index -> server/src/optimize/index',
        'layers: server/src/model/scopes -> server/src/checks/diagnose',
        'siblings: server/src/translate/index -> server/src/cuda/index',
        'syntax: server/src/syntax/parser -> server/src/model/document',
    ]);
    strict_1.default.equal(Object.keys(architecture_1.RULES).length, 7);
});
(0, node_test_1.test)('a planted cycle is found, inside one layer and through a type-only import', () => {
    const clean = (0, architecture_1.readImports)(helpers_1.ROOT);
    const loop = [
        { from: 'server/src/base/span', to: 'server/src/base/layout', typeOnly: true },
    ];
    const before = new Set((0, architecture_1.cycles)(clean).map(c => c.join(' -> ')));
    strict_1.default.deepEqual((0, architecture_1.cycles)([...clean, ...loop]).filter(c => !before.has(c.join(' -> '))), [['server/src/base/layout', 'server/src/base/span']]);
});
//# sourceMappingURL=architecture.test.js.map