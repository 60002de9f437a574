// The edit collector of one transform over one text (a translation stage, the CUDA generator,
// an optimizer variant): its edits, its findings, the headers its output needs. An outer
// construct renders its body with the inner constructs already transformed (inner first, as
// the thesis's translators do).

import { diagnostic, type MfDiagnostic } from './diagnostic';
import type { Code } from './codes';
import type { TextEdit } from './edits';
import type { Segment, SourceMap } from './sourcemap';
import { indentUnit } from './layout';
import type { Span } from './span';

/** The edits and findings of one translation stage over one text. */
export class Stage {
  readonly edits: TextEdit[] = [];
  readonly diagnostics: MfDiagnostic[] = [];
  /** Includes the output needs (`<string.h>` for memcpy, ...). */
  readonly includes = new Set<string>();


  /** `map`: the analysed text the edits are on, and the user's text they are written back to.
   * `partial`: only some constructs are translated (a quick fix), so the rest of the file still
   * needs what the source dialect needs (its headers). */
  constructor(
    readonly map: SourceMap,
    readonly partial = false,
    /** The conditional lines its renders wrote out (they may leave the place an edit rewrites);
     * shared with the stages that print pieces of the same output (a kernel). */
    readonly written = new Set<Segment>(),
  ) {}

  /** The analysed text: every edit's offsets are in it. */
  get text(): string { return this.map.text; }

  edit(e: TextEdit): void { this.edits.push(e); }

  private unitOfText?: string;
  /** The text's indentation unit (read once: a stage asks for it at every construct). */
  get unit(): string { return this.unitOfText ??= indentUnit(this.map.fileText); }

  /**
   * The text of `span` with the edits inside it applied, written as the user wrote it (macro uses
   * no edit touches stay uses); those edits are consumed (an outer construct renders its body
   * first, then adds its own edits around it).
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
    return this.map.render(span, inside, undefined, this.written);
  }

  /** The user's text with this stage's edits applied. */
  output(extra: readonly TextEdit[] = []): string {
    return this.map.apply([...extra, ...this.edits], undefined, this.written);
  }

  refuse(code: Code, span: Span, message: string, data?: Record<string, unknown>): void {
    this.diagnostics.push(diagnostic(code, span, message, data));
  }

  /** A finding that is not a refusal (a warning, or what the stage did beyond its constructs). */
  report(code: Code, span: Span, message: string): void {
    this.diagnostics.push(diagnostic(code, span, message));
  }

  note(span: Span, message: string): void {
    this.diagnostics.push(diagnostic('MF604', span, message));
  }

  get failed(): boolean { return this.diagnostics.some(d => d.severity === 'error'); }
}
