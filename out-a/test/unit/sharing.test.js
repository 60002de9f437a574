"use strict";
// The thesis's variable-attribute examples (Chen 2017 §3.3, tests T2-T5) and OpenMP rules.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const fs = __importStar(require("fs"));
const helpers_1 = require("../helpers");
const sharing_1 = require("../../server/src/model/sharing");
/** name -> sharing at the construct that starts at `keyword` (first occurrence). */
function sharingTable(a, text, keyword, occurrence = 1) {
    const at = (0, helpers_1.offsetOf)(text, keyword, occurrence);
    const item = a.model.itemAt(at);
    const c = item.constructs.find(x => x.start === at);
    strict_1.default.ok(c, `no construct at '${keyword}'`);
    return Object.fromEntries((0, sharing_1.sharingAt)(item, c).map(e => [e.variable.name, e.local && e.sharing === 'private' && !e.variable.loopControl ? 'local' : e.sharing]));
}
(0, node_test_1.test)('T3 (Figure 3.4): a, c, d, f, g shared; b private; e local', async () => {
    const text = fs.readFileSync((0, helpers_1.fixture)('seeds', 's003-fig3.4-var-attributes-fork.mfc'), 'utf8');
    const a = await (0, helpers_1.checkSource)(text, 'fig3.4.mfc');
    strict_1.default.deepEqual(sharingTable(a, text, 'meta_fork'), { e: 'local', b: 'firstprivate', c: 'shared', d: 'shared' });
    // a, f and g are not referenced in the block; check the rule on them directly.
    const src = text.replace('int e = b;', 'int e = b + a + f + g;');
    const b = await (0, helpers_1.checkSource)(src, 'fig3.4.mfc');
    strict_1.default.deepEqual(sharingTable(b, src, 'meta_fork'), { e: 'local', b: 'firstprivate', a: 'shared', f: 'shared', g: 'shared', c: 'shared', d: 'shared' });
});
(0, node_test_1.test)('T4 (Figure 3.5): array, basecase, var, var1 shared; i, j private', async () => {
    const text = fs.readFileSync((0, helpers_1.fixture)('seeds', 's003-fig3.5-var-attributes-for.mfc'), 'utf8');
    const a = await (0, helpers_1.checkSource)(text, 'fig3.5.mfc');
    const table = sharingTable(a, text, 'meta_for');
    strict_1.default.deepEqual(table, { j: 'private', array: 'shared', i: 'local', basecase: 'shared', var: 'shared', var1: 'shared' });
});
(0, node_test_1.test)('T5 (Figures 3.6/3.7): x receives the result or is shared; n private in both', async () => {
    const spawn = fs.readFileSync((0, helpers_1.fixture)('seeds', 's003-fig3.6-fib-function-spawn.mfc'), 'utf8');
    strict_1.default.deepEqual(sharingTable(await (0, helpers_1.checkSource)(spawn, 'a.mfc'), spawn, 'meta_fork'), { x: 'result', n: 'firstprivate' });
    const block = fs.readFileSync((0, helpers_1.fixture)('seeds', 's003-fig3.7-fib-block-spawn.mfc'), 'utf8');
    strict_1.default.deepEqual(sharingTable(await (0, helpers_1.checkSource)(block, 'b.mfc'), block, 'meta_fork'), { x: 'shared', n: 'firstprivate' });
});
(0, node_test_1.test)('T2 (Figure 3.2): t shared (array parameter); i, k private', async () => {
    const text = fs.readFileSync((0, helpers_1.fixture)('seeds', 's003-fig3.2-parallel-scanup.mfc'), 'utf8');
    const table = sharingTable(await (0, helpers_1.checkSource)(text, 'scan.mfc'), text, 'meta_fork');
    strict_1.default.equal(table.t, 'shared');
    strict_1.default.equal(table.x, 'shared');
    strict_1.default.equal(table.i, 'firstprivate');
    strict_1.default.equal(table.k, 'firstprivate');
});
(0, node_test_1.test)('OpenMP: clauses, loop variable, task firstprivate default', async () => {
    const text = `int g;
void f(int *a, int n) {
  int s = 0, t = 1, u = 2;
  #pragma omp parallel for private(t) reduction(+: s)
  for (int i = 0; i < n; i++) { int w = i; t = w; s += a[i] + g + u; }
  #pragma omp parallel
  {
    int mine = 0;
    #pragma omp task
    { mine += u; }
  }
}`;
    const a = await (0, helpers_1.checkSource)(text, 'x.c');
    strict_1.default.deepEqual(sharingTable(a, text, '#pragma omp parallel for'), { i: 'private', w: 'local', t: 'private', s: 'reduction', a: 'shared', g: 'shared', u: 'shared', n: 'shared' });
    strict_1.default.deepEqual(sharingTable(a, text, '#pragma omp task'), { mine: 'firstprivate', u: 'shared' });
});
(0, node_test_1.test)('pragma and keyword forms agree (Figures 6.2 and 6.3)', async () => {
    const pragma = fs.readFileSync((0, helpers_1.fixture)('seeds', 's003-fig6.2-pragma-region.mfc'), 'utf8');
    const keyword = fs.readFileSync((0, helpers_1.fixture)('seeds', 's003-fig6.3-keyword-region.mfc'), 'utf8');
    strict_1.default.deepEqual(sharingTable(await (0, helpers_1.checkSource)(pragma, 'p.mfc'), pragma, '#pragma mf fork'), sharingTable(await (0, helpers_1.checkSource)(keyword, 'k.mfc'), keyword, 'meta_fork'));
});
//# sourceMappingURL=sharing.test.js.map