// Stable diagnostic codes. Codes never change meaning; new checks take new numbers.
// MF1xx syntax, MF2xx directives and clauses, MF3xx construct misuse and control flow,
// MF4xx sharing and races, MF5xx meta_schedule rules (digest 000 §1.3), MF6xx translation.

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export const CODES = {
  MF100: { severity: 'information', title: 'analysis incomplete' },
  MF101: { severity: 'error', title: 'syntax error' },
  MF102: { severity: 'error', title: 'missing token' },
  MF201: { severity: 'error', title: 'unknown directive' },
  MF202: { severity: 'error', title: 'unknown clause' },
  MF203: { severity: 'error', title: 'malformed clause or directive argument' },
  MF204: { severity: 'error', title: 'clause not valid on this directive' },
  MF205: { severity: 'error', title: 'unknown clause on a MetaFork keyword' },
  MF206: { severity: 'error', title: 'directive must be followed by a statement of the right kind' },
  MF207: { severity: 'error', title: 'spawn of something that is not a function call' },
  MF301: { severity: 'error', title: 'non-canonical parallel loop initialization' },
  MF302: { severity: 'error', title: 'non-canonical parallel loop condition' },
  MF303: { severity: 'error', title: 'non-canonical parallel loop increment' },
  MF304: { severity: 'error', title: 'parallel loop control variable of non-integer, non-pointer type' },
  MF311: { severity: 'error', title: 'break leaves a parallel region' },
  MF312: { severity: 'error', title: 'return leaves a parallel region' },
  MF313: { severity: 'error', title: 'goto crosses a parallel region boundary' },
  MF314: { severity: 'warning', title: 'spawn can reach a return without a join' },
  MF401: { severity: 'error', title: 'shared(...) names an undeclared variable' },
  MF402: { severity: 'warning', title: 'block spawn writes a private copy whose value is lost' },
  MF403: { severity: 'warning', title: 'data race: shared scalar written in a parallel loop' },
  MF404: { severity: 'hint', title: 'shared(...) names a variable that is shared anyway' },
  MF405: { severity: 'error', title: 'variable not listed in a data-sharing clause under default(none)' },
  MF501: { severity: 'error', title: 'meta_schedule: statement is not a loop nest' },
  MF502: { severity: 'error', title: 'meta_schedule: a loop nest must hold 2 or 4 meta_for loops' },
  MF503: { severity: 'error', title: 'meta_schedule: grid and block meta_for loops must be consecutive' },
  MF504: { severity: 'error', title: 'meta_schedule: meta_for header must be (int v = 0; v < bound; v++)' },
  MF505: { severity: 'error', title: 'meta_schedule: serial loop bounds must be affine with a constant step' },
  MF506: { severity: 'error', title: 'meta_schedule: array index is not a polynomial in loop indices and parameters' },
  MF507: { severity: 'error', title: 'meta_schedule: construct not allowed in a schedule' },
  MF508: { severity: 'error', title: 'meta_schedule: kernel writes a scalar declared outside the schedule' },
  MF509: { severity: 'error', title: 'meta_schedule: the generator cannot tell the size of an array a kernel uses' },
  MF510: { severity: 'error', title: 'no meta_schedule to generate CUDA for' },
  MF601: { severity: 'error', title: 'construct has no counterpart in the target dialect' },
  MF602: { severity: 'error', title: 'code relies on OpenMP thread-team semantics' },
  MF603: { severity: 'error', title: 'private variable used as an accumulator across iterations' },
  MF604: { severity: 'information', title: 'scheduling hint not carried over by the translation' },
  MF605: { severity: 'error', title: 'block spawn cannot be outlined' },
} as const satisfies Record<string, { severity: Severity; title: string }>;

export type Code = keyof typeof CODES;
