// The status bar item, shown for the documents the server handles: "MetaFork" and the server's
// state; a click shows the CUDA view (file with a meta_schedule) or the pick of a translation.

import { Disposable, StatusBarAlignment, ThemeColor, window } from 'vscode';
import { STATUS_BAR_COMMAND } from './commands';
import type { MetaforkConnection, ServerState } from './connection';

const LOOK: Record<ServerState, { icon: string; tooltip: string }> = {
  starting: { icon: '$(sync~spin) ', tooltip: 'MetaFork server: starting' },
  ready: { icon: '$(check) ', tooltip: 'MetaFork server: ready' },
  error: { icon: '$(error) ', tooltip: 'MetaFork server: failed to start (see the MetaFork output)' },
  stopped: { icon: '$(circle-slash) ', tooltip: 'MetaFork server: stopped' },
};

export function registerStatusBar(connection: MetaforkConnection): Disposable[] {
  const item = window.createStatusBarItem('metafork.status', StatusBarAlignment.Right, 100);
  item.name = 'MetaFork';
  item.command = STATUS_BAR_COMMAND;
  const update = () => {
    const document = window.activeTextEditor?.document;
    if (!document || !connection.handles(document)) {
      item.hide();
      return;
    }
    const state = connection.state;
    const look = LOOK[state];
    item.text = `${look.icon}MetaFork`;
    item.backgroundColor = state === 'error' ? new ThemeColor('statusBarItem.errorBackground') : undefined;
    item.tooltip = `${look.tooltip}\nClick: show the generated CUDA (files with a meta_schedule) or a translation`;
    item.show();
  };
  update();
  return [
    item,
    window.onDidChangeActiveTextEditor(update),
    connection.onDidChangeState(update),
    connection.onDidRestart(update),
  ];
}
