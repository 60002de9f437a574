"use strict";
// What only the translators share: where a directive line can stand in front of a statement,
// the braces a statement needs to take one, the joins a function's exits need, and the printing
// of clauses.
Object.defineProperty(exports, "__esModule", { value: true });
exports.JOIN = void 0;
exports.inBlock = inBlock;
exports.joinBefore = joinBefore;
exports.joinAtExits = joinAtExits;
exports.beforeClosingBrace = beforeClosingBrace;
exports.clauseText = clauseText;
exports.joinClauses = joinClauses;
exports.soleStatement = soleStatement;
exports.directiveBefore = directiveBefore;
exports.replaceDirective = replaceDirective;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const layout_1 = require("../base/layout");
const exits_1 = require("../model/exits");
exports.JOIN = 'meta_join;';
/** Statements whose parent is a block can take a directive line in front; others need braces. */
function inBlock(statement) {
    const p = statement.parent;
    return (!p ||
        p.type === 'compound_statement' ||
        p.type === 'translation_unit' ||
        (p.type === 'case_statement' && statement.field !== 'value'));
}
/** `meta_join;` right before a statement (braces added where it is no block's statement). */
function joinBefore(stage, statement) {
    const text = stage.text;
    if (inBlock(statement)) {
        stage.edit((0, edits_1.insert)(statement.start, (0, layout_1.atLineStart)(text, statement.start) ? `${exports.JOIN}\n${(0, layout_1.lineIndent)(text, statement.start)}` : `${exports.JOIN} `));
        return;
    }
    stage.edit((0, edits_1.insert)(statement.start, `{ ${exports.JOIN} `));
    stage.edit((0, edits_1.insert)(statement.end, ' }'));
}
/** A `meta_join;` before every return, and at the end of every function, that `dialect`'s spawns
 * can reach unjoined: where CilkPlus syncs implicitly, and where an OpenMP barrier or taskgroup
 * would wait for tasks a function left running (MetaFork's join waits for its own children only). */
function joinAtExits(stage, model, dialect) {
    for (const exit of (0, exits_1.unjoinedExits)(model, dialect)) {
        if (exit.kind === 'end')
            stage.edit((0, edits_1.insert)(...beforeClosingBrace(stage, exit.node, exports.JOIN)));
        else
            joinBefore(stage, exit.node);
    }
}
/** `statement` on its own line before the closing brace of `block` (an insertion: offset and text). */
function beforeClosingBrace(stage, block, statement) {
    const text = stage.text;
    const brace = block.end - 1;
    if (!(0, layout_1.atLineStart)(text, brace))
        return [brace, ` ${statement} `];
    const lineStart = text.lastIndexOf('\n', brace - 1) + 1;
    // Indent like the block's statements (its first one on a line of its own): one level more than the brace.
    const braceIndent = (0, layout_1.lineIndent)(text, brace);
    const first = (0, ast_1.named)(block).find(s => (0, layout_1.atLineStart)(text, s.start));
    const inner = first ? (0, layout_1.lineIndent)(text, first.start) : '';
    const indent = inner.length > braceIndent.length ? inner : braceIndent + stage.unit;
    return [lineStart, `${indent}${statement}\n`];
}
// ---------------------------------------------------------------------------------------
// Declarations printed for variables
/** `name(a, b)` or '' for an empty list. */
function clauseText(name, items) {
    return items.length ? `${name}(${items.join(', ')})` : '';
}
function joinClauses(...clauses) {
    return clauses.filter(Boolean).map(c => ' ' + c).join('');
}
/** Statement inside a compound statement holding just it: `{ f(x); }` -> `f(x);`. */
function soleStatement(statement) {
    let s = statement;
    while (s.type === 'compound_statement') {
        const inner = (0, ast_1.named)(s).filter(c => c.type !== 'comment');
        if (inner.length !== 1 || (0, ast_1.named)(s).length !== 1)
            return s;
        s = inner[0];
    }
    return s;
}
/**
 * Puts a directive line (or lines: declarations the directive needs, then the directive) in
 * front of a statement. A statement that is the body of an if/else/loop gets braces, because a
 * directive cannot stand there on its own.
 */
function directiveBefore(stage, statement, directive, replaceUpTo = statement.start, from = statement.start) {
    const text = stage.text;
    const lines = typeof directive === 'string' ? [directive] : directive;
    if (inBlock(statement)) {
        stage.edit({ start: from, end: replaceUpTo, newText: (0, layout_1.linesBefore)(text, from, lines) });
        return;
    }
    const indent = (0, layout_1.lineIndent)(text, statement.start);
    const unit = stage.unit;
    stage.edit({
        start: from,
        end: replaceUpTo,
        newText: `{\n${lines.map(l => `${indent}${unit}${l}\n`).join('')}${indent}${unit}`,
    });
    stage.edit({ start: statement.end, end: statement.end, newText: `\n${indent}}` });
}
/**
 * The directive line `head` replaced by code (`lines`), at the indentation of the code it stands
 * among (base/layout `directiveIndent`); directives (`#pragma meta ...`) keep the line's own, where
 * they go being the user's style.
 */
function replaceDirective(stage, head, lines) {
    const text = stage.text;
    const { indent, lead } = lines.every(l => l.startsWith('#'))
        ? { indent: (0, layout_1.lineIndent)(text, head.start), lead: '' }
        : (0, layout_1.directivePlace)(text, head, stage.unit);
    stage.edit((0, edits_1.replace)(head, lead + lines.join(`\n${indent}`)));
}
//# sourceMappingURL=common.js.map