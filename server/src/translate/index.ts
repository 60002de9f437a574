// Translation between MetaFork, OpenMP and CilkPlus (SPEC §3): every direction goes through
// MetaFork (digest 003 §2.5). A stage is a list of edits on its input text; the text is
// re-parsed between stages (and between outlining passes, innermost block spawns first).
// Findings of later stages are mapped back to the user's text. Any error: no output.

import { analyzeSyntax } from '../analyze';
import type { MfDiagnostic } from '../analysis/diagnostic';
import { applyEdits, TextEdit } from '../syntax/edits';
import { systemIncludes } from '../syntax/includes';
import { loadGrammars, SyntaxDocument, SourceLanguage, detectLanguage } from '../syntax/parser';
import { DocumentModel } from '../model/document';
import { Dialect, DIALECTS, includeEdit, Stage } from './common';
import { cilkToMetafork } from './cilkToMetafork';
import { implicitFirstSections, openmpToMetafork } from './openmpToMetafork';
import { metaforkToOpenmp } from './metaforkToOpenmp';
import { pipelinesToForks } from './pipeline';
import { hasBlockSpawns, metaforkToCilk, outlineInnermost } from './metaforkToCilk';

export type { Dialect } from './common';

export interface Translation {
  /** The translated text; absent when an error stops the translation. */
  text?: string;
  /** Findings on the input text (errors explain a refusal; notes say what was dropped). */
  diagnostics: MfDiagnostic[];
  from: Dialect[];
  to: Dialect;
}

/** The dialects whose constructs a document uses. */
export function dialectsOf(model: DocumentModel): Dialect[] {
  const found = new Set<Dialect>();
  for (const item of model.allItems()) for (const c of item.constructs) found.add(c.dialect);
  return DIALECTS.filter(d => found.has(d));
}

/** Offsets of a stage's output mapped back to its input. */
class OffsetMap {
  private readonly pieces: { outStart: number; outEnd: number; inStart: number; inEnd: number }[] = [];
  constructor(edits: TextEdit[]) {
    const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
    let delta = 0;
    for (const e of sorted) {
      this.pieces.push({ outStart: e.start + delta, outEnd: e.start + delta + e.newText.length, inStart: e.start, inEnd: e.end });
      delta += e.newText.length - (e.end - e.start);
    }
  }
  back(offset: number): number {
    let delta = 0;
    for (const p of this.pieces) {
      if (offset < p.outStart) break;
      if (offset < p.outEnd) return p.inStart;
      delta = p.outEnd - p.inEnd;
    }
    return offset - delta;
  }
}

interface Step { text: string; maps: OffsetMap[] }

export async function translateText(text: string, to: Dialect, options: { fileName?: string; from?: Dialect | 'auto' } = {}): Promise<Translation> {
  const grammars = await loadGrammars();
  const language: SourceLanguage = detectLanguage(options.fileName, text);
  const parse = (t: string) => SyntaxDocument.parse(grammars, t, language, options.fileName);
  const first = analyzeSyntax(parse(text));
  const diagnostics: MfDiagnostic[] = [];
  const from = dialectsOf(first.model);
  const errors = first.diagnostics.filter(d => d.severity === 'error');
  if (errors.length) { first.syntax.dispose(); return { diagnostics: errors, from, to }; }
  const sources = options.from && options.from !== 'auto' ? [options.from] : from;
  const step: Step = { text, maps: [] };
  let syntax = first.syntax;
  let model = first.model;
  const cpp = language === 'cpp';

  /** Runs one stage on the current text; false when it refused. */
  const run = (work: (stage: Stage) => void): boolean => {
    const stage = new Stage(step.text);
    work(stage);
    for (const d of stage.diagnostics) diagnostics.push(mapBack(d, step.maps));
    if (stage.failed) return false;
    for (const header of stage.includes) {
      const e = includeEdit(step.text, header);
      if (e) stage.edits.unshift(e); // before anything inserted at the same place
    }
    if (stage.edits.length === 0) return true;
    step.text = applyEdits(step.text, stage.edits);
    step.maps.unshift(new OffsetMap(stage.edits));
    syntax.dispose();
    syntax = parse(step.text);
    model = DocumentModel.build(syntax, model); // items are read lazily: the next stage reads those it needs
    // The input was checked in full; a stage's output only has to stay valid C. The full
    // analysis runs only to explain a failure.
    if (!syntax.tree.rootNode.hasError) return true;
    const broken = analyzeSyntax(syntax).diagnostics.filter(d => d.severity === 'error');
    for (const d of broken) diagnostics.push(mapBack({ ...d, message: `translation produced invalid code here: ${d.message}` }, step.maps));
    return false;
  };

  try {
    // Everything that is neither MetaFork nor the target becomes MetaFork first.
    const toMetafork = sources.filter(d => d !== 'metafork' && d !== to);
    if (toMetafork.includes('openmp') && !run(stage => implicitFirstSections(stage, model.allItems()))) return { diagnostics, from, to };
    if (toMetafork.length && !run(stage => {
      const items = model.allItems();
      if (toMetafork.includes('cilkplus')) cilkToMetafork(stage, items);
      if (toMetafork.includes('openmp')) openmpToMetafork(stage, items);
    })) return { diagnostics, from, to };
    if (to === 'metafork') dropUnusedHeader(step, 'omp.h', /\bomp_\w+/);
    if (to === 'openmp' && (sources.includes('metafork') || toMetafork.length)) {
      if (!run(stage => metaforkToOpenmp(stage, model.allItems()))) return { diagnostics, from, to };
    }
    if (to === 'cilkplus' && (sources.includes('metafork') || toMetafork.length)) {
      if (!run(stage => pipelinesToForks(stage, model.allItems()))) return { diagnostics, from, to };
      for (let pass = 0; hasBlockSpawns(model.allItems()); pass++) {
        if (pass > 1000 || !run(stage => outlineInnermost(stage, model.allItems(), cpp))) return { diagnostics, from, to };
      }
      if (!run(stage => metaforkToCilk(stage, model.allItems()))) return { diagnostics, from, to };
    }
    return { text: step.text, diagnostics, from, to };
  } finally {
    syntax.dispose();
  }
}

function mapBack(d: MfDiagnostic, maps: OffsetMap[]): MfDiagnostic {
  let start = d.start, end = d.end;
  for (const m of maps) { start = m.back(start); end = m.back(end); }
  return { ...d, start, end: Math.max(start, end) };
}

/** `#include <omp.h>` goes when nothing of the OpenMP runtime is left. */
function dropUnusedHeader(step: Step, header: string, uses: RegExp): void {
  const line = systemIncludes(step.text, h => h === header)[0];
  if (!line) return;
  const rest = step.text.slice(0, line.start) + step.text.slice(line.end);
  if (uses.test(rest)) return;
  step.text = rest;
  step.maps.unshift(new OffsetMap([{ start: line.start, end: line.end, newText: '' }]));
}
