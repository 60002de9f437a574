// The canonical-form checks of parallel loops (MF301-MF304): `meta_for`, `cilk_for`,
// `#pragma mf parallel for` and OpenMP loop directives; the form itself is model/loops.

import { Construct, constructLabel, isParallelLoop, ItemModel } from '../model/constructs';
import { canonicalHeader } from '../model/loops';
import { diagnostic, MfDiagnostic } from '../base/diagnostic';

export function loopDiagnostics(model: ItemModel): MfDiagnostic[] {
  const out: MfDiagnostic[] = [];
  for (const c of model.constructs) {
    // A C++ range-based for loop is canonical by definition (OpenMP 5.2 §4.4.1).
    if (!isParallelLoop(c) || !c.loop || c.loop.type === 'for_range_loop') continue;
    const { problem } = canonicalHeader(c.loop, model.text);
    if (problem)
      out.push(
        diagnostic(problem.code, problem.node, `${labelFor(c)}: ${problem.message}`, { construct: constructLabel(c) }),
      );
  }
  return out;
}

function labelFor(c: Construct): string {
  return `non-canonical '${constructLabel(c)}' loop`;
}
