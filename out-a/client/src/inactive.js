"use strict";
// Inactive regions: the lines an `#if` leaves out, greyed as clangd greys them. The server sends
// them after each check (`metafork/inactiveRegions`); they are kept per document and applied to
// every editor showing it, again when editors change.
Object.defineProperty(exports, "__esModule", { value: true });
exports.InactiveRegions = void 0;
const vscode_1 = require("vscode");
const protocol_1 = require("../../shared/protocol");
class InactiveRegions {
    connection;
    decoration = vscode_1.window.createTextEditorDecorationType({ opacity: '0.55' });
    /** The newest regions of each document, by the URI the server knows it by. */
    regions = new Map();
    disposables = [this.decoration];
    constructor(connection) {
        this.connection = connection;
        connection.onNotification(protocol_1.INACTIVE_REGIONS_NOTIFICATION, params => this.received(params));
        this.disposables.push(vscode_1.window.onDidChangeVisibleTextEditors(editors => editors.forEach(e => this.apply(e))), vscode_1.workspace.onDidCloseTextDocument(document => this.regions.delete(connection.uri(document.uri))));
    }
    received(params) {
        const kept = this.regions.get(params.uri);
        // A check of an older version arriving late.
        if (kept && kept.version > params.version)
            return;
        const ranges = params.ranges.map(r => new vscode_1.Range(r.start.line, r.start.character, r.end.line, r.end.character));
        this.regions.set(params.uri, { version: params.version, ranges });
        for (const editor of vscode_1.window.visibleTextEditors) {
            if (this.connection.uri(editor.document.uri) === params.uri)
                this.apply(editor);
        }
    }
    apply(editor) {
        const kept = this.regions.get(this.connection.uri(editor.document.uri));
        if (kept)
            editor.setDecorations(this.decoration, kept.ranges);
    }
    dispose() {
        for (const d of this.disposables)
            d.dispose();
    }
}
exports.InactiveRegions = InactiveRegions;
//# sourceMappingURL=inactive.js.map