"use strict";
// The syntax tree's node as the analyses walk it: a lightweight copy of a tree-sitter node (plain JS
// objects are fast to walk many times). Its own module, so that the parser's repairs
// (syntax/pragmaBodies), which the parser calls, read the same type without importing the parser.
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=node.js.map