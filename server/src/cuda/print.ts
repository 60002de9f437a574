// Kernels and host code printed from `Kernel`s (SPEC §4). Block sizes, grid sizes and data
// sizes stay the program's own variables, passed as kernel arguments. Grids are clamped to the
// thesis's limits (32768 blocks in 1-D, 256 per dimension in 2-D) and the kernel walks the rest
// with a stride loop; a serial loop between the grid and block loops keeps the block's
// iterations in step with `__syncthreads()` (the inner meta_for ends with a barrier).

import { child } from '../syntax/ast';
import { atom, indentUnit, lineIndent, reindent, Stage } from '../translate/common';
import type { ArrayUse, Kernel } from './kernels';
import { linearizations } from './kernels';

/** The thesis's clamps (digest 000 §2.4, §6.1). */
export const GRID_CLAMP = { 1: 32768, 2: 256 } as const;

export const CHECK_MACRO = 'mfCudaCheck';

/** The error check every runtime call goes through: a failed call stops the program with its reason. */
export function checkMacro(): string {
  return [
    `/* metafork: every CUDA runtime call is checked; a failure stops the program with its reason. */`,
    `#define ${CHECK_MACRO}(call) do { \\`,
    `    cudaError_t mf_status_ = (call); \\`,
    `    if (mf_status_ != cudaSuccess) { \\`,
    `        fprintf(stderr, "%s:%d: CUDA error: %s\\n", __FILE__, __LINE__, cudaGetErrorString(mf_status_)); \\`,
    `        exit(1); \\`,
    `    } \\`,
    `} while (0)`,
  ].join('\n');
}

export function kernelName(k: Kernel): string { return `kernel${k.index}`; }

const device = (a: ArrayUse) => `mf_dev_${a.name}`;
const bytes = (a: ArrayUse) => `sizeof(${a.element}) * ${a.extents.map(atom).join(' * ')}`;

function parameters(k: Kernel): string[] {
  return [...k.arrays.map(a => `${a.element} *${a.name}`), ...k.scalars.map(s => s.declaration)];
}

/** The kernel function: the nest with its grid and block loops mapped to CUDA indices. */
export function printKernel(k: Kernel, text: string): string {
  const unit = indentUnit(text);
  const stage = new Stage(text);
  for (const e of linearizations(k, text)) stage.edit(e);
  const axes = k.grid.length === 2 ? ['y', 'x'] : ['x'];

  // The block loops: one iteration per thread (the block has exactly `bound` threads per axis).
  const outerBlock = k.block[0].loop, innermost = k.block[k.block.length - 1].loop;
  const ib = lineIndent(text, outerBlock.start), i1 = ib + unit;
  const body = child(innermost, 'body')!;
  const rendered = stage.render(body);
  const threads = k.block.map((b, i) => `${i1}const int ${b.variable} = threadIdx.${axes[i]};`);
  let block = body.type === 'compound_statement'
    ? ['{', ...threads].join('\n') + reindent(rendered.slice(1), lineIndent(text, innermost.start), ib)
    : ['{', ...threads, i1 + reindent(rendered, lineIndent(text, body.start), i1), ib + '}'].join('\n');
  // Inside a serial loop between grid and block, the meta_for's end is a barrier for the block.
  const serial = k.spine.some(s => s.role === 'serial' && s.loop.start < outerBlock.start);
  if (serial) {
    block = outerBlock.parent?.type === 'compound_statement'
      ? `${block}\n${ib}__syncthreads();`
      : `{\n${i1}${reindent(block, ib, i1)}\n${i1}__syncthreads();\n${ib}}`;
  }
  stage.edit({ start: outerBlock.start, end: outerBlock.end, newText: block });

  // The grid loops stride over the clamped grid.
  k.grid.forEach((g, i) => {
    const gbody = child(g.loop, 'body')!;
    let headerEnd = gbody.start;
    while (/\s/.test(text[headerEnd - 1])) headerEnd--;
    const axis = axes[i];
    stage.edit({ start: g.loop.start, end: headerEnd, newText: `for (int ${g.variable} = blockIdx.${axis}; ${g.variable} < ${g.bound}; ${g.variable} += gridDim.${axis})` });
  });
  const kernelBody = reindent(stage.render({ start: k.nest.start, end: k.nest.end }), lineIndent(text, k.nest.start), unit);
  return [
    `__global__ void ${kernelName(k)}(${parameters(k).join(', ')})`,
    '{',
    `${unit}${kernelBody}`,
    '}',
  ].join('\n');
}

/** The launch that replaces a nest in the host code. */
export function printLaunch(k: Kernel, indent: string, unit: string): string {
  const clamp = GRID_CLAMP[k.grid.length as 1 | 2];
  const limit = (g: string) => `${g} < ${clamp} ? ${g} : ${clamp}`;
  // dim3 lists x first: the innermost grid and block loops.
  const grid = [...k.grid].reverse().map(g => limit(g.bound));
  const block = [...k.block].reverse().map(b => b.bound);
  const args = [...k.arrays.map(device), ...k.scalars.map(s => s.name)];
  const positive = [...new Set([...k.grid, ...k.block].map(m => `${m.bound} > 0`))].join(' && ');
  const i1 = indent + unit;
  return [
    `if (${positive}) { /* ${kernelName(k)}: ${k.grid.length}-D grid of blocks ${k.grid.map(g => g.variable).join(', ')}, threads ${k.block.map(b => b.variable).join(', ')} */`,
    `${i1}dim3 mf_grid(${grid.join(', ')});`,
    `${i1}dim3 mf_block(${block.join(', ')});`,
    `${i1}${kernelName(k)}<<<mf_grid, mf_block>>>(${args.join(', ')});`,
    `${i1}${CHECK_MACRO}(cudaGetLastError());`,
    `${indent}}`,
  ].join('\n');
}

/** Allocation and transfers around the schedule's host code. */
export function printTransfers(arrays: ArrayUse[], indent: string): { before: string[]; after: string[] } {
  const before: string[] = [], after: string[] = [];
  for (const a of arrays) {
    before.push(`${a.element} *${device(a)};`);
    before.push(`${CHECK_MACRO}(cudaMalloc((void **) &${device(a)}, ${bytes(a)}));`);
    before.push(`${CHECK_MACRO}(cudaMemcpy(${device(a)}, ${a.name}, ${bytes(a)}, cudaMemcpyHostToDevice));`);
  }
  for (const a of arrays) if (a.written) after.push(`${CHECK_MACRO}(cudaMemcpy(${a.name}, ${device(a)}, ${bytes(a)}, cudaMemcpyDeviceToHost));`);
  for (const a of arrays) after.push(`${CHECK_MACRO}(cudaFree(${device(a)}));`);
  return { before: before.map(l => indent + l), after: after.map(l => indent + l) };
}
