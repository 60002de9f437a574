"use strict";
// The polynomial arithmetic the CUDA footprints are computed in (server/src/symbolic).
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const poly_1 = require("../../server/src/symbolic/poly");
const expression_1 = require("../../server/src/symbolic/expression");
const index_1 = require("../../server/src/checks/index");
const ast_1 = require("../../server/src/syntax/ast");
const parser_1 = require("../../server/src/syntax/parser");
const B = poly_1.Poly.symbol('B'), v = poly_1.Poly.symbol('v'), u = poly_1.Poly.symbol('u'), s = poly_1.Poly.symbol('s');
(0, node_test_1.test)('sums, products and cancellation are exact', () => {
    const p = v.mul(B).add(u).add(poly_1.Poly.constant(1));
    strict_1.default.equal(p.toC(), 'B * v + u + 1');
    strict_1.default.equal(p.sub(u).sub(poly_1.Poly.constant(1)).equals(B.mul(v)), true);
    strict_1.default.equal(B.add(poly_1.Poly.constant(2)).mul(B.sub(poly_1.Poly.constant(2))).toC(), 'B * B - 4');
    strict_1.default.equal(p.sub(p).isZero, true);
    strict_1.default.equal(poly_1.Poly.constant((0, poly_1.rational)(6, 4)).constantValue.n, 3n);
    strict_1.default.equal(poly_1.Poly.constant((0, poly_1.rational)(6, 4)).constantValue.d, 2n);
    strict_1.default.equal(B.scale((0, poly_1.rational)(1, 2)).toC(), '(B) / 2');
    strict_1.default.equal(poly_1.Poly.constant(1n << 70n).mul(poly_1.Poly.constant(1n << 70n)).integer, 1n << 140n);
});
(0, node_test_1.test)('affine split in chosen symbols, and substitution', () => {
    const p = v.mul(s).mul(B).add(poly_1.Poly.symbol('k').mul(B)).add(u); // (v * s + k) * B + u
    const split = p.affineIn(new Set(['k', 'u']));
    strict_1.default.equal(split.rest.toC(), 'B * s * v');
    strict_1.default.equal(split.coefficients.get('k').toC(), 'B');
    strict_1.default.equal(split.coefficients.get('u').toC(), '1');
    strict_1.default.equal(u.mul(u).affineIn(new Set(['u'])), undefined);
    strict_1.default.equal(u.mul(poly_1.Poly.symbol('k')).affineIn(new Set(['u', 'k'])), undefined);
    strict_1.default.equal(p.substitute('v', poly_1.Poly.constant(2)).toC(), 'B * k + 2 * B * s + u');
});
(0, node_test_1.test)('signs under nonnegative symbols', () => {
    strict_1.default.equal(B.mul(s).sub(B.mul(s)).nonNegative(), true);
    strict_1.default.equal(B.add(poly_1.Poly.constant(2)).nonNegative(), true);
    strict_1.default.equal(B.sub(poly_1.Poly.constant(1)).nonNegative(), false);
    strict_1.default.equal(B.neg().sub(poly_1.Poly.constant(1)).nonPositive(), true);
});
(0, node_test_1.test)('C expressions read as polynomials, with atoms and stops', async () => {
    const doc = await (0, index_1.parseText)('int x = (p + 1) * B - 2 * (n + 3) / 4 + f(q) + 010 + 0x10;\n', 'e.c');
    try {
        const text = doc.text;
        let init;
        (0, ast_1.walk)((0, parser_1.convert)(doc.tree.rootNode, doc.grammar), n => { if (n.type === 'init_declarator') {
            init = n.children[n.children.length - 1];
            return false;
        } return true; });
        const atoms = [];
        const r = (0, expression_1.polynomialOf)(init, text, {
            identifier: n => poly_1.Poly.symbol(text.slice(n.start, n.end)),
            atom: n => { const t = text.slice(n.start, n.end); if (t.startsWith('f('))
                return undefined; atoms.push(t); return poly_1.Poly.symbol(t); },
        });
        strict_1.default.ok('stop' in r);
        strict_1.default.equal(text.slice(r.stop.start, r.stop.end), 'f(q)');
        strict_1.default.deepEqual(atoms, ['2 * (n + 3) / 4']);
    }
    finally {
        doc.dispose();
    }
});
(0, node_test_1.test)('printing with a symbol printer renames names and the names inside atoms, and keeps the order of the terms', () => {
    const atom = poly_1.Poly.symbol('(n + B - 1) / B');
    const p = B.mul(B).add(atom.mul(poly_1.Poly.symbol('a'))).add(poly_1.Poly.constant(3));
    strict_1.default.equal(p.toC(), '((n + B - 1) / B) * a + B * B + 3');
    const candidate = (w) => (w === 'B' ? 'mf_v_B' : undefined);
    strict_1.default.equal(p.toC(s => (0, expression_1.renameInAtom)(s, candidate)), '((n + mf_v_B - 1) / mf_v_B) * a + mf_v_B * mf_v_B + 3');
});
(0, node_test_1.test)('names inside an atom are renamed the way C reads them: never a member, a number suffix or a literal', () => {
    const rename = (w) => ({ B: 'mf_v_B', UL: 'X', e5: 'Y', x: 'Z' }[w]);
    strict_1.default.equal((0, expression_1.renameInAtom)('s.B + p->B + p -> B + B', rename), 's.B + p->B + p -> B + mf_v_B');
    strict_1.default.equal((0, expression_1.renameInAtom)('10UL * 1e5 + 0x1e+B + .5e-3', rename), '10UL * 1e5 + 0x1e+B + .5e-3');
    strict_1.default.equal((0, expression_1.renameInAtom)("'x' + \"B x\" + x", rename), "'x' + \"B x\" + Z");
    strict_1.default.equal((0, expression_1.renameInAtom)("'\\'' + B", rename), "'\\'' + mf_v_B");
});
//# sourceMappingURL=poly.test.js.map