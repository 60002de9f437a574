"use strict";
// The three dialects this project reads and writes, as the client and the server name them.
Object.defineProperty(exports, "__esModule", { value: true });
exports.DIALECT_LABELS = exports.DIALECTS = void 0;
/** Every dialect, in the order menus and tables list them. */
exports.DIALECTS = ['metafork', 'openmp', 'cilkplus'];
exports.DIALECT_LABELS = { metafork: 'MetaFork', openmp: 'OpenMP', cilkplus: 'CilkPlus' };
//# sourceMappingURL=dialects.js.map