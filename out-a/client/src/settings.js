"use strict";
// The `metafork.*` settings as the server sees them, read through the one schema
// (shared/settings.ts). In an untrusted workspace `cuda.nvccPath` is always empty, so no
// configured compiler is ever run there, whatever the user or workspace settings say; granting
// trust sends the real value.
Object.defineProperty(exports, "__esModule", { value: true });
exports.readSettings = readSettings;
exports.settingsSection = settingsSection;
const vscode_1 = require("vscode");
const settings_1 = require("../../shared/settings");
function readSettings() {
    const config = vscode_1.workspace.getConfiguration(settings_1.SETTINGS_SECTION);
    return (0, settings_1.settingsFrom)(key => (key === 'cuda.nvccPath' && !vscode_1.workspace.isTrusted ? undefined : config.get(key)));
}
/** The value at a dotted `section` (`metafork`, `metafork.cuda`, `metafork.cuda.memory`) of the
 * settings above, for the server's `workspace/configuration` requests; undefined outside them. */
function settingsSection(section) {
    const parts = section.split('.');
    if (parts[0] !== settings_1.SETTINGS_SECTION)
        return { found: false };
    const settings = readSettings();
    const value = parts.length === 1 ? settings : (0, settings_1.valueAt)(settings, parts.slice(1).join('.'));
    return { found: true, value: value === undefined ? null : value };
}
//# sourceMappingURL=settings.js.map