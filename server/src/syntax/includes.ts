// `#include` lines: the translators add and drop system headers (omp.h, cilk/cilk.h, string.h)
// and the elision drops the CilkPlus ones. Text-level on purpose: an include can sit anywhere,
// and the parser's view of preprocessor lines adds nothing here.

import type { Span } from './keywords';

export interface IncludeLine extends Span {
  /** The header as written between `<>` or quotes. */
  header: string;
  system: boolean;
}

const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\n]*)[>"][^\n]*\n?/gm;

/** Every `#include` line of the text, each span with its newline. */
export function includeLines(text: string): IncludeLine[] {
  return [...text.matchAll(INCLUDE)].map(m => ({ start: m.index!, end: m.index! + m[0].length, header: m[2].trim(), system: m[1] === '<' }));
}

/** The `#include <header>` lines whose header passes `test`. */
export function systemIncludes(text: string, test: (header: string) => boolean): IncludeLine[] {
  return includeLines(text).filter(l => l.system && test(l.header));
}
