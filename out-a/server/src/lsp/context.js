"use strict";
// What the features and the custom requests may ask of the server: the analysed documents,
// the settings, what the client supports, the worker's jobs and a way to tell the user.
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=context.js.map