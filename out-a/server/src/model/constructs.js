"use strict";
// Parallel constructs of one top-level item, as a tree: MetaFork keywords and `#pragma mf`,
// CilkPlus keywords and pragmas, OpenMP directives, each tied to the statement it governs.
Object.defineProperty(exports, "__esModule", { value: true });
exports.buildItemModel = buildItemModel;
exports.isRegion = isRegion;
exports.isParallelLoop = isParallelLoop;
exports.constructSpan = constructSpan;
exports.outermostConstructAt = outermostConstructAt;
exports.constructLabel = constructLabel;
const dialects_1 = require("../base/dialects");
const ast_1 = require("../syntax/ast");
const keywords_1 = require("../syntax/keywords");
const stack_1 = require("../base/stack");
const pragma_1 = require("../syntax/pragma");
const scopes_1 = require("./scopes");
/**
 * A construct with every field present (unset ones undefined), so that all constructs share one
 * hidden class: built by spreading heads of varied shapes, they made an item model several times
 * slower to build and to nest (`parent` added afterwards changed each one's class again).
 */
function construct(head, kind, start, end, governed = {}) {
    return {
        kind, dialect: head.dialect, form: head.form, start, end, head: head.head,
        keyword: head.keyword, directive: head.directive, clauses: head.clauses,
        statement: governed.statement, loop: governed.loop, call: governed.call, lvalue: governed.lvalue,
        region: governed.region, parent: undefined, children: [], functionNode: undefined,
    };
}
const CALL_TYPES = new Set(['call_expression']);
const FOR_TYPES = new Set(['for_statement', 'while_statement']);
const PRAGMA_TYPES = new Set(['preproc_call']);
const FOR_STATEMENT = new Set(['for_statement']);
function buildItemModel(item, map, keywords, pragmas, fileScope) {
    const text = map.text;
    let scopes;
    let incomplete = false;
    try {
        scopes = (0, scopes_1.resolveItem)(item, text, fileScope);
    }
    catch (e) {
        // Thousands of nested blocks exhaust the stack: keep going without name resolution.
        if (!(0, stack_1.isStackExhausted)(e))
            throw e;
        scopes = { variables: [], references: [] };
        incomplete = true;
    }
    const constructs = [];
    const problems = [];
    const directives = [];
    for (const token of keywords) {
        const c = keywordConstruct(item, text, token, problems);
        if (c)
            constructs.push(c);
    }
    for (const line of pragmas) {
        const directive = (0, pragma_1.parsePragma)(line);
        if (!directive)
            continue;
        directives.push(directive);
        if (directive.problems.some(p => p.code === 'MF201'))
            continue;
        const c = pragmaConstruct(item, line, directive, problems);
        if (c)
            constructs.push(c);
    }
    constructs.sort((a, b) => a.start - b.start || b.end - a.end);
    const roots = nest(constructs);
    for (const c of constructs)
        c.functionNode = (0, ast_1.enclosingFunction)(c.statement ?? c.call ?? item) ?? undefined;
    return { item, text, map, constructs, roots, scopes, fileScope, keywords, pragmas, directives, problems, incomplete };
}
/** Nests constructs by span containment (constructs are sorted by start, longest first). */
function nest(sorted) {
    const roots = [];
    const open = [];
    for (const c of sorted) {
        while (open.length && open[open.length - 1].end <= c.start)
            open.pop();
        const parent = open[open.length - 1];
        if (parent && c.end <= parent.end) {
            c.parent = parent;
            parent.children.push(c);
        }
        else
            roots.push(c);
        open.push(c);
    }
    return roots;
}
function keywordConstruct(item, text, token, problems) {
    const base = {
        dialect: dialects_1.DIALECT_OF[token.keyword],
        form: 'keyword',
        head: { start: token.start, end: token.headEnd },
        keyword: token,
        clauses: token.clauses.map(pragma_1.fromKeywordClause),
    };
    const next = (0, keywords_1.skipTrivia)(text, token.headEnd);
    switch (token.keyword) {
        case 'meta_fork':
        case 'cilk_spawn': {
            const call = (0, ast_1.nodeStartingAt)(item, next, CALL_TYPES);
            const holder = call && spawnHolder(call);
            if (call && holder) {
                return construct(base, 'spawn', token.start, holder.statement.end, {
                    statement: holder.statement, call, lvalue: holder.lvalue,
                });
            }
            if (token.keyword === 'cilk_spawn') {
                const at = (0, ast_1.statementStartingAt)(item, next);
                problems.push({
                    code: 'MF207',
                    message: `'${token.spelling}' must be followed by a function call, e.g. 'x = ${token.spelling} f(n);'`,
                    span: { start: token.start, end: at ? at.end : token.end },
                });
                return undefined;
            }
            const statement = (0, ast_1.statementStartingAt)(item, next);
            if (!statement) {
                problems.push({
                    code: 'MF206',
                    message: `'meta_fork' must be followed by a function call or a statement to spawn`,
                    span: { start: token.start, end: token.end },
                });
                return undefined;
            }
            return construct(base, 'block-spawn', token.start, statement.end, { statement, region: statement });
        }
        case 'meta_for':
        case 'cilk_for': {
            const loop = (0, ast_1.nodeStartingAt)(item, token.start, FOR_STATEMENT);
            if (!loop)
                return undefined;
            return construct(base, 'parallel-for', token.start, loop.end, { statement: loop, loop, region: (0, ast_1.child)(loop, 'body') });
        }
        case 'meta_pipe': {
            const loop = (0, ast_1.nodeStartingAt)(item, token.start, FOR_TYPES);
            if (!loop)
                return undefined;
            return construct(base, 'pipe', token.start, loop.end, { statement: loop, loop, region: (0, ast_1.child)(loop, 'body') });
        }
        case 'meta_join':
        case 'cilk_sync': {
            const statement = (0, ast_1.statementStartingAt)(item, next);
            if (!statement ||
                statement.type !== 'expression_statement' ||
                statement.children.length > 0 ||
                text[next] !== ';') {
                problems.push({
                    code: 'MF102',
                    message: `expected ';' after '${token.spelling}'`,
                    span: { start: token.start, end: token.end },
                    data: { insert: ';', at: token.end },
                });
                return construct(base, 'join', token.start, token.end);
            }
            return construct(base, 'join', token.start, statement.end, { statement });
        }
        case 'meta_schedule':
        case 'cilk_scope':
        case 'meta_device': {
            const statement = (0, ast_1.statementStartingAt)(item, next);
            if (!statement) {
                problems.push({
                    code: 'MF206',
                    message: `'${token.spelling}' must be followed by a statement`,
                    span: { start: token.start, end: token.end },
                });
                return undefined;
            }
            const kind = token.keyword === 'meta_schedule' ? 'schedule' : token.keyword === 'cilk_scope' ? 'scope' : 'device';
            return construct(base, kind, token.start, statement.end, { statement, region: statement });
        }
        case 'meta_wait':
        case 'meta_continue':
        case 'meta_copy': {
            const call = (0, ast_1.nodeStartingAt)(item, token.start, CALL_TYPES);
            const statement = call?.parent?.type === 'expression_statement' ? call.parent : undefined;
            if (!statement)
                return undefined;
            const kind = token.keyword === 'meta_copy' ? 'copy' : 'pipe-stage';
            return construct(base, kind, token.start, statement.end, { statement, call });
        }
    }
}
/** The call a spawn pragma governs: the statement `f(x);`, or `y = f(x);` with its lvalue. */
function spawnedCall(statement) {
    const expr = statement.type === 'expression_statement' ? (0, ast_1.unparen)((0, ast_1.named)(statement)[0]) : undefined;
    if (expr?.type === 'call_expression')
        return { call: expr };
    const right = expr?.type === 'assignment_expression' ? (0, ast_1.unparen)((0, ast_1.child)(expr, 'right')) : undefined;
    return right?.type === 'call_expression' ? { call: right, lvalue: (0, ast_1.child)(expr, 'left') } : undefined;
}
/** The statement holding a spawned call and the l-value receiving its result. */
function spawnHolder(call) {
    let node = call;
    while (node.parent && node.parent.type === 'parenthesized_expression')
        node = node.parent;
    const p = node.parent;
    if (!p)
        return undefined;
    if (p.type === 'expression_statement')
        return { statement: p };
    if (p.type === 'assignment_expression' && (0, ast_1.child)(p, 'right') === node && p.parent?.type === 'expression_statement') {
        return { statement: p.parent, lvalue: (0, ast_1.child)(p, 'left') };
    }
    if (p.type === 'init_declarator' && (0, ast_1.child)(p, 'value') === node && p.parent?.type === 'declaration') {
        return { statement: p.parent, lvalue: (0, ast_1.child)(p, 'declarator') };
    }
    return undefined;
}
/** The statement a pragma governs: the next sibling statement of its preproc_call node. */
function followingStatement(item, line) {
    const pragmaNode = (0, ast_1.nodeStartingAt)(item, line.start, PRAGMA_TYPES);
    if (!pragmaNode || !pragmaNode.parent)
        return {};
    const siblings = pragmaNode.parent.children;
    for (let i = siblings.indexOf(pragmaNode) + 1; i < siblings.length; i++) {
        const s = siblings[i];
        if (s.type === 'comment' || !s.named)
            continue;
        // `#pragma mf fork` may have its shared(...) clauses on the next line, masked away.
        if (s.start < line.end)
            continue;
        return { statement: s };
    }
    return {};
}
function pragmaConstruct(item, line, directive, problems) {
    const dialect = (0, pragma_1.familyDialect)(directive.family);
    const base = {
        dialect,
        form: 'pragma',
        head: { start: line.start, end: line.end },
        directive,
        clauses: directive.clauses,
    };
    const label = `#pragma ${directive.family} ${directive.name}`;
    if (directive.standalone) {
        const kind = directive.name === 'grainsize' ? 'grainsize' : directive.family === 'omp' ? 'omp' : 'join';
        return construct(base, kind, line.start, line.end);
    }
    const { statement: rawStatement } = followingStatement(item, line);
    if (!rawStatement) {
        // A pragma outside any function body (e.g. `#pragma omp declare ...` at file scope) or at the end of a block.
        if (item.type === 'function_definition' || item.parent) {
            problems.push({ code: 'MF206', message: `'${label}' must be followed by a statement`, span: directive.nameSpan });
        }
        return undefined;
    }
    // A directive followed by another directive governs that one (`parallel` + `for`).
    const statement = rawStatement.type === 'preproc_call' ? (innermostGoverned(rawStatement) ?? rawStatement) : rawStatement;
    const bodyEnd = statement.end;
    const loopDirective = (directive.family === 'omp' && dialects_1.OMP_LOOP_DIRECTIVES.has(directive.name)) || directive.name === 'parallel for';
    // C++ range-based for loops are loops of loop constructs too (OpenMP 5.2 §4.4.1).
    if (loopDirective && statement.type !== 'for_statement' && statement.type !== 'for_range_loop') {
        problems.push({ code: 'MF206', message: `'${label}' must be followed by a for loop`, span: directive.nameSpan });
        return undefined;
    }
    if (directive.family === 'omp') {
        return construct(base, 'omp', line.start, bodyEnd, {
            statement,
            loop: loopDirective ? statement : undefined,
            region: loopDirective ? (0, ast_1.child)(statement, 'body') : statement,
        });
    }
    switch (directive.name) {
        case 'fork': {
            // A pragma spawn of an assignment is CilkPlus's form only; MetaFork's takes a block there.
            const spawned = spawnedCall(statement);
            if (spawned && (!spawned.lvalue || directive.family === 'cilk'))
                return construct(base, 'spawn', line.start, statement.end, { statement, ...spawned });
            return construct(base, 'block-spawn', line.start, statement.end, { statement, region: statement });
        }
        case 'spawn': {
            const spawned = spawnedCall(statement);
            if (!spawned) {
                const message = `'${label}' must be followed by a function call statement`;
                problems.push({ code: 'MF207', message, span: directive.nameSpan });
                return undefined;
            }
            return construct(base, 'spawn', line.start, statement.end, { statement, ...spawned });
        }
        case 'parallel for':
            return construct(base, 'parallel-for', line.start, statement.end, {
                statement, loop: statement, region: (0, ast_1.child)(statement, 'body'),
            });
        case 'schedule':
            return construct(base, 'schedule', line.start, statement.end, { statement, region: statement });
        default:
            return undefined;
    }
}
/** Follows a chain of pragmas to the first real statement. */
function innermostGoverned(pragma) {
    let node = pragma;
    const siblings = pragma.parent?.children ?? [];
    let i = siblings.indexOf(pragma);
    while (node && node.type === 'preproc_call') {
        i++;
        while (i < siblings.length && (siblings[i].type === 'comment' || !siblings[i].named))
            i++;
        node = siblings[i];
    }
    return node;
}
/** Constructs whose region executes in parallel with (or for) other threads. */
function isRegion(c) {
    if (c.kind === 'block-spawn' || c.kind === 'parallel-for')
        return true;
    if (c.kind === 'omp')
        return (!!c.directive &&
            !c.directive.standalone &&
            c.directive.name !== 'atomic' &&
            !c.directive.name.startsWith('target data'));
    return false;
}
function isParallelLoop(c) {
    return c.kind === 'parallel-for' || (c.kind === 'omp' && !!c.loop);
}
/** The construct's whole text: its keyword or pragma line through the statement it governs. */
function constructSpan(c) {
    return { start: Math.min(c.start, c.head.start), end: Math.max(c.end, c.head.end) };
}
/** The outermost construct whose text or head holds `offset`. */
function outermostConstructAt(model, offset) {
    let c = model.constructs.find(k => (k.start <= offset && offset <= k.end) || (k.head.start <= offset && offset <= k.head.end));
    while (c?.parent)
        c = c.parent;
    return c;
}
/** A readable name for messages: `meta_fork`, `#pragma omp task`, ... */
function constructLabel(c) {
    if (c.keyword)
        return c.keyword.spelling;
    if (c.directive)
        return `#pragma ${c.directive.family} ${c.directive.name}`;
    return c.kind;
}
//# sourceMappingURL=constructs.js.map