// What the features and the custom requests may ask of the server: the analysed documents,
// the settings, what the client supports, the worker's jobs and a way to tell the user.

import type { CancellationToken } from 'vscode-languageserver';
import type { MetaforkSettings } from '../../../shared/settings';
import type { Dialect } from '../../../shared/dialects';
import type { DocumentState } from './documents';
import type { Result, Work } from './worker';

/** What the client announced at `initialize` that changes what the server sends. */
export interface ClientSupport {
  configuration: boolean;
  /** Code actions may come without their edit, resolved when picked. */
  resolveEdit: boolean;
  /** Code actions may be listed disabled, with the reason. */
  disabled: boolean;
  documentChanges: boolean;
  lensRefresh: boolean;
  /** The server may ask to watch files (`workspace/didChangeWatchedFiles`, registered dynamically). */
  watchFiles: boolean;
}

export interface ServerContext {
  readonly settings: MetaforkSettings;
  readonly client: ClientSupport;
  /** The analysed current version of a document, or an LSP error for an unknown one. */
  stateOf(uri: unknown, token?: CancellationToken): Promise<DocumentState>;
  /** A worker's result for this version, computed once (requests for one under way share it). */
  job<W extends Work>(state: DocumentState, what: string, work: W, token?: CancellationToken, ahead?: boolean): Promise<Result<W>>;
  /** A whole-file translation of the document into `to` was asked for: its next versions are
   * translated ahead once they settle (prepareTranslation). */
  translationAsked(uri: string, to: Dialect): void;
  /** A message in the editor's window (errors of a command, what a refactoring changed beyond its edit). */
  showMessage(type: 'error' | 'warning' | 'info', message: string): void;
}
