"use strict";
// The `metafork.*` settings, described once: their type, default and allowed values. The server
// reads its settings through `settingsFrom`, the client reads VS Code's configuration through it,
// the command line validates its --gpu and --memory with `settingProblem`, and a test checks
// package.json's `contributes.configuration` against `SETTINGS_SCHEMA`.
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_SETTINGS = exports.SETTINGS_SCHEMA = exports.GPU_PRESETS = exports.SETTINGS_SECTION = void 0;
exports.settingProblem = settingProblem;
exports.settingsFrom = settingsFrom;
exports.estimateValues = estimateValues;
exports.valueAt = valueAt;
exports.SETTINGS_SECTION = 'metafork';
/** GPU presets a user can target (their limits live with the cost model). */
exports.GPU_PRESETS = ['tesla-m2050', 'gtx-670', 'k20c', 'v100', 'a100', 'h100', 'h200'];
const MEMORY_MODES = ['global', 'shared'];
/** Every setting by its key below `metafork.` (dotted: `cuda.gpu`). */
exports.SETTINGS_SCHEMA = {
    'enableForCAndCpp': { type: 'boolean', default: true },
    'includePaths': { type: 'array', items: { type: 'string' }, default: [] },
    'defines': {
        type: 'array', default: [],
        items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*(=.*)?$', patternErrorMessage: 'NAME or NAME=VALUE' },
    },
    'cuda.memory': { type: 'string', enum: MEMORY_MODES, default: 'global' },
    'cuda.gpu': { type: 'string', enum: exports.GPU_PRESETS, default: 'h100' },
    'cuda.nvccPath': { type: 'string', default: '', scope: 'machine-overridable' },
    // Read by the editor's language client (`<id>.trace.server`), which turns the server's trace on.
    'trace.server': { type: 'string', enum: ['off', 'messages', 'verbose'], default: 'off' },
    'cuda.values': {
        type: 'array', default: [],
        items: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*=-?[0-9]+$', patternErrorMessage: 'NAME=VALUE, VALUE an integer' },
    },
};
/** What is wrong with `value` for the setting `key`, in one sentence naming it as `name` (a
 * command-line flag, a request parameter); undefined when it is valid. */
function settingProblem(key, value, name = `${exports.SETTINGS_SECTION}.${key}`) {
    const schema = exports.SETTINGS_SCHEMA[key];
    if (schema.items) {
        const { pattern, patternErrorMessage } = schema.items;
        const fits = (v) => typeof v === 'string' && (!pattern || new RegExp(pattern).test(v));
        if (Array.isArray(value) && value.every(fits))
            return undefined;
        return `${name} must be an array of ${pattern ? `strings ${patternErrorMessage}` : 'strings'}`;
    }
    if (schema.enum) {
        return schema.enum.includes(value) ? undefined : `${name} must be one of ${schema.enum.join(', ')}`;
    }
    return typeof value === schema.type ? undefined : `${name} must be a ${schema.type}`;
}
/** The settings read through `get` (a key's value, or undefined where it is not set): a value
 * missing or invalid (a typo in settings.json) takes its default; `problems` hears why. */
function settingsFrom(get, problems) {
    const value = (key) => {
        const v = get(key);
        if (v === undefined || v === null)
            return exports.SETTINGS_SCHEMA[key].default;
        const problem = settingProblem(key, v);
        if (problem) {
            problems?.(problem);
            return exports.SETTINGS_SCHEMA[key].default;
        }
        return v;
    };
    return {
        enableForCAndCpp: value('enableForCAndCpp'),
        includePaths: [...value('includePaths')],
        defines: [...value('defines')],
        cuda: {
            memory: value('cuda.memory'),
            gpu: value('cuda.gpu'),
            nvccPath: value('cuda.nvccPath'),
            values: [...value('cuda.values')],
        },
    };
}
/** `metafork.cuda.values` as the cost model's `set` (`N=4096` → `{ N: 4096 }`). */
function estimateValues(settings) {
    return Object.fromEntries(settings.cuda.values.map(v => { const [k, x] = v.split('='); return [k, Number(x)]; }));
}
/** The value at a dotted key of a nested settings object (`cuda.gpu` of `{cuda: {gpu}}`). */
function valueAt(settings, key) {
    let value = settings;
    for (const part of key.split('.')) {
        if (value === null || typeof value !== 'object' || !(part in value))
            return undefined;
        value = value[part];
    }
    return value;
}
exports.DEFAULT_SETTINGS = settingsFrom(() => undefined);
//# sourceMappingURL=settings.js.map