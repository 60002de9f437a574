"use strict";
// The server's idle collections (lsp/memory): when they run, how many, and that they are V8's.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const memory_1 = require("../../server/src/lsp/memory");
const MB = 1024 * 1024;
(0, node_test_1.test)('after 1.5 s without work, a heap grown by 24 MB or more is collected, again while a collection still gives back 4 MB, at most four times', () => {
    node_test_1.mock.timers.enable({ apis: ['setTimeout'] });
    try {
        let heap = 100 * MB;
        const collections = [];
        // Each collection gives back half of what lies over 60 MB.
        const collector = new memory_1.IdleCollector(() => { collections.push(heap / MB); heap = 60 * MB + (heap - 60 * MB) / 2; }, () => heap);
        heap = 120 * MB; // grown by 20 MB: not worth it
        collector.busy();
        node_test_1.mock.timers.tick(1600);
        strict_1.default.deepEqual(collections, []);
        heap = 160 * MB;
        collector.busy();
        node_test_1.mock.timers.tick(1000);
        collector.busy(); // more work: the wait starts again
        node_test_1.mock.timers.tick(1000);
        strict_1.default.deepEqual(collections, []);
        node_test_1.mock.timers.tick(500);
        strict_1.default.deepEqual(collections, [160]);
        node_test_1.mock.timers.tick(1500);
        node_test_1.mock.timers.tick(1500);
        node_test_1.mock.timers.tick(1500);
        node_test_1.mock.timers.tick(1500);
        // 160 -> 110 -> 85 -> 72.5 -> 66.25: four collections, the last one still gave back 6 MB.
        strict_1.default.deepEqual(collections, [160, 110, 85, 72.5]);
        // The next burst is measured from what the last collection left (66.25 MB).
        heap = 89 * MB;
        collector.busy();
        node_test_1.mock.timers.tick(1500);
        strict_1.default.equal(collections.length, 4);
        heap = 91 * MB;
        collector.busy();
        node_test_1.mock.timers.tick(1500);
        strict_1.default.deepEqual(collections.slice(4), [91]);
        // 91 -> 75.5: 15.5 MB given back, so once more; 75.5 -> 67.75 (7.75 MB); 67.75 -> 63.875 (3.875 MB): stop.
        for (let i = 0; i < 5; i++)
            node_test_1.mock.timers.tick(1500);
        strict_1.default.deepEqual(collections.slice(4), [91, 75.5, 67.75]);
        collector.dispose();
    }
    finally {
        node_test_1.mock.timers.reset();
    }
});
(0, node_test_1.test)('the collection is a full one of V8: an object only a WeakRef holds is gone after it', async () => {
    const collect = (0, memory_1.fullCollection)();
    strict_1.default.equal(typeof collect, 'function');
    const ref = new WeakRef({ payload: new Array(1000).fill(1) });
    // A WeakRef keeps its target until the end of the job that made it.
    await new Promise(resolve => setImmediate(resolve));
    collect();
    strict_1.default.equal(ref.deref(), undefined);
});
//# sourceMappingURL=memory.test.js.map