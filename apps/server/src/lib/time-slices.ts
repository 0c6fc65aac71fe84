// Long work on the CPU (checking a 100,000-row file) written as a generator that yields at points
// where it may pause, then run in slices: between them the event loop answers health probes and
// other requests, which it cannot while one synchronous stretch runs for seconds.

/** Work that yields whenever it may pause, and returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs the work to its end without pausing (tests, small inputs). */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs the work, giving the event loop a turn once a slice has taken `sliceMs`. */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = 20): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise(setImmediate);
      sliceStart = performance.now();
    }
  }
}
