"use strict";
// `npm run bench:gpu -- --prepare DIR` writes the folder a GPU machine runs (./prepare);
// `npm run bench:gpu -- --report results.json [more.json ...] [--out FILE.md]` prints the tables of what it measured
// and writes them to bench/gpu/RESULTS.md (./report).
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
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const helpers_1 = require("../../helpers");
const solver_1 = require("../../../server/src/optimize/solver");
const prepare_1 = require("./prepare");
const report_1 = require("./report");
const USAGE = 'usage: npm run bench:gpu -- --prepare DIR | --report results.json [more.json ...] [--out FILE.md]';
async function main(argv) {
    const value = (flag) => {
        const i = argv.indexOf(flag);
        return i >= 0 ? argv[i + 1] : undefined;
    };
    const dir = value('--prepare'), results = value('--report');
    if (!dir === !results) {
        process.stderr.write(`${USAGE}\n`);
        return 2;
    }
    if (dir) {
        try {
            const m = await (0, prepare_1.prepare)(path.resolve(dir));
            process.stdout.write(`${dir}: ${m.programs.length} programs, ${m.runs.length} measurements, ${m.checks.length} sanitizer checks\n`);
            for (const r of m.refusals)
                process.stdout.write(`  refused: ${r.benchmark} ${r.kind}: ${r.reason}\n`);
        }
        finally {
            await (0, solver_1.closeSolver)();
        }
        return 0;
    }
    const out = value('--out') ?? path.join(helpers_1.ROOT, 'bench', 'gpu', 'RESULTS.md');
    // Further results files (later calls of run.sh --only ...) are merged into the first.
    const files = [results];
    for (let i = argv.indexOf('--report') + 2; i < argv.length && !argv[i].startsWith('--'); i++)
        files.push(argv[i]);
    const markdown = await (0, report_1.report)((0, report_1.mergeResults)(files.map(f => JSON.parse(fs.readFileSync(f, 'utf8')))));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, markdown);
    process.stdout.write(`${markdown}\n(written to ${out})\n`);
    return 0;
}
// `npm test` loads every file of out/test, this one too (see ../run.ts): it is a command, not a test.
if (!process.env.NODE_TEST_CONTEXT) {
    main(process.argv.slice(2)).then(code => process.exit(code), e => {
        process.stderr.write(`${e instanceof Error ? e.stack : e}\n`);
        process.exit(1);
    });
}
//# sourceMappingURL=main.js.map