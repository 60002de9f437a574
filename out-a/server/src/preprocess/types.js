"use strict";
// The preprocessor's interface types (re-exported by index.ts, which holds the entry point).
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=types.js.map