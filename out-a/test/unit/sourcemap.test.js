"use strict";
// The map between the user's text and the analysed text (server/src/base/sourcemap): offsets both
// ways, diagnostics at macro uses, and edits written back keeping what no edit touched.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const sourcemap_1 = require("../../server/src/base/sourcemap");
const edits_1 = require("../../server/src/base/edits");
/** `x = MAX(a, b) + N;` with MAX expanded (its arguments copied), after an `#ifdef` line blanked. */
function example() {
    const source = '#ifdef F\nx = MAX(a, b) + N;\n#endif\n';
    const expansion = '((a) > (b) ? (a) : (b))';
    const text = '        \nx = ' + expansion + ' + N;\n      \n';
    const use = source.indexOf('MAX(a, b)');
    const at = text.indexOf(expansion);
    const segments = [
        { kind: 'blank', text: { start: 0, end: 8 }, source: { start: 0, end: 8 } },
        {
            kind: 'expansion', macro: 'MAX', text: { start: at, end: at + expansion.length },
            source: { start: use, end: use + 'MAX(a, b)'.length },
            args: [
                { text: { start: at + 2, end: at + 3 }, source: { start: use + 4, end: use + 5 } },
                { text: { start: at + 8, end: at + 9 }, source: { start: use + 7, end: use + 8 } },
            ],
        },
        { kind: 'blank', text: { start: text.lastIndexOf('      '), end: text.lastIndexOf('      ') + 6 },
            source: { start: source.indexOf('#endif'), end: source.indexOf('#endif') + 6 } },
    ];
    return new sourcemap_1.SourceMap(text, source, segments);
}
(0, node_test_1.test)('offsets inside a macro use go to the use (start and end of a span), arguments to themselves', () => {
    const m = example();
    const { text, source } = m;
    const expansion = text.indexOf('((a)');
    const inner = { start: expansion + 5, end: expansion + 10 }; // '> (b)': the macro's own text
    strict_1.default.equal(source.slice(m.toSource(inner).start, m.toSource(inner).end), 'MAX(a, b)');
    const b = text.indexOf('(b)', expansion) + 1;
    strict_1.default.equal(source.slice(m.toSource({ start: b, end: b + 1 }).start, m.toSource({ start: b, end: b + 1 }).end), 'b');
    const n = text.indexOf('N;');
    strict_1.default.equal(m.toSource({ start: n, end: n + 1 }).start, source.indexOf('N;'));
    strict_1.default.equal(m.offsetToText(source.indexOf('N;')), n);
    strict_1.default.equal(m.offsetToText(source.indexOf('MAX')), expansion);
    strict_1.default.equal(m.offsetToText(source.indexOf('(a, b)') + 1), expansion + 2);
});
(0, node_test_1.test)('edits written back keep the macro uses and conditional lines no edit touches', () => {
    const m = example();
    const n = m.text.indexOf('N;');
    strict_1.default.equal(m.apply([{ start: n, end: n + 1, newText: 'M' }]), '#ifdef F\nx = MAX(a, b) + M;\n#endif\n');
    // An edit inside the expansion: the use is rewritten expanded.
    const gt = m.text.indexOf('>');
    strict_1.default.equal(m.apply([{ start: gt, end: gt + 1, newText: '<' }]), '#ifdef F\nx = ((a) < (b) ? (a) : (b)) + N;\n#endif\n');
    strict_1.default.deepEqual(m.toSourceEdits([{ start: gt, end: gt + 1, newText: '<' }]), [{ start: 13, end: 22, newText: '((a) < (b) ? (a) : (b))' }]);
    // A rendered statement, then replaced whole: the use and the lines around it survive.
    const stmt = { start: m.text.indexOf('x ='), end: m.text.indexOf(';') + 1 };
    strict_1.default.equal(m.render(stmt), 'x = MAX(a, b) + N;');
    const whole = { start: 0, end: m.text.length };
    strict_1.default.equal(m.render(whole, [{ ...stmt, newText: `{ ${m.render(stmt)} }` }]), '#ifdef F\n{ x = MAX(a, b) + N; }\n#endif\n');
    // A use the caller will not keep (a kernel without the variables it names) is written expanded.
    strict_1.default.equal(m.render(stmt, [], s => s.macro !== 'MAX'), 'x = ((a) > (b) ? (a) : (b)) + N;');
});
(0, node_test_1.test)('an edit that would rewrite a conditional line is refused, not lost', () => {
    const m = example();
    const all = { start: 0, end: m.text.indexOf('x =') + 2 };
    strict_1.default.throws(() => m.apply([{ ...all, newText: 'y' }]), sourcemap_1.SourceConflict);
    strict_1.default.throws(() => m.toSourceEdits([{ ...all, newText: 'y' }]), sourcemap_1.SourceConflict);
    // Replaced whole with its own text kept: allowed.
    const line = { start: 0, end: 8 };
    strict_1.default.deepEqual(m.toSourceEdits([{ ...line, newText: '#ifdef F // on' }]), [{ start: 0, end: 8, newText: '#ifdef F // on' }]);
});
(0, node_test_1.test)('the identity map changes nothing and costs nothing', () => {
    const m = sourcemap_1.SourceMap.identity('int x;\n');
    strict_1.default.equal(m.isIdentity, true);
    strict_1.default.deepEqual(m.toSource({ start: 4, end: 5 }), { start: 4, end: 5 });
    strict_1.default.equal(m.apply([{ start: 4, end: 5, newText: 'y' }]), (0, edits_1.applyEdits)('int x;\n', [{ start: 4, end: 5, newText: 'y' }]));
});
(0, node_test_1.test)('headers after the file: dropped from the output, offsets there stand for the end of the file', () => {
    const source = 'int a;\n';
    const text = source + '\nextern int g;\n';
    const m = new sourcemap_1.SourceMap(text, source, [
        { kind: 'header', text: { start: source.length, end: text.length }, source: { start: source.length, end: source.length } },
    ]);
    strict_1.default.equal(m.fileEnd, source.length);
    strict_1.default.equal(m.fileText, source);
    strict_1.default.equal(m.apply([{ start: 4, end: 5, newText: 'b' }]), 'int b;\n');
    strict_1.default.equal(m.offsetToSource(text.indexOf('g')), source.length);
    strict_1.default.throws(() => m.apply([{ start: text.indexOf('g'), end: text.indexOf('g') + 1, newText: 'h' }]), sourcemap_1.SourceConflict);
});
(0, node_test_1.test)('OffsetMap.forward: a span ending inside an edit ends with its output, and takes the insertion where that edit ends', () => {
    // A region's lines rewritten (the edit reaching past the span's end, through the newline), then
    // a join inserted after them: both belong to the region.
    const input = 'a;\n#region\n  {\n  x;\n  }\nb;\n';
    const span = { start: input.indexOf('#region'), end: input.indexOf('}') + 1 };
    const rewritten = { start: input.indexOf('  {'), end: input.indexOf('b;') };
    const edits = [
        { start: span.start, end: rewritten.start, newText: '' },
        { ...rewritten, newText: '  fork x;\n' },
        { start: rewritten.end, end: rewritten.end, newText: '  join;\n' },
    ];
    const output = (0, edits_1.applyEdits)(input, edits);
    strict_1.default.equal(output, 'a;\n  fork x;\n  join;\nb;\n');
    const out = new edits_1.OffsetMap(edits).forward(span);
    strict_1.default.equal(output.slice(out.start, out.end), '  fork x;\n  join;\n');
    // Text no edit touches moves by what the edits before it changed.
    strict_1.default.deepEqual(new edits_1.OffsetMap(edits).forward({ start: 0, end: 2 }), { start: 0, end: 2 });
    const semicolon = input.indexOf('b;') + 1;
    const moved = new edits_1.OffsetMap(edits).forward({ start: semicolon, end: semicolon + 1 });
    strict_1.default.deepEqual(moved, { start: output.indexOf('b;') + 1, end: output.indexOf('b;') + 2 });
});
//# sourceMappingURL=sourcemap.test.js.map