// OpenMP SPMD regions as fork-join: a `parallel` region whose body every thread runs (statements
// outside any work-sharing construct, thread ids) becomes loops over thread ids,
// `meta_for (int tid = 0; tid < nthreads; tid++) { ... }`. `omp_get_thread_num()` reads the loop's
// variable, `omp_get_num_threads()` the team size. A work-sharing `for` runs the iterations its
// schedule gives the thread (./partition); `single`, `master`, `masked` run on the thread that
// runs them (tid 0, or the filter's). A top-level barrier (explicit, or the implicit one ending a
// `for`, `single` or `sections`) ends one loop over thread ids and starts the next: each loop's end
// waits for all of its iterations, as the barrier waits for all threads. A thread's own value
// living across a barrier is declared again after it when it can be recomputed there; otherwise
// the region is refused, naming the barrier and the variable.

import { child, functionName, named, walk } from '../syntax/ast';
import { replace } from '../base/edits';
import type { SNode } from '../syntax/parser';
import type { Construct, ItemModel } from '../model/constructs';
import { constructSpan } from '../model/constructs';
import { visibleVariable, type Variable } from '../model/scopes';
import { canonicalHeader } from '../model/loops';
import { declarationFor } from '../model/declarations';
import { type Span, within } from '../base/span';
import { lineIndent, reindent } from '../base/layout';
import type { Stage } from '../base/stage';
import type { DirectiveClause } from '../syntax/pragma';
import { partitionedLoop, stepNode, type PartitionNames } from './partition';

/** The thread queries a region answers from its loop over thread ids. */
const QUERIES: Record<string, 'tid' | 'nthreads'> = { omp_get_thread_num: 'tid', omp_get_num_threads: 'nthreads' };

export function isThreadQuery(name: string): boolean {
  return name in QUERIES;
}

/** What the SPMD translation needs of the OpenMP -> MetaFork translator of the item. */
export interface SpmdHost {
  stage: Stage;
  model: ItemModel;
  /** A name nothing in the item uses yet. */
  fresh(name: string): string;
  /** Translates a construct this module does not rewrite (critical, atomic, task, a nested region). */
  visit(c: Construct): void;
  /** Refuses or notes the clauses the translator does not handle. */
  checkClauses(c: Construct): void;
  /** Declarations of `c`'s private and firstprivate copies (copies taken before, declarations inside). */
  privates(c: Construct, env: { before: string[]; decls: string[]; after: string[] }, skip?: (v: Variable) => boolean): void;
  items(c: Construct, clause: string): Variable[];
  /** `c` ends with a join: nothing it forked is pending after it. */
  joined(c: Construct): void;
}

interface Query { call: SNode; kind: 'tid' | 'nthreads'; name: string }

/** Calls of `omp_get_thread_num()` and `omp_get_num_threads()` in `node`. */
function queriesIn(node: SNode, text: string): Query[] {
  const out: Query[] = [];
  walk(node, n => {
    if (n.type !== 'call_expression') return true;
    const f = child(n, 'function');
    const name = f?.type === 'identifier' ? text.slice(f.start, f.end) : '';
    if (isThreadQuery(name)) out.push({ call: n, kind: QUERIES[name], name });
    return true;
  });
  return out;
}

/** The innermost construct of the parallel family around `span`: the team a thread query asks about. */
function teamOf(model: ItemModel, span: Span): Construct | undefined {
  let team: Construct | undefined;
  for (const c of model.constructs)
    if (c.dialect === 'openmp' && c.directive?.name.startsWith('parallel') && within(span, c) && c.head.end <= span.start)
      if (!team || c.start >= team.start) team = c;
  return team;
}

/** The thread queries a `parallel` construct answers (not those of a region nested in it). */
function ownQueries(model: ItemModel, c: Construct): Query[] {
  return c.region ? queriesIn(c.region, model.text).filter(q => teamOf(model, q.call) === c) : [];
}

/** The first statement of a region that every thread runs (outside every construct), if any. */
function teamStatement(c: Construct): SNode | undefined {
  const region = c.region!;
  const governed = new Set<number>();
  for (const k of c.children) {
    if (k.statement) governed.add(k.statement.start);
    governed.add(k.start);
  }
  const statements = region.type === 'compound_statement' ? named(region) : [region];
  return statements.find(s => {
    if (s.type === 'comment' || s.type === 'preproc_call' || governed.has(s.start)) return false;
    if (s.type === 'expression_statement' && named(s).length === 0) return false;
    let call = false;
    walk(s, x => !(call ||= x.type === 'call_expression'));
    return s.type !== 'declaration' || call;
  });
}

/** Regions whose threads are named here: a `parallel` region, a `parallel for` loop. */
const TEAMS = new Set(['parallel', 'parallel for', 'parallel for simd']);

/** A region written SPMD-style: statements every thread runs, or thread ids. */
export function isSpmdRegion(model: ItemModel, c: Construct): boolean {
  if (c.dialect !== 'openmp' || !TEAMS.has(c.directive?.name ?? '') || !c.region) return false;
  return ownQueries(model, c).length > 0 || (c.directive!.name === 'parallel' && teamStatement(c) !== undefined);
}

/**
 * Thread queries outside any `parallel` region: in `main` (not called in the file) the initial
 * thread asks, alone in its team: `0` and `1`. Anywhere else a region may be running the
 * function: refused. Queries inside a combined `parallel for`/`parallel sections` are refused too.
 */
export function threadQueriesOutsideRegions(stage: Stage, model: ItemModel): void {
  const text = stage.text;
  for (const q of queriesIn(model.item, text)) {
    const team = teamOf(model, q.call);
    if (TEAMS.has(team?.directive!.name ?? '')) continue; // the region's translation reads it
    const fn = model.item.type === 'function_definition' ? functionName(model.item, text)?.name : undefined;
    if (!team && fn === 'main' && !callsMain(model.item, text)) {
      stage.edit(replace(q.call, q.kind === 'tid' ? '0' : '1'));
      continue;
    }
    const where = team
      ? `inside '#pragma omp ${team.directive!.name}', whose threads are not named here`
      : `outside any parallel region, in '${fn ?? 'this declaration'}', which a parallel region may call: its value depends on the thread calling it`;
    stage.refuse('MF602', q.call, `'${q.name}' cannot be translated ${where}; MetaFork has no threads to ask`, {
      call: q.name,
    });
  }
}

function callsMain(item: SNode, text: string): boolean {
  let root = item;
  while (root.parent) root = root.parent;
  let found = false;
  walk(root, n => {
    const f = n.type === 'call_expression' ? child(n, 'function') : undefined;
    if (f && text.slice(f.start, f.end) === 'main') found = true;
    return !found;
  });
  return found;
}

/** A statement of the region, or a construct with its statement. */
interface Unit { span: Span; node?: SNode; construct?: Construct }
/** One loop over thread ids ('team'), code run once outside them ('once'), or only comments. */
interface Segment {
  kind: 'team' | 'once' | 'plain';
  units: Unit[];
  reductions: string[];
  /** The barrier that ends it, for messages. */
  ends?: { span: Span; label: string };
}

export function translateSpmdRegion(host: SpmdHost, c: Construct): void {
  new SpmdRegion(host, c).translate();
}

class SpmdRegion {
  private readonly stage: Stage;
  private readonly model: ItemModel;
  private readonly text: string;
  private readonly names: PartitionNames;
  private readonly queries: Query[];
  private readonly region: SNode;
  /** A `parallel for`: its loop is the region's only work-sharing loop. */
  private readonly combined: boolean;
  /** Variables private to each thread: declared in the region, or listed private/firstprivate. */
  private readonly threadVariables: Variable[];

  constructor(
    private readonly host: SpmdHost,
    private readonly c: Construct,
  ) {
    this.stage = host.stage;
    this.model = host.model;
    this.text = host.stage.text;
    this.region = c.region!;
    const f = (n: string) => host.fresh(n);
    this.names = {
      tid: f('mf_tid'), nthreads: f('mf_nthreads'), n: f('mf_n'), lo: f('mf_lo'), hi: f('mf_hi'), q: f('mf_q'), r: f('mf_r'),
    };
    this.queries = ownQueries(this.model, c);
    this.combined = c.directive!.name !== 'parallel';
    this.threadVariables = [
      ...this.model.scopes.variables.filter(v => within(v.span, this.region)),
      ...host.items(c, 'private'),
      ...host.items(c, 'firstprivate'),
    ];
  }

  private refuse(span: Span, message: string, data?: Record<string, unknown>): false {
    this.stage.refuse('MF602', span, message, data);
    return false;
  }

  translate(): void {
    const { c, stage } = this;
    this.host.checkClauses(c);
    const shared = c.clauses.find(cl => cl.name === 'default' && !/^\s*(shared|none)\s*$/.test(cl.args?.text ?? ''));
    if (shared) {
      stage.refuse('MF601', shared, `'${this.text.slice(shared.start, shared.end)}' on a region every thread runs is not translated: list the variables in 'private' or 'firstprivate'`, { construct: 'default', target: 'metafork' });
      return;
    }
    for (const q of this.queries) stage.edit(replace(q.call, this.names[q.kind]));
    const segments = this.segments();
    if (!segments || !this.threadValuesKept(segments) || !this.reductionsKept(segments)) return;
    this.compose(segments);
    this.host.joined(c);
  }

  // ---- the region cut at its barriers ---------------------------------------------------

  private units(): Unit[] {
    // A `parallel for` is one work-sharing loop.
    if (this.combined) return [{ span: constructSpan(this.c), construct: this.c }];
    const region = this.region;
    const nodes = region.type === 'compound_statement' ? named(region) : [region];
    const units: Unit[] = [];
    for (const node of nodes) {
      const last = units[units.length - 1];
      if (last?.construct && node.start < last.span.end) continue; // the construct's statement
      const k = this.c.children.find(x => x.head.start === node.start || x.start === node.start);
      units.push(k ? { span: constructSpan(k), construct: k } : { span: node, node });
    }
    return units;
  }

  private segments(): Segment[] | undefined {
    const out: Segment[] = [];
    let current: Segment = { kind: 'team', units: [], reductions: [] };
    const close = (ends?: Segment['ends']) => {
      if (!current.units.some(u => u.node?.type !== 'comment')) current.kind = 'plain';
      current.ends = ends;
      if (current.units.length) out.push(current);
      current = { kind: 'team', units: [], reductions: [] };
    };
    for (const u of this.units()) {
      const k = u.construct;
      if (!k) {
        for (const inner of this.c.children.filter(x => within(constructSpan(x), u.span)))
          if (!this.nested(inner)) return undefined;
        current.units.push(u);
        continue;
      }
      const name = k.directive?.name ?? '';
      const ends = { span: k.head, label: `the ${name === 'barrier' ? '' : 'implicit barrier ending the '}'#pragma omp ${name}'` };
      const nowait = k.clauses.some(cl => cl.name === 'nowait');
      if (name === 'barrier') close(ends);
      else if (name === 'for' || name === 'for simd' || k === this.c) {
        if (!this.loop(k, current)) return undefined;
        current.units.push(u);
        if (!nowait) close(ends);
      } else if (name === 'single' && !nowait) {
        if (!current.units.some(x => x.node?.type !== 'comment') && this.runsOnce(k)) {
          close();
          if (!this.single(k, undefined)) return undefined;
          out.push({ kind: 'once', units: [u], reductions: [], ends });
        } else {
          if (!this.single(k, `${this.names.tid} == 0`)) return undefined;
          current.units.push(u);
          close(ends);
        }
      } else if (name === 'sections') {
        close({ span: k.head, label: `'#pragma omp sections' (its sections run once, between loops over threads)` });
        const read = this.threadVariables.find(v => this.references(v, [u]));
        if (read) {
          this.refuse(k.head, `'#pragma omp ${name}' in a region every thread runs reads '${read.name}', a value of each thread: its sections run once, outside the loop over threads`, { variable: read.name });
          return undefined;
        }
        this.host.visit(k);
        if (nowait) this.stage.note(k.head, `'nowait': the sections are waited for before the threads go on (a stronger order)`);
        out.push({ kind: 'once', units: [u], reductions: [], ends });
      } else {
        if (!this.nested(k)) return undefined;
        current.units.push(u);
      }
    }
    close();
    return out;
  }

  /** A construct inside team code (or a top-level one that ends no segment). */
  private nested(k: Construct): boolean {
    const name = k.directive?.name ?? '';
    const top = k.head.start >= this.region.start && named(this.region).some(n => n.start === k.head.start);
    const nowait = k.clauses.some(cl => cl.name === 'nowait');
    const waits = name === 'barrier' || ((name === 'for' || name === 'for simd' || name === 'single' || name === 'sections') && !nowait);
    if (waits && !top)
      return this.refuse(k.head, `${name === 'barrier' ? 'this barrier' : `the implicit barrier ending '#pragma omp ${name}'`} is inside a nested statement of the region: MetaFork splits a region only at its top-level barriers, so it cannot be translated`, { barrier: name });
    if (name === 'for' || name === 'for simd') return this.loop(k, undefined);
    if (name === 'single') return this.single(k, `${this.names.tid} == 0`);
    if (name === 'master') return this.single(k, `${this.names.tid} == 0`);
    if (name === 'masked') {
      // The filter is pragma text, not a parsed expression: its thread queries are read here.
      const filter = k.clauses.find(cl => cl.name === 'filter')?.args?.text.trim() ?? '0';
      const read = filter.replace(/\b(omp_get_thread_num|omp_get_num_threads)\s*\(\s*\)/g, (_, q: string) => this.names[QUERIES[q]]);
      return this.single(k, `${this.names.tid} == ${read === '0' ? '0' : `(${read})`}`);
    }
    this.host.visit(k);
    return true;
  }

  /** Whether a `single` can run once between two loops over threads: it reads no thread's value. */
  private runsOnce(k: Construct): boolean {
    const stmt = k.statement!;
    if (this.queries.some(q => q.kind === 'tid' && within(q.call, stmt))) return false;
    return !this.threadVariables.some(v => !within(v.span, stmt) && this.references(v, [{ span: stmt }]));
  }

  /** `single`, `master`, `masked`: `if (cond) stmt`, or the statement alone (`cond` undefined: run once). */
  private single(k: Construct, cond: string | undefined): boolean {
    this.host.checkClauses(k);
    for (const inner of k.children) if (!this.nested(inner)) return false;
    const stmt = k.statement!;
    const env = { before: [] as string[], decls: [] as string[], after: [] as string[] };
    this.host.privates(k, env);
    const indent = lineIndent(this.text, k.head.start);
    const unit = this.stage.unit;
    const body = this.stage.render(stmt);
    const own = lineIndent(this.text, stmt.start);
    let out: string;
    if (env.before.length || env.decls.length) {
      const lines = [...env.before, ...env.decls].map(l => `${indent}${unit}${l}\n`).join('');
      out = `{\n${lines}${indent}${unit}${reindent(body, own, indent + unit)}\n${indent}}`;
      if (cond) out = `if (${cond}) ${out}`;
    } else if (!cond) out = body;
    else if (stmt.type === 'compound_statement') out = `if (${cond}) ${reindent(body, own, indent)}`;
    else out = `if (${cond})\n${indent}${unit}${reindent(body, own, indent + unit)}`;
    this.stage.edit(replace({ start: k.head.start, end: stmt.end }, out));
    return true;
  }

  /** A work-sharing loop: the iterations of this thread; its reduction goes to the segment's loop. */
  private loop(k: Construct, segment: Segment | undefined): boolean {
    const text = this.text;
    if (k !== this.c) this.host.checkClauses(k);
    const clause = (name: string) => k.clauses.find(cl => cl.name === name);
    for (const name of ['collapse', 'lastprivate']) {
      const cl = clause(name);
      if (cl && (name !== 'collapse' || cl.args?.text.trim() !== '1')) {
        this.stage.refuse('MF601', cl, `'${name}' on a work-sharing loop in a region every thread runs is not translated`, { construct: name, target: 'metafork' });
        return false;
      }
    }
    const loop = k.loop!;
    const header = canonicalHeader(loop, text).header;
    const body = child(loop, 'body');
    if (!header || !body) return false; // reported by the checks
    for (const inner of k.children) if (!this.nested(inner)) return false;
    const reduction = clause('reduction');
    if (reduction) {
      if (!segment)
        return this.refuse(reduction, `a 'reduction' on a work-sharing loop inside a nested statement of the region cannot be translated: its loop over threads is not its own`);
      for (const item of reduction.items) {
        const v = visibleVariable(this.model, item.name, k.start);
        if (v && this.threadVariables.includes(v))
          return this.refuse(reduction, `'${v.name}' is private to each thread: a reduction into it has no MetaFork counterpart`, { variable: v.name });
      }
      segment.reductions.push(`reduction(${reduction.args?.text.trim() ?? ''})`);
      this.reducing.push({ loop: k, clause: reduction, segment });
    }
    const schedule = clause('schedule');
    const [kind, chunk] = (schedule?.args?.text ?? 'static').split(',').map(s => s.trim());
    const scheduleKind = kind.replace(/^.*:\s*/, '');
    if (scheduleKind !== 'static')
      this.stage.note(schedule!, `'schedule(${scheduleKind})': each thread runs the iterations 'schedule(static${chunk ? ', ' + chunk : ''})' gives it (a schedule OpenMP allows)`);
    const variable = visibleVariable(this.model, header.variable, body.start);
    const env = { before: [] as string[], decls: [] as string[], after: [] as string[] };
    this.host.privates(k, env, v => v.name === header.variable);
    const step = stepNode(header, text);
    const parts = {
      header,
      declaration: variable ? declarationFor(variable, text, header.variable) : `__typeof__(${this.substitute(header.lower)}) ${header.variable}`,
      lower: this.substitute(header.lower),
      bound: this.substitute(header.bound),
      step: step ? this.substitute(step) : '1',
      update: this.substitute(header.update),
    };
    this.render({ start: loop.start, end: body.start }); // the queries in the header, read above
    const indent = lineIndent(text, k.head.start);
    const unit = this.stage.unit;
    const rendered = this.stage.render(body);
    const own = lineIndent(text, body.start);
    const placed = (at: string) =>
      body.type === 'compound_statement'
        ? ' ' + reindent(rendered, lineIndent(text, loop.start), at)
        : `\n${at}${unit}${reindent(rendered, own, at + unit)}`;
    const out = partitionedLoop(parts, chunk, this.names, [...env.before, ...env.decls], placed, indent, unit);
    this.stage.edit(replace({ start: k.head.start, end: loop.end }, out));
    return true;
  }

  // ---- values of each thread across barriers ---------------------------------------------

  private references(v: Variable, units: { span: Span }[]): boolean {
    return this.model.scopes.references.some(r => r.variable === v && units.some(u => within(r.span, u.span)));
  }

  private writes(v: Variable, span: Span): boolean {
    return this.model.scopes.references.some(
      r => r.variable === v && within(r.span, span) && (r.access !== 'read' || r.addressTaken),
    );
  }

  /** The declarations each loop over threads declares again (by segment), or undefined: refused. */
  private redeclared = new Map<Segment, SNode[]>();

  private threadValuesKept(segments: Segment[]): boolean {
    for (const s of segments) if (s.kind === 'team') this.redeclared.set(s, []);
    for (const [i, s] of segments.entries()) {
      for (const v of this.threadVariables) {
        const declaredHere = s.units.some(u => within(v.span, u.span));
        const listed = !within(v.span, this.region);
        if (!declaredHere && !(listed && s.units.some(u => this.writes(v, u.span)))) continue;
        for (const later of segments.slice(i + 1)) {
          if (!this.references(v, later.units)) continue;
          const why = this.recomputable(v, new Set());
          if (typeof why === 'string' || later.kind !== 'team') {
            const barrier = s.ends!;
            return this.refuse(barrier.span, `'${v.name}' is private to each thread and lives across ${barrier.label}: MetaFork splits the region there into loops over thread ids, and '${v.name}' cannot be recomputed after it (${typeof why === 'string' ? why : 'it is read outside the loops'})`, { variable: v.name, barrier: barrier.label });
          }
          const list = this.redeclared.get(later)!;
          for (const d of why) if (!list.includes(d)) list.push(d);
        }
      }
    }
    for (const list of this.redeclared.values()) list.sort((a, b) => a.start - b.start);
    return true;
  }

  /** The region's declarations recomputing `v` (its own last), or why it cannot be recomputed. */
  private recomputable(v: Variable, seen: Set<Variable>): SNode[] | string {
    const decl = v.declaration;
    if (!within(v.span, this.region) || decl.type !== 'declaration' || named(this.region).every(n => n !== decl))
      return `it is not declared at the top of the region`;
    if (this.writes(v, this.region)) return `it is assigned after its declaration`;
    const values = decl.children.filter(d => d.field === 'declarator').map(d => (d.type === 'init_declarator' ? child(d, 'value') : undefined));
    if (values.some(x => !x)) return `it has no initializer`;
    const out: SNode[] = [];
    seen.add(v);
    for (const value of values) {
      let why: string | undefined;
      walk(value!, n => {
        if (why) return false;
        if (n.type === 'call_expression' && !this.queries.some(q => q.call.start === n.start))
          why = `its initializer calls '${this.text.slice(n.start, child(n, 'function')!.end)}'`;
        return true;
      });
      if (why) return why;
      for (const r of this.model.scopes.references) {
        const u = r.variable;
        if (!u || !within(r.span, value!) || seen.has(u)) continue;
        if (this.threadVariables.includes(u)) {
          const inner = this.recomputable(u, seen);
          if (typeof inner === 'string') return `it is computed from '${u.name}': ${inner}`;
          out.push(...inner);
        } else if (this.writes(u, this.region)) return `it is computed from '${u.name}', which the region writes`;
      }
    }
    out.push(decl);
    return out;
  }

  /** Work-sharing loops with a reduction, each with the segment whose loop over threads reduces. */
  private readonly reducing: { loop: Construct; clause: DirectiveClause; segment: Segment }[] = [];

  /**
   * Reductions of work-sharing loops: nothing else in their loop over threads may touch the
   * variable (it reads each thread's partial value there). Reductions of the region itself: each
   * loop over threads combines its part.
   */
  private reductionsKept(segments: Segment[]): boolean {
    for (const { loop, clause, segment } of this.reducing)
      for (const item of clause.items) {
        const v = visibleVariable(this.model, item.name, loop.start);
        const other = this.model.scopes.references.find(
          r => r.variable === v && segment.units.some(u => within(r.span, u.span)) && !within(r.span, constructSpan(loop)),
        );
        if (other)
          return this.refuse(other.span, `'${item.name}' is reduced by the loop at line ${this.text.slice(0, loop.start).split('\n').length} and used here before the barrier that ends it: each thread's partial value cannot be read in MetaFork`, { variable: item.name });
      }
    const clauses = this.combined ? [] : this.c.clauses.filter(cl => cl.name === 'reduction');
    if (!clauses.length) return true;
    const teams = segments.filter(s => s.kind === 'team');
    for (const cl of clauses)
      for (const item of cl.items) {
        const v = visibleVariable(this.model, item.name, this.c.start);
        if (!v) continue;
        const once = segments.find(s => s.kind === 'once' && this.references(v, s.units));
        const read = teams.length > 1 && this.model.scopes.references.some(r => r.variable === v && within(r.span, this.region) && r.access !== 'readwrite');
        if (once || read)
          return this.refuse(cl, `'reduction(${cl.args?.text.trim()})': '${v.name}' is read in the region, which MetaFork runs as several loops over threads; each thread's partial value cannot be kept across them`, { variable: v.name });
      }
    for (const s of teams) s.reductions.unshift(...clauses.map(cl => `reduction(${cl.args?.text.trim() ?? ''})`));
    return true;
  }

  // ---- the output ------------------------------------------------------------------------

  /** The text of `span` with the edits inside it (consumed). */
  private render(span: Span): string {
    return this.stage.render(span);
  }

  /** The text of `span` with this region's thread queries read (a declaration written again). */
  private substitute(span: Span): string {
    let out = '';
    let at = span.start;
    for (const q of this.queries.filter(x => within(x.call, span)).sort((a, b) => a.call.start - b.call.start)) {
      out += this.text.slice(at, q.call.start) + this.names[q.kind];
      at = q.call.end;
    }
    return out + this.text.slice(at, span.end);
  }

  private compose(segments: Segment[]): void {
    const { c, text, stage, names } = this;
    const indent = lineIndent(text, c.head.start);
    const unit = stage.unit;
    const inner = indent + unit;
    const clause = (name: string) => c.clauses.find(cl => cl.name === name)?.args?.text.trim();
    const count = clause('num_threads') ?? 'omp_get_max_threads()';
    if (!clause('num_threads')) stage.includes.add('omp.h');
    const condition = c.clauses.find(cl => cl.name === 'if')?.args?.text.replace(/^\s*parallel\s*:/, '').trim();
    const env = { before: [] as string[], decls: [] as string[], after: [] as string[] };
    if (!this.combined) this.host.privates(c, env); // a loop's copies are its partition's
    const lines = [`const int ${names.nthreads} = ${condition ? `(${condition}) ? ${count} : 1` : count};`, ...env.before];
    for (const s of segments) {
      const span = { start: s.units[0].span.start, end: s.units[s.units.length - 1].span.end };
      const own = lineIndent(text, span.start);
      const body = this.render(span);
      if (s.kind !== 'team') {
        lines.push(reindent(body, own, inner));
        continue;
      }
      const decls = [...env.decls, ...this.redeclared.get(s)!.map(d => this.substitute(d))];
      // Tasks complete at the barrier: the loop over threads joins them.
      const forks = this.model.constructs.some(
        k => k.directive?.name === 'task' && teamOf(this.model, k) === c && s.units.some(u => within(constructSpan(k), u.span)),
      );
      const at = inner + unit;
      const clauses = s.reductions.length ? ' ' + s.reductions.join(' ') + ' ' : ' ';
      lines.push(
        `meta_for${clauses}(int ${names.tid} = 0; ${names.tid} < ${names.nthreads}; ${names.tid}++) {\n` +
          [...decls, reindent(body, own, at), ...(forks ? ['meta_join;'] : [])].map(l => at + l).join('\n') +
          `\n${inner}}`,
      );
    }
    const whole = { start: c.head.start, end: constructSpan(c).end };
    this.render(whole); // nothing is left inside but what the segments hold
    stage.edit(replace(whole, `{\n${lines.map(l => inner + l).join('\n')}\n${indent}}`));
  }
}
