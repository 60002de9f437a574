import { Code, CODES, Severity } from './codes';
import { LineIndex, Position } from '../syntax/lines';
import type { Span } from '../syntax/keywords';

/** A diagnostic on the user's text (offsets in UTF-16 code units, like LSP). */
export interface MfDiagnostic extends Span {
  code: Code;
  severity: Severity;
  message: string;
  /** What a quick fix needs to find and repair the problem. */
  data?: Record<string, unknown>;
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
    range: { start, end: lines.position(d.end) }, severity: LSP_SEVERITY[d.severity], code: d.code,
    source: 'metafork', message: d.message, ...(d.data ? { data: d.data } : {}), line: start.line + 1,
  };
}
