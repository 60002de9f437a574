"use strict";
// The loop-kernel corpus (test/fixtures/tile, README there) as the tile tests run it.
Object.defineProperty(exports, "__esModule", { value: true });
exports.SIZES = void 0;
/** Second sizes per program: odd, and not multiples of any block. */
exports.SIZES = {
    'vadd.c': ['12347'], 'matmul.c': ['45', '37', '29'], '2mm.c': ['31', '29', '23', '19'], 'atax.c': ['57', '43'], 'bicg.c': ['61', '47'],
    'mvt.c': ['77'], 'gesummv.c': ['69'], 'syrk.c': ['41', '39'], 'covariance.c': ['33', '51'], 'jacobi1d.c': ['1001', '7'],
    'jacobi2d.c': ['67', '5'], 'heat.c': ['53', '6'], 'conv2d.c': ['71', '59'], 'transpose.c': ['83', '61'], 'scale.c': ['91', '45'],
    // b[k - i] is bounded by its own guard k - i >= 0 && k - i < m.
    'polyprod.c': ['97', '41'],
    'reverse.c': ['91', '45'],
    'gemvacc.c': ['77', '43'],
    'lu.c': ['37'], 'cholesky.c': ['41'], 'gramschmidt.c': ['23', '19'], 'symm.c': ['31', '29'], 'trisolv.c': ['53'],
    'prefix2d.c': ['31', '29'], 'seidel2d.c': ['23', '3'], 'editdist.c': ['41', '37'],
    'colsum.c': ['31', '29'], 'trisym.c': ['45'], 'gemm.c': ['31', '29', '23'], 'doitgen.c': ['13', '11'], 'reduction.c': ['12347'],
};
//# sourceMappingURL=corpus.js.map