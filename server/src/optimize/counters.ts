// The two resource counters of the thesis's implementation, evaluated on a
// case's program: shared-memory words per thread block, a polynomial in the program parameters
// from the generator's own tiles (so the constraint is about the kernel that is really printed),
// and registers per thread: measured by compiling the case with `nvcc --resource-usage` (./registers.ts:
// cached on disk by the device code's text, taken now or in the background), estimated from the
// kernels' representation otherwise (../cost/registers.ts), or given by the caller (tests inject
// the thesis's numbers).

import { checkText } from '../checks/index';
import { cudaFromModel, schedulePieces, schedulesOf } from '../cuda/index';
import { boxCondition, boxLayout, type StagedBox } from '../cuda/footprint';
import { elementBytes, kernelName } from '../cuda/kernel';
import { estimateRegisters } from '../cost/registers';
import { countKernel, type KernelCounts } from '../cost/counts';
import { Poly, rational } from '../symbolic/poly';
import { constructSpan } from '../model/constructs';
import type { MfDiagnostic } from '../base/diagnostic';
import type { Program, ScheduleSource, Variant } from './program';
import { provablyNonNegative, type Domains } from './constraints';
import { cachedRegisters, nvccPath, nvccRegisters, registersInBackground } from './registers';

/** Who tells the registers a case needs: nvcc's count (./registers.ts) taken now (`nvcc`, or the
 * one named), the cached count or else the estimate while nvcc counts in the background (`auto`),
 * the cached count or else the estimate without running anything (`cached`: the editor without a
 * configured nvcc), the estimate, or a number per variant. */
export type RegisterSource =
  | 'auto' | 'nvcc' | { nvcc: string } | 'cached' | 'estimate' | ((variant: Variant) => number);

export interface Measured {
  registers: number;
  /** How the register count was obtained. */
  registersBy: 'nvcc' | 'estimate' | 'estimate, nvcc pending' | 'given';
  /** Shared-memory words (4 bytes) per block, with the 16-byte alignment of each tile. */
  sharedWords: Poly;
  /** Each tile, for people: `shared_a: B*s words`. */
  boxes: string[];
  kernels: string[];
  host: string;
  staged: boolean;
  diagnostics: MfDiagnostic[];
  /** Each kernel's counts and the C expression of its shared bytes (the dispatcher's estimate). */
  launches: LaunchCost[];
}

export interface LaunchCost { counts: KernelCounts; boxes: StagedBox[] }


/** A tile's words: elements × size / 4, plus 3 for the rounding of its bytes up to 16. */
function boxWords(t: StagedBox): Poly {
  const count = t.extent.reduce((a, e) => a.mul(e), Poly.constant(1));
  const size = elementBytes(t.array.element);
  return count.scale(rational(size, 4)).add(Poly.constant(3));
}

/** The larger of some word counts when one is provably the largest, else their sum (a bound). */
function largest(words: Poly[], domains: Domains): Poly {
  const max = words.find(p => words.every(q => provablyNonNegative(p.sub(q), domains)));
  return max ?? words.reduce((a, b) => a.add(b), Poly.ZERO);
}

/** A kernel's words, laid out as the generator lays them out (the two sides of a uniform branch
 * share their words). */
function kernelWords(boxes: StagedBox[], domains: Domains): Poly {
  const sum = (ts: StagedBox[]) => ts.reduce((a, t) => a.add(boxWords(t)), Poly.ZERO);
  return boxLayout(boxes).reduce(
    (a, unit) => a.add('box' in unit ? boxWords(unit.box) : largest([sum(unit.then), sum(unit.otherwise)], domains)),
    Poly.ZERO,
  );
}

/** The words a launch needs: the larger kernel's. */
function scheduleWords(boxes: StagedBox[][], domains: Domains): Poly {
  return boxes.length ? largest(boxes.map(ts => kernelWords(ts, domains)), domains) : Poly.ZERO;
}

export async function measure(
  src: ScheduleSource,
  program: Program,
  registers: RegisterSource,
  domains: Domains,
  kernelSuffix = '',
): Promise<Measured> {
  const analysis = await checkText(program.text, src.fileName, src.context);
  try {
    const schedule = schedulesOf(analysis.model)[src.ordinal];
    const pieces = schedulePieces(analysis.model, analysis.diagnostics, constructSpan(schedule), { kernelSuffix });
    const words = scheduleWords(pieces.boxes, domains);
    const boxes = pieces.boxes.flatMap(ts =>
      ts.map(t => {
        const side = boxCondition(t);
        return `shared_${t.id}: ${t.extent.map(e => e.toMath()).join(' × ')} ${t.array.element}${side ? ` when ${side}` : ''}`;
      }),
    );
    let count: number, by: Measured['registersBy'];
    if (typeof registers === 'function') {
      count = registers(program.variant);
      by = 'given';
    } else {
      const nvcc = registers === 'estimate' || registers === 'cached' ? undefined
        : typeof registers === 'object' ? registers.nvcc : nvccPath();
      const whole = registers === 'estimate' ? undefined : cudaFromModel(analysis.model, analysis.diagnostics).text;
      const read = pieces.read?.read.kernels ?? [];
      // The whole file is generated without the suffix: its kernels keep their plain names.
      const names = read.map(k => kernelName({ ...k, suffix: undefined }));
      let measured = whole ? cachedRegisters(whole, names) : undefined;
      let pending = false;
      if (measured === undefined && nvcc && whole) {
        if (registers === 'auto') {
          registersInBackground(nvcc, whole, names);
          pending = true;
        } else {
          measured = await nvccRegisters(nvcc, whole, names);
        }
      }
      if (measured !== undefined) {
        count = measured;
        by = 'nvcc';
      } else {
        const r = pieces.read;
        count = Math.max(...read.map((k, i) => estimateRegisters(k, r!.model.text, r!.boxes[i])), 0);
        by = pending ? 'estimate, nvcc pending' : 'estimate';
      }
    }
    const read = pieces.read;
    const launches = read
      ? read.read.kernels.map((k, i) => ({
          counts: countKernel(read.model, k, read.boxes[i], read.read.schedule.region!),
          boxes: read.boxes[i],
        }))
      : [];
    return {
      registers: count,
      registersBy: by,
      sharedWords: words,
      boxes,
      kernels: pieces.kernels,
      host: pieces.host,
      staged: pieces.staged,
      diagnostics: pieces.diagnostics,
      launches,
    };
  } finally {
    analysis.syntax.dispose();
  }
}
