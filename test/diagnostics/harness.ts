// Table-driven harness for the diagnostics suite: each case is a deliberately wrong program
// and the one diagnostic it must produce (code, severity, message, covered text, data).
// Ranges are always found by substring in the source, never written as offsets.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSource, offsetOf, summarize } from '../helpers';
import { reported } from '../../server/src/checks/index';
import { Code, CODES } from '../../server/src/base/codes';
import type { MfDiagnostic } from '../../server/src/base/diagnostic';

export interface Case {
  name: string;
  source: string;
  /** File name given to the analyzer; `.c` for OpenMP/Cilk sources. Default `test.mfc`. */
  file?: string;
  code: Code;
  message: string | RegExp;
  /** The exact text the diagnostic's range must cover. */
  covers: string;
  /** Which appearance of `covers` (1-based), counted from `after` when given. */
  occurrence?: number;
  /** Look for `covers` only from the start of this substring on (disambiguates short covers). */
  after?: string;
  /**
   * Expected `data` payload, compared with deepEqual (a function receives the source, to compute
   * offsets by substring). `null` asserts that the diagnostic carries no data. Absent: not checked.
   */
  data?: Record<string, unknown> | null | ((source: string) => Record<string, unknown>);
  /** How many diagnostics of `code` the program yields in total (default 1). */
  count?: number;
  /** Other error-severity codes this program may also yield. */
  also?: Code[];
  /** Codes (of any severity) that must not appear at all. */
  absent?: Code[];
  /** Set when the engine is known to be wrong here: the test runs but only reports. */
  todo?: string;
}

/** The span of `needle`'s `occurrence`-th appearance at or after the start of `after`. */
export function spanIn(source: string, needle: string, occurrence = 1, after?: string): { start: number; end: number } {
  let at = after === undefined ? -1 : offsetOf(source, after) - 1;
  for (let i = 0; i < occurrence; i++) {
    at = source.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' (occurrence ${occurrence}${after ? ` after '${after}'` : ''}) not found`);
  }
  return { start: at, end: at + needle.length };
}

function describe(source: string, diagnostics: MfDiagnostic[]): string {
  return JSON.stringify(summarize(source, diagnostics), null, 1);
}

export async function checkCase(c: Case): Promise<MfDiagnostic> {
  // On the user's text, as the editor and the command line show them.
  const diagnostics = reported(await checkSource(c.source, c.file ?? 'test.mfc'));
  const all = describe(c.source, diagnostics);
  const span = spanIn(c.source, c.covers, c.occurrence, c.after);
  const ofCode = diagnostics.filter(d => d.code === c.code);
  assert.equal(ofCode.length, c.count ?? 1, `number of ${c.code} diagnostics; got ${all}`);
  const hits = ofCode.filter(d => d.start === span.start && d.end === span.end);
  assert.equal(hits.length, 1, `exactly one ${c.code} covering '${c.covers}' at ${span.start}-${span.end}; got ${all}`);
  const d = hits[0];
  assert.equal(c.source.slice(d.start, d.end), c.covers);
  assert.equal(d.severity, CODES[c.code].severity, `severity of ${c.code}`);
  if (typeof c.message === 'string') assert.equal(d.message, c.message);
  else assert.match(d.message, c.message);
  if (c.data === null) assert.equal(d.data, undefined, `${c.code} should carry no data`);
  else if (c.data !== undefined) {
    const expected = typeof c.data === 'function' ? c.data(c.source) : c.data;
    assert.deepEqual(d.data, expected);
  }
  const allowed = new Set<Code>([c.code, ...(c.also ?? [])]);
  const otherErrors = diagnostics.filter(x => x.severity === 'error' && !allowed.has(x.code));
  assert.deepEqual(summarize(c.source, otherErrors), [], 'no other errors expected');
  const forbidden = diagnostics.filter(x => c.absent?.includes(x.code));
  assert.deepEqual(summarize(c.source, forbidden), [], `none of ${c.absent?.join(', ')} expected`);
  for (const extra of c.also ?? []) {
    assert.ok(diagnostics.some(x => x.code === extra), `listed extra code ${extra} should appear; got ${all}`);
  }
  return d;
}

/** One `test()` per case. */
export function runCases(cases: Case[]): void {
  for (const c of cases) {
    test(`${c.code} ${c.name}`, c.todo ? { todo: c.todo } : {}, async () => { await checkCase(c); });
  }
}

export interface CleanCase { name: string; source: string; file?: string; todo?: string }

/** Valid programs that must yield no diagnostic at all (of any severity). */
export function runClean(cases: CleanCase[]): void {
  for (const c of cases) {
    test(`no false positive: ${c.name}`, c.todo ? { todo: c.todo } : {}, async () => {
      const diagnostics = reported(await checkSource(c.source, c.file ?? 'test.mfc'));
      assert.deepEqual(summarize(c.source, diagnostics), []);
    });
  }
}
