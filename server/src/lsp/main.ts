// Entry point of the bundled server (dist/server.js): LSP over stdio.
import { createLspConnection } from './connection';

createLspConnection();
