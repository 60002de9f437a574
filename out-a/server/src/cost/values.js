"use strict";
// The values the cost model evaluates its counts at, and where each came from: given ones
// (`--set`, the editor), the initializers of variables declared before the schedule
// (`dim = (N + s * B - 1) / (s * B)`), `#define`d constants, for a parameter of the schedule's
// function the argument its callers pass (read in the caller the same way: `jacobi1d(N, T, B, a, b)`
// in `main` with `int N = SIZE, T = 40, B = 64`), and last defaults by role, recorded as assumed.
Object.defineProperty(exports, "__esModule", { value: true });
exports.Environment = void 0;
const scopes_1 = require("../model/scopes");
const ast_1 = require("../syntax/ast");
const evaluate_1 = require("../symbolic/evaluate");
/** How deep the callers of callers are read (main → solve → kernel is 2). */
const CALL_DEPTH = 3;
class Environment {
    scope;
    given;
    fallback;
    cache = new Map();
    assumed = new Set();
    origins = new Map();
    constructor(scope, given, fallback) {
        this.scope = scope;
        this.given = given;
        this.fallback = fallback;
    }
    /** The values at `before` in `model`'s function; `fallback`: the default of a name nothing gives. */
    static of(doc, model, before, given, fallback, lines) {
        return new Environment(new Scope(doc, model, before, lines, 0), given, fallback);
    }
    /** The same program with some values changed (a point of a sweep). */
    with(values) {
        return new Environment(this.scope, { ...this.given, ...values }, this.fallback);
    }
    value(name) {
        return this.given[name];
    }
    resolve(name, seen = new Set()) {
        if (this.cache.has(name))
            return this.cache.get(name);
        let v = name in this.given ? BigInt(Math.round(this.given[name])) : undefined;
        if (v !== undefined)
            this.origins.set(name, 'given');
        if (v === undefined && this.scope.isArgc(name))
            return 1n; // not a value the user sets
        const init = this.scope.initializer(name);
        if (v === undefined && init !== undefined && !seen.has(name)) {
            v = (0, evaluate_1.evaluateC)(init, n => this.resolve(n, new Set([...seen, name])));
        }
        if (v === undefined && init === undefined) {
            const found = this.scope.fromCallers(name);
            v = found.value;
            if (found.origin)
                this.origins.set(name, found.origin);
        }
        if (v === undefined && this.fallback && /^[A-Za-z_]\w*$/.test(name)) {
            v = BigInt(this.fallback(name));
            this.assumed.add(name);
        }
        this.cache.set(name, v);
        return v;
    }
    /** A polynomial's value (its atoms evaluated as C); NaN when some symbol has none. */
    number(p) {
        const values = new Map();
        for (const s of p.symbols()) {
            const v = /^[A-Za-z_]\w*$/.test(s) ? this.resolve(s) : (0, evaluate_1.evaluateC)(s, n => this.resolve(n));
            if (v === undefined)
                return NaN;
            values.set(s, v);
        }
        const r = p.evaluate(values);
        return Number(r.n) / Number(r.d);
    }
    used() {
        return Object.fromEntries([...this.cache].filter(([, v]) => v !== undefined).map(([k, v]) => [k, Number(v)]));
    }
    assumedNames() {
        return [...this.assumed];
    }
    /** Where the values read from a caller came from (`main's call, line 43`). */
    originsOf() {
        return Object.fromEntries(this.origins);
    }
}
exports.Environment = Environment;
/** What a function's text says of a name at a point: an initializer, a macro, or its callers'
 * argument for a parameter. No defaults here. */
class Scope {
    doc;
    model;
    lines;
    depth;
    initializers = new Map();
    parameters = new Map();
    memo = new Map();
    /** What the callers pass, by parameter: read once (a sweep asks for it at every block size). */
    passed = new Map();
    resolving = new Set();
    constructor(doc, model, before, lines, depth) {
        this.doc = doc;
        this.model = model;
        this.lines = lines;
        this.depth = depth;
        const text = model.text;
        for (const [name, value] of model.fileScope.macroConstants)
            this.initializers.set(name, value);
        const params = parameterOrder(model);
        for (const v of model.scopes.variables) {
            if (v.shape !== 'value' || v.span.start >= before)
                continue;
            if (v.storage === 'param') {
                const index = params.findIndex(p => p.start <= v.span.start && v.span.end <= p.end);
                if (index >= 0)
                    this.parameters.set(v.name, index);
                continue;
            }
            const value = (0, scopes_1.initializerOf)(v);
            if (value)
                this.initializers.set(v.name, text.slice(value.start, value.end));
        }
    }
    /** The program as run without arguments: `argc > 1 ? atoi(argv[1]) : 1000` is its default 1000. */
    isArgc(name) {
        return name === 'argc' && this.functionName() === 'main';
    }
    initializer(name) {
        return this.initializers.get(name);
    }
    /** A name's value from this text alone (a caller's, where no value is given). */
    value(name) {
        if (this.memo.has(name))
            return this.memo.get(name).value;
        if (this.resolving.has(name))
            return undefined;
        this.resolving.add(name);
        const init = this.initializers.get(name);
        const value = this.isArgc(name)
            ? 1n
            : init !== undefined
                ? (0, evaluate_1.evaluateC)(init, n => this.value(n))
                : this.fromCallers(name).value;
        this.resolving.delete(name);
        this.memo.set(name, { value });
        return value;
    }
    functionName() {
        return this.model.item.type === 'function_definition'
            ? (0, ast_1.functionName)(this.model.item, this.model.text)?.name
            : undefined;
    }
    /** The argument every call of this function passes at `index`, evaluated in its caller; the
     * first call's when they differ (the origin says which, and how many calls there are). */
    fromCallers(name) {
        let known = this.passed.get(name);
        if (!known)
            this.passed.set(name, (known = this.readCallers(name)));
        return known;
    }
    readCallers(name) {
        const index = this.parameters.get(name);
        const callee = this.functionName();
        if (index === undefined || !callee || this.depth >= CALL_DEPTH)
            return {};
        const found = [];
        let calls = 0;
        const text = this.doc.text;
        for (let i = 0; i < this.doc.items.length; i++) {
            const ref = this.doc.items[i];
            // Only the functions whose text names the callee are modelled (a hover in a large file).
            if (ref.type !== 'function_definition' || !text.slice(ref.start, ref.end).includes(callee))
                continue;
            const caller = this.doc.item(i);
            (0, ast_1.walk)(caller.item, n => {
                if (n.type !== 'call_expression')
                    return true;
                const f = (0, ast_1.child)(n, 'function');
                if (!f || f.type !== 'identifier' || text.slice(f.start, f.end) !== callee)
                    return true;
                calls++;
                const arg = (0, ast_1.named)((0, ast_1.child)(n, 'arguments')).filter(a => a.type !== 'comment')[index];
                if (!arg)
                    return true;
                const scope = new Scope(this.doc, caller, n.start, this.lines, this.depth + 1);
                const value = (0, evaluate_1.evaluateC)(text.slice(arg.start, arg.end), m => scope.value(m));
                const line = this.lines ? `, line ${this.lines.position(n.start).line + 1}` : '';
                const name = (0, ast_1.functionName)(caller.item, text)?.name ?? 'a function';
                if (value !== undefined)
                    found.push({ value, where: `${name}'s call${line}` });
                return true;
            });
        }
        if (!found.length)
            return {};
        const alike = found.every(f => f.value === found[0].value);
        const of = calls > 1 ? (alike ? ` (all ${calls} calls)` : ` (the first of ${calls} calls, which differ)`) : '';
        return { value: found[0].value, origin: `${found[0].where}${of}` };
    }
}
/** The spans of a function's parameter declarations, in order. */
function parameterOrder(model) {
    if (model.item.type !== 'function_definition')
        return [];
    const declarator = (0, ast_1.child)(model.item, 'declarator');
    const fd = declarator && (0, scopes_1.findFunctionDeclarator)(declarator);
    const params = fd && (0, ast_1.child)(fd, 'parameters');
    return params ? (0, ast_1.named)(params).filter(p => p.type === 'parameter_declaration') : [];
}
//# sourceMappingURL=values.js.map