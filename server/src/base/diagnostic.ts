import { Code, CODES, Severity } from './codes';
import { LineIndex, Position } from './lines';
import type { SourceConflict, SourceMap } from './sourcemap';
import type { Span } from './span';

/** A diagnostic on the user's text (offsets in UTF-16 code units, like LSP). */
export interface MfDiagnostic extends Span {
  code: Code;
  severity: Severity;
  message: string;
  /** What a quick fix needs to find and repair the problem. */
  data?: Record<string, unknown>;
}

/** The `data` fields that hold offsets in the text (where a quick fix edits, the spawn a message
 * cites). Like the range, they move with the item when an edit above it shifts it. */
const DATA_OFFSETS: readonly string[] = ['at', 'spawn'];

/** Codes whose message may cite a line number (MF314: the spawn's line; the races: the other side's),
 * which an inserted line above the item changes while its text stays the same. */
export const CITES_LINE: ReadonlySet<Code> = new Set<Code>(['MF314', 'MF403', 'MF406']);

/** The diagnostic moved by `delta` characters: its range and the offsets in its data. */
export function shifted(d: MfDiagnostic, delta: number): MfDiagnostic {
  const moved: MfDiagnostic = { ...d, start: d.start + delta, end: d.end + delta };
  if (d.data && DATA_OFFSETS.some(k => typeof d.data![k] === 'number')) {
    const data = { ...d.data };
    for (const k of DATA_OFFSETS) if (typeof data[k] === 'number') data[k] = (data[k] as number) + delta;
    moved.data = data;
  }
  return moved;
}

/** A diagnostic on the analysed text moved to the user's text: its range and the offsets in its data. */
export function inSource(d: MfDiagnostic, map: SourceMap): MfDiagnostic {
  if (map.isIdentity) return d;
  const moved: MfDiagnostic = { ...d, ...map.toSource(d) };
  if (d.data && DATA_OFFSETS.some(k => typeof d.data![k] === 'number')) {
    const data = { ...d.data };
    for (const k of DATA_OFFSETS) if (typeof data[k] === 'number') data[k] = map.offsetToSource(data[k] as number);
    moved.data = data;
  }
  return moved;
}

/** A transform's refusal to rewrite what the user wrote around a conditional directive. */
export function conflictDiagnostic(e: SourceConflict): MfDiagnostic {
  return diagnostic('MF114', e.span,
    'this rewrite would change a conditional directive (#if, #ifdef, #else, #endif) or the lines it ' +
    'leaves inactive; move the directive out of the construct, or translate by hand');
}

export function diagnostic(code: Code, span: Span, message: string, data?: Record<string, unknown>): MfDiagnostic {
  return { code, severity: CODES[code].severity, message, start: span.start, end: span.end, ...(data ? { data } : {}) };
}

const LSP_SEVERITY: Record<Severity, 1 | 2 | 3 | 4> = { error: 1, warning: 2, information: 3, hint: 4 };

/** An LSP `Diagnostic` (plus `line`, 1-based, for people reading JSON output). */
export interface LspDiagnostic {
  range: { start: Position; end: Position };
  severity: 1 | 2 | 3 | 4;
  code: string;
  source: 'metafork';
  message: string;
  data?: Record<string, unknown>;
  line: number;
}

export function toLsp(d: MfDiagnostic, lines: LineIndex): LspDiagnostic {
  const start = lines.position(d.start);
  return {
    range: { start, end: lines.position(d.end, d.end > d.start) }, severity: LSP_SEVERITY[d.severity], code: d.code,
    source: 'metafork', message: d.message, ...(d.data ? { data: d.data } : {}), line: start.line + 1,
  };
}
