// Shared test helpers: analysis of inline sources and positions found by substring.

import * as path from 'path';
import { checkText, Checked } from '../server/src/checks/index';
import type { MfDiagnostic } from '../server/src/base/diagnostic';

export const ROOT = path.resolve(__dirname, '..', '..');
export const fixture = (...parts: string[]) => path.join(ROOT, 'test', 'fixtures', ...parts);

export async function checkSource(text: string, fileName = 'test.mfc'): Promise<Checked> {
  return checkText(text, fileName);
}

/** Offset of the `occurrence`-th (1-based) appearance of `needle`; throws when absent. */
export function offsetOf(text: string, needle: string, occurrence = 1): number {
  let at = -1;
  for (let i = 0; i < occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' (occurrence ${occurrence}) not found`);
  }
  return at;
}

/** The span of a substring, for asserting diagnostic ranges. */
export function spanOf(text: string, needle: string, occurrence = 1): { start: number; end: number } {
  const start = offsetOf(text, needle, occurrence);
  return { start, end: start + needle.length };
}

/** Diagnostics reduced to what tests compare: code, the text they cover, the message. */
export function summarize(text: string, diagnostics: MfDiagnostic[]): { code: string; text: string; message: string }[] {
  return diagnostics.map(d => ({ code: d.code, text: text.slice(d.start, d.end), message: d.message }));
}
