// MetaFork -> OpenMP (Chen 2017 §3.6.4): a spawn becomes `#pragma omp task` whose data-sharing
// clauses reproduce MetaFork's rules (the l-value of a call spawn, arrays and references
// shared; value-type locals captured at the spawn, explicitly `firstprivate` where the task's
// default would share them), `meta_join` becomes `taskwait`, `meta_for` a `taskloop` where a team
// already runs it and a `parallel for` elsewhere (openmpLoops.ts; reductions carried over), and
// `meta_pipe` a chain of tasks ordered by `depend` clauses. OpenMP tasks need a team: as the
// thesis does (Figure 3.27), the program's `main` is renamed and a new `main` runs it inside
// `parallel` + `single`.

import { child, children, functionName, named, unparen } from '../syntax/ast';
import { insert, remove, removeStatement, replace, withTrailingBlanks } from '../base/edits';
import { skipTrivia } from '../syntax/keywords';
import { type Span, within } from '../base/span';
import type { SNode } from '../syntax/parser';
import type { Construct, ItemModel } from '../model/constructs';
import { declaratorInfo, findFunctionDeclarator, variableOf, Variable } from '../model/scopes';
import { bindingOf } from '../model/binding';
import type { DocumentModel } from '../model/document';
import { sharingAt } from '../model/sharing';
import { removeHead, trailingClauseRemovals, callsTo } from '../model/elide';
import { canonicalHeader } from '../model/loops';
import { argumentWrites, describeWrite } from '../model/spawnArguments';
import { beforeClosingBrace, clauseText, directiveBefore, inBlock, joinClauses } from './common';
import { atLineEnd, atLineStart, lineIndent } from '../base/layout';
import { isFunctionLocal } from '../model/declarations';
import { Stage } from '../base/stage';
import { pipelineToTasks } from './pipeline';
import {
  opensNestedTeams, taskloopPlacement, taskloopShared, teamStatements, unevenIterations, wrapsMain,
} from './openmpLoops';

/** The comment that marks the `main` this translator adds (the OpenMP -> MetaFork direction removes it). */
export const GENERATED_MAIN =
  '/* metafork: main runs the program inside an OpenMP parallel region, so that its tasks have a team */';
export const RENAMED_MAIN = 'mf_main';
/** The comment that marks the region this translator opens around statements of `main`. */
export const TEAM_REGION =
  '/* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */';


export function metaforkToOpenmp(stage: Stage, models: ItemModel[], doc: DocumentModel): void {
  const text = stage.text;
  let spawns = false;
  const inTeam = taskloopPlacement(models, wrapsMain(models));
  // A construct translated alone (a quick fix) still needs the team `main` opens: read from the
  // whole file, so the tasks of the one function translated do not run one after another.
  const program = stage.partial ? doc.allItems() : models;
  const team = teamOfMain(program);
  for (const model of models) {
    for (const c of model.constructs) {
      if (c.dialect !== 'metafork') continue;
      switch (c.kind) {
        case 'spawn': callSpawn(stage, doc, model, c, team.shared); spawns = true; break;
        case 'block-spawn': blockSpawn(stage, model, c, team.shared); spawns = true; break;
        case 'join': join(stage, c); break;
        case 'parallel-for': parallelFor(stage, model, c, inTeam(model, c)); break;
        case 'grainsize':
          stage.edit(removeStatement(text, c.head));
          if (!grainsizeLoop(model, c))
            stage.note(c.head, `'#pragma meta grainsize' is not followed by a parallel loop: dropped`);
          break;
        case 'schedule':
          for (const e of removeHead(text, c)) stage.edit(e);
          stage.note(
            c.head,
            `'meta_schedule' (GPU offload) is not translated to OpenMP target constructs: its loops become CPU parallel loops`,
          );
          break;
        case 'pipe': pipelineToTasks(stage, model, c); spawns = true; break;
        case 'device': case 'copy':
          stage.refuse(
            'MF601',
            c.head,
            `'${c.keyword?.spelling ?? c.kind}' has no OpenMP translation here (device constructs were never specified beyond the thesis's design)`,
            { construct: c.keyword?.spelling ?? c.kind, target: 'openmp' },
          );
          break;
      }
    }
    // A child that reads what its parent writes next reads the old value where it starts first (Cilk's
    // children, the elision) and the new one where it starts later (every OpenMP task).
    for (const w of argumentWrites(model, 'metafork')) {
      if (!model.constructs.includes(w.spawn)) continue;
      stage.refuse(
        'MF609',
        w.lvalue,
        `${describeWrite(w, text)}: an OpenMP task starts after its parent goes on, so it would read the new value (a Cilk child starts first, and usually reads the old one); copy what the child reads before spawning, or join first`,
        { construct: 'meta_fork', target: 'openmp' },
      );
    }
    // Algorithm 6's worker count, back to the OpenMP runtime call.
    for (const call of callsTo(model, 'meta_set_nworkers')) {
      stage.edit(replace(child(call, 'function')!, 'omp_set_num_threads'));
      stage.includes.add('omp.h');
    }
  }
  if (spawns) teamForTasks(stage, models, program, team);
}

/** Opens the team the translated tasks need (wrapMain), and says so where that is outside the
 * constructs translated, or where the file has no `main` to open it in. */
function teamForTasks(stage: Stage, models: ItemModel[], program: ItemModel[], team: MainTeam): void {
  const main = wrapMain(stage, program, opensNestedTeams(program), team);
  const first = models.find(m => m.constructs.some(c => c.dialect === 'metafork'));
  if (!main) {
    const fn = first && functionName(first.item, stage.text);
    stage.report(
      'MF608',
      fn ?? first?.item ?? { start: 0, end: 0 },
      `the file has no 'main' to open a team of threads in: these tasks run in parallel only when ${fn ? `'${stage.text.slice(fn.start, fn.end)}'` : 'their function'} is called inside '#pragma omp parallel' + '#pragma omp single'`,
    );
  } else if (!models.includes(main.model)) {
    const name = functionName(main.model.item, stage.text)!;
    stage.report(
      'MF607',
      name,
      main.whole
        ? `'main' is now '${RENAMED_MAIN}', run by a new 'main' inside '#pragma omp parallel' + '#pragma omp single', so that the translated tasks have a team of threads`
        : `statements of 'main' now run inside '#pragma omp parallel' + '#pragma omp single', so that the translated tasks have a team of threads`,
    );
  }
}

/**
 * Variables a task must list as `firstprivate` to get MetaFork's private copy: a task's default
 * is firstprivate only when the variable is not shared in the enclosing context, which it is
 * inside a parallel loop (or a region) declared around it, or in a spawn that shares it, or in the
 * region opened around statements of `main` (`regionShared`: main's locals declared before it).
 */
function needsFirstprivate(c: Construct, v: Variable, regionShared: ReadonlySet<Variable>): boolean {
  if (!isFunctionLocal(v) || v.shape !== 'value') return false;
  for (let p = c.parent; p; p = p.parent) {
    const region = p.loop ?? p.region;
    if (!region || within(v.span, region)) return false;
    if (p.kind === 'parallel-for' || p.kind === 'pipe') return true;
    if (p.kind === 'omp' && p.directive?.name.startsWith('parallel')) return true;
    if (p.kind === 'block-spawn')
      return p.clauses.some(cl => cl.name === 'shared' && cl.items.some(i => i.name === v.name));
    if (p.kind === 'omp' && p.directive && (p.directive.name === 'task')) return false;
  }
  return regionShared.has(v);
}

/** The variable an l-value stores into, when that storage is the parent's own (not through a pointer). */
function storedVariable(model: ItemModel, lvalue: SNode): Variable | undefined {
  let n: SNode | undefined = lvalue;
  while (n) {
    if (n.type === 'identifier') return variableOf(model.scopes, n);
    if (n.type === 'parenthesized_expression') { n = named(n)[0]; continue; }
    if (n.type === 'subscript_expression' || n.type === 'field_expression') {
      const base = child(n, 'argument');
      if (n.type === 'field_expression' && n.children.some(x => x.field === 'operator' && x.end - x.start === 2))
        return undefined; // p->x
      n = base;
      continue;
    }
    return undefined;
  }
  return undefined;
}

function taskClauses(
  model: ItemModel,
  c: Construct,
  shared: Variable[],
  explicit: string[],
  regionShared: ReadonlySet<Variable>,
  outside: ReadonlySet<Variable> = new Set(),
): string {
  const sharedNames = [...new Set([...shared.map(v => v.name), ...explicit])];
  const firstprivate: string[] = [];
  for (const e of sharingAt(model, c)) {
    if (e.local || sharedNames.includes(e.variable.name) || outside.has(e.variable)) continue;
    if (e.sharing === 'firstprivate' && needsFirstprivate(c, e.variable, regionShared) && !firstprivate.includes(e.variable.name))
      firstprivate.push(e.variable.name);
  }
  return joinClauses(clauseText('shared', sharedNames), clauseText('firstprivate', firstprivate));
}

/**
 * Whether an argument of a call spawn has, inside the task, the value it had at the spawn: it
 * reads only constants, addresses and value variables the task captures (function-local, not
 * static, not shared by the task), and calls or changes nothing. Anything else (a global, an
 * element or a value through a pointer, a variable the task shares, a call, `i++`, an unknown
 * name) is evaluated by the parent at the spawn in MetaFork (Chen 2017 §3.6.4), but would be
 * evaluated later, on the task's side, in OpenMP.
 */
function sameInTask(
  model: ItemModel,
  n: SNode,
  shared: Variable[],
  constant: (name: string) => boolean,
  address = false,
): boolean {
  const text = model.text;
  const same = (x: SNode, asAddress = false) => sameInTask(model, x, shared, constant, asAddress);
  const all = (nodes: SNode[]) => nodes.every(x => same(x));
  switch (n.type) {
    case 'number_literal':
    case 'char_literal':
    case 'string_literal':
    case 'concatenated_string':
    case 'true':
    case 'false':
    case 'null':
    case 'sizeof_expression':
    case 'comment':
      return true;
    case 'identifier': {
      const v = variableOf(model.scopes, n);
      if (!v) return model.fileScope.functions.has(text.slice(n.start, n.end)) || constant(text.slice(n.start, n.end)); // a function's address, a constant macro; an unknown name may read anything
      if (address || v.shape === 'array') return true; // an address does not change
      return isFunctionLocal(v) && !v.isStatic && v.shape !== 'reference' && !shared.includes(v);
    }
    case 'parenthesized_expression':
      return named(n).every(x => same(x, address));
    case 'pointer_expression': {
      const operand = child(n, 'argument');
      const op = n.children.find(x => x.field === 'operator');
      if (!operand || !op) return false;
      // `&x` is an address; `*p` as a place is where p points.
      return text.slice(op.start, op.end) === '&' ? same(operand, true) : address && same(operand);
    }
    case 'subscript_expression': {
      // `&a[i]` is an address; `a[i]` reads the element when the task runs.
      const base = child(n, 'argument'),
        index = child(n, 'index') ?? named(n)[1];
      return (
        address &&
        !!base &&
        !!index &&
        same(base, model.scopes.references.find(r => r.span.start === base.start)?.variable?.shape === 'array') &&
        same(index)
      );
    }
    case 'field_expression': {
      const base = child(n, 'argument');
      const arrow = n.children.some(x => x.field === 'operator' && x.end - x.start === 2);
      // `p->x` as a place is a field of where p points; its value reads that memory.
      return !!base && (arrow ? address && same(base) : same(base, address));
    }
    case 'binary_expression':
    case 'unary_expression':
    case 'conditional_expression':
      return all(named(n));
    case 'cast_expression':
      return all(named(n).filter(x => x.field !== 'type'));
    default:
      return false; // calls, assignments, ++/--, comma expressions, and whatever this does not know
  }
}

/** The parameter declarations of the function `name` as declared in the file; undefined when it is not, or is variadic or unprototyped. */
function parametersOf(doc: DocumentModel, name: string): SNode[] | undefined {
  const text = doc.text;
  for (let i = 0; i < doc.items.length; i++) {
    const ref = doc.items[i];
    if (
      (ref.type !== 'function_definition' && ref.type !== 'declaration') ||
      !text.slice(ref.start, ref.end).includes(name)
    )
      continue;
    const item = doc.item(i).item;
    for (const d of children(item, 'declarator')) {
      const fn = findFunctionDeclarator(d);
      const id = fn && child(fn, 'declarator');
      if (!fn || !id || id.type !== 'identifier' || text.slice(id.start, id.end) !== name) continue;
      const list = child(fn, 'parameters');
      if (!list || list.children.some(x => x.type === 'variadic_parameter' || x.type === '...')) return undefined;
      const params = named(list).filter(x => x.type === 'parameter_declaration');
      if (
        params.length === 1 &&
        !child(params[0], 'declarator') &&
        text.slice(params[0].start, params[0].end).trim() === 'void'
      )
        return [];
      if (params.length === 0) return undefined; // `f()`: no prototype
      return params;
    }
  }
  return undefined;
}

/** `T name` for a parameter declaration `T p` (the parameter's type, another name); undefined for arrays of arrays and function declarators. */
function declarationLike(text: string, param: SNode, name: string): string | undefined {
  const declarator = child(param, 'declarator');
  if (!declarator) return `${text.slice(param.start, param.end).trim()} ${name}`;
  // `T v[]` (a pointer, as a parameter): `T *name`.
  if (declarator.type === 'array_declarator' && child(declarator, 'declarator')?.type === 'identifier')
    return `${text.slice(param.start, declarator.start)}*${name}`;
  const info = declaratorInfo(declarator);
  if (info)
    return info.shape === 'array' || info.shape === 'function'
      ? undefined
      : text.slice(param.start, info.id.start) + name + text.slice(info.id.end, param.end);
  const abstract = text.slice(declarator.start, declarator.end);
  return /^[\s*]*(?:(?:const|volatile|restrict)\b[\s*]*)*$/.test(abstract)
    ? `${text.slice(param.start, param.end).trim()} ${name}`
    : undefined;
}

/** What the parent evaluates before a call spawn's task (an argument, the receiver's address): `declaration` of `name`, which replaces `node`. */
interface Temporary { node: SNode; name: string; declaration: string }

const temporaries = new WeakMap<Stage, number>();

/** A name `mf_argN` that the text does not use yet. */
function temporaryName(stage: Stage): string {
  let n = temporaries.get(stage) ?? 0;
  while (new RegExp(`\\bmf_arg${n}\\b`).test(stage.text)) n++;
  temporaries.set(stage, n + 1);
  return `mf_arg${n}`;
}

/**
 * The arguments of a call spawn that the task would not see with their value at the spawn,
 * each evaluated by the parent into a temporary of the callee's parameter type (the conversion
 * the call makes anyway), or of its own type where the file shows no parameter.
 */
function argumentsAtSpawn(
  stage: Stage,
  doc: DocumentModel,
  model: ItemModel,
  c: Construct,
  shared: Variable[],
): Temporary[] | undefined {
  const call = c.call!;
  const args = child(call, 'arguments');
  // A C++ argument bound by (possibly) reference binds the object itself, which the task shares
  // (model/binding): a temporary would bind a copy.
  const byReference = (a: SNode) => {
    const ref = model.scopes.references.find(r => r.span.start === a.start && r.span.end <= a.end);
    return !!ref && (bindingOf(model, ref)?.binding ?? 'value') !== 'value';
  };
  const moving = args
    ? named(args).filter(
        a =>
          a.type !== 'comment' && !byReference(a) && !sameInTask(model, a, shared, m => model.fileScope.macroConstants.has(m)),
      )
    : [];
  if (!moving.length) return [];
  const text = stage.text;
  const callee = child(call, 'function');
  const name = callee?.type === 'identifier' ? text.slice(callee.start, callee.end) : undefined;
  const params = name ? parametersOf(doc, name) : undefined;
  const all = named(args!).filter(a => a.type !== 'comment');
  const out: Temporary[] = [];
  for (const a of moving) {
    const param = params?.[all.indexOf(a)];
    const temp = temporaryName(stage);
    // Without a parameter to take the type from (a variadic or unprototyped callee, a call through
    // a pointer), the argument's own type, arrays decayed (GNU C's __auto_type, C++'s auto): the
    // call promotes it the same way.
    const declaration =
      (param && declarationLike(text, param, temp)) ?? `${model.fileScope.cpp ? 'auto' : '__auto_type'} ${temp}`;
    out.push({ node: a, name: temp, declaration: `${declaration} = ${text.slice(a.start, a.end)};` });
  }
  return out;
}

/**
 * The receiver of `place = meta_fork f(a);` when the task would not find the same place (its
 * address reads a global, memory, a shared variable, or changes something): `&place` evaluated by
 * the parent into a temporary, which the task stores through (`*mf_argN = f(a);`).
 */
function receiverAtSpawn(stage: Stage, model: ItemModel, c: Construct, shared: Variable[]): Temporary | undefined {
  const lvalue = c.lvalue;
  if (!lvalue || sameInTask(model, lvalue, shared, m => model.fileScope.macroConstants.has(m), true)) return undefined;
  const temp = temporaryName(stage);
  const text = stage.text;
  return {
    node: lvalue, name: `*${temp}`,
    declaration: `${model.fileScope.cpp ? 'auto' : '__auto_type'} ${temp} = &(${text.slice(lvalue.start, lvalue.end)});`,
  };
}

/** `x = meta_fork f(a);` -> `#pragma omp task shared(x)` + `x = f(a);` (Figure 3.25). */
function callSpawn(
  stage: Stage, doc: DocumentModel, model: ItemModel, c: Construct, regionShared: ReadonlySet<Variable>,
): void {
  const text = stage.text;
  // Arguments that change or read what may change by the time the task runs are evaluated by the
  // parent into temporaries (argumentsAtSpawn), as MetaFork and CilkPlus evaluate them at the spawn.
  const shared: Variable[] = [];
  const declared = c.statement?.type === 'declaration' && c.lvalue ? declaratorInfo(c.lvalue) : undefined;
  const target = declared
    ? model.scopes.variables.find(v => v.span.start === declared.id.start)
    : c.lvalue && storedVariable(model, c.lvalue);
  if (target && isFunctionLocal(target)) shared.push(target);
  // Arrays, references and `&x` passed to the callee are the parent's storage (thesis
  // §3.6.4): the arguments are evaluated by the parent at the spawn, not on a task's copies.
  // In C++ the same holds for what the call binds by reference (or to a member call's `this`).
  for (const e of sharingAt(model, c)) {
    const v = e.variable;
    if (e.unresolved) {
      const { binding, change } = e.unresolved;
      stage.refuse(
        'MF610',
        binding.span,
        `cannot tell whether '${binding.callee}' takes '${v.name}' by reference: this file has no single declaration of it (it is declared elsewhere, overloaded, a template or a member), and '${v.name}' is changed while the spawned call may run, so sharing it and copying it compute different things; declare '${binding.callee}' in this file or pass a copy explicitly`,
        { variable: v.name, callee: binding.callee, change: change.span },
      );
      continue;
    }
    const byAddress =
      v.shape === 'array' ||
      v.shape === 'reference' ||
      e.references.some(r => r.addressTaken) ||
      (e.sharing === 'shared' && !!e.boundBy);
    if (isFunctionLocal(v) && byAddress && !shared.includes(v)) shared.push(v);
  }
  const temps = argumentsAtSpawn(stage, doc, model, c, shared);
  if (!temps) return;
  // The receiver, too, is evaluated at the spawn (MetaFork's spawn is CilkPlus's): a place the task
  // would find elsewhere (`r[g]`, g global; `*p++`; `q->next->v`) is taken by address before it.
  const receiver = declared ? undefined : receiverAtSpawn(stage, model, c, shared);
  if (receiver) temps.push(receiver);
  // Variables read only by the arguments evaluated before the task are no business of the task's.
  const before = (span: { start: number; end: number }) =>
    temps.some(t => t.node.start <= span.start && span.end <= t.node.end);
  const outside = new Set(
    sharingAt(model, c)
      .filter(e => (e.variable !== target || receiver) && e.references.every(r => before(r.span)))
      .map(e => e.variable),
  );
  // A temporary is a local of the spawning task, declared right before the task: captured by default.
  const pragma = `#pragma omp task${taskClauses(model, c, shared.filter(v => !outside.has(v)), [], regionShared, outside)}`;
  const lines = [...temps.map(t => t.declaration), pragma];
  const statement = c.statement!;
  /** The call with the moved arguments replaced by their temporaries. */
  const callText = () => {
    let out = text.slice(c.call!.start, c.call!.end);
    for (const t of [...temps].reverse())
      out = out.slice(0, t.node.start - c.call!.start) + t.name + out.slice(t.node.end - c.call!.start);
    return out;
  };
  if (statement.type !== 'declaration') for (const t of temps) stage.edit(replace(t.node, t.name));
  if (c.form === 'pragma') {
    if (temps.length && !inBlock(statement)) {
      stage.refuse(
        'MF601',
        c.head,
        `the arguments of this spawn must be evaluated before the task, and the spawn is not in a block where they can be`,
        { construct: 'meta_fork', target: 'openmp' },
      );
      return;
    }
    stage.edit(replace(c.head, lines.join(`\n${lineIndent(text, c.head.start)}`)));
    return;
  }
  const k = c.keyword!;
  if (statement.type === 'declaration') {
    // `int f = meta_fork g();` -> `int f;` + the task assigning f (Figure 3.24).
    const init = c.call!.parent!.type === 'init_declarator' ? c.call!.parent! : undefined;
    const declarator = init && child(init, 'declarator');
    const info = declarator && declaratorInfo(declarator);
    if (!init || !declarator || !info) {
      stage.refuse('MF601', c.head, `this declaration form of a spawn cannot be split into a declaration and a task`, {
        construct: 'meta_fork',
      });
      return;
    }
    const indent = lineIndent(text, statement.start);
    const name = text.slice(info.id.start, info.id.end);
    stage.edit(remove({ start: declarator.end, end: init.end }));
    stage.edit(
      insert(statement.end, lines.map(l => `\n${indent}${l}`).join('') + `\n${indent}${name} = ${callText()};`),
    );
    return;
  }
  if (k.start <= statement.start) {
    // `meta_fork f(x);`: the statement (masked) starts after the keyword, which the directive replaces.
    directiveBefore(stage, statement, lines, withTrailingBlanks(text, k.end), k.start);
    return;
  }
  directiveBefore(stage, statement, lines);
  stage.edit(remove({ start: k.start, end: withTrailingBlanks(text, k.end) }));
}

/** `meta_fork shared(f) { ... }` -> `#pragma omp task shared(ref, arry, f)` + the block (Figure 3.24). */
function blockSpawn(stage: Stage, model: ItemModel, c: Construct, regionShared: ReadonlySet<Variable>): void {
  const text = stage.text;
  const implicit: Variable[] = [];
  for (const e of sharingAt(model, c)) {
    const v = e.variable;
    if (e.local || !isFunctionLocal(v)) continue;
    const written = e.references.some(r => r.access !== 'read' && !r.through);
    if (v.shape === 'array' || v.shape === 'reference' || (v.shape === 'pointer' && written)) implicit.push(v);
  }
  const explicit = c.clauses.filter(cl => cl.name === 'shared').flatMap(cl => cl.items.map(i => i.name));
  const pragma = `#pragma omp task${taskClauses(model, c, implicit, explicit, regionShared)}`;
  const statement = c.statement!;
  if (c.form === 'pragma') {
    stage.edit(replace(c.head, pragma));
    for (const e of trailingClauseRemovals(text, c)) stage.edit(e);
    return;
  }
  const k = c.keyword!;
  if (atLineStart(text, k.start) && inBlock(statement)) {
    // The directive takes the keyword's place; the statement keeps its own line or moves to the next.
    const indent = lineIndent(text, k.start);
    const sameLine = !text.slice(k.headEnd, statement.start).includes('\n');
    stage.edit(
      replace(
        { start: k.start, end: sameLine ? statement.start : withTrailingBlanks(text, k.headEnd) },
        sameLine ? `${pragma}\n${indent}` : pragma,
      ),
    );
    return;
  }
  directiveBefore(stage, statement, pragma, statement.start, k.start);
}

/** `meta_join;` -> `#pragma omp taskwait`. */
function join(stage: Stage, c: Construct): void {
  const text = stage.text;
  if (c.form === 'pragma') { stage.edit(replace(c.head, '#pragma omp taskwait')); return; }
  const k = c.keyword!;
  const semi = skipTrivia(text, k.headEnd);
  const end = text[semi] === ';' ? semi + 1 : k.headEnd;
  const statement = c.statement;
  if (statement && !inBlock(statement)) {
    const indent = lineIndent(text, k.start);
    stage.edit(replace({ start: k.start, end }, `{\n${indent}${stage.unit}#pragma omp taskwait\n${indent}}`));
    return;
  }
  const before = atLineStart(text, k.start) ? '' : '\n' + lineIndent(text, k.start);
  const after = atLineEnd(text, end) ? '' : '\n' + lineIndent(text, k.start);
  stage.edit(replace({ start: k.start, end }, `${before}#pragma omp taskwait${after}`));
}

/** The parallel loop right after a `#pragma meta grainsize`, if any. */
function grainsizeLoop(model: ItemModel, g: Construct): Construct | undefined {
  const at = skipTrivia(model.text, g.head.end);
  return model.constructs.find(c => c.kind === 'parallel-for' && c.start === at);
}

/** `meta_for (...)` -> `#pragma omp parallel for` (or `taskloop`, inside a team) + `for (...)`. */
function parallelFor(stage: Stage, model: ItemModel, c: Construct, taskloop: boolean): void {
  const text = stage.text;
  const loop = c.loop!;
  const nested = nestedControlVariables(model, c);
  const clauses = taskloop ? [clauseText('shared', taskloopShared(model, c).filter(v => !nested.includes(v)))] : [];
  for (const cl of c.clauses)
    if (cl.name === 'reduction')
      clauses.push(
        `reduction(${text.slice(cl.args ? cl.args.span.start : cl.start, cl.args ? cl.args.span.end : cl.end).trim()})`,
      );
  // A control variable declared before the loop ends with its final value in the serial
  // elision (the program's meaning); OpenMP makes it private, so ask for the last value.
  const { header } = canonicalHeader(loop, text);
  const init = child(loop, 'initializer');
  const last = header && init && init.type !== 'declaration' ? [header.variable] : [];
  if (last.length || nested.length) clauses.push(`lastprivate(${[...last, ...nested].join(', ')})`);
  // OpenMP allows '!=' only with a unit step; for a loop that terminates, '<' (or '>') is the same test.
  const relation = header && unparen(header.condition)?.children.find(x => x.field === 'operator');
  if (header && relation && header.operator === '!=' && header.step.text.trim() !== '1') {
    stage.edit(replace(relation, header.step.negative === header.variableOnLeft ? '>' : '<'));
  }
  const g = model.constructs.find(k => k.kind === 'grainsize' && grainsizeLoop(model, k) === c);
  const grainsize = g?.directive?.argument?.text;
  if (grainsize) clauses.push(taskloop ? `grainsize(${grainsize})` : `schedule(dynamic, ${grainsize})`);
  else if (!taskloop && unevenIterations(child(loop, 'body') ?? loop, text)) clauses.push('schedule(dynamic)');
  const pragma = `#pragma omp ${taskloop ? 'taskloop' : 'parallel for'}${joinClauses(...clauses)}`;
  if (c.form === 'pragma') { stage.edit(replace(c.head, pragma)); return; }
  const k = c.keyword!;
  const keywordSpan = { start: k.start, end: withTrailingBlanks(text, k.headEnd) };
  if (!inBlock(loop)) {
    const indent = lineIndent(text, loop.start);
    const unit = stage.unit;
    stage.edit(replace(keywordSpan, `{\n${indent}${unit}${pragma}\n${indent}${unit}for `));
    stage.edit(insert(loop.end, `\n${indent}}`));
    return;
  }
  const lead = atLineStart(text, k.start) ? '' : '\n' + lineIndent(text, k.start);
  stage.edit(replace(keywordSpan, `${lead}${pragma}\n${lineIndent(text, k.start)}for `));
}

/**
 * The control variables, declared before `c`, of the parallel loops nested in it. Each inner loop
 * stores its last value into the copy its iteration of `c` sees (lastprivate, above): shared by
 * `c`'s iterations, that is a race. Private to each and lastprivate, they end with the serial
 * elision's value, as `c`'s own variable does (a `collapse(2)` read back from MetaFork).
 */
function nestedControlVariables(model: ItemModel, c: Construct): string[] {
  const text = model.text;
  const names = new Set<string>();
  for (const k of model.constructs) {
    if (k === c || k.kind !== 'parallel-for' || !k.loop || !within(k.loop, c.loop!)) continue;
    const init = child(k.loop, 'initializer');
    const { header } = canonicalHeader(k.loop, text);
    if (header && init && init.type !== 'declaration') names.add(header.variable);
  }
  if (!names.size) return [];
  const own = canonicalHeader(c.loop!, text).header?.variable;
  return sharingAt(model, c)
    .filter(e => !e.local && names.has(e.variable.name) && e.variable.name !== own)
    .map(e => e.variable.name)
    .filter((name, i, all) => all.indexOf(name) === i);
}

/** The region opened around statements of `main` (./openmpLoops `teamStatements`), and main's locals
 * declared before it: shared in the region, so a task there lists them firstprivate. */
interface MainTeam { span?: Span; shared: ReadonlySet<Variable> }

function teamOfMain(models: ItemModel[]): MainTeam {
  const main = models.find(m => m.item.type === 'function_definition' && functionName(m.item, m.text)?.name === 'main');
  const span = main && wrapsMain(models) ? teamStatements(models, main) : undefined;
  if (!main || !span) return { shared: new Set() };
  const shared = main.scopes.variables.filter(v => isFunctionLocal(v) && v.span.start < span.start);
  return { span, shared: new Set(shared) };
}

/**
 * The statements of `main` that reach parallel code (./openmpLoops `teamStatements`) in `parallel` +
 * `single`; false where they cannot be a region's body (then `main` is wrapped whole).
 */
function wrapTeamStatements(stage: Stage, range: Span, nested: boolean): boolean {
  const text = stage.text;
  // Something before the first statement on its line (`int main(void) { meta_fork ...`): wrapped whole.
  if (text.slice(text.lastIndexOf('\n', range.start - 1) + 1, range.start).trim()) return false;
  const indent = lineIndent(text, range.start);
  const unit = stage.unit;
  // From the end of what precedes the first statement: a directive line inserted before it (at its
  // line start, or at the end of the line above) comes along.
  let start = range.start;
  while (start > 0 && /\s/.test(text[start - 1])) start--;
  const span = { start, end: range.end };
  const [, ...inner] = stage
    .render(span)
    .split('\n')
    .map(l => (l.trim() === '' ? '' : l.startsWith(indent) ? indent + unit + l.slice(indent.length) : l));
  const levels = nested
    ? [`${indent}omp_set_max_active_levels(2); /* the team below, and the parallel regions its tasks open */`]
    : [];
  if (nested) stage.includes.add('omp.h');
  const lines = [
    '', ...levels, `${indent}${TEAM_REGION}`, `${indent}#pragma omp parallel`, `${indent}#pragma omp single`, `${indent}{`,
    ...inner, `${indent}}`,
  ];
  stage.edit(replace(span, lines.join('\n')));
  return true;
}

/** Renames `main` and adds the `main` that opens the team (Figure 3.27, whose code the thesis lost). */
function wrapMain(
  stage: Stage, models: ItemModel[], nested: boolean, team: MainTeam,
): { model: ItemModel; whole: boolean } | undefined {
  const text = stage.text;
  for (const model of models) {
    const fn = model.item;
    if (fn.type !== 'function_definition') continue;
    const declarator = child(fn, 'declarator');
    const fd = declarator && findFunctionDeclarator(declarator);
    const name = functionName(fn, text);
    if (!fd || name?.name !== 'main') continue;
    if (team.span && wrapTeamStatements(stage, team.span, nested)) return { model, whole: false };
    const params = child(fd, 'parameters');
    const paramText = params ? text.slice(params.start, params.end) : '(void)';
    const names: string[] = [];
    for (const p of params ? named(params) : []) {
      const d = p.type === 'parameter_declaration' ? child(p, 'declarator') : undefined;
      const info = d && declaratorInfo(d);
      if (info) names.push(text.slice(info.id.start, info.id.end));
    }
    const type = child(fn, 'type');
    const returnsVoid = !!type && text.slice(type.start, type.end) === 'void';
    const unit = stage.unit;
    const call = `${RENAMED_MAIN}(${names.join(', ')})`;
    // Parallel loops become taskloops inside the team; only `parallel` regions the file itself
    // writes would open nested teams.
    const levels = nested
      ? [`${unit}omp_set_max_active_levels(2); /* the team below, and the parallel regions its tasks open */`]
      : [];
    const body = returnsVoid
      ? [
          ...levels,
          `${unit}#pragma omp parallel`,
          `${unit}#pragma omp single`,
          `${unit}${call};`,
        ]
      : [
          `${unit}int mf_status = 0;`,
          ...levels,
          `${unit}#pragma omp parallel`,
          `${unit}#pragma omp single`,
          `${unit}mf_status = ${call};`,
          `${unit}return mf_status;`,
        ];
    stage.edit(replace(name, RENAMED_MAIN));
    // `main` returns 0 when it ends without `return` (C11 §5.1.2.2.3, C++ [basic.start.main]); the
    // renamed function would return an indeterminate value (undefined behaviour in C++).
    const block = child(fn, 'body');
    const last = block && named(block).filter(s => s.type !== 'comment').at(-1);
    if (!returnsVoid && block && last?.type !== 'return_statement')
      stage.edit(insert(...beforeClosingBrace(stage, block, 'return 0; /* what main returns when it ends */')));
    stage.edit(
      insert(
        fn.end,
        `\n\n${GENERATED_MAIN}\n${returnsVoid ? 'void' : 'int'} main${paramText}\n{\n${body.join('\n')}\n}`,
      ),
    );
    stage.includes.add('omp.h');
    return { model, whole: true };
  }
  return undefined;
}
