"use strict";
// MetaFork -> OpenMP (Chen 2017 §3.6.4): a spawn becomes `#pragma omp task` whose data-sharing
// clauses reproduce MetaFork's rules (the l-value of a call spawn, arrays and references
// shared; value-type locals captured at the spawn, explicitly `firstprivate` where the task's
// default would share them), `meta_join` becomes `taskwait`, `meta_for` a `taskloop` where a team
// already runs it and a `parallel for` elsewhere (openmpLoops.ts; reductions carried over), and
// `meta_pipe` a chain of tasks ordered by `depend` clauses. OpenMP tasks need a team: as the
// thesis does (Figure 3.27), the program's `main` is renamed and a new `main` runs it inside
// `parallel` + `single`.
Object.defineProperty(exports, "__esModule", { value: true });
exports.TEAM_REGION = exports.RENAMED_MAIN = exports.GENERATED_MAIN = void 0;
exports.metaforkToOpenmp = metaforkToOpenmp;
const ast_1 = require("../syntax/ast");
const edits_1 = require("../base/edits");
const keywords_1 = require("../syntax/keywords");
const span_1 = require("../base/span");
const scopes_1 = require("../model/scopes");
const binding_1 = require("../model/binding");
const sharing_1 = require("../model/sharing");
const elide_1 = require("../model/elide");
const loops_1 = require("../model/loops");
const spawnArguments_1 = require("../model/spawnArguments");
const common_1 = require("./common");
const layout_1 = require("../base/layout");
const declarations_1 = require("../model/declarations");
const pipeline_1 = require("./pipeline");
const openmpLoops_1 = require("./openmpLoops");
/** The comment that marks the `main` this translator adds (the OpenMP -> MetaFork direction removes it). */
exports.GENERATED_MAIN = '/* metafork: main runs the program inside an OpenMP parallel region, so that its tasks have a team */';
exports.RENAMED_MAIN = 'mf_main';
/** The comment that marks the region this translator opens around statements of `main`. */
exports.TEAM_REGION = '/* metafork: these statements run inside an OpenMP parallel region, so that their tasks have a team */';
function metaforkToOpenmp(stage, models, doc) {
    const text = stage.text;
    let spawns = false;
    const inTeam = (0, openmpLoops_1.taskloopPlacement)(models, (0, openmpLoops_1.wrapsMain)(models));
    // A construct translated alone (a quick fix) still needs the team `main` opens: read from the
    // whole file, so the tasks of the one function translated do not run one after another.
    const program = stage.partial ? doc.allItems() : models;
    const team = teamOfMain(program);
    for (const model of models) {
        for (const c of model.constructs) {
            if (c.dialect !== 'metafork')
                continue;
            switch (c.kind) {
                case 'spawn':
                    callSpawn(stage, doc, model, c, team.shared);
                    spawns = true;
                    break;
                case 'block-spawn':
                    blockSpawn(stage, model, c, team.shared);
                    spawns = true;
                    break;
                case 'join':
                    join(stage, c);
                    break;
                case 'parallel-for':
                    parallelFor(stage, model, c, inTeam(model, c));
                    break;
                case 'grainsize':
                    stage.edit((0, edits_1.removeStatement)(text, c.head));
                    if (!grainsizeLoop(model, c))
                        stage.note(c.head, `'#pragma meta grainsize' is not followed by a parallel loop: dropped`);
                    break;
                case 'schedule':
                    for (const e of (0, elide_1.removeHead)(text, c))
                        stage.edit(e);
                    stage.note(c.head, `'meta_schedule' (GPU offload) is not translated to OpenMP target constructs: its loops become CPU parallel loops`);
                    break;
                case 'pipe':
                    (0, pipeline_1.pipelineToTasks)(stage, model, c);
                    spawns = true;
                    break;
                case 'device':
                case 'copy':
                    stage.refuse('MF601', c.head, `'${c.keyword?.spelling ?? c.kind}' has no OpenMP translation here (device constructs were never specified beyond the thesis's design)`, { construct: c.keyword?.spelling ?? c.kind, target: 'openmp' });
                    break;
            }
        }
        // A child that reads what its parent writes next reads the old value where it starts first (Cilk's
        // children, the elision) and the new one where it starts later (every OpenMP task).
        for (const w of (0, spawnArguments_1.argumentWrites)(model, 'metafork')) {
            if (!model.constructs.includes(w.spawn))
                continue;
            stage.refuse('MF609', w.lvalue, `${(0, spawnArguments_1.describeWrite)(w, text)}: an OpenMP task starts after its parent goes on, so it would read the new value (a Cilk child starts first, and usually reads the old one); copy what the child reads before spawning, or join first`, { construct: 'meta_fork', target: 'openmp' });
        }
        // Algorithm 6's worker count, back to the OpenMP runtime call.
        for (const call of (0, elide_1.callsTo)(model, 'meta_set_nworkers')) {
            stage.edit((0, edits_1.replace)((0, ast_1.child)(call, 'function'), 'omp_set_num_threads'));
            stage.includes.add('omp.h');
        }
    }
    if (spawns)
        teamForTasks(stage, models, program, team);
}
/** Opens the team the translated tasks need (wrapMain), and says so where that is outside the
 * constructs translated, or where the file has no `main` to open it in. */
function teamForTasks(stage, models, program, team) {
    const main = wrapMain(stage, program, (0, openmpLoops_1.opensNestedTeams)(program), team);
    const first = models.find(m => m.constructs.some(c => c.dialect === 'metafork'));
    if (!main) {
        const fn = first && (0, ast_1.functionName)(first.item, stage.text);
        stage.report('MF608', fn ?? first?.item ?? { start: 0, end: 0 }, `the file has no 'main' to open a team of threads in: these tasks run in parallel only when ${fn ? `'${stage.text.slice(fn.start, fn.end)}'` : 'their function'} is called inside '#pragma omp parallel' + '#pragma omp single'`);
    }
    else if (!models.includes(main.model)) {
        const name = (0, ast_1.functionName)(main.model.item, stage.text);
        stage.report('MF607', name, main.whole
            ? `'main' is now '${exports.RENAMED_MAIN}', run by a new 'main' inside '#pragma omp parallel' + '#pragma omp single', so that the translated tasks have a team of threads`
            : `statements of 'main' now run inside '#pragma omp parallel' + '#pragma omp single', so that the translated tasks have a team of threads`);
    }
}
/**
 * Variables a task must list as `firstprivate` to get MetaFork's private copy: a task's default
 * is firstprivate only when the variable is not shared in the enclosing context, which it is
 * inside a parallel loop (or a region) declared around it, or in a spawn that shares it, or in the
 * region opened around statements of `main` (`regionShared`: main's locals declared before it).
 */
function needsFirstprivate(c, v, regionShared) {
    if (!(0, declarations_1.isFunctionLocal)(v) || v.shape !== 'value')
        return false;
    for (let p = c.parent; p; p = p.parent) {
        const region = p.loop ?? p.region;
        if (!region || (0, span_1.within)(v.span, region))
            return false;
        if (p.kind === 'parallel-for' || p.kind === 'pipe')
            return true;
        if (p.kind === 'omp' && p.directive?.name.startsWith('parallel'))
            return true;
        if (p.kind === 'block-spawn')
            return p.clauses.some(cl => cl.name === 'shared' && cl.items.some(i => i.name === v.name));
        if (p.kind === 'omp' && p.directive && (p.directive.name === 'task'))
            return false;
    }
    return regionShared.has(v);
}
/** The variable an l-value stores into, when that storage is the parent's own (not through a pointer). */
function storedVariable(model, lvalue) {
    let n = lvalue;
    while (n) {
        if (n.type === 'identifier')
            return (0, scopes_1.variableOf)(model.scopes, n);
        if (n.type === 'parenthesized_expression') {
            n = (0, ast_1.named)(n)[0];
            continue;
        }
        if (n.type === 'subscript_expression' || n.type === 'field_expression') {
            const base = (0, ast_1.child)(n, 'argument');
            if (n.type === 'field_expression' && n.children.some(x => x.field === 'operator' && x.end - x.start === 2))
                return undefined; // p->x
            n = base;
            continue;
        }
        return undefined;
    }
    return undefined;
}
function taskClauses(model, c, shared, explicit, regionShared, outside = new Set()) {
    const sharedNames = [...new Set([...shared.map(v => v.name), ...explicit])];
    const firstprivate = [];
    for (const e of (0, sharing_1.sharingAt)(model, c)) {
        if (e.local || sharedNames.includes(e.variable.name) || outside.has(e.variable))
            continue;
        if (e.sharing === 'firstprivate' && needsFirstprivate(c, e.variable, regionShared) && !firstprivate.includes(e.variable.name))
            firstprivate.push(e.variable.name);
    }
    return (0, common_1.joinClauses)((0, common_1.clauseText)('shared', sharedNames), (0, common_1.clauseText)('firstprivate', firstprivate));
}
/**
 * Whether an argument of a call spawn has, inside the task, the value it had at the spawn: it
 * reads only constants, addresses and value variables the task captures (function-local, not
 * static, not shared by the task), and calls or changes nothing. Anything else (a global, an
 * element or a value through a pointer, a variable the task shares, a call, `i++`, an unknown
 * name) is evaluated by the parent at the spawn in MetaFork (Chen 2017 §3.6.4), but would be
 * evaluated later, on the task's side, in OpenMP.
 */
function sameInTask(model, n, shared, constant, address = false) {
    const text = model.text;
    const same = (x, asAddress = false) => sameInTask(model, x, shared, constant, asAddress);
    const all = (nodes) => nodes.every(x => same(x));
    switch (n.type) {
        case 'number_literal':
        case 'char_literal':
        case 'string_literal':
        case 'concatenated_string':
        case 'true':
        case 'false':
        case 'null':
        case 'sizeof_expression':
        case 'comment':
            return true;
        case 'identifier': {
            const v = (0, scopes_1.variableOf)(model.scopes, n);
            if (!v)
                return model.fileScope.functions.has(text.slice(n.start, n.end)) || constant(text.slice(n.start, n.end)); // a function's address, a constant macro; an unknown name may read anything
            if (address || v.shape === 'array')
                return true; // an address does not change
            return (0, declarations_1.isFunctionLocal)(v) && !v.isStatic && v.shape !== 'reference' && !shared.includes(v);
        }
        case 'parenthesized_expression':
            return (0, ast_1.named)(n).every(x => same(x, address));
        case 'pointer_expression': {
            const operand = (0, ast_1.child)(n, 'argument');
            const op = n.children.find(x => x.field === 'operator');
            return !!operand && !!op && text.slice(op.start, op.end) === '&' && same(operand, true);
        }
        case 'subscript_expression': {
            // `&a[i]` is an address; `a[i]` reads the element when the task runs.
            const base = (0, ast_1.child)(n, 'argument'), index = (0, ast_1.child)(n, 'index') ?? (0, ast_1.named)(n)[1];
            return (address &&
                !!base &&
                !!index &&
                same(base, model.scopes.references.find(r => r.span.start === base.start)?.variable?.shape === 'array') &&
                same(index));
        }
        case 'field_expression': {
            const base = (0, ast_1.child)(n, 'argument');
            const arrow = n.children.some(x => x.field === 'operator' && x.end - x.start === 2);
            return !!base && !arrow && same(base, address);
        }
        case 'binary_expression':
        case 'unary_expression':
        case 'conditional_expression':
            return all((0, ast_1.named)(n));
        case 'cast_expression':
            return all((0, ast_1.named)(n).filter(x => x.field !== 'type'));
        default:
            return false; // calls, assignments, ++/--, comma expressions, and whatever this does not know
    }
}
/** The parameter declarations of the function `name` as declared in the file; undefined when it is not, or is variadic or unprototyped. */
function parametersOf(doc, name) {
    const text = doc.text;
    for (let i = 0; i < doc.items.length; i++) {
        const ref = doc.items[i];
        if ((ref.type !== 'function_definition' && ref.type !== 'declaration') ||
            !text.slice(ref.start, ref.end).includes(name))
            continue;
        const item = doc.item(i).item;
        for (const d of (0, ast_1.children)(item, 'declarator')) {
            const fn = (0, scopes_1.findFunctionDeclarator)(d);
            const id = fn && (0, ast_1.child)(fn, 'declarator');
            if (!fn || !id || id.type !== 'identifier' || text.slice(id.start, id.end) !== name)
                continue;
            const list = (0, ast_1.child)(fn, 'parameters');
            if (!list || list.children.some(x => x.type === 'variadic_parameter' || x.type === '...'))
                return undefined;
            const params = (0, ast_1.named)(list).filter(x => x.type === 'parameter_declaration');
            if (params.length === 1 &&
                !(0, ast_1.child)(params[0], 'declarator') &&
                text.slice(params[0].start, params[0].end).trim() === 'void')
                return [];
            if (params.length === 0)
                return undefined; // `f()`: no prototype
            return params;
        }
    }
    return undefined;
}
/** `T name` for a parameter declaration `T p` (the parameter's type, another name); undefined for arrays of arrays and function declarators. */
function declarationLike(text, param, name) {
    const declarator = (0, ast_1.child)(param, 'declarator');
    if (!declarator)
        return `${text.slice(param.start, param.end).trim()} ${name}`;
    // `T v[]` (a pointer, as a parameter): `T *name`.
    if (declarator.type === 'array_declarator' && (0, ast_1.child)(declarator, 'declarator')?.type === 'identifier')
        return `${text.slice(param.start, declarator.start)}*${name}`;
    const info = (0, scopes_1.declaratorInfo)(declarator);
    if (info)
        return info.shape === 'array' || info.shape === 'function'
            ? undefined
            : text.slice(param.start, info.id.start) + name + text.slice(info.id.end, param.end);
    const abstract = text.slice(declarator.start, declarator.end);
    return /^[\s*]*(?:(?:const|volatile|restrict)\b[\s*]*)*$/.test(abstract)
        ? `${text.slice(param.start, param.end).trim()} ${name}`
        : undefined;
}
const temporaries = new WeakMap();
/** A name `mf_argN` that the text does not use yet. */
function temporaryName(stage) {
    let n = temporaries.get(stage) ?? 0;
    while (new RegExp(`\\bmf_arg${n}\\b`).test(stage.text))
        n++;
    temporaries.set(stage, n + 1);
    return `mf_arg${n}`;
}
/**
 * The arguments of a call spawn that the task would not see with their value at the spawn,
 * each evaluated by the parent into a temporary of the callee's parameter type (the conversion
 * the call makes anyway), or of its own type where the file shows no parameter.
 */
function argumentsAtSpawn(stage, doc, model, c, shared) {
    const call = c.call;
    const args = (0, ast_1.child)(call, 'arguments');
    // A C++ argument bound by (possibly) reference binds the object itself, which the task shares
    // (model/binding): a temporary would bind a copy.
    const byReference = (a) => {
        const ref = model.scopes.references.find(r => r.span.start === a.start && r.span.end <= a.end);
        return !!ref && ((0, binding_1.bindingOf)(model, ref)?.binding ?? 'value') !== 'value';
    };
    const moving = args
        ? (0, ast_1.named)(args).filter(a => a.type !== 'comment' && !byReference(a) && !sameInTask(model, a, shared, m => model.fileScope.macroConstants.has(m)))
        : [];
    if (!moving.length)
        return [];
    const text = stage.text;
    const callee = (0, ast_1.child)(call, 'function');
    const name = callee?.type === 'identifier' ? text.slice(callee.start, callee.end) : undefined;
    const params = name ? parametersOf(doc, name) : undefined;
    const all = (0, ast_1.named)(args).filter(a => a.type !== 'comment');
    const out = [];
    for (const a of moving) {
        const param = params?.[all.indexOf(a)];
        const temp = temporaryName(stage);
        // Without a parameter to take the type from (a variadic or unprototyped callee, a call through
        // a pointer), the argument's own type, arrays decayed (GNU C's __auto_type, C++'s auto): the
        // call promotes it the same way.
        const declaration = (param && declarationLike(text, param, temp)) ?? `${model.fileScope.cpp ? 'auto' : '__auto_type'} ${temp}`;
        out.push({ node: a, name: temp, declaration: `${declaration} = ${text.slice(a.start, a.end)};` });
    }
    return out;
}
/** `x = meta_fork f(a);` -> `#pragma omp task shared(x)` + `x = f(a);` (Figure 3.25). */
function callSpawn(stage, doc, model, c, regionShared) {
    const text = stage.text;
    // Arguments that change or read what may change by the time the task runs are evaluated by the
    // parent into temporaries (argumentsAtSpawn), as MetaFork and CilkPlus evaluate them at the spawn.
    const shared = [];
    const declared = c.statement?.type === 'declaration' && c.lvalue ? (0, scopes_1.declaratorInfo)(c.lvalue) : undefined;
    const target = declared
        ? model.scopes.variables.find(v => v.span.start === declared.id.start)
        : c.lvalue && storedVariable(model, c.lvalue);
    if (target && (0, declarations_1.isFunctionLocal)(target))
        shared.push(target);
    // Arrays, references and `&x` passed to the callee are the parent's storage (thesis
    // §3.6.4): the arguments are evaluated by the parent at the spawn, not on a task's copies.
    // In C++ the same holds for what the call binds by reference (or to a member call's `this`).
    for (const e of (0, sharing_1.sharingAt)(model, c)) {
        const v = e.variable;
        if (e.unresolved) {
            const { binding, change } = e.unresolved;
            stage.refuse('MF610', binding.span, `cannot tell whether '${binding.callee}' takes '${v.name}' by reference: this file has no single declaration of it (it is declared elsewhere, overloaded, a template or a member), and '${v.name}' is changed while the spawned call may run, so sharing it and copying it compute different things; declare '${binding.callee}' in this file or pass a copy explicitly`, { variable: v.name, callee: binding.callee, change: change.span });
            continue;
        }
        const byAddress = v.shape === 'array' ||
            v.shape === 'reference' ||
            e.references.some(r => r.addressTaken) ||
            (e.sharing === 'shared' && !!e.boundBy);
        if ((0, declarations_1.isFunctionLocal)(v) && byAddress && !shared.includes(v))
            shared.push(v);
    }
    const temps = argumentsAtSpawn(stage, doc, model, c, shared);
    if (!temps)
        return;
    // Variables read only by the arguments evaluated before the task are no business of the task's.
    const before = (span) => temps.some(t => t.node.start <= span.start && span.end <= t.node.end);
    const outside = new Set((0, sharing_1.sharingAt)(model, c)
        .filter(e => e.variable !== target && e.references.every(r => before(r.span)))
        .map(e => e.variable));
    // A temporary is a local of the spawning task, declared right before the task: captured by default.
    const pragma = `#pragma omp task${taskClauses(model, c, shared.filter(v => !outside.has(v)), [], regionShared, outside)}`;
    const lines = [...temps.map(t => t.declaration), pragma];
    const statement = c.statement;
    /** The call with the moved arguments replaced by their temporaries. */
    const callText = () => {
        let out = text.slice(c.call.start, c.call.end);
        for (const t of [...temps].reverse())
            out = out.slice(0, t.node.start - c.call.start) + t.name + out.slice(t.node.end - c.call.start);
        return out;
    };
    if (statement.type !== 'declaration')
        for (const t of temps)
            stage.edit((0, edits_1.replace)(t.node, t.name));
    if (c.form === 'pragma') {
        if (temps.length && !(0, common_1.inBlock)(statement)) {
            stage.refuse('MF601', c.head, `the arguments of this spawn must be evaluated before the task, and the spawn is not in a block where they can be`, { construct: 'meta_fork', target: 'openmp' });
            return;
        }
        stage.edit((0, edits_1.replace)(c.head, lines.join(`\n${(0, layout_1.lineIndent)(text, c.head.start)}`)));
        return;
    }
    const k = c.keyword;
    if (statement.type === 'declaration') {
        // `int f = meta_fork g();` -> `int f;` + the task assigning f (Figure 3.24).
        const init = c.call.parent.type === 'init_declarator' ? c.call.parent : undefined;
        const declarator = init && (0, ast_1.child)(init, 'declarator');
        const info = declarator && (0, scopes_1.declaratorInfo)(declarator);
        if (!init || !declarator || !info) {
            stage.refuse('MF601', c.head, `this declaration form of a spawn cannot be split into a declaration and a task`, {
                construct: 'meta_fork',
            });
            return;
        }
        const indent = (0, layout_1.lineIndent)(text, statement.start);
        const name = text.slice(info.id.start, info.id.end);
        stage.edit((0, edits_1.remove)({ start: declarator.end, end: init.end }));
        stage.edit((0, edits_1.insert)(statement.end, lines.map(l => `\n${indent}${l}`).join('') + `\n${indent}${name} = ${callText()};`));
        return;
    }
    if (k.start <= statement.start) {
        // `meta_fork f(x);`: the statement (masked) starts after the keyword, which the directive replaces.
        (0, common_1.directiveBefore)(stage, statement, lines, (0, edits_1.withTrailingBlanks)(text, k.end), k.start);
        return;
    }
    (0, common_1.directiveBefore)(stage, statement, lines);
    stage.edit((0, edits_1.remove)({ start: k.start, end: (0, edits_1.withTrailingBlanks)(text, k.end) }));
}
/** `meta_fork shared(f) { ... }` -> `#pragma omp task shared(ref, arry, f)` + the block (Figure 3.24). */
function blockSpawn(stage, model, c, regionShared) {
    const text = stage.text;
    const implicit = [];
    for (const e of (0, sharing_1.sharingAt)(model, c)) {
        const v = e.variable;
        if (e.local || !(0, declarations_1.isFunctionLocal)(v))
            continue;
        const written = e.references.some(r => r.access !== 'read' && !r.through);
        if (v.shape === 'array' || v.shape === 'reference' || (v.shape === 'pointer' && written))
            implicit.push(v);
    }
    const explicit = c.clauses.filter(cl => cl.name === 'shared').flatMap(cl => cl.items.map(i => i.name));
    const pragma = `#pragma omp task${taskClauses(model, c, implicit, explicit, regionShared)}`;
    const statement = c.statement;
    if (c.form === 'pragma') {
        stage.edit((0, edits_1.replace)(c.head, pragma));
        for (const e of (0, elide_1.trailingClauseRemovals)(text, c))
            stage.edit(e);
        return;
    }
    const k = c.keyword;
    if ((0, layout_1.atLineStart)(text, k.start) && (0, common_1.inBlock)(statement)) {
        // The directive takes the keyword's place; the statement keeps its own line or moves to the next.
        const indent = (0, layout_1.lineIndent)(text, k.start);
        const sameLine = !text.slice(k.headEnd, statement.start).includes('\n');
        stage.edit((0, edits_1.replace)({ start: k.start, end: sameLine ? statement.start : (0, edits_1.withTrailingBlanks)(text, k.headEnd) }, sameLine ? `${pragma}\n${indent}` : pragma));
        return;
    }
    (0, common_1.directiveBefore)(stage, statement, pragma, statement.start, k.start);
}
/** `meta_join;` -> `#pragma omp taskwait`. */
function join(stage, c) {
    const text = stage.text;
    if (c.form === 'pragma') {
        stage.edit((0, edits_1.replace)(c.head, '#pragma omp taskwait'));
        return;
    }
    const k = c.keyword;
    const semi = (0, keywords_1.skipTrivia)(text, k.headEnd);
    const end = text[semi] === ';' ? semi + 1 : k.headEnd;
    const statement = c.statement;
    if (statement && !(0, common_1.inBlock)(statement)) {
        const indent = (0, layout_1.lineIndent)(text, k.start);
        stage.edit((0, edits_1.replace)({ start: k.start, end }, `{\n${indent}${stage.unit}#pragma omp taskwait\n${indent}}`));
        return;
    }
    const before = (0, layout_1.atLineStart)(text, k.start) ? '' : '\n' + (0, layout_1.lineIndent)(text, k.start);
    const after = (0, layout_1.atLineEnd)(text, end) ? '' : '\n' + (0, layout_1.lineIndent)(text, k.start);
    stage.edit((0, edits_1.replace)({ start: k.start, end }, `${before}#pragma omp taskwait${after}`));
}
/** The parallel loop right after a `#pragma meta grainsize`, if any. */
function grainsizeLoop(model, g) {
    const at = (0, keywords_1.skipTrivia)(model.text, g.head.end);
    return model.constructs.find(c => c.kind === 'parallel-for' && c.start === at);
}
/** `meta_for (...)` -> `#pragma omp parallel for` (or `taskloop`, inside a team) + `for (...)`. */
function parallelFor(stage, model, c, taskloop) {
    const text = stage.text;
    const loop = c.loop;
    const nested = nestedControlVariables(model, c);
    const clauses = taskloop ? [(0, common_1.clauseText)('shared', (0, openmpLoops_1.taskloopShared)(model, c).filter(v => !nested.includes(v)))] : [];
    for (const cl of c.clauses)
        if (cl.name === 'reduction')
            clauses.push(`reduction(${text.slice(cl.args ? cl.args.span.start : cl.start, cl.args ? cl.args.span.end : cl.end).trim()})`);
    // A control variable declared before the loop ends with its final value in the serial
    // elision (the program's meaning); OpenMP makes it private, so ask for the last value.
    const { header } = (0, loops_1.canonicalHeader)(loop, text);
    const init = (0, ast_1.child)(loop, 'initializer');
    const last = header && init && init.type !== 'declaration' ? [header.variable] : [];
    if (last.length || nested.length)
        clauses.push(`lastprivate(${[...last, ...nested].join(', ')})`);
    // OpenMP allows '!=' only with a unit step; for a loop that terminates, '<' (or '>') is the same test.
    const relation = header && (0, ast_1.unparen)(header.condition)?.children.find(x => x.field === 'operator');
    if (header && relation && header.operator === '!=' && header.step.text.trim() !== '1') {
        stage.edit((0, edits_1.replace)(relation, header.step.negative === header.variableOnLeft ? '>' : '<'));
    }
    const g = model.constructs.find(k => k.kind === 'grainsize' && grainsizeLoop(model, k) === c);
    const grainsize = g?.directive?.argument?.text;
    if (grainsize)
        clauses.push(taskloop ? `grainsize(${grainsize})` : `schedule(dynamic, ${grainsize})`);
    else if (!taskloop && (0, openmpLoops_1.unevenIterations)((0, ast_1.child)(loop, 'body') ?? loop, text))
        clauses.push('schedule(dynamic)');
    const pragma = `#pragma omp ${taskloop ? 'taskloop' : 'parallel for'}${(0, common_1.joinClauses)(...clauses)}`;
    if (c.form === 'pragma') {
        stage.edit((0, edits_1.replace)(c.head, pragma));
        return;
    }
    const k = c.keyword;
    const keywordSpan = { start: k.start, end: (0, edits_1.withTrailingBlanks)(text, k.headEnd) };
    if (!(0, common_1.inBlock)(loop)) {
        const indent = (0, layout_1.lineIndent)(text, loop.start);
        const unit = stage.unit;
        stage.edit((0, edits_1.replace)(keywordSpan, `{\n${indent}${unit}${pragma}\n${indent}${unit}for `));
        stage.edit((0, edits_1.insert)(loop.end, `\n${indent}}`));
        return;
    }
    const lead = (0, layout_1.atLineStart)(text, k.start) ? '' : '\n' + (0, layout_1.lineIndent)(text, k.start);
    stage.edit((0, edits_1.replace)(keywordSpan, `${lead}${pragma}\n${(0, layout_1.lineIndent)(text, k.start)}for `));
}
/**
 * The control variables, declared before `c`, of the parallel loops nested in it. Each inner loop
 * stores its last value into the copy its iteration of `c` sees (lastprivate, above): shared by
 * `c`'s iterations, that is a race. Private to each and lastprivate, they end with the serial
 * elision's value, as `c`'s own variable does (a `collapse(2)` read back from MetaFork).
 */
function nestedControlVariables(model, c) {
    const text = model.text;
    const names = new Set();
    for (const k of model.constructs) {
        if (k === c || k.kind !== 'parallel-for' || !k.loop || !(0, span_1.within)(k.loop, c.loop))
            continue;
        const init = (0, ast_1.child)(k.loop, 'initializer');
        const { header } = (0, loops_1.canonicalHeader)(k.loop, text);
        if (header && init && init.type !== 'declaration')
            names.add(header.variable);
    }
    if (!names.size)
        return [];
    const own = (0, loops_1.canonicalHeader)(c.loop, text).header?.variable;
    return (0, sharing_1.sharingAt)(model, c)
        .filter(e => !e.local && names.has(e.variable.name) && e.variable.name !== own)
        .map(e => e.variable.name)
        .filter((name, i, all) => all.indexOf(name) === i);
}
function teamOfMain(models) {
    const main = models.find(m => m.item.type === 'function_definition' && (0, ast_1.functionName)(m.item, m.text)?.name === 'main');
    const span = main && (0, openmpLoops_1.wrapsMain)(models) ? (0, openmpLoops_1.teamStatements)(models, main) : undefined;
    if (!main || !span)
        return { shared: new Set() };
    const shared = main.scopes.variables.filter(v => (0, declarations_1.isFunctionLocal)(v) && v.span.start < span.start);
    return { span, shared: new Set(shared) };
}
/**
 * The statements of `main` that reach parallel code (./openmpLoops `teamStatements`) in `parallel` +
 * `single`; false where they cannot be a region's body (then `main` is wrapped whole).
 */
function wrapTeamStatements(stage, range, nested) {
    const text = stage.text;
    // Something before the first statement on its line (`int main(void) { meta_fork ...`): wrapped whole.
    if (text.slice(text.lastIndexOf('\n', range.start - 1) + 1, range.start).trim())
        return false;
    const indent = (0, layout_1.lineIndent)(text, range.start);
    const unit = stage.unit;
    // From the end of what precedes the first statement: a directive line inserted before it (at its
    // line start, or at the end of the line above) comes along.
    let start = range.start;
    while (start > 0 && /\s/.test(text[start - 1]))
        start--;
    const span = { start, end: range.end };
    const [, ...inner] = stage
        .render(span)
        .split('\n')
        .map(l => (l.trim() === '' ? '' : l.startsWith(indent) ? indent + unit + l.slice(indent.length) : l));
    const levels = nested
        ? [`${indent}omp_set_max_active_levels(2); /* the team below, and the parallel regions its tasks open */`]
        : [];
    if (nested)
        stage.includes.add('omp.h');
    const lines = [
        '', ...levels, `${indent}${exports.TEAM_REGION}`, `${indent}#pragma omp parallel`, `${indent}#pragma omp single`, `${indent}{`,
        ...inner, `${indent}}`,
    ];
    stage.edit((0, edits_1.replace)(span, lines.join('\n')));
    return true;
}
/** Renames `main` and adds the `main` that opens the team (Figure 3.27, whose code the thesis lost). */
function wrapMain(stage, models, nested, team) {
    const text = stage.text;
    for (const model of models) {
        const fn = model.item;
        if (fn.type !== 'function_definition')
            continue;
        const declarator = (0, ast_1.child)(fn, 'declarator');
        const fd = declarator && (0, scopes_1.findFunctionDeclarator)(declarator);
        const name = (0, ast_1.functionName)(fn, text);
        if (!fd || name?.name !== 'main')
            continue;
        if (team.span && wrapTeamStatements(stage, team.span, nested))
            return { model, whole: false };
        const params = (0, ast_1.child)(fd, 'parameters');
        const paramText = params ? text.slice(params.start, params.end) : '(void)';
        const names = [];
        for (const p of params ? (0, ast_1.named)(params) : []) {
            const d = p.type === 'parameter_declaration' ? (0, ast_1.child)(p, 'declarator') : undefined;
            const info = d && (0, scopes_1.declaratorInfo)(d);
            if (info)
                names.push(text.slice(info.id.start, info.id.end));
        }
        const type = (0, ast_1.child)(fn, 'type');
        const returnsVoid = !!type && text.slice(type.start, type.end) === 'void';
        const unit = stage.unit;
        const call = `${exports.RENAMED_MAIN}(${names.join(', ')})`;
        // Parallel loops become taskloops inside the team; only `parallel` regions the file itself
        // writes would open nested teams.
        const levels = nested
            ? [`${unit}omp_set_max_active_levels(2); /* the team below, and the parallel regions its tasks open */`]
            : [];
        const body = returnsVoid
            ? [
                ...levels,
                `${unit}#pragma omp parallel`,
                `${unit}#pragma omp single`,
                `${unit}${call};`,
            ]
            : [
                `${unit}int mf_status = 0;`,
                ...levels,
                `${unit}#pragma omp parallel`,
                `${unit}#pragma omp single`,
                `${unit}mf_status = ${call};`,
                `${unit}return mf_status;`,
            ];
        stage.edit((0, edits_1.replace)(name, exports.RENAMED_MAIN));
        // `main` returns 0 when it ends without `return` (C11 §5.1.2.2.3, C++ [basic.start.main]); the
        // renamed function would return an indeterminate value (undefined behaviour in C++).
        const block = (0, ast_1.child)(fn, 'body');
        const last = block && (0, ast_1.named)(block).filter(s => s.type !== 'comment').at(-1);
        if (!returnsVoid && block && last?.type !== 'return_statement')
            stage.edit((0, edits_1.insert)(...(0, common_1.beforeClosingBrace)(stage, block, 'return 0; /* what main returns when it ends */')));
        stage.edit((0, edits_1.insert)(fn.end, `\n\n${exports.GENERATED_MAIN}\n${returnsVoid ? 'void' : 'int'} main${paramText}\n{\n${body.join('\n')}\n}`));
        stage.includes.add('omp.h');
        return { model, whole: true };
    }
    return undefined;
}
//# sourceMappingURL=metaforkToOpenmp.js.map