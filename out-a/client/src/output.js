"use strict";
// The MetaFork output channel, where the language client writes the server's log, and the
// messages the commands show: each written there in full too (a toast shortens long text), with
// actions that lead to the problem ("Go to 12:5", "Show all").
Object.defineProperty(exports, "__esModule", { value: true });
exports.Output = exports.MESSAGES_COMMAND = void 0;
const vscode_1 = require("vscode");
/** Not in the palette: the messages shown so far (the extension-host tests read them). */
exports.MESSAGES_COMMAND = 'metafork.messages';
class Output {
    channel = vscode_1.window.createOutputChannel('MetaFork');
    /** Every message shown, oldest first: what a user saw, in the words they saw. */
    said = [];
    /** Shows `message` with its actions (and logs it); resolves when shown, not when answered. */
    tell(kind, message, actions = []) {
        this.said.push({ kind, message, actions: actions.map(a => a.title) });
        this.log(`${kind}: ${message}`);
        const show = kind === 'error' ? vscode_1.window.showErrorMessage : kind === 'warning' ? vscode_1.window.showWarningMessage : vscode_1.window.showInformationMessage;
        void show(message, ...actions.map(a => a.title)).then(picked => actions.find(a => a.title === picked)?.run());
    }
    log(line) {
        this.channel.appendLine(`[${new Date().toLocaleTimeString()}] ${line}`);
    }
    dispose() { this.channel.dispose(); }
}
exports.Output = Output;
//# sourceMappingURL=output.js.map