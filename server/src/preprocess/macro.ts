// A macro as the expander reads it, made from a `#define` line (C11 6.10.3).

import type { MacroDefinition } from './types';
import type { Span } from '../base/span';
import { lex, type PpToken } from './lexer';

export interface Macro {
  def: MacroDefinition;
  /** Parameter names of a function-like macro; the variadic one last (`__VA_ARGS__` or GNU's name). */
  params?: readonly string[];
  variadic: boolean;
  body: readonly PpToken[];
  /** The same for two definitions that C11 6.10.3p2 lets a program repeat. */
  key: string;
  /** `__FILE__`, `__LINE__`: expanded by the preprocessor itself. */
  dynamic?: 'file' | 'line';
  /** A macro of a C library or runtime header the tool knows without reading it (`M_PI`, `NULL`,
   * `isnan`): defined for `#ifdef` and `defined`, never expanded (a name, as the header's tables say). */
  system?: true;
}

/** The replacement list as written: tokens separated by one space where the source had some. */
export function spell(tokens: readonly { text: string; space: boolean }[]): string {
  let s = '';
  for (let i = 0; i < tokens.length; i++) s += (i > 0 && tokens[i].space ? ' ' : '') + tokens[i].text;
  return s;
}

/** The macro a `#define` line defines (`tokens`: after `define`, up to the end of the line), or the
 * reason it is malformed. `at(token)` is the name's span in the reported file. */
export function parseDefine(
  tokens: readonly PpToken[], file: string | undefined, at: (t: PpToken) => Span,
): Macro | string {
  const name = tokens[0];
  if (!name) return 'macro names must be identifiers: no macro name given in #define directive';
  if (name.kind !== 'id') return 'macro names must be identifiers';
  if (name.text === 'defined') return '"defined" cannot be used as a macro name';
  let i = 1;
  let params: string[] | undefined;
  let variadic = false;
  if (tokens[1]?.text === '(' && !tokens[1].space) {
    params = [];
    i = 2;
    if (tokens[i]?.text === ')') i++;
    else {
      for (;;) {
        const t = tokens[i];
        if (!t) return 'missing \')\' in macro parameter list';
        if (t.text === '...') { params.push('__VA_ARGS__'); variadic = true; i++; }
        else if (t.kind === 'id') {
          if (params.includes(t.text)) return `duplicate macro parameter "${t.text}"`;
          params.push(t.text); i++;
          if (tokens[i]?.text === '...') { variadic = true; i++; }
        } else return `expected parameter name, found "${t.text}"`;
        const sep = tokens[i++];
        if (sep?.text === ')') break;
        if (variadic || sep?.text !== ',') {
          return sep ? `expected ',' or ')', found "${sep.text}"` : 'missing \')\' in macro parameter list';
        }
      }
    }
  }
  const body = tokens.slice(i);
  if (body.length && body[0].text === '##' || body.length > 1 && body[body.length - 1].text === '##') {
    return "'##' cannot appear at either end of a macro expansion";
  }
  if (params) {
    for (let j = 0; j < body.length; j++) {
      if (body[j].text === '#' && !(body[j + 1]?.kind === 'id' && (params.includes(body[j + 1].text)
        || body[j + 1].text === '__VA_OPT__'))) {
        return "'#' is not followed by a macro parameter";
      }
    }
  }
  const first = body[0];
  const text = spell(first ? [{ text: first.text, space: false }, ...body.slice(1)] : []);
  const shown = params?.map((p, k) =>
    variadic && k === params!.length - 1 ? (p === '__VA_ARGS__' ? '...' : p + '...') : p);
  return {
    def: {
      name: name.text, ...(shown ? { params: shown } : {}), body: text, ...(file !== undefined ? { file } : {}),
      span: at(name),
    },
    params, variadic, body, key: `${shown ? `(${shown.join(',')})` : ''} ${text}`,
  };
}

/** A macro from the command line or the predefined set: `NAME` or `NAME(params)`, and its value. */
export function commandLineMacro(spec: string, value: string, file: string): Macro | undefined {
  const m = parseDefine(lex(`${spec} ${value}`).filter(t => t.kind !== 'newline'), file, () => ({ start: 0, end: 0 }));
  return typeof m === 'string' ? undefined : m;
}
