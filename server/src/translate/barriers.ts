// An SPMD region cut at its barriers (./spmd): the segments, and what may cross a barrier. Each
// thread's own values (declared in the region, or listed private/firstprivate) are gone once
// its loop over thread ids ends; one read after a barrier is declared again there when its
// initializer can be evaluated again (thread ids, constants, variables the region does not
// write), otherwise the region is refused naming the barrier and the variable. Reductions are
// each loop's: a thread's partial value is never read beside them.

import { LineIndex } from '../base/lines';
import { child, named, walk } from '../syntax/ast';
import type { SNode } from '../syntax/parser';
import type { Construct, ItemModel } from '../model/constructs';
import { constructSpan } from '../model/constructs';
import { changesVariable, declaratorInfo, initializerOf, referencesOf, referencesWithin, visibleVariable, type Reference, type Variable } from '../model/scopes';
import { type Span, within } from '../base/span';
import type { DirectiveClause } from '../syntax/pragma';
import { partialCopy, type Partial } from './partials';

/** A statement of the region, or a construct with its statement. */
export interface Unit { span: Span; node?: SNode; construct?: Construct }

/**
 * One loop over thread ids ('team'), code run once between them ('once'), only comments, or a
 * uniform sequential loop around segments of its own ('loop', ./sequential).
 */
export interface Segment {
  kind: 'team' | 'once' | 'plain' | 'loop';
  /** A 'loop': the segments of its body. */
  children?: Segment[];
  units: Unit[];
  /** `reduction(...)` clauses of its loop over thread ids. */
  reductions: string[];
  /** The barrier that ends it, for messages. */
  ends?: { span: Span; label: string };
  /** The region's reduction variables each thread's copy of which it combines at its end (./partials). */
  partials?: Partial[];
  /** Variables of earlier segments it declares again. */
  redeclared: Redeclaration[];
}

/** A thread's variable declared again after a barrier: with its initializer, or without one
 * where the segment writes it before reading it. */
export interface Redeclaration { variable: Variable; value?: SNode; /** The whole statement. */ text?: string }

/** A work-sharing loop's reduction, with the segment whose loop over thread ids combines it. */
export interface LoopReduction { loop: Construct; clause: DirectiveClause; segment: Segment }

export interface Refusal { span: Span; message: string; data: Record<string, unknown> }

/** What the checks read of the region. */
export interface RegionFacts {
  model: ItemModel;
  construct: Construct;
  region: SNode;
  /** Variables private to each thread: declared in the region, or listed private/firstprivate. */
  threadVariables: Variable[];
  /** The thread queries the region answers (the only calls an initializer may make again). */
  queries: SNode[];
}

export function references(model: ItemModel, v: Variable, spans: Span[]): boolean {
  return referencesOf(model.scopes, v).some(r => spans.some(s => within(r.span, s)));
}


/** Whether a reference inside `span` may change `v`. */
export function writes(model: ItemModel, v: Variable, span: Span): boolean {
  return referencesOf(model.scopes, v).some(r => within(r.span, span) && changesVariable(r));
}

const spans = (s: Segment) => s.units.map(u => u.span);

/**
 * A thread's firstprivate copy serves every section it runs: what one section writes there, another
 * run by the same thread reads (as both are with one thread). MetaFork gives each section its own
 * copy, so a copy written in one section and used in another is refused, unless each section that
 * writes it puts it back as it was (`x[0] += d; ... x[0] -= d;`).
 */
export function copyAcrossSections(model: ItemModel, sections: SNode[], firstprivate: Variable[]): Refusal | undefined {
  for (const v of firstprivate) {
    const uses = sections.map(s => model.scopes.references.filter(r => r.variable === v && within(r.span, s)));
    const written = uses.map(refs => refs.filter(changesVariable));
    const writer = written.findIndex(w => w.length && !restores(w, v, model.text));
    if (writer >= 0 && uses.some((refs, i) => i !== writer && refs.length))
      return {
        span: written[writer][0].span,
        message:
          `'${v.name}' is firstprivate on 'sections', written in one section and used in another: OpenMP gives ` +
          `each thread one copy for all the sections it runs (the second section sees the first one's write when ` +
          `one thread runs both), MetaFork gives each section its own`,
        data: { construct: 'firstprivate', target: 'metafork' },
      };
  }
  return undefined;
}

/** Whether a section's writes of `v` undo themselves: each `L += E` (or `L++`) met by an `L -= E`
 * (`L--`) on the same place, E not reading `v`, so that the copy leaves the section as it came. */
function restores(changed: Reference[], v: Variable, text: string): boolean {
  const changes = new Map<string, string[]>();
  const squeeze = (n: SNode) => text.slice(n.start, n.end).replace(/\s+/g, '');
  for (const r of changed) {
    if (r.addressTaken) return false;
    let place: SNode = r.node;
    while (place.parent?.type === 'subscript_expression' && child(place.parent, 'argument') === place) place = place.parent;
    const op = place.parent;
    let change: string;
    if (op?.type === 'assignment_expression' && child(op, 'left') === place) {
      const right = child(op, 'right');
      const operator = right && text.slice(place.end, right.start).trim();
      if (!right || (operator !== '+=' && operator !== '-=') || new RegExp(`\\b${v.name}\\b`).test(squeeze(right))) return false;
      change = `${operator[0]}${squeeze(right)}`;
    } else if (op?.type === 'update_expression') {
      change = text.slice(op.start, op.end).includes('++') ? '+1' : '-1';
    } else return false;
    const key = squeeze(place);
    changes.set(key, [...(changes.get(key) ?? []), change]);
  }
  return [...changes.values()].every(list => {
    const count = (sign: string, e: string) => list.filter(x => x === sign + e).length;
    return list.every(x => count('+', x.slice(1)) === count('-', x.slice(1)));
  });
}

/**
 * A store into a reduction variable that reads nothing of it (`hi = e;`, not `hi = hi > e ? hi : e`
 * nor under `if (e > hi)`): each thread's copy starts from the operator's identity and is
 * combined, which no serial order of the stores computes.
 */
function blindStore(f: RegionFacts, v: Variable, span: Span): Reference | undefined {
  const reads = (n: SNode | undefined) =>
    !!n && f.model.scopes.references.some(r => r.variable === v && r.access !== 'write' && within(r.span, n));
  return f.model.scopes.references.find(r => {
    if (r.variable !== v || r.access !== 'write' || !within(r.span, span)) return false;
    const assignment = r.node.parent;
    if (assignment?.type === 'assignment_expression' && reads(child(assignment, 'right'))) return false;
    for (let p = assignment?.parent; p && within(p, span); p = p.parent)
      if ((p.type === 'if_statement' || p.type === 'conditional_expression') && reads(child(p, 'condition')))
        return false;
    return true;
  });
}

/** A static local of the region is one for all threads, but its declaration stays in its loop. */
export function staticsKept(f: RegionFacts, segments: Segment[]): Refusal | undefined {
  for (const v of f.model.scopes.variables) {
    if (!v.isStatic || !within(v.span, f.region)) continue;
    const home = segments.find(s => s.units.some(u => within(v.span, u.span)));
    if (segments.some(s => s !== home && references(f.model, v, spans(s))))
      return {
        span: v.span,
        message: `'${v.name}' is a static variable of the region used across a barrier: declare it before the region`,
        data: { variable: v.name },
      };
  }
  return undefined;
}

/** Fills each segment's `redeclared`, or says why a thread's value cannot cross a barrier. */
export function threadValuesAcross(f: RegionFacts, segments: Segment[]): Refusal | undefined {
  for (const [i, s] of segments.entries()) {
    for (const v of f.threadVariables) {
      const declaredHere = s.units.some(u => within(v.span, u.span));
      const listed = !within(v.span, f.region);
      if (!declaredHere && !(listed && s.units.some(u => writes(f.model, v, u.span)))) continue;
      for (const later of segments.slice(i + 1)) {
        if (!references(f.model, v, spans(later))) continue;
        if (later.kind === 'team' && (writtenFirst(f, v, later) || untouchedBefore(f, v, later, segments))) {
          // A listed private is declared in every loop over thread ids already.
          if (!listed) add(later, [{ variable: v }]);
          continue;
        }
        const again = recomputation(f, v, new Set());
        if (typeof again === 'string' || later.kind !== 'team') {
          const barrier = s.ends!;
          const why = typeof again === 'string' ? again : 'it is read outside the loops';
          return {
            span: barrier.span,
            message:
              `'${v.name}' is private to each thread and lives across ${barrier.label}: MetaFork splits the ` +
              `region there into loops over thread ids, and '${v.name}' cannot be recomputed after it (${why})`,
            data: { variable: v.name, barrier: barrier.label },
          };
        }
        add(later, again);
      }
    }
  }
  for (const s of segments) s.redeclared.sort((a, b) => a.variable.span.start - b.variable.span.start);
  return undefined;
}

function add(s: Segment, declarations: Redeclaration[]): void {
  for (const d of declarations) if (!s.redeclared.some(r => r.variable === d.variable)) s.redeclared.push(d);
}

/**
 * Whether `v`, declared in the region without a value, is named in no segment before `later`: the
 * value it enters `later` with is the indeterminate one of its declaration, as a declaration again
 * gives it (NAS BT's `double Pface[2][3][5];`, which only the second of its work-sharing loops uses,
 * through pointers a call stores through). No pointer to it can come from before.
 */
function untouchedBefore(f: RegionFacts, v: Variable, later: Segment, segments: Segment[]): boolean {
  if (!within(v.span, f.region) || initializerOf(v)) return false;
  const before = segments.slice(0, segments.indexOf(later)).flatMap(spans);
  return !f.model.scopes.references.some(
    r => r.variable === v && !within(r.span, v.declaration) && before.some(x => within(r.span, x)),
  );
}

/** Whether the segment never reads the value `v` had when it began (`storedFirst`): the variable
 * is then only declared again. */
function writtenFirst(f: RegionFacts, v: Variable, s: Segment): boolean {
  return storedFirst(f.model, f.region, v, spans(s));
}

/**
 * Whether the code in `code` (spans of `region`'s statements) never reads the value `v` had when it
 * began: every use of `v` in it that may read it comes after a store of a value that reads nothing
 * of `v`, on every path. A store is a statement `v = e;` or a `for` whose initializer is `v = e`
 * (NAS BT's `for (j = 0; ...)` inside another loop after a barrier); it comes first where it is an
 * earlier statement of a block around the use, inside `code`, or the initializer of a `for` around
 * it. Not where the code jumps (a label, `goto`, `switch`: a jump may pass the store) or `v`'s
 * address is taken (a pointer may read the old copy).
 */
export function storedFirst(model: ItemModel, region: SNode, v: Variable, code: Span[]): boolean {
  const refs = referencesOf(model.scopes, v);
  if (refs.some(r => r.addressTaken)) return false;
  const uses = refs.filter(r => code.some(x => within(r.span, x)));
  if (!uses.length || code.some(x => jumpsWithin(region, x))) return false;
  const stores = (e: SNode | undefined): boolean => {
    if (!e) return false;
    if (e.type === 'comma_expression') return e.children.some(stores);
    if (e.type !== 'assignment_expression' || model.text.slice(child(e, 'left')!.end, child(e, 'right')?.start).trim() !== '=')
      return false;
    const left = child(e, 'left')!, right = child(e, 'right');
    // Found by place (a scan of all of `v`'s references per use was quadratic in a function's uses of `i`).
    const isV = (r: Reference) => r.variable === v;
    return referencesWithin(model.scopes, left).some(r => isV(r) && r.span.start === left.start && r.span.end === left.end)
      && !!right && !referencesWithin(model.scopes, right).some(isV);
  };
  const storeStatement = (n: SNode) =>
    (n.type === 'expression_statement' && stores(named(n)[0])) || (n.type === 'for_statement' && stores(child(n, 'initializer')));
  // Per block, where its first store inside `code` starts (a block's uses share it).
  const firstStore = new Map<SNode, number>();
  const firstStoreIn = (block: SNode): number => {
    let at = firstStore.get(block);
    if (at === undefined) {
      at = block.children.find(k => code.some(x => within(k, x)) && storeStatement(k))?.start ?? Infinity;
      firstStore.set(block, at);
    }
    return at;
  };
  const storedBefore = (r: Reference): boolean => {
    for (let n: SNode = r.node; n !== region && n.parent; n = n.parent) {
      const p: SNode = n.parent;
      if (p.type === 'for_statement' && n.field !== 'initializer' && stores(child(p, 'initializer'))) return true;
      if (p.type === 'compound_statement' && firstStoreIn(p) < n.start) return true;
    }
    return false;
  };
  // The store itself reads nothing of `v`.
  const plainStore = (r: Reference) => r.access === 'write' && !r.through && stores(r.node.parent ?? undefined);
  return uses.every(r => plainStore(r) || storedBefore(r));
}

/** A label, `goto` or `switch` inside `span` of `region`. */
function jumpsWithin(region: SNode, span: Span): boolean {
  return jumpsOf(region).some(n => within(n, span));
}

/** The labels, `goto`s and `switch`es of `region`, found once per region (each variable asks). */
function jumpsOf(region: SNode): SNode[] {
  let found = jumps.get(region);
  if (!found) {
    const list: SNode[] = [];
    walk(region, n => { if (JUMPS.has(n.type)) list.push(n); });
    jumps.set(region, (found = list));
  }
  return found;
}
const jumps = new WeakMap<SNode, SNode[]>();
const JUMPS = new Set(['labeled_statement', 'goto_statement', 'switch_statement', 'case_statement']);

/**
 * `v` declared again with its initializer (after those it reads), or why it cannot be recomputed.
 * Declared without one, the value its one store gives it stands for it: a statement `v = e;` of
 * the region's own, nothing naming `v` before it (NAS BT's `isize = grid_points[0]-1;`).
 */
function recomputation(f: RegionFacts, v: Variable, seen: Set<Variable>): Redeclaration[] | string {
  const decl = v.declaration;
  if (!within(v.span, f.region) || decl.type !== 'declaration' || named(f.region).every(n => n !== decl))
    return `it is not declared at the top of the region`;
  const declarator = decl.children.find(d => d.field === 'declarator' && declaratorInfo(d)?.id.start === v.span.start);
  let value = declarator?.type === 'init_declarator' ? child(declarator, 'value') : undefined;
  if (writes(f.model, v, f.region)) {
    value = value ? undefined : soleStore(f, v);
    if (!value) return `it is assigned after its declaration`;
  }
  if (!value) return `it has no initializer`;
  const out: Redeclaration[] = [];
  seen.add(v);
  let call: SNode | undefined;
  walk(value, n => {
    if (n.type === 'call_expression' && !f.queries.some(q => q.start === n.start)) call ??= n;
    return !call;
  });
  if (call) return `its initializer calls '${f.model.text.slice(call.start, child(call, 'function')!.end)}'`;
  for (const r of f.model.scopes.references) {
    const u = r.variable;
    if (!u || !within(r.span, value) || seen.has(u)) continue;
    if (f.threadVariables.includes(u)) {
      const inner = recomputation(f, u, seen);
      if (typeof inner === 'string') return `it is computed from '${u.name}': ${inner}`;
      out.push(...inner);
    } else if (writes(f.model, u, f.region)) return `it is computed from '${u.name}', which the region writes`;
  }
  out.push({ variable: v, value });
  return out;
}

/** The value `v` is given by its only store, a statement `v = e;` of the region's own with nothing
 * naming `v` before it (but its declaration), reading nothing of `v`: `e`; otherwise undefined. */
function soleStore(f: RegionFacts, v: Variable): SNode | undefined {
  const refs = f.model.scopes.references.filter(r => r.variable === v && !within(r.span, v.declaration));
  const stores = refs.filter(r => changesVariable(r));
  if (stores.length !== 1 || refs.some(r => r.addressTaken)) return undefined;
  const [store] = stores;
  const assignment = store.node.parent;
  const statement = assignment?.parent;
  if (assignment?.type !== 'assignment_expression' || child(assignment, 'left') !== store.node || statement?.type !== 'expression_statement')
    return undefined;
  if (statement.parent !== f.region || f.model.text.slice(store.node.end, child(assignment, 'right')?.start).trim() !== '=') return undefined;
  const right = child(assignment, 'right');
  if (!right || refs.some(r => r.span.start < store.span.start || within(r.span, right))) return undefined;
  return right;
}

/**
 * The value of `v`, a thread's variable a uniform loop's header reads, as every thread has it:
 * its recomputation reading no thread query (the header runs outside the loops over thread ids).
 */
export function uniformValue(f: RegionFacts, v: Variable): Redeclaration[] | string {
  return recomputation({ ...f, queries: [] }, v, new Set());
}

/**
 * Reductions of work-sharing loops: nothing else in their loop over thread ids may touch the
 * variable (it would read a thread's partial value). Reductions of the region itself (`own`):
 * each loop over thread ids combines its part, so the variable may be read in none of them
 * but by its updates when there are several.
 */
export function reductionsKept(
  f: RegionFacts,
  segments: Segment[],
  loops: LoopReduction[],
  own: DirectiveClause[],
): Refusal | undefined {
  const text = f.model.text;
  const teams = segments.filter(s => s.kind === 'team');
  // A reduction variable of the region that one loop over thread ids alone uses: that loop keeps each
  // thread's copy (the other loops' clauses add nothing to it).
  const partials: Partial[] = [];
  const home = new Map<Partial, Segment>();
  for (const cl of own)
    for (const item of cl.items) {
      const v = visibleVariable(f.model, item.name, f.construct.start);
      const op = cl.args?.text.split(':')[0].trim() ?? '';
      if (!v || !blindStore(f, v, f.region)) continue;
      const users = segments.filter(s => references(f.model, v, spans(s)));
      if (users.length !== 1 || users[0].kind !== 'team') continue;
      const partial = { variable: v, op };
      if (!partialCopy(partial, text)) continue;
      partials.push(partial);
      home.set(partial, users[0]);
    }
  const blind = [
    ...loops.flatMap(l => l.clause.items.map(i => ({ name: i.name, at: l.loop.start, span: constructSpan(l.loop) }))),
    ...own.flatMap(cl => cl.items.map(i => ({ name: i.name, at: f.construct.start, span: f.region as Span }))),
  ]
    .map(x => ({ ...x, v: visibleVariable(f.model, x.name, x.at) }))
    .filter(x => !partials.some(p => p.variable === x.v))
    .map(x => x.v && blindStore(f, x.v, x.span))
    .find(r => r);
  if (blind)
    return {
      span: blind.span,
      message:
        `'${blind.name}' is reduced, and stored here without being read: OpenMP combines each thread's last ` +
        `value, MetaFork's loop keeps the last one stored`,
      data: { variable: blind.name },
    };
  for (const { loop, clause, segment } of loops)
    for (const item of clause.items) {
      const v = visibleVariable(f.model, item.name, loop.start);
      // (Unresolved, `r.variable === v` held for every name the file does not declare.)
      if (!v)
        return {
          span: item,
          message:
            `'${item.name}' is declared nowhere this file shows (a data member of the method's class?): its ` +
            `reduction inside a region every thread runs is not translated; reduce into a local variable instead`,
          data: { variable: item.name },
        };
      const other = f.model.scopes.references.find(
        r => r.variable === v && spans(segment).some(s => within(r.span, s)) && !within(r.span, constructSpan(loop)),
      );
      if (other) {
        const line = new LineIndex(text).position(loop.start).line + 1;
        return {
          span: other.span,
          message:
            `'${item.name}' is reduced by the loop at line ${line} and used here before the barrier that ends ` +
            `it: each thread's partial value cannot be read in MetaFork`,
          data: { variable: item.name },
        };
      }
    }
  for (const p of partials) (home.get(p)!.partials ??= []).push(p);
  for (const cl of own)
    for (const item of cl.items) {
      const v = visibleVariable(f.model, item.name, f.construct.start);
      // A thread's copy kept by the one loop that uses it is read there only.
      if (!v || partials.some(p => p.variable === v)) continue;
      const once = segments.some(s => s.kind === 'once' && references(f.model, v, spans(s)));
      const read =
        teams.length > 1 &&
        f.model.scopes.references.some(r => r.variable === v && within(r.span, f.region) && r.access !== 'readwrite');
      if (once || read)
        return {
          span: cl,
          message:
            `'reduction(${cl.args?.text.trim()})': '${v.name}' is read in the region, which MetaFork runs as ` +
            `several loops over thread ids; each thread's partial value cannot be kept across them`,
          data: { variable: v.name },
        };
    }
  for (const s of teams) s.reductions.unshift(...own.map(cl => `reduction(${cl.args?.text.trim() ?? ''})`));
  return undefined;
}
