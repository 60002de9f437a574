"use strict";
// The value of a C integer expression (`(N + s * B - 1) / (s * B)`) for given values of its
// identifiers, with C's rules: division truncates toward zero, comparisons give 0 or 1. Enough for
// the variables a program derives from its parameters and the atoms of the cost formulas.
Object.defineProperty(exports, "__esModule", { value: true });
exports.evaluateC = evaluateC;
/** The value, or undefined when an identifier has no value, a division is by zero, or the text is
 * not an expression this reads (calls, assignments, subscripts). */
function evaluateC(text, value) {
    const tokens = text.match(/\d+[uUlL]*|[A-Za-z_]\w*|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%()<>!?:~]|\S/g) ?? [];
    let at = 0;
    /** Inside the branch a `?:` does not take: parsed, never evaluated (`argc > 1 ? atoi(argv[1]) : 1000`). */
    let skipping = 0;
    const peek = () => tokens[at];
    const fail = () => { throw new Error('not an expression'); };
    const expect = (t) => { if (tokens[at++] !== t)
        fail(); };
    const truth = (x) => (x !== 0n ? 1n : 0n);
    const primary = () => {
        const t = tokens[at++];
        if (t === undefined)
            return fail();
        if (t === '(') {
            const v = conditional();
            expect(')');
            return v;
        }
        if (t === '-')
            return -primary();
        if (t === '+')
            return primary();
        if (t === '!')
            return 1n - truth(primary());
        if (t === '~')
            return ~primary();
        if (/^\d/.test(t))
            return BigInt(t.replace(/[uUlL]+$/, ''));
        if (/^[A-Za-z_]/.test(t) && peek() !== '(') {
            const v = skipping ? 0n : value(t);
            return v === undefined ? fail() : v;
        }
        if (/^[A-Za-z_]/.test(t) && skipping) {
            // A call in a branch not taken: skip its arguments.
            for (let depth = 0; at < tokens.length;) {
                const u = tokens[at++];
                depth += u === '(' ? 1 : u === ')' ? -1 : 0;
                if (depth === 0)
                    break;
            }
            return 0n;
        }
        return fail();
    };
    const levels = [
        [
            ['*', '/', '%'],
            (a, b, op) => (op === '*' ? a * b : b === 0n ? (skipping ? 0n : fail()) : op === '/' ? a / b : a % b),
        ],
        [['+', '-'], (a, b, op) => (op === '+' ? a + b : a - b)],
        [['<<', '>>'], (a, b, op) => (op === '<<' ? a << b : a >> b)],
        [
            ['<', '<=', '>', '>='],
            (a, b, op) => truth(op === '<'
                ? a < b
                    ? 1n
                    : 0n
                : op === '<='
                    ? a <= b
                        ? 1n
                        : 0n
                    : op === '>'
                        ? a > b
                            ? 1n
                            : 0n
                        : a >= b
                            ? 1n
                            : 0n),
        ],
        [['==', '!='], (a, b, op) => ((a === b) === (op === '==') ? 1n : 0n)],
        [['&&'], (a, b) => truth(a) & truth(b)],
        [['||'], (a, b) => truth(a) | truth(b)],
    ];
    const binary = (level) => {
        if (level < 0)
            return primary();
        let left = binary(level - 1);
        const [ops, apply] = levels[level];
        while (ops.includes(peek())) {
            const op = tokens[at++];
            left = apply(left, binary(level - 1), op);
        }
        return left;
    };
    const conditional = () => {
        const c = binary(levels.length - 1);
        if (peek() !== '?')
            return c;
        at++;
        const branch = (taken) => {
            if (!taken)
                skipping++;
            try {
                return conditional();
            }
            finally {
                if (!taken)
                    skipping--;
            }
        };
        const yes = branch(c !== 0n);
        expect(':');
        const no = branch(c === 0n);
        return c !== 0n ? yes : no;
    };
    try {
        const v = conditional();
        return at === tokens.length ? v : undefined;
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=evaluate.js.map