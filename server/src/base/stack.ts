// Stack exhaustion: the one failure pathological input (thousands of nested blocks) may cause, which
// the model and the checks survive by skipping work. Every other error, a RangeError of arithmetic
// included, is a bug to report, never "nested too deeply".

/** Whether `e` is V8's "Maximum call stack size exceeded" (JavaScript or WebAssembly recursion). */
export function isStackExhausted(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}
