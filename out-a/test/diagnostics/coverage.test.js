"use strict";
// Every diagnostic code has at least one (non-todo) case in this suite.
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
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const codes_1 = require("../../server/src/base/codes");
(0, node_test_1.test)('every code of codes.ts has a passing case', () => {
    const dir = path.join(helpers_1.ROOT, 'test', 'diagnostics');
    const counts = new Map();
    for (const file of fs.readdirSync(dir).filter(f => f.endsWith('.test.ts'))) {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        // A case is the text between one `code: 'MFxxx'` and the next; it counts unless marked todo.
        const parts = text.split(/(?=\bcode: 'MF\d{3}')/);
        for (const part of parts) {
            const m = /^code: '(MF\d{3})'/.exec(part);
            if (!m)
                continue;
            const caseText = part.slice(0, part.search(/\n  \},?\n/) >>> 0);
            if (/\btodo:/.test(caseText))
                continue;
            counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
        }
    }
    const missing = Object.keys(codes_1.CODES).filter(code => !counts.has(code));
    strict_1.default.deepEqual(missing, [], `codes without a case: ${missing.join(', ')}`);
});
//# sourceMappingURL=coverage.test.js.map