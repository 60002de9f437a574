"use strict";
// A pragma as the unbraced body of a loop or an `if` (`for (...)` + `#pragma omp parallel for` +
// `for (...)`): C allows it (the pragma and the statement after it are the body, as gcc reads
// them), but tree-sitter's grammar takes directives only in blocks, so it ends the outer statement
// with a missing ';' and leaves the pragma and the statement beside it (also when that statement is
// itself the body of another: `for (...) if (c)` + pragma + statement). This puts them back.
Object.defineProperty(exports, "__esModule", { value: true });
exports.repairPragmaBodies = repairPragmaBodies;
/** Statement kinds whose body (the field named) may be a pragma followed by a statement. */
const BODY_FIELD = {
    for_statement: 'body', while_statement: 'body', for_range_loop: 'body', if_statement: 'consequence',
    labeled_statement: '', // `label:` + pragma + statement: the labelled statement has no field name
};
/** A body tree-sitter made up: an empty statement of one missing ';'. */
function isMissingBody(n) {
    return !!n && n.type === 'expression_statement' && n.end === n.start && n.children.every(c => c.missing);
}
/** Repairs `node`'s subtree in place; only a tree with a missing token can need it. `text` is
 * the text tree-sitter parsed. */
function repairPragmaBodies(node, text) {
    for (const c of node.children)
        repairPragmaBodies(c, text);
    const kids = node.children;
    // From the end, so that nested ones (`for` + pragma + `for` + pragma + `for`) fold inside out.
    for (let i = kids.length - 1; i >= 0; i--) {
        if (kids[i].type === 'ERROR' && keywordError(kids, i, text))
            continue;
        // The statement whose body is missing: this one, or one nested as the body of the body
        // (`for (...) if (c)` + pragma + statement, BOTS's sparselu).
        const chain = [kids[i]];
        let field;
        for (;;) {
            const s = chain[chain.length - 1];
            field = BODY_FIELD[s.type];
            const body = field !== undefined ? s.children[s.children.length - 1] : undefined;
            if (field === undefined || (body?.field ?? '') !== field) {
                field = undefined;
                break;
            }
            if (isMissingBody(body))
                break;
            chain.push(body);
        }
        if (field === undefined)
            continue;
        const taken = pragmasAndStatement(kids, i + 1);
        if (!taken)
            continue;
        const s = chain[chain.length - 1];
        s.children.pop();
        adopt(s, taken, field);
        if (s.type === 'if_statement')
            elseAfter(s, kids, i + 1, text);
        for (const outer of chain)
            outer.end = s.end;
    }
}
/** The pragma lines from `from` on and the statement after them, taken out of `kids`. */
function pragmasAndStatement(kids, from) {
    let j = from;
    while (j < kids.length && (kids[j].type === 'preproc_call' || kids[j].type === 'comment'))
        j++;
    const statement = kids[j];
    if (j === from || !statement?.named || statement.missing)
        return undefined;
    return kids.splice(from, j - from + 1);
}
/** Makes `nodes` the last children of `parent`, the last one its `field`. */
function adopt(parent, nodes, field) {
    for (const m of nodes) {
        m.parent = parent;
        parent.children.push(m);
    }
    nodes[nodes.length - 1].field = field || null;
    parent.end = nodes[nodes.length - 1].end;
}
/** `else` + pragma + statement after a repaired `if`: tree-sitter reads that `else` as a type
 * name missing its ';'. It becomes the if's else clause. */
function elseAfter(s, kids, at, text) {
    const word = kids[at];
    if (word?.type !== 'type_identifier' || text.slice(word.start, word.end) !== 'else')
        return;
    const semicolon = kids[at + 1];
    if (!semicolon?.missing)
        return;
    const taken = pragmasAndStatement(kids, at + 2);
    if (!taken)
        return;
    kids.splice(at, 2);
    const clause = node('else_clause', word, s, 'alternative');
    adopt(clause, taken, '');
    s.children.push(clause);
    s.end = clause.end;
}
/** `else` + pragma + statement after a complete `if`, `do` + pragma + statement + `while (c);`:
 * tree-sitter leaves the keyword as an error. They become an else clause and a do statement. */
function keywordError(kids, i, text) {
    const error = kids[i];
    const word = text.slice(error.start, error.end);
    const before = kids[i - 1];
    if (word === 'else' && before?.type === 'if_statement' && !before.children.some(c => c.field === 'alternative')) {
        const taken = pragmasAndStatement(kids, i + 1);
        if (!taken)
            return false;
        kids.splice(i, 1);
        const clause = node('else_clause', error, before, 'alternative');
        adopt(clause, taken, '');
        before.children.push(clause);
        before.end = clause.end;
        return true;
    }
    if (word !== 'do')
        return false;
    let j = i + 1;
    while (j < kids.length && (kids[j].type === 'preproc_call' || kids[j].type === 'comment'))
        j++;
    const loop = kids[j + 1];
    const condition = loop?.children.find(c => c.field === 'condition');
    if (j === i + 1 || loop?.type !== 'while_statement' || !condition)
        return false;
    const body = loop.children.find(c => c.field === 'body');
    if (body?.type !== 'expression_statement' || body.children.length)
        return false; // `while (c);`
    const statement = node('do_statement', error, error.parent, error.field);
    adopt(statement, kids.slice(i + 1, j + 1), 'body');
    condition.parent = statement;
    statement.children.push(condition);
    statement.end = loop.end;
    kids.splice(i, j + 2 - i, statement);
    return true;
}
function node(type, at, parent, field) {
    return { type, start: at.start, end: at.end, field, named: true, missing: false, children: [], parent };
}
//# sourceMappingURL=pragmaBodies.js.map