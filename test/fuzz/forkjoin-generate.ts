// Seeded random fork-join programs: small complete C programs in
// MetaFork, CilkPlus or OpenMP with call spawns writing through pointers, value spawns, block
// spawns with shared and private variables, recursion, divide and conquer, nested parallel loops,
// reductions, OpenMP sections and depend tasks, cilk_scope. Each program is a list of independent
// segments, each computing one printed number; every segment is race-free by construction (tasks
// write disjoint variables or array slices, joined before they are read), so the program's serial
// elision is the oracle of every translation. A segment draws from its own generator (seed and
// index), so a program without some of its segments prints the others exactly as before: that is
// how failures are minimised (`programOf` with a subset).

import { Random } from './seeds';

export type Dialect = 'metafork' | 'cilkplus' | 'openmp';
export const DIALECTS: readonly Dialect[] = ['metafork', 'cilkplus', 'openmp'];

// ---------------------------------------------------------------------------------------------
// A tiny statement tree, printed in each dialect.

type Stmt =
  | { k: 'c'; text: string }
  /** A call, spawned or not: `[lhs =] spawn call;` (OpenMP: a task sharing `shared`). */
  | { k: 'call'; call: string; lhs?: string; spawn: boolean; shared: string[]; declare?: string; atSpawn?: boolean }
  /** A block spawn: `meta_fork shared(...) { body }` (OpenMP: a task with these clauses). */
  | { k: 'fork'; body: Stmt[]; shared: string[]; arrays: string[]; firstprivate: string[] }
  | { k: 'join' }
  /** A loop; parallel: meta_for / cilk_for / omp parallel for (with `omp` extra clauses). */
  | { k: 'for'; head: string; body: Stmt[]; par: boolean; reduction?: string[]; omp?: string; pragmaCilk?: string }
  | { k: 'if'; cond: string; then: Stmt[]; else?: Stmt[] }
  | { k: 'block'; body: Stmt[] }
  /** OpenMP only. */
  | { k: 'sections'; sections: Stmt[][]; firstBare: boolean; clauses?: string }
  | { k: 'task'; clauses: string; body: Stmt[]; braces: boolean }
  | { k: 'ompRegion'; body: Stmt[] }
  | { k: 'pragma'; text: string; body?: Stmt[] }
  /** CilkPlus only. */
  | { k: 'scope'; body: Stmt[] }
  /** The task region around task segments in OpenMP (parallel + single); a block elsewhere. */
  | { k: 'team'; body: Stmt[] };

const c = (text: string): Stmt => ({ k: 'c', text });

/** How a program spells its constructs: MetaFork's pragma forms, CilkPlus's `_Cilk_` keywords. */
interface Style { d: Dialect; pragmas: boolean; underscore: boolean }

function print(stmts: Stmt[], st: Style, indent: string, out: string[]): void {
  for (const s of stmts) printOne(s, st, indent, out);
}

function body(s: Stmt[], st: Style, indent: string, out: string[], braces = true): void {
  if (!braces && s.length === 1) { printOne(s[0], st, indent + '    ', out); return; }
  out[out.length - 1] += ' {';
  print(s, st, indent + '    ', out);
  out.push(indent + '}');
}

function clause(name: string, vars: string[]): string {
  return vars.length ? ` ${name}(${vars.join(', ')})` : '';
}

function printOne(s: Stmt, st: Style, ind: string, out: string[]): void {
  const d = st.d;
  switch (s.k) {
    case 'c':
      for (const line of s.text.split('\n')) out.push(ind + line);
      return;
    case 'call': {
      // `long x = spawn f();` (the declaration form) where the call declares its result.
      const split = d === 'openmp' || !s.spawn || st.pragmas; // these forms declare first, then assign
      const assign = s.lhs ? `${s.declare && !split ? s.declare + ' ' : ''}${s.lhs} = ` : '';
      if (s.declare && split) out.push(`${ind}${s.declare} ${s.lhs};`);
      if (!s.spawn) { out.push(`${ind}${s.lhs ? `${s.lhs} = ` : ''}${s.call};`); return; }
      // The pragma form spawns the statement: a block spawn, whose result variable must be shared.
      // A call whose receiver and arguments must be evaluated at the spawn keeps the keyword form:
      // `#pragma mf fork` over `x = f(a);` spawns the statement, evaluated by the child.
      if (d === 'metafork' && st.pragmas && !s.atSpawn) out.push(`${ind}#pragma mf fork${s.lhs ? ` shared(${s.lhs})` : ''}`, `${ind}${assign}${s.call};`);
      else if (d === 'metafork') out.push(`${ind}${assign}meta_fork ${s.call};`);
      else if (d === 'cilkplus') out.push(`${ind}${assign}${st.underscore ? '_Cilk_spawn' : 'cilk_spawn'} ${s.call};`);
      else { out.push(`${ind}#pragma omp task${clause('shared', s.shared)}`); out.push(`${ind}${s.lhs ? `${s.lhs} = ` : ''}${s.call};`); }
      return;
    }
    case 'fork':
      if (d === 'metafork' && st.pragmas) out.push(`${ind}#pragma mf fork${clause('shared', [...s.shared, ...s.arrays])}`, ind + '{');
      else if (d === 'metafork') out.push(`${ind}meta_fork${clause('shared', [...s.shared, ...s.arrays])} {`);
      else if (d === 'openmp') out.push(`${ind}#pragma omp task${clause('shared', [...s.shared, ...s.arrays])}${clause('firstprivate', s.firstprivate)}`, ind + '{');
      else throw new Error('no block spawn in CilkPlus');
      print(s.body, st, ind + '    ', out);
      out.push(ind + '}');
      return;
    case 'join':
      out.push(ind + (d === 'metafork' ? (st.pragmas ? '#pragma mf join' : 'meta_join;') : d === 'cilkplus' ? (st.underscore ? '_Cilk_sync;' : 'cilk_sync;') : '#pragma omp taskwait'));
      return;
    case 'for':
      if (!s.par) out.push(`${ind}for (${s.head})`);
      else if (d === 'metafork' && st.pragmas && !s.reduction?.length) out.push(`${ind}#pragma mf parallel for`, `${ind}for (${s.head})`);
      else if (d === 'metafork') out.push(`${ind}meta_for${(s.reduction ?? []).map(r => ` reduction(${r})`).join('')} (${s.head})`);
      else if (d === 'cilkplus') {
        if (s.reduction?.length) throw new Error('no reduction in CilkPlus');
        if (s.pragmaCilk) out.push(ind + s.pragmaCilk);
        out.push(`${ind}${st.underscore ? '_Cilk_for' : 'cilk_for'} (${s.head})`);
      } else {
        out.push(`${ind}#pragma omp parallel for${(s.reduction ?? []).map(r => ` reduction(${r})`).join('')}${s.omp ?? ''}`);
        out.push(`${ind}for (${s.head})`);
      }
      body(s.body, st, ind, out);
      return;
    case 'if':
      out.push(`${ind}if (${s.cond})`);
      body(s.then, st, ind, out);
      if (s.else) { out[out.length - 1] += ' else'; body(s.else, st, ind, out); }
      return;
    case 'block':
      out.push(ind + '{');
      print(s.body, st, ind + '    ', out);
      out.push(ind + '}');
      return;
    case 'sections':
      if (d !== 'openmp') throw new Error('sections are OpenMP');
      out.push(`${ind}#pragma omp parallel sections${s.clauses ?? ''}`);
      out.push(ind + '{');
      s.sections.forEach((sec, i) => {
        if (i > 0 || !s.firstBare) out.push(`${ind}    #pragma omp section`);
        if (sec.length === 1 && sec[0].k === 'c') print(sec, st, ind + '    ', out);
        else { out.push(ind + '    {'); print(sec, st, ind + '        ', out); out.push(ind + '    }'); }
      });
      out.push(ind + '}');
      return;
    case 'task':
      if (d !== 'openmp') throw new Error('depend tasks are OpenMP');
      out.push(`${ind}#pragma omp task${s.clauses}`);
      if (s.braces) { out.push(ind + '{'); print(s.body, st, ind + '    ', out); out.push(ind + '}'); }
      else print(s.body, st, ind, out);
      return;
    case 'ompRegion':
      out.push(`${ind}#pragma omp parallel`);
      out.push(ind + '{');
      print(s.body, st, ind + '    ', out);
      out.push(ind + '}');
      return;
    case 'pragma':
      out.push(ind + s.text);
      if (s.body) print(s.body, st, ind, out);
      return;
    case 'scope':
      if (d !== 'cilkplus') throw new Error('cilk_scope is CilkPlus');
      out.push(`${ind}cilk_scope {`);
      print(s.body, st, ind + '    ', out);
      out.push(ind + '}');
      return;
    case 'team':
      if (d === 'openmp') { out.push(`${ind}#pragma omp parallel`); out.push(`${ind}#pragma omp single`); }
      out.push(ind + '{');
      print(s.body, st, ind + '    ', out);
      out.push(ind + '}');
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// Segments.

interface Helper { sig: string; body: Stmt[] }

/** One independent piece of a program: it sets `r<K>`. */
interface Segment {
  kind: string;
  /** File-scope text (arrays, helper functions) before the segment's code. */
  globals: (string | Helper)[];
  body: Stmt[];
  /** In OpenMP its tasks need a team: it runs inside parallel + single. */
  tasks: boolean;
}

type Make = (g: Random, k: number, d: Dialect) => Segment;

/** The spawn of `call` writing `writes` (locals, OpenMP shares them). */
const spawnCall = (call: string, shared: string[], lhs?: string, spawn = true, atSpawn?: boolean): Stmt => ({ k: 'call', call, lhs, spawn, shared, atSpawn });
const checksum = (k: number, arr: string, n: string) =>
  c(`for (int i = 0; i < ${n}; i++)\n    r${k} = (r${k} * 31 + ${arr}[i]) % 1000003;`);

/** Spawned calls writing slices of an array and scalars through pointers; joined once. */
const spawnWrites: Make = (g, k, d) => {
  const n = g.int(6, 40), parts = g.int(2, 4);
  const local = g.chance(0.5);
  const arr = `a${k}`;
  const globals: (string | Helper)[] = [
    `static void fill${k}(long *dst, int n, long m)\n{\n    for (int i = 0; i < n; i++)\n        dst[i] = (i * m + ${g.int(1, 99)}) % 1000;\n}`,
    `static void set${k}(long *p, long v)\n{\n    *p = v * v + ${g.int(0, 9)};\n}`,
  ];
  if (!local) globals.unshift(`static long ${arr}[${n}];`);
  const body: Stmt[] = [];
  if (local) body.push(c(`long ${arr}[${n}];`));
  const scalars = Array.from({ length: g.int(0, 2) }, (_, i) => `x${k}_${i}`);
  if (scalars.length) body.push(c(`long ${scalars.join(', ')};`));
  const cuts = [0];
  for (let p = 1; p < parts; p++) cuts.push(Math.floor((n * p) / parts));
  cuts.push(n);
  const calls: Stmt[] = [];
  for (let p = 0; p < parts; p++) {
    const off = cuts[p] === 0 && g.chance(0.5) ? arr : g.chance(0.5) ? `${arr} + ${cuts[p]}` : `&${arr}[${cuts[p]}]`;
    calls.push(spawnCall(`fill${k}(${off}, ${cuts[p + 1] - cuts[p]}, ${g.int(1, 50)})`, local ? [arr] : []));
  }
  for (const x of scalars) calls.push(spawnCall(`set${k}(&${x}, ${g.int(-20, 20)})`, [x]));
  // Shuffle, then the last one may run in the parent; a conditional spawn now and then.
  for (let i = calls.length - 1; i > 0; i--) { const j = g.int(0, i); [calls[i], calls[j]] = [calls[j], calls[i]]; }
  const last = calls[calls.length - 1];
  if (last.k === 'call' && g.chance(0.5)) last.spawn = false;
  for (const s of calls) {
    if (g.chance(0.15) && s.k === 'call') body.push({ k: 'if', cond: `r${k} == 0`, then: [s], else: [{ ...s, spawn: false }] });
    else body.push(s);
  }
  body.push({ k: 'join' });
  body.push(checksum(k, arr, String(n)));
  for (const x of scalars) body.push(c(`r${k} = r${k} * 7 + ${x};`));
  return { kind: 'spawn-writes', globals, body, tasks: true };
};

/** `x = spawn f(a); y = f(b); join;` */
const valueSpawn: Make = (g, k) => {
  const both = g.chance(0.4);
  const globals = [`static long f${k}(long n)\n{\n    long s = 0;\n    for (long i = 0; i < n; i++)\n        s += (i * ${g.int(1, 9)}) % ${g.int(5, 40)};\n    return s;\n}`];
  const declare = g.chance(0.4); // `long x = spawn f(...);`
  const body: Stmt[] = [
    c(declare ? `long y${k};` : `long x${k}, y${k};`),
    { ...spawnCall(`f${k}(${g.int(0, 300)})`, [`x${k}`], `x${k}`), declare: declare ? 'long' : undefined } as Stmt,
    spawnCall(`f${k}(${g.int(0, 300)})`, [`y${k}`], `y${k}`, both),
    { k: 'join' },
    c(`r${k} = x${k} * 3 + y${k};`),
  ];
  return { kind: 'value-spawn', globals, body, tasks: true };
};

/** fib-like recursion with spawns (a serial cutoff now and then). */
const recursion: Make = (g, k, d) => {
  const cutoff = g.chance(0.4) ? g.int(3, 8) : 0;
  const both = g.chance(0.4);
  const fn = `fib${k}`;
  const b: Stmt[] = [c('long x, y;'), c('if (n < 2)\n    return n;')];
  if (cutoff) b.push(c(`if (n < ${cutoff})\n    return ${fn}(n - 1) + ${fn}(n - 2);`));
  b.push(spawnCall(`${fn}(n - 1)`, ['x'], 'x'));
  b.push(spawnCall(`${fn}(n - 2)`, ['y'], 'y', both));
  b.push({ k: 'join' });
  b.push(c(`return x + y${g.chance(0.3) ? ' + 1' : ''};`));
  const globals: (string | Helper)[] = [{ sig: `static long ${fn}(int n)`, body: b }];
  return { kind: 'recursion', globals, body: [c(`r${k} = ${fn}(${g.int(8, 17)});`)], tasks: true };
};

/** Divide and conquer: a recursive fill (CilkPlus: relying on the implicit sync) and sum. */
const divideConquer: Make = (g, k, d) => {
  const n = g.int(50, 400), grain = g.int(4, 40);
  const arr = `d${k}`;
  const fill: Stmt[] = [
    c(`if (hi - lo <= ${grain}) {\n    for (int i = lo; i < hi; i++)\n        v[i] = (i * ${g.int(3, 97)}) % ${g.int(50, 1000)};\n    return;\n}`),
    c('int mid = lo + (hi - lo) / 2;'),
    spawnCall(`dfill${k}(v, lo, mid)`, []),
    spawnCall(`dfill${k}(v, mid, hi)`, [], undefined, g.chance(0.3)),
  ];
  if (d !== 'cilkplus' || g.chance(0.3)) fill.push({ k: 'join' }); // CilkPlus syncs at the end of every function
  const sum: Stmt[] = [
    c(`if (hi - lo <= ${grain}) {\n    long s = 0;\n    for (int i = lo; i < hi; i++)\n        s += v[i];\n    return s;\n}`),
    c('int mid = lo + (hi - lo) / 2;'),
    c('long l, r;'),
    spawnCall(`dsum${k}(v, lo, mid)`, ['l'], 'l'),
    spawnCall(`dsum${k}(v, mid, hi)`, ['r'], 'r', g.chance(0.3)),
    { k: 'join' },
    c('return l + r;'),
  ];
  return {
    kind: 'divide-conquer',
    globals: [`static long ${arr}[${n}];`, { sig: `static void dfill${k}(long *v, int lo, int hi)`, body: fill }, { sig: `static long dsum${k}(const long *v, int lo, int hi)`, body: sum }],
    body: [c(`dfill${k}(${arr}, 0, ${n});`), c(`r${k} = dsum${k}(${arr}, 0, ${n});`)],
    tasks: true,
  };
};

/** Block spawns with shared accumulators, private copies (read, and in MetaFork written), a local array. */
const blockSpawn: Make = (g, k, d) => {
  const n = g.int(5, 60);
  const s = `s${k}`, t = `t${k}`, p = `p${k}`, arr = `b${k}`;
  const privateWrite = d === 'metafork' && g.chance(0.5); // only MetaFork's elision keeps a private write inside
  const body: Stmt[] = [c(`long ${s} = 0, ${t} = 0;`), c(`int ${p} = ${g.int(1, 9)};`), c(`long ${arr}[${n}];`)];
  const first: Stmt[] = [c(`for (int i = 0; i < ${n}; i++)\n    ${s} += (i * ${p}) % ${g.int(3, 17)};`)];
  if (privateWrite) first.push(c(`${p} = ${p} * 2 + ${s} % 5;`));
  body.push({ k: 'fork', body: first, shared: [s], arrays: [], firstprivate: d === 'openmp' && g.chance(0.5) ? [p] : [] });
  // The parent changes the private variable after the spawn: the child has its copy.
  const parentWrites = g.chance(0.5);
  if (parentWrites) body.push(c(`${p} = ${p} + ${g.int(1, 5)};`));
  const second: Stmt[] = [c(`for (int i = 0; i < ${n}; i++)\n    ${arr}[i] = (i + ${p}) * ${g.int(1, 9)} % 101;`)];
  if (g.chance(0.5)) {
    // A nested block spawn inside the second one, joined inside it.
    second.push({ k: 'fork', body: [c(`for (int i = 0; i < ${n}; i++)\n    ${t} += i % 3;`)], shared: [t], arrays: [], firstprivate: [] });
    second.push({ k: 'join' });
    second.push(c(`${t} += ${g.int(0, 9)};`));
  } else second.push(c(`${t} = ${arr}[${n - 1}] + 1;`));
  body.push({ k: 'fork', body: second, shared: [t], arrays: g.chance(0.5) || d === 'openmp' ? [arr] : [], firstprivate: [] });
  if (!parentWrites && g.chance(0.5)) body.push(c(`${p} = ${p} + 1;`));
  body.push({ k: 'join' });
  body.push(c(`r${k} = ${s} * 1000 + ${t} + ${p};`));
  body.push(checksum(k, arr, String(n)));
  return { kind: 'block-spawn', globals: [], body, tasks: true };
};

/** Parallel loops, nested, with the shapes of canonical loops (down, strided, <=). */
const parallelLoops: Make = (g, k, d) => {
  const n = g.int(10, 200), rows = g.int(2, 20), cols = g.int(2, 30);
  const a = `e${k}`, b = `m${k}`;
  const globals: (string | Helper)[] = [`static long ${a}[${n}];`, `static long ${b}[${rows}][${cols}];`];
  const head = g.pick([
    `int i = 0; i < ${n}; i++`, `int i = ${n} - 1; i >= 0; i--`, `int i = 0; i <= ${n} - 1; i++`,
    `int i = 1; i < ${n}; i += ${g.int(2, 5)}`, `int i = ${n} - 1; i > 0; i -= ${g.int(2, 4)}`,
  ]);
  const body: Stmt[] = [];
  const inner: Stmt[] = [c(`long v = (i * ${g.int(1, 97)} + ${g.int(0, 9)}) % 1000;`), c(`${a}[i] = v * v % 1009;`)];
  if (g.chance(0.3)) {
    // A spawn inside each iteration, joined before it ends.
    globals.push(`static long h${k}(long v)\n{\n    return v * 3 % 17;\n}`);
    inner.push(c(`long x, y;`), spawnCall(`h${k}(i)`, ['x'], 'x'), spawnCall(`h${k}(i + 1)`, ['y'], 'y', false), { k: 'join' }, c(`${a}[i] += x - y;`));
  }
  const loop: Stmt = { k: 'for', head, body: inner, par: true };
  if (d === 'openmp') loop.omp = g.pick(['', '', ' schedule(static)', ' schedule(dynamic, 3)', ` firstprivate(r${k})`]);
  if (d === 'cilkplus' && g.chance(0.2)) loop.pragmaCilk = `#pragma cilk grainsize = ${g.int(1, 8)}`;
  body.push(loop);
  // 2-D: nested parallel loops (OpenMP: now and then collapse(2) instead).
  const collapse = d === 'openmp' && g.chance(0.3);
  const cell = c(`${b}[i][j] = (i * ${g.int(1, 13)} + j * ${g.int(1, 13)} + ${a}[(i * j) % ${n}]) % 101;`);
  const jLoop: Stmt = { k: 'for', head: `int j = 0; j < ${cols}; j++`, body: [cell], par: !collapse && g.chance(0.7) };
  const iLoop: Stmt = { k: 'for', head: `int i = 0; i < ${rows}; i++`, body: [jLoop], par: true, omp: collapse ? ' collapse(2)' : undefined };
  body.push(iLoop);
  body.push(checksum(k, a, String(n)));
  body.push(c(`for (int i = 0; i < ${rows}; i++)\n    for (int j = 0; j < ${cols}; j++)\n        r${k} = (r${k} * 17 + ${b}[i][j]) % 1000003;`));
  // A private scalar (OpenMP private, lastprivate, or firstprivate and lastprivate: each copy starts
  // with the first value, which the iteration overwrites before reading) and a local array written
  // by every iteration.
  if (d === 'openmp' && g.chance(0.5)) {
    const clauses = g.pick([` private(w${k})`, ` lastprivate(w${k})`, ` firstprivate(w${k}) lastprivate(w${k})`]);
    const last = clauses.includes('lastprivate');
    body.push(c(`long w${k} = ${g.int(0, 9)};`));
    body.push({ k: 'for', head: `int i = 0; i < ${n}; i++`, body: [c(`w${k} = ${a}[i] % 13;`), c(`${a}[i] += w${k};`)], par: true, omp: clauses });
    body.push(checksum(k, a, String(n)));
    if (last) body.push(c(`r${k} += w${k};`));
  }
  return { kind: 'parallel-loops', globals, body, tasks: false };
};

const REDUCTIONS: { op: string; type: string; init: string; update: (v: string, x: string) => string }[] = [
  { op: '+', type: 'long', init: '0', update: (v, x) => `${v} += ${x};` },
  { op: '+', type: 'long', init: '5', update: (v, x) => `${v} = ${v} + ${x};` },
  { op: '-', type: 'long', init: '0', update: (v, x) => `${v} -= ${x};` },
  { op: '*', type: 'long', init: '1', update: (v, x) => `${v} *= i % 23 == ${x.length % 5} ? 2 : 1;` },
  { op: 'max', type: 'long', init: '-1000000', update: (v, x) => `if (${x} > ${v})\n    ${v} = ${x};` },
  { op: 'min', type: 'long', init: '1000000', update: (v, x) => `${v} = ${x} < ${v} ? ${x} : ${v};` },
  { op: '|', type: 'unsigned', init: '0u', update: (v, x) => `${v} |= (unsigned)(${x});` },
  { op: '&', type: 'unsigned', init: '~0u', update: (v, x) => `${v} &= (unsigned)(${x}) | 0x100u;` },
  { op: '^', type: 'unsigned', init: '0u', update: (v, x) => `${v} ^= (unsigned)(${x}) * 2654435761u;` },
  { op: '&&', type: 'int', init: '1', update: (v, x) => `${v} = ${v} && (${x}) >= 0;` },
  { op: '||', type: 'int', init: '0', update: (v, x) => `${v} = ${v} || (${x}) == 7;` },
];

/** Reductions (CilkPlus has none without reducers: per-iteration partial results instead). */
const reductions: Make = (g, k, d) => {
  const n = g.int(8, 300);
  const src = `q${k}`;
  const globals: (string | Helper)[] = [`static long ${src}[${n}];`];
  const body: Stmt[] = [c(`for (int i = 0; i < ${n}; i++)\n    ${src}[i] = (i * ${g.int(7, 997)} + ${g.int(0, 50)}) % ${g.int(20, 1000)} - ${g.int(0, 10)};`)];
  const count = g.int(1, 3);
  const picks = Array.from({ length: count }, () => g.pick(REDUCTIONS));
  const vars = picks.map((_, i) => `v${k}_${i}`);
  picks.forEach((r, i) => body.push(c(`${r.type} ${vars[i]} = ${r.init};`)));
  const x = `${src}[i]`;
  if (d === 'cilkplus') {
    // One partial result per iteration, combined serially (no reducers in these programs).
    picks.forEach((r, i) => body.push(c(`${r.type} part${k}_${i}[${n}];`)));
    body.push({ k: 'for', head: `int i = 0; i < ${n}; i++`, par: true, body: picks.map((r, i) => c(`part${k}_${i}[i] = ${x};`)) });
    body.push({ k: 'for', head: `int i = 0; i < ${n}; i++`, par: false, body: picks.map((r, i) => c(r.update(vars[i], `part${k}_${i}[i]`))) });
  } else {
    const nested = g.chance(0.3);
    const update: Stmt[] = picks.map((r, i) => c(r.update(vars[i], x)));
    if (nested) {
      // Each iteration has its own inner reduction.
      update.push(c(`long row = 0;`));
      update.push({ k: 'for', head: `int j = 0; j < ${g.int(2, 9)}; j++`, par: true, reduction: ['+: row'], body: [c(`row += ${src}[(i + j) % ${n}];`)] });
      body.push(c(`long grand${k} = 0;`));
      update.push(c(`grand${k} += row % 1000;`));
    }
    const head = g.pick([`int i = 0; i < ${n}; i++`, `int i = ${n} - 1; i >= 0; i--`, `int i = 0; i != ${n}; i++`]);
    const clauses = picks.map((r, i) => `${r.op}: ${vars[i]}`);
    // One clause for several variables of one operator, now and then.
    if (picks.length > 1 && picks.every(r => r.op === picks[0].op) && g.chance(0.5)) clauses.splice(0, clauses.length, `${picks[0].op}: ${vars.join(', ')}`);
    if (nested) clauses.push(`+: grand${k}`);
    body.push({ k: 'for', head, par: true, reduction: clauses, body: update });
    if (nested) body.push(c(`r${k} += grand${k};`));
  }
  vars.forEach(v => body.push(c(`r${k} = r${k} * 131 + (long)${v};`)));
  return { kind: 'reduction', globals, body, tasks: false };
};

/** OpenMP sections writing distinct variables (and one firstprivate and lastprivate). */
const sections: Make = (g, k) => {
  const count = g.int(2, 4);
  const globals = [`static long sf${k}(long n)\n{\n    return n * n % ${g.int(7, 97)};\n}`];
  const vars = Array.from({ length: count }, (_, i) => `u${k}_${i}`);
  const body: Stmt[] = [c(`long ${vars.join(' = 0, ')} = 0;`)];
  // A variable firstprivate and lastprivate: every section reads its first value, or only the last
  // section uses it and leaves its value (OpenMP's copy per thread makes any other use order-dependent).
  const first = g.chance(0.4) ? g.pick(['read', 'last']) : undefined;
  const fv = `fv${k}`;
  const secs: Stmt[][] = vars.map(v => g.chance(0.4)
    ? [c(`${v} = sf${k}(${g.int(1, 99)})${first === 'read' ? ` + ${fv}` : ''};`)]
    : [c(`for (int i = 0; i < ${g.int(3, 50)}; i++)\n    ${v} += (i * ${g.int(1, 9)}) % 11${first === 'read' ? ` + ${fv}` : ''};`)]);
  if (first) body.push(c(`long ${fv} = ${g.int(1, 50)};`));
  if (first === 'last') secs[secs.length - 1].push(c(`${fv} = ${fv} * 3 + 1;`));
  const clauses = first ? ` firstprivate(${fv}) lastprivate(${fv})` : undefined;
  body.push({ k: 'sections', sections: secs, firstBare: g.chance(0.3), clauses });
  vars.forEach(v => body.push(c(`r${k} = r${k} * 101 + ${v};`)));
  if (first) body.push(c(`r${k} = r${k} * 101 + ${fv};`));
  return { kind: 'sections', globals, body, tasks: false };
};

/** OpenMP tasks ordered by depend clauses. */
const dependTasks: Make = (g, k, d) => {
  const x = `dx${k}`, y = `dy${k}`, z = `dz${k}`;
  const globals = [`static long df${k}(long n)\n{\n    return (n * ${g.int(3, 31)}) % 1009;\n}`];
  const body: Stmt[] = [c(`long ${x} = 0, ${y} = 0, ${z} = ${g.int(1, 9)};`)];
  // A task whose body is one call, placed after a pending dependence.
  const oneCall = g.chance(0.5);
  const task = (deps: string, shared: string[], text: string, braces = g.chance(0.5)) =>
    body.push({ k: 'task', clauses: ` ${deps} shared(${shared.join(', ')})`, body: [c(text)], braces });
  task(`depend(out: ${x})`, [x], `${x} = df${k}(${g.int(1, 99)});`);
  task(`depend(in: ${x}) depend(out: ${y})`, [x, y], `${y} = ${x} * 2 + ${g.int(0, 9)};`);
  task(`depend(inout: ${z})`, [z], `${z} = ${z} * 3 + ${g.int(0, 9)};`);
  if (oneCall) {
    globals.push(`static void dg${k}(long *p, long v)\n{\n    *p = (*p + v) % 1009;\n}`);
    task(`depend(in: ${x}) depend(inout: ${z})`, [x, z], `dg${k}(&${z}, ${x});`, false);
  }
  task(`depend(in: ${y}) depend(inout: ${z})`, [y, z], `${z} = (${z} * 7 + ${y}) % 1000003;`);
  if (g.chance(0.5)) {
    const m = `dm${k}`;
    body.splice(1, 0, c(`long ${m} = 0;`));
    // Long read-modify-write runs (through volatile: each one a load and a store), so that tasks the
    // translation leaves unordered overlap and lose updates.
    for (let i = 0; i < 3; i++) task(`depend(mutexinoutset: ${m})`, [m], `{\n    volatile long *q = &${m};\n    for (int i = 0; i < ${g.int(100000, 200000)}; i++)\n        *q += ${g.int(1, 5)};\n}`, false);
    body.push({ k: 'join' });
    body.push(c(`r${k} = ${m};`));
  } else body.push({ k: 'join' });
  body.push(c(`r${k} = r${k} * 1000 + ${x} + ${y} * 3 + ${z};`));
  return { kind: 'depend', globals, body, tasks: true };
};

/** CilkPlus cilk_scope. */
const scope: Make = (g, k, d) => {
  const globals: (string | Helper)[] = [`static void ss${k}(long *p, long v)\n{\n    *p = v * ${g.int(2, 9)} + 1;\n}`];
  const body: Stmt[] = [c(`long a${k} = 0, b${k} = 0;`)];
  const inScope: Stmt[] = [spawnCall(`ss${k}(&a${k}, ${g.int(1, 50)})`, []), spawnCall(`ss${k}(&b${k}, ${g.int(1, 50)})`, [], undefined, false)];
  if (g.chance(0.5)) {
    // A return inside the scope (defect 5): the scope still joins.
    globals.push({ sig: `static void sc${k}(long *a, long *b)`, body: [{ k: 'scope', body: [spawnCall(`ss${k}(a, 3)`, []), c(`ss${k}(b, 4);`), c('return;')] }] });
    body.push(c(`sc${k}(&a${k}, &b${k});`));
  } else body.push({ k: 'scope', body: inScope });
  body.push(c(`r${k} = a${k} * 100 + b${k};`));
  return { kind: 'scope', globals, body, tasks: true };
};

/** A serial loop spawning one task per iteration; joined after it. */
const loopSpawn: Make = (g, k, d) => {
  const n = g.int(3, 30);
  const arr = `l${k}`;
  const local = g.chance(0.5);
  const globals: (string | Helper)[] = [`static void put${k}(long *p, int i)\n{\n    *p = (long)i * i % ${g.int(7, 50)};\n}`];
  if (!local) globals.push(`static long ${arr}[${n}];`);
  const body: Stmt[] = local ? [c(`long ${arr}[${n}];`)] : [];
  const block = d !== 'cilkplus' && g.chance(0.5);
  const each: Stmt = block
    ? { k: 'fork', body: [c(`${arr}[i] = (long)i * ${g.int(1, 9)} + 1;`)], shared: [], arrays: local ? [arr] : [], firstprivate: d === 'openmp' && g.chance(0.5) ? ['i'] : [] }
    : spawnCall(`put${k}(&${arr}[i], i)`, local ? [arr] : []);
  body.push({ k: 'for', head: `int i = 0; i < ${n}; i++`, par: false, body: [each] });
  body.push({ k: 'join' });
  body.push(checksum(k, arr, String(n)));
  return { kind: 'loop-spawn', globals, body, tasks: true };
};

/**
 * OpenMP: a serial walk making a task per step that reads through a pointer and from a local
 * array, both of which the walk changes right after (`p++`, the array filled again), with no
 * clause naming them: by OpenMP's default they are firstprivate in the task, copied when it is
 * made. MetaFork shares pointers and arrays with a fork, so its translations must copy them (they
 * did not, and the forks read later steps). Not generated in MetaFork or CilkPlus, where such a
 * block spawn races.
 */
const pointerWalk: Make = (g, k) => {
  const n = g.int(3, 30);
  const src = `pw${k}`, out = `po${k}`, p = `pp${k}`, w = `pa${k}`;
  const globals = [
    `static long ${src}[${n}];`,
    `static long pf${k}(const long *p, const long *w)\n{\n    return (*p * ${g.int(2, 9)} + w[0] * ${g.int(1, 9)} + w[1]) % ${g.int(97, 1009)};\n}`,
  ];
  const body: Stmt[] = [
    c(`for (int i = 0; i < ${n}; i++)\n    ${src}[i] = (i * ${g.int(3, 97)}) % ${g.int(11, 211)};`),
    c(`long ${out}[${n}];`),
    c(`const long *${p} = ${src};`),
    c(`long ${w}[2];`),
  ];
  const step: Stmt[] = [
    c(`${w}[0] = i;`),
    c(`${w}[1] = i * ${g.int(2, 7)};`),
    { k: 'task', clauses: ` shared(${out})`, body: [c(`${out}[i] = pf${k}(${p}, ${w});`)], braces: g.chance(0.5) },
    c(`${p}++;`),
  ];
  body.push({ k: 'for', head: `int i = 0; i < ${n}; i++`, par: false, body: step });
  body.push({ k: 'join' });
  body.push(checksum(k, out, String(n)));
  return { kind: 'pointer-walk', globals, body, tasks: true };
};

/**
 * Call spawns whose arguments read what the parent changes right after the spawn (a global, an
 * element, through a pointer), call a function or have a side effect, and whose receivers are
 * places found through such values (`gr[j]`, `gr[ga % n]`, `*pw++`): MetaFork and CilkPlus
 * evaluate both at the spawn (in OpenMP such a program would race, so it is not generated there).
 */
const spawnArguments: Make = (g, k) => {
  const n = g.int(4, 12);
  const globals: (string | Helper)[] = [
    `static long ga${k} = ${g.int(1, 20)};`,
    `static long gt${k}[${n}];`,
    `static void sp${k}(long *out, long v, long w)\n{\n    *out = v * ${g.int(2, 9)} + w;\n}`,
    `static long sq${k}(long v)\n{\n    return v * v + ga${k};\n}`,
  ];
  const body: Stmt[] = [
    c(`for (int i = 0; i < ${n}; i++)\n    gt${k}[i] = i * ${g.int(1, 9)} + 1;`),
    c(`long o${k}[4];`),
    c(`long loc${k} = ${g.int(1, 9)};`),
    c(`long *pl${k} = &loc${k};`),
    c(`int j${k} = ${g.int(0, n - 2)};`),
  ];
  const args = [`ga${k}`, `gt${k}[j${k}]`, `*pl${k}`, `sq${k}(j${k})`, `gt${k}[j${k}] + ga${k}`, `j${k} * 2`];
  for (let i = 0; i < 3; i++) body.push(spawnCall(`sp${k}(&o${k}[${i}], ${g.pick(args)}, ${g.pick(args)})`, [`o${k}`], undefined, g.chance(0.85)));
  // Receivers: distinct places of gr, found through what changes below; tw reads no global (sq
  // reads ga, which the parent changes while a spawned sq could run).
  globals.push(`static long gr${k}[${n}];`, `static long tw${k}(long v)\n{\n    return v * ${g.int(2, 9)} + 1;\n}`);
  const receivers = [`gr${k}[j${k}]`, `gr${k}[ga${k} % ${n}]`, `*pw${k}++`];
  const receiver = g.pick(receivers);
  if (receiver.startsWith('*')) body.push(c(`long *pw${k} = gr${k} + ${g.int(0, n - 2)};`));
  const receive = (lhs: string) => spawnCall(`tw${k}(${g.pick(args)})`, [], lhs, g.chance(0.85), true);
  body.push(receive(receiver));
  if (receiver.startsWith('*')) body.push(receive(`*pw${k}`));
  // A side effect (the only access to j in that call: no unsequenced access).
  body.push(spawnCall(`sp${k}(&o${k}[3], j${k}++, ${g.pick([`ga${k}`, `*pl${k}`, `sq${k}(2)`])})`, [`o${k}`], undefined, g.chance(0.85)));
  body.push(c(`ga${k} = ${g.int(100, 200)};`), c(`gt${k}[j${k} > 0 ? j${k} - 1 : 0] = -7;`), c(`loc${k} = ${g.int(30, 40)};`));
  body.push({ k: 'join' });
  body.push(c(`r${k} = ga${k} + j${k} + loc${k};`), checksum(k, `o${k}`, '4'), checksum(k, `gr${k}`, String(n)));
  return { kind: 'spawn-arguments', globals, body, tasks: true };
};

/** OpenMP synchronisation in a parallel loop (critical, atomic): a mutex or __atomic builtins in MetaFork, race-free. */
const ompSynchronisation: Make = (g, k) => {
  const n = g.int(10, 100);
  const critical = g.chance(0.5);
  const update = critical ? [c('#pragma omp critical'), c(`cs${k} += i % 7;`)] : [c('#pragma omp atomic'), c(`cs${k} += i % 7;`)];
  const body: Stmt[] = [c(`long cs${k} = 0;`), { k: 'for', head: `int i = 0; i < ${n}; i++`, par: true, body: update }, c(`r${k} = cs${k};`)];
  return { kind: critical ? 'critical' : 'atomic', globals: [], body, tasks: false };
};

/**
 * Fork-join inside parallel loops: a recursive spawning function called from every iteration, a
 * reduction whose iterations spawn (a block in MetaFork and OpenMP, a call in CilkPlus) and join,
 * structs passed by value to spawned calls.
 */
const mixed: Make = (g, k, d) => {
  const n = g.int(4, 24);
  const globals: (string | Helper)[] = [
    `struct pt${k} { long x, y; };`,
    { sig: `static long rec${k}(int n)`, body: [c('long a, b;'), c('if (n < 2)\n    return n + 1;'), spawnCall(`rec${k}(n - 1)`, ['a'], 'a'), spawnCall(`rec${k}(n - 2)`, ['b'], 'b', false), { k: 'join' }, c(`return (a + b) % ${g.int(500, 1000)};`)] },
    `static void mv${k}(long *out, struct pt${k} p, int i)\n{\n    *out = p.x * i + p.y;\n}`,
    `static long mr${k}[${n}];`,
  ];
  const body: Stmt[] = [];
  body.push({ k: 'for', head: `int i = 0; i < ${n}; i++`, par: true, body: [c(`mr${k}[i] = rec${k}(i % ${g.int(5, 12)});`)] });
  body.push(checksum(k, `mr${k}`, String(n)));
  // Structs by value: the spawn copies them at the spawn.
  body.push(c(`struct pt${k} p${k} = { ${g.int(1, 9)}, ${g.int(1, 9)} };`), c(`long ms${k}[3];`));
  for (let i = 0; i < 3; i++) {
    body.push(spawnCall(`mv${k}(&ms${k}[${i}], p${k}, ${i})`, [`ms${k}`]));
    if (d !== 'openmp') body.push(c(`p${k}.x += ${g.int(1, 5)};`)); // OpenMP: the task would capture it too, but at the task's creation only with firstprivate
  }
  body.push({ k: 'join' });
  body.push(checksum(k, `ms${k}`, '3'));
  if (d !== 'cilkplus') {
    const inner: Stmt[] = [c('long lo = 0, hi = 0;'),
      { k: 'fork', body: [c(`for (int j = 0; j < i; j++)\n    lo += mr${k}[j] % 7;`)], shared: ['lo'], arrays: [], firstprivate: [] },
      c(`for (int j = i; j < ${n}; j++)\n    hi += mr${k}[j] % 5;`), { k: 'join' }, c(`tot${k} += lo * 3 - hi;`)];
    body.push(c(`long tot${k} = 0;`));
    body.push({ k: 'for', head: `int i = 0; i < ${n}; i++`, par: true, reduction: [`+: tot${k}`], body: inner });
    body.push(c(`r${k} += tot${k};`));
  } else {
    body.push(c(`long part${k}[${n}];`));
    body.push({ k: 'for', head: `int i = 0; i < ${n}; i++`, par: true, body: [c('long lo, hi;'), spawnCall(`rec${k}(i % 7)`, ['lo'], 'lo'), c(`hi = mr${k}[i] % 5;`), { k: 'join' }, c(`part${k}[i] = lo * 3 - hi;`)] });
    body.push(c(`for (int i = 0; i < ${n}; i++)\n    r${k} += part${k}[i];`));
  }
  return { kind: 'mixed', globals, body, tasks: true };
};

/**
 * Deep nesting: a spawned function whose parallel loop spawns in every iteration, a block spawn
 * around a parallel loop (MetaFork, OpenMP), loops of other counter types and shapes; in CilkPlus a
 * function returning a value with spawns still running at its `return` (its implicit sync).
 */
const nesting: Make = (g, k, d) => {
  const n = g.int(3, 20);
  const a = `z${k}`;
  const type = g.pick(['int', 'long', 'unsigned']);
  const globals: (string | Helper)[] = [
    `static long ${a}[${n}][4];`,
    `static void cell${k}(long *p, long v)\n{\n    *p = v % ${g.int(50, 99)} + 1;\n}`,
    {
      sig: `static void row${k}(long *r, int i)`,
      body: [{ k: 'for', head: `${type} j = 0; j < 4; j++`, par: true, body: [spawnCall(`cell${k}(&r[j], (long)i * 4 + j)`, []), { k: 'join' }] }],
    },
  ];
  const body: Stmt[] = [];
  const loops: Stmt = { k: 'for', head: `int i = 0; i < ${n}; i++`, par: g.chance(0.5), body: [spawnCall(`row${k}(${a}[i], i)`, [])] };
  if (d !== 'cilkplus' && g.chance(0.6)) {
    body.push({ k: 'fork', body: [loops, { k: 'join' }], shared: [], arrays: [], firstprivate: [] });
    body.push(c(`r${k} = ${g.int(1, 9)};`));
    body.push({ k: 'join' });
  } else {
    body.push(loops, { k: 'join' });
  }
  body.push(c(`for (int i = 0; i < ${n}; i++)\n    for (int j = 0; j < 4; j++)\n        r${k} = (r${k} * 13 + ${a}[i][j]) % 1000003;`));
  if (d === 'cilkplus') {
    // The result is returned while the spawn runs; CilkPlus syncs before the function returns.
    globals.push(`static long ret${k}(long *o)\n{\n    cilk_spawn cell${k}(o, ${g.int(1, 99)});\n    return ${g.int(1, 9)};\n}`);
    body.push(c(`long o${k} = 0;`), c(`long q${k} = ret${k}(&o${k});`), c(`r${k} = r${k} * 7 + q${k} * 100 + o${k};`));
  }
  return { kind: 'nesting', globals, body, tasks: true };
};

/** An OpenMP parallel region with worksharing loops (the barrier between them orders them) and a single. */
const ompRegion: Make = (g, k) => {
  const n = g.int(10, 150);
  const a = `o${k}`;
  const body: Stmt[] = [c(`long os${k} = 0, ot${k} = 0;`)];
  const region: Stmt[] = [
    { k: 'pragma', text: '#pragma omp for', body: [c(`for (int i = 0; i < ${n}; i++)\n    ${a}[i] = (i * ${g.int(1, 50)}) % 97;`)] },
    { k: 'pragma', text: `#pragma omp for reduction(+: os${k})`, body: [c(`for (int i = 0; i < ${n}; i++)\n    os${k} += ${a}[${n} - 1 - i] * (i % 5);`)] },
  ];
  if (g.chance(0.5)) region.push({ k: 'pragma', text: '#pragma omp single', body: [c(`ot${k} = os${k} % 97 + ${a}[0];`)] });
  body.push({ k: 'ompRegion', body: region });
  body.push(c(`r${k} = os${k} * 100 + ot${k};`));
  body.push(checksum(k, a, String(n)));
  return { kind: 'omp-region', globals: [`static long ${a}[${n}];`], body, tasks: false };
};

const MAKERS: Record<Dialect, [Make, number][]> = {
  metafork: [[nesting, 2], [mixed, 2], [spawnArguments, 2], [spawnWrites, 3], [valueSpawn, 2], [recursion, 2], [divideConquer, 2], [blockSpawn, 3], [parallelLoops, 3], [reductions, 3], [loopSpawn, 2]],
  cilkplus: [[nesting, 2], [mixed, 2], [spawnArguments, 2], [spawnWrites, 3], [valueSpawn, 2], [recursion, 2], [divideConquer, 2], [parallelLoops, 3], [reductions, 2], [scope, 2], [loopSpawn, 2]],
  openmp: [[nesting, 2], [mixed, 2], [spawnWrites, 3], [valueSpawn, 2], [recursion, 2], [divideConquer, 2], [blockSpawn, 3], [parallelLoops, 3], [reductions, 3], [sections, 2], [dependTasks, 2], [loopSpawn, 2], [pointerWalk, 2], [ompRegion, 1], [ompSynchronisation, 1]],
};

export interface Program {
  seed: number;
  dialect: Dialect;
  /** Source file name (its extension tells the dialect). */
  fileName: string;
  text: string;
  /** The kinds of the segments, in order. */
  kinds: string[];
  /** How many segments the full program has (indices for `programOf`). */
  segments: number;
}

const hash = (a: number, b: number) => Math.imul(a ^ Math.imul(b + 0x9e3779b9, 0x85ebca6b), 0xc2b2ae35) >>> 0;

export function dialectOf(seed: number): Dialect { return DIALECTS[((seed % 3) + 3) % 3]; }

/** The program of `seed`; `only` keeps the segments with these indices (minimisation). */
export function programOf(seed: number, only?: number[]): Program {
  const d = dialectOf(seed);
  const top = new Random(hash(seed, 0x5eed));
  const count = top.int(1, 4);
  const makers = MAKERS[d];
  const total = makers.reduce((s, [, w]) => s + w, 0);
  const segs: { index: number; seg: Segment; inline: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    let r = top.int(0, total - 1), make = makers[0][0];
    for (const [m, w] of makers) { if (r < w) { make = m; break; } r -= w; }
    const inline = top.chance(0.5);
    const k = i + 1;
    const seg = make(new Random(hash(seed, k)), k, d);
    if (!only || only.includes(i)) segs.push({ index: i, seg, inline });
  }
  const st: Style = { d, pragmas: d === 'metafork' && top.chance(0.25), underscore: d === 'cilkplus' && top.chance(0.25) };
  const out: string[] = [`/* fork-join fuzz program: seed ${seed}, ${d} */`, '#include <stdio.h>'];
  if (d === 'cilkplus') out.push('#include <cilk/cilk.h>');
  for (const { seg } of segs) {
    for (const gl of seg.globals) {
      out.push('');
      if (typeof gl === 'string') out.push(gl);
      else { out.push(gl.sig); out.push('{'); print(gl.body, st, '    ', out); out.push('}'); }
    }
  }
  for (const { index, seg, inline } of segs) {
    if (inline) continue;
    const k = index + 1;
    out.push('', `static long seg${k}(void)`, '{', `    long r${k} = 0;`);
    print(seg.body, st, '    ', out);
    out.push(`    return r${k};`, '}');
  }
  out.push('', 'int main(void)', '{');
  if (segs.length) out.push(`    long ${segs.map(s => `r${s.index + 1} = 0`).join(', ')};`);
  // Consecutive task segments share one team in OpenMP.
  let team: Stmt[] | undefined;
  const main: Stmt[] = [];
  for (const { index, seg, inline } of segs) {
    const k = index + 1;
    const code: Stmt[] = inline ? [{ k: 'block', body: seg.body }] : [c(`r${k} = seg${k}();`)];
    if (seg.tasks) {
      if (!team) { team = []; main.push({ k: 'team', body: team }); }
      team.push(...code);
    } else { team = undefined; main.push(...code); }
  }
  print(main, st, '    ', out);
  for (const { index } of segs) out.push(`    printf("r${index + 1} = %ld\\n", r${index + 1});`);
  out.push('    return 0;', '}', '');
  const ext = d === 'metafork' ? '.mfc' : d === 'cilkplus' ? '_cilk.c' : '_omp.c';
  return { seed, dialect: d, fileName: `fuzz${seed}${ext}`, text: out.join('\n'), kinds: segs.map(s => s.seg.kind), segments: count };
}
