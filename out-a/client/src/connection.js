"use strict";
// The language client: starts dist/server.js over stdio for MetaFork documents and, unless
// `metafork.enableForCAndCpp` is false, C and C++ documents; restarts when that setting changes.
// Settings reach the server in the initialization options, in `workspace/didChangeConfiguration`
// notifications (`{ settings: { metafork } }`) and in answers to `workspace/configuration`.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.MetaforkConnection = void 0;
const path = __importStar(require("path"));
const vscode_1 = require("vscode");
const node_1 = require("vscode-languageclient/node");
const settings_1 = require("../../shared/settings");
const settings_2 = require("./settings");
class MetaforkConnection {
    context;
    output;
    client;
    ready = Promise.resolve();
    selector = [];
    stateValue = 'stopped';
    stateEmitter = new vscode_1.EventEmitter();
    /** Fires when the server state changes (starting, ready, error, stopped). */
    onDidChangeState = this.stateEmitter.event;
    /** Fires after a restart: the views should be rendered again. */
    restartEmitter = new vscode_1.EventEmitter();
    onDidRestart = this.restartEmitter.event;
    disposables = [this.stateEmitter, this.restartEmitter];
    /** Handlers of the server's notifications, given to every client started (a restart too). */
    notifications = [];
    constructor(context, output) {
        this.context = context;
        this.output = output;
        this.disposables.push(vscode_1.workspace.onDidChangeConfiguration(async (event) => {
            if (!event.affectsConfiguration(settings_1.SETTINGS_SECTION))
                return;
            if (event.affectsConfiguration(`${settings_1.SETTINGS_SECTION}.enableForCAndCpp`))
                await this.restart();
            else
                this.pushSettings();
        }), vscode_1.workspace.onDidGrantWorkspaceTrust(() => this.pushSettings()));
    }
    get state() { return this.stateValue; }
    /** Languages the server is attached to. */
    get languageIds() {
        return (0, settings_2.readSettings)().enableForCAndCpp ? ['metafork', 'c', 'cpp'] : ['metafork'];
    }
    /** Whether the server receives this document (its language and scheme match the selector). */
    handles(document) {
        return vscode_1.languages.match(this.selector, document) > 0;
    }
    async start() {
        const module = this.context.asAbsolutePath(path.join('dist', 'server.js'));
        const serverOptions = {
            run: { module, transport: node_1.TransportKind.stdio },
            debug: { module, transport: node_1.TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
        };
        this.selector = this.languageIds.flatMap(language => [
            { scheme: 'file', language },
            { scheme: 'untitled', language },
        ]);
        const clientOptions = {
            documentSelector: this.selector,
            // The server's log (and the client's own) in the one MetaFork channel, kept across restarts.
            outputChannel: this.output.channel,
            initializationOptions: { settings: (0, settings_2.readSettings)(), workspaceTrusted: vscode_1.workspace.isTrusted },
            middleware: {
                workspace: {
                    configuration: async (params, token, next) => {
                        const answers = await next(params, token);
                        if (!Array.isArray(answers))
                            return answers;
                        return params.items.map((item, i) => {
                            const ours = item.section ? (0, settings_2.settingsSection)(item.section) : { found: false };
                            return ours.found ? ours.value : answers[i];
                        });
                    },
                },
            },
        };
        const client = new node_1.LanguageClient('metafork', 'MetaFork', serverOptions, clientOptions);
        this.client = client;
        for (const [method, handler] of this.notifications)
            client.onNotification(method, handler);
        client.onDidChangeState(({ newState }) => {
            if (client !== this.client)
                return;
            if (newState === node_1.State.Starting)
                this.setState('starting');
            else if (newState === node_1.State.Running)
                this.setState('ready');
            else
                this.setState(this.stateValue === 'error' ? 'error' : 'stopped');
        });
        this.setState('starting');
        this.ready = client.start().catch(error => {
            if (client === this.client)
                this.setState('error');
            throw error;
        });
        await this.ready;
    }
    async restart() {
        const old = this.client;
        this.client = undefined;
        await old?.stop().catch(() => undefined);
        await this.start();
        this.output.log('the language server restarted');
        this.restartEmitter.fire();
    }
    /** A request to the server, once it is running. */
    async request(method, params, token) {
        await this.ready;
        const client = this.client;
        if (!client)
            throw new Error('the MetaFork server is not running');
        return client.sendRequest(method, params, token);
    }
    /** Hears a notification of the server (from the next server started on). */
    onNotification(method, handler) {
        this.notifications.push([method, handler]);
    }
    /** The URI of a document as the server knows it. */
    uri(uri) {
        return this.client ? this.client.code2ProtocolConverter.asUri(uri) : uri.toString();
    }
    pushSettings() {
        const client = this.client;
        if (!client || this.stateValue !== 'ready')
            return;
        void client.sendNotification(node_1.DidChangeConfigurationNotification.type, {
            settings: { [settings_1.SETTINGS_SECTION]: (0, settings_2.readSettings)() },
        });
    }
    setState(state) {
        if (state === this.stateValue)
            return;
        this.stateValue = state;
        this.stateEmitter.fire(state);
    }
    async dispose() {
        for (const d of this.disposables)
            d.dispose();
        const client = this.client;
        this.client = undefined;
        await client?.stop().catch(() => undefined);
    }
}
exports.MetaforkConnection = MetaforkConnection;
//# sourceMappingURL=connection.js.map