// The edit collector of one transform over one text (a translation stage, the CUDA generator,
// an optimizer variant): its edits, its findings, the headers its output needs. An outer
// construct renders its body with the inner constructs already transformed (inner first, as
// the thesis's translators do).

import { diagnostic, type MfDiagnostic } from './diagnostic';
import type { Code } from './codes';
import { applyEdits, type TextEdit } from './edits';
import { indentUnit } from './layout';
import type { Span } from './span';

/** The edits and findings of one translation stage over one text. */
export class Stage {
  readonly edits: TextEdit[] = [];
  readonly diagnostics: MfDiagnostic[] = [];
  /** Includes the output needs (`<string.h>` for memcpy, ...). */
  readonly includes = new Set<string>();

  /** `partial`: only some constructs are translated (a quick fix), so the rest of the file
   * still needs what the source dialect needs (its headers). */
  constructor(readonly text: string, readonly partial = false) {}

  edit(e: TextEdit): void { this.edits.push(e); }

  private unitOfText?: string;
  /** The text's indentation unit (read once: a stage asks for it at every construct). */
  get unit(): string { return this.unitOfText ??= indentUnit(this.text); }

  /**
   * The text of `span` with the edits inside it applied; those edits are consumed (an outer
   * construct renders its body first, then adds its own edits around it).
   */
  render(span: Span): string {
    const inside: TextEdit[] = [];
    for (let i = this.edits.length - 1; i >= 0; i--) {
      const e = this.edits[i];
      if (e.start >= span.start && e.end <= span.end) {
        inside.unshift(e);
        this.edits.splice(i, 1);
      }
    }
    const shifted = inside.map(e => ({ start: e.start - span.start, end: e.end - span.start, newText: e.newText }));
    return applyEdits(this.text.slice(span.start, span.end), shifted);
  }

  refuse(code: Code, span: Span, message: string, data?: Record<string, unknown>): void {
    this.diagnostics.push(diagnostic(code, span, message, data));
  }

  note(span: Span, message: string): void {
    this.diagnostics.push(diagnostic('MF604', span, message));
  }

  get failed(): boolean { return this.diagnostics.some(d => d.severity === 'error'); }
}
