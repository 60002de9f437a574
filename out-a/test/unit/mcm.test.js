"use strict";
// The many-core machine model (Xie 2016 Ch. 4 and App. B): each worked analysis is
// described kernel by kernel with the counts the text gives (calls, blocks per call, per-block
// work, span and words), and the measures are checked against the printed closed forms, typed
// here as strings. Polynomial in n, m, c, U and the atom log2(n); s, ℓ and m (where it enters a
// block count's denominator) run over sample values. Where the printed form is not what the
// counts give, the test says so and checks what does hold.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const poly_1 = require("../../server/src/symbolic/poly");
const mcm_1 = require("../../server/src/cost/mcm");
const ONE = poly_1.Poly.constant(1);
const lift = (p) => ({ num: p, den: ONE });
function norm(f) {
    const d = f.den.constantValue;
    return d && d.n !== 0n ? { num: f.num.scale((0, poly_1.rational)(d.d, d.n)), den: ONE } : f;
}
const add = (a, b) => norm({ num: a.num.mul(b.den).add(b.num.mul(a.den)), den: a.den.mul(b.den) });
const mul = (a, b) => norm({ num: a.num.mul(b.num), den: a.den.mul(b.den) });
const neg = (a) => ({ num: a.num.neg(), den: a.den });
const inv = (a) => {
    if (a.num.isZero)
        throw new RangeError('division by zero');
    return norm({ num: a.den, den: a.num });
};
function constantOf(f) {
    const n = f.num.constantValue, d = f.den.constantValue;
    return n && d ? (0, poly_1.rational)(n.n * d.d, n.d * d.n) : undefined;
}
function log2Exact(c) {
    const [x, sign] = c.d === 1n ? [c.n, 1n] : c.n === 1n ? [c.d, -1n] : [0n, 0n];
    if (x <= 0n || (x & (x - 1n)) !== 0n)
        throw new RangeError(`log2(${c.n}/${c.d}) is not an integer`);
    return sign * BigInt(x.toString(2).length - 1);
}
/** A formula as printed (+ - * / ^, decimals, log2(...)): symbols in `env` take its numbers, the
 * others stay symbols; log2 of a symbol is the atom `log2(n)`. */
function formula(text, env = {}) {
    const tokens = text.match(/\d+(?:\.\d+)?|[A-Za-z_]\w*|\S/g) ?? [];
    let at = 0;
    const fail = (why) => { throw new SyntaxError(`${text}: ${why} at token ${at}`); };
    const eat = (t) => { if (tokens[at] !== t)
        fail(`expected ${t}`); at++; };
    const sum = () => {
        let v = product();
        while (tokens[at] === '+' || tokens[at] === '-')
            v = tokens[at++] === '+' ? add(v, product()) : add(v, neg(product()));
        return v;
    };
    const product = () => {
        let v = unary();
        while (tokens[at] === '*' || tokens[at] === '/')
            v = tokens[at++] === '*' ? mul(v, unary()) : mul(v, inv(unary()));
        return v;
    };
    const unary = () => (tokens[at] === '-' ? (at++, neg(unary())) : power());
    const power = () => {
        const base = atom();
        if (tokens[at] !== '^')
            return base;
        at++;
        const e = constantOf(unary());
        if (!e || e.d !== 1n || e.n < 0n)
            return fail('exponent is not a natural number');
        let v = lift(ONE);
        for (let j = 0n; j < e.n; j++)
            v = mul(v, base);
        return v;
    };
    const atom = () => {
        const t = tokens[at++];
        if (t === undefined)
            return fail('unexpected end');
        if (t === '(') {
            const v = sum();
            eat(')');
            return v;
        }
        if (/^\d/.test(t)) {
            const [whole, frac = ''] = t.split('.');
            return lift(poly_1.Poly.constant((0, poly_1.rational)(BigInt(whole + frac), 10n ** BigInt(frac.length))));
        }
        if (t === 'log2') {
            eat('(');
            const from = at, v = sum(), inner = tokens.slice(from, at).join('');
            eat(')');
            const c = constantOf(v);
            return lift(c ? poly_1.Poly.constant(log2Exact(c)) : poly_1.Poly.symbol(`log2(${inner})`));
        }
        if (/^[A-Za-z_]/.test(t))
            return lift(t in env ? poly_1.Poly.constant(BigInt(env[t])) : poly_1.Poly.symbol(t));
        return fail(`unexpected ${t}`);
    };
    const v = sum();
    if (at !== tokens.length)
        fail('trailing input');
    return v;
}
/** A printed polynomial (a C or a K to put into the bound). */
function poly(text, env = {}) {
    const f = formula(text, env);
    strict_1.default.ok(f.den.equals(ONE), `${text} is not a polynomial`);
    return f.num;
}
const show = (f) => (f instanceof poly_1.Poly ? f.toMath() : `(${f.num.toMath()}) / (${f.den.toMath()})`);
function same(actual, printed, env = {}) {
    const want = formula(printed, env);
    strict_1.default.ok((0, mcm_1.sameFraction)(actual, want), `got ${show(actual)}; printed ${printed} is ${show(want)} at ${JSON.stringify(env)}`);
}
/** The parts of highest total degree in `vars` of numerator and denominator: "~ as they escape to infinity". */
function leading(f, vars) {
    const top = (p) => {
        const degree = (t) => vars.reduce((d, v) => d + (t.powers.get(v) ?? 0), 0);
        const d = Math.max(...p.terms().map(degree));
        let out = poly_1.Poly.ZERO;
        for (const t of p.terms().filter(t => degree(t) === d)) {
            let term = poly_1.Poly.constant(t.coefficient);
            for (const [s, e] of t.powers)
                for (let j = 0; j < e; j++)
                    term = term.mul(poly_1.Poly.symbol(s));
            out = out.add(term);
        }
        return out;
    };
    const x = f instanceof poly_1.Poly ? lift(f) : f;
    return { num: top(x.num), den: top(x.den) };
}
const point = (values) => new Map(Object.entries(values).map(([k, v]) => [k, BigInt(v)]));
const value = (f, values = {}) => (0, mcm_1.valueAt)(f, point(values));
const less = (a, b) => a.n * b.d < b.n * a.d;
const equal = (a, b) => a.n * b.d === b.n * a.d;
// ---- symbols and sample points -----------------------------------------------------------------
const N = poly_1.Poly.symbol('n'), M = poly_1.Poly.symbol('m'), U = poly_1.Poly.symbol('U'), C = poly_1.Poly.symbol('c');
const I = poly_1.Poly.symbol('i'), LGN = poly_1.Poly.symbol('log2(n)');
const P = (x) => (x instanceof poly_1.Poly ? x : poly_1.Poly.constant(x));
const per = (x, d) => P(x).scale((0, poly_1.rational)(1, d));
const S_VALUES = [1, 2, 4, 8, 16, 32, 64, 128, 256];
const L_VALUES = [32, 64, 128, 256, 512, 1024];
const U_VALUES = [1, 2, 5, 12, 13, 100, 600];
// ---- the module on small programs --------------------------------------------------------------
(0, node_test_1.test)('formula reader: powers, fractions, exact log2', () => {
    const a = poly_1.Poly.symbol('a'), b = poly_1.Poly.symbol('b');
    strict_1.default.ok((0, mcm_1.sameFraction)(formula('(a+b)^2'), a.mul(a).add(a.mul(b).scale(2)).add(b.mul(b))));
    strict_1.default.ok((0, mcm_1.sameFraction)(formula('log2(m/s) + 2^s - 15.75', { m: 1024, s: 4 }), poly_1.Poly.constant((0, poly_1.rational)(33, 4))));
    strict_1.default.ok((0, mcm_1.sameFraction)(formula('1/(a+1) - 1'), { num: a.neg(), den: a.add(ONE) }));
    strict_1.default.ok((0, mcm_1.sameFraction)(formula('log2(n)*n'), LGN.mul(N)));
});
(0, node_test_1.test)('one kernel: W = blocks·ℓ·S(B), O(B) = ℓ(α+β)U unless coalesced, L = 1, T ≤ (N/K + L)·C', () => {
    const b = poly_1.Poly.symbol('b'), l = poly_1.Poly.symbol('l');
    const k = { name: 'k', blocks: b, threads: l, span: 7, reads: 2, writes: 1, coalesced: false };
    const p = (0, mcm_1.launch)(k);
    same((0, mcm_1.work)(p), '7*b*l');
    same((0, mcm_1.span)(p), '7');
    same((0, mcm_1.overhead)(p, U), '3*b*l*U');
    same((0, mcm_1.overhead)((0, mcm_1.launch)({ ...k, coalesced: true }), U), '3*b*U');
    same((0, mcm_1.overhead)((0, mcm_1.launch)({ ...k, coalesced: { reads: true, writes: false } }), U), 'b*(2 + l)*U');
    same((0, mcm_1.blockCount)(p), 'b');
    same((0, mcm_1.criticalPath)(p), '1');
    same((0, mcm_1.blockCost)(p, U), '7 + 3*l*U');
    same((0, mcm_1.timeBound)((0, mcm_1.measure)(p, U), b), '2*(7 + 3*l*U)');
    same((0, mcm_1.timeBound)((0, mcm_1.measure)(p, U), 1), '(b + 1)*(7 + 3*l*U)');
});
(0, node_test_1.test)('a host loop is a path of launches; blocks polynomial in its index are summed exactly', () => {
    const k = (blocks) => ({ name: 'k', blocks, threads: 4, span: 1, reads: 1, writes: 0, coalesced: true });
    const looped = (0, mcm_1.repeat)(5, k(I.mul(I).mul(I).add(I.scale(2)).add(ONE)), 'i');
    const unrolled = (0, mcm_1.seq)(...[0, 1, 2, 3, 4].map(i => k(P(i ** 3 + 2 * i + 1))));
    for (const f of [mcm_1.work, mcm_1.blockCount, mcm_1.span, mcm_1.criticalPath])
        strict_1.default.ok(f(looped).equals(f(unrolled)), f.name);
    same((0, mcm_1.blockCount)(looped), '125');
    same((0, mcm_1.criticalPath)(looped), '5');
    const t = poly_1.Poly.symbol('t');
    same((0, mcm_1.blockCount)((0, mcm_1.repeat)(t, k(I.mul(I)), 'i')), '(t-1)*t*(2*t-1)/6');
    same((0, mcm_1.blockCount)((0, mcm_1.repeat)(t, k(I.mul(I).mul(I)), 'i')), '(t*(t-1)/2)^2');
    same((0, mcm_1.span)((0, mcm_1.repeat)(t, (0, mcm_1.repeat)(2, k(I), 'j'), 'i')), '2*t');
    same((0, mcm_1.widestAntichain)((0, mcm_1.repeat)(6, k(P(10).sub(I)), 'i')), '10');
    same((0, mcm_1.widestAntichain)((0, mcm_1.repeat)(6, k(I.add(P(3))), 'i')), '8');
    strict_1.default.throws(() => (0, mcm_1.widestAntichain)((0, mcm_1.repeat)(6, k(I.mul(I)), 'i')), /not affine/);
});
(0, node_test_1.test)('parallel parts: S and L follow the longer branch, W and N add up, K adds the widths', () => {
    const k = (name, blocks, s) => ({ name, blocks, threads: 32, span: s, reads: 1, writes: 1, coalesced: true });
    const p = (0, mcm_1.seq)((0, mcm_1.par)(k('a', 8, 5), (0, mcm_1.repeat)(3, k('b', 2, 4))), k('c', 8, 5));
    same((0, mcm_1.span)(p), '12 + 5');
    same((0, mcm_1.criticalPath)(p), '3 + 1');
    same((0, mcm_1.blockCount)(p), '8 + 3*2 + 8');
    same((0, mcm_1.work)(p), '32*(8*5 + 3*2*4 + 8*5)');
    same((0, mcm_1.widestAntichain)(p), '8 + 2');
    same((0, mcm_1.blockCost)(p, U), '5 + 2*U');
});
// ---- (a) the Euclidean algorithm (§4.3; App B "Euclidean") ---------------------------------------
/**
 * OptGcdKer with s division steps per call. Ping-ping: (n − m)/s calls of m/ℓ blocks. Ping-pong:
 * 2m/s calls, paired as in the worksheet, calls 2i and 2i + 1 on (m − i·s/2)/ℓ blocks. A division
 * step costs 3 operations per coefficient (factor, product, difference): per block
 * 3(Σ_{i≤s} i + 2ℓs) = 3/2 s² + 3/2 s + 6ℓs in ping-ping, 3(2Σ_{s/2≤i≤s} i + 2ℓs) =
 * 9/4 s² + 9/2 s + 6ℓs in ping-pong; the busiest thread 3s; each thread reads 6 and writes 2
 * words, coalesced (8U).
 */
function gcd(s, l, n = N, m = M) {
    const block = { threads: l, span: 3 * s, reads: 6, writes: 2, coalesced: true };
    const pingPing = { name: 'ping-ping', ...block, blocks: per(m, l), work: (0, poly_1.rational)(3 * s * s + 3 * s + 12 * l * s, 2) };
    const pingPong = {
        name: 'ping-pong', ...block, blocks: P(m).sub(I.scale((0, poly_1.rational)(s, 2))).scale((0, poly_1.rational)(1, l)),
        work: (0, poly_1.rational)(9 * s * s + 18 * s + 24 * l * s, 4),
    };
    return (0, mcm_1.seq)((0, mcm_1.repeat)(per(P(n).sub(P(m)), s), pingPing), (0, mcm_1.repeat)(per(m, s), (0, mcm_1.repeat)(2, pingPong), 'i'));
}
(0, node_test_1.test)('GCD (§4.3): S_s, O_s, N_s, L_s, C_s and T_s on m/ℓ SMs are the printed ones', () => {
    for (const s of S_VALUES)
        for (const l of L_VALUES) {
            const p = gcd(s, l), at = { s, l };
            same((0, mcm_1.span)(p), '3*n + 3*m', at);
            same((0, mcm_1.overhead)(p, U), '4*m*U*(2*n+m+s)/(s*l)', at);
            same((0, mcm_1.blockCount)(p), '(2*n*m + m^2 + m*s)/(2*s*l)', at);
            same((0, mcm_1.criticalPath)(p), '(n+m)/s', at);
            same((0, mcm_1.blockCost)(p, U), '3*s + 8*U', at);
            same((0, mcm_1.timeBound)((0, mcm_1.measure)(p, U), per(M, l)), '(4*n+3*m+s)/(2*s)*(3*s+8*U)', at);
        }
});
(0, node_test_1.test)('GCD W_s: the worksheet\'s form; Ch.4 prints it with two factors m lost', () => {
    for (const s of S_VALUES)
        for (const l of L_VALUES) {
            const w = (0, mcm_1.work)(gcd(s, l)), at = { s, l };
            // App B (1.1.3) prints 3/8·m(81m + 161n + 81s + 5ms + ...)/l: "1" is the OCR of l (8lm, 16ln,
            // 8ls), as its s = 1 form 3/8·m(8lm + 16ln + 8l + 19m + 8n + 9)/l shows.
            same(w, '3/8*m*(8*l*m + 16*l*n + 8*l*s + 5*m*s + 4*n*s + 3*s^2 + 14*m + 4*n + 6*s)/l', at);
            // Ch.4's 3m^2 + 6nm + 3s + 3(5ms+4ns+14m+4n+3s^2+6s)/(8ℓ) is that with the m of 3ms and of the
            // fraction missing; its own W_1/W_s (next test) needs them.
            strict_1.default.ok(!(0, mcm_1.sameFraction)(w, formula('3*m^2 + 6*n*m + 3*s + 3*(5*m*s+4*n*s+14*m+4*n+3*s^2+6*s)/(8*l)', at)));
            same(w, '3*m^2 + 6*n*m + 3*m*s + 3*m*(5*m*s+4*n*s+14*m+4*n+3*s^2+6*s)/(8*l)', at);
        }
});
(0, node_test_1.test)('GCD ratios: S_1/S_s = 1, O_1/O_s and R exact, W_1/W_s and R as n, m grow; R > 1 iff s > 1', () => {
    for (const l of L_VALUES) {
        const one = (0, mcm_1.measure)(gcd(1, l), U), K = per(M, l);
        for (const s of S_VALUES) {
            const p = (0, mcm_1.measure)(gcd(s, l), U), at = { s, l };
            same((0, mcm_1.ratio)(one.span, p.span), '1', at);
            same((0, mcm_1.ratio)(one.overhead, p.overhead), '(2*n+m+1)*s/(2*n+m+s)', at);
            same(leading((0, mcm_1.ratio)(one.work, p.work), ['n', 'm']), '((16*l+8)*n+(8*l+19)*m)/((16*l+4*s+4)*n+(8*l+5*s+14)*m)', at);
            const R = (0, mcm_1.ratio)((0, mcm_1.timeBound)(one, K), (0, mcm_1.timeBound)(p, K));
            same(R, '(4*n+3*m+1)*(3+8*U)*s/((4*n+3*m+s)*(3*s+8*U))', at);
            const limit = leading(R, ['n', 'm']);
            same(limit, '(3+8*U)*s/(3*s+8*U)', at);
            for (const u of U_VALUES) {
                const r = value(limit, { U: u, n: 3, m: 2 }); // (4n + 3m) cancels
                strict_1.default.equal(r.n > r.d, s > 1, `s = ${s}, U = ${u}`);
            }
        }
    }
});
(0, node_test_1.test)('GCD K: the first call\'s m/ℓ blocks are the widest antichain (signs alone cannot tell)', () => {
    for (const [n, m] of [[4096, 1024], [1 << 14, 1 << 14], [1 << 20, 1 << 12]])
        for (const s of [1, 4, 256])
            for (const l of [32, 256]) {
                strict_1.default.ok(equal(value((0, mcm_1.widestAntichain)(gcd(s, l, n, m))), (0, poly_1.rational)(m, l)));
            }
    // m/ℓ against (m + s)/(2ℓ), the last ping-pong call, needs m ≥ s: not a matter of signs.
    strict_1.default.throws(() => (0, mcm_1.widestAntichain)(gcd(4, 32)), /signs do not tell/);
});
// ---- (b) FFT: Cooley–Tukey and Stockham (§4.4; App B "Fast Fourier Transform") ----------------
/**
 * Cooley–Tukey with m = 2^r: M″ is log2(n) − log2(m) stride permutations of n/ℓ blocks (20
 * operations and 2 words in and out per thread; for log2(ℓ) of them the writes do not coalesce:
 * 2U + 2ℓU per block); M′ = I ⊗ DFT_m one launch of n/(mℓ) blocks (ℓ(32m² + 9m) operations, the
 * busiest thread 32·log2(m)(m − 1) + 30m + 11, m words in and out); M is log2(n) − log2(m)
 * butterfly launches of n/ℓ blocks that compute their twiddles (34·log2(ℓ) + 27 for a thread, 4
 * words). The worksheet's M work is 34·log2(ℓ!) + 27ℓ per block; the printed W_ct bounds it by the
 * busiest thread, ℓ(34·log2(ℓ) + 27), which is what this description says.
 */
function cooleyTukey(l, m, n = N, lgn = LGN) {
    const lgl = Math.log2(l), lgm = Math.log2(m);
    const shuffle = (scattered) => ({
        name: 'M″', blocks: per(n, l), threads: l, span: 20, reads: 2, writes: 2, coalesced: { reads: true, writes: !scattered },
    });
    const dft = {
        name: 'M′', blocks: per(n, m * l), threads: l, work: l * (32 * m * m + 9 * m), span: 32 * lgm * (m - 1) + 30 * m + 11,
        reads: m, writes: m, coalesced: true,
    };
    const butterflies = { name: 'M', blocks: per(n, l), threads: l, span: 34 * lgl + 27, reads: 2, writes: 2, coalesced: true };
    return (0, mcm_1.seq)((0, mcm_1.repeat)(lgl, shuffle(true)), (0, mcm_1.repeat)(P(lgn).sub(P(lgm + lgl)), shuffle(false)), dft, (0, mcm_1.repeat)(P(lgn).sub(P(lgm)), butterflies));
}
/**
 * Stockham: the powers of ω by a prefix sum, 4 elements a thread (an inclusive scan on n/(4ℓ)
 * blocks, one block scanning their sums, n/(4ℓ) − 1 blocks adding them back: 8, 8 and 9 words a
 * thread), then A″ = DFT_2 ⊗ I once and log2(n) − 1 steps A = L ⊗ I, A′ = D ⊗ I, A″, with App B's
 * per-block counts (work 25ℓ, 20ℓ, 16ℓ; span 25, 10, 8; 2, 2, 4 words a thread; all coalesced).
 * FFT-based multiplication takes the powers as given (`roots` false).
 */
function stockham(l, n = N, lgn = LGN, roots = true) {
    const lgl = Math.log2(l), k = { threads: l, coalesced: true };
    const scan = { ...k, work: 1 + 16 * l, span: 8 * lgl + 17, reads: 4, writes: 4 };
    const inclusive = { name: 'ω powers: inclusive scans', ...scan, blocks: per(n, 4 * l) };
    const blockSums = { name: 'ω powers: block sums', ...scan, blocks: 1 };
    const addBack = { name: 'ω powers: add block sums', ...k, blocks: per(n, 4 * l).sub(ONE), work: 4 * l, span: 4, reads: 5, writes: 4 };
    const stride = { name: 'A', ...k, blocks: per(n, l), work: 25 * l, span: 25, reads: 1, writes: 1 };
    const twiddle = { name: 'A′', ...k, blocks: per(n, 2 * l), work: 20 * l, span: 10, reads: 1, writes: 1 };
    const butterfly = { name: 'A″', ...k, blocks: per(n, 2 * l), work: 16 * l, span: 8, reads: 2, writes: 2 };
    const fft = (0, mcm_1.seq)(butterfly, (0, mcm_1.repeat)(P(lgn).sub(ONE), (0, mcm_1.seq)(stride, twiddle, butterfly)));
    return roots ? (0, mcm_1.seq)(inclusive, blockSums, addBack, fft) : fft;
}
(0, node_test_1.test)('Cooley–Tukey (§4.4.1): W_ct, S_ct, O_ct, N_ct, L_ct, K and T_ct = (N/K + L)·C_ct as printed', () => {
    for (const l of L_VALUES)
        for (const m of [2, 4, 16, 64]) {
            const p = cooleyTukey(l, m), at = { l, m };
            same((0, mcm_1.work)(p), 'n*(34*log2(n)*log2(l) + 47*log2(n) + 32*m + 9 - 34*log2(m)*log2(l) - 47*log2(m))', at);
            same((0, mcm_1.span)(p), '34*log2(n)*log2(l) + 47*log2(n) + 32*m*log2(m) + 30*m + 11 - 34*log2(l)*log2(m) - 79*log2(m)', at);
            same((0, mcm_1.overhead)(p, U), '2*n*U/l*(4*log2(n) + l*log2(l) + 1 - log2(l) - 4*log2(m))', at);
            same((0, mcm_1.blockCount)(p), 'n/(m*l)*(2*m*log2(n) + 1 - 2*m*log2(m))', at);
            same((0, mcm_1.criticalPath)(p), '2*log2(n) - 2*log2(m) + 1', at);
            same((0, mcm_1.widestAntichain)(p), 'n/l', at);
            const printedC = poly('2*U*l + 34*log2(l) + 2*U + 27', at);
            same((0, mcm_1.timeBound)({ blocks: (0, mcm_1.blockCount)(p), criticalPath: (0, mcm_1.criticalPath)(p), blockCost: printedC }, per(N, l)), '(4*log2(n) + 1 + 1/m - 4*log2(m))*(2*U*l + 34*log2(l) + 2*U + 27)', at);
        }
});
(0, node_test_1.test)('Cooley–Tukey C_ct is an M block\'s span plus a scattered M″ block\'s overhead: it leaves out M′', () => {
    // max_B(S(B) + O(B)) is the printed C_ct unless the one-launch DFT_16 block (S + O = the m-terms
    // of S_ct plus its 2mU words) costs more; then C_ct is below C and T_ct is no bound by Theorem 4.2.1.
    let below = 0;
    for (const l of L_VALUES)
        for (const u of U_VALUES) {
            const at = { l, m: 16, U: u };
            const c = value((0, mcm_1.blockCost)(cooleyTukey(l, 16), u)), printed = value(poly('2*U*l + 34*log2(l) + 2*U + 27', at));
            const dft16 = value(poly('32*m*log2(m) + 30*m + 11 - 32*log2(m) + 2*m*U', at));
            if (less(printed, dft16)) {
                strict_1.default.ok(equal(c, dft16), JSON.stringify(at));
                below++;
            }
            else
                strict_1.default.ok(less(c, printed), JSON.stringify(at));
        }
    strict_1.default.ok(below > 0);
});
(0, node_test_1.test)('Stockham (§4.4.2): W_sh, S_sh, L_sh as printed; O_sh and N_sh as the counts give them', () => {
    for (const l of L_VALUES) {
        const p = stockham(l), at = { l };
        same((0, mcm_1.work)(p), 'n*43*log2(n) + n/(4*l) + 12*l + 1 - 30*n', at);
        same((0, mcm_1.span)(p), '43*log2(n) + 16*log2(l) + 3', at);
        same((0, mcm_1.criticalPath)(p), '3*log2(n) + 1', at);
        // Ch.4 prints O_sh without the −U of the worksheet (2.4.7); the printed O_ct/O_sh keeps it (below).
        same((0, mcm_1.overhead)(p, U), '5*n*U*log2(n)/l + 5*n*U/(4*l) - U', at);
        // N_sh counts the prefix sum's first kernel only, while L_sh counts all three: the block-sums
        // and add-back kernels bring 1 + (n/(4ℓ) − 1) more blocks.
        same((0, mcm_1.blockCount)(p), 'n*(8*log2(n) - 5)/(4*l) + n/(4*l)', at);
        // T_sh is (N/K + L)·C with the printed N_sh and C_sh, K = n/ℓ.
        const printed = { blocks: poly('n*(8*log2(n) - 5)/(4*l)', at), criticalPath: (0, mcm_1.criticalPath)(p), blockCost: poly('8*log2(l) + 4*U + 17', at) };
        same((0, mcm_1.timeBound)(printed, per(N, l)), 'log2(n)*(40*log2(l) + 20*U + 85) - 2*log2(l) - U - 17/4', at);
        for (const k of [12, 16, 20])
            strict_1.default.ok(equal(value((0, mcm_1.widestAntichain)(stockham(l, 2 ** k, k))), (0, poly_1.rational)(2 ** k, l)));
        // C_sh = 8log2(ℓ) + 17 + 4U: the scans' span with the butterflies' 4 words; the scans' blocks move
        // 8 and 9 words a thread, so C exceeds it.
        same((0, mcm_1.blockMaxima)(p, U).span, '8*log2(l) + 17', at);
        same((0, mcm_1.blockMaxima)(stockham(l, N, LGN, false), U).overhead, '4*U', at);
        for (const u of U_VALUES)
            strict_1.default.ok(less(value(poly('8*log2(l) + 4*U + 17', { l, U: u })), value((0, mcm_1.blockCost)(p, u))));
    }
});
(0, node_test_1.test)('Cooley–Tukey against Stockham (§4.4.3): O ratio exact, W and S ratios as n grows; Stockham is faster', () => {
    for (const l of L_VALUES) {
        const ct = cooleyTukey(l, 16), sh = stockham(l), at = { l };
        same((0, mcm_1.ratio)((0, mcm_1.overhead)(ct, U), (0, mcm_1.overhead)(sh, U)), '8*n*(4*log2(n) + l*log2(l) - log2(l) - 15)/(20*n*log2(n) + 5*n - 4*l)', at);
        const workRatio = formula('4*n*(47*log2(n)*l + 34*log2(n)*l*log2(l))/(172*n*log2(n)*l + n + 48*l^2)', at);
        const both = ['n', 'log2(n)'];
        strict_1.default.ok((0, mcm_1.sameFraction)(leading((0, mcm_1.ratio)((0, mcm_1.work)(ct), (0, mcm_1.work)(sh)), both), leading(workRatio, both)));
        same(leading(workRatio, both), '(34*log2(l) + 47)/43', at);
        const spanRatio = formula('(34*log2(n)*log2(l) + 47*log2(n))/(43*log2(n) + 16*log2(l))', at);
        strict_1.default.ok((0, mcm_1.sameFraction)(leading((0, mcm_1.ratio)((0, mcm_1.span)(ct), (0, mcm_1.span)(sh)), ['log2(n)']), leading(spanRatio, ['log2(n)'])));
        // With the theorem's C on both sides (no printed C), T_ct > T_sh at every sample.
        for (const u of U_VALUES) {
            const tct = (0, mcm_1.timeBound)((0, mcm_1.measure)(ct, u), per(N, l)), tsh = (0, mcm_1.timeBound)((0, mcm_1.measure)(sh, u), per(N, l));
            for (let k = Math.log2(16 * l); k <= 30; k += 3) {
                const x = { n: 2 ** k, 'log2(n)': k };
                strict_1.default.ok(less(value(tsh, x), value(tct, x)), `ℓ = ${l}, U = ${u}, n = 2^${k}`);
            }
        }
    }
    // The printed R ~ log2(n)(2Uℓ + 34log2(ℓ) + 2U)/(5log2(n)(U + 2log2(ℓ))) (T_ct/T_sh as n grows, with the
    // constants 27 of C_ct and 17 of C_sh dropped) exceeds 1 iff ℓ > 1.
    for (const l of [1, ...L_VALUES.map(l => l / 16), ...L_VALUES])
        for (const u of U_VALUES) {
            const r = value(formula('log2(n)*(2*U*l + 34*log2(l) + 2*U)/(5*log2(n)*(U + 2*log2(l)))', { l, U: u }), { 'log2(n)': 20 });
            strict_1.default.equal(r.n > r.d, l > 1, `ℓ = ${l}, U = ${u}`);
        }
});
// ---- (c) plain multiplication (§4.5.1; App B "Plain Polynomial Multiplication") -----------------
/**
 * MulKer: (n + s − 1)m/(s²ℓ) blocks; a thread computes s² products and s(s − 1) sums, reads s + 2
 * words (s of a, one of the s − 1 extra of a, one of b) and writes s. AddKer: log2(m/s) steps, step
 * k on (n + s − 1)m/(2^{k+1}ℓs²) blocks; a thread adds s pairs, reading 2s and writing s words.
 */
function plain(s, m, l, n = N) {
    const y = P(n).add(P(s - 1));
    const mulKer = { name: 'MulKer', blocks: y.scale((0, poly_1.rational)(m, s * s * l)), threads: l, span: s * (2 * s - 1), reads: s + 2, writes: s, coalesced: true };
    const addKer = (k) => ({
        name: `AddKer ${k}`, blocks: y.scale((0, poly_1.rational)(m, 2 ** (k + 1) * l * s * s)), threads: l, span: s, reads: 2 * s, writes: s, coalesced: true,
    });
    return (0, mcm_1.seq)(mulKer, ...Array.from({ length: Math.log2(m / s) }, (_, k) => addKer(k)));
}
const PLAIN_CASES = [[1, 32], [2, 64], [4, 256], [8, 128], [16, 1024]];
(0, node_test_1.test)('plain multiplication (§4.5.1): S_s, O_s, N_s, L_s, K and T_s as printed; W_s less the worksheet\'s y/2', () => {
    for (const [s, l] of PLAIN_CASES)
        for (const m of [s, 4 * s, 256, 4096]) {
            const p = plain(s, m, l), at = { s, m, l };
            // The worksheet adds "plain_length/2" = (n + s − 1)/2 to the additions, the work of no block:
            // the kernels give (2m − 1)(n + s − 1), the printed W_s is (2m − 1/2)(n + s − 1).
            same((0, mcm_1.work)(p), '(2*m - 1/2)*(n + s - 1) - (n + s - 1)/2', at);
            same((0, mcm_1.span)(p), '2*s^2 + s*log2(m/s) - s', at);
            same((0, mcm_1.overhead)(p, U), '(n + s - 1)*(5*m*s + 2*m - 3*s^2)*U/(s^2*l)', at);
            same((0, mcm_1.blockCount)(p), '(n+s-1)*(2*m-s)/(s^2*l)', at);
            same((0, mcm_1.criticalPath)(p), 'log2(m/s) + 1', at);
            same((0, mcm_1.widestAntichain)(p), '(n+s-1)*m/(l*s^2)', at);
            const K = poly('(n+s-1)*m/(l*s^2)', at);
            same((0, mcm_1.timeBound)({ blocks: (0, mcm_1.blockCount)(p), criticalPath: (0, mcm_1.criticalPath)(p), blockCost: poly('s*(2*s-1) + 2*U*(s+1)', at) }, K), '((2*m-s)/m + log2(m/s) + 1)*(2*U*s + 2*s^2 + 2*U - s)', at);
        }
});
(0, node_test_1.test)('plain multiplication ratios: W_1/W_s, S_1/S_s, O_1/O_s and R exact; R < 1 for s > 1 once m ≥ 4s', () => {
    for (const [s, l] of PLAIN_CASES)
        for (const m of [s, 4 * s, 256, 4096]) {
            const at = { s, m, l }, p = plain(s, m, l), one = plain(1, m, l);
            same((0, mcm_1.ratio)((0, mcm_1.work)(one), (0, mcm_1.work)(p)), 'n/(n+s-1)', at);
            same((0, mcm_1.ratio)((0, mcm_1.span)(one), (0, mcm_1.span)(p)), '(log2(m)+1)/(s*(log2(m/s)+2*s-1))', at);
            same((0, mcm_1.ratio)((0, mcm_1.overhead)(one, U), (0, mcm_1.overhead)(p, U)), 'n*s^2*(7*m-3)/((n+s-1)*(5*m*s+2*m-3*s^2))', at);
            const printedT = (q, e) => (0, mcm_1.timeBound)({ blocks: (0, mcm_1.blockCount)(q), criticalPath: (0, mcm_1.criticalPath)(q), blockCost: poly('s*(2*s-1) + 2*U*(s+1)', e) }, poly('(n+s-1)*m/(l*s^2)', e));
            const R = (0, mcm_1.ratio)(printedT(one, { ...at, s: 1 }), printedT(p, at));
            same(R, '(m*log2(m) + 3*m - 1)*(1 + 4*U)/((m*log2(m/s) + 3*m - s)*(2*U*s + 2*U + 2*s^2 - s))', at);
            for (const u of U_VALUES) {
                // With m = s there is no addition phase and R can exceed 1 (s = m = 2: 7(1 + 4U)/(24(U + 1)) > 1 for U ≥ 5).
                const r = value(R, { U: u, n: 1000 });
                if (s === 1)
                    strict_1.default.ok(r.n === r.d);
                else if (m >= 4 * s)
                    strict_1.default.ok(r.n < r.d, `s = ${s}, m = ${m}, U = ${u}`);
                else if (s === 2)
                    strict_1.default.equal(r.n > r.d, u >= 5, `s = m = 2, U = ${u}`);
            }
        }
});
(0, node_test_1.test)('plain multiplication C_s is MulKer\'s S + O: AddKer\'s s + 3sU is larger once s > 2 and U > 2s(s−1)/(s−2)', () => {
    let larger = 0;
    for (const [s, l] of PLAIN_CASES)
        for (const u of U_VALUES) {
            const at = { s, U: u }, c = value((0, mcm_1.blockCost)(plain(s, 4096, l), u));
            const printed = value(poly('s*(2*s-1) + 2*U*(s+1)', at)), addKer = value(poly('s + 3*s*U', at));
            if (less(printed, addKer)) {
                strict_1.default.ok(equal(c, addKer), JSON.stringify(at));
                larger++;
            }
            else
                strict_1.default.ok(equal(c, printed), JSON.stringify(at));
        }
    strict_1.default.ok(larger > 0);
    // Signs alone cannot order 28 + 10U and 4 + 12U (s = 4).
    strict_1.default.throws(() => (0, mcm_1.blockCost)(plain(4, 64, 256), U), /signs do not tell/);
});
// ---- (d) FFT-based multiplication (§4.5.2) and the comparison (§4.5.3) ------------------------
/** Two forward Stockham DFTs, the point-wise product (2 words in, 1 out, 6 operations), the inverse
 * DFT and the scaling by 1/n (1 in, 1 out, 5 operations), n/ℓ blocks each. The thesis runs the two
 * forward DFTs one after the other; `together` puts them side by side. */
function fftMultiplication(l, n = N, lgn = LGN, together = false) {
    const dft = stockham(l, n, lgn, false), k = { blocks: per(n, l), threads: l, coalesced: true };
    const pointwise = { name: 'point-wise product', ...k, span: 6, reads: 2, writes: 1 };
    const scaling = { name: 'scale by 1/n', ...k, span: 5, reads: 1, writes: 1 };
    return (0, mcm_1.seq)(together ? (0, mcm_1.par)(dft, dft) : (0, mcm_1.seq)(dft, dft), pointwise, dft, scaling);
}
(0, node_test_1.test)('FFT-based multiplication (§4.5.2): W, S, O, L and T as printed; N as the worksheet; C_fft = max S + max O', () => {
    for (const l of L_VALUES) {
        const p = fftMultiplication(l), at = { l };
        same((0, mcm_1.work)(p), '129*n*log2(n) - 94*n', at);
        same((0, mcm_1.span)(p), '129*log2(n) - 94', at);
        same((0, mcm_1.overhead)(p, U), 'n*U*(15*log2(n) - 4)/l', at);
        same((0, mcm_1.criticalPath)(p), '9*log2(n) - 4', at);
        // Ch.4 prints (12n·log2(n) − 5)/(2ℓ); the worksheet (10.2) and T_fft have n(12log2(n) − 5)/(2ℓ).
        same((0, mcm_1.blockCount)(p), 'n*(12*log2(n) - 5)/(2*l)', at);
        strict_1.default.ok(!(0, mcm_1.sameFraction)((0, mcm_1.blockCount)(p), formula('(12*n*log2(n) - 5)/(2*l)', at)));
        // The printed C_fft = 4U + 25 is the largest span (25, the stride permutation) plus the largest
        // overhead (4U, the butterflies): a valid bound above max_B(S(B) + O(B)) = max(25 + 2U, 8 + 4U).
        const { span: maxSpan, overhead: maxOverhead } = (0, mcm_1.blockMaxima)(p, U);
        same(maxSpan.add(maxOverhead), '4*U + 25', at);
        for (const u of U_VALUES)
            strict_1.default.ok(less(value((0, mcm_1.blockCost)(p, u)), value(poly('4*U + 25', { U: u }))));
        same((0, mcm_1.timeBound)({ blocks: (0, mcm_1.blockCount)(p), criticalPath: (0, mcm_1.criticalPath)(p), blockCost: poly('4*U + 25') }, per(N, l)), '(15*log2(n) - 13/2)*(4*U + 25)', at);
        // Side by side, the forward DFTs cost one DFT's span and path, and double the antichain.
        const side = fftMultiplication(l, N, LGN, true);
        same((0, mcm_1.span)(side), '2*(43*log2(n) - 35) + 11', at);
        same((0, mcm_1.criticalPath)(side), '2*(3*log2(n) - 2) + 2', at);
        same((0, mcm_1.widestAntichain)(side), '2*n/l', at);
    }
});
(0, node_test_1.test)('plain (s = 4, m = n) against FFT-based (§4.5.3): W, S, O, T_plain and T\'_plain as printed', () => {
    for (const l of [32, 256, 1024])
        for (let k = 3; k <= 16; k++) {
            const n = 2 ** k, p = plain(4, n, l, n), at = { n, l };
            same((0, mcm_1.work)(p), '2*n^2 + 11/2*n - 3/2 - (n + 3)/2', at); // less y/2 again
            same((0, mcm_1.span)(p), '4*log2(n) + 20', at);
            same((0, mcm_1.overhead)(p, U), 'U*(n+3)*(11*n-24)/(8*l)', at);
            const printed = { blocks: (0, mcm_1.blockCount)(p), criticalPath: (0, mcm_1.criticalPath)(p), blockCost: poly('10*U + 28') };
            same((0, mcm_1.timeBound)(printed, (0, poly_1.rational)(n * (n + 3), 16 * l)), '(2*(n-2)/n + log2(n) - 1)*(10*U + 28)', at);
            same((0, mcm_1.timeBound)(printed, (0, poly_1.rational)(n, l)), '((n+3)*(n-2)/(8*n) + log2(n) - 1)*(10*U + 28)', at);
        }
});
(0, node_test_1.test)('T\'_plain/T_fft on n/ℓ SMs: below 1 for small n, growing past 1; the printed ~ keeps the U terms', () => {
    for (const u of U_VALUES) {
        const l = 256;
        const r = (k) => {
            const n = 2 ** k, K = (0, poly_1.rational)(n, l);
            return value((0, mcm_1.ratio)((0, mcm_1.timeBound)((0, mcm_1.measure)(plain(4, n, l, n), u), K), (0, mcm_1.timeBound)((0, mcm_1.measure)(fftMultiplication(l, n, k), u), K)));
        };
        const rs = Array.from({ length: 17 }, (_, j) => r(j + 4));
        strict_1.default.ok(less(rs[0], (0, poly_1.rational)(1)) && less((0, poly_1.rational)(1), rs[16]), `U = ${u}`);
        for (let j = 1; j < rs.length; j++)
            strict_1.default.ok(less(rs[j - 1], rs[j]), `U = ${u}, n = 2^${j + 4}`);
    }
    // From the printed T'_plain and T_fft: as n, log2(n) and U grow, 5U(n + 8log2(n))/(240U·log2(n)),
    // i.e. Θ(n/log(n)); at fixed U the constant is (10U + 28)/(120(4U + 25)), not 1/48.
    const T = (0, mcm_1.ratio)(formula('((n+3)*(n-2)/(8*n) + log2(n) - 1)*(10*U + 28)'), formula('(15*log2(n) - 13/2)*(4*U + 25)'));
    same(leading(T, ['n', 'log2(n)', 'U']), '5*U*(n + 8*log2(n))/(240*U*log2(n))');
    same(leading(T, ['n', 'log2(n)']), '(n + 8*log2(n))*(10*U + 28)/(120*log2(n)*(4*U + 25))');
});
// ---- (e) radix sort (§4.6; App B "Sorting") ------------------------------------------------------
/**
 * c/s passes; in each, n/(4ℓ) blocks sort their 4ℓ keys by s 1-bit splits (22ℓs + s + 12
 * operations, the busiest thread s(41 + 8log2(ℓ)) + 12, reading 4 words and writing 4 sorted keys
 * and 1 histogram entry); a prefix sum over the n·2^s/(4ℓ) histogram entries (inclusive scans on
 * n·2^s/(16ℓ²) blocks, one block on their sums, n·2^s/(16ℓ²) − 1 blocks adding them back); n/(4ℓ)
 * blocks scatter the keys (4ℓ operations, span 4, 5 words in and 4 out).
 */
function radixSort(s, l) {
    const lgl = Math.log2(l), k = { threads: l, coalesced: true };
    const tiles = per(N, 4 * l), histogram = N.scale((0, poly_1.rational)(2 ** s, 16 * l * l));
    const scan = { ...k, work: 1 + 16 * l, span: 8 * lgl + 17, reads: 4, writes: 4 };
    return (0, mcm_1.repeat)(per(C, s), (0, mcm_1.seq)({ name: 'sort tiles', ...k, blocks: tiles, work: 22 * l * s + s + 12, span: s * (41 + 8 * lgl) + 12, reads: 4, writes: 5 }, { name: 'histogram: inclusive scans', ...scan, blocks: histogram }, { name: 'histogram: block sums', ...scan, blocks: 1 }, { name: 'histogram: add block sums', ...k, blocks: histogram.sub(ONE), work: 4 * l, span: 4, reads: 5, writes: 4 }, { name: 'scatter', ...k, blocks: tiles, work: 4 * l, span: 4, reads: 5, writes: 4 }));
}
const SORT_CASES = [1, 2, 3, 4, 5, 6, 7, 8];
(0, node_test_1.test)('radix sort (§4.6): S_s, O_s, N_s, L_s, C_s and T on n/(4ℓ) SMs as printed; W_s as the worksheet', () => {
    for (const s of SORT_CASES)
        for (const l of L_VALUES) {
            const p = radixSort(s, l), at = { s, l };
            // The worksheet (4.1) divides the whole bracket by s; Ch.4 moved 1/s inside but left "+ 1" for "+ 1/s".
            same((0, mcm_1.work)(p), 'c/s*((22*l*s + s + 12)/(4*l) + (20*2^s*l + 2^s)/(16*l^2) + 1)*n + c*(192*l^3 + 16*l^2)/(16*l^2*s)', at);
            same((0, mcm_1.work)(p), 'c*((22*s*l + s + 12)/(4*s*l) + (2^s + 20*2^s*l)/(16*s*l^2) + 1/s)*n + c*(16 + 192*l)/(16*s)', at);
            strict_1.default.equal((0, mcm_1.sameFraction)((0, mcm_1.work)(p), formula('c*((22*s*l + s + 12)/(4*s*l) + (2^s + 20*2^s*l)/(16*s*l^2) + 1)*n + c*(16 + 192*l)/(16*s)', at)), s === 1);
            same((0, mcm_1.span)(p), 'c*(8*log2(l) + 16/s*log2(l) + 41 + 54/s)', at);
            // "172^s" in the source is 17·2^s (App B: 17n2^s).
            same((0, mcm_1.overhead)(p, U), 'c*U*(9/(2*s*l)*n + 17*2^s/(16*s*l^2)*n - 1/s)', at);
            same((0, mcm_1.blockCount)(p), 'c/s*(1/(2*l) + 2^s/(8*l^2))*n', at);
            same((0, mcm_1.criticalPath)(p), '5*c/s', at);
            same((0, mcm_1.blockCost)(p, U), 's*(41 + 8*log2(l)) + 12 + 9*U', at);
            same((0, mcm_1.timeBound)((0, mcm_1.measure)(p, U), per(N, 4 * l)), 'c*(2^s + 14*l)*(8*s*log2(l) + 9*U + 41*s + 12)/(2*l*s)', at);
        }
});
(0, node_test_1.test)('radix sort ratios: S_1/S_s and R exact, W_1/W_s and O_1/O_s as n grows; 2^s = ℓ beats s = 1', () => {
    for (const l of L_VALUES) {
        const one = (0, mcm_1.measure)(radixSort(1, l), U), K = per(N, 4 * l);
        for (const s of SORT_CASES) {
            const p = (0, mcm_1.measure)(radixSort(s, l), U), at = { s, l };
            same((0, mcm_1.ratio)(one.span, p.span), 's*(24*log2(l) + 95)/((8*s + 16)*log2(l) + 41*s + 54)', at);
            same(leading((0, mcm_1.ratio)(one.work, p.work), ['n']), '(104*s*l^2 + 92*s*l + 2*s)/(88*s*l^2 + 16*l^2 + 20*2^s*l + 4*s*l + 48*l + 2^s)', at);
            same(leading((0, mcm_1.ratio)(one.overhead, p.overhead), ['n']), 's*(72*l + 34)/(72*l + 17*2^s)', at);
            same((0, mcm_1.ratio)((0, mcm_1.timeBound)(one, K), (0, mcm_1.timeBound)(p, K)), '(14*l + 2)*(8*log2(l) + 9*U + 53)*s/((14*l + 2^s)*(8*s*log2(l) + 41*s + 9*U + 12))', at);
        }
        // s = log2(ℓ): R > 1 at every sample (the thesis: for ℓ < 2^(15.75U + 15.875)).
        const best = (0, mcm_1.measure)(radixSort(Math.log2(l), l), U), R = (0, mcm_1.ratio)((0, mcm_1.timeBound)(one, K), (0, mcm_1.timeBound)(best, K));
        for (const u of U_VALUES) {
            const r = value(R, { U: u, c: 32, n: 1 << 20 });
            strict_1.default.ok(r.n > r.d, `ℓ = ${l}, U = ${u}`);
        }
    }
    // The threshold is where the printed quotient of leading terms crosses 1.
    for (const u of U_VALUES) {
        const q = (x) => value(formula('(112*x + 126*U + 742)/(120*x + 615)', { x, U: u }));
        const edge = Math.floor(15.75 * u + 15.875);
        strict_1.default.ok(less((0, poly_1.rational)(1), q(edge)) && !less((0, poly_1.rational)(1), q(edge + 1)), `U = ${u}`);
    }
});
//# sourceMappingURL=mcm.test.js.map