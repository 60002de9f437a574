// The three dialects this project reads and writes, as the client and the server name them.

export type Dialect = 'metafork' | 'openmp' | 'cilkplus';

/** Every dialect, in the order menus and tables list them. */
export const DIALECTS: readonly Dialect[] = ['metafork', 'openmp', 'cilkplus'];

export const DIALECT_LABELS: Record<Dialect, string> = { metafork: 'MetaFork', openmp: 'OpenMP', cilkplus: 'CilkPlus' };
