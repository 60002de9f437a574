// Inactive regions: the lines an `#if` leaves out, greyed as clangd greys them. The server sends
// them after each check (`metafork/inactiveRegions`); they are kept per document and applied to
// every editor showing it, again when editors change.

import { Disposable, Range, TextEditor, TextEditorDecorationType, window, workspace } from 'vscode';
import { INACTIVE_REGIONS_NOTIFICATION, InactiveRegionsParams } from '../../shared/protocol';
import type { MetaforkConnection } from './connection';

export class InactiveRegions implements Disposable {
  private readonly decoration: TextEditorDecorationType = window.createTextEditorDecorationType({ opacity: '0.55' });
  /** The newest regions of each document, by the URI the server knows it by. */
  private readonly regions = new Map<string, { version: number; ranges: Range[] }>();
  private readonly disposables: Disposable[] = [this.decoration];

  constructor(private readonly connection: MetaforkConnection) {
    connection.onNotification<InactiveRegionsParams>(INACTIVE_REGIONS_NOTIFICATION, params => this.received(params));
    this.disposables.push(
      window.onDidChangeVisibleTextEditors(editors => editors.forEach(e => this.apply(e))),
      workspace.onDidCloseTextDocument(document => this.regions.delete(connection.uri(document.uri))),
    );
  }

  private received(params: InactiveRegionsParams): void {
    const kept = this.regions.get(params.uri);
    // A check of an older version arriving late.
    if (kept && kept.version > params.version) return;
    const ranges = params.ranges.map(r => new Range(r.start.line, r.start.character, r.end.line, r.end.character));
    this.regions.set(params.uri, { version: params.version, ranges });
    for (const editor of window.visibleTextEditors) {
      if (this.connection.uri(editor.document.uri) === params.uri) this.apply(editor);
    }
  }

  private apply(editor: TextEditor): void {
    const kept = this.regions.get(this.connection.uri(editor.document.uri));
    if (kept) editor.setDecorations(this.decoration, kept.ranges);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
