// Translation between MetaFork, OpenMP and CilkPlus: every direction goes through
// MetaFork (Chen 2017 §3.6). A stage is a list of edits on its input text; the text is
// re-parsed between stages (and between outlining passes, innermost block spawns first).
// Findings of later stages are mapped back to the user's text. Any error: no output.

import type { CompileContext, OpenmpConditional } from '../preprocess/index';
import type { SourceMap } from '../base/sourcemap';
import { blocking, checkSyntax, type Earlier } from '../checks/index';
import { conflictDiagnostic, diagnostic, inSource, MfDiagnostic } from '../base/diagnostic';
import { matchesInCode, type KeywordLayer } from '../syntax/keywords';
import { Span, within } from '../base/span';
import { familyDialect, pragmaFamily } from '../syntax/pragma';
import { DIALECT_OF, type KeywordName } from '../base/dialects';
import { constructSpan, outermostConstructAt, type Construct, type ItemModel } from '../model/constructs';
import { applyEdits, OffsetMap, type TextEdit } from '../base/edits';
import { SourceConflict } from '../base/sourcemap';
import { systemIncludes, includeEditIn } from '../syntax/includes';
import { CPP_MARKER, loadGrammars, SyntaxDocument, SourceLanguage, detectLanguage } from '../syntax/parser';
import { DocumentModel, inSpan, type ItemRef } from '../model/document';
import { Stage } from '../base/stage';
import { Dialect, DIALECT_LABELS, DIALECTS } from '../../../shared/dialects';
import { cilkToMetafork } from './cilkToMetafork';
import { reducersToReductions } from './reducers';
import { implicitFirstSections, openmpToMetafork } from './openmpToMetafork';
import { metaforkToOpenmp } from './metaforkToOpenmp';
import { resolveVariants } from './variants';
import { teamsIntoFunctions } from './orphans';
import { pipelinesToForks } from './pipeline';
import { joinAtExits } from './common';
import { unjoinedExits } from '../model/exits';
import { untranslatedGroups } from './inactive';
import { cilkReady, hasBlockSpawns, metaforkToCilk, outlineInnermost } from './metaforkToCilk';

export type { Dialect } from '../../../shared/dialects';

export interface Translation {
  /** The translated text; absent when an error stops the translation. */
  text?: string;
  /** Findings on the input text (errors explain a refusal; notes say what was dropped). */
  diagnostics: MfDiagnostic[];
  from: Dialect[];
  to: Dialect;
  /** With `focus`: the construct translated, in the input and in the output text. */
  focus?: { input: Span; output: Span };
}

export interface TranslateOptions extends CompileContext {
  fileName?: string;
  from?: Dialect | 'auto';
  /** Translate only the construct around this offset (see `focusSpan`); the rest stays as it is. Like
   * every offset of a result, an offset of the analysed text. */
  focus?: number;
  /** The caller checked this very text with these flags and found nothing blocking (the server's
   * diagnostics of the version): the check is not run again. */
  checked?: boolean;
  /** The output is checked as the input was (`outputFindings`), and refused where it would not pass:
   * a translator's mistake the tool's own analyses can see is reported, never printed as a result. */
  verify?: boolean;
}

/** The dialects whose constructs a document (or a span of it) uses. */
export function dialectsOf(model: DocumentModel, span?: Span): Dialect[] {
  const found = new Set<Dialect>();
  for (const item of stageItems(model, span, { dialects: DIALECTS }))
    for (const c of item.constructs) found.add(c.dialect);
  return DIALECTS.filter(d => found.has(d));
}

/** The dialects of a document's keywords and pragma lines: what `dialectsOf` finds, without
 * building the item models (cheap on a large file). */
export function layerDialects(layer: KeywordLayer): Dialect[] {
  const found = new Set<Dialect>();
  for (const k of layer.keywords) found.add(DIALECT_OF[k.keyword]);
  if (layer.reducers.length) found.add('cilkplus');
  for (const p of layer.pragmas) {
    const family = pragmaFamily(p);
    if (family) found.add(familyDialect(family));
  }
  return DIALECTS.filter(d => found.has(d));
}

/**
 * What "translate this construct" translates: the outermost construct around `offset` — the
 * whole function for spawns and joins, whose meaning is the function's (a join waits for every
 * spawn before it; CilkPlus joins at return), OpenMP's task and taskwait outside a region of
 * their function among them (a task translated alone became a spawn that the untranslated
 * taskwait did not wait for) — or undefined where there is none.
 */
export function focusSpan(model: DocumentModel, offset: number): Span | undefined {
  const item = model.itemAt(offset);
  const c = item && outermostConstructAt(item, offset);
  if (!c) return undefined;
  const forkJoin = (k: Construct) =>
    k.dialect === 'openmp'
      ? k.kind === 'omp' && (k.directive?.name === 'task' || k.directive?.name === 'taskwait')
      : ['spawn', 'block-spawn', 'join', 'scope'].includes(k.kind);
  if (forkJoin(c) || c.children.some(forkJoin)) {
    const fn = c.functionNode;
    if (fn) return { start: fn.start, end: fn.end };
  }
  return constructSpan(c);
}

/** What a stage reads: the constructs of `dialects` (where `keywords` is given, of those keywords
 * and the dialects' pragma lines only) and, where given, the `words` of an item's text that are no
 * construct (a call such as `meta_set_nworkers`). An item with neither gives the stage nothing to do. */
interface Needs { dialects: readonly Dialect[]; keywords?: readonly KeywordName[]; words?: RegExp }

/**
 * The item models a stage reads: with `span`, the items meeting it, each seeing only the constructs
 * inside it; with `needs`, only the items holding what it names. An item's constructs are its
 * keywords' and pragma lines' (buildItemModel), so the others' models are not built: after an edit,
 * every item past it is modelled again, and on a large file most items need nothing.
 */
function stageItems(model: DocumentModel, span?: Span, needs?: Needs): ItemModel[] {
  const out: ItemModel[] = [];
  const { layer } = model.syntax;
  const holds = (ref: ItemRef) =>
    inSpan(layer.keywords, ref).some(
      k => needs!.dialects.includes(DIALECT_OF[k.keyword]) && (!needs!.keywords || needs!.keywords.includes(k.keyword)),
    ) ||
    inSpan(layer.pragmas, ref).some(p => {
      const family = pragmaFamily(p);
      return !!family && needs!.dialects.includes(familyDialect(family));
    }) ||
    (!!needs!.words && needs!.words.test(model.text.slice(ref.start, ref.end)));
  for (let i = 0; i < model.items.length; i++) {
    const ref = model.items[i];
    if (span && (ref.end < span.start || ref.start > span.end)) continue;
    if (needs && !holds(ref)) continue;
    const item = model.item(i);
    if (!span || within(item.item, span)) { out.push(item); continue; }
    const inside = (c: Construct) => within(constructSpan(c), span);
    out.push({ ...item, constructs: item.constructs.filter(inside), roots: item.roots.filter(inside) });
  }
  return out;
}

const METAFORK: Needs = { dialects: ['metafork'] };
const OPENMP: Needs = { dialects: ['openmp'] };
/** MetaFork's spawns, `meta_fork` and the pragma forms: an item without one has no exit to join. */
const METAFORK_SPAWNS: Needs = { dialects: ['metafork'], keywords: ['meta_fork'] };
/** MetaFork's constructs, its worker count, set by a call, and the OpenMP runtime calls it keeps (metaforkToCilk). */
const TO_CILK: Needs = { dialects: ['metafork'], words: /\bmeta_set_nworkers\b|\bomp_\w/ };

interface Step { text: string; maps: OffsetMap[] }

export async function translateText(text: string, to: Dialect, options: TranslateOptions = {}): Promise<Translation> {
  return (await translateRead(text, to, options)).translation;
}

/** `translateText`, and how the input was read: the map from its analysed text, where every offset
 * is, to the user's (a command line prints positions with it instead of reading the file again). */
export async function translateRead(
  text: string, to: Dialect, options: TranslateOptions = {},
): Promise<{ translation: Translation; map: SourceMap }> {
  const grammars = await loadGrammars();
  const parsed = SyntaxDocument.parse(grammars, text, detectLanguage(options.fileName, text), options.fileName, options);
  try {
    return { translation: translateDocument({ syntax: parsed }, to, options), map: parsed.map };
  } finally {
    parsed.dispose();
  }
}

/** A version of a document read with the translation's flags, and where built its model (the
 * items a translation reads: `dialectsOf`'s), as the server's worker keeps them between jobs. */
export interface ParsedVersion { syntax: SyntaxDocument; model?: DocumentModel }

/**
 * `translateText` of a version parsed already. The stages' versions are made from it and freed;
 * it stays the caller's, as it was (tree-sitter's edits and re-parses work on copies of its tree).
 */
export function translateDocument(parsed: ParsedVersion, to: Dialect, options: TranslateOptions = {}): Translation {
  const text = parsed.syntax.source;
  const language: SourceLanguage = parsed.syntax.language;
  // The stages' re-parses copy the functions they leave as they were (SyntaxDocument.update).
  parsed.syntax.reusable = true;
  const first = options.checked
    ? { syntax: parsed.syntax, model: parsed.model ?? DocumentModel.build(parsed.syntax), diagnostics: [] as MfDiagnostic[], cache: undefined }
    : checkSyntax(parsed.syntax, undefined, true);
  // How the file was read decides what is translated: a keyword defined away is said here too.
  const diagnostics: MfDiagnostic[] = first.diagnostics.filter(d => d.code === 'MF115');
  const errors = first.diagnostics.filter(blocking);
  const inputMap = first.syntax.map;
  const input = options.focus === undefined ? undefined : focusSpan(first.model, options.focus);
  const from = dialectsOf(first.model, input);
  /** Frees a stage's version (never the caller's). */
  const done = (version: SyntaxDocument) => { if (version !== parsed.syntax) version.dispose(); };
  if (errors.length || (options.focus !== undefined && !input)) {
    return {
      diagnostics: errors.length
        ? errors
        : [
            diagnostic(
              'MF601',
              { start: options.focus!, end: options.focus! },
              'there is no parallel construct here to translate',
            ),
          ],
      from,
      to,
    };
  }
  const sources = options.from && options.from !== 'auto' ? [options.from] : from;
  // A source dialect the file does not use: the text would come back unchanged, and that says why.
  if (options.from && options.from !== 'auto' && !from.includes(options.from))
    diagnostics.push(
      diagnostic(
        'MF606',
        { start: 0, end: Math.min(1, text.length) },
        `the source is read as ${DIALECT_LABELS[options.from]}, but ${input ? 'this code has' : 'the file has'} no ${DIALECT_LABELS[options.from]} construct (${from.length ? `it has ${from.map(d => DIALECT_LABELS[d]).join(' and ')}` : 'it has none of any dialect'}): nothing is translated`,
      ),
    );
  const step: Step = { text, maps: [] };
  let syntax = first.syntax;
  /** The model of the current text, built when a stage first reads it (none after the last stage);
   * `previous`, the one before, whose unchanged functions it re-uses. */
  let built: DocumentModel | undefined = first.model;
  let previous = first.model;
  const model = () => (built ??= DocumentModel.build(syntax, previous));
  /** The construct translated, in the user's text of the current step. */
  let focus = input && inputMap.toSource(input);
  const cpp = language === 'cpp';
  /** The items (and, with a focus, the constructs) a stage translates: all, or those it `needs`. */
  const items = (needs?: Needs) => stageItems(model(), focus && syntax.map.toText(focus), needs);
  /** A finding of the current step on the input's analysed text, where every result's offsets are. */
  const onInput = (d: MfDiagnostic): MfDiagnostic => {
    if (!step.maps.length) return d;
    return inputMap.toText(mapBack(inSource(d, syntax.map), step.maps));
  };

  /** The current text with `edits` of it applied, re-parsed around them only (tree-sitter keeps the
   * rest of the tree); its model is built when a stage reads it. */
  const advance = (edits: TextEdit[]): void => {
    step.text = applyEdits(step.text, edits);
    step.maps.unshift(new OffsetMap(edits));
    if (focus) focus = step.maps[0].forward(focus);
    const next = syntax.update(step.text, [...edits].sort((a, b) => a.start - b.start || a.end - b.end), true);
    done(syntax);
    syntax = next;
    previous = built ?? previous;
    built = undefined;
  };

  /** Runs one stage on the current text; false when it refused. */
  const run = (work: (stage: Stage) => void): boolean => {
    const stage = new Stage(syntax.map, !!focus);
    work(stage);
    for (const d of stage.diagnostics) diagnostics.push(onInput(d));
    if (stage.failed) return false;
    for (const header of stage.includes) {
      const e = includeEditIn(stage.map, header);
      if (e) stage.edits.unshift(e); // before anything inserted at the same place
    }
    if (stage.edits.length === 0) return true;
    let edits: TextEdit[];
    try {
      edits = syntax.map.toSourceEdits(stage.edits, stage.written);
    } catch (e) {
      if (!(e instanceof SourceConflict)) throw e;
      diagnostics.push(onInput(conflictDiagnostic(e)));
      return false;
    }
    advance(edits);
    // The input was checked in full; a stage's output only has to stay valid C. The full
    // analysis runs only to explain a failure.
    if (!syntax.tree.rootNode.hasError) return true;
    const broken = checkSyntax(syntax, undefined, true).diagnostics.filter(blocking);
    // A tree error the analysis does not count (tree-sitter flags `#include <h> ` with a trailing
    // blank) is no more an error here than in the input, which passed the same analysis.
    if (!broken.length) return true;
    for (const d of broken) diagnostics.push(onInput(producedInvalid(d)));
    return false;
  };

  /**
   * Runs a stage together with `ahead`, later stages' work on items the stage leaves ready (so that
   * they are not modelled again). Where only that work refuses, the stage runs without it: the later
   * stages then report every refusal together.
   */
  const runAhead = (work: (stage: Stage) => void, ahead: (stage: Stage) => void): boolean => {
    const reported = diagnostics.length;
    let own = false;
    if (run(stage => { work(stage); own = stage.failed; if (!own) ahead(stage); })) return true;
    if (own) return false;
    diagnostics.length = reported;
    return run(work);
  };

  try {
    // The `#if`s reading _OPENMP go first, keeping the group read: a stage rewriting a region then
    // meets plain code (NPB's `#if defined(_OPENMP)` around a master inside its regions).
    if (to !== 'openmp' && !focus && sources.includes('openmp')) {
      const edits = keepOpenmpGroups(first.syntax.unit.openmpConditionals, text, inputMap, diagnostics);
      if (edits.length) advance(edits);
    }
    // Everything that is neither MetaFork nor the target becomes MetaFork first.
    const toMetafork = sources.filter(d => d !== 'metafork' && d !== to);
    // Regions around a lone call of a function with orphaned work-sharing go into the function.
    if (toMetafork.includes('openmp') && !focus && language === 'c' && !run(stage => teamsIntoFunctions(stage, items(OPENMP), () => items())))
      return { diagnostics, from, to };
    // Context selectors are decided for a CPU host before anything reads the directives they choose.
    if (toMetafork.includes('openmp') && !run(stage => resolveVariants(stage, items())))
      return { diagnostics, from, to };
    if (toMetafork.includes('openmp') && !run(stage => implicitFirstSections(stage, items())))
      return { diagnostics, from, to };
    // Reducers written outside CilkPlus code still mean Cilk views: translated like Cilk's, or refused.
    if (
      to !== 'cilkplus' &&
      !toMetafork.includes('cilkplus') &&
      sources.some(d => d !== to) &&
      !run(stage => reducersToReductions(stage, items(), syntax.layer.reducers, syntax.unit))
    )
      return { diagnostics, from, to };
    const toMetaforkStage = (stage: Stage) => {
      const models = items();
      if (toMetafork.includes('cilkplus')) {
        reducersToReductions(stage, models, syntax.layer.reducers, syntax.unit);
        cilkToMetafork(stage, models);
      }
      if (toMetafork.includes('openmp')) openmpToMetafork(stage, models, syntax.unit, focus && model());
    };
    // To CilkPlus, the MetaFork items this stage left as they were, with no join to add at their
    // exits and no pipeline, go on in the same stage: they are not modelled again after it.
    const onToCilk = (stage: Stage) => {
      if (to !== 'cilkplus') return;
      const untouched = (m: ItemModel) => !stage.edits.some(e => e.start <= m.item.end && e.end >= m.item.start);
      const ahead = items(TO_CILK).filter(
        m => untouched(m) && !m.constructs.some(c => c.kind === 'pipe') && !unjoinedExits(m, 'metafork').length,
      );
      outlineInnermost(stage, ahead, cpp);
      metaforkToCilk(stage, ahead.filter(cilkReady));
    };
    if (toMetafork.length && !runAhead(toMetaforkStage, onToCilk)) return { diagnostics, from, to };
    // OpenMP waits for tasks a function left running at the barrier or taskgroup that binds them;
    // MetaFork's join waits for children only: they are joined where they leave their function.
    if (toMetafork.includes('openmp') && !run(stage => { for (const m of items(METAFORK_SPAWNS)) joinAtExits(stage, m, 'metafork'); }))
      return { diagnostics, from, to };
    if (to === 'openmp' && (sources.includes('metafork') || toMetafork.length)) {
      if (!run(stage => metaforkToOpenmp(stage, items(), model()))) return { diagnostics, from, to };
    }
    // A file with no construct may still call the OpenMP runtime, which a CilkPlus program does not link.
    const runtimeOnly = to === 'cilkplus' && !focus && !sources.length && /\bomp_\w/.test(syntax.text);
    if (to === 'cilkplus' && (sources.includes('metafork') || toMetafork.length || runtimeOnly)) {
      if (!run(stage => pipelinesToForks(stage, items(METAFORK)))) return { diagnostics, from, to };
      // Outlining passes, innermost block spawns first. The items with none left are translated in
      // the same pass, so the next one models only what it outlined (a pass re-models every item
      // its edits move).
      for (let pass = 0; ; pass++) {
        const models = items(TO_CILK);
        if (!hasBlockSpawns(models)) {
          if (!run(stage => metaforkToCilk(stage, models))) return { diagnostics, from, to };
          break;
        }
        const outlining = (stage: Stage) => outlineInnermost(stage, models, cpp);
        const ready = (stage: Stage) => metaforkToCilk(stage, models.filter(cilkReady));
        if (pass > 1000 || !runAhead(outlining, ready)) return { diagnostics, from, to };
      }
    }
    const chains = first.syntax.unit.openmpConditionals;
    if (!focus) {
      const handled = chains.map(({ lines }) => ({ start: lines[0].start, end: lines[lines.length - 1].end }));
      for (const d of untranslatedGroups(first.syntax.unit, to, handled)) diagnostics.push({ ...d, ...inputMap.toText(d) });
    }
    // `<omp.h>` goes where nothing of the runtime is left: in MetaFork, and in CilkPlus, where its calls
    // are translated (translate/runtime).
    if (!focus && (to === 'metafork' || (to === 'cilkplus' && (runtimeOnly || sources.some(d => d !== 'cilkplus')))))
      dropUnusedHeader(step, 'omp.h', /\bomp_\w+/);
    // A construct translated alone: the Cilk header goes once nothing of Cilk is left (the whole
    // file's translation drops it in cilkToMetafork).
    if (focus && to !== 'cilkplus' && sources.includes('cilkplus')) {
      const line = systemIncludes(text, h => h === 'cilk/cilk.h')[0];
      if (line && dropUnusedHeader(step, 'cilk/cilk.h', CILK_USES)) {
        focus = step.maps[0].forward(focus);
        diagnostics.push(diagnostic('MF607', inputMap.toText(line), `'#include <cilk/cilk.h>' removed: no Cilk construct is left in the file`));
      }
    }
    if (options.verify) {
      const invalid = outputFindings(syntax, step.text, step.maps, first.model, { model: built ?? previous, cache: first.cache });
      if (invalid.length) return { diagnostics: [...diagnostics, ...invalid], from, to };
    }
    // C++ stays C++ when the tool reads its MetaFork output again (a `.mfc` name does not say which).
    if (cpp && to === 'metafork' && !focus && detectLanguage(undefined, step.text) !== 'cpp')
      step.text = `${CPP_MARKER}\n${step.text}`;
    return { text: step.text, diagnostics, from, to, ...(input && focus ? { focus: { input, output: focus } } : {}) };
  } finally {
    done(syntax);
  }
}

/**
 * What the tool's own check finds blocking in a translation's `output` (a version of `last`, the last
 * stage's, which stays the caller's; `maps`, the steps from the input's text to it, latest first), on
 * the analysed text of `input`, the input's model: each stage's output is only re-parsed, so this is
 * where an output that parses but is not valid in its dialect (a spawn of a spawn), or that lost a
 * declaration the input had, is caught.
 */
export function outputFindings(
  last: SyntaxDocument, output: string, maps: OffsetMap[], input: DocumentModel, previous?: Earlier,
): MfDiagnostic[] {
  // The functions no stage changed are read, modelled and checked as they were (`previous`: the
  // latest model and the input's check): the per-item results a fresh check would give.
  const version = last.update(output, undefined, true);
  try {
    const onInput = (d: MfDiagnostic) => input.map.toText(mapBack(inSource(producedInvalid(d), version.map), maps));
    const found = checkSyntax(version, previous, true).diagnostics;
    return [
      ...found.filter(blocking).map(onInput),
      // A name no declaration reaches is left to the compiler (a header the tool does not see may
      // declare it), but not one the input declared where the translation left it: a lost declaration.
      ...found.filter(d => d.code === 'MF120').map(d => ({ d: onInput(d), name: version.text.slice(d.start, d.end) }))
        .filter(({ d, name }) => {
          const item = input.itemAt(d.start);
          return input.fileScope.variables.has(name) || !!item?.scopes.variables.some(v => v.name === name);
        })
        .map(({ d }) => d),
    ];
  } finally {
    version.dispose();
  }
}

/** A finding of the check on a translation's own output: the translator's mistake, said so. */
function producedInvalid(d: MfDiagnostic): MfDiagnostic {
  return { ...d, message: `translation produced invalid code here: ${d.message}` };
}

function mapBack(d: MfDiagnostic, maps: OffsetMap[]): MfDiagnostic {
  let start = d.start, end = d.end;
  for (const m of maps) { start = m.back(start); end = m.backEnd(end); }
  return { ...d, start, end: Math.max(start, end) };
}

/**
 * The tool reads a file with `_OPENMP` defined, as an OpenMP compiler does, and translates the groups
 * of its `#if`s that this makes active; a MetaFork or CilkPlus compiler does not define it. So each
 * `#if` chain reading `_OPENMP` keeps the group that was read, and loses its directive lines and
 * other groups (a note says so): the edits of the input's text that do it, made before any stage.
 */
function keepOpenmpGroups(
  chains: readonly OpenmpConditional[], input: string, inputMap: SourceMap, diagnostics: MfDiagnostic[],
): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const { lines, active } of chains) {
    const first = lines[0], last = lines[lines.length - 1];
    if (active < 0) edits.push({ start: first.start, end: last.end, newText: '' });
    else
      edits.push(
        { start: first.start, end: lines[active].end, newText: '' },
        { start: lines[active + 1].start, end: last.end, newText: '' },
      );
    const directive = input.slice(first.start, first.end).trim();
    diagnostics.push(diagnostic(
      'MF607',
      inputMap.toText({ start: first.start, end: first.start + directive.length }),
      `'${directive}': a MetaFork or CilkPlus compiler does not define _OPENMP, so the translation keeps the group it read (${active < 0 ? 'none' : "OpenMP's"}) without its #if lines`,
    ));
  }
  return edits.sort((a, b) => a.start - b.start);
}

/** `#include <omp.h>` goes when nothing of the OpenMP runtime is left. */
function dropUnusedHeader(step: Step, header: string, uses: RegExp): boolean {
  const line = systemIncludes(step.text, h => h === header)[0];
  if (!line) return false;
  const rest = step.text.slice(0, line.start) + step.text.slice(line.end);
  // A comment naming the header's functions uses nothing.
  if (matchesInCode(rest, uses)) return false;
  step.text = rest;
  step.maps.unshift(new OffsetMap([{ start: line.start, end: line.end, newText: '' }]));
  return true;
}

/** What still needs `<cilk/cilk.h>`: a Cilk keyword, a runtime call, a reducer, a Cilk pragma. */
const CILK_USES = /\b(?:cilk_\w+|_Cilk_\w+|__cilkrts_\w+)|\bcilk::|#\s*pragma\s+cilk\b/;
