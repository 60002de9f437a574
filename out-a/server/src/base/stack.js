"use strict";
// Stack exhaustion: the one failure pathological input (thousands of nested blocks) may cause, which
// the model and the checks survive by skipping work. Every other error, a RangeError of arithmetic
// included, is a bug to report, never "nested too deeply".
Object.defineProperty(exports, "__esModule", { value: true });
exports.isStackExhausted = isStackExhausted;
/** Whether `e` is V8's "Maximum call stack size exceeded" (JavaScript or WebAssembly recursion). */
function isStackExhausted(e) {
    return e instanceof RangeError && /call stack/i.test(e.message);
}
//# sourceMappingURL=stack.js.map