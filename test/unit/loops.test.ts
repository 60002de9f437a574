// A canonical loop's range (server/src/model/loops): every relation, both sides, every step form.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Poly } from '../../server/src/symbolic/poly';
import { polynomialOf } from '../../server/src/symbolic/expression';
import { parseText } from '../../server/src/checks/index';
import { walk } from '../../server/src/syntax/ast';
import { convert, SNode } from '../../server/src/syntax/parser';
import { canonicalHeader, countsFromZero, loopRange } from '../../server/src/model/loops';

/** Each loop of `body` (inside a function) with its range, identifiers read as symbols, calls not read. */
async function ranges(body: string): Promise<string[]> {
  const doc = await parseText(`void f(int n, int a, int b, int s) {\n  int i;\n${body}}\n`, 'loops.c');
  try {
    const text = doc.text;
    const loops: SNode[] = [];
    walk(convert(doc.tree.rootNode, doc.grammar), n => { if (n.type === 'for_statement') loops.push(n); return true; });
    const read = (e: SNode) => {
      const r = polynomialOf(e, text, { identifier: n => Poly.symbol(text.slice(n.start, n.end)) });
      return 'poly' in r ? r.poly : undefined;
    };
    return loops.map(loop => {
      const h = canonicalHeader(loop, text).header!;
      const r = loopRange(h, read);
      if (!('lo' in r)) return `no range at '${text.slice(r.at.start, r.at.end)}': ${r.why}`;
      const by = r.direction * Number(r.step);
      return `[${r.lo.toC()}, ${r.hi.toC()}] by ${by} from ${r.first.toC()}, ${r.trips.toC()} trips`;
    });
  } finally { doc.dispose(); }
}

test('every relation going up and down: lower and upper bounds inclusive', async () => {
  assert.deepEqual(await ranges([
    'for (int i = 0; i < n; i++) ;',
    'for (i = a; i <= b; ++i) ;',
    'for (i = n; i > 0; i--) ;',
    'for (i = n; i >= a; --i) ;',
    'for (i = 0; i != n; i++) ;',
    'for (i = n; i != 0; i--) ;',
  ].join('\n')), [
    '[0, n - 1] by 1 from 0, n trips',
    '[a, b] by 1 from a, -a + b + 1 trips',
    '[1, n] by -1 from n, n trips',
    '[a, n] by -1 from n, -a + n + 1 trips',
    '[0, n - 1] by 1 from 0, n trips',
    '[1, n] by -1 from n, n trips',
  ]);
});

test('the variable on the right reads as on the left', async () => {
  assert.deepEqual(await ranges([
    'for (i = 0; n > i; i++) ;',
    'for (i = 0; n >= i; i++) ;',
    'for (i = n; 0 < i; i--) ;',
    'for (i = n; 0 <= i; i--) ;',
  ].join('\n')), [
    '[0, n - 1] by 1 from 0, n trips',
    '[0, n] by 1 from 0, n + 1 trips',
    '[1, n] by -1 from n, n trips',
    '[0, n] by -1 from n, n + 1 trips',
  ]);
});

test('every step form, constant steps of any size and sign', async () => {
  assert.deepEqual(await ranges([
    'for (i = 0; i < n; i += 4) ;',
    'for (i = n; i > 0; i -= 2) ;',
    'for (i = 0; i < n; i = i + 3) ;',
    'for (i = 0; i <= n; i = 2 + i) ;',
    'for (i = n; i >= 0; i = i - 1) ;',
    'for (i = n - 1; i >= 0; i += -(1)) ;',
    'for (i = 0; i < n; i -= -(1)) ;',
    'for (i = 0; i < n; i -= -1) ;',
    'for (i = 0; i < n; i += (2 * 4u)) ;',
  ].join('\n')), [
    '[0, n - 1] by 4 from 0, (n) / 4 trips',
    '[1, n] by -2 from n, (n) / 2 trips',
    '[0, n - 1] by 3 from 0, (n) / 3 trips',
    '[0, n] by 2 from 0, (n) / 2 + (1) / 2 trips',
    '[0, n] by -1 from n, n + 1 trips',
    '[0, n - 1] by -1 from n - 1, n trips',
    '[0, n - 1] by 1 from 0, n trips',
    // The parser reads `-1` as one literal, which polynomials do not read (they never did).
    "no range at 'i -= -1': the step of 'i' is not a nonzero integer constant",
    '[0, n - 1] by 8 from 0, (n) / 8 trips',
  ]);
});

test('what has no range says why, at the node that stops it', async () => {
  assert.deepEqual(await ranges([
    'for (i = 0; i < n; i += s) ;',
    'for (i = 0; i < n; i += 0) ;',
    'for (i = 0; i < n; i--) ;',
    'for (i = n; i >= 0; i++) ;',
    'for (i = 0; i < f(n); i++) ;',
    'for (i = f(a); i < n; i++) ;',
  ].join('\n')), [
    "no range at 'i += s': the step of 'i' is not a nonzero integer constant",
    "no range at 'i += 0': the step of 'i' is not a nonzero integer constant",
    "no range at 'i < n': the step of 'i' moves away from its bound",
    "no range at 'i >= 0': the step of 'i' moves away from its bound",
    "no range at 'f(n)': the bound of 'i' is not read",
    "no range at 'f(a)': the start value of 'i' is not read",
  ]);
});

test('the step is read once: its signed value, the relation with the variable on the left', async () => {
  const doc = await parseText('void f(int n) {\n  for (int i = n; 0 <= i; i -= 2) ;\n'
    + '  for (int k = (0); n > k; k = k + 1) ;\n  for (int k = 0; k <= n; k++) ;\n}\n', 'h.c');
  try {
    const loops: SNode[] = [];
    walk(convert(doc.tree.rootNode, doc.grammar), n => { if (n.type === 'for_statement') loops.push(n); return true; });
    const [a, b, c] = loops.map(l => canonicalHeader(l, doc.text).header!);
    assert.deepEqual([a.operator, a.relation, a.variableOnLeft, a.step],
      ['<=', '>=', false, { text: '2', negative: true, value: -2n }]);
    assert.deepEqual([b.relation, b.step], ['<', { text: '1', negative: false, value: 1n }]);
    assert.deepEqual([a, b, c].map(h => countsFromZero(h, doc.text)), [false, true, false]);
  } finally { doc.dispose(); }
});
