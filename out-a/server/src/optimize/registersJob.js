"use strict";
// The background count of ./registers.ts `registersInBackground`: a detached process that runs
// nvcc on the case its argument names (a JSON file: nvcc, the .cu, the kernels), which puts the
// count in the cache, then deletes the file. It reports nothing: the next run reads the cache.
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
const registers_1 = require("./registers");
async function run(input) {
    try {
        const { nvcc, cu, kernels } = JSON.parse(fs.readFileSync(input, 'utf8'));
        await (0, registers_1.nvccRegisters)(nvcc, cu, kernels);
    }
    finally {
        fs.rmSync(path.dirname(input), { recursive: true, force: true });
    }
}
if (process.argv[2])
    void run(process.argv[2]).catch(() => { process.exitCode = 1; });
//# sourceMappingURL=registersJob.js.map