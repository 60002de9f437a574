// The VS Code client: starts the bundled language server and attaches it to MetaFork documents
// (and, unless turned off, to C/C++ documents for CilkPlus and OpenMP); the translation commands,
// the live CUDA, translation and case-discussion views, the estimate plot, the inactive regions
// and the status bar item. No compiler logic lives here: every result comes from the server
// (shared/protocol.ts).

import { ExtensionContext, Uri } from 'vscode';
import { registerCommands } from './commands';
import { MetaforkConnection } from './connection';
import { registerStatusBar } from './status';
import { LiveViews } from './views';
import { EstimatePlot } from './plot';
import { InactiveRegions } from './inactive';
import { Output } from './output';
import { CaseTree } from './cases';

let connection: MetaforkConnection | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const output = new Output();
  connection = new MetaforkConnection(context, output);
  const views = new LiveViews(connection);
  const plot = new EstimatePlot(connection, Uri.joinPath(context.extensionUri, 'dist'));
  const cases = new CaseTree(connection);
  context.subscriptions.push(
    output,
    views,
    plot,
    cases,
    new InactiveRegions(connection),
    ...registerCommands(connection, views, plot, output, cases),
    ...registerStatusBar(connection),
  );
  try {
    await connection.start();
  } catch (error) {
    output.tell('error', `MetaFork: the language server did not start: ${(error as Error).message}`, [
      { title: 'Show output', run: () => output.channel.show() },
    ]);
  }
}

export async function deactivate(): Promise<void> {
  await connection?.dispose();
  connection = undefined;
}
