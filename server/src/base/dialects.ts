// What belongs to which dialect: the keywords (MetaFork's and CilkPlus's) and the OpenMP
// directives whose body is a loop.

import type { Dialect } from '../../../shared/dialects';

export type KeywordName =
  | 'meta_fork' | 'meta_for' | 'meta_join' | 'meta_schedule'
  | 'meta_pipe' | 'meta_wait' | 'meta_continue' | 'meta_device' | 'meta_copy'
  | 'cilk_spawn' | 'cilk_sync' | 'cilk_for' | 'cilk_scope';

export const DIALECT_OF: Record<KeywordName, Dialect> = {
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
export const KEYWORD_SPELLINGS: Readonly<Record<string, KeywordName>> = {
  meta_fork: 'meta_fork', meta_for: 'meta_for', meta_join: 'meta_join', meta_schedule: 'meta_schedule',
  meta_pipe: 'meta_pipe', meta_wait: 'meta_wait', meta_continue: 'meta_continue',
  meta_device: 'meta_device', meta_copy: 'meta_copy',
  cilk_spawn: 'cilk_spawn', _Cilk_spawn: 'cilk_spawn',
  cilk_sync: 'cilk_sync', _Cilk_sync: 'cilk_sync',
  cilk_for: 'cilk_for', _Cilk_for: 'cilk_for',
  cilk_scope: 'cilk_scope', _Cilk_scope: 'cilk_scope',
};

/** OpenMP directives whose body is a loop. */
export const OMP_LOOP_DIRECTIVES: ReadonlySet<string> = new Set([
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
