"use strict";
// The VS Code client: starts the bundled language server and attaches it to MetaFork documents
// (and, unless turned off, to C/C++ documents for CilkPlus and OpenMP); the translation commands,
// the live CUDA, translation and case-discussion views, the estimate plot, the inactive regions
// and the status bar item. No compiler logic lives here: every result comes from the server
// (shared/protocol.ts).
Object.defineProperty(exports, "__esModule", { value: true });
exports.activate = activate;
exports.deactivate = deactivate;
const vscode_1 = require("vscode");
const commands_1 = require("./commands");
const connection_1 = require("./connection");
const status_1 = require("./status");
const views_1 = require("./views");
const plot_1 = require("./plot");
const inactive_1 = require("./inactive");
const output_1 = require("./output");
const cases_1 = require("./cases");
let connection;
async function activate(context) {
    const output = new output_1.Output();
    connection = new connection_1.MetaforkConnection(context, output);
    const views = new views_1.LiveViews(connection);
    const plot = new plot_1.EstimatePlot(connection, vscode_1.Uri.joinPath(context.extensionUri, 'dist'));
    const cases = new cases_1.CaseTree(connection);
    context.subscriptions.push(output, views, plot, cases, new inactive_1.InactiveRegions(connection), ...(0, commands_1.registerCommands)(connection, views, plot, output, cases), ...(0, status_1.registerStatusBar)(connection));
    try {
        await connection.start();
    }
    catch (error) {
        output.tell('error', `MetaFork: the language server did not start: ${error.message}`, [
            { title: 'Show output', run: () => output.channel.show() },
        ]);
    }
}
async function deactivate() {
    await connection?.dispose();
    connection = undefined;
}
//# sourceMappingURL=extension.js.map