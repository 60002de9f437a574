// The VS Code client: starts the bundled language server and attaches it to MetaFork
// documents (and, unless turned off, to C/C++ documents for CilkPlus and OpenMP).
// No compiler logic lives here.

import * as path from 'path';
import { ExtensionContext, workspace } from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { DEFAULT_SETTINGS, SETTINGS_SECTION } from '../../shared/settings';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const attachToC = workspace.getConfiguration(SETTINGS_SECTION).get<boolean>('enableForCAndCpp', DEFAULT_SETTINGS.enableForCAndCpp);
  const languages = attachToC ? ['metafork', 'c', 'cpp'] : ['metafork'];
  const clientOptions: LanguageClientOptions = {
    documentSelector: languages.flatMap(language => [{ scheme: 'file', language }, { scheme: 'untitled', language }]),
  };
  client = new LanguageClient('metafork', 'MetaFork', serverOptions, clientOptions);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
