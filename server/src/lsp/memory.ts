// The server's memory. V8 keeps the heap it grew to: after fifty documents were opened and
// checked, the server held 260 MB resident of which 60 MB were live objects, and it stayed so
// however long it then sat idle. Two measures: the heap grows by less before a full collection
// (30% over the live objects instead of up to 4x: the peak was 200 MB, the time to check them the
// same), and a few full collections once a burst of work is over return the rest.

import * as v8 from 'v8';
import * as vm from 'vm';

const IDLE_MS = 1500;
/** Growth of the heap since the last collection worth a collection (a full one takes 10-100 ms). */
const GROWTH_BYTES = 24 * 1024 * 1024;
/** Collections per idle period: each after the last one still gave back this much. */
const MORE_BYTES = 4 * 1024 * 1024;
const MAX_ROUNDS = 4;

/** Called once by the server (a V8 flag read at each collection: the process's other flags stay). */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString('--heap-growing-percent=30');
}

/** Collects once the server has been idle for a while after growing its heap. */
export class IdleCollector {
  private timer?: NodeJS.Timeout;
  private rounds = 0;
  private floor: number;

  constructor(
    private readonly collect: (() => void) | undefined = fullCollection(),
    private readonly heap = () => process.memoryUsage().heapTotal,
  ) {
    this.floor = heap();
  }

  /** Work happened: collect once none has for a while. */
  busy(): void {
    if (!this.collect) return;
    this.rounds = 0;
    this.arm();
  }

  dispose(): void { clearTimeout(this.timer); }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.idle(), IDLE_MS);
    this.timer.unref?.();
  }

  private idle(): void {
    const before = this.heap();
    if (this.rounds === 0 && before < this.floor + GROWTH_BYTES) return;
    this.collect!();
    const after = this.heap();
    this.floor = after;
    if (++this.rounds < MAX_ROUNDS && before - after >= MORE_BYTES) this.arm();
  }
}

/** `gc()` of a context made while `--expose-gc` is set: the process's own flags stay as they were. */
export function fullCollection(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (() => void) | undefined;
    v8.setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? gc : undefined;
  } catch {
    return undefined;
  }
}
