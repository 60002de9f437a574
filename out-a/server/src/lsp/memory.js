"use strict";
// The server's memory. V8 keeps the heap it grew to: after fifty documents were opened and
// checked, the server held 260 MB resident of which 60 MB were live objects, and it stayed so
// however long it then sat idle. Two measures: the heap grows by less before a full collection
// (30% over the live objects instead of up to 4x: the peak was 200 MB, the time to check them the
// same), and a few full collections once a burst of work is over return the rest.
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
Object.defineProperty(exports, "__esModule", { value: true });
exports.IdleCollector = void 0;
exports.limitHeapGrowth = limitHeapGrowth;
exports.fullCollection = fullCollection;
const v8 = __importStar(require("v8"));
const vm = __importStar(require("vm"));
const IDLE_MS = 1500;
/** Growth of the heap since the last collection worth a collection (a full one takes 10-100 ms). */
const GROWTH_BYTES = 24 * 1024 * 1024;
/** Collections per idle period: each after the last one still gave back this much. */
const MORE_BYTES = 4 * 1024 * 1024;
const MAX_ROUNDS = 4;
/** Called once by the server (a V8 flag read at each collection: the process's other flags stay). */
function limitHeapGrowth() {
    v8.setFlagsFromString('--heap-growing-percent=30');
}
/** Collects once the server has been idle for a while after growing its heap. */
class IdleCollector {
    collect;
    heap;
    timer;
    rounds = 0;
    floor;
    constructor(collect = fullCollection(), heap = () => process.memoryUsage().heapTotal) {
        this.collect = collect;
        this.heap = heap;
        this.floor = heap();
    }
    /** Work happened: collect once none has for a while. */
    busy() {
        if (!this.collect)
            return;
        this.rounds = 0;
        this.arm();
    }
    dispose() { clearTimeout(this.timer); }
    arm() {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.idle(), IDLE_MS);
        this.timer.unref?.();
    }
    idle() {
        const before = this.heap();
        if (this.rounds === 0 && before < this.floor + GROWTH_BYTES)
            return;
        this.collect();
        const after = this.heap();
        this.floor = after;
        if (++this.rounds < MAX_ROUNDS && before - after >= MORE_BYTES)
            this.arm();
    }
}
exports.IdleCollector = IdleCollector;
/** `gc()` of a context made while `--expose-gc` is set: the process's own flags stay as they were. */
function fullCollection() {
    const exposed = globalThis.gc;
    if (exposed)
        return exposed;
    try {
        v8.setFlagsFromString('--expose-gc');
        const gc = vm.runInNewContext('gc');
        v8.setFlagsFromString('--no-expose-gc');
        return typeof gc === 'function' ? gc : undefined;
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=memory.js.map