// The MetaFork output channel, where the language client writes the server's log, and the
// messages the commands show: each written there in full too (a toast shortens long text), with
// actions that lead to the problem ("Go to 12:5", "Show all").

import { Disposable, OutputChannel, window } from 'vscode';

export type MessageKind = 'error' | 'warning' | 'info';

/** A button of a message and what it does when clicked. */
export interface MessageAction { title: string; run: () => unknown }

/** Not in the palette: the messages shown so far (the extension-host tests read them). */
export const MESSAGES_COMMAND = 'metafork.messages';

export class Output implements Disposable {
  readonly channel: OutputChannel = window.createOutputChannel('MetaFork');
  /** Every message shown, oldest first: what a user saw, in the words they saw. */
  readonly said: { kind: MessageKind; message: string; actions: string[] }[] = [];

  /** Shows `message` with its actions (and logs it); resolves when shown, not when answered. */
  tell(kind: MessageKind, message: string, actions: MessageAction[] = []): void {
    this.said.push({ kind, message, actions: actions.map(a => a.title) });
    this.log(`${kind}: ${message}`);
    const show =
      kind === 'error' ? window.showErrorMessage : kind === 'warning' ? window.showWarningMessage : window.showInformationMessage;
    void show(message, ...actions.map(a => a.title)).then(picked => actions.find(a => a.title === picked)?.run());
  }

  log(line: string): void {
    this.channel.appendLine(`[${new Date().toLocaleTimeString()}] ${line}`);
  }

  dispose(): void { this.channel.dispose(); }
}
