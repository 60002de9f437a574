"use strict";
// What the comprehensive optimization of a `meta_schedule` finds: its cases (each a variant of the
// program with its constraint systems, counters and code), the parameters the dispatcher tunes, and
// the result of a whole file (the CLI prints it as JSON, the server sends it to the editor).
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=result.js.map