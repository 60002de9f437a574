// CilkPlus -> MetaFork (digest 003 §2.1): cilk_spawn -> meta_fork, cilk_sync -> meta_join,
// cilk_for -> meta_for, grainsize pragmas kept as `#pragma meta grainsize`. CilkPlus syncs
// implicitly when a spawning function returns; MetaFork does not, so a `meta_join` goes before
// every return (and function end) a spawn can reach unjoined. `cilk_scope { B }` joins at its
// end: it becomes `{ B meta_join; }`.

import { unjoinedExits } from '../analysis/controlFlow';
import { child, named, walk } from '../syntax/ast';
import { insert, remove, replace, withTrailingBlanks } from '../syntax/edits';
import type { SNode } from '../syntax/parser';
import { systemIncludes } from '../syntax/includes';
import type { Construct, ItemModel } from '../model/constructs';
import { atLineStart, inBlock, lineIndent, Stage, wholeLines } from './common';

const JOIN = 'meta_join;';

export function cilkToMetafork(stage: Stage, models: ItemModel[]): void {
  const text = stage.text;
  for (const model of models) {
    for (const c of model.constructs) if (c.dialect === 'cilkplus') construct(stage, c);
    for (const exit of unjoinedExits(model, 'cilkplus')) {
      if (exit.kind === 'end') stage.edit(insert(...beforeClosingBrace(text, exit.node.end - 1)));
      else joinBefore(stage, exit.node);
    }
  }
  // The CilkPlus header means nothing to MetaFork (unless CilkPlus is left elsewhere).
  if (!stage.partial) for (const line of systemIncludes(text, h => h === 'cilk/cilk.h')) stage.edit(remove(line));
}

function construct(stage: Stage, c: Construct): void {
  const text = stage.text;
  if (c.form === 'keyword') {
    const k = c.keyword!;
    const word = { start: k.start, end: k.end };
    switch (k.keyword) {
      case 'cilk_spawn': stage.edit(replace(word, 'meta_fork')); return;
      case 'cilk_sync': stage.edit(replace(word, 'meta_join')); return;
      case 'cilk_for': stage.edit(replace(word, 'meta_for')); joinIterations(stage, c); return;
      case 'cilk_scope': {
        const body = c.statement!;
        stage.edit(remove({ start: k.start, end: withTrailingBlanks(text, k.headEnd) }));
        if (body.type === 'compound_statement') stage.edit(insert(...beforeClosingBrace(text, body.end - 1)));
        else { stage.edit(insert(body.start, '{ ')); stage.edit(insert(body.end, ` ${JOIN} }`)); }
        return;
      }
    }
    return;
  }
  // `#pragma cilk ...` forms become MetaFork keywords.
  const d = c.directive!;
  const line = wholeLines(text, c.head);
  switch (c.kind) {
    case 'grainsize':
      stage.edit(replace(c.head, `#pragma meta grainsize = ${d.argument?.text ?? ''}`));
      return;
    case 'join':
      stage.edit(replace(c.head, JOIN));
      return;
    case 'spawn':
      stage.edit(remove(line));
      stage.edit(insert(c.call!.start, 'meta_fork '));
      return;
    case 'parallel-for':
      stage.edit(remove(line));
      stage.edit(replace({ start: c.loop!.start, end: c.loop!.start + 3 }, 'meta_for'));
      joinIterations(stage, c);
      return;
  }
}

/** `meta_join;` on its own line before the closing brace at `brace`. */
function beforeClosingBrace(text: string, brace: number): [number, string] {
  if (!atLineStart(text, brace)) return [brace, ` ${JOIN} `];
  const lineStart = text.lastIndexOf('\n', brace - 1) + 1;
  // Indent like the block's statements: one level more than the brace.
  const braceIndent = lineIndent(text, brace);
  const prev = text.lastIndexOf('\n', lineStart - 2) + 1;
  const inner = lineIndent(text, prev);
  const indent = inner.length > braceIndent.length ? inner : braceIndent + '    ';
  return [lineStart, `${indent}${JOIN}\n`];
}

/** `meta_join;` in front of a return; a return that is the body of an if/else/loop gets braces. */
function joinBefore(stage: Stage, ret: SNode): void {
  const text = stage.text;
  if (inBlock(ret)) {
    stage.edit(insert(ret.start, atLineStart(text, ret.start) ? `${JOIN}\n${lineIndent(text, ret.start)}` : `${JOIN} `));
    return;
  }
  stage.edit(insert(ret.start, `{ ${JOIN} `));
  stage.edit(insert(ret.end, ' }'));
}

/**
 * Each iteration of a cilk_for syncs its spawns when it ends (it is the body of a spawned
 * function); a meta_for joins only when the whole loop ends, so an iteration's spawns could
 * outlive the variables of its body. `meta_join;` goes where a spawn may still be pending at
 * the body's end and at each `continue` of the loop.
 */
function joinIterations(stage: Stage, loop: Construct): void {
  const body = loop.loop && child(loop.loop, 'body');
  if (!body) return;
  const spawnAt = new Set<number>(), joinAt = new Set<number>(), innerLoops = new Set<number>();
  const visit = (c: Construct) => {
    for (const k of c.children) {
      if (k.kind === 'spawn' && k.statement) spawnAt.add(k.statement.start);
      else if (k.kind === 'join' && k.statement) joinAt.add(k.statement.start);
      if (k.kind === 'parallel-for' && k.loop) innerLoops.add(k.loop.start); else visit(k);
    }
  };
  visit(loop);
  if (!spawnAt.size) return;
  const spawnsIn = (n: SNode) => [...spawnAt].some(at => n.start <= at && at < n.end);
  const continues: SNode[] = [];
  const LOOPS = ['for_statement', 'while_statement', 'do_statement', 'for_range_loop'];
  /** Whether a spawn may be pending after `n`, given `pending` before it; `own`: a continue
   * here is the cilk_for's (not an inner loop's). */
  const flow = (n: SNode, pending: boolean, own = true): boolean => {
    if (innerLoops.has(n.start)) return pending; // a cilk_for joins its own spawns
    if (spawnAt.has(n.start)) return true;
    if (joinAt.has(n.start) && n.type === 'expression_statement') return false;
    switch (n.type) {
      case 'compound_statement': return named(n).reduce((p, s) => flow(s, p, own), pending);
      case 'if_statement': {
        const alternative = child(n, 'alternative');
        return flow(child(n, 'consequence')!, pending, own) || (alternative ? flow(alternative, pending, own) : pending);
      }
      case 'else_clause': return named(n).reduce((p, s) => flow(s, p, own), pending);
      case 'continue_statement': if (pending && own) continues.push(n); return pending;
      case 'for_statement': case 'while_statement': case 'do_statement': case 'for_range_loop': {
        // An inner loop: its continues are its own; a break could leave it with a spawn pending.
        const inner = child(n, 'body');
        if (!inner || !spawnsIn(n)) return pending;
        let breaks = false;
        walk(inner, x => { if (x.type === 'break_statement') breaks = true; return !breaks && !LOOPS.includes(x.type) && x.type !== 'switch_statement'; });
        if (breaks) return true;
        const once = flow(inner, pending, false);
        return pending || flow(inner, pending || once, false);
      }
      default:
        // Anything else (a switch, a labeled statement): its continues are the loop's.
        if (own && (pending || spawnsIn(n))) walk(n, x => { if (x.type === 'continue_statement') continues.push(x); return !LOOPS.includes(x.type); });
        return pending || spawnsIn(n);
    }
  };
  const atEnd = flow(body, false);
  for (const n of continues) joinBefore(stage, n);
  if (!atEnd) return;
  const text = stage.text;
  if (body.type === 'compound_statement') { stage.edit(insert(...beforeClosingBrace(text, body.end - 1))); return; }
  // A body that is a spawn starts (in the text) at its keyword.
  const open = Math.min(body.start, ...loop.children.filter(k => k.statement === body).map(k => k.start));
  stage.edit(insert(open, '{ '));
  stage.edit(insert(body.end, ` ${JOIN} }`));
}
