"use strict";
// What belongs to which dialect: the keywords (MetaFork's and CilkPlus's) and the OpenMP
// directives whose body is a loop.
Object.defineProperty(exports, "__esModule", { value: true });
exports.OMP_LOOP_DIRECTIVES = exports.KEYWORD_SPELLINGS = exports.DIALECT_OF = void 0;
exports.DIALECT_OF = {
    meta_fork: 'metafork',
    meta_for: 'metafork',
    meta_join: 'metafork',
    meta_schedule: 'metafork',
    meta_pipe: 'metafork',
    meta_wait: 'metafork',
    meta_continue: 'metafork',
    meta_device: 'metafork',
    meta_copy: 'metafork',
    cilk_spawn: 'cilkplus',
    cilk_sync: 'cilkplus',
    cilk_for: 'cilkplus',
    cilk_scope: 'cilkplus',
};
/** Spellings of each keyword; `_Cilk_*` are the CilkPlus reserved forms. */
exports.KEYWORD_SPELLINGS = {
    meta_fork: 'meta_fork', meta_for: 'meta_for', meta_join: 'meta_join', meta_schedule: 'meta_schedule',
    meta_pipe: 'meta_pipe', meta_wait: 'meta_wait', meta_continue: 'meta_continue',
    meta_device: 'meta_device', meta_copy: 'meta_copy',
    cilk_spawn: 'cilk_spawn', _Cilk_spawn: 'cilk_spawn',
    cilk_sync: 'cilk_sync', _Cilk_sync: 'cilk_sync',
    cilk_for: 'cilk_for', _Cilk_for: 'cilk_for',
    cilk_scope: 'cilk_scope', _Cilk_scope: 'cilk_scope',
};
/** OpenMP directives whose body is a loop. */
exports.OMP_LOOP_DIRECTIVES = new Set([
    'for', 'parallel for', 'for simd', 'parallel for simd', 'simd', 'taskloop', 'taskloop simd',
    'distribute', 'distribute simd', 'distribute parallel for', 'distribute parallel for simd',
    'teams distribute', 'teams distribute parallel for', 'teams distribute simd', 'teams distribute parallel for simd',
    'target parallel for', 'target parallel for simd', 'target simd',
    'target teams distribute', 'target teams distribute simd', 'target teams distribute parallel for',
    'target teams distribute parallel for simd',
    'loop', 'parallel loop', 'teams loop', 'target parallel loop', 'target teams loop',
    'masked taskloop', 'masked taskloop simd', 'parallel masked taskloop', 'parallel masked taskloop simd',
    'master taskloop', 'master taskloop simd', 'parallel master taskloop', 'parallel master taskloop simd',
]);
//# sourceMappingURL=dialects.js.map