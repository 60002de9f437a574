// Sharing pitfalls: clause lists naming undeclared variables, block spawns writing a private
// copy whose value is then lost, races on shared scalars in parallel loops, default(none).

import { child } from '../syntax/ast';
import { Construct, constructLabel, isParallelLoop, ItemModel } from '../model/constructs';
import { sharingAt, SharingEntry, clauseNames } from '../model/sharing';
import { visibleVariable, type Reference, type Variable } from '../model/scopes';
import { within } from '../base/span';
import type { SNode } from '../syntax/parser';
import { diagnostic, MfDiagnostic } from '../base/diagnostic';
import { opOf } from '../model/loops';
import { argumentWrites, describeWrite } from '../model/spawnArguments';

/** Clauses whose items must name variables. */
const VARIABLE_CLAUSES = new Set([
  'shared', 'private', 'firstprivate', 'lastprivate', 'reduction', 'copyin', 'copyprivate', 'linear', 'aligned',
  'cache', 'depend', 'map', 'to', 'from', 'is_device_ptr', 'use_device_ptr', 'in_reduction', 'task_reduction',
  'nontemporal', 'has_device_addr', 'use_device_addr', 'inclusive', 'exclusive',
]);

const DECLARATIVE = /^(begin )?declare /;

/** The reserved locators of OpenMP 5.2: list items no declaration declares. */
const RESERVED_LOCATORS = new Set(['omp_all_memory', 'omp_cur_iteration']);

/** A quoted #include may declare names we do not see: no undeclared-variable errors then. */
const USER_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"/m;

export function clauseVariableDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  let unseenHeaders: boolean | undefined; // computed on the first undeclared name only
  for (const c of model.constructs) {
    // Declarative directives name parameters (`declare simd linear(i)`), functions (`declare
    // target to(f)`) or a mapper's own variable: none is a variable in scope here.
    if (c.directive && DECLARATIVE.test(c.directive.name)) continue;
    for (const clause of c.clauses) {
      if (!VARIABLE_CLAUSES.has(clause.name)) continue;
      for (const item of clause.items) {
        if (RESERVED_LOCATORS.has(item.name)) continue;
        const v = visibleVariable(model, item.name, c.start);
        if (!v) {
          unseenHeaders ??= USER_INCLUDE.test(model.text);
          if (unseenHeaders) continue;
          out.push(
            diagnostic(
              'MF401',
              item,
              `'${clause.name}(${item.name})' on '${constructLabel(c)}': '${item.name}' is not a declared variable`,
              { variable: item.name, clause: clause.name },
            ),
          );
        } else if (clause.name === 'shared' && c.kind === 'block-spawn' && c.dialect === 'metafork') {
          // Globals are left alone: translators (and OpenMP habits) list them, harmlessly.
          const why =
            v.storage === 'global' || v.storage === 'file'
              ? undefined
              : v.isStatic
                ? 'static'
                : v.isConst
                  ? 'const'
                  : v.shape !== 'value'
                    ? `${v.shape}-typed`
                    : undefined;
          if (why)
            out.push(
              diagnostic('MF404', item, `'${item.name}' is ${why}, so it is shared without 'shared(...)'`, {
                variable: item.name,
              }),
            );
        }
      }
    }
  }
  return out;
}

const isWrite = (r: Reference) =>
  (r.access === 'write' || r.access === 'readwrite') && (r.through === null || r.through === 'field');

/** Where to insert ` shared(x)` on a block spawn. */
function sharedInsertion(c: Construct): number {
  return c.form === 'keyword' ? c.head.end : c.directive!.end;
}

export function privateWriteDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const c of model.constructs) {
    if (c.kind !== 'block-spawn' || c.dialect !== 'metafork') continue;
    for (const e of sharingAt(model, c)) {
      if (e.local || e.sharing !== 'firstprivate') continue;
      const write = e.references.find(isWrite);
      if (!write) continue;
      // Only a write the parent could look for is lost: the parent reads the variable later on.
      const fn = c.functionNode;
      const readLater = model.scopes.references.some(
        r => r.variable === e.variable && r.span.start >= c.end && (!fn || r.span.end <= fn.end),
      );
      if (!readLater) continue;
      out.push(
        diagnostic(
          'MF402',
          write.span,
          `'${e.variable.name}' is private to this '${constructLabel(c)}' block (a value-type local not listed in shared(...)): the write changes the child's copy and is lost when the block ends; add 'shared(${e.variable.name})'`,
          { variable: e.variable.name, insert: ` shared(${e.variable.name})`, at: sharedInsertion(c) },
        ),
      );
    }
  }
  return out;
}

/** Inside `#pragma omp atomic|critical|single|master` a write is not a race. */
function protectedWrite(model: ItemModel, r: Reference, loop: Construct): boolean {
  return model.constructs.some(
    c =>
      c !== loop &&
      c.kind === 'omp' &&
      ['atomic', 'critical', 'single', 'master'].includes(c.directive?.name ?? '') &&
      c.start <= r.span.start &&
      r.span.end <= c.end,
  );
}

export function raceDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const c of model.constructs) {
    if (!isParallelLoop(c) || !c.loop) continue;
    const body = child(c.loop, 'body');
    if (!body) continue;
    const nest = c.kind === 'omp' ? privatizedRegions(model, c, 'race') : undefined;
    for (const e of sharingAt(model, c) as SharingEntry[]) {
      if (e.sharing !== 'shared' || e.variable.shape !== 'value') continue;
      // Listed linear, or the iteration variable of `collapse(n)` loops or of nested loop constructs.
      if (clauseNames(c, 'linear').has(e.variable.name)) continue;
      if (nest?.get(e.variable)?.some(l => e.references.every(r => within(r.span, l)))) continue;
      const write = e.references.find(
        r => isWrite(r) && body.start <= r.span.start && r.span.end <= body.end && !protectedWrite(model, r, c),
      );
      if (!write) continue;
      const assign = write.node.parent?.type === 'assignment_expression' ? write.node.parent : undefined;
      const op = assign ? opOf(assign, model.text) : write.node.parent?.type === 'update_expression' ? '+=' : undefined;
      const reduction = op && /^([+\-*&|^]|&&|\|\|)=$/.test(op) ? op.slice(0, -1) : undefined;
      const name = e.variable.name;
      const advice = reduction ? `use 'reduction(${reduction}: ${name})'` : `declare '${name}' inside the loop body`;
      out.push(
        diagnostic(
          'MF403',
          write.span,
          `data race: '${name}' is shared by all iterations of '${constructLabel(c)}' (${e.reason}) and written here; ${advice}`,
          { variable: name, ...(reduction ? { reduction } : {}) },
        ),
      );
    }
  }
  return out;
}

/** A running spawn's pointer argument written through by its parent (model/spawnArguments). */
export function spawnArgumentDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const dialect of ['metafork', 'cilkplus'] as const) {
    for (const w of argumentWrites(model, dialect)) {
      const message = `data race: ${describeWrite(w, model.text)}: the child may read the new value (copy what it reads before spawning, or join first)`;
      out.push(diagnostic('MF406', w.lvalue, message, { variable: w.variable.name }));
    }
  }
  return out;
}

export function defaultNoneDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const c of model.constructs) {
    if (c.kind !== 'omp' || !c.clauses.some(cl => cl.name === 'default' && cl.args?.text.trim() === 'none')) continue;
    const listed = clauseNames(c, 'shared', 'private', 'firstprivate', 'lastprivate', 'reduction', 'linear', 'copyin');
    const privatized = privatizedRegions(model, c);
    for (const e of sharingAt(model, c)) {
      if (e.local || listed.has(e.variable.name) || e.variable.isConst || e.reason.startsWith('loop iteration'))
        continue;
      const loops = privatized.get(e.variable);
      const first = e.references.find(r => !loops?.some(l => within(r.span, l)));
      if (!first) continue;
      out.push(
        diagnostic(
          'MF405',
          first.span,
          `'${e.variable.name}' must appear in a data-sharing clause: '${constructLabel(c)}' has default(none)`,
          { variable: e.variable.name },
        ),
      );
    }
  }
  return out;
}

/**
 * Where a variable referenced in `c` is private to a nested construct, so that it needs no clause
 * on `c`'s default(none): the regions of nested `private(x)` clauses, and the loop nests whose
 * iteration variables are predetermined private (OpenMP 5.2 §5.1.1): the loops associated with a
 * worksharing-loop, taskloop
 * or distribute construct (`collapse(n)`/`ordered(n)` of them). Inside such a nest the variable
 * needs no clause on an enclosing default(none); gcc asks for one where the nest is a `simd` or
 * `loop` construct (their variables are lastprivate), so those are left out there, as gcc does;
 * for races every nested loop construct's variables are private.
 */
function privatizedRegions(
  model: ItemModel,
  c: Construct,
  use: 'default(none)' | 'race' = 'default(none)',
): Map<Variable, SNode[]> {
  const out = new Map<Variable, SNode[]>();
  const add = (v: Variable, span: SNode) => out.set(v, [...(out.get(v) ?? []), span]);
  for (const k of model.constructs) {
    if (k.kind !== 'omp' || !within(k, c)) continue;
    // `private(x)` on a nested construct: its x is no reference to the enclosing one's.
    const home = k.loop ?? k.region;
    if (k !== c && home)
      for (const item of k.clauses.filter(cl => cl.name === 'private').flatMap(cl => cl.items)) {
        const v = visibleVariable(model, item.name, k.start);
        if (v) add(v, home);
      }
    if (!k.loop) continue;
    const words = k.directive!.name.split(' ');
    if (use === 'default(none)' && k !== c && (words.includes('simd') || words.includes('loop'))) continue;
    for (const loop of associatedLoops(k)) {
      const init = loop.children.find(x => x.field === 'initializer');
      const write = init && model.scopes.references.find(r => within(r.span, init) && r.access === 'write');
      if (write?.variable) add(write.variable, loop);
    }
  }
  return out;
}

/** The loop and the loops perfectly nested in it that `collapse(n)` or `ordered(n)` associate. */
function associatedLoops(k: Construct): SNode[] {
  const count = (name: string) => Number(k.clauses.find(cl => cl.name === name)?.args?.text.trim()) || 1;
  const depth = Math.max(count('collapse'), count('ordered'));
  const loops = [k.loop!];
  while (loops.length < depth) {
    let body = child(loops[loops.length - 1], 'body');
    if (body?.type === 'compound_statement') {
      const inner = body.children.filter(x => x.named && x.type !== 'comment');
      body = inner.length === 1 ? inner[0] : undefined;
    }
    if (body?.type !== 'for_statement') break;
    loops.push(body);
  }
  return loops;
}
