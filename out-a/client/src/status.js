"use strict";
// The status bar item, shown for the documents the server handles: "MetaFork" and the server's
// state; a click shows the CUDA view (file with a meta_schedule) or the pick of a translation.
Object.defineProperty(exports, "__esModule", { value: true });
exports.registerStatusBar = registerStatusBar;
const vscode_1 = require("vscode");
const commands_1 = require("./commands");
const LOOK = {
    starting: { icon: '$(sync~spin) ', tooltip: 'MetaFork server: starting' },
    ready: { icon: '$(check) ', tooltip: 'MetaFork server: ready' },
    error: { icon: '$(error) ', tooltip: 'MetaFork server: failed to start (see the MetaFork output)' },
    stopped: { icon: '$(circle-slash) ', tooltip: 'MetaFork server: stopped' },
};
function registerStatusBar(connection) {
    const item = vscode_1.window.createStatusBarItem('metafork.status', vscode_1.StatusBarAlignment.Right, 100);
    item.name = 'MetaFork';
    item.command = commands_1.STATUS_BAR_COMMAND;
    const update = () => {
        const document = vscode_1.window.activeTextEditor?.document;
        if (!document || !connection.handles(document)) {
            item.hide();
            return;
        }
        const state = connection.state;
        const look = LOOK[state];
        item.text = `${look.icon}MetaFork`;
        item.backgroundColor = state === 'error' ? new vscode_1.ThemeColor('statusBarItem.errorBackground') : undefined;
        item.tooltip = `${look.tooltip}\nClick: show the generated CUDA (files with a meta_schedule) or a translation`;
        item.show();
    };
    update();
    return [
        item,
        vscode_1.window.onDidChangeActiveTextEditor(update),
        connection.onDidChangeState(update),
        connection.onDidRestart(update),
    ];
}
//# sourceMappingURL=status.js.map