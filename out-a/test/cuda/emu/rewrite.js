"use strict";
// CUDA source -> C++ for g++ with cuda_emu.h (the CPU emulation of CUDA used by the tests).
//
// What changes (everything else is left to the header's macros and functions):
// - `#include "cuda_emu.h"` comes first, then `#line 1` so that g++ reports the .cu's lines;
//   includes of the CUDA runtime headers become empty lines; other CUDA library headers are refused.
// - `k<<<grid, block[, shared[, stream]]>>>(args)` becomes
//     mf_emu::launch("k", dim3(grid), dim3(block), (shared), (stream),
//                    [](auto... mf_emu_a) { return [=] { k(mf_emu_a...); }; }(args))
//   (the name is for the race checker's reports).
//   The arguments are evaluated once, on the host, before the launch (they are the outer lambda's
//   parameters, i.e. copies, as CUDA passes kernel arguments by value); every emulated thread calls
//   the kernel with its own copies.
// - `extern __shared__ T x[];` (inside a function) becomes `T *const x = mf_emu::dynamic_shared<T>();`
//   Static `__shared__ T x[K];` is handled by the header (`static thread_local`).
// Newlines are kept where they were, so every line keeps its number.
Object.defineProperty(exports, "__esModule", { value: true });
exports.EmulateError = void 0;
exports.emulate = emulate;
exports.mask = mask;
exports.findLaunches = findLaunches;
/** Headers the emulator replaces. */
const RUNTIME_HEADERS = new Set(['cuda_runtime.h', 'cuda.h', 'cuda_runtime_api.h', 'device_launch_parameters.h']);
/** CUDA headers of libraries the emulator does not have. */
const UNSUPPORTED_HEADER = /^(cuda[\w/.]*|cub\/.*|thrust\/.*|cooperative_groups(\/.*)?(\.h)?|curand\w*\.h|cublas\w*\.h|cufft\w*\.h|cusparse\w*\.h|mma\.h|sm_\d+_\w+\.h)$/;
class EmulateError extends Error {
    line;
    constructor(message, line) {
        super(`line ${line}: ${message}`);
        this.line = line;
        this.name = 'EmulateError';
    }
}
exports.EmulateError = EmulateError;
/** CUDA source -> C++ source for g++ and cuda_emu.h. `fileName` goes into the `#line` directive. */
function emulate(cu, fileName) {
    const masked = mask(cu);
    const edits = [...includeEdits(cu, masked), ...launchEdits(cu, masked), ...externSharedEdits(cu, masked)];
    edits.sort((a, b) => a.start - b.start);
    for (let i = 1; i < edits.length; i++) {
        if (edits[i].start < edits[i - 1].end) {
            throw new EmulateError('a kernel launch (or extern __shared__) inside the arguments of another launch is not supported', lineAt(cu, edits[i].start));
        }
    }
    let out = '';
    let at = 0;
    for (const e of edits) {
        out += cu.slice(at, e.start) + e.text;
        at = e.end;
    }
    out += cu.slice(at);
    const line = fileName === undefined ? '#line 1' : `#line 1 ${JSON.stringify(fileName)}`;
    return `#include "cuda_emu.h"\n${line}\n${out}`;
}
function lineAt(text, offset) {
    let line = 1;
    for (let i = 0; i < offset && i < text.length; i++)
        if (text.charCodeAt(i) === 10)
            line++;
    return line;
}
/** The line breaks (with their line splices) of a stretch of whitespace, to keep line numbers. */
function breaks(ws) {
    return (ws.match(/\\?\r?\n/g) ?? []).join('');
}
/**
 * The source with comments blanked and the contents of string and character literals blanked
 * (quotes kept), same length and same newlines: searches then see only code.
 */
function mask(src) {
    const out = src.split('');
    const blank = (from, to) => {
        for (let k = from; k < to; k++)
            if (out[k] !== '\n')
                out[k] = ' ';
    };
    let i = 0;
    const n = src.length;
    while (i < n) {
        const c = src[i];
        if (c === '/' && src[i + 1] === '/') {
            let j = i;
            // A line comment ends at a newline that is not spliced by a backslash.
            while (j < n && !(src[j] === '\n' && src[j - 1] !== '\\'))
                j++;
            blank(i, j);
            i = j;
        }
        else if (c === '/' && src[i + 1] === '*') {
            const close = src.indexOf('*/', i + 2);
            const j = close < 0 ? n : close + 2;
            blank(i, j);
            i = j;
        }
        else if (c === 'R' && src[i + 1] === '"' && !/[\w]/.test(src[i - 1] ?? '') || /^(u8|[uUL])R"/.test(src.slice(i, i + 4)) && !/\w/.test(src[i - 1] ?? '')) {
            // Raw string literal R"delim( ... )delim".
            const q = src.indexOf('"', i);
            const open = src.indexOf('(', q);
            const delim = src.slice(q + 1, open);
            const close = src.indexOf(`)${delim}"`, open);
            const j = close < 0 ? n : close + delim.length + 2;
            blank(q + 1, j - 1);
            i = j;
        }
        else if (c === '"' || (c === "'" && !isDigitSeparator(src, i))) {
            let j = i + 1;
            while (j < n && src[j] !== c && src[j] !== '\n')
                j += src[j] === '\\' ? 2 : 1;
            blank(i + 1, Math.min(j, n));
            i = j + 1;
        }
        else {
            i++;
        }
    }
    return out.join('');
}
/** `'` inside a number (1'000'000) is a digit separator, not a character literal. */
function isDigitSeparator(src, i) {
    let j = i - 1;
    while (j >= 0 && /[0-9A-Za-z_.']/.test(src[j]))
        j--;
    return j + 1 < i && /[0-9]/.test(src[j + 1]);
}
// ---- #include ----------------------------------------------------------------------------------
function includeEdits(src, masked) {
    const edits = [];
    const re = /^[ \t]*#[ \t]*include[ \t]*([<"])/gm;
    for (let m; (m = re.exec(masked));) {
        const open = m.index + m[0].length;
        const close = src.indexOf(m[1] === '<' ? '>' : '"', open);
        const eol = src.indexOf('\n', m.index);
        const end = eol < 0 ? src.length : eol;
        if (close < 0 || close > end)
            continue;
        const header = src.slice(open, close).trim();
        if (RUNTIME_HEADERS.has(header)) {
            edits.push({ start: m.index, end, text: '' });
        }
        else if (UNSUPPORTED_HEADER.test(header)) {
            throw new EmulateError(`#include <${header}>: this CUDA header is not supported by the CPU emulation`, lineAt(src, m.index));
        }
    }
    return edits;
}
// ---- kernel launches ---------------------------------------------------------------------------
const OPEN = { '(': ')', '[': ']', '{': '}' };
const CLOSE = new Set([')', ']', '}']);
function isSpace(masked, i) {
    return /\s/.test(masked[i] ?? '') || (masked[i] === '\\' && (masked[i + 1] === '\n' || (masked[i + 1] === '\r' && masked[i + 2] === '\n')));
}
function skipSpaceForward(masked, i) {
    while (i < masked.length && isSpace(masked, i))
        i += masked[i] === '\\' ? (masked[i + 1] === '\r' ? 3 : 2) : 1;
    return i;
}
function skipSpaceBackward(masked, i) {
    // i is exclusive: returns the end of the code before the whitespace ending at i.
    while (i > 0 && (/\s/.test(masked[i - 1]) || (masked[i - 1] === '\\' && /\r?\n/.test(masked.slice(i, i + 2)))))
        i--;
    return i;
}
function launchEdits(src, masked) {
    return findLaunches(src, masked).map(l => {
        const [grid, block, shared = '0', stream = 'nullptr'] = l.config;
        const text = `mf_emu::launch(${JSON.stringify(l.name)}, ${breaks(src.slice(l.nameEnd, l.configStart - 3))}dim3(${grid}), dim3(${block}), (${shared}), (${stream}),` +
            `${breaks(src.slice(l.configEnd, l.argsOpen))} [](auto... mf_emu_a) { return [=] { ${l.name}(mf_emu_a...); }; }(${l.args}))`;
        return { start: l.start, end: l.end, text };
    });
}
/** Every kernel launch of a CUDA source, in order (the emulation and the GPU benchmark's timing
 * rewrite both rewrite them); throws EmulateError on a launch it cannot read. */
function findLaunches(src, masked = mask(src)) {
    const launches = [];
    let from = 0;
    for (;;) {
        const lt = masked.indexOf('<<<', from);
        if (lt < 0)
            break;
        launches.push(launchAt(src, masked, lt));
        from = lt + 3;
    }
    return launches;
}
/** The launch whose `<<<` is at `lt`. */
function launchAt(src, masked, lt) {
    const line = lineAt(src, lt);
    const fail = (why) => {
        throw new EmulateError(`kernel launch: ${why}`, line);
    };
    // The kernel: an identifier, possibly qualified (ns::k).
    const nameEnd = skipSpaceBackward(masked, lt);
    let nameStart = nameEnd;
    while (nameStart > 0 && /[\w:]/.test(masked[nameStart - 1]))
        nameStart--;
    const name = src.slice(nameStart, nameEnd);
    if (masked[nameEnd - 1] === '>')
        fail('launches of template kernels (k<T><<<...>>>) are not supported');
    if (!/^(::)?[A-Za-z_]\w*(::[A-Za-z_]\w*)*$/.test(name)) {
        fail(`expected a kernel name before '<<<', found '${src.slice(Math.max(0, lt - 20), lt).trim()}'`);
    }
    const before = masked.slice(Math.max(0, skipSpaceBackward(masked, nameStart) - 2), skipSpaceBackward(masked, nameStart));
    if (before.endsWith('.') || before === '->')
        fail(`'${name}' is a member: launch a kernel by its name`);
    // The configuration: 2 to 4 expressions up to '>>>' at nesting depth 0.
    const parts = [];
    const stack = [];
    let partStart = lt + 3;
    let i = lt + 3;
    for (;; i++) {
        if (i >= masked.length)
            fail("'<<<' without a closing '>>>'");
        const c = masked[i];
        if (stack.length === 0) {
            if (masked.startsWith('>>>', i))
                break;
            if (c === ',') {
                parts.push(src.slice(partStart, i));
                partStart = i + 1;
                continue;
            }
            if (c === ';' || CLOSE.has(c))
                fail(`unexpected '${c}' before the closing '>>>'`);
            if (masked.startsWith('<<<', i))
                fail("'<<<' inside a launch configuration");
        }
        if (OPEN[c])
            stack.push(OPEN[c]);
        else if (CLOSE.has(c)) {
            if (stack.pop() !== c)
                fail(`unbalanced '${c}' in the launch configuration`);
        }
    }
    parts.push(src.slice(partStart, i));
    if (parts.length < 2 || parts.length > 4) {
        fail(`a launch configuration has 2 to 4 expressions (grid, block, shared memory, stream), found ${parts.length}`);
    }
    if (parts.some(p => mask(p).trim() === ''))
        fail('an empty expression in the launch configuration');
    const configEnd = i + 3;
    // The arguments: '(' ... ')' right after '>>>'.
    const open = skipSpaceForward(masked, configEnd);
    if (masked[open] !== '(')
        fail("expected '(' and the kernel's arguments after '>>>'");
    let depth = 0;
    let close = open;
    for (; close < masked.length; close++) {
        const c = masked[close];
        if (OPEN[c])
            depth++;
        else if (CLOSE.has(c)) {
            depth--;
            if (depth === 0)
                break;
        }
    }
    if (close >= masked.length || masked[close] !== ')')
        fail("the kernel's arguments have no closing ')'");
    return {
        start: nameStart, end: close + 1, name, nameEnd, configStart: lt + 3, configEnd, config: parts,
        argsOpen: open, args: src.slice(open + 1, close),
    };
}
// ---- extern __shared__ -------------------------------------------------------------------------
function externSharedEdits(src, masked) {
    const edits = [];
    const re = /\b(?:extern\s+__shared__|__shared__\s+extern)\b/g;
    const code = codeScopes(masked);
    for (let m; (m = re.exec(masked));) {
        const line = lineAt(src, m.index);
        const semi = masked.indexOf(';', m.index);
        if (semi < 0)
            throw new EmulateError("extern __shared__ declaration without ';'", line);
        const decl = src.slice(m.index + m[0].length, semi);
        const stripped = decl.replace(/\b(__align__|alignas)\s*\([^()]*\)/g, ' ');
        const d = /^\s*([A-Za-z_][\w\s:*<>]*?)\s*\b([A-Za-z_]\w*)\s*\[\s*\]\s*$/.exec(stripped);
        if (!d || /^\s*$/.test(d[1])) {
            throw new EmulateError(`unsupported extern __shared__ declaration '${src.slice(m.index, semi + 1).trim()}': expected 'extern __shared__ T name[];'`, line);
        }
        if (!code(m.index)) {
            throw new EmulateError(`extern __shared__ '${d[2]}' outside a function is not supported: declare it inside the kernel`, line);
        }
        const type = d[1].trim().replace(/\s+/g, ' ');
        edits.push({
            start: m.index,
            end: semi + 1,
            text: `${type} *const ${d[2]} = mf_emu::dynamic_shared<${type}>();${breaks(src.slice(m.index, semi))}`,
        });
    }
    return edits;
}
/**
 * For an offset, whether it lies inside a function body (code) rather than at namespace, class or
 * extern "C" scope. A '{' opens code when it is inside code already, or follows ')' or ']'
 * (function, lambda, statement heads) or a few keywords (else, do, try, const, noexcept, ...).
 */
function codeScopes(masked) {
    const stack = [];
    const states = [{ at: 0, code: false }];
    for (let i = 0; i < masked.length; i++) {
        const c = masked[i];
        if (c === '{') {
            const inCode = stack.length > 0 && stack[stack.length - 1];
            const end = skipSpaceBackward(masked, i);
            let word = end;
            while (word > 0 && /\w/.test(masked[word - 1]))
                word--;
            const code = inCode || masked[end - 1] === ')' || masked[end - 1] === ']' ||
                /^(else|do|try|const|noexcept|override|final|mutable)$/.test(masked.slice(word, end));
            stack.push(code);
            states.push({ at: i, code });
        }
        else if (c === '}') {
            stack.pop();
            states.push({ at: i, code: stack.length > 0 && stack[stack.length - 1] });
        }
    }
    // The state at an offset is the last one recorded at or before it.
    return offset => {
        let lo = 0;
        let hi = states.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (states[mid].at <= offset)
                lo = mid;
            else
                hi = mid - 1;
        }
        return states[lo].code;
    };
}
//# sourceMappingURL=rewrite.js.map