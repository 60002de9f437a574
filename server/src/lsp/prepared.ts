// The worker's copy of the document it last worked on, parsed and modelled: the server asks for it
// when a large document settles (`prepare` jobs), and each later job on that document brings it to
// the new version by an incremental re-parse. A translation then starts from it instead of parsing
// and modelling the whole file again (3,000 lines: about half of a translation's time). One
// document only: it is the one being edited, and a copy of each would double the server's memory.

import { detectLanguage, loadGrammars, SyntaxDocument } from '../syntax/parser';
import { DocumentModel } from '../model/document';
import { dialectsOf, type ParsedVersion, type TranslateOptions } from '../translate/index';

/** Which document, read how: a version of another document, or read with other flags, starts anew. */
export interface PreparedKey { uri: string; fileName?: string; flags: string }

export class PreparedDocument {
  private held?: { key: PreparedKey; analysis: number; version: ParsedVersion };

  /**
   * The version of `text`, built from the one held where it is the same document (re-used as it is
   * for the same text where the analysis is the same or its headers read the same; otherwise they are
   * read again). It stays held: the caller must not dispose of it.
   */
  async version(key: PreparedKey, analysis: number, text: string, context: TranslateOptions): Promise<ParsedVersion> {
    const held = this.held;
    const same = !!held && held.key.uri === key.uri && held.key.fileName === key.fileName && held.key.flags === key.flags;
    if (same && held.version.syntax.source === text) {
      if (held.analysis === analysis) return held.version;
      // Another analysis of the same text (the server checked it again: a header saved, settings
      // changed): the version held stands where the headers still read the same.
      if (held.version.syntax.readsAsBefore(context.files)) {
        held.analysis = analysis;
        return held.version;
      }
    }
    // The functions an edit left as they were are copied from the version held, not read from the tree.
    const syntax = same
      ? held.version.syntax.update(text, undefined, true)
      : SyntaxDocument.parse(await loadGrammars(), text, detectLanguage(key.fileName, text), key.fileName, context);
    // Its converted nodes kept for the translation's stages to copy (set before any is converted).
    syntax.reusable = true;
    const model = DocumentModel.build(syntax, same ? held.version.model : undefined);
    // The item models every translation reads first (its source dialects).
    dialectsOf(model);
    syntax.forgetEarlier();
    held?.version.syntax.dispose();
    this.held = { key, analysis, version: { syntax, model } };
    return this.held.version;
  }

  /** Lets the document go (closed in the editor): its tree and models are most of the worker's memory. */
  forget(uri: string): void {
    if (this.held?.key.uri !== uri) return;
    this.held.version.syntax.dispose();
    this.held = undefined;
  }
}
