// The run-time half of the comprehensive optimization (SPEC §5): the schedule of the `.cu` becomes
// a dispatcher that reads the device's limits (cudaGetDeviceProperties), keeps the cases whose
// constraints hold, chooses the program parameters and launches that case's kernels.
//
// Choice until the cost model exists (documented default): the program's own values of the
// tunable parameters when some case holds with them, the cases tried in order of preference (most
// resources used first); otherwise, case by case in the same order, the first candidate that holds
// from fixed lists (block sizes 256, 128, 512, 64, 1024, 32, 16, 8, 4, 2, 1; granularity 8, 4, 2, 1).
// Setting METAFORK_DISPATCH_LOG in the environment prints the choice on stderr.

import type { ScheduleReplacement } from '../cuda/index';
import { indentUnit, lineIndent, reindent } from '../translate/common';
import { Poly } from '../symbolic/poly';
import { Constraint, MACHINE, MAX_GRANULARITY } from './constraints';
import type { ScheduleSource } from './program';
import type { ScheduleOptimization } from './index';

export const LIMITS_TYPE = 'mfDeviceLimits';
const BLOCK_CANDIDATES = [256, 128, 512, 64, 1024, 32, 16, 8, 4, 2, 1];
const GRANULARITY_CANDIDATES = [8, 4, 2, 1].filter(g => BigInt(g) <= MAX_GRANULARITY);

/** The machine parameters as the device reports them (printed once per `.cu`). */
export function limitsHelper(): string {
  return [
    `/* metafork: the machine parameters of the comprehensive optimization, read from the device:`,
    ` * R_B registers per thread (255 from compute capability 3.5 on, 63 before), Z_B shared-memory`,
    ` * words of 4 bytes a block may use (with the opt-in beyond 48 KB), T_B threads per block. */`,
    `typedef struct { long long R_B, Z_B, T_B; } ${LIMITS_TYPE};`,
    `static ${LIMITS_TYPE} mfReadDeviceLimits(void)`,
    `{`,
    `    int device = 0;`,
    `    cudaDeviceProp prop;`,
    `    mfCudaCheck(cudaGetDevice(&device));`,
    `    mfCudaCheck(cudaGetDeviceProperties(&prop, device));`,
    `    ${LIMITS_TYPE} limits;`,
    `    limits.R_B = prop.major > 3 || (prop.major == 3 && prop.minor >= 5) ? 255 : 63;`,
    `    limits.Z_B = (long long) ((prop.sharedMemPerBlockOptin > prop.sharedMemPerBlock ? prop.sharedMemPerBlockOptin : prop.sharedMemPerBlock) / 4);`,
    `    limits.T_B = prop.maxThreadsPerBlock;`,
    `    return limits;`,
    `}`,
  ].join('\n');
}

/** A constraint as C over the limits and the candidate values (`mf_v_B`); other symbols as written. */
function constraintC(c: Constraint, rename: Map<string, string>): string {
  const print = (p: Poly) => {
    let q = p;
    for (const s of p.symbols()) q = q.substitute(s, Poly.symbol(rename.get(s) ?? `(long long) ${/^[A-Za-z_]\w*$/.test(s) ? s : `(${s})`}`));
    return q.toC();
  };
  return `${print(c.lhs)} ${c.op} ${print(c.rhs)}`;
}

export function dispatcher(src: ScheduleSource, result: ScheduleOptimization, systems: Constraint[][][]): ScheduleReplacement {
  const text = src.text;
  const unit = indentUnit(text);
  const indent = lineIndent(text, src.span.start);
  const i1 = indent + unit, i2 = i1 + unit;
  const tunables = src.tunables;
  const rename = new Map<string, string>([
    [MACHINE.registers, 'mf_limits.R_B'], [MACHINE.sharedWords, 'mf_limits.Z_B'], [MACHINE.threads, 'mf_limits.T_B'],
    ...[...tunables, ...src.derived].map(t => [t.name, `mf_v_${t.name}`] as [string, string]),
  ]);
  // Variables derived from the parameters (`B = min(B0, B1)`) are recomputed from each candidate.
  const words = new RegExp(`\\b(${[...tunables, ...src.derived].map(t => t.name).join('|') || '(?!)'})\\b`, 'g');
  const derivedFromCandidates = (at: string) => src.derived.map(d => `${at}const long long mf_v_${d.name} = ${d.init.replace(words, 'mf_v_$1')};`);
  const granularity = src.granularity?.parameter;
  // The parameters' own domains (B ≥ 1, 1 ≤ s ≤ 8) hold for every case. A case's constraints are
  // about the program's parameters as given (a case with granularity 1 is there because the given
  // s does not fit); that case then runs with s = 1.
  const domain = tunables.map(t => t.role === 'granularity' ? `mf_v_${t.name} >= 1 && mf_v_${t.name} <= ${MAX_GRANULARITY}` : `mf_v_${t.name} >= 1`);
  const holds = (k: number) => (domain.length ? `${domain.join(' && ')} && ` : '')
    + '(' + systems[k].map(sys => (sys.length ? sys.map(x => `(${constraintC(x, rename)})`).join(' && ') : '1')).map(s => `(${s})`).join(' || ') + ')';
  const cases = result.cases;
  // One test per case; on the candidates pass inside one loop per tunable over its candidate list.
  const tries = (pass: 'user' | 'candidates') => cases.flatMap((c, k) => {
    const loops = pass === 'candidates' ? tunables : [];
    const lines = [`${i2}/* case ${c.index}: ${c.summary} */`];
    let depth = i2;
    for (const t of loops) {
      const list = t.role === 'granularity' ? GRANULARITY_CANDIDATES : BLOCK_CANDIDATES;
      lines.push(
        `${depth}for (int mf_i_${t.name} = 0; !mf_case && mf_i_${t.name} < ${list.length}; mf_i_${t.name}++) {`,
        `${depth}${unit}static const int mf_try_${t.name}[] = { ${list.join(', ')} };`,
        `${depth}${unit}const long long mf_v_${t.name} = mf_try_${t.name}[mf_i_${t.name}];`,
      );
      depth += unit;
    }
    if (pass === 'candidates') lines.push(...derivedFromCandidates(depth));
    lines.push(
      `${depth}if (!mf_case && (${holds(k)})) {`,
      `${depth}${unit}mf_case = ${c.index};`,
      ...tunables.map(t => `${depth}${unit}mf_${t.name} = mf_v_${t.name};`),
      `${depth}}`,
    );
    for (let d = loops.length - 1; d >= 0; d--) lines.push(`${i2}${unit.repeat(d)}}`);
    return lines;
  });
  const body: string[] = [
    `{ /* meta_schedule, optimized (metafork optimize): ${cases.length} case${cases.length === 1 ? '' : 's'}, chosen at run time */`,
    `${i1}const ${LIMITS_TYPE} mf_limits = mfReadDeviceLimits();`,
    `${i1}int mf_case = 0;`,
    ...tunables.map(t => `${i1}long long mf_${t.name} = ${t.name};`),
    `${i1}{ /* the program's own parameters, if a case holds with them */`,
    ...tunables.map(t => `${i2}const long long mf_v_${t.name} = ${t.name};`),
    ...derivedFromCandidates(i2),
    ...tries('user'),
    `${i1}}`,
    `${i1}if (!mf_case) { /* otherwise the first candidate parameters some case holds with */`,
    ...tries('candidates'),
    `${i1}}`,
    `${i1}if (!mf_case) {`,
    `${i2}fprintf(stderr, "metafork: no case of the optimized schedule (line ${result.line}) fits this device: R_B=%lld Z_B=%lld T_B=%lld\\n", mf_limits.R_B, mf_limits.Z_B, mf_limits.T_B);`,
    `${i2}exit(EXIT_FAILURE);`,
    `${i1}}`,
    ...tunables.map(t => `${i1}${t.name} = (int) mf_${t.name};`),
    ...src.derived.map(d => `${i1}${d.name} = ${d.init};`),
    `${i1}if (getenv("METAFORK_DISPATCH_LOG"))`,
    `${i2}fprintf(stderr, "metafork: schedule at line ${result.line}: case %d${tunables.map(t => ` ${t.name}=%lld`).join('')} (R_B=%lld Z_B=%lld T_B=%lld)\\n", mf_case${tunables.map(t => `, mf_${t.name}`).join('')}, mf_limits.R_B, mf_limits.Z_B, mf_limits.T_B);`,
    `${i1}switch (mf_case) {`,
    ...cases.flatMap(c => [
      `${i1}case ${c.index}: { /* ${c.summary} */`,
      ...(!c.variant.granularity && granularity ? [`${i2}${granularity} = 1;`, ...src.derived.map(d => `${i2}${d.name} = ${d.init};`)] : []),
      `${i2}${reindent(c.host, indent, i2)}`,
      `${i2}break;`,
      `${i1}}`,
    ]),
    `${i1}}`,
    `${indent}}`,
  ];
  return {
    at: src.span.start,
    host: body.join('\n'),
    kernels: cases.flatMap(c => c.kernels),
    helpers: limitsHelper(),
    staged: cases.some(c => c.tiles.length > 0),
  };
}
