"use strict";
// The settings schema (shared/settings.ts) is what package.json contributes to VS Code: every
// setting, its type, default, allowed values and scope; and reading settings falls back to the
// defaults on a mistake, with one message per mistake.
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
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const settings_1 = require("../../shared/settings");
const manifest = JSON.parse(fs.readFileSync(path.join(helpers_1.ROOT, 'package.json'), 'utf8'));
const contributed = manifest.contributes.configuration.properties;
(0, node_test_1.test)("package.json's configuration is the schema: the same settings, types, defaults, enums and scopes", () => {
    const schema = settings_1.SETTINGS_SCHEMA;
    strict_1.default.deepEqual(Object.keys(contributed).sort(), Object.keys(schema).map(k => `${settings_1.SETTINGS_SECTION}.${k}`).sort());
    for (const [key, s] of Object.entries(schema)) {
        const c = contributed[`${settings_1.SETTINGS_SECTION}.${key}`];
        strict_1.default.equal(c.type, s.type, key);
        strict_1.default.deepEqual(c.default, s.default, key);
        strict_1.default.deepEqual(c.enum, s.enum ? [...s.enum] : undefined, key);
        strict_1.default.equal(c.scope, s.scope, key);
        strict_1.default.deepEqual(c.items, s.items, key);
        if (c.enumDescriptions)
            strict_1.default.equal(c.enumDescriptions.length, c.enum.length, key);
        strict_1.default.equal(typeof c.description, 'string', key);
    }
});
(0, node_test_1.test)('the defaults are the schema defaults', () => {
    strict_1.default.deepEqual(settings_1.DEFAULT_SETTINGS, {
        enableForCAndCpp: true, includePaths: [], defines: [], cuda: { memory: 'global', gpu: 'h100', nvccPath: '', values: [] },
    });
});
(0, node_test_1.test)('settings read from a nested object; a mistake takes the default and is said once', () => {
    const problems = [];
    const sent = {
        enableForCAndCpp: false, includePaths: ['inc', '/opt/inc'], defines: ['N=4', '1X'],
        cuda: { memory: 'texture', gpu: 'v100', nvccPath: 3, values: ['N=65536', 'B=1.5'] },
    };
    const settings = (0, settings_1.settingsFrom)(key => (0, settings_1.valueAt)(sent, key), p => problems.push(p));
    strict_1.default.deepEqual(settings, {
        enableForCAndCpp: false, includePaths: ['inc', '/opt/inc'], defines: [],
        cuda: { memory: 'global', gpu: 'v100', nvccPath: '', values: [] },
    });
    strict_1.default.deepEqual(problems, [
        'metafork.defines must be an array of strings NAME or NAME=VALUE',
        'metafork.cuda.memory must be one of global, shared', 'metafork.cuda.nvccPath must be a string',
        'metafork.cuda.values must be an array of strings NAME=VALUE, VALUE an integer',
    ]);
});
(0, node_test_1.test)('one message per mistake, naming the flag or parameter it came from', () => {
    strict_1.default.equal((0, settings_1.settingProblem)('cuda.gpu', 'gtx-9000', '--gpu'), '--gpu must be one of tesla-m2050, gtx-670, k20c, v100, a100, h100, h200');
    strict_1.default.equal((0, settings_1.settingProblem)('cuda.memory', 'texture', "'memory'"), "'memory' must be one of global, shared");
    strict_1.default.equal((0, settings_1.settingProblem)('enableForCAndCpp', 'yes'), 'metafork.enableForCAndCpp must be a boolean');
    strict_1.default.equal((0, settings_1.settingProblem)('cuda.gpu', 'a100'), undefined);
    strict_1.default.equal((0, settings_1.settingProblem)('includePaths', 'inc'), 'metafork.includePaths must be an array of strings');
    strict_1.default.equal((0, settings_1.settingProblem)('includePaths', ['inc', 2]), 'metafork.includePaths must be an array of strings');
    strict_1.default.equal((0, settings_1.settingProblem)('defines', ['N', 'M=2', 'EMPTY=', 'S=a b']), undefined);
});
//# sourceMappingURL=settings.test.js.map