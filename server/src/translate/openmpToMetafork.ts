// OpenMP -> MetaFork: the thesis's Algorithms 5-9 (Chen 2017 §3.6.3). Inner constructs are
// translated first; each construct becomes `E C { D { B } } J`: E the environment set before
// it (`meta_set_nworkers`, `_fip_`/`_lp_` copies), C the MetaFork construct, D declarations of
// private copies, B the body, J a `meta_join` where forks may still be pending (PotentialSync).
// Beyond the thesis: `reduction` (a MetaFork clause on meta_for), `lastprivate`, `if` on tasks,
// `depend` (a join before a task whose dependence could be pending), `schedule` chunks (as
// `#pragma meta grainsize`). What has no counterpart is refused with the construct's name.

import { child, functionName, named, nodeCovering, walk } from '../syntax/ast';
import { blankComments, matchesInCode } from '../syntax/keywords';
import { insert, remove, removeStatement, replace } from '../base/edits';
import { headerAt, headerThreadprivates, type SNode } from '../syntax/parser';
import type { Preprocessed } from '../preprocess/index';
import type { Construct, ItemModel } from '../model/constructs';
import type { DocumentModel } from '../model/document';
import type { Reference, Variable } from '../model/scopes';
import { changedWhileSpawned, coveredByDefault, sharingAt, Sharing } from '../model/sharing';
import { bindingOf, mayChange } from '../model/binding';
import { type Span, within } from '../base/span';
import { canonicalHeader } from '../model/loops';
import { visibleVariable } from '../model/scopes';
import type { DirectiveClause } from '../syntax/pragma';
import { beforeClosingBrace, clauseText, replaceDirective, soleStatement } from './common';
import { declarationFor, sharedAtSpawn } from '../model/declarations';
import { directiveIndent, directivePlace, lineIndent, linesBefore, reindent, wholeLines } from '../base/layout';
import { Stage } from '../base/stage';
import { GENERATED_MAIN, RENAMED_MAIN, TEAM_REGION } from './metaforkToOpenmp';
import { translateSpmdRegion, type SpmdHost } from './spmd';
import {
  chainedChild, isSpmdRegion, isThreadQuery, iterationPrivates, ONE_THREAD, oneThreadAnswers, orphansInRegions, headersInRegions, regionReach, tasksLosingTheirTeam, threadQueriesOutsideRegions,
} from './teams';
import { criticalMutexes, synchronise, SYNCHRONISATION, SYNCHRONISATION_CLAUSES } from './synchronise';
import {
  inReductions, lastIteration, REFUSED_CLAUSES, TASK_CLAUSES, TASKLOOPS, taskloopGrainsize, taskloopNotes,
  taskwaitNotes,
} from './tasks';
import { HINT_CLAUSES, translateHint } from './hints';
import { copyAcrossSections } from './barriers';
import { sectionWaitsForSibling, waitsInRegions } from './waits';
import { needsChunks, reductionLoopInChunks } from './userReductions';

const JOIN = 'meta_join;';
const LOOPS = new Set(['for', 'parallel for', 'for simd', 'parallel for simd', 'parallel loop']);
const SUPPORTED = new Set([
  ...LOOPS,
  'parallel', ...ONE_THREAD, 'sections', 'parallel sections', 'section', 'single', 'master', 'task', 'taskwait',
  'barrier', 'simd',
  ...SYNCHRONISATION, ...TASKLOOPS, 'taskgroup', 'depobj', 'scan', 'loop', 'scope',
]);

/** Why constructs with no MetaFork counterpart are refused. */
const NO_COUNTERPART: Record<string, string> = {
  ordered:
    "an 'ordered' region outside a loop with the 'ordered' clause has no MetaFork counterpart " +
    '(the iterations of a meta_for have no order to keep)',
  threadprivate: 'per-thread storage has no MetaFork counterpart (MetaFork has no threads, only strands)',
  cancel: 'cancellation has no MetaFork counterpart',
  'cancellation point': 'cancellation has no MetaFork counterpart',
};

/** A header's `threadprivate` of a variable the file names: the header, not translated, keeps it, and
 * the translation would share the variable among the strands that replace the threads. Refused at the
 * `#include` that reads the header, as the file's own directive is at its line. */
function headerThreadprivate(stage: Stage, unit: Preprocessed): void {
  const lines = headerThreadprivates(unit);
  if (!lines.length) return;
  const code = blankComments(stage.map.fileText);
  for (const { at, names } of lines) {
    const used = names.find(n => new RegExp(`\\b${n}\\b`).test(code));
    const header = used && headerAt(unit, at);
    if (!header) continue;
    stage.refuse(
      'MF601',
      stage.map.toText(header.includedAt),
      `${header.path}:${header.line}: '#pragma omp threadprivate' of '${used}', which this file uses, cannot be translated: ${NO_COUNTERPART.threadprivate}`,
      { construct: 'threadprivate', target: 'metafork' },
    );
  }
}

/** Why loops whose iterations keep their order run in order. */
const SCAN_LOOP =
  'a scan has no MetaFork counterpart as a parallel loop: the loop runs in order, which computes the same prefixes ' +
  '(OpenMP 5.2 §5.6; with exclusive, the scan phase is written first)';
const ORDERED_LOOP =
  "'ordered' has no MetaFork counterpart: the loop runs in order (its ordered parts, and any doacross dependence, " +
  'hold; the loop is no longer parallel)';

const RUNTIME_KEPT = new Set([
  'omp_get_wtime', 'omp_get_wtick', 'omp_get_max_threads', 'omp_get_num_procs',
  // The lock API is plain C calls on lock variables: kept as written.
  'omp_init_lock', 'omp_init_lock_with_hint', 'omp_destroy_lock', 'omp_set_lock', 'omp_unset_lock', 'omp_test_lock',
  'omp_init_nest_lock', 'omp_init_nest_lock_with_hint', 'omp_destroy_nest_lock', 'omp_set_nest_lock',
  'omp_unset_nest_lock', 'omp_test_nest_lock',
  // So is the memory allocator API (OpenMP 5.2 §18.13).
  'omp_alloc', 'omp_aligned_alloc', 'omp_calloc', 'omp_aligned_calloc', 'omp_realloc', 'omp_free',
  'omp_init_allocator', 'omp_destroy_allocator', 'omp_set_default_allocator', 'omp_get_default_allocator',
]);
/** Runtime calls that only tune the team: dropped with a note (MetaFork has no teams to tune). */
const RUNTIME_DROPPED = new Set(['omp_set_dynamic', 'omp_set_nested', 'omp_set_max_active_levels']);

/** Clauses that only tune scheduling: dropped with a note. */
const HINTS = new Set([
  'untied', 'mergeable', 'priority', 'final', 'proc_bind', 'safelen', 'simdlen', 'aligned', 'hint',
]);
/** Clauses handled by the rules below. */
/** Clause modifiers the translation does not read, by clause: `lastprivate(conditional: x)` copies
 * out the value of the last iteration that assigned x; `reduction(task, +: x)` shares the reduction
 * with the tasks of the region. */
const UNREAD_MODIFIERS: Record<string, RegExp> = {
  lastprivate: /^\s*(conditional)\s*:/,
  reduction: /^\s*(task)\s*,/,
};

/** Clauses whose items get copies the translation declares (a reduction's are written as they are). */
const COPIED = new Set(['private', 'firstprivate', 'lastprivate', 'linear', 'copyin', 'copyprivate']);
const HANDLED = new Set([
  'inclusive', 'exclusive', 'bind', 'threads', 'doacross', 'ordered', 'linear',
  'private', 'firstprivate', 'shared', 'default', 'num_threads', 'collapse', 'nowait', 'reduction', 'lastprivate', 'if',
  'schedule', 'depend',
  ...SYNCHRONISATION_CLAUSES, ...TASK_CLAUSES,
  ...HINTS,
]);

/** `doc`: the whole document, where `models` are a part of it (a focused translation): the functions
 * a region calls are read there. */
export function openmpToMetafork(stage: Stage, models: ItemModel[], unit: Preprocessed, doc?: DocumentModel): void {
  const skip = removeGeneratedMain(stage, models);
  const reach = regionReach(models, stage.text, doc);
  orphansInRegions(stage, reach, doc);
  headersInRegions(stage, models, reach, unit);
  headerThreadprivate(stage, unit);
  if (doc) tasksLosingTheirTeam(stage, reach, doc);
  waitsInRegions(stage, models, doc);
  const mutexes = new Set<string>();
  for (const model of models) {
    if (skip.has(model.item)) continue;
    criticalMutexes(stage, model, mutexes);
    runtimeCalls(stage, model);
    threadQueriesOutsideRegions(stage, model);
    const t = new ItemTranslator(stage, model);
    t.planDependenceJoins();
    for (const root of model.roots) t.visit(root);
  }
}

/** A comment ending a pragma line (` /* ... *\/` or ` // ...`), kept when the line is rewritten. */
function trailingComment(text: string, head: { start: number; end: number }): string {
  const m = /\s*(\/\*[^\n]*?\*\/|\/\/[^\n]*)\s*$/.exec(text.slice(head.start, head.end));
  return m ? ' ' + m[1] : '';
}

/** Statements of a `sections` body that can be sections (comments and preprocessor lines are not). */
function sectionStatements(body: SNode): SNode[] {
  return body.type === 'compound_statement'
    ? named(body).filter(s => s.type !== 'comment' && s.type !== 'preproc_call')
    : [body];
}

/**
 * OpenMP lets the first section go without its `#pragma omp section` line. A stage of its own
 * writes that line, so that every section is a construct when the translation proper runs.
 */
export function implicitFirstSections(stage: Stage, models: ItemModel[]): void {
  for (const model of models) {
    for (const c of model.constructs) {
      if (
        c.kind !== 'omp' ||
        !c.region ||
        (c.directive?.name !== 'sections' && c.directive?.name !== 'parallel sections')
      )
        continue;
      const first = sectionStatements(c.region)[0];
      if (!first || c.children.some(k => k.directive?.name === 'section' && k.statement === first)) continue;
      stage.edit(insert(first.start, linesBefore(stage.text, first.start, ['#pragma omp section'])));
    }
  }
}

/** The `main` that MetaFork -> OpenMP added goes away again, and `mf_main` is `main` again. */
function removeGeneratedMain(stage: Stage, models: ItemModel[]): Set<SNode> {
  const text = stage.text;
  const skip = new Set<SNode>();
  models.forEach((m, i) => {
    if (m.item.type !== 'comment' || text.slice(m.item.start, m.item.end) !== GENERATED_MAIN) return;
    const fn = models[i + 1]?.item;
    if (!fn || fn.type !== 'function_definition' || !text.slice(fn.start, fn.end).includes(`${RENAMED_MAIN}(`)) return;
    const start = text.slice(m.item.start - 2, m.item.start) === '\n\n' ? m.item.start - 2 : m.item.start;
    stage.edit(remove({ start, end: fn.end }));
    skip.add(fn);
    for (const other of models) {
      const name = other.item.type === 'function_definition' ? functionName(other.item, text) : undefined;
      if (name?.name === RENAMED_MAIN) stage.edit(replace(name, 'main'));
    }
  });
  return skip;
}

/** OpenMP runtime calls: the worker count maps to MetaFork's; thread ids and locks cannot. */
function runtimeCalls(stage: Stage, model: ItemModel): void {
  const text = stage.text;
  walk(model.item, n => {
    if (n.type !== 'call_expression') return true;
    const f = child(n, 'function');
    const name = f && f.type === 'identifier' ? text.slice(f.start, f.end) : '';
    if (!name.startsWith('omp_')) return true;
    if (name === 'omp_set_num_threads') stage.edit(replace(f!, 'meta_set_nworkers'));
    else if (RUNTIME_DROPPED.has(name) && n.parent?.type === 'expression_statement') {
      // A comment after the call on its line speaks of the call (the OpenMP translation's own says
      // what the nesting level is for): it goes with it.
      const comment = /^[ \t]*(?:\/\*[^\n]*?\*\/|\/\/[^\n]*)[ \t]*(?=\n|$)/.exec(text.slice(n.parent.end));
      stage.edit(removeStatement(text, { start: n.parent.start, end: n.parent.end + (comment?.[0].length ?? 0) }));
      stage.note(n, `'${name}' only tunes OpenMP's teams; MetaFork has none, so it is dropped`);
    } else if (!RUNTIME_KEPT.has(name) && !isThreadQuery(name)) {
      stage.refuse(
        'MF602',
        n,
        `'${name}' depends on OpenMP threads (ids, team size, locks, nesting): MetaFork has no threads to ask about, so this code cannot be translated`,
        { call: name },
      );
    }
    return true;
  });
}

interface Env { before: string[]; decls: string[]; after: string[] }

/** What a task's depend clauses read and write, by base variable (`outs` are also in `ins`). */
interface Dependences { ins: Set<string>; outs: Set<string>; names: Set<string> }
/** A location reached through a pointer or a reference, or a name not declared here: any location. */
const ANY = '*';
/** Statements that may skip what they hold. */
const BRANCHES = new Set([
  'if_statement', 'else_clause', 'switch_statement', 'case_statement', 'for_statement', 'while_statement',
  'do_statement', 'for_range_loop', 'conditional_expression',
]);
/** Constructs whose tasks are siblings of one another (their binding task regions, for the translation). */
const REGIONS = new Set([
  'task', 'section', 'master', 'single', 'parallel', 'parallel sections', 'parallel for', 'parallel for simd',
]);

function meets(a: Set<string>, b: Set<string>): boolean {
  return a.size > 0 && b.size > 0 && (a.has(ANY) || b.has(ANY) || [...a].some(x => b.has(x)));
}

class ItemTranslator {
  private readonly text: string;
  private readonly unit: string;
  /** Constructs whose translation ends with an emitted meta_join. */
  private readonly joined = new Set<Construct>();
  private readonly forks = new Set<Construct>();

  constructor(
    private readonly stage: Stage,
    private readonly model: ItemModel,
  ) {
    this.text = stage.text;
    this.unit = stage.unit;
  }

  private readonly taken = new Set<string>();

  /** A name for a generated variable that nothing in the item uses yet. */
  private fresh(name: string): string {
    let n = name;
    for (
      let i = 2;
      this.taken.has(n) ||
      new RegExp(`\\b${n}\\b`).test(this.model.text.slice(this.model.item.start, this.model.item.end));
      i++
    )
      n = `${name}${i}`;
    this.taken.add(n);
    return n;
  }

  visit(c: Construct): void {
    if (isSpmdRegion(this.model, c)) return translateSpmdRegion(this.spmdHost(), c);
    for (const k of c.children) this.visit(k);
    if (c.dialect !== 'openmp' || !c.directive || translateHint(this.stage, c)) return;
    const name = c.directive.name;
    if (name === 'declare reduction') {
      // Each loop naming it writes it out (./userReductions); elsewhere its use is refused.
      this.stage.note(c.directive.nameSpan, `'declare reduction': written out in the loops that use it`);
      return this.stage.edit(removeStatement(this.text, c.head));
    }
    if (!SUPPORTED.has(name) && !(name === 'ordered' && this.orderedLoop(c))) {
      const why =
        NO_COUNTERPART[name] ??
        (name.startsWith('target') ||
        name.startsWith('teams') ||
        name.startsWith('distribute') ||
        name.startsWith('declare')
          ? 'device and declarative constructs have no MetaFork counterpart'
          : 'it has no MetaFork counterpart');
      this.stage.refuse('MF601', c.directive.nameSpan, `'#pragma omp ${name}' cannot be translated: ${why}`, {
        construct: name,
        target: 'metafork',
      });
      return;
    }
    this.checkClauses(c);
    if (name.includes('simd'))
      this.stage.note(c.directive.nameSpan, `'simd' is a vectorisation hint with no MetaFork counterpart: dropped`);
    if (name === 'simd') {
      this.stage.edit(removeStatement(this.text, c.head));
      return;
    }
    // Separators and ordered blocks of a loop that runs in order (`inOrder`): the order is kept.
    if (name === 'scan' || (name === 'ordered' && this.orderedLoop(c)))
      this.stage.edit(removeStatement(this.text, c.head));
    else if (LOOPS.has(name)) this.loop(c);
    else if (name === 'loop') this.loopConstruct(c);
    else if (name === 'parallel') this.parallel(c);
    else if (ONE_THREAD.has(name)) this.oneThread(c);
    else if (name === 'sections' || name === 'parallel sections') this.sections(c);
    else if (name === 'single') this.single(c);
    else if (SYNCHRONISATION.has(name)) synchronise(this.stage, this.model, c);
    else if (TASKLOOPS.has(name)) {
      taskloopNotes(this.stage, c);
      if (c.loop) this.loop(c);
      else
        this.stage.refuse('MF601', c.directive.nameSpan, `'#pragma omp ${name}' is not followed by a for loop`, {
          construct: name,
          target: 'metafork',
        });
    } else if (name === 'scope') {
      // Outside a region every thread runs (./spmd), one thread meets it: a block with its copies.
      const reduction = this.clause(c, 'reduction')[0];
      if (reduction)
        return this.stage.refuse(
          'MF601',
          reduction,
          `a 'scope' reduction outside a region every thread runs is not translated: no team shares it here`,
          { construct: 'scope', target: 'metafork' },
        );
      const env: Env = { before: [], decls: [], after: [] };
      this.privates(c, env, true);
      this.emit(c.head, undefined, c.region, env);
    } else if (name === 'taskgroup') {
      // Its body, then a join: every fork joins its own descendants at its end.
      this.emit(c.head, undefined, c.region, { before: [], decls: [], after: [] });
      this.potentialSync(c, c.region!);
    } else if (name === 'depobj') {
      this.stage.edit(removeStatement(this.text, c.head));
      this.stage.note(
        c.directive.nameSpan,
        `'depobj' only sets up a depend object; a task with depend(depobj: ...) is ordered as an inout on ` +
          `any location: dropped`,
      );
    } else if (name === 'task' || name === 'master') {
      this.fork(c, c);
      this.dependenceJoin(c);
    } else if (name === 'taskwait' || name === 'barrier') {
      taskwaitNotes(this.stage, c);
      replaceDirective(this.stage, c.head, [JOIN + trailingComment(this.text, c.head)]);
    }
    // `section` is translated by its `sections`.
  }

  private checkClauses(c: Construct): void {
    const name = c.directive!.name;
    for (const cl of c.clauses) {
      if (HINTS.has(cl.name))
        this.stage.note(cl, `'${cl.name}' only tunes scheduling; MetaFork has no counterpart, so it is dropped`);
      else if (HINT_CLAUSES[cl.name]) this.stage.note(cl, HINT_CLAUSES[cl.name]);
      else if (!HANDLED.has(cl.name) || (cl.name === 'in_reduction' && name !== 'task'))
        this.stage.refuse('MF601', cl, `clause '${cl.name}' of '#pragma omp ${name}' ${
          REFUSED_CLAUSES[cl.name] ?? 'has no MetaFork counterpart'}`, {
          construct: cl.name,
          target: 'metafork',
        });
      else if (COPIED.has(cl.name) && cl.items.some(i => !visibleVariable(this.model, i.name, c.start))) {
        // A name no declaration here declares (a C++ method's data member): its copy cannot be declared.
        const item = cl.items.find(i => !visibleVariable(this.model, i.name, c.start))!;
        this.stage.refuse('MF601', item, `'${cl.name}(${item.name})': '${item.name}' is declared nowhere this file shows (a data member of the method's class?), so its copy cannot be made: copy it into a local variable and name that`, {
          construct: cl.name,
          target: 'metafork',
        });
      } else {
        // Modifiers that change what the clause means (OpenMP 5.2 §5.4.5, §5.5.8): read as the plain
        // clause, the copy-out or the reduction would be another.
        const modifier = UNREAD_MODIFIERS[cl.name]?.exec(cl.args?.text ?? '');
        if (modifier)
          this.stage.refuse('MF601', cl, `the '${modifier[1]}' modifier of '${cl.name}' on '#pragma omp ${name}' has no MetaFork counterpart`, {
            construct: `${cl.name}(${modifier[1]}:)`,
            target: 'metafork',
          });
      }
    }
  }

  /** What the translation of SPMD regions (./spmd) uses of this one. */
  private spmdHost(): SpmdHost {
    return {
      stage: this.stage,
      model: this.model,
      fresh: n => this.fresh(n),
      visit: k => this.visit(k),
      checkClauses: k => this.checkClauses(k),
      privates: (k, env, skip) => this.privates(k, env, true, skip),
      items: (k, clause) => this.items(k, clause),
      joined: k => this.joined.add(k),
    };
  }

  // ---- data environment ---------------------------------------------------------------

  private clause(c: Construct, name: string): DirectiveClause[] {
    return c.clauses.filter(cl => cl.name === name);
  }

  /** The variables of the construct's clause `name`; for `private` and `firstprivate`, also those
   * its `default(private|firstprivate)` covers, as if listed. */
  private items(c: Construct, name: string): Variable[] {
    const out: Variable[] = [];
    for (const cl of this.clause(c, name))
      for (const i of cl.items) {
        const v = visibleVariable(this.model, i.name, c.start);
        if (v && !out.includes(v)) out.push(v);
      }
    if (name === 'private' || name === 'firstprivate')
      for (const v of coveredByDefault(this.model, c, name)) if (!out.includes(v)) out.push(v);
    return out;
  }

  /**
   * Declarations for private and firstprivate copies (Algorithm 8). `copyScalars` for constructs
   * run in place. `snapshot` when the parent goes on while the fork waits to run (a task): an
   * array is then copied when the fork is created, as OpenMP does, not when it starts.
   */
  private privates(
    c: Construct,
    env: Env,
    copyScalars: boolean,
    skip: (v: Variable) => boolean = () => false,
    snapshot = false,
  ): void {
    const text = this.text;
    for (const v of this.items(c, 'private')) if (!skip(v)) env.decls.push(declarationFor(v, text, v.name) + ';');
    for (const v of this.items(c, 'firstprivate')) if (!skip(v)) this.firstprivateCopy(c, v, env, copyScalars, snapshot);
  }

  /** The declarations of a firstprivate copy of `v` (see `privates`). */
  private firstprivateCopy(c: Construct, v: Variable, env: Env, copyScalars: boolean, snapshot: boolean): void {
    const text = this.text;
    const fip = this.fresh(`_fip_${v.name}`);
    if (v.shape === 'array' && snapshot) {
      // The copy's address travels as an integer: MetaFork shares pointers, and the parent
      // reassigns this one for its next fork before the fork may have read it.
      env.before.push(
        `uintptr_t ${fip} = (uintptr_t) malloc(sizeof(${v.name})); /* ${v.name} as it is now */`,
        `memcpy((void *) ${fip}, ${v.name}, sizeof(${v.name}));`,
      );
      env.decls.push(
        `${declarationFor(v, text, v.name)};`,
        `memcpy(${v.name}, (void *) ${fip}, sizeof(${v.name}));`,
        `free((void *) ${fip});`,
      );
      for (const h of ['stdint.h', 'stdlib.h', 'string.h']) this.stage.includes.add(h);
    } else if (v.shape === 'array') {
      env.before.push(`${declarationFor(v, text, fip, true)} = &${v.name};`);
      env.decls.push(`${declarationFor(v, text, v.name)};`, `memcpy(${v.name}, ${fip}, sizeof(${v.name}));`);
      this.stage.includes.add('string.h');
    } else if (v.shape === 'pointer' && snapshot) {
      // MetaFork shares pointer variables with a fork: the value travels as an integer, which
      // the fork copies when it is created (the parent moves the pointer on meanwhile).
      env.before.push(`uintptr_t ${fip} = (uintptr_t) ${v.name}; /* ${v.name} as it is now */`);
      env.decls.push(`${declarationFor(v, text, v.name)} = (${declarationFor(v, text, '').trim()}) ${fip};`);
      this.stage.includes.add('stdint.h');
    } else if (v.shape === 'reference') {
      // A reference's private copy is of what it refers to (OpenMP 5.2 §5.4.4): its declarator
      // restated without the `&` (with it, the copy was the reference, and the fork read the
      // object the parent went on changing). A copied array or pointer would itself be shared.
      const referent = referentDeclaration(v, text, fip);
      if (/[[*(]/.test(referent.slice(referent.lastIndexOf(fip) + fip.length)) || /[*(]\s*$/.test(referent.slice(0, referent.lastIndexOf(fip)))) {
        this.stage.refuse('MF601', c.directive?.nameSpan ?? c.head, `'${v.name}' refers to an array or a pointer, which this construct copies (firstprivate): MetaFork would share the copy with the fork`, {
          construct: c.directive?.name ?? '', target: 'metafork',
        });
        return;
      }
      env.before.push(`${referent} = ${v.name};`);
      env.decls.push(`${referentDeclaration(v, text, v.name)} = ${fip};`);
    } else if (copyScalars || sharedAtSpawn(v)) {
      env.before.push(`${declarationFor(v, text, fip)} = ${v.name};`);
      env.decls.push(`${declarationFor(v, text, v.name)} = ${fip};`);
    }
  }

  /** Places E before `at` (replacing the pragma line `head`) and wraps the body as `{ D { B } ... }`. */
  private emit(
    head: { start: number; end: number },
    replacement: string | undefined,
    body: Span | undefined,
    env: Env,
    /** Braced also without copies or joins; indented as the statement at `indentAt` is. */
    braced?: { indentAt: number },
  ): void {
    const text = this.text;
    const lines = [...env.before, ...(replacement !== undefined ? [replacement] : [])];
    if (lines.length) replaceDirective(this.stage, head, lines);
    else this.stage.edit(removeStatement(text, head));
    if (body && (env.decls.length || env.after.length || braced)) {
      // `{ D { B } A }`: B (with its constructs already translated) moves one level in.
      const bi = lineIndent(text, braced?.indentAt ?? body.start);
      const inner = bi + this.unit;
      const moved = reindent(this.stage.render(body).replace(/^[ \t]*/, ''), bi, inner);
      this.stage.edit(
        replace(
          body,
          `${braced ? bi : ''}{\n${env.decls.map(d => `${inner}${d}\n`).join('')}${inner}${moved}${env.after.map(a => `\n${inner}${a}`).join('')}\n${bi}}`,
        ),
      );
    }
  }

  private numThreads(c: Construct, env: Env): void {
    for (const cl of this.clause(c, 'num_threads')) {
      if (!cl.args) continue;
      const n = cl.args.text.trim();
      env.before.push(`meta_set_nworkers(${n});`);
      // The clause sizes one team; the call sets the workers of every later region too: said
      // where the file has other parallel code (any of it may run later).
      const elsewhere = this.text.slice(0, c.start) + this.text.slice(c.end);
      if (matchesInCode(elsewhere, /#\s*pragma\s+omp\s+(parallel|task|taskloop)\b|\bomp_get_(num|max)_threads\b/))
        this.stage.note(cl, `'num_threads(${n})' became 'meta_set_nworkers(${n})', which holds for the rest of the program, not this region alone: the file's other parallel code runs with as many workers once this has run`);
    }
    for (const cl of this.clause(c, 'if'))
      if (c.directive!.name.startsWith('parallel'))
        this.stage.note(cl, `'if' on a parallel region only decides the team size: dropped`);
  }

  // ---- constructs -----------------------------------------------------------------------

  /** `for` / `parallel for`: `meta_for` on the first collapse(n) loops (Algorithm 7). */
  private loop(c: Construct): void {
    const text = this.text;
    if (this.clause(c, 'reduction').some(cl => cl.modifiers?.includes('inscan'))) return this.inOrder(c, SCAN_LOOP);
    if (c.loop!.type === 'for_range_loop') {
      const why = 'a C++ range-based for loop has no meta_for form (meta_for takes a loop with a control variable)';
      return this.stage.refuse('MF601', c.directive!.nameSpan, `'#pragma omp ${c.directive!.name}' over ${why}`, {
        construct: 'range-based for',
        target: 'metafork',
      });
    }
    const env: Env = { before: [], decls: [], after: [] };
    if (c.directive!.name.startsWith('parallel')) this.numThreads(c, env);
    if (this.clause(c, 'ordered').length) return this.inOrder(c, ORDERED_LOOP);
    if (needsChunks(c)) return this.reductionInChunks(c, env);
    const collapse = Number(this.clause(c, 'collapse')[0]?.args?.text.trim() ?? '1');
    const loops: SNode[] = [c.loop!];
    for (let i = 1; i < collapse; i++) {
      const body = child(loops[i - 1], 'body');
      const next = body && soleStatement(body);
      if (!next || next.type !== 'for_statement') {
        this.stage.refuse(
          'MF601',
          this.clause(c, 'collapse')[0],
          `'collapse(${collapse})' needs ${collapse} perfectly nested loops`,
          { construct: 'collapse', target: 'metafork' },
        );
        return;
      }
      loops.push(next);
    }
    const controls = new Set(loops.map(l => canonicalHeader(l, text).header?.variable).filter(Boolean));
    const isControl = (v: Variable) => controls.has(v.name);
    // Figure 3.21: a private variable read before it is written carries a value between
    // iterations; meta_for has no per-thread copies, so this cannot be translated.
    const body = child(loops[loops.length - 1], 'body')!;
    const privates = this.items(c, 'private');
    for (const v of [...privates, ...this.items(c, 'firstprivate')]) {
      if (isControl(v)) continue;
      const inBody = this.model.scopes.references.filter(
        r => r.variable === v && r.span.start >= body.start && r.span.end <= body.end,
      );
      const first = inBody[0];
      const firstStatementReads = first && (first.access !== 'write' || this.readsInSameAssignment(first.node, v));
      // A firstprivate copy read first is its first value, unless the loop also writes it: then a
      // thread's copy carries what one of its iterations left to its next (the same as a private one).
      const carried = privates.includes(v) || inBody.some(r => r.access !== 'read' && !r.through);
      if (firstStatementReads && carried) {
        this.stage.refuse(
          'MF603',
          first.span,
          `'${v.name}' is ${privates.includes(v) ? 'private' : 'firstprivate'} to each ${c.directive!.name.includes('taskloop') ? 'task' : 'thread'} of '#pragma omp ${c.directive!.name}' and accumulates across iterations; meta_for has no per-thread copies (thesis Figure 3.21): use reduction(...) instead`,
          { variable: v.name },
        );
        return;
      }
    }
    this.privates(c, env, true, isControl);
    // The region's own variables the loop stores before reading: each thread's in OpenMP, each
    // iteration's here (a region where that does not hold is translated SPMD: teams.iterationPrivates).
    const team = c.parent?.directive?.name === 'parallel' ? c.parent : undefined;
    const listed = new Set(c.clauses.flatMap(cl => cl.items.map(i => i.name)));
    for (const v of (team && iterationPrivates(this.model, team)) ?? []) {
      if (isControl(v) || listed.has(v.name) || !this.model.scopes.references.some(r => r.variable === v && within(r.span, body))) continue;
      env.decls.push(`${declarationFor(v, text, v.name)};`);
    }
    for (const v of this.items(c, 'lastprivate')) {
      if (isControl(v)) continue; // its final value is the serial elision's
      if (v.shape === 'array') {
        this.stage.refuse(
          'MF601',
          this.clause(c, 'lastprivate')[0],
          `'lastprivate(${v.name})' is translated only for a scalar`,
          { construct: 'lastprivate', target: 'metafork' },
        );
        return;
      }
      const last = lastIteration(loops, text);
      if (!last) return;
      const lp = this.fresh(`_lp_${v.name}`);
      env.before.push(`${declarationFor(v, text, lp, true)} = &${v.name};`);
      // Also firstprivate: its copy, declared with the first value, is the one stored back.
      if (!this.items(c, 'firstprivate').includes(v)) env.decls.push(`${declarationFor(v, text, v.name)};`);
      env.after.push(`if (${last}) *${lp} = ${v.name}; /* the last iteration's value (lastprivate) */`);
    }
    if (!this.linear(c, loops, env, isControl)) return;
    const reductions = this.clause(c, 'reduction').map(cl => `reduction(${cl.args?.text.trim() ?? ''})`);
    const chunk = this.clause(c, 'schedule')[0]?.args?.text.split(',')[1]?.trim() ?? taskloopGrainsize(c);
    if (chunk) env.before.push(`#pragma meta grainsize = ${chunk}`);
    this.emit(c.head, undefined, body, env);
    // Every loop of a collapsed nest runs its iterations in parallel: each reduces.
    loops.forEach(l => {
      const after = text[l.start + 3];
      const clauses = reductions.length ? ' ' + reductions.join(' ') + (after === '(' ? ' ' : '') : '';
      this.stage.edit(replace({ start: l.start, end: l.start + 3 }, `meta_for${clauses}`));
    });
  }

  /** A loop with a declared or array-section reduction: a meta_for over chunks (./userReductions). */
  private reductionInChunks(c: Construct, env: Env): void {
    for (const cl of this.clause(c, 'schedule'))
      this.stage.note(cl, `'schedule': the iterations run in chunks that carry the reduction's partial results`);
    this.privates(c, env, true);
    const refusal = reductionLoopInChunks(this.stage, this.model, c, env, n => this.fresh(n));
    if (refusal)
      this.stage.refuse('MF601', refusal.span, refusal.message, { construct: 'reduction', target: 'metafork' });
  }

  /**
   * The `loop` construct (OpenMP 5.2 §11.7): bound to the enclosing parallel region (`bind(parallel)`,
   * or no binding inside one) it shares the iterations as `for` does; bound to a thread it is a
   * hint that the iterations may run concurrently, which the thread runs in order.
   */
  private loopConstruct(c: Construct): void {
    const binding = this.clause(c, 'bind')[0]?.args?.text.trim();
    const inRegion = c.parent?.dialect === 'openmp' && c.parent.directive?.name === 'parallel';
    if (binding === 'parallel' || (!binding && inRegion)) return this.loop(c);
    if (binding === 'thread') {
      this.stage.note(c.directive!.nameSpan, `'loop bind(thread)': each thread runs the iterations; dropped`);
      this.stage.edit(removeStatement(this.text, c.head));
      return;
    }
    const bound = binding ? `'${binding}'` : 'no parallel region';
    this.stage.refuse('MF601', c.directive!.nameSpan, `'#pragma omp loop' bound to ${bound} has no MetaFork counterpart`, {
      construct: 'loop',
      target: 'metafork',
    });
  }

  /**
   * `linear(x : s)` (OpenMP 5.2 §5.4.6): each iteration's private x starts at x's value before the
   * loop plus the iteration's logical number times s; x ends with the last iteration's value.
   */
  private linear(c: Construct, loops: SNode[], env: Env, isControl: (v: Variable) => boolean): boolean {
    const text = this.text;
    for (const cl of this.clause(c, 'linear')) {
      const args = cl.args?.text ?? '';
      const colon = args.lastIndexOf(':');
      const tail = colon < 0 ? '' : args.slice(colon + 1).trim();
      const step = /^step\s*\((.*)\)$/s.exec(tail)?.[1].trim() ?? (tail || '1');
      const header = canonicalHeader(loops[0], text).header;
      const modifier = /\b(ref|uval)\b/.test(args);
      if (loops.length > 1 || !header || modifier) {
        const why = modifier ? `a reference's linear modifier` : `'linear' on a collapsed or non-canonical loop`;
        this.stage.refuse('MF601', cl, `${why} has no MetaFork translation here`, {
          construct: 'linear',
          target: 'metafork',
        });
        return false;
      }
      const last = lastIteration(loops, text)!;
      const lower = text.slice(header.lower.start, header.lower.end);
      const logical = header.step.negative
        ? `((${lower}) - ${header.variable}) / (${header.step.text})`
        : `(${header.variable} - (${lower})) / (${header.step.text})`;
      for (const v of this.items(c, 'linear')) {
        if (isControl(v)) continue; // the control variable is linear already
        const start = this.fresh(`_lin_${v.name}`);
        const lp = this.fresh(`_lp_${v.name}`);
        env.before.push(
          `${declarationFor(v, text, start)} = ${v.name};`,
          `${declarationFor(v, text, lp, true)} = &${v.name};`,
        );
        env.decls.push(`${declarationFor(v, text, v.name)} = ${start} + ${logical} * (${step});`);
        env.after.push(`if (${last}) *${lp} = ${v.name}; /* the last iteration's value (linear) */`);
      }
    }
    return true;
  }

  /** A loop whose iterations must keep their order (a scan, `ordered`) runs in order: its directive goes. */
  private inOrder(c: Construct, why: string): void {
    this.stage.note(c.directive!.nameSpan, why);
    this.stage.edit(removeStatement(this.text, c.head));
  }

  /** The loop construct with an `ordered` clause that an `ordered` directive belongs to, if any. */
  private orderedLoop(c: Construct): Construct | undefined {
    for (let p = c.parent; p; p = p.parent)
      if (p.dialect === 'openmp' && p.loop) return p.clauses.some(cl => cl.name === 'ordered') ? p : undefined;
    return undefined;
  }

  private readsInSameAssignment(id: SNode, v: Variable): boolean {
    const assignment = id.parent?.type === 'assignment_expression' ? id.parent : undefined;
    const right = assignment && child(assignment, 'right');
    return (
      !!right &&
      this.model.scopes.references.some(r => r.variable === v && r.span.start >= right.start && r.span.end <= right.end)
    );
  }

  /** `#pragma omp parallel` directly followed by another directive: the region is that construct. */
  private chained(c: Construct): boolean {
    return c.children.some(k => k.statement === c.region || k.loop === c.region);
  }

  /**
   * Algorithm 9's "a meta_fork since the last synchronization point": the state after
   * construct `k` given the state before it (children are translated, so their joins are known).
   */
  private after(k: Construct, state: boolean): boolean {
    const name = k.directive?.name ?? '';
    if (k.dialect !== 'openmp') return state || k.kind === 'spawn' || k.kind === 'block-spawn';
    if (this.forks.has(k)) return true;
    if (name === 'taskwait' || name === 'barrier' || this.joined.has(k)) return false;
    return this.inside(k, state);
  }

  private inside(c: Construct, state: boolean): boolean {
    for (const k of c.children) state = this.after(k, state);
    return state;
  }

  /** The state just before `c`: its parent's state, then the siblings before it. */
  private before(c: Construct): boolean {
    const p = c.parent;
    let state = !p || this.forks.has(p) || p.kind === 'block-spawn' ? false : this.before(p);
    const siblings = p ? p.children : this.model.roots.filter(r => r.functionNode === c.functionNode);
    for (const s of siblings) {
      if (s === c) break;
      state = this.after(s, state);
    }
    return state;
  }

  /** J: `meta_join;` after the construct when forks may be pending. */
  private potentialSync(c: Construct, after: SNode): void {
    if (this.clause(c, 'nowait').length || !this.inside(c, this.before(c))) return;
    this.joined.add(c);
    const indent = directiveIndent(this.text, c.head, this.unit);
    const end = this.unwrapped.get(after);
    this.stage.edit(end !== undefined ? insert(end, `${indent}${JOIN}\n`) : insert(after.end, `\n${indent}${JOIN}`));
  }

  /** Blocks whose braces were removed, with the end of the text that replaced them. */
  private readonly unwrapped = new Map<SNode, number>();

  /**
   * A region's braces go when nothing is declared directly inside and each brace has its own
   * line (the thesis prints regions without them); the content moves one level out.
   */
  private unwrap(block: SNode): void {
    const text = this.text;
    if (block.type !== 'compound_statement' || named(block).some(s => s.type === 'declaration')) return;
    const open = wholeLines(text, { start: block.start, end: block.start + 1 });
    const close = wholeLines(text, { start: block.end - 1, end: block.end });
    const closeLine = text.slice(close.start, close.end);
    if (
      text.slice(open.start, open.end).trim() !== '{' ||
      !/^[ \t]*\}[ \t]*(\/\*.*\*\/|\/\/.*)?[ \t]*\n?$/.test(closeLine) ||
      open.end > close.start
    )
      return;
    const inner = this.stage.render({ start: open.end, end: close.start });
    const trailing = closeLine.replace(/^[ \t]*\}[ \t]*/, '').trimEnd();
    const outer = lineIndent(text, block.start);
    const dedented = inner
      .split('\n')
      .map(l => (l.startsWith(outer + this.unit) ? outer + l.slice(outer.length + this.unit.length) : l))
      .join('\n');
    this.stage.edit(
      replace({ start: open.start, end: close.end }, dedented + (trailing ? `${outer}${trailing}\n` : '')),
    );
    this.unwrapped.set(block, close.end);
  }

  private parallel(c: Construct): void {
    const reduction = this.clause(c, 'reduction')[0];
    if (reduction) {
      this.stage.refuse(
        'MF601',
        reduction,
        `'reduction' on '#pragma omp parallel' combines per-thread copies, which MetaFork does not have: put the reduction on the loop inside`,
        { construct: 'reduction', target: 'metafork' },
      );
      return;
    }
    const env: Env = { before: [], decls: [], after: [] };
    this.numThreads(c, env);
    this.privates(c, env, true);
    const region = c.region!;
    this.emit(c.head, undefined, region, env);
    if (!env.decls.length && !this.chained(c)) this.unwrap(region);
    const generated = this.generatedTeam(c);
    if (generated) {
      // The region MetaFork -> OpenMP opened around statements of main: the statements again.
      this.stage.edit(remove(generated.marker));
      this.unwrap(generated.block);
      // A join the region's end needs goes after the statements, where the braces went.
      const end = this.unwrapped.get(generated.block);
      if (end !== undefined) this.unwrapped.set(region, end);
    }
    this.potentialSync(c, region);
  }

  /** The marker line and the block of a `parallel` + `single` that MetaFork -> OpenMP generated. */
  private generatedTeam(c: Construct): { marker: { start: number; end: number }; block: SNode } | undefined {
    const line = wholeLines(this.text, { start: c.start, end: c.start });
    const before = this.text.lastIndexOf('\n', line.start - 2) + 1;
    const single = chainedChild(c);
    const block = single?.directive?.name === 'single' ? single.statement : undefined;
    if (this.text.slice(before, line.start).trim() !== TEAM_REGION || block?.type !== 'compound_statement') return;
    return { marker: { start: before, end: line.start }, block };
  }

  /** `parallel master`/`parallel masked`: the body runs once, as the thread the filter names. */
  private oneThread(c: Construct): void {
    if (!oneThreadAnswers(c)) {
      const filter = this.clause(c, 'filter')[0] ?? c.head;
      const message =
        `the filter of '#pragma omp ${c.directive!.name}' is not known to be below the team size: ` +
        `the body may run on no thread`;
      return void this.stage.refuse('MF602', filter, message, { construct: 'filter' });
    }
    if (this.clause(c, 'reduction').length) return this.parallel(c); // refused there
    // The team size matters only to the thread queries, which read it already.
    const env: Env = { before: [], decls: [], after: [] };
    this.privates(c, env, true);
    const region = c.region!;
    this.emit(c.head, undefined, region, env);
    if (!env.decls.length && !this.chained(c)) this.unwrap(region);
    this.potentialSync(c, region);
  }

  private sections(c: Construct): void {
    const body = c.region!;
    const reduction = this.clause(c, 'reduction')[0];
    if (reduction) {
      this.stage.refuse(
        'MF601',
        reduction,
        `'reduction' on sections combines per-thread copies, which MetaFork does not have`,
        { construct: 'reduction', target: 'metafork' },
      );
      return;
    }
    const sections = c.children.filter(k => k.directive?.name === 'section');
    // The first section's directive was written by `implicitFirstSections`; any other statement
    // without one is not OpenMP (a section is one statement).
    const loose = sectionStatements(body).find(s => !sections.some(k => k.statement === s));
    if (loose) {
      this.stage.refuse(
        'MF601',
        { start: loose.start, end: loose.start + 1 },
        `a statement between sections without its '#pragma omp section' line: each section is one statement (use braces to group several)`,
        { construct: 'section', target: 'metafork' },
      );
      return;
    }
    const regions = sections.map(k => k.region!);
    const copies = ['private', 'firstprivate', 'lastprivate'].flatMap(name => this.items(c, name));
    const refusal =
      sectionWaitsForSibling(this.model, regions, copies) ?? copyAcrossSections(this.model, regions, this.items(c, 'firstprivate'));
    if (refusal) {
      this.stage.refuse('MF602', refusal.span, refusal.message, refusal.data);
      return;
    }
    const env: Env = { before: [], decls: [], after: [] };
    if (c.directive!.name.startsWith('parallel')) this.numThreads(c, env);
    this.emit(c.head, undefined, undefined, env);
    const lastprivate = this.items(c, 'lastprivate');
    sections.forEach((s, i) =>
      this.fork(s, c, i === sections.length - 1 ? lastprivate : [], i === sections.length - 1 ? [] : lastprivate),
    );
    this.unwrap(body);
    this.potentialSync(c, body);
  }

  private single(c: Construct): void {
    const copyprivate = this.clause(c, 'copyprivate')[0];
    if (copyprivate) return; // refused as an unhandled clause
    if (this.clause(c, 'nowait').length) {
      this.fork(c, c);
      return;
    }
    // Algorithm 7: the parent runs a single without nowait in place, then joins if needed.
    const env: Env = { before: [], decls: [], after: [] };
    this.privates(c, env, true);
    this.emit(c.head, undefined, c.region, env);
    this.potentialSync(c, c.region!);
  }

  /**
   * task, master, section, single nowait -> `meta_fork [shared(S)] { D { B } }`: S lists the
   * value-type variables OpenMP shares that MetaFork would copy (thesis Figure 3.16).
   * `owner` holds the data clauses (the `sections` of a `section`).
   */
  private fork(c: Construct, owner: Construct, alsoShared: Variable[] = [], alsoPrivate: Variable[] = []): void {
    const text = this.text;
    const region = c.region!;
    const env: Env = { before: [], decls: [], after: [] };
    // Only a section's parent (the sections construct) waits for its forks before going on.
    this.privates(owner, env, false, v => alsoShared.includes(v), owner === c);
    // A variable also firstprivate has its copy from `privates` already.
    const firstprivate = this.items(owner, 'firstprivate');
    for (const v of alsoPrivate) if (!firstprivate.includes(v)) env.decls.push(declarationFor(v, text, v.name) + ';');
    const reduced = inReductions(this.stage, this.model, c, env, n => this.fresh(n));
    if (!reduced) return;
    const ifClause = c.directive?.name === 'task' ? this.clause(c, 'if')[0] : undefined;
    const listed = (name: string) => this.items(owner, name);
    const declaredPrivately = new Set([...listed('private'), ...listed('firstprivate'), ...alsoPrivate, ...reduced]);
    const shared: string[] = [];
    /** A task's firstprivate variables by OpenMP's rules that MetaFork shares (a pointer, an array)
     * and the parent may change while the fork runs (`temp = temp->next` after a task reading
     * `temp`), or the task changes (`p++` in it): copied as a firstprivate clause's are, or the
     * fork reads the parent's variable, or changes it. */
    const copied: Variable[] = [];
    let changedInTask = false;
    /** Every variable the task shares by OpenMP's rules (`shared` lists those MetaFork would copy). */
    const sharedByTask = new Set<Variable>();
    for (const e of sharingAt(this.model, c)) {
      const v = e.variable;
      // A lastprivate variable of the last section is the original, firstprivate too (its first value).
      if (e.local || (declaredPrivately.has(v) && !alsoShared.includes(v)) || shared.includes(v.name)) continue;
      const sharing: Sharing = alsoShared.includes(v) ? 'shared' : e.sharing;
      if (sharing === 'shared') sharedByTask.add(v);
      if (sharing === 'shared' && !sharedAtSpawn(v)) shared.push(v.name);
      if (sharing !== 'firstprivate' || c.directive?.name !== 'task') continue;
      // A pointer changes by its own writes; a write through it (`v[i] = x`, `p->next = q`) leaves it.
      const changes = (r: Reference) => mayChange(this.model, r) && (v.shape !== 'pointer' || !r.through || r.addressTaken);
      // Changed by the task (its own copy: the parent's stays as it was) or by the parent meanwhile.
      const inTask = e.references.some(r => within(r.span, region) && changes(r));
      changedInTask ||= inTask;
      if (sharedAtSpawn(v) && (inTask || changedWhileSpawned(this.model, c, v, changes))) copied.push(v);
    }
    // A call spawn's arguments are read when it is made: a call that reads the variables only there
    // needs no copy. One changing a firstprivate variable (`f(p++)`, `f(n++)`) stays a block spawn:
    // as a call spawn's argument, the change would be the parent's. So does one given an array the
    // task copies: the argument is the array's address, and the callee reads the parent's elements.
    const spawned = this.spawnedCall(c, region, shared, sharedByTask);
    const callOnly = !changedInTask && !ifClause && !env.before.length && !env.decls.length && !this.inside(c, false) &&
      spawned?.copied === false && !copied.some(v => v.shape === 'array');
    if (!callOnly) for (const v of copied) this.firstprivateCopy(c, v, env, false, true);
    // A meta_join waits for children only, an OpenMP barrier (a region's end) for every
    // descendant task: a fork whose body may leave forks pending joins them at its end.
    // (In a block with no private copies, before its closing brace, and before `task if(e)`
    // copies the body for its serial branch.)
    if (this.inside(c, false)) {
      if (region.type === 'compound_statement' && !env.decls.length)
        this.stage.edit(insert(...beforeClosingBrace(this.stage, region, JOIN)));
      else env.after.push(JOIN);
    }
    this.forks.add(c);
    const keyword = `meta_fork${shared.length ? ' ' + clauseText('shared', shared) : ''}`;
    if (!ifClause && !changedInTask && !env.before.length && !env.decls.length && !env.after.length && this.callForm(c, region, spawned))
      return;
    if (ifClause?.args) {
      // `task if(e)`: deferred only when e holds; otherwise the parent runs the body at once.
      const serial = this.stage.render(region);
      this.stage.edit(replace(region, serial));
      this.emit(c.head, keyword, region, env);
      const span = { start: c.start, end: c.end };
      // The fork as emitted, without the blanks it was given to stand among the code (the `if` takes them).
      const forked = this.stage.render(span).replace(/^[ \t]*/, '');
      const { indent, lead } = directivePlace(text, c.head, this.unit);
      this.stage.edit(
        replace(
          span,
          // Both branches braced: an unbraced else misleads gcc's -Wmisleading-indentation when the
          // directive line was less indented than its statement.
          `${lead}if (${ifClause.args.text.trim()}) {\n${indent}${this.unit}${forked.replace(/\n/g, `\n${this.unit}`)}\n${indent}} else {\n${indent}${this.unit}${serial.replace(/\n/g, `\n${this.unit}`)}\n${indent}}`,
        ),
      );
      return;
    }
    // Directives stacked between this one and its statement (`single nowait` + `task` + S) head the
    // statement once translated (`meta_fork meta_fork S` is no MetaFork): the fork's statement is a
    // block holding them.
    const stacked = /^[ \t]*#[ \t]*pragma\b/m.exec(text.slice(c.head.end, region.start));
    if (stacked) {
      // From the start of the first stacked line: the block's brace goes where that line began.
      const start = c.head.end + stacked.index + (text[c.head.end + stacked.index] === '\n' ? 1 : 0);
      this.emit(c.head, keyword, { start, end: region.end }, env, { indentAt: region.start });
      return;
    }
    this.emit(c.head, keyword, region, env);
    // `meta_fork shared(x) f(y);` reads as a spawn of the call `shared(x)`, and `meta_fork f(n++);`
    // as a call spawn, whose argument's change is the parent's: a lone statement that starts like a
    // call's arguments or a call is braced.
    const callLike = /^(\(|[A-Za-z_]\w*\s*\()/.test(text.slice(region.start, region.end));
    if ((shared.length || changedInTask) && callLike && region.type !== 'compound_statement' && !env.decls.length && !env.after.length) {
      this.stage.edit(insert(region.start, '{ '));
      this.stage.edit(insert(region.end, ' }'));
    }
  }

  /** `#pragma omp task shared(x)` + `x = f(n);` -> `x = meta_fork f(n);` (the l-value must be shared):
   * the call `spawnedCall` found. */
  private callForm(c: Construct, region: SNode, spawned: SpawnedCall | undefined): boolean {
    if (!spawned) return false;
    if (spawned.copied) {
      // Braced, the statement stays a block spawn (an unbraced call would be a call spawn).
      this.stage.edit(insert(region.start, '{ '));
      this.stage.edit(insert(region.end, ' }'));
      return false;
    }
    this.stage.edit(removeStatement(this.text, c.head));
    this.stage.edit(insert(spawned.call.start, 'meta_fork '));
    return true;
  }

  /**
   * Whether `left`, a task's `left = f(...)`, is the place a call spawn's receiver is, which MetaFork
   * finds at the spawn: a variable's own storage the task shares (`x`, `a[i]`, `s.f`), or a place
   * through a pointer (`*p`, `p[i]`, `q->v`, the pointer the task's copy, found where the task
   * would find it); never one whose finding changes or calls something (`a[k++]`).
   */
  private samePlace(left: SNode, sharedByTask: ReadonlySet<Variable>): boolean {
    let acts = false;
    walk(left, x => !(acts ||= /^(call|update|assignment|comma)_expression$/.test(x.type)));
    if (acts) return false;
    let n = left, subscripted = false;
    for (;;) {
      if (n.type === 'parenthesized_expression' && named(n).length === 1) n = named(n)[0];
      else if (n.type === 'pointer_expression') return this.text.slice(n.start, n.start + 1) === '*';
      else if (n.type === 'field_expression') {
        if (n.children.some(x => x.field === 'operator' && x.end - x.start === 2)) return true; // q->v
        n = child(n, 'argument')!;
        subscripted = false;
      } else if (n.type === 'subscript_expression') {
        n = child(n, 'argument')!;
        subscripted = true;
      } else break;
      if (!n) return false;
    }
    if (n.type !== 'identifier') return false;
    const v = visibleVariable(this.model, this.text.slice(n.start, n.end), n.start);
    if (!v) return false;
    return (subscripted && v.shape === 'pointer') || sharedByTask.has(v);
  }

  /** The call a task's statement would spawn (`callForm`), and whether it reads a copy the task
   * had by reference (a C++ call binding what the task did not share: it stays a block then). */
  private spawnedCall(c: Construct, region: SNode, shared: string[], sharedByTask: ReadonlySet<Variable>): SpawnedCall | undefined {
    // Only an unbraced statement: a braced one stays a block, so that round trips are stable.
    if (c.directive?.name !== 'task' || region.type === 'compound_statement') return undefined;
    const s = region;
    const e = s.type === 'expression_statement' ? named(s)[0] : undefined;
    let call: SNode | undefined;
    if (e?.type === 'call_expression') call = e;
    else if (
      e?.type === 'assignment_expression' &&
      this.text.slice(child(e, 'left')!.end, child(e, 'right')!.start).trim() === '='
    ) {
      const left = child(e, 'left')!;
      const right = child(e, 'right')!;
      if (right.type === 'call_expression' && this.samePlace(left, sharedByTask)) call = right;
    }
    if (!call) return undefined;
    // A call spawn binds by reference what its callee takes by reference (C++); the task had its
    // own copy of a variable it did not share: only a block spawn keeps that copy.
    const copied = this.model.scopes.references.some(
      r =>
        r.variable &&
        within(r.span, call!) &&
        !shared.includes(r.variable.name) &&
        !sharedAtSpawn(r.variable) &&
        bindingOf(this.model, r)?.binding !== undefined &&
        bindingOf(this.model, r)?.binding !== 'value',
    );
    return { call, copied };
  }

  // ---- depend ---------------------------------------------------------------------------

  /**
   * The locations a task reads and writes by its depend clauses (OpenMP 5.2 §15.9.5). Only
   * `in` reads; every other type that orders a task (`out`, `inout`, `mutexinoutset`,
   * `inoutset`) is taken as `inout`, which orders at least as much. A locator is known by its
   * base variable when that is a variable of its own (a local or global array, scalar or
   * struct); through a pointer or a reference, or a name not declared here, it may be any
   * location (ANY).
   */
  private depends(c: Construct): Dependences {
    const ins = new Set<string>(),
      outs = new Set<string>(),
      names = new Set<string>();
    for (const cl of this.clause(c, 'depend')) {
      // `depend(iterator(i = 0:n), in: a[i])`: the type is the last modifier; an iterator only
      // ranges over the locators, whose base variables are what is compared.
      const type = cl.modifier
        ? cl.modifier.name
            .split(/,(?![^()]*\))/)
            .at(-1)!
            .trim()
        : (cl.args?.text.trim() ?? '');
      if (type === 'depobj') {
        // The object's dependences are set elsewhere: ordered as an inout on any location.
        for (const item of cl.items) ins.add(ANY), outs.add(ANY), names.add(item.name);
        continue;
      }
      if (type === 'source' || type === 'sink' || !cl.modifier) {
        const why =
          type === 'source' || type === 'sink'
            ? `'${type}' belongs to doacross loops ('ordered'), which have no MetaFork counterpart`
            : 'a dependence needs its type';
        this.stage.refuse('MF601', cl, `'depend(${type ? type + ': ' : ''}...)' cannot be translated: ${why}`, {
          construct: `depend(${type})`,
          target: 'metafork',
        });
        continue;
      }
      for (const item of cl.items) {
        const v = visibleVariable(this.model, item.name, c.start);
        const base = v && v.shape !== 'pointer' && v.shape !== 'reference' ? v.name : ANY;
        ins.add(base);
        if (type !== 'in') outs.add(base);
        names.add(item.name);
      }
    }
    return { ins, outs, names };
  }

  /** The tasks that get a `meta_join` before them, with the locations named in the comment. */
  private readonly joinsBefore = new Map<Construct, Dependences>();

  /**
   * MetaFork has no dependences between siblings: a task that depends on an earlier sibling
   * task that may still run gets a `meta_join;` before it (stronger than `depend`, never
   * weaker). Siblings: tasks of one parent region (the nearest enclosing task, section,
   * master, single or parallel); a taskwait waits for its own region's tasks only. Tasks in a
   * loop may depend on the previous iteration's: the loop's tasks start pending. Planned
   * before the translation, so that each join is emitted with its task, before an enclosing
   * construct takes its body.
   */
  planDependenceJoins(): void {
    const tasks = this.model.constructs
      .filter(c => c.dialect === 'openmp' && c.directive?.name === 'task')
      .map(c => ({ c, deps: this.depends(c), owner: this.parentRegion(c) }))
      .filter(t => t.deps.ins.size);
    if (!tasks.length) return;
    let pending: typeof tasks = [];
    const seenLoops = new Set<SNode>();
    for (const c of this.model.constructs.filter(k => k.dialect === 'openmp')) {
      const name = c.directive?.name;
      if (name === 'taskwait' || name === 'barrier') {
        const o = this.parentRegion(c);
        if (this.unconditional(c, o)) pending = pending.filter(p => p.owner !== o);
        continue;
      }
      const task = tasks.find(t => t.c === c);
      if (!task) continue;
      for (let p = c.statement?.parent; p && p !== this.model.item; p = p.parent) {
        if (
          (p.type === 'for_statement' || p.type === 'while_statement' || p.type === 'do_statement') &&
          !seenLoops.has(p)
        ) {
          seenLoops.add(p);
          for (const t of tasks) if (t.c.start >= p.start && t.c.end <= p.end) pending.push(t);
        }
      }
      const siblings = pending.filter(p => p.owner === task.owner);
      if (siblings.some(p => meets(task.deps.ins, p.deps.outs) || meets(task.deps.outs, p.deps.ins))) {
        this.joinsBefore.set(c, task.deps);
        if (this.unconditional(c, task.owner)) pending = pending.filter(p => p.owner !== task.owner);
      }
      pending.push(task);
    }
  }

  /**
   * True when `c` runs whenever its parent region gets past it: no branch or loop between them.
   * A join (or taskwait) on one branch leaves the tasks before it pending on the others.
   */
  private unconditional(c: Construct, owner: Construct | undefined): boolean {
    const stop = owner?.region ?? c.functionNode;
    for (let n = (c.statement ?? nodeCovering(this.model.item, c.head)).parent; n && n !== stop; n = n.parent) {
      if (BRANCHES.has(n.type)) return false;
    }
    return true;
  }

  /** The region whose tasks are siblings of the tasks `c` creates (undefined: the function). */
  private parentRegion(c: Construct): Construct | undefined {
    for (let p = c.parent; p; p = p.parent)
      if (p.dialect === 'openmp' && REGIONS.has(p.directive?.name ?? '')) return p;
    return undefined;
  }

  /** The join before `task` planned by `planDependenceJoins`, emitted once the task is translated. */
  private dependenceJoin(task: Construct): void {
    const deps = this.joinsBefore.get(task);
    if (!deps) return;
    // Before the task's whole first line: its pragma line may be removed (a call form), and
    // an insertion inside a removed line is an overlapping edit.
    const line = wholeLines(this.text, { start: task.start, end: task.start }).start;
    this.stage.edit(
      insert(line, `${directiveIndent(this.text, task.head, this.unit)}${JOIN} /* depend(${[...deps.names].join(', ')}) */\n`),
    );
  }
}

/** The call a task's statement would spawn, and whether it binds by reference a copy the task had. */
interface SpawnedCall { call: SNode; copied: boolean }

/** `declarationFor` of what the reference `v` refers to, under `name`: `long &acc` -> `long name`. */
function referentDeclaration(v: Variable, text: string, name: string): string {
  const declaration = declarationFor(v, text, name);
  const amp = declaration.lastIndexOf('&', declaration.lastIndexOf(name));
  if (amp < 0) return declaration; // restated by __typeof__, which names the referred type
  const start = declaration[amp - 1] === '&' ? amp - 1 : amp;
  return declaration.slice(0, start) + declaration.slice(amp + 1);
}
