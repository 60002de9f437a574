// The C preprocessor, as far as the analyses need it: `#include` resolved (headers read and
// preprocessed, the C library's headers known from a table), macros defined, undefined and
// expanded, `#if` groups evaluated. Its output is the text the parser and every analysis read,
// with a map back to the user's text (base/sourcemap).

import { diagnostic } from '../base/diagnostic';
import { asWritten, runPreprocessor } from './engine';
import type { PreprocessOptions, Preprocessed } from './types';

export * from './types';

/** The unit as the analyses read it. Never throws. */
export function preprocess(source: string, options: PreprocessOptions = {}): Preprocessed {
  try {
    return runPreprocessor(source, options);
  } catch (e) {
    // A fault of the preprocessor itself: the analyses read the text as written.
    return asWritten(source, {
      diagnostics: [diagnostic('MF100', { start: 0, end: 0 }, `preprocessor failed: ${(e as Error).message}`)],
    });
  }
}

/** Whether two readings of one text are the same: every header, macro, constant and conditional the
 * analyses see (a version read with `b`'s headers would be the one read with `a`'s). */
export function sameReading(a: Preprocessed, b: Preprocessed): boolean {
  const plain = (u: Preprocessed) =>
    JSON.stringify([
      u.source, u.text, u.map.segments, [...u.constants], [...u.macros], u.uses, u.includes, u.systemHeaders, u.headers, u.inactive,
      u.openmpConditionals, u.dependencies, u.diagnostics,
    ]);
  return a === b || (a.text === b.text && plain(a) === plain(b));
}
