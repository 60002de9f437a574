"use strict";
// OpenMP synchronisation -> plain C, the same in MetaFork, CilkPlus and OpenMP output (MetaFork
// has no construct of its own for it): `critical` -> a POSIX mutex per name, `atomic` -> GCC's
// `__atomic` builtins (GCC manual, "Built-in Functions for Memory Model Aware Atomic
// Operations"), `flush` -> a fence. The atomic forms are those of OpenMP 5.2 §15.8.4.
Object.defineProperty(exports, "__esModule", { value: true });
exports.SYNCHRONISATION_CLAUSES = exports.SYNCHRONISATION = void 0;
exports.criticalMutexes = criticalMutexes;
exports.synchronise = synchronise;
exports.variableType = variableType;
exports.isIntegerType = isIntegerType;
exports.atomicCode = atomicCode;
const ast_1 = require("../syntax/ast");
const atomicForms_1 = require("./atomicForms");
const edits_1 = require("../base/edits");
const common_1 = require("./common");
const scopes_1 = require("../model/scopes");
const declarations_1 = require("../model/declarations");
const layout_1 = require("../base/layout");
/** The synchronisation directives this module translates. */
exports.SYNCHRONISATION = new Set(['critical', 'atomic', 'flush']);
/** The memory orders of `atomic` and `flush` (OpenMP 5.2 §15.8.4, §15.8.5). */
const ORDERS = ['seq_cst', 'acq_rel', 'acquire', 'release', 'relaxed'];
/** Clauses of `critical`, `atomic` and `flush` read here (`hint` is dropped as a hint). */
exports.SYNCHRONISATION_CLAUSES = [
    ...ORDERS, 'read', 'write', 'update', 'capture', 'compare', 'weak', 'fail',
];
/** The mutex of a critical construct: one per name, the unnamed ones share one. */
function mutexName(c) {
    const name = c.directive?.argument?.text.trim();
    return name ? `mf_critical_${name}` : 'mf_critical';
}
/**
 * The mutexes of the critical constructs of `model`: each declared once at file scope, before the
 * first function that uses it (`declared` holds the names already declared in this stage).
 */
function criticalMutexes(stage, model, declared) {
    const names = [];
    for (const c of model.constructs) {
        if (c.dialect !== 'openmp' || c.directive?.name !== 'critical')
            continue;
        const m = mutexName(c);
        if (!declared.has(m))
            names.push(m), declared.add(m);
    }
    if (!names.length)
        return;
    stage.includes.add('pthread.h');
    const lines = names.map(m => `static pthread_mutex_t ${m} = PTHREAD_MUTEX_INITIALIZER;\n`);
    stage.edit((0, edits_1.insert)(model.item.start, lines.join('') + '\n'));
}
/** Translates a `critical`, `atomic` or `flush` construct (its inner constructs translated already). */
function synchronise(stage, model, c) {
    const name = c.directive.name;
    if (name === 'flush') {
        const fence = ORDER_CONSTANT[orderOf(c, 'seq_cst')];
        (0, common_1.replaceDirective)(stage, c.head, [`__atomic_thread_fence(${fence});`]);
    }
    else if (name === 'critical')
        critical(stage, c);
    else
        atomic(stage, model, c);
}
function orderOf(c, otherwise) {
    return ORDERS.find(o => c.clauses.some(cl => cl.name === o)) ?? otherwise;
}
/** How strongly each order orders (acquire and release each half of acq_rel). */
const STRENGTH = { relaxed: 0, acquire: 1, release: 1, acq_rel: 2, seq_cst: 3 };
/** The file's default order: `#pragma omp requires atomic_default_mem_order(o)` (OpenMP 5.2 §8.2.1),
 * else relaxed. */
function defaultOrder(text) {
    // Asked by every atomic construct of the file: the text read once (a whole-file scan per atomic).
    if (text === lastDefault.text)
        return lastDefault.order;
    const m = /^[ \t]*#[ \t]*pragma[ \t]+omp[ \t]+requires\b[^\n]*\batomic_default_mem_order[ \t]*\([ \t]*(\w+)/m
        .exec(text);
    const order = m && ORDERS.includes(m[1]) ? m[1] : 'relaxed';
    lastDefault = { text, order };
    return order;
}
let lastDefault = { text: '', order: 'relaxed' };
/**
 * The order of an atomic construct: its clause's, else the file's default (OpenMP 5.2 §15.8.4). A `fail(order)`
 * stronger than that makes the whole operation that strong: GCC's failure order may not exceed the
 * success order (GCC manual, __atomic_compare_exchange).
 */
function atomicOrder(c, text) {
    let order = orderOf(c, defaultOrder(text));
    const fail = c.clauses.find(cl => cl.name === 'fail')?.args?.text.trim();
    if (fail && fail in STRENGTH && STRENGTH[fail] >= STRENGTH[order])
        order = STRENGTH[fail] === STRENGTH[order] && fail !== order ? 'acq_rel' : fail;
    return order;
}
const ORDER_CONSTANT = {
    seq_cst: '__ATOMIC_SEQ_CST', acq_rel: '__ATOMIC_ACQ_REL', acquire: '__ATOMIC_ACQUIRE',
    release: '__ATOMIC_RELEASE', relaxed: '__ATOMIC_RELAXED',
};
/** The pragma line and the statement it governs, replaced by `lines` at the statement's indentation. */
function rewrite(stage, c, statement, lines) {
    const text = stage.text;
    const indent = (0, layout_1.lineIndent)(text, statement.start);
    // An unbraced body of an if, a loop or an else becomes a block of the statements.
    const braced = statement.parent?.type !== 'compound_statement' && statement.parent?.type !== 'translation_unit';
    const inner = braced ? indent + stage.unit : indent;
    let out = lines.map(l => inner + l.replace(/\n/g, `\n${inner}`)).join('\n');
    if (braced)
        out = `${indent}{\n${out}\n${indent}}`;
    const head = (0, layout_1.wholeLines)(text, c.head);
    stage.edit((0, edits_1.replace)({ start: head.start, end: statement.end }, out));
}
// ---- critical -------------------------------------------------------------------------
/** The body between lock and unlock (a jump out of it is refused by the checks: MF311-MF313). */
function critical(stage, c) {
    const body = c.statement ?? c.region;
    if (!body)
        return;
    const m = mutexName(c);
    const indent = (0, layout_1.lineIndent)(stage.text, body.start);
    const rendered = stage.render(body).replace(new RegExp(`\n${indent}`, 'g'), '\n');
    rewrite(stage, c, body, [`pthread_mutex_lock(&${m});`, rendered, `pthread_mutex_unlock(&${m});`]);
}
// ---- atomic ---------------------------------------------------------------------------
const FETCH = { '+': 'add', '-': 'sub', '&': 'and', '|': 'or', '^': 'xor' };
const COMMUTATIVE = new Set(['+', '*', '&', '^', '|', '&&', '||']);
/** The type of a location: a scalar variable, or an element of an array or a pointer. */
function locationType(model, text, x) {
    let base = x;
    let depth = 0;
    for (; base.type === 'subscript_expression' || base.type === 'pointer_expression'; depth++)
        base = (0, ast_1.child)(base, 'argument');
    if (base.type !== 'identifier')
        return undefined;
    const v = (0, scopes_1.visibleVariable)(model, text.slice(base.start, base.end), x.start);
    return v && variableType(v, text, depth);
}
/** The type of `v` subscripted `depth` times (undefined when that is not a scalar of a named type). */
function variableType(v, text, depth) {
    if (v.shape !== 'value' && v.shape !== 'array' && v.shape !== 'pointer')
        return undefined;
    // `(*p)[n]`, a function pointer: not read here.
    if (/\(\s*[*\s]*$/.test(text.slice(v.declaration.start, v.span.start)))
        return undefined;
    // Each `*` before the name and each `[n]` after it is one level down to the scalar.
    const stars = /[*\s]*$/.exec(text.slice(v.declaration.start, v.span.start))[0].match(/\*/g)?.length ?? 0;
    const brackets = /^(\s*\[[^\]]*\])*/.exec(text.slice(v.span.end))[0].match(/\[/g)?.length ?? 0;
    const levels = stars + brackets;
    if (levels !== depth)
        return undefined;
    return (0, declarations_1.typeSpecifiers)(v, text)
        .replace(/\b(const|volatile|restrict|_Atomic|register)\b/g, '')
        .replace(/\s+/g, ' ')
        .trim();
}
const INTEGER_WORDS = /^((unsigned|signed|char|short|int|long)\s*)+$/;
const INTEGER_NAMES = /^(u?int(8|16|32|64|ptr|max)_t|u?int_(fast|least)(8|16|32|64)_t|s?size_t|ptrdiff_t)$/;
function isIntegerType(t) {
    return !!t && (INTEGER_WORDS.test(t) || INTEGER_NAMES.test(t));
}
/** True when an expression's value is an integer: literals, integer variables, integer arithmetic. */
function integral(model, text, n) {
    if (!n)
        return false;
    switch (n.type) {
        case 'number_literal': {
            const literal = text.slice(n.start, n.end);
            return /^0[xX][0-9a-fA-F]+[uUlL]*$/.test(literal) || !/[.pPeEfF]/.test(literal);
        }
        case 'char_literal':
        case 'sizeof_expression':
            return true;
        case 'identifier':
        case 'subscript_expression':
            return isIntegerType(locationType(model, text, n));
        case 'parenthesized_expression':
        case 'unary_expression':
            return integral(model, text, (0, ast_1.named)(n).at(-1));
        case 'binary_expression':
            return !/^(&&|\|\||[<>=!]=|<|>)$/.test(text.slice((0, ast_1.child)(n, 'left').end, (0, ast_1.child)(n, 'right').start).trim())
                ? integral(model, text, (0, ast_1.child)(n, 'left')) && integral(model, text, (0, ast_1.child)(n, 'right'))
                : true;
        default:
            return false;
    }
}
/** An operand written into generated code: parenthesized unless it is a name, a literal or a postfix expression. */
function operand(e) {
    return /^[\w.]+(\[[^\]]*\])*$/.test(e.trim()) ? e.trim() : `(${e.trim()})`;
}
/** The address of a location written as `x`. */
function address(x) {
    if (/^\*\s*\w+$/.test(x))
        return x.slice(1).trim();
    return /^\w+(\s*(\[[^\]]*\]|\.\w+|->\w+))*$/.test(x) ? `&${x}` : `&(${x})`;
}
/** A name not used in the item's text (the generated block's own variables). */
function unused(model, base) {
    const inItem = model.text.slice(model.item.start, model.item.end);
    let n = base;
    for (let i = 2; new RegExp(`\\b${n}\\b`).test(inItem); i++)
        n = `${base}${i}`;
    return n;
}
/** A location tree-sitter reads inside `__typeof__(...)`: a name with subscripts. */
function typeofReadable(x) {
    return /^\w+(\s*\[[^\]]*\])*$/.test(x.trim());
}
/** The C statements (one per line, nested lines indented by `unit`) that perform `form` atomically. */
function atomicCode(model, form, order, facts, unit) {
    const { x, v } = form;
    let at = address(x);
    // A load never releases, a store never acquires (OpenMP 5.2 §15.8.4: acq_rel is acquire on a
    // read and release on a write); a failed compare-exchange is a load.
    const load = ORDER_CONSTANT[order === 'acq_rel' ? 'acquire' : order === 'release' ? 'relaxed' : order];
    const store = ORDER_CONSTANT[order === 'acq_rel' ? 'release' : order === 'acquire' ? 'relaxed' : order];
    const both = ORDER_CONSTANT[order];
    let type = facts.type ?? `__typeof__(${x})`;
    // A location whose type is unknown and that the parser cannot read in `__typeof__` (a field):
    // its address first, and the type of what it points to.
    const prelude = [];
    if (!facts.type && !typeofReadable(x)) {
        const p = unused(model, 'mf_at');
        prelude.push(`${unit}__auto_type ${p} = ${at};`);
        at = p;
        type = `__typeof__(${p}[0])`;
    }
    const block = (lines) => (prelude.length ? [`{`, ...prelude, ...lines.map(l => unit + l), `}`] : lines);
    if (form.kind === 'read') {
        if (facts.integer)
            return [`${v} = __atomic_load_n(${at}, ${load});`];
        if (facts.sameType)
            return [`__atomic_load(${at}, ${address(v)}, ${load});`];
        const t = unused(model, 'mf_value');
        const lines = [`${type} ${t};`, `__atomic_load(${at}, &${t}, ${load});`, `${v} = ${t};`];
        return prelude.length ? block(lines) : [`{`, ...lines.map(l => unit + l), `}`];
    }
    if (form.kind === 'write' && v === undefined) {
        if (facts.integer)
            return [`__atomic_store_n(${at}, ${form.e.trim()}, ${store});`];
        return block([`__atomic_store(${at}, &(${type}){ ${form.e.trim()} }, ${store});`]);
    }
    const fetch = form.kind === 'update' && FETCH[form.op];
    if (fetch && facts.integer && facts.integralOperand && (!form.reversed || COMMUTATIVE.has(form.op))) {
        const call = v !== undefined && form.after ? `__atomic_${fetch}_fetch` : `__atomic_fetch_${fetch}`;
        return [`${v !== undefined ? `${v} = ` : ''}${call}(${at}, ${form.e.trim()}, ${both});`];
    }
    if (form.kind === 'write' && facts.integer)
        return [`${v} = __atomic_exchange_n(${at}, ${form.e.trim()}, ${both});`];
    // Every other form: a compare-exchange loop on x's own type (doubles, pointers, any operator).
    const old = unused(model, 'mf_old');
    const next = unused(model, 'mf_new');
    const lines = [`{`, ...prelude];
    // e is evaluated at each try: OpenMP leaves the number of its evaluations unspecified.
    const e = form.e.trim();
    const cas = `__atomic_compare_exchange(${at}, &${old}, &${next}, 0, ${both}, ${load})`;
    if (form.kind === 'compare') {
        const d = form.cmp === '==' ? form.d.trim() : e;
        const cond = `${old} ${form.cmp} ${operand(e)}`;
        lines.push(`${unit}${type} ${old}, ${next} = ${d};`, `${unit}__atomic_load(${at}, &${old}, ${load});`);
        lines.push(`${unit}while (${cond} && !${cas})`, `${unit}${unit}continue;`);
        if (v !== undefined)
            lines.push(`${unit}${v} = ${form.after ? `${cond} ? ${next} : ${old}` : old};`);
    }
    else {
        const value = form.kind === 'write' ? e : form.reversed ? `${operand(e)} ${form.op} ${old}` : `${old} ${form.op} ${operand(e)}`;
        lines.push(`${unit}${type} ${old}, ${next};`, `${unit}__atomic_load(${at}, &${old}, ${load});`);
        lines.push(`${unit}do`, `${unit}${unit}${next} = ${value};`, `${unit}while (!${cas});`);
        if (v !== undefined)
            lines.push(`${unit}${v} = ${form.after ? next : old};`);
    }
    lines.push(`}`);
    return lines;
}
function atomic(stage, model, c) {
    const text = stage.text;
    const statement = c.statement ?? c.region;
    const form = statement && (0, atomicForms_1.atomicForm)(text, c, statement);
    if (!statement || !form) {
        const kind = ['read', 'write', 'capture', 'compare'].filter(k => c.clauses.some(cl => cl.name === k)).join(' ') || 'update';
        stage.refuse('MF601', statement ?? c.head, `this statement is not one of the forms of '#pragma omp atomic ${kind}' that can be translated ` +
            `(OpenMP 5.2 §15.8.4)`, { construct: 'atomic', target: 'metafork' });
        return;
    }
    const src = (n) => text.slice(n.start, n.end).trim();
    const type = locationType(model, text, form.x);
    const facts = {
        integer: isIntegerType(type),
        integralOperand: form.e === undefined || (form.e === '1' && form.kind === 'update') || integralText(model, text, form, statement),
        sameType: !!form.v && type !== undefined && type === locationType(model, text, form.v),
        type,
    };
    const lines = atomicCode(model, { ...form, x: src(form.x), v: form.v && src(form.v) }, atomicOrder(c, text), facts, stage.unit);
    rewrite(stage, c, statement, lines);
}
/** Whether the operand `e` of an update form is an integer value (read from its node). */
function integralText(model, text, form, statement) {
    let found;
    (0, ast_1.walk)(statement, n => {
        if (!found && text.slice(n.start, n.end).trim() === form.e.trim() && n.start !== form.x.start)
            found = n;
        return !found;
    });
    return integral(model, text, found);
}
//# sourceMappingURL=synchronise.js.map