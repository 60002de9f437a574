// The `metafork.*` settings as the server sees them. In an untrusted workspace `cuda.nvccPath` is
// always empty, so no configured compiler is ever run there (SPEC §12), whatever the user or
// workspace settings say; granting trust sends the real value.

import { workspace } from 'vscode';
import { DEFAULT_SETTINGS, MetaforkSettings, SETTINGS_SECTION } from '../../shared/settings';

export function readSettings(): MetaforkSettings {
  const config = workspace.getConfiguration(SETTINGS_SECTION);
  const defaults = DEFAULT_SETTINGS;
  return {
    enableForCAndCpp: config.get('enableForCAndCpp', defaults.enableForCAndCpp),
    cuda: {
      memory: config.get('cuda.memory', defaults.cuda.memory),
      gpu: config.get('cuda.gpu', defaults.cuda.gpu),
      nvccPath: workspace.isTrusted ? config.get('cuda.nvccPath', defaults.cuda.nvccPath) : '',
    },
  };
}

/** The value at a dotted `section` (`metafork`, `metafork.cuda`, `metafork.cuda.memory`) of the
 * settings above, for the server's `workspace/configuration` requests; undefined outside them. */
export function settingsSection(section: string): { found: boolean; value?: unknown } {
  const parts = section.split('.');
  if (parts[0] !== SETTINGS_SECTION) return { found: false };
  let value: unknown = readSettings();
  for (const part of parts.slice(1)) {
    if (value === null || typeof value !== 'object' || !(part in value)) return { found: true, value: null };
    value = (value as Record<string, unknown>)[part];
  }
  return { found: true, value };
}
