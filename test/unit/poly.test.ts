// The polynomial arithmetic the CUDA footprints are computed in (server/src/symbolic).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Poly, rational } from '../../server/src/symbolic/poly';
import { polynomialOf, renameInAtom } from '../../server/src/symbolic/expression';
import { parseText } from '../../server/src/checks/index';
import { walk } from '../../server/src/syntax/ast';
import { convert, SNode } from '../../server/src/syntax/parser';

const B = Poly.symbol('B'), v = Poly.symbol('v'), u = Poly.symbol('u'), s = Poly.symbol('s');

test('sums, products and cancellation are exact', () => {
  const p = v.mul(B).add(u).add(Poly.constant(1));
  assert.equal(p.toC(), 'B * v + u + 1');
  assert.equal(p.sub(u).sub(Poly.constant(1)).equals(B.mul(v)), true);
  assert.equal(B.add(Poly.constant(2)).mul(B.sub(Poly.constant(2))).toC(), 'B * B - 4');
  assert.equal(p.sub(p).isZero, true);
  assert.equal(Poly.constant(rational(6, 4)).constantValue!.n, 3n);
  assert.equal(Poly.constant(rational(6, 4)).constantValue!.d, 2n);
  assert.equal(B.scale(rational(1, 2)).toC(), '(B) / 2');
  assert.equal(Poly.constant(1n << 70n).mul(Poly.constant(1n << 70n)).integer, 1n << 140n);
});

test('affine split in chosen symbols, and substitution', () => {
  const p = v.mul(s).mul(B).add(Poly.symbol('k').mul(B)).add(u); // (v * s + k) * B + u
  const split = p.affineIn(new Set(['k', 'u']))!;
  assert.equal(split.rest.toC(), 'B * s * v');
  assert.equal(split.coefficients.get('k')!.toC(), 'B');
  assert.equal(split.coefficients.get('u')!.toC(), '1');
  assert.equal(u.mul(u).affineIn(new Set(['u'])), undefined);
  assert.equal(u.mul(Poly.symbol('k')).affineIn(new Set(['u', 'k'])), undefined);
  assert.equal(p.substitute('v', Poly.constant(2)).toC(), 'B * k + 2 * B * s + u');
});

test('signs under nonnegative symbols', () => {
  assert.equal(B.mul(s).sub(B.mul(s)).nonNegative(), true);
  assert.equal(B.add(Poly.constant(2)).nonNegative(), true);
  assert.equal(B.sub(Poly.constant(1)).nonNegative(), false);
  assert.equal(B.neg().sub(Poly.constant(1)).nonPositive(), true);
});

test('C expressions read as polynomials, with atoms and stops', async () => {
  const doc = await parseText('int x = (p + 1) * B - 2 * (n + 3) / 4 + f(q) + 010 + 0x10;\n', 'e.c');
  try {
    const text = doc.text;
    let init: SNode | undefined;
    walk(convert(doc.tree.rootNode, doc.grammar), n => { if (n.type === 'init_declarator') { init = n.children[n.children.length - 1]; return false; } return true; });
    const atoms: string[] = [];
    const r = polynomialOf(init!, text, {
      identifier: n => Poly.symbol(text.slice(n.start, n.end)),
      atom: n => { const t = text.slice(n.start, n.end); if (t.startsWith('f(')) return undefined; atoms.push(t); return Poly.symbol(t); },
    });
    assert.ok('stop' in r);
    assert.equal(text.slice(r.stop.start, r.stop.end), 'f(q)');
    assert.deepEqual(atoms, ['2 * (n + 3) / 4']);
  } finally { doc.dispose(); }
});

test('printing with a symbol printer renames names and the names inside atoms, and keeps the order of the terms', () => {
  const atom = Poly.symbol('(n + B - 1) / B');
  const p = B.mul(B).add(atom.mul(Poly.symbol('a'))).add(Poly.constant(3));
  assert.equal(p.toC(), '((n + B - 1) / B) * a + B * B + 3');
  const candidate = (w: string) => (w === 'B' ? 'mf_v_B' : undefined);
  assert.equal(p.toC(s => renameInAtom(s, candidate)), '((n + mf_v_B - 1) / mf_v_B) * a + mf_v_B * mf_v_B + 3');
});

test('names inside an atom are renamed the way C reads them: never a member, a number suffix or a literal', () => {
  const rename = (w: string) => ({ B: 'mf_v_B', UL: 'X', e5: 'Y', x: 'Z' } as Record<string, string>)[w];
  assert.equal(renameInAtom('s.B + p->B + p -> B + B', rename), 's.B + p->B + p -> B + mf_v_B');
  assert.equal(renameInAtom('10UL * 1e5 + 0x1e+B + .5e-3', rename), '10UL * 1e5 + 0x1e+B + .5e-3');
  assert.equal(renameInAtom("'x' + \"B x\" + x", rename), "'x' + \"B x\" + Z");
  assert.equal(renameInAtom("'\\'' + B", rename), "'\\'' + mf_v_B");
});
