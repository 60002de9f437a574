// The `meta_schedule`s of a version, and the kernels and estimate of one of them, which the
// hover and the code lens show: computed in-process from the analysed model, once per version
// and setting (the whole file's `.cu` is a worker's job: requests/cuda.ts).

import type { Construct } from '../../model/constructs';
import type { Span } from '../../base/span';
import { cudaFromModel, CudaResult, schedulesOf } from '../../cuda';
import { estimateFromModel } from '../../cost/index';
import { estimateSummary } from '../../cost/format';
import { GPUS } from '../../cost/gpus';
import { estimateValues, type MetaforkSettings } from '../../../../shared/settings';
import { derive, DocumentState, pathOf } from '../documents';

/** The `meta_schedule` constructs of a state, in file order. */
export function schedules(state: DocumentState): Construct[] {
  return derive(state, 'schedules', () => schedulesOf(state.checked.model));
}

/** The kernels of one schedule in the configured memory mode. */
export function scheduleKernels(state: DocumentState, schedule: Span, settings: MetaforkSettings): CudaResult {
  const memory = settings.cuda.memory;
  return derive(state, `cuda:${memory}:${schedule.start}`, () =>
    cudaFromModel(state.checked.model, state.checked.diagnostics, {
      fileName: pathOf(state.uri), memory, only: schedule,
    }),
  );
}

/** A schedule's estimate on the configured GPU, in a sentence (`short`: the time alone). */
export function scheduleEstimate(
  state: DocumentState, schedule: Span, settings: MetaforkSettings, short = false,
): string | undefined {
  const { memory, gpu, values } = settings.cuda;
  const estimate = derive(state, `cost:${memory}:${gpu}:${values.join(',')}:${schedule.start}`, () =>
    estimateFromModel(state.checked.model, state.checked.diagnostics, {
      fileName: pathOf(state.uri), memory, gpu, offset: schedule.start, set: estimateValues(settings),
    }).schedules[0]);
  return estimate && estimateSummary(GPUS[gpu], estimate, short);
}
