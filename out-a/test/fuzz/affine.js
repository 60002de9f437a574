"use strict";
// A seeded generator of small complete C programs made of affine loop nests, for the tiling
// fuzzer (tile.ts): `main` reads n from argv, fills 1-3 arrays (1-D and 2-D: stack VLAs, malloc'd
// pointers, pointers to VLA rows, flat rows `c[i * W + j]`) with values from the seed, runs 1-3
// nests (1-3 loops; constant, parametric and triangular bounds; subscripts with strides and
// offsets) and prints a checksum of every array and scalar. Every subscript stays inside its
// array for every n >= 0 (checked here as the program is built: a generator bug throws).
//
// Each nest is one of four kinds, and the generator knows what it made:
// - 'map': random reads and writes; any dependence may be there (the tiler decides);
// - 'parallel': the outer loop is truly parallel (each written array is touched only in the row
//   of that iteration), sometimes under `#pragma omp parallel for`;
// - 'near': written as 'parallel', but some reads of a written array take another row (c * i + d):
//   a dependence or none (a[2 * i] against a[2 * i + 1]), for the dependence test to tell;
// - 'recurrence': a loop carries a dependence for certain (`x[i] = x[i - d] + ...`, read ahead,
//   or written ahead): that loop must never become parallel;
// - 'reduction': a scalar accumulates across the iterations;
// - 'host': a sequential loop whose body mixes nests of the kinds above (their bounds and
//   subscripts may use its index) and statements at its own level: what it computes is unknown
//   (the tiler decides whether it becomes a host loop of kernels).
// Values stay small (every store is reduced modulo a prime), so no signed overflow, and doubles
// hold integers: the program's output is exact and the same under every correct schedule.
Object.defineProperty(exports, "__esModule", { value: true });
exports.generateProgram = generateProgram;
const seeds_1 = require("./seeds");
/** 1-D arrays hold 4n + 64 elements, 2-D ones (2n + 40) x (2n + 40): every subscript fits (checked). */
const EXTENT = { 1: { a: 4, b: 64 }, 2: { a: 2, b: 40 } };
const extentText = (dims) => dims === 1 ? '4 * n + 64' : '2 * n + 40';
const MOD = 1009;
class Builder {
    r;
    arrays;
    temps = 0;
    constructor(r, arrays) {
        this.r = r;
        this.arrays = arrays;
    }
    affineText(f) {
        let s = '';
        for (const { v, c } of f.terms)
            s += `${s ? ' + ' : ''}${c === 1 ? v : `${c} * ${v}`}`;
        if (!s)
            return String(f.off);
        return f.off > 0 ? `${s} + ${f.off}` : f.off < 0 ? `${s} - ${-f.off}` : s;
    }
    /** The subscript's smallest value, and its largest as a * n + b. */
    range(f, loops) {
        let min = f.off, a = 0, b = f.off;
        for (const { v, c } of f.terms) {
            const l = loops.find(x => x.v === v);
            min += c * l.min;
            a += c * l.max.a;
            b += c * l.max.b;
        }
        return { min, max: { a, b } };
    }
    fits(f, loops, dims) {
        const { min, max } = this.range(f, loops);
        const e = EXTENT[dims];
        return min >= 0 && max.a <= e.a && max.b <= e.b - 1;
    }
    /** Raises the offset so that the smallest value is 0 or more. */
    lift(f, loops) {
        const { min } = this.range(f, loops);
        return min < 0 ? { ...f, off: f.off - min } : f;
    }
    /** A random subscript over the loops (mostly one index, sometimes two or none). */
    subscript(loops, dims, write = false) {
        for (;;) {
            const count = loops.length === 0 ? 0 : this.r.pick(write ? [0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2] : [0, 1, 1, 1, 1, 2]);
            const terms = [];
            for (let i = 0; i < count; i++) {
                const l = this.r.pick(loops);
                if (terms.some(t => t.v === l.v))
                    continue;
                terms.push({ v: l.v, c: this.r.pick([1, 1, 1, 2]) });
            }
            const f = this.lift({ terms, off: this.r.int(-3, 3) }, loops);
            if (this.fits(f, loops, dims))
                return f;
        }
    }
    ref(a, subs) {
        const t = subs.map(s => this.affineText(s));
        if (a.dims === 1)
            return `${a.name}[${t[0]}]`;
        if (a.storage === 'flat')
            return `${a.name}[(${t[0]}) * W + ${subs[1].terms.length && subs[1].off === 0 ? t[1] : `(${t[1]})`}]`;
        return `${a.name}[${t[0]}][${t[1]}]`;
    }
    randomRef(a, loops, write = false) {
        return this.ref(a, a.dims === 1 ? [this.subscript(loops, 1, write)] : [this.subscript(loops, 2, write), this.subscript(loops, 2, write)]);
    }
    /** An expression of 1-3 terms: reads (from `read`), constants, indices, temporaries. */
    expr(loops, read, temps, mustRead) {
        const terms = mustRead ? [mustRead] : [];
        let double = false;
        const count = this.r.int(mustRead ? 0 : 1, 2);
        const atom = () => {
            const k = this.r.int(0, 9);
            if (k < 5)
                return read();
            if (k < 7 && loops.length)
                return this.r.pick(loops).v;
            if (k < 8 && temps.length)
                return this.r.pick(temps);
            return String(this.r.int(1, 9));
        };
        for (let i = 0; i < count; i++)
            terms.push(this.r.chance(0.3) ? `${atom()} * ${atom()}` : atom());
        let text = terms[0];
        for (const t of terms.slice(1))
            text += ` ${this.r.pick(['+', '+', '-'])} ${t}`;
        for (const a of this.arrays)
            if (a.ty === 'double' && text.includes(`${a.name}[`))
                double = true;
        return { text, double };
    }
    /** `target = value` with the value kept in (-MOD, MOD) and exact in the target's type. */
    store(target, ty, e) {
        const whole = e.double ? `(long)(${e.text})` : `(${e.text})`;
        return ty === 'double' ? `${target} = (double)(${whole} % ${MOD});` : `${target} = ${whole} % ${MOD};`;
    }
    temp() { return `t${this.temps++}`; }
}
/** A loop over `v` inside `outer` (the enclosing loops); `plain` keeps it a constant or
 * parametric range (a recurrence's loop must run for sure). */
function loopShape(r, v, outer, plain = false, declared = false) {
    const parent = outer[outer.length - 1];
    let lo = String(r.int(0, 3)), min = Number(lo);
    let hi, max, cmp = '<';
    if (parent && !plain && r.chance(0.35)) {
        // Triangular: bounded by the enclosing index on one side.
        if (r.chance(0.5)) {
            [hi, max, cmp] = r.pick([[parent.v, { a: parent.max.a, b: parent.max.b - 1 }, '<'], [parent.v, parent.max, '<='], [`${parent.v} + 1`, parent.max, '<']]);
        }
        else {
            const plus = r.int(0, 1);
            lo = plus ? `${parent.v} + 1` : parent.v;
            min = parent.min + plus;
            [hi, max] = r.pick([['n', { a: 1, b: -1 }], ['n + 1', { a: 1, b: 0 }], ['13', { a: 0, b: 12 }]]);
        }
    }
    else {
        [hi, max, cmp] = r.pick([['n', { a: 1, b: -1 }, '<'], ['n', { a: 1, b: -1 }, '<'], ['n - 1', { a: 1, b: -2 }, '<'], ['n + 1', { a: 1, b: 0 }, '<'],
            ['n', { a: 1, b: 0 }, '<='], ['13', { a: 0, b: 12 }, '<'], ['7', { a: 0, b: 6 }, '<'], ['n / 2', { a: 1, b: 0 }, '<']]);
    }
    // Rarely a loop outside the tiler's form: decreasing, or stepping by 2 (the same or fewer values).
    const form = plain ? 0 : r.pick([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    const int = declared ? '' : 'int ';
    const header = form === 1
        ? `for (${int}${v} = ${cmp === '<' ? `${hi} - 1` : hi}; ${v} >= ${lo}; ${v}--)`
        : `for (${int}${v} = ${lo}; ${v} ${cmp} ${hi}; ${v}${form === 2 ? ' += 2' : '++'})`;
    return { header, info: { v, min, max } };
}
const indent = (s, by) => s.split('\n').map(l => l ? by + l : l).join('\n');
/** The type of a reduction's accumulator `s<k>`: long, or (odd k) a double holding integers, exact
 * in any order of the additions. */
const accumulator = (scalar) => (Number(scalar.slice(1)) % 2 ? 'double' : 'long');
/** One nest of `kind`; `scalar` is the reduction's accumulator. `pre`: declarations before the
 * nest (indices and temporaries declared outside it, which a tiling must make each thread's
 * own); `post`: what reads their last values after it. */
function nestText(r, b, index, kind, scalar, host) {
    const depth = host ? r.pick([1, 1, 2]) : r.pick([1, 1, 2, 2, 2, 3]);
    // OpenMP would share variables declared outside its loop: those nests declare everything inside.
    const omp = !host && kind === 'parallel' && r.chance(0.5);
    const hoist = !host && !omp && r.chance(0.25);
    const around = host ? [host] : [];
    const pre = [], post = [];
    const names = ['i', 'j', 'k'].slice(0, depth).map(x => `${x}${index}`);
    const arrays = b.arrays;
    const shapes = [];
    // The recurrence: which loop carries it, which array it runs along.
    const carriedAt = kind === 'recurrence' ? r.int(0, depth - 1) : -1;
    for (const [d, v] of names.entries()) {
        const declared = hoist && r.chance(0.6);
        if (declared) {
            pre.push(`int ${v} = 0;`);
            if (r.chance(0.4))
                post.push(`total += ${v};`);
        }
        shapes.push(loopShape(r, v, [...around, ...shapes.map(s => s.info)], d === carriedAt || (kind === 'parallel' && d === 0 && r.chance(0.5)), declared));
    }
    const temporary = (t, value) => {
        if (!hoist)
            return `long ${t} = ${value};`;
        pre.push(`long ${t} = 0;`);
        if (r.chance(0.4))
            post.push(`total += ${t};`);
        return `${t} = ${value};`;
    };
    const loops = [...around, ...shapes.map(s => s.info)];
    const temps = [];
    const body = [];
    if (kind === 'parallel' || kind === 'near') {
        // Each written array is touched only at the outer index's own row (dimension 0 is c * i + off),
        // and the same row in every reference; the others are only read.
        const outer = shapes[0].info;
        const written = arrays.filter(() => r.chance(0.6));
        if (!written.length)
            written.push(r.pick(arrays));
        const row = new Map();
        for (const a of written) {
            for (;;) {
                const f = b.lift({ terms: [{ v: outer.v, c: r.pick([1, 1, 2]) }], off: r.int(-2, 2) }, loops);
                if (b.fits(f, loops, a.dims)) {
                    row.set(a.name, f);
                    break;
                }
            }
        }
        const refOf = (a, inner, write = false) => {
            let f = row.get(a.name);
            if (!f)
                return b.randomRef(a, inner);
            while (!write && kind === 'near' && r.chance(0.5)) {
                const g = b.lift({ terms: [{ v: outer.v, c: r.pick([1, 2]) }], off: r.int(-3, 3) }, loops);
                if (b.fits(g, loops, a.dims)) {
                    f = g;
                    break;
                }
            }
            if (a.dims === 1)
                return b.ref(a, [f]);
            return b.ref(a, [f, b.subscript(inner, 2)]);
        };
        const read = (inner) => () => refOf(r.pick(arrays), inner);
        const statements = r.int(1, 2);
        for (let s = 0; s < statements; s++) {
            if (r.chance(0.3)) {
                const t = b.temp();
                body.push(temporary(t, `(long)(${b.expr(loops, read(loops), []).text})`));
                temps.push(t);
            }
            const a = r.pick(written);
            body.push(b.store(refOf(a, loops, true), a.ty, b.expr(loops, read(loops), temps)));
        }
    }
    else if (kind === 'recurrence' && carriedAt === 0 && depth >= 2 && arrays.some(x => x.dims === 2) && r.chance(0.4)) {
        // Along both loops (a wavefront's shape): a[i][j] from a[i - d0][j + e] and a[i][j - d1].
        const a = r.pick(arrays.filter(x => x.dims === 2));
        const [I, J] = [shapes[0].info, shapes[1].info];
        for (;;) {
            const d0 = r.int(1, 2), d1 = r.int(1, 2), e = r.int(-1, 1);
            const w = [{ terms: [{ v: I.v, c: 1 }], off: d0 }, { terms: [{ v: J.v, c: 1 }], off: d1 + 1 }];
            const up = [{ ...w[0], off: w[0].off - d0 }, { ...w[1], off: w[1].off + e }];
            const left = [w[0], { ...w[1], off: w[1].off - d1 }];
            if (![w, up, left].every(subs => subs.every(f => b.fits(f, loops, 2))))
                continue;
            const rest = arrays.filter(x => x !== a);
            const reads = rest.length ? () => b.randomRef(r.pick(rest), loops) : () => String(r.int(1, 9));
            body.push(b.store(b.ref(a, w), a.ty, b.expr(loops, reads, temps, `${b.ref(a, up)} + ${b.ref(a, left)}`)));
            break;
        }
    }
    else if (kind === 'recurrence') {
        const L = shapes[carriedAt].info;
        const a = r.pick(arrays);
        const dist = r.int(1, 3), c = r.pick([1, 1, 2]);
        const direction = r.pick(['flow', 'flow', 'ahead', 'anti']);
        // Along L in one dimension (c * L, plus maybe an outer index), the same subscript elsewhere.
        const others = loops.filter(l => l !== L);
        const alongDim = a.dims === 1 ? 0 : r.int(0, 1);
        for (;;) {
            const base = { terms: [{ v: L.v, c }], off: r.int(0, 2) };
            if (others.length && a.dims === 1 && r.chance(0.3))
                base.terms.push({ v: r.pick(others).v, c: 1 });
            const back = { ...base, off: base.off - c * dist };
            const [w0, r0] = direction === 'flow' ? [base, back] : direction === 'ahead' ? [{ ...base, off: base.off + c * dist }, base] : [base, { ...base, off: base.off + c * dist }];
            const lifted = b.range(direction === 'flow' ? r0 : w0, loops).min < 0 ? -b.range(direction === 'flow' ? r0 : w0, loops).min : 0;
            const w = { ...w0, off: w0.off + lifted }, rd = { ...r0, off: r0.off + lifted };
            if (!b.fits(w, loops, a.dims) || !b.fits(rd, loops, a.dims))
                continue;
            const other = a.dims === 2 ? b.subscript(others, 2) : undefined;
            const subs = (f) => a.dims === 1 ? [f] : alongDim === 0 ? [f, other] : [other, f];
            // The other reads come from the other arrays (not written here), or are constants.
            const rest = arrays.filter(x => x !== a);
            const reads = rest.length ? () => b.randomRef(r.pick(rest), loops) : () => String(r.int(1, 9));
            body.push(b.store(b.ref(a, subs(w)), a.ty, b.expr(loops, reads, temps, b.ref(a, subs(rd)))));
            break;
        }
    }
    else {
        const statements = r.int(1, 3);
        const read = () => b.randomRef(r.pick(arrays), loops);
        for (let s = 0; s < statements; s++) {
            if (r.chance(0.2)) {
                const t = b.temp();
                body.push(temporary(t, `(long)(${b.expr(loops, read, []).text})`));
                temps.push(t);
                continue;
            }
            const a = r.pick(arrays);
            body.push(b.store(b.randomRef(a, loops, true), a.ty, b.expr(loops, read, temps)));
        }
        if (kind === 'reduction')
            body.push(`${scalar} += (${accumulator(scalar)})(long)(${b.expr(loops, read, temps).text});`);
    }
    // Statements go in the innermost loop; sometimes (a body of sibling loops, which a tiler may
    // distribute) half of them in a second copy of it.
    const wrap = (h, inner) => {
        const stmts = inner.split('\n');
        // A lone declaration is no statement of its own: braces.
        return stmts.length === 1 && !/^(for|long) /.test(stmts[0]) ? `${h}\n${indent(inner, '  ')}` : `${h} {\n${indent(inner, '  ')}\n}`;
    };
    let inner = body.join('\n');
    let text = '';
    let top = depth - 1;
    if (depth >= 2 && kind !== 'recurrence' && body.length >= 2 && temps.length === 0 && r.chance(0.35)) {
        const h = shapes[depth - 1].header, half = Math.ceil(body.length / 2);
        inner = `${wrap(h, body.slice(0, half).join('\n'))}\n${wrap(h, body.slice(half).join('\n'))}`;
        top = depth - 2;
    }
    for (let d = top; d >= 0; d--) {
        text = wrap(shapes[d].header, inner);
        inner = text;
    }
    if (omp)
        text = `#pragma omp parallel for\n${text}`;
    return { text, carried: carriedAt >= 0 ? names[carriedAt] : undefined, carriedHeader: carriedAt >= 0 ? shapes[carriedAt].header : undefined, omp, pre, post };
}
/** A sequential loop over `h<index>` whose body is 2-3 parts: nests of the other kinds inside it,
 * or a store at its own level. */
function hostText(r, b, index) {
    const v = `h${index}`;
    const [hi, max] = r.pick([['n', { a: 1, b: -1 }], ['n / 2', { a: 1, b: 0 }], ['7', { a: 0, b: 6 }]]);
    const info = { v, min: 0, max };
    const parts = [];
    for (let p = 0, m = r.int(2, 3); p < m; p++) {
        if (r.chance(0.35)) {
            const a = r.pick(b.arrays);
            parts.push(b.store(b.randomRef(a, [info], true), a.ty, b.expr([info], () => b.randomRef(r.pick(b.arrays), [info]), [])));
        }
        else {
            const kind = r.pick(['map', 'parallel', 'parallel', 'near', 'recurrence']);
            parts.push(nestText(r, b, `${index}_${p}`, kind, '', info).text);
        }
    }
    return `for (int ${v} = 0; ${v} < ${hi}; ${v}++) {\n${indent(parts.join('\n'), '  ')}\n}`;
}
function generateProgram(seed) {
    const r = new seeds_1.Random(seed);
    const count = r.int(1, 3);
    const arrays = [];
    for (const name of ['a', 'b', 'c'].slice(0, count)) {
        const dims = r.pick([1, 1, 2]);
        const storage = dims === 1 ? r.pick(['stack', 'malloc']) : r.pick(['stack', 'malloc', 'flat']);
        arrays.push({ name, ty: r.pick(['int', 'long', 'long', 'double']), dims, storage });
    }
    const b = new Builder(r, arrays);
    const inFunction = r.chance(0.3);
    const nests = [];
    for (let k = 0, m = r.int(1, 3); k < m; k++) {
        const kind = r.pick(['map', 'map', 'near', 'near', 'parallel', 'parallel', 'recurrence', 'recurrence', 'reduction', 'host']);
        const scalar = `s${k}`;
        if (kind === 'host')
            nests.push({ kind, scalar, text: hostText(r, b, k), omp: false, pre: [], post: [] });
        else
            nests.push({ kind, scalar, ...nestText(r, b, k, kind, scalar) });
    }
    const reductions = nests.filter(n => n.kind === 'reduction').map(n => n.scalar);
    const lines = ['#include <stdio.h>', '#include <stdlib.h>', ''];
    const located = [];
    const emitNests = (pad, main) => {
        for (const n of nests) {
            if (n.kind === 'reduction')
                lines.push(`${pad}${accumulator(n.scalar)} ${n.scalar} = 0;`);
            lines.push(...n.pre.map(l => pad + l));
            located.push({ kind: n.kind, carried: n.carried, carriedHeader: n.carriedHeader, omp: n.omp, line: lines.length + 1, text: n.text });
            lines.push(...indent(n.text, pad).split('\n'));
            if (main)
                lines.push(...n.post.map(l => pad + l));
        }
    };
    const param = (a) => a.dims === 1 ? (a.storage === 'stack' ? `${a.ty} ${a.name}[4 * n + 64]` : `${a.ty} *${a.name}`)
        : a.storage === 'flat' ? `${a.ty} *${a.name}` : `${a.ty} ${a.name}[2 * n + 40][2 * n + 40]`;
    if (inFunction) {
        lines.push(`static long kernels(int n, int W, ${arrays.map(param).join(', ')})`, '{');
        emitNests('  ', false);
        lines.push(`  return ${reductions.length ? reductions.join(' + ') : '0'};`, '}', '');
    }
    lines.push('int main(int argc, char **argv)', '{', `  int n = argc > 1 ? atoi(argv[1]) : 37;`, '  int W = 2 * n + 40;');
    for (const a of arrays) {
        const e = extentText(a.dims);
        if (a.dims === 1)
            lines.push(a.storage === 'stack' ? `  ${a.ty} ${a.name}[${e}];` : `  ${a.ty} *${a.name} = malloc(sizeof(${a.ty}) * (${e}));`);
        else if (a.storage === 'stack')
            lines.push(`  ${a.ty} ${a.name}[${e}][${e}];`);
        else if (a.storage === 'malloc')
            lines.push(`  ${a.ty} (*${a.name})[${e}] = malloc(sizeof(${a.ty}[${e}][${e}]));`);
        else
            lines.push(`  ${a.ty} *${a.name} = malloc(sizeof(${a.ty}) * (${e}) * (${e}));`);
    }
    const fill = r.int(1, 500);
    for (const [k, a] of arrays.entries()) {
        const e = extentText(a.dims);
        const mult = 3 + 2 * k;
        if (a.dims === 1)
            lines.push(`  for (int q = 0; q < ${e}; q++)`, `    ${a.name}[q] = (q * ${mult} + ${fill}) % 101;`);
        else
            lines.push(`  for (int q = 0; q < ${e}; q++)`, `    for (int p = 0; p < ${e}; p++)`, `      ${a.storage === 'flat' ? `${a.name}[q * W + p]` : `${a.name}[q][p]`} = (q * ${mult} + p * 7 + ${fill}) % 101;`);
    }
    lines.push('  long total = 0;');
    if (inFunction)
        lines.push(`  total += kernels(n, W, ${arrays.map(a => a.name).join(', ')});`);
    else {
        emitNests('  ', true);
        for (const s of reductions)
            lines.push(`  total += ${s};`);
    }
    for (const a of arrays) {
        const e = extentText(a.dims);
        lines.push('  {', '    long long sum = 0;');
        if (a.dims === 1)
            lines.push(`    for (int q = 0; q < ${e}; q++)`, `      sum += (long long)(q % 7 + 1) * (long long)${a.name}[q];`);
        else
            lines.push(`    for (int q = 0; q < ${e}; q++)`, `      for (int p = 0; p < ${e}; p++)`, `        sum += (long long)((q + 3 * p) % 7 + 1) * (long long)${a.storage === 'flat' ? `${a.name}[q * W + p]` : `${a.name}[q][p]`};`);
        lines.push(`    printf("${a.name}: %lld\\n", sum);`, '  }');
    }
    lines.push('  printf("total: %ld\\n", total);');
    for (const a of arrays)
        if (a.storage !== 'stack')
            lines.push(`  free(${a.name});`);
    lines.push('  return 0;', '}', '');
    return { seed, text: lines.join('\n'), arrays, nests: located, openmp: located.some(n => n.omp) };
}
//# sourceMappingURL=affine.js.map