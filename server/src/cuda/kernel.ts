// The kernels of a `meta_schedule` as the generator represents them (read by ./kernels.ts): the
// grid, block and serial loops of each nest, the arrays and scalars it receives. The printer, the
// footprints, the cost model and the optimizer read this representation, never printed C.

import type { SNode } from '../syntax/parser';
import type { Construct } from '../model/constructs';
import type { Variable } from '../model/scopes';

/** A loop of the grid or of the block: `meta_for (int v = 0; v < bound; v++)`. */
export interface MappedLoop { loop: SNode; variable: string; bound: string }

export interface ArrayUse {
  variable: Variable;
  name: string;
  /** Element type (`int`, `double`). */
  element: string;
  /**
   * Extents as written in the declaration, outermost first; for a pointer, the one extent
   * its footprint over the schedule gives.
   */
  extents: string[];
  /** The first extent was counted from the schedule's footprint (a pointer): it names what the
   * schedule's code names, not what the declaration named. */
  counted?: boolean;
  read: boolean;
  written: boolean;
}

export interface ScalarUse { variable: Variable; name: string; declaration: string }

export interface Kernel {
  index: number;
  /** Grid loops, outermost first (2-D: y then x). */
  grid: MappedLoop[];
  /** Block loops, outermost first (2-D: y then x). */
  block: MappedLoop[];
  /** The loops of the nest from the outermost grid loop down to the innermost block loop. */
  spine: { loop: SNode; role: 'grid' | 'serial' | 'block' }[];
  /** The outermost loop: its span is replaced by the launch. */
  nest: SNode;
  arrays: ArrayUse[];
  scalars: ScalarUse[];
  /** Functions of the file the kernel calls: they need a device version. */
  calls: string[];
  /** Appended to the kernel's name (`kernel0_case2`): the cases of an optimized schedule. */
  suffix?: string;
}

export interface ScheduleKernels {
  schedule: Construct;
  kernels: Kernel[];
  /** Every array some kernel uses, in order of first use. */
  arrays: ArrayUse[];
}

/** Bytes of the element types the generator stages; other types count as 8 (a bound, not a size). */
const SIZES: Record<string, number> = {
  char: 1, 'signed char': 1, 'unsigned char': 1, short: 2, 'unsigned short': 2, int: 4, unsigned: 4, 'unsigned int': 4,
  float: 4, long: 8, 'unsigned long': 8, 'long long': 8, 'unsigned long long': 8, double: 8,
  'signed short': 2, 'short int': 2, 'unsigned short int': 2, 'signed int': 4,
  'long int': 8, 'unsigned long int': 8, 'long long int': 8,
};
export const elementBytes = (element: string): number => SIZES[element.replace(/\s+/g, ' ').trim()] ?? 8;

/** The name a kernel is printed and launched under. */
export function kernelName(k: Kernel): string { return `kernel${k.index}${k.suffix ?? ''}`; }
