"use strict";
// The kernels of a `meta_schedule` as the generator represents them (read by ./kernels.ts): the
// grid, block and serial loops of each nest, the arrays and scalars it receives. The printer, the
// footprints, the cost model and the optimizer read this representation, never printed C.
Object.defineProperty(exports, "__esModule", { value: true });
exports.elementBytes = void 0;
exports.kernelName = kernelName;
/** Bytes of the element types the generator stages; other types count as 8 (a bound, not a size). */
const SIZES = {
    char: 1, 'signed char': 1, 'unsigned char': 1, short: 2, 'unsigned short': 2, int: 4, unsigned: 4, 'unsigned int': 4,
    float: 4, long: 8, 'unsigned long': 8, 'long long': 8, 'unsigned long long': 8, double: 8,
    'signed short': 2, 'short int': 2, 'unsigned short int': 2, 'signed int': 4,
    'long int': 8, 'unsigned long int': 8, 'long long int': 8,
};
const elementBytes = (element) => SIZES[element.replace(/\s+/g, ' ').trim()] ?? 8;
exports.elementBytes = elementBytes;
/** The name a kernel is printed and launched under. */
function kernelName(k) { return `kernel${k.index}${k.suffix ?? ''}`; }
//# sourceMappingURL=kernel.js.map