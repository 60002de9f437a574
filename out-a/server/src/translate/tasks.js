"use strict";
// OpenMP tasks as people write them, read as MetaFork's forks and joins: a taskloop is a
// meta_for (its grainsize MetaFork's), a taskgroup a join after its body, a task reduction a
// private partial combined atomically at the task's end. The translation joins every fork's
// descendants at the fork's end, so a join waits for what OpenMP's taskgroup waits for.
Object.defineProperty(exports, "__esModule", { value: true });
exports.REFUSED_CLAUSES = exports.TASK_CLAUSES = exports.EVERY_THREAD = exports.TASKLOOPS = void 0;
exports.taskloopGrainsize = taskloopGrainsize;
exports.taskloopNotes = taskloopNotes;
exports.taskwaitNotes = taskwaitNotes;
exports.lastIteration = lastIteration;
exports.inReductions = inReductions;
const scopes_1 = require("../model/scopes");
const declarations_1 = require("../model/declarations");
const loops_1 = require("../model/loops");
const synchronise_1 = require("./synchronise");
const atomicForms_1 = require("./atomicForms");
/** The loop constructs that create tasks: each a meta_for. */
exports.TASKLOOPS = new Set(['taskloop', 'master taskloop', 'masked taskloop', 'parallel master taskloop', 'parallel masked taskloop'].flatMap(n => [n, `${n} simd`]));
/** Task constructs that every thread of a team runs when it reaches them (no master or single among them). */
exports.EVERY_THREAD = new Set(['taskloop', 'taskloop simd', 'taskgroup']);
/** Clauses of tasks, taskloops and taskgroups read here. */
exports.TASK_CLAUSES = [
    'grainsize', 'num_tasks', 'nogroup', 'filter', 'in_reduction', 'task_reduction', 'destroy', 'update',
];
/** Clauses refused with their reason. */
exports.REFUSED_CLAUSES = {
    in_reduction: "is translated on a task only (a private partial combined at the task's end); write reduction(...) on a " +
        'taskloop',
    detach: 'cannot be translated: the task completes only when the program fulfils its event (omp_fulfill_event), ' +
        'which may be after its body ends; a MetaFork fork completes when its body ends, and nothing in MetaFork ' +
        'waits for an event',
};
/** `grainsize(g)` (or `grainsize(strict: g)`): the chunk of iterations MetaFork's grainsize takes. */
function taskloopGrainsize(c) {
    const g = c.clauses.find(cl => cl.name === 'grainsize')?.args?.text;
    return g?.slice(g.indexOf(':') + 1).trim() || undefined;
}
/** What a taskloop's clauses lose in MetaFork, said once per clause. */
function taskloopNotes(stage, c) {
    for (const cl of c.clauses) {
        if (cl.name === 'num_tasks')
            stage.note(cl, `'num_tasks' fixes how many tasks run the loop; meta_for chooses its own chunks: dropped`);
        else if (cl.name === 'nogroup')
            stage.note(cl, `'nogroup': the meta_for still joins its iterations at its end (stronger): dropped`);
        else if (cl.name === 'filter')
            stage.note(cl, `'filter' picks the thread that creates the tasks; MetaFork has no threads: dropped`);
    }
}
/** `taskwait depend(...)` / `taskwait nowait` become a whole join: a stronger wait, said. */
function taskwaitNotes(stage, c) {
    for (const cl of c.clauses)
        if (cl.name === 'depend' || cl.name === 'nowait')
            stage.note(cl, `'${cl.name}' on taskwait: meta_join waits for every child instead (stronger)`);
}
/**
 * The test that an iteration of a (collapsed) loop nest is the last: every control at its last
 * value, i.e. its next value fails its loop's condition. Undefined when a header is not canonical.
 */
function lastIteration(loops, text) {
    const tests = [];
    for (const l of loops) {
        const header = (0, loops_1.canonicalHeader)(l, text).header;
        if (!header)
            return undefined;
        const next = `(${header.variable} ${header.step.negative ? '-' : '+'} (${header.step.text}))`;
        const cond = text
            .slice(header.condition.start, header.condition.end)
            .replace(new RegExp(`\\b${header.variable}\\b`, 'g'), next);
        tests.push(`!(${cond})`);
    }
    return tests.join(' && ');
}
/** The identity of a reduction operator (OpenMP 5.2 §5.5.5), for the operators with one in every type. */
const IDENTITY = {
    '+': '0', '-': '0', '|': '0', '^': '0', '||': '0', '*': '1', '&&': '1', '&': '~0',
};
/** The operator and the names of an `in_reduction(op: a, b)` clause. */
function reductionItems(cl) {
    const text = cl.args?.text ?? '';
    const colon = text.lastIndexOf(':');
    return {
        op: text.slice(0, Math.max(colon, 0)).trim(),
        names: cl.items.length
            ? cl.items.map(i => i.name)
            : text
                .slice(colon + 1)
                .split(',')
                .map(s => s.trim()),
    };
}
/**
 * `task in_reduction(op: x)`: the task accumulates into a private partial, initialised to the
 * operator's identity and combined into x atomically at the task's end; the taskgroup's join
 * waits for every combination. Returns the variables made private (false when refused).
 */
function inReductions(stage, model, c, env, fresh) {
    const text = stage.text;
    const privates = [];
    for (const cl of c.clauses.filter(k => k.name === 'in_reduction')) {
        const { op, names } = reductionItems(cl);
        const refuse = (span, why) => {
            stage.refuse('MF601', span, `'in_reduction(${cl.args?.text.trim() ?? ''})' cannot be translated: ${why}`, {
                construct: 'in_reduction',
                target: 'metafork',
            });
            return false;
        };
        if (!(op in IDENTITY))
            return refuse(cl, `the operator '${op}' has no identity written the same in every type`);
        if (c.children.length)
            return refuse(cl, 'a construct inside the task would reduce into the private partial');
        for (const name of names) {
            const v = (0, scopes_1.visibleVariable)(model, name, c.start);
            if (!v || v.shape !== 'value')
                return refuse(cl, `'${name}' is not a scalar variable`);
            const wrong = otherUse(model, text, c.region, v, op);
            if (wrong)
                return refuse(wrong, `'${name}' is read here, not only accumulated with '${op}'`);
            const type = (0, synchronise_1.variableType)(v, text, 0);
            const p = fresh(`_ir_${name}`);
            env.before.push(`${(0, declarations_1.declarationFor)(v, text, p, true)} = &${name};`);
            env.decls.push(`${(0, declarations_1.declarationFor)(v, text, name)} = ${IDENTITY[op]};`);
            const integer = (0, synchronise_1.isIntegerType)(type);
            env.after.push(...(0, synchronise_1.atomicCode)(model, { x: `*${p}`, kind: 'update', op: op === '-' ? '+' : op, e: name }, 'relaxed', { integer, integralOperand: integer, sameType: false, type }, stage.unit));
            privates.push(v);
        }
    }
    return privates;
}
/** A reference to `v` in `region` other than in an update of v with `op` (`-` with `+`) whose operand does not
 * read v. */
function otherUse(model, text, region, v, op) {
    const ops = op === '+' || op === '-' ? ['+', '-'] : [op];
    for (const r of model.scopes.references) {
        if (r.variable !== v || r.span.start < region.start || r.span.end > region.end)
            continue;
        let statement = r.node;
        while (statement && statement.type !== 'expression_statement')
            statement = statement.parent;
        const form = statement ? (0, atomicForms_1.updateForm)(text, statement) : undefined;
        const accumulates = form &&
            text.slice(form.x.start, form.x.end) === v.name &&
            ops.includes(form.op) &&
            !(form.reversed && form.op === '-') &&
            !new RegExp(`\\b${v.name}\\b`).test(form.e);
        if (!accumulates)
            return r.node;
    }
    return undefined;
}
//# sourceMappingURL=tasks.js.map