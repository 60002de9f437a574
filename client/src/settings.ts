// The `metafork.*` settings as the server sees them, read through the one schema
// (shared/settings.ts). In an untrusted workspace `cuda.nvccPath` is always empty, so no
// configured compiler is ever run there, whatever the user or workspace settings say; granting
// trust sends the real value.

import { workspace } from 'vscode';
import { MetaforkSettings, SETTINGS_SECTION, settingsFrom, valueAt } from '../../shared/settings';

export function readSettings(): MetaforkSettings {
  const config = workspace.getConfiguration(SETTINGS_SECTION);
  return settingsFrom(key => (key === 'cuda.nvccPath' && !workspace.isTrusted ? undefined : config.get(key)));
}

/** The value at a dotted `section` (`metafork`, `metafork.cuda`, `metafork.cuda.memory`) of the
 * settings above, for the server's `workspace/configuration` requests; undefined outside them. */
export function settingsSection(section: string): { found: boolean; value?: unknown } {
  const parts = section.split('.');
  if (parts[0] !== SETTINGS_SECTION) return { found: false };
  const settings = readSettings();
  const value = parts.length === 1 ? settings : valueAt(settings, parts.slice(1).join('.'));
  return { found: true, value: value === undefined ? null : value };
}
