// Entry point of the bundled server (dist/server.js): LSP over stdio.
import { startServer } from './server';

startServer();
