// MetaFork -> CilkPlus (Chen 2017 §3.6.2). Call spawns, joins and parallel loops map keyword for
// keyword. A block spawn has no CilkPlus counterpart: it is outlined (Algorithm 4) into
// `static void _taskFuncK(...)` placed before the host function, whose parameters are the
// environment: shared variables by pointer (uses rewritten to `(*x)`), C++ references by
// reference and private copies by value, so that a block spawn costs what a spawned call's
// arguments cost (Figure 2.7's pointer parameters; Listing A.5's heap-allocated environment
// struct cost a malloc and a free per spawn). Nested block spawns are outlined innermost first,
// one pass per level, like the thesis's "multiple parsing approach"; the driver re-parses
// between passes.

import { child, functionName, walk } from '../syntax/ast';
import { blankComments, matchesInCode } from '../syntax/keywords';
import { insert, removeStatement, replace, withTrailingBlanks, TextEdit } from '../base/edits';
import type { SNode } from '../syntax/parser';
import type { Segment } from '../base/sourcemap';
import type { Construct, ItemModel } from '../model/constructs';
import { removeHead, callsTo } from '../model/elide';
import { sharingAt } from '../model/sharing';
import type { Variable } from '../model/scopes';
import { reductionAsChunks } from './reduction';
import { reductionsAsReducers } from './reducers';
import { soleStatement } from './common';
import { runtimeForCilk } from './runtime';
import { atLineStart, lineIndent, reindent, wholeLines } from '../base/layout';
import { declarationFor, typeSpecifiers, sizeReadsVariables } from '../model/declarations';
import { Stage } from '../base/stage';
import { within } from '../base/span';
import { changesVariable, visibleVariable } from '../model/scopes';

const GENERATED_NAME = /\b(?:_taskFunc|__taskenv__|_tenv|__tdata)(\d+)\b/g;

function isBlockSpawn(c: Construct): boolean { return c.kind === 'block-spawn' && c.dialect === 'metafork'; }

function hasInnerBlockSpawn(c: Construct): boolean {
  return c.children.some(k => isBlockSpawn(k) || hasInnerBlockSpawn(k));
}

/** True when some block spawn remains (the driver then runs another outlining pass). */
export function hasBlockSpawns(models: ItemModel[]): boolean {
  return models.some(m => m.constructs.some(isBlockSpawn));
}

/**
 * Whether an item may go to Cilk in an outlining pass, beside the items outlined: it has no block
 * spawn left, and no reduction, whose reducers' functions are defined once in the file before the
 * first item using them (the last pass, which sees every item left, decides where).
 */
export function cilkReady(model: ItemModel): boolean {
  return !model.constructs.some(
    c => isBlockSpawn(c) || (c.dialect === 'metafork' && c.clauses.some(cl => cl.name === 'reduction')),
  );
}

/** One outlining pass: every block spawn with no block spawn inside it. */
export function outlineInnermost(stage: Stage, models: ItemModel[], cpp: boolean): void {
  let next = 0;
  for (const m of stage.text.matchAll(GENERATED_NAME)) next = Math.max(next, Number(m[1]) + 1);
  for (const model of models) {
    for (const c of model.constructs) {
      if (!isBlockSpawn(c) || hasInnerBlockSpawn(c)) continue;
      if (spawnSingleCall(stage, model, c)) continue;
      if (outline(stage, model, c, next, cpp)) next++;
    }
  }
}

/** The span a block spawn occupies, pragma lines (and their clause lines) included. */
function spawnSpan(text: string, c: Construct): { start: number; end: number; extra: TextEdit[] } {
  if (c.form === 'keyword') return { start: c.start, end: c.end, extra: [] };
  return { start: c.statement!.start, end: c.statement!.end, extra: removeHead(text, c) };
}

/**
 * `meta_fork shared(x) { f(x); }` -> `cilk_spawn f(x);` (Algorithm 1, lines 1-2): a lone call
 * needs no outlining when no private copy is written or has its address taken.
 */
function spawnSingleCall(stage: Stage, model: ItemModel, c: Construct): boolean {
  const s = soleStatement(c.statement!);
  const call = s.type === 'expression_statement' ? s.children.find(x => x.named) : undefined;
  if (!call || call.type !== 'call_expression') return false;
  const copies = sharingAt(model, c).filter(e => !e.local && e.sharing === 'firstprivate');
  if (copies.some(e => e.references.some(changesVariable))) return false;
  const span = spawnSpan(stage.text, c);
  for (const e of span.extra) stage.edit(e);
  stage.edit(replace(span, `cilk_spawn ${stage.text.slice(call.start, call.end)};`));
  return true;
}

type Passed = { v: Variable; by: 'pointer' | 'value' | 'reference' };

/**
 * What the environment carries, in Listing A.5's order: listed shared variables (by pointer),
 * private copies (by value), other shared variables (by pointer), C++ references.
 */
function passing(model: ItemModel, c: Construct): Passed[] {
  const explicit: Variable[] = [], implicit: Variable[] = [], values: Variable[] = [], references: Variable[] = [];
  const listed = c.clauses.filter(cl => cl.name === 'shared').flatMap(cl => cl.items.map(i => i.name));
  for (const e of sharingAt(model, c)) {
    const v = e.variable;
    if (e.local || v.storage === 'global' || v.storage === 'file' || v.shape === 'function') continue;
    if (e.sharing === 'firstprivate') values.push(v);
    else if (v.shape === 'reference') references.push(v);
    else if (listed.includes(v.name)) explicit.push(v);
    else implicit.push(v);
  }
  explicit.sort((a, b) => listed.indexOf(a.name) - listed.indexOf(b.name));
  return [
    ...explicit.map(v => ({ v, by: 'pointer' as const })), ...values.map(v => ({ v, by: 'value' as const })),
    ...implicit.map(v => ({ v, by: 'pointer' as const })), ...references.map(v => ({ v, by: 'reference' as const })),
  ];
}

/** Type names declared inside the host function: an outlined function placed before it cannot see them. */
function localTypeNames(host: SNode, text: string): Set<string> {
  const names = new Set<string>();
  walk(host, n => {
    if (n.type === 'type_definition') {
      for (const d of n.children.filter(x => x.field === 'declarator'))
        names.add(text.slice(d.start, d.end).replace(/[^A-Za-z0-9_]/g, ''));
    } else if (
      (n.type === 'struct_specifier' || n.type === 'union_specifier' || n.type === 'enum_specifier') &&
      n.children.some(x => x.field === 'body')
    ) {
      const name = n.children.find(x => x.field === 'name');
      if (name) names.add(text.slice(name.start, name.end));
    }
  });
  return names;
}

function outline(stage: Stage, model: ItemModel, c: Construct, k: number, cpp: boolean): boolean {
  const text = stage.text;
  const host = c.functionNode;
  const label = 'meta_fork';
  if (!host || host.type !== 'function_definition') {
    stage.refuse('MF605', c.head, `'${label}' block outside a function definition cannot be outlined`);
    return false;
  }
  if (host.parent && host.parent.type === 'field_declaration_list') {
    stage.refuse(
      'MF605',
      c.head,
      `'${label}' block in a member function defined inside its class: define the function outside the class to outline it`,
    );
    return false;
  }
  const region = c.statement!;
  let usesThis = false;
  walk(region, n => { if (n.type === 'this') usesThis = true; });
  if (usesThis) {
    stage.refuse('MF605', c.head, `'${label}' block uses 'this': an outlined function has no object`);
    return false;
  }
  const env = passing(model, c);
  const all = env.map(p => p.v);
  // The environment is the outlined function's parameters, declared at file scope before the
  // host: every one's type must be restatable there.
  const localTypes = localTypeNames(host, text);
  const isVariable = (name: string, at: number) => !!visibleVariable(model, name, at);
  for (const v of all) {
    const type = typeSpecifiers(v, text);
    const local = /[{}]/.test(type)
      ? type.replace(/\s*\{[\s\S]*$/, '')
      : [...localTypes].find(t => new RegExp(`\\b${t}\\b`).test(type));
    if (local) {
      stage.refuse(
        'MF605',
        c.head,
        `'${label}' block uses '${v.name}' of type '${local}' declared inside '${functionName(host, text)?.name ?? 'the function'}': the outlined function cannot see it (declare the type at file scope)`,
        { variable: v.name },
      );
      return false;
    }
    const declaration = declarationFor(v, text, v.name);
    // A type deduced from an initializer (`__auto_type`, C++'s `auto`) has no name to restate.
    const unnamed = declaration.startsWith('__typeof__(') || v.typeText === '__auto_type' || v.typeText === 'auto';
    if (sizeReadsVariables(v, isVariable, text) || unnamed) {
      const message = unnamed
        ? `'${label}' block uses '${v.name}', whose type the outlined function's environment cannot restate${declaration.startsWith('__typeof__(') ? '' : ` (it is deduced from the initializer: declare '${v.name}' with its type)`}`
        : `'${label}' block uses '${v.name}', whose type's size reads a variable ('${declaration}'): the outlined function's environment cannot restate it (give the array a constant size or allocate it with malloc)`;
      stage.refuse('MF605', c.head, message, { variable: v.name });
      return false;
    }
  }

  // In a function template the outlined function is a template of the same parameters, called with
  // them as its arguments (they need not appear in its parameters' types to be deduced).
  const hostBody = host.children.find(x => x.field === 'body');
  const hostDeclarator = host.children.find(x => x.field === 'declarator');
  const qualified = !!hostDeclarator && /::/.test(text.slice(hostDeclarator.start, hostDeclarator.end));
  const template = host.parent?.type === 'template_declaration' ? templateHead(host.parent, text) : undefined;
  if (template === null || (template && qualified)) {
    stage.refuse('MF605', c.head, `'${label}' block in a ${template === null ? 'template whose parameters cannot be restated' : 'member function template'}: the outlined function cannot be made a template of the same parameters`);
    return false;
  }
  const unit = stage.unit;
  const fn = `_taskFunc${k}`;
  const pointerNames = new Set(env.filter(p => p.by === 'pointer').map(p => p.v));

  // The region, with every use of a variable passed by pointer read through it.
  const rewrites: TextEdit[] = [];
  for (const r of model.scopes.references) {
    if (r.variable && pointerNames.has(r.variable) && r.span.start >= region.start && r.span.end <= region.end) {
      rewrites.push({ start: r.span.start, end: r.span.end, newText: `(*${r.name})` });
    }
  }
  // As the user wrote it where the grammars read a stand-in (parser `analysed`); macro uses expanded,
  // since their definitions may follow the place the function goes. A conditional group's lines move
  // with the body unless they name a variable the outlining passes by pointer (read through it in
  // the body, not in lines no analysis read) or one of the host's the body does not take along:
  // then the region's removal conflicts with them, and the stage refuses (MF114).
  const rendered = new Set<Segment>();
  const body = stage.map.render(region, rewrites, () => false, rendered);
  const blocked = new Set([
    ...[...pointerNames].map(v => v.name),
    ...model.scopes.variables
      .filter(v => within(v.span, host) && !within(v.span, region) && !all.includes(v))
      .map(v => v.name),
  ]);
  for (const s of rendered) if (s.standIn || !namesAny(stage.map.source.slice(s.source.start, s.source.end), blocked)) stage.written.add(s);
  const from = atLineStart(text, region.start) ? lineIndent(text, region.start) : lineIndent(text, c.start);
  // The host may call itself from the region (recursion): declare it before the outlined function.
  const head = template ? `${template.head} ` : '';
  const prototype = hostBody && !qualified ? [head + text.slice(host.start, hostBody.start).trim() + ';'] : [];
  const parameters = env.map(p => declarationFor(p.v, text, p.v.name, p.by === 'pointer')).join(', ') || 'void';
  const outlined = [
    ...prototype,
    `${head}static void ${fn}(${parameters})`,
    '{',
    `${unit}${reindent(body, from, unit)}`,
    '}',
    '',
  ].join('\n');
  stage.edit(insert(wholeLines(text, template ? host.parent! : host).start, outlined + '\n'));

  // The environment is the call's arguments, evaluated at the spawn like any spawned call's.
  const site = `cilk_spawn ${fn}${template ? `<${template.arguments}>` : ''}(${env.map(({ v, by }) => (by === 'pointer' ? '&' : '') + v.name).join(', ')});`;
  const span = spawnSpan(text, c);
  for (const e of span.extra) stage.edit(e);
  stage.edit(replace(span, site));
  return true;
}

/** A function template's head (`template <typename T, int N>`) and its parameters as arguments
 * (`T, N`; a pack `Ts...`); null where a parameter has no name to pass. */
function templateHead(declaration: SNode, text: string): { head: string; arguments: string } | null {
  const list = declaration.children.find(x => x.field === 'parameters');
  if (!list) return null;
  const names: string[] = [];
  for (const p of list.children.filter(x => x.named && x.type !== 'comment')) {
    const id = p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration'
      ? p.children.find(x => x.field === 'declarator')
      : p.children.find(x => x.type === 'type_identifier');
    if (!id || (id.type !== 'identifier' && id.type !== 'type_identifier')) return null;
    names.push(text.slice(id.start, id.end) + (p.type.startsWith('variadic_') ? '...' : ''));
  }
  return { head: text.slice(declaration.start, list.end), arguments: names.join(', ') };
}

/** The final pass: keyword for keyword, once no block spawn is left. */
export function metaforkToCilk(stage: Stage, models: ItemModel[]): void {
  const text = stage.text;
  let emitted = false;
  /** Whether the file's code (comments aside) reads the worker count back. */
  let reads: boolean | undefined;
  const readsWorkerCount = () => (reads ??= matchesInCode(text, /\bomp_get_max_threads\s*\(/));
  /** `meta_for` -> `cilk_for`, its clauses (a reduction a reducer now carries) dropped. */
  const asCilkFor = (c: Construct) => {
    const k = c.keyword;
    if (k) stage.edit(replace({ start: k.start, end: withTrailingBlanks(text, k.headEnd) }, 'cilk_for '));
    else {
      stage.edit(removeStatement(text, c.head));
      stage.edit(replace({ start: c.loop!.start, end: c.loop!.start + 3 }, 'cilk_for'));
    }
  };
  const reductions: { model: ItemModel; c: Construct }[] = [];
  for (const model of models) {
    for (const c of model.constructs) {
      if (c.dialect !== 'metafork') continue;
      const k = c.keyword;
      switch (c.kind) {
        case 'spawn':
          if (k) stage.edit(replace({ start: k.start, end: k.end }, 'cilk_spawn'));
          else { stage.edit(removeStatement(text, c.head)); stage.edit(insert(c.call!.start, 'cilk_spawn ')); }
          emitted = true;
          break;
        case 'join':
          stage.edit(k ? replace({ start: k.start, end: k.end }, 'cilk_sync') : replace(c.head, 'cilk_sync;'));
          emitted = true;
          break;
        case 'parallel-for': {
          if (c.clauses.some(cl => cl.name === 'reduction')) reductions.push({ model, c });
          else asCilkFor(c);
          emitted = true;
          break;
        }
        case 'grainsize':
          stage.edit(replace(c.head, `#pragma cilk grainsize = ${c.directive?.argument?.text ?? ''}`));
          break;
        case 'schedule':
          for (const e of removeHead(text, c)) stage.edit(e);
          stage.note(
            c.head,
            `'meta_schedule' (GPU offload) has no CilkPlus counterpart: its loops run as cilk_for on the CPU`,
          );
          break;
        case 'device': case 'copy':
          stage.refuse(
            'MF601',
            c.head,
            `'${k ? k.spelling : c.kind}' has no CilkPlus counterpart; translate to OpenMP instead`,
            { construct: k ? k.spelling : c.kind, target: 'cilkplus' },
          );
          break;
        case 'block-spawn':
          // Outlining passes ran before this one; a block spawn left here could not be outlined.
          break;
      }
    }
    // The OpenMP translator's worker count (Algorithm 6) is an environment setting in CilkPlus.
    for (const call of callsTo(model, 'meta_set_nworkers')) {
      if (call.parent?.type !== 'expression_statement') continue;
      // Said without naming the call: the user wrote `omp_set_num_threads` or `num_threads(n)` there.
      const args = child(call, 'arguments');
      const count = args ? text.slice(args.start + 1, args.end - 1).trim() : '';
      const set = `the worker count set here${count ? ` (${count})` : ''}`;
      // Read back (a region's loop over thread ids counts them so), the count would be the Cilk
      // runtime's instead: an array sized by the count set would be indexed past its end.
      if (readsWorkerCount()) {
        // Said without an order: the read may come before the set in the text and after it in time.
        stage.refuse('MF601', call, `${set} has no CilkPlus call to keep it, and the file reads the count back (a parallel region's team or a thread-count query): it would read the Cilk runtime's count instead`, {
          construct: 'meta_set_nworkers', target: 'cilkplus',
        });
        continue;
      }
      stage.edit(removeStatement(text, call.parent));
      stage.note(call, `${set} has no CilkPlus call: dropped; set CILK_NWORKERS in the environment instead`);
    }
    // A construct translated alone leaves the rest of the file, and its runtime calls, as they were.
    if (!stage.partial) runtimeForCilk(stage, model);
  }
  // Reduction loops take their bodies with everything inside already translated: innermost
  // (last in source order) first.
  let index = 0;
  for (const m of text.matchAll(/\bmf_red(\d+)_/g)) index = Math.max(index, Number(m[1]));
  // Reductions whose variables can be reducers keep their loops; the others are chunked.
  const reducers = reductionsAsReducers(stage, reductions);
  for (const { c } of reductions) if (reducers.has(c)) asCilkFor(c);
  const numbered = reductions
    .filter(r => !reducers.has(r.c))
    .map((r, i) => ({ ...r, index: index + i + 1 }));
  for (const { model, c, index } of numbered.reverse()) reductionAsChunks(stage, model, c, index);
  if (emitted) stage.includes.add('cilk/cilk.h');
}

/** Whether the code of `lines` (comments aside) names any of `names`. */
function namesAny(lines: string, names: ReadonlySet<string>): boolean {
  const code = blankComments(lines);
  return [...code.matchAll(/\b[A-Za-z_]\w*\b/g)].some(m => names.has(m[0]));
}
