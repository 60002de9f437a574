"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
// Entry point of the bundled server (dist/server.js): LSP over stdio.
const connection_1 = require("./connection");
(0, connection_1.createLspConnection)();
//# sourceMappingURL=main.js.map